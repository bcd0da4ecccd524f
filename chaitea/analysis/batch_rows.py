"""``explore(..., engine="batch")``: random-play rows from the batch simulator, the columns of the
state path (:mod:`chaitea.analysis.chunks`, one row per round and seat), for every ruleset.

A game of a setup's rows on the Paper Pad (:func:`batch_chunk`, :mod:`chaitea.analysis.batch`):
each round's row and contract are drawn uniformly from the setup's picks, the barrel holder
declares, no Bet Debt or offer; ``deal_seed`` is the unit number.

A game built from a Table (:func:`table_batch_chunk`, :mod:`chaitea.analysis.batch_plans`).
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

>>> from chaitea.analysis.chunks import frame
>>> from chaitea.analysis.explore import check_table_spec
>>> spec = batch_spec(check_table_spec(100, "schieber", None, None, "random", 1, "rounds"))
>>> df = frame(spec, [table_batch_chunk(spec, 0, 100)])
>>> len(df), bool((df.groupby("unit")["card_points"].sum() == 2 * 157).all())
(400, True)
>>> bool(df["pushed"].any()), sorted(df["multiplier"].unique().tolist())
(False, [1, 2, 3, 4])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from chaitea.analysis.chunks import _NA, ExploreSpec, _ace_mask, _features, mode_of
from chaitea.analysis.rules import batch_tables, hand_features, row_choices
from chaitea.core.errors import SetupError
from chaitea.engine.driver import JassGame
from chaitea.engine.game import Game
from chaitea.rulesets.jass.choice import DealerTrump
from chaitea.rulesets.jass.scores import HandsScore, TargetScore
from chaitea.rulesets.jass.scoring import MATCH_BONUS

if TYPE_CHECKING:  # the batch modules (numba) are imported when a batch runs, not with explore
    from chaitea.analysis.batch_plans import PlansResult

__all__ = ["batch_chunk", "batch_columns", "batch_rounds", "batch_spec", "table_batch_chunk"]


def batch_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    """The rows of rounds ``start..stop-1`` of a game on the Paper Pad, as arrays by column."""
    import chaitea.analysis.batch as batch

    game: Game = spec.game()
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
    return _pad_columns(game, choices, out, units, barrel)


def _pad_columns(game: Game, choices: list[Any], out: Any, units: Any,
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
        "score": np.where(mine, np.repeat(out.score, n).astype(np.int32), _NA),
        "game_points": np.full(count * n, _NA, np.int32),
        "final_game_points": np.full(count * n, _NA, np.int32),
    }
    contracts = [c for _r, _sp, c in choices]
    cards = game.deck.cards
    masks = [np.asarray([[x.suit is not None and x.suit == c.trump for x in cards]
                         for c in contracts], bool),
             np.asarray([[hand_features([x], game.deck, c, game.n_tricks)[1] == 1 for x in cards]
                         for c in contracts], bool)]
    hands, _mine = _hand_columns(out.owner, out.contract, n,
                                 (*masks, batch_tables(game, contracts).points), game.deck)
    return cols | hands


def _codes(values: list[str], idx: Any) -> tuple[list[str], Any]:
    """A categorical column inside a chunk: (values, codes)."""
    return (values, np.asarray(idx, np.int32))


def _hand_columns(owner: Any, contract: Any, n: int, tables: Sequence[Any],
                  deck: Any) -> tuple[dict[str, Any], Any]:
    """The seat's hand at the deal, vectorised, one row per round and seat: its cards (``owner``
    per round and card; set-aside cards -1) against each contract's trumps, high cards and card
    points (``tables``, per contract and card: the state path's definitions), and the suits it
    holds; and the (rows, cards) mask of its cards."""
    rep = np.repeat(np.arange(len(contract)), n)
    mine = owner[rep] == np.tile(np.arange(n), len(contract))[:, None]
    trumps, high, points = (t[np.asarray(contract)[rep]] for t in tables)
    suit = np.asarray(deck.suit_of)
    held = np.stack([(mine & (suit == x)).any(1) for x in range(4)], 1)
    return {"trump_length": (mine & trumps).sum(1), "high_cards": (mine & high).sum(1),
            "hand_points": (mine * points).sum(1), "voids": 4 - held.sum(1)}, mine


def batch_spec(spec: ExploreSpec) -> ExploreSpec:
    """The batch engine's spec of a checked spec of a Table's ruleset: random bots, single
    rounds, and a table whose every contract has its trumps known at the deal (else a
    :class:`SetupError` naming the contracts, RULES J).

    >>> from chaitea.analysis.explore import check_table_spec
    >>> batch_spec(check_table_spec(5, "schieber", None, None, "rule", 0, "rounds"))
    Traceback (most recent call last):
    ...
    chaitea.core.errors.SetupError: the batch engine plays random cards only: use bots="random"
    """
    if spec.mode != "rounds":
        raise SetupError("the batch engine plays single rounds: use mode=\"rounds\" with it")
    if set(spec.bots) != {"random"}:
        raise SetupError("the batch engine plays random cards only: use bots=\"random\"")
    game: JassGame = spec.game()
    dynamic = [c for c in game.table.contracts if game.static_plans(c) is None]
    if dynamic:
        raise SetupError(f"the batch engine cannot play {spec.ruleset}'s {', '.join(dynamic)}: "
                         "their trump is set during play or named by the picker (RULES J); "
                         "explore it with engine=\"state\"")
    return replace(spec, engine="batch")


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
    definitions, :func:`~chaitea.analysis.chunks._features`, card by card)."""
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


def batch_rounds(spec: ExploreSpec, game: JassGame, start: int, stop: int,
                 keep: int = 0) -> PlansResult:
    """The rounds ``start..stop-1`` of ``spec`` played by the batch simulator (seeded by the
    chunk's start, as :func:`chaitea.analysis.chunks.batch_chunk`); ``keep``: the plays of the
    first ``keep`` rounds are kept.

    >>> from chaitea.analysis.explore import check_table_spec
    >>> spec = batch_spec(check_table_spec(10, "jass", None, None, "random", 0, "rounds"))
    >>> out = batch_rounds(spec, spec.game(), 0, 10, keep=1)
    >>> out.forehand.tolist()[:5], out.plays.shape  # unit % players leads
    ([0, 1, 2, 3, 0], (1, 36))
    """
    from chaitea.analysis.batch import deal_batch
    from chaitea.analysis.batch_plans import simulate_plans

    count = stop - start
    spellings = tuple(game.table.contracts)
    rng = np.random.default_rng([spec.seed, start])
    fh = (np.arange(start, stop) % game.players).astype(np.int8)
    owner = deal_batch(game, count, rng)[0]
    ci = _contracts(game, spellings, owner, fh, rng)
    return simulate_plans(game, spellings, count, seed=int(rng.integers(2**62)), contract=ci,
                         forehand=fh, deals=owner, keep=keep)


def table_batch_chunk(spec: ExploreSpec, start: int, stop: int) -> dict[str, Any]:
    """The rows of rounds ``start..stop-1`` of a game built from a Table, as arrays by column
    (categories as (values, codes))."""
    game: JassGame = spec.game()
    return batch_columns(game, batch_rounds(spec, game, start, stop), np.arange(start, stop))


def batch_columns(game: JassGame, out: PlansResult, units: Any) -> dict[str, Any]:
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
    *tables, ace_m = _card_tables(game, spellings)
    hands, mine = _hand_columns(owner, k, n, tables, game.deck)
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
        **hands, "aces": (mine & ace_m).sum(1),
    }
