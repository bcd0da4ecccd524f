"""RECORD deal: a seed shuffles the canonical deck exactly as ``random.Random(N).shuffle``.

The engine inlines that shuffle for speed; these tests hold it to the library's own result.
"""

from __future__ import annotations

import random

import pytest

from chaitea.core.deals import shuffled_indices


@pytest.mark.parametrize("size", [36, 54, 72, 2, 1])
@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**31 - 1, 2**40 + 3, -5])
def test_shuffled_indices_equal_random_shuffle(seed: int, size: int) -> None:
    expected = list(range(size))
    random.Random(seed).shuffle(expected)
    assert shuffled_indices(seed, size) == expected


def test_shuffled_indices_is_a_permutation_that_depends_on_the_seed() -> None:
    a, b = shuffled_indices(1, 36), shuffled_indices(2, 36)
    assert sorted(a) == list(range(36)) and a != b
