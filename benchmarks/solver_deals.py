"""Per-deal solver figures: each deal's value, nodes and CPU time, on the deal sets
of ``bench_solver.py`` (its :func:`positions`, seed ``--seed + --left`` as there).

Node counts are deterministic, so two builds of the search are compared deal by deal on nodes
first (``--save`` one run, ``--against`` it in the next: the per-deal ratio, and a check that
every value solved by both is the same); CPU time (``time.process_time``) second, with the
load average printed. ``--tests`` also lists each zero-window test of a solve (its window,
its fail-soft result, its nodes), to show where a solve's nodes go.

    python benchmarks/solver_deals.py --game schieber --left 9 --deals 20 --cap 10000000
    python benchmarks/solver_deals.py --game ctj --left 12 --only 3 7 --tests
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_solver import positions
from chaitea.ai import _nbsolver
from chaitea.ai._search import Search
from chaitea.ai.solver import SearchLimit, solve_position


def _record_tests(log: list[tuple[int, int, int]]) -> Any:
    """Wrap :meth:`Search._nb_node` so that each call (one zero-window test of
    :meth:`Solver.value`) appends (beta, result, nodes it took) to ``log``; returns the
    original method (to put back)."""
    orig = Search._nb_node

    def wrapped(self: Search, p: int, tno: int, trick: list[int], led: int, leader: int,
                alpha: int, beta: int) -> int:
        before = self.stats.nodes
        try:
            v = orig(self, p, tno, trick, led, leader, alpha, beta)
        except SearchLimit:
            log.append((beta, -1, self.stats.nodes - before))
            raise
        log.append((beta, v, self.stats.nodes - before))
        return v

    Search._nb_node = wrapped  # type: ignore[method-assign]
    return orig


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("ctj", "schieber"), default="schieber")
    ap.add_argument("--left", type=int, default=9, help="tricks left (9/12: the first lead)")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--cap", type=int, default=10_000_000, help="node limit per solve")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", type=int, nargs="*", help="only these deal indices")
    ap.add_argument("--tests", action="store_true", help="list each zero-window test")
    ap.add_argument("--save", help="write the per-deal figures to this JSON file")
    ap.add_argument("--against", help="compare with a run saved by --save")
    a = ap.parse_args()

    t = time.perf_counter()
    _nbsolver.compiled_node()
    print(f"numba compile {time.perf_counter() - t:.1f} s wall; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    ref: dict[str, Any] = {}
    if a.against:
        ref = {str(d["deal"]): d for d in json.loads(Path(a.against).read_text())["deals"]}
    log: list[tuple[int, int, int]] = []
    if a.tests:
        _record_tests(log)
    rows: list[dict[str, Any]] = []
    print(f"{a.game} {a.left} left, cap {a.cap:,}")
    print(f"{'deal':>4} {'value':>5} {'nodes':>11} {'CPU ms':>9}" + ("  nodes/ref" if ref else ""))
    for i, (rules, pos) in enumerate(positions(a.deals, a.left, a.seed + a.left, a.game)):
        if a.only and i not in a.only:
            continue
        log.clear()
        t = time.process_time()
        try:
            value, _, stats = solve_position(rules, pos, all_best=False, node_limit=a.cap,
                                             numba=True)
            v: int | None = value
            nodes = stats.nodes
        except SearchLimit:
            v, nodes = None, a.cap
        dt = time.process_time() - t
        rows.append({"deal": i, "value": v, "nodes": nodes, "cpu": dt})
        line = f"{i:>4} {'-' if v is None else v:>5} {nodes:>11,} {1000 * dt:>9.0f}"
        r = ref.get(str(i))
        if r is not None:
            line += f"  {nodes / r['nodes']:>8.2f}x"
            if v is not None and r["value"] is not None and v != r["value"]:
                line += f"  VALUE CHANGED (was {r['value']})"
        print(line, flush=True)
        if a.tests:
            for beta, res, n in log:
                side = "capped" if res < 0 else ("high" if res >= beta else "low")
                print(f"       test at {beta:>3}: {side:>6} {'' if res < 0 else res:>4} "
                      f"{n:>11,} nodes")
    if not rows:
        return
    nodes_: list[int] = [r["nodes"] for r in rows]
    cpu: list[float] = [r["cpu"] for r in rows]
    done = sum(r["value"] is not None for r in rows)
    print(f"{a.game} {a.left} left: {done} of {len(rows)} solved under {a.cap:,} nodes; nodes "
          f"median {statistics.median(nodes_):,.0f}, sum {sum(nodes_):,} (capped count the cap); "
          f"CPU median {1000 * statistics.median(cpu):.0f} ms, sum {sum(cpu):.1f} s; "
          f"load {os.getloadavg()[0]:.1f}")
    if ref:
        both = [r for r in rows if str(r["deal"]) in ref]
        s0 = sum(ref[str(r["deal"])]["nodes"] for r in both)
        c0 = sum(ref[str(r["deal"])]["cpu"] for r in both)
        print(f"against {a.against}: nodes sum {s0:,} -> {sum(r['nodes'] for r in both):,}, "
              f"CPU sum {c0:.1f} -> {sum(r['cpu'] for r in both):.1f} s")
    if a.save:
        Path(a.save).write_text(json.dumps({"game": a.game, "left": a.left, "cap": a.cap,
                                            "deals": rows}, indent=1))


if __name__ == "__main__":
    main()
