"""Double-dummy solver speed: time per solve, nodes per second, table hit rate.

Random three-player Trump deals (the contract's suit drawn per deal), solved from a position with
K tricks left (the tricks before played at random), for K in a list; the full
target is K = 12 (from the first lead) over 100 deals: median <= 250 ms, worst <= 10 s. Each
solve is capped at ``--node-limit`` nodes (a capped solve counts as unfinished and its time as a
lower bound). In the same run, as a baseline, plain minimax (no pruning, no table) solves the
same 3-trick endings, alternating with the solver; the ratio of their times is printed. Times
are this process's CPU time (``time.process_time``: less disturbed by the other load of a shared
machine than wall clock; the load average is printed with them).

Two searches are timed on the same positions, alternating: the pure-Python search
(``python``) and the numba-compiled one (``numba``, chaitea.ai._nbsolver; its one-time compile is
done before the clock starts and printed). ``--game schieber`` solves Schieber deals (four
players, nine tricks; trump, Obenabe or Undenufe drawn per deal) instead; the target from the
first lead (K = 9) is a median of at most 50 ms.

    python benchmarks/bench_solver.py            # quick: 10 deals at 3, 5 and 6 tricks left
    python benchmarks/bench_solver.py --full     # 100 deals at 3, 6, 9 and 12 tricks left
    python benchmarks/bench_solver.py --game schieber --left 9 --engines numba --deals 100
    python benchmarks/bench_solver.py --cold-start --left 9   # a fresh process's first solve
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chaitea import Game, Suit
from chaitea.ai import _nbsolver
from chaitea.ai.kernel import Position, Rules, position_of, rules_of
from chaitea.ai.solver import SearchLimit, solve_position
from tests.ai.jass_positions import jass_round
from tests.ai.reference import coalition, minimax

SCHIEBER_MODES = ("trump(C)", "trump(D)", "trump(H)", "trump(S)", "obenabe", "undenufe")


def positions(deals: int, tricks_left: int, seed: int,
              game: str = "ctj") -> list[tuple[Rules, Position]]:
    rng = random.Random(seed)
    g = Game(players=3)
    out = []
    if game == "schieber":
        for _ in range(deals):
            st = jass_round(rng, "schieber", 4, {}, rng.choice(SCHIEBER_MODES))
            while len(st.trick_ids()) < 9 - tricks_left:
                st.apply_action(rng.choice(st.legal_actions()))
            out.append((rules_of(st), position_of(st)))
        return out
    for _ in range(deals):
        suit = rng.choice(list(Suit))
        cs = g.round_state(rng.randrange(2**31), rng.randrange(3), f"trump({suit.letter})")
        while cs.trick_number < g.n_tricks - tricks_left:
            cs.apply_action(rng.choice(cs.legal_actions()))
        out.append((rules_of(cs), position_of(cs)))
    return out


def run(deals: int, lefts: list[int], node_limit: int, seed: int, engines: list[str],
        game: str, python_max_left: int) -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (shared machine: "
          "other agents' jobs run beside these figures)")
    if "numba" in engines:
        t = time.perf_counter()
        _nbsolver.compiled_node()
        print(f"numba compile, or load from numba's cache on disk: "
              f"{time.perf_counter() - t:.1f} s wall")
    print(f"{game}: {'left':>4} {'engine':>6} {'deals':>5} {'done':>4} {'median ms':>10} "
          f"{'worst ms':>10} {'nodes/s':>9} {'TT hit':>7} {'nodes med':>10}")
    for left in lefts:
        acc: dict[str, dict[str, float]] = {e: {"hits": 0, "probes": 0, "done": 0, "nodes": 0,
                                                "time": 0.0} for e in engines}
        times: dict[str, list[float]] = {e: [] for e in engines}
        nodes: dict[str, list[int]] = {e: [] for e in engines}
        for k, (rules, pos) in enumerate(positions(deals, left, seed + left, game)):
            order = engines if k % 2 == 0 else engines[::-1]  # alternate who goes first
            for e in order:
                if e == "python" and left > python_max_left:
                    continue
                t = time.process_time()
                try:
                    _, _, stats = solve_position(rules, pos, all_best=False,
                                                 node_limit=node_limit, numba=e == "numba")
                    acc[e]["done"] += 1
                    n = stats.nodes
                    acc[e]["hits"] += stats.tt_hits
                    acc[e]["probes"] += stats.tt_probes
                except SearchLimit:
                    n = node_limit
                dt = time.process_time() - t
                times[e].append(dt)
                nodes[e].append(n)
                acc[e]["nodes"] += n
                acc[e]["time"] += dt
        for e in engines:
            if not times[e]:
                print(f"{game}: {left:>4} {e:>6}   (skipped: more than {python_max_left} tricks "
                      "left)")
                continue
            a = acc[e]
            print(f"{game}: {left:>4} {e:>6} {len(times[e]):>5} {int(a['done']):>4} "
                  f"{1000 * statistics.median(times[e]):>10.1f} {1000 * max(times[e]):>10.1f} "
                  f"{a['nodes'] / a['time']:>9.0f} {a['hits'] / max(1, a['probes']):>7.2f} "
                  f"{statistics.median(nodes[e]):>10.0f}")
        if len(engines) == 2 and all(len(times[e]) == len(times[engines[0]]) for e in engines):
            ratio = statistics.median(times["python"]) / statistics.median(times["numba"])
            print(f"{game}: {left:>4} median ratio python/numba {ratio:.1f}x")


def baseline(deals: int, seed: int) -> None:
    """Solver against plain minimax on the same 3-trick endings, alternating."""
    ts, tm = [], []
    for rules, pos in positions(deals, 3, seed):
        for which in ("solver", "minimax"):
            t = time.process_time()
            if which == "solver":
                v1, _, _ = solve_position(rules, pos, all_best=False)
                ts.append(time.process_time() - t)
            else:
                v2 = minimax(rules, pos, coalition(rules, pos.turn), False)
                tm.append(time.process_time() - t)
        assert v1 == v2, "solver and minimax disagree"
    ms, mm = statistics.median(ts), statistics.median(tm)
    print(f"3 tricks left, {deals} endings: solver median {1000 * ms:.2f} ms, plain minimax "
          f"median {1000 * mm:.2f} ms, ratio {mm / ms:.1f}x")


_COLD = """
import random, resource, sys, time
t0 = time.process_time()
import chaitea
from chaitea.ai.kernel import position_of, rules_of
from chaitea.ai.solver import solve_position
sys.path.insert(0, {root!r})
from tests.ai.jass_positions import jass_round
rng = random.Random({seed})
st = jass_round(rng, "schieber", 4, {{}}, "trump(H)")
while len(st.trick_ids()) < 9 - {left}:
    st.apply_action(rng.choice(st.legal_actions()))
t1 = time.process_time()
value, cards, stats = solve_position(rules_of(st), position_of(st), numba={numba})
t2 = time.process_time()
print(f"{{t1 - t0:.2f}} {{t2 - t1:.2f}} {{stats.nodes}}")
"""


def cold_start(left: int, seed: int) -> None:
    """A fresh process's first solve (target: within 2 s of CPU, any compile or cache load
    included): the import and set-up, then one Schieber solve at ``left`` tricks left, with the
    default search and with the compiled one (``numba=True``: its compile is paid here)."""
    root = str(Path(__file__).resolve().parents[1])
    for label, numba in (("default (numba=None)", "None"), ("compiled (numba=True)", "True")):
        code = _COLD.format(root=root, seed=seed, left=left, numba=numba)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             cwd=root, env={**os.environ, "PYTHONPATH": root})
        if out.returncode:
            raise SystemExit(out.stderr[-2000:])
        setup, solve, nodes = out.stdout.split()
        print(f"cold start, {label}: import and set-up {setup} s CPU, first solve at {left} "
              f"tricks left {solve} s CPU ({nodes} nodes); total "
              f"{float(setup) + float(solve):.2f} s (target: at most 2 s)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="100 deals at 3, 6, 9, 12 tricks left")
    ap.add_argument("--deals", type=int)
    ap.add_argument("--left", type=int, nargs="*")
    ap.add_argument("--node-limit", type=int, default=5_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=("ctj", "schieber"), default="ctj")
    ap.add_argument("--engines", default="python,numba" if _nbsolver.HAVE_NUMBA else "python")
    ap.add_argument("--cold-start", action="store_true",
                    help="a fresh process's first Schieber solve (import, compile, solve)")
    ap.add_argument("--python-max-left", type=int, default=6,
                    help="the Python search only up to this many tricks left (slow beyond)")
    a = ap.parse_args()
    if a.cold_start:
        cold_start((a.left or [9])[0], a.seed)
        return
    deals = a.deals or (100 if a.full else 10)
    full_left = [3, 6, 9] if a.game == "schieber" else [3, 6, 9, 12]
    lefts = a.left or (full_left if a.full else [3, 5, 6])
    run(deals, lefts, a.node_limit, a.seed, a.engines.split(","), a.game, a.python_max_left)
    if a.game == "ctj":
        baseline(min(deals, 20), a.seed)


if __name__ == "__main__":
    main()
