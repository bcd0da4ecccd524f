"""Bad input to replay for Jass records: exit 2, nothing on standard output, one line on
standard error with the exact prefix ``round R, picking|play step K:`` (RECORD)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chaitea.__main__ import main
from tests.rulesets.helpers import PUUR_TRICK, UNDERTRUMP


def _record(rounds: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": "chaitea-record/1", "players": 4,
                           "options": {"ruleset": "schieber"}, "forehand": 0, "rounds": rounds}
    rec.update(top)
    if rec.get("forehand", 0) is None:
        del rec["forehand"]
    return rec


def _round(picking: list[str], plays: list[Any], hands: list[str] = UNDERTRUMP) -> dict[str, Any]:
    return {"deal": {"hands": [h.split() for h in hands]}, "picking": picking, "plays": plays}


CASES = [
    (_record([], options={"ruleset": "schieber", "bogus": 1}), "round 0, picking step 0",
     "unknown option 'bogus'"),
    (_record([], players=3), "round 0, picking step 0", "played by 4 or 6 players"),
    (_record([], forehand=7), "round 0, picking step 0", "forehand"),
    (_record([], options={"ruleset": "schieber", "target": -5}), "round 0, picking step 0",
     "target"),
    (_record([{"deal": {"hands": [["AH"] * 9] * 4}, "picking": [], "plays": []}]),
     "round 1, picking step 0", "duplicate"),
    (_record([{"deal": {"seed": 1}, "picking": "push"}]), "round 1, picking step 0", "plays"),
    (_record([_round(["trump(X)"], [])]), "round 1, picking step 1", "trump(X) refused"),
    (_record([_round(["push", "push"], [])]), "round 1, picking step 2", "partner must choose"),
    (_record([_round(["trump(S)", "obenabe"], [])]), "round 1, picking step 2",
     "picking has ended"),
    (_record([_round([], ["KH"])]), "round 1, play step 1", "picking has not ended"),
    (_record([_round(["trump(S)"], ["KH", "8S", "7S"])]), "round 1, play step 3",
     "no undertrumping"),
    (_record([_round(["trump(S)"], ["KH", "KH"])]), "round 1, play step 2", "does not hold"),
    (_record([_round(["trump(D)"], ["AH", "9H", "6S", "AC", "KH", "8H", "7S", "9C", "QH",
                                    "7H", "8S", "QS", "JH", "6H", "9S", "KS", "10H", "10C",
                                    "JS", "AS", "6C", "JD", "10D", "AD"], PUUR_TRICK)]),
     "round 1, play step 24", "undertrumping"),
    (_record([_round(["trump(S)"], ["KH"]), _round(["trump(S)"], [])]),
     "round 2, picking step 0", "not finished"),
    (_record([_round(["trump(S)"], ["9Z"])]), "round 1, play step 1", "not a card"),
    (_record([_round(["trump(S)"], [7])]), "round 1, play step 1", ""),
    # the picking items of Sticheln and Differenzler, each refused by its game's rule
    (_record([_round(["bid(4)", "bid(3)"], [])], options={"ruleset": "sticheln"}),
     "round 1, picking step 2", "bid(3) refused: a bid must be higher than the last one"),
    (_record([_round(["bid(4)", "pass", "pass", "pass", "trump(S)", "announce(4)",
                      "announce(3)"], [])], options={"ruleset": "sticheln"}),
     "round 1, picking step 7", "add up to at most 9 (4+4 = 8 so far, so at most announce(1))"),
    (_record([_round(["guess(158)"], [])], options={"ruleset": "differenzler"}),
     "round 1, picking step 1", "guess(158) refused: a guess is 0 to 157"),
    # the picker's side never doubles: once both opponents have passed, a double is refused
    (_record([_round(["trump(S)", "pass", "pass", "double"], [])],
             options={"ruleset": "sidi-barrani"}),
     "round 1, picking step 4", "double refused: picking has ended"),
]


@pytest.mark.parametrize(("record", "prefix", "words"), CASES)
def test_bad_jass_record_exits_2_with_the_exact_prefix(
        record: dict[str, Any], prefix: str, words: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(prefix + ": "), err
    assert words in err
    assert "Traceback" not in err


def test_unknown_jass_rulesets_are_still_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record([], options={"ruleset": "bezique"}, setup="standard")))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("round 0, picking step 0: unknown ruleset 'bezique'"), err


def test_random_game_and_deal_for_each_ruleset(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    for ruleset, players in (("schieber", None), ("jass", None), ("coiffeur-schieber", 3),
                             ("coiffeur", None)):
        argv = ["random-game", "--ruleset", ruleset, "--seed", "5"]
        argv += ["--players", str(players)] if players else []
        assert main(argv) == 0
        text = capsys.readouterr().out
        path = tmp_path / f"{ruleset}.json"
        path.write_text(text)
        assert main(["replay", str(path)]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["finished"] is True and out["next"] is None
        assert main(["deal", "--ruleset", ruleset, "--seed", "5"]) == 0
        assert "seat 0" in capsys.readouterr().out


def test_replay_of_a_game_in_progress_reports_next() -> None:
    from chaitea.records.record import replay
    empty = replay(json.dumps(_record([], forehand=None)))
    assert empty["next"] == {"seat": None, "phase": "picking", "legal": [
        "trump(C)", "trump(D)", "trump(H)", "trump(S)", "obenabe", "undenufe", "push"]}
    started = replay(json.dumps(_record([_round(["push"], [])])))
    assert started["next"]["seat"] == 2 and "push" not in started["next"]["legal"]
    playing = replay(json.dumps(_record([_round(["trump(S)"], ["KH", "8S"])])))
    assert playing["next"]["phase"] == "play" and "7S" not in playing["next"]["legal"]
    assert playing["rounds"] == [] and playing["totals"] == {"A": 0, "B": 0}
