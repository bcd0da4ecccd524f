"""The Jass table: whole games of every Jass ruleset through the view, the clicks a
browser sends, refusals in words with the state unchanged, the push, Weis and Stöck as the
engine scores them, the score boards, and Save/Load of Jass records."""

from __future__ import annotations

import json
import random
import re

import pytest

import chaitea.rulesets  # noqa: F401  (fills the registry)
from chaitea.engine.registry import REGISTRY
from chaitea.engine.ruleset import Ruleset
from chaitea.rulesets import jass_game
from chaitea_widgets.jass_table import JassTable
from chaitea_widgets.score_boards import chalk_board_svg, chalk_strokes
from tests.widgets.conftest import FakeClock, browser_click, enabled_cards, shown_cards

# every Jass ruleset the engine plays, at every player count it allows
RULESETS = [(name, players) for name, r in sorted(REGISTRY.items())
            if isinstance(r, Ruleset) for players in r.players]


def _play_out(table: JassTable, rng: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        phase = table.state.phase
        if phase == "end":
            return
        if phase == "deal":
            table.next_hand()
            continue
        legal = table.legal()
        assert legal, (phase, table.to_act())
        act = table.pick if phase == "picking" else table.play
        assert act(rng.choice(legal)), table.message
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("ruleset", "players"), RULESETS)
def test_a_whole_game_through_the_view_ends_as_the_engine_says(ruleset: str,
                                                               players: int) -> None:
    # random announcements are rarely exact, so random Sticheln may never reach 50: rule bots
    bots = "rule" if ruleset == "sticheln" else "random"
    table = JassTable(ruleset, players, seed=5, humans=(0,), bots=bots)
    _play_out(table, random.Random(2))
    assert table.unexpected == []
    s = table.state
    assert s.is_terminal()
    win = s.winner()
    names = s.game.side_names or s.names
    assert ("tie" in table.message) if win is None else (names[win] in table.message)
    # the board's totals are the engine's
    for total in s.totals():
        assert f"<b>{total}</b>" in table.board.value


def test_clicks_play_the_legal_cards_only_and_a_refusal_changes_nothing() -> None:
    table = JassTable("schieber", seed=7, humans=(0,))
    if table.state.phase == "picking":
        table.pick("trump(H)" if "trump(H)" in table.legal() else table.legal()[0])
    assert table.to_act() == 0  # the bots stopped at the human's turn
    legal = table.legal()
    assert sorted(enabled_cards(table.hand)) == sorted(legal)
    illegal = [c for c in shown_cards(table.hand) if c not in legal]
    before = json.dumps(table.state.record())
    if illegal:
        browser_click(table.hand, illegal[0])
        assert "refused" in table.message.lower() or "RULES" in table.message
        assert json.dumps(table.state.record()) == before
    browser_click(table.hand, legal[0])
    assert legal[0] in table.state.record()["rounds"][0]["plays"] and table.unexpected == []
    assert legal[0] not in shown_cards(table.hand)


def test_a_push_is_shown_with_who_chose() -> None:
    table = JassTable("schieber", seed=3, humans=(0, 2))  # forehand and partner both here
    state = table.state
    assert table.to_act() == state.forehand in (0, 2)
    assert table.pick("push")
    assert table.to_act() == (state.forehand + 2) % 4
    assert [b.description for b in table.picks.children][-1] != "Push to your partner"
    assert table.pick("obenabe")
    state = table.state  # the session keeps each step's state: the one after the choice
    assert state.declarer is not None and "pushed" in table.header.value
    assert state.names[state.declarer] in table.header.value
    assert "Obenabe" in table.header.value and "×3" in table.header.value


def _seed_with_weis() -> tuple[int, JassTable]:
    for seed in range(1, 80):
        table = JassTable("schieber", seed=seed, humans=(), bots="rule")  # bots only
        res = table.state.round_results
        if res and any(res[0]["weis"]) and any(res[0]["stoeck"]):
            return seed, table
    raise AssertionError("no deal with Weis and Stöck in 80 seeds")


def test_weis_and_stoeck_lines_are_the_engines() -> None:
    _, table = _seed_with_weis()
    # bots only: the game ran to its end; replay the first hand to its play and read the lines
    s = jass_game("schieber").new_initial_state()
    rec = table.state.record()["rounds"][0]
    s.apply_deal(rec["deal"]["seed"])
    for item in rec["picking"]:
        s.apply_action(item)
    view = JassTable("schieber", seed=1, humans=(0, 1, 2, 3))
    view.state = s
    view._render()
    decl = s.weis_declared
    side = "AB"[decl.winner]
    assert f"Team {side} scores {decl.points[decl.winner]} for Weis" in view.weis.value
    assert table.state.round_results[0]["weis"][decl.winner] == decl.points[decl.winner]
    stoeck_side = next(i for i, p in enumerate(s.stoeck_points) if p)
    assert f"Stöck (trump King and Ober): 20 for Team {'AB'[stoeck_side]}" in view.weis.value


def test_chalk_strokes_add_up_to_the_total() -> None:
    for total in (0, 19, 20, 57, 157, 257, 1028, 2999, 3000):
        h, f, t, rest = chalk_strokes(total)
        assert 100 * h + 50 * f + 20 * t + rest == total
        assert f <= 1 and t <= 2 and rest < 20
    svg = chalk_board_svg((157, 0), ("A", "B"))
    assert svg.count("<line") >= 6 + 1 + 1  # two Zs, one 100 stroke and one 50 stroke


def test_the_coiffeur_pad_shows_its_rows_and_values() -> None:
    table = JassTable("coiffeur", seed=2, humans=(0,), bots="random")
    board = table.board.value
    for row in ("Acorns", "Bells", "Misère", "Joker", "3x3"):
        assert f"<tr><td>{row}</td>" in board
    assert "ctj-jass-pad" in board


@pytest.mark.parametrize(("faces", "suits"), [("swiss", ("Acorns", "Roses", "Shields", "Bells")),
                                              ("french", ("Clubs", "Spades", "Diamonds",
                                                          "Hearts"))])
def test_the_pad_names_its_rows_in_words(faces: str, suits: tuple[str, ...]) -> None:
    """A pad row reads as a player writes it ("Bells", "Joker 2", "Match"), in the
    table's faces, not as its record key ("bells", "joker#2")."""
    table = JassTable("coiffeur-schieber", 3, seed=2, humans=(0,), bots="random", faces=faces)
    board = table.board.value
    pad = board[board.index('class="ctj-jass-pad"'):board.index("</table>")]
    names = re.findall(r"<tr><td>([^<]*)</td>", pad)
    assert names == [*suits, "Obenabe", "Undenufe", "Slalom", "Gustav", "Joker", "Joker 2",
                     "Match"]


def test_save_and_load_round_trip_and_a_bad_record_keeps_the_game() -> None:
    table = JassTable("coiffeur-schieber", 3, seed=4, humans=(0,), bots="rule")
    rng = random.Random(9)
    for _ in range(30):
        if table.state.phase == "deal":
            table.next_hand()
        elif table.legal():
            (table.pick if table.state.phase == "picking" else table.play)(
                rng.choice(table.legal()))
    saved = table.save.payload
    other = JassTable("schieber", seed=1)
    assert other.load(saved), other.message
    assert other.state.record() == json.loads(saved)
    assert other.state.game.name == "coiffeur-schieber"
    before = json.dumps(other.state.record())
    assert not other.load('{"format": "chaitea-record/1", "players": 3}')
    assert json.dumps(other.state.record()) == before
    assert other.message and "Traceback" not in other.message


def test_french_faces_and_refusals_of_the_view() -> None:
    table = JassTable("jass", seed=1, faces="french", humans=(0,))
    assert re.search(r"(clubs|diamonds|hearts|spades)", table.hand.html)
    assert not table.pick("push")  # basic Jass: nobody picks (the trump is turned up)
    with pytest.raises(Exception, match="bots is one of"):
        JassTable("schieber", bots="genius")
    with pytest.raises(Exception, match=r"humans must be seats 0\.\.3"):
        JassTable("schieber", humans=(4,))


def _to_human_play(table: JassTable) -> None:
    while table.state.phase == "picking":
        assert table.pick(table.legal()[0]), table.message
    assert table.state.phase == "play" and table.to_act() in (0,)


def test_hint_advice_and_take_back_are_the_coachs() -> None:
    from chaitea.ai.coach import advise, hint

    table = JassTable("schieber", seed=12, humans=(0,))
    if table.state.phase == "picking" and table.to_act() == 0:
        a = table.advice(samples=4)
        assert a.recommended == advise(table.state, samples=4, seed=12).recommended
        assert "Advice:" in table.coach.value
    _to_human_play(table)
    h = table.hint(samples=4)
    assert h.best == hint(table.state, samples=4, seed=12).best and h.best in table.legal()
    assert f"({h.best})</b>" in table.coach.value and "Play the " in table.coach.value
    before = table.state.record()
    assert table.play(table.legal()[-1])
    assert table.state.record() != before
    table.take_back()
    assert table.state.record() == before and table.to_act() == 0
    assert table.hint_button.layout.display != "none"
    assert table.advice_button.layout.display == "none"  # Advice is for the choice


def test_same_deal_and_review_after_a_hand() -> None:
    table = JassTable("schieber", seed=21, humans=(0,), bots="rule")
    rng = random.Random(4)
    while table.state.phase != "deal":
        (table.pick if table.state.phase == "picking" else table.play)(rng.choice(table.legal()))
    same = table.same_deal()
    res = table.state.round_results[0]
    assert same.yours == res["score"][0]
    assert f"you scored {same.yours}, the bot {same.bots}" in table.coach.value
    rows = table.review()
    assert len(rows) == 9 and "trick" in rows.columns  # one row per card of seat 0
    assert table.set_bot(1, "random") and table.bot_menus[1].value == "random"
    assert table._bot_names[1] == "random" and "Random" in table.bot_words.value
    assert not table._attempt(lambda: table.set_bot(0, "rule")) and "not a bot seat" in \
        table.message


def test_the_hand_summary_is_the_engines_round_result() -> None:
    table = JassTable("schieber", seed=30, humans=(), bots="rule")  # bots to the hand's end
    assert table.state.phase == "deal"
    res = table.state.round_results[0]
    head = table.header.value
    for side, name in enumerate("AB"):
        assert f"{name}: {res['card_points'][side]} card points" in head
        assert f"→ {res['score'][side]}" in head
    if res["multiplier"] != 1:
        assert f"(×{res['multiplier']})" in head


def test_tutti_shows_the_trump_once_it_is_set() -> None:
    table = JassTable("coiffeur", seed=3, humans=(0, 1, 2, 3))
    while table.state.phase == "picking":
        legal = table.legal()
        table.pick("tutti" if "tutti" in legal else ("pass" if "pass" in legal else legal[0]))
    assert table.state.contract == "tutti"  # every row is open to the first speaker
    rng = random.Random(1)
    while table.state.trump < 0:
        assert table.state.phase == "play" and "trump now" not in table.header.value
        table.play(rng.choice(table.legal()))
    from chaitea_widgets.value_words import suit_words
    assert f"trump now: {suit_words(table.state.trump)}" in table.header.value


def test_paced_bots_act_one_at_a_time_and_hold_a_complete_trick() -> None:
    """The Jass table paces its bots as the Chai Tea Jazz table does (SPEEDS): one
    action per moment, a complete trick held 2.5 times as long; instant answers at once."""
    from chaitea_widgets.table_bots import SPEEDS

    clock = FakeClock()
    table = JassTable("schieber", seed=3, humans=(0,), speed="instant")
    assert table.set_speed("fast", scheduler=clock)
    while table.state.phase == "picking" and table.to_act() == 0:
        assert table.pick(table.legal()[0])
        while clock.waiting and table.to_act() != 0:
            clock.run()
    assert table.state.phase == "play"
    if table.to_act() != 0:  # the bots lead and follow first, one card a moment
        while table.to_act() != 0:
            clock.run()
    assert table.play(table.legal()[0])
    before = len(table.state.trick)
    assert len(clock.waiting) == 1 and table.to_act() != 0  # scheduled, not yet played
    assert len(table.state.trick) == before
    waits = []
    while table.to_act() != 0 and clock.waiting:
        waits.append(clock.run())
        assert len(clock.waiting) <= 1
    fast = SPEEDS["fast"]
    assert set(waits) <= {fast, min(3.0, 2.5 * fast)} and waits[0] == fast
    assert table.to_act() == 0 and not clock.waiting


def test_a_take_back_or_instant_cancels_a_pending_bot_move() -> None:
    clock = FakeClock()
    table = JassTable("schieber", seed=3, humans=(0,), speed="instant")
    while table.state.phase == "picking":
        assert table.pick(table.legal()[0])
    table.set_speed("normal", scheduler=clock)
    while table.to_act() != 0:
        clock.run()
    assert table.play(table.legal()[0])
    assert len(clock.waiting) == 1
    played = len(table.state.trick) + 4 * len(table.state.trick_ids())
    table.take_back()
    assert table.to_act() == 0
    clock.run()  # the move scheduled before the take-back does nothing
    assert len(table.state.trick) + 4 * len(table.state.trick_ids()) == played - 1
    assert table.play(table.legal()[0])
    assert table.set_speed("instant")  # the bots answer at once, the pending move is void
    assert table.to_act() == 0 or table.state.phase != "play"
    for _ in clock.waiting[:]:
        clock.run()
    assert table.to_act() == 0 or table.state.phase != "play"
    assert not table.set_speed("warp") and "Speed is one of" in table.message


def test_the_four_player_pad_writes_each_teams_score_and_points() -> None:
    """In four-player Coiffeur-Schieber the engine gives the pad's values per team
    ({"A": x, "B": y}); the pad shows the numbers (not the keys "A", "B"), the row's points,
    and the table of hands puts a hand in the column of its forehand's team (Mufasa: A)."""
    from chaitea_widgets.score_boards import hands_table_html, pad_html

    pad = {"acorns": {"value": 1, "scores": {"A": 105, "B": None},
                      "contracts": {"A": "trump(C)", "B": None}, "points": {"A": 10, "B": 0}},
           "roses": {"value": 2, "scores": {"A": None, "B": None},
                     "contracts": {"A": None, "B": None}, "points": {"A": 0, "B": 0}}}
    html = pad_html(pad, ["A", "B"])
    assert "<tr><td>acorns</td><td>1</td><td>105</td><td></td><td>10</td><td>0</td></tr>" in html
    assert "<th>A points</th>" in html and "P/B" not in html
    results = [{"contract": "obenabe", "multiplier": 1, "score": 61, "forehand": 2}]
    row = hands_table_html(results, ["A", "B"], (6, 0), side_of=(0, 1, 0, 1),
                           total_label="Pad points")
    assert "×1</td><td>61</td><td></td></tr>" in row and "Pad points" in row


def test_the_pad_s_match_row_is_as_wide_as_its_head_and_the_last_trick_shows_once() -> None:
    table = JassTable("coiffeur-schieber", 3, seed=2026, humans=(0,), bots="rule",
                      speed="instant")
    s = table.state
    while s.phase in ("picking", "play"):
        legal = [x for x in table.legal() if x != "pass"]
        assert (table.pick if s.phase == "picking" else table.play)(legal[0]), table.message
        s = table.state  # the session keeps each step's state: the one after the action
    board = table.board.value
    pad = board[board.index('class="ctj-jass-pad"'):board.index("</table>")]
    heads = pad.count("<th>")
    for row in pad.split("<tbody>")[1].split("</tr>")[:-1]:
        assert row.count("<td>") == heads, row
    assert "Net Palitos" in board
    assert 'data-card="' not in table.trick.html
    assert table.last.html.count('data-card="') == 3


def test_the_table_runs_on_the_session_its_take_back_spans_the_hand() -> None:
    """The Jass table's game is a Session's: each hand dealt from the table's seed, a take-back
    for the whole hand (a completed trick included), a refusal in words with the game as it
    was, and the steps worded with the Swiss cards' names, not their codes."""
    from chaitea.engine.machine import round_seed

    table = JassTable("schieber", seed=8, humans=(0,), speed="instant")
    ses = table.session
    assert ses.state is table.state and ses.steps[1].caption == (
        f"Round 1 is dealt (seed {round_seed(8, 0)}).")
    assert not table._attempt(table.take_back) and "not acted in this hand" in table.message
    _to_human_play(table)
    start = table.state.record()
    played = 0
    while table.to_act() == 0 and len(table.state.trick_ids()) < 2:
        assert table.play(table.legal()[0])
        played += 1
    assert len(table.state.trick_ids()) >= 1  # a trick completed since the first card
    for _ in range(played):
        table.take_back()
    assert table.state.record() == start and "Taken back" in table.coach.value
    assert not table.play("JK1") and table.state.record() == start
    table.play(table.legal()[0])
    said = table.caption_line.value
    assert re.search(r"plays the (Under|Ober|King|Ace|Banner|\d) ", said), said
    assert not re.search(r"\b\d*[JQKA]?[CDHS]\b", said.replace("</small>", "")), said


def test_a_game_loaded_between_hands_waits_for_next_hand() -> None:
    table = JassTable("schieber", seed=30, humans=(), bots="rule")  # bots to the hand's end
    saved = table.save.payload
    other = JassTable("schieber", seed=30)
    assert other.load(saved) and other.state.phase == "deal"
    assert other.next_button.layout.display != "none"
    other.next_hand()
    assert other.state.round_number == 2 and other.state.phase in ("picking", "play")


def test_a_failing_paced_bot_says_why_and_the_game_waits() -> None:
    class Broken:
        def act(self, state: object) -> int:
            raise RuntimeError("no idea")

    clock = FakeClock()
    table = JassTable("schieber", seed=3, humans=(0,), speed="instant")
    _to_human_play(table)
    for seat in (1, 2, 3):
        table.session.set_bot(seat, Broken())
    assert table.set_speed("fast", scheduler=clock)
    while not clock.waiting:
        assert table.play(table.legal()[0])
    before = table.state.record()
    clock.run()
    assert "failed (RuntimeError: no idea)" in table.message and "waits" in table.message
    assert table.state.record() == before and not clock.waiting


def test_a_new_game_keeps_the_bots_chosen() -> None:
    table = JassTable("schieber", seed=2, humans=(0,), speed="instant")
    assert table.set_bot(2, "random")
    table.new_game(5)
    assert table._bot_names == {1: "rule", 2: "random", 3: "rule"}
    assert table.bot_menus[2].value == "random" and table.state.round_number == 1


def test_the_captions_keep_differenzlers_guesses_face_down_until_the_hand_ends() -> None:
    """A guess is written face down (RULES J): a step's words never show one while the hand is
    on; the hand's end shows them (the engine's observation decides what a seat sees)."""
    table = JassTable("differenzler", seed=3, humans=(0,), speed="instant")
    while table.state.phase == "picking":
        assert table.pick(table.legal()[0])
    said = " ".join(step.caption for step in table.session.steps)
    assert "Guess" not in said and said.count("face down") == 4
    from chaitea_widgets.value_words import item_words
    assert item_words("bid(1)") == "Bid 1 trick"
    assert item_words("announce(2)") == "Announce 2 tricks"


def test_the_steps_of_the_game_are_reviewed_and_the_game_goes_on_from_latest() -> None:
    """The session's steps at the Jass table: back and forward through the game (each step
    in words), nothing playable while an earlier step is shown, then Latest » and play on."""
    table = JassTable("schieber", seed=4, humans=(0,), speed="instant")
    _to_human_play(table)
    live = table.state
    card = table.legal()[0]
    assert table.back() and not table.session.is_live and table.legal() == []
    assert "Reviewing" in table.caption_line.value
    assert table.hint_button.layout.display == "none"
    assert not table.play(card) and "Latest »" in table.message
    assert table.forward() or table.live()
    assert table.live() and table.state is live and table.legal()
    assert table.first() and table.session.cursor == table.session.round_start()
    assert table.live() and table.play(card) and card not in shown_cards(table.hand)


def test_the_captions_name_the_cards_as_the_faces_show_them() -> None:
    table = JassTable("schieber", seed=3, humans=(0,), speed="instant", faces="french")
    while table.state.phase == "picking":
        assert table.pick(table.legal()[0])
    assert table.play(table.legal()[0])
    said = table.caption_line.value
    assert re.search(r"plays the \w+ of (clubs|diamonds|hearts|spades)", said), said
    assert not re.search(r"Acorns|Shields|Bells|Roses|Under|Ober", said), said
