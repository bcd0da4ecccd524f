"""Sticheln (the text, RULES J): the auction of tricks from the seat after the dealer
(a bid higher than the last, a passed player may bid again, three passes in a row end it, three
passes without a bid make the fourth bid), the declarer's trump and lead, the announcements
from the seat after the declarer with the sum at most nine (the text's two examples), the
scoring (the text's three examples), refusals naming the rule, the record and replay, random
games and the bots' whole game.

The text's suits: Flores are Roses (S: the Rosenober is the Roses Ober), Castanhas Acorns (C)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chaitea.__main__ import main
from chaitea.ai.aims import aim_sign
from chaitea.ai.table_bots import jass_view, make_jass_bot
from chaitea.core.errors import IllegalAction
from chaitea.engine.hand import Hand
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.auction import AnnouncedTricks
from chaitea.rulesets.jass.tally import ReachLimit, TallyScore, TallyState
from tests.rulesets.helpers import play, state_with
from tests.rulesets.props import check_game, play_random, reference_points, snapshot

# Each seat holds one suit: whoever names its suit trump and leads takes every trick.
SUITS = [
    "AH KH QH JH 10H 9H 8H 7H 6H",
    "AS KS QS JS 10S 9S 8S 7S 6S",
    "AC KC QC JC 10C 9C 8C 7C 6C",
    "7D 8D 9D 10D JD QD KD 6D AD",
]
AUCTION = ("bid(4)", "pass", "pass", "pass")  # seat 0 first: seat 0 the declarer with 4


def _state(first: int = 0, **options: Any) -> Any:
    return state_with("sticheln", SUITS, forehand=first, **options)


def _finish(state: Any) -> dict[str, Any]:
    while state.phase == "play":
        state.apply_action(state.legal_actions()[0])
    result: dict[str, Any] = state.round_results[-1]
    return result


def test_the_auction_goes_from_the_seat_after_the_dealer_and_a_bid_must_be_higher() -> None:
    state = _state(first=2)
    assert state.current_player() == 2
    assert state.legal_moves() == [f"bid({k})" for k in range(1, 10)] + ["pass"]
    state.apply_action("bid(3)")
    assert state.current_player() == 3
    assert state.legal_moves() == [f"bid({k})" for k in range(4, 10)] + ["pass"]


def test_a_passed_player_may_bid_again_and_three_passes_in_a_row_end_it() -> None:
    state = _state()
    play(state, "pass", "bid(2)", "bid(3)", "pass", "bid(4)", "pass", "pass")
    assert state.current_player() == 3 and "pass" in state.legal_moves()
    state.apply_action("pass")  # three passes after seat 0's bid(4): seat 0 is the declarer
    assert state.current_player() == 0
    assert state.legal_moves() == ["trump(C)", "trump(D)", "trump(H)", "trump(S)"]
    state.apply_action("trump(H)")
    assert [state.current_player()] == [1]  # the seat after the declarer announces first
    play(state, "announce(0)", "announce(0)", "announce(0)")
    assert state.phase == "play" and state.declarer == 0 and state.forehand == 0
    assert state.contract == "trump(H)" and state.current_player() == 0  # the declarer leads
    assert state.game.table.choice.picker_leads  # what the bots read: the picker leads


def test_three_passes_without_a_bid_make_the_fourth_bid() -> None:
    """Reading: "Quando três jogadores tiverem passado em sucessão, o último a falar será o
    Declarante": the fourth speaker must bid (no redeal)."""
    state = _state(first=1)
    play(state, "pass", "pass", "pass")
    assert state.current_player() == 0
    assert state.legal_moves() == [f"bid({k})" for k in range(1, 10)]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="the other three passed without a bid, so seat 0, "
                       r"the last to speak, is the declarer and must bid \(the text: Sticheln\)"):
        state.apply_action("pass")
    assert snapshot(state) == before
    play(state, "bid(1)", "pass", "pass", "pass")
    assert state.current_player() == 0 and state.legal_moves()[0] == "trump(C)"


def test_after_a_bid_of_nine_the_others_can_only_pass() -> None:
    state = _state()
    state.apply_action("bid(9)")
    assert state.legal_moves() == ["pass"]


def test_the_texts_first_announcement_example() -> None:
    """The text: A bid 4 and names Flores; B announces 1, C 2; D "só pode anunciar 0, 1 ou 2
    vazas (pois 4 + 1 + 2 = 7)"."""
    state = _state()
    play(state, *AUCTION, "trump(S)", "announce(1)", "announce(2)")
    assert state.current_player() == 3
    assert state.legal_moves() == ["announce(0)", "announce(1)", "announce(2)"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"announce\(3\) refused: the announcements, the "
                       r"declarer's bid included, add up to at most 9 \(4\+1\+2 = 7 so far"):
        state.apply_action("announce(3)")
    assert snapshot(state) == before


def test_the_texts_second_announcement_example() -> None:
    """The text: A bid 7 and names Castanhas; B announces 2; "os jogadores C e D são obrigados
    a anunciar 0 vazas"."""
    state = _state(first=3)
    play(state, "bid(7)", "pass", "pass", "pass", "trump(C)", "announce(2)")
    assert state.current_player() == 1 and state.legal_moves() == ["announce(0)"]
    state.apply_action("announce(0)")
    assert state.current_player() == 2 and state.legal_moves() == ["announce(0)"]


def test_the_texts_scoring_examples() -> None:
    """The text: B announced 3 and took 3: 8 (3 + 5); C announced 3, took 1: loses 4
    ([3 - 1] x [3 - 1]); A announced 2 and took 4: loses 4 ([4 - 2] x [4 - 2])."""
    items = ("bid(2)", "pass", "pass", "pass", "trump(S)", "announce(3)", "announce(3)",
             "announce(1)")
    hand = Hand(0, 0, "trump(S)", (4, 3, 1, 1), (60, 40, 30, 27), (0,) * 4, (0,) * 4,
                items=items)
    hs = AnnouncedTricks().score(hand, TallyState((0,) * 4))
    assert hs.score[:3] == (-4, 8, -4)
    assert hs.score[3] == 1 + 5 and hs.fields["announced"] == [2, 3, 3, 1]


def test_a_whole_hand_through_the_engine() -> None:
    """Seat 0 names its own suit trump and leads: it takes all nine tricks (the independent
    count of the record agrees); exact announcements score tricks + 5, the others lose the
    square of the difference."""
    state = _state()
    play(state, "bid(2)", "pass", "pass", "pass", "trump(H)", "announce(3)", "announce(0)",
         "announce(1)")
    res = _finish(state)
    rec = state.record()["rounds"][0]
    assert rec["picking"] == ["bid(2)", "pass", "pass", "pass", "trump(H)", "announce(3)",
                              "announce(0)", "announce(1)"]
    points, tricks = reference_points(state.game, "trump(H)", rec["picking"], rec["plays"], 0)
    assert tricks == [9, 0, 0, 0] == res["tricks"] and points == [157, 0, 0, 0]
    assert res["declarer"] == 0 and res["forehand"] == 0 and res["match"] == 0
    assert res["announced"] == [2, 3, 0, 1]
    assert res["score"] == (-49, -9, 5, -1) and state.totals() == (-49, -9, 5, -1)


def test_the_game_ends_at_50_and_a_tie_plays_on() -> None:
    part = jass_game("sticheln").table.score
    assert isinstance(part, TallyScore) and part.end == ReachLimit(50)
    assert part.end.outcome(TallyState((50, 50, 10, 0))) == (False, None)
    assert part.end.outcome(TallyState((49, 56, 10, 0))) == (True, 1)
    short = jass_game("sticheln", target=14).new_initial_state(forehand=0)
    from tests.rulesets.helpers import deal_of
    short.apply_deal(deal_of(*SUITS))
    play(short, "bid(9)", "pass", "pass", "pass", "trump(H)", "announce(0)", "announce(0)",
         "announce(0)")
    res = _finish(short)
    assert res["score"] == (14, 5, 5, 5)
    assert short.is_terminal() and short.winner() == 0


@pytest.mark.parametrize(("items", "bad", "words"), [
    (("bid(4)",), "bid(3)", "bid(3) refused: a bid must be higher than the last one, bid(4) by "
     "seat 0 (the text: Sticheln)"),
    ((), "bid(10)", "bid(10) refused: a bid is 1 to 9 tricks (the text: Sticheln)"),
    ((), "bid(0)", "a bid is 1 to 9 tricks"),
    ((), "announce(2)", "seat 0 bids more tricks than the last bid or passes"),
    (AUCTION, "obenabe", "names one of the four suits as trump, trump(C|D|H|S); no no-trump"),
    (AUCTION, "pass", "the declarer, seat 0, names the trump suit"),
    ((*AUCTION, "trump(D)"), "bid(5)", "seat 1 announces the tricks it will take"),
    ((), "guess(3)", "(the text: Sticheln)"),
    ((), "9H", "seat 0 bids"),
])
def test_refusals_name_the_rule_and_leave_the_state_unchanged(
        items: tuple[str, ...], bad: str, words: str) -> None:
    state = _state()
    play(state, *items)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        state.apply_action(bad)
    assert words in str(e.value)
    assert snapshot(state) == before


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_the_invariants(seed: int) -> None:
    """Random announcements are rarely exact, so a random game is cut after 15 hands."""
    state = play_random("sticheln", None, seed, refusals=0.02, max_rounds=15)
    check_game(state)
    for res in state.round_results:
        said = res["announced"]
        assert sum(said) <= 9 and said[res["declarer"]] >= 1
        assert res["forehand"] == res["declarer"]
        assert list(res["score"]) == [t + 5 if t == a else -(t - a) ** 2
                                      for a, t in zip(said, res["tricks"], strict=True)]


def test_the_rule_bots_play_a_whole_game_to_50() -> None:
    state = jass_game("sticheln").new_initial_state(seed=7)
    bots = [make_jass_bot("rule", seed=s) for s in range(4)]
    while not state.is_terminal():
        assert len(state.round_results) < 80
        state.apply_action(bots[state.current_player()].act(state))
    totals = state.totals()
    assert max(totals) >= 50 and state.winner() == totals.index(max(totals))
    assert totals.count(max(totals)) == 1
    exact = sum(a == t for r in state.round_results
                for a, t in zip(r["announced"], r["tricks"], strict=True))
    assert exact >= len(state.round_results)  # at least one exact seat a hand, on average


def test_a_seat_that_took_its_announced_tricks_plays_to_take_no_more() -> None:
    state = _state()
    play(state, "bid(2)", "pass", "pass", "pass", "trump(H)", "announce(0)", "announce(0)",
         "announce(0)")
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert aim_sign(state, jass_view(state, 0)) == 1  # one trick of two
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.tricks_won[0] == 2
    assert aim_sign(state, jass_view(state, 0)) == -1


def test_random_game_and_replay_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game of random actions may never reach 50 (random announcements are rarely exact):
    random-game stops it after 200 hands, and replay reports it unfinished."""
    assert main(["random-game", "--ruleset", "sticheln", "--seed", "4"]) == 0
    path = tmp_path / "game.json"
    path.write_text(capsys.readouterr().out)
    rec = json.loads(path.read_text())
    assert rec["options"] == {"ruleset": "sticheln"}
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == len(out["rounds"]) > 0
    assert out["finished"] is (max(out["totals"]) >= 50)
    assert out["totals"] == [sum(r["score"][s] for r in out["rounds"]) for s in range(4)]
    for rnd, res in zip(rec["rounds"], out["rounds"], strict=False):
        kinds = {p.split("(")[0] for p in rnd["picking"]}
        assert kinds <= {"bid", "pass", "trump", "announce"} and "trump" in kinds
        assert res["contract"] in rnd["picking"]


def test_a_refused_bid_in_a_record_exits_2_naming_the_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = {"format": "chaitea-record/1", "players": 4, "options": {"ruleset": "sticheln"},
           "rounds": [{"deal": {"seed": 3}, "picking": ["bid(3)", "bid(2)"], "plays": []}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("round 1, picking step 2: bid(2) refused: a bid must be higher")
    assert err.count("\n") == 1


def test_a_whole_game_through_the_game_facade() -> None:
    import chaitea

    make: Any = chaitea.Game  # Game(ruleset=...) routes a Jass ruleset to the driver
    state = make(ruleset="sticheln", target=20).new_initial_state(seed=2)
    bots = [make_jass_bot("rule", seed=s) for s in range(4)]
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].act(state))
    assert max(state.totals()) >= 20 and state.record()["options"] == {
        "ruleset": "sticheln", "target": 20}


def test_option_redeal_four_passes_throw_the_hand_in() -> None:
    """Option all_pass: "redeal" (the other reading): the fourth may pass too; four passes end
    the round unplayed, nothing written, and the next round's first speaker is the next seat."""
    state = _state(all_pass="redeal")
    play(state, "pass", "pass", "pass")
    assert state.current_player() == 3 and state.legal_moves()[-1] == "pass"
    state.apply_action("pass")
    res = state.round_results[-1]
    assert res["played"] is False and res["contract"] is None and res["declarer"] is None
    assert res["score"] == (0, 0, 0, 0) and res["tricks"] == [0, 0, 0, 0]
    assert state.phase == "deal" and state.record()["rounds"][0]["plays"] == []
    assert state.next_picking() == (1, [f"bid({k})" for k in range(1, 10)] + ["pass"])
    from tests.rulesets.helpers import deal_of
    state.apply_deal(deal_of(*SUITS))
    assert state.current_player() == 1
    with pytest.raises(IllegalAction, match=r"bid\(2\) refused: a bid must be higher"):
        play(state, "bid(3)", "bid(2)")


@pytest.mark.parametrize("seed", [4, 5])
def test_random_games_with_the_redeal_option(seed: int) -> None:
    state = play_random("sticheln", None, seed, refusals=0.02, max_rounds=15,
                        options={"all_pass": "redeal"})
    check_game(state)
    thrown = [r for r in state.round_results if r.get("played", True) is False]
    assert all(r["score"] == (0, 0, 0, 0) for r in thrown)


def test_the_coach_recommends_the_bid_and_values_the_trumps() -> None:
    from chaitea.ai.coach import advise

    state = jass_game("sticheln").new_initial_state(seed=3)
    advice = advise(state, samples=4)
    assert advice.action == make_jass_bot("rule").act(state)
    play(state, "bid(2)", "pass", "pass", "pass")
    trumps = advise(state, samples=4)
    assert sorted(trumps.table["pick"]) == ["trump(C)", "trump(D)", "trump(H)", "trump(S)"]


def test_the_pimc_bots_play_two_hands() -> None:
    state = jass_game("sticheln").new_initial_state(seed=5)
    bots = [make_jass_bot("pimc", seed=s, samples=2, pick_samples=2) for s in range(4)]
    while len(state.round_results) < 2:
        state.apply_action(bots[state.current_player()].act(state))
    check_game(state)
