"""Rules exploration at scale: seeded simulations to a pandas DataFrame, summaries and plots.

:func:`explore` plays ``n`` seeded rounds (``mode="rounds"``: one dealt round each, picked and
played by the bots on a fresh game) or whole games (``mode="games"``) under any ruleset, with its
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

The columns, the questions and the simulator are those of what the ruleset declares
(:func:`is_table_ruleset`, the rows in :mod:`chaitea.analysis.chunks`): a game of a setup's rows
on the Paper Pad (Chai Tea Jazz) has :data:`COLUMNS` and the setup's questions; a game built
from a Table (``ruleset="schieber"``...) is played by the Jass bots ``random``, ``rule`` or
``pimc`` with the ruleset's own options, and has :data:`TABLE_COLUMNS` (mode, pushed, Weis,
Stöck, Match, multiplier) and the table's questions.

>>> df = explore(8, ruleset="schieber", seed=1, progress=False)
>>> len(df), sorted(set(df["seat"]))
(32, [0, 1, 2, 3])
>>> {"mode", "pushed", "weis", "stoeck", "match", "multiplier", "score"} <= set(df.columns)
True
>>> bool((df.groupby("unit")["card_points"].sum() == 2 * 157).all())  # each side twice
True

``engine="batch"`` plays the rounds with the batch simulator instead (random play only,
:mod:`chaitea.analysis.batch_rows`): a setup's round has its row and contract drawn uniformly
from the setup's picks, the barrel holder declares, no Bet Debt or offer (``deal_seed`` is then
the batch's own deal number); a Table's round has no picking, and a table with Tutti or 3x3 is
refused.

Summaries (each a DataFrame with 95% intervals, in :mod:`chaitea.analysis.tables`, and a
``plot_*`` helper returning a matplotlib Figure drawn on the Agg canvas, no pyplot state, in
:mod:`chaitea.analysis.plots`): :func:`declarer_score` (by contract, row or seat),
:func:`barrel_value`, :func:`bet_debt_effect`, :func:`setup_balance`, :func:`pick_frequency`
for a setup; :func:`match_rate`, :func:`push_value`, :func:`weis_points`, :func:`mode_value`,
:func:`seat_tricks` for a Table, and :func:`jass_questions`, those that fit its ruleset. All
are importable from here.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Literal

import pandas as pd

from chaitea.analysis.batch_rows import batch_chunk, batch_spec, table_batch_chunk
from chaitea.analysis.chunks import (
    COLUMNS,
    TABLE_COLUMNS,
    ExploreSpec,
    frame,
    make_bots,
    mode_of,
    state_chunk,
    table_chunk,
)
from chaitea.analysis.chunks import _bot_seed as _bot_seed  # re-exported (the tests read it here)
from chaitea.analysis.chunks import unit_seed as unit_seed
from chaitea.analysis.plots import (
    plot_barrel_value,
    plot_bet_debt_effect,
    plot_declarer_score,
    plot_match_rate,
    plot_mode_value,
    plot_pick_frequency,
    plot_push_value,
    plot_seat_tricks,
    plot_setup_balance,
    plot_weis_points,
)
from chaitea.analysis.rules import (
    check_ruleset,
    explore_rulesets,
    is_table_ruleset,
    ruleset_players,
)
from chaitea.analysis.tables import Z95 as Z95
from chaitea.analysis.tables import (
    barrel_value,
    bet_debt_effect,
    declarer_score,
    interval,
    jass_questions,
    match_rate,
    mode_value,
    pick_frequency,
    push_value,
    seat_tricks,
    setup_balance,
    share_interval,
    weis_points,
)
from chaitea.core.errors import ChaiTeaError, SetupError
from chaitea.rulesets import jass_game

__all__ = [
    "CHUNK",
    "COLUMNS",
    "TABLE_COLUMNS",
    "ExploreSpec",
    "barrel_value",
    "bet_debt_effect",
    "check_table_spec",
    "declarer_score",
    "explore",
    "explore_rulesets",
    "interval",
    "is_table_ruleset",
    "jass_questions",
    "match_rate",
    "mode_of",
    "mode_value",
    "pick_frequency",
    "plot_barrel_value",
    "plot_bet_debt_effect",
    "plot_declarer_score",
    "plot_match_rate",
    "plot_mode_value",
    "plot_pick_frequency",
    "plot_push_value",
    "plot_seat_tricks",
    "plot_setup_balance",
    "plot_weis_points",
    "push_value",
    "ruleset_players",
    "seat_tricks",
    "setup_balance",
    "share_interval",
    "weis_points",
]

CHUNK = {"rounds": 200, "games": 16, "batch": 50_000}  # units per chunk, fixed: seeds never move
PROGRESS_DELAY = 1.0  # seconds before the progress bar shows (none on shorter runs)
TABLE_BOTS = ("random", "rule", "pimc")  # the bots of a game built from a Table (the Jass bots)

#: One chunk's rows, by what the ruleset declares (built as a Table, :func:`is_table_ruleset`,
#: or a setup on the Paper Pad) and the engine that plays it.
CHUNKS: dict[tuple[bool, str], Callable[[ExploreSpec, int, int], dict[str, Any]]] = {
    (False, "state"): state_chunk, (False, "batch"): batch_chunk,
    (True, "state"): table_chunk, (True, "batch"): table_batch_chunk,
}


# ------------------------------------------------------------------ one chunk (in a worker)
def run_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    """The rows of units ``start..stop-1`` as arrays (what a worker sends back)."""
    return CHUNKS[spec.table, spec.engine](spec, start, stop)


# ------------------------------------------------------------------ the public call
def explore(
    n: int,
    *,
    ruleset: str = "chai-tea-jazz",
    players: int | None = None,
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
    """Play ``n`` seeded rounds or games and return one row per round and seat (:data:`COLUMNS`;
    a Table's ruleset's rows have :data:`TABLE_COLUMNS`, played by the Jass bots ``random``,
    ``rule`` or ``pimc`` with the ruleset's own options).

    ``players``: the ruleset's default when ``None`` (Chai Tea Jazz: 3; Schieber: 4).
    ``options``: the engine's (``deck``, ``passing_the_barrel``, ``match_point``, ``meta``,
    ``same_contract_raise``) and ``bet_debt_step``, ``max_bet_debt``. ``bots``: a name for every
    seat or one per seat (``"random"``; the rule-based bots where ``chaitea.ai.bots.make_bot``
    exists). ``workers``: processes (chunks seeded by chunk index, so any count gives the same
    DataFrame), or ``"dask"`` for a local Dask cluster; ``client`` a ``dask.distributed.Client``.
    ``progress``: a tqdm bar (shown once a run takes over a second), or a callable
    ``(done, total)``. Ctrl-C (KeyboardInterrupt) returns the rows of every chunk finished so
    far (in chunk order; with several workers they need not be the first ones), with
    ``df.attrs["interrupted"]`` true and ``df.attrs["completed"]`` the units they hold.
    """
    check = _table_spec if is_table_ruleset(ruleset) else _spec
    spec = check(n, ruleset, players, setup, options, bots, seed, mode, engine)
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
    df = frame(spec, [results[i] for i in sorted(results)])
    df.attrs.update(
        interrupted=interrupted, requested=n,
        completed=sum(bounds[i][1] - bounds[i][0] for i in results), seed=seed, mode=mode,
        engine=engine, seconds=time.perf_counter() - started)
    return df


def _check_count(n: int, seed: int) -> None:
    if type(n) is not int or n < 0:
        raise SetupError(f"n must be a whole number of rounds or games, not {n!r}")
    if type(seed) is not int:
        raise SetupError(f"seed must be a whole number, not {seed!r}")


def _check_mode(mode: str) -> None:
    if mode not in ("rounds", "games"):
        raise SetupError(f"mode must be \"rounds\" or \"games\", not {mode!r}")


def _check_engine(engine: str) -> None:
    if engine not in ("state", "batch"):
        raise SetupError(f"engine must be \"state\" or \"batch\", not {engine!r}")


def _spec(n: int, ruleset: str, players: int | None, setup: Any,
          options: Mapping[str, Any] | None, bots: str | Sequence[str], seed: int, mode: str,
          engine: str) -> ExploreSpec:
    """The spec of a game of a setup on the Paper Pad, every argument checked."""
    players = 3 if players is None else players
    _check_count(n, seed)
    check_ruleset(ruleset)
    _check_mode(mode)
    _check_engine(engine)
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
    make_bots(names, 0)
    labels = {
        "ruleset": ruleset, "setup": game.setup.name if isinstance(setup, str) else json.dumps(
            game.setup.spec, sort_keys=True),
        "options": json.dumps(opts, sort_keys=True), "bots": ",".join(names),
        "engine": engine, "mode": mode,
    }
    return ExploreSpec(ruleset, players, setup, opts, names, seed, mode, engine, labels)


def _table_spec(n: int, ruleset: str, players: int | None, setup: Any,
                options: Mapping[str, Any] | None, bots: str | Sequence[str], seed: int,
                mode: str, engine: str) -> ExploreSpec:
    """The spec of a game built from a Table (the batch engine's, :func:`batch_spec`)."""
    _check_engine(engine)
    spec = check_table_spec(n, ruleset, players, options, bots, seed, mode)
    return batch_spec(spec) if engine == "batch" else spec


def check_table_spec(n: int, ruleset: str, players: int | None,
                     options: Mapping[str, Any] | None, bots: str | Sequence[str], seed: int,
                     mode: str) -> ExploreSpec:
    """The spec of an exploration of a Table's ruleset by the state path, every argument
    checked (a :class:`SetupError` naming it)."""
    _check_count(n, seed)
    _check_mode(mode)
    opts = dict(options or {})
    game = jass_game(ruleset, players, options=opts)  # refuses bad players and options
    names = (bots,) * game.players if isinstance(bots, str) else tuple(bots)
    if len(names) != game.players or not all(b in TABLE_BOTS for b in names):
        raise SetupError(f"bots: one of {', '.join(TABLE_BOTS)} for every seat, or a list of "
                         f"{game.players} of them")
    labels = {"ruleset": ruleset, "options": json.dumps(opts, sort_keys=True),
              "bots": ",".join(names), "mode_run": mode}
    return ExploreSpec(ruleset, game.players, "standard", opts, names, seed, mode, "state",
                       labels)


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
        run_chunk(spec, 0, 1)  # compile the kernel once, before the workers fork
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


def error_text(e: BaseException) -> str:
    """One line for a user (the CLI and the rules lab)."""
    if isinstance(e, ChaiTeaError):
        return str(e)
    return f"internal error ({type(e).__name__}: {e})"
