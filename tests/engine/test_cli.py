"""``python -m chaitea replay FILE|-`` and ``deal`` run as real subprocesses (RECORD.md).

Every refusal: exit 2, nothing on standard output, exactly one line on standard error whose
prefix ``round R, picking|play step K:`` is exact, and never a traceback. The cases run
concurrently in one module fixture to keep the suite fast.
"""

from __future__ import annotations

import copy
import io
import json
import random
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from chaitea import STANDARD, Game, RecordError, loads
from chaitea.__main__ import main
from chaitea.ai.bots import RandomBot, play_out
from tests.engine.conftest import (
    dump,
    first_legal,
    hands_json,
    make_deal,
    new_game,
    play_round,
    record,
    run_cli,
)
from tests.engine.test_following import F1
from tests.engine.test_record import example_3_game, expected_example_3_report, normalise


def one_round(picking: list[str] | None = None, seed: int = 21) -> dict[str, Any]:
    """A complete round: Aslan picks Under (seeded deal), played out."""
    s = new_game()
    play_round(s, picking or ["under", "pass", "pass"], seed, first_legal)
    rnd: dict[str, Any] = s.record()["rounds"][0]
    return rnd


def full_game() -> dict[str, Any]:
    s = Game(players=3).new_initial_state(seed=5, names=["Aslan", "Leo", "Mufasa"])
    play_out(s, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert s.is_terminal()
    rec: dict[str, Any] = s.record()
    return rec


def seeded(picking: list[Any], plays: list[str] | None = None, seed: int = 1) -> dict[str, Any]:
    return {"deal": {"seed": seed}, "picking": picking, "plays": plays or []}


def good_hands() -> list[list[str]]:
    return [list(h) for h in hands_json(make_deal("", "", ""))["hands"]]


def bad_cases() -> dict[str, tuple[Any, str]]:
    """name -> (record object, or raw text, expected exact prefix)."""
    r1 = one_round()
    game = full_game()
    top = "round 0, picking step 0:"
    cases: dict[str, tuple[Any, str]] = {}
    cases["not_json"] = ("{\"format\": \"chaitea-record/1\", ", top)
    cases["empty_file"] = ("", top)
    cases["not_an_object"] = ("[1, 2, 3]", top)
    cases["binary_garbage"] = ("\u0000\u00ff\u0001", top)
    cases["wrong_format_tag"] = (record([], format="chaitea-record/2"), top)
    cases["no_format_tag"] = ({k: v for k, v in record([]).items() if k != "format"}, top)
    cases["unknown_row"] = (record([], setup=[{"row": "bogus", "value": 1}]), top)
    cases["unknown_setup"] = (record([], setup="gigantic"), top)
    cases["negative_row_value"] = (record([], setup=[{"row": "under", "value": -2}]), top)
    cases["only_joker_rows"] = (record([], setup=[{"row": "joker", "value": 3}]), top)
    cases["bad_meta_in_row"] = (
        record([], setup=[{"row": "under", "value": 2, "meta": "third"}]), top)
    cases["unknown_option"] = ({**record([]), "options": {"speed": "fast"}}, top)
    cases["bad_players"] = (record([], players=5), top)
    cases["deck_does_not_fit"] = ({**record([]), "options": {"deck": "six-player"}}, top)
    cases["unknown_ruleset"] = ({**record([]), "options": {"ruleset": "poker"}}, top)
    cases["no_rounds"] = ({k: v for k, v in record([]).items() if k != "rounds"}, top)
    cases["no_setup"] = ({k: v for k, v in record([]).items() if k != "setup"}, top)
    cases["names_wrong_length"] = (record([], names=["Aslan", "Leo"]), top)
    cases["barrel_out_of_range"] = (record([], barrel=3), top)
    cases["end_bad_value"] = (record([r1], end="yes"), top)
    cases["end_true"] = (record([r1], end=True), top)
    cases["end_agreed_too_early"] = (record([r1], end="agreed"), top)
    cases["end_agreed_no_rounds"] = (record([], end="agreed"), top)
    cases["not_utf8"] = (b"\xff\xfe{}", top)
    cases["deeply_nested"] = ("[" * 100_000, top)
    cases["deal_not_an_object"] = (record([{"deal": "seed 7", "picking": [], "plays": []}]),
                                   "round 1, picking step 0:")
    cases["seed_not_an_integer"] = (record([{"deal": {"seed": "7"}, "picking": [],
                                             "plays": []}]), "round 1, picking step 0:")

    dup = good_hands()
    dup[2][0] = dup[0][0]
    cases["duplicate_card"] = (record([{"deal": {"hands": dup}, "picking": [],
                                        "plays": []}]), "round 1, picking step 0:")
    missing = good_hands()
    missing[2].pop()
    cases["missing_card_round_2"] = (record([r1, {"deal": {"hands": missing}, "picking": [],
                                                  "plays": []}]), "round 2, picking step 0:")
    sizes = good_hands()
    sizes[0].append(sizes[1].pop())
    cases["wrong_hand_size"] = (record([{"deal": {"hands": sizes}, "picking": [],
                                         "plays": []}]), "round 1, picking step 0:")
    foreign = good_hands()
    foreign[1][0] = "10C"
    cases["foreign_card"] = (record([{"deal": {"hands": foreign}, "picking": [],
                                      "plays": []}]), "round 1, picking step 0:")
    cases["straw_in_three_player_deal"] = (
        record([{"deal": {"hands": good_hands(), "set_aside": ["1C", "2C"]}, "picking": [],
                 "plays": []}]), "round 1, picking step 0:")
    cases["deal_neither_seed_nor_hands"] = (
        record([{"deal": {}, "picking": [], "plays": []}]), "round 1, picking step 0:")

    cases["first_pick_with_debt"] = (record([seeded(["5 under"])]), "round 1, picking step 1:")
    cases["first_pick_with_debt_after_pass"] = (
        record([seeded(["pass", "pass", "10 under"])]), "round 1, picking step 3:")
    cases["debt_not_a_step"] = (record([seeded(["under", "7 trump(H)"])]),
                                "round 1, picking step 2:")
    cases["debt_above_maximum"] = (record([seeded(["under", "40 trump(H)"])]),
                                   "round 1, picking step 2:")
    cases["debt_does_not_raise"] = (record([seeded(["under", "10 trump(H)", "10 under"])]),
                                    "round 1, picking step 3:")
    cases["debt_lower"] = (record([seeded(["under", "10 trump(H)", "5 under"])]),
                           "round 1, picking step 3:")
    cases["pass_in_forced_pick"] = (record([seeded(["pass", "pass", "pass", "pass"])]),
                                    "round 1, picking step 4:")
    cases["unknown_pick"] = (record([seeded(["under", "pass", "bid"])]),
                             "round 1, picking step 3:")
    cases["miscased_pick"] = (record([seeded(["Under"])]), "round 1, picking step 1:")
    cases["joker_names_joker"] = (record([seeded(["joker=joker"])]), "round 1, picking step 1:")
    cases["non_string_action"] = (record([seeded(["pass", 5])]), "round 1, picking step 2:")
    cases["completed_row"] = (record([r1, seeded(["pass", "pass", "under"], seed=2)]),
                              "round 2, picking step 3:")

    f1 = hands_json(F1)
    cases["illegal_card"] = (
        record([{"deal": f1, "picking": ["under", "pass", "pass"], "plays": ["9H", "7C"]}]),
        "round 1, play step 2:")
    cases["card_not_held"] = (
        record([{"deal": f1, "picking": ["under", "pass", "pass"], "plays": ["9S"]}]),
        "round 1, play step 1:")
    cases["card_before_picking_ended"] = (
        record([{"deal": f1, "picking": ["pass"], "plays": ["9H"]}]), "round 1, play step 1:")
    cases["pick_during_play"] = (
        record([{"deal": f1, "picking": ["under", "pass", "pass", "pass"], "plays": []}]),
        "round 1, picking step 4:")
    cases["play_after_round_end"] = (
        record([{**r1, "plays": [*r1["plays"], "1C"]}]), "round 1, play step 37:")

    ended = copy.deepcopy(game)
    ended["rounds"][-1]["plays"].append(ended["rounds"][-1]["plays"][0])
    cases["action_after_game_end"] = (ended, "round 12, play step 37:")
    ended2 = copy.deepcopy(game)
    ended2["rounds"].append(seeded([]))
    cases["round_after_game_end"] = (ended2, "round 13, picking step 0:")

    cases["round_after_unfinished_round"] = (
        record([{"deal": f1, "picking": ["under", "pass", "pass"], "plays": ["9H"]},
                seeded([], seed=2)]),
        "round 2, picking step 0:")
    cases["round_after_unfinished_picking"] = (
        record([r1, seeded(["pass"], seed=2), seeded([], seed=3)]), "round 3, picking step 0:")
    for key in ("deal", "picking", "plays"):
        rnd = {k: v for k, v in seeded([]).items() if k != key}
        cases[f"missing_{key}"] = (record([rnd]), "round 1, picking step 0:")
    cases["picking_not_a_list"] = (record([{**seeded([]), "picking": "under"}]),
                                   "round 1, picking step 0:")
    cases["plays_not_a_list"] = (record([{**seeded([]), "plays": "1C"}]),
                                 "round 1, picking step 0:")
    not_a_round: Any = "round two"
    cases["round_not_an_object"] = (record([r1, not_a_round]), "round 2, picking step 0:")
    return cases


BAD = bad_cases()
# Run as real subprocesses (concurrently); every case also runs in-process through main().
SUBPROCESS_CASES = [
    "not_json", "unknown_option", "duplicate_card", "missing_card_round_2",
    "first_pick_with_debt", "debt_does_not_raise", "illegal_card", "card_before_picking_ended",
    "action_after_game_end", "round_after_unfinished_round", "missing_deal",
    "end_agreed_too_early",
]


def write_case(folder: Path, name: str) -> Path:
    rec = BAD[name][0]
    path = folder / f"{name}.json"
    if isinstance(rec, bytes):
        path.write_bytes(rec)
    else:
        path.write_text(rec if isinstance(rec, str) else json.dumps(rec), encoding="utf-8")
    return path


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m chaitea ARGS`` in this process: exit code, stdout and stderr as text. An
    exception escaping main() fails the test (it would be a traceback for a user)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc = main(list(args))
        except SystemExit as e:  # argparse
            rc = e.code if isinstance(e.code, int) else 2
    return subprocess.CompletedProcess(list(args), rc, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def cli_results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("records")

    def run(name: str) -> tuple[str, subprocess.CompletedProcess[str]]:
        return name, run_cli("replay", str(write_case(folder, name)))

    with ThreadPoolExecutor(max_workers=4) as pool:
        return dict(pool.map(run, SUBPROCESS_CASES))


def check_refusal(proc: subprocess.CompletedProcess[str], prefix: str) -> str:
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert proc.stderr.endswith("\n")
    line = lines[0]
    assert re.match(r"^round \d+, (picking|play) step \d+: \S", line), line
    assert line.startswith(prefix + " "), line
    return line


@pytest.mark.parametrize("name", SUBPROCESS_CASES)
def test_record_cli_refusal(name: str, cli_results: dict[str, Any]):
    """RECORD replay (``python -m chaitea replay FILE``): a bad input exits 2 with one line
    ``round R, picking|play step K: ...`` on standard error, nothing on standard output, never a
    traceback."""
    check_refusal(cli_results[name], BAD[name][1])


@pytest.mark.parametrize("name", list(BAD))
def test_record_replay_refusal_in_process(name: str, tmp_path: Path):
    """RECORD replay through the CLI's main() in-process (the whole matrix, fast): exit 2, one
    line with the exact prefix, nothing on standard output."""
    check_refusal(run_main("replay", str(write_case(tmp_path, name))), BAD[name][1])


def test_record_cli_illegal_card_message(cli_results: dict[str, Any]):
    """RECORD / RULES F: the line of an illegal card names the rule and the obliging cards."""
    line = check_refusal(cli_results["illegal_card"], "round 1, play step 2:")
    assert line == "round 1, play step 2: 7C refused: must follow hearts (holds 3H, 5H)"


def test_record_cli_replay_file(tmp_path: Path):
    """RECORD: exit 0 and the report of rulebook example 3 followed by a full round."""
    path = tmp_path / "ex3.json"
    path.write_text(json.dumps(example_3_game().record()), encoding="utf-8")
    proc = run_cli("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    rep = json.loads(proc.stdout)
    assert set(rep) == {"rounds", "pad", "game_points", "finish_order", "finished", "winner",
                        "next"}
    assert normalise(rep) == normalise(expected_example_3_report())


def test_record_cli_replay_stdin():
    """RECORD: ``-`` reads the record from standard input."""
    proc = run_cli("replay", "-", stdin=json.dumps(example_3_game().record()))
    assert proc.returncode == 0, proc.stderr
    assert normalise(json.loads(proc.stdout)) == normalise(expected_example_3_report())


def test_record_cli_replay_stdin_refusal():
    proc = run_cli("replay", "-", stdin="not json at all")
    check_refusal(proc, "round 0, picking step 0:")


def test_record_cli_unreadable_file_exits_1(tmp_path: Path):
    """RECORD: a file that cannot be opened exits 1 with one line on standard error."""
    for path in (tmp_path / "missing.json", tmp_path):
        proc = run_cli("replay", str(path))
        assert proc.returncode == 1
        assert proc.stdout == ""
        assert len(proc.stderr.splitlines()) == 1
        assert "Traceback" not in proc.stderr


def test_record_cli_finished_game_and_agreed_end(tmp_path: Path):
    """RECORD: a finished game reports finished, the winner seat and next null; a game ended by
    agreement likewise."""
    from tests.engine.test_pad import _agreement_game

    game = full_game()
    s = _agreement_game(4)
    s.end_by_agreement()
    agreed = s.record()
    out = []
    for name, rec in (("game", game), ("agreed", agreed)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(rec), encoding="utf-8")
        proc = run_cli("replay", str(path))
        assert proc.returncode == 0, proc.stderr
        out.append(json.loads(proc.stdout))
    rep, rep2 = out
    assert rep["finished"] is True and rep["next"] is None
    assert len(rep["rounds"]) == 12
    gp = rep["game_points"]
    assert rep["winner"] == next(x for x in rep["finish_order"] if gp[x] == max(gp))
    assert (rep2["finished"], rep2["winner"], rep2["next"]) == (True, 0, None)


def deal_by_hand(seed: int) -> list[list[str]]:
    deck = [f"{r}{s}" for s in "CDHS" for r in range(1, 10)]
    random.Random(seed).shuffle(deck)
    return [deck[12 * i: 12 * (i + 1)] for i in range(3)]


def test_cli_deal_prints_each_seats_cards():
    """``python -m chaitea deal --players 3 --seed 7`` prints each seat's cards (RECORD deal)."""
    proc = run_cli("deal", "--players", "3", "--seed", "7")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    hands = deal_by_hand(7)
    found = {}
    for line in proc.stdout.splitlines():
        m = re.match(r"^\s*seat (\d)\b[^:]*:\s*(.*)$", line)
        if m:
            found[int(m.group(1))] = m.group(2)
    assert sorted(found) == [0, 1, 2]
    for seat, text in found.items():
        tokens = {t for t in re.split(r"\s+", text) if t in STANDARD.by_text}
        assert tokens == set(hands[seat])
        points = sum(int(c[:-1]) for c in hands[seat] if int(c[:-1]) % 2)
        assert f"({points} card points)" in text


def test_cli_random_game_replays():
    proc = run_cli("random-game", "--players", "3", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    rec = json.loads(proc.stdout)
    assert rec["format"] == "chaitea-record/1"
    proc2 = run_cli("replay", "-", stdin=proc.stdout)
    assert proc2.returncode == 0, proc2.stderr
    assert json.loads(proc2.stdout)["finished"] is True


@pytest.mark.parametrize("ruleset", [["jass"], {"name": "jass"}, 3, 1.5, True],
                         ids=["list", "dict", "int", "float", "bool"])
def test_record_ruleset_of_the_wrong_type_is_named(ruleset: object, tmp_path: Path):
    """An ``options.ruleset`` that is not a string (a list or an object, unhashable;
    a number) is refused by name at ``round 0, picking step 0`` (RECORD options.ruleset), through
    main() and chaitea.loads, never as an internal TypeError."""
    rec = record([], options={"ruleset": ruleset})
    expected = "round 0, picking step 0: 'ruleset' must be a string (RECORD options.ruleset)"
    line = check_refusal(run_main("replay", str(dump(tmp_path / "r.json", rec))),
                         "round 0, picking step 0:")
    assert line == expected
    with pytest.raises(RecordError) as e:
        loads(json.dumps(rec))
    assert str(e.value) == expected


def test_record_cli_ruleset_list_is_named(tmp_path: Path):
    """As a real subprocess: a list ``ruleset`` names the field, no internal error."""
    rec = record([], options={"ruleset": ["schieber"]})
    line = check_refusal(run_cli("replay", str(dump(tmp_path / "r.json", rec))),
                         "round 0, picking step 0:")
    assert "internal error" not in line
    assert line.endswith("'ruleset' must be a string (RECORD options.ruleset)")
