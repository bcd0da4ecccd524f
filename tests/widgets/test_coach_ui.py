"""The coach in the widgets (issue 10): the bot of each bot seat, Hint, Advice, review."""

from __future__ import annotations

from chaitea.bots import PimcBot, RandomBot, RuleBot
from chaitea_widgets import GameDashboard, TrickTable


def test_bot_seats_play_the_rule_bot_by_default_and_can_be_chosen() -> None:
    table = TrickTable(players=3, seed=1, humans=(0,), contract="under")
    assert sorted(table.bot_choices) == [1, 2]  # a Dropdown per bot seat, none for yours
    assert all(isinstance(table.session.bots[s], RuleBot) for s in (1, 2))
    assert [table.bot_choices[s].value for s in (1, 2)] == ["rule", "rule"]
    assert table.set_bot(1, "random")
    assert isinstance(table.session.bots[1], RandomBot)
    assert table.bot_choices[1].value == "random"
    table.bot_choices[2].value = "pimc"  # the Dropdown, as a click would
    assert isinstance(table.session.bots[2], PimcBot)
    before = table.state.clone()
    assert not table.set_bot(0, "random") and "played by a person" in table.message
    assert not table.set_bot(1, "clever") and "rule, random, pimc" in table.message
    assert not table.set_bot(7, "rule") and "no seat 7" in table.message
    assert table.state == before and isinstance(table.session.bots[1], RandomBot)
    # the chosen bots play legal cards to the round's end
    while table.legal():
        assert table.play(table.legal()[0])
    assert table.state.is_terminal()


def test_the_dashboard_plays_rule_bots_by_default() -> None:
    dash = GameDashboard(players=3, seed=2024)
    assert all(isinstance(dash.session.bots[s], RuleBot) for s in (1, 2))
    assert dash.set_bot(2, "random")
    assert isinstance(dash.session.bots[2], RandomBot)
    assert not dash.set_bot(0, "rule")
    assert dash.table.bot_choices[2].value == "random"
    assert dash.table.bot_choices[1].value == "rule"
