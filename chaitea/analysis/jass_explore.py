"""Rules exploration for the Jass family: seeded rounds or whole games of any Jass
ruleset played by the Jass bots, one row per round and seat.

:func:`explore_jass` is what :func:`chaitea.analysis.explore.explore` runs for a Jass ruleset:
the same seeds (:func:`~chaitea.analysis.chunks.unit_seed`), chunks and workers, its own columns
(:data:`JASS_COLUMNS`): the mode, the forehand and whether it pushed, the Weis and Stöck points,
the Match, the multiplier and the score of each seat's side, and the seat's hand at the deal
(trump length, high cards, card points, voids, and its aces whatever the mode).

>>> df = explore_jass(8, ruleset="schieber", seed=1)
>>> len(df), sorted(set(df["seat"]))
(32, [0, 1, 2, 3])
>>> {"mode", "pushed", "weis", "stoeck", "match", "multiplier", "score"} <= set(df.columns)
True
>>> bool((df.groupby("unit")["card_points"].sum() == 2 * 157).all())  # each side twice
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from chaitea.ai.jass_bots import make_jass_bot
from chaitea.analysis.chunks import unit_seed
from chaitea.core.errors import SetupError
from chaitea.engine.driver import JassGame, JassState
from chaitea.engine.machine import round_seed
from chaitea.engine.pick_items import Choose, Push, parse_pick
from chaitea.engine.registry import registered
from chaitea.engine.ruleset import Ruleset
from chaitea.rulesets import jass_game

__all__ = ["JASS_COLUMNS", "JassSpec", "check_jass_spec", "explore_jass", "is_jass_ruleset",
           "jass_chunk", "jass_frame", "mode_of"]

#: The columns of a Jass exploration and their dtypes (one row per round and seat).
JASS_COLUMNS: dict[str, str] = {
    "ruleset": "category", "options": "category", "bots": "category", "mode_run": "category",
    "players": "int8", "unit": "int64", "round": "int16", "deal_seed": "int64",
    "seat": "int8", "side": "int8", "forehand": "int8", "is_forehand": "bool",
    "declarer": "int8", "on_declarer_side": "bool", "pushed": "bool",
    "contract": "category", "mode": "category", "tricks": "int8", "card_points": "int16",
    "weis": "int16", "stoeck": "int16", "match": "bool", "multiplier": "int8",
    "score": "Int32", "trump_length": "int8", "high_cards": "int8", "hand_points": "int16",
    "voids": "int8", "aces": "int8",
}
_NA = -(2**31)
JASS_BOTS = ("random", "rule", "pimc")


@dataclass(frozen=True)
class JassSpec:
    """Everything a chunk needs, picklable: a worker rebuilds the game from it."""

    ruleset: str
    players: int | None
    options: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    mode: str
    labels: dict[str, str] = field(default_factory=dict)

    def game(self) -> JassGame:
        return jass_game(self.ruleset, self.players, options=self.options)


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


def jass_chunk(spec: JassSpec, start: int, stop: int) -> dict[str, list[Any]]:
    """The rows of units ``start..stop-1`` (rounds or games), as lists by column."""
    game = spec.game()
    n = game.players
    cols: dict[str, list[Any]] = {k: [] for k in JASS_COLUMNS
                                  if k not in ("ruleset", "options", "bots", "mode_run",
                                               "players")}
    for unit in range(start, stop):
        useed = unit_seed(spec.seed, unit)
        bots = [make_jass_bot(name, seed=round_seed(useed, 1000 + s))
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
    return cols


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


def jass_frame(spec: JassSpec, chunks: Sequence[dict[str, list[Any]]]) -> pd.DataFrame:
    """One DataFrame of the chunks' rows, with the dtypes of :data:`JASS_COLUMNS`."""
    data: dict[str, Any] = {}
    length = sum(len(c["unit"]) for c in chunks)
    for k, dtype in JASS_COLUMNS.items():
        if k in spec.labels:
            data[k] = pd.Categorical([spec.labels[k]] * length)
            continue
        if k == "players":
            data[k] = np.full(length, spec.game().players, np.int8)
            continue
        values = [v for c in chunks for v in c[k]]
        if dtype == "category":
            data[k] = pd.Categorical(values)
        elif dtype == "Int32":
            arr = np.asarray(values, np.int64)
            missing = arr == _NA
            data[k] = pd.arrays.IntegerArray(np.where(missing, 0, arr).astype(np.int32), missing)
        else:
            data[k] = np.asarray(values, dtype=dtype) if values else np.zeros(0, dtype)
    return pd.DataFrame(data)


def is_jass_ruleset(name: object) -> bool:
    """Whether ``name`` is a Jass ruleset the engine plays (registered, not Chai Tea Jazz).

    >>> is_jass_ruleset("schieber"), is_jass_ruleset("chai-tea-jazz"), is_jass_ruleset(3)
    (True, False, False)
    """
    return isinstance(registered(name), Ruleset)


def check_jass_spec(n: int, ruleset: str, players: int | None, options: Mapping[str, Any] | None,
                    bots: str | Sequence[str], seed: int, mode: str) -> JassSpec:
    """The spec of a Jass exploration, every argument checked (a :class:`SetupError` naming
    it)."""
    if type(n) is not int or n < 0:
        raise SetupError(f"n must be a whole number of rounds or games, not {n!r}")
    if type(seed) is not int:
        raise SetupError(f"seed must be a whole number, not {seed!r}")
    if mode not in ("rounds", "games"):
        raise SetupError(f"mode must be \"rounds\" or \"games\", not {mode!r}")
    opts = dict(options or {})
    spec = JassSpec(ruleset, players, opts, (), seed, mode)
    game = spec.game()  # refuses bad players and options, naming the rule
    names = (bots,) * game.players if isinstance(bots, str) else tuple(bots)
    if len(names) != game.players or not all(b in JASS_BOTS for b in names):
        raise SetupError(f"bots: one of {', '.join(JASS_BOTS)} for every seat, or a list of "
                         f"{game.players} of them")
    labels = {"ruleset": ruleset, "options": json.dumps(opts, sort_keys=True),
              "bots": ",".join(names), "mode_run": mode}
    return JassSpec(ruleset, game.players, opts, names, seed, mode, labels)


def explore_jass(n: int, *, ruleset: str = "schieber", players: int | None = None,
                 options: Mapping[str, Any] | None = None, bots: str | Sequence[str] = "random",
                 seed: int = 0, mode: str = "rounds") -> pd.DataFrame:
    """Play ``n`` seeded rounds (each from a fresh game, the forehand moving round the table)
    or whole games of a Jass ruleset in this process; one row per round and seat. (Through
    :func:`chaitea.analysis.explore.explore`, the same with chunks, workers and progress.)"""
    spec = check_jass_spec(n, ruleset, players, options, bots, seed, mode)
    return jass_frame(spec, [jass_chunk(spec, 0, n)])
