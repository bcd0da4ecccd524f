"""Instructions per game, this tree against another commit, counted by valgrind.

On a shared machine a timing ratio wanders by +-25% between repetitions; the instructions a
workload executes do not. For each configuration this script runs seeded random games through
the state API (``legal_actions()``, then ``apply_action()`` of a random legal id, as
``bench_engine.py`` and ``bench_jass.py`` do) under ``valgrind --tool=callgrind`` in this tree and
in a ``git worktree`` of ``--peer``, twice each (``--warm`` games, then ``--warm`` + ``--games``),
and prints the difference per game: start-up, imports and first-use tables cancel out. The
ratio is peer/this (above 1: this tree executes fewer instructions). Instructions are not time
(caches, branch prediction), but a change in them is a change in the work done.

    python benchmarks/icount.py --peer a99262a
    python benchmarks/icount.py --peer a99262a --only schieber "3 players, standard"
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import ROOT, peer_tree  # type: ignore[import-not-found]

#: label -> the Game's keywords
CONFIGS: dict[str, dict[str, object]] = {
    "2 players, standard": {"players": 2},
    "3 players, standard": {"players": 3},
    "4 players, standard": {"players": 4},
    "6 players, standard": {"players": 6},
    "6 players double deck, standard": {"players": 6, "deck": "double"},
    "3 players, long": {"players": 3, "setup": "long"},
    "3 players, passing the barrel + match point": {"players": 3, "passing_the_barrel": True,
                                                    "match_point": True},
    "schieber": {"ruleset": "schieber"},
    "schieber, 6 players": {"ruleset": "schieber", "players": 6},
    "coiffeur": {"ruleset": "coiffeur"},
}

WORKLOAD = """
import json, random, sys
import chaitea
game = chaitea.Game(**json.loads(sys.argv[1]))
rng = random.Random(1)
for i in range(int(sys.argv[2])):
    state = game.new_initial_state(seed=i)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
"""


def count(tree: Path, config: dict[str, object], games: int) -> int:
    """The instructions valgrind counts for ``games`` games in ``tree``."""
    env = {**os.environ, "PYTHONPATH": f"{tree / '.pp'}:{tree}", "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", WORKLOAD, json.dumps(config), str(games)],
                         env=env, cwd=tree, capture_output=True, text=True)  # -c: cwd first
    m = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode or m is None:
        raise SystemExit(f"valgrind failed in {tree} (exit {out.returncode}):\n"
                         f"{out.stderr[-2000:]}")
    return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--peer", required=True, help="the commit to compare with")
    ap.add_argument("--games", type=int, default=10, help="games counted per configuration")
    ap.add_argument("--warm", type=int, default=3, help="games played first and subtracted")
    ap.add_argument("--only", nargs="*", help="configurations to count (default: all)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    unknown = set(args.only or ()) - set(CONFIGS)
    if unknown:
        raise SystemExit(f"unknown configuration(s) {sorted(unknown)}; use {list(CONFIGS)}")
    labels = args.only or list(CONFIGS)
    peer = peer_tree(args.peer)
    trees = {"this": ROOT, args.peer: peer}
    jobs = [(label, name, n) for label in labels for name in trees
            for n in (args.warm, args.warm + args.games)]
    with ThreadPoolExecutor(args.jobs) as pool:
        got = dict(zip(jobs, pool.map(lambda j: count(trees[j[1]], CONFIGS[j[0]], j[2]), jobs),
                       strict=True))
    print(f"instructions per game (valgrind callgrind; games {args.warm}..{args.warm + args.games}"
          f" of seeded random play), this tree against {args.peer}")
    for label in labels:
        per = {name: (got[(label, name, args.warm + args.games)] - got[(label, name, args.warm)])
               / args.games for name in trees}
        print(f"{label:45s} this {per['this'] / 1e6:8.3f}M  {args.peer} "
              f"{per[args.peer] / 1e6:8.3f}M  ratio {args.peer}/this "
              f"{per[args.peer] / per['this']:6.3f}", flush=True)


if __name__ == "__main__":
    main()
