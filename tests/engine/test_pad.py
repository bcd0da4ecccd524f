"""Scoring and the Paper Pad (RULES S; D10, D13, D14)."""

from __future__ import annotations

import pytest

from chaitea import (
    CHANCE,
    TERMINAL,
    Deal,
    Game,
    IllegalAction,
    Pad,
    RecordError,
    State,
    parse_setup,
)
from chaitea.ai.bots import RandomBot, play_out
from chaitea.engine.pad import row_game_points
from chaitea.records.record import replay
from tests.engine.conftest import (
    ASLAN,
    LEO,
    MUFASA,
    new_game,
    play_round,
    sweep_deal,
    zero_deal,
)


# -- setups (D10, D14) ----------------------------------------------------------------------------
def test_d10_standard_pad_values():
    """D10: the standard pad is Trump 1, Under 2, Slalom 2, Joker 3."""
    rows = parse_setup("standard").rows
    assert [(r.key, r.kind, r.value, r.avoidance) for r in rows] == [
        ("trump", "trump", 1, False), ("under", "under", 2, False),
        ("slalom", "slalom", 2, False), ("joker", "joker", 3, False)]


def test_d14_short_setup():
    """D14 Short: Any Suit Trump 1, one row Slalom/Pyramid 2."""
    rows = parse_setup("short").rows
    assert [(r.key, r.value) for r in rows] == [("trump", 1), ("slalom/pyramid", 2)]
    assert Game(players=3, setup="short").new_initial_state(seed=1).pad.sides == 3


def test_d14_long_setup():
    """D14 Long: Black Suit Trump 1, Red Suit Trump 1, Under 2, Over 2, Slalom 2, Pyramid 2,
    Joker 3 three times (pad keys joker, joker#2, joker#3)."""
    rows = parse_setup("long").rows
    assert [(r.key, r.value) for r in rows] == [
        ("black-trump", 1), ("red-trump", 1), ("under", 2), ("over", 2), ("slalom", 2),
        ("pyramid", 2), ("joker", 3), ("joker#2", 3), ("joker#3", 3)]


def test_d13_custom_avoidance_row_spellings():
    """RECORD setup: avoidance-over and {"row": "over", "avoidance": true} are the same row."""
    a = parse_setup([{"row": "avoidance-over", "value": 2}]).rows[0]
    b = parse_setup([{"row": "over", "value": 2, "avoidance": True}]).rows[0]
    assert a.key == b.key == "avoidance-over"
    assert a.avoidance and b.avoidance
    assert a.spellings == b.spellings == ("avoidance-over",)


# -- row game points (RULES S) ------------------------------------------------------------------
STD = parse_setup("standard").rows
UNDER_ROW = STD[1]
JOKER_ROW = STD[3]
AVOID_ROW = parse_setup([{"row": "avoidance-over", "value": 2}]).rows[0]


@pytest.mark.parametrize(
    ("row", "scores", "order", "points"),
    [
        (UNDER_ROW, [59, 75, 33], [0, 2, 1], [0, 2, -2]),
        (JOKER_ROW, [10, 20, 30], [0, 1, 2], [-3, 0, 3]),
        (JOKER_ROW, [-5, -40, 0], [2, 0, 1], [0, -3, 3]),
        (UNDER_ROW, [50, 50, 50], [1, 2, 0], [-2, 2, 0]),  # all tied: completion order
        (UNDER_ROW, [50, 50, 10], [1, 2, 0], [0, 2, -2]),
        (UNDER_ROW, [10, 50, 10], [2, 1, 0], [-2, 2, 0]),  # tie for last: earlier ranks higher
        (AVOID_ROW, [10, 125, 0], [0, 1, 2], [0, -2, 2]),  # Avoidance: lowest best
        (AVOID_ROW, [20, 20, 40], [1, 2, 0], [0, 2, -2]),  # Avoidance tie: earlier ranks higher
    ],
)
def test_rules_s_row_game_points_three_players(row, scores, order, points):
    """RULES S: best +V, middle 0, worst -V; ties to the earlier completion; Avoidance rows rank
    the lowest score best (D13 setup row avoidance-over)."""
    assert row_game_points(row, scores, order) == points


def test_rules_s_pad_records_order_and_awards_on_completion():
    pad = Pad(parse_setup("standard"), sides=3)
    t = pad.row_index("trump")
    assert pad.record(t, MUFASA, 48) is False
    assert pad.record(t, ASLAN, -20) is False
    assert pad.scores[t] == [-20, None, 48]
    assert pad.order[t] == [MUFASA, ASLAN]
    assert pad.row_points[t] is None and pad.game_points == [0, 0, 0]
    assert pad.record(t, LEO, 48) is True  # ties Mufasa, who completed earlier
    assert pad.row_points[t] == [-1, 0, 1]
    assert not pad.is_open(t, LEO)
    with pytest.raises(ValueError):
        pad.record(t, LEO, 1)  # already complete for Leo


def _finish(pad: Pad, plan: list[tuple[str, int, int]]) -> None:
    for key, side, score in plan:
        pad.record(pad.row_index(key), side, score)


TWO_ROWS = [{"row": "under", "value": 2}, {"row": "over", "value": 2}]


@pytest.mark.parametrize("first", [ASLAN, LEO])
def test_rules_s_finish_order_and_winner_tie_goes_to_first_finisher(first):
    """RULES S: a player completing their last row takes the next finishing position; most game
    points wins, a tie to whoever finished all their contracts first."""
    pad = Pad(parse_setup(TWO_ROWS), sides=3)
    other = LEO if first == ASLAN else ASLAN
    # Under: Aslan 50 (+2), Leo 30 (0), Mufasa 10 (-2); Over: Leo 50 (+2), Aslan 30 (0),
    # Mufasa 10 (-2): Aslan and Leo tie on 2 game points.
    score = {("under", ASLAN): 50, ("under", LEO): 30, ("over", ASLAN): 30, ("over", LEO): 50}
    plan = [(k, first, score[(k, first)]) for k in ("under", "over")]
    plan += [(k, other, score[(k, other)]) for k in ("under", "over")]
    plan += [("under", MUFASA, 10), ("over", MUFASA, 10)]
    for i, step in enumerate(plan):
        assert pad.winner() is None
        _finish(pad, [step])
        if i == 1:
            assert pad.finish_order == [first]
    assert pad.finish_order == [first, other, MUFASA]
    assert pad.game_points == [2, 2, -4]
    assert pad.is_complete()
    assert pad.winner() == first
    assert pad.standings() == [first, other, MUFASA]


def test_rules_s_most_game_points_wins():
    pad = Pad(parse_setup(TWO_ROWS), sides=3)
    _finish(pad, [("under", MUFASA, 90), ("over", MUFASA, 90), ("under", ASLAN, 50),
                  ("over", ASLAN, 0), ("under", LEO, 10), ("over", LEO, 20)])
    assert pad.game_points == [0 - 2, -2 + 0, 2 + 2]
    assert pad.finish_order == [MUFASA, ASLAN, LEO]
    assert pad.winner() == MUFASA


# -- round scores through real rounds (RULES S) ---------------------------------------------------
def test_rules_s_round_score_can_be_negative():
    """RULES S: round score = card points + last trick bonus - Bet Debt; it may be negative.
    Aslan holds only ranks 1-4 of C, D, S in Trump (Hearts) and wins nothing: 0 - 35."""
    s = new_game()
    r = play_round(s, ["trump(H)", "5 under", "pass", "35 trump(H)", "pass"], zero_deal(ASLAN))
    assert (r.declarer, r.row, r.bet_debt) == (ASLAN, "trump", 35)
    assert r.tricks[ASLAN] == 0 and r.last_trick != ASLAN
    assert (r.card_points, r.score) == (0, -35)
    assert s.pad.scores[s.pad.row_index("trump")] == [-35, None, None]


def test_rules_s_last_trick_bonus_10():
    """RULES S, C: all 100 card points and the last trick: 100 + 10."""
    s = new_game()
    r = play_round(s, ["pass", "trump(H)", "pass"], sweep_deal(LEO))
    assert (r.declarer, r.tricks, r.last_trick) == (LEO, (0, 12, 0), LEO)
    assert (r.card_points, r.bet_debt, r.score) == (100, 0, 110)
    assert Game(players=3).seating.last_trick_bonus == 10


def test_rules_s_declarer_loses_everything_but_debt_is_still_paid():
    s = new_game()
    r = play_round(s, ["pass", "under", "5 under", "10 under", "pass"],
                   zero_deal(LEO, under=True))
    assert (r.declarer, r.bet_debt, r.card_points, r.score) == (LEO, 10, 0, -10)


AVOID_SETUP = [{"row": "avoidance-over", "value": 2}, {"row": "under", "value": 2}]


def test_d13_avoidance_row_adds_the_debt():
    """D13: in an Avoidance row the Bet Debt is added (a debt is always a cost there: it raises
    the score the declarer wants low); the row ranks the lowest score best."""
    s = new_game(AVOID_SETUP)
    # Round 1, barrel Aslan: Aslan wins nothing in Over with 10 Bet Debt: 0 + 10.
    r1 = play_round(s, ["under", "5 under", "pass", "10 avoidance-over", "pass"],
                    zero_deal(ASLAN))
    assert (r1.declarer, r1.row, str(r1.contract), r1.bet_debt) == (
        ASLAN, "avoidance-over", "over", 10)
    assert (r1.card_points, r1.score) == (0, 10)
    # Round 2, barrel Leo: Leo wins every trick in Over with 15 Bet Debt: 100 + 10 + 15.
    r2 = play_round(s, ["avoidance-over", "5 under", "pass", "15 avoidance-over", "pass"],
                    sweep_deal(LEO))
    assert (r2.declarer, r2.row, r2.bet_debt) == (LEO, "avoidance-over", 15)
    assert (r2.card_points, r2.last_trick, r2.score) == (100, LEO, 125)
    # Round 3, barrel Mufasa: Mufasa wins nothing, no debt: 0.
    r3 = play_round(s, ["avoidance-over", "pass", "pass"], zero_deal(MUFASA))
    assert (r3.declarer, r3.score) == (MUFASA, 0)
    row = s.pad.row_index("avoidance-over")
    assert s.pad.scores[row] == [10, 125, 0]
    assert s.pad.row_points[row] == [0, -2, 2]


def test_rules_b_s_joker_row_scores_as_a_normal_row():
    """RULES B: a Joker row is scored as a normal row (highest best, the debt subtracted),
    whatever it plays, even a contract an Avoidance row plays."""
    s = new_game([{"row": "avoidance-over", "value": 2}, {"row": "joker", "value": 3}])
    s.apply_deal(sweep_deal(LEO))
    assert {m for m in s.legal_moves() if m.startswith("joker")} == {"joker=over"}
    r = play_round(s, ["avoidance-over", "5 joker=over", "pass", "pass"])
    assert (r.declarer, r.row, str(r.contract), r.bet_debt) == (LEO, "joker", "over", 5)
    assert r.score == 100 + 10 - 5


# -- end of game ----------------------------------------------------------------------------------
def _ref_row_points(value: int, scores: list[int], order: list[int]) -> list[int]:
    ranked = sorted(range(3), key=lambda s: (-scores[s], order.index(s)))
    out = [0, 0, 0]
    out[ranked[0]], out[ranked[2]] = value, -value
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rules_s_standard_game_ends_after_12_rounds(seed):
    """RULES S: the game ends when every row is complete (12 rounds in the standard game); each
    row awards +V/0/-V by score and completion order; the finish order is the order in which
    players completed their last row; the winner has the most game points, ties to the first
    finisher; returns() gives each seat its game points."""
    s = Game(players=3).new_initial_state(seed=seed)
    play_out(s, [RandomBot(seed), RandomBot(seed + 10), RandomBot(seed + 20)])
    assert s.is_terminal() and s.phase == "end"
    assert s.current_player() == TERMINAL
    assert s.legal_actions() == []
    res = s.round_results
    assert len(res) == 12
    pad = s.pad
    gp = [0, 0, 0]
    for i, row in enumerate(pad.rows):
        mine = [r for r in res if r.row == row.key]
        assert sorted(r.declarer for r in mine) == [0, 1, 2]
        order = [r.declarer for r in mine]
        assert pad.order[i] == order
        scores = [next(r.score for r in mine if r.declarer == seat) for seat in range(3)]
        assert pad.scores[i] == scores
        pts = _ref_row_points(row.value, scores, order)
        assert pad.row_points[i] == pts
        gp = [a + b for a, b in zip(gp, pts, strict=True)]
    assert s.game_points() == gp
    assert s.returns() == [float(x) for x in gp]
    last_round = {seat: max(k for k, r in enumerate(res) if r.declarer == seat)
                  for seat in range(3)}
    assert pad.finish_order == sorted(range(3), key=last_round.__getitem__)
    best = max(gp)
    want = next(seat for seat in pad.finish_order if gp[seat] == best)
    assert s.winner() == want
    with pytest.raises(IllegalAction):
        s.apply_action("pass")


# -- ending early by agreement (RULES S, RECORD end) -----------------------------------------------
AGREE_SETUP = [{"row": "under", "value": 2}, {"row": "trump", "value": 1}]


def _agreement_game(rounds: int) -> State:
    """Under row: Aslan 110 (sweep), Leo 0, Mufasa -10: +2 / 0 / -2. Then Aslan plays Trump
    and has finished: with only Trump (1) open, Leo can at best tie Aslan (1 : 1), and the tie
    goes to Aslan, who finished first."""
    s = new_game(AGREE_SETUP)
    plan: list[tuple[list[str], Deal | int]] = [
        (["under", "pass", "pass"], sweep_deal(ASLAN, under=True)),
        (["under", "pass", "pass"], zero_deal(LEO, under=True)),
        (["trump(H)", "pass", "5 trump(H)", "10 under", "pass"], zero_deal(MUFASA, under=True)),
        (["trump(H)", "pass", "pass"], 4),
    ]
    for picking, deal in plan[:rounds]:
        play_round(s, picking, deal)
    return s


def test_rules_s_end_by_agreement_refused_while_leader_can_be_overtaken():
    s = _agreement_game(3)
    assert [r.score for r in s.round_results] == [110, 0, -10]
    assert s.game_points() == [2, 0, -2]
    assert s.pad.finish_order == []
    assert s.phase == "deal" and s.current_player() == CHANCE
    assert not s.can_end_by_agreement()
    before = s.clone()
    with pytest.raises(IllegalAction):
        s.end_by_agreement()
    assert s == before
    rec = s.record()
    rec["end"] = "agreed"
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert e.value.where == "round 0, picking step 0"
    assert str(e.value).startswith("round 0, picking step 0: ")


def test_rules_s_end_by_agreement_once_leader_cannot_be_overtaken():
    """RULES S: ending early by agreement is allowed once the leader cannot be overtaken, a tie
    going to the leader by the tie-break; RECORD end: "agreed"."""
    s = _agreement_game(4)
    assert s.pad.finish_order == [ASLAN]
    assert s.game_points() == [2, 0, -2]
    assert s.can_end_by_agreement()
    s.end_by_agreement()
    assert s.is_terminal()
    assert s.current_player() == TERMINAL
    assert s.winner() == ASLAN
    rec = s.record()
    assert rec["end"] == "agreed"
    rep = replay(rec)
    assert rep["finished"] is True
    assert rep["winner"] == ASLAN
    assert rep["next"] is None
    assert len(rep["rounds"]) == 4


def test_rules_s_no_agreement_in_the_middle_of_a_round():
    s = _agreement_game(4)
    s.apply_deal(5)
    assert not s.can_end_by_agreement()
    with pytest.raises(IllegalAction):
        s.end_by_agreement()
