"""Property tests per ruleset over random legal games through the state API (RULES J): each
card once, 157 card points per played hand (checked against an independent count), refusals leave
the state unchanged, the record round trip; for Schieber the score from its parts. 200 games per
registered Jass ruleset and player count here (``GAMES``, from the registry: a new game gets them
without a list edit), whole games except where ``CUT`` says: Coiffeur-Schieber and Coiffeur (16
to 48 hands a game) play every twentieth whole and stop the others after 4 hands (a game in
progress), Sticheln stops after 12 hands (its random play rarely reaches 50). Every game is
checked for each card once, 157 per hand and its scores; every tenth also by an independent count
of every trick (``props.reference_points``) and the record round trip, the first five with bad
actions tried along the way (the rest would make ``make test`` slow). 10,000 whole games per
ruleset under ``-m soak`` (Sticheln stopped after 50 hands)."""

from __future__ import annotations

import pytest

from chaitea.engine.registry import RECORD_RULESETS
from chaitea.rulesets import find_ruleset, jass_game
from chaitea.rulesets.jass.scores import TargetScore
from tests.rulesets.props import check_game, play_random

# Every registered Jass ruleset at each of its player counts (each game's property tests as
# for the first four), six-player Schieber aside: its two 24-card decks have their own
# property tests in test_schieber6.py.
GAMES = [(name, players) for name in RECORD_RULESETS if name != "chai-tea-jazz"
         for players in sorted(find_ruleset(name).players)
         if (name, players) != ("schieber", 6)]
# Games too long to play whole 200 times here: hands played before the cut, and how often a game
# is played whole instead (every 20th; None: never, Sticheln's random play rarely reaches 50 and
# random-game stops it at 200 hands).
CUT: dict[str, tuple[int, int | None]] = {"coiffeur-schieber": (4, 20), "coiffeur": (4, 20),
                                          "sticheln": (12, None)}


def test_every_registered_jass_ruleset_has_property_tests() -> None:
    names = {name for name, _ in GAMES}
    assert names == set(RECORD_RULESETS) - {"chai-tea-jazz"}, names
    assert len(names) >= 17 and ("plus-minus", 4) in GAMES and ("palitos-21", 3) in GAMES
    assert ("oh-hell", 7) in GAMES  # a ruleset outside the Jass text: no list edited for it


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
    cut, every = CUT.get(name, (None, 1))
    for seed in range(200):
        whole = cut is None or (every is not None and seed % every == 0)
        state = play_random(name, players, seed, refusals=0.02 if seed < 5 else 0.0,
                            max_rounds=None if whole else cut)
        assert state.is_terminal() == whole, (name, seed)
        check_game(state, deep=seed % 10 == 0)
        if name == "schieber":
            _schieber_scores(state)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_clone_is_independent(name: str, players: int) -> None:
    state = play_random(name, players, 7, max_rounds=1)
    if state.is_terminal():  # a game of one hand (Oh Hell): cloned halfway through it instead
        rnd = state.record()["rounds"][0]
        played = [*rnd["picking"], *rnd["plays"]]
        state = jass_game(name, players).new_initial_state(seed=7)
        for item in played[:len(played) // 2]:
            state.apply_action(item)
    before = state.record()
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert state.record() == before and twin.record() != before


@pytest.mark.soak
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_soak_random_games(name: str, players: int) -> None:
    cap = 50 if name == "sticheln" else None  # random Sticheln rarely reaches 50 points
    for seed in range(10_000):
        state = play_random(name, players, 10**6 + seed, refusals=0.01, max_rounds=cap)
        check_game(state, deep=seed % 10 == 0)
        if name == "schieber":
            _schieber_scores(state)
