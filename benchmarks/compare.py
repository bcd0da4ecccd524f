"""One benchmark, this tree against another commit, alternating in the same run.

Each repetition runs the benchmark script once in this tree and once in the peer's (a
``git worktree`` of ``--peer`` under ``/tmp``, imported from its own source), the order
alternating; a regular expression picks the figure from each run's output. The script prints
every repetition, the medians and the ratio this/peer (for a time, ``--lower-is-better``
turns it so that a ratio above 1 still means "this tree is faster").

    python benchmarks/compare.py --peer 4d2a677 --repeats 5 \\
        --figure 'median: chaitea +([0-9.]+)' -- bench_jass.py --seconds 2 --repeats 1
    python benchmarks/compare.py --peer 4d2a677 --figure 'batch, 1 process : +([0-9,]+)' \\
        -- bench_batch.py --seconds 2 --repeats 1
    python benchmarks/compare.py --peer 4d2a677 --lower-is-better \\
        --figure 'ctj: +6 +python +\\d+ +\\d+ +([0-9.]+)' -- bench_solver.py --deals 10 --left 6
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def peer_tree(commit: str) -> Path:
    """A worktree of ``commit`` (made once), with the widgets package linked where the kit's
    editable install would put it."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", commit],
                         check=True, capture_output=True, text=True).stdout.strip()
    tree = Path(f"/tmp/chaitea-peer-{sha}")
    if not tree.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), sha],
                       check=True, capture_output=True)
    links = tree / ".pp"
    links.mkdir(exist_ok=True)
    if not (links / "chaitea_widgets").exists():
        (links / "chaitea_widgets").symlink_to(tree / "widgets")
    return tree


def run(tree: Path, argv: list[str], pattern: re.Pattern[str]) -> float:
    env = {**os.environ, "PYTHONPATH": f"{tree / '.pp'}:{tree}"}
    out = subprocess.run([sys.executable, str(tree / "benchmarks" / argv[0]), *argv[1:]],
                         cwd=tree, env=env, capture_output=True, text=True)
    m = pattern.search(out.stdout)
    if out.returncode or m is None:
        raise SystemExit(f"{tree}: no figure /{pattern.pattern}/ in the output "
                         f"(exit {out.returncode}):\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")
    return float(m.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peer", required=True, help="the commit to compare with")
    ap.add_argument("--figure", required=True, help="a regex whose group 1 is the figure")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--lower-is-better", action="store_true", help="the figure is a time")
    ap.add_argument("bench", nargs=argparse.REMAINDER, help="-- SCRIPT.py [its arguments]")
    a = ap.parse_args()
    argv = a.bench[1:] if a.bench[:1] == ["--"] else a.bench
    if not argv:
        raise SystemExit("name the benchmark script after --")
    pattern = re.compile(a.figure)
    trees = {"this": ROOT, "peer": peer_tree(a.peer)}
    figures: dict[str, list[float]] = {"this": [], "peer": []}
    ratios = []
    for rep in range(a.repeats):
        order = ["this", "peer"] if rep % 2 == 0 else ["peer", "this"]
        for name in order:
            figures[name].append(run(trees[name], argv, pattern))
        this, peer = figures["this"][-1], figures["peer"][-1]
        ratios.append(peer / this if a.lower_is_better else this / peer)
        print(f"rep {rep + 1}: this {this:,.2f}  peer {peer:,.2f}  ratio {ratios[-1]:.3f}",
              flush=True)
    print(f"{' '.join(argv)}: median this {statistics.median(figures['this']):,.2f}, "
          f"peer ({a.peer}) {statistics.median(figures['peer']):,.2f}; "
          f"ratio this/peer (above 1: this is faster) {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
