"""The rules lab's views headless (notebook 09): a run, every summary, the download payload,
refusals in words, and the three worked questions on small samples."""

from __future__ import annotations

import importlib
import io
from typing import Any

import pandas as pd
import pytest

# read as the lesson's page reads it: results that are None until a run, unchecked here
rules_lab: Any = importlib.import_module("chaitea_widgets.course.lab")


def test_run_shows_every_summary_and_a_csv():
    lab = rules_lab.RulesLab(deals=90)
    assert lab.run()
    assert len(lab.df) == 270 and lab.table is not None
    assert "<table" in lab.table_box.value and lab.plot.value[:4] == b"\x89PNG"
    for key in ("contract", "seat", "row", "picks", "balance", "debt"):
        assert lab.show_summary(key), lab.message
        assert len(lab.table) >= 1
    assert not lab.show_summary("barrel")  # rounds: the Barrel's value needs whole games
    assert "mode=\"games\"" in lab.message
    back = pd.read_csv(io.StringIO(lab.save.payload))
    assert len(back) == 270 and list(back.columns) == list(lab.df.columns)


def test_games_options_and_refusals():
    lab = rules_lab.RulesLab(deals=4)
    lab.mode.value = "games"
    lab.setup.value = "short"
    lab.step.value = 3
    lab.max_debt.value = 20
    assert lab.run(), lab.message
    assert set(lab.df["max_debt"]) == {18}
    assert lab.show_summary("barrel") and lab.table.loc["barrel", "n"] == 4
    lab.setup.value = "custom"
    lab.custom.value = "[{row: under}]"
    assert not lab.run() and "not valid JSON" in lab.message
    lab.custom.value = '[{"row": "sideways", "value": 2}]'
    assert not lab.run() and "unknown row" in lab.message
    assert not lab.unexpected


def test_ruleset_menu_offers_what_explore_runs_and_players_follow_it(monkeypatch):
    """The Ruleset menu offers only the rulesets explore can run (asked of
    chaitea.analysis.explore, so no Run fails with "not available yet"), and the Players menu
    offers the chosen ruleset's player counts."""
    from chaitea.analysis import explore as ex

    lab = rules_lab.RulesLab(deals=2)
    assert list(lab.ruleset.options) == list(ex.explore_rulesets())
    assert {"chai-tea-jazz", "jass", "schieber", "coiffeur-schieber", "coiffeur"} <= set(
        lab.ruleset.options)
    assert list(lab.players.options) == [2, 3, 4, 6] and lab.players.value == 3
    for name in lab.ruleset.options:  # every offered ruleset runs, and answers its questions
        lab.ruleset.value = name
        assert lab.run(2), lab.message
        for key in lab.summaries:
            if key != "barrel":  # the Barrel's value needs whole games (above)
                assert lab.show_summary(key), (name, key, lab.message)
    assert not lab.unexpected
    # a ruleset explore might learn later (Schieber: 4 or 6 players): Players follows the menu
    monkeypatch.setattr(ex, "explore_rulesets", lambda: ("chai-tea-jazz", "schieber"))
    lab = rules_lab.RulesLab(deals=2)
    assert list(lab.ruleset.options) == ["chai-tea-jazz", "schieber"]
    lab.players.value = 6
    lab.ruleset.value = "schieber"
    assert list(lab.players.options) == [4, 6] and lab.players.value == 6
    lab.ruleset.value = "chai-tea-jazz"
    lab.players.value = 3
    lab.ruleset.value = "schieber"
    assert lab.players.value == 4
    lab.ruleset.value = "chai-tea-jazz"
    assert list(lab.players.options) == [2, 3, 4, 6] and lab.players.value == 4


@pytest.mark.parametrize("key", ["slalom", "barrel", "balance"])
def test_worked_questions_answer_with_a_criterion(key):
    n = {"slalom": 400, "barrel": 12, "balance": 400}[key]
    view = rules_lab.WorkedQuestion(key, n=n)
    assert view.answer(), view.message
    assert view.result is not None and "95% CI" in view.result.words
    assert ("<b>" in view.result.words) and view.plot.value[:4] == b"\x89PNG"


def test_a_jass_ruleset_gets_its_own_bots_options_and_questions():
    """Choosing Schieber hides Chai Tea Jazz's setup and Bet Debt options, seats the
    Jass bots, and the Summary menu offers the Jass questions; back to Chai Tea Jazz restores
    them."""
    lab = rules_lab.RulesLab(deals=30)
    lab.ruleset.value = "schieber"
    assert lab.jass and lab.players.value == 4
    assert list(lab.bots.options) == rules_lab.JASS_BOTS
    assert [k for _t, k in lab.summary.options] == list(rules_lab.JASS_SUMMARIES)
    assert lab.setup.layout.display == "none" and lab.step.layout.display == "none"
    for shown in (lab.ruleset, lab.players, lab.bots, lab.deals, lab.seed):  # no shared layout
        assert shown.layout.display != "none"
    lab.bots.value = "rule"
    assert lab.run(30), lab.message
    assert lab.df is not None and set(lab.df["ruleset"]) == {"schieber"}
    assert lab.show_summary("match") and set(lab.table.index) <= {"trump", "obenabe",
                                                                   "undenufe"}
    assert lab.show_summary("push") and lab.table["n"].sum() == 30
    assert not lab.show_summary("barrel") and "No summary 'barrel' for schieber" in lab.message
    lab.ruleset.value = "chai-tea-jazz"
    assert lab.df is None and "contract" in [k for _t, k in lab.summary.options]
    assert lab.setup.layout.display != "none"
    assert lab.run(2), lab.message
    assert not lab.unexpected


def test_each_jass_ruleset_is_offered_only_the_questions_that_fit_it():
    """Differenzler and Guggitaler (tallies, no Match, push or Weis) get no Schieber question;
    Schieber gets them all; every ruleset gets at least one, and each answers."""
    lab = rules_lab.RulesLab(deals=2)
    menus: dict[str, list[str]] = {}
    for name in lab.ruleset.options:
        lab.ruleset.value = name
        menus[name] = [k for _t, k in lab.summary.options]
        assert menus[name], name
        assert menus[name] == list(lab.summaries)
    assert menus["schieber"] == ["match", "push", "weis", "mode", "tricks"]
    assert menus["sidi-barrani"] == ["match", "push", "weis", "mode", "tricks"]
    assert menus["jass"] == ["match", "weis", "tricks"]
    assert menus["coiffeur"] == ["match", "mode", "tricks"]
    for tally in ("differenzler", "guggitaler", "molotow", "rosenober", "oh-hell"):
        assert menus[tally] == ["tricks"], tally
    assert menus["chai-tea-jazz"][0] == "contract" and "tricks" not in menus["chai-tea-jazz"]
    lab.ruleset.value = "guggitaler"
    assert lab.run(3), lab.message
    assert lab.table is not None and list(lab.table.index) == [0, 1, 2, 3]
    assert lab.table["n"].tolist() == [3, 3, 3, 3]
    assert not lab.unexpected


def test_a_second_run_shows_only_its_own_results_and_a_failed_summary_says_so(monkeypatch):
    """Schieber then Differenzler with the same seed: the table, note and download are the
    second run's; a summary that raises says so in the one-line status, not "Done"."""
    lab = rules_lab.RulesLab(deals=6)
    lab.ruleset.value = "schieber"
    assert lab.run(6) and lab.message == "Done: 6 rounds."
    assert lab.table is not None and lab.table["n"].sum() == 6
    lab.ruleset.value = "differenzler"
    assert lab.df is None and lab.table_box.value == "" and lab.note.value == ""
    assert lab.run(4) and lab.message == "Done: 4 rounds."
    df: Any = lab.df  # (mypy still reads the earlier `lab.df is None`)
    assert df is not None and set(df["ruleset"]) == {"differenzler"} and len(df) == 16
    table: Any = lab.table
    assert table is not None and table["n"].tolist() == [4, 4, 4, 4]
    assert "undenufe" not in lab.table_box.value and "4 rounds, 16 rows" in lab.note.value

    def broken(_df: pd.DataFrame) -> Any:
        raise ValueError("'yerr' must not contain negative values")

    title, table_of, _plot = rules_lab.JASS_SUMMARIES["tricks"]
    monkeypatch.setitem(rules_lab.JASS_SUMMARIES, "tricks", (title, table_of, broken))
    assert lab.run(5)  # the run went through: its rows are there to download
    assert lab.status.kind == "error" and "Done" not in lab.message
    assert lab.message.startswith("Ran 5 rounds, but the summary failed")
    assert "yerr" in lab.message and "\n" not in lab.message and "Traceback" not in lab.message
    assert lab.table_box.value == "" and lab.plot.value == b""  # nothing of the run before
    assert len(pd.read_csv(io.StringIO(lab.save.payload))) == 20


def test_the_match_chart_draws_with_no_match_or_every_hand_a_match():
    """A share of 0 or 1 (Wilson bounds off by a rounding error once gave a negative error
    bar, and matplotlib refused it): the interval holds the share, the chart draws."""
    from chaitea.analysis import explore as ex
    from chaitea.analysis.tables import share_interval

    for n in range(1, 200):
        for k in range(n + 1):
            p, lo, hi = share_interval(k, n)
            assert 0.0 <= lo <= p <= hi <= 1.0, (k, n)
    rows = 24  # share_interval(0, 24)'s lower bound was 1.4e-17
    df = pd.DataFrame({"unit": range(rows), "round": 1, "seat": 0, "side": 0,
                       "mode": ["trump"] * 14 + ["obenabe"] * 10, "match": [False] * 14
                       + [True] * 10})  # 0 of 14 and 10 of 10 (the upper bound 1 - 1e-16)
    assert ex.plot_match_rate(df).axes[0].get_title().startswith("How often a Match")
