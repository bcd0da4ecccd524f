"""The one round end (:mod:`chaitea.engine.score_step`) of every game.

Chai Tea Jazz's Paper Pad and every Jass scoring part (through
:class:`~chaitea.engine.hand_scoring.HandScoring`) are run by the same score step. These tests
hold, over random games of every registered ruleset: a new game's score state to the part's
``start``, each round end to one result more, the game's end to the part's ``finished``, and
``score_round`` to a pure function (the score state a clone still holds is left as it was, so
clones can share it).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import chaitea
from chaitea.engine.hand_scoring import HandScoring
from chaitea.engine.score_step import ScoreStep, Scoring
from chaitea.rulesets import RULESETS
from chaitea.rulesets.paper_pad import PaperPadScore

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("ctj 2", {"players": 2}), ("ctj 3", {"players": 3}),
    ("ctj 4 match point", {"players": 4, "match_point": True}),
    *((name, {"ruleset": name}) for name in RULESETS),
]
PROTOCOL = ("start", "score_round", "finished")


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=[g[0] for g in GAMES])
def test_every_game_ends_its_rounds_through_the_one_protocol(name: str,
                                                             kw: dict[str, Any]) -> None:
    game: Any = chaitea.Game(**kw)
    part = game.scoring
    assert isinstance(part, PaperPadScore | HandScoring)
    assert all(callable(getattr(part, m, None)) for m in PROTOCOL)
    assert all(hasattr(Scoring, m) for m in PROTOCOL)
    rng = random.Random(name)
    rounds = 0
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        assert isinstance(game.new_initial_state(), ScoreStep)
        assert state._score == part.start(game)
        while not state.is_terminal() and len(state.round_results) < 6:
            held, snapshot, done = state._score, copy.deepcopy(state._score), \
                len(state.round_results)
            twin = state.clone()
            state.apply_action(rng.choice(state.legal_actions()))
            if len(state.round_results) > done:  # a round ended (or a hand was thrown in)
                rounds += 1
                assert len(state.round_results) == done + 1
                assert held == snapshot and twin._score is held  # pure: the old state stays
                assert state.is_terminal() == part.finished(state._score)
            else:
                assert state._score is held
    assert rounds >= 3, name
