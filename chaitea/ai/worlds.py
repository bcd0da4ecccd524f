"""What one seat sees of a Chai Tea Jazz round in play, and worlds consistent with it (split
from :mod:`chaitea.ai.bots`): :class:`World` from ``observation(seat)`` only
(:func:`world_view`, :func:`known_cards`), and :func:`sample_world`, a full deal of the unseen
cards (hand sizes, shown voids, face-down straw stacks, set-aside cards) as a kernel
:class:`~chaitea.ai.kernel.Position`, which the PIMC bot values.

>>> import random
>>> from chaitea import Game
>>> state = Game(players=3).new_initial_state(seed=2)
>>> while state.phase != "play":
...     state.apply_action(state.legal_actions()[0])
>>> view = world_view(state, state.current_player())
>>> pos = sample_world(view, random.Random(1))
>>> pos.hands[view.seat] == view.playable
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chaitea.ai.kernel import Position, Rules, rules_for
from chaitea.core.contracts import Contract

if TYPE_CHECKING:
    from chaitea.engine.game import GameState

__all__ = [
    "World",
    "known_cards",
    "sample_world",
    "world_view",
]


# -- what a seat sees, and worlds consistent with it ----------------------------------------
@dataclass
class World:
    """What one seat knows of a round in play (from ``observation(seat)`` only).

    ``known[s]``: cards seat ``s`` is known to hold playable (own cards; face-up straw cards);
    ``hidden[s]``: how many hidden hand cards seat ``s`` holds; ``voids[s]``: suits seat ``s``
    showed it lacks in its hand by not following (RULES F: a trump played to a plain lead shows
    nothing, as trumping is always allowed); ``stacks``: face-down straw cards as (owner, face-up
    card over it or -1 when that card is in the trick in progress); ``unknown``: cards not seen.
    """

    rules: Rules
    seat: int
    playable: int
    known: list[int]
    hidden: list[int]
    voids: list[set[int]]
    stacks: list[tuple[int, int]]
    n_set_aside: int
    unknown: list[int]
    trick: list[int]
    leader: int
    trick_no: int
    won: list[int]
    played: int

    def unseen_mask(self) -> int:
        """Cards still in play that the seat does not hold (face-up straw cards of others
        included: they are in play)."""
        full = (1 << self.rules.n_cards) - 1
        trick = sum(1 << c for c in self.trick)
        return full & ~self.played & ~trick & ~self.playable


def known_cards(obs: dict[str, Any], seat: int, idx: dict[str, int],
                n: int) -> tuple[list[int], list[tuple[int, int]]]:
    """What ``seat``'s observation shows of the cards held: per seat, a mask of the cards known
    to be there (``seat``'s own hand; every face-up straw card, D7), and the face-down straw
    stacks as (owner, the face-up card over it or -1)."""
    known = [0] * n
    for c in obs["hand"]:
        known[seat] |= 1 << idx[c]
    stacks: list[tuple[int, int]] = []
    for s, seat_stacks in enumerate(obs.get("straw", [])):
        for st in seat_stacks:
            up = idx[st["up"]] if st["up"] is not None else -1
            if up >= 0:
                known[s] |= 1 << up
            if st["down"]:
                stacks.append((s, up))
    return known, stacks


def world_view(state: GameState, seat: int) -> World:
    """What ``seat`` may see of the round in ``state`` (its observation), as a :class:`World`."""
    obs = state.observation(seat)
    if obs["phase"] != "play":
        raise ValueError("world_view needs a round in its play phase")
    g = state.game
    deck = g.deck
    idx = deck.by_text
    n = g.players
    key = state.row
    avoid = bool(key) and any(r.key == key and r.avoidance for r in g.setup.rows)
    rules = rules_for(g, Contract.parse(obs["contract"]), obs["declarer"], avoidance=avoid)
    known, stacks = known_cards(obs, seat, idx, n)
    trick = [idx[c] for c in obs["trick"]]
    played = 0
    voids: list[set[int]] = [set() for _ in range(n)]
    history = [(t["leader"], [idx[c] for c in t["cards"]]) for t in obs["tricks"]]
    history.append((obs["leader"], trick))
    for leader, cards in history:
        led = next((deck.suit_of[c] for c in cards if deck.suit_of[c] >= 0), -1)
        for i, c in enumerate(cards):
            s = deck.suit_of[c]
            if s >= 0 and led >= 0 and s != led and s != rules.trump:
                voids[(leader + i) % n].add(led)
        if cards is not trick:
            for c in cards:
                played |= 1 << c
    hidden = list(obs["hand_sizes"])
    hidden[seat] = 0
    seen = played | sum(1 << c for c in trick)
    for k in known:
        seen |= k
    unknown = [c for c in range(deck.size) if not seen >> c & 1]
    return World(rules, seat, known[seat], known, hidden, voids, stacks,
                 g.seating.set_aside, unknown, trick, obs["leader"], obs["trick_number"],
                 list(obs["side_points"]), played)


def sample_world(view: World, rng: random.Random, tries: int = 200) -> Position:
    """One full deal of the unseen cards consistent with ``view``: hand sizes, shown voids,
    face-down straw stacks and set-aside cards (most constrained cards placed first; a dead
    end starts again). Raises ``ValueError`` if none is found in ``tries`` attempts."""
    n = view.rules.players
    suit_of = view.rules.suit_of
    # slots: ('h', seat) hand places; ('d', k) one face-down straw card; ('a', 0) set-aside
    caps: list[int] = []
    kinds: list[tuple[str, int]] = []
    for s in range(n):
        if view.hidden[s]:
            kinds.append(("h", s))
            caps.append(view.hidden[s])
    for k in range(len(view.stacks)):
        kinds.append(("d", k))
        caps.append(1)
    if view.n_set_aside:
        kinds.append(("a", 0))
        caps.append(view.n_set_aside)
    if sum(caps) != len(view.unknown):
        raise ValueError(f"the observation is inconsistent: {len(view.unknown)} unseen cards for "
                         f"{sum(caps)} hidden places")
    elig: dict[int, list[int]] = {}
    for c in view.unknown:
        elig[c] = [j for j, (kind, who) in enumerate(kinds)
                   if kind != "h" or suit_of[c] not in view.voids[who]]
    for _ in range(tries):
        cards = list(view.unknown)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(elig[c]))
        free = list(caps)
        place: dict[int, int] = {}
        ok = True
        for c in cards:
            opts = [j for j in elig[c] if free[j]]
            if not opts:
                ok = False
                break
            j = rng.choices(opts, weights=[free[x] for x in opts])[0]
            free[j] -= 1
            place[c] = j
        if ok:
            return _build_position(view, kinds, place)
    raise ValueError("no deal of the unseen cards fits the observation")


def _build_position(view: World, kinds: list[tuple[str, int]], place: dict[int, int]) -> Position:
    n = view.rules.players
    hands = list(view.known)
    downs = [0] * n
    cover: dict[int, int] = {}
    pending: list[tuple[int, int]] = []
    aside: list[int] = []
    for c, j in place.items():
        kind, who = kinds[j]
        if kind == "h":
            hands[who] |= 1 << c
        elif kind == "d":
            owner, up = view.stacks[who]
            downs[owner] |= 1 << c
            if up >= 0:
                cover[up] = c
            else:
                pending.append((owner, c))
        else:
            aside.append(c)
    trick = list(view.trick)
    led = next((view.rules.suit_of[c] for c in trick if view.rules.suit_of[c] >= 0), -1)
    return Position(hands, downs, cover, pending, tuple(sorted(aside)), trick, view.leader,
                    (view.leader + len(trick)) % n, view.trick_no, led, list(view.won))
