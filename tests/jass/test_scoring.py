"""Stöck, the Match, Schieber multipliers, round scores and end rules (RULES J)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chaitea.core.cards import Suit
from chaitea.core.errors import CardError, IllegalAction, SetupError
from chaitea.rulesets.jass.scoring import (
    CARD_TOTAL,
    FLAT,
    MATCH_BONUS,
    SCHIEBER,
    HandsEnd,
    Step,
    TargetEnd,
    round_score,
    target_progress,
)
from chaitea.rulesets.jass.stoeck import STOECK_POINTS, stoeck_holder, stoeck_points
from chaitea.rulesets.jass.weis import score_weis

TEAMS = (0, 1, 0, 1)


# ------------------------------------------------------------------ Stöck

def test_stoeck_holder_of_trump_k_and_q() -> None:
    hands = ["KH 6C", "QH 7C", "KS QS", "6D"]
    assert stoeck_holder(hands, Suit.HEARTS) is None  # K and Q in two hands
    assert stoeck_holder(hands, Suit.SPADES) == 2
    assert stoeck_points(hands, Suit.SPADES, sides=TEAMS) == (20, 0)
    assert STOECK_POINTS == 20


def test_no_stoeck_without_trump() -> None:
    hands = ["KH QH", "KS QS", "KC QC", "KD QD"]
    assert stoeck_holder(hands, None) is None
    assert stoeck_points(hands, None, sides=TEAMS) == (0, 0)


def test_stoeck_is_never_cancelled_by_a_higher_weis() -> None:
    """Side A holds Stöck and a three-sequence; side B four Js: B scores its Weis, A its Stöck."""
    hands = ["KH QH 6C 7C 8C", "JC JD JH JS", "AH", "10S"]
    weis = score_weis(hands, trump=Suit.HEARTS, sides=TEAMS)
    stoeck = stoeck_points(hands, Suit.HEARTS, sides=TEAMS)
    assert weis.points == (0, 200) and stoeck == (20, 0)
    # Stöck with Weis: the same side scores both.
    hands2 = ["KH QH JH 6C", "6S", "AH", "10S"]
    assert score_weis(hands2, trump=Suit.HEARTS, sides=TEAMS).points == (20, 0)
    assert stoeck_points(hands2, Suit.HEARTS, sides=TEAMS) == (20, 0)
    r = round_score((100, 57), (5, 4), weis=(20, 0), stoeck=(20, 0),
                    multiplier=SCHIEBER.factor("trump(H)"))
    assert r.score == ((100 + 20 + 20) * 2, 57 * 2)


def test_stoeck_refuses_bad_hands() -> None:
    with pytest.raises(CardError):
        stoeck_holder(["KH QH", "KH"], Suit.HEARTS)
    with pytest.raises(IllegalAction):
        stoeck_points(["KH QH", "6C"], Suit.HEARTS, sides=(0,))


# ------------------------------------------------------------------ multipliers and rounds

def test_schieber_multipliers_as_the_text_gives_them() -> None:
    """Acorns (C) and Roses (S) ×1, Shields (D) and Bells (H) ×2, Obenabe ×3, Undenufe ×4."""
    assert {c: SCHIEBER.factor(c) for c in SCHIEBER.factors} == {
        "trump(C)": 1, "trump(S)": 1, "trump(D)": 2, "trump(H)": 2, "obenabe": 3, "undenufe": 4}
    assert set(FLAT.factors.values()) == {1}
    assert (SCHIEBER.end.target, FLAT.end.target) == (3000, 1000)
    with pytest.raises(SetupError, match="RULES J"):
        SCHIEBER.factor("misere")
    assert SCHIEBER.with_factor("slalom", 5).factor("slalom(undenufe)") == 5


@pytest.mark.parametrize(("contract", "factor"), [("trump(C)", 1), ("trump(S)", 1),
                                                  ("trump(D)", 2), ("trump(H)", 2),
                                                  ("obenabe", 3), ("undenufe", 4)])
def test_match_is_157_plus_100_times_the_multiplier(contract: str, factor: int) -> None:
    r = round_score((CARD_TOTAL, 0), (9, 0), multiplier=SCHIEBER.factor(contract))
    assert r.match == 0
    assert r.score == ((157 + MATCH_BONUS) * factor, 0)
    flat = round_score((0, CARD_TOTAL), (0, 9), multiplier=FLAT.factor(contract))
    assert flat.score == (0, 257)


def test_no_match_when_the_tricks_are_shared() -> None:
    r = round_score((157, 0), (8, 1))  # all the points, not all the tricks
    assert r.match is None and r.score == (157, 0)


def test_multiplier_applies_to_cards_weis_stoeck_and_match() -> None:
    r = round_score((157, 0), (9, 0), weis=(150, 0), stoeck=(20, 0), multiplier=3)
    assert r.score == ((157 + 100 + 150 + 20) * 3, 0)
    assert r.step_points(Step.STOECK) == (60, 0)
    assert r.step_points(Step.WEIS) == (450, 0)
    assert r.step_points(Step.CARDS) == (771, 0)


def test_basic_jass_four_individuals() -> None:
    r = round_score((60, 30, 67, 0), (3, 2, 4, 0), weis=(0, 0, 50, 0), stoeck=(20, 0, 0, 0))
    assert r.score == (80, 30, 117, 0)
    assert r.to_json() == {"card_points": [60, 30, 67, 0], "weis": [0, 0, 50, 0],
                           "stoeck": [20, 0, 0, 0], "match": None, "multiplier": 1,
                           "score": [80, 30, 117, 0]}


def test_round_json_for_teams() -> None:
    r = round_score((0, 157), (0, 9), multiplier=2)
    assert r.to_json(teams=True) == {"card_points": {"A": 0, "B": 157}, "weis": {"A": 0, "B": 0},
                                     "stoeck": {"A": 0, "B": 0}, "match": "B", "multiplier": 2,
                                     "score": {"A": 0, "B": 514}}


def test_round_score_refuses_bad_input() -> None:
    for bad in [{"card_points": (100, 50), "tricks": (5, 4)},
                {"card_points": (100, -57, 114), "tricks": (5, 4, 0)},
                {"card_points": (100, 57), "tricks": (5,)},
                {"card_points": (100, 57), "tricks": (5, 4), "weis": (20,)},
                {"card_points": (157,), "tricks": (9,)}]:
        with pytest.raises(SetupError):
            round_score(**bad)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="multiplier"):
        round_score((100, 57), (5, 4), multiplier=0)
    assert round_score((100, 50), (5, 4), card_total=None).score == (100, 50)


@given(st.integers(0, 157), st.integers(0, 9), st.sampled_from(sorted(SCHIEBER.factors)),
       st.sampled_from([0, 20, 50, 100, 150]), st.booleans())
def test_round_score_is_the_sum_times_the_factor(a: int, ta: int, contract: str, weis: int,
                                                 stoeck: bool) -> None:
    m = SCHIEBER.factor(contract)
    r = round_score((a, 157 - a), (ta, 9 - ta), weis=(weis, 0), stoeck=(20 * stoeck, 0),
                    multiplier=m)
    match = {0: 100 if ta == 9 else 0, 1: 100 if ta == 0 else 0}
    assert r.score == ((a + match[0] + weis + 20 * stoeck) * m, (157 - a + match[1]) * m)
    assert sum(r.step_points(s)[0] for s in Step) == r.score[0]


# ------------------------------------------------------------------ end rules

def test_schieber_end_stoeck_counted_first() -> None:
    """The text: a side whose Stöck takes it to 3000 wins, though the other would pass 3000
    with its Weis; the hand is not played on."""
    hand = round_score((60, 97), (4, 5), weis=(0, 150), stoeck=(20, 0), multiplier=1)
    c = target_progress((2980, 2870), hand)
    assert (c.winner, c.step, c.played_out) == (0, Step.STOECK, False)
    assert c.totals == (3000, 2870)
    # without the Stöck, the Weis ends the game for B in mid-hand
    hand = round_score((60, 97), (4, 5), weis=(0, 150), multiplier=1)
    c = target_progress((2980, 2870), hand)
    assert (c.winner, c.step, c.totals, c.played_out) == (1, Step.WEIS, (2980, 3020), False)


def test_schieber_end_multiplied_stoeck() -> None:
    hand = round_score((60, 97), (4, 5), weis=(0, 100), stoeck=(20, 0),
                       multiplier=SCHIEBER.factor("undenufe"))
    c = target_progress((2921, 2700), hand)
    assert (c.winner, c.step, c.totals) == (0, Step.STOECK, (3001, 2700))


def test_schieber_end_options_play_out_and_all_at_once() -> None:
    hand = round_score((60, 97), (4, 5), weis=(0, 150), stoeck=(20, 0))
    played = target_progress((2980, 2870), hand, TargetEnd(3000, mid_hand=False))
    assert (played.winner, played.step, played.played_out) == (0, Step.STOECK, True)
    assert played.totals == (2980 + 80, 2870 + 247)
    at_once = target_progress((2980, 2870), hand, TargetEnd(3000, stoeck_first=False))
    assert (at_once.winner, at_once.step, at_once.totals) == (1, Step.CARDS, (3060, 3117))


def test_both_sides_over_at_the_end_of_a_hand() -> None:
    hand = round_score((80, 77), (5, 4))
    c = target_progress((2930, 2925), hand)
    assert c.totals == (3010, 3002) and c.winner == 0 and c.step is Step.CARDS
    c = target_progress((2922, 2925), hand)
    assert c.totals == (3002, 3002) and c.winner is None and not c.finished
    # the extra hand: both already over, Stöck does not end it in mid-hand
    extra = round_score((50, 107), (3, 6), stoeck=(20, 0))
    c = target_progress((3002, 3002), extra)
    assert c.winner == 1 and c.step is Step.CARDS and c.totals == (3072, 3109)


def test_nobody_reaches_the_target() -> None:
    c = target_progress((100, 200), round_score((80, 77), (5, 4), multiplier=4))
    assert c.winner is None and c.totals == (420, 508) and c.played_out


def test_flat_game_to_1000() -> None:
    c = target_progress((940, 900), round_score((57, 100), (4, 5)), FLAT.end)
    assert c.winner == 1 and c.totals == (997, 1000)


def test_basic_jass_twelve_hands_and_extra_hands_on_a_tie() -> None:
    end = HandsEnd()
    assert end.hands == 12
    assert end.winner((500, 700, 650, 300), hands_played=11) is None
    assert end.winner((500, 700, 650, 300), hands_played=12) == 1
    assert end.winner((700, 700, 650, 300), hands_played=12) is None
    assert end.winner((700, 720, 650, 300), hands_played=13) == 1
