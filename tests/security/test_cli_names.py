"""Hostile names on the command line: ``python -m chaitea replay`` refuses names that are not
plain text with the exact prefix, in one line whose quoted input is escaped and short."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from chaitea.core.markup import control_characters
from tests.engine.test_cli import run_main
from tests.security.corpus import LEGAL, REFUSED, played_record

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", [n for n in REFUSED if n.strip()], ids=lambda n: repr(n[:10]))
def test_replay_refuses_bad_names_in_one_clean_line(name: str, tmp_path: Path) -> None:
    rec = played_record(3, ["Aslan", "Leo", "Mufasa"], 1, 4)
    rec["names"][0] = name
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    proc = run_main("replay", str(path))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("round 0, picking step 0: names[0] "), proc.stderr
    assert proc.stderr.count("\n") == 1 and len(proc.stderr) < 200
    assert control_characters(proc.stderr.rstrip("\n")) == []


def test_replay_accepts_legal_hostile_names_as_a_subprocess(tmp_path: Path) -> None:
    """A real process: the report names the players exactly as given (JSON-escaped), and the
    one-line refusal of a control character reaches the terminal escaped."""
    rec = played_record(3, LEGAL[:3], 2, None)
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    ok = subprocess.run([sys.executable, "-m", "chaitea", "replay", str(path)], cwd=ROOT,
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["finished"] is True
    rec["names"][2] = "\x1b]0;owned\x07\x1b[2J"
    path.write_text(json.dumps(rec), encoding="utf-8")
    bad = subprocess.run([sys.executable, "-m", "chaitea", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stderr == ("round 0, picking step 0: names[2] '\\x1b]0;owned\\x07\\x1b[2J' holds "
                          "control characters (\\x1b, \\x07): a name is plain text (RECORD "
                          "names)\n")
