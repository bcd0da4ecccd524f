"""Defects of the views, one test each (each failed before its fix): the pad's blank choices and
its bound, a prefilled pad that claimed a write, the trophy glyph, a single round that ended
"the game", "(row —)", two ways forward at a round's end, a Joker round titled with its
contract only, messages shown twice, "Load game (0)", a trick reason naming Over in a trump
trick, lesson 1's explorer offering the Jass deck and every contract."""

from __future__ import annotations

import re

import pytest

import chaitea
from chaitea_widgets import DealExplorer, GameDashboard, ScorePad, TrickTable
from chaitea_widgets.strip import LoadButton
from chaitea_widgets.words import cite_links, message_html, order_words, plain_reason
from tests.widgets.conftest import assert_clean

NAMES = ["Aslan", "Leo", "Mufasa"]
CUSTOM = [{"row": "under", "value": 2}, {"row": "over", "value": 2, "avoidance": True},
          {"row": "slalom", "value": 2, "meta": "second-place"}]


# ------------------------------------------------------------------ the pad
@pytest.mark.parametrize("setup", ["standard", CUSTOM], ids=["standard", "lesson-8-custom"])
def test_pad_opens_with_a_row_and_a_player_chosen(setup: object) -> None:
    """Lesson 8: the custom pad opened with blank Row and Player; Write score then said
    "No row None on this pad"."""
    pad = ScorePad(players=3, setup=setup, names=NAMES)  # type: ignore[arg-type]
    assert pad.row.value == pad.row.options[0][1]
    assert pad.side.value == 0
    pad.score.value = 20
    pad.write_button.click()
    assert pad.status.kind == "ok", pad.message
    assert "None" not in pad.message
    assert_clean(pad)


@pytest.mark.parametrize(("players", "options", "row", "lo", "hi"), [
    (3, {}, "under", -35, 110),                          # 100 points + 10, debt up to 35
    (2, {}, "trump", -35, 110),
    (4, {}, "slalom", -33, 110),                         # step 3: max debt 33
    (6, {}, "joker", -33, 220),                          # 200 points + 20
    (3, {"passing_the_barrel": True}, "under", -35, 145),  # + an offer of up to 35
])
def test_pad_refuses_scores_no_round_can_make(players: int, options: dict[str, bool],
                                              row: str, lo: int, hi: int) -> None:
    """The pad accepted 500. The bound comes from the engine's numbers: deck points, the
    last-trick bonus, Bet Debt and offers."""
    pad = ScorePad(players=players, **options)  # type: ignore[arg-type]
    g = pad.rules
    assert (lo, hi) == pad.score_range(row)
    top = g.deck.total_points + g.seating.last_trick_bonus
    assert hi == top + (g.max_debt if g.passing_the_barrel else 0) and lo == -g.max_debt
    assert not pad.write(row, 0, 500)
    assert "No round can score 500" in pad.message and f"{lo} to {hi}" in pad.message
    assert not pad.write(row, 0, hi + 1) and not pad.write(row, 0, lo - 1)
    assert pad.pad.scores[pad.pad.row_index(row)] == [None] * pad.pad.sides
    assert pad.write(row, 0, hi) and pad.write(row, 1, lo)
    assert_clean(pad)


def test_avoidance_rows_add_the_debt_to_the_bound() -> None:
    pad = ScorePad(players=3, setup=CUSTOM, passing_the_barrel=True)
    assert pad.score_range("avoidance-over") == (-35, 145)  # D13: debt added, offer subtracted
    assert pad.score_range("under") == (-35, 145)
    assert "D13" in pad.range_words("avoidance-over")


def test_prefilled_pad_does_not_claim_a_write() -> None:
    """Lesson 5 said "Score written in the Under row." before the learner wrote anything."""
    pad = ScorePad(players=3, names=NAMES, scores=[("under", "Aslan", 59), ("under", "Mufasa", 33)])
    assert pad.message == "" and pad.status.widget.value == ""
    assert pad.pad.scores[pad.pad.row_index("under")] == [59, None, 33]
    assert pad.write("under", "Leo", 75)
    assert pad.game_points == {"Aslan": 0, "Leo": 2, "Mufasa": -2}
    with pytest.raises(Exception, match="already scored"):
        ScorePad(players=3, names=NAMES, scores=[("under", 0, 1), ("under", 0, 2)])


def test_the_winner_mark_is_drawn_not_an_emoji() -> None:
    """The trophy glyph showed as a box on machines without an emoji font."""
    pad = ScorePad(players=3, names=NAMES)
    for key in ("trump", "under", "slalom", "joker"):
        for side, score in enumerate((60, 30, 10)):
            assert pad.write(key, side, score), pad.message
    assert "\N{TROPHY}" not in pad.html
    assert 'class="ctj-trophy"' in pad.html and 'aria-label="winner"' in pad.html


# ------------------------------------------------------------------ the trick table
def _finish_round(table: TrickTable) -> None:
    for _ in range(100):
        legal = table.legal()
        if not legal:
            break
        assert table.play(legal[0]), table.message


def test_a_single_round_ends_the_round_not_the_game() -> None:
    """The trick table ended a single round with "the game is over" and "(row —)"."""
    table = TrickTable(players=3, seed=4, humans=(0,), contract="trump(H)", names=NAMES)
    _finish_round(table)
    assert table.state.is_terminal()
    text = table.title.value + table.summary.value + table.message + table.caption_line.value
    assert "the round is over" in table.title.value
    assert "The round is over" in table.summary.value
    assert "game is over" not in text.lower()
    assert "row —" not in text and "(row" not in table.summary.value
    assert not table.play("9H") and "round is over" in table.message
    assert_clean(table)


def test_round_end_offers_one_way_on() -> None:
    """At a round's end both Next round and Bot move were enabled."""
    table = TrickTable(players=3, seed=2, humans=(0,))
    _finish_round(table)
    assert table.session.paused
    assert table.next_round_button.layout.display is None  # shown
    assert table.step_button.disabled
    assert table.next_round()
    assert not table.session.paused


def test_joker_round_is_titled_with_its_row() -> None:
    """A Joker round was titled only with its contract ("Under")."""
    from chaitea_widgets.session import Session

    state = chaitea.Game(players=3).new_initial_state(seed=3, names=NAMES)
    session = Session(state, humans=(0, 1, 2))
    for action in ("joker=under", "pass", "pass"):
        session.act(action)
    table = TrickTable(session=session)
    assert "Joker: Under" in table.title.value
    assert "Joker: Under is the contract" in session.caption


def test_each_message_is_shown_once_at_the_table() -> None:
    """Every message showed twice: in the status line and again in the caption line."""
    table = TrickTable(players=3, seed=4, humans=(0,), contract="trump(H)", names=NAMES)
    assert table.play(table.legal()[0])
    said = table.status.widget.value
    assert said and table.session.caption.split(" (")[0] in table.message
    assert table.caption_line.value == "" and table.caption_line.layout.display == "none"
    assert table.back()  # reviewing: the caption line speaks (the status line is empty)
    assert "Reviewing" in table.caption_line.value


def test_dashboard_shows_a_play_message_once() -> None:
    dash = GameDashboard(players=3, seed=2024, names=NAMES)
    for _ in range(20):
        if dash.table.legal():
            break
        assert dash.pass_() or dash.pick(dash.picking.legal()[-1].split(" ")[-1])
    assert dash.play(dash.table.legal()[0])
    assert dash.message  # the dashboard knows what was said ...
    assert dash.status.widget.value == ""  # ... and leaves the showing to the table's line
    assert dash.table.status.widget.value


def test_trick_reason_in_a_trump_round_says_no_trump_was_played() -> None:
    """Plain play's reason read "under Over: the highest rank is strongest" in a trump trick."""
    table = TrickTable(players=3, seed=4, humans=(0,), contract="trump(H)", names=NAMES)
    for _ in range(40):
        tricks = table.state.tricks
        if tricks and all(c.suit != chaitea.Suit.parse("H") for c in tricks[-1].cards):
            break
        assert table.play(table.legal()[0])
    else:
        pytest.skip("no trick without a trump in this round")
    assert "under Over" not in table.last_reason.value
    assert "no trump was played" in table.last_reason.value


def test_order_words_say_why_for_slalom_and_pyramid() -> None:
    slalom = chaitea.Contract.parse("slalom(high)")
    assert order_words(slalom, 5, 12).startswith("trick 6 is an even trick")
    assert "so low wins" in order_words(slalom, 5, 12)
    assert "so high wins" in order_words(slalom, 6, 12)
    pyramid = chaitea.Contract.parse("pyramid(low)")
    assert "first part" in order_words(pyramid, 5, 12) and "low wins" in order_words(pyramid, 5, 12)
    assert "second part" in order_words(pyramid, 6, 12)
    r = plain_reason("2C wins: strongest clubs (the led suit) under Under: the lowest rank is "
                     "strongest", slalom, 5, 12)
    assert r == ("2C wins: strongest clubs (the led suit); trick 6 is an even trick of a Slalom "
                 "started high, so low wins (the 1 is strongest)")


# ------------------------------------------------------------------ citations and messages
def test_citations_become_links_after_escaping() -> None:
    html = cite_links('<img src=x onerror=alert(1)> refused (RULES R, D6); see RULES.md')
    assert "<img" not in html and "&lt;img" in html
    assert 'href="rules.ipynb#d6"' in html and 'href="rules.ipynb#r"' in html
    assert 'href="rules.ipynb#rules"' in html
    assert re.findall(r'href="([^"]+)"', cite_links("D1 D10 D14 D15 XD6 D6x")) == [
        "rules.ipynb#d1", "rules.ipynb#d10", "rules.ipynb#d14"]
    assert 'role="alert"' in message_html("x", "error")


def test_a_refusal_at_the_table_links_its_rule() -> None:
    table = TrickTable(players=6, seed=2, humans=(0,), contract="trump(H)")
    assert table.play(table.legal()[0])
    bad = [str(c) for c in table.state.hand(0) if str(c) not in table.legal()]
    if not bad or not table.legal():
        pytest.skip("every card is legal here")
    assert not table.play(bad[0])
    text = table.message
    assert "(" in text  # the engine's exact words are kept as the message
    for d in re.findall(r"\bD(\d+)\b", text):
        assert f'href="rules.ipynb#d{d}"' in table.status.widget.value


# ------------------------------------------------------------------ load button, explorer
def test_load_button_has_no_count() -> None:
    """After a load the button read "Load game (0)" (ipywidgets' FileUpload adds a count)."""
    dash = GameDashboard(players=3, seed=9)
    assert isinstance(dash.upload, LoadButton)
    assert dash.upload.label == "Load game"
    data = GameDashboard(players=2, seed=4).save_bytes()
    dash.upload.receive("two.json", data)
    assert dash.session.game.players == 2 and dash.upload.label == "Load game"


def test_lesson_1_explorer_offers_only_what_the_lesson_taught() -> None:
    """Lesson 1's explorer offered ten contracts and the Jass deck (120 points in a lesson
    that says 100)."""
    ex = DealExplorer(players=3, seed=7, contract="over", names=NAMES, decks=["standard"],
                      contracts=["over", "trump"])
    assert [v for _l, v in ex.deck.options] == ["standard"]
    assert [v for _l, v in ex.controls.kind.options] == ["over", "trump"]
    assert "100 card points" in ex.summary.value
    assert ex.deal(players=2) and [v for _l, v in ex.deck.options] == ["standard"]
    jass = DealExplorer(players=3, deck="jass")
    assert "J Q K A" not in jass.summary.value and "Under, Ober" in jass.summary.value
