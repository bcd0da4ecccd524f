"""Trick rules, strength tables and trick winners: the interface a kernel builds on (RULES R, J).

A contract (:mod:`chaitea.core.contracts`) is a schedule of :class:`TrickRule` values, one per
trick. Everything a fast kernel (a solver, a batch simulator, the engine's own play path) needs for
one round is read from these values once, then used as plain integers and tuples.

The kernel interface (small and stable)
---------------------------------------
Cards are the deck's card ids ``0 .. deck.size - 1`` (:class:`chaitea.core.cards.Deck`, canonical
order); a hand is an ``int`` bit mask; suits are ``0..3`` (C D H S) and ``-1`` means "none"
(a Joker's suit, no trump, nothing led yet).

1. The rules of a round: ``rules = contract.trick_rules(n_tricks)``; ``rules[k]`` is trick *k*'s
   :class:`TrickRule`.
2. The trump suit in force, per trick: :func:`trump_in_force` ``(rule, trick_cards, deck,
   known)``. By ``rule.trump_setting``: ``NONE`` -1; ``FIXED`` ``rule.trump`` (a trump suit that
   changes every few tricks, as in TUO, is a schedule of FIXED rules with different suits);
   ``CHOSEN`` the suit a player named before the trick (3x3; the state passes it as ``known``);
   ``FIRST_NON_FOLLOWER`` (Tutti, Mittlere) ``known`` once set earlier in the round, else the suit
   of the first card of this trick that is not of the led suit (that card then counts as trump
   in its own trick: it can win it), else -1.
3. The strength of every card given the led suit: ``tables = strength_tables(deck, rule, trump)``
   is a 5-tuple indexed by the led suit (``tables[led]``; ``tables[-1]``, i.e. index 4, while no
   suit is led, e.g. after a Joker lead). ``tables[led][card]`` is an int, larger is stronger;
   cards that cannot win score 0; equal values go to the later-played card (D2, D6). Cached per
   (deck, rule, trump). :func:`winning_position` applies it to a trick.
4. The card values: ``values = rule.values.for_deck(deck, trump)``, a tuple indexed by card id
   (cached); ``rule.values.last_trick`` (``None``: the seating's bonus) and ``.match``.
5. The follow rule's legal mask from a hand mask and the cards in the trick:
   ``follow = chaitea.core.following.FOLLOW_RULES[name].bind(deck, trump)`` (cached), then
   ``follow.legal(hand, led, trick)`` (an ``int`` mask, never empty for a non-empty hand) and
   ``follow.refusal(card, hand, led, trick)`` (``None``, or the reason in words). ``name`` is the
   family's rule: ``chai-tea-jazz`` (RULES F), ``jass`` (undertrumping, the Puur), ``plain``.

6. The end of a full trick (who won it, its points, the next leader): :func:`end_trick` ``(trick,
   leader, tables[led], values, bonus, credit, points, won, tricks)`` credits the winner's seat or
   side in place and returns the winner, who leads next; ``bonus`` is
   :func:`last_trick_bonus` in the round's last trick, else 0. Where the first player who cannot
   follow sets trump for the whole hand (Tutti), :func:`late_trump_points` recounts the round at
   the end. The play paths use these (RULES J): every state's play step
   (:class:`chaitea.engine.play_step.PlayStep`, Chai Tea Jazz and every Jass deck alike) and
   the bots' copy of a round (:class:`chaitea.ai.play_masks.JassRound`).

A :class:`chaitea.engine.game.Game` does steps 1-5 once per contract
(``game.play_plan(contract)``, :mod:`chaitea.core.round_tables`: per trick the strength
tables, the points and the bound follow rule); a kernel may do the same with these functions.
Everything here is immutable and hashable, so it can be cached, shared and sent to workers.

>>> from chaitea.core.cards import JASS, STANDARD
>>> from chaitea.core.orders import Order
>>> from chaitea.core.values import JASS_TRUMP_VALUES
>>> rule = TrickRule(TrumpSetting.FIXED, 3, Order.JASS_TRUMP, Order.OVER, JASS_TRUMP_VALUES)
>>> tables = strength_tables(JASS, rule, trump_in_force(rule, (), JASS))
>>> trick = [JASS.index_of(c) for c in ("AH", "9S", "JS")]
>>> winning_position(tables[2], trick)  # the Puur beats the Näll: Jass trump order
2
>>> rule.values.for_deck(JASS, 3)[JASS.index_of("JS")]
20
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from chaitea.core.cards import Card, Deck, Suit
from chaitea.core.orders import Order, rank_strength
from chaitea.core.trick_end import end_trick
from chaitea.core.values import CTJ, JASS_NO_TRUMP, ValueTable

__all__ = [
    "TrickResult",
    "TrickRule",
    "TrumpSetting",
    "end_trick",
    "explain",
    "last_trick_bonus",
    "late_trump_points",
    "strength_table",
    "strength_tables",
    "trick_result",
    "trump_in_force",
    "winning_position",
]


class TrumpSetting(enum.Enum):
    """How a trick's trump suit is set (RULES R, J)."""

    NONE = "none"  # no trump (Over, Under, Obenabe, Undenufe, ...)
    FIXED = "fixed"  # named by the contract (trump(H), TUO's trump tricks)
    CHOSEN = "chosen"  # named by a player before the trick (3x3's trump tricks)
    FIRST_NON_FOLLOWER = "first-non-follower"  # Tutti, Mittlere: the first card off the led suit


@dataclass(frozen=True)
class TrickRule:
    """The rules of one trick: how trump is set (and the suit, if fixed), the rank order inside
    the trump suit and inside the led suit, and the card values in force.

    >>> from chaitea.core.contracts import Contract
    >>> r = Contract.parse("trump-under(H)").trick_rules(12)[0]  # D5: X's order in both
    >>> r.trump_setting.value, r.trump, r.trump_order.value, r.plain_order.value
    ('fixed', 2, 'under', 'under')
    """

    trump_setting: TrumpSetting = TrumpSetting.NONE
    trump: int = -1  # the suit (0..3) when FIXED, else -1
    trump_order: Order = Order.OVER
    plain_order: Order = Order.OVER
    values: ValueTable = CTJ

    @property
    def has_trump(self) -> bool:
        return self.trump_setting is not TrumpSetting.NONE


def trump_in_force(rule: TrickRule, trick: Sequence[int], deck: Deck, known: int = -1) -> int:
    """The trump suit (0..3, or -1) of a trick under ``rule`` with ``trick`` (card ids in play
    order) on the table; ``known`` is a suit a player chose (CHOSEN) or that an earlier trick of
    the round set (FIRST_NON_FOLLOWER)."""
    setting = rule.trump_setting
    if setting is TrumpSetting.FIXED:
        return rule.trump
    if setting is TrumpSetting.NONE:
        return -1
    if setting is TrumpSetting.CHOSEN or known >= 0:
        return known
    suit_of = deck.suit_of
    led = next((suit_of[c] for c in trick if suit_of[c] >= 0), -1)
    return next((suit_of[c] for c in trick if suit_of[c] >= 0 and suit_of[c] != led), -1)


def trump_at_start(rule: TrickRule, chosen: int = -1, known: int = -1) -> int:
    """The trump in force when a trick of ``rule`` starts: the fixed suit, -1 (none), the suit
    a player ``chosen`` for it (3x3) or the one an earlier trick set (``known``: Tutti; -1 while
    no trick has set it). The play paths' per-trick set-up (:func:`trump_in_force` reads a
    trick in progress).

    >>> trump_at_start(TrickRule(TrumpSetting.FIXED, 2)), trump_at_start(TrickRule())
    (2, -1)
    >>> trump_at_start(TrickRule(TrumpSetting.CHOSEN), chosen=1)
    1
    """
    s = rule.trump_setting
    if s is TrumpSetting.FIXED:
        return rule.trump
    if s is TrumpSetting.NONE:
        return -1
    return chosen if s is TrumpSetting.CHOSEN else known


# Strength bands: a Joker beats a trump, a trump beats the led suit, other cards cannot win.
_JOKER, _TRUMP, _LED = 3000, 2000, 1000


@cache
def _table(deck: Deck, trump_order: Order, plain_order: Order, trump: int,
           led: int) -> tuple[int, ...]:
    ts = rank_strength(trump_order, deck.ranks)
    ps = rank_strength(plain_order, deck.ranks)
    out = []
    for c in deck.cards:
        if c.suit is None:
            out.append(_JOKER)
        elif c.suit == trump:
            out.append(_TRUMP + ts[c.rank])
        elif c.suit == led:
            out.append(_LED + ps[c.rank])
        else:
            out.append(0)
    return tuple(out)


def strength_table(deck: Deck, order: Order, trump: int, led: int) -> tuple[int, ...]:
    """Strength of every card of ``deck`` in a trick led with suit ``led`` (-1: no suit yet),
    ``trump`` the trump suit or -1, one ``order`` inside trump and led suit (D5). Equal strengths
    (two Jokers, double-deck twins) go to the later-played card (RULES R, D6, D2). Cached."""
    return _table(deck, order, order, trump, led)


@cache
def strength_tables(deck: Deck, rule: TrickRule, trump: int) -> tuple[tuple[int, ...], ...]:
    """The five strength tables of a trick under ``rule`` with ``trump`` in force, indexed by the
    led suit 0..3 (index 4, or -1: no suit led yet). Cached per (deck, rule, trump)."""
    return tuple(_table(deck, rule.trump_order, rule.plain_order, trump, led)
                 for led in (0, 1, 2, 3, -1))


def winning(table: Sequence[int], trick: Sequence[int]) -> tuple[int, int]:
    """The index in play order of the strongest card of ``trick`` (card ids) by ``table`` (the
    led suit's strength table), and that strength; of equal strengths the later-played wins
    (D2, D6). The one trick-winner scan of the Python code (the compiled kernels keep theirs).

    >>> winning((0, 5, 3, 5), [1, 2, 3])
    (2, 5)
    """
    best, pos = -1, 0
    for p, c in enumerate(trick):
        if table[c] >= best:
            best, pos = table[c], p
    return pos, best


def winning_position(table: Sequence[int], trick: Sequence[int]) -> int:
    """The index in play order of the strongest card of ``trick`` (:func:`winning`)."""
    return winning(table, trick)[0]


def last_trick_bonus(rule: TrickRule, default: int = 5) -> int:
    """The points the last trick adds under ``rule`` (its value table's ``last_trick``, else
    ``default``: 5 in Jass, RULES J's 152 + 5 = 157).

    >>> from chaitea.core.values import JASS_TRUMP_VALUES
    >>> last_trick_bonus(TrickRule(values=JASS_TRUMP_VALUES)), last_trick_bonus(TrickRule())
    (5, 5)
    """
    bonus = rule.values.last_trick
    return default if bonus is None else bonus


def late_trump_points(rule: TrickRule, deck: Deck, known: int,
                      tricks: Sequence[tuple[int, Sequence[int], int]], credit: Sequence[int],
                      size: int, bonus: int, no_trump: ValueTable = JASS_NO_TRUMP) -> list[int]:
    """A round whose trump the first player who could not follow set (Tutti, the engine's
    reading of RULES J) recounted at its end: every trick of ``tricks`` (``(leader, cards,
    winner)``) at ``rule``'s values with the suit ``known`` trump, also the tricks won before it
    was set; a round in which it was never set (``known`` -1) at the ``no_trump`` values (both
    total 152). The points per ``credit`` slot (``size`` of them: sides, or seats), the last
    trick's winner with ``bonus`` (:func:`last_trick_bonus`).

    >>> from chaitea.core.cards import JASS
    >>> from chaitea.core.values import JASS_TRUMP_VALUES
    >>> rule = TrickRule(TrumpSetting.FIRST_NON_FOLLOWER, values=JASS_TRUMP_VALUES)
    >>> cards = tuple(JASS.index_of(c) for c in ("9H", "AH", "6H"))  # the Näll once H is trump
    >>> late_trump_points(rule, JASS, 2, [(0, cards, 1)], (0, 1, 2), 3, 5)
    [0, 30, 0]
    >>> late_trump_points(rule, JASS, -1, [(0, cards, 1)], (0, 1, 2), 3, 5)
    [0, 16, 0]
    """
    values = rule.values.for_deck(deck, known) if known >= 0 else no_trump.for_deck(deck, -1)
    points = [0] * size
    for _leader, cards, winner in tricks:
        points[credit[winner]] += sum(values[c] for c in cards)
    points[credit[tricks[-1][2]]] += bonus
    return points


@dataclass(frozen=True)
class TrickResult:
    """Who wins a trick and why: ``position`` is the index in play order of the winning card."""

    position: int
    card: Card
    led: Suit | None
    order: Order
    reason: str


def trick_result(rule: TrickRule, cards: Sequence[Card | str], deck: Deck,
                 known_trump: int = -1) -> TrickResult:
    """The strongest card of a (possibly partial) trick under ``rule``, with the reason.

    >>> from chaitea.core.cards import STANDARD
    >>> res = trick_result(TrickRule(), ["3C", "9H", "5C"], STANDARD)
    >>> res.position, res.reason.split(";")[1]
    (2, ' cards of another suit cannot win')
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    idx = [deck.index_of(c) for c in cards]
    played = [deck.cards[i] for i in idx]
    led = next((c.suit for c in played if c.suit is not None), None)
    trump = trump_in_force(rule, idx, deck, known_trump)
    table = strength_tables(deck, rule, trump)[-1 if led is None else int(led)]
    pos = winning_position(table, idx)
    win = played[pos]
    set_here = (rule.trump_setting is TrumpSetting.FIRST_NON_FOLLOWER and known_trump < 0
                and trump >= 0)
    why = explain(rule, win, played, pos, led, None if trump < 0 else Suit(trump), set_here)
    return TrickResult(pos, win, led, rule.plain_order, why)


def explain(rule: TrickRule, win: Card, played: Sequence[Card], pos: int, led: Suit | None,
            trump: Suit | None, set_here: bool = False) -> str:
    """The readable reason why ``win`` (at ``pos`` of ``played``) takes the trick."""
    twins = [c for c in played[:pos] if c.rank == win.rank and c.suit == win.suit and c is not win]
    if win.is_joker:
        why = "a Joker beats every other card"
        if sum(c.is_joker for c in played) > 1:
            why += ", and of two Jokers the later-played wins"
        return f"{win} wins: {why} (RULES R, D6)"
    if trump is not None and win.suit == trump:
        order = rule.trump_order
        n_trumps = sum(c.suit == trump for c in played)
        if led == trump:
            why = f"strongest trump ({win.suit.plural}, led) under {order.describe}"
        elif n_trumps == 1:
            why = (
                f"the only trump ({win.suit.plural}) in the trick beats every card "
                f"of the led suit {led.plural if led is not None else ''}"
            ).rstrip()
        else:
            why = f"strongest of {n_trumps} trumps ({win.suit.plural}) under {order.describe}"
        if set_here:
            why += ("; the first card of a player who could not follow set trump "
                    f"({trump.plural}) for the rest of the round")
    else:
        assert win.suit is not None
        why = f"strongest {win.suit.plural} (the led suit) under {rule.plain_order.describe}"
        others = [c for c in played if not c.is_joker and c.suit != led]
        if others:
            why += "; cards of another suit cannot win"
    if twins:
        why += f"; it ties with {twins[-1]} and the later-played of two identical cards wins (D2)"
    return f"{win} wins: {why}"
