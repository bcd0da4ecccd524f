"""The compiled search without recursion: :func:`chaitea.ai._nbsolver.search`, the
explicit-stack form that numba caches on disk, against :func:`chaitea.ai._nbsolver.node`, the
self-recursive form it replaced. Both run here as plain Python (no compile, numba or not) on
the same flat arrays: the same values, best cards and per-card values, node counts, probes and
hits, and the same transposition table afterwards, on random positions of Chai Tea Jazz and
every fixed-trump Jass mode, in mid-trick and at trick starts (a root call at a trick's end
too: ``card_values`` plays the last card of a trick before it searches)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from chaitea import State
from chaitea.ai import _nbsolver
from chaitea.ai.kernel import position_of, rules_of
from chaitea.ai.solver import Solver, _sides, card_values, solve_position
from chaitea.engine.driver import JassState

from .conftest import CONFIGS, random_position
from .jass_positions import JASS_CONFIGS, jass_position


def _positions(seed: int, count: int) -> list[State | JassState]:
    rng = random.Random(seed)
    out: list[State | JassState] = []
    for i in range(4 * count):
        if len(out) == count:
            break
        if i % 2:
            cfg = JASS_CONFIGS[i % len(JASS_CONFIGS)]
            st: State | JassState = jass_position(rng, *cfg, rng.randint(2, 3))
        else:
            players, deck, contract = CONFIGS[i % len(CONFIGS)]
            st = random_position(rng, players, deck, contract, rng.randint(2, 3))
        rules, pos = rules_of(st), position_of(st)
        if _nbsolver.fits(rules, bool(pos.downs and any(pos.downs)) or bool(pos.set_aside)):
            out.append(st)
    assert len(out) == count
    return out


def _run(monkeypatch: pytest.MonkeyPatch, fn: Callable[..., Any],
         st: State | JassState) -> tuple[Any, ...]:
    """Every answer of one position with ``fn`` as the compiled search (run as Python)."""
    monkeypatch.setattr(_nbsolver, "compiled_node", lambda: fn)
    rules, pos = rules_of(st), position_of(st)
    with warnings.catch_warnings(), np.errstate(over="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)  # the table's hash wraps, as compiled
        value, best, stats = solve_position(rules, pos, numba=True)
        per_card = card_values(rules, pos, numba=True)
        mine, payees = _sides(rules, pos, "declarer")
        s = Solver(rules, pos, mine, payees, use_numba=True)
        v = s.value()
    return (value, best, per_card, stats.nodes, stats.tt_probes, stats.tt_hits, stats.tt_size,
            v, s.stats.nodes, s.nb_TT.tobytes())


@pytest.fixture
def as_python(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setattr(_nbsolver, "HAVE_NUMBA", True)  # fits(): the flat search's rounds
    return monkeypatch


def test_the_explicit_stack_search_is_the_recursive_one_exactly(
        as_python: pytest.MonkeyPatch) -> None:
    """60 positions, 2 or 3 tricks left: every answer and counter equal, the tables too."""
    for i, st in enumerate(_positions(11, 60)):
        rec = _run(as_python, _nbsolver.node, st)
        flat = _run(as_python, _nbsolver.search, st)
        assert flat == rec, (i, st)


def test_a_root_call_at_a_tricks_end_adds_that_tricks_points(
        as_python: pytest.MonkeyPatch) -> None:
    """The call that completes a trick (the Solver's root after the last card of a trick) is
    the trick's end: its points (here the payees') come on top of the rest of the round."""
    rng = random.Random(4)
    st = random_position(rng, 3, None, "trump(H)", 3, partial=False)
    for _ in range(2):
        st.apply_action(st.legal_actions()[0])  # two cards of the trick: the third ends it
    rules, pos = rules_of(st), position_of(st)
    with np.errstate(over="ignore"):
        as_python.setattr(_nbsolver, "compiled_node", lambda: _nbsolver.search)
        flat = card_values(rules, pos, numba=True)
    assert flat == card_values(rules, pos, numba=False)


def test_without_a_writable_cache_the_search_is_compiled_uncached() -> None:
    """numba refuses ``cache=True`` where it finds no place to write a cache (a read-only
    install without a writable home): the search is then compiled without one, not lost."""
    def refuses(fn: Any) -> Any:
        raise RuntimeError(f"cannot cache function {fn.__name__!r}: no locator available")

    def plain(fn: Any) -> Any:
        return ("plain", fn)

    def cached(fn: Any) -> Any:
        return ("cached", fn)

    assert _nbsolver._cached(refuses, plain, _nbsolver.search) == ("plain", _nbsolver.search)
    assert _nbsolver._cached(cached, plain, _nbsolver.search) == ("cached", _nbsolver.search)
