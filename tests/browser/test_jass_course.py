"""The Jass course (lessons 10 to 15, issue 23) in Chromium: each page opens with no error, and
one exercise is answered through the page, wrong first where the lesson allows it (the hint,
another try), then right (the reason). The answers are worked out here from the same seeds, by
the lessons' own helper (notebooks/jass_course.py), so the test follows the engine."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.harness import NOTEBOOKS, open_dashboard
from tests.browser.test_dashboards import UPDATE_MS, card, desk, status  # noqa: F401
from tests.browser.test_issue23 import assert_quiet

pytestmark = pytest.mark.browser
RULES_J = re.compile("rules J", re.I)  # the status line links a rule citation, in small type

if str(NOTEBOOKS) not in sys.path:
    sys.path.insert(0, str(NOTEBOOKS))
jass_course: Any = importlib.import_module("jass_course")
ctj_course: Any = importlib.import_module("ctj_course")


def shoot(page: Page, name: str) -> None:
    """A full-page screenshot to /tmp/shots (when that folder exists) for a person to look at."""
    shots = Path("/tmp/shots")
    if shots.is_dir():
        page.screenshot(path=str(shots / f"course_{name}.png"), full_page=True)


def exercise(page: Page, title: str) -> Locator:
    return page.locator(".ctj-exercise").filter(has_text=title).first


def choose(ex: Locator, value: object) -> None:
    slug = ctj_course._slug(value)
    ex.locator(f"button.ctj-choice-{slug}").first.click()


def type_number(ex: Locator, value: int) -> None:
    box = ex.locator(".ctj-answer input").first
    box.fill(str(value))
    box.press("Tab")  # the IntText sends its value on change
    ex.locator("button.ctj-check").first.click()


def test_10_swiss_cards(desk: Page, voila_url: str) -> None:  # noqa: F811
    name = "10_swiss_cards_and_values.ipynb"
    open_dashboard(desk, voila_url, name)
    deck = desk.locator(".ctj-jass-deck").first
    expect(deck.locator(".ctj-card")).to_have_count(9)  # one suit: Bells, trump
    expect(deck).to_contain_text("157 in all")
    deck.locator("select").nth(0).select_option(label="Obenabe (top down, no trump)")
    expect(deck).to_contain_text("Bells: 38 points", timeout=UPDATE_MS)  # the 8 counts 8
    p = jass_course.order_problem(1)
    ex = exercise(desk, "Strongest first")
    wrong = next(v for _label, v in p.choices if v not in p.solution)
    choose(ex, wrong)
    expect(status(ex)).to_contain_text("Not quite", timeout=UPDATE_MS)
    expect(status(ex)).to_contain_text("Try again (2 tries left)")
    choose(ex, p.solution[0])
    expect(status(ex)).to_contain_text("Right! (at try 2)", timeout=UPDATE_MS)
    expect(status(ex)).to_contain_text(RULES_J)
    shoot(desk, "10")
    assert_quiet(desk, name)


def test_11_undertrumping_lab(desk: Page, voila_url: str) -> None:  # noqa: F811
    name = "11_following_in_jass.ipynb"
    open_dashboard(desk, voila_url, name)
    lab = exercise(desk, "The undertrumping lab")
    expect(lab).to_contain_text("The text's example")
    card(lab, "7S").click()  # the text: the 7 of Roses would undertrump the 8
    expect(status(lab)).to_contain_text("undertrump", timeout=UPDATE_MS)
    expect(status(lab)).to_contain_text(RULES_J)
    card(lab, "AC").click()
    expect(status(lab)).to_contain_text("Right!", timeout=UPDATE_MS)
    shoot(desk, "11")
    assert_quiet(desk, name)


def test_12_weis(desk: Page, voila_url: str) -> None:  # noqa: F811
    name = "12_weis_and_stoeck.ipynb"
    open_dashboard(desk, voila_url, name)
    p = jass_course.weis_hand_problem(1)
    ex = exercise(desk, "Count the Weis")
    type_number(ex, p.solution + 20)
    expect(status(ex)).to_contain_text("too high", timeout=UPDATE_MS)
    type_number(ex, p.solution)
    expect(status(ex)).to_contain_text("Right!", timeout=UPDATE_MS)
    shoot(desk, "12")
    assert_quiet(desk, name)


def test_13_schieber(desk: Page, voila_url: str) -> None:  # noqa: F811
    name = "13_schieber_at_the_table.ipynb"
    open_dashboard(desk, voila_url, name)
    table = desk.locator(".ctj-jass-table").first
    expect(table.locator(".ctj-jass-hand .ctj-card")).to_have_count(9)
    p = jass_course.schieber_score_problem(1)
    ex = exercise(desk, "What do they write?")
    type_number(ex, p.solution)
    expect(status(ex)).to_contain_text("Right!", timeout=UPDATE_MS)
    board = jass_course.chalk_problem(1)
    chalk = exercise(desk, "Read the chalk board")
    expect(chalk.locator("svg")).to_be_visible()
    type_number(chalk, board.solution - 100)
    expect(status(chalk)).to_contain_text("too low", timeout=UPDATE_MS)
    type_number(chalk, board.solution)
    expect(status(chalk)).to_contain_text("Right! (at try 2)", timeout=UPDATE_MS)
    # the 1000-point game opens in place of the first table
    desk.locator("button.ctj-jass-game-1").click()
    chooser = desk.locator(".ctj-jass-chooser").first
    expect(status(chooser)).to_contain_text("Schieber to 1000", timeout=UPDATE_MS)
    expect(desk.locator(".ctj-jass-table")).to_have_count(1)
    desk.locator("button.ctj-jass-game-3").click()  # basic Jass: the last card dealt is trump
    expect(status(chooser)).to_contain_text("Basic Jass", timeout=UPDATE_MS)
    expect(desk.locator(".ctj-jass-table .ctj-jass-hand .ctj-card").first).to_be_visible()
    shoot(desk, "13")
    assert_quiet(desk, name)


def test_14_coiffeur(desk: Page, voila_url: str) -> None:  # noqa: F811
    name = "14_coiffeur_and_the_pad.ipynb"
    open_dashboard(desk, voila_url, name)
    expect(desk.locator(".ctj-jass-table").first).to_be_visible()
    p = jass_course.row_tallies_problem(1)
    ex = exercise(desk, "Palitos or Batatas?")
    choose(ex, next(v for _label, v in p.choices if v != p.solution))
    expect(status(ex)).to_contain_text("Hint:", timeout=UPDATE_MS)
    choose(ex, p.solution)
    expect(status(ex)).to_contain_text("Right! (at try 2)", timeout=UPDATE_MS)
    shoot(desk, "14")
    assert_quiet(desk, name)


def test_15_two_rulebooks(desk: Page, voila_url: str) -> None:  # noqa: F811
    name = "15_one_deal_two_rulebooks.ipynb"
    open_dashboard(desk, voila_url, name)
    view = desk.locator(".ctj-two-rulebooks").first
    expect(view).to_contain_text("decision 1 of 9")
    view.locator("button.ctj-compare-next").click()
    expect(view).to_contain_text("decision 2 of 9", timeout=UPDATE_MS)
    expect(view.locator(".ctj-compare-words")).to_contain_text("Chai Tea Jazz")
    view.locator("button.ctj-compare-jump").click()
    expect(view.locator(".ctj-compare-words")).to_contain_text(
        re.compile("would|differently"), timeout=UPDATE_MS)
    compare = sys.modules["jass_compare"] if "jass_compare" in sys.modules else \
        importlib.import_module("jass_compare")
    p = compare.differ_problem(1)
    ex = exercise(desk, "One allows, one forbids")
    same = [c for c in p.cards if c not in p.solution]
    if same:  # a card both rulebooks treat alike: not quite, and the hint
        card(ex, same[0]).click()
        expect(status(ex)).to_contain_text("both rulebooks", timeout=UPDATE_MS)
    card(ex, p.solution[0]).click()
    expect(status(ex)).to_contain_text("Right!", timeout=UPDATE_MS)
    shoot(desk, "15")
    assert_quiet(desk, name)


def test_play_jass_page(desk: Page, voila_url: str) -> None:  # noqa: F811
    """notebooks/play_jass.ipynb, the first Jass page the course links: the table opens, the
    learner chooses (when the forehand) and plays a legal card against the bots."""
    name = "play_jass.ipynb"
    open_dashboard(desk, voila_url, name)
    table = desk.locator(".ctj-jass-table").first
    expect(table.locator(".ctj-jass-hand .ctj-card")).to_have_count(9)
    picks = table.locator("button.ctj-jass-pick")
    if picks.count():
        picks.first.click()
    playable = table.locator(".ctj-jass-hand .ctj-card.ctj-playable")
    expect(playable.first).to_be_visible(timeout=UPDATE_MS)
    playable.first.click()
    expect(table.locator(".ctj-jass-hand .ctj-card")).to_have_count(8, timeout=UPDATE_MS)
    shoot(desk, "play_jass")
    assert_quiet(desk, name)


def test_14_the_coiffeur_pad_fits_a_phone(phone_page: Page, voila_url: str) -> None:
    """Issue 23: on a 390x844 phone the Coiffeur pad and the table of hands stay inside the
    screen (wider ones scroll sideways within their own box, never clipped by the page), and
    the Bots menu's touch target does not cover the board below it."""
    page = phone_page
    open_dashboard(page, voila_url, "14_coiffeur_and_the_pad.ipynb",
                   selector=".ctj-jass-table")
    table = page.locator(".ctj-jass-table").first
    pad = table.locator(".ctj-jass-pad").first
    pad.scroll_into_view_if_needed()
    width = page.viewport_size["width"] if page.viewport_size else 390
    for box in (pad, table.locator(".ctj-jass-hands").first):
        r = box.bounding_box()
        assert r is not None and r["x"] >= 0 and r["x"] + r["width"] <= width, r
    scrolls = pad.evaluate("e => [e.scrollWidth, e.clientWidth, getComputedStyle(e).overflowX]")
    assert scrolls[2] == "auto", scrolls  # a wider pad scrolls within its box
    speed = table.locator(".ctj-speed").first.bounding_box()
    board = table.locator(".ctj-jass-board").first.bounding_box()
    assert speed is not None and board is not None
    assert speed["y"] + speed["height"] <= board["y"] + 1, (speed, board)
    shoot(page, "14_phone_pad")


def test_play_jass_a_whole_hand_with_hint_take_back_and_the_board(
        desk: Page, voila_url: str) -> None:  # noqa: F811
    """Issue 23: a whole hand at the Jass table in the page: the choice when it is the
    learner's, Hint (the coach's card in words), a card taken back and played again, every card
    to the end of the hand, then the score board's row for the hand (the bots instant here)."""
    name = "play_jass.ipynb"
    open_dashboard(desk, voila_url, name)
    table = desk.locator(".ctj-jass-table").first
    table.locator(".ctj-speed select").select_option("instant")
    hand = table.locator(".ctj-jass-hand .ctj-card")
    lit = table.locator(".ctj-jass-hand .ctj-card.ctj-playable")
    picks = table.locator("button.ctj-jass-pick")
    next_hand = table.locator("button.ctj-jass-next")
    coach = table.locator(".ctj-jass-coach")
    tried = False
    for _ in range(40):
        if next_hand.is_visible():
            break
        if picks.count() and picks.first.is_visible():
            picks.first.click()
            desk.wait_for_timeout(200)
            continue
        expect(lit.first).to_be_visible(timeout=UPDATE_MS)
        left = hand.count()
        if not tried:  # Hint, then a card played and taken back, then played again
            table.locator("button.ctj-jass-hint").click()
            expect(coach).to_contain_text("Play the", timeout=UPDATE_MS)
            lit.first.click()
            expect(hand).to_have_count(left - 1, timeout=UPDATE_MS)
            table.locator("button.ctj-jass-back").click()
            expect(coach).to_contain_text("Taken back", timeout=UPDATE_MS)
            expect(hand).to_have_count(left, timeout=UPDATE_MS)
            tried = True
            continue
        lit.first.click()
        if left > 1:
            expect(hand).to_have_count(left - 1, timeout=UPDATE_MS)
        else:
            expect(next_hand).to_be_visible(timeout=UPDATE_MS)
    expect(next_hand).to_be_visible()
    assert tried
    board = table.locator(".ctj-jass-board .ctj-jass-hands")
    expect(board.locator("tbody tr")).to_have_count(1)  # the hand's row, as the engine wrote it
    expect(board.locator("tfoot")).to_contain_text("Total")
    shoot(desk, "play_jass_hand")
    assert_quiet(desk, name)
