"""``python -m chaitea explore``: an exploration run from the command line (see
:func:`chaitea.analysis.explore.explore`).

    python -m chaitea explore --ruleset chai-tea-jazz --players 3 --setup long \\
        --deals 100000 --bots random --out results.parquet

Writes CSV (always) or Parquet (needs pyarrow: ``pip install 'chaitea[explore]'``), atomically
(a temporary file renamed into place), and prints a one-line summary. Exit 64 with the usage
and one line naming the option for a bad option value (checked while the command line is
parsed: ``--deals`` 1 to 10,000,000, ``--workers`` 1 to 256 or ``dask``, a known ruleset, bot
and setup, ``--options`` a JSON object, ``--out`` a .csv or .parquet name); exit 2 with one
line on standard error when the engine refuses the run the values describe together (an option
the ruleset does not have, a bot count for the wrong number of seats, the batch engine with a
game it cannot play) or when Parquet is asked for without pyarrow; 1 when the file cannot be
written; 130 after Ctrl-C (the rows done so far are written). Imports pandas only when the
command runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from typing import Any

from chaitea.records.command_line import MAX_DEALS, MAX_WORKERS, Count, ruleset_name, seed_value

__all__ = ["add_command", "run"]

BOT_NAMES = ("random", "rule", "pimc")  # the Chai Tea Jazz and the Jass bots alike


def _bots(text: str) -> list[str]:
    """``--bots``: a bot name for every seat, or one per seat, comma-separated."""
    names = [b.strip() for b in text.split(",")]
    bad = next((b for b in names if b not in BOT_NAMES), None)
    if bad is not None:
        raise argparse.ArgumentTypeError(f"unknown bot {_quote(bad)}: give a name of "
                                         f"{', '.join(BOT_NAMES)}, or one per seat "
                                         "comma-separated")
    return names


def _setup(text: str) -> Any:
    """``--setup``: standard, short, long, or a JSON list of rows (RECORD setup)."""
    from chaitea.core.errors import ChaiTeaError
    from chaitea.core.setups import parse_setup

    try:
        setup: Any = json.loads(text) if text.lstrip().startswith("[") else text
        parse_setup(setup)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"not valid JSON ({e.msg})") from None
    except ChaiTeaError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return setup


def _options(text: str) -> dict[str, Any]:
    """``--options``: the engine's options as a JSON object (the engine checks each)."""
    try:
        options = json.loads(text)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"not valid JSON ({e.msg})") from None
    if not isinstance(options, dict):
        raise argparse.ArgumentTypeError(f"must be a JSON object, not {_quote(text)}")
    return options


def _workers(text: str) -> int | str:
    """``--workers``: processes (1 to :data:`MAX_WORKERS`), or ``dask``."""
    if text == "dask":
        return text
    try:
        return Count(1, MAX_WORKERS)(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"must be dask or a whole number from 1 to "
                                         f"{MAX_WORKERS}, not {_quote(text)}") from None


def _out(text: str) -> str:
    """``--out``: a file name ending in .csv or .parquet."""
    if os.path.splitext(text)[1].lower() not in (".csv", ".parquet"):
        raise argparse.ArgumentTypeError(f"must end in .csv or .parquet, not {_quote(text)}")
    return text


def _quote(text: str) -> str:
    from chaitea.core.markup import quote

    return quote(text, 60)


def add_command(sub: Any) -> None:
    """Add the ``explore`` subcommand to ``python -m chaitea``'s subparsers."""
    p = sub.add_parser("explore", help="simulate many seeded rounds or games into a CSV or"
                       " Parquet table, one row per round and seat")
    p.add_argument("--ruleset", type=ruleset_name, default="chai-tea-jazz")
    p.add_argument("--players", type=int, default=None, choices=(2, 3, 4, 6),
                   help="the ruleset's default when not given (Chai Tea Jazz: 3, Schieber: 4)")
    p.add_argument("--setup", type=_setup, default="standard",
                   help="standard, short, long, or a JSON list of rows")
    p.add_argument("--deals", type=Count(1, MAX_DEALS), default=1000,
                   help=f"rounds (or games with --games), 1 to {MAX_DEALS:,}")
    p.add_argument("--games", action="store_true", help="play whole games instead of rounds")
    p.add_argument("--bots", type=_bots, default="random",
                   help="a bot name, or one per seat, comma-separated: "
                   + ", ".join(BOT_NAMES))
    p.add_argument("--options", type=_options, default="{}", help='engine options as JSON, e.g. '
                   '\'{"passing_the_barrel": true, "bet_debt_step": 3}\'')
    p.add_argument("--seed", type=seed_value, default=0, help="a whole number (default 0)")
    p.add_argument("--workers", type=_workers, default="1",
                   help=f"processes (1 to {MAX_WORKERS}), or dask")
    p.add_argument("--engine", default="state", choices=("state", "batch"))
    p.add_argument("--out", type=_out, required=True, help="results.csv or results.parquet")
    p.add_argument("--no-progress", action="store_true")


def _fail(message: str) -> int:
    """An exploration the engine refuses (the values together): exit 2, one line."""
    from chaitea.core.markup import one_line

    print(one_line(f"error: {message}"), file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Run the ``explore`` subcommand (its options checked by the parser); returns the exit
    code."""
    from chaitea.analysis.explore import explore
    from chaitea.core.errors import ChaiTeaError

    out: str = args.out
    fmt = os.path.splitext(out)[1].lower()
    if fmt == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            return _fail("Parquet needs pyarrow (pip install 'chaitea[explore]'); "
                         "or write .csv")
    bots: list[str] = args.bots
    try:
        df = explore(args.deals, ruleset=args.ruleset, players=args.players, setup=args.setup,
                     options=args.options, bots=bots[0] if len(bots) == 1 else bots,
                     seed=args.seed, mode="games" if args.games else "rounds",
                     workers=args.workers, engine=args.engine,
                     progress=not args.no_progress)
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
        from chaitea.core.markup import one_line, shorten

        print(one_line(f"cannot write {shorten(out, 200)}: {e.strerror or e}"), file=sys.stderr)
        return 1
    state = "interrupted after" if df.attrs["interrupted"] else "done:"
    units = "games" if args.games else "rounds"
    print(f"{state} {df.attrs['completed']} {units}, {len(df)} rows -> {out} "
          f"({df.attrs['seconds']:.1f} s)")
    return 130 if df.attrs["interrupted"] else 0
