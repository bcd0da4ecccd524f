"""Property tests: random legal games of every configuration, checked against an independent
reference model (``reference.py``) through the public state API only.

Every game is a function of one seed (the deals, the random choices and the sampled checks), so a
failure names the configuration and seed that reproduce it::

    from tests.properties.harness import CONFIGS, play_checked_game
    play_checked_game(next(c for c in CONFIGS if c.name == "3p-barrel"), seed)  # full=True if
    # the message says "full=True"

See ``harness.py`` for the checks and the RULES / RECORD sections and D-numbers they cover.

Per configuration, half of the games are drawn by hypothesis in this process and the other half
are a seeded loop run at the same time in one forked worker process (the machine has two cores).

Environment:
- ``CHAITEA_PROPERTY_GAMES``: games per configuration in the default run (default 200);
- ``CHAITEA_SOAK_GAMES``: games per configuration for ``pytest -m soak`` (default 10,000);
- ``CHAITEA_PROPERTY_WORKERS``: 1 runs everything in this process (default 2).
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import CONFIGS, Config, play_checked_game

PROPERTY_GAMES = int(os.environ.get("CHAITEA_PROPERTY_GAMES", "200"))
SOAK_GAMES = int(os.environ.get("CHAITEA_SOAK_GAMES", "10000"))
SOAK_FIRST_SEED = int(os.environ.get("CHAITEA_SOAK_FIRST_SEED", "1000000"))
WORKERS = max(1, int(os.environ.get("CHAITEA_PROPERTY_WORKERS", "2")))

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def games_for(cfg: Config, total: int = PROPERTY_GAMES) -> int:
    """``total`` games per configuration (half for the extra team-variant ones)."""
    return max(1, total // 2) if cfg.extra else total


def seeded_games(cfg: Config, seeds: Sequence[int], save_dir: Path) -> Counter[str]:
    """A seeded loop of checked games (run in a worker process); the failing seed is in the
    assertion message. The first game is a full one, so every run has at least one."""
    stats: Counter[str] = Counter()
    for i, seed in enumerate(seeds):
        stats.update(play_checked_game(cfg, seed, save_dir=save_dir,
                                       full=True if i == 0 else None).stats)
        stats["games"] += 1
    return stats


def hypothesis_games(cfg: Config, n: int, save_dir: Path) -> Counter[str]:
    stats: Counter[str] = Counter()
    if n <= 0:
        return stats

    @settings(max_examples=n, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(seed=SEEDS)
    def one_game(seed: int) -> None:
        stats.update(play_checked_game(cfg, seed, save_dir=save_dir).stats)
        stats["games"] += 1

    one_game()
    return stats


def run_split(cfg: Config, in_process: int, seeds: list[int], save_dir: Path, *,
              share: bool = False) -> Counter[str]:
    """``in_process`` hypothesis games in this process while ``WORKERS - 1`` forked workers
    play ``seeds`` (with ``share``, this process plays its part of ``seeds`` too)."""
    if WORKERS == 1 or not seeds:
        stats = hypothesis_games(cfg, in_process, save_dir)
        stats.update(seeded_games(cfg, seeds, save_dir))
        return stats
    parts = WORKERS if share else WORKERS - 1
    chunks = [seeds[k::parts] for k in range(parts)]
    mine = chunks.pop() if share else []
    with ProcessPoolExecutor(WORKERS - 1, mp_context=multiprocessing.get_context("fork")) as pool:
        futures: list[Future[Counter[str]]] = [
            pool.submit(seeded_games, cfg, chunk, save_dir) for chunk in chunks]
        stats = hypothesis_games(cfg, in_process, save_dir)
        stats.update(seeded_games(cfg, mine, save_dir))
        for f in futures:
            stats.update(f.result())
    return stats


def _worker_seeds(cfg: Config, n: int, first: int | None = None) -> list[int]:
    if first is not None:
        return list(range(first, first + n))
    rng = random.Random(f"chaitea-properties/{cfg.name}")
    return [rng.randrange(2**32) for _ in range(n)]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.name)
def test_random_legal_games(cfg: Config, tmp_path_factory: pytest.TempPathFactory) -> None:
    """RULES B, F, R, S, V; D1-D14; RECORD: random legal games of ``cfg`` agree with the
    reference model (see harness.py)."""
    total = games_for(cfg)
    background = total // 2 if WORKERS > 1 else 0
    stats = run_split(cfg, total - background, _worker_seeds(cfg, background),
                      tmp_path_factory.mktemp(cfg.name))
    assert stats["games"] == total
    assert stats["refusals"] > 0
    if total >= 100:
        assert stats["full"] > 0 and stats["replays"] > 0, stats
        if cfg.passing_the_barrel:
            # the random policy must reach offers and accepted offers (D11)
            assert stats["offers"] > 0 and stats["accepted"] > 0, stats
        if cfg.match_point:
            # ... and rounds that one side sweeps (RULES V, the match point)
            assert stats["match_points"] > 0, stats


@pytest.mark.soak
@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: c.name)
def test_soak_random_legal_games(cfg: Config, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The same checks over ``CHAITEA_SOAK_GAMES`` consecutive seeds per configuration (a
    seeded loop split over the workers: the failing seed is in the message)."""
    seeds = _worker_seeds(cfg, SOAK_GAMES, SOAK_FIRST_SEED)
    stats = run_split(cfg, 0, seeds, tmp_path_factory.mktemp("soak-" + cfg.name), share=True)
    assert stats["games"] == SOAK_GAMES
