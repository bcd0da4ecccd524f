"""Every course dashboard, opened once in Chromium and used as a learner would.

One page load per dashboard (a Voilà page load starts a kernel: ~4 s); each test then does the
dashboard's key interaction (deal, pick, play a legal card and see the trick resolve, write on
the pad, answer an exercise), fails on any error text, and saves screenshots under
``artifacts/screenshots/`` at desktop size and, after resizing the same page, at phone size.
Answers the tests give are computed with the engine, as the notebooks compute them.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, FilePayload, Locator, Page, expect

import chaitea
from chaitea_widgets import Quiz
from chaitea_widgets.course import may_play_problem
from tests.browser.harness import (
    PHONE,
    assert_no_errors,
    close_page,
    new_page,
    open_dashboard,
)
from tests.browser.shots import OVERFLOW, full_screenshot, phone_screenshot

pytestmark = pytest.mark.browser


UPDATE_MS = 15_000  # a click's round trip to the kernel and back, with margin on a busy CI


# ------------------------------------------------------------------ helpers
def status(view: Locator) -> Locator:
    """A view's own status line (not the status lines of the views inside it)."""
    return view.locator(":scope > .ctj-status").first


def card(view: Locator, card_id: str) -> Locator:
    return view.locator(f"button.ctj-card-{card_id.replace(chr(39), 'p')}").first


def answer_number(view: Locator, value: int) -> None:
    box = view.locator(".ctj-answer input").first
    box.fill(str(value))
    box.press("Enter")
    view.locator("button.ctj-check").click()


def verdict(view: Locator) -> str:
    line = status(view)
    expect(line).to_contain_text(re.compile(r"Right!|Not quite"), timeout=UPDATE_MS)
    return line.inner_text()


def answer_until_done(view: Locator, values: list[int]) -> str:
    """Answer a number exercise with ``values`` in turn (three tries: a wrong answer gets a
    hint and "Try again"), until it is right or the last try gave the answer and the reason."""
    said = ""
    for value in values:
        line = status(view)
        answer_number(view, value)
        if said:
            expect(line).not_to_have_text(said, timeout=UPDATE_MS)
        said = verdict(view)
        if re.search(r"Right!|The answer is -?\d+", said):
            return said
        assert "Try again" in said and "Hint" in said, said
    raise AssertionError(f"still not finished after {values}: {said}")


def quiz_solution(seed: int, **kwargs: object) -> str:
    """The winning card of the first question of ``Quiz(seed, ...)``: the engine's answer."""
    return Quiz(seed=seed, **kwargs).solution  # type: ignore[arg-type]


@pytest.fixture
def desk(browser: Browser) -> Iterator[Page]:
    """A desktop page (1280x800), resized to phone size by the tests for a second shot."""
    context, page = new_page(browser, {"width": 1280, "height": 800})
    yield page
    close_page(context, page)


# ------------------------------------------------------------------ 01
def test_01_tricks(desk: Page, voila_url: str) -> None:
    name = "01_tricks_and_following.ipynb"
    open_dashboard(desk, voila_url, name)
    deals = desk.locator(".ctj-deal-explorer")
    expect(deals.locator(".ctj-hand-0 .ctj-card")).to_have_count(12)
    expect(desk.locator("body")).to_contain_text("100 card points in all")
    # Shuffle: a new deal from the next seed
    first = deals.locator(".ctj-hand-0 .ctj-card").first.get_attribute("aria-label")
    deals.locator("button.ctj-shuffle").click()
    expect(deals.locator(".ctj-seed input")).to_have_value("8", timeout=UPDATE_MS)
    expect(deals.locator(".ctj-hand-0 .ctj-card").first).not_to_have_attribute(
        "aria-label", first or "", timeout=UPDATE_MS)

    # "What may Leo play?": a refused card first (the engine names the rule) ...
    ex = desk.locator(".ctj-exercise").nth(0)
    problem = may_play_problem(1, contract="trump(H)")
    illegal = [c for c in problem.cards if c not in problem.solution]
    assert illegal, "seed 1 should offer an illegal card"
    card(ex, illegal[0]).click()
    expect(status(ex)).to_contain_text("refused", timeout=UPDATE_MS)
    # ... then, on the next question, a legal one
    ex.locator("button.ctj-another").click()
    problem = may_play_problem(2, contract="trump(H)")
    card(ex, problem.solution[0]).click()
    expect(status(ex)).to_contain_text("Right!", timeout=UPDATE_MS)

    # Which card wins? Click the engine's winner.
    quiz = desk.locator(".ctj-quiz")
    win = quiz_solution(1, contracts=("over", "trump(C)", "trump(D)", "trump(H)", "trump(S)"))
    card(quiz, win).click()
    expect(status(quiz)).to_contain_text("Right!", timeout=UPDATE_MS)
    expect(quiz.locator(".ctj-score")).to_contain_text("first try: 1 of 1")
    assert_no_errors(desk, name)
    full_screenshot(desk, name)
    phone_screenshot(desk, name)


# ------------------------------------------------------------------ 02
def test_02_contracts(desk: Page, voila_url: str) -> None:
    name = "02_contracts_and_rankings.ipynb"
    open_dashboard(desk, voila_url, name)
    ranking = desk.locator(".ctj-ranking-explorer")
    expect(ranking.locator(".ctj-order .ctj-card").first).to_have_attribute(
        "data-card", "9H")
    ranking.locator(".ctj-contract-kind select").select_option(label="Under")
    expect(ranking.locator(".ctj-order .ctj-card").first).to_have_attribute(
        "data-card", "1C", timeout=UPDATE_MS)

    # Slalom: read the question, let the engine answer it, click that.
    slalom = desk.locator(".ctj-exercise").nth(0)
    text = slalom.locator(".ctj-question").inner_text()
    m = re.search(r"starting (high|low)\. How is trick (\d+)", text)
    assert m, text
    order = chaitea.Contract.parse(f"slalom({m[1]})").order_for(int(m[2]) - 1, 12)
    slalom.locator(f"button.ctj-choice-{order.value}").click()
    expect(status(slalom)).to_contain_text("Right!", timeout=UPDATE_MS)

    quiz = desk.locator(".ctj-quiz")
    win = quiz_solution(2, contracts=("trump(S)", "under", "slalom(high)", "slalom(low)"))
    card(quiz, win).click()
    expect(status(quiz)).to_contain_text("Right!", timeout=UPDATE_MS)
    assert_no_errors(desk, name)
    full_screenshot(desk, name)
    phone_screenshot(desk, name)


# ------------------------------------------------------------------ 03
def test_03_picking(desk: Page, voila_url: str) -> None:
    name = "03_picking_and_bet_debt.ipynb"
    open_dashboard(desk, voila_url, name)
    panel = desk.locator(".ctj-picking-panel")
    expect(panel.locator(".ctj-example-text")).to_contain_text("Rulebook example 3")
    # Step through example 3 to its end: Mufasa declares Trump (Hearts) with 20 Bet Debt.
    for _ in range(6):
        panel.locator("button.ctj-forward").click()
    expect(panel.locator(".ctj-caption-line")).to_contain_text(
        "Mufasa declares with Bet Debt 20", timeout=UPDATE_MS)
    expect(panel.locator("button.ctj-forward")).to_be_disabled()

    # A fresh round, hot seat: Aslan passes, Leo picks, Mufasa raises by 5.
    panel.locator("button.ctj-new-round").click()
    expect(panel.locator(".ctj-example-text")).to_have_text("", timeout=UPDATE_MS)
    panel.locator("button.ctj-pass").click()
    expect(status(panel)).to_contain_text("Aslan passes", timeout=UPDATE_MS)
    panel.locator(".ctj-contract select").select_option(label="Under")
    panel.locator("button.ctj-pick").click()
    expect(status(panel)).to_contain_text("Leo picks Under", timeout=UPDATE_MS)
    expect(panel.locator(".ctj-seats")).to_contain_text("Current Bet")

    ex = desk.locator(".ctj-exercise").nth(0)
    answer_until_done(ex, [5, 10, 15, 20])
    assert_no_errors(desk, name)
    full_screenshot(desk, name)
    phone_screenshot(desk, name)


# ------------------------------------------------------------------ 04
def test_04_round(desk: Page, voila_url: str) -> None:
    name = "04_playing_a_round.ipynb"
    open_dashboard(desk, voila_url, name)
    lab = desk.locator(".ctj-trick-lab")
    expect(lab.locator(".ctj-result")).to_contain_text("Leo wins")
    expect(lab.locator(".ctj-result")).to_contain_text("16")
    expect(desk.locator("body")).to_contain_text("Leo wins with 2H, capturing 16 card points.")

    # The trick table: Aslan leads; click a legal card and see the trick resolve.
    table = desk.locator(".ctj-trick-table")
    hand = table.locator(".ctj-hand-0")
    lit = hand.locator("button.ctj-playable")
    expect(lit).to_have_count(12)
    first = lit.first.get_attribute("data-card")
    assert first
    lit.first.click()
    centre = table.locator(".ctj-centre")
    expect(centre.locator(f".ctj-card-{first}")).to_have_count(1, timeout=UPDATE_MS)
    expect(hand.locator(f".ctj-card-{first}")).to_have_count(0)
    expect(table.locator(".ctj-last-trick .ctj-card")).to_have_count(3, timeout=UPDATE_MS)
    expect(table.locator(".ctj-reason")).to_contain_text("wins")
    # A dimmed card, if Aslan must follow now, is refused with the rule in words.
    dimmed = hand.locator("button.ctj-unplayable")
    if dimmed.count():
        dimmed.first.click()
        expect(status(table)).to_contain_text("refused", timeout=UPDATE_MS)

    ex = desk.locator(".ctj-exercise").nth(0)
    answer_until_done(ex, [0, 1, 2, 3])
    assert_no_errors(desk, name)
    full_screenshot(desk, name)
    phone_screenshot(desk, name)


# ------------------------------------------------------------------ 05
def test_05_scoring(desk: Page, voila_url: str) -> None:
    name = "05_scoring_and_the_pad.ipynb"
    open_dashboard(desk, voila_url, name)
    expect(desk.locator("body")).to_contain_text("Under (2): Aslan 59 -> 0, Leo 75 -> +2")
    pad = desk.locator(".ctj-score-pad")
    # Leo's 75 is ready in the entry row: write it, and the row is scored +2 / 0 / -2.
    pad.locator("button.ctj-write").click()
    expect(status(pad)).to_contain_text("The Under row is complete", timeout=UPDATE_MS)
    expect(status(pad)).to_contain_text("Leo +2")
    expect(status(pad)).to_contain_text("Mufasa −2")
    expect(pad.locator(".ctj-pad")).to_contain_text("75")
    # Writing Leo's Under twice is refused: each player scores each row once.
    pad.locator("button.ctj-write").click()
    expect(status(pad)).to_contain_text("already scored", timeout=UPDATE_MS)

    score_ex = desk.locator(".ctj-exercise").nth(0)
    answer_until_done(score_ex, [40, 41, 42, 43])
    rows_ex = desk.locator(".ctj-exercise").nth(1)
    rows_ex.locator("button.ctj-choice").first.click()
    verdict(rows_ex)
    assert_no_errors(desk, name)
    full_screenshot(desk, name)
    phone_screenshot(desk, name)


# ------------------------------------------------------------------ 06
def upload_file(page: Page, dash: Locator, name: str, data: bytes) -> None:
    """Choose a file in the Load game button's file dialog. ipywidgets' FileUpload keeps its
    <input type=file> out of the document, so the file goes in through the chooser Playwright
    intercepts (its set_files is set_input_files on that input)."""
    with page.expect_file_chooser(timeout=UPDATE_MS) as chooser:
        dash.locator(".ctj-upload").first.click()
    chooser.value.set_files(
        files=[FilePayload(name=name, mimeType="application/json", buffer=data)])


def _play_one_card(page: Page, dash: Locator) -> str:
    """Pass whenever Aslan is to speak (or pick, when everyone passed and he must), until the
    trick table lights his cards; then click the first lit card and see it leave the hand for
    the table."""
    table = dash.locator(".ctj-trick-table")
    lit = table.locator(".ctj-hand-0 button.ctj-playable")
    panel = dash.locator(".ctj-picking-panel")
    steps = panel.locator(".ctj-step-label")
    deadline = time.monotonic() + UPDATE_MS / 1000 * 2
    while not (table.is_visible() and lit.count()):
        assert time.monotonic() < deadline, "the trick table never lit a card of Aslan's"
        choice = None
        if panel.is_visible():
            for css in ("button.ctj-pass", "button.ctj-pick"):
                b = panel.locator(css)
                if b.is_visible() and b.is_enabled():
                    choice = b
                    break
        if choice is None:
            page.wait_for_timeout(100)
            continue
        before = steps.inner_text()
        choice.click()
        while panel.is_visible() and steps.inner_text() == before:  # the bots' answer
            assert time.monotonic() < deadline, "no answer to Aslan's pass or pick"
            page.wait_for_timeout(50)
    played = lit.first.get_attribute("data-card")
    assert played
    lit.first.click()
    expect(table.locator(f".ctj-hand-0 .ctj-card-{played}")).to_have_count(0, timeout=UPDATE_MS)
    expect(table.locator(f".ctj-centre .ctj-card-{played}")).to_have_count(1, timeout=UPDATE_MS)
    return played


def test_06_game_save_and_load(desk: Page, voila_url: str, tmp_path: Path) -> None:
    name = "06_full_game.ipynb"
    open_dashboard(desk, voila_url, name)
    dash = desk.locator(".ctj-dashboard")
    expect(dash.locator(".ctj-phase")).to_contain_text("3 players")
    _play_one_card(desk, dash)
    expect(dash.locator(".ctj-score-pad .ctj-pad")).to_be_visible()

    # Save: a download of the game record.
    with desk.expect_download(timeout=UPDATE_MS) as info:
        dash.locator(".ctj-save button, button.ctj-save-button").first.click()
    saved = tmp_path / "game.json"
    info.value.save_as(saved)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["format"] == "chaitea-record/1"

    # A corrupted record is refused with a message; the game on the table is untouched. The
    # paced bots answer Aslan's card first: the table is still once his cards light again.
    lit = dash.locator(".ctj-trick-table .ctj-hand-0 button.ctj-playable")
    expect(lit.first).to_be_visible(timeout=UPDATE_MS)
    hand_before = dash.locator(".ctj-hand-0").inner_text()
    step_before = dash.locator(".ctj-trick-table .ctj-step-label").inner_text()
    broken = saved.read_bytes()[: len(saved.read_bytes()) // 2]
    upload_file(desk, dash, "broken.json", broken)
    expect(status(dash)).to_contain_text("Could not load broken.json", timeout=UPDATE_MS)
    expect(status(dash)).to_contain_text(re.compile("current game goes on", re.I))
    assert dash.locator(".ctj-hand-0").inner_text() == hand_before
    assert dash.locator(".ctj-trick-table .ctj-step-label").inner_text() == step_before
    full_screenshot(desk, "06_full_game-bad-upload")
    # JSON, but not a game record: refused as well.
    upload_file(desk, dash, "notes.json", b'{"format": "my-notes/1", "rounds": []}')
    expect(status(dash)).to_contain_text("Could not load notes.json", timeout=UPDATE_MS)
    assert dash.locator(".ctj-hand-0").inner_text() == hand_before

    # A good record loads: play on from it.
    upload_file(desk, dash, "game.json", saved.read_bytes())
    expect(status(dash)).to_contain_text("Loaded game.json", timeout=UPDATE_MS)
    _play_one_card(desk, dash)
    assert_no_errors(desk, name)
    full_screenshot(desk, name)


def test_06_coach_advice_and_hint(desk: Page, voila_url: str) -> None:
    """The coach in lesson 6: Advice at Aslan's pick and a Hint at his card, each worked out
    in a thread while the page goes on (a "thinking" line first, then the answer)."""
    name = "06_full_game.ipynb"
    open_dashboard(desk, voila_url, name)
    dash = desk.locator(".ctj-dashboard")
    panel = dash.locator(".ctj-picking-panel")
    advice = panel.locator("button.ctj-advice")
    expect(advice).to_be_visible(timeout=UPDATE_MS)
    advice.click()
    expect(panel.locator(".ctj-advice-line")).to_contain_text("Advice:", timeout=UPDATE_MS * 2)
    expect(panel.locator(".ctj-advice-table tr")).not_to_have_count(0)
    _play_one_card(desk, dash)
    table = dash.locator(".ctj-trick-table")
    expect(table.locator(".ctj-hand-0 button.ctj-playable").first).to_be_visible(
        timeout=UPDATE_MS * 2)  # the bots' paced replies, then Aslan again
    table.locator("button.ctj-hint").click()
    expect(table.locator(".ctj-hint-line")).to_contain_text("Hint: play", timeout=UPDATE_MS * 2)
    expect(table.locator(".ctj-bot-choice")).to_have_count(2)  # one choice per bot seat
    assert_no_errors(desk, name)
    full_screenshot(desk, "06_full_game-coach")


def test_06_game_on_a_phone(phone_page: Page, voila_url: str) -> None:
    name = "06_full_game.ipynb"
    open_dashboard(phone_page, voila_url, name)
    dash = phone_page.locator(".ctj-dashboard")
    _play_one_card(phone_page, dash)
    assert_no_errors(phone_page, name)
    overflow = phone_page.evaluate(OVERFLOW)
    full_screenshot(phone_page, name)
    assert overflow <= 1, f"{name}: {overflow}px too wide for a {PHONE['width']}px phone"


# ------------------------------------------------------------------ 07
def test_07_player_counts(desk: Page, voila_url: str) -> None:
    name = "07_two_four_six_players.ipynb"
    open_dashboard(desk, voila_url, name)
    two = desk.locator(".ctj-deal-explorer")
    expect(two.locator(".ctj-hand-0 .ctj-card")).to_have_count(7)
    expect(two.locator(".ctj-straw-0 .ctj-stack")).to_have_count(5)
    expect(two.locator(".ctj-aside .ctj-card")).to_have_count(2)
    # Four players: the same explorer deals 9 cards each, in teams.
    two.locator(".ctj-players select").select_option(label="4 players")
    expect(two.locator(".ctj-hand-3 .ctj-card")).to_have_count(9, timeout=UPDATE_MS)
    expect(two.locator(".ctj-seat-3")).to_contain_text("team B")

    straw = desk.locator(".ctj-exercise").nth(0)
    problem = may_play_problem(1, players=2, contract="trump(S)", leader=1, asks=0)
    card(straw, problem.solution[0]).click()
    expect(status(straw)).to_contain_text("Right!", timeout=UPDATE_MS)

    jokers = desk.locator(".ctj-trick-lab")
    expect(jokers.locator(".ctj-result")).to_contain_text("Sarabi wins")
    expect(jokers.locator(".ctj-result")).to_contain_text("later-played")

    quiz = desk.locator(".ctj-quiz")
    win = quiz_solution(5, players=6, contracts=("trump(H)", "under", "slalom(high)", "over"))
    card(quiz, win).click()
    expect(status(quiz)).to_contain_text("Right!", timeout=UPDATE_MS)
    assert_no_errors(desk, name)
    full_screenshot(desk, name)
    phone_screenshot(desk, name)


# ------------------------------------------------------------------ 08
def test_08_variants(desk: Page, voila_url: str) -> None:
    name = "08_variants_and_setups.ipynb"
    open_dashboard(desk, voila_url, name)
    expect(desk.locator("body")).to_contain_text("long     (27 rounds)")
    barrel = desk.locator(".ctj-picking-panel")
    for who in ("Aslan", "Leo", "Mufasa"):
        barrel.locator("button.ctj-pass").click()
        expect(status(barrel)).to_contain_text(f"{who} passes", timeout=UPDATE_MS)
    expect(barrel.locator(".ctj-offers")).to_be_visible()
    barrel.locator(".ctj-offer-amount select").select_option(label="10")
    barrel.locator("button.ctj-offer").click()
    expect(status(barrel)).to_contain_text("offers 10 points", timeout=UPDATE_MS)
    barrel.locator("button.ctj-accept").click()
    expect(status(barrel)).to_contain_text("accepts the offer", timeout=UPDATE_MS)

    pad = desk.locator(".ctj-score-pad")
    pad.locator(".ctj-pad-row-choice select").select_option(index=2)  # the Second-place row
    for side, score in (("Aslan", 40), ("Leo", 55), ("Mufasa", 70)):
        pad.locator(".ctj-pad-side-choice select").select_option(label=side)
        box = pad.locator(".ctj-pad-score-input input")
        box.fill(str(score))
        box.press("Enter")
        pad.locator("button.ctj-write").click()
        expect(status(pad)).to_contain_text("row", timeout=UPDATE_MS)
    # Second place: the best (Mufasa, 70) gets -2, the second (Leo, 55) +2.
    expect(status(pad)).to_contain_text("complete", timeout=UPDATE_MS)
    expect(status(pad)).to_contain_text("Leo +2")
    expect(status(pad)).to_contain_text("Mufasa −2")
    expect(pad.locator(".ctj-pad-meta")).to_have_text(["2nd place"])  # the meta row's tag

    meta = desk.locator(".ctj-exercise").nth(0)
    meta.locator("button.ctj-choice").first.click()
    verdict(meta)
    assert_no_errors(desk, name)
    full_screenshot(desk, name)
    phone_screenshot(desk, name)
