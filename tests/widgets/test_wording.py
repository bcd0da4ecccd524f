"""Wording defects, one test each (each failed before its fix): a single round's end
said "in the round row", a hint alone read "Not quite: Hint: ...", the dashboard showed a paced
deal's "Round N is dealt (seed ...)" twice, and the welcome page listed Jass as coming though
the engine plays it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from chaitea import Game
from chaitea.rulesets import find_ruleset
from chaitea_widgets import GameDashboard
from chaitea_widgets.captions import describe
from tests.widgets.conftest import NOTEBOOKS
from tests.widgets.test_dashboard import _play_some

NAMES = ["Aslan", "Leo", "Mufasa"]



def test_a_round_on_its_own_names_its_contract_not_a_round_row() -> None:
    s = Game(3).round_state(1, 0, "under", names=NAMES)
    before = s
    while not s.is_terminal():
        before = s.clone()
        s.apply_action(s.legal_actions()[0])
    text = describe(before, s)
    assert "round row" not in text
    assert f"Round over: Aslan scores {s.round_results[-1].score} for Under, a round on its own" \
        in text


def test_a_round_of_a_game_names_its_row() -> None:
    s = Game(3).new_initial_state(seed=2, names=NAMES)
    before = s
    while not s.round_results:
        before = s.clone()
        s.apply_action(s.legal_actions()[0])
    text = describe(before, s)
    row = next(r for r in s.game.setup.rows if r.key == s.round_results[-1].row)
    assert f"scores {s.round_results[-1].score} in the {row.title} row." in text


def test_a_hint_alone_has_one_prefix(course: Any) -> None:
    ex = course.Exercise("Who?", lambda seed: course.Problem(
        "Who leads?", solution="Leo", hint="the declarer leads"), seed=1)
    assert not ex.answer("Mufasa")
    assert ex.message == "Not quite. Hint: the declarer leads. Try again (2 tries left)."


def _texts(root: w.Widget) -> list[str]:
    """The text of every widget shown under ``root`` (hidden ones left out)."""
    found: list[str] = []
    seen: set[int] = set()

    def walk(x: Any) -> None:
        if id(x) in seen or not isinstance(x, w.Widget):
            return
        seen.add(id(x))
        if getattr(getattr(x, "layout", None), "display", None) == "none":
            return
        v = getattr(x, "value", None)
        if isinstance(v, str):
            found.append(v)
        for c in getattr(x, "children", ()) or ():
            walk(c)

    walk(root)
    return found


def test_a_paced_deal_is_said_once() -> None:
    """A loaded game (no seed: each next round is a deal) with paced bots: Next round deals at
    once, and the deal's words showed in the shared message line and the caption line."""
    dash = GameDashboard(players=3, seed=3)
    for _ in range(2000):
        if dash.state.round_results and dash.session.paused:
            break
        _play_some(dash, 1)
    loaded = GameDashboard(players=3, seed=9)
    assert loaded.load_bytes(json.dumps(dash.state.record()).encode(), "g.json")
    queue: list[Callable[[], None]] = []
    loaded.table._scheduler = lambda _t, cb: queue.append(cb)
    loaded.table.speed.value = "fast"
    assert loaded.session.paced
    seen = 0
    for _ in range(600):
        if queue:
            queue.pop(0)()
        else:
            _play_some(loaded, 1)
        n = sum(t.count("is dealt (seed") for t in _texts(loaded.widget))
        assert n <= 1, [t for t in _texts(loaded.widget) if "is dealt" in t]
        seen += n
        if seen and len(loaded.state.round_results) > len(dash.state.round_results):
            break
    assert seen, "no deal was captioned"


def test_welcome_says_what_exists_of_jass(course: Any) -> None:
    text = "".join("".join(c["source"]) for c in
                   json.loads((NOTEBOOKS / "00_welcome.ipynb").read_text())["cells"])
    for name in ("jass", "schieber", "coiffeur-schieber", "coiffeur"):
        find_ruleset(name)  # the engine plays it
    assert "the engine already plays basic Jass, Schieber, Coiffeur-Schieber and Coiffeur" \
        in " ".join(text.split())
    assert "Coiffeur-Jass and its family" not in text
    # the Jass lessons exist now (lessons 10 to 15): linked, and nothing listed as coming
    assert course.COMING == [] and "(coming)" not in text
    assert "Jass: the Swiss cards" in course.index_html()
