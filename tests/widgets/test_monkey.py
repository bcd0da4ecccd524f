"""Monkey tests: 1,000 random interactions per view from a seeded generator, including
attempts the rules refuse. Nothing may raise, every refusal is shown in words, and the engine
state stays one that legal play reaches."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import chaitea
from chaitea_widgets import (
    DealExplorer,
    GameDashboard,
    PickingPanel,
    Quiz,
    RankingExplorer,
    ScorePad,
    TrickLab,
    TrickTable,
)
from chaitea_widgets.base import View
from tests.widgets.conftest import assert_clean, assert_session_legal, browser_click

N = 1000
JUNK = ["", "7", "XX", "10C", "JK1", "7H'", "pass", "99S", "joker=pyramid(low)", "9Z"]


Move = Callable[[], tuple[Callable[[], object], bool]]


def run_monkey(view: View, moves: list[Move], rng: random.Random,
               check: Callable[[int], None] | None = None) -> None:
    """Do N random moves: each entry of ``moves`` draws one, ``(do, refused)``; a move marked
    ``refused`` must end with an error message in the status line."""
    for i in range(N):
        move, refused = rng.choice(moves)()
        move()
        assert view.unexpected == [], (i, view.unexpected)
        if refused:
            assert view.status.kind == "error" and view.status.text, (i, move)
            assert "Sorry" not in view.status.text and "Traceback" not in view.status.text
        if check is not None and i % 50 == 0:
            check(i)
    if check is not None:
        check(N)
    assert_clean(view)


def test_monkey_trick_table():
    rng = random.Random(101)
    table = TrickTable(players=3, seed=3, humans=(0,))
    deck = chaitea.STANDARD

    def play_legal():
        legal = table.legal()
        if legal:
            c = rng.choice(legal)
            strip = table.seat_hands[0]
            return (lambda: browser_click(strip, c)), False
        return table.next_round if table.session.paused else table.live, False

    def play_illegal():
        s = table.state
        bad = [str(c) for c in s.hand(0) if str(c) not in table.legal()]
        c = rng.choice(bad) if bad and table.legal() else rng.choice(JUNK)
        return (lambda: table.play(c)), True

    def anything():
        c = str(rng.choice(deck.cards))
        s = table.state
        refused = not (table.session.is_human_turn(s) and c in s.legal_moves())
        return (lambda: table.play(c)), refused

    moves: list[Move] = [play_legal] * 6 + [play_illegal, anything,
                                lambda: (table.back_button.click, False),
                                lambda: (table.forward_button.click, False),
                                lambda: (table.live_button.click, False),
                                lambda: (table.first_button.click, False),
                                lambda: (table.step_button.click, False),
                                lambda: (table.next_round_button.click, False),
                                lambda: (lambda: table.set_open_hands(rng.random() < .5), False)]
    run_monkey(table, moves, rng, lambda _i: assert_session_legal(table.session))


def test_monkey_picking_panel():
    rng = random.Random(202)
    panel = PickingPanel(players=3, seed=5, passing_the_barrel=True)

    def legal_move():
        moves = panel.legal()
        if not moves:
            return (lambda: panel.new_round()), False
        m = rng.choice(moves)
        if m == "pass":
            return panel.pass_button.click, False
        if m.startswith("offer"):
            return (lambda: panel.offer(int(m.split()[1]))), False
        if m in ("accept", "decline", "rescind"):
            return getattr(panel, f"{m}_button").click, False
        debt, _, sp = m.rpartition(" ")

        def pick():
            panel.contract.value = sp
            panel.debt.value = int(debt or 0)
            panel.pick_button.click()

        return pick, False

    def off_steps():
        sp = rng.choice(["under", "trump(H)", "slalom(low)", "joker=under", "nonsense"])
        d = rng.choice([1, 3, 7, 12, 36, 40, -5])
        return (lambda: panel.pick(sp, debt=d)), True

    def refused_word():
        s = panel.session.state
        w = rng.choice(["accept", "decline", "rescind", "offer 5"])
        refused = w not in s.legal_moves() or not panel.session.is_live or s.phase != "picking"
        act = {"accept": panel.accept, "decline": panel.decline, "rescind": panel.rescind,
               "offer 5": lambda: panel.offer(5)}[w]
        return act, refused

    moves: list[Move] = [legal_move] * 6 + [
        off_steps, refused_word,
        lambda: (panel.back_button.click, False), lambda: (panel.forward_button.click, False),
        lambda: (panel.live_button.click, False), lambda: (panel.first_button.click, False),
        lambda: (rng.choice(panel.example_buttons).click, False),
        lambda: (panel.new_round_button.click, False)]
    run_monkey(panel, moves, rng, lambda _i: assert_session_legal(panel.session))


def test_monkey_dashboard(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(303)
    # New game and Load game draw the next seed from the module's random: seeded here, so the
    # run does not depend on what the tests before it drew (it did: a whole-suite run met a
    # six-player game where the "junk" 7H' was a legal card).
    monkeypatch.setattr("chaitea_widgets.dashboard.random", random.Random(304))
    dash = GameDashboard(players=3, seed=8)
    saved = [dash.save_bytes()]

    def legal_move():
        s = dash.state
        if dash.session.paused:
            return dash.table.next_round_button.click, False
        if s.is_terminal():
            return (lambda: dash.new_game(players=rng.choice([2, 3, 4, 6]),
                                          setup=rng.choice(["short", "standard"]))), False
        moves = s.legal_moves() if dash.session.is_human_turn(s) else []
        if not moves:
            return dash.table.live_button.click, False
        m = rng.choice(moves)
        if s.phase == "play":
            return (lambda: dash.play(m)), False
        if m == "pass":
            return dash.pass_, False
        if m.startswith("offer"):
            return (lambda: dash.picking.offer(int(m.split()[1]))), False
        if m in ("accept", "decline", "rescind"):
            return getattr(dash.picking, m), False
        debt, _, sp = m.rpartition(" ")
        return (lambda: dash.pick(sp, int(debt or 0))), False

    def junk_play():
        j = rng.choice(JUNK)
        s = dash.state
        # 7H' is a card of the double deck (six players): refused only when not legal there
        refused = not (s.phase == "play" and dash.session.is_human_turn(s)
                       and j in s.legal_moves())
        return (lambda: dash.play(j)), refused

    def bad_file():
        blob = rng.choice([b"", b"{}", b"[1,2]", b"\xff\xfe", rng.randbytes(50),
                           saved[0][: rng.randrange(1, len(saved[0]))]])
        return (lambda: dash.load_bytes(blob, "junk.json")), True

    def save_and_reload():
        def run():
            saved[0] = dash.save_bytes()
            assert dash.load_bytes(saved[0], "saved.json"), dash.message

        return run, False

    def new_game():
        def run():
            dash.new_game(players=rng.choice([2, 3, 4, 6]),
                          setup=rng.choice(["short", "standard", "long"]),
                          passing_the_barrel=rng.random() < .5, match_point=rng.random() < .5)

        return run, False

    moves: list[Move] = [legal_move] * 12 + [
        junk_play, bad_file, save_and_reload, new_game,
        lambda: (dash.table.back_button.click, False),
        lambda: (dash.table.live_button.click, False),
        lambda: (dash.picking.back_button.click, False)]
    run_monkey(dash, moves, rng, lambda _i: assert_session_legal(dash.session))


def test_monkey_trick_lab():
    rng = random.Random(404)
    lab = TrickLab("trump(H)")
    deck = chaitea.STANDARD

    def add():
        c = str(rng.choice(deck.cards))
        refused = c in lab.trick or len(lab.trick) >= lab.players
        return (lambda: browser_click(lab.deck_strip, c)), refused

    def contract():
        c = rng.choice(["trump(C)", "under", "slalom(low)", "pyramid(high)", "middle",
                        "trump-slalom(S,high)", "bogus", "trump(Q)"])
        t = rng.choice([None, 1, 5, 12, 13])
        bad = c in ("bogus", "trump(Q)") or t == 13
        return (lambda: lab.set_contract(c, t)), bad

    moves: list[Move] = [add] * 5 + [contract,
                         lambda: (lambda: lab.add(rng.choice(JUNK[:4])), True),
                         lambda: (lab.undo_button.click, False),
                         lambda: (lab.clear_button.click, False),
                         lambda: (lambda: setattr(lab.leader, "value", rng.randrange(3)), False)]

    def check(_i):
        if lab.cards:
            res = chaitea.trick_winner(lab.controls.contract, lab.controls.trick_index,
                                       lab.cards, deck)
            assert lab.reason == res.reason

    run_monkey(lab, moves, rng, check)


def test_monkey_quiz():
    rng = random.Random(505)
    quiz = Quiz(seed=9)

    def answer():
        c = str(rng.choice(quiz.cards))
        refused = quiz.tries.done or c in quiz.tries.wrong
        return (lambda: browser_click(quiz.trick_strip, c)), refused

    moves: list[Move] = [answer] * 4 + [lambda: (quiz.next_button.click, False),
                            lambda: (lambda: quiz.answer(rng.choice(JUNK)), True),
                            lambda: (quiz.restart_button.click, False)]
    run_monkey(quiz, moves, rng)
    assert 0 <= quiz.right <= quiz.asked


def test_monkey_explorers_and_pad():
    rng = random.Random(606)
    deal = DealExplorer()
    moves_deal: list[Move] = [
        lambda: (lambda: deal.deal(seed=rng.randrange(1000)), False),
        lambda: (deal.shuffle_button.click, False),
        lambda: (lambda: deal.deal(players=rng.choice([2, 3, 4, 6])), False),
        lambda: (lambda: deal.deal(players=rng.choice([1, 5, 7])), True),
        lambda: (lambda: deal.deal(seed=-1), True),
        lambda: (lambda: deal.set_contract(rng.choice(["under", "trump(S)", "x"])), False),
        lambda: (lambda: setattr(deal.four_colour, "value", rng.random() < .5), False),
    ]
    rank = RankingExplorer()
    moves_rank: list[Move] = [
        lambda: (lambda: rank.set_led(rng.choice([None, "C", "D", "H", "S"])), False),
        lambda: (lambda: rank.set_led("Q"), True),
        lambda: (lambda: rank.set_deck(rng.choice(["standard", "six-player", "double",
                                                   "jass"])), False),
        lambda: (lambda: rank.set_deck("tarot"), True),
        lambda: (lambda: rank.set_contract(rng.choice(["slalom(low)", "pyramid(high)",
                                                       "trump-middle(D)"]),
                                           rng.randrange(1, 10)), False),
    ]
    pad = ScorePad(players=rng.choice([3]))
    keys = ["trump", "under", "slalom", "joker"]

    def write():
        k, s = rng.choice(keys), rng.randrange(3)
        refused = not pad.pad.is_open(keys.index(k), s)
        return (lambda: pad.write(k, s, rng.randrange(-40, 120))), refused

    moves_pad: list[Move] = [write, write, write,
                 lambda: (lambda: pad.write("nope", 0, 1), True),
                 lambda: (lambda: pad.write("under", 9, 1), True),
                 lambda: (pad.clear_button.click, False)]
    for view, moves in ((deal, moves_deal), (rank, moves_rank), (pad, moves_pad)):
        # the three small views share the budget of 1,000 moves each at a cheaper pace
        run_monkey(view, moves, rng)
    gp = pad.pad.game_points
    assert sum(gp) == 0  # three sides: +V, 0, -V per complete row


@pytest.mark.parametrize("players", [2, 4, 6])
def test_monkey_tables_of_other_sizes(players):
    rng = random.Random(players)
    table = TrickTable(players=players, seed=players, humans=(0, 1) if players > 2 else (0,))

    def move():
        legal = table.legal()
        if table.session.paused:
            return table.next_round_button.click, False
        if not legal:
            return table.live, False
        s = table.state
        seat = s.current_player()
        c = rng.choice(legal)
        in_hand = c in [str(x) for x in s.hand(seat)]
        strip = (table.seat_hands if in_hand else table.seat_straws)[seat]
        return (lambda: browser_click(strip, c)), False

    def illegal():
        s = table.state
        c = str(rng.choice(s.game.deck.cards))
        refused = not (table.session.is_human_turn(s) and c in s.legal_moves())
        return (lambda: table.play(c)), refused

    moves: list[Move] = [move] * 8 + [illegal, lambda: (table.back_button.click, False)]
    global N
    old, N = N, 300
    try:
        run_monkey(table, moves, rng, lambda _i: assert_session_legal(table.session))
    finally:
        N = old
