"""Double-dummy solver speed (issue 10): time per solve, nodes per second, table hit rate.

Random three-player Trump deals (the contract's suit drawn per deal), solved from a position with
K tricks left (the tricks before played at random), for K in a list; the full
target is K = 12 (from the first lead) over 100 deals: median <= 250 ms, worst <= 10 s. Each
solve is capped at ``--node-limit`` nodes (a capped solve counts as unfinished and its time as a
lower bound). In the same run, as a baseline, plain minimax (no pruning, no table) solves the
same 3-trick endings, alternating with the solver; the ratio of their times is printed. Times
are this process's CPU time (``time.process_time``: less disturbed by the other load of a shared
machine than wall clock; the load average is printed with them).

    python benchmarks/bench_solver.py            # quick: 10 deals at 3, 5 and 6 tricks left
    python benchmarks/bench_solver.py --full     # 100 deals at 3, 6, 9 and 12 tricks left
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chaitea import Game, Suit
from chaitea.kernel import Position, Rules, position_of, rules_of
from chaitea.solver import SearchLimit, solve_position
from tests.bots.reference import coalition, minimax


def positions(deals: int, tricks_left: int, seed: int) -> list[tuple[Rules, Position]]:
    rng = random.Random(seed)
    g = Game(players=3)
    out = []
    for _ in range(deals):
        suit = rng.choice(list(Suit))
        st = g.round_state(rng.randrange(2**31), rng.randrange(3), f"trump({suit.letter})")
        while st.trick_number < g.n_tricks - tricks_left:
            st.apply_action(rng.choice(st.legal_actions()))
        out.append((rules_of(st), position_of(st)))
    return out


def run(deals: int, lefts: list[int], node_limit: int, seed: int) -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (shared machine)")
    print(f"{'left':>4} {'deals':>5} {'done':>4} {'median ms':>10} {'worst ms':>10} "
          f"{'nodes/s':>9} {'TT hit':>7} {'nodes med':>10}")
    for left in lefts:
        times, nodes, hits, probes, done = [], [], 0, 0, 0
        total_nodes = 0
        total_time = 0.0
        for rules, pos in positions(deals, left, seed + left):
            t = time.process_time()
            try:
                _, _, stats = solve_position(rules, pos, all_best=False,
                                             node_limit=node_limit)
                done += 1
                n = stats.nodes
                hits += stats.tt_hits
                probes += stats.tt_probes
            except SearchLimit:
                n = node_limit
            dt = time.process_time() - t
            times.append(dt)
            nodes.append(n)
            total_nodes += n
            total_time += dt
        print(f"{left:>4} {deals:>5} {done:>4} {1000 * statistics.median(times):>10.1f} "
              f"{1000 * max(times):>10.1f} {total_nodes / total_time:>9.0f} "
              f"{hits / max(1, probes):>7.2f} {statistics.median(nodes):>10.0f}")


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="100 deals at 3, 6, 9, 12 tricks left")
    ap.add_argument("--deals", type=int)
    ap.add_argument("--left", type=int, nargs="*")
    ap.add_argument("--node-limit", type=int, default=5_000_000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    deals = a.deals or (100 if a.full else 10)
    lefts = a.left or ([3, 6, 9, 12] if a.full else [3, 5, 6])
    run(deals, lefts, a.node_limit, a.seed)
    baseline(min(deals, 20), a.seed)


if __name__ == "__main__":
    main()
