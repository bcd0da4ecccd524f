"""The follow rule as a part of the table (for Mittlere): ``Table.follow`` names the rule
(``FOLLOW_RULES``; default ``jass``, RULES J), the driver plays it, and the compiled search,
which implements ``jass`` only, leaves any other to the Python search."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaitea.ai import _nbsolver
from chaitea.ai._kernel_plans import jass_rules_for
from chaitea.ai.solver import solve
from chaitea.core.errors import IllegalPlay, SetupError
from chaitea.core.following import FOLLOW_RULES
from chaitea.engine.driver import JassGame, JassState
from chaitea.engine.ruleset import Ruleset, Table
from chaitea.rulesets import find_ruleset, jass_game
from tests.core.test_following import jass_reading
from tests.rulesets.helpers import deal_of


def _with_follow(name: str, follow: str) -> JassGame:
    """``name``'s table with another follow rule (nothing else changed)."""
    base = find_ruleset(name)
    assert isinstance(base, Ruleset)

    def build(players: int, o: Mapping[str, Any]) -> Table:
        return dataclasses.replace(base.build(players, o), follow=follow)
    return JassGame(dataclasses.replace(base, build=build))


SCHIEBER_DEAL = ("AC KC QC JC 10C 9C 8C 7C 6C", "9H 10H JH QH KH AH 6D 7D 8D",
                 "6H 7H 8H 9D 10D JD QD KD AD", "6S 7S 8S 9S 10S JS QS KS AS")


def _trick_started(game: JassGame) -> JassState:
    """Roses (H) trump; seat 0 leads AC, seat 1 (void in Acorns) trumps with KH; seat 2, void
    in Acorns too, holds 6H 7H 8H and Shields."""
    state = game.new_initial_state(forehand=0)
    state.apply_deal(deal_of(*SCHIEBER_DEAL))
    for item in ("trump(H)", "AC", "KH"):
        state.apply_action(item)
    return state


def test_tables_default_to_the_jass_rule() -> None:
    assert jass_game("schieber").table.follow == "jass"
    assert jass_game("schieber").follow is FOLLOW_RULES["jass"]
    assert _with_follow("schieber", "mittlere").follow is FOLLOW_RULES["mittlere"]


def test_the_driver_plays_the_tables_follow_rule() -> None:
    """RULES J's default: undertrumping binds a void player; ``mittlere``: it does not."""
    jass = _trick_started(jass_game("schieber"))
    free = _trick_started(_with_follow("schieber", "mittlere"))
    assert "6H" not in jass.legal_moves()
    with pytest.raises(IllegalPlay, match="no undertrumping: KH"):
        jass.apply_action("6H")
    assert {"6H", "7H", "8H", "9D"} <= set(free.legal_moves())
    free.apply_action("6H")
    assert free.history()[-1] == 9 * 2  # 6H's id


def test_an_unknown_follow_rule_is_refused_when_the_game_is_built() -> None:
    with pytest.raises(SetupError, match="unknown follow rule 'sideways'"):
        _with_follow("schieber", "sideways")


def test_the_compiled_search_leaves_another_follow_rule_to_python() -> None:
    plain = jass_rules_for(jass_game("schieber"), "trump(H)", 0)
    other = jass_rules_for(_with_follow("schieber", "mittlere"), "trump(H)", 0)
    assert plain.follow == "jass" and other.follow == "mittlere"
    assert _nbsolver._kind(plain) == 1 and _nbsolver._kind(other) == -1
    assert not _nbsolver.fits(other, False)
    assert _nbsolver.fits(plain, False) == _nbsolver.HAVE_NUMBA


def test_the_solver_plays_mittlere_following_on_a_fixed_trump() -> None:
    """A Schieber table on the ``mittlere`` rule: the kernel's legal function is that rule's,
    and the solver's best cards late in a hand are legal ones."""
    from chaitea.core.cards import JASS

    game = _with_follow("schieber", "mittlere")
    rules = jass_rules_for(game, "trump(H)", 0)
    assert rules.legal_fns[0] is FOLLOW_RULES["mittlere"].bind(JASS, 2).legal
    state = _trick_started(game)
    while len(state.history()) < 1 + 24:  # to three tricks left
        state.apply_action(state.legal_actions()[0])
    _value, best = solve(state)
    assert best and set(best) <= set(state.legal_actions())


@settings(max_examples=300, deadline=None)
@given(data=st.data(), trump=st.sampled_from([None, 0, 1, 2, 3]))
def test_the_mittlere_rule_against_a_brute_force_reading(data: st.DataObject,
                                                          trump: int | None) -> None:
    """RULES J's reading (tests/core/test_following.py), except that a player void in the led
    suit may play any card, a lower trump too (the text, Mittlere)."""
    from chaitea.core.cards import JASS, Suit

    order = data.draw(st.permutations(range(36)))
    n_trick = data.draw(st.integers(0, 3))
    n_hand = data.draw(st.integers(1, 9))
    trick = [JASS.cards[i] for i in order[:n_trick]]
    hand = [JASS.cards[i] for i in order[n_trick:n_trick + n_hand]]
    suit = None if trump is None else Suit(trump)
    void = bool(trick) and trick[0].suit != suit and all(c.suit != trick[0].suit for c in hand)
    expected = set(hand) if void else jass_reading(hand, trick, suit)
    f = FOLLOW_RULES["mittlere"].bind(JASS, -1 if trump is None else trump)
    ids = [JASS.index_of(c) for c in trick]
    led = JASS.suit_of[ids[0]] if ids else -1
    mask = JASS.mask_of(hand)
    assert set(JASS.cards_of(f.legal(mask, led, ids))) == expected
    for c in hand:
        assert (f.refusal(JASS.index_of(c), mask, led, ids) is None) == (c in expected)
