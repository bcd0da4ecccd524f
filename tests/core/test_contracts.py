"""Contracts and card strength (RULES R; D3, D4, D5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaitea import (
    SIX_PLAYER,
    STANDARD,
    ChaiTeaError,
    Contract,
    Order,
    SetupError,
    strength_order,
    trick_winner,
)
from tests.engine.conftest import strs

OVER, UNDER, MIDDLE = Order.OVER, Order.UNDER, Order.MIDDLE


def suit_cards(suit: str, ranks: list[int]) -> list[str]:
    return [f"{r}{suit}" for r in ranks]


DOWN = list(range(9, 0, -1))  # 9..1
UP = list(range(1, 10))  # 1..9
MID9 = [5, 4, 6, 3, 7, 2, 8, 1, 9]  # RULES R Middle
MID13 = [7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13]  # D4


# -- strength orders ---------------------------------------------------------------------------
def test_rules_r_trump_order():
    """RULES R Trump: trump 9..1, then led suit 9..1."""
    got = strs(strength_order(Contract.parse("trump(H)"), 0, STANDARD, led="C"))
    assert got == suit_cards("H", DOWN) + suit_cards("C", DOWN)


def test_rules_r_over_order():
    """RULES R Over: led suit 9..1 (no trump)."""
    got = strs(strength_order(Contract.parse("over"), 0, STANDARD, led="S"))
    assert got == suit_cards("S", DOWN)


def test_rules_r_under_order():
    """RULES R Under: led suit 1..9 (no trump)."""
    for k in (0, 5, 11):
        got = strs(strength_order(Contract.parse("under"), k, STANDARD, led="D"))
        assert got == suit_cards("D", UP)


def test_rules_r_middle_order():
    """RULES R Middle: 5 4 6 3 7 2 8 1 9."""
    got = strs(strength_order(Contract.parse("middle"), 0, STANDARD, led="H"))
    assert got == suit_cards("H", MID9)


def test_d4_middle_order_for_13_ranks():
    """D4: for 13 ranks, 7 6 8 5 9 4 10 3 11 2 12 1 13 (Jokers, listed first, aside)."""
    got = strength_order(Contract.parse("middle"), 0, SIX_PLAYER, led="C")
    assert [c.rank for c in got if not c.is_joker] == MID13
    assert all(c.is_joker for c in got[:2])


def test_d4_middle_trick_winners():
    """D4: 9 ranks: 5 beats 4 beats 6; 13 ranks: 7 beats 6 beats 8, and 1 beats 13."""
    m = Contract.parse("middle")
    assert str(trick_winner(m, 0, ["6C", "4C", "5C"], STANDARD).card) == "5C"
    assert str(trick_winner(m, 0, ["6C", "4C", "9C"], STANDARD).card) == "4C"
    assert str(trick_winner(m, 0, ["1C", "9C", "8C"], STANDARD).card) == "8C"
    assert str(trick_winner(m, 0, ["8H", "7H", "6H"], SIX_PLAYER).card) == "7H"
    assert str(trick_winner(m, 0, ["8H", "5H", "6H"], SIX_PLAYER).card) == "6H"
    assert str(trick_winner(m, 0, ["13H", "1H", "12H"], SIX_PLAYER).card) == "12H"
    assert str(trick_winner(m, 0, ["13H", "1H"], SIX_PLAYER).card) == "1H"


def test_rules_r_trump_order_without_led_lists_trump_first():
    got = strs(strength_order(Contract.parse("trump(S)"), 0, STANDARD))
    assert got[:9] == suit_cards("S", DOWN)
    assert len(got) == 36


# -- schedules: Slalom (alternates) and Pyramid (D3) ----------------------------------------------
def test_rules_r_slalom_alternates():
    """RULES R Slalom: trick 1 as the declarer chose, then alternating."""
    hi = Contract.parse("slalom(high)").schedule(12)
    lo = Contract.parse("slalom(low)").schedule(12)
    assert list(hi) == [OVER, UNDER] * 6
    assert list(lo) == [UNDER, OVER] * 6
    s = Contract.parse("slalom(high)")
    assert str(trick_winner(s, 0, ["5C", "9C", "1C"], STANDARD).card) == "9C"
    assert str(trick_winner(s, 1, ["5C", "9C", "1C"], STANDARD).card) == "1C"
    assert str(trick_winner(s, 2, ["5C", "9C", "1C"], STANDARD).card) == "9C"
    assert str(trick_winner(s, 11, ["5C", "9C", "1C"], STANDARD).card) == "1C"


@pytest.mark.parametrize(("n", "first"), [(12, 6), (9, 5), (17, 9), (13, 7), (1, 1)])
@pytest.mark.parametrize("start", ["high", "low"])
def test_d3_pyramid_split_ceil_half(n, first, start):
    """D3: the first ceil(n/2) tricks one way, the rest the other (12: 6/6, 9: 5/4, 17: 9/8)."""
    a = OVER if start == "high" else UNDER
    b = UNDER if start == "high" else OVER
    got = Contract.parse(f"pyramid({start})").schedule(n)
    assert list(got) == [a] * first + [b] * (n - first)


def test_d3_pyramid_trick_winners_switch_after_trick_6():
    """D3: Pyramid (start low), 12 tricks: tricks 1-6 Under, tricks 7-12 Over."""
    p = Contract.parse("pyramid(low)")
    assert str(trick_winner(p, 5, ["5C", "9C", "1C"], STANDARD).card) == "1C"
    assert str(trick_winner(p, 6, ["5C", "9C", "1C"], STANDARD).card) == "9C"
    assert strs(strength_order(p, 6, STANDARD, led="C")) == suit_cards("C", DOWN)


# -- Trump X (D5) ------------------------------------------------------------------------------
def test_d5_trump_under():
    """D5: Trump Under: trump beats every other suit; inside trump and led suit Under applies."""
    c = Contract.parse("trump-under(H)")
    assert strs(strength_order(c, 0, STANDARD, led="C")) == (
        suit_cards("H", UP) + suit_cards("C", UP))
    r = trick_winner(c, 0, ["1C", "9H", "2H"], STANDARD)
    assert (r.position, str(r.card)) == (2, "2H")
    assert str(trick_winner(c, 0, ["5C", "2C", "9C"], STANDARD).card) == "2C"
    assert str(trick_winner(c, 0, ["1C", "9H"], STANDARD).card) == "9H"


def test_d5_trump_middle():
    c = Contract.parse("trump-middle(D)")
    assert strs(strength_order(c, 3, STANDARD, led="S")) == (
        suit_cards("D", MID9) + suit_cards("S", MID9))
    assert str(trick_winner(c, 0, ["9D", "5D", "1C"], STANDARD).card) == "5D"
    assert str(trick_winner(c, 0, ["5S", "9D", "4S"], STANDARD).card) == "9D"


def test_d5_trump_slalom_order_follows_the_trick():
    """D5: Trump Slalom (S, start high): trick 1 Over inside trump and led suit, trick 2 Under."""
    c = Contract.parse("trump-slalom(S,high)")
    assert str(trick_winner(c, 0, ["1C", "9S", "1S"], STANDARD).card) == "9S"
    assert str(trick_winner(c, 1, ["1C", "9S", "1S"], STANDARD).card) == "1S"
    assert str(trick_winner(c, 1, ["2C", "9C", "1C"], STANDARD).card) == "1C"
    assert str(trick_winner(c, 1, ["1C", "9S"], STANDARD).card) == "9S"


def test_d5_trump_pyramid():
    """D5 with D3: Trump Pyramid (C, start low): tricks 1-6 Under, 7-12 Over."""
    c = Contract.parse("trump-pyramid(C,low)")
    assert str(trick_winner(c, 5, ["9H", "9C", "2C"], STANDARD).card) == "2C"
    assert str(trick_winner(c, 6, ["9H", "9C", "2C"], STANDARD).card) == "9C"
    assert str(trick_winner(c, 6, ["1H", "9H", "2H"], STANDARD).card) == "9H"


# -- trick winners and reasons -------------------------------------------------------------------
def test_rules_r_rulebook_trick_example():
    """Rulebook: Trump (Hearts), 9C led, 2H, 7C: the 2 of Hearts wins."""
    r = trick_winner(Contract.parse("trump(H)"), 0, ["9C", "2H", "7C"], STANDARD)
    assert (r.position, str(r.card)) == (1, "2H")
    assert r.led is not None and r.led.letter == "C"
    assert r.reason.startswith("2H wins")
    assert "trump" in r.reason


def test_rules_r_only_trump_or_led_suit_can_win():
    """RULES R: a card of another suit never wins, however high."""
    assert str(trick_winner(Contract.parse("over"), 0, ["2C", "9H", "9S"], STANDARD).card) == "2C"
    assert str(trick_winner(Contract.parse("under"), 0, ["9C", "1H", "1S"], STANDARD).card) \
        == "9C"
    t = Contract.parse("trump(D)")
    assert str(trick_winner(t, 0, ["2C", "9H", "1D"], STANDARD).card) == "1D"
    r = trick_winner(t, 0, ["2C", "9H", "3C"], STANDARD)
    assert str(r.card) == "3C"
    assert r.reason.startswith("3C wins")


@pytest.mark.parametrize(
    ("contract", "trick", "winner"),
    [("over", ["4S", "8S", "6S"], "8S"), ("under", ["4S", "8S", "6S"], "4S"),
     ("trump(S)", ["4H", "8H", "1S"], "1S"), ("trump(S)", ["4S", "8S", "6S"], "8S"),
     ("middle", ["4S", "8S", "6S"], "4S")],
)
def test_rules_r_reason_names_the_winning_card(contract, trick, winner):
    """RULES R: the trick winner comes with a readable reason that names the winning card."""
    r = trick_winner(Contract.parse(contract), 0, trick, STANDARD)
    assert str(r.card) == winner
    assert r.position == trick.index(winner)
    assert r.reason.startswith(f"{winner} wins")


def test_rules_r_partial_trick():
    r = trick_winner(Contract.parse("over"), 0, ["4S"], STANDARD)
    assert (r.position, str(r.card)) == (0, "4S")


# -- contract values ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "spelling",
    ["trump(C)", "trump(S)", "over", "under", "middle", "slalom(high)", "slalom(low)",
     "pyramid(high)", "pyramid(low)", "trump-under(H)", "trump-middle(D)",
     "trump-slalom(H,high)", "trump-pyramid(S,low)"],
)
def test_rules_r_contract_spelling_round_trip(spelling):
    c = Contract.parse(spelling)
    assert c.spelling == spelling
    assert Contract.parse(c.spelling) == c


def test_rules_r_contract_parameters():
    c = Contract.parse("trump-slalom(H,high)")
    assert c.trump is not None and c.trump.letter == "H"
    assert c.start == "high"
    assert Contract.parse("under").trump is None


@pytest.mark.parametrize(
    "bad", ["trump", "trump()", "under(H)", "slalom", "slalom(mid)", "pyramid(H)", "joker",
            "trump(X)", "trump(H,high)", "Trump(H)", "", "trump-under", "over(high)"],
)
def test_rules_r_bad_contracts_refused(bad):
    """RULES R: a Trump contract requires a trump suit; Slalom/Pyramid a start; Joker is a row,
    never a contract that is played."""
    with pytest.raises(SetupError) as e:
        Contract.parse(bad)
    assert isinstance(e.value, ChaiTeaError)


def test_rules_r_titles():
    assert Contract.parse("trump(H)").title == "Trump (Hearts)"
    assert "high" in Contract.parse("slalom(high)").title


# -- an independent reference of RULES R --------------------------------------------------------
def ref_order(spelling: str, k: int, n: int = 12) -> str:
    kind = spelling.split("(")[0]
    base = kind.removeprefix("trump-") if kind.startswith("trump-") else kind
    start = "high" if "high" in spelling else "low"
    if base in ("trump", "over"):
        return "over"
    if base in ("under", "middle"):
        return base
    first, other = ("over", "under") if start == "high" else ("under", "over")
    if base == "slalom":
        return first if k % 2 == 0 else other
    assert base == "pyramid"
    return first if k < (n + 1) // 2 else other


def ref_rank_key(order: str, rank: int) -> int:
    if order == "over":
        return rank
    if order == "under":
        return -rank
    return -(2 * abs(rank - 5) + (1 if rank > 5 else 0))  # 5 4 6 3 7 2 8 1 9


def ref_winner(spelling: str, k: int, trick: list[str]) -> int:
    trump = None
    if spelling.startswith("trump"):
        trump = spelling.split("(")[1][0]
    led = trick[0][-1]
    order = ref_order(spelling, k)

    def key(card: str) -> tuple[int, int]:
        rank, suit = int(card[:-1]), card[-1]
        band = 2 if suit == trump else 1 if suit == led else 0
        return (band, ref_rank_key(order, rank) if band else 0)

    return max(range(len(trick)), key=lambda i: key(trick[i]))


SPELLINGS = ["trump(C)", "trump(H)", "over", "under", "middle", "slalom(high)", "slalom(low)",
             "pyramid(high)", "pyramid(low)", "trump-under(D)", "trump-middle(S)",
             "trump-slalom(H,low)", "trump-pyramid(C,high)"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SPELLINGS), st.integers(0, 11), st.randoms(use_true_random=False),
       st.integers(1, 3))
def test_rules_r_d3_d4_d5_trick_winner_matches_reference(spelling, k, rnd: random.Random, n):
    """RULES R (and D3, D5): trick winners of random tricks agree with a reference written
    from the rules text."""
    deck = [str(c) for c in STANDARD.cards]
    trick = rnd.sample(deck, n)
    r = trick_winner(Contract.parse(spelling), k, trick, STANDARD)
    want = ref_winner(spelling, k, trick)
    assert r.position == want, (spelling, k, trick, r.reason)
    assert str(r.card) == trick[want]
    assert r.reason.startswith(f"{trick[want]} wins")
