"""Four players in two teams (RULES P, B/D8/D12, S; rulebook "Four Player (Teams)")."""

from __future__ import annotations

import random

import pytest

import chaitea
from chaitea import ChaiTeaError, IllegalPick

from .helpers import STANDARD_CARDS, card_points_by_seat, play_first_legal


@pytest.fixture
def game() -> chaitea.Game:
    return chaitea.Game(players=4)


def picking_state(game: chaitea.Game, seed: int = 5, barrel: int = 0) -> chaitea.State:
    s = game.new_initial_state(seed=None, barrel=barrel)
    s.apply_deal(seed)
    return s


def test_teams_are_seats_0_2_and_1_3(game: chaitea.Game) -> None:
    """RULES P: teams A = seats {0, 2}, B = seats {1, 3}; a row belongs to a team."""
    assert game.sides == 2
    assert list(game.side_of) == [0, 1, 0, 1]
    assert game.side_names == ["A", "B"]


def test_nine_cards_each(game: chaitea.Game) -> None:
    """RULES P: the 36-card deck, 9 cards each, 9 tricks."""
    d = chaitea.Deal.from_seed(3, 4, game.deck)
    assert [len(h) for h in d.hands] == [9, 9, 9, 9]
    assert sorted(str(c) for h in d.hands for c in h) == sorted(STANDARD_CARDS)
    assert game.n_tricks == 9 and d.straw is None and d.set_aside is None


def test_bet_debt_step_3_maximum_33(game: chaitea.Game) -> None:
    """D8: Bet Debt is a multiple of the step 3, at most 33 (the largest multiple not above 35)."""
    assert (game.step, game.max_debt) == (3, 33)
    s = picking_state(game)
    s.apply_action("under")
    raises = {int(m.split()[0]) for m in s.legal_moves() if m != "pass"}
    assert raises == set(range(3, 34, 3))
    for bad in ("5 trump(H)", "35 trump(H)", "36 trump(H)", "34 under", "1 under"):
        before = s.clone()
        with pytest.raises(IllegalPick):
            s.apply_action(bad)
        assert s == before
    s.apply_action("33 trump(H)")
    assert s.current_bet == (1, "33 trump(H)")
    # Nothing can top 33: the others may only pass.
    assert s.legal_moves() == ["pass"]


def test_first_pick_carries_no_debt_in_team_games(game: chaitea.Game) -> None:
    """D8: the first pick of a phase carries no Bet Debt, even after passes."""
    s = picking_state(game)
    s.apply_action("pass")
    assert all(not m[0].isdigit() for m in s.legal_moves())
    with pytest.raises(IllegalPick, match="D8"):
        s.apply_action("3 under")


def test_teammates_may_outbid_each_other(game: chaitea.Game) -> None:
    """D12: teammates may outbid each other; each player's pass is their own."""
    s = picking_state(game)
    s.apply_action("under")  # seat 0, team A
    s.apply_action("pass")  # seat 1, team B: only seat 1 is out
    assert s.current_player() == 2
    assert "3 trump(H)" in s.legal_moves()
    s.apply_action("3 trump(H)")  # seat 2 outbids its teammate
    assert s.current_player() == 3
    assert "6 under" in s.legal_moves()  # seat 3 may still pick though its teammate passed
    s.apply_action("pass")
    assert s.current_player() == 0
    s.apply_action("6 under")  # and seat 0 outbids its teammate back
    s.apply_action("pass")  # seat 2 (seat 1 passed already, seat 3 passed)
    assert s.phase == "play"
    assert (s.declarer, s.row, s.bet_debt) == (0, "under", 6)


def test_team_pad_rows(game: chaitea.Game) -> None:
    """RULES P/S: a contract row belongs to a team: once seat 0 has played Under for team A,
    seat 2 cannot pick Under; the pad has one column per team."""
    s = picking_state(game)
    s.apply_action("under")
    for _ in range(3):
        s.apply_action("pass")
    play_first_legal(s)
    r = s.round_results[0]
    ui = s.pad.row_index("under")
    assert s.pad.scores[ui] == [r.score, None]
    assert s.pad.order[ui] == [0]
    by_seat = card_points_by_seat(s)
    team_a = by_seat[0] + by_seat[2]
    assert r.card_points == team_a == s.side_points[0]
    assert r.score == team_a + (10 if s.tricks[-1].winner in (0, 2) else 0)
    # next round: the barrel moved to seat 1; seat 2 (team A) may not pick under
    s.apply_deal(6)
    assert s.current_player() == 1
    s.apply_action("pass")
    assert s.current_player() == 2
    assert "under" not in s.legal_moves() and "joker=under" in s.legal_moves()
    with pytest.raises(IllegalPick, match="completed"):
        s.apply_action("under")
    s.apply_action("pass")
    assert "under" in s.legal_moves()  # seat 3 (team B) still has it open
    rep = chaitea.replay(s.record())
    assert rep["pad"]["under"] == {"scores": {"A": r.score, "B": None}, "order": ["A"]}


def test_the_barrel_passes_seat_by_seat(game: chaitea.Game) -> None:
    """RULES B: the barrel goes to the next eligible player clockwise from the barrel holder,
    seat by seat (not team by team); players of a team with no open rows are skipped."""
    rng = random.Random(8)
    s = game.new_initial_state(seed=None, barrel=2)
    barrels = []
    open_rows = {0: 4, 1: 4}
    expected = 2
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_deal(rng.randrange(10**6))
            barrels.append(s.barrel)
            assert s.barrel == expected
            assert s.current_player() == expected
            continue
        before = len(s.round_results)
        s.apply_action(rng.choice(s.legal_actions()))
        if len(s.round_results) > before:
            team = game.side_of[s.round_results[-1].declarer]
            open_rows[team] -= 1
            nxt = [(expected + k) % 4 for k in range(1, 4)
                   if open_rows[game.side_of[(expected + k) % 4]]]
            expected = nxt[0] if nxt else expected
    assert barrels[:4] == [2, 3, 0, 1]
    assert len(s.round_results) == 8


def test_four_player_game_plays_every_row_once_per_team(game: chaitea.Game) -> None:
    """Rulebook: each contract is played twice, once for each team; row points +V / -V."""
    s = game.new_initial_state(seed=17)
    rng = random.Random(17)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    seen = [(r.row, game.side_of[r.declarer]) for r in s.round_results]
    assert len(seen) == 8 and len(set(seen)) == 8
    for i, row in enumerate(s.pad.rows):
        pts = s.pad.row_points[i]
        assert pts is not None and sorted(pts) == [-row.value, row.value]
    assert sum(s.game_points()) == 0
    ret = s.returns()
    assert ret[0] == ret[2] == s.game_points()[0] and ret[1] == ret[3] == s.game_points()[1]


def test_players_of_a_finished_team_pass_automatically() -> None:
    """RULES B: players with no open rows pass automatically (not written) and never speak."""
    g = chaitea.Game(players=4, setup=[{"row": "under", "value": 2},
                                       {"row": "trump", "value": 1}])
    s = g.new_initial_state(seed=None)
    for _ in range(2):  # team A plays both rows first
        s.apply_deal(1)
        while s.phase == "picking":
            seat = s.current_player()
            if g.side_of[seat] == 0 and s.current_bet is None:
                s.apply_action(next(m for m in s.legal_moves() if m != "pass"))
            else:
                s.apply_action("pass")
        assert g.side_of[s.declarer or 0] == 0
        play_first_legal(s)
    s.apply_deal(2)
    assert s.eligible == [1, 3]
    assert s.barrel == 3 and s.current_player() == 3  # from seat 1, seat 2 is skipped
    s.apply_action("pass")
    s.apply_action("pass")
    # everyone eligible passed: the barrel holder must pick
    assert s.forced
    assert "pass" not in s.legal_moves()
    rec = s.record()
    assert rec["rounds"][-1]["picking"] == ["pass", "pass"]
    with pytest.raises(ChaiTeaError):
        s.apply_action("pass")
