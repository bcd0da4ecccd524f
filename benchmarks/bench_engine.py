"""Engine speed: random legal rounds per second through the public state API.

A round is its picking, all its tricks and its scoring; every action is chosen from
``legal_actions()`` and applied with the validating ``apply_action()``. In the same run a baseline
is timed: a minimal stand-alone loop (no engine) that deals, plays random legal cards of one trump
contract and counts points. The script prints rounds/s for both and their ratio. Rates are per
second of this process's CPU time (``time.process_time``), so other load on the machine disturbs
them less than wall-clock timing would.

    python benchmarks/bench_engine.py [--seconds 3] [--players 3 4 ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from chaitea import Game


def engine_rounds(players: int, setup: str, deck: str | None, budget: float, seed: int = 1,
                  passing_the_barrel: bool = False, match_point: bool = False) -> tuple[int, float]:
    """Play whole random games until ``budget`` seconds pass; return (rounds, seconds)."""
    game = Game(players=players, setup=setup, deck=deck, passing_the_barrel=passing_the_barrel,
                match_point=match_point)
    rng = random.Random(seed)
    choice = rng.choice
    rounds = 0
    start = time.process_time()
    g = 0
    while True:
        state = game.new_initial_state(seed=seed * 1_000_003 + g)
        g += 1
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        rounds += len(state.round_results)
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return rounds, elapsed


def baseline_rounds(budget: float, seed: int = 1) -> tuple[int, float]:
    """A minimal stand-alone three-player loop: deal 36 cards as bit masks, play random legal
    cards of Trump (hearts), find each trick's winner, count points and the last-trick bonus."""
    rng = random.Random(seed)
    points = [(c % 9 + 1) if (c % 9 + 1) % 2 else 0 for c in range(36)]
    suit_mask = [0x1FF << (9 * s) for s in range(4)]
    trump = 2
    rounds = 0
    start = time.process_time()
    deck = list(range(36))
    while True:
        rng.shuffle(deck)
        hands = [0, 0, 0]
        for i, c in enumerate(deck):
            hands[i // 12] |= 1 << c
        leader, won = rng.randrange(3), [0, 0, 0]
        for trick_no in range(12):
            trick = []
            led = -1
            for k in range(3):
                seat = (leader + k) % 3
                h = hands[seat]
                if led >= 0 and h & suit_mask[led]:
                    h = h & (suit_mask[led] | suit_mask[trump])
                cards = []
                while h:
                    low = h & -h
                    cards.append(low.bit_length() - 1)
                    h ^= low
                c = rng.choice(cards)
                hands[seat] ^= 1 << c
                if led < 0:
                    led = c // 9
                trick.append(c)
            best, pos = -1, 0
            for p, c in enumerate(trick):
                s = c // 9
                v = (200 if s == trump else 100 if s == led else 0) + c % 9
                if v > best and s in (trump, led):
                    best, pos = v, p
            leader = (leader + pos) % 3
            won[leader] += sum(points[c] for c in trick)
            if trick_no == 11:
                won[leader] += 10
        assert sum(won) == 110
        rounds += 1
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return rounds, elapsed


def best_of(fn: Callable[[], tuple[int, float]], repeats: int) -> float:
    rates = [r / t for r, t in (fn() for _ in range(repeats))]
    return statistics.median(rates)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time budget per measurement")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 6])
    args = ap.parse_args()
    base = best_of(lambda: baseline_rounds(args.seconds), args.repeats)
    print(f"baseline (stand-alone 3-player trump loop): {base:9.0f} rounds/s")
    configs: list[tuple[str, int, str, str | None, dict[str, bool]]] = []
    for p in args.players:
        decks: list[str | None] = [None, "double"] if p == 6 else [None]
        for d in decks:
            configs.append((f"{p} players{' double deck' if d else ''}, standard", p, "standard",
                            d, {}))
    if 3 in args.players:
        configs.append(("3 players, long", 3, "long", None, {}))
        configs.append(("3 players, passing the barrel + match point", 3, "standard", None,
                        {"passing_the_barrel": True, "match_point": True}))
    for label, p, setup, d, opts in configs:
        rate = best_of(lambda p=p, setup=setup, d=d, opts=opts:  # type: ignore[misc]
                       engine_rounds(p, setup, d, args.seconds, **opts), args.repeats)
        print(f"engine {label:45s} {rate:9.0f} rounds/s   ratio to baseline {rate / base:5.2f}")


if __name__ == "__main__":
    main()
