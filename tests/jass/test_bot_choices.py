"""The bots' and the coach's choices are pinned: seeded games of every Jass ruleset
configuration give the records, Monte Carlo picks and coach recommendations written in
``bot_games.json`` before picks were parsed into typed items (RULES J, RECORD Jass: the record
is unchanged)."""

from __future__ import annotations

import json

import pytest

from tests.jass.bot_games import CONFIGS, GOLDEN, bot_game, label

GOLD = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("config", CONFIGS, ids=[label(*c) for c in CONFIGS])
def test_bots_choose_as_before(config: tuple[str, int, dict[str, object]]) -> None:
    name, players, opts = config
    want = GOLD[label(name, players, opts)]
    got = {"rule": [bot_game(name, players, opts, "rule", s, probe=s == 0) for s in (0, 1)],
           "random": [bot_game(name, players, opts, "random", s) for s in (0, 1)],
           "pimc": [bot_game(name, players, opts, "pimc", 0, rounds=2, samples=2,
                             pick_samples=3)]}
    for kind in want:
        for i, (g, w) in enumerate(zip(got[kind], want[kind], strict=True)):
            assert g["picking"] == w["picking"], (kind, i)
            assert g["probes"] == json.loads(json.dumps(w["probes"])), (kind, i)
            assert g["digest"] == w["digest"], (kind, i)
