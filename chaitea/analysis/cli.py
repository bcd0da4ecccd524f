"""``python -m chaitea explore``: an exploration run from the command line (see
:func:`chaitea.analysis.explore.explore`).

    python -m chaitea explore --ruleset chai-tea-jazz --players 3 --setup long \\
        --deals 100000 --bots random --out results.parquet

Writes CSV (always) or Parquet (needs pyarrow: ``pip install 'chaitea[explore]'``), atomically
(a temporary file renamed into place), and prints a one-line summary; exit 2 with one line on
standard error when the engine refuses the run (a ruleset, setup or option), 64 for a bad
option value of the command line, 1 when the file cannot be written, 130 after Ctrl-C (the rows
done so far are written). Imports pandas only when
the command runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from typing import Any

__all__ = ["add_command", "run"]


def add_command(sub: Any) -> None:
    """Add the ``explore`` subcommand to ``python -m chaitea``'s subparsers."""
    p = sub.add_parser("explore", help="simulate many seeded rounds or games into a CSV or"
                       " Parquet table, one row per round and seat")
    p.add_argument("--ruleset", default="chai-tea-jazz")
    p.add_argument("--players", type=int, default=None, choices=(2, 3, 4, 6),
                   help="the ruleset's default when not given (Chai Tea Jazz: 3, Schieber: 4)")
    p.add_argument("--setup", default="standard",
                   help="standard, short, long, or a JSON list of rows")
    p.add_argument("--deals", type=int, default=1000, help="rounds (or games with --games)")
    p.add_argument("--games", action="store_true", help="play whole games instead of rounds")
    p.add_argument("--bots", default="random", help="a bot name, or one per seat, comma-separated")
    p.add_argument("--options", default="{}", help='engine options as JSON, e.g. '
                   '\'{"passing_the_barrel": true, "bet_debt_step": 3}\'')
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", default="1", help="processes, or dask")
    p.add_argument("--engine", default="state", choices=("state", "batch"))
    p.add_argument("--out", required=True, help="results.csv or results.parquet")
    p.add_argument("--no-progress", action="store_true")


EX_USAGE = 64  # a bad option value (as python -m chaitea's other commands: sysexits.h)


def _fail(message: str) -> int:
    """An exploration the engine refuses (a ruleset, setup or option): exit 2, one line."""
    from chaitea.core.markup import one_line

    print(one_line(f"error: {message}"), file=sys.stderr)
    return 2


def _usage(message: str) -> int:
    """A bad option value of the command line: exit 64, one line."""
    from chaitea.core.markup import one_line

    print(one_line(f"python -m chaitea explore: error: {message}"), file=sys.stderr)
    return EX_USAGE


def run(args: argparse.Namespace) -> int:
    """Run the ``explore`` subcommand; returns the exit code."""
    from chaitea.analysis.explore import explore
    from chaitea.core.errors import ChaiTeaError

    out: str = args.out
    fmt = os.path.splitext(out)[1].lower()
    if fmt not in (".csv", ".parquet"):
        return _usage(f"--out must end in .csv or .parquet, not {out!r}")
    if fmt == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            return _fail("Parquet needs pyarrow (pip install 'chaitea[explore]'); "
                         "or write .csv")
    try:
        options = json.loads(args.options)
        setup: Any = json.loads(args.setup) if args.setup.lstrip().startswith("[") \
            else args.setup
    except json.JSONDecodeError as e:
        return _usage(f"--options/--setup is not valid JSON ({e.msg})")
    if not isinstance(options, dict):
        return _usage("--options must be a JSON object")
    bots = args.bots.split(",")
    workers: Any = args.workers if args.workers == "dask" else None
    if workers is None:
        try:
            workers = int(args.workers)
        except ValueError:
            return _usage(f"--workers must be a number or dask, not {args.workers!r}")
    try:
        df = explore(args.deals, ruleset=args.ruleset, players=args.players, setup=setup,
                     options=options, bots=bots[0] if len(bots) == 1 else bots, seed=args.seed,
                     mode="games" if args.games else "rounds", workers=workers,
                     engine=args.engine, progress=not args.no_progress)
    except ChaiTeaError as e:
        return _fail(str(e))
    except Exception as e:  # a bug must still not show a traceback to a user
        return _fail(f"internal error ({type(e).__name__}: {e})")
    folder = os.path.dirname(os.path.abspath(out))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".explore-", suffix=fmt, dir=folder)
        os.close(fd)
        try:
            if fmt == ".csv":
                df.to_csv(tmp, index=False)
            else:
                df.to_parquet(tmp, index=False)
            os.replace(tmp, out)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError as e:
        print(f"cannot write {out}: {e.strerror or e}", file=sys.stderr)
        return 1
    state = "interrupted after" if df.attrs["interrupted"] else "done:"
    units = "games" if args.games else "rounds"
    print(f"{state} {df.attrs['completed']} {units}, {len(df)} rows -> {out} "
          f"({df.attrs['seconds']:.1f} s)")
    return 130 if df.attrs["interrupted"] else 0
