"""Property tests per ruleset over random legal games through the state API (issue 9): each
card once, 157 card points per played hand, the ruleset's score from its parts, refusals leave
the state unchanged, the record round trip. 200 games per ruleset here, whole games for
Schieber and basic Jass; for Coiffeur-Schieber and Coiffeur (16 to 48 hands a game) every
twentieth is a whole game and the others stop after 4 hands (a game in progress). Every game is
checked for each card once, 157 per hand and its scores; every tenth also by an independent count
of every trick (``props.reference_points``) and the record round trip, the first five with bad
actions tried along the way (the rest would make ``make test`` slow). 10,000 whole games per
ruleset under ``-m soak``."""

from __future__ import annotations

import pytest

from chaitea.rulesets.jass.scores import TargetScore
from tests.rulesets.props import check_game, play_random

GAMES = [("schieber", 4), ("jass", 4), ("coiffeur-schieber", 3), ("coiffeur-schieber", 4),
         ("coiffeur", 4)]


def _schieber_scores(state: object) -> None:
    from chaitea.engine.driver import JassState
    assert isinstance(state, JassState)
    part = state.game.table.score
    assert isinstance(part, TargetScore)
    totals = [0, 0]
    for res in state.round_results:
        m = res["multiplier"]
        assert m == part.scoring.factor(res["contract"])
        for side in (0, 1):
            if res.get("played", True) and res is not state.round_results[-1]:
                bonus = 100 if res["match"] == side else 0
                assert res["score"][side] == (res["card_points"][side] + bonus
                                              + res["weis"][side] + res["stoeck"][side]) * m
            totals[side] += res["score"][side]
    assert list(state.totals()) == totals
    if state.is_terminal():
        assert max(totals) >= part.scoring.end.target
        assert state.winner() in (0, 1)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_random_whole_games(name: str, players: int) -> None:
    short = name.startswith("coiffeur")  # 16 to 48 hands a game: most games are cut short
    for seed in range(200):
        whole = not short or seed % 20 == 0
        state = play_random(name, players, seed, refusals=0.02 if seed < 5 else 0.0,
                            max_rounds=None if whole else 4)
        assert state.is_terminal() == whole
        check_game(state, deep=seed % 10 == 0)
        if name == "schieber":
            _schieber_scores(state)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_clone_is_independent(name: str, players: int) -> None:
    state = play_random(name, players, 7, max_rounds=1)
    before = state.record()
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.record() == before and twin.record() != before


@pytest.mark.soak
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_soak_random_games(name: str, players: int) -> None:
    for seed in range(10_000):
        state = play_random(name, players, 10**6 + seed, refusals=0.01)
        check_game(state, deep=seed % 10 == 0)
        if name == "schieber":
            _schieber_scores(state)
