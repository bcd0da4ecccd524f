"""The first Advice at the picking panel: the CPU seconds of a fresh process's first
``panel.advise()`` (the coach and pandas loaded, the row baselines worked out, the sampled deals
played) against a second Advice, and against a first Advice after the panel's warm-up
(:func:`chaitea.ai.coach.warm_up`, which a running kernel starts in a thread a moment after
the panel opens). Each figure is the median of ``--runs`` fresh processes.

    python benchmarks/bench_first_advice.py [--runs 3] [--players 3] [--seed 2024]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

_ONE = """
import json, sys, time
from chaitea_widgets import GameDashboard
warm = sys.argv[1] == "warm"
panel = GameDashboard(players=int(sys.argv[2]), seed=int(sys.argv[3])).picking
w = 0.0
if warm:
    t = time.process_time()
    from chaitea.ai.coach import warm_up
    warm_up(panel.session.game)
    w = time.process_time() - t
t = time.process_time()
a = panel.advise()
first = time.process_time() - t
t = time.process_time()
panel.advise()
second = time.process_time() - t
print(json.dumps([w, first, second, a.recommended]))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    for mode in ("cold", "warm"):
        got = [json.loads(subprocess.run(
            [sys.executable, "-c", _ONE, mode, str(args.players), str(args.seed)],
            capture_output=True, text=True, check=True).stdout) for _ in range(args.runs)]
        w, first, second = (statistics.median(g[k] for g in got) for k in range(3))
        print(f"{mode}: warm-up {w:.2f} s, first Advice {first:.2f} s, second {second:.2f} s "
              f"CPU (median of {args.runs}; advice {got[0][3]})")


if __name__ == "__main__":
    main()
