"""Coiffeur-Schieber, basic Jass and Coiffeur through the state API (RULES J, the text)."""

from __future__ import annotations

import random

import pytest

from chaitea.core.errors import IllegalPick
from chaitea.records.record import replay
from chaitea.rulesets import jass_game
from tests.rulesets.helpers import state_with
from tests.rulesets.props import play_random

# Three players, 12 cards: seat 0 holds every A, K and Q.
HIGH = ["AC KC QC AD KD QD AH KH QH AS KS QS",
        "6C 7C 8C 6D 7D 8D 6H 7H 8H 6S 7S 8S",
        "9C 10C JC 9D 10D JD 9H 10H JH 9S 10S JS"]


def _random_play(state: object, seed: int = 0) -> None:
    from chaitea.engine.driver import JassState
    assert isinstance(state, JassState)
    rng = random.Random(seed)
    while state.phase == "play":
        state.apply_action(rng.choice(state.legal_actions()))


def test_coiffeur_schieber_match_row_for_a_forehand_match() -> None:
    """The text: a forehand Match scores 157 + 100 in its row, and the match row 2 Palitos to
    the forehand and 1 Batata to each other player."""
    state = state_with("coiffeur-schieber", HIGH, players=3)
    state.apply_action("obenabe")
    _random_play(state)
    res = state.round_results[0]
    assert res["tricks"] == [12, 0, 0] and res["score"] == 257 and res["row"] == "obenabe"
    out = replay(state.record())
    assert out["pad"]["match"] == {"palitos": [2, 0, 0], "batatas": [0, 1, 1]}
    assert out["pad"]["obenabe"]["scores"] == [257, None, None]
    assert out["rounds"][0]["match"] == 0 and out["rounds"][0]["multiplier"] == 1


def test_coiffeur_schieber_no_trick_row() -> None:
    """A forehand without a trick: 2 Batatas to it, 1 Palito to each other player."""
    state = state_with("coiffeur-schieber", HIGH, players=3)
    state.apply_action("undenufe")
    _random_play(state, 3)
    assert state.round_results[0]["tricks"][0] == 0 and state.round_results[0]["score"] == 0
    out = replay(state.record())
    assert out["pad"]["match"] == {"palitos": [0, 1, 1], "batatas": [2, 0, 0]}


def test_coiffeur_schieber_pick_round_the_table_with_forced_pick() -> None:
    state = state_with("coiffeur-schieber", HIGH, players=3, forehand=1)
    assert state.current_player() == 1 and "pass" in state.legal_moves()
    state.apply_action("pass")
    state.apply_action("pass")
    assert state.current_player() == 0
    state.apply_action("pass")
    assert state.current_player() == 1 and "pass" not in state.legal_moves()
    with pytest.raises(IllegalPick, match="must pick"):
        state.apply_action("pass")
    state.apply_action("slalom(undenufe)")
    assert state.forehand == 1 and state.declarer == 1 and state.current_player() == 1


def test_coiffeur_schieber_joker_replays_a_completed_contract_only() -> None:
    game = jass_game("coiffeur-schieber", 3)
    state = game.new_initial_state(seed=11)
    first = state.current_player()
    assert not [m for m in state.legal_moves() if m.startswith("joker=")]
    state.apply_action("trump(H)")
    _random_play(state)
    # next round: seat first+1 speaks first; pass round to the first picker again
    while state.current_player() != first:
        state.apply_action("pass")
    assert "joker=trump(H)" in state.legal_moves() and "trump(H)" not in state.legal_moves()
    with pytest.raises(IllegalPick):
        state.apply_action("joker=obenabe")


def test_coiffeur_schieber_three_players_thirty_hands_and_a_winner() -> None:
    state = play_random("coiffeur-schieber", 3, 5)
    assert state.is_terminal() and len(state.round_results) == 30
    out = replay(state.record())
    assert out["finished"] and out["winner"] in (0, 1, 2, None)
    assert len(out["palitos"]) == 3 and set(out["pad"]) >= {"acorns", "gustav", "joker#2", "match"}


def test_coiffeur_schieber_four_players_pairs_multiplied_and_individual_option() -> None:
    state = play_random("coiffeur-schieber", 4, 2)
    assert len(state.round_results) == 16
    out = replay(state.record())
    assert set(out["totals"]) == {"A", "B"} and out["pad"]["bells"]["value"] == 4
    assert out["pad"]["joker#2"]["value"] == 8
    row = out["pad"]["undenufe"]
    assert row["points"]["A"] == row["scores"]["A"] // 10 * 6
    solo = play_random("coiffeur-schieber", 4, 2, options={"pairs": False})
    assert len(solo.round_results) == 32 and len(solo.totals()) == 4


def test_basic_jass_trump_is_the_dealers_last_card_and_twelve_hands() -> None:
    hands = ["AC KC QC AD KD QD AH KH QH", "6C 7C 8C 6D 7D 8D 6H 7H 8H",
             "9C 10C JC 9D 10D JD 9H 10H JH", "6S 7S 8S 9S 10S JS QS KS AS"]
    state = state_with("jass", hands)  # first speaker 0: the dealer is seat 3
    assert state.phase == "play" and state.contract == "trump(S)" and state.declarer is None
    assert state.observation(1)["turned_up"] == "S" and state.current_player() == 0
    hands[2], hands[3] = "9C 10C JC 9D 10D JD 9H 10H 9S", "6S 7S 8S JH 10S JS QS KS AS"
    assert state_with("jass", hands).contract == "trump(S)"
    mixed = state_with("jass", [hands[3], hands[0], hands[1], hands[2]], forehand=1)
    assert mixed.contract == "trump(S)"  # the dealer is seat 0, its last card AS
    mixed = state_with("jass", [hands[3], hands[0], hands[2], hands[1]], forehand=0)
    assert mixed.contract == "trump(H)"  # the dealer is seat 3, its last card 8H
    game = play_random("jass", 4, 9)
    n = len(game.round_results)
    assert n >= 12
    totals = [0, 0, 0, 0]
    for k, res in enumerate(game.round_results):
        totals = [t + s for t, s in zip(totals, res["score"], strict=True)]
        if k >= 11 and k < n - 1:  # extra hands only while the highest total is tied
            assert sorted(totals)[-1] == sorted(totals)[-2]
    assert game.winner() == totals.index(max(totals))


def test_coiffeur_twelve_contracts_forty_eight_hands() -> None:
    state = play_random("coiffeur", 4, 4)
    assert len(state.round_results) == 48
    contracts = {r["row"] for r in state.round_results}
    assert contracts == {"acorns", "shields", "roses", "bells", "obenabe", "undenufe",
                         "slalom", "joker", "misere", "tutti", "riesenslalom", "3x3"}


def test_coiffeur_three_by_three_names_three_different_trumps() -> None:
    game = jass_game("coiffeur")
    state = game.new_initial_state(seed=1)
    seat = state.current_player()
    state.apply_action("3x3(tou)")
    assert state.current_player() == seat and state.legal_moves() == [
        "trump(C)", "trump(D)", "trump(H)", "trump(S)"]
    state.apply_action("trump(H)")
    with pytest.raises(IllegalPick, match="not named yet"):
        state.apply_action("trump(H)")
    state.apply_action("trump(C)")
    state.apply_action("trump(S)")
    assert state.phase == "play" and state.trump == 2  # t first: trump trick 1 is Bells
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.trump == 0  # trick 2, the second trump trick: Acorns
    for _ in range(8):
        state.apply_action(state.legal_actions()[0])
    assert state.trump == -1  # trick 4: the Obenabe third


def test_tutti_trump_set_by_the_first_non_follower() -> None:
    game = jass_game("coiffeur")
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        state.apply_action("tutti")
        rng = random.Random(seed)
        set_at = None
        while state.phase == "play":
            trick = [c.suit for c in state.trick]  # the cards on the table
            if state.trump < 0 and len(trick) > 1 and any(s != trick[0] for s in trick):
                pytest.fail("a card off the led suit left the trump unset")
            state.apply_action(rng.choice(state.legal_actions()))
            if set_at is None and state.trump >= 0:
                set_at = state.trump
        # set or not (nobody failed to follow), the hand totals 157 (a reading:
        # docs/games.md#readings-of-the-text)
        assert sum(state.round_results[0]["card_points"]) == 157
