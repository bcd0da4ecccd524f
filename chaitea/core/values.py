"""Card-value tables as data (RULES C, D1; RULES J).

A :class:`ValueTable` gives each card its card points from its rank and whether its suit is trump,
plus the bonuses of the round that come with it (last trick, Match). Chai Tea Jazz has one table
(odd ranks score their rank, Jokers 2: D1); the Jass family changes values with the contract.
A deck (``chaitea.core.cards``) names its default table; a contract's trick rule names the table in
force (``chaitea.core.tricks.TrickRule.values``).

>>> from chaitea.core.cards import JASS, STANDARD, SIX_PLAYER
>>> CTJ.total(STANDARD), CTJ.total(SIX_PLAYER)  # D1: Jokers 2 make 200
(100, 200)
>>> JASS_TRUMP_VALUES.total(JASS, trump=2) + JASS_TRUMP_VALUES.last_trick  # RULES J
157
>>> [JASS_NO_TRUMP.total(JASS) + 5, JASS_UNDENUFE_SIX.total(JASS) + 5]
[157, 157]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

from chaitea.core.errors import SetupError

__all__ = [
    "CTJ",
    "JASS_NO_TRUMP",
    "JASS_PLAIN_VALUES",
    "JASS_TRUMP_VALUES",
    "JASS_UNDENUFE_NINE",
    "JASS_UNDENUFE_SIX",
    "NO_POINTS",
    "VALUE_TABLES",
    "ValueTable",
    "values_named",
]


class DeckLike(Hashable, Protocol):
    """What a value table reads of a deck (:class:`chaitea.core.cards.Deck`)."""

    @property
    def rank_of(self) -> tuple[int, ...]: ...
    @property
    def suit_of(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class ValueTable:
    """Card points by rank, for the plain suits and for the trump suit, and the round's bonuses.

    ``plain`` and ``trump`` are ``(rank, points)`` pairs (ranks not listed score 0; ``trump`` empty:
    the trump suit scores as a plain one); ``joker`` is a Joker's points. ``last_trick`` is the
    bonus for the last trick (``None``: the seating's, RULES C: 10, 20 in the six-player game);
    ``match`` the bonus for one side taking every trick (RULES J: 100).
    """

    name: str
    plain: tuple[tuple[int, int], ...]
    trump: tuple[tuple[int, int], ...] = ()
    joker: int = 0
    last_trick: int | None = None
    match: int = 0
    _plain: dict[int, int] = field(init=False, repr=False, compare=False)
    _trump: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_plain", dict(self.plain))
        object.__setattr__(self, "_trump", dict(self.trump) if self.trump else dict(self.plain))

    def value(self, rank: int, is_trump: bool = False) -> int:
        """Points of a card of ``rank`` (0: a Joker) in a trump suit or a plain one.

        >>> JASS_TRUMP_VALUES.value(11, is_trump=True), JASS_TRUMP_VALUES.value(11)
        (20, 2)
        """
        if rank == 0:
            return self.joker
        return (self._trump if is_trump else self._plain).get(rank, 0)

    def card_values(self, ranks: Sequence[int], suits: Sequence[int],
                    trump: int = -1) -> tuple[int, ...]:
        """Points of cards given as parallel ranks and suits (-1: a Joker), ``trump`` a suit or
        -1."""
        return tuple(self.value(r, s == trump and s >= 0) for r, s in zip(ranks, suits,
                                                                          strict=True))

    def for_deck(self, deck: DeckLike, trump: int = -1) -> tuple[int, ...]:
        """Points of every card of ``deck`` (in its canonical order) with ``trump`` in force."""
        return _for_deck(self, deck, trump)

    def total(self, deck: DeckLike, trump: int = -1) -> int:
        """All card points of ``deck`` under this table (the bonuses not included)."""
        return sum(_for_deck(self, deck, trump))


@cache
def _for_deck(table: ValueTable, deck: DeckLike, trump: int) -> tuple[int, ...]:
    return table.card_values(deck.rank_of, deck.suit_of, trump)


def _pairs(d: dict[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(d.items()))


# RULES C: every odd rank scores its rank, even ranks 0; D1: a Joker scores 2.
CTJ = ValueTable("chai-tea-jazz", _pairs({r: r if r % 2 else 0 for r in range(1, 14)}), joker=2)

_JASS_PLAIN = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}  # RULES J: other suits, 9 8 7 6 score 0
# The Jass deck's own default (no trump in force): the plain-suit table (sums to 120).
JASS_PLAIN_VALUES = ValueTable("jass-plain", _pairs(_JASS_PLAIN), last_trick=5, match=100)
# RULES J: trump J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 7 6 0; the other suits as plain.
JASS_TRUMP_VALUES = ValueTable(
    "jass-trump", _pairs(_JASS_PLAIN),
    _pairs({11: 20, 9: 14, 14: 11, 10: 10, 13: 4, 12: 3}), last_trick=5, match=100)
# RULES J: Obenabe, Undenufe, Slalom, Gustav: A 11, 10 10, K 4, Q 3, J 2, 8 8, others 0.
JASS_NO_TRUMP = ValueTable("jass-no-trump", _pairs({**_JASS_PLAIN, 8: 8}), last_trick=5,
                           match=100)
# RULES J option (the text's "some players"): in Undenufe the 6 is worth 11 and the A 0.
JASS_UNDENUFE_SIX = ValueTable("jass-undenufe-6", _pairs({**_JASS_PLAIN, 8: 8, 6: 11, 14: 0}),
                               last_trick=5, match=100)
# The same option on the six-player Schieber's 24-card decks, which have no 6 (reading): the
# lowest card, the 9, takes the Ace's 11 and the A 0, so Undenufe keeps Obenabe's total.
JASS_UNDENUFE_NINE = ValueTable("jass-undenufe-9", _pairs({**_JASS_PLAIN, 8: 8, 9: 11, 14: 0}),
                                last_trick=5, match=100)

# Oh Hell (OpenSpiel's oh_hell): only tricks count, so no card scores a point and the last
# trick adds none.
NO_POINTS = ValueTable("no-points", (), last_trick=0)

VALUE_TABLES: dict[str, ValueTable] = {
    t.name: t for t in (CTJ, JASS_PLAIN_VALUES, JASS_TRUMP_VALUES, JASS_NO_TRUMP,
                        JASS_UNDENUFE_SIX, JASS_UNDENUFE_NINE, NO_POINTS)
}


def values_named(name: str) -> ValueTable:
    """The value table called ``name`` (one of :data:`VALUE_TABLES`)."""
    try:
        return VALUE_TABLES[name]
    except KeyError:
        raise SetupError(f"unknown card-value table {name!r}: use "
                         f"{', '.join(VALUE_TABLES)}") from None
