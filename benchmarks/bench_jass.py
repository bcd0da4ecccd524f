"""Jass speed: random Schieber rounds per CPU second through the state API, next to jass-kit.

A round is one Schieber hand from its deal to its score: the forehand's choice (or a push and
the partner's choice) and 36 cards, every action chosen uniformly from ``legal_actions()`` and
applied with the validating ``apply_action()`` (``chaitea.Game(ruleset="schieber")``, whole
games to 3000 counted in hands, as ``bench_engine.py`` counts Chai Tea Jazz rounds). The peer
is jass-kit 2.0.5's ``GameSim`` driven directly in the same loop shape: a random deal
(``deal_random_hand``), then uniformly among ``get_valid_actions_from_state`` until
``is_done()``. Repetitions alternate the two in one run; rates are per second of this process's
CPU time; the script prints each median and the ratio (the speed target: at least 10x jass-kit's
``GameSim``).

jass-kit is never a dependency of the package; install it for the benchmark only::

    .venv/bin/python -m pip install jass-kit==2.0.5
    .venv/bin/python benchmarks/bench_jass.py [--seconds 2] [--repeats 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def chaitea_rounds(budget: float, seed: int = 1) -> tuple[int, float]:
    from chaitea import Game

    game = Game(players=4, ruleset="schieber")
    rng = random.Random(seed)
    choice = rng.choice
    rounds = 0
    g = 0
    start = time.process_time()
    while True:  # whole games (to 3000), counted in hands, as bench_engine.py counts rounds
        state = game.new_initial_state(seed=seed * 1_000_003 + g)
        g += 1
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        rounds += len(state.round_results)
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return rounds, elapsed


def jasskit_rounds(budget: float, seed: int = 1, observe: bool = False) -> tuple[int, float]:
    """jass-kit's own loop; ``observe``: the agent's shape, through ``get_observation()`` and
    ``get_valid_actions_from_obs`` (as a jass-kit agent sees the game)."""
    import numpy as np
    from jass.game.const import NORTH
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber

    rule = RuleSchieber()
    rng = random.Random(seed)
    choice = rng.choice
    np.random.seed(seed)
    rounds = 0
    start = time.process_time()
    while True:
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=deal_random_hand(), dealer=NORTH)
        while not sim.is_done():
            if observe:
                valid = rule.get_valid_actions_from_obs(sim.get_observation())
            else:
                valid = rule.get_valid_actions_from_state(sim.state)
            sim.action(int(choice(np.flatnonzero(valid))))
        rounds += 1
        if rounds % 16 == 0:
            elapsed = time.process_time() - start
            if elapsed >= budget:
                return rounds, elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per repetition")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    ours: list[float] = []
    theirs: list[float] = []
    observed: list[float] = []
    try:
        import jass.game.game_sim  # noqa: F401
        have_peer = True
    except ImportError:
        have_peer = False
        print("jass-kit is not installed (pip install jass-kit==2.0.5): chaitea alone")
    for rep in range(args.repeats):  # alternate: chaitea, jass-kit, chaitea, ...
        n, t = chaitea_rounds(args.seconds, seed=rep + 1)
        ours.append(n / t)
        line = f"rep {rep + 1}: chaitea {n / t:7.0f} rounds/s"
        if have_peer:
            n, t = jasskit_rounds(args.seconds, seed=rep + 1)
            theirs.append(n / t)
            n, t = jasskit_rounds(args.seconds, seed=rep + 1, observe=True)
            observed.append(n / t)
            line += (f"  jass-kit {theirs[-1]:7.0f} rounds/s (ratio {ours[-1] / theirs[-1]:5.2f})"
                     f"  jass-kit via observations {observed[-1]:7.0f} rounds/s "
                     f"(ratio {ours[-1] / observed[-1]:5.2f})")
        print(line, flush=True)
    m = statistics.median(ours)
    if have_peer:
        p = statistics.median(theirs)
        o = statistics.median(observed)
        print(f"median: chaitea {m:.0f} rounds/s, jass-kit 2.0.5 GameSim {p:.0f} rounds/s "
              f"(ratio {m / p:.2f}), via observations {o:.0f} rounds/s (ratio {m / o:.2f}); "
              "target: at least 10x GameSim")
    else:
        print(f"median: chaitea {m:.0f} rounds/s")


if __name__ == "__main__":
    main()
