"""Stöck: the King and Ober (Q) of trump in one hand at the deal, 20 points (RULES J).

Stöck is no Weis: it is never cancelled by a higher Weis of an opponent, it is scored with or
without Weis, and there is none without trump (Obenabe, Undenufe, Slalom, ...)::

    >>> from chaitea.core.cards import Suit
    >>> stoeck_holder(["KH QH 6C", "AH 9H", "JH"], Suit.HEARTS)
    0
    >>> stoeck_holder(["KH QH 6C", "AH 9H", "JH"], None) is None
    True
    >>> stoeck_points(["KH QH 6C", "AH 9H", "JH", "7S"], Suit.HEARTS, sides=(0, 1, 0, 1))
    (20, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chaitea.core.cards import Card, Suit
from chaitea.rulesets.jass.weis import check_hands, check_sides

__all__ = ["STOECK_POINTS", "stoeck_holder", "stoeck_holder_mask", "stoeck_points"]

#: RULES J: Stöck (K and Q of trump) 20.
STOECK_POINTS = 20


def stoeck_holder(hands: Sequence[str | Iterable[Card | str]], trump: Suit | None) -> int | None:
    """The seat holding both the K (13) and the Q (12, Ober) of trump in its hand as dealt, or
    ``None`` (nobody, or no trump), RULES J."""
    cards = check_hands(hands)
    if trump is None:
        return None
    for seat, hand in enumerate(cards):
        if sum(1 for c in hand if c.suit is trump and c.rank in (12, 13)) == 2:
            return seat
    return None


def stoeck_points(hands: Sequence[str | Iterable[Card | str]], trump: Suit | None, *,
                  sides: Sequence[int] | None = None, points: int = STOECK_POINTS
                  ) -> tuple[int, ...]:
    """Stöck per side (``sides[seat]``; default each seat its own side), before any multiplier:
    ``points`` (20) for the holder's side, 0 for the others (RULES J, never cancelled).

    >>> from chaitea.core.cards import Suit
    >>> stoeck_points(["6C", "KS QS"], Suit.SPADES)
    (0, 20)
    """
    side_of = check_sides(len(hands), sides)
    out = [0] * (max(side_of) + 1)
    holder = stoeck_holder(hands, trump)
    if holder is not None:
        out[side_of[holder]] = points
    return tuple(out)


def stoeck_holder_mask(masks: Sequence[int], trump: Suit | None) -> int | None:
    """:func:`stoeck_holder` for hands as bit masks of Jass deck indices (the engine's form).

    >>> from chaitea.core.cards import JASS, Suit
    >>> stoeck_holder_mask([JASS.mask_of(["6C"]), JASS.mask_of(["KS", "QS"])], Suit.SPADES)
    1
    """
    if trump is None:
        return None
    pair = 0b11 << (int(trump) * 9 + 6)  # Q (12) and K (13) of trump
    for seat, m in enumerate(masks):
        if m & pair == pair:
            return seat
    return None
