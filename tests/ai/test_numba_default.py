"""The solver's default search: ``numba=None`` runs the compiled search where it fits
and pays, as docs/bots.md#the-compiled-search says, and a dashboard's kernel never waits for
its compile (:mod:`chaitea.ai.compile_policy`).

No test here compiles: the compiled search is replaced by a stand-in that records its call
(``tests/ai/test_kernel_numba.py`` holds the compiled search's values to the Python one's).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import chaitea
from chaitea.ai import _nbsolver, compile_policy
from chaitea.ai.kernel import position_of, rules_of
from chaitea.ai.solver import Solver, _sides, card_values, solve_position

from .conftest import random_position
from .jass_positions import jass_position

pytestmark = pytest.mark.skipif(not _nbsolver.HAVE_NUMBA, reason="numba is not installed "
                                "(or CHAITEA_NO_NUMBA is set): the Python search only")

ROOT = Path(__file__).resolve().parents[2]


class Called(Exception):
    """Raised by the stand-in of the compiled search: the default reached it."""


@pytest.fixture
def uncompiled(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """This process as if the search were not compiled yet, compiling allowed; the compiled
    search replaced by a stand-in that records the call and stops the search."""
    calls: list[int] = []

    def stand_in() -> Any:
        calls.append(1)
        raise Called

    monkeypatch.setattr(_nbsolver, "_compiled", None)
    monkeypatch.setattr(_nbsolver, "compiled_node", stand_in)
    monkeypatch.setattr(compile_policy, "_ON_DEMAND", True)
    monkeypatch.delenv("CHAITEA_NUMBA", raising=False)
    return calls


def _solver(st: Any, numba: bool | None = None) -> Solver:
    rules, pos = rules_of(st), position_of(st)
    mine, payees = _sides(rules, pos, "declarer")
    return Solver(rules, pos, mine, payees, use_numba=numba)


def _schieber(tricks_left: int) -> Any:
    return jass_position(random.Random(5), "schieber", 4, {}, "trump(H)", tricks_left,
                         partial=False)


def _ctj(tricks_left: int) -> Any:
    return random_position(random.Random(5), 3, None, "trump(H)", tricks_left, partial=False)


@pytest.mark.parametrize("make", [_schieber, _ctj], ids=["schieber", "chai-tea-jazz-3"])
def test_the_default_runs_the_compiled_search_from_six_tricks_left(
        uncompiled: list[int], make: Any) -> None:
    """docs/bots.md, the compiled search: with numba installed the search runs compiled,
    compiled on the first search of six tricks or more. ``chaitea.solve`` and ``card_values``
    (the bots' and the coach's call) reach the compiled search by default; ``numba=False``
    never does."""
    st = make(6)
    assert _solver(st).nb
    with pytest.raises(Called):
        chaitea.solve(st)
    with pytest.raises(Called):
        card_values(rules_of(st), position_of(st))
    assert len(uncompiled) == 2
    assert not _solver(st, numba=False).nb


@pytest.mark.parametrize("make", [_schieber, _ctj], ids=["schieber", "chai-tea-jazz-3"])
def test_a_small_search_does_not_pay_for_the_compile(uncompiled: list[int], make: Any) -> None:
    """Below six tricks left the compile would cost more than it saves: the Python search,
    until the search is compiled; then from four tricks left the compiled one."""
    st = make(5)
    assert not _solver(st).nb
    value = chaitea.solve(st)  # the Python search: no call to the compiled one
    assert not uncompiled and value == chaitea.solve(st)
    assert _solver(st, numba=True).nb  # numba=True forces it
    _nbsolver._compiled = object()  # as if compiled (the fixture restores it)
    assert _solver(make(4)).nb
    assert not _solver(make(3)).nb


def test_without_compile_on_demand_only_a_compiled_search_runs_compiled(
        uncompiled: list[int]) -> None:
    """A dashboard's setting (``compile_on_demand(False)``): a default search never starts the
    compile, whatever its size; once the search is compiled it runs compiled."""
    assert compile_policy.compile_on_demand(False) is True
    st = _schieber(9)
    assert not _solver(st).nb
    _value, best = chaitea.solve(_schieber(3))  # answered by the Python search at once
    assert not uncompiled and best
    assert _solver(st, numba=True).nb
    _nbsolver._compiled = object()
    assert _solver(st).nb


def test_a_dashboards_kernel_turns_the_compile_on_demand_off() -> None:
    """Importing any dashboard view (``chaitea_widgets.base``, which every view imports: the
    trick table, the picking panel, their bots, Hint, Advice and Review) sets
    ``compile_on_demand(False)`` in that kernel; plain ``chaitea`` leaves it on."""
    code = ("import chaitea.ai.solver, chaitea.ai.compile_policy as p; a = p.on_demand(); "
            "import chaitea_widgets.base; b = p.on_demand(); p.compile_on_demand(True); "
            "import chaitea_widgets.table, chaitea_widgets.picking; print(a, b)")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT / ".pp"), str(ROOT), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env, cwd=ROOT, timeout=120)
    assert out.stdout.split() == ["True", "False"]  # on in chaitea, off once a view loads


def test_the_default_and_the_python_search_agree_on_a_small_search(
        uncompiled: list[int]) -> None:
    """The default's choice changes the search, never the answer (below six tricks left the
    default is the Python search: equal to ``numba=False`` exactly)."""
    st = _ctj(4)
    rules, pos = rules_of(st), position_of(st)
    assert solve_position(rules, pos)[:2] == solve_position(rules, pos, numba=False)[:2]
