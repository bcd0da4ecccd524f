"""What a learner's page costs at start: the modules a lesson's kernel imports and the widgets
notebooks/06_full_game.ipynb's dashboard sends (each one is a model the server relays and the
browser builds; benchmarks/load_workshop.py measures the pages)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from ipywidgets.widgets.widget import _instances

from chaitea_widgets import GameDashboard

MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]+)")
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# A fresh kernel runs a lesson's code cells, then sends the page every widget model it holds
# (the reply to the widget manager's request_states, as ipywidgets 8 builds it).
PAGE_STATE = """
import json, sys, warnings
warnings.simplefilter("ignore")
from ipywidgets.widgets.widget import _instances
cells = {}
for cell in json.load(open(sys.argv[1], encoding="utf-8"))["cells"]:
    if cell["cell_type"] == "code":
        exec("".join(cell["source"]), cells)
states = {mid: {"model_name": m._model_name, "model_module": m._model_module,
                "model_module_version": m._model_module_version, "state": m.get_state()}
          for mid, m in list(_instances.items())}
print(json.dumps([len(states), len(json.dumps(states, default=str))]))
"""


def models_of(root: object) -> dict[str, int]:
    """The widget models a view sends to the page: model id -> bytes of state."""
    found: dict[str, int] = {}
    todo = [root.model_id]  # type: ignore[attr-defined]
    while todo:
        mid = todo.pop()
        if mid in found or mid not in _instances:
            continue
        state = json.dumps(_instances[mid].get_state(), default=str)
        found[mid] = len(state)
        todo.extend(MODEL_REF.findall(state))
    return found


def table_built(dash: GameDashboard) -> bool:
    return dash._table is not None


def test_a_lesson_imports_only_the_views_it_shows() -> None:
    code = ("import sys\nfrom chaitea_widgets import GameDashboard\n"
            "print(sorted(m for m in sys.modules if m.startswith('chaitea_widgets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "chaitea_widgets.dashboard" in out
    assert "chaitea_widgets.explore" not in out  # DealExplorer, Quiz, ... load on first use
    import chaitea_widgets

    for name in chaitea_widgets.__all__:
        assert getattr(chaitea_widgets, name).__name__ == name
        assert name in dir(chaitea_widgets)
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        chaitea_widgets.Nope  # noqa: B018


def test_the_dashboard_sends_what_its_first_screen_shows() -> None:
    warnings.simplefilter("ignore", DeprecationWarning)
    dash = GameDashboard(players=3, seed=2024, names=["Aslan", "Leo", "Mufasa"])
    first = models_of(dash.widget)
    # 286 models and 285 KB of state before the trick table waited for its first trick and
    # the views shared one style sheet
    assert len(first) <= 190, len(first)
    assert sum(first.values()) <= 170_000, sum(first.values())
    assert not table_built(dash)  # the picking phase shows no trick table
    assert dash.pass_()  # seed 2024: Aslan passes, then leads the first trick
    assert table_built(dash)
    assert dash.table.widget in dash.main_area.children
    assert dash.table.widget.layout.display is None  # shown
    assert dash.picking.widget.layout.display == "none"
    assert dash.play(dash.state.legal_moves()[0])
    assert len(models_of(dash.widget)) > len(first)  # the table's widgets joined the page
    # one style sheet for the dashboard and its three views
    styles = [m for m in models_of(dash.widget)
              if "ctj-style" in _instances[m].get_state().get("_dom_classes", ())]
    assert len(styles) == 1


def test_lesson_6_page_loads_at_most_190_models_and_170_kb() -> None:
    """The whole page of notebooks/06_full_game.ipynb (the dashboard, the exercise and
    the two teaching deals), as one learner's kernel sends it at load."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(NOTEBOOKS), *sys.path[1:], os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", PAGE_STATE, "06_full_game.ipynb"], cwd=NOTEBOOKS,
                         capture_output=True, text=True, check=True, env=env).stdout
    models, size = json.loads(out.splitlines()[-1])
    # 254 models and 248 KB before the views shared their default layouts and styles
    assert models <= 190, models
    assert size <= 170_000, size
