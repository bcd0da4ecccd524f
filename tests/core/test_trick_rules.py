"""Contracts as schedules of trick rules (RULES R, D3, D5; RULES J and the Jass text)."""

from __future__ import annotations

import pytest

from chaitea import JASS, SIX_PLAYER, STANDARD, Contract, Order, SetupError, trick_winner
from chaitea.core.cards import Suit
from chaitea.core.contracts import JASS_KINDS, KINDS
from chaitea.core.setups import ROW_KINDS
from chaitea.core.tricks import (
    TrickRule,
    TrumpSetting,
    strength_table,
    strength_tables,
    trump_in_force,
    winning_position,
)
from chaitea.core.values import CTJ, JASS_NO_TRUMP, JASS_TRUMP_VALUES

OVER, UNDER, JT = Order.OVER, Order.UNDER, Order.JASS_TRUMP


def jass(sp: str) -> Contract:
    return Contract.parse(sp, family="jass")


def win(contract: Contract, k: int, cards: list[str], deck=JASS, n: int = 9, **kw) -> str:
    return str(trick_winner(contract, k, cards, deck, n, **kw).card)


# -- Chai Tea Jazz's contracts as trick rules ----------------------------------------------------
def test_every_ctj_row_contract_is_a_schedule_of_fixed_or_no_trump_rules() -> None:
    """Each contract a Chai Tea Jazz row plays: trump FIXED in its suit with the trick's own
    order inside trump and led suit (D5), the CTJ value table, and the old schedule."""
    for kind in ROW_KINDS.values():
        for _sp, c in kind.choices:
            for n in (9, 12, 17):
                rules = c.trick_rules(n)
                assert len(rules) == n
                assert tuple(r.plain_order for r in rules) == c.schedule(n)
                for r in rules:
                    assert r.values is CTJ
                    assert r.trump_order is r.plain_order  # D5
                    if c.trump is None:
                        assert (r.trump_setting, r.trump) == (TrumpSetting.NONE, -1)
                    else:
                        assert (r.trump_setting, r.trump) == (TrumpSetting.FIXED, int(c.trump))


@pytest.mark.parametrize("deck", [STANDARD, SIX_PLAYER])
def test_rule_tables_equal_the_one_order_tables(deck) -> None:
    """The strength tables built from a trick rule are ``strength_table``'s for CTJ (D5)."""
    for kind in KINDS.values():
        for c in {c for k in ROW_KINDS.values() for _s, c in k.choices if c.kind == kind.name}:
            for r in c.trick_rules(12):
                tables = strength_tables(deck, r, r.trump)
                for led in (0, 1, 2, 3, -1):
                    assert tables[led] == strength_table(deck, r.plain_order, r.trump, led)


def test_the_jass_trump_spelling_is_read_by_family() -> None:
    """RECORD Jass section: ``trump(S)`` is the same spelling in both families; in the Jass
    family it plays the Jass trump order and values (RULES J)."""
    ctj, j = Contract.parse("trump(S)"), jass("trump(S)")
    assert str(ctj) == str(j) == "trump(S)" and ctj != j
    r = j.trick_rules(9)[0]
    assert (r.trump_setting, r.trump, r.trump_order, r.plain_order, r.values) == \
        (TrumpSetting.FIXED, 3, JT, OVER, JASS_TRUMP_VALUES)
    assert j.title == "Trump (Roses)" and ctj.title == "Trump (Spades)"


# -- Jass orders in tricks -----------------------------------------------------------------------
def test_rules_j_puur_and_naell_beat_the_ace_of_trump() -> None:
    t = jass("trump(S)")
    assert win(t, 0, ["AS", "9S", "KS"]) == "9S"
    assert win(t, 0, ["AS", "9S", "JS"]) == "JS"
    assert win(t, 0, ["AH", "6S", "KH"]) == "6S"  # any trump beats the led suit
    assert win(t, 0, ["JH", "QH", "10H"]) == "QH"  # plain suit: A K Q J 10 ...
    reason = trick_winner(t, 0, ["AS", "9S", "JS"], JASS, 9).reason
    assert reason == ("JS wins: strongest trump (spades, led) under the Jass trump order J (Puur) "
                      "9 (Näll) A K Q 10 8 7 6")


def test_obenabe_and_undenufe() -> None:
    assert win(jass("obenabe"), 0, ["JH", "AH", "6S"]) == "AH"
    assert win(jass("undenufe"), 0, ["JH", "AH", "6H", "6S"]) == "6H"


@pytest.mark.parametrize(("sp", "expected"), [
    ("slalom(obenabe)", [OVER, UNDER] * 6),
    ("slalom(undenufe)", [UNDER, OVER] * 6),
    ("gustav(obenabe)", [OVER] * 6 + [UNDER] * 6),  # RULES J: six one way, six the other
    ("gustav(undenufe)", [UNDER] * 6 + [OVER] * 6),
])
def test_coiffeur_schieber_slalom_and_gustav_schedules(sp: str, expected: list[Order]) -> None:
    c = jass(sp)
    assert list(c.schedule(12)) == expected
    assert {r.values for r in c.trick_rules(12)} == {JASS_NO_TRUMP}


@pytest.mark.parametrize(("sp", "expected"), [
    ("riesenslalom(obenabe,4)", [OVER] * 4 + [UNDER] * 5),
    ("riesenslalom(obenabe,5)", [OVER] * 5 + [UNDER] * 4),
    ("riesenslalom(undenufe,4)", [UNDER] * 4 + [OVER] * 5),
    ("riesenslalom(undenufe,5)", [UNDER] * 5 + [OVER] * 4),
])
def test_coiffeur_riesenslalom_four_choices(sp: str, expected: list[Order]) -> None:
    """The Jass text's four Riesenslalom choices (first four or five tricks one way)."""
    assert list(jass(sp).schedule(9)) == expected


def test_tuo_three_trump_three_undenufe_three_obenabe() -> None:
    """TUO: the first three tricks with the forehand's trump, three Undenufe, three Obenabe."""
    rules = jass("tuo(D)").trick_rules(9)
    assert [(r.trump_setting, r.trump, r.plain_order) for r in rules] == \
        [(TrumpSetting.FIXED, 1, OVER)] * 3 + [(TrumpSetting.NONE, -1, UNDER)] * 3 + \
        [(TrumpSetting.NONE, -1, OVER)] * 3
    assert [r.values for r in rules] == [JASS_TRUMP_VALUES] * 3 + [JASS_NO_TRUMP] * 6
    c = jass("tuo(D)")
    assert win(c, 0, ["AC", "6D", "KC"]) == "6D"
    assert win(c, 3, ["AC", "6C", "KC"]) == "6C"
    assert win(c, 8, ["AC", "6D", "KC"]) == "AC"


@pytest.mark.parametrize("variant", ["tou", "tuo", "otu", "out", "uto", "uot"])
def test_3x3_six_orders_with_a_chosen_trump(variant: str) -> None:
    """3x3: three tricks with a trump the forehand names per trick (CHOSEN), three Obenabe,
    three Undenufe, in one of the text's six orders."""
    rules = jass(f"3x3({variant})").trick_rules(9)
    for part, letter in enumerate(variant):
        for r in rules[part * 3:(part + 1) * 3]:
            if letter == "t":
                assert (r.trump_setting, r.trump, r.trump_order) == (TrumpSetting.CHOSEN, -1, JT)
            else:
                assert r.trump_setting is TrumpSetting.NONE
                assert r.plain_order is (OVER if letter == "o" else UNDER)
    k = variant.index("t") * 3
    c = jass(f"3x3({variant})")
    assert win(c, k, ["AC", "6D", "6H"], trump=Suit.HEARTS) == "6H"
    assert win(c, k, ["AC", "6D", "6H"], trump=Suit.DIAMONDS) == "6D"


def test_tutti_trump_set_by_the_first_non_follower() -> None:
    """Tutti (Mittlere's rule): no trump until a player cannot follow; that card's suit is trump
    for the rest of the round, and (the reading chosen) the card is a trump in its own trick."""
    c = jass("tutti")
    rule = c.trick_rules(9)[0]
    assert rule.trump_setting is TrumpSetting.FIRST_NON_FOLLOWER
    ids = [JASS.index_of(x) for x in ("AC", "6D", "7H")]
    assert trump_in_force(rule, ids, JASS) == 1  # the first card off the led suit: diamonds
    assert trump_in_force(rule, ids[:1], JASS) == -1
    assert trump_in_force(rule, ids, JASS, known=2) == 2  # set in an earlier trick
    res = trick_winner(c, 0, ["AC", "6D", "7H"], JASS, 9)
    assert str(res.card) == "6D" and "set trump (diamonds)" in res.reason
    assert win(c, 1, ["AC", "6D", "7H"], trump=Suit.HEARTS) == "7H"
    assert win(c, 1, ["AC", "KC", "7H"]) == "7H"  # no trump yet: this 7H sets it and wins
    assert win(c, 1, ["AC", "KC", "QC"]) == "AC"  # everyone followed: no trump yet


def test_winning_position_later_of_equals_wins() -> None:
    t = (5, 5, 1)
    assert winning_position(t, [0, 1, 2]) == 1


@pytest.mark.parametrize("bad", ["trump", "obenabe(H)", "slalom(high)", "riesenslalom(obenabe)",
                                 "3x3(ttt)", "3x3", "tuo", "gustav(obenabe,4)", "misere"])
def test_bad_jass_contracts_are_refused(bad: str) -> None:
    with pytest.raises(SetupError):
        jass(bad)


def test_jass_kinds_are_not_chai_tea_jazz_contracts() -> None:
    """The Chai Tea Jazz table is unchanged: the Jass modes are another family's values."""
    assert set(KINDS) == {"trump", "over", "under", "middle", "slalom", "pyramid", "trump-under",
                          "trump-middle", "trump-slalom", "trump-pyramid"}
    for name in set(JASS_KINDS) - set(KINDS):
        with pytest.raises(SetupError, match="unknown contract"):
            Contract.parse(name)
    with pytest.raises(SetupError, match="unknown contract family"):
        Contract("trump", Suit.HEARTS, family="tarot")


def test_trick_rule_is_a_value() -> None:
    a = TrickRule(TrumpSetting.FIXED, 2, JT, OVER, JASS_TRUMP_VALUES)
    b = TrickRule(TrumpSetting.FIXED, 2, JT, OVER, JASS_TRUMP_VALUES)
    assert a == b and hash(a) == hash(b)
    assert strength_tables(JASS, a, 2) is strength_tables(JASS, b, 2)  # cached
