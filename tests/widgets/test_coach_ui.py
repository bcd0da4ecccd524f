"""The coach in the widgets: the bot of each bot seat, Hint, Advice, review."""

from __future__ import annotations

from typing import Any

from chaitea.ai.bots import PimcBot, RandomBot, RuleBot
from chaitea_widgets import GameDashboard, TrickTable


def test_bot_seats_play_the_rule_bot_by_default_and_can_be_chosen() -> None:
    table = TrickTable(players=3, seed=1, humans=(0,), contract="under")
    assert sorted(table.bot_choices) == [1, 2]  # a Dropdown per bot seat, none for yours
    assert all(isinstance(table.session.bots[s], RuleBot) for s in (1, 2))
    assert [table.bot_choices[s].value for s in (1, 2)] == ["rule", "rule"]
    assert table.set_bot(1, "random")
    assert isinstance(table.session.bots[1], RandomBot)
    assert table.bot_choices[1].value == "random"
    table.bot_choices[2].value = "pimc"  # the Dropdown, as a click would
    assert isinstance(table.session.bots[2], PimcBot)
    before = table.state.clone()
    assert not table.set_bot(0, "random") and "played by a person" in table.message
    assert not table.set_bot(1, "clever") and "rule, random, pimc" in table.message
    assert not table.set_bot(7, "rule") and "no seat 7" in table.message
    assert table.state == before and isinstance(table.session.bots[1], RandomBot)
    # the chosen bots play legal cards to the round's end
    while table.legal():
        assert table.play(table.legal()[0])
    assert table.state.is_terminal()


def test_the_dashboard_plays_rule_bots_by_default() -> None:
    dash = GameDashboard(players=3, seed=2024)
    assert all(isinstance(dash.session.bots[s], RuleBot) for s in (1, 2))
    assert dash.set_bot(2, "random")
    assert isinstance(dash.session.bots[2], RandomBot)
    assert not dash.set_bot(0, "rule")
    assert dash.table.bot_choices[2].value == "random"
    assert dash.table.bot_choices[1].value == "rule"


def test_hint_gives_the_coachs_best_card_and_its_value() -> None:
    table = TrickTable(players=3, seed=1, humans=(0,), contract="trump(H)", declarer=0)
    assert table.hint_button.layout.display is None  # your turn: the Hint button is shown
    h = table.hint(samples=8, seed=3)
    assert h is not None and h.best in table.legal()
    assert sorted(h.table["card"]) == sorted(table.legal())  # every legal card valued
    assert h.table["mean"].iloc[0] == h.table["mean"].max()  # best first
    assert h.best in table.hint_line.value and "card points" in table.hint_line.value
    again = table.hint(samples=8, seed=3)  # seeded: the same advice
    assert again is not None and again.table.equals(h.table)
    assert table.play(h.best)  # the hint's card is legal; the shown Hint is now out of date
    assert table.hint_line.value == "" and table.hint_line.layout.display == "none"


def test_a_hint_in_progress_is_dropped_by_an_undo() -> None:
    # two people at the table: Aslan's card can be taken back while Leo asks for a Hint
    table = TrickTable(players=3, seed=1, humans=(0, 1), contract="trump(H)", declarer=0)
    jobs: list[tuple[Any, Any]] = []

    def later(work: Any, done: Any) -> None:  # a thread that has not finished yet
        jobs.append((work, done))

    assert table.play(table.legal()[0])  # Aslan leads; Leo (a person) is to play
    assert table.state.current_player() == 1
    assert table.request_hint(runner=later, samples=6)
    assert "thinking" in table.hint_line.value and table.hint_button.disabled
    assert table.undo()
    assert table.hint_line.value == "" and not table.hint_button.disabled
    work, done = jobs.pop()
    done(work())  # the thread finishes after the undo: its result is dropped
    assert table.hint_line.value == ""
    # not taken back: the finished Hint is shown
    assert table.request_hint(runner=later, samples=6)
    work, done = jobs.pop()
    done(work())
    assert "Hint: play" in table.hint_line.value


def test_hint_is_refused_when_it_is_not_your_turn_and_errors_are_words() -> None:
    table = TrickTable(players=3, seed=1, humans=(0,), contract="trump(H)", declarer=1,
                       bots="random")
    while table.legal():
        table.play(table.legal()[0])
    assert table.hint() is None and "your turn" in table.message
    table2 = TrickTable(players=3, seed=1, humans=(0,), contract="trump(H)", declarer=0)

    def failing(work: Any, done: Any) -> None:
        done(RuntimeError("no worlds"))

    assert table2.request_hint(runner=failing)
    assert table2.status.kind == "error" and "no worlds" in table2.message
    assert not table2.hint_button.disabled


def test_the_hint_button_works_in_a_thread_off_a_running_loop() -> None:
    import asyncio

    table = TrickTable(players=3, seed=1, humans=(0,), contract="trump(H)", declarer=0)

    async def press() -> str:
        table.hint_button.click()
        seen = table.hint_line.value  # at once: the page shows the coach thinking
        for _ in range(400):
            await asyncio.sleep(0.01)
            if not table.hint_button.disabled:
                break
        return seen

    seen = asyncio.run(press())
    assert "thinking" in seen
    assert "Hint: play" in table.hint_line.value


def test_the_dashboard_hints_at_your_turn() -> None:
    dash = GameDashboard(players=3, seed=2024)
    assert dash.hint() is None  # picking: a Hint is for a card
    assert dash.pass_()  # seed 2024: Aslan passes, then leads the first trick
    h = dash.hint(samples=6)
    assert h is not None and h.best in dash.state.legal_moves()


def test_advice_at_your_pick_lists_each_pick_with_its_interval() -> None:
    from chaitea_widgets import PickingPanel

    dash = GameDashboard(players=3, seed=2024)
    panel = dash.picking
    assert isinstance(panel, PickingPanel)
    assert panel.advice_button.layout.display is None  # your pick: the button is shown
    state = dash.state.clone()
    a = dash.advise(samples=12, seed=1)
    assert a is not None and dash.state == state  # advice changes nothing
    legal = {dash.state.game.action_to_string(x) for x in dash.state.legal_actions()}
    assert a.recommended in legal or a.recommended == "pass"
    assert (a.table["low"] <= a.table["mean"]).all() and \
        (a.table["mean"] <= a.table["high"]).all()
    line = panel.advice_line.value
    assert "Advice:" in line and "95%" in line and line.count("<tr>") == len(a.table) + 1
    again = panel.advise(samples=12, seed=1)  # seeded: the same advice
    assert again is not None and again.table.equals(a.table)
    assert dash.pass_()  # the game moved on: the Advice is gone, and the button with it
    assert panel.advice_line.layout.display == "none"
    assert panel.advise() is None and "your turn to pick" in panel.message


def test_advice_in_progress_is_dropped_when_the_game_moves() -> None:
    dash = GameDashboard(players=3, seed=2024)
    panel = dash.picking
    jobs: list[tuple[Any, Any]] = []
    assert panel.request_advice(runner=lambda work, done: jobs.append((work, done)),
                                samples=6)
    assert "thinking" in panel.advice_line.value and panel.advice_button.disabled
    assert dash.pass_()
    work, done = jobs.pop()
    done(work())
    assert "thinking" in panel.advice_line.value  # not overwritten by the dropped result
    assert panel.advice_line.layout.display == "none"


def test_the_round_review_at_the_table_lists_your_cards_and_the_points_lost() -> None:
    table = TrickTable(players=3, seed=1, humans=(0,), contract="trump(H)", declarer=0)
    assert table.review() is None and "round's end" in table.message
    assert table.review_button.layout.display == "none"
    mine = []
    while table.legal():
        card = table.legal()[-1]
        mine.append(card)
        assert table.play(card)
    assert table.review_button.layout.display is None  # the summary is up: Review is offered
    r = table.review()
    assert r is not None and list(r["card"]) == mine  # every card of yours, in order
    solved = r.dropna()
    assert list(solved["trick"]) == [8, 9, 10, 11, 12]  # the last five tricks solved
    assert (solved["lost"] == (solved["best"] - solved["played"]).abs()).all()
    assert (solved["lost"] >= 0).all()
    box = table.review_box.value
    assert "Review of Aslan" in box and box.count("<tr") == len(mine) + 1
    assert f"<b>{solved['lost'].sum():.0f}</b> points lost" in box


def test_the_dashboard_review_agrees_with_the_coach_on_the_record() -> None:
    from chaitea.ai import coach
    dash = GameDashboard(players=3, seed=2024)
    assert dash.pass_()
    while dash.session.state.phase == "play" and not dash.session.paused:
        assert dash.play(dash.state.legal_moves()[0])
    assert dash.session.paused  # the round's summary
    r = dash.review()
    assert r is not None
    expected = coach.review(dash.session.live_state, 0)
    assert r.equals(expected)  # the steps the table kept give the record's review


def test_a_review_in_progress_is_dropped_by_the_next_round() -> None:
    dash = GameDashboard(players=3, seed=2024)
    assert dash.pass_()
    while dash.session.state.phase == "play" and not dash.session.paused:
        assert dash.play(dash.state.legal_moves()[0])
    jobs: list[tuple[Any, Any]] = []
    assert dash.table.request_review(runner=lambda work, done: jobs.append((work, done)))
    assert "reviewing" in dash.table.review_box.value
    assert dash.next_round()
    work, done = jobs.pop()
    done(work())
    assert "reviewing" in dash.table.review_box.value  # the late result was dropped


def test_the_bot_choice_is_kept_for_the_next_game_and_round() -> None:
    dash = GameDashboard(players=3, seed=2024)
    assert dash.set_bot(1, "random")
    assert dash.new_game(seed=7)
    assert isinstance(dash.session.bots[1], RandomBot)
    assert isinstance(dash.session.bots[2], RuleBot)
    table = TrickTable(players=3, seed=1, humans=(0,), contract="under")
    assert table.set_bot(2, "random") and table.new_round()
    assert isinstance(table.session.bots[2], RandomBot) and table.bot_choices[2].value == "random"


def test_the_advice_names_picks_as_the_table_does_and_says_what_passing_is_worth() -> None:
    """The recommendation is named as the picking controls name it (not the record
    spelling), and the pass/pick comparison is said in words with the coach's own number."""
    from chaitea import Game
    from chaitea.ai.coach import advise
    from chaitea_widgets.picking_coach import advice_html
    from tests.engine.conftest import make_deal, sweep_deal

    dash = GameDashboard(players=3, seed=2024)
    panel = dash.picking
    a = panel.advise(samples=12, seed=1)
    assert a is not None and a.recommended == "trump(S)"
    line = panel.advice_line.value
    assert line.startswith("Advice: <b>Trump (Spades)</b>. Picking it is worth")
    assert "trump(S)" not in line and "Pass above" not in line
    assert "Against passing" in line and "Later, average hand" in line
    g = Game(players=3)
    st = g.new_initial_state()
    st.apply_deal(make_deal("4C 5C 6C 4D 5D 6D 4S 5S 6S 4H 5H 6H", "", ""))
    a = advise(st, samples=12, seed=3)
    best = a.table.iloc[0]
    text = advice_html(g, a)
    assert a.recommended == "pass" and best["pick"] == "under"
    assert text.startswith(f"Advice: <b>Pass</b>. Passing is worth {-best['margin']:.1f} "
                           "points more than the best pick, Under, at its Bet Debt of 0.")
    assert f"<td>\u2212{-best['margin']:.1f}</td>" in text  # its row: a true minus, no "up to"
    st = g.new_initial_state()
    st.apply_deal(sweep_deal(1))
    st.apply("under")
    a = advise(st, samples=8, seed=2)
    row = a.table[a.table.pick == "slalom(low)"].iloc[0]
    assert a.recommended == "5 slalom(low)"
    assert advice_html(g, a).startswith(
        f"Advice: <b>Slalom (start low) with 5 Bet Debt</b>. Picking it is worth "
        f"{row['margin']:.1f} points more than passing; passing is better only above a Bet "
        f"Debt of {row['pass_above']:.1f}.")


def test_the_advice_button_shows_thinking_before_the_work_starts(monkeypatch: Any) -> None:
    """The "thinking…" line is set (and so sent to the page) before the runner gets the work,
    and before the coach is even asked: loading the coach is part of the work."""
    from chaitea.ai import coach

    dash = GameDashboard(players=3, seed=2024)
    panel = dash.picking
    seen: dict[str, Any] = {}
    real = coach.advise

    def recording_advise(*args: Any, **kw: Any) -> Any:
        seen["at advise"] = panel.advice_line.value
        return real(*args, **kw)

    def runner(work: Any, done: Any) -> None:
        seen["at start"] = (panel.advice_line.value, panel.advice_line.layout.display,
                            panel.advice_button.disabled)
        done(work())

    monkeypatch.setattr(coach, "advise", recording_advise)
    assert panel.request_advice(runner=runner, samples=6)
    assert seen["at start"] == ('<span class="ctj-thinking">The coach is thinking…</span>',
                                None, True)
    assert "thinking" in seen["at advise"]
    assert panel.advice_line.value.startswith("Advice: <b>")


def test_the_panel_warms_the_coach_up_in_a_running_loop(monkeypatch: Any) -> None:
    """In a running kernel the panel starts the coach's one-time set-up a moment after it is
    made (in a thread); outside one (plain Python) it does not."""
    import asyncio

    from chaitea.ai import coach
    from chaitea_widgets import picking_coach

    warmed: list[object] = []

    def warm_up(game: object, *_a: object, **_k: object) -> int:
        warmed.append(game)
        return 7

    monkeypatch.setattr(coach, "warm_up", warm_up)
    monkeypatch.setattr(picking_coach, "WARM_UP_DELAY", 0.0)
    GameDashboard(players=3, seed=2024)
    assert warmed == []  # no loop: nothing started

    async def open_panel() -> GameDashboard:
        dash = GameDashboard(players=3, seed=2024)
        for _ in range(200):
            await asyncio.sleep(0.01)
            if warmed:
                break
        return dash

    dash = asyncio.run(open_panel())
    assert warmed and warmed[0] is dash.session.game


def test_the_coach_is_loaded_by_the_work_not_before_the_thinking_line() -> None:
    """In a fresh process (nothing loaded yet) the runner gets the work while the coach and
    pandas are still unloaded: the "thinking…" line goes out first, the loading is work."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from chaitea_widgets import GameDashboard\n"
        "panel = GameDashboard(players=3, seed=2024).picking\n"
        "seen = []\n"
        "def runner(work, done):\n"
        "    seen.append(('chaitea.ai.coach' in sys.modules, 'pandas' in sys.modules,\n"
        "                 'thinking' in panel.advice_line.value))\n"
        "    done(work())\n"
        "assert panel.request_advice(runner=runner, samples=4)\n"
        "print(seen, panel.advice_line.value.startswith('Advice: <b>'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "[(False, False, True)] True"
