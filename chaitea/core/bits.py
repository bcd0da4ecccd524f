"""Card sets as bit masks: the one module that turns a mask into card ids.

A hand, a trick's legal cards or a side's won cards is an ``int`` whose bit ``i`` is set when
card id ``i`` (a deck's canonical order) is in the set. :func:`ids` walks any width with one
table look-up per 12 bits (the play path's way: a 36-card mask is three look-ups);
:func:`bits` walks the low bits one by one (cheaper for a few cards).

>>> ids(0b1011), bits(0b10110), ids(1 << 40 | 1)
([0, 1, 3], [1, 2, 4], [0, 40])
>>> tables(36)[1][0b101]
(12, 14)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["CHUNK", "CHUNK_MASK", "bits", "chunk_table", "ids", "masks_of", "tables"]

CHUNK = 12
CHUNK_MASK = (1 << CHUNK) - 1
_TABLES: list[tuple[tuple[int, ...], ...]] = []


def chunk_table(k: int) -> tuple[tuple[int, ...], ...]:
    """The card ids of every 12-bit chunk ``k`` of a mask (ids ``12k .. 12k+11``), built once."""
    while len(_TABLES) <= k:
        base = len(_TABLES) * CHUNK
        _TABLES.append(tuple(tuple(base + b for b in range(CHUNK) if m >> b & 1)
                             for m in range(1 << CHUNK)))
    return _TABLES[k]


def tables(n_cards: int) -> list[tuple[tuple[int, ...], ...]]:
    """The chunk tables a deck of ``n_cards`` needs (three for 36 cards)."""
    return [chunk_table(k) for k in range((n_cards + CHUNK - 1) // CHUNK)]


#: the three tables of a 36-card mask, for the play path's inlined look-ups
IDS0, IDS12, IDS24 = chunk_table(0), chunk_table(1), chunk_table(2)


def ids(mask: int) -> list[int]:
    """The card ids of a mask of any width, ascending (one look-up per 12 bits)."""
    if mask < 1 << 36:
        return [*IDS0[mask & 4095], *IDS12[mask >> 12 & 4095], *IDS24[mask >> 24]]
    out: list[int] = []
    k = 0
    while mask:
        out += chunk_table(k)[mask & CHUNK_MASK]
        mask >>= CHUNK
        k += 1
    return out


def masks_of(id_lists: Iterable[Iterable[int]]) -> list[int]:
    """Per list of distinct card ids, its mask (the sum of their bits): a deal's hands as the
    states hold them.

    >>> masks_of([[0, 2], [], [13]])
    [5, 0, 8192]
    """
    out: list[int] = []
    for ids in id_lists:  # compiled: a native loop of shifts
        m = 0
        for c in ids:
            m |= 1 << c
        out.append(m)
    return out


def bits(mask: int) -> list[int]:
    """The card ids of a mask, lowest first, bit by bit.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
