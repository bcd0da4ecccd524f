"""Duplicate tournaments between bots, with win rates, mean scores and Wilson 95% intervals.

Each deal (a game seed, or one round's deal, declarer and contract) is replayed once per rotation
of the line-up through the seats, so every bot meets the same cards in every seat and the luck
of the deal cancels. :func:`play_matches` gives one row per seat and match; :func:`summarize`
one row per bot; :func:`tournament` both in one call (the summary).

>>> table = tournament(["rule", "random", "random"], players=3, deals=2, seed=1, rounds=True)
>>> list(table.columns)[:5]
['bot', 'seats', 'wins', 'win_rate', 'win_low']
>>> int(table["seats"].sum())
18

On the command line: ``python -m chaitea tournament --players 3 --bots rule,random,random
--deals 100 --seed 1``.

The Jass games (:mod:`chaitea.rulesets`) play whole games through :func:`play_jass_matches`:
one bot per team in team games (both partners, Schieber), each deal (a game seed) replayed with
the teams swapped (or the line-up rotated through the seats in games of individuals):
``python -m chaitea tournament --ruleset schieber --option no_multipliers=true --bots
rule,random --deals 100``.

>>> m = play_jass_matches(["rule", "random"], ruleset="schieber", deals=1, seed=2,
...                       game_options={"no_multipliers": True})
>>> sorted(m["bot"].unique()), len(m), m["rotation"].tolist()
(['random', 'rule'], 4, [0, 0, 1, 1])
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from typing import Any

import pandas as pd

from chaitea.ai.bots import BOT_NAMES, Bot, make_bot
from chaitea.ai.parts import provide, ruleset_part
from chaitea.core.contracts import Contract
from chaitea.core.errors import ChaiTeaError, SetupError
from chaitea.core.markup import one_line, quote
from chaitea.engine.game import Game, GameState, round_seed
from chaitea.records.command_line import (
    MAX_DEALS,
    MAX_SAMPLES,
    Count,
    UsageError,
    ruleset_name,
    seed_value,
)

__all__ = ["add_cli", "bot_list", "duplicate_difference", "game_option", "play_jass_matches",
           "play_matches", "run_cli", "summarize", "tournament", "wilson"]


def wilson(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    >>> [round(x, 3) for x in wilson(75, 100)]
    [0.657, 0.825]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


def _lineup(game: Game, bots: Sequence[str]) -> list[str]:
    """One bot name per seat: ``bots`` per seat, or per side in team games."""
    if len(bots) == game.players:
        return list(bots)
    if game.side_names is not None and len(bots) == game.sides:
        return [bots[game.side_of[s]] for s in range(game.players)]
    raise SetupError(f"give {game.players} bots (one per seat)"
                     + (f" or {game.sides} (one per team)" if game.side_names else ""))


def _round_deal(game: Game, seed: int, d: int, contract: str | None) -> tuple[int, int, Contract]:
    """Deal ``d`` of a rounds tournament: its deal seed, declarer and contract."""
    rng = random.Random(round_seed(seed, d))
    deal_seed = rng.randrange(2**31)
    declarer = d % game.players
    if contract is not None:
        return deal_seed, declarer, Contract.parse(contract)
    choices = sorted({c for row in game.setup.rows if not row.is_joker for c in row.contracts},
                     key=str)
    return deal_seed, declarer, rng.choice(choices)


def play_matches(
    bots: Sequence[str], *, players: int | None = 3, setup: Any = "standard", deals: int = 10,
    seed: int = 0, rounds: bool = False, contract: str | None = None,
    bot_options: dict[str, dict[str, Any]] | None = None,
    game_options: dict[str, Any] | None = None,
) -> pd.DataFrame:
    """Play every deal once per rotation of ``bots`` through the seats.

    Whole games by default (the score is the seat's side's game points; ``win`` is its side
    winning the game); ``rounds=True`` plays single rounds from a seeded deal, declarer and
    contract (``contract`` fixes it; default: one drawn from the setup's rows) and the score is
    the round score for the seat's side (the declarer's side's round score, negated for the
    defenders); ``win`` then means the side's score is positive. One row per seat and match.
    """
    gopts = dict(game_options or {})
    ruleset = str(gopts.get("ruleset", "chai-tea-jazz"))  # its kind of game plays the matches
    matches: pd.DataFrame = ruleset_part(ruleset, "matches")(
        bots, ruleset=ruleset, players=players, setup=setup, deals=deals, seed=seed,
        rounds=rounds, contract=contract, bot_options=bot_options, game_options=gopts)
    return matches


def _table_matches(bots: Sequence[str], *, ruleset: str, players: int | None, setup: Any,
                   deals: int, seed: int, rounds: bool, contract: str | None,
                   bot_options: dict[str, dict[str, Any]] | None,
                   game_options: dict[str, Any]) -> pd.DataFrame:
    """:func:`play_matches` of a table's game: whole games (:func:`play_jass_matches`)."""
    if rounds or contract is not None:
        raise SetupError("a Jass tournament plays whole games (no --rounds or --contract)")
    gopts = {k: v for k, v in game_options.items() if k != "ruleset"}
    return play_jass_matches(bots, ruleset=ruleset, players=players, deals=deals, seed=seed,
                             bot_options=bot_options, game_options=gopts)


def _pad_matches(bots: Sequence[str], *, ruleset: str, players: int | None, setup: Any,
                 deals: int, seed: int, rounds: bool, contract: str | None,
                 bot_options: dict[str, dict[str, Any]] | None,
                 game_options: dict[str, Any]) -> pd.DataFrame:
    """:func:`play_matches` of Chai Tea Jazz: whole games or single rounds."""
    gopts = game_options
    players = 3 if players is None else players
    game = Game(players=players, setup=setup, **gopts)
    lineup = _lineup(game, bots)
    for b in lineup:
        if b not in BOT_NAMES:
            raise SetupError(f"unknown bot {b!r}: use {', '.join(BOT_NAMES)}")
    opts = bot_options or {}
    rows: list[dict[str, Any]] = []
    shifts: list[int] = []
    seen: set[tuple[str, ...]] = set()
    for k in range(players):  # each distinct rotation once
        t = tuple(lineup[(s + k) % players] for s in range(players))
        if t not in seen:
            seen.add(t)
            shifts.append(k)
    for d in range(deals):
        for k in shifts:
            seat_bots = [lineup[(s + k) % players] for s in range(players)]
            base = round_seed(seed, d * 64 + k)
            agents: list[Bot] = [make_bot(name, seed=base + s, **opts.get(name, {}))
                                 for s, name in enumerate(seat_bots)]
            if rounds:
                deal_seed, declarer, c = _round_deal(game, seed, d, contract)
                state = game.round_state(deal_seed, declarer, c)
            else:
                state = game.new_initial_state(seed=round_seed(seed, d))
                declarer, c = -1, None
            _play(state, agents)
            ret = state.returns()
            winner = None if rounds else state.winner()
            for s in range(players):
                side = game.side_of[s]
                win = (ret[s] > 0) if rounds else (winner == side)
                rows.append({"deal": d, "rotation": k, "seat": s, "bot": seat_bots[s],
                             "role": ("declarer" if game.side_of[declarer] == side else
                                      "defender") if rounds else "",
                             "contract": str(c) if c is not None else "",
                             "score": ret[s], "win": bool(win)})
    return pd.DataFrame(rows)


def play_jass_matches(
    bots: Sequence[str], *, ruleset: str = "schieber", players: int | None = None,
    deals: int = 10, seed: int = 0, bot_options: dict[str, dict[str, Any]] | None = None,
    game_options: dict[str, Any] | None = None, timer: list[float] | None = None,
) -> pd.DataFrame:
    """Whole games of a Jass ruleset, duplicate: game ``d`` is dealt from
    ``round_seed(seed, d)`` and replayed once per distinct rotation of the line-up (team
    games: ``bots`` one per team, the teams swapped; games of individuals: one per seat,
    rotated through the seats). One row per seat and game: ``score`` the seat's side total,
    ``win`` its side winning the game. ``timer``, if given, collects the seconds of every
    card-play decision of a ``pimc`` bot (for the time per move). Team games give one row
    per team and game (both partners are the same bot), others one row per seat and game."""
    import time

    from chaitea.ai.table_bots import JASS_BOT_NAMES, make_jass_bot
    from chaitea.rulesets import jass_game

    game = jass_game(ruleset, players, options=game_options or {})
    n = game.players
    teams = game.side_names is not None
    if teams and len(bots) == game.sides:
        order = list(bots)
        lineups = [[order[(game.side_of[s] + k) % game.sides] for s in range(n)]
                   for k in range(game.sides)]
    elif len(bots) == n:
        lineups = [[bots[(s + k) % n] for s in range(n)] for k in range(n)]
    else:
        raise SetupError(f"give {n} bots (one per seat)"
                         + (f" or {game.sides} (one per team)" if teams else ""))
    for b in bots:
        if b not in JASS_BOT_NAMES:
            raise SetupError(f"unknown bot {b!r}: use {', '.join(JASS_BOT_NAMES)}")
    distinct: list[list[str]] = []
    for lu in lineups:
        if lu not in distinct:
            distinct.append(lu)
    opts = bot_options or {}
    rows: list[dict[str, Any]] = []
    for d in range(deals):
        for k, seat_bots in enumerate(distinct):
            base = round_seed(seed, d * 64 + k)
            agents = [make_jass_bot(nm, seed=base + s, **opts.get(nm, {}))
                      for s, nm in enumerate(seat_bots)]
            state = game.new_initial_state(seed=round_seed(seed, d))
            while not state.is_terminal():
                agent = agents[state.current_player()]
                if timer is not None and agent.name == "PIMC" and state.phase == "play" \
                        and len(state.legal_actions()) > 1:
                    t0 = time.perf_counter()
                    a = agent.act(state)
                    timer.append(time.perf_counter() - t0)
                else:
                    a = agent.act(state)
                state.apply_action(a)
            rounds = state.round_number
            ret = state.returns()
            winner = state.winner()
            for s in range(n):
                side = game.side_of[s]
                if teams and game.side_of.index(side) != s:
                    continue  # a team game: one row per team (its first seat)
                rows.append({"deal": d, "rotation": k, "seat": s, "side": side,
                             "bot": seat_bots[s], "score": ret[s], "win": winner == side,
                             "rounds": rounds})
    return pd.DataFrame(rows)


def _pad_cli_players(args: argparse.Namespace) -> int:
    """The players of a Chai Tea Jazz tournament on the command line (3 unless given), its
    ``--contract`` read first (a :class:`~chaitea.records.command_line.UsageError`)."""
    if args.contract is not None:
        try:
            Contract.parse(args.contract)
        except ChaiTeaError as e:
            raise UsageError(f"argument --contract: {e}") from None
    return int(args.players) if args.players is not None else 3


def _table_cli_players(args: argparse.Namespace) -> int | None:
    """The players of a table's tournament on the command line: as given, or its ruleset's."""
    players: int | None = args.players
    return players


provide("matches", pad=_pad_matches, table=_table_matches)
provide("cli_players", pad=_pad_cli_players, table=_table_cli_players)


def _play(state: GameState, agents: Sequence[Bot]) -> None:
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].act(state))


def summarize(matches: pd.DataFrame) -> pd.DataFrame:
    """One row per bot: seats played, wins, win rate with its Wilson 95% interval, mean score with
    a normal 95% interval."""
    out = []
    for bot, g in matches.groupby("bot", sort=False):
        n = len(g)
        wins = int(g["win"].sum())
        lo, hi = wilson(wins, n)
        mean = float(g["score"].mean())
        sd = float(g["score"].std(ddof=1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n) if n > 1 else float("nan")
        out.append({"bot": bot, "seats": n, "wins": wins, "win_rate": wins / n, "win_low": lo,
                    "win_high": hi, "mean_score": mean, "score_low": mean - half,
                    "score_high": mean + half})
    return pd.DataFrame(out)


def tournament(bots: Sequence[str], **kwargs: Any) -> pd.DataFrame:
    """:func:`summarize` of :func:`play_matches` (same arguments)."""
    return summarize(play_matches(bots, **kwargs))


def duplicate_difference(
    candidate: str, reference: str, *, others: str = "rule", players: int = 3, deals: int = 10,
    seed: int = 0, contract: str | None = None,
    bot_options: dict[str, dict[str, Any]] | None = None,
) -> tuple[pd.DataFrame, dict[str, float]]:
    """Same deal, same seat, same role: ``candidate`` in one seat against ``others``, then
    ``reference`` in that seat against the same ``others``; the difference of that seat's
    round score (its side's), per deal and seat, with its mean and 95% interval overall and per
    role (declarer, defender)."""
    game = Game(players=players)
    opts = bot_options or {}
    rows = []
    for d in range(deals):
        deal_seed, declarer, c = _round_deal(game, seed, d, contract)
        for s in range(players):
            scores = []
            for who in (candidate, reference):
                names = [who if q == s else others for q in range(players)]
                base = round_seed(seed, d * 64 + s)
                agents = [make_bot(nm, seed=base + q, **opts.get(nm, {}))
                          for q, nm in enumerate(names)]
                state = game.round_state(deal_seed, declarer, c)
                _play(state, agents)
                scores.append(state.returns()[s])
            role = "declarer" if game.side_of[s] == game.side_of[declarer] else "defender"
            rows.append({"deal": d, "seat": s, "role": role, "contract": str(c),
                         "candidate": scores[0], "reference": scores[1],
                         "diff": scores[0] - scores[1]})
    df = pd.DataFrame(rows)
    summary: dict[str, float] = {}
    for name, part in [("all", df), *df.groupby("role")]:
        n = len(part)
        mean = float(part["diff"].mean())
        half = 1.96 * float(part["diff"].std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")
        summary[f"{name}_mean"] = mean
        summary[f"{name}_low"] = mean - half
        summary[f"{name}_high"] = mean + half
        summary[f"{name}_n"] = n
    return df, summary


# -- command line ------------------------------------------------------------------------------
def bot_list(text: str) -> str:
    """An argparse ``type`` for ``--bots``: comma-separated names of bots (``random``,
    ``rule``, ``pimc``); how many a game takes is the game's to check."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOT_NAMES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            (f"unknown bot {quote(unknown[0], 30)}" if unknown else "no bot named")
            + f": give comma-separated names of {', '.join(BOT_NAMES)}")
    return text


def game_option(text: str) -> tuple[str, Any]:
    """An argparse ``type`` for ``--option NAME=VALUE``: the value read as JSON (``true``,
    ``3``), or else as the text itself."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"wants NAME=VALUE, not {quote(text, 30)}")
    try:
        return name.strip(), json.loads(value)
    except ValueError:
        return name.strip(), value


def add_cli(sub: Any) -> None:
    """Add the ``tournament`` subcommand to ``python -m chaitea``'s subparsers."""
    p = sub.add_parser("tournament", help="duplicate tournament between bots (win rates, "
                       "mean scores, Wilson 95%% intervals)")
    p.add_argument("--ruleset", type=ruleset_name, default="chai-tea-jazz",
                   help="chai-tea-jazz (default), or a Jass game: schieber, coiffeur, ...")
    p.add_argument("--players", type=int, default=None, choices=(2, 3, 4, 6),
                   help="players (default 3; a Jass ruleset: its own count)")
    p.add_argument("--setup", default="standard", choices=("standard", "short", "long"))
    p.add_argument("--bots", type=bot_list, default="rule,random,random",
                   help="comma-separated bot names, one per seat (or per team): "
                   + ", ".join(BOT_NAMES))
    p.add_argument("--deals", type=Count(1, MAX_DEALS), default=10,
                   help=f"deals, each played once per rotation of the bots (1 to {MAX_DEALS:,})")
    p.add_argument("--seed", type=seed_value, default=0, help="a whole number (default 0)")
    p.add_argument("--rounds", action="store_true", help="single rounds instead of whole games")
    p.add_argument("--contract", help="with --rounds: play every round as this contract")
    p.add_argument("--samples", type=Count(1, MAX_SAMPLES), default=10,
                   help=f"pimc: worlds sampled per move (1 to {MAX_SAMPLES:,})")
    p.add_argument("--option", type=game_option, action="append", default=[],
                   metavar="NAME=VALUE",
                   help="a ruleset option (JSON value), e.g. no_multipliers=true; repeatable")


def run_cli(args: argparse.Namespace) -> int:
    """Run the ``tournament`` subcommand; prints the summary table. A contract Chai Tea Jazz
    does not know raises :class:`~chaitea.records.command_line.UsageError` (exit 64); a game the
    engine refuses, exit 2 with one line."""
    options: dict[str, Any] = {"ruleset": args.ruleset, **dict(args.option)}
    players: int | None = ruleset_part(args.ruleset, "cli_players")(args)
    try:
        table = tournament(
            [b.strip() for b in args.bots.split(",") if b.strip()], players=players,
            setup=args.setup, deals=args.deals, seed=args.seed, rounds=args.rounds,
            contract=args.contract, bot_options={"pimc": {"samples": args.samples}},
            game_options=options,
        )
    except ChaiTeaError as e:
        print(one_line(f"error: {e}"), file=sys.stderr)
        return 2
    kind = "rounds" if args.rounds else "games"
    shown = f"{players} players" if players is not None else args.ruleset
    print(f"{args.deals} duplicate {kind}, {shown}, seed {args.seed}, bots {args.bots}")
    with pd.option_context("display.width", 120, "display.precision", 3):
        print(table.to_string(index=False))
    return 0
