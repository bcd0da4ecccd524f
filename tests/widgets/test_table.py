"""The trick table: legal cards enabled, refusals in words, bots replying, stepping through a
recorded round, the round summary."""

from __future__ import annotations

import ipywidgets
import pytest

import chaitea
from chaitea.ai.bots import RandomBot
from chaitea_widgets import TrickTable
from chaitea_widgets.base import Refusal
from tests.widgets.conftest import (
    assert_clean,
    assert_legal,
    browser_click,
    enabled_cards,
    shown_cards,
)


def test_legal_cards_are_enabled_and_bots_reply():
    table = TrickTable(players=3, seed=1, humans=(0,), contract="trump(H)", declarer=1)
    s = table.state
    assert s.current_player() == 0 and s.trick  # Leo (a bot) led
    legal = s.legal_moves()
    strip = table.seat_hands[0]
    assert sorted(enabled_cards(strip)) == sorted(legal)
    assert set(shown_cards(strip)) == {str(c) for c in s.hand(0)}
    browser_click(strip, legal[0])
    s = table.state
    assert s.current_player() == 0 or s.phase == "end"
    assert legal[0] not in shown_cards(table.seat_hands[0])
    assert table.status.kind == "ok" and "Aslan plays" in table.message
    assert "ctj-win" in table.last_strip.html
    assert "won trick 1" in table.last_reason.value
    assert_legal(s, table.session.steps[0].state)
    assert_clean(table)


def test_refused_click_answers_with_the_rule_and_changes_nothing():
    # random bots: Leo (declarer) leads a plain suit on this deal, so Aslan must follow it
    table = TrickTable(players=3, seed=1, humans=(0,), contract="trump(H)", declarer=1,
                       bots="random")
    s = table.state
    illegal = [str(c) for c in s.hand(0) if str(c) not in s.legal_moves()]
    assert illegal, "this deal should hold an illegal card for Aslan"
    before = s.clone()
    browser_click(table.seat_hands[0], illegal[0])
    assert table.status.kind == "error"
    assert table.message.startswith(f"{illegal[0]} refused: must follow")
    assert table.state == before
    assert not table.play("JK1")
    assert "not a card of the standard deck" in table.message
    # a bot's seat: the table says whose turn it is
    table.session.goto(0)
    assert not table.play(str(table.state.hand(1)[0]))
    assert "a bot plays Leo" in table.message
    assert_clean(table)


def test_round_to_the_end_with_summary_and_review():
    table = TrickTable(players=3, seed=5, humans=(0,), contract="under", declarer=0, debt=10)
    while table.state.phase == "play":
        assert table.play(table.legal()[0]), table.message
    s = table.state
    assert s.is_terminal() and len(s.round_results) == 1
    r = s.round_results[0]
    summary = table.summary.value
    for text in ("Declarer", "Aslan", "Under", "Card points", str(r.card_points), "Last trick",
                 "Bet Debt", "10", "Score", str(r.score)):
        assert text in summary
    assert table.summary.layout.display is None
    # step back through the recorded round
    n = len(table.session.steps)
    assert n == 1 + 36
    table.back_button.click()
    assert table.state.phase == "play" and "Reviewing" in table.caption_line.value
    table.first_button.click()
    assert table.session.cursor == 0 and len(table.state.hand(0)) == 12
    table.forward_button.click()
    assert table.session.cursor == 1
    table.live_button.click()
    assert table.state.is_terminal()
    assert_legal(table.state, table.session.steps[0].state)


def test_full_game_table_bots_pick_then_pause_at_round_end():
    table = TrickTable(players=3, seed=2, humans=(0,))
    assert table.state.phase == "play"  # the bots picked for every seat
    rounds = 0
    for _ in range(2000):
        s = table.state
        if s.is_terminal():
            break
        if table.session.paused:
            assert table.next_round_button.layout.display is None
            assert "Round" in table.summary.value and "is over" in table.summary.value
            table.next_round_button.click()
            rounds += 1
            continue
        assert table.play(table.legal()[0]), table.message
    assert table.state.is_terminal() and rounds == 11
    assert "The game is over" in table.summary.value
    assert_legal(table.state, table.session.steps[0].state)
    assert_clean(table)


def test_two_players_play_from_the_straw_pile():
    table = TrickTable(players=2, seed=3, humans=(0,), contract="trump(S)", declarer=0)
    s = table.state
    straw = table.seat_straws[0]
    assert straw.html.count("ctj-stack") == 5
    ups = [str(u) for _d, u in s.straw(0)]
    playable_ups = [c for c in ups if c in s.legal_moves()]
    assert sorted(enabled_cards(straw)) == sorted(playable_ups)
    browser_click(straw, ups[0])
    s = table.state
    assert ups[0] not in [str(u) for _d, u in s.straw(0) if u is not None]
    # the opponent's face-up straw cards are public; its face-down cards are not
    opp = table.seat_straws[1].html
    for _down, up in s.straw(1):
        if up is not None:
            assert chaitea.draw.svg.card_name(up) in opp
    assert_legal(s, table.session.steps[0].state)


def test_open_hands_and_hidden_bots():
    table = TrickTable(players=4, seed=8, humans=(0,), contract="over", declarer=0)
    assert shown_cards(table.seat_hands[1]) == []  # a bot's hand is face down
    assert "9 cards" in table.seat_hands[1].html
    table.open_hands.value = True
    assert len(shown_cards(table.seat_hands[1])) == 9
    assert "<button" not in table.seat_hands[1].html  # shown, not playable
    assert "team B" in table.seat_heads[1].value


def test_all_bot_table_steps_and_custom_bots():
    class FirstLegal:
        def act(self, state):
            return state.legal_actions()[0]

    table = TrickTable(players=3, seed=4, humans=(), contract="trump(C)", bots=FirstLegal())
    assert table.state.history() == []
    for _ in range(5):
        table.step_button.click()
    assert len(table.state.history()) == 5
    table2 = TrickTable(players=3, seed=4, humans=(1,),
                        bots=[RandomBot(1), None, RandomBot(3)])
    assert table2.state.phase == "play"
    assert_clean(table)


def test_widgets_are_created_once_not_per_move():
    table = TrickTable(players=3, seed=6, humans=(0,), contract="trump(D)")
    count = len(ipywidgets.widgets.widget._instances)
    for _ in range(8):
        table.play(table.legal()[0])
        table.back()
        table.live()
    assert len(ipywidgets.widgets.widget._instances) == count


def test_new_round_button():
    table = TrickTable(players=3, seed=6, humans=(0,), contract="trump(D)")
    first = table.state.hand(0)
    table.new_round_button.click()
    assert table.state.hand(0) != first
    assert table.new_round(seed=6)
    assert table.state.hand(0) == first


def test_four_colour_option_at_the_table_and_dashboard():
    from chaitea_widgets import GameDashboard

    table = TrickTable(players=3, seed=6, humans=(0,), contract="trump(D)")
    assert "#1457b8" not in table.seat_hands[0].html
    table.four_colour_box.value = True
    hand = [str(c) for c in table.state.hand(0)]
    if any(c.endswith(("C", "D")) for c in hand):
        assert "#1457b8" in table.seat_hands[0].html or "#1b7a32" in table.seat_hands[0].html
    dash = GameDashboard(players=3, seed=3)
    dash.table.four_colour_box.value = True
    assert dash.picking.hand.four_colour and dash.table.seat_hands[0].four_colour


def test_a_broken_bot_is_reported_in_words():
    class Broken:
        def act(self, state):
            return 9999

    class Crashing:
        def act(self, state):
            raise RuntimeError("no idea")

    table = TrickTable(players=3, seed=2, humans=(0,), contract="under", declarer=0,
                       bots=Broken())
    assert not table.play(table.legal()[0])
    assert "bot playing Leo chose 9999, which the rules refuse" in table.message
    table2 = TrickTable(players=3, seed=2, humans=(0,), contract="under", declarer=0,
                        bots=Crashing())
    assert not table2.play(table2.legal()[0])
    assert "bot playing Leo failed (RuntimeError: no idea)" in table2.message
    assert table.unexpected == [] and table2.unexpected == []
    with pytest.raises(Refusal, match="act"):
        TrickTable(bots=object())  # a programming mistake: the constructor says so


def test_a_tapped_dimmed_card_says_its_note_on_the_status_line():
    """A phone has no hover, so the note on a dimmed card shows on a tap (strip.js),
    and the tap reaches Python, which puts the same reason on the table's status line (the
    one a screen reader hears). Lesson 6's deal: Mufasa leads 9C, Aslan's 8H is refused."""
    import html
    import re

    from chaitea_widgets import GameDashboard
    from chaitea_widgets.strip import STATIC

    dash = GameDashboard(players=3, seed=2024, names=["Aslan", "Leo", "Mufasa"])
    assert dash.picking.pass_()
    table = dash.table
    assert table.state.history_str()[-1] == "9C"
    hand = table.seat_hands[0]
    why = re.search(r'data-card="8H"[^>]*data-why="([^"]+)"', hand.html)
    assert why, hand.html
    note = html.unescape(why.group(1))
    browser_click(hand, "8H")
    assert table.status.text == note
    assert "8H" in shown_cards(hand)  # refused: nothing changed
    # no note drawn by CSS on :hover: a touch screen keeps a tapped card "hovered" (the note
    # stayed after the next tap) and may swallow the tap that changed the page
    css = (STATIC / "strip.css").read_text(encoding="utf-8")
    assert ":hover::after" not in css and "attr(data-why)" not in css
    assert ".ctj-why-note" in css
