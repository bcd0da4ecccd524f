"""Hardening on the command line: usage errors exit 64 (refused records still 2), a
closed pipe ends quietly, a full disk with one line, and the one-line refusal never carries a
raw control character of the input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

from tests.engine.test_cli import run_main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdout: int | IO[Any] = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "chaitea", *args], cwd=ROOT, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120)


@pytest.mark.parametrize("args", [
    (), ("nope",), ("replay",), ("replay", "a", "b"), ("deal", "--players", "5"),
    ("deal", "--seed", "seven"), ("deal", "--seed", "9" * 5000), ("random-game", "--setup", "x"),
    ("deal", "--contract", "nonsense\x1b[2J"), ("deal", "--bogus"),
])
def test_usage_errors_exit_64(args: tuple[str, ...]) -> None:
    proc = run_main(*args)
    assert proc.returncode == 64, (proc.returncode, proc.stderr)
    assert proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("usage: ")
    last = proc.stderr.splitlines()[-1]
    assert last.startswith("python -m chaitea") and "error: " in last and "\x1b" not in last


def test_refused_records_still_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{"format": "chaitea-record/1"}', encoding="utf-8")
    proc = run_main("replay", str(path))
    assert proc.returncode == 2 and proc.stderr.startswith("round 0, picking step 0: ")


def test_one_line_error_escapes_control_characters(tmp_path: Path) -> None:
    """A record whose action holds an ANSI escape and a newline: one line, escaped (a real
    process, as a terminal would receive it)."""
    s = __import__("chaitea").Game(players=3).new_initial_state(seed=1)
    rec = s.record()
    rec["rounds"] = [{"deal": {"seed": 3}, "picking": ["\x1b[2J\x1b[31mpass\nround 9, play "
                                                       "step 9: fake"], "plays": []}]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "\x1b" not in proc.stderr
    assert proc.stderr.startswith("round 1, picking step 1: the action '\\x1b[2J\\x1b[31mpass"
                                  "\\nround 9"), proc.stderr


@pytest.mark.parametrize("args", [("random-game", "--players", "6", "--seed", "3"),
                                  ("deal", "--seed", "4")])
def test_a_closed_pipe_ends_quietly(args: tuple[str, ...]) -> None:
    """``python -m chaitea ... | head -1``: no BrokenPipeError traceback, exit 141. The pipe's
    reading end is closed before the command starts, so every write meets a gone reader."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([sys.executable, "-m", "chaitea", *args], cwd=ROOT,
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert proc.returncode == 141, proc.stderr
    assert proc.stderr == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_gives_one_line() -> None:
    with open("/dev/full", "w") as full:
        proc = run("random-game", "--players", "3", "--seed", "2", stdout=full)
    assert proc.returncode == 1
    assert proc.stderr == "cannot write the output: No space left on device\n"
    with open("/dev/full", "w") as full:
        proc = run("deal", "--seed", "2", stdout=full)
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1
