"""The double-dummy solver against plain minimax, and its own consistency."""

from __future__ import annotations

import dataclasses
import random

import pytest

from chaitea import Game
from chaitea.ai.kernel import Position, Rules, legal_cards, play_card, position_of, rules_of
from chaitea.ai.solver import Solver, _sides, card_values, solve, solve_position

from .conftest import CONFIGS, random_position
from .reference import coalition, minimax


def _tricks_left(rng: random.Random, players: int) -> int:
    # Up to four tricks; six players up to three (plain minimax of 4 tricks x 6 seats is slow).
    return rng.randint(1, 3 if players == 6 else 4)


@pytest.mark.parametrize("chunk", range(4))
def test_solver_equals_minimax_on_random_endings(chunk: int) -> None:
    """1,000 endings (250 per chunk) of up to four tricks, every configuration, normal and
    Avoidance rows: the solver's value is plain minimax's, and its best cards are exactly the
    cards whose minimax value is that value."""
    rng = random.Random(1000 + chunk)
    checked = 0
    for i in range(250):
        players, deck, contract = CONFIGS[(i + chunk * 7) % len(CONFIGS)]
        st = random_position(rng, players, deck, contract, _tricks_left(rng, players))
        rules = dataclasses.replace(rules_of(st), avoidance=bool(i % 3 == 0))
        pos = position_of(st)
        value, best, _ = solve_position(rules, pos)
        mine = coalition(rules, pos.turn)
        assert value == minimax(rules, pos, mine, rules.avoidance), (players, contract, i)
        per_card = {}
        for c in bits_of_legal(rules, pos):
            child = pos.copy()
            play_card(rules, child, c)
            per_card[c] = minimax(rules, child, mine, rules.avoidance)
        target = min(per_card.values()) if rules.avoidance else max(per_card.values())
        assert best == sorted(c for c, v in per_card.items() if v == target)
        checked += 1
    assert checked == 250


def bits_of_legal(rules: Rules, pos: Position) -> list[int]:
    return legal_cards(rules, pos)


def test_individual_sides_equal_minimax() -> None:
    """``sides="individual"``: the seat to move against all the others (3 and 6 players)."""
    rng = random.Random(7)
    for i in range(60):
        players, deck, contract = [(3, None, "trump(H)"), (3, None, "under"),
                                   (6, None, "trump(S)")][i % 3]
        st = random_position(rng, players, deck, contract, rng.randint(1, 2 if players == 6
                                                                        else 3))
        rules, pos = rules_of(st), position_of(st)
        value, _, _ = solve_position(rules, pos, sides="individual")
        assert value == minimax(rules, pos, coalition(rules, pos.turn, "individual"), False)


def test_best_move_played_keeps_the_value() -> None:
    """Random positions (4 to 6 tricks left): playing any best card and solving again gives the
    same value for the original side (the other side's value is the rest of the points)."""
    rng = random.Random(11)
    for i in range(40):
        players, deck, contract = CONFIGS[i % len(CONFIGS)]
        st = random_position(rng, players, deck, contract, rng.randint(3, 5 if players < 6
                                                                        else 3))
        rules = dataclasses.replace(rules_of(st), avoidance=bool(i % 4 == 1))
        pos = position_of(st)
        value, best, _ = solve_position(rules, pos)
        mover = pos.turn
        for c in best:
            child = pos.copy()
            play_card(rules, child, c)
            if child.done:
                got = sum(child.won[s] for s in {rules.side_of[q]
                                                 for q in coalition(rules, mover)})
            else:
                v2, _, _ = solve_position(rules, child)
                same = coalition(rules, child.turn) == coalition(rules, mover)
                got = v2 if same else rules.points_total - v2
            assert got == value, (players, contract, i)


def test_value_is_the_same_from_every_transposition() -> None:
    """Positions reached along one line of play are solved with the table their ancestors'
    searches filled (entries keyed on the cards left, so other move orders' entries are hit)
    and fresh: the values agree, as do the values of every best move."""
    rng = random.Random(5)
    for i in range(12):
        players, deck, contract = CONFIGS[(3 * i) % len(CONFIGS)]
        st = random_position(rng, players, deck, contract, 4 if players < 6 else 3,
                             partial=False)
        rules, pos = rules_of(st), position_of(st)
        mine, pay = _sides(rules, pos, "declarer")
        shared = Solver(rules, pos, mine, pay, use_numba=False)
        shared.value()
        line = pos.copy()
        while not line.done:
            if not line.trick:
                raw_shared = _warm_value(shared, line)
                fresh = Solver(rules, line, mine, pay, use_numba=False)
                assert raw_shared == fresh.value()
            cards = bits_of_legal(rules, line)
            play_card(rules, line, rng.choice(cards))


def test_value_depends_only_on_the_cards_left() -> None:
    """The same cards left, the same seat to lead, reached with other points won before (a
    transposition of the earlier tricks): the value moves by exactly the points banked."""
    rng = random.Random(17)
    for i in range(30):
        players, deck, contract = CONFIGS[i % len(CONFIGS)]
        st = random_position(rng, players, deck, contract, 3, partial=False)
        rules, pos = rules_of(st), position_of(st)
        v, best, _ = solve_position(rules, pos)
        other = pos.copy()
        other.won = [w + 7 * (k + 1) for k, w in enumerate(other.won)]
        v2, best2, _ = solve_position(rules, other)
        mine = {rules.side_of[q] for q in coalition(rules, pos.turn)}
        assert v2 - v == sum(7 * (k + 1) for k in range(rules.sides) if k in mine)
        assert best2 == best


def _warm_value(s: Solver, pos: Position) -> int:
    """The value of ``pos`` (at a trick start) with ``s``'s table as it is."""
    s.hands = list(pos.hands)
    s.downs = list(pos.downs)
    s.pend = []
    inplay = 0
    for h in s.hands:
        inplay |= h
    for d in s.downs:
        inplay |= d
    s.inplay = inplay
    s.pos0 = pos
    return s.value()


def test_solve_on_a_state_and_the_sweep() -> None:
    """On a state: the declarer holding every heart and the 9s takes all 110 in Trump (Hearts)
    whatever is played (RULES R, S); every card is best."""
    from tests.engine.conftest import sweep_deal

    g = Game(players=3)
    st = g.round_state(sweep_deal(0), 0, "trump(H)")
    for _ in range(24):  # eight tricks: four left
        st.apply_action(st.legal_actions()[-1])
    value, best = solve(st)
    assert value == 110 and best == st.legal_actions()
    # a defender to play: the defenders end with nothing
    st.apply_action(best[0])
    assert solve(st)[0] == 0


def test_card_values_and_errors() -> None:
    g = Game(players=3)
    st = g.round_state(3, 1, "under")
    while st.trick_number < 10:
        st.apply_action(st.legal_actions()[0])
    rules, pos = rules_of(st), position_of(st)
    vals = card_values(rules, pos)
    assert sorted(vals) == st.legal_actions()
    assert max(vals.values()) == solve(st)[0]
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    with pytest.raises(ValueError, match="play phase"):
        solve(st)


def test_another_follow_rule_is_a_new_table() -> None:
    """The kernel takes the game's follow rule from the engine's table: with the ``plain`` rule
    (must follow, otherwise any card: no trumping while able to follow) the kernel's legal cards
    are the engine's and the solver still equals minimax (how a Jass mode plugs in)."""
    from chaitea.ai.kernel import legal_mask
    from chaitea.core.following import FOLLOW_RULES

    rng = random.Random(31)
    for i in range(60):
        g = Game(players=3 if i % 2 else 4)
        g.follow = FOLLOW_RULES["plain"]
        st = g.round_state(rng.randrange(10**6), rng.randrange(g.players), "trump(H)")
        while st.trick_number < g.n_tricks - 3:
            st.apply_action(rng.choice(st.legal_actions()))
        for _ in range(rng.randrange(g.players)):
            st.apply_action(rng.choice(st.legal_actions()))
        rules, pos = rules_of(st), position_of(st)
        assert rules.legal_fn is not None
        assert bits_of_legal(rules, pos) == st.legal_actions()
        assert legal_mask(rules, pos) == sum(1 << a for a in st.legal_actions())
        value, _, _ = solve_position(rules, pos)
        assert value == minimax(rules, pos, coalition(rules, pos.turn), False)
