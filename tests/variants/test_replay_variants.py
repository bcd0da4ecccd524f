"""``python -m chaitea replay -`` on the variant parts of a record (RECORD.md).

Bad input: exit 2, nothing on standard output, one line on standard error whose prefix up to the
colon is exact. Team games: team letters in the pad, game points, finish order and winner; seats
in ``declarer``, ``tricks`` and ``last_trick``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import chaitea

from .helpers import assert_refused, deal_json, record, run_replay
from .test_two_players import ASIDE, HANDS, STRAW

TWO_DEAL = deal_json(HANDS, STRAW, ASIDE)
THREE_HANDS = [[f"{r}{s}" for s in "CDHS" for r in range(1, 10)][12 * k:12 * (k + 1)]
               for k in range(3)]


def two_player(plays: list[str], deal: dict[str, Any] | None = None) -> dict[str, Any]:
    return record(2, [{"deal": deal or TWO_DEAL, "picking": ["under", "pass"], "plays": plays}])


def test_valid_two_player_record_replays() -> None:
    """RECORD: an explicit two-player deal with straw and set_aside replays (exit 0)."""
    proc = run_replay(two_player(["1D", "5D", "2H"]))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["next"]["seat"] == 1 and out["next"]["phase"] == "play"


# --------------------------------------------------------------------------- bad input, two players

@pytest.mark.parametrize(("plays", "step", "cli"), [
    (["1H"], 1, True),  # under 8C
    (["1D", "5D", "3H"], 3, True),  # 3H still lies under 2D (2H, under 1D, has turned up)
    (["1D", "6D"], 2, False),  # seat 1's 6D lies under 7H
])
def test_face_down_straw_card_played(plays: list[str], step: int, cli: bool) -> None:
    """D7: a face-down straw card is refused at its play step."""
    line = assert_refused(two_player(plays), f"round 1, play step {step}", cli=cli)
    assert "face-down" in line


def test_face_down_straw_card_in_a_later_round() -> None:
    """D7 / RECORD: the step count restarts each round: round 2, play step 1."""
    g = chaitea.Game(players=2)
    s = g.new_initial_state(seed=None)
    s.apply_deal(chaitea.Deal.from_seed(77, 2, g.deck))
    rng = random.Random(77)
    while s.phase != "deal":
        s.apply_action(rng.choice(s.legal_actions()))
    rec = s.record()
    picking = chaitea.replay(rec)["next"]
    assert picking["seat"] == 1
    rec["rounds"].append({"deal": TWO_DEAL, "picking": ["under", "pass"], "plays": ["9C"]})
    # seat 1 picks under and leads; 9C lies face down under 6H
    assert_refused(rec, "round 2, play step 1", cli=False)


def _bad_straw(kind: str) -> Any:
    straw: Any = copy.deepcopy(TWO_DEAL["straw"])
    if kind == "four stacks":
        straw[0] = straw[0][:4]
    elif kind == "six stacks":
        straw[0] = [*straw[0], ["9C", "9D"]]
    elif kind == "stack of three":
        straw[1][0] = ["9C", "6H", "2S"]
    elif kind == "stack of one":
        straw[1][0] = ["6H"]
    elif kind == "one seat":
        straw = straw[:1]
    elif kind == "string stack":
        straw[0][0] = "1H 8C"
    elif kind == "flat list":
        straw = [c for seat in straw for st in seat for c in st]
    elif kind == "not a list":
        straw = "1H,8C"
    return straw


@pytest.mark.parametrize("kind", ["four stacks", "six stacks", "stack of three", "stack of one",
                                  "one seat", "string stack", "flat list", "not a list"])
def test_straw_stacks_of_the_wrong_shape(kind: str) -> None:
    """RECORD deal: 'straw' is, per seat, 5 stacks [face-down, face-up]; a wrong shape is a
    deal error at picking step 0."""
    d = dict(TWO_DEAL, straw=_bad_straw(kind))
    cli = kind in ("four stacks", "stack of three", "string stack")
    assert_refused(two_player([], d), "round 1, picking step 0", cli=cli)


@pytest.mark.parametrize("missing", ["straw", "set_aside"])
def test_explicit_two_player_deal_needs_straw_and_set_aside(missing: str) -> None:
    """RECORD deal: with explicit hands two players must give both straw and set_aside."""
    d = {k: v for k, v in TWO_DEAL.items() if k != missing}
    assert_refused(two_player([], d), "round 1, picking step 0", cli=False)


@pytest.mark.parametrize("extra", [{"straw": TWO_DEAL["straw"]},
                                   {"set_aside": ASIDE},
                                   {"straw": TWO_DEAL["straw"], "set_aside": ASIDE}])
def test_seeded_two_player_deal_that_also_gives_straw(extra: dict[str, Any]) -> None:
    """RECORD deal: a seeded two-player deal gives neither straw nor set_aside."""
    assert_refused(two_player([], {"seed": 3, **extra}), "round 1, picking step 0",
                   cli="set_aside" not in extra)


# ---------------------------------------------------------------------- bad input, other games

@pytest.mark.parametrize("extra", [{"straw": TWO_DEAL["straw"]}, {"set_aside": ["9D", "2S"]},
                                   {"straw": [], "set_aside": []}])
def test_straw_or_set_aside_in_a_three_player_deal(extra: dict[str, Any]) -> None:
    """RECORD deal: 'straw' and 'set_aside' are refused in other games."""
    rec = record(3, [{"deal": {"hands": THREE_HANDS, **extra}, "picking": [], "plays": []}])
    assert_refused(rec, "round 1, picking step 0", cli="straw" in extra)


def test_set_aside_in_a_seeded_four_player_deal() -> None:
    """RECORD deal: set_aside is refused outside two-player games, seeded or not."""
    rec = record(4, [{"deal": {"seed": 1, "set_aside": ["1C", "2C"]}, "picking": [],
                      "plays": []}])
    assert_refused(rec, "round 1, picking step 0", cli=False)


@pytest.mark.parametrize(("players", "picking", "step"), [
    (3, ["pass", "pass", "pass", "offer 7"], 4),
    (3, ["pass", "pass", "pass", "offer 0"], 4),
    (3, ["pass", "pass", "pass", "offer 40"], 4),
    (3, ["pass", "pass", "pass", "offer 5", "decline", "decline", "offer 12"], 7),
    (3, ["pass", "pass", "pass", "offer 35", "decline", "decline", "offer 35"], 7),
    (4, ["pass", "pass", "pass", "pass", "offer 5"], 5),
    (4, ["pass", "pass", "pass", "pass", "offer 35"], 5),
    (6, ["pass"] * 6 + ["offer 10"], 7),
])
def test_offer_that_is_not_a_step(players: int, picking: list[str], step: int) -> None:
    """RULES V / RECORD: offers are multiples of the step (5, or 3 in team games), at least
    one step, at most the maximum; after a declined maximum only rescind."""
    rec = record(players, [{"deal": {"seed": 4}, "picking": picking, "plays": []}],
                 passing_the_barrel=True)
    assert_refused(rec, f"round 1, picking step {step}", cli=picking[-1] in ("offer 7", "offer 5"))


def test_offer_without_the_variant() -> None:
    """RULES V / RECORD: ``offer`` without options.passing_the_barrel is refused."""
    rec = record(3, [{"deal": {"seed": 4}, "picking": ["pass", "pass", "pass", "offer 5"],
                      "plays": []}])
    assert_refused(rec, "round 1, picking step 4", cli=False)


@pytest.mark.parametrize("how", ["options", "row"])
def test_second_place_meta_with_four_players(how: str) -> None:
    """RULES S: second place is three players only: refused at round 0, picking step 0."""
    if how == "options":
        rec = record(4, [], meta="second-place")
    else:
        rec = record(4, [], setup=[{"row": "under", "value": 2, "meta": "second-place"}])
    assert_refused(rec, "round 0, picking step 0")


@pytest.mark.parametrize(("players", "deck"), [(3, "six-player"), (3, "double"),
                                               (2, "six-player"), (4, "double"),
                                               (6, "standard"), (3, "jass"), (6, "jass"),
                                               (3, "tarot")])
def test_deck_that_does_not_fit_the_player_count(players: int, deck: str) -> None:
    """RECORD options.deck: a deck that does not fit the player count is refused at ``round 0,
    picking step 0``."""
    assert_refused(record(players, [], deck=deck), "round 0, picking step 0",
                   cli=(players, deck) in ((3, "six-player"), (6, "standard")))


def test_hands_from_the_wrong_deck_for_six_players() -> None:
    """A six-player deal written with 36-card hands is a deal error (RULES P)."""
    hands = [THREE_HANDS[0][:6], THREE_HANDS[0][6:], THREE_HANDS[1][:6], THREE_HANDS[1][6:],
             THREE_HANDS[2][:6], THREE_HANDS[2][6:]]
    rec = record(6, [{"deal": {"hands": hands}, "picking": [], "plays": []}])
    assert_refused(rec, "round 1, picking step 0", cli=False)


def test_joker_card_in_a_standard_deal() -> None:
    """RULES C: a Joker is no card of the 36-card deck: a deal error."""
    hands = copy.deepcopy(THREE_HANDS)
    hands[0][0] = "JK1"
    assert_refused(record(3, [{"deal": {"hands": hands}, "picking": [], "plays": []}]),
                   "round 1, picking step 0", cli=False)


# ------------------------------------------------------------------------- team games' output

def _team_game(players: int, deck: str | None, seed: int) -> chaitea.State:
    g = chaitea.Game(players=players, deck=deck, setup="short")
    s = g.new_initial_state(seed=seed, barrel=seed % players)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize(("players", "deck"), [(4, None), (6, "six-player"), (6, "double")])
def test_team_game_replay_output(players: int, deck: str | None) -> None:
    """RECORD: team games show team letters in pad scores/order, game_points, finish_order and
    winner; seats in declarer, tricks and last_trick; card_points and score are the team's."""
    s = _team_game(players, deck, 3 + players)
    rec = s.record()
    if deck == "six-player":
        assert "deck" not in rec["options"]  # the default six-player deck
    proc = run_replay(rec)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    team = {seat: "AB"[seat % 2] for seat in range(players)}
    for key, row in out["pad"].items():
        assert set(row["scores"]) == {"A", "B"}, key
        assert sorted(row["order"]) == ["A", "B"]
    assert set(out["game_points"]) == {"A", "B"}
    assert sum(out["game_points"].values()) == 0
    assert sorted(out["finish_order"]) == ["A", "B"]
    assert out["winner"] in ("A", "B") and out["finished"] is True and out["next"] is None
    gp = out["game_points"]
    fin = out["finish_order"]
    assert out["winner"] == min("AB", key=lambda t: (-gp[t], fin.index(t)))
    completed: dict[str, list[str]] = {}
    for r in out["rounds"]:
        assert isinstance(r["declarer"], int) and 0 <= r["declarer"] < players
        assert isinstance(r["last_trick"], int) and 0 <= r["last_trick"] < players
        assert len(r["tricks"]) == players and sum(r["tricks"]) == s.game.n_tricks
        t = team[r["declarer"]]
        bonus = 20 if players == 6 else 10
        assert r["score"] == r["card_points"] + (bonus if team[r["last_trick"]] == t else 0) \
            - r["bet_debt"]
        assert out["pad"][r["row"]]["scores"][t] == r["score"]
        completed.setdefault(r["row"], []).append(t)
    for key, order in completed.items():
        assert out["pad"][key]["order"] == order


def test_team_game_in_progress_next_is_a_seat() -> None:
    """RECORD: ``next.seat`` is a seat in team games; game points by team letter."""
    g = chaitea.Game(players=4)
    s = g.new_initial_state(seed=2)
    for _ in range(3):
        s.apply_action(s.legal_actions()[0])
    out = json.loads(run_replay(s.record()).stdout)
    assert out["next"]["seat"] == s.current_player()
    assert set(out["next"]["legal"]) == set(s.legal_moves())
    assert out["winner"] is None and out["game_points"] == {"A": 0, "B": 0}
