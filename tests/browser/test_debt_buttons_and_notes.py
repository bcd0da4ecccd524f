"""In Chromium: the Bet Debt buttons after a take-back, a step back or a new game
(lessons 8, 3 and 6), and the note on a dimmed card on a phone (lesson 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from chaitea_widgets import GameDashboard, PickingPanel
from chaitea_widgets.course import NAMES
from tests.browser.harness import assert_no_errors, open_dashboard, page_log
from tests.browser.test_dashboards import UPDATE_MS, desk, status  # noqa: F401

pytestmark = pytest.mark.browser
BLOCKED = "Failed to load resource: net::ERR_FAILED"


def debt_labels(panel: Locator) -> list[str]:
    """The Bet Debt buttons' labels as the page shows them."""
    return [t.strip() for t in panel.locator(".ctj-debt-choice button").all_inner_texts()]


def kernel_labels(panel: PickingPanel) -> list[str]:
    """The labels the kernel's panel holds (the same steps, in this process)."""
    return [label for label, _v in panel.debt_choice.options]


def assert_quiet(page: Page, name: str) -> None:
    """No cell error, no uncaught page error and no console error ("Error setting state")."""
    assert_no_errors(page, name)
    log = page_log(page)
    # the CDN requests the page makes are aborted by the harness: each logs "Failed to load"
    errors = [e for e in log.console_errors if not (log.blocked and e.startswith(BLOCKED))]
    assert not errors, f"{name}: console errors:\n{log.summary()}"


def shoot(page: Page, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    shots = Path("/tmp/shots")
    if shots.is_dir():  # a copy where a person can look at it after the run
        page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    return path


def expect_debt_labels(panel: Locator, labels: list[str]) -> None:
    expect(panel.locator(".ctj-debt-choice button")).to_have_text(labels, timeout=UPDATE_MS)


def test_08_take_back_redraws_the_bet_debt_buttons(desk: Page, voila_url: str,  # noqa: F811
                                                   tmp_path: Path) -> None:
    name = "08_variants_and_setups.ipynb"
    open_dashboard(desk, voila_url, name)
    panel = desk.locator(".ctj-picking-panel").first
    expect_debt_labels(panel, ["0"])
    panel.locator(".ctj-contract select").select_option(label="Trump (Clubs)")
    panel.locator("button.ctj-pick").click()
    expect(status(panel)).to_contain_text("Aslan picks Trump (Clubs)", timeout=UPDATE_MS)
    expect_debt_labels(panel, ["5", "10", "15", "20", "25", "30", "35"])
    panel.locator("button.ctj-undo").click()
    expect(status(panel)).to_contain_text("Taken back", timeout=UPDATE_MS)
    expect(panel.locator(".ctj-prompt")).to_contain_text("the first pick has no Bet Debt")
    # the page draws what the kernel holds: the single 0 (not the stale 5..35)
    expect_debt_labels(panel, ["0"])
    shoot(desk, tmp_path, "08-take-back")
    panel.locator(".ctj-debt-choice button").first.click()
    desk.wait_for_timeout(500)
    expect(panel.locator(".ctj-debt-choice button.mod-active")).to_have_text(["0"])
    assert_quiet(desk, name)


def test_03_example_back_redraws_the_bet_debt_buttons(desk: Page, voila_url: str,  # noqa: F811
                                                      tmp_path: Path) -> None:
    name = "03_picking_and_bet_debt.ipynb"
    open_dashboard(desk, voila_url, name)
    panel = desk.locator(".ctj-picking-panel").first
    mirror = PickingPanel(example=3)
    for _ in range(4):
        panel.locator("button.ctj-forward").click()
        mirror.forward()
        expect(panel.locator(".ctj-step-label")).to_contain_text(
            f"step {mirror.session.cursor} ", timeout=UPDATE_MS)
        expect_debt_labels(panel, kernel_labels(mirror))
    for _ in range(3):
        panel.locator("button.ctj-back").click()
        mirror.back()
        expect(panel.locator(".ctj-step-label")).to_contain_text(
            f"step {mirror.session.cursor} ", timeout=UPDATE_MS)
        expect_debt_labels(panel, kernel_labels(mirror))
    assert kernel_labels(mirror) == ["0"]
    shoot(desk, tmp_path, "03-back")
    assert_quiet(desk, name)


def test_06_new_game_redraws_the_bet_debt_buttons(desk: Page, voila_url: str,  # noqa: F811
                                                  tmp_path: Path) -> None:
    name = "06_full_game.ipynb"
    open_dashboard(desk, voila_url, name)
    dash = desk.locator(".ctj-dashboard").first
    panel = dash.locator(".ctj-picking-panel").first
    expect_debt_labels(panel, ["0"])
    mirror = GameDashboard(players=3, seed=2024, names=NAMES)
    spelling = mirror.picking.contract.options[0][0]
    panel.locator(".ctj-contract select").select_option(label=spelling)
    panel.locator("button.ctj-pick").click()
    expect(panel.locator(".ctj-debt-choice button")).not_to_have_text(["0"], timeout=UPDATE_MS)
    dash.locator("button.ctj-new-game").first.click()
    expect(panel.locator(".ctj-prompt")).to_contain_text("the first pick has no Bet Debt",
                                                         timeout=UPDATE_MS)
    expect_debt_labels(panel, ["0"])
    shoot(desk, tmp_path, "06-new-game")
    assert_quiet(desk, name)


NOTE_BOX = """(el) => {
  const r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          width: window.innerWidth, height: window.innerHeight};
}"""


def assert_inside(box: dict[str, float]) -> None:
    """The note's box lies inside the viewport, whole."""
    assert box["left"] >= 0 and box["right"] <= box["width"], box
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box


def test_06_phone_note_on_a_dimmed_card(phone_page: Page, voila_url: str,
                                        tmp_path: Path) -> None:
    """Pass; the bots pick and Mufasa leads 9C; tap the dimmed 8H: the engine's reason shows
    in a note inside the screen and on the table's status line; the next tap puts it away."""
    page = phone_page
    name = "06_full_game.ipynb"
    open_dashboard(page, voila_url, name)
    dash = page.locator(".ctj-dashboard").first
    mirror = GameDashboard(players=3, seed=2024, names=NAMES)
    assert mirror.picking.pass_()
    s = mirror.session.state
    assert s.history_str()[-1] == "9C"
    reason = mirror.table._why(s, "8H", set(s.legal_moves()))
    assert "refused" in reason, reason

    dash.locator(".ctj-picking-panel button.ctj-pass").first.tap()
    table = dash.locator(".ctj-trick-table").first
    expect(table.locator(".ctj-centre .ctj-card-9C")).to_have_count(1, timeout=UPDATE_MS)
    dimmed = table.locator(".ctj-hand-0 button.ctj-card-8H.ctj-unplayable")
    expect(dimmed).to_have_count(1, timeout=UPDATE_MS)
    dimmed.scroll_into_view_if_needed()
    dimmed.tap(force=True)  # aria-disabled: Playwright would wait for "enabled"
    # the status line says why (for a screen reader, and for a screen too narrow for a note)
    shoot(page, tmp_path, "06-phone-tapped")
    words = reason.split(" (RULES")[0]  # the status line makes the rule citation a link
    expect(status(table)).to_contain_text(words, timeout=UPDATE_MS)
    note = page.locator(".ctj-why-note[data-card='8H']")
    expect(note).to_be_visible(timeout=UPDATE_MS)
    expect(note).to_have_text(reason)
    box = note.evaluate(NOTE_BOX)
    shoot(page, tmp_path, "06-phone-note")
    assert_inside(box)
    # the next tap (anywhere) puts the note away
    page.touchscreen.tap(box["width"] // 2, 4)  # a tap on the page's edge: nothing there
    expect(note).to_be_hidden(timeout=UPDATE_MS)
    shoot(page, tmp_path, "06-phone-note-gone")
    assert_quiet(page, name)


def test_06_desktop_note_on_hover(desk: Page, voila_url: str,  # noqa: F811
                                  tmp_path: Path) -> None:
    """With a mouse the note still shows on hover (inside the window) and goes when the mouse
    leaves the card."""
    name = "06_full_game.ipynb"
    open_dashboard(desk, voila_url, name)
    dash = desk.locator(".ctj-dashboard").first
    dash.locator(".ctj-picking-panel button.ctj-pass").first.click()
    table = dash.locator(".ctj-trick-table").first
    dimmed = table.locator(".ctj-hand-0 button.ctj-card-8H.ctj-unplayable")
    expect(dimmed).to_have_count(1, timeout=UPDATE_MS)
    expect(dimmed).to_be_visible(timeout=UPDATE_MS)  # in the page, not only in the DOM
    dimmed.hover(force=True)
    note = desk.locator(".ctj-why-note[data-card='8H']")
    expect(note).to_be_visible(timeout=UPDATE_MS)
    expect(note).to_contain_text("8H refused")
    box = note.evaluate(NOTE_BOX)
    shoot(desk, tmp_path, "06-desktop-hover")
    assert_inside(box)
    desk.mouse.move(2, 2)
    expect(note).to_be_hidden(timeout=UPDATE_MS)
    assert_quiet(desk, name)
