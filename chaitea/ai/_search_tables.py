"""The solver's precomputed tables (:mod:`chaitea.ai.solver`): which cards are equivalent moves,
the most a card mask can still score, and the sure winners, per trick, cached per
:class:`~chaitea.ai.kernel.Rules`.

>>> import chaitea
>>> from chaitea.ai.kernel import rules_of
>>> rules = rules_of(chaitea.Game(players=3).round_state(1, 0, "trump(H)"))
>>> eq, bound = _equivalence_tables(rules), _bound_tables(rules)
>>> len(eq) == len(bound) == rules.n_tricks, _equivalence_tables(rules) is eq
(True, True)
>>> chain, fewest, most = sure_chains(rules)[0]   # the trumps, strongest first
>>> [(rules.suit_of[c], rules.rank_of[c]) for c in chain[:3]], fewest[chain[0]]
([(2, 9), (2, 8), (2, 7)], 9)
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

import numpy as np

from chaitea.ai.kernel import Rules

__all__: list[str] = []


_EqTables = tuple[list[list[int] | None], list[list[int]]]
_EQ_CACHE: weakref.WeakKeyDictionary[Rules, list[_EqTables]] = weakref.WeakKeyDictionary()


def _equivalence_tables(rules: Rules) -> list[_EqTables]:
    """Per trick: each suit's cards in the first remaining rank order, and ``btw[a][b]``, the
    cards that lie between ``a`` and ``b`` (or tie with either) in some rank order still to
    come. Two cards of one seat with nothing of another seat between them, and equal points,
    are one move."""
    hit = _EQ_CACHE.get(rules)
    if hit is not None:
        return hit
    n = rules.n_cards
    by_combo: dict[tuple[int, ...], _EqTables] = {}
    out = []
    for lads in rules.ladders:
        key = tuple(id(x) for x in lads)
        if key not in by_combo:
            btw = [[0] * n for _ in range(n)]
            for lad in lads:
                for groups in lad:
                    where = {c: k for k, g in enumerate(groups) for c in g}
                    gmask = [sum(1 << c for c in g) for g in groups]
                    for a in where:
                        for b in where:
                            if a == b:
                                continue
                            lo, hi = sorted((where[a], where[b]))
                            m = 0
                            for k in range(lo + 1, hi):
                                m |= gmask[k]
                            m |= (gmask[lo] | gmask[hi]) & ~((1 << a) | (1 << b))
                            btw[a][b] |= m
            orders: list[list[int] | None] = []
            for groups in lads[0]:
                seq = [c for g in groups for c in g]
                # card-id order (either way: adjacency is the same) needs no list walk
                orders.append(None if seq == sorted(seq) or seq == sorted(seq, reverse=True)
                              else seq)
            by_combo[key] = (orders, btw)
        out.append(by_combo[key])
    _EQ_CACHE[rules] = out
    return out


_BOUND_CACHE: weakref.WeakKeyDictionary[Rules, list[list[list[int]]]] = \
    weakref.WeakKeyDictionary()


def byte_sums(best: Sequence[int], n_c: int) -> list[list[int]]:
    """Per byte ``k`` of a card mask, the sum of ``best`` over the cards of every byte value
    (card ``8 * k + bit``): the bound tables' rows."""
    chunks = []
    for k in range((n_c + 7) // 8):
        row = [0] * 256
        for m in range(1, 256):
            low = (m & -m).bit_length() - 1
            c = 8 * k + low
            row[m] = row[m & (m - 1)] + (best[c] if c < n_c else 0)
        chunks.append(row)
    return chunks


def _bound_tables(rules: Rules) -> list[list[list[int]]]:
    """Per trick, per byte of a card mask, the most those cards can score in the tricks still
    to come (Tutti: at any trump's final values)."""
    hit = _BOUND_CACHE.get(rules)
    if hit is not None:
        return hit
    n_c = rules.n_cards
    if rules.tutti:
        tabs = list(rules.tutti_values)
        per_trick = [[max(t[c] for t in tabs) for c in range(n_c)]] * rules.n_tricks
    else:
        pts = [rules.points_at(t) for t in range(rules.n_tricks)]
        per_trick = [[max(pts[u][c] for u in range(t, rules.n_tricks)) for c in range(n_c)]
                     for t in range(rules.n_tricks)]
    out = [byte_sums(best, n_c) for best in per_trick]
    _BOUND_CACHE[rules] = out
    return out


_Sure = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_SURE_CACHE: weakref.WeakKeyDictionary[Rules, list[_Sure]] = weakref.WeakKeyDictionary()


def sure_chains(rules: Rules) -> list[_Sure]:
    """Per trick ``t``, the sure winners' chain (RULES D2): the cards ``c1, c2, ...``
    where each card beats every card after it, and every card outside the chain, strictly,
    whatever is led, in every trick from ``t`` on (a trump game's trumps from the strongest, and
    its Jokers above them; a game without trumps, or Tutti's trump still unknown: none); and
    per card the fewest and the most points it scores in a trick from ``t`` on.

    Whoever plays a chain card wins its trick unless an earlier chain card falls on it, so the
    remaining chain cards from the first up to the first held by the other side all end in
    their side's tricks, whatever anyone plays: the compiled search's bound at a trick start
    (:func:`chaitea.ai._nbsolver._sure`)."""
    hit = _SURE_CACHE.get(rules)
    if hit is not None:
        return hit
    T, C = rules.n_tricks, rules.n_cards
    low = np.iinfo(np.int64).min
    out: list[_Sure] = []
    by_suffix: dict[tuple[frozenset[int], frozenset[int]], _Sure] = {}
    for t in range(T):
        # only the distinct tables and values of the tricks left matter (a game with one plan
        # for every trick computes its chain once)
        tabs = {id(x): x for x in (rules.tables_at(u) for u in range(t, T))}
        vals = {id(x): x for x in (rules.points_at(u) for u in range(t, T))}
        key = (frozenset(tabs), frozenset(vals))
        if key not in by_suffix:
            rows = np.array([row for x in tabs.values() for row in x], np.int64)  # (5k, C)
            points = np.array(list(vals.values()), np.int64)
            chain: list[int] = []
            cand = np.ones(C, bool)
            while not rules.tutti and cand.sum() > 1:
                sub = np.where(cand, rows, low)
                top = sub.argmax(axis=1)
                c = int(top[0])
                if (top != c).any():
                    break
                sub[:, c] = low
                if (sub.max(axis=1) >= rows[:, c]).any():  # a tie: the later card wins (D2)
                    break
                chain.append(c)
                cand[c] = False
            by_suffix[key] = (tuple(chain), tuple(int(x) for x in points.min(axis=0)),
                              tuple(int(x) for x in points.max(axis=0)))
        out.append(by_suffix[key])
    _SURE_CACHE[rules] = out
    return out
