"""``explore(..., engine="batch")`` for the Jass rulesets: random-play rows from the
batch simulator's Jass modes (:mod:`chaitea.analysis.jass_batch`), the columns of the state
path (:data:`~chaitea.analysis.jass_explore.JASS_COLUMNS`, one row per round and seat).

Each round: a deal of the batch's own (``deal_seed`` is the unit number), forehand ``unit %
players``, no picking (``pushed`` false; the forehand's contract drawn uniformly from the
table's; basic Jass: trump is the suit of the dealer's card shown to all, RULES J, drawn as a
uniform card of the dealer's hand, which is what the last card dealt is), the declarer the
table's for that pick (Schieber: the forehand; none where nobody chooses), random legal play.
Weis and Stöck are the table's own declarations of the dealt hands (its declaring part, as the
driver declares them; Python per round: about 16 µs a round with four players, 0.3 ms with six
on the double deck), the Match is a side taking every trick, the multiplier Schieber's factor
(:class:`~chaitea.rulesets.jass.scoring.SchieberScoring`; 1 elsewhere), and ``score`` the
round score of the scoring parts that add per side (Schieber: (cards + Match + Weis + Stöck) x
multiplier; basic Jass the same, x 1); the pads' and tallies' scores (rows, penalties) are left
NA. A round that reaches Schieber's target by itself (possible with the option ``target``
1000: the score capped there, or the game over on Weis and Stöck before the cards) has its
``score`` NA too.

>>> from chaitea.analysis.jass_explore import check_jass_spec
>>> spec = batch_spec(check_jass_spec(100, "schieber", None, None, "random", 1, "rounds"))
>>> df = jass_batch_frame(spec, [jass_batch_chunk(spec, 0, 100)])
>>> len(df), bool((df.groupby("unit")["card_points"].sum() == 2 * 157).all())
(400, True)
>>> bool(df["pushed"].any()), sorted(df["multiplier"].unique().tolist())
(False, [1, 2, 3, 4])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from chaitea.analysis.jass_explore import (
    _NA,
    JASS_COLUMNS,
    JassSpec,
    _ace_mask,
    _features,
    mode_of,
)
from chaitea.core.errors import SetupError
from chaitea.engine.driver import JassGame
from chaitea.rulesets.jass.choice import DealerTrump
from chaitea.rulesets.jass.scores import HandsScore, TargetScore
from chaitea.rulesets.jass.scoring import MATCH_BONUS

if TYPE_CHECKING:  # the batch module (numba) is imported when a batch runs, not with explore
    from chaitea.analysis.jass_batch import JassBatchResult

__all__ = ["JassBatchSpec", "batch_columns", "batch_rounds", "batch_spec", "jass_batch_chunk",
           "jass_batch_frame"]


@dataclass(frozen=True)
class JassBatchSpec(JassSpec):
    """A Jass exploration played by the batch simulator (random play of single rounds)."""


def batch_spec(spec: JassSpec) -> JassBatchSpec:
    """The batch engine's spec of a checked Jass spec: random bots, single rounds, and a table
    whose every contract has its trumps known at the deal (else a :class:`SetupError` naming
    the contracts, RULES J).

    >>> from chaitea.analysis.jass_explore import check_jass_spec
    >>> batch_spec(check_jass_spec(5, "schieber", None, None, "rule", 0, "rounds"))
    Traceback (most recent call last):
    ...
    chaitea.core.errors.SetupError: the batch engine plays random cards only: use bots="random"
    """
    if spec.mode != "rounds":
        raise SetupError("the batch engine plays single rounds: use mode=\"rounds\" with it")
    if set(spec.bots) != {"random"}:
        raise SetupError("the batch engine plays random cards only: use bots=\"random\"")
    game = spec.game()
    dynamic = [c for c in game.table.contracts if game.static_plans(c) is None]
    if dynamic:
        raise SetupError(f"the batch engine cannot play {spec.ruleset}'s {', '.join(dynamic)}: "
                         "their trump is set during play or named by the picker (RULES J); "
                         "explore it with engine=\"state\"")
    return JassBatchSpec(spec.ruleset, spec.players, spec.options, spec.bots, spec.seed,
                         spec.mode, spec.labels)


def _declarer_offset(game: JassGame, spelling: str) -> int:
    """Who declares when the forehand picks ``spelling`` at once: the seat after the forehand
    by this offset, or -1 when nobody chooses (read from the table's choice phase)."""
    st = game.new_initial_state(forehand=0)
    st.apply_deal(0)
    if st.phase == "picking" and spelling in st.legal_moves():
        st.apply_action(spelling)
    return -1 if st.declarer is None else int(st.declarer)


def _card_tables(game: JassGame, spellings: tuple[str, ...]) -> tuple[Any, ...]:
    """Per contract and card: trump, high card and points at the deal (the state path's
    definitions, :func:`~chaitea.analysis.jass_explore._features`, card by card)."""
    size = game.deck.size
    feats = np.asarray([[_features(game, s, 1 << c)[:3] for c in range(size)]
                        for s in spellings], np.int16)  # (contracts, cards, 3)
    aces = _ace_mask(game)
    return (feats[..., 0].astype(bool), feats[..., 1].astype(bool), feats[..., 2],
            np.asarray([aces >> c & 1 for c in range(size)], bool))


def _contracts(game: JassGame, spellings: Sequence[str], owner: Any, forehand: Any,
               rng: np.random.Generator) -> Any:
    """Each round's contract index: the forehand's pick uniformly; basic Jass (DealerTrump):
    the suit of a uniform card of the dealer's hand (the card shown to all, RULES J)."""
    count = len(forehand)
    if not isinstance(game.table.choice, DealerTrump):
        return rng.integers(0, len(spellings), count)
    dealer = (forehand.astype(np.int64) - 1) % game.players
    held = owner == dealer[:, None]
    rank = rng.random(owner.shape) + ~held  # the dealer's cards first, in random order
    card = rank.argmin(1)
    suits = np.asarray(game.deck.suit_of)[card]
    pos = {s: i for i, s in enumerate(spellings)}
    return np.asarray([pos[f"trump({'CDHS'[s]})"] for s in range(4)])[suits]


def _declarations(game: JassGame, spellings: Sequence[str], owner: Any, contract: Any,
                  forehand: Any) -> tuple[Any, Any]:
    """Weis and Stöck per round and side, as the driver declares them (the table's part)."""
    count, sides = len(contract), game.sides
    weis = np.zeros((count, sides), np.int16)
    stoeck = np.zeros((count, sides), np.int16)
    part = game.table.declaring
    if part is None or not (game.table.weis or game.table.stoeck):
        return weis, stoeck
    bits = np.int64(1) << np.arange(game.deck.size, dtype=np.int64)
    masks = np.stack([((owner == s) * bits).sum(1) for s in range(game.players)], 1).tolist()
    deck, side_of = game.deck, game.side_of
    fh = forehand.tolist()
    for r, k in enumerate(contract.tolist()):
        d = part.declare(deck, masks[r], spellings[k], None, sides=side_of, forehand=fh[r])
        weis[r] = d.weis.points
        stoeck[r] = d.stoeck
    return weis, stoeck


def batch_rounds(spec: JassBatchSpec, game: JassGame, start: int, stop: int,
                 keep: int = 0) -> JassBatchResult:
    """The rounds ``start..stop-1`` of ``spec`` played by the batch simulator (seeded by the
    chunk's start, as :func:`chaitea.analysis.chunks.batch_chunk`); ``keep``: the plays of the
    first ``keep`` rounds are kept.

    >>> from chaitea.analysis.jass_explore import check_jass_spec
    >>> spec = batch_spec(check_jass_spec(10, "jass", None, None, "random", 0, "rounds"))
    >>> out = batch_rounds(spec, spec.game(), 0, 10, keep=1)
    >>> out.forehand.tolist()[:5], out.plays.shape  # unit % players leads
    ([0, 1, 2, 3, 0], (1, 36))
    """
    from chaitea.analysis.jass_batch import deal_jass, simulate_jass

    count = stop - start
    spellings = tuple(game.table.contracts)
    rng = np.random.default_rng([spec.seed, start])
    fh = (np.arange(start, stop) % game.players).astype(np.int8)
    owner = deal_jass(game, count, rng)
    ci = _contracts(game, spellings, owner, fh, rng)
    return simulate_jass(game, spellings, count, seed=int(rng.integers(2**62)), contract=ci,
                         forehand=fh, deals=owner, keep=keep)


def jass_batch_chunk(spec: JassBatchSpec, start: int, stop: int) -> dict[str, Any]:
    """The rows of rounds ``start..stop-1`` as arrays by column (categories as (values, codes))."""
    game = spec.game()
    return batch_columns(game, batch_rounds(spec, game, start, stop), np.arange(start, stop))


def batch_columns(game: JassGame, out: JassBatchResult, units: Any) -> dict[str, Any]:
    """The columns of a batch's rounds (``units`` their unit numbers)."""
    n, count = game.players, len(units)
    spellings = out.spellings
    owner, fh = out.owner, out.forehand
    side_of = np.asarray(game.side_of, np.int8)
    seat = np.tile(np.arange(n, dtype=np.int8), count)
    rep = np.repeat(np.arange(count), n)
    side = side_of[seat]
    k = out.contract.astype(np.int64)
    offsets = np.asarray([_declarer_offset(game, s) for s in spellings])[k]
    dec = np.where(offsets < 0, -1, (fh + np.maximum(offsets, 0)) % n).astype(np.int8)
    dec_side = np.where(dec < 0, -1, side_of[np.maximum(dec, 0)])
    weis, stoeck = _declarations(game, spellings, owner, k, fh)
    side_tricks = np.stack([out.tricks[:, side_of == s].sum(1) for s in range(game.sides)], 1)
    match_side = np.where((side_tricks == game.n_tricks).any(1), side_tricks.argmax(1), -1)
    score_part = game.table.score
    factor = np.asarray([score_part.scoring.factor(s) if isinstance(score_part, TargetScore)
                         else 1 for s in spellings], np.int8)[k]
    match = match_side[rep] == side
    cards = out.side_points[rep, side].astype(np.int32)
    if isinstance(score_part, (TargetScore, HandsScore)):  # (cards + Match + Weis + Stöck) x m
        score = (cards + MATCH_BONUS * match + weis[rep, side] + stoeck[rep, side]) * factor[rep]
        if isinstance(score_part, TargetScore):  # the target reached in the round: NA (capped,
            # or the game over on Weis and Stöck before the cards, in the state path)
            over = (score.reshape(count, n) >= score_part.scoring.end.target).any(1)
            score = np.where(over[rep], _NA, score)
    else:  # the pads' rows and the tallies' penalties: not cheap here
        score = np.full(count * n, _NA, np.int64)
    trump_m, high_m, pts, ace_m = _card_tables(game, spellings)
    mine = owner[rep] == seat[:, None]  # (rows, cards)
    suit = np.asarray(game.deck.suit_of)
    held = np.stack([(mine & (suit == x)).any(1) for x in range(4)], 1)
    modes = [mode_of(s) for s in spellings]
    mode_values = sorted(set(modes))
    return {
        "unit": np.repeat(units, n), "round": np.ones(count * n, np.int16),
        "deal_seed": np.repeat(units, n), "seat": seat, "side": side,
        "forehand": np.repeat(fh, n), "is_forehand": seat == np.repeat(fh, n),
        "declarer": np.repeat(dec, n), "on_declarer_side": side == np.repeat(dec_side, n),
        "pushed": np.zeros(count * n, bool),
        "contract": (list(spellings), np.repeat(k, n).astype(np.int32)),
        "mode": (mode_values, np.asarray([mode_values.index(m) for m in modes],
                                         np.int32)[np.repeat(k, n)]),
        "tricks": out.tricks.reshape(-1), "card_points": cards,
        "weis": weis[rep, side], "stoeck": stoeck[rep, side], "match": match,
        "multiplier": factor[rep], "score": score,
        "trump_length": (mine & trump_m[k[rep]]).sum(1),
        "high_cards": (mine & high_m[k[rep]]).sum(1),
        "hand_points": (mine * pts[k[rep]]).sum(1), "voids": 4 - held.sum(1),
        "aces": (mine & ace_m).sum(1),
    }


def jass_batch_frame(spec: JassSpec, chunks: Sequence[dict[str, Any]]) -> pd.DataFrame:
    """One DataFrame of the chunks' arrays, with the dtypes of :data:`JASS_COLUMNS`."""
    data: dict[str, Any] = {}
    length = sum(len(c["unit"]) for c in chunks)
    for key, dtype in JASS_COLUMNS.items():
        if key in spec.labels:
            data[key] = pd.Categorical.from_codes(np.zeros(length, np.int32),
                                                  categories=pd.Index([spec.labels[key]]))
        elif key == "players":
            data[key] = np.full(length, spec.game().players, np.int8)
        elif dtype == "category":
            parts = [c[key] for c in chunks]
            cats = sorted({x for values, _codes in parts for x in values})
            pos = {x: i for i, x in enumerate(cats)}
            codes = [np.asarray([pos[x] for x in values], np.int32)[c] for values, c in parts]
            data[key] = pd.Categorical.from_codes(
                np.concatenate(codes) if codes else np.zeros(0, np.int32),
                categories=pd.Index(cats))
        else:
            arr = (np.concatenate([c[key] for c in chunks]) if chunks
                   else np.zeros(0, np.int64))
            if dtype == "Int32":
                missing = arr == _NA
                data[key] = pd.arrays.IntegerArray(np.where(missing, 0, arr).astype(np.int32),
                                                   missing)
            else:
                data[key] = arr.astype(dtype)
    return pd.DataFrame(data)
