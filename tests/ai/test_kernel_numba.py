"""The compiled search (chaitea.ai._nbsolver, numba) against the pure-Python search:
the same values and best moves on random positions of Chai Tea Jazz and the Jass modes."""

from __future__ import annotations

import gc
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from chaitea import Game, State
from chaitea.ai import _nbsolver
from chaitea.ai.kernel import Position, Rules, legal_cards, play_card, position_of, rules_of
from chaitea.ai.solver import SearchLimit, Solver, _sides, card_values, solve_position
from chaitea.engine.driver import JassState

from .conftest import CONFIGS, random_position
from .jass_positions import JASS_CONFIGS, jass_position, jass_round
from .reference import side_points

pytestmark = pytest.mark.skipif(not _nbsolver.HAVE_NUMBA, reason="numba is not installed "
                                "(or CHAITEA_NO_NUMBA is set): the Python search only")


def _mixed_position(rng: random.Random, i: int, min_left: int) -> State | JassState:
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
    gives the Python search's values and best cards, on every configuration."""
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


def _chain(rules: Rules, t: int) -> list[int]:
    R = _nbsolver.flat_rules(rules).R
    o = int(R[_nbsolver.O_SURE]) + t * (rules.n_cards + 1)
    return [int(c) for c in R[o:o + rules.n_cards + 1] if c >= 0]


def test_sure_winners_are_the_trumps_from_the_top() -> None:
    """The bound's chain: a trump game's trumps in their order from the strongest
    (Schieber: J 9 A K Q 10 8 7 6, RULES J; Chai Tea Jazz: 9 down to 1); none without trumps."""
    rng = random.Random(5)
    sch = rules_of(jass_round(rng, "schieber", 4, {}, "trump(H)"))
    assert [sch.rank_of[c] for c in _chain(sch, 0)] == [11, 9, 14, 13, 12, 10, 8, 7, 6]
    assert {sch.suit_of[c] for c in _chain(sch, 0)} == {2}
    assert _chain(rules_of(jass_round(rng, "schieber", 4, {}, "obenabe")), 0) == []
    ctj = rules_of(Game(players=3).round_state(1, 0, "trump(S)"))
    chain = _chain(ctj, 5)
    assert {ctj.suit_of[c] for c in chain} == {3} and len(chain) == 9
    strength = ctj.tables_at(5)[0]
    assert [strength[c] for c in chain] == sorted((strength[c] for c in chain), reverse=True)


def _extremes(rules: Rules, pos: Position, seats: frozenset[int]) -> tuple[int, int]:
    """The fewest and the most points ``seats`` end with over every legal play (no side
    playing well: what a sure winner is sure of)."""
    if pos.done:
        v = side_points(rules, pos, seats)
        return v, v
    lo, hi = 1 << 30, -1
    for c in legal_cards(rules, pos):
        child = pos.copy()
        play_card(rules, child, c)
        a, b = _extremes(rules, child, seats)
        lo, hi = min(lo, a), max(hi, b)
    return lo, hi


def test_sure_winners_bound_every_play() -> None:
    """The sure winners' bounds (``_nbsolver._sure``) at a trick start hold the
    payees' points from there (the Match included) between them over every legal play, not
    only best play; and they are tighter than the points in play on some positions."""
    rng = random.Random(11)
    tighter = 0
    for i in range(120):
        if i % 2:
            st: State | JassState = jass_position(rng, "schieber", 4, {},
                                                      rng.choice(["trump(C)", "trump(S)"]),
                                                      rng.randint(2, 3), partial=False)
        else:
            st = random_position(rng, 3, None, "trump(D)", rng.randint(2, 4), partial=False)
        rules, pos = rules_of(st), position_of(st)
        mine, payees = _sides(rules, pos, "declarer")
        s = Solver(rules, pos, mine, payees, use_numba=True)
        S = s.nb_S
        for q in range(rules.players):
            S[_nbsolver.H0 + q] = s.hands[q]
        S[_nbsolver.ST_INPLAY] = s.inplay
        rem = s.remaining()
        lo, hi = _nbsolver._sure(pos.trick_no, int(S[_nbsolver.ST_PAYALL]), rem, s.nb_R, S)
        banked = side_points(rules, pos, payees)
        least, most = _extremes(rules, pos, payees)
        assert lo <= least - banked and most - banked <= hi, (i, lo, least, most, hi)
        tighter += lo > 0 or hi < rem
    assert tighter >= 40


def test_the_compile_leaves_no_garbage_collection_pause() -> None:
    """After the compile, its ~200,000 live objects are frozen out of the collector's sight
    (a full collection walking them took ~60 ms inside whichever solve ran next)."""
    _nbsolver.compiled_node()
    assert gc.get_freeze_count() > 10_000


def test_the_last_seats_transposition_cutoff_keeps_the_values(monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """The last seat's enhanced transposition cutoff (``_nbsolver._etc``) runs only with at
    least ``ETC_MIN_LEFT`` tricks left, more than these positions have: here it is
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


def test_a_fresh_process_loads_the_compiled_search_from_numbas_cache() -> None:
    """The search has no recursion (``_nbsolver.search``), so numba caches it on disk
    (``cache=True``): once this process has compiled or loaded it, a fresh process loads it
    from the cache (a hit, no compile) and solves with it; a 6-tricks-left Schieber solve by
    default (``numba=None``) gives the Python search's value and best cards."""
    _nbsolver.compiled_node()
    root = Path(__file__).resolve().parents[2]
    code = ("import random, sys; sys.path.insert(0, sys.argv[1]); from chaitea.ai import "
            "_nbsolver as nb; f = nb.compiled_node(); print(sum(f.stats.cache_hits.values()), "
            "sum(f.stats.cache_misses.values()))\n"
            "from chaitea.ai.kernel import position_of, rules_of\n"
            "from chaitea.ai.solver import solve_position\n"
            "from tests.ai.jass_positions import jass_position\n"
            "st = jass_position(random.Random(8), 'schieber', 4, {}, 'trump(S)', 6, False)\n"
            "for numba in (None, False):\n"
            "    v, best, _ = solve_position(rules_of(st), position_of(st), numba=numba)\n"
            "    print(v, *best)")
    env = dict(os.environ, PYTHONPATH=str(root))  # NUMBA_CACHE_DIR, if set, kept
    out = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True,
                         text=True, env=env, cwd=root, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    assert lines[0] == "1 0"  # one cache hit, no miss: loaded, not compiled
    assert lines[1] == lines[2]  # the compiled and the Python search agree
