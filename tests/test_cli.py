"""``python -m chaitea``: every subcommand's help, and a bad value of every option it takes.

The command line documents its exit codes (``chaitea/__main__.py``): 0 done, 2 a record or game
refused, 1 a file, 64 a usage error, 130 interrupted, 141 output closed; never a traceback.
The subcommands and their options are read from the parser itself
(:func:`chaitea.__main__.build_parser`), so a new subcommand or option is covered as soon as it
exists; an option this file has no bad value for fails :func:`test_every_option_has_bad_values`.

A usage error, precisely: exit 64, nothing on standard output, and standard error is the
subcommand's usage exactly as argparse formats it (``format_usage()``: ``usage: python -m
chaitea CMD ...``, one or more lines), then exactly one more line, ``python -m chaitea CMD:
error: argument --OPTION: ...``, naming the option; ``Traceback`` nowhere.

The cases run in this process through ``main(argv)`` (fast); a few run as real processes to
prove the entry point ``python -m chaitea``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from chaitea.__main__ import build_parser, main
from chaitea.ai.bots import PimcBot, make_bot
from chaitea.core.errors import SetupError
from chaitea.records.command_line import MAX_DEALS, MAX_SAMPLES, MAX_WORKERS, Count

ROOT = Path(__file__).resolve().parents[1]
PARSER = build_parser()


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands' parsers, by name, as the parser holds them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("the parser has no subcommands")


SUBCOMMANDS = subcommands(PARSER)


def value_options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options of a parser that take a value (not flags, not --help, not positionals)."""
    return [a for a in parser._actions if a.option_strings and a.nargs != 0]


# Options whose bad values are not read from the parser (a choice or a Count): by option name.
BAD_BY_OPTION: dict[str, list[str]] = {
    "--seed": ["seven", "1.5", "", "9" * 4001, "9" * 5000],
    "--ruleset": ["bezique", "", "Schieber"],
    "--bots": ["nobody", "rule,nobody,random", ",", "rule;random"],
    "--contract": ["nonsense", "trump(X)", "\x1b[2J"],
    "--option": ["nonsense", "=true", ""],
    "--options": ["{bad", "[1, 2]", "3", "null"],
    "--setup": ["gigantic", "[bad", '[{"row": "bogus", "value": 1}]', "[]"],
    "--workers": ["many", "0", "-2", str(MAX_WORKERS + 1), "9" * 30, "DASK"],
    "--out": ["r.xlsx", "results", ""],
}

# Options every run of a subcommand gets first (a bad value given after them still parses and
# is refused): a required option, and small counts in case a bad value were ever let through.
BASE: dict[str, list[str]] = {
    "explore": ["--deals", "1", "--no-progress", "--out", "r.csv"],
    "tournament": ["--deals", "1"],
}


def bad_values(action: argparse.Action) -> list[str]:
    """Clearly bad values for an option: an unknown name for a choice; not a number, zero,
    negative, one past the cap and huge for a count; else :data:`BAD_BY_OPTION`."""
    if action.choices is not None:
        known = {str(c) for c in action.choices}
        return [v for v in ("no-such-name", "5", "x", "") if v not in known]
    if isinstance(action.type, Count):
        t = action.type
        return ["x", "1.5", "", str(t.low - 1), "-3", str(t.high + 1), "9" * 30, "9" * 5000]
    return BAD_BY_OPTION.get(action.option_strings[-1], [])


def cases() -> list[tuple[str, str, str]]:
    out = []
    for cmd, parser in SUBCOMMANDS.items():
        for action in value_options(parser):
            option = action.option_strings[-1]
            out += [(cmd, option, bad) for bad in bad_values(action)]
    return out


CASES = cases()
# The Jass-family forms read some values in the ruleset's own terms.
JASS_CASES = [
    ("deal", "--contract", "nonsense", ["--ruleset", "schieber"]),
    ("deal", "--contract", "under", ["--ruleset", "coiffeur"]),
    ("random-game", "--seed", "seven", ["--ruleset", "schieber"]),
    ("tournament", "--samples", "0", ["--ruleset", "schieber", "--bots", "pimc,random"]),
    ("tournament", "--bots", "genius,rule", ["--ruleset", "schieber"]),
    ("explore", "--bots", "genius", ["--ruleset", "schieber"]),
    ("explore", "--deals", "0", ["--ruleset", "schieber", "--games"]),
]


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` in this process: its exit code (a ``SystemExit`` of argparse counted as
    one), standard output and standard error. Any other exception fails the test: a user
    would see it as a traceback."""
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else -1
    out, err = capsys.readouterr()
    return code, out, err


def check_usage_error(cmd: str, option: str, code: int, out: str, err: str) -> str:
    """Exit 64, the subcommand's usage and one line naming the option (see the docstring);
    returns that line."""
    assert code == 64, (code, err)
    assert out == ""
    assert "Traceback" not in err
    usage = SUBCOMMANDS[cmd].format_usage()
    assert usage.startswith(f"usage: python -m chaitea {cmd} ")
    assert err.startswith(usage), err
    rest = err[len(usage):]
    assert rest.count("\n") == 1 and rest.endswith("\n"), err
    line = rest[:-1]
    assert line.startswith(f"python -m chaitea {cmd}: error: argument {option}: "), line
    assert "\x1b" not in line
    return line


# -- help --------------------------------------------------------------------------------------
def test_the_parser_has_every_subcommand() -> None:
    """The discovery sees the subcommands (so the loops below are not empty)."""
    assert {"replay", "deal", "random-game", "explore", "tournament"} <= set(SUBCOMMANDS)
    assert len(CASES) > 80


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("cmd", ["", *SUBCOMMANDS])
def test_help_of_every_subcommand(cmd: str, flag: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` and ``-h``, of the command and of every subcommand: exit 0, the help on
    standard output, nothing on standard error (help texts are %-formatted by argparse: a
    literal % must be written %%, or the help is a TypeError)."""
    code, out, err = run_main([cmd, flag] if cmd else [flag], capsys)
    assert code == 0, err
    assert err == "" and "Traceback" not in out
    prog = f"python -m chaitea {cmd}".strip()
    assert out.startswith(f"usage: {prog} ")
    assert (SUBCOMMANDS[cmd] if cmd else PARSER).format_help() == out


# -- bad values --------------------------------------------------------------------------------
def test_every_option_has_bad_values() -> None:
    """Every option that takes a value has bad values to try, and every positional argument
    is one this file knows (``replay FILE``: see test_replay_file_that_cannot_be_opened)."""
    for cmd, parser in SUBCOMMANDS.items():
        for action in value_options(parser):
            assert bad_values(action), f"no bad value for {cmd} {action.option_strings[-1]}"
        positionals = [a.dest for a in parser._actions if not a.option_strings]
        assert positionals == (["file"] if cmd == "replay" else []), (cmd, positionals)


@pytest.mark.parametrize(("cmd", "option", "bad"), CASES,
                         ids=[f"{c} {o} {b[:12]!r}" for c, o, b in CASES])
def test_a_bad_value_is_a_usage_error(cmd: str, option: str, bad: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every option of every subcommand, each clearly bad value: exit 64, the usage and one
    line naming the option, never a traceback (and nothing written: ``explore --out``)."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main([cmd, *BASE.get(cmd, []), option, bad], capsys)
    check_usage_error(cmd, option, code, out, err)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("cmd", "option", "bad", "first"), JASS_CASES,
                         ids=[f"{c} {o} {b}" for c, o, b, _ in JASS_CASES])
def test_a_bad_value_of_a_jass_game_is_a_usage_error(
        cmd: str, option: str, bad: str, first: list[str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The Jass forms alike: ``deal --ruleset schieber --contract nonsense`` exits 64 as
    ``deal --contract nonsense`` does (it exited 2)."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main([cmd, *BASE.get(cmd, []), *first, option, bad], capsys)
    check_usage_error(cmd, option, code, out, err)


def test_the_caps_themselves_are_accepted() -> None:
    """The documented caps are the largest values allowed (parsed only, nothing run)."""
    t = PARSER.parse_args(["tournament", "--deals", str(MAX_DEALS), "--samples",
                           str(MAX_SAMPLES)])
    assert (t.deals, t.samples) == (10_000_000, 10_000)
    e = PARSER.parse_args(["explore", "--deals", "1", "--workers", str(MAX_WORKERS),
                           "--out", "r.csv"])
    assert (e.deals, e.workers) == (1, 256)
    assert PARSER.parse_args(["explore", "--workers", "dask", "--out", "r.csv"]).workers == "dask"
    assert PARSER.parse_args(["deal", "--seed", "-" + "9" * 4000]).seed == -int("9" * 4000)


def test_values_refused_together_are_still_a_refused_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Values each fine that the engine refuses together: exit 2 with one line (not 64)."""
    for argv in (["deal", "--players", "3", "--deck", "six-player"],
                 ["tournament", "--bots", "rule,random", "--deals", "1"],
                 ["tournament", "--ruleset", "schieber", "--option", "speed=1", "--bots",
                  "rule,random", "--deals", "1"]):
        code, out, err = run_main(argv, capsys)
        assert code == 2 and out == "", (argv, err)
        assert err.count("\n") == 1 and err.startswith("error: "), err


def test_replay_file_that_cannot_be_opened(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``replay``'s one argument is a file: one that cannot be opened exits 1, one line."""
    code, out, err = run_main(["replay", str(tmp_path / "missing.json")], capsys)
    assert (code, out) == (1, "") and err.count("\n") == 1 and "Traceback" not in err


# -- no traceback, whatever happens ------------------------------------------------------------
def test_a_bug_is_one_line_and_ctrl_c_is_quiet(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception the command does not expect (a bug) is one line, exit 2; Ctrl-C exits
    130 quietly; neither shows a traceback."""
    import chaitea.__main__ as cli

    def boom(*args: object) -> int:
        return 1 // 0

    monkeypatch.setattr(cli, "_random_game", boom)
    code, out, err = run_main(["random-game"], capsys)
    assert (code, out) == (2, "")
    assert err == "error: internal error (ZeroDivisionError: integer division or modulo by " \
                  "zero)\n"

    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_random_game", interrupted)
    assert run_main(["random-game"], capsys) == (130, "", "")


def test_pimc_refuses_too_few_samples() -> None:
    """The bot itself (for library users): no world sampled would mean a division by zero."""
    for bad in (0, -3, 2.5, True):
        with pytest.raises(SetupError, match="samples must be a whole number of at least 1"):
            PimcBot(1, samples=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples"):
        make_bot("pimc", seed=1, samples=0)
    assert PimcBot(1, samples=1).samples == 1


def test_jass_pimc_refuses_too_few_samples() -> None:
    """The Jass bot checks ``samples`` as PimcBot does (0 divided by zero at its first move)."""
    from chaitea.ai.table_bots import JassPimcBot, make_jass_bot

    for bad in (0, -3, 2.5, True):
        with pytest.raises(SetupError, match="samples must be a whole number of at least 1"):
            JassPimcBot(1, samples=bad)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="samples"):
        make_jass_bot("pimc", seed=1, samples=0)
    assert JassPimcBot(1, samples=1).samples == 1


# -- the real entry point ----------------------------------------------------------------------
def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m chaitea ARGS`` as a user runs it. CHAITEA_PURE=1: a compiled build older than
    the sources would warn on standard error, which is not what these tests are about."""
    env = {**os.environ, "CHAITEA_PURE": "1",
           "COLUMNS": str(shutil.get_terminal_size().columns)}  # the usage wraps as here
    return subprocess.run([sys.executable, "-m", "chaitea", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_help_and_a_bad_value_as_real_processes() -> None:
    """``python -m chaitea --help`` (it printed a 58-line TypeError traceback: the
    tournament's "95% intervals") and ``tournament --samples 0`` (a ZeroDivisionError
    traceback)."""
    proc = run_process("--help")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert proc.stdout.startswith("usage: python -m chaitea ")
    assert "Wilson 95% intervals" in " ".join(proc.stdout.split())
    proc = run_process("tournament", "--deals", "1", "--bots", "pimc,random,random",
                       "--samples", "0")
    line = check_usage_error("tournament", "--samples", proc.returncode, proc.stdout,
                             proc.stderr)
    assert line.endswith("must be a whole number from 1 to 10,000, not '0'")
