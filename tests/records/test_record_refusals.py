"""Records given as Python objects or JSON text are refused as RECORD.md and docs/engine.md say: a
``RecordError`` of one line whose quoted input is cut at 60 characters (an integer too long to
print is described, never printed), and the Jass-family records check ``players`` and ``end``
as Chai Tea Jazz records do (one check, chaitea.engine.validate)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chaitea import Game, RecordError, loads, replay, save
from chaitea.rulesets import jass_game

TOP = "round 0, picking step 0: "
BIG = 10 ** 5000  # over Python's 4,300-digit limit for printing an int
LONG = "x" * 400_000


def ctj(**top: Any) -> dict[str, Any]:
    return {"format": "chaitea-record/1", "players": 3, "setup": "standard", "rounds": [],
            **top}


def jass(ruleset: str = "schieber", players: object = 4, **top: Any) -> dict[str, Any]:
    return {"format": "chaitea-record/1", "players": players, "options": {"ruleset": ruleset},
            "rounds": [], **top}


def refusal(rec: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as e:
        replay(rec)
    msg = str(e.value)
    assert "\n" not in msg and len(msg) <= 200, msg[:300]
    return msg


CASES: list[tuple[str, dict[str, Any], str]] = [
    ("ctj players big", ctj(players=BIG),
     TOP + "players must be 2, 3, 4 or 6, not <a number of about 5001 digits> (RECORD players)"),
    ("ctj deck big", ctj(options={"deck": BIG}),
     TOP + "unknown deck <a number of about 5001 digits> (RECORD options.deck)"),
    ("ctj deck long", ctj(options={"deck": LONG}),
     TOP + f"unknown deck '{'x' * 60}…' (RECORD options.deck)"),
    ("ctj meta list", ctj(options={"meta": [LONG]}),
     TOP + f"unknown meta ['{'x' * 58}… (RECORD options.meta)"),
    ("ctj option name", ctj(options={LONG: 1}),
     TOP + f"unknown option '{'x' * 60}…' (RECORD options)"),
    ("ctj seed big", ctj(rounds=[{"deal": {"seed": BIG}, "picking": [], "plays": []}]),
     "round 1, picking step 0: deal seed <a number of about 5001 digits>: a seed is an integer "
     "of at most 4,000 digits (RECORD deal)"),
    ("jass players big", jass(players=BIG),
     TOP + "schieber is played by 4 or 6 players, not <a number of about 5001 digits> "
     "(RECORD players)"),
    ("jass players long", jass(players=LONG),
     TOP + "'players' must be 4 or 6 (RECORD players)"),
    ("jass deck long", {**jass(), "options": {"ruleset": "schieber", "deck": LONG}},
     TOP + f"the {'x' * 60}… deck does not fit schieber (4 players); use jass (RECORD "
     "options.deck)"),
    ("jass option big", {**jass(), "options": {"ruleset": "bells-avoidance", "hands": BIG}},
     TOP + "option hands must be a whole number of at most 1,000,000, not <a number of about "
     "5001 digits>"),
    ("jass option value long", {**jass(), "options": {"ruleset": "schieber", "push_back": LONG}},
     TOP + f"option push_back must be true or false, not '{'x' * 60}…'"),
    ("jass item", jass(rounds=[{"deal": {"seed": 1}, "picking": [[LONG]], "plays": []}]),
     f"round 1, picking step 1: ['{'x' * 58}… is not an action string"),
]


@pytest.mark.parametrize(("rec", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_record_given_as_an_object_is_refused_in_one_short_line(rec: dict[str, Any],
                                                                 message: str) -> None:
    assert refusal(rec) == message


@pytest.mark.parametrize("ruleset", ["schieber", "coiffeur", "bells-avoidance"])
def test_a_jass_record_needs_a_whole_number_of_players(ruleset: str) -> None:
    """RECORD players, as the Chai Tea Jazz path: ``null``, text or a bool is refused (it is
    not the ruleset's default count)."""
    assert refusal(ctj(players=None)) == TOP + "'players' must be 2, 3, 4 or 6 (RECORD players)"
    allowed = " or ".join(map(str, sorted(jass_game(ruleset).ruleset.players)))
    for players in (None, "4", True, 4.0):
        assert refusal(jass(ruleset, players)) == (
            TOP + f"'players' must be {allowed} (RECORD players)")
    with pytest.raises(RecordError, match="the record has no 'players'"):
        replay({k: v for k, v in jass(ruleset).items() if k != "players"})


@pytest.mark.parametrize("end", [1, "quit", "", ["agreed"], True, "Agreed"])
def test_a_jass_record_refuses_an_end_other_than_agreed(end: object) -> None:
    """RECORD end: any value but "agreed" is refused, word for word as in Chai Tea Jazz."""
    expected = refusal(ctj(end=end))
    assert expected.startswith(TOP + "'end' may only be \"agreed\", not ")
    assert refusal(jass(end=end)) == expected
    assert replay(jass(end=None))["finished"] is False  # null: no end, as in Chai Tea Jazz


def test_a_jass_record_ends_by_agreement_only_once_over() -> None:
    """A Jass-family game ends by its own rule (a target, a number of hands): "agreed" stands
    on a finished game (nothing changes, as in Chai Tea Jazz) and is refused before."""
    assert "ending by agreement refused" in refusal(jass(end="agreed"))
    state = jass_game("rosenober", options={"limit": 1}).new_initial_state(seed=5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    rec = state.record()
    assert replay({**rec, "end": "agreed"}) == replay(rec)


def test_an_accepted_record_can_be_saved(tmp_path: Path) -> None:
    """What a record (a dict) may hold, a save can write: no value only a dict can carry."""
    for rec in (jass("bells-avoidance", options={"ruleset": "bells-avoidance",
                                                 "hands": 1_000_000}),
                ctj(rounds=[{"deal": {"seed": -(10 ** 3999)}, "picking": [], "plays": []}])):
        state = loads(rec)
        save(state, tmp_path / "g.json")
        assert loads((tmp_path / "g.json").read_text()).record() == state.record()


def test_text_and_object_give_the_same_refusal() -> None:
    rec = jass(players=None)
    with pytest.raises(RecordError) as e:
        replay(json.dumps(rec))
    assert str(e.value) == refusal(rec)


def test_the_chai_tea_jazz_state_and_records_still_agree() -> None:
    """The shared checks leave Chai Tea Jazz's refusals word for word."""
    assert refusal(ctj(players="3")) == TOP + "'players' must be 2, 3, 4 or 6 (RECORD players)"
    assert refusal(ctj(end="quit")) == TOP + "'end' may only be \"agreed\", not 'quit'"
    assert refusal({k: v for k, v in ctj().items() if k != "setup"}) == (
        TOP + "the record has no 'setup' (RECORD)")
    assert replay(ctj())["next"]["phase"] == "picking"
    assert Game(players=3).new_initial_state(seed=1).record()["players"] == 3
