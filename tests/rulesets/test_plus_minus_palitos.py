"""Plus-Minus and the Palitos game (the text, "O Plus-Minus" and the Palitos game's rules A to
D; RULES J): each scoring rule and its precedence on constructed hands (the values worked out by
hand from the text), Plus-Minus's extra Palito for the next hand (option carry_adds: the extras
wait and add up) and a record saved under the old default, the first to 7 and its ties, and the
dealer's choice of trump."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chaitea.core.errors import IllegalPick
from chaitea.engine.hand import Hand
from chaitea.records.record import replay
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.palitos import HandFacts
from chaitea.rulesets.jass.tally import TallyScore, TallyState
from tests.rulesets.helpers import state_with

SAVED = Path(__file__).with_name("saved")


def _hand(points: tuple[int, ...], tricks: tuple[int, ...] = (),
          weis: tuple[int, ...] = ()) -> Hand:
    n = len(points)
    tricks = tricks or (36 // n // 3, 36 // n // 3, 36 // n - 2 * (36 // n // 3), 0)[:n] \
        if n == 4 else tricks or (4, 4, 4)
    assert sum(points) == 157 and sum(tricks) == 36 // n
    return Hand(0, 3 % n, "trump(H)", tricks, points, weis or (0,) * n, (0,) * n)


def _part(name: str, players: int, **options: Any) -> TallyScore:
    score = jass_game(name, players, options=options).table.score
    assert isinstance(score, TallyScore)
    return score


def _run(part: TallyScore, hands: list[tuple[int, ...]],
         state: TallyState | None = None) -> tuple[TallyState, list[dict[str, Any]]]:
    s = part.initial() if state is None else state
    out = []
    for points in hands:
        s, fields = part.write(s, _hand(points))
        out.append(fields)
    return s, out


# -- Plus-Minus -----------------------------------------------------------------------------------
PLUS_MINUS_CASES = [
    # (points, rule, Palitos per seat)
    ((70, 70, 17), "1", (0, 0, 2)),  # three players, two tied: the third 2 Palitos
    ((101, 28, 28), "1", (2, 0, 0)),  # rule 1 before rule 2 (101 points)
    ((110, 30, 17), "2", (0, 0, 1)),  # 100 or more: nothing; the fewest points 1 Palito
    ((30, 100, 27), "2", (0, 0, 1)),
    ((60, 50, 47), "3", (1, 0, 1)),  # all different: the highest and the lowest 1 each
    ((70, 40, 40, 7), "1", (1, 0, 0, 1)),  # four, tied in the middle: the others 1 each
    ((120, 20, 10, 7), "2", (0, 0, 0, 1)),
    ((100, 30, 20, 7), "2", (0, 0, 0, 1)),
    ((60, 50, 30, 17), "3", (1, 0, 0, 1)),
    ((17, 60, 30, 50), "3", (1, 1, 0, 0)),
]


@pytest.mark.parametrize(("points", "rule", "palitos"), PLUS_MINUS_CASES)
def test_plus_minus_writes_only_the_first_rule_that_applies(
        points: tuple[int, ...], rule: str, palitos: tuple[int, ...]) -> None:
    part = _part("plus-minus", len(points))
    s, (fields,) = _run(part, [points])
    assert fields["rule"] == rule and tuple(fields["score"]) == palitos
    assert "batatas" not in fields and part.extra_json(s) == {"hands": 1,
                                                               "palitos": list(palitos)}


@pytest.mark.parametrize("tie", [(60, 60, 30, 7), (90, 47, 10, 10), (40, 40, 40, 37),
                                 (70, 29, 29, 29)])
def test_a_tie_at_the_top_or_bottom_carries_a_palito_to_the_next_winners(
        tie: tuple[int, ...]) -> None:
    """The text (four players): "ninguém ganha Palitos, mas o(s) jogador(es) que ganhar(em)
    Palitos na próxima mão ganhará(ão) 1 Palito a mais" (three tied: a reading, as a tie at
    the top or bottom)."""
    part = _part("plus-minus", 4)
    s, (first, second) = _run(part, [tie, (60, 50, 30, 17)])
    assert first["rule"] == "1" and tuple(first["score"]) == (0, 0, 0, 0) and first["carry"] == 1
    assert tuple(second["score"]) == (2, 0, 0, 2) and second["carry"] == 0
    assert s.totals == (2, 0, 0, 2)


# a tie at the top, a tie at the bottom, then rule 2 (the fewest points: seat 3), then rule 3
TIES_IN_A_ROW: list[tuple[int, ...]] = [(60, 60, 30, 7), (90, 47, 10, 10), (120, 20, 10, 7),
                                        (60, 50, 30, 17)]


def test_the_extra_palito_is_for_the_next_hand_only() -> None:
    """The text: "o(s) jogador(es) que ganhar(em) Palitos na próxima mão ganhará(ão) 1 Palito a
    mais". Nobody wins Palitos in the hand after the first tie (a tie again), so its extra
    lapses; the second tie's extra goes to the third hand's winner: 1 + 1, not 1 + 2."""
    part = _part("plus-minus", 4)
    s, fields = _run(part, TIES_IN_A_ROW)
    assert [f.get("carry") for f in fields] == [1, 1, 0, None]
    assert [tuple(f["score"]) for f in fields] == [(0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 2),
                                                   (1, 0, 0, 1)]
    assert s.totals == (1, 0, 0, 3)


def test_carried_palitos_wait_and_add_up_over_ties_in_a_row_as_an_option() -> None:
    """Option carry_adds: each tie's extra waits until somebody wins Palitos, and they add up."""
    part = _part("plus-minus", 4, carry_adds=True)
    s, fields = _run(part, TIES_IN_A_ROW)
    assert [f.get("carry") for f in fields] == [1, 2, 0, None]
    assert tuple(fields[2]["score"]) == (0, 0, 0, 3)  # the fewest points: 1 + 2 carried
    assert tuple(fields[3]["score"]) == (1, 0, 0, 1)
    assert s.totals == (1, 0, 0, 4)


def test_the_two_readings_decide_a_game_differently() -> None:
    """Seat 3 at 4 Palitos, two ties in a row, then seat 3 has the fewest points: 6 Palitos and
    the game goes on (the next hand only), or 7 and seat 3 wins (carry_adds)."""
    start = TallyState((3, 3, 3, 4), 10)
    part = _part("plus-minus", 4)
    s, _ = _run(part, TIES_IN_A_ROW[:3], start)
    assert s.totals == (3, 3, 3, 6) and not part.finished(s)
    adds = _part("plus-minus", 4, carry_adds=True)
    s, _ = _run(adds, TIES_IN_A_ROW[:3], start)
    assert s.totals == (3, 3, 3, 7) and adds.finished(s) and adds.winner(s) == 3


def test_a_record_saved_under_the_old_default_replays_as_played_with_carry_adds() -> None:
    """``saved/plus_minus_ties_in_a_row.json`` was written by the engine when carry_adds was
    true by default, so its options name none (a record names only the options given). Its
    hands 4 and 5 are ties at the top or bottom; seats 0 and 1 win Palitos in hand 6. Played
    then: 3 each (1 + 2), seat 0 reached 7 in hand 7 and won. Replayed as saved it follows the
    next-hand reading: 2 each, and the game is not over after hand 7; with ``"carry_adds":
    true`` named it replays as it was played."""
    rec = json.loads((SAVED / "plus_minus_ties_in_a_row.json").read_text(encoding="utf-8"))
    assert rec["options"] == {"ruleset": "plus-minus"} and len(rec["rounds"]) == 7
    now = replay(json.dumps(rec))
    assert [r.get("carry") for r in now["rounds"]] == [None, 1, 0, 1, 1, 0, None]
    assert now["rounds"][5]["score"] == [2, 2, 0, 0]
    assert now["totals"] == [6, 5, 1, 0] and not now["finished"] and now["winner"] is None
    rec["options"]["carry_adds"] = True
    then = replay(json.dumps(rec))
    assert [r.get("carry") for r in then["rounds"]] == [None, 1, 0, 1, 2, 0, None]
    assert then["rounds"][5]["score"] == [3, 3, 0, 0]
    assert then["totals"] == [7, 6, 1, 0] and then["finished"] and then["winner"] == 0
    for k in range(7):  # only hand 6's score differs
        if k != 5:
            assert now["rounds"][k]["score"] == then["rounds"][k]["score"]


def test_three_players_never_carry() -> None:
    part = _part("plus-minus", 3)
    _s, fields = _run(part, [(70, 70, 17), (60, 50, 47)])
    assert tuple(fields[1]["score"]) == (1, 0, 1) and "carry" not in fields[1]


def test_plus_minus_the_first_to_seven_palitos_wins() -> None:
    part = _part("plus-minus", 3)
    s, _ = _run(part, [(60, 50, 47)] * 6)
    assert s.totals == (6, 0, 6) and not part.finished(s)
    s, _ = _run(part, [(110, 30, 17)], s)  # seat 2 (the fewest points) reaches 7 alone
    assert part.finished(s) and part.winner(s) == 2


def test_several_at_seven_in_one_hand_the_most_points_in_that_hand_wins() -> None:
    """The text: "Se dois ou mais alcançarem ou ultrapassarem os 7 Palitos na mesma mão, será
    vencedor o que tiver mais pontos" (a reading: card points in that hand; option
    ``reach_tie="palitos"``: the most Palitos first)."""
    part = _part("plus-minus", 4)
    start = TallyState((3, 6, 3, 6), 8, (("palitos", (3, 6, 3, 6)),))
    s, _ = _run(part, [(30, 60, 50, 17)], start)  # seats 1 and 3 reach 7: seat 1 has 60 points
    assert s.totals == (3, 7, 3, 7) and part.finished(s) and part.winner(s) == 1
    s, _ = _run(part, [(60, 50, 30, 17)], TallyState((5, 6, 3, 6), 8))
    assert s.totals == (6, 6, 3, 7) and part.winner(s) == 3
    carry = TallyState((6, 5, 3, 6), 8, carry=HandFacts(1, ()))  # an extra Palito pending
    s, _ = _run(part, [(60, 50, 30, 17)], carry)  # seat 0 8 (60 points), seat 3 8 (17)
    assert s.totals == (8, 5, 3, 8) and part.winner(s) == 0
    by_palitos = _part("plus-minus", 4, reach_tie="palitos")
    s, _ = _run(by_palitos, [(60, 50, 30, 17)], TallyState((6, 5, 3, 7), 8))
    assert s.totals == (7, 5, 3, 8) and by_palitos.winner(s) == 3  # 8 Palitos beat 7
    s, _ = _run(part, [(60, 50, 30, 17)], TallyState((6, 5, 3, 7), 8))
    assert part.winner(s) == 0  # the default: 60 points beat 17


def test_still_tied_at_seven_plays_extra_hands() -> None:
    part = _part("plus-minus", 3)
    s, _ = _run(part, [(60, 47, 50)], TallyState((6, 6, 5), 9))  # seats 0 and 1 reach 7
    assert s.totals == (7, 7, 5) and part.winner(s) == 0  # 60 points against 47
    end = part.end  # equal points too (the end rule on its own): extra hands
    assert end.outcome(TallyState((7, 5, 7), carry=HandFacts(0, (55, 47, 55)))) == (False, None)
    assert end.outcome(TallyState((7, 5, 8), carry=HandFacts(0, (55, 47, 55)))) == (False, None)
    assert end.outcome(TallyState((7, 5, 8), carry=HandFacts(0, (55, 47, 56)))) == (True, 2)


# -- the Palitos game -----------------------------------------------------------------------------
PALITOS_CASES = [
    # (points, rules, Palitos per seat); 21 points with four players, 26 with three
    ((120, 20, 10, 7), "A+D", (2, -1, -1, -1)),  # one at 21 or more: 2 Palitos
    ((100, 30, 20, 7), "B+D", (1, 1, -1, -1)),  # two: 1 each
    ((100, 21, 20, 16), "B+D", (1, 1, -1, -1)),  # 21 reaches it
    ((60, 50, 26, 21), "C", (1, 1, 0, 0)),  # more than two: a single highest and second
    ((50, 40, 40, 27), "C", (1, 0, 0, 0)),  # the second highest tied: nothing for them
    ((60, 60, 30, 7), "C+D", (1, 1, 0, -1)),  # two tied highest: 1 each
    ((40, 40, 40, 37), "C", (0, 0, 0, 0)),  # three or more tied highest: nobody
    ((120, 25, 12), "A+D", (2, -1, -1)),  # three players: 26 points; 25 falls short
    ((100, 31, 26), "C", (1, 1, 0)),
    ((80, 51, 26), "C", (1, 1, 0)),
    ((100, 32, 25), "B+D", (1, 1, -1)),
]


@pytest.mark.parametrize(("points", "rule", "palitos"), PALITOS_CASES)
def test_the_palitos_game_rules_a_to_d(points: tuple[int, ...], rule: str,
                                       palitos: tuple[int, ...]) -> None:
    part = _part("palitos-21", len(points))
    s, (fields,) = _run(part, [points])
    assert fields["rule"] == rule and tuple(fields["score"]) == palitos
    assert part.extra_json(s) == {"hands": 1, "palitos": list(palitos)}


def test_the_palitos_game_counts_weis_and_stoeck_as_an_option() -> None:
    plain = _part("palitos-21", 4)
    weis = _part("palitos-21", 4, declarations=True)
    hand = _hand((100, 30, 20, 7), weis=(0, 0, 0, 20))  # seat 3's Weis: 27 with its cards
    assert plain.rule.score(hand, plain.initial()).score == (1, 1, -1, -1)
    # with the Weis three seats reach 21 (C): 100 and 30 1 each, seat 3's 27 loses nothing
    assert weis.rule.score(hand, weis.initial()).score == (1, 1, -1, 0)


def test_the_palitos_game_ends_at_seven_palitos_and_a_tie_plays_on() -> None:
    part = _part("palitos-21", 4)
    s, _ = _run(part, [(120, 20, 10, 7)], TallyState((5, 6, 6, 6), 10))
    assert s.totals == (7, 5, 5, 5) and part.finished(s) and part.winner(s) == 0
    s, _ = _run(part, [(100, 30, 20, 7)], TallyState((6, 6, 6, 6), 10))
    assert s.totals == (7, 7, 5, 5) and not part.finished(s)  # a tie at 7: extra hands
    s, _ = _run(part, [(30, 100, 20, 7)], s)
    assert s.totals == (8, 8, 4, 4) and not part.finished(s)
    s, _ = _run(part, [(120, 20, 10, 7)], s)
    assert part.finished(s) and part.winner(s) == 0
    s, _ = _run(part, [(120, 20, 10, 7)], TallyState((4, 8, 6, 6), 10))
    assert s.totals == (6, 7, 5, 5) and part.winner(s) == 1  # 7 reached by seat 1 only


def test_the_dealer_chooses_the_trump_every_hand() -> None:
    """The text: "O carteador escolhe o Trunfo a cada rodada": the seat before the first
    speaker writes ``trump(X)`` (trump suits only, a reading); the first speaker leads."""
    state = jass_game("palitos-21", 4).new_initial_state(seed=4, forehand=1)
    assert state.phase == "picking" and state.current_player() == 0
    assert state.legal_moves() == ["trump(C)", "trump(D)", "trump(H)", "trump(S)"]
    before = state.record()
    with pytest.raises(IllegalPick, match=r"dealer \(seat 0\) chooses the trump"):
        state.apply_action("obenabe")
    assert state.record() == before
    state.apply_action("trump(S)")
    assert state.phase == "play" and state.current_player() == 1
    assert (state.contract, state.declarer, state.trump) == ("trump(S)", 0, 3)
    while not state.round_results:
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1  # the next dealer: seat 1, before the first speaker 2
    assert state.round_results[0]["declarer"] == 0 and state.round_results[0]["forehand"] == 1


def test_the_dealer_may_choose_obenabe_or_undenufe_as_an_option() -> None:
    state = jass_game("palitos-21", 3, options={"no_trump_modes": True}).new_initial_state(
        seed=2)
    assert state.current_player() == 2  # three players: the dealer of the first hand
    assert state.legal_moves()[-2:] == ["obenabe", "undenufe"]
    state.apply_action("undenufe")
    assert state.trump == -1 and state.phase == "play"


def test_the_palitos_game_plays_basic_jass_following() -> None:
    """RULES J's follow rule (no undertrumping, a void player too): not Mittlere's."""
    game = jass_game("palitos-21", 3)
    assert game.table.follow == "jass" and game.n_tricks == 12 and game.table.declaring is None
    state = state_with("palitos-21", ["6C 7C 8C 9C 10C JC QC KC 6H 6S 7S 8S",
                                      "9H 10H JH QH KH AH 6D 7D 8D 9D 10D JD",
                                      "AC 7H 8H 9S 10S JS QS KS AS QD KD AD"], players=3)
    assert state.current_player() == 2
    for item in ("trump(H)", "6C", "KH"):
        state.apply_action(item)
    assert state.legal_moves() == ["AC"]


def test_carry_adds_false_is_the_default() -> None:
    assert _part("plus-minus", 4, carry_adds=False).rule == _part("plus-minus", 4).rule
    assert _part("plus-minus", 4).rule != _part("plus-minus", 4, carry_adds=True).rule


def test_rule_d_below_zero_as_an_option() -> None:
    """The text: "cada jogador que faça menos de 21 pontos ... perderá 1 Palito"; by default
    the count may go below 0 (a reading), ``below_zero=False``: a seat without one loses none."""
    hands: list[tuple[int, ...]] = [(120, 20, 10, 7), (100, 30, 20, 7)]
    s, _ = _run(_part("palitos-21", 4), hands)
    assert s.totals == (3, 0, -2, -2)
    part = _part("palitos-21", 4, below_zero=False)
    s, fields = _run(part, hands)
    assert [tuple(f["score"]) for f in fields] == [(2, 0, 0, 0), (1, 1, 0, 0)]
    assert s.totals == (3, 1, 0, 0)
    s, (last,) = _run(part, [(30, 100, 7, 20)], s)
    assert tuple(last["score"]) == (1, 1, 0, 0) and s.totals == (4, 2, 0, 0)
    s, (last,) = _run(part, [(10, 120, 7, 20)], s)
    assert tuple(last["score"]) == (-1, 2, 0, 0)
