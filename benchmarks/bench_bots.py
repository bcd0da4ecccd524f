"""Bot strength and speed: the tournaments and the advice table.

1. Rule bot against two random bots: duplicate whole standard three-player games (each game
   seed played three times, the rule bot in each seat); win rate with its Wilson 95% interval
   (one in three by chance; target >= 75%).
2. PIMC against the rule bot: duplicate single rounds (deal, declarer and contract drawn per
   deal); the same seat and role played once by PIMC and once by the rule bot, the other seats
   rule bots; mean round-score difference with its 95% interval, overall and per role (target:
   the interval above 0), at the stated budget per move; PIMC's median time per move.
3. Advice: on random three-player hands at the first pick, the coach's recommended contract
   against every other contract, each actually played out on the real deal by the rule bots;
   per contract the mean score difference (recommended minus it) and its 95% interval.

4. Schieber (RULES J), games to 1000 without multipliers (option ``no_multipliers``), whole
   duplicate games of teams (both partners the same bot; each game seed played twice, the
   teams swapped): rule team vs random team (target >= 80%), PIMC team vs random team
   (>= 90%) and vs rule team (>= 60%, the lower end of the Wilson 95% interval above 50%);
   win rates with their Wilson intervals, mean game scores, PIMC's median time per move
   (target <= 1 s) at the stated samples per move (rule-bot playouts in each world).

Timings are wall-clock on a shared, loaded machine (the load average is printed).

    python benchmarks/bench_bots.py            # quick: 30 games, 20 deals, 10 hands, 10 Schieber
    python benchmarks/bench_bots.py --full     # 1,000 games, 500 deals, 200 hands, 100 Schieber
    python benchmarks/bench_bots.py --only 4 --jass-games 100 --jass-samples 20 \
        --jass-pairs pimc:rule     # one Schieber match-up
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chaitea import Game, GameState
from chaitea.ai.bots import PimcBot, rule_card
from chaitea.ai.coach import advise
from chaitea.ai.kernel import play_card as kplay
from chaitea.ai.kernel import position_of, rules_for
from chaitea.ai.tournament import duplicate_difference, play_matches, summarize


def rule_vs_random(games: int, seed: int) -> None:
    t = time.perf_counter()
    m = play_matches(["rule", "random", "random"], players=3, deals=games, seed=seed)
    s = summarize(m)
    r = s[s.bot == "rule"].iloc[0]
    print(f"[1] rule vs 2 random, {games} duplicate standard 3-player games (seed {seed}, "
          f"{len(m) // 3} games played): rule wins {r.win_rate:.1%} "
          f"[{r.win_low:.1%}, {r.win_high:.1%}] (target >= 75%; chance 33.3%); "
          f"{time.perf_counter() - t:.0f} s")
    print(s.to_string(index=False))


class TimedPimc(PimcBot):
    times: ClassVar[list[float]] = []

    def act(self, state: GameState) -> int:
        t = time.perf_counter()
        a = super().act(state)
        if state.phase == "play":
            TimedPimc.times.append(time.perf_counter() - t)
        return a


def pimc_vs_rule(deals: int, seed: int, samples: int) -> None:
    import chaitea.ai.bots as bots

    bots.BOT_NAMES["pimc"] = TimedPimc  # time every card decision
    TimedPimc.times = []
    t = time.perf_counter()
    _, s = duplicate_difference("pimc", "rule", others="rule", players=3, deals=deals,
                                 seed=seed, bot_options={"pimc": {"samples": samples}})
    bots.BOT_NAMES["pimc"] = PimcBot
    print(f"[2] PIMC ({samples} worlds per move, solver in the last 4 tricks, rule playouts "
          f"before) vs rule, {deals} duplicate rounds x 3 seats (seed {seed}); "
          f"{time.perf_counter() - t:.0f} s")
    for part in ("all", "declarer", "defender"):
        print(f"    {part:>8}: mean difference {s[part + '_mean']:+.2f} "
              f"[{s[part + '_low']:+.2f}, {s[part + '_high']:+.2f}] over {s[part + '_n']:.0f}")
    ts = TimedPimc.times
    print(f"    PIMC time per card move: median {1000 * statistics.median(ts):.0f} ms, "
          f"90th percentile {1000 * sorted(ts)[int(0.9 * len(ts))]:.0f} ms, max "
          f"{1000 * max(ts):.0f} ms over {len(ts)} moves (target median <= 1 s)")


def rule_round(game: Game, deal_seed: int, declarer: int, contract: str,
               avoidance: bool) -> float:
    """The declarer's round score (no debt) of a deal played out by the rule bots."""
    st = game.round_state(deal_seed, declarer, contract)
    rules = rules_for(game, contract, declarer, avoidance=avoidance)
    pos = position_of(st)
    full = (1 << rules.n_cards) - 1
    while not pos.done:
        inplay = 0
        for h in pos.hands:
            inplay |= h
        me = pos.turn
        kplay(rules, pos, rule_card(rules, me, pos.hands[me], pos.trick, pos.leader,
                                    pos.trick_no, inplay & ~pos.hands[me] & full))
    return float(sum(pos.won[s] for s in range(rules.sides) if s == rules.side_of[declarer]))


def advice_table(hands: int, seed: int, samples: int) -> None:
    game = Game(players=3)
    rng = random.Random(seed)
    diffs: dict[str, list[float]] = {}
    agree = 0
    t = time.perf_counter()
    for _ in range(hands):
        deal_seed = rng.randrange(2**31)
        st = game.new_initial_state()
        st.apply_deal(deal_seed)
        a = advise(st, samples=samples, seed=rng.randrange(2**31))
        tab = a.table
        rec = a.recommended if a.recommended != "pass" else str(tab.iloc[0]["pick"])
        rec_contract = str(tab[tab.pick == rec].iloc[0]["contract"])
        scores = {c: rule_round(game, deal_seed, 0, c, False)
                  for c in sorted(set(tab.contract))}
        best_real = max(scores.values())
        agree += scores[rec_contract] == best_real
        for c, v in scores.items():
            if c != rec_contract:
                diffs.setdefault(c, []).append(scores[rec_contract] - v)
    print(f"[3] advice on {hands} random 3-player hands (seat 0 at the first pick, "
          f"{samples} sampled deals per advice, seed {seed}); recommended contract's score "
          f"minus each other contract's, all played out by the rule bots on the real deal "
          f"({time.perf_counter() - t:.0f} s):")
    print(f"    {'contract':>14} {'n':>4} {'mean diff':>9} {'95% low':>8} {'95% high':>8}")
    worst = math.inf
    for c, d in sorted(diffs.items()):
        mean = statistics.fmean(d)
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else math.nan
        worst = min(worst, mean + half)
        print(f"    {c:>14} {len(d):>4} {mean:>+9.1f} {mean - half:>+8.1f} {mean + half:>+8.1f}")
    print(f"    the recommended contract scored best of all on {agree}/{hands} hands; "
          f"criterion (no contract better by more than the interval): "
          f"{'met' if worst >= 0 else 'NOT met'}")


def schieber_tournaments(games: int, seed: int, samples: int,
                         pairs: list[tuple[str, str]], solve_tricks: int = 0) -> None:
    from chaitea.ai.tournament import play_jass_matches

    for a, b in pairs:
        t = time.perf_counter()
        times: list[float] = []
        m = play_jass_matches([a, b], ruleset="schieber", deals=games, seed=seed,
                              game_options={"no_multipliers": True},
                              bot_options={"pimc": {"samples": samples,
                                                    "solve_tricks": solve_tricks}},
                              timer=times)
        s = summarize(m)
        r = s[s.bot == a].iloc[0]
        budget = (f", PIMC {samples} samples per move, solver in the last {solve_tricks} "
                  "tricks" if "pimc" in (a, b) else "")
        timing = (f"; PIMC median {statistics.median(times) * 1000:.0f} ms per move "
                  f"(max {max(times):.2f} s, {len(times)} moves)" if times else "")
        target = {("rule", "random"): 0.8, ("pimc", "random"): 0.9, ("pimc", "rule"): 0.6}
        goal = target.get((a, b))
        print(f"[4] Schieber to 1000, no multipliers: {a} team vs {b} team, {games} duplicate "
              f"games (seed {seed}, {len(m) // 2} games played{budget}): {a} wins "
              f"{r.win_rate:.1%} [{r.win_low:.1%}, {r.win_high:.1%}]"
              + (f" (target >= {goal:.0%})" if goal else "") + timing
              + f"; {time.perf_counter() - t:.0f} s")
        print(s.to_string(index=False))
        sys.stdout.flush()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--games", type=int)
    ap.add_argument("--deals", type=int)
    ap.add_argument("--hands", type=int)
    ap.add_argument("--samples", type=int, default=10, help="PIMC worlds per move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("1", "2", "3", "4"), nargs="*")
    ap.add_argument("--jass-games", type=int, help="Schieber duplicate games per match-up")
    ap.add_argument("--jass-samples", type=int, default=20, help="Schieber PIMC worlds per move")
    ap.add_argument("--jass-pairs", default="rule:random,pimc:random,pimc:rule",
                    help="Schieber match-ups, team:team,...")
    ap.add_argument("--jass-solve-tricks", type=int, default=0,
                    help="Schieber PIMC: the double-dummy solver in the last N tricks")
    a = ap.parse_args()
    full: dict[str, Any] = {"games": 1000, "deals": 500, "hands": 200, "jass": 100}
    quick: dict[str, Any] = {"games": 30, "deals": 20, "hands": 10, "jass": 10}
    cfg = full if a.full else quick
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (shared machine)")
    only = set(a.only or ("1", "2", "3", "4"))
    if "1" in only:
        rule_vs_random(a.games or cfg["games"], a.seed)
    if "2" in only:
        pimc_vs_rule(a.deals or cfg["deals"], a.seed, a.samples)
    if "3" in only:
        advice_table(a.hands or cfg["hands"], a.seed, 20)
    if "4" in only:
        pairs = [(x.split(":")[0], x.split(":")[1]) for x in a.jass_pairs.split(",")]
        schieber_tournaments(a.jass_games or cfg["jass"], a.seed, a.jass_samples, pairs,
                             a.jass_solve_tricks)


if __name__ == "__main__":
    main()
