"""The rows of an exploration: its columns, one chunk of seeded units, and the DataFrame.

:func:`chaitea.analysis.explore.explore` cuts a run into chunks; a worker process (or a Dask worker)
rebuilds the game from an :class:`ExploreSpec` and plays units ``start..stop-1`` with
:func:`state_chunk` (the state machine and the seated bots) or :func:`batch_chunk`
(:mod:`chaitea.analysis.batch`, random play), each unit seeded by :func:`unit_seed` from the run's
seed and the unit's index alone. A chunk travels back as plain arrays; :func:`frame` joins them into
one DataFrame with the dtypes of :data:`COLUMNS`.

>>> labels = dict.fromkeys(["ruleset", "setup", "options", "bots", "engine", "mode"], "-")
>>> spec = ExploreSpec("chai-tea-jazz", 3, "standard", {}, ("random",) * 3, 1, "rounds",
...                    "state", labels)
>>> rows = state_chunk(spec, 0, 2)
>>> len(rows["seat"]), rows["seat"][:3].tolist()
(6, [0, 1, 2])
>>> df = frame(spec, [rows, state_chunk(spec, 2, 3)])
>>> len(df), list(df.columns) == list(COLUMNS)
(9, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from chaitea.ai.bots import RandomBot
from chaitea.analysis.rules import batch_tables, hand_features, make_game, row_choices
from chaitea.core.cards import Card
from chaitea.core.errors import SetupError
from chaitea.engine.game import Game, round_seed

__all__ = [
    "COLUMNS",
    "ExploreSpec",
    "batch_chunk",
    "frame",
    "make_bots",
    "state_chunk",
    "unit_seed",
]

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


def make_bots(names: Sequence[str], useed: int) -> list[Any]:
    try:
        import chaitea.ai.bots as _bots

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
            except ValueError as e:  # make_bot's "unknown bot ..." (chaitea.ai.bots)
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


def state_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    game = spec.game()
    n = game.players
    cols = _new_columns()
    rows = game.setup.rows
    for unit in range(start, stop):
        useed = unit_seed(spec.seed, unit)
        bots = make_bots(spec.bots, useed)
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


def batch_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    import chaitea.analysis.batch as batch

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


# ------------------------------------------------------------------ assembling
def frame(spec: ExploreSpec, chunks: Sequence[dict[str, Any]]) -> pd.DataFrame:
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
