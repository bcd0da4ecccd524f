"""The Jass course's teaching examples (chaitea.records.teaching_deals, asked of the engine by
chaitea.records.teaching): every claim a lesson makes, written by hand from RULES J and the
text, is what the engine does."""

from __future__ import annotations

import pytest

from chaitea.core.cards import JASS
from chaitea.records.teaching import (
    as_ctj,
    card_values,
    ctj_legal_cards,
    ctj_trick_winner,
    legal_cards,
    trick_points,
    trick_winner,
    weis_outcome,
    weis_points,
)
from chaitea.records.teaching_deals import FOLLOWING, TRICKS, WEIS


@pytest.mark.parametrize("key", TRICKS)
def test_trick_claims(key: str) -> None:
    ex = TRICKS[key]
    assert trick_winner(ex) == ex.winner
    assert trick_points(ex) == ex.points


@pytest.mark.parametrize("contract", ["trump(C)", "trump(D)", "trump(H)", "trump(S)",
                                      "obenabe", "undenufe"])
def test_every_mode_makes_157(contract: str) -> None:
    """RULES J: 152 in the cards + 5 for the last trick, in every mode."""
    assert sum(card_values(contract).values()) + 5 == 157


def test_the_trump_values_of_rules_j() -> None:
    v = card_values("trump(H)")
    assert [v[f"{r}H"] for r in ("J", "9", "A", "10", "K", "Q", "8", "7", "6")] == \
        [20, 14, 11, 10, 4, 3, 0, 0, 0]
    assert [v[f"{r}C"] for r in ("A", "10", "K", "Q", "J", "9", "8")] == [11, 10, 4, 3, 2, 0, 0]
    assert card_values("obenabe")["8C"] == card_values("undenufe")["8S"] == 8


@pytest.mark.parametrize("key", FOLLOWING)
def test_following_claims(key: str) -> None:
    pos = FOLLOWING[key]
    assert legal_cards(pos) == pos.legal
    assert set(pos.legal) <= set(pos.hand) and len({*pos.trick, *pos.hand}) == \
        len(pos.trick) + len(pos.hand)
    for c in (*pos.trick, *pos.hand):
        JASS.parse(c)  # every card is a Jass card
    assert pos.hint and not any(c in pos.hint for c in pos.legal)  # a hint, not the answer
    assert not pos.hint.endswith(("?", "."))  # the exercise ends the sentence


def test_the_texts_example_refuses_the_seven_of_roses() -> None:
    """The text: trump Roses (Flores), Bells led, the 8 of Roses played: C may not play his 7."""
    pos = FOLLOWING["the-texts-example"]
    assert "7S" in pos.hand and "7S" not in legal_cards(pos)


@pytest.mark.parametrize("key", WEIS)
def test_weis_claims(key: str) -> None:
    ex = WEIS[key]
    assert tuple(weis_points(h, ex.contract) for h in ex.hands) == ex.points
    winner, points, stoeck = weis_outcome(ex)
    assert winner == ex.winner
    if winner is not None:
        scored = sum(p for h, p in zip(ex.sides, ex.points, strict=True) if h == winner)
        assert points[winner] == scored
    assert sum(points) == (0 if winner is None else points[winner])
    expected_stoeck = [0] * (max(ex.sides) + 1)
    if ex.stoeck is not None:
        expected_stoeck[ex.stoeck] = 20
    assert list(stoeck) == expected_stoeck


def test_one_deal_two_rulebooks() -> None:
    """Lesson 15's claims: on the same cards Chai Tea Jazz (RULES F) has no undertrumping ban and
    no Puur exception, and its trump order is the plain one (the 9, Jass's Ace, on top)."""
    text = FOLLOWING["the-texts-example"]
    assert "7S" in ctj_legal_cards(text) and "7S" not in legal_cards(text)
    puur = FOLLOWING["puur-exception"]
    assert ctj_legal_cards(puur) == ("JS",) and legal_cards(puur) == ("JS", "AC", "KD")
    puur_trick = TRICKS["puur-takes-it"]
    assert trick_winner(puur_trick) == "JH"
    assert ctj_trick_winner(puur_trick.contract, puur_trick.cards) == "JH"  # the only trump
    naell = TRICKS["naell-beats-the-ace"]
    assert ctj_trick_winner(naell.contract, naell.cards) == "AS"  # rank 9 of CTJ, the top
    low = TRICKS["undenufe-low-wins"]
    assert ctj_trick_winner(low.contract, low.cards) == "8C"
    assert [as_ctj(c) for c in ("7S", "QH")] == ["2S", "7H"]
