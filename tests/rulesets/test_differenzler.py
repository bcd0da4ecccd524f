"""Differenzler (the text, RULES J): the guesses in play order from the seat after the dealer,
the difference written per seat, an exact guess's 10 off never below 0 and the exact-0
exception, the Match (157 card points by default, 257 with option match_bonus), the text's
worked examples, the guesses hidden until the hand ends, refusals naming the rule, the record
and replay (a record saved before the option still replays as it was played), random games and
the bots' whole game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chaitea.__main__ import main
from chaitea.ai.aims import aim_sign
from chaitea.ai.table_bots import jass_view, make_jass_bot
from chaitea.core.errors import IllegalAction, IllegalPick
from chaitea.engine.hand import Hand
from chaitea.records.record import replay
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.guessing import DifferenceRule
from chaitea.rulesets.jass.tally import AfterHands, TallyScore, TallyState
from tests.rulesets.helpers import deal_of, play, state_with
from tests.rulesets.props import check_game, play_random, reference_points, snapshot

SAVED = Path(__file__).with_name("saved")

# Each seat holds one suit; the dealer's last card names the trump: with seat 0 first (dealer
# seat 3, last card AD) Shields (D) are trump and seat 3 takes every trick; in the next hand
# (seat 1 first, dealer seat 0, last card 6H) Bells (H) are trump and seat 0 takes them all.
SUITS = [
    "AH KH QH JH 10H 9H 8H 7H 6H",
    "AS KS QS JS 10S 9S 8S 7S 6S",
    "AC KC QC JC 10C 9C 8C 7C 6C",
    "7D 8D 9D 10D JD QD KD 6D AD",
]


def _hand(guesses: tuple[int, ...], taken: tuple[int, ...], forehand: int = 0) -> Hand:
    n = len(guesses)
    items = tuple(f"guess({guesses[(forehand + k) % n]})" for k in range(n))
    return Hand(forehand, None, "trump(H)", (2, 2, 2, 3), taken, (0,) * n, (0,) * n,
                items=items)


def _part(**options: Any) -> TallyScore:
    part = jass_game("differenzler", options=options).table.score
    assert isinstance(part, TallyScore)
    return part


def _finish(state: Any) -> dict[str, Any]:
    while state.phase == "play":
        state.apply_action(state.legal_actions()[0])
    result: dict[str, Any] = state.round_results[-1]
    return result


def test_the_texts_worked_examples() -> None:
    """The text: "se um jogador disse que pegaria 30 pontos e pegou 39, ganhará 9 pontos";
    "disse que pegaria 30 pontos e pegou 25, ganhará 5 pontos"."""
    hs = DifferenceRule().score(_hand((30, 30, 50, 50), (39, 25, 50, 43)), TallyState((0,) * 4))
    assert hs.score[:2] == (9, 5)


def test_an_exact_guess_takes_10_off_never_below_0() -> None:
    """The text: an exact guess loses 10 points; "um jogador que tenha menos de 10 pontos
    perderá todos eles"."""
    hs = DifferenceRule().score(_hand((40, 40, 40, 37), (40, 40, 40, 37)),
                                TallyState((25, 10, 4, 0)))
    assert hs.score == (-10, -10, -4, 0)
    assert hs.fields["difference"] == [0, 0, 0, 0]


def test_an_exact_guess_of_0_loses_nothing_and_the_option_makes_it_an_exact_guess() -> None:
    """The text's exception: a player who says 0 and takes 0 "também não poderá perder ponto
    algum"; option zero_bonus: it takes 10 off like any exact guess."""
    hand = _hand((0, 50, 50, 57), (0, 50, 50, 57))
    assert DifferenceRule().score(hand, TallyState((30,) * 4)).score == (0, -10, -10, -10)
    assert DifferenceRule(zero_bonus=True).score(hand, TallyState((30, 3, 0, 12))).score == (
        -10, -3, 0, -10)
    opt = _part(zero_bonus=True).rule
    assert opt == DifferenceRule(zero_bonus=True)


def test_a_match_counts_157_by_default_and_257_with_the_match_bonus_option() -> None:
    """The text: Differenzler's rules "são as mesmas do Jass, exceto" Weis and Stöck, and basic
    Jass's Match gives "100 pontos a mais"; the default counts the points taken (157 for all
    nine tricks), option match_bonus adds the Match's 100 (257)."""
    hand = Hand(0, None, "trump(H)", (0, 0, 0, 9), (0, 0, 0, 157), (0,) * 4, (0,) * 4,
                items=("guess(0)", "guess(10)", "guess(157)", "guess(257)"))
    state = TallyState((20, 20, 20, 20))
    plain = DifferenceRule().score(hand, state)
    assert plain.score == (0, 10, 157, 100) and plain.fields["difference"] == [0, 10, 157, 100]
    bonus = DifferenceRule(match_bonus=100).score(hand, state)
    assert bonus.score == (0, 10, 157, -10) and bonus.fields["difference"] == [0, 10, 157, 0]
    assert _part().rule == DifferenceRule()
    assert _part(match_bonus=True).rule == DifferenceRule(match_bonus=100)


def test_with_the_match_bonus_a_whole_hand_through_the_engine_is_257() -> None:
    """Seat 3 takes every trick (trump D): by default its guess of 157 is exact and a guess of
    257 cannot be written; with match_bonus it took 257, so 157 misses by 100 and 257 is exact."""
    state = state_with("differenzler", SUITS)
    with pytest.raises(IllegalPick, match="a guess is 0 to 157, the card points of a hand "):
        play(state, "guess(0)", "guess(0)", "guess(0)", "guess(257)")
    play(state, "guess(157)")
    assert _finish(state)["score"] == (0, 0, 0, 0)  # exact, a total of 0: nothing off
    assert state.game.options_json() == {"ruleset": "differenzler"}
    for guess, score in ((157, 100), (257, 0)):
        state = state_with("differenzler", SUITS, match_bonus=True)
        assert state.legal_moves()[-1] == "guess(257)"
        play(state, "guess(0)", "guess(0)", "guess(0)", f"guess({guess})")
        result = _finish(state)
        assert result["card_points"] == (0, 0, 0, 157) and result["match"] == 3
        assert result["score"] == (0, 0, 0, score) and result["difference"] == [0, 0, 0, score]
    state = state_with("differenzler", SUITS, match_bonus=True)
    with pytest.raises(IllegalPick, match="a guess is 0 to 257, the card points of a hand, "
                                          "the Match's 100 included"):
        state.apply_action("guess(258)")


def test_a_record_saved_before_the_match_bonus_option_replays_as_it_was_played() -> None:
    """``saved/differenzler_two_matches.json`` was written by the engine before the option
    existed (its options name none): it replays as then, seats 3 and 0 exact at 157; naming
    match_bonus replays the same hands with the Match (100 off each exact guess of 157)."""
    rec = json.loads((SAVED / "differenzler_two_matches.json").read_text(encoding="utf-8"))
    assert rec["options"] == {"ruleset": "differenzler"}
    out = replay(json.dumps(rec))
    assert [r["score"] for r in out["rounds"]] == [[12, 30, 5, 0], [-10, 0, 0, 10]]
    assert out["totals"] == [2, 30, 5, 10] and out["next"]["legal"][-1] == "guess(157)"
    rec["options"]["match_bonus"] = True
    out = replay(json.dumps(rec))
    assert [r["score"] for r in out["rounds"]] == [[12, 30, 5, 100], [100, 0, 0, 10]]
    assert out["totals"] == [112, 30, 5, 110] and out["next"]["legal"][-1] == "guess(257)"


def test_the_guesses_go_in_play_order_from_the_seat_after_the_dealer() -> None:
    state = state_with("differenzler", SUITS, forehand=2)
    assert state.phase == "picking"
    seats = []
    for guess in (10, 20, 30, 40):
        seats.append(state.current_player())
        state.apply_action(f"guess({guess})")
    assert seats == [2, 3, 0, 1]
    assert state.phase == "play" and state.forehand == 2 and state.declarer is None
    # the dealer (seat 1) turned up its last card, 6S: Roses are trump, as in basic Jass
    assert state.contract == "trump(S)" and state.observation(0)["turned_up_card"] == "6S"


def test_two_hands_through_the_engine_score_the_difference() -> None:
    """Seat 3 takes all 157 in hand 1 (trump D); seat 0 all 157 in hand 2 (trump H). The card
    points come from the independent count of the record (props.reference_points)."""
    state = state_with("differenzler", SUITS)
    play(state, "guess(12)", "guess(30)", "guess(5)", "guess(157)")
    first = _finish(state)
    rec = state.record()["rounds"][0]
    points, tricks = reference_points(state.game, "trump(D)", rec["picking"], rec["plays"], 0)
    assert points == [0, 0, 0, 157] and list(first["card_points"]) == points
    assert tricks == [0, 0, 0, 9] == first["tricks"]
    assert first["contract"] == "trump(D)" and first["match"] == 3
    # |taken - guess|, seat 3 exact with a total of 0: nothing to take off
    assert first["score"] == (12, 30, 5, 0) and first["guess"] == [12, 30, 5, 157]
    state.apply_deal(deal_of("7H 8H 9H 10H JH QH KH AH 6H", *SUITS[1:]))
    assert state.current_player() == 1  # the seat after the dealer, seat 0
    play(state, "guess(0)", "guess(0)", "guess(10)", "guess(157)")
    second = _finish(state)
    assert second["contract"] == "trump(H)" and second["card_points"] == (157, 0, 0, 0)
    # seat 0 exact with 12: 10 off; seats 1 and 2 exact at 0: nothing; seat 3 took 0 of 10
    assert second["score"] == (-10, 0, 0, 10)
    assert state.totals() == (2, 30, 5, 10)


def test_the_guesses_are_hidden_until_the_hand_ends() -> None:
    state = state_with("differenzler", SUITS)
    play(state, "guess(12)", "guess(30)")
    assert state.observation(0)["picking"] == ["guess(12)"]
    assert state.observation(1)["picking"] == ["guess(30)"]
    assert state.observation(2)["picking"] == []
    play(state, "guess(5)", "guess(40)")
    state.apply_action(state.legal_actions()[0])
    assert state.phase == "play" and state.observation(3)["picking"] == ["guess(40)"]
    assert state.record()["rounds"][0]["picking"] == ["guess(12)", "guess(30)", "guess(5)",
                                                      "guess(40)"]
    result = _finish(state)
    assert result["guess"] == [12, 30, 5, 40]  # shown to all with the hand's result
    assert state.phase == "deal" and state.observation(2)["picking"] == [
        "guess(12)", "guess(30)", "guess(5)", "guess(40)"]


@pytest.mark.parametrize(("item", "words"), [
    ("guess(158)", "a guess is 0 to 157, the card points of a hand (the text: Differenzler)"),
    ("guess(2000)", "a guess is 0 to 157"),
    ("pass", "seat 0 writes its guess of the card points it will take now"),
    ("trump(H)", "Differenzler"),
    ("guess(-1)", "guess"),
    ("AH", "seat 0 writes its guess, guess(0) to guess(157)"),
])
def test_refusals_name_the_rule_and_leave_the_state_unchanged(item: str, words: str) -> None:
    state = state_with("differenzler", SUITS)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"\S") as e:
        state.apply_action(item)
    assert words in str(e.value)
    assert snapshot(state) == before
    if item.startswith("guess(1"):
        assert isinstance(e.value, IllegalPick)


def test_ties_for_the_lowest_total_play_extra_hands() -> None:
    end = _part().end
    assert end.outcome(TallyState((20, 20, 30, 40), hands=12)) == (False, None)
    assert end.outcome(TallyState((20, 21, 30, 40), hands=13)) == (True, 0)
    assert _part(hands=3).end == AfterHands(3, lowest=True)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_the_invariants(seed: int) -> None:
    state = play_random("differenzler", None, seed, refusals=0.02)
    assert state.is_terminal()
    check_game(state)
    totals = state.totals()
    assert state.winner() == totals.index(min(totals)) and totals.count(min(totals)) == 1
    assert len(state.round_results) >= 12
    for res in state.round_results:
        assert all(s >= -10 for s in res["score"])


def test_the_rule_bots_play_a_whole_game_and_aim_at_their_guess() -> None:
    state = jass_game("differenzler").new_initial_state(seed=11)
    bots = [make_jass_bot("rule", seed=s) for s in range(4)]
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].act(state))
    assert len(state.round_results) >= 12 and state.winner() is not None
    mean = sum(sum(r["difference"]) for r in state.round_results) / (4 * len(
        state.round_results))
    assert mean < 30  # a blind guess of the mean (39) misses by more (random: about 60)


def test_a_seat_that_took_its_guess_plays_to_take_no_more() -> None:
    state = state_with("differenzler", SUITS)
    play(state, "guess(0)", "guess(0)", "guess(0)", "guess(100)")
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.trick_ids()[0][2] == 3  # seat 3 took trick 1
    assert aim_sign(state, jass_view(state, 3)) == 1  # 100 not reached yet
    assert aim_sign(state, jass_view(state, 0)) == -1  # guessed 0, took 0: take no more
    assert state.tricks_won[3] == 1


def test_random_game_and_replay_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["random-game", "--ruleset", "differenzler", "--seed", "4"]) == 0
    path = tmp_path / "game.json"
    path.write_text(capsys.readouterr().out)
    rec = json.loads(path.read_text())
    assert rec["options"] == {"ruleset": "differenzler"}
    assert all(len(r["picking"]) == 4 for r in rec["rounds"])
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True and out["hands"] == len(out["rounds"]) >= 12
    assert all(r["declarer"] is None and len(r["guess"]) == 4 for r in out["rounds"])
    assert out["totals"] == [sum(r["score"][s] for r in out["rounds"]) for s in range(4)]


def test_a_refused_guess_in_a_record_exits_2_naming_the_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = {"format": "chaitea-record/1", "players": 4, "options": {"ruleset": "differenzler"},
           "rounds": [{"deal": {"seed": 3}, "picking": ["guess(3)", "guess(170)"],
                       "plays": []}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("round 1, picking step 2: guess(170) refused: a guess is 0 to 157")
    assert err.count("\n") == 1


def test_a_game_between_hands_reports_the_next_guess() -> None:
    rec = {"format": "chaitea-record/1", "players": 4, "options": {"ruleset": "differenzler"},
           "rounds": []}
    nxt = replay(json.dumps(rec))["next"]
    assert nxt["seat"] == 0 and nxt["phase"] == "picking"
    assert nxt["legal"][0] == "guess(0)" and nxt["legal"][-1] == "guess(157)"


def test_a_whole_game_through_the_game_facade() -> None:
    import chaitea

    make: Any = chaitea.Game  # Game(ruleset=...) routes a Jass ruleset to the driver
    state = make(ruleset="differenzler", hands=2).new_initial_state(seed=2)
    bots = [make_jass_bot("rule", seed=s) for s in range(4)]
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].act(state))
    assert len(state.round_results) >= 2 and state.record()["options"] == {
        "ruleset": "differenzler", "hands": 2}


def test_the_coach_recommends_the_rule_bots_guess() -> None:
    from chaitea.ai.coach import advise

    state = jass_game("differenzler").new_initial_state(seed=3)
    advice = advise(state, samples=4)
    assert advice.recommended == state.game.action_to_string(advice.action)
    assert advice.action == make_jass_bot("rule").act(state)
    assert advice.recommended.startswith("guess(") and list(advice.table["pick"]) == [
        advice.recommended]


def test_the_pimc_bots_play_two_hands() -> None:
    state = jass_game("differenzler").new_initial_state(seed=5)
    bots = [make_jass_bot("pimc", seed=s, samples=2, pick_samples=2) for s in range(4)]
    while len(state.round_results) < 2:
        state.apply_action(bots[state.current_player()].act(state))
    check_game(state)
