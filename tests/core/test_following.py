"""Following, one rule per family: the legal set and the refusal's reason from the same code
(RULES F, D6, D7; RULES J and the Jass text's examples)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaitea import JASS, SIX_PLAYER, STANDARD, Card, Deck, Suit
from chaitea.core.errors import SetupError
from chaitea.core.following import FOLLOW_RULES, follow_rule
from chaitea.core.orders import JASS_TRUMP

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def legal(rule: str, deck: Deck, trump: Suit | None, trick: list[str],
          hand: list[str]) -> list[str]:
    f = FOLLOW_RULES[rule].bind(deck, -1 if trump is None else int(trump))
    ids = [deck.index_of(c) for c in trick]
    led = next((deck.suit_of[i] for i in ids if deck.suit_of[i] >= 0), -1)
    return [str(c) for c in deck.cards_of(f.legal(deck.mask_of(hand), led, ids))]


def refusal(rule: str, deck: Deck, trump: Suit | None, trick: list[str], hand: list[str],
            card: str) -> str | None:
    f = FOLLOW_RULES[rule].bind(deck, -1 if trump is None else int(trump))
    ids = [deck.index_of(c) for c in trick]
    led = next((deck.suit_of[i] for i in ids if deck.suit_of[i] >= 0), -1)
    return f.refusal(deck.index_of(card), deck.mask_of(hand), led, ids)


def same(a: list[str], b: list[str]) -> bool:
    return sorted(a) == sorted(b)


# -- the Jass text and RULES J ---------------------------------------------------------------------
def test_jass_text_undertrumping_example() -> None:
    """The text's example: Roses (S) trump; A leads a Bells (H) card; B plays the 8 of Roses;
    C has no Bells and his only Roses is the 7: he may not play the 7 of Roses."""
    hand = ["7S", "AC", "10D", "6C"]
    assert same(legal("jass", JASS, S, ["KH", "8S"], hand), ["AC", "10D", "6C"])
    why = refusal("jass", JASS, S, ["KH", "8S"], hand, "7S")
    assert why == ("7S refused: no undertrumping: 8S is the highest trump (Roses) in the trick "
                   "and 7S is a lower trump; only a hand of nothing but trumps may undertrump "
                   "(RULES J)")


def test_no_undertrumping_below_the_puur_in_the_trick() -> None:
    """Trump Diamonds, trick 6C JD 10D, hand AD 9D 6D 10S: the Puur leads the trump in the
    trick, every trump of the hand is lower, so only 10S is legal (RULES J; a bug reported against
    jass-kit, whose check compared with the lowest trump and allowed AD and 9D:
    github.com/thomas-koller/jass-kit-py/issues/10)."""
    assert legal("jass", JASS, D, ["6C", "JD", "10D"], ["AD", "9D", "6D", "10S"]) == ["10S"]


def test_undertrumping_compares_with_the_highest_trump_in_the_trick() -> None:
    """RULES J: compared with the highest trump already in the trick, not the lowest."""
    hand = ["KS", "QC"]
    assert legal("jass", JASS, S, ["AH", "9S", "6S"], hand) == ["QC"]
    assert same(legal("jass", JASS, S, ["AH", "6S", "7S"], hand), ["KS", "QC"])


def test_undertrumping_binds_a_player_who_can_follow_too() -> None:
    """RULES J: follow or over-trump; a lower trump is refused even when holding the led suit."""
    hand = ["6H", "7S", "AS", "QC"]
    assert same(legal("jass", JASS, S, ["KH", "8S"], hand), ["6H", "AS"])
    assert refusal("jass", JASS, S, ["KH", "8S"], hand, "QC") == (
        "QC refused: must follow Bells (holds 6H); a trump may be played instead (RULES J)")


def test_a_hand_of_only_trumps_is_free() -> None:
    assert same(legal("jass", JASS, S, ["KH", "9S"], ["7S", "8S"]), ["7S", "8S"])


def test_trump_lead_no_undertrumping_no_duty_to_overtrump() -> None:
    """RULES J: to a trump lead, any trump may be played (lower or higher); another suit only
    without trumps."""
    assert same(legal("jass", JASS, S, ["9S"], ["6S", "JS", "AC"]), ["6S", "JS"])
    assert same(legal("jass", JASS, S, ["JS"], ["6S", "7S", "AC"]), ["6S", "7S"])
    assert same(legal("jass", JASS, S, ["JS"], ["AC", "6H"]), ["AC", "6H"])
    why = refusal("jass", JASS, S, ["JS"], ["6S", "AC"], "AC")
    assert why is not None and why.startswith("AC refused: trump (Roses) was led, so a trump "
                                              "must be played (holds 6S)")


def test_the_puur_exception() -> None:
    """RULES J: to a trump lead, a player whose only trump is the Puur may play any card; with
    another trump beside it the duty holds."""
    assert same(legal("jass", JASS, D, ["AD"], ["JD", "AC", "7H"]), ["JD", "AC", "7H"])
    assert same(legal("jass", JASS, D, ["AD"], ["JD", "9D", "AC"]), ["JD", "9D"])


def test_no_duty_to_trump_or_to_win() -> None:
    assert same(legal("jass", JASS, S, ["AH"], ["6H", "JS", "AC"]), ["6H", "JS"])
    assert same(legal("jass", JASS, S, ["AH"], ["JS", "AC", "7D"]), ["JS", "AC", "7D"])


def test_jass_without_trump_is_plain_following() -> None:
    """Obenabe, Undenufe (and Tutti before its trump is set): follow if able, else any card."""
    assert legal("jass", JASS, None, ["AH"], ["6H", "JS", "AC"]) == ["6H"]
    assert same(legal("jass", JASS, None, ["AH"], ["JS", "AC"]), ["JS", "AC"])


# -- Chai Tea Jazz (RULES F, D6, D7) -------------------------------------------------------------
def test_ctj_reason_texts() -> None:
    """The Chai Tea Jazz refusals keep their words (RULES F)."""
    assert refusal("chai-tea-jazz", STANDARD, None, ["9H"], ["3H", "5H", "7C"], "7C") == \
        "7C refused: must follow hearts (holds 3H, 5H)"
    assert refusal("chai-tea-jazz", STANDARD, S, ["9H"], ["3H", "5H", "7C"], "7C") == \
        "7C refused: must follow hearts (holds 3H, 5H); a trump may be played instead"
    assert refusal("chai-tea-jazz", STANDARD, H, ["9H"], ["3H", "7C"], "7C") == \
        "7C refused: trump (hearts) was led, so a trump must be played (holds 3H) (RULES F)"
    assert refusal("chai-tea-jazz", STANDARD, S, ["9H"], ["3H", "1S", "7C"], "1S") is None


def test_ctj_may_trump_and_no_undertrumping_rule() -> None:
    """RULES F: a trump may be played even when able to follow; no undertrumping rule."""
    assert same(legal("chai-tea-jazz", STANDARD, S, ["9H", "8S"], ["3H", "1S", "7C"]),
                ["3H", "1S"])


def test_d6_jokers_free_and_a_joker_lead_sets_no_suit() -> None:
    assert same(legal("chai-tea-jazz", SIX_PLAYER, S, ["9H"], ["3H", "JK1", "7C"]),
                ["3H", "JK1"])
    assert same(legal("chai-tea-jazz", SIX_PLAYER, None, ["JK2"], ["3H", "7C"]), ["3H", "7C"])
    assert legal("chai-tea-jazz", SIX_PLAYER, None, ["JK2", "5C"], ["3H", "7C"]) == ["7C"]


def test_plain_following() -> None:
    assert legal("plain", STANDARD, S, ["9H"], ["3H", "1S", "7C"]) == ["3H"]
    assert refusal("plain", STANDARD, S, ["9H"], ["3H", "1S"], "1S") == \
        "1S refused: must follow hearts (holds 3H)"


def test_unknown_follow_rule() -> None:
    assert follow_rule("jass") is FOLLOW_RULES["jass"]
    with pytest.raises(SetupError, match="unknown follow rule"):
        follow_rule("tarot")


# -- an independent brute-force reading ------------------------------------------------------------
def jass_reading(hand: list[Card], trick: list[Card], trump: Suit | None) -> set[Card]:
    """RULES J read card by card, with the trump order as the written tuple."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    if trump is None:
        follow = [c for c in hand if c.suit == led]
        return set(follow or hand)
    power = {r: 9 - i for i, r in enumerate(JASS_TRUMP)}
    trumps = [c for c in hand if c.suit == trump]
    if led == trump:
        if not trumps or [c.rank for c in trumps] == [11]:
            return set(hand)
        return set(trumps)
    can_follow = any(c.suit == led for c in hand)
    in_trick = [power[c.rank] for c in trick if c.suit == trump]
    only_trumps = len(trumps) == len(hand)
    out = set()
    for c in hand:
        if can_follow and c.suit not in (led, trump):
            continue
        if c.suit == trump and in_trick and not only_trumps and power[c.rank] < max(in_trick):
            continue
        out.add(c)
    return out


def ctj_reading(hand: list[Card], trick: list[Card], trump: Suit | None) -> set[Card]:
    """RULES F and D6 read card by card."""
    led = next((c.suit for c in trick if not c.is_joker), None)
    if led is None or not any(c.suit == led for c in hand):
        return set(hand)
    return {c for c in hand if c.suit == led or c.is_joker or (trump is not None
                                                               and c.suit == trump)}


READINGS = {"jass": (JASS, jass_reading), "chai-tea-jazz": (SIX_PLAYER, ctj_reading)}


@settings(max_examples=400, deadline=None)
@given(rule=st.sampled_from(sorted(READINGS)), data=st.data(),
       trump=st.sampled_from([None, C, D, H, S]))
def test_follow_rule_against_a_brute_force_reading(rule: str, data: st.DataObject,
                                                   trump: Suit | None) -> None:
    """Legal set == the independent reading; each refused card has a reason, each legal card
    none; the legal set is never empty."""
    deck, reading = READINGS[rule]
    order = data.draw(st.permutations(range(deck.size)))
    n_trick = data.draw(st.integers(0, 3))
    n_hand = data.draw(st.integers(1, 9))
    trick = [deck.cards[i] for i in order[:n_trick]]
    hand = [deck.cards[i] for i in order[n_trick:n_trick + n_hand]]
    f = FOLLOW_RULES[rule].bind(deck, -1 if trump is None else int(trump))
    ids = [deck.index_of(c) for c in trick]
    led = next((deck.suit_of[i] for i in ids if deck.suit_of[i] >= 0), -1)
    mask = deck.mask_of(hand)
    got = set(deck.cards_of(f.legal(mask, led, ids)))
    assert got == reading(hand, trick, trump)
    assert got and got <= set(hand)
    for c in hand:
        why = f.refusal(deck.index_of(c), mask, led, ids)
        assert (why is None) == (c in got)
        if why is not None:
            assert why.startswith(f"{c} refused: ")
