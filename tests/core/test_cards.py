"""Cards, decks, card points and deals (RULES C and P, RECORD ``deal``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaitea import (
    DECKS,
    DOUBLE,
    JASS,
    SIX_PLAYER,
    STANDARD,
    Card,
    CardError,
    ChaiTeaError,
    Deal,
    DealError,
    Game,
    Suit,
)
from tests.engine.conftest import make_deal, strs

ALL_DECKS = [STANDARD, SIX_PLAYER, DOUBLE, JASS]


def expected_canonical(deck_name: str) -> list[str]:
    """RECORD deal: suits C, D, H, S; ranks ascending (Jass 6..A); Jokers last; the double deck's
    second copy (written 7H') as a whole 36-card block after the first."""
    if deck_name == "standard":
        return [f"{r}{s}" for s in "CDHS" for r in range(1, 10)]
    if deck_name == "six-player":
        return [f"{r}{s}" for s in "CDHS" for r in range(1, 14)] + ["JK1", "JK2"]
    if deck_name == "double":
        first = [f"{r}{s}" for s in "CDHS" for r in range(1, 10)]
        return first + [c + "'" for c in first]
    assert deck_name == "jass"
    return [f"{r}{s}" for s in "CDHS" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")]


@pytest.mark.parametrize("deck", ALL_DECKS, ids=lambda d: d.name)
def test_rules_c_canonical_order_of_every_deck(deck):
    """RULES C / RECORD deal: the canonical order a seeded deal shuffles."""
    assert strs(deck.cards) == expected_canonical(deck.name)


@pytest.mark.parametrize("deck", ALL_DECKS, ids=lambda d: d.name)
def test_rules_c_parse_str_round_trip_every_card(deck):
    """RULES C: every card prints in the notation and parses back to the same card."""
    texts = [str(c) for c in deck.cards]
    assert len(set(texts)) == len(texts) == {"standard": 36, "six-player": 54, "double": 72,
                                             "jass": 36}[deck.name]
    for card in deck.cards:
        assert deck.parse(str(card)) == card
        assert deck.index_of(str(card)) == deck.cards.index(card)
        jass = True if deck is JASS else None
        assert Card.parse(str(card), jass=jass) == card


def test_rules_c_card_fields():
    """RULES C: rank then suit; Jokers have no suit; the double deck's copy is primed."""
    c = Card.parse("13S")
    assert (c.rank, c.suit, c.is_joker) == (13, Suit.SPADES, False)
    j = Card.parse("JK2")
    assert j.is_joker and j.suit is None
    assert Card.parse("7H'") != Card.parse("7H")
    assert DOUBLE.parse("7H'").copy == 1
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]


def test_rules_c_ten_is_read_in_the_context_of_the_deck():
    """RULES C: ``10C`` is a plain 10 in the six-player deck and the Banner in the Jass deck."""
    assert SIX_PLAYER.parse("10C").rank == 10
    banner = JASS.parse("10C")
    assert banner.jass and banner.rank == 10
    assert SIX_PLAYER.parse("10C") != banner
    with pytest.raises(CardError):
        STANDARD.parse("10C")


@pytest.mark.parametrize(
    "text", ["", "H7", "7", "7Z", "JK", "JK3", "7HH", "C", "0", "x7H", "7 H", "100C", "J"])
def test_rules_c_bad_card_strings_refused(text):
    """RULES C: a string that is no card is refused with a CardError (a ChaiTeaError)."""
    with pytest.raises(CardError):
        Card.parse(text)
    for deck in ALL_DECKS:
        with pytest.raises(CardError):
            deck.parse(text)


@pytest.mark.parametrize(
    ("deck", "text"),
    [(STANDARD, "10C"), (STANDARD, "0C"), (STANDARD, "JK1"), (STANDARD, "7H'"), (STANDARD, "AS"),
     (SIX_PLAYER, "14C"), (SIX_PLAYER, "7H'"), (SIX_PLAYER, "QH"), (DOUBLE, "10D"),
     (DOUBLE, "JK1"), (JASS, "5C"), (JASS, "1H"), (JASS, "JK1")],
)
def test_rules_c_card_of_another_deck_refused(deck, text):
    """RULES C: a card string is read in the context of its deck; foreign cards are refused."""
    with pytest.raises(CardError) as e:
        deck.parse(text)
    assert isinstance(e.value, ChaiTeaError) and isinstance(e.value, ValueError)


@pytest.mark.parametrize("text", ["0C", "00C", "14C", "99H", "01C", "09S", "0H'"])
def test_rules_c_card_parse_refuses_ranks_of_no_deck(text):
    """RULES C: a card is written rank then suit (1C, 9S, 13H); ranks run 1..13 (Jass faces
    J Q K A). "0C", "14C" or "99H" name no card of any deck, and "01C" is not the notation
    of 1C (it would not print back as written)."""
    with pytest.raises(CardError):
        Card.parse(text)


def test_rules_c_non_string_refused():
    with pytest.raises(CardError):
        Card.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deck", "text", "points"),
    [(STANDARD, "1C", 1), (STANDARD, "2C", 0), (STANDARD, "7H", 7), (STANDARD, "8S", 0),
     (STANDARD, "9D", 9), (SIX_PLAYER, "11C", 11), (SIX_PLAYER, "13S", 13),
     (SIX_PLAYER, "12H", 0), (SIX_PLAYER, "10D", 0), (SIX_PLAYER, "JK1", 2),
     (SIX_PLAYER, "JK2", 2), (DOUBLE, "9H'", 9), (DOUBLE, "4H'", 0)],
)
def test_rules_c_d1_card_points(deck, text, points):
    """RULES C: odd ranks score their rank, even ranks 0; D1: each Joker scores 2."""
    assert deck.points_of(text) == points
    assert deck.points_of(deck.parse(text)) == points


@pytest.mark.parametrize(("deck", "total"), [(STANDARD, 100), (SIX_PLAYER, 200), (DOUBLE, 200)])
def test_rules_c_d1_deck_totals(deck, total):
    """RULES C, D1: totals 100 (36 cards), 200 (six-player, Jokers 2 each), 200 (double)."""
    assert deck.total_points == total
    by_hand = sum(c.rank if c.rank % 2 else 0 for c in deck.cards if not c.is_joker)
    by_hand += 2 * sum(c.is_joker for c in deck.cards)
    assert by_hand == total
    assert sum(deck.points_of(c) for c in deck.cards) == total


def test_d1_six_player_jokers_make_200():
    """D1: without the Jokers the six-player deck holds 196 points; two Jokers of 2 make 200."""
    plain = sum(SIX_PLAYER.points_of(c) for c in SIX_PLAYER.cards if not c.is_joker)
    assert plain == 196
    assert strs(c for c in SIX_PLAYER.cards if c.is_joker) == ["JK1", "JK2"]


def test_rules_c_decks_are_named():
    assert set(DECKS) == {"standard", "six-player", "double", "jass"}


# -- deals (RULES P, RECORD deal) ---------------------------------------------------------------
def deal_by_hand(seed: int) -> list[list[str]]:
    """RECORD deal: the canonical deck shuffled by random.Random(N).shuffle, then consecutive
    blocks of 12 for seats 0, 1, 2."""
    deck = [f"{r}{s}" for s in "CDHS" for r in range(1, 10)]
    random.Random(seed).shuffle(deck)
    return [deck[0:12], deck[12:24], deck[24:36]]


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 2**31 - 1])
def test_rules_p_seeded_deal_is_portable(seed):
    """RULES P, RECORD deal: Deal.from_seed(N, 3, STANDARD) equals dealing the shuffle by hand."""
    d = Deal.from_seed(seed, 3, STANDARD)
    assert [strs(h) for h in d.hands] == deal_by_hand(seed)
    assert d.seed == seed
    assert d.to_json() == {"seed": seed}


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_rules_p_seeded_deal_is_portable_any_seed(seed):
    """RULES P, RECORD deal: the portable shuffle for any seed."""
    assert [strs(h) for h in Deal.from_seed(seed, 3, STANDARD).hands] == deal_by_hand(seed)


def test_rules_p_seeded_deal_from_json():
    d = Deal.from_json({"seed": 7}, 3, STANDARD)
    assert [strs(h) for h in d.hands] == deal_by_hand(7)


def test_rules_p_seeded_game_deals_rounds_from_its_seed():
    """A state dealt from a seed holds those hands (RULES P: 12 cards each)."""
    s = Game(players=3).new_initial_state()
    s.apply_deal(7)
    assert [strs(s.hand(i)) for i in range(3)] == [sorted(h, key=STANDARD.index_of)
                                                   for h in deal_by_hand(7)]


def test_rules_p_explicit_deal_json_round_trip():
    d = make_deal("9C 2H", "1C", "7C")
    obj = d.to_json()
    assert set(obj) == {"hands"}
    assert Deal.from_json(obj, 3, STANDARD) == d


def _hands(d: Deal) -> list[list[str]]:
    return [strs(h) for h in d.hands]


def test_rules_p_explicit_deal_validation():
    """RULES P: a deal uses every card once, 12 per hand for three players."""
    good = _hands(make_deal("", "", ""))
    Deal.from_json({"hands": good}, 3, STANDARD)  # accepted

    dup = [list(h) for h in good]
    dup[2][0] = dup[0][0]  # a duplicate (and so a missing card)
    with pytest.raises(DealError):
        Deal.from_json({"hands": dup}, 3, STANDARD)

    short = [list(h) for h in good]
    short[0].append(short[1].pop())  # 13 / 11 / 12
    with pytest.raises(DealError):
        Deal.from_json({"hands": short}, 3, STANDARD)

    missing = [list(h) for h in good]
    missing[2].pop()  # 12 / 12 / 11
    with pytest.raises(DealError):
        Deal.from_json({"hands": missing}, 3, STANDARD)

    foreign = [list(h) for h in good]
    foreign[1][0] = "10C"
    with pytest.raises(DealError):
        Deal.from_json({"hands": foreign}, 3, STANDARD)

    with pytest.raises(DealError):
        Deal.from_json({"hands": good[:2]}, 3, STANDARD)
    with pytest.raises(DealError):  # straw and set_aside belong to two-player deals only
        Deal.from_json({"hands": good, "set_aside": ["1C", "2C"]}, 3, STANDARD)


def test_rules_p_state_refuses_a_bad_deal_and_stays_waiting():
    s = Game(players=3).new_initial_state()
    before = s.clone()
    d = make_deal("", "", "")
    bad = Deal((d.hands[0], d.hands[0], d.hands[2]))
    with pytest.raises(DealError):
        s.apply_deal(bad)
    assert s == before
    assert s.phase == "deal"
