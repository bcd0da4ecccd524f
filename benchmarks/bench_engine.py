"""Engine speed: random legal rounds per second through the public state API.

A round is its picking, all its tricks and its scoring; every action is chosen from
``legal_actions()`` and applied with the validating ``apply_action()``. In the same run a baseline
is timed: a minimal stand-alone loop (no engine) that deals, plays random legal cards of one trump
contract and counts points. The script prints rounds/s for both and their ratio. Rates are per
second of this process's CPU time (``time.process_time``), so other load on the machine disturbs
them less than wall-clock timing would.

    python benchmarks/bench_engine.py [--seconds 3] [--players 3 4 ...]

``--peer COMMIT`` (e.g. the engine before its redesign, ``fea5344``) also measures the engine of
another commit in the same run: it is checked out once with ``git worktree add`` under
``/tmp`` and imported in a long-lived worker subprocess (as is this tree's engine, which also
times the baseline); short repetitions alternate baseline, this engine and the peer's (the order
rotating), and the script prints medians and both ratios to the baseline, each the median of the
repetitions' own ratios (the redesign's target: this tree's ratio at least the peer's).

    python benchmarks/bench_engine.py --peer fea5344 --players 3 4 --repeats 5

With ``--fresh`` both workers are started anew for every repetition: a process draws one
string-hash seed and one memory layout for its life, which shift a tree's speed by several per
cent for a whole run (measured: this tree against a worktree of itself gave 1.015-1.096 with
long-lived workers), so fresh workers sample them instead of fixing one draw per tree.

    python benchmarks/bench_engine.py --peer 4d2a677 --players 3 4 --seconds 1 --repeats 15 --fresh

``--openspiel`` times three-player Chai Tea Jazz rounds beside OpenSpiel's 36-card three-player
Oh Hell (``pip install open-spiel`` into the venv, for the benchmark only) driven from Python in
the same loop shape (chance outcomes sampled from Python), alternating, medians, the ratio; then
``clone()`` in play (three players, Schieber and OpenSpiel's state; the best of 7 x 20,000):

    python benchmarks/bench_engine.py --openspiel --repeats 5 --seconds 2

``--openspiel --oh-hell`` times the same game on both sides instead: the kit's ``oh-hell``
ruleset and OpenSpiel's ``oh_hell``, three players, the 52-card deck, 17 tricks
(``num_tricks_fixed``, the kit's default), a whole game each (its deal, bids and tricks; the
kit deals from a seed, OpenSpiel samples its chance nodes from Python), games per second, the
ratio; then ``clone()`` in play of both Oh Hell states:

    python benchmarks/bench_engine.py --openspiel --oh-hell --repeats 5 --seconds 2
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def engine_rounds(players: int, setup: str, deck: str | None, budget: float, seed: int = 1,
                  passing_the_barrel: bool = False, match_point: bool = False) -> tuple[int, float]:
    """Play whole random games until ``budget`` seconds pass; return (rounds, seconds)."""
    from chaitea import Game

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


OPENSPIEL_GAME = "oh_hell(num_suits=4,num_cards_per_suit=9,num_tricks_fixed=11)"
# --oh-hell: the same game on both sides (the kit's oh-hell, OpenSpiel's oh_hell)
OH_HELL_PLAYERS, OH_HELL_TRICKS = 3, 17
OPENSPIEL_OH_HELL = f"oh_hell(players={OH_HELL_PLAYERS},num_tricks_fixed={OH_HELL_TRICKS})"


def oh_hell_games(budget: float, seed: int = 1) -> tuple[int, float]:
    """The kit's Oh Hell through the state API in the OpenSpiel loop's shape: a new state dealt
    from a seed, then uniform choices among ``legal_actions()`` applied with ``apply_action``
    until it is terminal; returns (games, seconds). A game is one hand: its deal, bids and
    tricks."""
    from chaitea.rulesets import jass_game

    game = jass_game("oh-hell", OH_HELL_PLAYERS, num_tricks_fixed=OH_HELL_TRICKS)
    rng = random.Random(seed)
    choice = rng.choice
    games = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state(seed=seed + games)
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return games, elapsed


def openspiel_games(budget: float, seed: int = 1,
                    name: str = OPENSPIEL_GAME) -> tuple[int, float]:
    """OpenSpiel's 36-card three-player Oh Hell driven from Python in the engine loop's shape:
    a new state, then until it is terminal a chance outcome sampled from ``chance_outcomes()``
    or a uniform choice among ``legal_actions()``, applied with ``apply_action``; returns
    (games, seconds). A game is its deal, its bidding and its 11 tricks."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    choice, rand = rng.choice, rng.random
    games = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x, acc, k = rand(), 0.0, 0
                while k < len(outcomes) - 1:
                    acc += outcomes[k][1]
                    if x < acc:
                        break
                    k += 1
                state.apply_action(outcomes[k][0])
            else:
                state.apply_action(choice(state.legal_actions()))
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return games, elapsed


def versus_openspiel(args: argparse.Namespace) -> None:
    """Chai Tea Jazz's three-player rounds through the state API and OpenSpiel's Oh Hell games
    from Python, in one process, repetitions alternating (the order swapping), medians; the
    ratio is the median of each repetition's own ratio and is printed last, beside the speed
    target (at least 2x)."""
    if importlib.util.find_spec("pyspiel") is None:
        raise SystemExit("OpenSpiel is not installed here (never a dependency of the kit): "
                         "make openspiel-check creates .venv-openspiel, then run "
                         "PYTHONPATH=. .venv-openspiel/bin/python benchmarks/bench_engine.py "
                         "--openspiel")
    if args.oh_hell:
        oh_hell_versus_oh_hell(args)
        return
    ours, theirs = alternate(args.repeats,
                             ("chaitea", "rounds", lambda: engine_rounds(3, "standard", None,
                                                                         args.seconds)),
                             ("OpenSpiel oh_hell", "games", lambda: openspiel_games(args.seconds)))
    ratio = statistics.median(c / o for c, o in zip(ours, theirs, strict=True))
    print(f"median: chaitea 3 players {statistics.median(ours):.0f} rounds/s, OpenSpiel "
          f"{OPENSPIEL_GAME} from Python {statistics.median(theirs):.0f} games/s")
    print(f"ratio chaitea/OpenSpiel-from-Python: {ratio:.2f}x (target: at least 2x)")
    # the deal (chance) and the bids, into the tricks
    os_state = openspiel_state_in_play(OPENSPIEL_GAME, 50, random.Random(3))
    print(f"clone() in play, best of 7 x 20,000 (target: at most 3 us): chaitea 3 players "
          f"{clone_micros({'players': 3}):.2f} us, Schieber "
          f"{clone_micros({'ruleset': 'schieber'}):.2f} us; OpenSpiel oh_hell "
          f"{_best_clone(os_state):.2f} us")


Timed = tuple[str, str, Callable[[], tuple[int, float]]]  # label, unit, (count, seconds)


def alternate(repeats: int, ours: Timed, theirs: Timed) -> tuple[list[float], list[float]]:
    """Run ``ours`` and ``theirs`` ``repeats`` times, their order swapping each repetition,
    printing each repetition's rates and ratio; the two lists of rates (per second)."""
    rates: tuple[list[float], list[float]] = ([], [])
    for r in range(repeats):
        got: dict[int, float] = {}
        pair = [(0, ours), (1, theirs)]
        for side, (_, _, fn) in pair if r % 2 == 0 else pair[::-1]:
            n, t = fn()
            got[side] = n / t
        rates[0].append(got[0])
        rates[1].append(got[1])
        print(f"rep {r + 1}: {ours[0]} {got[0]:8.0f} {ours[1]}/s  {theirs[0]} {got[1]:8.0f} "
              f"{theirs[1]}/s  ratio {got[0] / got[1]:.2f}", flush=True)
    return rates


def oh_hell_versus_oh_hell(args: argparse.Namespace) -> None:
    """``--openspiel --oh-hell``: the kit's Oh Hell and OpenSpiel's, the same game, games per
    second alternating (the order swapping), medians, the ratio (the median of each
    repetition's own); then ``clone()`` of each in play."""
    ours, theirs = alternate(args.repeats,
                             ("chaitea oh-hell", "games", lambda: oh_hell_games(args.seconds)),
                             ("OpenSpiel oh_hell", "games",
                              lambda: openspiel_games(args.seconds, name=OPENSPIEL_OH_HELL)))
    ratio = statistics.median(c / o for c, o in zip(ours, theirs, strict=True))
    print(f"median: chaitea oh-hell {statistics.median(ours):.0f} games/s, OpenSpiel "
          f"{OPENSPIEL_OH_HELL} from Python {statistics.median(theirs):.0f} games/s")
    print(f"ratio chaitea/OpenSpiel-from-Python, the same game: {ratio:.2f}x")
    from chaitea.rulesets import jass_game

    state = jass_game("oh-hell", OH_HELL_PLAYERS,
                      num_tricks_fixed=OH_HELL_TRICKS).new_initial_state(seed=3)
    rng = random.Random(3)
    for _ in range(OH_HELL_PLAYERS + 10):  # the bids and ten cards: into the tricks
        state.apply_action(rng.choice(state.legal_actions()))
    os_state = openspiel_state_in_play(OPENSPIEL_OH_HELL, 2 + 52 + 10, rng)
    print(f"clone() in play, best of 7 x 20,000: chaitea oh-hell {_best_clone(state):.2f} us; "
          f"OpenSpiel oh_hell {_best_clone(os_state):.2f} us")


def openspiel_state_in_play(name: str, actions: int, rng: random.Random) -> Any:
    """A state of OpenSpiel's game ``name`` after at least ``actions`` actions and on no chance
    node: chance outcomes sampled by their probabilities, players' actions uniformly."""
    import pyspiel

    state = pyspiel.load_game(name).new_initial_state()
    while state.is_chance_node() or len(state.history()) < actions:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def clone_micros(game_kwargs: dict[str, object], plays: int = 10) -> float:
    """The best of 7 timings of 20,000 ``clone()`` calls of a seeded state ``plays`` cards into
    its first round's tricks, in microseconds per clone."""
    from chaitea import Game

    state = Game(**game_kwargs).new_initial_state(seed=3)  # type: ignore[arg-type]
    rng = random.Random(3)
    while state.phase != "play":
        state.apply_action(rng.choice(state.legal_actions()))
    for _ in range(plays):
        state.apply_action(rng.choice(state.legal_actions()))
    return _best_clone(state)


def _best_clone(state: Any, number: int = 20_000) -> float:
    best = float("inf")
    for r in range(8):  # the first run warms up (caches, the allocator): not counted
        clone = state.clone
        start = time.perf_counter()
        for _ in range(number):
            clone()
        if r:
            best = min(best, time.perf_counter() - start)
    return best / number * 1e6


def best_of(fn: Callable[[], tuple[int, float]], repeats: int) -> float:
    rates = [r / t for r, t in (fn() for _ in range(repeats))]
    return statistics.median(rates)


def _configs(players: list[int]) -> list[tuple[str, int, str, str | None, dict[str, bool]]]:
    configs: list[tuple[str, int, str, str | None, dict[str, bool]]] = []
    for p in players:
        decks: list[str | None] = [None, "double"] if p == 6 else [None]
        for d in decks:
            configs.append((f"{p} players{' double deck' if d else ''}, standard", p, "standard",
                            d, {}))
    if 3 in players:
        configs.append(("3 players, long", 3, "long", None, {}))
        configs.append(("3 players, passing the barrel + match point", 3, "standard", None,
                        {"passing_the_barrel": True, "match_point": True}))
    return configs


def _peer_tree(commit: str) -> Path:
    """A detached ``git worktree`` of ``commit`` under /tmp (made once, then reused)."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=7", commit], check=True,
                         capture_output=True, text=True).stdout.strip()
    tree = Path("/tmp") / f"chaitea-bench-{sha}"
    if not (tree / "chaitea" / "__init__.py").exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), sha],
                       check=True, capture_output=True)
    return tree


def _worker(args: argparse.Namespace) -> None:
    """A long-lived measuring process for one engine tree (``--root``): reads one JSON request
    per line (``["baseline", seconds]`` or ``[[players, setup, deck, options], seconds]``) and
    answers with the rate, so short measurements of the trees can alternate closely."""
    if args.root:
        sys.path.insert(0, args.root)
    import chaitea

    where = str(Path(chaitea.__file__).resolve().parent.parent)
    print(json.dumps({"root": where}), flush=True)
    for line in sys.stdin:
        what, seconds = json.loads(line)
        if what == "baseline":
            rounds, secs = baseline_rounds(seconds)
        else:
            p, setup, deck, opts = what
            rounds, secs = engine_rounds(p, setup, deck, seconds, **opts)
        print(json.dumps({"rate": rounds / secs}), flush=True)


class _Worker:
    """A worker subprocess importing the engine of one tree."""

    def __init__(self, root: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(root))
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", "--root", str(root)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, env=env, cwd="/tmp")
        hello = json.loads(self._line())
        if hello["root"] != str(root.resolve()):
            raise SystemExit(f"the worker imported chaitea from {hello['root']}, not {root}")

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("a benchmark worker died")
        return line

    def rate(self, what: object, seconds: float) -> float:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps([what, seconds]) + "\n")
        self.proc.stdin.flush()
        return float(json.loads(self._line())["rate"])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def compare(args: argparse.Namespace) -> None:
    """This tree and ``--peer`` in one run, each against the same baseline: one worker process
    per tree, short measurements alternating (the order rotating each repetition); figures are
    medians, and the ratios are medians of each repetition's own ratios, so that a change of
    load on a shared machine between repetitions cancels out."""
    peer = _peer_tree(args.peer)
    print(f"this tree: {ROOT}; peer {args.peer}: {peer}; {args.repeats} alternating repetitions"
          f" of {args.seconds:g} CPU s each; medians (the machine may be shared: compare ratios)")
    mine, theirs = _Worker(ROOT), _Worker(peer)
    try:
        for label, p, setup, d, opts in _configs(args.players):
            what = [p, setup, d, opts]
            base: list[float] = []
            m: list[float] = []
            t: list[float] = []
            for r in range(args.repeats):
                if args.fresh and r:  # new processes: a new hash seed and memory layout each
                    mine.close()
                    theirs.close()
                    mine, theirs = _Worker(ROOT), _Worker(peer)
                jobs: list[tuple[str, _Worker, object]] = [
                    ("b", mine, "baseline"), ("m", mine, what), ("t", theirs, what)]
                got: dict[str, float] = {}
                for key, w, job in jobs[r % 3:] + jobs[:r % 3]:
                    got[key] = w.rate(job, args.seconds)
                base.append(got["b"])
                m.append(got["m"])
                t.append(got["t"])
            rm = statistics.median(x / b for x, b in zip(m, base, strict=True))
            rt = statistics.median(x / b for x, b in zip(t, base, strict=True))
            pair = statistics.median(x / y for x, y in zip(m, t, strict=True))
            print(f"{label:45s} baseline {statistics.median(base):7.0f}/s  this "
                  f"{statistics.median(m):7.0f}/s ratio {rm:5.3f}  {args.peer} "
                  f"{statistics.median(t):7.0f}/s ratio {rt:5.3f}  this/peer {pair:5.3f}",
                  flush=True)
    finally:
        mine.close()
        theirs.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time budget per measurement")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 6])
    ap.add_argument("--peer", default=None,
                    help="also measure this commit's engine in the same run (e.g. fea5344)")
    ap.add_argument("--fresh", action="store_true",
                    help="with --peer: new worker processes for every repetition (each process"
                         " draws its own string-hash seed and memory layout, which shift a"
                         " tree's speed by several per cent for the whole life of a process)")
    ap.add_argument("--openspiel", action="store_true",
                    help="side by side with OpenSpiel's three-player Oh Hell from Python")
    ap.add_argument("--oh-hell", action="store_true",
                    help="with --openspiel: the kit's Oh Hell against OpenSpiel's, the same game")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--root", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _worker(args)
        return
    if args.openspiel:
        versus_openspiel(args)
        return
    if args.peer:
        compare(args)
        return
    base = best_of(lambda: baseline_rounds(args.seconds), args.repeats)
    print(f"baseline (stand-alone 3-player trump loop): {base:9.0f} rounds/s")
    for label, p, setup, d, opts in _configs(args.players):
        rate = best_of(lambda p=p, setup=setup, d=d, opts=opts:  # type: ignore[misc]
                       engine_rounds(p, setup, d, args.seconds, **opts), args.repeats)
        print(f"engine {label:45s} {rate:9.0f} rounds/s   ratio to baseline {rate / base:5.2f}")


if __name__ == "__main__":
    main()
