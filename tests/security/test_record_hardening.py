"""Hardening, the record: strict parsing per RECORD.md (each refusal names its field at
its step), long numbers, loading only regular files of bounded size, and saves that keep the
file's mode, write through symlinks and clean up after killed saves."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import chaitea
from chaitea import Game, RecordError, load, loads, save
from chaitea.core.markup import control_characters

ROOT = Path(__file__).resolve().parents[2]
TOP = "round 0, picking step 0: "


def base_record() -> dict[str, Any]:
    s = Game(players=3).new_initial_state(seed=1, names=["Aslan", "Leo", "Mufasa"])
    s.apply("under"); s.apply("pass"); s.apply("pass")  # noqa: E702
    s.apply(s.legal_moves()[0])
    rec = s.record()
    assert s.deal is not None
    rec["rounds"][0]["deal"] = {"hands": [[str(c) for c in h] for h in s.deal.hands]}
    return rec


def refused(rec: object) -> str:
    with pytest.raises(RecordError) as e:
        loads(rec if isinstance(rec, str | bytes) else json.dumps(rec))
    msg = str(e.value)
    assert control_characters(msg) == [] and len(msg) < 250, msg
    return msg


# ------------------------------------------------------------------ strict parsing
def test_the_base_record_is_legal() -> None:
    assert loads(json.dumps(base_record())).round_number == 1


def test_cards_with_surrounding_whitespace_are_refused() -> None:
    for text in (" 7H", "7H ", "7H\n", "\t7H", "7 H"):
        rec = base_record()
        card = rec["rounds"][0]["deal"]["hands"][1][2]
        rec["rounds"][0]["deal"]["hands"][1][2] = text.replace("7H", card)
        msg = refused(rec)
        assert msg.startswith("round 1, picking step 0: deal hands[1][2]: the card "), msg
    rec = base_record()
    rec["rounds"][0]["plays"][0] = " " + rec["rounds"][0]["plays"][0]
    assert refused(rec).startswith("round 1, play step 1: the action ' ")


def test_actions_with_a_trailing_newline_or_loose_spaces_are_refused() -> None:
    for k, text in ((1, "under\n"), (2, "pass\r\n"), (2, " pass"), (3, "pass "), (1, "u\u2028")):
        rec = base_record()
        rec["rounds"][0]["picking"][k - 1] = text
        msg = refused(rec)
        assert msg.startswith(f"round 1, picking step {k}: the action '"), msg


def test_bet_debt_in_non_ascii_digits_is_refused() -> None:
    for text in ("\u0665 under", "\uff15 under", "\u0968 under"):
        rec = base_record()
        rec["rounds"][0]["picking"][1] = text
        assert refused(rec).startswith("round 1, picking step 2: "), text


def test_duplicate_json_keys_are_refused_naming_the_key() -> None:
    text = json.dumps(base_record())
    dup = text.replace('"players": 3', '"players": 3, "players": 4')
    assert refused(dup).startswith(TOP + "the key 'players' appears twice")
    dup = text.replace('"picking": [', '"picking": [], "picking": [', 1)
    assert refused(dup).startswith(TOP + "the key 'picking' appears twice")


def test_unknown_keys_are_quoted_short() -> None:
    rec = base_record()
    rec["options"] = {"\x1b[2J" + "o" * 5000: True}
    assert refused(rec).startswith(TOP + "unknown option '\\x1b[2Jooo")
    rec = base_record()
    rec["rounds"][0]["deal"]["k" * 9000] = 1
    assert refused(rec).startswith("round 1, picking step 0: the deal takes no 'kkk")
    rec = base_record()
    rec["setup"] = [{"row": "under", "value": 1, "\u202e" * 900: 1}]
    assert refused(rec).startswith(TOP + "setup row 1: unknown field '\\u202e")


def test_nan_and_infinity_are_not_json() -> None:
    for const in ("NaN", "Infinity", "-Infinity"):
        text = json.dumps(base_record()).replace('"players": 3', f'"players": {const}')
        assert refused(text).startswith(TOP + "not JSON: "), const


def test_4301_digit_numbers_are_refused_at_their_field_and_step() -> None:
    """The fuzzing case gave 'internal error (ValueError: Exceeds the limit (4300 digits)...)'."""
    digits = "9" * 4301
    rec = base_record()
    rec["rounds"][0]["picking"][1] = digits + " under"
    assert refused(rec).startswith("round 1, picking step 2: the action '999")
    text = json.dumps(base_record())
    rec = base_record()
    rec["rounds"][0]["deal"] = {"seed": 12345}
    seeded = json.dumps(rec).replace('"seed": 12345', '"seed": ' + digits)
    assert refused(seeded).startswith("round 1, picking step 0: deal seed <a number of 4,301 "
                                      "digits>")
    for key in ("players", "barrel"):
        t = text.replace('"format"', f'"{key}": {digits}, "format"', 1) if key == "barrel" else \
            text.replace('"players": 3', f'"players": {digits}')
        msg = refused(t)
        assert msg.startswith(TOP + f"'{key}' must be"), msg
    t = text.replace('"setup": "standard"', '"setup": [{"row": "under", "value": ' + digits + "}]")
    assert refused(t).startswith(TOP + "setup row 1: 'value' must be")


def test_control_characters_in_input_are_escaped_in_the_message() -> None:
    rec = base_record()
    rec["rounds"][0]["plays"][0] = "\x1b[31m7H"
    msg = refused(rec)
    assert msg.startswith("round 1, play step 1: the action '\\x1b[31m7H' holds a control")


# ------------------------------------------------------------------ load
def test_load_refuses_devices_and_folders_without_reading(tmp_path: Path) -> None:
    for path in ("/dev/zero", "/dev/urandom", "/dev/null", str(tmp_path)):
        if not os.path.exists(path):
            continue
        with pytest.raises(RecordError, match="^" + TOP + ".* not a regular file"):
            load(path)


def test_load_of_a_fifo_returns_at_once(tmp_path: Path) -> None:
    """Opening a FIFO with no writer used to block forever: a child process must end."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code = ("import chaitea, sys\n"
            "try:\n    chaitea.load(sys.argv[1])\n"
            "except chaitea.RecordError as e:\n    print(e)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(fifo)], cwd=ROOT, timeout=60,
                          capture_output=True, text=True)
    assert proc.stdout.startswith(TOP) and "a device or a pipe" in proc.stdout, proc.stderr


def test_load_refuses_a_huge_sparse_file_by_its_size(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(8 * 1024**3)  # 8 GB of nothing: refused unread
    with pytest.raises(RecordError, match="larger than 1000000 bytes"):
        load(big)


def test_load_reads_at_most_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even if the file grows after its size was checked, at most the limit + 1 bytes are
    read."""
    path = tmp_path / "g.json"
    path.write_text(json.dumps(base_record()), encoding="utf-8")
    real_read = os.read
    asked: list[int] = []

    def growing_read(fd: int, n: int) -> bytes:
        asked.append(n)
        return b" " * n  # a file that never ends

    monkeypatch.setattr(os, "read", growing_read)
    with pytest.raises(RecordError, match="larger than"):
        load(path)
    assert sum(asked) == chaitea.records.record.MAX_RECORD_BYTES + 1
    monkeypatch.setattr(os, "read", real_read)
    assert load(path).round_number == 1


# ------------------------------------------------------------------ save
def state() -> chaitea.State:
    return loads(json.dumps(base_record()))


def test_save_keeps_the_mode_of_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    for mode in (0o644, 0o640, 0o604):
        path.write_text("{}", encoding="utf-8")
        path.chmod(mode)
        save(state(), path)
        assert stat.S_IMODE(path.stat().st_mode) == mode
        assert load(path).round_number == 1


def test_a_new_file_gets_the_usual_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        save(state(), tmp_path / "new.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


def test_save_writes_through_a_symlink(tmp_path: Path) -> None:
    target = tmp_path / "games" / "real.json"
    target.parent.mkdir()
    target.write_text("{}", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    save(state(), link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load(target).round_number == 1
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["real.json"]


def test_save_of_none_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match=r"save\(\) needs a game state to save, not None"):
        save(None, tmp_path / "g.json")  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_save_refuses_names_that_load_would_refuse(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save(state(), path)
    before = path.read_bytes()
    s = state()
    s.names[1] = "Leo\u2028<script>"  # set by hand, past new_initial_state's check
    with pytest.raises(chaitea.SetupError, match=r"^names\[1\] .*control character"):
        save(s, path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["g.json"]


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_stale_temporaries_of_the_same_target_are_cleaned(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    stale = [tmp_path / f".g.json.{dead_pid()}-0a1b2c.tmp",  # its process is gone
             tmp_path / ".g.json.k3j4h5g6.tmp",  # an older version's name
             tmp_path / f".g.json.{os.getpid()}-ffffff.tmp"]  # ours, no save in progress
    live = tmp_path / f".g.json.{os.getppid()}-123456.tmp"  # another live process's save
    other = tmp_path / ".other.json.k3j4h5g6.tmp"  # another file's temporary
    for p in [*stale, live, other]:
        p.write_bytes(b"x" * 1000)
    save(state(), path)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(["g.json", live.name, other.name])
    old = time.time() - 3600
    os.utime(live, (old, old))  # an hour old: left over, whoever made it
    save(state(), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["g.json", other.name])


SAVER = """
import sys, chaitea
state = chaitea.Game(players=3).new_initial_state(seed=1)
for a in ("under", "pass", "pass"):
    state.apply(a)
print("ready", flush=True)
while True:
    chaitea.save(state, sys.argv[1])
"""


def test_saves_killed_at_random_leave_the_file_whole_and_no_temporaries(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save(state(), path)
    for k in range(4):
        proc = subprocess.Popen([sys.executable, "-c", SAVER, str(path)], cwd=ROOT,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(0.02 + 0.013 * k)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        assert load(path).round_number == 1  # never lost, never torn
    save(state(), path)
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
