"""Meta contracts (RULES S; RECORD options.meta / setup meta; rulebook "Meta Contracts").

Second place: best -V, second +V, worst 0 (three players only). In an Avoidance row "best" is the
lowest score (the reading tested here: the meta changes the awards, not the ranking).
Cumulative: the sum of all row scores decides, most or least; ties to whoever finished first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import chaitea
from chaitea import RecordError, SetupError


def finish(game: chaitea.Game, seed: int) -> chaitea.State:
    rng = random.Random(seed)
    s = game.new_initial_state(seed=seed)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def ranked(scores: list[int], order: list[int], avoidance: bool = False) -> list[int]:
    """Sides best first: by score (Avoidance: lowest), ties to the earlier completer."""
    sign = 1 if avoidance else -1
    return sorted(range(len(scores)), key=lambda s: (sign * scores[s], order.index(s)))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_second_place_refused_except_with_three_players(players: int) -> None:
    """RULES S: second place works with three players only; refuse otherwise."""
    with pytest.raises(SetupError, match="three players"):
        chaitea.Game(players=players, meta="second-place")
    with pytest.raises(SetupError):
        chaitea.Game(players=players,
                     setup=[{"row": "under", "value": 2, "meta": "second-place"}])


@pytest.mark.parametrize("where", ["options", "row"])
def test_second_place_with_four_players_refused_by_replay(where: str) -> None:
    """RULES S / RECORD: a four-player record with second place (game or row meta) is refused
    at ``round 0, picking step 0``."""
    rec: dict[str, Any] = {"format": "chaitea-record/1", "players": 4, "setup": "standard",
                           "rounds": []}
    if where == "options":
        rec["options"] = {"meta": "second-place"}
    else:
        rec["setup"] = [{"row": "under", "value": 2, "meta": "second-place"},
                        {"row": "trump", "value": 1}]
    with pytest.raises(RecordError) as exc:
        chaitea.replay(rec)
    assert exc.value.where == "round 0, picking step 0"
    assert str(exc.value).startswith("round 0, picking step 0: ")


def test_second_place_awards_on_the_rulebook_numbers() -> None:
    """Rulebook scoring example under the second-place meta: Under (V=2) scores Aslan 59
    (completed 1st), Mufasa 33 (2nd), Leo 75 (3rd): best Leo -2, second Aslan +2, worst 0."""
    setup = chaitea.parse_setup("standard")
    pad = chaitea.Pad(setup, sides=3, meta="second-place")
    u = pad.row_index("under")
    pad.record(u, 0, 59)
    pad.record(u, 2, 33)
    pad.record(u, 1, 75)
    assert pad.row_points[u] == [2, -2, 0]
    # tie 59/59: Aslan completed first, so ranks best: Aslan -2, Leo +2
    pad = chaitea.Pad(setup, sides=3, meta="second-place")
    pad.record(u, 0, 59)
    pad.record(u, 2, 33)
    pad.record(u, 1, 59)
    assert pad.row_points[u] == [-2, 2, 0]


def test_second_place_game_points_in_a_whole_game() -> None:
    """RULES S: with the second-place meta every complete row gives best -V, second +V,
    worst 0 (sum 0); the winner has the most game points."""
    g = chaitea.Game(players=3, meta="second-place")
    for seed in range(6):
        s = finish(g, seed)
        totals = [0, 0, 0]
        for i, row in enumerate(s.pad.rows):
            scores = s.pad.scores[i]
            assert None not in scores
            best, second, worst = ranked(scores, s.pad.order[i])  # type: ignore[arg-type]
            exp = [0, 0, 0]
            exp[best], exp[second], exp[worst] = -row.value, row.value, 0
            assert s.pad.row_points[i] == exp
            totals = [a + b for a, b in zip(totals, exp, strict=True)]
        assert s.game_points() == totals
        fin = s.pad.finish_order
        assert s.winner() == min(range(3), key=lambda x: (-totals[x], fin.index(x)))


def test_second_place_on_single_rows_of_a_custom_setup() -> None:
    """RULES S: the meta may sit on single rows; other rows keep +V 0 -V. In an Avoidance
    second-place row the lowest score is best and gets -V."""
    setup = [{"row": "under", "value": 2, "meta": "second-place"},
             {"row": "avoidance-over", "value": 3, "meta": "second-place"},
             {"row": "trump", "value": 1}]
    g = chaitea.Game(players=3, setup=setup)
    assert [r.meta for r in g.setup.rows] == ["second-place", "second-place", None]
    for seed in range(4):
        s = finish(g, seed)
        for i, row in enumerate(s.pad.rows):
            scores = s.pad.scores[i]
            order = ranked(scores, s.pad.order[i], row.avoidance)  # type: ignore[arg-type]
            awards = [-row.value, row.value, 0] if row.meta else [row.value, 0, -row.value]
            exp = [0, 0, 0]
            for place, side in enumerate(order):
                exp[side] = awards[place]
            assert s.pad.row_points[i] == exp, (row.key, scores)
    rec = s.record()
    assert rec["setup"][0]["meta"] == "second-place"
    rep = chaitea.replay(rec)
    assert rep["game_points"] == s.game_points()


@pytest.mark.parametrize("meta", ["cumulative-most", "cumulative-least"])
def test_cumulative_decides_the_winner(meta: str) -> None:
    """RULES S: at the end the sum of all row scores decides, most (or least); game points are
    still reported; RECORD: the replay report's ``cumulative`` follows ``game_points``."""
    g = chaitea.Game(players=3, meta=meta)
    for seed in range(5):
        s = finish(g, seed)
        sums = [sum(row[x] for row in s.pad.scores) for x in range(3)]  # type: ignore[misc]
        fin = s.pad.finish_order
        sign = -1 if meta == "cumulative-most" else 1
        exp = min(range(3), key=lambda x: (sign * sums[x], fin.index(x)))
        assert s.winner() == exp
        rep = chaitea.replay(s.record())
        assert rep["cumulative"] == sums
        keys = list(rep)
        assert keys.index("cumulative") == keys.index("game_points") + 1
        assert rep["winner"] == exp
        row_pts = [0, 0, 0]
        for pts in s.pad.row_points:
            row_pts = [a + b for a, b in zip(row_pts, pts or [0, 0, 0], strict=True)]
        assert rep["game_points"] == row_pts


@pytest.mark.parametrize(("meta", "scores", "winner"), [
    # sides 1 and 2 tie on the sum; side 2 finished first
    ("cumulative-most", {"trump": [10, 50, 60], "under": [20, 70, 60]}, 2),
    ("cumulative-least", {"trump": [90, 30, 40], "under": [90, 50, 40]}, 2),
])
def test_cumulative_ties_go_to_who_finished_first(meta: str, scores: dict[str, list[int]],
                                                  winner: int) -> None:
    """RULES S: a cumulative tie goes to whoever finished all their contracts first."""
    setup = chaitea.parse_setup([{"row": "trump", "value": 1}, {"row": "under", "value": 2}])
    pad = chaitea.Pad(setup, sides=3, meta=meta)
    t, u = pad.row_index("trump"), pad.row_index("under")
    # completion: side 2 completes both rows first, then side 0, then side 1
    for side in (2, 0, 1):
        pad.record(t, side, scores["trump"][side])
        pad.record(u, side, scores["under"][side])
    assert pad.finish_order == [2, 0, 1]
    assert pad.cumulative == [sum(v[s] for v in scores.values()) for s in range(3)]
    assert pad.winner() == winner
    assert pad.standings()[0] == winner


def test_cumulative_in_team_games_uses_team_letters() -> None:
    """RECORD: the ``cumulative`` field is shaped like ``game_points`` (team letters)."""
    g = chaitea.Game(players=4, meta="cumulative-most")
    s = finish(g, 3)
    rep = chaitea.replay(s.record())
    sums = [sum(row[x] for row in s.pad.scores) for x in range(2)]  # type: ignore[misc]
    assert rep["cumulative"] == {"A": sums[0], "B": sums[1]}
    fin = s.pad.finish_order
    assert rep["winner"] == "AB"[min(range(2), key=lambda x: (-sums[x], fin.index(x)))]


def test_no_cumulative_field_without_the_meta() -> None:
    """RECORD: ``cumulative`` appears only in cumulative games."""
    s = finish(chaitea.Game(players=3), 1)
    assert "cumulative" not in chaitea.replay(s.record())
