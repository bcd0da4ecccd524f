"""The batch simulator's Jass modes against the state API: random four-player Schieber rounds
per second in the same process.

Three figures, each a whole round: deal, a contract drawn uniformly from Schieber's six (no
push), random legal play under the Jass follow rule, card points with the last trick's 5.

- ``state API``: ``JassGame.new_initial_state`` + ``apply_deal(seed)`` + the forehand's pick +
  ``random.choice(state.legal_actions())`` through the validating ``apply_action`` until the
  round is written (Schieber's score: Weis, Stöck, Match, multiplier);
- ``batch kernel``: :func:`chaitea.analysis.batch_plans.simulate_plans` (numba; its compile or
  cache load is timed separately), 100,000 rounds a call: tricks and card points;
- ``batch rows``: ``explore(n, ruleset="schieber", engine="batch")`` as a user runs it, one row
  per round and seat with Weis and Stöck (Python per round), Match, multiplier, score and hand
  features, in one process.

Rates are per CPU second of this process (other load on the shared machine disturbs them
less); the repetitions alternate (state, kernel, rows, state, ...); medians and the ratios are
printed.

    python benchmarks/bench_jass_batch.py [--seconds 2] [--repeats 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from chaitea.analysis.batch import HAVE_NUMBA
from chaitea.analysis.batch_plans import plan_tables, simulate_plans
from chaitea.analysis.explore import explore
from chaitea.rulesets import jass_game

BATCH = 100_000
ROWS = 50_000


def state_rate(seconds: float, seed: int) -> float:
    game = jass_game("schieber")
    contracts = list(game.table.contracts)
    rng = random.Random(seed)
    choice = rng.choice
    done, start = 0, time.process_time()
    while True:
        for _ in range(200):
            st = game.new_initial_state(forehand=done % 4)
            st.apply_deal(seed * 10_000_000 + done)
            st.apply_action(choice(contracts))
            while st.phase == "play":
                st.apply_action(choice(st.legal_actions()))
            done += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def kernel_rate(seconds: float, seed: int) -> float:
    game = jass_game("schieber")
    contracts = list(game.table.contracts)
    tables = plan_tables(game, contracts)
    done, start, k = 0, time.process_time(), 0
    while True:
        simulate_plans(game, contracts, BATCH, seed=seed * 1000 + k, tables=tables)
        done += BATCH
        k += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def rows_rate(seconds: float, seed: int) -> float:
    done, start, k = 0, time.process_time(), 0
    while True:
        explore(ROWS, ruleset="schieber", engine="batch", seed=seed * 1000 + k, progress=False)
        done += ROWS
        k += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def _runs(xs: list[float]) -> str:
    return ", ".join(f"{x:,.0f}" for x in xs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    t0 = time.perf_counter()
    game = jass_game("schieber")
    simulate_plans(game, ["obenabe"], 10)
    print(f"numba: {HAVE_NUMBA}; compile or cache load {time.perf_counter() - t0:.2f} s")
    explore(10, ruleset="schieber", engine="batch", progress=False)
    state: list[float] = []
    kernel: list[float] = []
    rows: list[float] = []
    for r in range(args.repeats):
        state.append(state_rate(args.seconds, r))
        kernel.append(kernel_rate(args.seconds, r))
        rows.append(rows_rate(args.seconds, r))
    s, k, w = (statistics.median(x) for x in (state, kernel, rows))
    print("(Schieber, four players, random play; a shared 2-core machine; medians of "
          "alternating repetitions, per CPU second of this process)")
    print(f"state API   : {s:12,.0f} rounds/s   (runs: {_runs(state)})")
    print(f"batch kernel: {k:12,.0f} rounds/s   (runs: {_runs(kernel)})")
    print(f"batch rows  : {w:12,.0f} rounds/s   (runs: {_runs(rows)})")
    print(f"ratio batch/state API: kernel {k / s:.1f}x, rows {w / s:.1f}x")


if __name__ == "__main__":
    main()
