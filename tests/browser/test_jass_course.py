"""The Jass course (lessons 10 to 15) in Chromium: each page opens with no error, and
one exercise is answered through the page, wrong first where the lesson allows it (the hint,
another try), then right (the reason). The answers are worked out here from the same seeds, by
the lessons' own helpers (chaitea_widgets.course), so the test follows the engine."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from chaitea_widgets.course import (
    TableChooser,
    chalk_problem,
    differ_problem,
    order_problem,
    row_tallies_problem,
    schieber_score_problem,
    weis_hand_problem,
)
from chaitea_widgets.course.exercise import _slug
from chaitea_widgets.value_words import contract_words
from tests.browser.harness import open_dashboard
from tests.browser.shots import full_screenshot
from tests.browser.test_dashboards import UPDATE_MS, card, desk, status  # noqa: F401
from tests.browser.test_debt_buttons_and_notes import assert_quiet

pytestmark = pytest.mark.browser
RULES_J = re.compile("rules J", re.I)  # the status line links a rule citation, in small type


def shoot(page: Page, name: str) -> None:
    """A full-page screenshot to /tmp/shots (when that folder exists) for a person to look at."""
    shots = Path("/tmp/shots")
    if shots.is_dir():
        page.screenshot(path=str(shots / f"course_{name}.png"), full_page=True)


def exercise(page: Page, title: str) -> Locator:
    return page.locator(".ctj-exercise").filter(has_text=title).first


def choose(ex: Locator, value: object) -> None:
    slug = _slug(value)
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
    p = order_problem(1)
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
    p = weis_hand_problem(1)
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
    p = schieber_score_problem(1)
    ex = exercise(desk, "What do they write?")
    type_number(ex, p.solution)
    expect(status(ex)).to_contain_text("Right!", timeout=UPDATE_MS)
    board = chalk_problem(1)
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
    p = row_tallies_problem(1)
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
    p = differ_problem(1)
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
    """On a 390x844 phone the Coiffeur pad and the table of hands stay inside the
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
    """A whole hand at the Jass table in the page: the choice when it is the
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


# ------------------------------------------------------------------ a whole hand, lessons 13, 14
# The games of the lessons' TableChooser (notebooks 13 and 14), opened here again from the same
# seed to replay the learner's clicks in this process: what the page shows must be what the
# engine wrote for those moves.
GAMES_13: list[tuple[str, str, int, dict[str, Any]]] = [("Schieber to 3000", "schieber", 4, {})]
GAMES_14: list[tuple[str, str, int, dict[str, Any]]] = [
    ("Coiffeur-Schieber, three players", "coiffeur-schieber", 3, {}),
    ("Coiffeur-Schieber, four in pairs", "coiffeur-schieber", 4, {})]
NUMBER = re.compile(r"^-?\d+$")


def play_the_hand(page: Page, table: Locator, choose: Any) -> list[str]:
    """Click through one hand at ``table`` as a learner: ``choose(items)`` names the item to
    write when the choice is the learner's (``items``: the buttons' items), then the first lit
    card each turn, to the hand's end (**Next hand** shown). Each card played leaves one fewer in
    the hand, down to none. Returns the learner's moves in order (items and card ids)."""
    table.locator(".ctj-speed select").select_option("instant")
    hand = table.locator(".ctj-jass-hand .ctj-card")
    lit = table.locator(".ctj-jass-hand .ctj-card.ctj-playable")
    picks = table.locator("button.ctj-jass-pick")
    next_hand = table.locator("button.ctj-jass-next")
    turn = table.locator(".ctj-jass-hand .ctj-card.ctj-playable:visible, "
                         "button.ctj-jass-pick:visible, button.ctj-jass-next:visible").first
    moves: list[str] = []
    for _ in range(60):
        # the learner's turn (a choice or a lit card) or the hand's end
        expect(turn).to_be_visible(timeout=UPDATE_MS)
        if next_hand.is_visible():
            break
        if picks.count():
            items = [str(b.get_attribute("title")) for b in picks.all()]
            item = choose(items)
            moves.append(item)
            picks.nth(items.index(item)).click()
            expect(picks).to_have_count(0, timeout=UPDATE_MS)
            continue
        left = hand.count()
        cid = str(lit.first.get_attribute("data-card"))
        moves.append(cid)
        lit.first.click()
        expect(hand).to_have_count(left - 1, timeout=UPDATE_MS)
        expect(table.locator(f'.ctj-jass-hand [data-card="{cid}"]')).to_have_count(0)
    expect(next_hand).to_be_visible()
    expect(hand).to_have_count(0)  # every card of the hand played, and the hand says so
    expect(table.locator(".ctj-jass-hand")).to_contain_text("No cards left: the hand is over.")
    return moves


def replay(games: list[tuple[str, str, int, dict[str, object]]], index: int,
           moves: list[str]) -> Any:
    """The lesson's table ``index`` opened here from the same seed, the learner's ``moves``
    made on it (the bots answer as in the page): the engine's state after the hand."""
    chooser = TableChooser(games, first=False)
    assert chooser.open(index), chooser.message
    table = chooser.table
    assert table is not None
    table.set_speed("instant")
    for move in moves:
        act = table.pick if table.state.phase == "picking" else table.play
        assert act(move), f"{move}: {table.message} (the page and the engine part ways)"
    assert table.state.phase in ("deal", "end"), table.state.phase
    return table.state


def cells(row: Locator) -> list[str]:
    return [t.strip() for t in row.locator("td").all_inner_texts()]


def side_of_forehand(state: Any, res: dict[str, Any]) -> int:
    g = state.game
    return int(g.side_of[res["forehand"]]) if g.side_names else int(res["forehand"])


def expect_the_trick_cleared(table: Locator, state: Any) -> None:
    """At the hand's end the last trick is on the last-trick strip only (the trick strip is
    empty), won by the engine's winner of the ninth (twelfth) trick."""
    expect(table.locator(".ctj-jass-trick .ctj-card")).to_have_count(0)
    last = table.locator(".ctj-jass-last")
    _lead, ids, win = state.trick_ids()[-1]
    expect(last.locator(".ctj-card")).to_have_count(len(ids))
    expect(last).to_contain_text(f"won by {state.names[win]}")


def test_13_schieber_a_whole_hand_pushed_and_the_board_row(desk: Page,  # noqa: F811
                                                         voila_url: str) -> None:
    """Lesson 13: the first table (Schieber to 3000) against the bots: the learner
    pushes when the forehand (else the choice is the partner's or a bot's), plays every card of
    the hand, and the board shows the hand's row as the engine wrote it: the contract in words,
    its multiplier and each team's score, the totals below and on the chalk board."""
    name = "13_schieber_at_the_table.ipynb"
    open_dashboard(desk, voila_url, name)
    table = desk.locator(".ctj-jass-table").first
    expect(table.locator(".ctj-jass-hand .ctj-card")).to_have_count(9)
    moves = play_the_hand(desk, table, lambda items: "push" if "push" in items else items[0])
    state = replay(GAMES_13, 0, moves)
    res = state.round_results[-1]
    header = table.locator(".ctj-jass-header")
    if "push" in moves:
        expect(header).to_contain_text("pushed, Mufasa chose")
    board = table.locator(".ctj-jass-board .ctj-jass-hands")
    rows = board.locator("tbody tr")
    expect(rows).to_have_count(1)
    row = cells(rows.first)
    assert row[0] == "1", row
    assert row[1] == contract_words(str(res["contract"])), row
    assert row[2] == f"×{res['multiplier']}", row
    scores = [c.split(" ")[0] for c in row[3:]]
    assert all(NUMBER.match(s) for s in scores), row  # a number for each team
    assert [int(s) for s in scores] == list(res["score"]), (row, res)
    foot = cells(board.locator("tfoot tr").first)
    assert foot[0].startswith("Total") and [int(x) for x in foot[1:]] == list(state.totals())
    chalk = table.locator(".ctj-jass-board svg").first
    label = str(chalk.get_attribute("aria-label"))
    for side, total in zip(state.game.side_names, state.totals(), strict=True):
        assert f"team {side}: {total}" in label, label
    summary = table.locator(".ctj-jass-summary")
    for written in res["score"]:
        expect(summary).to_contain_text(f"→ {written}")
    expect_the_trick_cleared(table, state)
    # the header in the chooser's table in the type of play_jass's (17 px, not the page's 13)
    size = header.locator(".widget-html-content").first.evaluate(
        "e => getComputedStyle(e).fontSize")
    assert size == "17px", size
    full_screenshot(desk, "13_schieber_hand")
    shoot(desk, "13_schieber_hand")
    assert_quiet(desk, name)


def expect_the_pad_row(table: Locator, state: Any) -> None:
    """The pad's row of the hand holds the forehand's score, in its side's column (a number),
    the other sides' cells of that row blank, and every other row blank; the table of hands
    shows the same score in the same column."""
    res = state.round_results[-1]
    sides = state.game.side_names or state.names
    side = side_of_forehand(state, res)
    label = state.score_state.layout.labels()  # rows in words: "Bells", "Joker 2", "Match"
    pad = table.locator(".ctj-jass-pad")
    heads = [t.strip() for t in pad.locator("thead th").all_inner_texts()]
    assert heads[:2 + len(sides)] == ["Row", "Value", *sides], heads
    for tr in pad.locator("tbody tr").all():
        row = cells(tr)
        assert len(row) == len(heads), (row, heads)  # every row as wide as the head
        written = row[2:2 + len(sides)]
        if row[0] == label[res["row"]]:
            assert written[side] == str(res["score"]), (row, res)
            assert all(w == "" for s, w in enumerate(written) if s != side), row
        else:
            assert row[0] in label.values(), row
            if row[0] != "Match":
                assert all(w == "" for w in written), row
    hands = table.locator(".ctj-jass-board .ctj-jass-hands tbody tr")
    expect(hands).to_have_count(1)
    row = cells(hands.first)
    assert row[3 + side] == str(res["score"]), (row, res)
    assert all(c == "" for s, c in enumerate(row[3:]) if s != side), row


def test_14_coiffeur_a_whole_hand_writes_the_pad_row(desk: Page,  # noqa: F811
                                                    voila_url: str) -> None:
    """Lesson 14: a whole hand at the three-player Coiffeur-Schieber table (the
    learner writes the first row offered when choosing), then one at the four-in-pairs table:
    after each, the pad's row of the hand holds its score as the engine wrote it."""
    name = "14_coiffeur_and_the_pad.ipynb"
    open_dashboard(desk, voila_url, name)
    chooser = desk.locator(".ctj-jass-chooser").first
    for index, (label, _r, players, _o) in enumerate(GAMES_14):
        if index:
            chooser.locator(f"button.ctj-jass-game-{index}").click()
            expect(status(chooser)).to_contain_text(label, timeout=UPDATE_MS)
        table = desk.locator(".ctj-jass-table").first
        expect(table.locator(".ctj-jass-hand .ctj-card")).to_have_count(36 // players,
                                                                          timeout=UPDATE_MS)
        moves = play_the_hand(desk, table,
                              lambda items: next(i for i in items if i != "pass"))
        state = replay(GAMES_14, index, moves)
        expect_the_pad_row(table, state)
        res = state.round_results[-1]
        expect(table.locator(".ctj-jass-summary")).to_contain_text(
            f"row {state.score_state.layout.labels()[res['row']]}: {res['score']}")
        expect_the_trick_cleared(table, state)
        full_screenshot(desk, f"14_coiffeur_hand_{players}")
        shoot(desk, f"14_coiffeur_hand_{players}")
    assert_quiet(desk, name)
