"""The practice mode: a real take-back of your latest card or pick (until its trick
is complete), and the reason a dimmed card cannot be played, before clicking."""

from __future__ import annotations

import re

import chaitea
from chaitea_widgets import GameDashboard, PickingPanel, TrickTable
from tests.widgets.conftest import FakeClock, assert_clean, assert_session_legal

NAMES = ["Aslan", "Leo", "Mufasa"]


def _table() -> TrickTable:
    # Aslan declares and leads: his lead can be taken back while Leo and Mufasa reply
    return TrickTable(players=3, seed=4, humans=(0,), contract="trump(H)", names=NAMES)


def test_take_back_a_lead_is_a_real_undo() -> None:
    table = _table()
    start = table.state.clone()
    assert table.undo_button.disabled  # nothing to take back yet
    card = table.legal()[0]
    assert table.play(card)
    # the bots answered at once, so the trick is complete: the lead cannot be taken back
    assert len(table.state.tricks) == 1 and table.undo_button.disabled
    assert not table.undo() and "until its trick is complete" in table.message
    assert_clean(table)
    assert start.history() == table.session.steps[0].state.history()


def test_take_back_while_the_trick_is_open() -> None:
    # Mufasa (a bot) declares and leads; Aslan plays second and Leo, a person too, third:
    # the trick stays open after Aslan's card
    table = TrickTable(players=3, seed=4, humans=(0, 1), contract="trump(H)", declarer=2,
                       names=NAMES)
    assert table.state.current_player() == 0 and len(table.state.trick) == 1
    before = table.state.clone()
    card = table.legal()[0]
    assert table.play(card)
    assert table.state.current_player() == 1 and not table.undo_button.disabled
    assert table.undo()
    assert table.state == before and table.session.is_live
    assert card in [str(c) for c in table.state.hand(0)]
    assert table.message.startswith("Taken back.")
    assert table.state.history() == before.history()
    other = next((c for c in table.legal() if c != card), card)
    assert table.play(other)  # the game goes on from there
    assert_session_legal(table.session)
    assert_clean(table)


def test_take_back_cancels_pending_bot_moves() -> None:
    table = TrickTable(players=3, seed=4, humans=(0, 1), contract="trump(H)", declarer=2,
                       names=NAMES)
    assert table.play(table.legal()[0])
    epoch = table.session.epoch
    assert table.undo()
    assert table.session.epoch == epoch + 1


def test_take_back_a_pick_in_the_dashboard() -> None:
    dash = GameDashboard(players=3, seed=2024, names=NAMES)
    for _ in range(30):  # until Aslan speaks in the picking phase
        s = dash.state
        if s.phase == "picking" and s.current_player() == 0:
            break
        assert dash.table.legal() == [] or dash.play(dash.table.legal()[0])
    s = dash.state
    assert s.phase == "picking" and s.current_player() == 0
    before = s.clone()
    assert dash.pass_()
    if dash.state.tricks:  # the first trick completed at once: the pass is scored in
        assert not dash.undo() and "complete" in dash.message
        return
    assert dash.undo(), dash.message
    assert dash.state == before and dash.state.current_player() == 0
    assert_clean(dash)


def test_practice_off_refuses_take_back() -> None:
    table = TrickTable(players=3, seed=4, humans=(0, 1), contract="trump(H)", declarer=2,
                       names=NAMES, practice=False)
    assert table.undo_button.layout.display == "none"
    assert table.play(table.legal()[0])
    assert not table.undo() and "practice" in table.message


def test_picking_examples_are_not_taken_back() -> None:
    panel = PickingPanel(names=NAMES, example=3)
    assert panel.forward() and panel.undo_button.disabled
    assert not panel.undo() and "◀ Back" in panel.message


def test_a_dimmed_card_says_why_before_it_is_clicked() -> None:
    for seed in range(1, 30):
        table = TrickTable(players=3, seed=seed, humans=(0,), contract="trump(H)", declarer=1,
                           names=NAMES)
        s = table.state
        bad = [str(c) for c in s.hand(0) if str(c) not in table.legal()]
        if bad:
            break
    else:
        raise AssertionError("no seed with an illegal card for Aslan")
    before = s.clone()
    html = table.seat_hands[0].html
    for card in bad:
        m = re.search(rf'data-card="{re.escape(card)}"[^>]*data-why="([^"]+)"', html)
        assert m, card
        try:
            s.verify_action(card)
        except chaitea.IllegalAction as e:
            expected = str(e)
        assert m.group(1) == chaitea.core.markup.escape(expected)  # the engine's words, escaped
        assert f"title=\"{card}" not in html or "refused" in html
    assert table.state == before  # asking why changed nothing
    legal_html = [re.search(rf'data-card="{c}"[^>]*>', html) for c in table.legal()]
    assert all(m is not None and "data-why" not in m.group(0) for m in legal_html)


# ------------------------------------------------------------------ paced bots
def test_paced_bots_play_one_card_at_a_time() -> None:
    clock = FakeClock()
    table = TrickTable(players=3, seed=4, humans=(0,), contract="trump(H)", names=NAMES)
    assert table.set_speed("normal", scheduler=clock)
    assert table.play(table.legal()[0])
    assert len(table.state.trick) == 1  # only the learner's card so far: the bots wait
    assert table.legal() == [] and not table.step_button.disabled
    assert clock.run() == 0.8 and len(table.state.trick) == 2  # Leo's card, a moment later
    assert table.seat_hands[0].card_ids  # the table redrew after the bot's card
    assert clock.run() == 0.8  # Mufasa completes the trick
    assert len(table.state.tricks) == 1
    if clock.waiting:  # a bot leads the next trick: the complete trick is held longer
        assert clock.waiting[0][0] == 2.0
    assert_session_legal(table.session)
    assert_clean(table)


def test_continue_and_take_back_cancel_the_waiting_bot_move() -> None:
    clock = FakeClock()
    table = TrickTable(players=3, seed=4, humans=(0,), contract="trump(H)", names=NAMES)
    table.set_speed("slow", scheduler=clock)
    before = table.state.clone()
    card = table.legal()[0]
    assert table.play(card) and len(clock.waiting) == 1
    assert not table.undo_button.disabled  # the trick is open while the bots wait
    assert table.undo() and table.state == before
    clock.run()  # the cancelled move does nothing
    assert table.state == before and not clock.waiting
    assert table.play(card)
    assert table.step()  # "continue now": Leo plays at once; Mufasa waits for his moment
    assert len(table.state.trick) == 2
    stale = len(clock.waiting)
    assert stale == 2
    clock.run()  # the first (cancelled by Bot move) does nothing
    assert len(table.state.trick) == 2
    clock.run()
    assert len(table.state.tricks) == 1


def test_instant_speed_and_no_loop_play_at_once() -> None:
    table = TrickTable(players=3, seed=4, humans=(0,), contract="trump(H)", names=NAMES)
    assert not table.session.paced  # no running loop in the tests: the synchronous path
    assert table.play(table.legal()[0]) and len(table.state.tricks) == 1
    clock = FakeClock()
    assert table.set_speed("instant", scheduler=clock)
    assert table.play(table.legal()[0]) and not clock.waiting
    assert not table.set_speed("warp") and "instant" in table.message


# ------------------------------------------------------------------ presenter
def test_presenter_opens_hands_enlarges_cards_and_steps_the_bots() -> None:
    table = TrickTable(players=3, seed=4, humans=(0,), contract="trump(H)", names=NAMES,
                       presenter=True)
    assert "ctj-presenter" in table.widget._dom_classes and table.open_hands.value
    assert all(table.seat_hands[s].card_ids for s in range(3))  # every hand face up
    assert table.play(table.legal()[0])
    assert len(table.state.trick) == 1  # the bots wait for Bot move
    assert table.step() and len(table.state.trick) == 2
    assert table.step() and len(table.state.tricks) == 1
    assert table.set_presenter(False)
    assert "ctj-presenter" not in table.widget._dom_classes and not table.open_hands.value


def test_presenter_in_the_dashboard_lets_the_bots_pick() -> None:
    dash = GameDashboard(players=3, seed=7, names=NAMES)
    assert dash.table.set_presenter(True)
    for _ in range(40):  # picking goes on by itself; only bot cards wait for Bot move
        s = dash.state
        if s.phase == "play":
            break
        if s.current_player() == 0:
            assert dash.pass_() or dash.pick(dash.picking.legal()[-1].split(" ")[-1])
    assert dash.state.phase == "play"
    assert_clean(dash)
