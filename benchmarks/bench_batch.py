"""Batch simulator speed: random three-player Chai Tea Jazz rounds per second, every contract
of the long setup mixed, beside OpenSpiel's C++ random playouts of its 36-card three-player Oh
Hell measured in the same run.

Reference: ``oh_hell(num_suits=4,num_cards_per_suit=9,num_tricks_fixed=11)`` (three players by
default), whole games played by ``pyspiel.evaluate_bots`` with uniform random bots. OpenSpiel
is a benchmark-only peer, never a dependency of the kit: ``pip install open-spiel`` into the
venv first (without it the script prints the batch figures alone and says so).

The batch figure counts whole rounds: deal, a row and contract drawn per round, random legal
play (compiled by numba; its compile or cache load is timed separately), scoring. One process
(rates per CPU second of the process, for the reference too, so that other load on the shared
machine disturbs them less) and two processes each simulating its own seeded half (wall clock).
Repetitions alternate (reference, batch, reference, ...); medians and the ratio are printed.

    python benchmarks/bench_batch.py [--seconds 2] [--repeats 5]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from chaitea.analysis import batch
from chaitea.analysis.rules import batch_tables, make_game, row_choices

TARGET = 7.0  # the batch simulator's speed target: its rounds/s over OpenSpiel's games/s
BATCH = 100_000


def batch_rate(seconds: float, seed: int, clock: Callable[[], float] = time.process_time) -> float:
    game = make_game(3, "long")
    contracts = [c for _r, _s, c in row_choices(game)]
    tables = batch_tables(game, contracts)
    done, start, k = 0, clock(), 0
    while True:
        batch.simulate(game, contracts, BATCH, seed=seed * 1000 + k, tables=tables)
        done += BATCH
        k += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return done / elapsed


def batch_rate_two(pool: ProcessPoolExecutor, seconds: float, seed: int) -> float:
    start = time.perf_counter()
    futures = [pool.submit(_count, seconds, seed * 10 + w) for w in range(2)]
    done = sum(f.result() for f in futures)
    return done / (time.perf_counter() - start)


def _count(seconds: float, seed: int) -> int:
    return round(batch_rate(seconds, seed, time.perf_counter) * seconds)


def openspiel_rate(seconds: float, seed: int) -> float | None:
    try:
        pyspiel: Any = importlib.import_module("pyspiel")  # benchmark-only peer, untyped
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell(num_suits=4,num_cards_per_suit=9,num_tricks_fixed=11)")
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    done, start = 0, time.process_time()
    while True:
        for _ in range(500):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + done)
        done += 500
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    t0 = time.perf_counter()
    game = make_game(3, "long")
    batch.simulate(game, ["over"], 10)
    print(f"numba: {batch.HAVE_NUMBA}; compile or cache load {time.perf_counter() - t0:.2f} s")
    ref: list[float] = []
    one: list[float] = []
    two: list[float] = []
    with ProcessPoolExecutor(2) as pool:
        for f in [pool.submit(_count, 0.1, 0) for _ in range(2)]:  # warm the workers
            f.result()
        for r in range(args.repeats):
            rate = openspiel_rate(args.seconds, r)
            if rate is not None:
                ref.append(rate)
            one.append(batch_rate(args.seconds, r))
            two.append(batch_rate_two(pool, args.seconds, r))
    b1, b2 = statistics.median(one), statistics.median(two)
    print("(a shared 2-core machine; medians of alternating repetitions; one process: per CPU"
          " second of this process; two processes: wall clock)")
    print(f"batch, 1 process : {b1:12,.0f} rounds/s   (runs: "
          f"{', '.join(f'{x:,.0f}' for x in one)})")
    print(f"batch, 2 processes: {b2:12,.0f} rounds/s   (runs: "
          f"{', '.join(f'{x:,.0f}' for x in two)})")
    if not ref:
        print("OpenSpiel reference: not installed (pip install open-spiel); no ratio")
        return
    r0 = statistics.median(ref)
    print(f"OpenSpiel oh_hell random playouts: {r0:12,.0f} games/s   (runs: "
          f"{', '.join(f'{x:,.0f}' for x in ref)})")
    print(f"ratio batch/OpenSpiel: 1 process {b1 / r0:.2f}x, 2 processes {b2 / r0:.2f}x "
          f"(target >= {TARGET:.0f}x)")


if __name__ == "__main__":
    main()
