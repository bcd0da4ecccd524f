"""Every public class documents itself with a usage example; the examples run."""

from __future__ import annotations

import doctest
import importlib

import pytest

import chaitea_widgets

MODULES = ["chaitea.draw.svg", "chaitea.engine.pad", "chaitea_widgets", "chaitea_widgets.strip",
           "chaitea_widgets.deal_explorer", "chaitea_widgets.ranking_explorer",
           "chaitea_widgets.trick_lab", "chaitea_widgets.quiz", "chaitea_widgets.picking",
           "chaitea_widgets.table", "chaitea_widgets.pad", "chaitea_widgets.dashboard",
           "chaitea_widgets.course", *(f"chaitea_widgets.course.{m}" for m in (
               "exercise", "lessons", "basics", "host", "deck_views", "trick_questions",
               "score_questions",
               "compare", "lab"))]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("name", ["CardStrip", "DealExplorer", "RankingExplorer", "TrickLab",
                                  "Quiz", "PickingPanel", "TrickTable", "ScorePad",
                                  "GameDashboard"])
def test_public_views_have_usage_examples(name):
    cls = getattr(chaitea_widgets, name)
    assert cls.__doc__ and ">>>" in cls.__doc__
    if name != "CardStrip":
        assert hasattr(cls, "_ipython_display_")
        assert cls.css_class.startswith("ctj-")


def test_views_show_themselves(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda *a, **k: shown.extend(a))
    view = chaitea_widgets.TrickLab()
    view._ipython_display_()
    assert shown == [view.widget]
    assert "ctj-main" in view.widget._dom_classes and "ctj-trick-lab" in view.widget._dom_classes
