"""The rows of an exploration: the columns, one chunk of seeded units, and the DataFrame.

:func:`chaitea.analysis.explore.explore` cuts a run into chunks; a worker process (or a Dask worker)
rebuilds the game from an :class:`ExploreSpec` and plays units ``start..stop-1`` with
:func:`state_chunk` (the state machine and the seated bots; the batch simulator's rows are
:mod:`chaitea.analysis.batch_rows`), each unit seeded by :func:`unit_seed` from the run's seed and
the unit's index alone. A chunk travels back as plain arrays; :func:`frame` joins them into one
DataFrame with the dtypes of the ruleset's columns.

The columns are what the ruleset declares (:func:`~chaitea.analysis.rules.is_table_ruleset`): a
game of a setup's rows on the Paper Pad (Chai Tea Jazz, RULES B, S) has :data:`COLUMNS` (the
barrel, the row, the Bet Debt and the offer, the pad's game points); a game the generic driver
runs from its ruleset's Table (the Jass family, Oh Hell) has :data:`TABLE_COLUMNS`: the mode,
the forehand and whether it pushed, the Weis and Stöck points, the Match, the multiplier and
the score of each seat's side, and the seat's aces whatever the mode. Both have the seat's hand
at the deal (trump length, high cards, card points, voids).

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
from chaitea.ai.table_bots import make_jass_bot
from chaitea.analysis.rules import hand_features, is_table_ruleset, make_game
from chaitea.core.cards import Card
from chaitea.core.errors import SetupError
from chaitea.engine.driver import JassGame, JassState
from chaitea.engine.game import Game, round_seed
from chaitea.engine.pick_items import Choose, Push, parse_pick
from chaitea.rulesets import jass_game

__all__ = [
    "COLUMNS",
    "TABLE_COLUMNS",
    "ExploreSpec",
    "frame",
    "make_bots",
    "mode_of",
    "state_chunk",
    "table_chunk",
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
#: The columns of a ruleset built as a Table and their dtypes (one row per round and seat).
TABLE_COLUMNS: dict[str, str] = {
    "ruleset": "category", "options": "category", "bots": "category", "mode_run": "category",
    "players": "int8", "unit": "int64", "round": "int16", "deal_seed": "int64",
    "seat": "int8", "side": "int8", "forehand": "int8", "is_forehand": "bool",
    "declarer": "int8", "on_declarer_side": "bool", "pushed": "bool",
    "contract": "category", "mode": "category", "tricks": "int8", "card_points": "int16",
    "weis": "int16", "stoeck": "int16", "match": "bool", "multiplier": "int8",
    "score": "Int32", "trump_length": "int8", "high_cards": "int8", "hand_points": "int16",
    "voids": "int8", "aces": "int8",
}
_NA = -(2**31)  # stands for a missing value inside chunks (numpy has no integer NA)
_CONSTANTS = ("players", "step", "max_debt")  # the run's, filled in by frame()


@dataclass(frozen=True)
class ExploreSpec:
    """Everything a chunk needs, picklable: a worker rebuilds the game from it (``setup`` is
    read by a ruleset with a setup on the Paper Pad only)."""

    ruleset: str
    players: int
    setup: str | list[dict[str, Any]]
    options: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    mode: str
    engine: str
    labels: dict[str, str] = field(default_factory=dict)

    @property
    def table(self) -> bool:
        """Whether the ruleset is built as a Table (its rows: :data:`TABLE_COLUMNS`)."""
        return is_table_ruleset(self.ruleset)

    @property
    def columns(self) -> dict[str, str]:
        return TABLE_COLUMNS if self.table else COLUMNS

    def game(self) -> Any:
        """The game: a :class:`~chaitea.engine.driver.JassGame` of a Table's ruleset, else the
        :class:`~chaitea.engine.game.Game` of :func:`~chaitea.analysis.rules.make_game`."""
        if self.table:
            return jass_game(self.ruleset, self.players, options=self.options)
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
def _new_columns(spec: ExploreSpec) -> dict[str, list[Any]]:
    return {k: [] for k in spec.columns if k not in spec.labels and k not in _CONSTANTS}


def _seat_cards(state: Any, seat: int) -> list[Card]:
    cards = list(state.hand(seat))
    for down, up in state.straw(seat):  # two players: the straw-pile is the seat's too
        cards += [c for c in (down, up) if c is not None]
    return cards


def state_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    """The rows of units ``start..stop-1`` (rounds or games) of a game on the Paper Pad."""
    game: Game = spec.game()
    n = game.players
    cols = _new_columns(spec)
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
    return _to_arrays(cols, COLUMNS)


def mode_of(spelling: str) -> str:
    """A contract's mode, the question's grouping: ``trump`` for any trump suit, else the
    contract's word (``obenabe``, ``slalom``, ``3x3``...), a Joker row as its contract.

    >>> mode_of("trump(H)"), mode_of("joker=slalom(undenufe)"), mode_of("undenufe")
    ('trump', 'slalom', 'undenufe')
    """
    item = parse_pick(spelling)
    text = item.contract if type(item) is Choose else spelling
    return "trump" if text.startswith("trump(") else text.split("(", 1)[0]


def _features(game: JassGame, spelling: str, hand: int) -> tuple[int, int, int, int]:
    """(trump length, high cards, card points, voids) of a hand dealt (a card-id mask) under
    trick 1 of ``spelling``: high cards are the three strongest of their suit in that trick."""
    contract = game.contract_of(spelling)
    trump = contract.trump
    t = -1 if trump is None else int(trump)
    _legal, strength, points = game.plan(spelling, 0, t)
    suit_of = game.deck.suit_of  # the 36-card deck, or the double deck's 48 cards
    ids = [c for c in range(game.n_cards) if hand >> c & 1]
    trumps = sum(1 for c in ids if suit_of[c] == t)
    tops = [sorted((x for x in range(game.n_cards) if suit_of[x] == s),
                   key=lambda x: -strength[s][x])[:3] for s in range(4)]
    high = sum(c in tops[suit_of[c]] for c in ids)
    held = {suit_of[c] for c in ids}
    return trumps, high, sum(points[c] for c in ids), 4 - len(held)


def _ace_mask(game: JassGame) -> int:
    """The aces of the game's deck as a card-id mask."""
    return sum(1 << i for i, c in enumerate(game.deck.cards) if str(c).rstrip("'")[:-1] == "A")


def _masks(state: JassState) -> list[int]:
    deck = state.game.deck
    return [sum(1 << deck.index_of(c) for c in state.hand(s)) for s in range(state.game.players)]


def _per_side(value: Any, side: int, forehand_side: int) -> int:
    """A round field's value for ``side``: a per-side list, or one integer (the Coiffeur
    family's forehand row score) for the forehand's side only (``_NA`` for the others)."""
    if isinstance(value, (list, tuple)):
        return int(value[side])
    if isinstance(value, int) and not isinstance(value, bool):
        return value if side == forehand_side else _NA
    return _NA


def table_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    """The rows of units ``start..stop-1`` (rounds or games) of a game built from a Table,
    played by the Jass bots."""
    game: JassGame = spec.game()
    n = game.players
    cols = _new_columns(spec)
    for unit in range(start, stop):
        useed = unit_seed(spec.seed, unit)
        bots = [make_jass_bot(name, seed=_bot_seed(useed, s))
                for s, name in enumerate(spec.bots)]
        if spec.mode == "rounds":
            state = game.new_initial_state(forehand=unit % n)
            state.apply_deal(useed)
            seeds = [useed]
        else:
            state = game.new_initial_state(seed=useed)
            seeds = []
        dealt: list[list[int]] = []
        while state.phase in ("picking", "play"):
            if state.round_number > len(dealt):
                dealt.append(_masks(state))
                if spec.mode == "games":
                    seeds.append(round_seed(useed, len(dealt) - 1))
            state.apply_action(bots[state.current_player()].act(state))
        for r, (res, picking) in enumerate(zip(state.round_results, state.record()["rounds"],
                                               strict=False)):
            _rows(cols, game, unit, r, seeds[r], res, picking["picking"], dealt[r])
    return _to_arrays(cols, TABLE_COLUMNS)


def _rows(cols: dict[str, list[Any]], game: JassGame, unit: int, r: int, seed: int,
          res: dict[str, Any], picking: Sequence[str], hands: Sequence[int]) -> None:
    fh, dec = int(res["forehand"]), res["declarer"]
    side_of = game.side_of
    fh_side = side_of[fh]
    dec_side = None if dec is None else side_of[dec]
    pushed = any(type(parse_pick(x)) is Push for x in picking)
    spelling = res["contract"]
    match = res.get("match")
    for seat in range(game.players):
        side = side_of[seat]
        tl, hc, hp, vo = _features(game, spelling, hands[seat])
        row = {"unit": unit, "round": r + 1, "deal_seed": seed, "seat": seat, "side": side,
               "forehand": fh, "is_forehand": seat == fh,
               "declarer": -1 if dec is None else dec, "on_declarer_side": side == dec_side,
               "pushed": pushed, "contract": spelling, "mode": mode_of(spelling),
               "tricks": res["tricks"][seat],
               "card_points": _per_side(res["card_points"], side, fh_side),
               "weis": _per_side(res["weis"], side, fh_side),
               "stoeck": _per_side(res["stoeck"], side, fh_side),
               "match": match is not None and match == side,
               "multiplier": res.get("multiplier", 1),
               "score": _per_side(res.get("score"), side, fh_side),
               "trump_length": tl, "high_cards": hc, "hand_points": hp, "voids": vo,
               "aces": (hands[seat] & _ace_mask(game)).bit_count()}
        for k, v in row.items():
            cols[k].append(v)


def _to_arrays(cols: dict[str, list[Any]], columns: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in cols.items():
        dtype = columns[k]
        if dtype == "category":
            values = sorted(set(v))
            pos = {x: i for i, x in enumerate(values)}
            out[k] = (values, np.asarray([pos[x] for x in v], np.int32))
        else:
            out[k] = np.asarray(v, np.int64 if dtype.startswith("Int") else dtype)
    return out


# ------------------------------------------------------------------ assembling
def frame(spec: ExploreSpec, chunks: Sequence[dict[str, Any]]) -> pd.DataFrame:
    """One DataFrame of the chunks' arrays (categories as (values, codes); a missing integer
    as ``_NA``), with the dtypes of the spec's columns (``spec.labels`` and the run's constants
    filled in)."""
    game = spec.game()
    const = {k: getattr(game, k) for k in _CONSTANTS if k in spec.columns}
    length = sum(len(c["unit"]) for c in chunks)
    data: dict[str, Any] = {}
    for k, dtype in spec.columns.items():
        if k in spec.labels:
            data[k] = pd.Categorical.from_codes(np.zeros(length, np.int32),
                                                categories=pd.Index([spec.labels[k]]))
            continue
        if k in const:
            data[k] = np.full(length, const[k], np.int8)
            continue
        parts = [c[k] for c in chunks]
        if dtype == "category":
            cats = sorted({x for values, _codes in parts for x in values})
            pos = {x: i for i, x in enumerate(cats)}
            codes = [np.asarray([pos[x] for x in values], np.int32)[c] for values, c in parts]
            allc = np.concatenate(codes) if codes else np.zeros(0, np.int32)
            data[k] = pd.Categorical.from_codes(allc, categories=pd.Index(cats))
            continue
        arr = np.concatenate(parts) if parts else np.zeros(0, np.int64)
        if dtype.startswith("Int"):  # nullable (Int16, Int32): _NA is missing
            missing = arr == _NA
            data[k] = pd.arrays.IntegerArray(np.where(missing, 0, arr).astype(dtype.lower()),
                                             missing)
        else:
            data[k] = arr.astype(dtype, copy=False)
    return pd.DataFrame(data)
