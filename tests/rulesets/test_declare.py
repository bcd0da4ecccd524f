"""Declaring Weis by hand (RULES J option, ``declare: "hand"``; the text: declaring is optional,
and a Weis must be at least as high as the last one declared): the legal list, refusals that
name the rule and leave the state unchanged, who scores, the record and replay, and random
games through the state API."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from chaitea.__main__ import main
from chaitea.core.cards import Suit
from chaitea.core.deals import Deal
from chaitea.core.errors import IllegalAction, IllegalPick
from chaitea.engine.driver import JassState
from chaitea.records.record import loads, replay, report
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.declaring import NOWEIS, declaration_spellings, weis_spelling
from chaitea.rulesets.jass.melds import make_meld
from chaitea.rulesets.jass.weis import best_melds, strength
from tests.rulesets.helpers import state_with
from tests.rulesets.props import check_game, play_random
from tests.rulesets.test_schieber6 import six

# Seat 0: A-10 of Bells (100), 9-6 of Acorns (50); seat 1: J-6 of Roses (150); seat 2: A K Q of
# Roses (20, and Stöck in Roses), 8 7 6 of Bells (20); seat 3: A-10 of Acorns (100), A-J of
# Shields (50).
HANDS = [
    "6C 7C 8C 9C AH KH QH JH 10H",
    "6S 7S 8S 9S 10S JS 9D 9H 6D",
    "KS QS AS 7D 8D 10D 6H 7H 8H",
    "AC KC QC JC 10C AD KD QD JD",
]


def by_hand(hands: list[str] = HANDS, forehand: int = 0, **options: Any) -> JassState:
    return state_with("schieber", hands, forehand=forehand, declare="hand", **options)


def snapshot(state: JassState) -> str:
    return json.dumps([state.record(), state.legal_actions(), state.current_player(),
                       state.phase, state.round_results], default=str)


def finish(state: JassState) -> dict[str, Any]:
    while state.phase == "play":
        state.apply_action(state.legal_actions()[0])
    return state.round_results[-1]


def test_each_player_in_play_order_from_the_forehand_declares() -> None:
    state = by_hand()
    state.apply_action("trump(S)")
    assert state.phase == "picking" and state.current_player() == 0
    assert state.legal_moves() == ["noweis", "weis(AH,KH,QH,JH,10H)", "weis(9C,8C,7C,6C)"]
    state.apply_action("weis(AH,KH,QH,JH,10H)")
    assert state.current_player() == 1
    assert state.legal_moves() == ["noweis", "weis(JS,10S,9S,8S,7S,6S)"]
    state.apply_action("weis(JS,10S,9S,8S,7S,6S)")
    assert state.current_player() == 2 and state.legal_moves() == ["noweis"]  # 20 < 150
    state.apply_action("noweis")
    assert state.legal_moves() == ["noweis"]  # seat 3's 100 and 50 are below the 150
    state.apply_action("noweis")
    assert state.phase == "play" and state.current_player() == 0  # the forehand leads
    res = finish(state)
    assert res["weis"] == (0, 150)  # seat 3 declared nothing: its 150 do not count (reading)
    assert res["stoeck"] == (20, 0)  # Stöck stays automatic (seat 2: KS QS)


def test_a_weis_as_high_as_the_last_is_legal_and_the_strongest_side_scores_all() -> None:
    state = by_hand(forehand=0)
    for item in ("trump(H)", "weis(9C,8C,7C,6C)", "noweis"):
        state.apply_action(item)
    assert state.legal_moves() == ["noweis"]
    state.apply_action("noweis")
    # seat 3: the five (100) and the four of Shields (50: as high as seat 0's four) are legal
    assert state.legal_moves() == ["noweis", "weis(AC,KC,QC,JC,10C)", "weis(AD,KD,QD,JD)"]
    state.apply_action("weis(AD,KD,QD,JD)")
    res = finish(state)
    # A-top beats 9-top at 50 each: team B scores all of seat 3's Weis (100 + 50)
    assert res["weis"] == (0, 150) and res["stoeck"] == (20, 0)


def test_the_order_starts_at_the_forehand() -> None:
    state = by_hand(forehand=2)
    state.apply_action("push")
    state.apply_action("obenabe")  # seat 0, the partner, chooses; seat 2 still declares first
    assert state.current_player() == 2
    assert state.legal_moves() == ["noweis", "weis(AS,KS,QS)", "weis(8H,7H,6H)"]
    for item in ("weis(8H,7H,6H)", "weis(AC,KC,QC,JC,10C)", "noweis", "noweis"):
        state.apply_action(item)
    assert state.phase == "play" and state.current_player() == 2
    res = finish(state)
    assert res["weis"] == (0, 150) and res["stoeck"] == (0, 0)  # no Stöck without trump


def test_nobody_declares() -> None:
    state = by_hand()
    for item in ("trump(S)", "noweis", "noweis", "noweis", "noweis"):
        state.apply_action(item)
    res = finish(state)
    assert res["weis"] == (0, 0) and res["stoeck"] == (20, 0)


@pytest.mark.parametrize(("item", "words"), [
    ("weis(AS,KS,QS)", "at least as high as the last one declared (four in sequence, seat 0)"),
    ("weis(9C,8C,7C,6C)", "seat 2 holds no such Weis (its Weis: weis(AS,KS,QS), "
                          "weis(8H,7H,6H))"),
    ("weis(QS,KS,AS)", "holds no such Weis"),  # the cards are written highest first
    ("weis(8H,7H)", "holds no such Weis"),
    ("trump(S)", "seat 2 declares now: weis(<cards>), one of its Weis, or noweis"),
    ("AS", "seat 2 declares now"),
    (5, "is not a picking action id"),
])
def test_refusals_name_the_rule_and_change_nothing(item: object, words: str) -> None:
    state = by_hand()
    for done in ("trump(S)", "weis(9C,8C,7C,6C)", "noweis"):
        state.apply_action(done)
    before = snapshot(state)
    with pytest.raises(IllegalPick) as e:
        state.apply_action(item)
    assert words in str(e.value)
    assert not state.can_apply(item)
    assert snapshot(state) == before


def test_legal_lists_what_the_refusal_code_allows() -> None:
    """The legal list and the refusals come from one function: every spelling the game knows
    is legal exactly when it is listed."""
    state = by_hand()
    state.apply_action("trump(S)")
    for step in range(4):
        legal = set(state.legal_moves())
        for s in ("noweis", *declaration_spellings(state.game.deck)):
            assert state.can_apply(s) == (s in legal), (step, s)
        state.apply_action(sorted(legal)[-1])
    assert state.phase == "play"
    with pytest.raises(IllegalAction):
        state.apply_action("noweis")


def test_record_and_replay() -> None:
    state = by_hand()
    for item in ("push", "trump(D)", "weis(AH,KH,QH,JH,10H)", "noweis",
                 "noweis", "weis(AC,KC,QC,JC,10C)"):
        state.apply_action(item)
    finish(state)
    rec = json.loads(json.dumps(state.record()))
    assert rec["options"] == {"ruleset": "schieber", "declare": "hand"}
    assert rec["rounds"][0]["picking"][2:] == ["weis(AH,KH,QH,JH,10H)", "noweis", "noweis",
                                               "weis(AC,KC,QC,JC,10C)"]
    again = loads(rec)
    assert again.record() == rec
    out = report(again)
    first = out["rounds"][0]
    # seat 0's 100 and seat 3's 100: the same points and top card; not trump: identical Weis
    # of opposing sides, so nobody scores (RULES J)
    assert first["weis"] == {"A": 0, "B": 0}
    assert first["declared"] == ["weis(AH,KH,QH,JH,10H)", "noweis", "noweis",
                                 "weis(AC,KC,QC,JC,10C)"]
    assert replay(json.dumps(rec)) == json.loads(json.dumps(out))


def test_a_bad_declaration_in_a_record_exits_2(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    rec: dict[str, Any] = {"format": "chaitea-record/1", "players": 4, "forehand": 0,
                           "options": {"ruleset": "schieber", "declare": "hand"},
                           "rounds": [{"deal": {"hands": [h.split() for h in HANDS]},
                                       "picking": ["trump(S)", "noweis", "weis(AS,KS,QS)"],
                                       "plays": []}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("round 1, picking step 3: weis(AS,KS,QS) refused: seat 1 holds no "
                          "such Weis"), err
    rec["rounds"][0]["picking"] = ["trump(S)", "noweis", "noweis", "noweis", "noweis"]
    rec["rounds"][0]["plays"] = ["6C"]
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 0
    rec["options"] = {"ruleset": "schieber", "declare": "sometimes"}
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    assert "option declare must be one of 'auto', 'hand'" in capsys.readouterr().err


def test_automatic_by_default() -> None:
    state = state_with("schieber", HANDS, forehand=0)
    state.apply_action("trump(S)")
    assert state.phase == "play"
    res = finish(state)
    assert res["weis"] == (0, 150 + 150)  # seat 1's 150 beats all: team B scores 150 + 150


def test_basic_jass_by_hand() -> None:
    state = state_with("jass", HANDS, forehand=0, declare="hand")
    assert state.phase == "picking" and state.current_player() == 0
    assert state.legal_moves()[0] == NOWEIS
    for _ in range(4):
        state.apply_action(state.legal_moves()[-1])
    assert state.phase == "play"


def test_six_players_by_hand_with_copies() -> None:
    hands = [
        "9H 10H JH 9S QS KS AS 9D",
        "9H' 10H' JH' 10S QC KC AC 9C",
        "JS 10S' JS' QS' KS' AS' 9S' 10D",
        "10C JC 9C' 10C' JC' QC' KC' AC'",
        "JD QD KD AD 9D' 10D' JD' QH",
        "QD' KD' AD' KH AH QH' KH' AH'",
    ]
    state = six(hands, forehand=0, declare="hand")
    state.apply_action("trump(C)")
    assert state.legal_moves() == ["noweis", "weis(AS,KS,QS)", "weis(JH,10H,9H)"]
    state.apply_action("weis(JH,10H,9H)")
    assert state.legal_moves() == ["noweis", "weis(AC,KC,QC)", "weis(JH,10H,9H)"]  # no copy mark
    state.apply_action("weis(JH,10H,9H)")  # identical to seat 0's: as high, legal
    for _ in range(4):
        state.apply_action("noweis")
    res = finish(state)
    assert res["weis"] == (0, 0)  # identical best Weis of opposing sides: nobody scores
    assert sum(res["card_points"]) == 309


def _check_by_hand_weis(state: JassState) -> None:
    """An independent count of each hand's Weis under declaring by hand: the strongest declared
    Weis (``strength``) decides; its side scores the melds of its players who declared."""
    game = state.game
    rec = state.record()
    n = game.players
    for rnd, res in zip(rec["rounds"], state.round_results, strict=True):
        hands = Deal.from_json(rnd["deal"], game.seating, game.deck).hands
        said = rnd["picking"][-n:]
        by_seat = {(res["forehand"] + i) % n: item for i, item in enumerate(said)}
        contract = res["contract"]
        trump = Suit("CDHS".index(contract[6])) if contract.startswith("trump(") else None
        undenufe = contract == "undenufe"
        best: dict[int, tuple[Any, int]] = {}
        for seat, item in by_seat.items():
            assert item == NOWEIS or item in {weis_spelling(m) for m in
                                              best_melds(hands[seat], trump=trump,
                                                         undenufe=undenufe)}
            if item != NOWEIS:
                cards = item[5:-1].split(",")
                key = strength(make_meld(cards, undenufe=undenufe), trump=trump,
                               undenufe=undenufe)
                best[seat] = (key, game.side_of[seat])
        expect = [0, 0]
        if best:
            top = max(k for k, _ in best.values())
            sides = {s for k, s in best.values() if k == top}
            if len(sides) == 1:
                side = sides.pop()
                expect[side] = sum(m.points for seat, item in by_seat.items()
                                   if item != NOWEIS and game.side_of[seat] == side
                                   for m in best_melds(hands[seat], trump=trump,
                                                       undenufe=undenufe))
        assert list(res["weis"]) == expect, (rnd["picking"], res)


def test_random_games_by_hand() -> None:
    """200 whole four-player Schieber games declaring by hand (the first five with bad actions
    tried along the way): each card once, 157 per hand, the Weis as declared, the record round
    trip every tenth game."""
    for seed in range(200):
        state = play_random("schieber", 4, seed, refusals=0.02 if seed < 5 else 0.0,
                            options={"declare": "hand"})
        assert state.is_terminal()
        check_game(state, deep=seed % 10 == 0)
        _check_by_hand_weis(state)


def test_random_six_player_games_by_hand() -> None:
    for seed in range(40):
        state = jass_game("schieber", 6, declare="hand").new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        rec = json.loads(json.dumps(state.record()))
        assert loads(rec).record() == rec


@pytest.mark.soak
def test_soak_random_games_by_hand() -> None:
    for seed in range(10_000):
        state = play_random("schieber", 4, 10**6 + seed, refusals=0.01,
                            options={"declare": "hand"})
        check_game(state, deep=seed % 10 == 0)
        _check_by_hand_weis(state)
