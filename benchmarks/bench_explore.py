"""``chaitea.analysis.explore`` at scale: the state API on one and two worker processes, and the
batch engine end to end for a million rounds.

1. State API, random bots, three players, long setup: rounds/s with ``workers=1`` and
   ``workers=2`` (alternating repetitions, medians, the ratio; target >= 1.8x).
2. ``explore(1_000_000, engine="batch", workers=2)`` end to end (simulation, DataFrame) plus the
   summaries (declarer score by contract and seat, pick frequency, setup balance): wall-clock
   seconds (target < 60 s) and the peak resident memory of this process and of its workers
   (target < 2 GB), beside the same run with one worker.

Wall-clock seconds: the machine is shared by other work, which lowers every figure; say so
beside any figure reported.

    python benchmarks/bench_explore.py [--rounds 20000] [--repeats 3] [--million 1000000]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from chaitea.analysis import explore as ex


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)  # workers, once joined
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def state_rate(rounds: int, workers: int, seed: int) -> tuple[float, float]:
    """(rounds per wall-clock second, CPU seconds of this process and its workers)."""
    start, cpu = time.perf_counter(), _cpu()
    ex.explore(rounds, setup="long", seed=seed, workers=workers, progress=False)
    return rounds / (time.perf_counter() - start), _cpu() - cpu


def batch_end_to_end(n: int, workers: int) -> tuple[float, float, int]:
    start = time.perf_counter()
    df = ex.explore(n, setup="long", engine="batch", workers=workers, seed=1, progress=False)
    sim = time.perf_counter() - start
    ex.declarer_score(df, "contract")
    ex.declarer_score(df, "seat")
    ex.pick_frequency(df)
    ex.setup_balance(df)
    total = time.perf_counter() - start
    return sim, total, len(df)


def peak_mb() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own, kids


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20_000)  # amortises the pool start
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--million", type=int, default=1_000_000)
    args = ap.parse_args()
    print("(wall clock on a shared 2-core machine: other load lowers every figure)")
    one: list[float] = []
    two: list[float] = []
    cpu1: list[float] = []
    cpu2: list[float] = []
    for r in range(args.repeats):
        rate, cpu = state_rate(args.rounds, 1, r)
        one.append(rate)
        cpu1.append(cpu)
        rate, cpu = state_rate(args.rounds, 2, r)
        two.append(rate)
        cpu2.append(cpu)
    m1, m2 = statistics.median(one), statistics.median(two)
    eff = statistics.median(cpu1) / statistics.median(cpu2)
    print(f"state API, random bots, long setup, {args.rounds} rounds per run:")
    print(f"  1 worker : {m1:8,.0f} rounds/s (runs {', '.join(f'{x:,.0f}' for x in one)})")
    print(f"  2 workers: {m2:8,.0f} rounds/s (runs {', '.join(f'{x:,.0f}' for x in two)})")
    print(f"  ratio 2/1: {m2 / m1:.2f}x (target >= 1.8x)")
    print(f"  CPU seconds, all processes: 1 worker {statistics.median(cpu1):.2f}, 2 workers "
          f"{statistics.median(cpu2):.2f}: parallel efficiency {eff:.2f}, so about "
          f"{2 * eff:.2f}x on two idle cores (an estimate, not a measurement)")
    ex.explore(10, engine="batch", progress=False)  # compile or load the kernel once
    sim1, tot1, _rows1 = batch_end_to_end(args.million, 1)
    sim2, tot2, rows2 = batch_end_to_end(args.million, 2)
    own, kids = peak_mb()
    print(f"explore(engine='batch'), {args.million:,} rounds ({rows2:,} rows), long setup:")
    print(f"  1 worker : simulation + DataFrame {sim1:5.1f} s, with summaries {tot1:5.1f} s")
    print(f"  2 workers: simulation + DataFrame {sim2:5.1f} s, with summaries {tot2:5.1f} s "
          "(target < 60 s)")
    print(f"  peak memory: this process {own:,.0f} MB, largest worker {kids:,.0f} MB "
          "(target < 2,048 MB)")


if __name__ == "__main__":
    main()
