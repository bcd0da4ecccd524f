"""The compiled search (chaitea._nbsolver, numba) against the pure-Python search (issue 10):
the same values and best moves on random positions of Chai Tea Jazz and the Jass modes."""

from __future__ import annotations

import random

import pytest

from chaitea import GameState, _nbsolver
from chaitea.driver import JassState
from chaitea.kernel import position_of, rules_of
from chaitea.solver import SearchLimit, card_values, solve_position

from .conftest import CONFIGS, random_position
from .jass_positions import JASS_CONFIGS, jass_position

pytestmark = pytest.mark.skipif(not _nbsolver.HAVE_NUMBA, reason="numba is not installed "
                                "(or CHAITEA_NO_NUMBA is set): the Python search only")


def _mixed_position(rng: random.Random, i: int, min_left: int) -> GameState | JassState:
    """Position ``i`` of a mixed run: odd ones a Jass configuration, even ones a Chai Tea Jazz
    one, with ``min_left`` to 5 tricks left (3 with six players)."""
    if i % 2:
        cfg = JASS_CONFIGS[i % len(JASS_CONFIGS)]
        return jass_position(rng, *cfg, rng.randint(min_left, 5 if cfg[1] < 6 else 3))
    players, deck, contract = CONFIGS[i % len(CONFIGS)]
    return random_position(rng, players, deck, contract,
                           rng.randint(min_left, 5 if players < 6 else 3))


def test_compiled_equals_python_on_random_positions() -> None:
    """120 positions, 2 to 5 tricks left (every Chai Tea Jazz configuration the compiled search
    plays: 3 to 6 players, Jokers, every contract family; every fixed-trump Jass mode): equal
    values and best-card lists, and equal per-card values (the Monte Carlo bot's call)."""
    rng = random.Random(77)
    played = 0
    for i in range(120):
        st = _mixed_position(rng, i, 2)
        rules, pos = rules_of(st), position_of(st)
        py = solve_position(rules, pos, numba=False)
        nb = solve_position(rules, pos, numba=True)
        assert py[:2] == nb[:2], (i, st)
        if i % 8 == 0:
            assert card_values(rules, pos, numba=False) == card_values(rules, pos, numba=True)
        played += _nbsolver.fits(rules, bool(pos.downs and any(pos.downs)) or
                                 bool(pos.set_aside))
    assert played >= 90  # the others (straw-piles, double deck, Tutti) run in Python


def test_compiled_search_honours_the_node_limit() -> None:
    rng = random.Random(3)
    st = random_position(rng, 3, None, "trump(H)", 8, partial=False)
    with pytest.raises(SearchLimit):
        solve_position(rules_of(st), position_of(st), node_limit=50, numba=True)


def test_canonical_keys_and_a_growing_table_keep_the_values(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """The transposition table's canonical (relative-rank) keys are in force for Chai Tea
    Jazz's trump and the Jass modes, and a table that starts at 8 rows and doubles as it fills
    (issue 10) gives the Python search's values and best cards, on every configuration."""
    rng = random.Random(11)
    monkeypatch.setattr(_nbsolver, "TT_START", 3)
    canon = 0
    for i in range(40):
        st = _mixed_position(rng, i, 3)
        rules, pos = rules_of(st), position_of(st)
        assert solve_position(rules, pos, numba=False)[:2] == \
            solve_position(rules, pos, numba=True)[:2], (i, st)
        if _nbsolver.fits(rules, bool(pos.downs and any(pos.downs)) or bool(pos.set_aside)):
            canon += _nbsolver._canon_tables(rules)[0][pos.trick_no] >= 0
    assert canon >= 20


def test_the_last_seats_transposition_cutoff_keeps_the_values(monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """The last seat's enhanced transposition cutoff (``_nbsolver._etc``) runs only with at
    least ``ETC_MIN_LEFT`` tricks left (issue 10), more than these positions have: here it is
    forced at every trick but the last (2) and the values and best cards are still the Python
    search's; and it is in force (the node counts change on some positions)."""
    rng = random.Random(29)
    changed = 0
    for i in range(40):
        st = _mixed_position(rng, i, 3)
        rules, pos = rules_of(st), position_of(st)
        monkeypatch.setattr(_nbsolver, "ETC_MIN_LEFT", 2)
        on = solve_position(rules, pos, numba=True)
        assert solve_position(rules, pos, numba=False)[:2] == on[:2], (i, st)
        monkeypatch.setattr(_nbsolver, "ETC_MIN_LEFT", 99)
        off = solve_position(rules, pos, numba=True)
        assert off[:2] == on[:2], (i, st)
        changed += off[2].nodes != on[2].nodes
    assert changed >= 5
