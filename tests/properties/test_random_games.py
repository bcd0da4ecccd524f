"""Property tests: random legal games of every configuration, checked against an independent
reference model (``reference.py``) through the public state API only.

Every game is a function of one seed drawn by hypothesis (the deals, the random choices and the
sampled checks), so a failure names the seed that reproduces it:
``play_checked_game(CONFIGS[...], seed)``. See ``harness.py`` for the list of checks and the
RULES / RECORD sections and D-numbers they cover.

Game counts: ``CHAITEA_PROPERTY_GAMES`` (default 200 per configuration) for the default run;
``CHAITEA_SOAK_GAMES`` (default 10,000 per configuration) for ``pytest -m soak``.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import CONFIGS, Config, play_checked_game

PROPERTY_GAMES = int(os.environ.get("CHAITEA_PROPERTY_GAMES", "200"))
SOAK_GAMES = int(os.environ.get("CHAITEA_SOAK_GAMES", "10000"))
SOAK_FIRST_SEED = int(os.environ.get("CHAITEA_SOAK_FIRST_SEED", "1000000"))

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def games_for(cfg: Config) -> int:
    """``PROPERTY_GAMES`` per configuration (half for the extra team-variant ones)."""
    return max(1, PROPERTY_GAMES // 2) if cfg.extra else PROPERTY_GAMES


def _run_games(cfg: Config, save_dir: Path) -> Counter[str]:
    stats: Counter[str] = Counter()

    @settings(max_examples=games_for(cfg), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(seed=SEEDS)
    def one_game(seed: int) -> None:
        stats.update(play_checked_game(cfg, seed, save_dir=save_dir).stats)
        stats["games"] += 1

    one_game()
    return stats


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.name)
def test_random_legal_games(cfg: Config, tmp_path_factory: pytest.TempPathFactory) -> None:
    """RULES B, F, R, S, V; D1-D14; RECORD: random legal games of ``cfg`` agree with the
    reference model at every step (see harness.py)."""
    stats = _run_games(cfg, tmp_path_factory.mktemp(cfg.name.replace("/", "-")))
    assert stats["games"] >= games_for(cfg)
    assert stats["refusals"] > 0
    assert stats["full"] > 0 and stats["replays"] > 0, stats
    if cfg.passing_the_barrel and games_for(cfg) >= 100:
        # the random policy must reach offers and accepted offers (D11)
        assert stats["offers"] > 0 and stats["accepted"] > 0, stats
    if cfg.match_point and games_for(cfg) >= 100:
        # ... and rounds that one side sweeps (RULES V, the match point)
        assert stats["match_points"] > 0, stats


@pytest.mark.soak
@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.name)
def test_soak_random_legal_games(cfg: Config, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The same checks over ``CHAITEA_SOAK_GAMES`` consecutive seeds (a seeded loop: the
    failing seed is in the message)."""
    save_dir = tmp_path_factory.mktemp("soak-" + cfg.name)
    for seed in range(SOAK_FIRST_SEED, SOAK_FIRST_SEED + SOAK_GAMES):
        play_checked_game(cfg, seed, save_dir=save_dir)
