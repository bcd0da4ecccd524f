"""The compiled search's bounds at a trick start never cross the true value: the leader's
quick tricks (``_nbsolver._quick``) on random positions of every ruleset the compiled search
plays, against the Python search's exact value."""

from __future__ import annotations

import random

import pytest

from chaitea import State
from chaitea.ai import _nbsolver
from chaitea.ai.kernel import position_of, rules_of
from chaitea.ai.solver import Solver, _sides
from chaitea.engine.driver import JassState

from .conftest import CONFIGS, random_position
from .jass_positions import JASS_CONFIGS, jass_position

pytestmark = pytest.mark.skipif(not _nbsolver.HAVE_NUMBA, reason="numba is not installed "
                                "(or CHAITEA_NO_NUMBA is set): the Python search only")


def _trick_start(rng: random.Random, i: int) -> State | JassState:
    """Position ``i``: a trick start with 2 to 4 tricks left, of a Jass configuration (odd
    ``i``) or a Chai Tea Jazz one (even)."""
    if i % 2:
        cfg = JASS_CONFIGS[i // 2 % len(JASS_CONFIGS)]
        return jass_position(rng, *cfg, rng.randint(2, 4 if cfg[1] < 6 else 3), partial=False)
    players, deck, contract = CONFIGS[i // 2 % len(CONFIGS)]
    return random_position(rng, players, deck, contract,
                           rng.randint(2, 4 if players < 6 else 3), partial=False)


def test_quick_tricks_never_cross_the_value() -> None:
    """Where the leader's cashing serves its side (the search's condition), the quick-trick
    bounds hold the exact value (payees' points from here) between them, for either side
    leading and either role (Misère and the trick-avoiding contracts included); and they are
    tighter than the points in play on some positions."""
    rng = random.Random(41)
    checked = tighter = 0
    for i in range(160):
        st = _trick_start(rng, i)
        rules, pos = rules_of(st), position_of(st)
        if not _nbsolver.fits(rules, bool(pos.downs and any(pos.downs)) or bool(pos.set_aside)):
            continue
        mine, payees = _sides(rules, pos, "declarer")
        s = Solver(rules, pos, mine, payees, use_numba=True)
        R, S = s.nb_R, s.nb_S
        for q in range(rules.players):
            S[_nbsolver.H0 + q] = s.hands[q]
        S[_nbsolver.ST_INPLAY] = s.inplay
        leader = pos.turn
        if R[R[_nbsolver.O_MAX] + leader] != R[R[_nbsolver.O_PAY] + leader]:
            continue
        rem = s.remaining()
        lo, hi = _nbsolver._quick(pos.trick_no, leader, int(S[_nbsolver.ST_PAYALL]), rem, R, S)
        exact = Solver(rules, pos, mine, payees, use_numba=False).value()
        assert lo <= exact <= hi, (i, lo, exact, hi, st)
        checked += 1
        tighter += lo > 0 or hi < rem
    assert checked >= 80
    assert tighter >= 20
