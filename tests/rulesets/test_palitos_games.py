"""Whole games of Mittlere, Molotow, Plus-Minus and the Palitos game (RULES J): random legal
games through the state API with refusals leaving the state unchanged, 157 points a hand and
the independent count (``tests/rulesets/props.py``), the record round trip and ``replay``; the
command line's ``random-game`` and ``replay``; bad records refused with RECORD's prefix; and a
whole game of the rule bots per ruleset."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import chaitea
from chaitea.__main__ import main
from chaitea.ai.table_bots import make_jass_bot
from chaitea.records.record import replay
from chaitea.rulesets import jass_game
from tests.rulesets.props import check_game, play_random

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("mittlere", 3, {}), ("molotow", 4, {}), ("molotow", 4, {"draw_seed": 7}),
    ("plus-minus", 3, {}), ("plus-minus", 4, {}),
    ("plus-minus", 4, {"reach_tie": "palitos", "carry_adds": True}),
    ("palitos-21", 3, {}), ("palitos-21", 4, {}), ("palitos-21", 3, {"below_zero": False}),
    ("palitos-21", 4, {"no_trump_modes": True, "declarations": True}),
]


def _id(g: tuple[str, int, dict[str, Any]]) -> str:
    return f"{g[0]}/{g[1]}" + "".join(f",{k}={v}" for k, v in g[2].items())


@pytest.mark.parametrize("game", GAMES, ids=_id)
@pytest.mark.parametrize("seed", range(8))
def test_random_games_keep_the_invariants(game: tuple[str, int, dict[str, Any]],
                                          seed: int) -> None:
    name, players, options = game
    state = play_random(name, players, seed, refusals=0.03, options=options)
    assert state.is_terminal() and state.winner() is not None
    check_game(state)
    totals = [0] * players
    for res in state.round_results:
        totals = [a + b for a, b in zip(totals, res["score"], strict=True)]
    assert list(state.totals()) == totals


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_the_tallies_in_the_replay_output(game: tuple[str, int, dict[str, Any]]) -> None:
    """RECORD: the ruleset's own tallies beside the totals; Mittlere and Molotow the Palitos
    and Batatas left after cancelling, the others the Palitos (net)."""
    name, players, options = game
    state = play_random(name, players, 11, options=options)
    out = replay(json.dumps(state.record()))
    totals = list(state.totals())
    assert out["hands"] == len(state.round_results)
    if name in ("mittlere", "molotow"):
        assert out["palitos"] == [max(t, 0) for t in totals]
        assert out["batatas"] == [max(-t, 0) for t in totals]
    else:
        assert out["palitos"] == totals and "batatas" not in out
    winner = out["winner"]
    assert isinstance(winner, int) and out["finished"] is True


def test_whole_games_through_chaitea_game() -> None:
    for name, players in (("mittlere", 3), ("molotow", 4), ("plus-minus", 4), ("palitos-21", 3)):
        game = chaitea.Game(ruleset=name, players=players)
        state = game.new_initial_state(seed=9)
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[-1])
        assert state.winner() is not None and game.players == players


@pytest.mark.parametrize(("ruleset", "players"), [("mittlere", None), ("molotow", None),
                                                  ("plus-minus", 3), ("plus-minus", 4),
                                                  ("palitos-21", 3), ("palitos-21", None)])
def test_random_game_and_replay_on_the_command_line(ruleset: str, players: int | None,
                                                    tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["random-game", "--ruleset", ruleset, "--seed", "5"]
    argv += ["--players", str(players)] if players else []
    assert main(argv) == 0
    text = capsys.readouterr().out
    rec = json.loads(text)
    assert rec["options"]["ruleset"] == ruleset
    path = tmp_path / "game.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True and out["next"] is None and "palitos" in out
    assert len(out["totals"]) == rec["players"]


def _replay_error(record: dict[str, Any], tmp_path: Path,
                  capsys: pytest.CaptureFixture[str]) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err


def _record(ruleset: str, players: int, rounds: list[dict[str, Any]],
            **options: Any) -> dict[str, Any]:
    return {"format": "chaitea-record/1", "players": players,
            "options": {"ruleset": ruleset, **options}, "forehand": 0, "rounds": rounds}


HANDS_3 = ["6C 7C 8C 9C 10C JC QC KC 6H 6S 7S 8S", "9H 10H JH QH KH AH 6D 7D 8D 9D 10D JD",
           "AC 7H 8H 9S 10S JS QS KS AS QD KD AD"]


@pytest.mark.parametrize(("record", "prefix", "words"), [
    (_record("mittlere", 4, []), "round 0, picking step 0", "played by 3 players"),
    (_record("molotow", 3, []), "round 0, picking step 0", "played by 4 players"),
    (_record("plus-minus", 3, [], reach_tie="most"), "round 0, picking step 0", "reach_tie"),
    (_record("mittlere", 3, [{"deal": {"hands": [h.split() for h in HANDS_3]},
                              "picking": ["trump(H)"], "plays": []}]),
     "round 1, picking step 1", "trump(H)"),
    (_record("mittlere", 3, [{"deal": {"hands": [h.split() for h in HANDS_3]}, "picking": [],
                              "plays": ["6C", "KH", "8H"]}]),
     "round 1, play step 3", "no undertrumping"),
    (_record("palitos-21", 3, [{"deal": {"hands": [h.split() for h in HANDS_3]},
                                "picking": ["obenabe"], "plays": []}]),
     "round 1, picking step 1", "the dealer (seat 2) chooses the trump"),
    (_record("palitos-21", 3, [{"deal": {"hands": [h.split() for h in HANDS_3]},
                                "picking": ["trump(H)", "trump(S)"], "plays": []}]),
     "round 1, picking step 2", "refused"),
])
def test_bad_records_are_refused_with_the_step(record: dict[str, Any], prefix: str, words: str,
                                               tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    err = _replay_error(record, tmp_path, capsys)
    assert err.startswith(prefix + ": "), err
    assert words in err, err


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_the_rule_bots_play_a_whole_game(game: tuple[str, int, dict[str, Any]]) -> None:
    name, players, options = game
    state = jass_game(name, players, options=options).new_initial_state(seed=21)
    bots = [make_jass_bot("rule", seed=s) for s in range(players)]
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].act(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.winner() is not None
    check_game(state, deep=False)


@pytest.mark.parametrize(("name", "players"), [("mittlere", 3), ("palitos-21", 4)])
def test_the_pimc_bot_plays_a_round(name: str, players: int) -> None:
    state = jass_game(name, players).new_initial_state(seed=3)
    bot = make_jass_bot("pimc", seed=1, samples=2, pick_samples=2)
    while not state.round_results:
        state.apply_action(bot.act(state))
    assert sum(state.round_results[0]["card_points"]) == 157


# A Molotow hand that ends 27, 76, 27, 27 (RECORD: a seeded deal and its plays)
_PLAYS = ("KS JS 7S 10S AH AC 9H 10H JD 8C 8D QD 6S 6D 6C AS KC 9C 8S JH QC KH JC 7C KD 7H 10C "
          "10D 7D AD 9D 8H QH 6H 9S QS")
THREE_TIED = {"deal": {"seed": 1246199504}, "picking": [], "plays": _PLAYS.split(" ")}


def test_molotows_three_way_tie_is_drawn_from_the_seed_and_replays() -> None:
    """RULES J: the "draw a card" is seeded (option ``draw_seed``, stored in the record's
    options), so a replay draws the same cards; the round's ``draw`` shows the result."""
    from chaitea.rulesets.jass.tallies import draw_cards

    winners = set()
    for draw_seed in range(6):
        options = {"ruleset": "molotow"} | ({"draw_seed": draw_seed} if draw_seed else {})
        rec = {"format": "chaitea-record/1", "players": 4, "options": options,
               "rounds": [THREE_TIED]}
        out = replay(json.dumps(rec))
        res = out["rounds"][0]
        assert res["card_points"] == [27, 76, 27, 27] and res["rule"] == "5"
        best = draw_cards([0, 2, 3], draw_seed * 1000)[0][0]
        assert res["draw"][0][0] == best and sorted(s for s, _ in res["draw"]) == [0, 2, 3]
        assert res["score"] == [-1 if s == best else 1 if s == 1 else 0 for s in range(4)]
        assert replay(json.dumps(rec)) == out
        winners.add(best)
    assert len(winners) > 1
