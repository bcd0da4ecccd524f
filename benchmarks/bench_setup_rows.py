"""Picking cost against the number of setup rows (a long custom setup must not slow picking).

A custom setup of N rows (cycling through the row kinds, so that many spellings are open) is
played for a few random rounds and the record replayed with ``chaitea.replay``; the figure is
CPU seconds per replayed round and per picking step, printed next to the same rounds of the
standard setup (9 rows) in the same run, with their ratio. Repetitions alternate between the
setups; medians are printed. A setup over ``chaitea.core.setups.MAX_ROWS`` rows is refused: its
refusal time is printed instead.

    python benchmarks/bench_setup_rows.py [--rows 64 1000 15000] [--rounds 3] [--repeat 3]

The engine before the row bound (a named peer, commit fea5344) runs the same script from an
exported copy of its package:

    git archive fea5344 chaitea | tar -x -C /tmp/peer
    PYTHONPATH=/tmp/peer python benchmarks/bench_setup_rows.py --rows 64 15000 --rounds 20
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import chaitea
from chaitea.core.setups import ROW_KINDS

KINDS = list(ROW_KINDS)  # Joker rows too: each offers every contract of the others


def rows_spec(n: int) -> list[dict[str, Any]]:
    return [{"row": KINDS[i % len(KINDS)], "value": 1 + i % 5} for i in range(n)]


def record(setup: str | list[dict[str, Any]], rounds: int, seed: int = 1) -> str:
    """A record of ``rounds`` random rounds (built with a small setup's engine when the big one
    is refused: the record is the same shape either way)."""
    game = chaitea.Game(players=3, setup=setup)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while len(state.round_results) < rounds and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return json.dumps(state.record())


def time_replay(text: str) -> tuple[float, str]:
    start = time.process_time()
    try:
        chaitea.replay(text)
        outcome = "replayed"
    except chaitea.RecordError as e:
        outcome = "refused: " + e.detail[:60]
    return time.process_time() - start, outcome


def menu_cost(setup: str | list[dict[str, Any]], masks: int = 300) -> float:
    """Microseconds of CPU per cache miss of the picking menu (``Game._picks``) with every row
    open (the same menu for every setup holding all row kinds)."""
    game = chaitea.Game(players=3, setup=setup)
    n = len(game.setup.rows)
    todo = [(1 << n) - 1] * masks
    game._pick_cache.clear()
    start = time.process_time()
    for m in todo:
        game._picks(m, 1, len(game.debts), None, True)
        game._pick_cache.clear()
    return (time.process_time() - start) / masks * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, nargs="+", default=[64, 1000, 15000])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    base = record("standard", args.rounds)
    steps = sum(len(r["picking"]) for r in json.loads(base)["rounds"])
    print(f"CPU seconds to replay {args.rounds} random rounds of 3 players ({steps} picking "
          "steps in the standard record); the machine is shared with other jobs.")
    print(f"{'setup':>16} {'median s':>10} {'vs standard':>12}  outcome")
    for n in args.rows:
        try:
            text = record(rows_spec(n), args.rounds)
        except chaitea.SetupError:
            # the engine refuses to build it: make the record by hand (same rounds' shape)
            rec = json.loads(record(rows_spec(min(n, 64)), args.rounds))
            rec["setup"] = rows_spec(n)
            text = json.dumps(rec)
        ours: list[float] = []
        theirs: list[float] = []
        outcome = ""
        for _ in range(args.repeat):  # alternate: standard, N rows, standard, ...
            theirs.append(time_replay(base)[0])
            t, outcome = time_replay(text)
            ours.append(t)
        mo, mt = statistics.median(ours), statistics.median(theirs)
        print(f"{f'{n} rows':>16} {mo:>10.4f} {mo / mt if mt else float('inf'):>11.1f}x  {outcome}")
    print(f"{'standard (9)':>16} {statistics.median(theirs):>10.4f} {1.0:>11.1f}x")
    sizes = [len(KINDS), 32, 48, 64]
    print(f"\nOne picking menu built afresh (a cache miss) for setups holding all {len(KINDS)} "
          f"row kinds (so the same spellings), microseconds of CPU (median of {args.repeat}, "
          "alternating), against the smallest:")
    runs: dict[int, list[float]] = {n: [] for n in sizes}
    for _ in range(args.repeat):
        for n in sizes:
            runs[n].append(menu_cost(rows_spec(n)))
    ref = statistics.median(runs[sizes[0]])
    for n in sizes:
        med = statistics.median(runs[n])
        print(f"{f'{n} rows':>16} {med:>10.1f} {med / ref:>11.1f}x")


if __name__ == "__main__":
    main()
