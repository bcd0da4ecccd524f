"""The seeded shuffle and where a seeded deal puts each card (RULES P, RECORD ``deal``),
compiled with the play step (:mod:`chaitea.core.compiled`).

A seed deals portably: the canonical deck's card indices shuffled as
``random.Random(seed).shuffle`` leaves them, then dealt in consecutive blocks
(:func:`seeded_layout`). :mod:`chaitea.core.deals` re-exports both names.

>>> import random
>>> order = list(range(36))
>>> random.Random(9).shuffle(order)
>>> shuffled_indices(9, 36) == order
True
"""

from __future__ import annotations

import _random

from chaitea.core.seating import Seating

__all__ = ["IdLists", "seeded_layout", "shuffled_indices"]

IdLists = tuple[list[int], ...]


def shuffled_indices(seed: int, size: int) -> list[int]:
    """The canonical deck's card indices in the order ``random.Random(seed).shuffle`` leaves
    them."""
    # random.Random(seed).shuffle(order), step for step, without a method call per card:
    # Fisher-Yates from the top, each index drawn by rejection from getrandbits (CPython's
    # _randbelow_with_getrandbits). The C generator seeded with an int is the one
    # random.Random(seed) seeds (Random.seed hands an int to it unchanged) without the Python
    # layer's __init__ and seed. tests/core/test_deal_shuffle.py checks the equality.
    order = list(range(size))
    getrandbits = _random.Random(seed).getrandbits
    i = size - 1
    k = size.bit_length()  # the bits of n = i + 1, kept as n falls
    low = 1 << (k - 1) if k else 0
    while i > 0:
        n = i + 1
        if n < low:
            k -= 1
            low >>= 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
        i -= 1
    return order


def seeded_layout(seed: int, seating: Seating, size: int) -> tuple[list[int], IdLists, IdLists,
                                                                    IdLists]:
    """Where a seeded deal puts each card id (RULES P, RECORD deal): the set-aside cards, per
    seat the face-down and the face-up straw cards (two players; else empty) and the hand,
    dealt in that order from :func:`shuffled_indices`. :meth:`Deal.from_seed
    <chaitea.core.deals.Deal.from_seed>` and the states' seeded deals read it.

    >>> from chaitea.core.seating import SEATINGS
    >>> aside, downs, ups, hands = seeded_layout(1, SEATINGS[2], 36)
    >>> len(aside), [len(d) for d in downs], [len(u) for u in ups], [len(h) for h in hands]
    (2, [5, 5], [5, 5], [7, 7])
    """
    order = shuffled_indices(seed, size)
    n: int = seating.players
    k: int = seating.straw_stacks
    if not k:
        h = size // n
        return [], (), (), tuple([order[s * h:(s + 1) * h] for s in range(n)])
    pos: int = seating.set_aside
    aside = order[:pos]
    downs = tuple([order[pos + s * k:pos + (s + 1) * k] for s in range(n)])
    pos += n * k
    ups = tuple([order[pos + s * k:pos + (s + 1) * k] for s in range(n)])
    pos += n * k
    h = seating.hand_size
    return aside, downs, ups, tuple([order[pos + s * h:pos + (s + 1) * h] for s in range(n)])
