"""What one seat sees of a round in play, and worlds (deals of the unseen cards) consistent
with it, for every ruleset's bots.

Chai Tea Jazz (split from :mod:`chaitea.ai.bots`): :class:`World` from ``observation(seat)``
only (:func:`world_view`, :func:`known_cards`), and :func:`sample_world`, a full deal of the
unseen cards (hand sizes, shown voids, face-down straw stacks, set-aside cards) as a kernel
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

The table's games (RULES J; Oh Hell): :class:`JassView` from a seat's observation and the
public tricks only (:func:`jass_view`), :func:`consistent` (every play legal from the hands it
implies, every Weis declared by hand held) and :func:`sample_jass_world`, a
:class:`~chaitea.ai.play_masks.JassRound` the Monte Carlo bot plays out.

>>> from chaitea.rulesets import jass_game
>>> st = jass_game("schieber").new_initial_state(seed=2)
>>> st.apply_action("trump(H)")
>>> v = jass_view(st, st.current_player())
>>> w = sample_jass_world(v, random.Random(0))
>>> [h.bit_count() for h in w.hands], w.hands[v.seat] == v.hand
([9, 9, 9, 9], True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chaitea.ai.kernel import Position, Rules, rules_for
from chaitea.ai.play_masks import JassRound, camps, deck_info, lowest_wins
from chaitea.core.cards import JASS
from chaitea.core.contracts import Contract
from chaitea.engine.pick_items import Declare, NameTrump, chosen, parse_pick, pick_items

if TYPE_CHECKING:
    from chaitea.engine.driver import JassGame, JassState
    from chaitea.engine.game import GameState

__all__ = [
    "JassView",
    "World",
    "consistent",
    "jass_view",
    "known_cards",
    "sample_jass_world",
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
        place = _place(view.unknown, elig, caps, rng)
        if place is not None:
            return _build_position(view, kinds, place)
    raise ValueError("no deal of the unseen cards fits the observation")


def _place(unknown: Iterable[int], elig: dict[int, list[int]], caps: Sequence[int],
           rng: random.Random) -> dict[int, int] | None:
    """One random placement of the ``unknown`` cards: card -> one of its eligible places
    (``elig``), each place taking at most its capacity (``caps``), the most constrained cards
    first and a place drawn in proportion to the room it has left; ``None`` when a card finds
    no room (both samplers draw from it: :func:`sample_world`, :func:`sample_jass_world`)."""
    cards = list(unknown)
    rng.shuffle(cards)
    cards.sort(key=lambda c: len(elig[c]))
    free = list(caps)
    place: dict[int, int] = {}
    for c in cards:
        opts = [j for j in elig[c] if free[j]]
        if not opts:
            return None
        j = rng.choices(opts, weights=[free[x] for x in opts])[0]
        free[j] -= 1
        place[c] = j
    return place


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


# -- what a seat has seen ------------------------------------------------------------------------
@dataclass
class JassView:
    """What one seat knows of a Jass round in play, from public information only.

    ``hand``: its own cards; ``played[s]``: the cards seat ``s`` has played this round;
    ``known[s]``: cards seat ``s`` is known to hold (its own hand; the dealer's turned-up card
    in basic Jass until played; the cards of a Weis declared by hand, until played);
    ``excluded[s]``: cards seat ``s`` cannot hold (suits it showed void, RULES J: only a card
    of another non-trump suit proves a void, since trumping is free; to a trump lead a
    non-trump proves no trump but perhaps the Puur; an undertrump proves a hand of nothing but
    trumps); ``hidden[s]``: how many
    cards seat ``s`` holds now that this seat cannot see; ``unknown``: the cards not seen."""

    game: JassGame
    seat: int
    contract: str
    declarer: int | None
    forehand: int
    trumps: tuple[int, ...]
    hand: int
    played: list[int]
    known: list[int]
    excluded: list[int]
    hidden: list[int]
    unknown: list[int]
    history: list[tuple[int, tuple[int, ...]]]  # (leader, cards) of every trick begun
    round: JassRound  # the round as the seat sees it (other hands empty)
    camp_of: tuple[int, ...] = field(default=())
    sign: int = 1
    picking: tuple[str, ...] = ()  # the round's picking items (Weis declared by hand among them)
    turned_up: str | None = None

    def unseen_mask(self) -> int:
        m = 0
        for c in self.unknown:
            m |= 1 << c
        for s, k in enumerate(self.known):
            if s != self.seat:
                m |= k
        return m


def _is_declaration(item: str) -> bool:
    """A Weis declared by hand (``weis(...)``, ``noweis``: the ``declare`` option), by its
    item (:class:`~chaitea.engine.pick_items.Declare`)."""
    return type(parse_pick(item)) is Declare


def _chosen_trumps(picking: Sequence[str]) -> tuple[int, ...]:
    """The suits a 3x3 picker named after its pick (the picking items after the contract)."""
    c = chosen(picking)
    if c is None or not c.names_trumps:
        return ()
    return tuple(int(i.suit) for i in pick_items(picking) if type(i) is NameTrump)


def _turned_up_card(state: JassState, obs: dict[str, Any]) -> int:
    """Basic Jass: the dealer's turned-up card, shown to all, if the observation names it."""
    c = obs.get("turned_up_card")
    return state.game.deck.index_of(c) if isinstance(c, str) else -1


def jass_view(state: JassState, seat: int) -> JassView:
    """What ``seat`` may see of the round in play in ``state`` (its observation and the public
    tricks of the round), as a :class:`JassView`.

    >>> from chaitea.rulesets import jass_game
    >>> st = jass_game("schieber").new_initial_state(seed=2)
    >>> st.apply_action("trump(H)")
    >>> v = jass_view(st, st.current_player())
    >>> len(v.unknown), v.hidden
    (27, [0, 9, 9, 9])
    """
    obs = state.observation(seat)
    if obs["phase"] != "play":
        raise ValueError("jass_view needs a round in its play phase")
    game = state.game
    n = game.players
    contract = obs["contract"]
    deck = game.deck
    info = deck_info(deck)
    suit_of, suits = info.suit_of, info.suits
    hand = deck.mask_of(obs["hand"])
    trumps = _chosen_trumps(obs["picking"])
    history: list[tuple[int, tuple[int, ...]]] = [(leader, cards)
                                                  for leader, cards, _w in state.trick_ids()]
    current = tuple(deck.index_of(c) for c in obs["trick"])
    history.append((obs["trick_leader"], current))
    forehand = obs["forehand"]
    declarer = obs["declarer"]
    # replay the public plays on a round with empty hands: the trump in force and the led suit
    # of each trick, for the voids (the plays are legal: the engine accepted them)
    rnd = JassRound.start(game, contract, trumps, forehand, [0] * n, declarer)
    played = [0] * n
    excluded = [0] * n
    for leader, cards in history:
        for i, c in enumerate(cards):
            s = (leader + i) % n
            if i:
                led, trump = rnd.led, rnd.trump
                suit = suit_of[c]
                if suit != led:
                    if led == trump and led >= 0:  # a trump lead: no trump but perhaps the Puur
                        excluded[s] |= suits[led] & ~info.jacks[led]
                    elif rnd.dynamic or suit != trump:
                        excluded[s] |= suits[led]
                    elif any(suit_of[x] == trump and rnd.tables[led][x] > rnd.tables[led][c]
                             for x in rnd.trick):  # undertrumped: a hand of only trumps
                        excluded[s] |= info.full & ~suits[trump]
            played[s] |= 1 << c
            rnd.hands[s] |= 1 << c
            rnd.play(c)
    known = [0] * n
    known[seat] = hand
    if deck is JASS:  # Weis declared by hand show their cards (the ``declare`` option)
        said = [i for i in pick_items(obs["picking"]) if type(i) is Declare]
        for k, item in enumerate(said):
            who = (forehand + k) % n
            if who != seat:
                for text in item.cards:  # noweis: none
                    c = deck.index_of(text)
                    if not played[who] >> c & 1:
                        known[who] |= 1 << c
    up = _turned_up_card(state, obs)
    seen = hand
    for p in played:
        seen |= p
    if up >= 0 and not seen >> up & 1:
        dealer = (forehand - 1) % n
        if dealer != seat:
            known[dealer] |= 1 << up
    for k in known:
        seen |= k
    size = game.n_tricks
    hidden = [size - p.bit_count() - k.bit_count() for p, k in zip(played, known, strict=True)]
    hidden[seat] = 0
    unknown = [c for c in range(info.size) if not seen >> c & 1]
    rnd.hands = [0] * n
    rnd.hands[seat] = hand
    for s in range(n):
        excluded[s] &= ~known[s]
    return JassView(game, seat, contract, declarer, forehand, trumps, hand, played, known,
                    excluded, hidden, unknown, history, rnd, camps(game, declarer),
                    -1 if lowest_wins(game, contract) else 1, tuple(obs["picking"]),
                    obs.get("turned_up"))


def consistent(view: JassView, hands: Sequence[int]) -> bool:
    """Whether current ``hands`` (every seat's) agree with the round so far: each card played
    was legal from the hand its seat held then (the follow rule itself: voids, the Puur
    exception, undertrumping), and each Weis declared by hand was held."""
    n = view.game.players
    dealt = [h | p for h, p in zip(hands, view.played, strict=True)]
    if view.game.by_hand and not _declarations_fit(view, dealt):
        return False
    r = JassRound.start(view.game, view.contract, view.trumps, view.forehand, dealt,
                        view.declarer)
    for leader, cards in view.history:
        for i, c in enumerate(cards):
            if r.turn != (leader + i) % n or not r.legal() >> c & 1:
                return False
            r.play(c)
    return True


def _declarations_fit(view: JassView, dealt: Sequence[int]) -> bool:
    """Weis declared by hand (the ``declare`` option): each one legal from the hands dealt
    (the choice phase's own rule, :mod:`chaitea.rulesets.jass.declaring`)."""
    from chaitea.engine.picking import PickView

    choice = view.game.table.choice
    items = view.picking
    for k, item in enumerate(items):
        if _is_declaration(item):
            st = choice.status(PickView(view.game.players, view.forehand, items[:k],
                                        turned_up=view.turned_up, hands=tuple(dealt),
                                        deck=view.game.deck))
            if item not in st.legal:
                return False
    return True


def sample_jass_world(view: JassView, rng: random.Random, tries: int = 500) -> JassRound:
    """One deal of the unseen cards consistent with ``view`` (hand sizes, shown voids, known
    cards, and every play legal from the hands it implies), as the round in progress with every
    hand filled. Raises ``ValueError`` when none is found in ``tries`` attempts."""
    n = view.game.players
    seats = [s for s in range(n) if view.hidden[s]]
    if sum(view.hidden) != len(view.unknown):
        raise ValueError(f"the view is inconsistent: {len(view.unknown)} unseen cards for "
                         f"{sum(view.hidden)} hidden places")
    elig = {c: [s for s in seats if not view.excluded[s] >> c & 1] for c in view.unknown}
    for _ in range(tries):
        place = _place(view.unknown, elig, view.hidden, rng)
        if place is None:
            continue
        hands = list(view.known)
        for c, s in place.items():
            hands[s] |= 1 << c
        if consistent(view, hands):
            w = view.round.copy()
            w.hands = hands
            return w
    raise ValueError("no deal of the unseen cards fits the observation")
