"""The one picking protocol (:mod:`chaitea.engine.pick_step`) of every game.

Chai Tea Jazz's Barrel picking and every Jass choice phase (through
:class:`~chaitea.engine.status_picking.StatusPicking`) are run by the same pick step. These tests
hold, at every picking decision of random games of every registered ruleset: the situation's
seat to the state's current player, its legal ids to ``legal_actions()``, ``step`` to a pure
function (asked twice it gives equal situations and neither the state nor the situation it was
handed changes), and a refused action to leaving the very same situation in place.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import chaitea
from chaitea.core.errors import IllegalAction
from chaitea.engine.pick_step import Picking, PickStep
from chaitea.engine.status_picking import Said, StatusPicking
from chaitea.rulesets import RULESETS
from chaitea.rulesets.barrel import BarrelPicking, Bidding

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("ctj 3", {"players": 3}), ("ctj 4", {"players": 4}), ("ctj 6", {"players": 6}),
    ("ctj 3 barrel", {"players": 3, "passing_the_barrel": True}),
    ("ctj 2", {"players": 2}),
    *((name, {"ruleset": name}) for name in RULESETS),
]
PROTOCOL = ("begin", "legal", "step", "refusal")
#: the contract is known at the deal (basic Jass: the turned-up card's trump; the others
#: play one fixed contract): nobody speaks, begin gives the outcome
NO_DECISION = {"jass", "mittlere", "molotow", "plus-minus", "rosenober", "schiltenober",
               "guggitaler", "guggitaler-8", "bells-avoidance"}


def _fields(s: Any) -> Any:
    """A situation's fields (its kept legal ids aside, which ``legal`` fills once)."""
    if isinstance(s, Bidding):
        return (s.holder, s.seat, s.eligible, s.passed, s.bet_seat, s.bet_pick, s.bet_debt,
                s.forced, s.offer, s.offer_stage, s.offer_queue)
    assert isinstance(s, Said)
    return s.items, s.status


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=[g[0] for g in GAMES])
def test_every_game_picks_through_the_one_protocol(name: str, kw: dict[str, Any]) -> None:
    game = chaitea.Game(**kw)
    part = game.picking
    assert isinstance(part, BarrelPicking | StatusPicking)
    assert all(callable(getattr(part, m, None)) for m in PROTOCOL)
    assert all(hasattr(Picking, m) for m in PROTOCOL)
    rng = random.Random(name)
    picks = steps_done = 0
    for seed in range(8):
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, PickStep)
        while not state.is_terminal() and len(state.round_results) < 3:
            if state.phase == "picking":
                s = state._situation
                assert not s.done
                assert s.seat == state.current_player(), (name, seed, state.history_str())
                legal = state.legal_actions()
                assert s.legal_ids is not None and list(s.legal_ids) == legal
                before, history = _fields(s), state.history()
                aid = rng.choice(legal)
                once, twice = part.step(state, s, aid), part.step(state, s, aid)
                assert _fields(s) == before and state.history() == history  # pure
                assert once.done == twice.done
                if once.done:
                    steps_done += 1
                    assert once.seat == twice.seat
                else:
                    assert _fields(once) == _fields(twice)
                with pytest.raises(IllegalAction):
                    state.apply_action(10_000)  # no such action id
                assert state._situation is s  # refused: the same situation stays
                picks += 1
                state.apply_action(aid)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    if name in NO_DECISION:  # the contract is set at the deal: begin gives the outcome
        assert picks == 0
        state = game.new_initial_state(seed=0)
        assert state.phase == "play" and state._situation.done
    else:
        assert picks > 10 and steps_done > 0, name


def test_begin_reads_the_state_and_leaves_it() -> None:
    game = chaitea.Game(players=3)
    state = game.new_initial_state(seed=3)
    copy = state.clone()
    b = game.picking.begin(state)
    assert (b.holder, b.seat, b.passed, b.bet_seat, b.done) == (0, 0, 0, -1, False)
    assert b.eligible == 0b111  # every seat's side has an open row at the first round
    assert state == copy


def test_jass_outcome_names_the_declarer_and_is_kept_after_the_choice() -> None:
    game = chaitea.Game(ruleset="schieber")
    state = game.new_initial_state(seed=1)
    forehand = state.current_player()
    state.apply_action("push")  # the partner chooses (RULES J)
    state.apply_action("obenabe")
    s = state._situation
    assert s.done and s.items == ("push", "obenabe")
    assert s.seat == (forehand + 2) % 4 == state.declarer
