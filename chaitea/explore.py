"""Rules exploration at scale: seeded simulations to a pandas DataFrame, summaries and plots.

:func:`explore` plays ``n`` seeded rounds (``mode="rounds"``: one dealt round each, picked and
played by the bots on a fresh pad) or whole games (``mode="games"``) under a ruleset, setup,
options and seated bots, and returns one row per round and seat. The work is cut into chunks of
:data:`CHUNK` units, each unit seeded from ``(seed, unit index)`` alone, so the same seed gives the
same DataFrame with any number of worker processes or on a Dask cluster.

>>> df = explore(30, players=3, setup="standard", seed=1, progress=False)
>>> len(df), df.attrs["interrupted"]
(90, False)
>>> {"contract", "bet_debt", "score", "trump_length", "voids"} <= set(df.columns)
True
>>> table = declarer_score(df, by="seat")
>>> list(table.columns)
['n', 'mean', 'sd', 'ci_low', 'ci_high']

``engine="batch"`` plays the rounds with :mod:`chaitea.batch` instead (random play only; each
round's row and contract are drawn uniformly from the setup's picks, the barrel holder declares,
no Bet Debt or offer; ``deal_seed`` is then the batch's own deal number).

Summaries (each a DataFrame with 95% intervals, and a ``plot_*`` helper returning a matplotlib
Figure drawn on the Agg canvas, no pyplot state): :func:`declarer_score` (by contract, row or
seat), :func:`barrel_value`, :func:`bet_debt_effect`, :func:`setup_balance`,
:func:`pick_frequency`. The Jass family's questions (Match frequency, Weis value, Differenzler
guess error) come with the Jass rulesets; ``ruleset=`` refuses them until then.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import pandas as pd

from .bots import RandomBot
from .cards import Card
from .errors import ChaiTeaError, SetupError
from .explore_rules import batch_tables, check_ruleset, hand_features, make_game, row_choices
from .game import Game, round_seed

if TYPE_CHECKING:  # matplotlib is imported when a plot is drawn
    from matplotlib.figure import Figure

__all__ = [
    "CHUNK",
    "COLUMNS",
    "ExploreSpec",
    "barrel_value",
    "bet_debt_effect",
    "declarer_score",
    "explore",
    "interval",
    "pick_frequency",
    "plot_barrel_value",
    "plot_bet_debt_effect",
    "plot_declarer_score",
    "plot_pick_frequency",
    "plot_setup_balance",
    "setup_balance",
]

CHUNK = {"rounds": 200, "games": 16, "batch": 50_000}  # units per chunk, fixed: seeds never move
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

# The columns of an exploration DataFrame and their dtypes (one row per round and seat).
COLUMNS: dict[str, str] = {
    "ruleset": "category", "setup": "category", "options": "category", "bots": "category",
    "engine": "category", "mode": "category",
    "players": "int8", "step": "int8", "max_debt": "int8",
    "unit": "int64", "round": "int16", "deal_seed": "int64", "barrel": "int8",
    "seat": "int8", "side": "int8", "has_barrel": "bool", "declarer": "int8",
    "is_declarer": "bool", "contract": "category", "kind": "category", "row": "category",
    "row_value": "int8", "bet_debt": "int16", "offer": "int16", "tricks": "int8",
    "card_points": "int16", "score": "Int16", "game_points": "Int16",
    "final_game_points": "Int16",
    "trump_length": "int8", "high_cards": "int8", "hand_points": "int16", "voids": "int8",
}
_CATEGORIES = [k for k, v in COLUMNS.items() if v == "category"]
_NULLABLE = [k for k, v in COLUMNS.items() if v == "Int16"]
_NA = -32768  # stands for a missing value inside chunks (numpy has no integer NA)
PROGRESS_DELAY = 1.0  # seconds before the progress bar shows (none on shorter runs)


@dataclass(frozen=True)
class ExploreSpec:
    """Everything a chunk needs, picklable: a worker rebuilds the game from it."""

    ruleset: str
    players: int
    setup: str | list[dict[str, Any]]
    options: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    mode: str
    engine: str
    labels: dict[str, str] = field(default_factory=dict)

    def game(self) -> Game:
        return make_game(self.players, self.setup, self.options, self.ruleset)


def unit_seed(seed: int, unit: int) -> int:
    """The seed of unit ``unit`` (a round's deal, or a game) of an exploration seeded ``seed``."""
    return round_seed(seed * 1_000_003 + 7, unit)


def _bot_seed(useed: int, seat: int) -> int:
    return round_seed(useed, 1000 + seat)


def _make_bots(names: Sequence[str], useed: int) -> list[Any]:
    try:
        from . import bots as _bots

        factory = getattr(_bots, "make_bot", None)
    except ImportError:  # pragma: no cover
        factory = None
    out = []
    for seat, name in enumerate(names):
        if name == "random":
            out.append(RandomBot(_bot_seed(useed, seat)))
        elif factory is not None:
            try:
                out.append(factory(name, _bot_seed(useed, seat)))
            except ValueError as e:  # make_bot's "unknown bot ..." (chaitea.bots)
                raise SetupError(str(e)) from None
        else:
            raise SetupError(f"unknown bot {name!r}: this engine has only \"random\" bots")
    return out


# ------------------------------------------------------------------ one chunk (in a worker)
def _new_columns() -> dict[str, list[Any]]:
    return {k: [] for k in COLUMNS if k not in ("ruleset", "setup", "options", "bots", "engine",
                                                "mode", "players", "step", "max_debt")}


def _seat_cards(state: Any, seat: int) -> list[Card]:
    cards = list(state.hand(seat))
    for down, up in state.straw(seat):  # two players: the straw-pile is the seat's too
        cards += [c for c in (down, up) if c is not None]
    return cards


def _state_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    game = spec.game()
    n = game.players
    cols = _new_columns()
    rows = game.setup.rows
    for unit in range(start, stop):
        useed = unit_seed(spec.seed, unit)
        bots = _make_bots(spec.bots, useed)
        if spec.mode == "rounds":
            state = game.new_initial_state(barrel=unit % n)
            state.apply_deal(useed)
            seeds = [useed]
        else:
            state = game.new_initial_state(seed=useed, barrel=unit % n)
            seeds = []
        dealt: list[tuple[list[list[Card]], int]] = []
        while not state.is_terminal() and not state.is_chance_node():
            if state.round_number > len(dealt):
                dealt.append(([_seat_cards(state, s) for s in range(n)], state.barrel))
                if spec.mode == "games":
                    seeds.append(round_seed(useed, len(dealt) - 1))
            state.apply_action(bots[state.current_player()].act(state))
        pad = state.pad
        final = pad.game_points if spec.mode == "games" else None
        for r, result in enumerate(state.round_results):
            hands, barrel = dealt[r]
            dside = game.side_of[result.declarer]
            ri = pad.row_index(result.row)
            row_points = pad.row_points[ri] if spec.mode == "games" else None
            for seat in range(n):
                side = game.side_of[seat]
                mine = side == dside
                tl, hc, hp, vo = hand_features(hands[seat], game.deck, result.contract,
                                               game.n_tricks)
                cols["unit"].append(unit)
                cols["round"].append(r + 1)
                cols["deal_seed"].append(seeds[r])
                cols["barrel"].append(barrel)
                cols["seat"].append(seat)
                cols["side"].append(side)
                cols["has_barrel"].append(seat == barrel)
                cols["declarer"].append(result.declarer)
                cols["is_declarer"].append(seat == result.declarer)
                cols["contract"].append(result.contract.spelling)
                cols["kind"].append(result.contract.kind)
                cols["row"].append(result.row)
                cols["row_value"].append(rows[ri].value)
                cols["bet_debt"].append(result.bet_debt)
                cols["offer"].append(result.offer)
                cols["tricks"].append(result.tricks[seat])
                cols["card_points"].append(result.side_points[side])
                cols["score"].append(result.score if mine else _NA)
                cols["game_points"].append(row_points[dside] if mine and row_points else _NA)
                cols["final_game_points"].append(final[side] if final else _NA)
                cols["trump_length"].append(tl)
                cols["high_cards"].append(hc)
                cols["hand_points"].append(hp)
                cols["voids"].append(vo)
    return _to_arrays(cols)


def _batch_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    from . import batch

    game = spec.game()
    n = game.players
    choices = row_choices(game)
    contracts = [c for _r, _sp, c in choices]
    count = stop - start
    rng = np.random.default_rng([spec.seed, start])
    # The pick of each round: a row uniformly, then one of its spellings uniformly.
    by_row: dict[int, list[int]] = {}
    for i, (r, _sp, _c) in enumerate(choices):
        by_row.setdefault(r, []).append(i)
    row_pick = rng.integers(0, len(by_row), count)
    within = rng.random(count)
    keys = sorted(by_row)
    pick = np.empty(count, np.int16)
    for j, r in enumerate(keys):
        sel = row_pick == j
        opts = by_row[r]
        pick[sel] = np.asarray(opts)[np.minimum((within[sel] * len(opts)).astype(int),
                                                len(opts) - 1)]
    units = np.arange(start, stop)
    barrel = (units % n).astype(np.int8)
    out = batch.simulate(game, contracts, count, seed=int(rng.integers(2**62)), contract=pick,
                         declarer=barrel)
    return _batch_columns(game, choices, out, units, barrel)


def _batch_columns(game: Game, choices: list[Any], out: Any, units: Any,
                   barrel: Any) -> dict[str, Any]:
    n = game.players
    count = len(units)
    rows = game.setup.rows
    seat = np.tile(np.arange(n, dtype=np.int8), count)
    rep = np.repeat(np.arange(count), n)
    side_of = np.asarray(game.side_of, np.int8)
    side = side_of[seat]
    dec = np.repeat(out.declarer, n)
    mine = side == side_of[dec]
    row_idx = np.asarray([r for r, _sp, _c in choices])[out.contract]
    spell = [c.spelling for _r, _sp, c in choices]
    kinds = [c.kind for _r, _sp, c in choices]
    cols: dict[str, Any] = {
        "unit": np.repeat(units, n), "round": np.ones(count * n, np.int16),
        "deal_seed": np.repeat(units, n), "barrel": np.repeat(barrel, n), "seat": seat,
        "side": side, "has_barrel": seat == np.repeat(barrel, n), "declarer": dec,
        "is_declarer": seat == dec,
        "contract": _codes(spell, np.repeat(out.contract, n)),
        "kind": _codes(kinds, np.repeat(out.contract, n)),
        "row": _codes([r.key for r in rows], np.repeat(row_idx, n)),
        "row_value": np.asarray([r.value for r in rows], np.int8)[np.repeat(row_idx, n)],
        "bet_debt": np.zeros(count * n, np.int16), "offer": np.zeros(count * n, np.int16),
        "tricks": out.tricks.reshape(-1),
        "card_points": out.side_points[rep, side],
        "score": np.where(mine, np.repeat(out.score, n), _NA).astype(np.int16),
        "game_points": np.full(count * n, _NA, np.int16),
        "final_game_points": np.full(count * n, _NA, np.int16),
    }
    cols.update(_batch_features(game, out, choices, n))
    return cols


def _codes(values: list[str], idx: Any) -> tuple[list[str], Any]:
    """A categorical column inside a chunk: (values, codes)."""
    return (values, np.asarray(idx, np.int32))


def _batch_features(game: Game, out: Any, choices: list[Any], n: int) -> dict[str, Any]:
    """Hand features at the deal, vectorised: (rounds, cards) ownership against per-contract
    masks of trumps and high cards (the same definitions as :func:`hand_features`)."""
    deck = game.deck
    k = len(choices)
    trump_m = np.zeros((k, deck.size), bool)
    high_m = np.zeros((k, deck.size), bool)
    for i, (_r, _sp, c) in enumerate(choices):
        for j, card in enumerate(deck.cards):
            trump_m[i, j] = card.suit is not None and card.suit == c.trump
            high_m[i, j] = hand_features([card], deck, c, game.n_tricks)[1] == 1
    owner = out.owner  # (rounds, cards); set-aside cards are -1
    pts = batch_tables(game, [c for _r, _sp, c in choices]).points[out.contract]  # (rounds, cards)
    suit = np.asarray(deck.suit_of, np.int8)
    feats: dict[str, Any] = {"trump_length": [], "high_cards": [], "hand_points": [],
                                   "voids": []}
    per_seat = []
    for s in range(n):
        mine = owner == s
        tl = (mine & trump_m[out.contract]).sum(1)
        hc = (mine & high_m[out.contract]).sum(1)
        hp = (mine * pts).sum(1)
        held = np.stack([(mine & (suit == x)).any(1) for x in range(4)], 1)
        per_seat.append((tl, hc, hp, 4 - held.sum(1)))
    for j, name in enumerate(feats):
        arr = np.stack([p[j] for p in per_seat], 1).reshape(-1)
        feats[name] = arr
    return {"trump_length": feats["trump_length"].astype(np.int8),
            "high_cards": feats["high_cards"].astype(np.int8),
            "hand_points": feats["hand_points"].astype(np.int16),
            "voids": feats["voids"].astype(np.int8)}


def _to_arrays(cols: dict[str, list[Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in cols.items():
        dtype = COLUMNS[k]
        if dtype == "category":
            values = sorted(set(v))
            pos = {x: i for i, x in enumerate(values)}
            out[k] = (values, np.asarray([pos[x] for x in v], np.int32))
        elif dtype == "Int16":
            out[k] = np.asarray(v, np.int16)
        else:
            out[k] = np.asarray(v, dtype=dtype)
    return out


def run_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    """The rows of units ``start..stop-1`` as arrays (what a worker sends back)."""
    if spec.engine == "batch":
        return _batch_chunk(spec, start, stop)
    return _state_chunk(spec, start, stop)


# ------------------------------------------------------------------ assembling
def _frame(spec: ExploreSpec, chunks: Sequence[dict[str, Any]]) -> pd.DataFrame:
    names = [k for k in COLUMNS if k not in spec.labels and k not in ("players", "step",
                                                                      "max_debt")]
    data: dict[str, Any] = {}
    length = 0
    for k in names:
        parts = [c[k] for c in chunks]
        if COLUMNS[k] == "category":
            cats = sorted({x for values, _codes in parts for x in values})
            pos = {x: i for i, x in enumerate(cats)}
            codes = [np.asarray([pos[x] for x in values], np.int32)[c] for values, c in parts]
            allc = np.concatenate(codes) if codes else np.zeros(0, np.int32)
            data[k] = pd.Categorical.from_codes(allc, categories=pd.Index(cats))
        elif COLUMNS[k] == "Int16":
            arr = np.concatenate(parts) if parts else np.zeros(0, np.int16)
            missing = arr == _NA
            data[k] = pd.arrays.IntegerArray(np.where(missing, 0, arr).astype(np.int16),
                                             missing)
        else:
            arr = np.concatenate(parts) if parts else np.zeros(0)
            data[k] = arr.astype(COLUMNS[k], copy=False)
        length = len(data[k])
    game = spec.game()
    const: dict[str, Any] = {
        "players": np.full(length, spec.players, np.int8),
        "step": np.full(length, game.step, np.int8),
        "max_debt": np.full(length, game.max_debt, np.int8),
    }
    for k, v in spec.labels.items():
        const[k] = pd.Categorical.from_codes(np.zeros(length, np.int32),
                                             categories=pd.Index([v]))
    df = pd.DataFrame({k: (const[k] if k in const else data[k]) for k in COLUMNS})
    return df


# ------------------------------------------------------------------ the public call
def explore(
    n: int,
    *,
    ruleset: str = "chai-tea-jazz",
    players: int = 3,
    setup: str | list[dict[str, Any]] = "standard",
    options: Mapping[str, Any] | None = None,
    bots: str | Sequence[str] = "random",
    seed: int = 0,
    mode: Literal["rounds", "games"] = "rounds",
    workers: int | Literal["dask"] = 1,
    client: Any = None,
    engine: Literal["state", "batch"] = "state",
    progress: bool | Callable[[int, int], None] = True,
) -> pd.DataFrame:
    """Play ``n`` seeded rounds or games and return one row per round and seat (:data:`COLUMNS`).

    ``options``: the engine's (``deck``, ``passing_the_barrel``, ``match_point``, ``meta``,
    ``same_contract_raise``) and ``bet_debt_step``, ``max_bet_debt``. ``bots``: a name for every
    seat or one per seat (``"random"``; the rule-based bots where ``chaitea.bots.make_bot``
    exists). ``workers``: processes (chunks seeded by chunk index, so any count gives the same
    DataFrame), or ``"dask"`` for a local Dask cluster; ``client`` a ``dask.distributed.Client``.
    ``progress``: a tqdm bar (shown once a run takes over a second), or a callable
    ``(done, total)``. Ctrl-C (KeyboardInterrupt) returns the rows of every chunk finished so
    far (in chunk order; with several workers they need not be the first ones), with
    ``df.attrs["interrupted"]`` true and ``df.attrs["completed"]`` the units they hold.
    """
    spec = _spec(n, ruleset, players, setup, options, bots, seed, mode, engine)
    chunk = CHUNK["batch"] if engine == "batch" else CHUNK[mode]
    bounds = [(a, min(a + chunk, n)) for a in range(0, n, chunk)]
    results: dict[int, dict[str, Any]] = {}
    bar = _Progress(progress, n, "games" if mode == "games" else "rounds")
    started = time.perf_counter()
    interrupted = False
    try:
        for i, res in _run(spec, bounds, workers, client):
            results[i] = res
            bar.update(bounds[i][1] - bounds[i][0])
    except KeyboardInterrupt:
        interrupted = True
    finally:
        bar.close()
    done = [results[i] for i in sorted(results)]
    df = _frame(spec, done)
    df.attrs.update(
        interrupted=interrupted, requested=n,
        completed=sum(bounds[i][1] - bounds[i][0] for i in results), seed=seed, mode=mode,
        engine=engine, seconds=time.perf_counter() - started)
    return df


def _spec(n: int, ruleset: str, players: int, setup: Any, options: Mapping[str, Any] | None,
          bots: str | Sequence[str], seed: int, mode: str, engine: str) -> ExploreSpec:
    if type(n) is not int or n < 0:
        raise SetupError(f"n must be a whole number of rounds or games, not {n!r}")
    if type(seed) is not int:
        raise SetupError(f"seed must be a whole number, not {seed!r}")
    check_ruleset(ruleset)
    if mode not in ("rounds", "games"):
        raise SetupError(f"mode must be \"rounds\" or \"games\", not {mode!r}")
    if engine not in ("state", "batch"):
        raise SetupError(f"engine must be \"state\" or \"batch\", not {engine!r}")
    if engine == "batch" and mode != "rounds":
        raise SetupError("the batch engine plays single rounds: use mode=\"rounds\" with it")
    opts = dict(options or {})
    names = (bots,) * players if isinstance(bots, str) else tuple(bots)
    if len(names) != players or not all(isinstance(b, str) for b in names):
        raise SetupError(f"bots: one name for every seat, or a list of {players} names")
    if engine == "batch" and set(names) != {"random"}:
        raise SetupError("the batch engine plays random cards only: use bots=\"random\"")
    spec = ExploreSpec(ruleset, players, setup, opts, names, seed, mode, engine)
    game = spec.game()  # refuses bad players, setups and options now, with the rule's name
    _make_bots(names, 0)
    labels = {
        "ruleset": ruleset, "setup": game.setup.name if isinstance(setup, str) else json.dumps(
            game.setup.spec, sort_keys=True),
        "options": json.dumps(opts, sort_keys=True), "bots": ",".join(names),
        "engine": engine, "mode": mode,
    }
    return ExploreSpec(ruleset, players, setup, opts, names, seed, mode, engine, labels)


def _run(spec: ExploreSpec, bounds: list[tuple[int, int]], workers: int | str,
         client: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    if client is not None or workers == "dask":
        yield from _run_dask(spec, bounds, client)
        return
    if type(workers) is not int or workers < 1:
        raise SetupError(f"workers must be a positive whole number or \"dask\", not {workers!r}")
    if workers == 1 or len(bounds) == 1:
        for i, (a, b) in enumerate(bounds):
            yield i, run_chunk(spec, a, b)
        return
    import multiprocessing as mp

    method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    if spec.engine == "batch":
        from . import batch

        batch.simulate(spec.game(), ["over"], 1)  # compile once, before the workers fork
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context(method))
    try:
        pending: dict[Future[dict[str, Any]], int] = {}
        todo = list(enumerate(bounds))
        while todo or pending:
            while todo and len(pending) < 2 * workers:
                i, (a, b) = todo.pop(0)
                pending[pool.submit(run_chunk, spec, a, b)] = i
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for f in finished:
                yield pending.pop(f), f.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_dask(spec: ExploreSpec, bounds: list[tuple[int, int]],
              client: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        import importlib

        dd: Any = importlib.import_module("dask.distributed")
    except ImportError:
        raise SetupError("the Dask path needs dask and distributed: "
                         "pip install 'chaitea[explore]'") from None
    own: Any = None
    if client is None:
        cluster = dd.LocalCluster(n_workers=min(2, os.cpu_count() or 1), threads_per_worker=1,
                                  processes=True, dashboard_address=None)
        client = own = dd.Client(cluster)
    try:
        futures = client.map(run_chunk, [spec] * len(bounds), [a for a, _ in bounds],
                             [b for _, b in bounds], pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        for f in dd.as_completed(futures):
            yield index[f.key], f.result()
    finally:
        if own is not None:
            own_cluster = own.cluster
            own.close()
            if own_cluster is not None:
                own_cluster.close()


class _Progress:
    """tqdm.auto's bar, shown only once a run has taken a second (``delay``), or a callback."""

    def __init__(self, progress: bool | Callable[[int, int], None], total: int,
                 unit: str) -> None:
        self.total = total
        self.done = 0
        self.callback = progress if callable(progress) else None
        self.bar: Any = None
        if progress is True:
            try:
                from tqdm.auto import tqdm

                self.bar = tqdm(total=total, unit=unit, delay=PROGRESS_DELAY, desc="explore")
            except ImportError:  # pragma: no cover - tqdm is a dependency
                self.bar = None

    def update(self, k: int) -> None:
        self.done += k
        if self.bar is not None:
            self.bar.update(k)
        if self.callback is not None:
            self.callback(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# ------------------------------------------------------------------ summaries
def interval(values: Any) -> tuple[int, float, float, float, float]:
    """(n, mean, sd, low, high) of the 95% normal interval of a sample's mean.

    >>> n, mean, sd, low, high = interval([1, 2, 3, 4])
    >>> n, mean, round(sd, 4), round(low, 4), round(high, 4)
    (4, 2.5, 1.291, 1.2348, 3.7652)
    """
    a = np.asarray(pd.Series(values).dropna(), dtype=float)
    n = len(a)
    if n == 0:
        return 0, math.nan, math.nan, math.nan, math.nan
    mean = float(a.mean())
    sd = float(a.std(ddof=1)) if n > 1 else math.nan
    half = Z95 * sd / math.sqrt(n) if n > 1 else math.nan
    return n, mean, sd, mean - half, mean + half


def _table(groups: Iterator[tuple[Any, Any]], name: str) -> pd.DataFrame:
    rows = []
    keys = []
    for key, values in groups:
        keys.append(key)
        rows.append(interval(values))
    out = pd.DataFrame(rows, columns=["n", "mean", "sd", "ci_low", "ci_high"],
                       index=pd.Index(keys, name=name))
    out["n"] = out["n"].astype("int64")
    return out


def _declarers(df: pd.DataFrame) -> pd.DataFrame:
    return df[df["is_declarer"].astype(bool)]


def declarer_score(df: pd.DataFrame, by: str = "contract",
                   value: str = "score") -> pd.DataFrame:
    """The declarer's mean round ``value`` (``score``, ``card_points``, ``game_points``) by
    ``contract``, ``kind``, ``row`` or ``seat``, with 95% intervals (groups without a value are
    left out)."""
    d = _declarers(df)
    if by not in d.columns:
        raise SetupError(f"cannot group by {by!r}: use contract, kind, row or seat")
    groups = ((k, g[value]) for k, g in d.groupby(by, observed=True, sort=True))
    return _table(groups, by)


def barrel_value(df: pd.DataFrame) -> pd.DataFrame:
    """What holding the Barrel first is worth (games): per game, the first barrel holder's final
    game points minus the mean of the other sides'; one row ``barrel`` with its 95% interval."""
    if df["final_game_points"].isna().all():
        raise SetupError("the Barrel's value needs whole games: explore(..., mode=\"games\")")
    first = df[df["round"] == 1]
    diffs = []
    for _unit, g in first.groupby("unit", sort=True):
        holder = int(g["barrel"].iloc[0])
        own_side = int(g.loc[g["seat"] == holder, "side"].iloc[0])
        per_side = g.groupby("side")["final_game_points"].first()
        others = per_side.drop(own_side)
        diffs.append(float(per_side[own_side]) - float(others.mean()))
    return _table(iter([("barrel", diffs)]), "question")


def bet_debt_effect(df: pd.DataFrame) -> pd.DataFrame:
    """The declarer's mean Bet Debt and score for each Bet Debt step and maximum in ``df`` (run
    :func:`explore` once per option value and concatenate), with 95% intervals of both."""
    d = _declarers(df)
    rows = []
    for (step, top), g in d.groupby(["step", "max_debt"], sort=True):
        n, debt, _sd, dlo, dhi = interval(g["bet_debt"])
        _n, score, _sd2, slo, shi = interval(g["score"])
        rows.append({"step": step, "max_debt": top, "n": n, "debt": debt, "debt_low": dlo,
                     "debt_high": dhi, "score": score, "score_low": slo, "score_high": shi,
                     "raised": float((g["bet_debt"] > 0).mean())})
    return pd.DataFrame(rows).set_index(["step", "max_debt"])


def setup_balance(df: pd.DataFrame, value: str = "score") -> pd.DataFrame:
    """The balance of a setup: per row, the declarer's mean outcome (the round ``score``; or
    ``game_points``, divided by the row's value) with its 95% interval, and beside it the
    interval of all the other rows pooled; ``balanced`` is true when the row's mean lies inside
    the others' interval. The setup is balanced when every row is (the stated criterion).

    (A row's game points, averaged over every side of whole games, are 0 by construction: every
    side plays every row, and a row awards +V, 0, -V. Its spread, ``sd``, still shows how much a
    row swings a game.)"""
    d = _declarers(df).copy()
    if value == "game_points":
        d["outcome"] = d["game_points"].astype("Float64") / d["row_value"].where(
            d["row_value"] > 0)
    else:
        d["outcome"] = d[value].astype("Float64")
    table = _table(((k, g["outcome"]) for k, g in d.groupby("row", observed=True)), "row")
    lows, highs, ok = [], [], []
    for key in table.index:
        _n, _m, _s, lo, hi = interval(d.loc[d["row"] != key, "outcome"])
        lows.append(lo)
        highs.append(hi)
        m = table.loc[key, "mean"]
        ok.append(bool(lo <= m <= hi))
    table["others_low"] = lows
    table["others_high"] = highs
    table["balanced"] = ok
    table.attrs["value"] = value
    return table


def pick_frequency(df: pd.DataFrame, by: str = "kind") -> pd.DataFrame:
    """How often each contract (``by="contract"``), kind or row is picked: share of rounds with
    a 95% interval (normal approximation of a proportion)."""
    d = _declarers(df)
    total = len(d)
    counts = d.groupby(by, observed=True).size()
    rows = []
    for key, k in counts.items():
        p = k / total if total else math.nan
        half = Z95 * math.sqrt(p * (1 - p) / total) if total else math.nan
        rows.append((key, int(k), p, p - half, p + half))
    return pd.DataFrame(rows, columns=[by, "n", "share", "ci_low", "ci_high"]).set_index(by)


# ------------------------------------------------------------------ plots
def _figure(width: float = 6.4, height: float = 3.6) -> Figure:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _bars(table: pd.DataFrame, mean: str, low: str, high: str, title: str, ylabel: str,
          ref: float | None = None) -> Figure:
    fig = _figure()
    ax = fig.add_subplot()
    labels = [str(k) for k in table.index]
    m = table[mean].to_numpy(float)
    err = np.vstack([m - table[low].to_numpy(float), table[high].to_numpy(float) - m])
    ax.bar(range(len(m)), m, yerr=np.nan_to_num(err), capsize=3, color="#2e7d32")
    ax.set_xticks(range(len(m)), labels, rotation=30 if len(m) > 5 else 0, ha="right"
                  if len(m) > 5 else "center")
    if ref is not None:
        ax.axhline(ref, color="#555", linewidth=0.8)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    return fig


def plot_declarer_score(df: pd.DataFrame, by: str = "contract", value: str = "score") -> Figure:
    """Bar chart of :func:`declarer_score` with its 95% intervals."""
    t = declarer_score(df, by, value)
    return _bars(t, "mean", "ci_low", "ci_high", f"Declarer's mean {value} by {by} (95% CI)",
                 value)


def plot_barrel_value(df: pd.DataFrame) -> Figure:
    """The Barrel's value in game points with its 95% interval."""
    return _bars(barrel_value(df), "mean", "ci_low", "ci_high",
                 "Holding the Barrel first: game points over the others (95% CI)",
                 "game points", ref=0.0)


def plot_bet_debt_effect(df: pd.DataFrame) -> Figure:
    """Mean declarer score per Bet Debt step and maximum with 95% intervals."""
    t = bet_debt_effect(df)
    t.index = [f"step {s}, max {m}" for s, m in t.index]
    return _bars(t, "score", "score_low", "score_high",
                 "Declarer's score by Bet Debt step and maximum (95% CI)", "score")


def plot_setup_balance(df: pd.DataFrame) -> Figure:
    """Per row, the declarer's mean outcome with its 95% interval (see :func:`setup_balance`)."""
    t = setup_balance(df)
    label = "game points / row value" if t.attrs["value"] == "game_points" else t.attrs["value"]
    fig = _bars(t, "mean", "ci_low", "ci_high", "Setup balance: declarer's outcome per row"
                " (95% CI)", label, ref=0.0)
    return fig


def plot_pick_frequency(df: pd.DataFrame, by: str = "kind") -> Figure:
    """Share of rounds for each contract kind (or contract, row) with 95% intervals."""
    return _bars(pick_frequency(df, by), "share", "ci_low", "ci_high",
                 f"How often each {by} is picked (95% CI)", "share of rounds")


def error_text(e: BaseException) -> str:
    """One line for a user (the CLI and the rules lab)."""
    if isinstance(e, ChaiTeaError):
        return str(e)
    return f"internal error ({type(e).__name__}: {e})"
