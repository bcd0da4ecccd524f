"""Schieber and the Jass following rules through the state API (RULES J; the text's worked
examples by name; the undertrumping position of a bug reported against jass-kit)."""

from __future__ import annotations

from typing import Any

import pytest

from chaitea import Game
from chaitea.core.errors import IllegalPick, IllegalPlay, SetupError
from chaitea.engine.driver import JassGame
from chaitea.records.record import replay
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.scores import TargetScore
from tests.rulesets.helpers import (
    PUUR_TRICK,
    PUUR_TRICK_PLAYS,
    UNDERTRUMP,
    play,
    state_with,
)


def test_undertrumping_example_of_the_text() -> None:
    """Roses trump, Bells led, an 8 of Roses played: C, without Bells, may not play the 7."""
    state = state_with("schieber", UNDERTRUMP)
    play(state, "trump(S)", "KH", "8S")
    before = state.record()
    assert state.current_player() == 2
    with pytest.raises(IllegalPlay, match="no undertrumping: 8S is the highest trump"):
        state.apply_action("7S")
    assert state.record() == before and not state.can_apply("7S")
    assert "7S" not in state.legal_moves() and "6D" in state.legal_moves()
    state.apply_action("6D")


def test_no_undertrumping_below_the_puur_in_the_trick() -> None:
    """Trump Diamonds, trick 6C JD 10D, hand AD 9D 6D 10S: only 10S is legal (RULES J; the
    position of a bug reported against jass-kit, ``PUUR_TRICK``)."""
    state = state_with("schieber", PUUR_TRICK)
    play(state, "trump(D)", *PUUR_TRICK_PLAYS)
    assert [str(c) for c in state.trick] == ["6C", "JD", "10D"]
    assert sorted(str(c) for c in state.hand(3)) == ["10S", "6D", "9D", "AD"]
    assert state.legal_moves() == ["10S"]
    for card in ("AD", "9D", "6D"):
        with pytest.raises(IllegalPlay, match="undertrumping"):
            state.apply_action(card)


def test_first_forehand_holds_the_roses_seven_then_the_next_seat() -> None:
    game = jass_game("schieber", 4)
    for seed in range(5):
        state = game.new_initial_state(seed=seed)
        holder = next(s for s in range(4) if "7S" in [str(c) for c in state.hand(s)])
        assert state.current_player() == holder == state.forehand
        state.apply_action("trump(C)")
        while state.round_number == 1:
            state.apply_action(state.legal_actions()[0])
        assert state.forehand == (holder + 1) % 4


def test_push_to_the_partner_who_must_choose_and_the_forehand_leads() -> None:
    state = state_with("schieber", UNDERTRUMP, forehand=1)
    assert state.legal_moves()[-1] == "push"
    state.apply_action("push")
    assert state.current_player() == 3 and "push" not in state.legal_moves()
    with pytest.raises(IllegalPick, match="partner must choose"):
        state.apply_action("push")
    state.apply_action("undenufe")
    assert state.declarer == 3 and state.current_player() == 1 and state.phase == "play"


def test_push_back_option() -> None:
    state = state_with("schieber", UNDERTRUMP, push_back=True)
    play(state, "push", "push")
    assert state.current_player() == 0 and "push" not in state.legal_moves()
    state.apply_action("obenabe")
    assert state.declarer == 0


def test_no_obenabe_undenufe_and_no_multipliers_options() -> None:
    state = state_with("schieber", UNDERTRUMP, obenabe_undenufe=False)
    assert state.legal_moves() == ["trump(C)", "trump(D)", "trump(H)", "trump(S)", "push"]
    make: Any = Game  # Game(ruleset=...) routes a Jass ruleset to the driver
    flat = make(players=4, ruleset="schieber", no_multipliers=True)
    assert isinstance(flat, JassGame) and isinstance(flat.table.score, TargetScore)
    assert flat.table.score.scoring.end.target == 1000
    assert flat.table.score.scoring.factor("undenufe") == 1
    with pytest.raises(SetupError, match="unknown option 'bogus'"):
        make(ruleset="schieber", bogus=True)
    with pytest.raises(SetupError, match="played by 4 or 6 players"):
        make(players=3, ruleset="schieber")


def _play_out(state: object) -> None:
    from chaitea.engine.driver import JassState
    assert isinstance(state, JassState)
    while state.phase == "play":
        state.apply_action(state.legal_actions()[0])


def test_weis_example_four_nines_or_seven_eight_nine() -> None:
    """The text: the four 9s and the 7 and 8 of Shields: the 9 of Shields serves one meld only;
    the split worth most (the four 9s, 150, not 7-8-9 for 20) is scored, before the
    multiplier (Shields x2); nobody else holds a Weis."""
    hands = ["9C 9D 9H 9S 7D 8D 6C 6H 6S", "7C 10C QC AC 8H JH KH JD AD",
             "8C JC KC 7S 10S QS AS 10D QD", "7H 10H QH AH 8S JS KS 6D KD"]
    state = state_with("schieber", hands)
    state.apply_action("trump(D)")
    _play_out(state)
    res = state.round_results[0]
    assert res["weis"] == (150, 0) and res["stoeck"] == (0, 0) and res["multiplier"] == 2
    bonus = [100 if res["match"] == s else 0 for s in (0, 1)]
    assert res["score"] == ((res["card_points"][0] + bonus[0] + 150) * 2,
                            (res["card_points"][1] + bonus[1]) * 2)


def test_stoeck_first_ends_the_game_before_the_cards() -> None:
    """Target 20: the Stöck (20) is written first and wins; the hand is not played."""
    hands = ["KS QS 6C 7C 8C 9C 10C JC QC", "KC AC 6D 7D 8D 9D 10D JD QD",
             "KD AD 6H 7H 8H 9H 10H JH QH", "KH AH 6S 7S 8S 9S 10S JS AS"]
    state = state_with("schieber", hands, target=20)
    state.apply_action("trump(S)")
    assert state.is_terminal() and state.winner() == 0
    res = state.round_results[0]
    assert res["stoeck"] == (20, 0) and res["played"] is False and res["score"] == (20, 0)
    out = replay(state.record())
    assert out["winner"] == "A" and out["rounds"][0]["stoeck"] == {"A": 20, "B": 0}
    played = state_with("schieber", hands, target=20, mid_hand_end=False)
    played.apply_action("trump(S)")
    assert played.phase == "play"
    _play_out(played)
    assert played.is_terminal() and played.winner() == 0


def test_value_and_weis_options_through_the_state() -> None:
    """Undenufe 6 = 11 (A 0) still totals 157; four 6s count as Weis in Undenufe only with
    four_sixes; four 8s only with low_fours; one card in two melds with shared_cards."""
    hands = ["6C 6D 6H 6S 8C 8D 8H 8S AD", "7D 10D QD AH 9S JS KS 9C JC",
             "9D JD KD 7H 10H QH AS 10C QC", "9H JH KH 7S 10S QS 7C KC AC"]
    for options, contract, weis_a in (
            ({}, "undenufe", 0), ({"four_sixes": True}, "undenufe", 100),
            ({"low_fours": True}, "trump(C)", 100 + 100),  # four 6s and four 8s at 100 each
            ({"four_sixes": True}, "obenabe", 0)):
        state = state_with("schieber", hands, **options)
        state.apply_action(contract)
        _play_out(state)
        res = state.round_results[0]
        assert res["weis"][0] == weis_a, (options, contract, res)
    six = state_with("schieber", hands, undenufe_six=True)
    six.apply_action("undenufe")
    _play_out(six)
    assert sum(six.round_results[0]["card_points"]) == 157
    four_nines = ["7C 8C 9C 9D 9H 9S 6C 6D 6H", "7D 10D QD AH 8S JS KS 10C QC",
                  "8D JD KD 7H 10H QH AS JC KC", "AD 8H JH KH 6S 7S 10S QS AC"]
    for options, weis_a in (({}, 150 + 20), ({"shared_cards": True}, 150 + 50)):
        state = state_with("schieber", four_nines, **options)
        state.apply_action("trump(H)")
        _play_out(state)
        # one card in one meld: four 9s and 6-7-8; in two melds: the 9C also ends 6-7-8-9
        assert state.round_results[0]["weis"] == (weis_a, 0)
