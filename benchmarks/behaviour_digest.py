"""A digest of the engine's behaviour, to compare two revisions of a restructuring that must
leave the behaviour unchanged.

Seeded random games of every ruleset at each of its player counts (Chai Tea Jazz also with its
setups and options), played through the state API: at every step the seat to act, the phase,
the legal actions in the record's spelling and, now and then, the message of a refused action;
at the end the record, ``returns()`` and the round results. One SHA-256 per game family and one
over everything is printed; the same revision always prints the same digests.

    python benchmarks/behaviour_digest.py               # every game, 12 seeds each
    python benchmarks/behaviour_digest.py --seeds 40 --verbose
    git stash; python benchmarks/behaviour_digest.py > /tmp/before; git stash pop
    python benchmarks/behaviour_digest.py > /tmp/after; diff /tmp/before /tmp/after
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chaitea
from chaitea.core.errors import ChaiTeaError
from chaitea.engine.registry import RECORD_RULESETS
from chaitea.rulesets import find_ruleset

# Chai Tea Jazz: players, setup and options
CTJ: list[tuple[int, str, dict[str, Any]]] = [
    (2, "standard", {}), (3, "standard", {}), (3, "short", {}), (4, "standard", {}),
    (4, "short", {}), (6, "standard", {}), (3, "standard", {"passing_the_barrel": True}),
    (3, "standard", {"match_point": True}), (3, "standard", {"meta": "second-place"}),
    (4, "standard", {"meta": "cumulative-most"}),
    (3, "standard", {"same_contract_raise": False}), (6, "standard", {"deck": "double"}),
]
# Long games stop after this many rounds (the digest covers the start of the game)
MAX_ROUNDS = 6
BAD = ["nonsense", "7S'", 999, "trump(X)", "pass", "push", "10 under", "AS", "JH"]


def games() -> Iterator[tuple[str, Any]]:
    for players, setup, options in CTJ:
        yield (f"chai-tea-jazz/{players}/{setup}/{json.dumps(options, sort_keys=True)}",
               chaitea.Game(players=players, setup=setup, **options))
    for name in RECORD_RULESETS:
        for players in sorted(find_ruleset(name).players):
            yield f"{name}/{players}", chaitea.Game(players=players, ruleset=name)


def play(game: Any, seed: int) -> list[Any]:
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    trace: list[Any] = []
    while not state.is_terminal() and len(state.round_results) < MAX_ROUNDS:
        seat = state.current_player()
        trace.append((seat, state.phase, state.legal_moves()))
        if seat >= 0 and rng.random() < 0.2:  # what the seat sees: hand, straw-piles, trick
            trace.append(state.observation(seat))
        if rng.random() < 0.05:
            bad = rng.choice(BAD)
            try:
                state.apply_action(bad)
                trace.append(("accepted", bad))
            except ChaiTeaError as e:
                trace.append((type(e).__name__, str(e)))
        state.apply_action(rng.choice(state.legal_actions()))
    trace.append(state.record())
    trace.append(state.returns())
    trace.append(state.round_results)
    trace.append(state.history_str())
    return trace


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--verbose", action="store_true", help="one digest per game and seed")
    args = ap.parse_args()
    total = hashlib.sha256()
    for label, game in games():
        h = hashlib.sha256()
        for seed in range(args.seeds):
            text = json.dumps(play(game, seed), default=str, sort_keys=True).encode()
            h.update(text)
            if args.verbose:
                print(f"  {label} seed {seed}: {hashlib.sha256(text).hexdigest()[:16]}")
        total.update(h.digest())
        print(f"{label:60s} {h.hexdigest()[:16]}")
    print(f"{'everything':60s} {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
