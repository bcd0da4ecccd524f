"""The game dashboard: new games of every size, save/load, refused files, resuming."""

from __future__ import annotations

import json

import pytest

import chaitea
from chaitea_widgets import GameDashboard
from tests.widgets.conftest import assert_clean, assert_legal, browser_click


def _play_some(dash: GameDashboard, moves: int) -> None:
    for _ in range(moves):
        s = dash.state
        if s.is_terminal():
            return
        if dash.session.paused:
            assert dash.next_round(), dash.message
        elif s.phase == "picking":
            legal = s.legal_moves()
            assert legal and dash.picking.widget.layout.display is None
            if "pass" in legal:
                assert dash.pass_(), dash.message
            else:
                first = legal[0]
                if first.startswith("offer"):
                    assert dash.picking.offer(int(first.split()[1]))
                else:
                    debt, _, sp = first.rpartition(" ")
                    assert dash.pick(sp, int(debt or 0)), dash.message
        else:
            assert dash.table.widget.layout.display is None
            card = dash.table.legal()[0]
            browser_click(dash.table.seat_hands[0] if card in
                          [str(c) for c in s.hand(0)] else dash.table.seat_straws[0], card)
            assert dash.table.status.kind == "ok", dash.table.message


@pytest.mark.parametrize(("players", "setup", "ptb", "mp"), [
    (2, "short", False, True), (3, "standard", True, False), (4, "short", False, False),
    (6, "short", True, True)])
def test_whole_games_against_bots(players, setup, ptb, mp):
    dash = GameDashboard(seed=players)
    dash.players.value = players
    dash.setup.value = setup
    dash.ptb.value = ptb
    dash.match_point.value = mp
    dash.new_button.click()
    g = dash.session.game
    assert (g.players, g.setup.name, g.passing_the_barrel, g.match_point) == (
        players, setup, ptb, mp)
    _play_some(dash, 3000)
    assert dash.state.is_terminal(), dash.state
    assert "game over" in dash.phase_line.value
    assert_legal(dash.state)
    assert "wins" in dash.pad.note.value
    assert_clean(dash)


def test_save_and_load_round_trip_and_resume_after_restart():
    dash = GameDashboard(players=3, seed=7)
    _play_some(dash, 25)
    data = dash.save_bytes()
    record = json.loads(data)
    assert record["format"] == "chaitea-record/1"
    assert json.loads(dash.save.payload) == record  # what the browser download holds
    history = dash.state.history()
    # "kernel restart": a brand-new dashboard loads the file and goes on
    fresh = GameDashboard(players=4, seed=1)
    assert fresh.load_bytes(data, "game.json")
    assert fresh.state.history() == history
    assert "Loaded game.json" in fresh.message
    assert fresh.players.value == 3
    _play_some(fresh, 10)
    assert len(fresh.state.history()) > len(history)
    assert_legal(fresh.state)


def test_upload_widget_loads_and_refuses():
    dash = GameDashboard(players=3, seed=9)
    good = GameDashboard(players=2, seed=4).save_bytes()

    def upload(content: bytes, name: str) -> None:
        """What the front end sends when a file is chosen: its bytes as a message buffer, or
        only its name and size when it is too big to read."""
        if len(content) > dash.upload.max_bytes:
            dash.upload._handle_custom_msg({"event": "too-big", "name": name,
                                            "size": len(content)}, [])
        else:
            dash.upload._handle_custom_msg({"event": "file", "name": name,
                                            "size": len(content)}, [memoryview(content)])

    upload(good, "two.json")
    assert dash.session.game.players == 2 and dash.status.kind == "ok"
    before = dash.state.clone()
    history = dash.state.history()
    for content, words in (
            (b"\x89PNG\r\n\x1a\n....", "not UTF-8"),
            (b"{not json", "not JSON"),
            (b'{"format": "something-else"}', "'format' must be"),
            (json.dumps({**json.loads(good), "players": 5}).encode(), "2, 3, 4 or 6"),
            (good.replace(b'"rounds"', b'"roundz"'), "no 'rounds'"),
    ):
        upload(content, "bad.json")
        assert dash.status.kind == "error", content
        assert words in dash.message and "bad.json" in dash.message
        assert "Traceback" not in dash.message
        assert dash.state == before and dash.state.history() == history
    corrupted = json.loads(good)
    corrupted["rounds"][0]["plays"] = ["9Z"]
    upload(json.dumps(corrupted).encode(), "bad.json")
    assert "round 1, play step 1" in dash.message
    upload(b" " * (1_000_001), "huge.json")
    assert "at most 1,000,000 bytes" in dash.message
    assert dash.state == before
    assert not dash.load_bytes("text")  # type: ignore[arg-type]
    assert_clean(dash)


def test_refused_actions_show_words_on_the_dashboard():
    dash = GameDashboard(players=3, seed=11)
    s = dash.state
    if s.phase == "picking":
        assert not dash.play("7H")
        assert "refused" in dash.message
    assert not dash.new_game(players=5)
    assert "2, 3, 4 or 6" in dash.message
    assert dash.state == s
    assert not dash.table.new_round()
    assert "dashboard" in dash.table.message


def test_loaded_finished_game_and_record_from_engine():
    state = chaitea.Game(players=3).new_initial_state(seed=2)
    chaitea.ai.bots.play_out(state, [chaitea.ai.bots.RandomBot(i) for i in range(3)])
    dash = GameDashboard(seed=1)
    assert dash.load_bytes(json.dumps(state.record()).encode())
    assert dash.state.is_terminal() and "the game is over" in dash.message
    assert "game over" in dash.phase_line.value


def test_dashboard_message_stays_until_the_game_moves_on():
    dash = GameDashboard(players=3, seed=12)
    assert not dash.load_bytes(b"{}", "empty.json")
    assert dash.status.kind == "error" and "empty.json" in dash.message
    dash.refresh()
    assert "empty.json" in dash.message  # nothing happened yet: the message stays
    _play_some(dash, 1)
    assert dash.message == "" or "empty.json" not in dash.message


def _to_human_pick(dash: GameDashboard) -> None:
    for _ in range(400):
        s = dash.state
        if s.phase == "picking" and not dash.session.paused and dash.session.is_human_turn(s):
            return
        if dash.session.paused:
            assert dash.next_round(), dash.message
        else:
            assert dash.play(dash.table.legal()[0]), dash.message
    raise AssertionError("no picking turn for the person")


def test_message_and_views_agree_after_the_bots_pick_and_play():
    """A person's pass after which the bots pick and play cards: the message is shown in the
    view shown (the trick table), is set only after that view is redrawn, and the hidden
    picking panel's step label follows the game."""
    for seed in range(1, 40):
        dash = GameDashboard(players=3, seed=seed)
        _to_human_pick(dash)
        s = dash.state
        if "pass" not in s.legal_moves():
            continue
        seen: list[tuple[str, object, object]] = []

        def when_told(change, dash=dash, seen=seen):
            if change["new"]:
                ses = dash.session
                seen.append((dash.table.step_label.value, dash.picking.widget.layout.display,
                             f"step {ses.cursor} of {len(ses.steps) - 1}"))

        dash.picking.status.widget.observe(when_told, "value")
        dash.picking.pass_button.click()
        if dash.state.phase != "play":
            continue
        # one message line for both views: the table, now shown, has the latest words
        assert dash.table.status is dash.picking.status
        assert dash.table.status.widget in dash.table.widget.children
        assert "passes" in dash.table.message and "plays" in dash.table.message
        label = f"step {dash.session.cursor} of {len(dash.session.steps) - 1}"
        assert seen and seen[-1] == (label, "none", label)  # redrawn before the message
        assert dash.picking.step_label.value == label  # hidden, yet up to date
        assert_clean(dash)
        return
    raise AssertionError("no seed where the bots pick and play after a pass")


def test_new_game_grows_table_strips_once_and_checkboxes_fit_their_label():
    dash = GameDashboard(players=3, seed=3)
    assert len(dash.table.seat_hands) == len(dash.table.seat_straws) == 3
    first = list(dash.table.seat_hands)
    assert dash.new_game(players=6)
    assert len(dash.table.seat_hands) == 6 and dash.table.seat_hands[:3] == first
    grown = list(dash.table.seat_hands)
    assert dash.new_game(players=2) and dash.new_game(players=6)
    assert dash.table.seat_hands == grown
    assert dash.message.startswith("New game") and dash.table.message == ""
    for box in (dash.ptb, dash.match_point):
        assert box.layout.width == "auto" and not box.indent
    assert_clean(dash)
