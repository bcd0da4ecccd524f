"""Rank orders and card-value tables as data (RULES R, D4; RULES C, D1; RULES J)."""

from __future__ import annotations

import pytest

from chaitea import DOUBLE, JASS, SIX_PLAYER, STANDARD, Contract
from chaitea.core.cards import Suit
from chaitea.core.errors import SetupError
from chaitea.core.orders import (
    JASS_RANKS,
    TABLES,
    Order,
    _derived,
    rank_strength,
    strongest_first,
)
from chaitea.core.values import (
    CTJ,
    JASS_NO_TRUMP,
    JASS_PLAIN_VALUES,
    JASS_TRUMP_VALUES,
    JASS_UNDENUFE_SIX,
    VALUE_TABLES,
    values_named,
)

FACE = {"6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def faces(text: str) -> tuple[int, ...]:
    return tuple(FACE[f] for f in text.split())


# -- orders ------------------------------------------------------------------------------------
def test_rules_j_jass_orders_written_out() -> None:
    """RULES J: trump J 9 A K Q 10 8 7 6; other suits and Obenabe A K Q J 10 9 8 7 6;
    Undenufe the reverse, 6 first."""
    assert strongest_first(Order.JASS_TRUMP, JASS_RANKS) == faces("J 9 A K Q 10 8 7 6")
    assert strongest_first(Order.OVER, JASS_RANKS) == faces("A K Q J 10 9 8 7 6")
    assert strongest_first(Order.UNDER, JASS_RANKS) == faces("6 7 8 9 10 J Q K A")


def test_rules_r_and_d4_ctj_orders_written_out() -> None:
    r9, r13 = tuple(range(1, 10)), tuple(range(1, 14))
    assert strongest_first(Order.OVER, r9) == (9, 8, 7, 6, 5, 4, 3, 2, 1)
    assert strongest_first(Order.UNDER, r9) == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert strongest_first(Order.MIDDLE, r9) == (5, 4, 6, 3, 7, 2, 8, 1, 9)
    assert strongest_first(Order.MIDDLE, r13) == (7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13)


def test_tables_agree_with_the_rule_that_defines_them() -> None:
    """Every numeric table is a permutation of its deck's ranks and, except the Jass trump order
    (which no rule of rank numbers yields), what the generic Over/Under/Middle rule gives."""
    for (order, ranks), table in TABLES.items():
        assert sorted(table) == sorted(ranks)
        if order is not Order.JASS_TRUMP:
            assert table == _derived(order, ranks), (order, ranks)
    # the trump order is not by rank number: the J (11) and the 9 outrank the A (14)
    s = rank_strength(Order.JASS_TRUMP, JASS_RANKS)
    assert s[11] > s[9] > s[14] > s[13] > s[12] > s[10] > s[8] > s[7] > s[6]


def test_jass_trump_order_needs_the_jass_deck() -> None:
    with pytest.raises(SetupError, match="Jass deck only"):
        strongest_first(Order.JASS_TRUMP, tuple(range(1, 10)))


def test_flipped() -> None:
    assert Order.OVER.flipped() is Order.UNDER and Order.UNDER.flipped() is Order.OVER
    assert Order.MIDDLE.flipped() is Order.MIDDLE
    assert Order.JASS_TRUMP.flipped() is Order.JASS_TRUMP


# -- values ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("deck", "total"), [(STANDARD, 100), (SIX_PLAYER, 200), (DOUBLE, 200)])
def test_ctj_decks_total_through_the_default_table(deck, total) -> None:
    """RULES C, D1: 100 / 200 / 200; the deck's points are its default table's."""
    assert deck.values is CTJ
    assert CTJ.total(deck) == deck.total_points == total
    assert deck.points == CTJ.for_deck(deck)


@pytest.mark.parametrize("suit", list(Suit))
def test_rules_j_trump_values_total_157(suit: Suit) -> None:
    """RULES J: trump J 20, 9 14, A 11, 10 10, K 4, Q 3; the others A 11, 10 10, K 4, Q 3, J 2:
    152 + 5 for the last trick = 157, whichever suit is trump."""
    vals = JASS_TRUMP_VALUES.for_deck(JASS, int(suit))
    assert JASS_TRUMP_VALUES.last_trick == 5
    assert sum(vals) + 5 == 157
    t = {c.rank: vals[i] for i, c in enumerate(JASS.cards) if c.suit == suit}
    assert t == {11: 20, 9: 14, 14: 11, 10: 10, 13: 4, 12: 3, 8: 0, 7: 0, 6: 0}
    other = next(s for s in Suit if s != suit)
    p = {c.rank: vals[i] for i, c in enumerate(JASS.cards) if c.suit == other}
    assert p == {14: 11, 10: 10, 13: 4, 12: 3, 11: 2, 9: 0, 8: 0, 7: 0, 6: 0}


@pytest.mark.parametrize("spelling", ["obenabe", "undenufe", "slalom(obenabe)",
                                      "slalom(undenufe)", "gustav(obenabe)", "gustav(undenufe)",
                                      "riesenslalom(obenabe,4)", "trump(C)", "trump(H)",
                                      "tutti"])
@pytest.mark.parametrize("undenufe_six", [False, True])
def test_every_jass_mode_totals_157(spelling: str, undenufe_six: bool) -> None:
    """RULES J: card values total 152 + 5 for the last trick = 157 in every mode, the Undenufe
    6 = 11 option included (Tutti: once its trump is set, any suit)."""
    c = Contract.parse(spelling, family="jass")
    opts = frozenset({"undenufe-six"}) if undenufe_six else frozenset()
    for rule in c.trick_rules(9, opts):
        trumps = [rule.trump] if rule.trump >= 0 else ([0, 1, 2, 3] if rule.has_trump else [-1])
        assert rule.values.last_trick == 5
        for t in trumps:
            assert rule.values.total(JASS, t) + 5 == 157
            assert rule.values.match == 100


def test_no_trump_values_and_the_undenufe_six_option() -> None:
    """RULES J: no trump: A 11, 10 10, K 4, Q 3, J 2, 8 8; option: Undenufe 6 = 11, A = 0,
    for Undenufe only (Slalom and Gustav keep the no-trump values)."""
    assert dict(JASS_NO_TRUMP.plain) == {14: 11, 10: 10, 13: 4, 12: 3, 11: 2, 8: 8}
    assert JASS_UNDENUFE_SIX.value(6) == 11 and JASS_UNDENUFE_SIX.value(14) == 0
    opts = frozenset({"undenufe-six"})
    assert Contract.parse("undenufe", family="jass").trick_rules(9, opts)[0].values \
        is JASS_UNDENUFE_SIX
    for sp in ("slalom(undenufe)", "gustav(undenufe)", "obenabe"):
        assert {r.values for r in Contract.parse(sp, family="jass").trick_rules(9, opts)} \
            == {JASS_NO_TRUMP}


def test_the_jass_deck_keeps_its_plain_default() -> None:
    """API compatibility: the Jass deck's ``points`` are the plain-suit table (120 in all)."""
    assert JASS.values is JASS_PLAIN_VALUES and JASS.total_points == 120
    assert JASS.points_of("AS") == 11 and JASS.points_of("JS") == 2


def test_value_tables_by_name() -> None:
    assert all(values_named(n) is t for n, t in VALUE_TABLES.items())
    with pytest.raises(SetupError, match="unknown card-value table"):
        values_named("tarot")
