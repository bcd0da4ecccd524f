"""A coach for learners: advice at a pick, a hint for the next card, a review after a round.

- :func:`advise` (picking): the expected round score of each contract the seat to speak may
  pick, by Monte Carlo over the cards it cannot see (each sampled deal played out by the rule
  bots), with a 95% interval, the baseline of playing that row later with an average hand, the
  Bet Debt above which passing is better, and the recommended action.
- :func:`hint` (play): each legal card's expected final points for the seat's side over sampled
  worlds (the Monte Carlo bot's evaluation), with 95% intervals, best first.
- :func:`review` (after a round): each of one seat's plays with the double-dummy points it lost
  against the best card (hands open).

>>> from chaitea import Game
>>> state = Game(players=3).new_initial_state(seed=4)
>>> a = advise(state, samples=8, seed=1)
>>> a.recommended in state.legal_moves(), list(a.table.columns)[:4]
(True, ['pick', 'row', 'contract', 'debt'])

The same three work on the Jass games (a :class:`~chaitea.engine.driver.JassState`, RULES J):
``advise`` at the contract choice values each legal contract (and Schieber's ``push``: the
partner then chooses by the rule bot's estimate) by rule-bot playouts of deals of the unseen
cards (card points, Match, Stöck, times Schieber's multiplier; Coiffeur rows also against the
row's worth later, its baseline); ``hint`` is the Jass Monte Carlo bot's evaluation; ``review``
values each of a seat's plays by the double-dummy solver in the last four tricks (hands open).

>>> from chaitea.rulesets import jass_game
>>> js = jass_game("schieber").new_initial_state(seed=4)
>>> ja = advise(js, samples=6, seed=1)
>>> ja.recommended in js.legal_moves(), list(ja.table.columns)[:4]
(True, ['pick', 'mean', 'low', 'high'])
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pandas as pd

from chaitea.ai.bots import PimcBot, World, known_cards, playout_value, sample_world, world_view
from chaitea.ai.kernel import Rules, rules_for
from chaitea.ai.parts import part, provide
from chaitea.core.contracts import Contract
from chaitea.engine.actions import Pass, Pick
from chaitea.engine.driver import JassState
from chaitea.engine.game import Game, GameState

__all__ = ["Advice", "Hint", "advise", "hint", "review", "review_plays", "warm_up"]


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan"), float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


@dataclass
class Advice:
    """The coach's picking advice for ``seat``: one row per contract (``table``), the
    recommended action as the record spells it, and its action id."""

    seat: int
    table: pd.DataFrame
    recommended: str
    action: int

    def _repr_html_(self) -> str:
        return (f"<p>Seat {self.seat}: <b>{self.recommended}</b></p>"
                + self.table.to_html(index=False, float_format=lambda x: f"{x:.1f}"))


def _picking_world(state: GameState, seat: int, rules: Rules) -> World:
    """What the seat to speak knows before play: its own cards and the face-up straw cards."""
    g = state.game
    obs = state.observation(seat)
    idx = g.deck.by_text
    n = g.players
    known, stacks = known_cards(obs, seat, idx, n)
    hidden = list(obs["hand_sizes"])
    hidden[seat] = 0
    seen = 0
    for k in known:
        seen |= k
    unknown = [c for c in range(g.deck.size) if not seen >> c & 1]
    return World(rules, seat, known[seat], known, hidden, [set() for _ in range(n)], stacks,
                 g.seating.set_aside, unknown, [], seat, 0, [0] * g.sides, 0)


def _round_score(points: float, debt: int, offer: int, avoidance: bool) -> float:
    """RULES S and D13: card points + bonus - debt + offer; Avoidance: + debt - offer."""
    return points + debt - offer if avoidance else points - debt + offer


_BASELINE_LOCK = threading.Lock()  # one baseline worked out at a time (a warm-up, a click)


def _baseline(players: int, deck: str, contract: str, avoidance: bool, samples: int) -> float:
    """:func:`_baseline_of`, once per process: a warm-up (:func:`warm_up`) in a thread and an
    Advice asking for the same row meanwhile wait for one another rather than both playing
    the same deals."""
    with _BASELINE_LOCK:
        return _baseline_of(players, deck, contract, avoidance, samples)


def warm_up(game: Game, baseline_samples: int = 200) -> int:
    """Work out (and keep) the row baselines :func:`advise` needs in ``game``: one per
    contract and kind of row (Avoidance or not) of its setup, the one-time part of the first
    Advice (the deals of a baseline do not depend on the position). The number of baselines.

    >>> warm_up(Game(players=3), baseline_samples=4)
    7
    """
    keys = sorted({(c.spelling, game.setup.rows[r].avoidance)
                   for sp, c in game.spelling_contract.items()
                   for r in game.spelling_rows.get(sp, ())})
    for contract, avoidance in keys:
        _baseline(game.players, game.deck.name, contract, avoidance, baseline_samples)
    return len(keys)


@cache
def _baseline_of(players: int, deck: str, contract: str, avoidance: bool, samples: int) -> float:
    """The mean round score (no debt) of ``contract`` for a random declarer hand, rule bots
    playing: what the row is worth when it is played later with a hand of no known quality."""
    g = Game(players=players, deck=deck)
    rules = rules_for(g, Contract.parse(contract), 0, avoidance=avoidance)
    rng = random.Random(2024)
    total = 0.0
    for _ in range(samples):
        state = g.round_state(rng.randrange(2**31), 0, contract)
        view = _picking_world(state, 0, rules)
        total += playout_value(rules, sample_world(view, rng), 0)
    return total / samples


def advise(state: GameState | JassState, *, samples: int = 40, seed: int | None = 0,
           baseline_samples: int = 200) -> Advice:
    """Picking advice for the seat to speak (only its own cards and public ones are read).

    Table columns: ``pick`` (the spelling), ``row``, ``contract``, ``debt`` (the least Bet Debt
    the pick may carry now), ``mean``/``low``/``high`` (expected round score at that debt and its
    95% interval), ``baseline`` (the row played later with an average hand), ``pass_above`` (the
    Bet Debt above which passing is better: mean card score minus baseline, Avoidance the other
    way round). The recommendation is the pick with the largest margin over its baseline, or
    ``pass`` when passing is allowed and no margin is positive.
    """
    if state.phase != "picking":
        raise ValueError("advise() works at a pick (the picking phase); use hint() in play")
    advice: Advice = part(state.game, "advise")(state, samples=samples, seed=seed,
                                                 baseline_samples=baseline_samples)
    return advice


def _pad_advise(state: GameState, *, samples: int, seed: int | None,
                baseline_samples: int) -> Advice:
    """:func:`advise` for Chai Tea Jazz: one row per pick spelling, at its least Bet Debt."""
    g = state.game
    seat = state.current_player()
    legal = state.legal_actions()
    acts = {a: g.action(a) for a in legal}
    picks = {a: v for a, v in acts.items() if isinstance(v, Pick)}
    if not picks:
        raise ValueError("the seat to speak has no pick to choose now (an offer is waiting for an "
                         "answer or must be raised or rescinded)")
    least: dict[str, tuple[int, int]] = {}
    for a, v in picks.items():
        if v.spelling not in least or v.debt < least[v.spelling][0]:
            least[v.spelling] = (v.debt, a)
    rng = random.Random(seed)
    offer = state.offer if state.offer_stage == "accepted" else 0
    base_rules = rules_for(g, Contract("over"), seat)
    worlds = [sample_world(_picking_world(state, seat, base_rules), rng) for _ in range(samples)]
    rows: list[dict[str, Any]] = []
    # the card points of each sampled deal depend on the contract and the kind of row only:
    # a Joker row playing Trump (Hearts) shares the playouts of the Trump row's
    played: dict[tuple[str, bool], list[float]] = {}
    for sp, (debt, aid) in least.items():
        contract = g.spelling_contract[sp]
        row = g.setup.rows[next(r for r in g.spelling_rows[sp]
                                if state.pad.is_open(r, g.side_of[seat]))]
        key = (contract.spelling, row.avoidance)
        if key not in played:
            rules = rules_for(g, contract, seat, avoidance=row.avoidance)
            played[key] = [float(playout_value(rules, w.copy(), seat)) for w in worlds]
        pts = played[key]
        mean_pts = sum(pts) / len(pts)
        scores = [_round_score(p, debt, offer, row.avoidance) for p in pts]
        mean, lo, hi = _interval(scores)
        base = _baseline(g.players, g.deck.name, contract.spelling, row.avoidance,
                         baseline_samples)
        margin_pts = base - mean_pts if row.avoidance else mean_pts - base
        rows.append({"pick": sp, "row": row.key, "contract": contract.spelling, "debt": debt,
                     "mean": mean, "low": lo, "high": hi, "baseline": base,
                     "pass_above": margin_pts + offer, "margin": margin_pts + offer - debt,
                     "action": aid, "joker": row.is_joker})
    # Of equal margins, keep a Joker row for later (it can play any contract of the setup).
    table = pd.DataFrame(rows).sort_values(["margin", "joker", "pick"],
                                           ascending=[False, True, True])
    table = table.reset_index(drop=True)
    best = table.iloc[0]
    can_pass = any(isinstance(v, Pass) for v in acts.values())
    if can_pass and best["margin"] <= 0:
        recommended, action = "pass", g.PASS
    else:
        action = int(best["action"])
        recommended = str(g.action(action))
    return Advice(seat, table.drop(columns=["action", "joker"]), recommended, action)


@dataclass
class Hint:
    """The coach's card hint: ``table`` (card, mean, low, high: the seat's side's expected final
    card points after that card), the best card and its action id."""

    seat: int
    table: pd.DataFrame
    best: str
    action: int


def hint(state: GameState | JassState, *, samples: int = 20, seed: int | None = 0,
         solve_tricks: int = 4) -> Hint:
    """The best card for the seat to play, with every legal card's expected value (the Monte
    Carlo bot's evaluation: sampled worlds consistent with what the seat has seen; the
    double-dummy solver in the last ``solve_tricks`` tricks, rule-bot playouts before)."""
    if state.phase != "play":
        raise ValueError("hint() works in a round's play; use advise() at a pick")
    found: Hint = part(state.game, "hint")(state, samples=samples, seed=seed,
                                           solve_tricks=solve_tricks)
    return found


def _pad_hint(state: GameState, *, samples: int, seed: int | None, solve_tricks: int) -> Hint:
    """:func:`hint` for Chai Tea Jazz: the PIMC bot's evaluation of each legal card."""
    seat = state.current_player()
    view = world_view(state, seat)
    bot = PimcBot(seed, samples=samples, solve_tricks=solve_tricks)
    legal = state.legal_actions()
    vals = bot.evaluate(view, legal)
    g = state.game
    rows = []
    for a in legal:
        mean, lo, hi = _interval(vals[a])
        rows.append({"card": g.action_to_string(a), "mean": mean, "low": lo, "high": hi,
                     "action": a})
    low_best = view.rules.avoidance
    table = pd.DataFrame(rows).sort_values(["mean", "action"], ascending=[low_best, True])
    table = table.reset_index(drop=True)
    best = table.iloc[0]
    return Hint(seat, table.drop(columns=["action"]), str(best["card"]), int(best["action"]))


def review(record: GameState | JassState | dict[str, Any] | str, seat: int, *,
           round_number: int | None = None, max_tricks: int = 5) -> pd.DataFrame:
    """Each play of ``seat`` in a finished round (default: the last finished one) with the
    double-dummy points it lost: ``best`` the value of the best card(s), ``played`` the value
    after the card played (the seat's side's final card points with bonus, hands open), ``lost``
    the difference (Avoidance: the points taken in excess). Plays with more than ``max_tricks``
    tricks left are listed unsolved (``NaN``): a full-deal solve takes too long for a review."""
    from chaitea.records.record import loads

    rec = record if isinstance(record, dict | str) else record.record()
    if isinstance(rec, str):
        import json

        rec = json.loads(rec)
    assert isinstance(rec, dict)
    from chaitea.records.sections import is_jass_record

    if is_jass_record(rec):  # a Jass game (RULES J)
        return _jass_review(rec, seat, round_number, max_tricks)
    full = loads(rec)
    done = len(full.round_results)
    if done == 0:
        raise ValueError("no round of this record is finished yet")
    r = done if round_number is None else round_number
    if not 1 <= r <= done:
        raise ValueError(f"round_number must be 1..{done} (a finished round)")
    start = dict(rec)
    rounds = rec["rounds"]
    start["rounds"] = [*rounds[: r - 1], {**rounds[r - 1], "plays": []}]
    start.pop("end", None)
    state = loads(start)
    g = state.game
    plays: list[tuple[int, GameState, int]] = []
    for k, card in enumerate(rounds[r - 1]["plays"]):
        if state.current_player() == seat:
            aid = g.action_id(g.parse_action(card))
            assert aid is not None
            plays.append((k + 1, state.clone(), aid))
        state.apply_action(card)
    return review_plays(plays, max_tricks=max_tricks)


def review_plays(plays: Sequence[tuple[int, GameState, int]], *,
                 max_tricks: int = 5) -> pd.DataFrame:
    """The rows of :func:`review` for given plays: ``(step, state before the card, action
    id)`` each (a view that recorded its states, say a single round at the trick table, has
    no record to replay)."""
    from chaitea.ai.kernel import position_of, rules_of
    from chaitea.ai.solver import card_values

    rows = []
    for step, state, aid in plays:
        g = state.game
        card = g.action_to_string(aid)
        left = g.n_tricks - state.trick_number
        row: dict[str, Any] = {"step": step, "trick": state.trick_number + 1, "card": card}
        if left <= max_tricks:
            rules = rules_of(state)
            vals = card_values(rules, position_of(state))
            pick = min if rules.avoidance else max
            best_v = pick(vals.values())
            row.update(best=best_v, played=vals[aid], lost=abs(best_v - vals[aid]),
                       best_cards=" ".join(sorted(g.action_to_string(c) for c, v in
                                                  vals.items() if v == best_v)))
        else:
            row.update(best=float("nan"), played=float("nan"), lost=float("nan"),
                       best_cards="")
        rows.append(row)
    return pd.DataFrame(rows, columns=["step", "trick", "card", "best", "played", "lost",
                                       "best_cards"])


# -- the Jass games (RULES J; chaitea.ai.table_bots) ---------------------------------------------
def _table_advise(state: JassState, *, samples: int, seed: int | None,
                 baseline_samples: int) -> Advice:
    """:func:`advise` for a table's state: one row per legal picking action (a row's baseline
    is :func:`~chaitea.ai.table_bots.contract_baseline`'s: ``baseline_samples`` is the pad's)."""
    from chaitea.ai.aims import aim_pick
    from chaitea.ai.table_bots import (
        PASS_MARGIN,
        _chosen_pending,
        _gain,
        contract_baseline,
        picking_outcomes,
    )
    from chaitea.engine.pick_items import PASS_ITEM, contract_spelling

    g = state.game
    seat = state.current_player()
    legal = state.legal_moves()
    aimed = aim_pick(state)  # a guess, a bid, an announcement: the rule bot's estimate
    if aimed is not None:
        nan, pick = float("nan"), g.action_to_string(aimed)
        row = {"pick": pick, "mean": nan, "low": nan, "high": nan, "baseline": nan,
               "margin": nan}
        return Advice(seat, pd.DataFrame([row]), pick, aimed)
    outcomes = picking_outcomes(state, samples, seed)
    score = g.table.score
    pad = score.scores == "pad-row"
    weight = score.contract_weights() or {}
    valued = pad and not _chosen_pending(state.observation(seat))  # rows, not 3x3's suits
    rows: list[dict[str, Any]] = []
    for sp, vals in outcomes.items():
        mean, lo, hi = _interval(vals)
        base = contract_baseline(g, contract_spelling(sp)) if valued else float("nan")
        margin = _gain(g, weight, sp, mean) if valued else mean
        rows.append({"pick": sp, "mean": mean, "low": lo, "high": hi, "baseline": base,
                     "margin": margin})
    table = pd.DataFrame(rows, columns=["pick", "mean", "low", "high", "baseline", "margin"])
    table = table.sort_values(["margin", "pick"], ascending=[False, True]).reset_index(drop=True)
    if table.empty:  # nothing valued (Sidi Barrani's pass or double): the first legal action
        return Advice(seat, table, legal[0], g.action_ids[legal[0]])
    best = str(table.iloc[0]["pick"])
    if str(PASS_ITEM) in legal and pad and float(table.iloc[0]["margin"]) < PASS_MARGIN:
        best = str(PASS_ITEM)
    return Advice(seat, table, best, g.action_ids[best])


def _table_hint(state: JassState, *, samples: int, seed: int | None, solve_tricks: int) -> Hint:
    """:func:`hint` for a table's state: the table's Monte Carlo bot's evaluation (with its own
    reach of the solver: ``solve_tricks`` is the pad's)."""
    from chaitea.ai.table_bots import JassPimcBot, jass_view

    seat = state.current_player()
    view = jass_view(state, seat)
    legal = state.legal_actions()
    vals = JassPimcBot(seed, samples=samples).evaluate(view, legal)
    rows = []
    for a in legal:
        mean, lo, hi = _interval(vals[a])
        rows.append({"card": state.game.action_to_string(a), "mean": view.sign * mean,
                     "low": view.sign * (lo if view.sign > 0 else hi),
                     "high": view.sign * (hi if view.sign > 0 else lo), "action": a})
    asc = view.sign < 0  # Misère: the fewest points first
    table = pd.DataFrame(rows).sort_values(["mean", "action"], ascending=[asc, True])
    table = table.reset_index(drop=True)
    best = table.iloc[0]
    return Hint(seat, table.drop(columns=["action"]), str(best["card"]), int(best["action"]))


JASS_SOLVE_TRICKS = 4  # the Jass review solves this far back (the pure-Python solver's reach)


def _jass_review(rec: dict[str, Any], seat: int, round_number: int | None,
                 max_tricks: int) -> pd.DataFrame:
    """:func:`review` for a Jass record: each of ``seat``'s plays in the round with its
    double-dummy value (:func:`chaitea.ai.table_bots.solver_values`, hands open) in the last
    ``max_tricks`` tricks (at most :data:`JASS_SOLVE_TRICKS`). ``best`` and ``played`` are
    the score the solver plays for, oriented for the seat (its side's points and Match;
    the Coiffeur pads: the picker's row points, negated for the others; Misère negated once
    more), ``lost`` their difference; earlier plays unsolved (``NaN``), a forced card loses 0."""
    from chaitea.ai.table_bots import JassRound, _chosen_trumps, solver_values
    from chaitea.records.record import loads

    full: Any = loads(rec)
    done = len(full.round_results)
    played = [i for i, res in enumerate(full.round_results) if res.get("played", True)]
    if not played:
        raise ValueError("no round of this record is finished yet")
    r = (played[-1] + 1) if round_number is None else round_number
    if not 1 <= r <= done or full.round_results[r - 1].get("played", True) is False:
        raise ValueError(f"round_number must be 1..{done}, a finished round whose cards were "
                         "played")
    start = dict(rec)
    rounds = rec["rounds"]
    start["rounds"] = [*rounds[: r - 1], {**rounds[r - 1], "plays": []}]
    start.pop("end", None)
    state: Any = loads(start)
    g = state.game
    deck = g.deck
    if not 0 <= seat < g.players:
        raise ValueError(f"seat must be 0..{g.players - 1}")
    hands = [deck.mask_of(state.hand(s)) for s in range(g.players)]
    contract = str(state.contract)
    rnd = JassRound.start(g, contract, _chosen_trumps(list(rounds[r - 1]["picking"])),
                          state.forehand, hands, state.declarer)
    depth = min(max_tricks, JASS_SOLVE_TRICKS)
    rows = []
    for k, card in enumerate(rounds[r - 1]["plays"]):
        c = deck.index_of(card)
        if rnd.turn == seat:
            row: dict[str, Any] = {"step": k + 1, "trick": rnd.trick_no + 1, "card": card}
            legal = rnd.legal()
            if g.n_tricks - rnd.trick_no <= depth and legal & (legal - 1):
                vals = solver_values(rnd, seat)
                best_v = max(vals.values())
                row.update(best=best_v, played=vals[c], lost=best_v - vals[c],
                           best_cards=" ".join(sorted(str(deck.cards[x]) for x, v in vals.items()
                                                      if v == best_v)))
            elif g.n_tricks - rnd.trick_no <= depth:
                row.update(best=float("nan"), played=float("nan"), lost=0.0,
                           best_cards=card)  # a forced card loses nothing
            else:
                row.update(best=float("nan"), played=float("nan"), lost=float("nan"),
                           best_cards="")
            rows.append(row)
        rnd.play(c)
    return pd.DataFrame(rows, columns=["step", "trick", "card", "best", "played", "lost",
                                       "best_cards"])


provide("advise", pad=_pad_advise, table=_table_advise)
provide("hint", pad=_pad_hint, table=_table_hint)
