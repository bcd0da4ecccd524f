"""The duplicate tournament harness and its command line."""

from __future__ import annotations

import pytest

from chaitea.__main__ import main
from chaitea.ai.tournament import duplicate_difference, play_matches, summarize, wilson


def test_wilson_interval_known_values() -> None:
    # Wilson (1927): 0 of 10 -> [0, 0.278]; 5 of 10 -> [0.237, 0.763].
    assert [round(x, 3) for x in wilson(0, 10)] == [0.0, 0.278]
    assert [round(x, 3) for x in wilson(5, 10)] == [0.237, 0.763]
    assert wilson(0, 0) == (0.0, 1.0)


def test_duplicate_rotation_puts_every_bot_in_every_seat() -> None:
    m = play_matches(["rule", "random", "random"], players=3, deals=3, seed=2, rounds=True)
    # 3 deals x 3 rotations x 3 seats; each deal is played with the rule bot in each seat once.
    assert len(m) == 27
    rule = m[m.bot == "rule"]
    assert sorted(rule.seat.tolist()) == [0] * 3 + [1] * 3 + [2] * 3
    for _, g in m.groupby(["deal", "rotation"]):
        # the round's scores: declarer's side +x, every defender -x (round_state returns)
        assert g.score.sum() == pytest.approx(-g.score[g.role == "declarer"].iloc[0] *
                                              (len(g) - 2))
    # the same deal (and contract) in every rotation: luck cancels
    assert m.groupby("deal").contract.nunique().max() == 1


def test_summary_counts_wins_and_intervals() -> None:
    m = play_matches(["rule", "random", "random"], players=3, deals=2, seed=1)
    s = summarize(m)
    assert set(s.bot) == {"rule", "random"}
    row = s[s.bot == "rule"].iloc[0]
    assert row.seats == 6 and 0 <= row.win_low <= row.win_rate <= row.win_high <= 1
    assert row.wins == int(m[m.bot == "rule"].win.sum())
    # one winner per game
    assert int(m.groupby(["deal", "rotation"]).win.sum().max()) == 1


def test_team_games_take_one_bot_per_team() -> None:
    m = play_matches(["rule", "random"], players=4, deals=1, seed=3, rounds=True,
                     contract="trump(H)")
    assert len(m) == 8 and set(m.contract) == {"trump(H)"}
    for _, g in m.groupby("rotation"):
        assert g[g.seat.isin([0, 2])].bot.nunique() == 1


def test_duplicate_difference_same_seat_same_role() -> None:
    df, summary = duplicate_difference("rule", "rule", players=3, deals=2, seed=4)
    assert (df["diff"] == 0).all()  # the same bot in the same seat: no difference at all
    assert summary["all_mean"] == 0 and summary["all_n"] == 6
    assert set(df.role) == {"declarer", "defender"}


def test_cli_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--ruleset", "chai-tea-jazz", "--players", "3", "--bots",
                 "rule,random,random", "--deals", "2", "--seed", "5", "--rounds"])
    out = capsys.readouterr().out
    assert code == 0 and "win_rate" in out and "rule" in out
    assert main(["tournament", "--bots", "rule,nobody,random", "--deals", "1"]) == 64  # usage
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["tournament", "--bots", "rule,random", "--deals", "1"]) == 2
    assert main(["tournament", "--ruleset", "schieber", "--deals", "1"]) == 2
