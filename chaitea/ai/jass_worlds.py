"""What one seat has seen of a Jass round, and deals of the unseen cards that agree with it
(RULES J; split from :mod:`chaitea.ai.jass_bots`): :class:`JassView` from a
seat's observation and the public tricks only (:func:`jass_view`), :func:`consistent` (every
play legal from the hands it implies, every Weis declared by hand held) and
:func:`sample_jass_world`.

>>> import random
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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chaitea.ai.jass_play import JassRound, camps, deck_info, lowest_wins
from chaitea.core.cards import JASS
from chaitea.engine.pick_items import Declare, NameTrump, chosen, parse_pick, pick_items

if TYPE_CHECKING:
    from chaitea.engine.driver import JassGame, JassState

__all__ = [
    "JassView",
    "consistent",
    "jass_view",
    "sample_jass_world",
]

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
        cards = list(view.unknown)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(elig[c]))
        free = list(view.hidden)
        hands = list(view.known)
        ok = True
        for c in cards:
            opts = [s for s in elig[c] if free[s]]
            if not opts:
                ok = False
                break
            s = rng.choices(opts, weights=[free[x] for x in opts])[0]
            free[s] -= 1
            hands[s] |= 1 << c
        if ok and consistent(view, hands):
            w = view.round.copy()
            w.hands = hands
            return w
    raise ValueError("no deal of the unseen cards fits the observation")
