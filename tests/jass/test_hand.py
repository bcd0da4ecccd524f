"""One hand from its contract spelling: Weis and Stöck in the mode, the multiplier (RULES J)."""

from __future__ import annotations

import pytest

from chaitea.core.cards import JASS, Suit
from chaitea.core.errors import SetupError
from chaitea.rulesets.jass.hand import declarations, hand_score, mode_of
from chaitea.rulesets.jass.scoring import FLAT
from chaitea.rulesets.jass.weis import WeisOptions

HANDS = ["6C 7C 8C KH QH", "QS KS AS JS", "9D 9H", "10D"]
TEAMS = (0, 1, 0, 1)


def test_mode_of_contract_spellings() -> None:
    assert mode_of("trump(D)") == (Suit.DIAMONDS, False)
    assert mode_of("joker=trump(C)") == (Suit.CLUBS, False)
    assert mode_of("obenabe") == (None, False)
    assert mode_of("undenufe") == (None, True)
    assert mode_of("tuo(H)") == (Suit.HEARTS, False)
    with pytest.raises(SetupError):
        mode_of("trump(X)")


def test_declarations_follow_the_trump() -> None:
    bells = declarations(HANDS, "trump(H)", sides=TEAMS)
    assert bells.weis.points == (0, 50) and bells.stoeck == (20, 0) and bells.stoeck_seat == 0
    roses = declarations(HANDS, "trump(S)", sides=TEAMS)
    assert roses.weis.points == (0, 50) and roses.stoeck == (0, 20) and roses.stoeck_seat == 1
    none = declarations(HANDS, "obenabe", sides=TEAMS)
    assert none.stoeck == (0, 0) and none.stoeck_seat is None


def test_declarations_from_masks_equal_those_from_cards() -> None:
    masks = [JASS.mask_of(h.split()) for h in HANDS]
    for contract in ("trump(H)", "trump(S)", "undenufe", "obenabe"):
        for opts in (WeisOptions(), WeisOptions(low_fours=True)):
            a = declarations(HANDS, contract, sides=TEAMS, forehand=1, options=opts)
            b = declarations(masks, contract, sides=TEAMS, forehand=1, options=opts)
            assert a == b


def test_games_without_weis_or_stoeck() -> None:
    d = declarations(HANDS, "trump(H)", sides=TEAMS, weis=False, stoeck=False)
    assert d.weis.points == (0, 0) and d.stoeck == (0, 0) and d.weis.winner is None


def test_hand_score_multiplies_by_the_contract() -> None:
    d = declarations(HANDS, "trump(H)", sides=TEAMS)
    assert hand_score((100, 57), (6, 3), d, "trump(H)").score == ((100 + 20) * 2, (57 + 50) * 2)
    assert hand_score((100, 57), (6, 3), d, "trump(H)", FLAT).score == (120, 107)
    assert hand_score((100, 57), (6, 3), d, "trump(H)", None).multiplier == 1
    u = declarations(HANDS, "undenufe", sides=TEAMS)
    assert hand_score((0, 157), (0, 9), u, "undenufe").score == (0, (157 + 100 + 50) * 4)
