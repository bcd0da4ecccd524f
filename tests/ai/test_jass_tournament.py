"""Jass tournaments: whole duplicate games of teams, the CLI."""

from __future__ import annotations

import pytest

from chaitea.__main__ import main
from chaitea.ai.tournament import play_jass_matches, summarize, wilson
from chaitea.core.errors import SetupError


def test_schieber_duplicate_games_swap_the_teams() -> None:
    """Each game seed is played twice, the teams swapped: both bots play both sides of every
    deal; one row per team and game; the winner's side reached the target of 1000."""
    m = play_jass_matches(["rule", "random"], ruleset="schieber", deals=3, seed=4,
                          game_options={"no_multipliers": True})
    assert len(m) == 3 * 2 * 2
    for _d, g in m.groupby("deal"):
        assert sorted(zip(g["rotation"], g["side"], g["bot"], strict=True)) == [
            (0, 0, "rule"), (0, 1, "random"), (1, 0, "random"), (1, 1, "rule")]
        for _k, game in g.groupby("rotation"):
            assert game["win"].sum() == 1
            assert game[game["win"]]["score"].iloc[0] >= 1000
    s = summarize(m)
    r = s[s.bot == "rule"].iloc[0]
    assert r.seats == 6 and r.win_low <= r.win_rate <= r.win_high
    assert (r.win_low, r.win_high) == pytest.approx(wilson(r.wins, 6))


def test_individual_games_rotate_the_line_up() -> None:
    """Coiffeur-Schieber for three: the line-up rotated through the seats (3 games a deal)."""
    m = play_jass_matches(["rule", "random", "random"], ruleset="coiffeur-schieber", deals=1,
                          seed=1)
    assert len(m) == 9 and sorted(m[m.bot == "rule"]["seat"]) == [0, 1, 2]


def test_jass_tournament_refusals() -> None:
    with pytest.raises(SetupError, match="one per team"):
        play_jass_matches(["rule", "random", "rule"], ruleset="schieber", deals=1)
    with pytest.raises(SetupError, match="unknown bot"):
        play_jass_matches(["rule", "clever"], ruleset="schieber", deals=1)


def test_cli_schieber_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--ruleset", "schieber", "--option", "no_multipliers=true",
                 "--bots", "rule,random", "--deals", "2", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0 and "2 duplicate games, schieber, seed 3" in out
    assert "rule" in out and "win_low" in out
    assert main(["tournament", "--ruleset", "schieber", "--option", "nonsense",
                 "--deals", "1"]) == 64  # a usage error: not NAME=VALUE
    assert main(["tournament", "--ruleset", "schieber", "--bots", "rule", "--deals", "1"]) == 2
