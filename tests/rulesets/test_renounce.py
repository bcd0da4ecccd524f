"""The renounce option (RULES J; the text, "Renúncia"): with ``renounce: "penalty"`` a card that
fails to follow the led suit stands; once the renouncer plays the suit it should have followed
the hand stops, its side loses 20 and the cards are dealt again with the same forehand. By
default such a card is refused, as before."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from chaitea.__main__ import main
from chaitea.core.cards import JASS
from chaitea.core.errors import IllegalPlay, SetupError
from chaitea.engine.driver import JassState
from chaitea.records.record import loads, replay, report
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.renounce import RENOUNCE_POINTS, RenounceState
from tests.rulesets.helpers import UNDERTRUMP, deal_of, play, state_with
from tests.rulesets.props import check_game, check_round, snapshot

# Seat 1 holds one Heart (6H) and eight Diamonds; trump Spades (basic Jass: seat 3's last card,
# AS, is the dealer's card turned up; Schieber: chosen). AH is led, seat 1 plays 6D: a renounce.
HANDS = [
    "AH KH QH JH 10H 9H 8H 7C 8C",
    "6H 6D 7D 8D 9D 10D JD QD KD",
    "7H AD 6S 7S 8S 9S 10S JS QS",
    "6C 9C 10C JC QC KC AC KS AS",
]


def rotated(hands: list[str], forehand: int) -> list[str]:
    """The hands dealt so that ``hands[0]`` is the forehand's."""
    return [hands[(s - forehand) % 4] for s in range(4)]


def test_by_default_a_renounce_is_refused() -> None:
    state = state_with("jass", HANDS)
    play(state, "AH")
    before = snapshot(state)
    with pytest.raises(IllegalPlay, match="must follow"):
        state.apply_action("6D")
    assert snapshot(state) == before and type(state) is JassState


def test_basic_jass_renounce_stands_then_is_proven_and_penalised() -> None:
    """The text's rule, on basic Jass: the renounce stands; seat 1's 6H in trick 2 proves it
    (played by id, the driver's fast path), the hand stops, seat 1 loses 20 and nobody writes
    the hand; the next deal keeps the forehand."""
    state = state_with("jass", HANDS, renounce="penalty")
    assert isinstance(state, RenounceState) and state.contract == "trump(S)"
    play(state, "AH")
    assert state.can_apply("6D") and "6D" not in state.legal_moves()
    state.apply_action("6D")
    assert state.renounces() == ((1, 2),)  # seat 1 did not follow Hearts (suit 2)
    play(state, "7H", "6C", "KH")
    assert JASS.index_of("6H") in state.legal_actions()
    state.apply_action(JASS.index_of("6H"))
    assert state.phase == "deal" and state.totals() == (0, -RENOUNCE_POINTS, 0, 0)
    res = state.round_results[0]
    assert res["renounce"] == 1 and res["score"] == (0, -20, 0, 0)
    assert res["tricks"] == [1, 0, 0, 0] and res["card_points"] == (0, 0, 0, 0)
    assert state.record()["rounds"][0]["plays"] == ["AH", "6D", "7H", "6C", "KH", "6H"]
    state.apply_deal(deal_of(*HANDS))
    assert state.forehand == 0 and state.current_player() == 0  # the same forehand
    assert state.score_state.hands == 0  # the redeal replaces the hand (one of twelve)


def test_trumping_and_undertrumping_are_no_renounce() -> None:
    """The text: trumping while holding the led suit is no renounce (it is legal); a card the
    undertrumping rule forbids is still refused with the option (reading)."""
    state = state_with("schieber", UNDERTRUMP, renounce="penalty")
    assert isinstance(state, RenounceState)
    play(state, "trump(S)", "KH", "8S")
    before = snapshot(state)
    with pytest.raises(IllegalPlay, match="no undertrumping"):
        state.apply_action("7S")
    assert snapshot(state) == before and state.renounces() == ()


def test_the_puur_kept_back_is_no_renounce() -> None:
    """The text: to a trump lead, a player whose only trump is the Puur may keep it: legal."""
    hands = ["AS KS QS 10S 9S 8S 7S 6S AH",
             "JS 6D 7D 8D 9D 10D JD QD KD",
             "7H AD 6C 7C 8C 9C 10C JC QC",
             "6H 8H 9H 10H JH QH KH KC AC"]
    state = state_with("schieber", hands, renounce="penalty")
    assert isinstance(state, RenounceState)
    play(state, "trump(S)", "AS", "6D")
    assert state.renounces() == () and state.phase == "play"


def test_schieber_penalty_on_the_team_and_the_same_forehand() -> None:
    """Schieber: a hand played first, then the renounce of the seat after the forehand: its
    team loses 20 (a total never below 0), the redeal keeps the forehand."""
    game = jass_game("schieber", renounce="penalty")
    state = game.new_initial_state(forehand=0)
    state.apply_deal(7)
    rng = random.Random(7)
    while state.phase != "deal":
        state.apply_action(rng.choice(state.legal_actions()))
    start = state.totals()
    f = 1  # the seat after the first round's forehand (RECORD)
    state.apply_deal(deal_of(*rotated(HANDS, f)))
    assert state.current_player() == f
    play(state, "trump(S)", "AH", "6D", "7H", "6C", "KH")
    state.apply_action("6H")
    side = game.side_of[(f + 1) % 4]
    assert start[side] > RENOUNCE_POINTS
    expect = list(start)
    expect[side] -= RENOUNCE_POINTS
    assert state.totals() == tuple(expect)
    assert state.round_results[-1]["renounce"] == (f + 1) % 4
    nxt = state.next_picking()
    assert nxt is not None and nxt[0] == f
    state.apply_deal(3)
    assert state.current_player() == f


def play_with_renounces(name: str, seed: int, rate: float, **options: Any) -> JassState:
    """A random game where a seat that may renounce does so with probability ``rate``."""
    state = jass_game(name, options={"renounce": "penalty", **options}).new_initial_state(
        seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.phase == "play" and rng.random() < rate:
            seat = state.current_player()
            held = [JASS.index_of(str(c)) for c in state.hand(seat)]
            renounces = [c for c in held if c not in legal and state.can_apply(c)]
            if renounces:
                state.apply_action(rng.choice(renounces))
                continue
        state.apply_action(rng.choice(legal))
    return state


@pytest.mark.parametrize(("name", "seed"), [("jass", 1), ("schieber", 2), ("sidi-barrani", 3),
                                            ("schieber", 4)])
def test_random_games_with_renounces_end_and_replay(name: str, seed: int) -> None:
    state = play_with_renounces(name, seed, 0.05)
    results = state.round_results
    renounced = [r for r in results if "renounce" in r]
    assert renounced, "some renounce was proven"
    rounds = state.record()["rounds"]
    game = state.game
    n = game.players
    totals = [0] * game.sides
    for i, (rnd, res) in enumerate(zip(rounds, results, strict=True)):
        if "renounce" in res:
            side = game.side_of[res["renounce"]]
            lost = RENOUNCE_POINTS if name == "jass" else min(RENOUNCE_POINTS, totals[side])
            assert res["score"] == tuple(-lost if s == side else 0 for s in range(game.sides))
            assert len(rnd["plays"]) < 36
            assert sum(res["card_points"]) == 0 and sum(res["weis"]) == sum(res["stoeck"]) == 0
        else:
            check_round(state.game, rnd, res)  # 36 cards, the points counted independently
        if i + 1 < len(results):  # the next first speaker: the same after a renounce
            step = 0 if "renounce" in res else 1
            assert results[i + 1]["forehand"] == (res["forehand"] + step) % n
        totals = [t + p for t, p in zip(totals, res["score"], strict=True)]
    assert tuple(totals) == state.totals()
    again = loads(json.loads(json.dumps(state.record())))
    assert again.record() == state.record() and report(again) == report(state)
    assert replay(json.dumps(state.record()))["rounds"][0].keys() >= {"score", "tricks"}


def test_without_renounces_the_option_changes_nothing() -> None:
    """The same seeded random game with and without the option: the same record and report."""
    for name in ("jass", "schieber", "sidi-barrani"):
        a = jass_game(name).new_initial_state(seed=9)
        b = jass_game(name, renounce="penalty").new_initial_state(seed=9)
        rng_a, rng_b = random.Random(9), random.Random(9)
        while not a.is_terminal():
            a.apply_action(rng_a.choice(a.legal_actions()))
            b.apply_action(rng_b.choice(b.legal_actions()))
        assert b.is_terminal() and a.round_results == b.round_results
        check_game(b)


def test_six_players_penalty_plays_on_the_36_card_deck() -> None:
    game = jass_game("schieber", 6, renounce="penalty")
    assert game.deck.name == "jass"
    with pytest.raises(SetupError, match="jass-double deck does not fit"):
        jass_game("schieber", 6, deck="jass-double", renounce="penalty")


def test_a_renounced_round_on_the_command_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """RECORD Jass: the round's plays end with the proving card; replay reports
    ``"renounce": <seat>`` and the penalty as the round's score; without the option the same
    record is refused at the renounce, with the exact prefix."""
    rnd = {"deal": {"hands": [h.split() for h in HANDS]}, "picking": [],
           "plays": ["AH", "6D", "7H", "6C", "KH", "6H"]}
    rec: dict[str, Any] = {"format": "chaitea-record/1", "players": 4, "forehand": 0,
                           "options": {"ruleset": "jass", "renounce": "penalty"},
                           "rounds": [rnd]}
    path = tmp_path / "renounce.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    first = out["rounds"][0]
    assert first["renounce"] == 1 and first["score"] == [0, -20, 0, 0]
    assert out["totals"] == [0, -20, 0, 0]
    assert out["next"] == {"seat": 0, "phase": "picking", "legal": []}  # the same forehand
    rec["options"] = {"ruleset": "jass"}
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("round 1, play step 2: ") and "must follow" in err
