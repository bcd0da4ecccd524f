"""The one state (:mod:`chaitea.engine.state`) and the start of play from the
contract's plan (:class:`chaitea.core.round_tables.PlayPlan`).

Every game of the kit is a :class:`~chaitea.engine.state.State`, that class itself: what a
ruleset does differently is its game's flow part, so the state API's steps (legal ids, the hot
path, the deal, the picking's ids, the start of play, the trick's end, the round's end) are the
one class's own. A play starts from the game's plan of the
contract: the state's first trick reads the plan's tables, its trick rules and bonus are the
plan's, and the plan is one cached value per contract.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import chaitea
from chaitea.core.round_tables import PlayPlan
from chaitea.core.tricks import TrumpSetting, last_trick_bonus
from chaitea.engine.state import State
from chaitea.rulesets import RULESETS

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("ctj 2", {"players": 2}), ("ctj 3", {"players": 3}), ("ctj 4", {"players": 4}),
    ("ctj 6", {"players": 6}), ("ctj 6 double", {"players": 6, "deck": "double"}),
    *((name, {"ruleset": name}) for name in RULESETS),
    ("schieber 6", {"ruleset": "schieber", "players": 6}),
]

#: the driver's steps: the one class's own (the renounce penalty's flow adds its check to the
#: slow play path, ``_do_play``, which is not among them)
DRIVER = ("legal_actions", "apply_action", "legal_moves", "apply_deal", "_deal", "_deal_cards",
          "_begin_picking", "_pick_id", "_legal_picks", "_start_tricks",
          "_end_trick", "_score_round", "current_player", "clone", "is_terminal")


def _to_play(state: Any, rng: random.Random) -> bool:
    """Random picking until play starts; False if the game ended first."""
    while state.phase != "play":
        if state.is_terminal():
            return False
        state.apply_action(rng.choice(state.legal_actions()))
    return True


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=[g[0] for g in GAMES])
def test_every_game_runs_on_the_one_driver(name: str, kw: dict[str, Any]) -> None:
    state = chaitea.Game(**kw).new_initial_state(seed=5)
    assert type(state) is State
    for method in DRIVER:
        assert getattr(type(state), method) is getattr(State, method), (
            f"{type(state).__name__} overrides the driver's {method}")


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=[g[0] for g in GAMES])
def test_history_lists_every_action_once(name: str, kw: dict[str, Any]) -> None:
    """``history()`` is the ids applied, in order, once each: in a round, between rounds (a game
    dealt by hand waits there) and once the game is over (a finished table game listed its last
    round twice). Random legal play, up to 4,000 actions; the short games end."""
    state = chaitea.Game(**kw).new_initial_state()
    rng = random.Random(name)
    applied: list[int] = []
    while not state.is_terminal() and len(applied) < 4000:
        if state.is_chance_node():  # between rounds: the last round's ids once
            assert state.history() == applied
            state.apply_deal(rng.randrange(10**9))
            continue
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        applied.append(action)
    assert state.history() == applied


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=[g[0] for g in GAMES])
def test_play_starts_from_the_contracts_plan(name: str, kw: dict[str, Any]) -> None:
    game: Any = chaitea.Game(**kw)
    rng = random.Random(name)
    for seed in range(4):
        state: Any = game.new_initial_state(seed=seed)
        if not _to_play(state, rng):
            continue
        contract = state.contract
        plan = game.play_plan(contract)
        assert isinstance(plan, PlayPlan)
        assert game.play_plan(contract) is plan  # one cached value per contract
        assert len(plan.rules) == game.n_tricks
        assert state._rules == plan.rules and state._static is plan.tricks
        assert state._bonus == plan.bonus
        if game.family == "chai-tea-jazz":
            assert plan.bonus == 0  # RULES S: no last-trick bonus
            assert state.current_player() == state.declarer  # the declarer leads (RULES R)
        else:
            assert plan.bonus == last_trick_bonus(plan.rules[-1])
            assert state.current_player() == state.forehand
        if plan.tricks is not None:
            assert len(plan.tricks) == game.n_tricks
            assert state._tt is plan.tricks[0]  # the first trick plays on the plan's tables
            assert state._chosen == (-1,) * game.n_tricks
        else:  # a trump named (3x3) or set in play (Tutti)
            assert any(r.trump_setting in (TrumpSetting.CHOSEN,
                                           TrumpSetting.FIRST_NON_FOLLOWER)
                       for r in plan.rules)


def test_a_plans_named_trumps_go_to_its_chosen_tricks_in_order() -> None:
    game: Any = chaitea.Game(ruleset="coiffeur")
    plan = game.play_plan("3x3(otu)")  # obenabe, trump, undenufe: three tricks each
    assert plan.tricks is None
    assert plan.chosen((3, 1, 0)) == (-1, -1, -1, 3, 1, 0, -1, -1, -1)
    assert plan.chosen(()) == (-1, -1, -1, 0, 0, 0, -1, -1, -1)  # not yet named
    fixed = game.play_plan("obenabe")
    assert fixed.tricks is not None and fixed.chosen((3,)) == (-1,) * 9
