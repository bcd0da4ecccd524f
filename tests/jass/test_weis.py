"""Weis (RULES J): every meld of a hand as dealt, the split worth most, comparison, ties, options.

Hands are built by hand so that each expected split can be checked on paper against the table
of RULES J (sequences 20/50/100/150/200/250/300; four 10s, Qs, Ks, As 100, four 9s 150, four Js
200; options four 8s, 7s, 6s 100).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaitea.core.cards import JASS, Card, Suit
from chaitea.core.errors import CardError, IllegalAction
from chaitea.rulesets.jass.declare import check_declaration, declared_rank, score_declared
from chaitea.rulesets.jass.weis import (
    CardUse,
    EqualPoints,
    MeldKind,
    WeisOptions,
    WeisTie,
    best_melds,
    candidate_melds,
    make_meld,
    score_weis,
    strength,
)

LOW = WeisOptions(low_fours=True)
SHARED = WeisOptions(card_use=CardUse.SHARED)
STRONGEST = WeisOptions(card_use=CardUse.STRONGEST_BEST)
SIXES = WeisOptions(undenufe_four_sixes=True)


def split(hand: str, **kw: Any) -> list[str]:
    return [f"{m.points} {m}" for m in best_melds(hand, **kw)]


# (name, hand, keyword arguments, the melds scored: "points cards", strongest first)
HANDS: list[tuple[str, str, dict[str, Any], list[str]]] = [
    ("three in sequence", "6C 7C 8C KD 10H", {}, ["20 8C 7C 6C"]),
    ("four in sequence", "9D 10D JD QD 6S", {}, ["50 QD JD 10D 9D"]),
    ("five in sequence", "10H JH QH KH AH", {}, ["100 AH KH QH JH 10H"]),
    ("six in sequence", "6S 7S 8S 9S 10S JS 6C", {}, ["150 JS 10S 9S 8S 7S 6S"]),
    ("seven in sequence", "8C 9C 10C JC QC KC AC", {}, ["200 AC KC QC JC 10C 9C 8C"]),
    ("eight in sequence", "6D 7D 8D 9D 10D JD QD KD", {}, ["250 KD QD JD 10D 9D 8D 7D 6D"]),
    ("nine in sequence", "6H 7H 8H 9H 10H JH QH KH AH", {},
     ["300 AH KH QH JH 10H 9H 8H 7H 6H"]),
    ("two cards are no sequence", "6H 7H 9H 10H QH", {}, []),
    ("a gap breaks a run", "6C 7C 8C 10C JC QC", {}, ["20 QC JC 10C", "20 8C 7C 6C"]),
    ("sequences in two suits", "QS KS AS 6D 7D 8D 9D", {}, ["50 9D 8D 7D 6D", "20 AS KS QS"]),
    ("no wrap from A to 6", "KC AC 6C 7C", {}, []),
    ("four 10s", "10C 10D 10H 10S", {}, ["100 10S 10H 10D 10C"]),
    ("four Qs", "QC QD QH QS", {}, ["100 QS QH QD QC"]),
    ("four Ks", "KC KD KH KS 6H", {}, ["100 KS KH KD KC"]),
    ("four As", "AC AD AH AS", {}, ["100 AS AH AD AC"]),
    ("four 9s", "9C 9D 9H 9S", {}, ["150 9S 9H 9D 9C"]),
    ("four Js", "JC JD JH JS", {}, ["200 JS JH JD JC"]),
    ("four 8s are no Weis by default", "8C 8D 8H 8S", {}, []),
    ("four 7s are no Weis by default", "7C 7D 7H 7S", {}, []),
    ("four 6s are no Weis by default", "6C 6D 6H 6S", {}, []),
    ("option: four 8s", "8C 8D 8H 8S", {"options": LOW}, ["100 8S 8H 8D 8C"]),
    ("option: four 7s", "7C 7D 7H 7S", {"options": LOW}, ["100 7S 7H 7D 7C"]),
    ("option: four 6s", "6C 6D 6H 6S", {"options": LOW}, ["100 6S 6H 6D 6C"]),
    ("option: four 6s in Undenufe", "6C 6D 6H 6S", {"undenufe": True, "options": SIXES},
     ["100 6S 6H 6D 6C"]),
    ("option: four As are no Weis in Undenufe with the 6s", "AC AD AH AS",
     {"undenufe": True, "options": SIXES}, []),
    ("the 6s option is for Undenufe only", "6C 6D 6H 6S AC AD AH AS", {"options": SIXES},
     ["100 AS AH AD AC"]),
    # The text's example: four 9s and the 7-8-9 of Shields want the 9 of Shields.
    ("text: four 9s rather than 7-8-9", "9C 9D 9H 9S 7D 8D", {}, ["150 9S 9H 9D 9C"]),
    ("option: one card in two melds", "9C 9D 9H 9S 7D 8D", {"options": SHARED},
     ["150 9S 9H 9D 9C", "20 9D 8D 7D"]),
    ("four Js and 6-10 rather than 6 to J", "JC JD JH JS 6D 7D 8D 9D 10D", {},
     ["200 JS JH JD JC", "100 10D 9D 8D 7D 6D"]),
    ("a run longer than the four: the 7 keeps the run", "7C 7D 7H 7S 6S 8S 9S 10S AC", {},
     ["100 10S 9S 8S 7S 6S"]),
    ("option: four 7s take the 7 out of the run", "7C 7D 7H 7S 6S 8S 9S 10S AC",
     {"options": LOW}, ["100 7S 7H 7D 7C", "20 10S 9S 8S"]),
    ("four Ks out of a six-run: 200 rather than 150", "8H 9H 10H JH QH KH KC KD KS", {},
     ["100 KS KH KD KC", "100 QH JH 10H 9H 8H"]),
    ("equal totals: the stronger best meld keeps the run", "9H 10H JH QH KH AH KC KD KS", {},
     ["150 AH KH QH JH 10H 9H"]),
    ("a run split in two by four 9s", "6H 7H 8H 9H 10H JH QH 9C 9D 9S", {},
     ["200 QH JH 10H 9H 8H 7H 6H"]),
    ("two fours and a sequence", "JC JD JH JS 9C 9D 9H 9S QC KC", {},
     ["200 JS JH JD JC", "150 9S 9H 9D 9C"]),
    ("most points: four Js out of a nine-run", "6S 7S 8S 9S 10S JS QS KS AS JC JD JH", {},
     ["200 JS JH JD JC", "100 10S 9S 8S 7S 6S", "20 AS KS QS"]),
    ("option: the strongest best meld keeps the nine", "6S 7S 8S 9S 10S JS QS KS AS JC JD JH",
     {"options": STRONGEST}, ["300 AS KS QS JS 10S 9S 8S 7S 6S"]),
    ("option: shared, the nine and the four Js", "6S 7S 8S 9S 10S JS QS KS AS JC JD JH",
     {"options": SHARED}, ["300 AS KS QS JS 10S 9S 8S 7S 6S", "200 JS JH JD JC"]),
    ("equal splits: the stronger best meld", "QC QD QH QS 10S JS KS", {},
     ["100 QS QH QD QC"]),
    ("sequences in Undenufe keep the natural order", "6C 7C 8C", {"undenufe": True},
     ["20 8C 7C 6C"]),
    ("a twelve-card hand with three melds", "6C 7C 8C 9C AD KD QD JD 10H 10C 10S 10D", {},
     ["100 10S 10H 10D 10C", "50 AD KD QD JD", "50 9C 8C 7C 6C"]),
]


@pytest.mark.parametrize(("name", "hand", "kw", "expected"), HANDS, ids=[h[0] for h in HANDS])
def test_weis_detection(name: str, hand: str, kw: dict[str, Any], expected: list[str]) -> None:
    assert split(hand, **kw) == expected


def test_at_least_thirty_constructed_hands() -> None:
    assert len(HANDS) >= 30


def test_text_example_four_nines_against_seven_eight_nine() -> None:
    """RULES J, the text: with four 9s, 7 and 8 of Shields, the 9 of Shields serves one meld."""
    melds = best_melds("9C 9D 9H 9S 7D 8D")
    assert [m.kind for m in melds] == [MeldKind.FOUR]
    assert sum(m.points for m in melds) == 150
    cards = [c for m in melds for c in m.cards]
    assert len(cards) == len(set(cards))


def test_every_card_serves_one_meld_by_default() -> None:
    for _, hand, kw, _ in HANDS:
        opts = kw.get("options", WeisOptions())
        if isinstance(opts, WeisOptions) and opts.card_use is CardUse.SHARED:
            continue
        cards = [c for m in best_melds(hand, **kw) for c in m.cards]
        assert len(cards) == len(set(cards)), hand


def test_make_meld_refuses_what_is_no_weis() -> None:
    for text in ("6C 7C", "6C 7C 9C", "6C 7D 8C", "8C 8D 8H 8S", "QC QD QH", ""):
        with pytest.raises(IllegalAction, match="RULES J"):
            make_meld(text)
    with pytest.raises(CardError):
        make_meld("1C 2C 3C")
    with pytest.raises(CardError, match="at most once"):
        make_meld("6C 6C 7C")


def test_comparison_points_first() -> None:
    assert strength(make_meld("6C 7C 8C 9C")) > strength(make_meld("QH KH AH"))
    assert strength(make_meld("10C 10D 10H 10S")) > strength(make_meld("6D 7D 8D 9D"))


def test_equal_points_four_beats_sequence_and_option_more_cards() -> None:
    pairs = [("9C 9D 9H 9S", "6D 7D 8D 9D 10D JD"), ("JC JD JH JS", "6H 7H 8H 9H 10H JH QH"),
             ("AC AD AH AS", "6S 7S 8S 9S 10S")]
    more = WeisOptions(equal_points=EqualPoints.MORE_CARDS)
    for four, seq in pairs:
        f, s = make_meld(four), make_meld(seq)
        assert f.points == s.points
        assert strength(f) > strength(s)
        assert strength(s, options=more) > strength(f, options=more)


def test_within_a_kind_the_higher_top_card() -> None:
    assert strength(make_meld("7C 8C 9C")) > strength(make_meld("6D 7D 8D"))
    assert strength(make_meld("AC AD AH AS")) > strength(make_meld("KC KD KH KS"))
    assert strength(make_meld("QC QD QH QS")) > strength(make_meld("10C 10D 10H 10S"))


def test_undenufe_natural_order_and_option_lower_wins() -> None:
    low, high = make_meld("6C 7C 8C"), make_meld("7D 8D 9D")
    assert strength(high, undenufe=True) > strength(low, undenufe=True)
    lower = WeisOptions(undenufe_lower_wins=True)
    assert strength(low, undenufe=True, options=lower) > strength(high, undenufe=True,
                                                                  options=lower)
    # the option is for Undenufe only
    assert strength(high, options=lower) > strength(low, options=lower)


def test_trump_breaks_a_tie_of_equal_sequences() -> None:
    hands = ["7C 8C 9C 6H", "7D 8D 9D 6S", "AH", "AS"]
    for trump, winner in ((Suit.CLUBS, 0), (Suit.DIAMONDS, 1)):
        r = score_weis(hands, trump=trump, sides=(0, 1, 0, 1))
        assert r.winner == winner
        assert r.points[winner] == 20 and r.points[1 - winner] == 0


def test_identical_best_weis_nobody_scores_and_option_first_declared() -> None:
    hands = ["7C 8C 9C QS KS AS", "7D 8D 9D", "6H 7H", "6S"]
    r = score_weis(hands, trump=Suit.HEARTS, sides=(0, 1, 0, 1))
    # side 0's best (Q K A of Roses) beats side 1's 7-8-9: no tie.
    assert r.winner == 0 and r.points == (40, 0)
    tie = ["7C 8C 9C", "7D 8D 9D", "6H", "6S"]
    r = score_weis(tie, trump=Suit.HEARTS, sides=(0, 1, 0, 1))
    assert r.winner is None and r.points == (0, 0)
    first = WeisOptions(tie=WeisTie.FIRST_DECLARED)
    for forehand, winner in ((0, 0), (1, 1), (2, 0), (3, 0)):
        r = score_weis(tie, trump=Suit.HEARTS, sides=(0, 1, 0, 1), forehand=forehand,
                       options=first)
        assert r.winner == winner, forehand


def test_the_best_side_scores_all_its_weis_the_other_nothing() -> None:
    # Side 0 (seats 0, 2): 50 and 20 + four Qs 100; side 1: five in sequence 100 is beaten by
    # four Qs? No: equal points, four of a kind first.
    hands = ["6C 7C 8C 9C", "6D 7D 8D 9D 10D", "QC QD QH QS AH KH JH", "6S"]
    r = score_weis(hands, trump=Suit.SPADES, sides=(0, 1, 0, 1))
    assert str(r.best[0]) == "QS QH QD QC"
    assert r.winner == 0
    assert r.points == (50 + 100, 0)  # A K of Bells and J of Bells are no sequence (Q taken)
    assert r.winning_seat == 2


def test_partners_weis_count_though_weaker_than_the_opponents() -> None:
    hands = ["JC JD JH JS", "6S 7S 8S 9S 10S", "6C 7C 8C", "QH KH AH"]
    r = score_weis(hands, trump=Suit.DIAMONDS, sides=(0, 1, 0, 1))
    assert r.winner == 0 and r.points == (220, 0)


def test_individual_players_each_a_side() -> None:
    hands = ["6C 7C 8C", "6D 7D 8D 9D", "QH KH AH", "7S 8S"]
    r = score_weis(hands, trump=Suit.CLUBS)
    assert r.winner == 1 and r.points == (0, 50, 0, 0)
    # two individuals tie for the best: nobody scores, though a third holds a weaker Weis
    r = score_weis(["6C 7C 8C 9C", "6D 7D 8D 9D", "QH KH AH"], trump=Suit.SPADES)
    assert r.winner is None and r.points == (0, 0, 0)


def test_no_weis_at_all() -> None:
    r = score_weis(["6C 8C", "6D 8D"], sides=(0, 1))
    assert r.winner is None and r.points == (0, 0) and r.best == (None, None)


def test_bad_input_is_refused_clearly() -> None:
    with pytest.raises(CardError, match="dealt twice"):
        score_weis(["6C 7C 8C", "6C"])
    with pytest.raises(IllegalAction, match="sides"):
        score_weis(["6C 7C 8C", "6D"], sides=(0,))
    with pytest.raises(IllegalAction, match="forehand"):
        score_weis(["6C 7C 8C", "6D"], forehand=5)


def test_declaring_by_hand_at_least_as_high_as_the_last() -> None:
    seq4, seq3, four = make_meld("6C 7C 8C 9C"), make_meld("QH KH AH"), make_meld("KC KD KH KS")
    check_declaration("6C 7C 8C 9C", seq4, seq3)
    check_declaration("6C 7C 8C 9C", seq4, make_meld("6D 7D 8D 9D"))  # equal is allowed
    with pytest.raises(IllegalAction, match="at least as high"):
        check_declaration("QH KH AH", seq3, seq4)
    with pytest.raises(IllegalAction, match="not in the hand"):
        check_declaration("QH KH", seq3)
    assert declared_rank(four) > declared_rank(make_meld("6D 7D 8D 9D 10D"))


def test_score_declared_only_declarers_compete() -> None:
    hands = ["KC KD KH KS", "6S 7S 8S 9S", "QH JH 10H", "6C 7C 8C"]
    none = score_declared(hands, [None] * 4, sides=(0, 1, 0, 1))
    assert none.winner is None
    both = score_declared(hands, [make_meld("KC KD KH KS"), make_meld("6S 7S 8S 9S"), None,
                                  None], sides=(0, 1, 0, 1))
    assert both.winner == 0 and both.points == (120, 0)


# ------------------------------------------------------------------ brute force (hypothesis)

def _is_meld(cards: tuple[Card, ...], options: WeisOptions, undenufe: bool) -> int:
    """Points of a card set if it is a Weis, computed independently of the module's search."""
    ranks = sorted(c.rank for c in cards)
    suits = {c.suit for c in cards}
    if len(cards) == 4 and len(set(ranks)) == 1:
        r = ranks[0]
        if undenufe and options.undenufe_four_sixes and r in (6, 14):
            return 100 if r == 6 else 0
        table = {9: 150, 11: 200, 10: 100, 12: 100, 13: 100, 14: 100}
        if options.low_fours:
            table.update({6: 100, 7: 100, 8: 100})
        return table.get(r, 0)
    run = list(range(ranks[0], ranks[0] + len(ranks))) if ranks else []
    if len(cards) >= 3 and len(suits) == 1 and ranks == run:
        return {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}[len(cards)]
    return 0


def _brute_best(hand: list[Card], options: WeisOptions) -> int:
    melds = [
        (frozenset(combo), pts)
        for k in range(3, len(hand) + 1)
        for combo in itertools.combinations(hand, k)
        if (pts := _is_meld(combo, options, False))
    ]
    best = 0

    def rec(i: int, used: frozenset[Card], total: int) -> None:
        nonlocal best
        best = max(best, total)
        for j in range(i, len(melds)):
            cards, pts = melds[j]
            if used.isdisjoint(cards):
                rec(j + 1, used | cards, total + pts)

    rec(0, frozenset(), 0)
    return best


# Hands drawn from few ranks and suits so that runs and fours meet often.
_DENSE = [c for c in JASS.cards if c.rank in (8, 9, 10, 11, 12) or c.suit is Suit.HEARTS]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_DENSE), min_size=3, max_size=9, unique=True),
       st.booleans())
def test_best_split_never_scores_less_than_any_valid_split(hand: list[Card], low: bool) -> None:
    options = WeisOptions(low_fours=low)
    melds = best_melds(hand, options=options)
    used = [c for m in melds for c in m.cards]
    assert len(used) == len(set(used))
    assert all(_is_meld(m.cards, options, False) == m.points for m in melds)
    assert sum(m.points for m in melds) == _brute_best(hand, options)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(_DENSE), min_size=3, max_size=9, unique=True))
def test_strongest_best_option_keeps_the_strongest_meld(hand: list[Card]) -> None:
    strongest = best_melds(hand, options=STRONGEST)
    every = candidate_melds(hand)
    if not every:
        assert strongest == ()
        return
    assert strength(strongest[0]) == max(strength(m) for m in every)
    assert sum(m.points for m in strongest) <= sum(m.points for m in best_melds(hand))


def test_mask_form_agrees_with_the_card_form_on_random_deals() -> None:
    """The engine's bit-mask entry points give what the card forms give (300 seeded deals)."""
    import random

    from chaitea.rulesets.jass.stoeck import stoeck_holder, stoeck_holder_mask
    from chaitea.rulesets.jass.weis import score_weis_masks

    rng = random.Random(9)
    for k in range(300):
        deck = list(JASS.cards)
        rng.shuffle(deck)
        hands = [deck[i * 9:(i + 1) * 9] for i in range(4)]
        masks = [JASS.mask_of(h) for h in hands]
        trump = None if k % 5 == 0 else Suit(k % 4)
        opts = (WeisOptions(), LOW, SHARED, STRONGEST)[k % 4]
        a = score_weis(hands, trump=trump, sides=(0, 1, 0, 1), forehand=k % 4, options=opts)
        b = score_weis_masks(masks, trump=trump, sides=(0, 1, 0, 1), forehand=k % 4,
                             options=opts)
        assert a == b
        assert stoeck_holder(hands, trump) == stoeck_holder_mask(masks, trump)
    with pytest.raises(CardError):
        score_weis_masks([1, 1])
    with pytest.raises(CardError):
        score_weis_masks([1 << 36])


def test_four_sixes_in_undenufe_take_the_place_of_four_aces() -> None:
    sixes, tens = make_meld("6C 6D 6H 6S", undenufe=True, options=SIXES), make_meld(
        "10C 10D 10H 10S")
    assert sixes.points == tens.points == 100
    assert strength(sixes, undenufe=True, options=SIXES) > strength(tens, undenufe=True,
                                                                    options=SIXES)
    kings = make_meld("KC KD KH KS")
    assert strength(sixes, undenufe=True, options=SIXES) > strength(kings, undenufe=True,
                                                                    options=SIXES)
    r = score_weis(["6C 6D 6H 6S", "KC KD KH KS"], undenufe=True, sides=(0, 1), options=SIXES)
    assert r.winner == 0 and r.points == (100, 0)
