"""Per-deal solver figures: each deal's value, nodes and CPU time, on the deal sets
of ``bench_solver.py`` (its :func:`positions`, seed ``--seed + --left`` as there), or on the
fixed first-lead benchmark (``--sets``, :data:`SETS`: Schieber with a trump, Obenabe and
Undenufe; Chai Tea Jazz three players with Trump and Under; Differenzler; Guggitaler; 100
deals each by default, seed ``--seed`` per set), with the median, p95 and worst per set.

Node counts are deterministic, so two builds of the search are compared deal by deal on nodes
first (``--save`` one run, ``--against`` it in the next: the per-deal ratio, and a check that
every value solved by both is the same); CPU time (``time.process_time``) second, with the
load average printed. ``--tests`` also lists each zero-window test of a solve (its window,
its fail-soft result, its nodes), to show where a solve's nodes go.

    python benchmarks/solver_deals.py --game schieber --left 9 --deals 20 --cap 10000000
    python benchmarks/solver_deals.py --game ctj --left 12 --only 3 7 --tests
    python benchmarks/solver_deals.py --sets all --deals 100 --cap 20000000 --save run.json
    python benchmarks/solver_deals.py --sets schieber-trump ctj-trump --deals 12 --against run.json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import random

from benchmarks.bench_solver import positions
from chaitea import Game, Suit
from chaitea.ai import _nbsolver
from chaitea.ai._search import Search
from chaitea.ai.kernel import Position, Rules, position_of, rules_of
from chaitea.ai.solver import SearchLimit, solve_position
from chaitea.rulesets import jass_game
from tests.ai.jass_positions import jass_round

# The fixed benchmark's position sets, every deal from the first lead: (game, contracts drawn
# per deal); "ctj": Chai Tea Jazz, three players; the Jass games: the ruleset, its picking
# phase (Differenzler's guesses) played at random.
SETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "schieber-trump": ("schieber", ("trump(C)", "trump(D)", "trump(H)", "trump(S)")),
    "schieber-obenabe": ("schieber", ("obenabe",)),
    "schieber-undenufe": ("schieber", ("undenufe",)),
    "ctj-trump": ("ctj", tuple(f"trump({s.letter})" for s in Suit)),
    "ctj-under": ("ctj", ("under",)),
    "differenzler": ("differenzler", ("",)),
    "guggitaler": ("guggitaler", ("",)),
}


def set_positions(name: str, deals: int, seed: int) -> list[tuple[Rules, Position]]:
    """Deals of set ``name`` (:data:`SETS`) at the first lead, from ``seed``."""
    game, contracts = SETS[name]
    rng = random.Random(f"{name}:{seed}")
    out = []
    for _ in range(deals):
        contract = rng.choice(contracts)
        if game == "ctj":
            cs = Game(players=3).round_state(rng.randrange(2**31), rng.randrange(3), contract)
            out.append((rules_of(cs), position_of(cs)))
            continue
        if game == "schieber":
            st = jass_round(rng, "schieber", 4, {}, contract)
        else:
            st = jass_game(game).new_initial_state(seed=rng.randrange(10**6))
            while st.phase != "play":
                st.apply_action(rng.choice(st.legal_actions()))
        out.append((rules_of(st), position_of(st)))
    return out


def _pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``xs``."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, math.ceil(len(ys) * q) - 1))] if ys else 0.0


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


def _load(path: str) -> dict[str, dict[str, Any]]:
    """A saved run: per set label, per deal index, its row (the older one-set files too)."""
    data = json.loads(Path(path).read_text())
    sets = data.get("sets") or {f"{data['game']}-{data['left']}": data["deals"]}
    return {k: {str(d["deal"]): d for d in rows} for k, rows in sets.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("ctj", "schieber"), default="schieber")
    ap.add_argument("--left", type=int, default=9, help="tricks left (9/12: the first lead)")
    ap.add_argument("--sets", nargs="+", choices=(*SETS, "all"),
                    help="the fixed first-lead benchmark's sets instead of --game/--left")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--cap", type=int, default=10_000_000, help="node limit per solve")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", type=int, nargs="*", help="only these deal indices")
    ap.add_argument("--tests", action="store_true", help="list each zero-window test")
    ap.add_argument("--profile", action="store_true",
                    help="per set, per trick: nodes, table hit rate, starts answered by bounds")
    ap.add_argument("--save", help="write the per-deal figures to this JSON file")
    ap.add_argument("--against", help="compare with a run saved by --save")
    a = ap.parse_args()

    t = time.perf_counter()
    _nbsolver.compiled_node()
    print(f"numba compile {time.perf_counter() - t:.1f} s wall; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    refs = _load(a.against) if a.against else {}
    log: list[tuple[int, int, int]] = []
    if a.tests:
        _record_tests(log)
    if a.sets:
        names = list(SETS) if "all" in a.sets else a.sets
        runs = [(k, set_positions(k, a.deals, a.seed)) for k in names]
    else:
        runs = [(f"{a.game}-{a.left}", positions(a.deals, a.left, a.seed + a.left, a.game))]
    saved: dict[str, list[dict[str, Any]]] = {}
    summary: list[str] = []
    for label, deals in runs:
        ref = refs.get(label, {})
        rows: list[dict[str, Any]] = []
        prof: list[list[int]] = []
        print(f"{label}, cap {a.cap:,}")
        print(f"{'deal':>4} {'value':>5} {'nodes':>11} {'CPU ms':>9}"
              + ("  nodes/ref" if ref else ""))
        for i, (rules, pos) in enumerate(deals):
            if a.only and i not in a.only:
                continue
            log.clear()
            t = time.process_time()
            try:
                value, _, stats = solve_position(rules, pos, all_best=False, node_limit=a.cap,
                                                 numba=True)
                v: int | None = value
                nodes = stats.nodes
                for k, row in enumerate(stats.by_trick):
                    while len(prof) <= k:
                        prof.append([0] * len(row))
                    prof[k] = [x + y for x, y in zip(prof[k], row, strict=True)]
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
            continue
        saved[label] = rows
        nodes_: list[int] = [r["nodes"] for r in rows]
        cpu: list[float] = [r["cpu"] for r in rows]
        done = sum(r["value"] is not None for r in rows)
        line = (f"{label}: {done} of {len(rows)} solved under {a.cap:,} nodes; nodes median "
                f"{statistics.median(nodes_):,.0f}, sum {sum(nodes_):,} (capped count the cap); "
                f"CPU ms median {1000 * statistics.median(cpu):.0f}, p95 "
                f"{1000 * _pct(cpu, 0.95):.0f}, worst {1000 * max(cpu):.0f}, sum "
                f"{sum(cpu):.1f} s; load {os.getloadavg()[0]:.1f}")
        if ref:
            both = [r for r in rows if str(r["deal"]) in ref]
            s0 = sum(ref[str(r["deal"])]["nodes"] for r in both)
            c0 = sum(ref[str(r["deal"])]["cpu"] for r in both)
            line += (f"\n  against {a.against}: nodes sum {s0:,} -> "
                     f"{sum(r['nodes'] for r in both):,}, CPU sum {c0:.1f} -> "
                     f"{sum(r['cpu'] for r in both):.1f} s")
        print(line)
        summary.append(line)
        if a.profile and prof:
            total = sum(x[0] for x in prof) or 1
            print("  trick  nodes share  starts  by bounds  TT hit  hits answering (solved deals)")
            for k, (nd, st, bd, hits, cut) in enumerate(prof):
                probes = st - bd
                print(f"  {k:>5} {nd / total:>12.1%} {st:>7,} {bd / max(st, 1):>10.1%} "
                      f"{hits / max(probes, 1):>7.1%} {cut / max(hits, 1):>15.1%}")
    if len(summary) > 1:
        print("\n".join(summary))
    if a.save:
        Path(a.save).write_text(json.dumps({"cap": a.cap, "seed": a.seed, "sets": saved},
                                           indent=1))


if __name__ == "__main__":
    main()
