"""Rank orders as data (RULES R, D4; RULES J).

An :class:`Order` names a way of ranking the cards inside one suit; :func:`strongest_first` gives
its explicit table for a deck's ranks, a tuple of ranks from the strongest to the weakest. The
tables of the rulebooks are written out below (:data:`TABLES`); no order is ever read off card
ids or rank numbers by comparison in the engine: strengths come from these tuples only.

>>> strongest_first(Order.MIDDLE, tuple(range(1, 10)))  # RULES R Middle
(5, 4, 6, 3, 7, 2, 8, 1, 9)
>>> [JASS_FACES[r] for r in strongest_first(Order.JASS_TRUMP, JASS_RANKS)]  # RULES J
['J', '9', 'A', 'K', 'Q', '10', '8', '7', '6']
>>> [JASS_FACES[r] for r in strongest_first(Order.UNDER, JASS_RANKS)]  # Undenufe
['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']
"""

from __future__ import annotations

import enum
from functools import cache

from chaitea.core.errors import SetupError

__all__ = [
    "CTJ_MIDDLE_9",
    "CTJ_MIDDLE_13",
    "CTJ_OVER_9",
    "CTJ_OVER_13",
    "CTJ_UNDER_9",
    "CTJ_UNDER_13",
    "JASS_FACES",
    "JASS_OBENABE",
    "JASS_PLAIN",
    "JASS_RANKS",
    "JASS_TRUMP",
    "JASS_UNDENUFE",
    "TABLES",
    "Order",
    "rank_strength",
    "strongest_first",
]

JASS_RANKS: tuple[int, ...] = tuple(range(6, 15))  # 6 7 8 9 10 J(11) Q(12) K(13) A(14)
JASS_FACES = {6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


class Order(enum.Enum):
    """A rank order inside a suit (RULES R; RULES J for ``jass-trump``)."""

    OVER = "over"  # highest rank strongest: 9..1; in the Jass deck A K Q J 10 9 8 7 6 (Obenabe)
    UNDER = "under"  # lowest rank strongest: 1..9; in the Jass deck 6 7 8 ... A (Undenufe)
    MIDDLE = "middle"  # D4: nearest the middle first, of two at one distance the lower first
    JASS_TRUMP = "jass-trump"  # RULES J: J (Puur) 9 (Näll) A K Q 10 8 7 6, Jass deck only

    @property
    def describe(self) -> str:
        return {
            "over": "Over: the highest rank is strongest",
            "under": "Under: the lowest rank is strongest",
            "middle": "Middle: the middle ranks are strongest",
            "jass-trump": "the Jass trump order J (Puur) 9 (Näll) A K Q 10 8 7 6",
        }[self.value]

    def flipped(self) -> Order:
        """Over and Under swap (Slalom, Pyramid, Gustav); the others stay."""
        return {Order.OVER: Order.UNDER, Order.UNDER: Order.OVER}.get(self, self)


# The rulebooks' tables, strongest first.
CTJ_OVER_9 = (9, 8, 7, 6, 5, 4, 3, 2, 1)  # RULES R Over, Trump
CTJ_UNDER_9 = (1, 2, 3, 4, 5, 6, 7, 8, 9)  # RULES R Under
CTJ_MIDDLE_9 = (5, 4, 6, 3, 7, 2, 8, 1, 9)  # RULES R Middle
CTJ_OVER_13 = (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)  # six-player deck
CTJ_UNDER_13 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
CTJ_MIDDLE_13 = (7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13)  # D4
JASS_TRUMP = (11, 9, 14, 13, 12, 10, 8, 7, 6)  # RULES J: J 9 A K Q 10 8 7 6
JASS_PLAIN = (14, 13, 12, 11, 10, 9, 8, 7, 6)  # RULES J: other suits, A K Q J 10 9 8 7 6
JASS_OBENABE = JASS_PLAIN  # RULES J: Obenabe ranks as the plain suits
JASS_UNDENUFE = (6, 7, 8, 9, 10, 11, 12, 13, 14)  # RULES J: the reverse, 6 first

_R9, _R13 = tuple(range(1, 10)), tuple(range(1, 14))
TABLES: dict[tuple[Order, tuple[int, ...]], tuple[int, ...]] = {
    (Order.OVER, _R9): CTJ_OVER_9,
    (Order.UNDER, _R9): CTJ_UNDER_9,
    (Order.MIDDLE, _R9): CTJ_MIDDLE_9,
    (Order.OVER, _R13): CTJ_OVER_13,
    (Order.UNDER, _R13): CTJ_UNDER_13,
    (Order.MIDDLE, _R13): CTJ_MIDDLE_13,
    (Order.OVER, JASS_RANKS): JASS_PLAIN,
    (Order.UNDER, JASS_RANKS): JASS_UNDENUFE,
    (Order.JASS_TRUMP, JASS_RANKS): JASS_TRUMP,
}


def _derived(order: Order, ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The order of a rank list the tables do not list, by the rule that defines it (D4)."""
    if order is Order.OVER:
        return tuple(sorted(ranks, reverse=True))
    if order is Order.UNDER:
        return tuple(sorted(ranks))
    if order is Order.MIDDLE:
        mid = (min(ranks) + max(ranks)) / 2
        return tuple(sorted(ranks, key=lambda r: (abs(r - mid), r)))
    if order is Order.JASS_TRUMP and set(ranks) <= set(JASS_RANKS):
        # a short Jass deck (six-player Schieber: 9 10 J Q K A) keeps the trump order's ranks
        return tuple(r for r in JASS_TRUMP if r in ranks)
    raise SetupError(f"the {order.value} order exists for the Jass deck only (RULES J)")


@cache
def strongest_first(order: Order, ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks of one suit of a deck (``ranks``, ascending) under ``order``, strongest first.

    >>> strongest_first(Order.MIDDLE, tuple(range(1, 14)))  # D4
    (7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13)
    """
    hit = TABLES.get((order, ranks))
    return hit if hit is not None else _derived(order, ranks)


@cache
def rank_strength(order: Order, ranks: tuple[int, ...]) -> dict[int, int]:
    """Strength of each rank under ``order`` (larger is stronger), for a deck's rank list.

    >>> s = rank_strength(Order.MIDDLE, tuple(range(1, 10)))
    >>> sorted(s, key=s.get, reverse=True)
    [5, 4, 6, 3, 7, 2, 8, 1, 9]
    >>> s = rank_strength(Order.MIDDLE, tuple(range(1, 14)))
    >>> sorted(s, key=s.get, reverse=True)  # D4
    [7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13]
    """
    table = strongest_first(order, ranks)
    n = len(table)
    return {r: n - i for i, r in enumerate(table)}
