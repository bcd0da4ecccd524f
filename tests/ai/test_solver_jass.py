"""The double-dummy solver in every Jass ruleset and mode (RULES J): against plain
minimax, against the engine's own rules and round scores, and its own consistency."""

from __future__ import annotations

import dataclasses
import random

import pytest

from chaitea import solve
from chaitea.ai.kernel import (
    Position,
    Rules,
    legal_cards,
    legal_mask,
    play_card,
    position_of,
    rules_of,
)
from chaitea.ai.solver import _sides, card_values, scored_side, solve_position
from chaitea.engine.driver import JassState

from .jass_positions import JASS_CONFIGS, jass_position, jass_round
from .reference import minimax

# Up to four tricks: four with three players (plain minimax of four tricks x four seats is
# slow), up to three with four.
TRICKS_LEFT = {3: (1, 2, 3, 3, 4, 4), 4: (1, 2, 2, 3, 3, 3), 6: (1, 2, 2)}


def _reference(rules: Rules, pos: Position, scored: int) -> tuple[int, dict[int, int]]:
    """Plain minimax: the value for the side ``scored`` and each legal card's value."""
    seats = frozenset(s for s in range(rules.players) if rules.side_of[s] == scored)
    per = {}
    for c in legal_cards(rules, pos):
        child = pos.copy()
        play_card(rules, child, c)
        per[c] = minimax(rules, child, seats, rules.avoidance)
    ours = (pos.turn in seats) != rules.avoidance
    return (max(per.values()) if ours else min(per.values())), per


@pytest.mark.parametrize("chunk", range(3))
def test_jass_solver_equals_minimax_on_random_endings(chunk: int) -> None:
    """330 Jass endings (110 per chunk) of up to four tricks, every ruleset and mode: the
    solver's value is plain minimax's, its best cards exactly the cards reaching it, and
    :func:`card_values` gives every card's minimax value."""
    rng = random.Random(2000 + chunk)
    modes = set()
    for i in range(110):
        cfg = JASS_CONFIGS[(i + chunk * 5) % len(JASS_CONFIGS)]
        st = jass_position(rng, *cfg, rng.choice(TRICKS_LEFT[cfg[1]]))
        rules, pos = rules_of(st), position_of(st)
        value, best, _ = solve_position(rules, pos)
        side = scored_side(rules, pos)
        ref, per = _reference(rules, pos, side)
        assert value == ref, (cfg, i)
        assert best == sorted(c for c, v in per.items() if v == ref), (cfg, i)
        if i % 5 == 0:
            assert card_values(rules, pos) == per, (cfg, i)
        modes.add(cfg[3])
    assert len(modes) >= 10


def test_kernel_plays_the_engine_rules_and_scores() -> None:
    """Random rounds of every configuration played move by move on the engine and the kernel:
    the legal cards agree at every step (the Jass follow rule, undertrumping, the Puur, Tutti's
    trump set in play) and the kernel's final points are the engine's card points with the
    Match (RULES J: 152 + 5 for the last trick, +100 for every trick)."""
    rng = random.Random(2)
    matches = 0
    for i in range(4 * len(JASS_CONFIGS)):
        cfg = JASS_CONFIGS[i % len(JASS_CONFIGS)]
        st = jass_round(rng, *cfg)
        rules, pos = rules_of(st), position_of(st)
        assert sum(rules.points) + rules.last_trick_bonus == 157 or rules.tutti \
            or rules.n_cards == 48, cfg  # the double deck: 304 + 5
        rn = st.round_number
        while not pos.done:
            assert legal_mask(rules, pos) == sum(1 << a for a in st.legal_actions()), cfg
            a = rng.choice(st.legal_actions())
            play_card(rules, pos, a)
            st.apply_action(a)
            if not pos.done:
                assert position_of(st).won == pos.won or rules.tutti
        res = st.round_results[rn - 1]
        expected = list(res["card_points"])
        if res["match"] is not None:
            expected[res["match"]] += 100
            matches += 1
        assert pos.won == expected, (cfg, res)


def test_the_match_scores_as_the_engine_writes_it() -> None:
    """Schieber, trump Bells with every Bell in the forehand's hand: its team takes every trick
    whatever is played; the kernel's final points, the solver's value and the engine's round
    agree on the Match (RULES J: 157 + 100)."""
    from chaitea.core.cards import JASS
    from chaitea.core.deals import Deal
    from chaitea.rulesets import jass_game

    rng = random.Random(12)
    cards = list(JASS.cards)
    bells = [c for c in cards if c.suit is not None and int(c.suit) == 2]
    rest = [c for c in cards if c not in bells]
    for _ in range(5):
        rng.shuffle(rest)
        hands = (tuple(bells), tuple(rest[:9]), tuple(rest[9:18]), tuple(rest[18:]))
        st = jass_game("schieber").new_initial_state(forehand=0)
        st.apply_deal(Deal(hands))
        st.apply_action("trump(H)")
        rules, pos = rules_of(st), position_of(st)
        while not pos.done:
            if pos.trick_no == 6 and not pos.trick:
                assert solve_position(rules, pos, scored=0)[0] == 257
                assert solve_position(rules, pos, scored=1)[0] == 0
            a = rng.choice(st.legal_actions())
            play_card(rules, pos, a)
            st.apply_action(a)
        res = st.round_results[0]
        assert res["match"] == 0 and pos.won == [res["card_points"][0] + 100, 0] == [257, 0]


def _scored_value(st: JassState, side: int) -> tuple[int, list[int]]:
    value, best, _ = solve_position(rules_of(st), position_of(st), scored=side)
    return value, best


def _engine_score(st: JassState, rn: int, side: int) -> int:
    res = st.round_results[rn - 1]
    pts: int = res["card_points"][side] + (100 if res["match"] == side else 0)
    return pts


def test_solver_line_played_on_the_engine_scores_its_value() -> None:
    """From random positions (3 to 5 tricks left) the solver's best card is played on the
    engine, move after move: the value for the scored side never changes, and the engine's
    round score for that side (its card points with the Match; the pad's row score for the
    forehand) is that value."""
    rng = random.Random(9)
    for i in range(2 * len(JASS_CONFIGS)):
        cfg = JASS_CONFIGS[i % len(JASS_CONFIGS)]
        st = jass_position(rng, *cfg, rng.choice((3, 4, 5) if cfg[1] < 6 else (2, 3)))
        rules, pos = rules_of(st), position_of(st)
        side = scored_side(rules, pos)
        value, _ = _scored_value(st, side)
        rn = st.round_number
        while len(st.round_results) < rn:
            v, best = _scored_value(st, side)
            assert v == value, (cfg, i)
            st.apply_action(rng.choice(best))
        assert _engine_score(st, rn, side) == value, cfg
        if rules.scored_by == "declarer":  # the pad writes the forehand's row score
            assert st.round_results[rn - 1]["score"] == value


def test_solve_on_a_jass_state() -> None:
    """``chaitea.solve`` takes a JassState as it takes a State: Schieber's value is the
    side to move's team's score; ``sides="individual"`` in basic Jass the player's own; the
    best actions are legal action ids and all reach the value."""
    rng = random.Random(4)
    st = jass_position(rng, "schieber", 4, {}, "trump(D)", 3, partial=True)
    value, best = solve(st)
    assert best and set(best) <= set(st.legal_actions())
    rules, pos = rules_of(st), position_of(st)
    assert value == _reference(rules, pos, rules.side_of[st.current_player()])[0]
    st2 = jass_position(rng, "jass", 4, {}, "", 2)
    v2, _ = solve(st2, sides="individual")
    r2, p2 = rules_of(st2), position_of(st2)
    assert v2 == _reference(r2, p2, st2.current_player())[0]
    with pytest.raises(ValueError, match="sides"):
        solve(st2, sides="everyone")


def test_misere_aims_low_and_tutti_counts_at_the_final_trump() -> None:
    """Misère (the pad's lowest-wins row): the value is minimax's with the forehand aiming low
    and the others high, which differs from the aim-high game's in some positions; Tutti's
    value counts every trick at the values of the trump set by the first player who cannot
    follow."""
    rng = random.Random(6)
    differ = 0
    for _ in range(10):
        st = jass_position(rng, "coiffeur", 4, {}, "misere", 3, partial=False)
        rules, pos = rules_of(st), position_of(st)
        assert rules.avoidance and rules.scored_by == "declarer"
        seats = frozenset({rules.declarer})
        low, _, _ = solve_position(rules, pos)
        assert low == minimax(rules, pos, seats, True)
        high = dataclasses.replace(rules, avoidance=False)
        top, _, _ = solve_position(high, pos)
        assert top == minimax(rules, pos, seats, False)
        differ += low != top
    assert differ > 0
    for _ in range(10):
        st = jass_position(rng, "coiffeur", 4, {}, "tutti", 2, partial=False)
        rules, pos = rules_of(st), position_of(st)
        assert rules.tutti
        side = scored_side(rules, pos)
        assert solve_position(rules, pos)[0] == _reference(rules, pos, side)[0]


def test_transpositions_share_the_table() -> None:
    """A Jass position solved on its own and with the table of its ancestor's search (keyed on
    the cards left, the leader, the Match chance and Tutti's trump) has one value."""
    from chaitea.ai.solver import Solver

    rng = random.Random(8)
    for i in range(8):
        cfg = JASS_CONFIGS[(3 * i) % len(JASS_CONFIGS)]
        st = jass_position(rng, *cfg, 4 if cfg[1] < 6 else 3, partial=False)
        rules, pos = rules_of(st), position_of(st)
        mine, pay = _sides(rules, pos, "declarer")
        shared = Solver(rules, pos, mine, pay, use_numba=False)
        shared.value()
        line = pos.copy()
        while not line.done:
            if not line.trick:
                fresh = Solver(rules, line, mine, pay, use_numba=False)
                warm = Solver(rules, line, mine, pay, use_numba=False)
                warm.tt = shared.tt
                assert warm.value() == fresh.value(), (cfg, i)
            play_card(rules, line, rng.choice(legal_cards(rules, line)))
