"""Hostile records in the browser: a shared record whose names are markup runs nothing in the page.

The game dashboard (06_full_game) uploads records with the hostile names of
``tests/security/corpus.py`` (script tags, event handlers, ``javascript:`` URLs, SVG
``<foreignObject>``, entities, attribute-breaking quotes) and a hostile file name: every payload
would set ``window.__pwned`` or change ``document.title``; both stay as they were, the page
holds no element from the input, and the names show as text. The Jass table (play_jass) does
the same with a Schieber record whose names are markup.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.harness import assert_no_errors, open_dashboard
from tests.browser.test_dashboards import UPDATE_MS, desk, status, upload_file  # noqa: F401
from tests.security.corpus import played_record

NAME = "06_full_game.ipynb"
PAYLOAD_NAMES = [
    "<img src=x onerror=window.__pwned=1>",
    "<script>window.__pwned=1</script>",
    "<svg onload=document.title=1>",
    '"><svg onload=window.__pwned=1>',
    "' onmouseover='window.__pwned=1' x='",
    "<foreignObject><b>x</b></foreignObject>",
    "&lt;b&gt;&amp;&#60;i&#62;",
]


def not_pwned(page: Page, title: str) -> None:
    page.wait_for_timeout(500)  # an onerror/onload handler runs as soon as the node exists
    assert page.evaluate("window.__pwned") is None
    assert page.title() == title


def no_foreign_elements(dash: Locator) -> None:
    for css in ("img", "script", "iframe", "foreignObject", "a[href^='javascript']",
                "[onerror]", "[onload]", "[onmouseover]"):
        assert dash.locator(css).count() == 0, css


@pytest.mark.parametrize("actions", [8, None], ids=["mid-round", "finished"])
def test_hostile_record_upload_runs_no_script(desk: Page, voila_url: str,  # noqa: F811
                                              actions: int | None) -> None:
    open_dashboard(desk, voila_url, NAME)
    title = desk.title()
    dash = desk.locator(".ctj-dashboard")
    pick = (0, 1, 6) if actions else (3, 2, 5)
    names = [PAYLOAD_NAMES[k] for k in pick]
    assert all(len(n) <= 40 for n in names)
    rec = played_record(3, names, seed=4, actions=actions)
    upload_file(desk, dash, "shared.json", json.dumps(rec).encode("utf-8"))
    expect(status(dash)).to_contain_text("Loaded shared.json", timeout=UPDATE_MS)
    not_pwned(desk, title)
    no_foreign_elements(dash)
    text = dash.inner_text()
    for n in names:
        assert n in text, f"{n!r} is not shown as text"
    if actions is None:
        expect(dash.locator(".ctj-phase")).to_contain_text("game over")
    assert_no_errors(desk, NAME)


def test_hostile_file_name_and_refused_names(desk: Page, voila_url: str) -> None:  # noqa: F811
    open_dashboard(desk, voila_url, NAME)
    title = desk.title()
    dash = desk.locator(".ctj-dashboard")
    fname = '<img src=x onerror="window.__pwned=1">.json'
    upload_file(desk, dash, fname, b"not a record")
    expect(status(dash)).to_contain_text("Could not load " + fname, timeout=UPDATE_MS)
    not_pwned(desk, title)
    no_foreign_elements(dash)
    rec = played_record(3, ["Aslan", "Leo", "Mufasa"], seed=4, actions=3)
    rec["names"][1] = "<b>Leo</b>\u2028<script>window.__pwned=1</script>"
    upload_file(desk, dash, "bad-names.json", json.dumps(rec).encode("utf-8"))
    expect(status(dash)).to_contain_text("names[1]", timeout=UPDATE_MS)
    expect(status(dash)).to_contain_text("\\u2028")
    not_pwned(desk, title)
    no_foreign_elements(dash)
    assert_no_errors(desk, NAME)


def _jass_record(names: list[str], actions: int) -> dict[str, object]:
    """A Schieber record with ``names``, ``actions`` random legal actions into the game."""
    import random

    from chaitea.engine.machine import round_seed
    from chaitea.rulesets import jass_game

    state = jass_game("schieber").new_initial_state(names=names)
    state.apply_deal(round_seed(4, 0))
    rng = random.Random(4)
    for _ in range(actions):
        if state.phase == "deal":
            state.apply_deal(round_seed(4, state.round_number))
        state.apply_action(rng.choice(state.legal_actions()))
    return state.record()


@pytest.mark.parametrize("actions", [6, 40], ids=["mid-hand", "after-a-hand"])
def test_hostile_jass_record_upload_runs_no_script(desk: Page, voila_url: str,  # noqa: F811
                                                   actions: int) -> None:
    """The Jass table (play_jass) loads a Schieber record whose four names are markup
    (the seat table, the header, the Weis lines, the board's team names, the bot menus): nothing
    runs, no element of the input is in the page, the names show as text."""
    name = "play_jass.ipynb"
    open_dashboard(desk, voila_url, name)
    title = desk.title()
    table = desk.locator(".ctj-jass-table").first
    names = [PAYLOAD_NAMES[k] for k in (0, 2, 3, 6)]
    rec = _jass_record(names, actions)
    upload_file(desk, table, "shared.json", json.dumps(rec).encode("utf-8"))
    expect(table).to_contain_text("Game loaded", timeout=UPDATE_MS)
    not_pwned(desk, title)
    no_foreign_elements(table)
    text = table.inner_text()
    for n in names:
        assert n in text, f"{n!r} is not shown as text"
    assert_no_errors(desk, name)
