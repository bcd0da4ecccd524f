"""Scoring parts a ruleset composes: a target score, a fixed number of hands, a Coiffeur pad.

Each part is a value with pure methods over an immutable score state (so a game state clones by
reference): ``initial()``, ``open_to(state, side)`` (the contracts a side may still pick;
``None``: any), ``declared(state, hand)`` (the mid-hand end on Stöck and Weis), ``write(state,
hand)`` (the hand's round fields), ``winner(state)``/``finished(state)``, ``totals(state)`` and
``extra_json(state)`` (the ruleset's own tallies in the replay output).

>>> from chaitea.rulesets.jass import SCHIEBER
>>> part = TargetScore(SCHIEBER)
>>> hand = Hand(0, 0, "trump(H)", (5, 4, 0, 0), (100, 57), (0, 0), (20, 0))
>>> state, fields = part.write(part.initial(), hand)
>>> state.totals, fields["score"]
((240, 114), (240, 114))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chaitea.engine.hand import Hand
from chaitea.engine.pick_items import as_joker, choice_of
from chaitea.rulesets.jass.pad import RowsPad
from chaitea.rulesets.jass.rows import RowScoring, RowsLayout
from chaitea.rulesets.jass.scoring import (
    MATCH_BONUS,
    HandsEnd,
    JassRound,
    SchieberScoring,
    _ints,
    target_progress,
)
from chaitea.rulesets.jass.tallies import row_score

__all__ = ["Hand", "HandsScore", "HandsState", "PadScore", "TargetScore", "TargetState"]


def _match(tricks: tuple[int, ...]) -> int | None:
    total = sum(tricks)
    return next((s for s, t in enumerate(tricks) if total and t == total), None)


@dataclass(frozen=True)
class TargetState:
    totals: tuple[int, ...]
    winner: int | None = None
    step: str | None = None
    #: made by :class:`TargetScore` itself (its totals need no check); a state built from
    #: outside keeps the default and is checked when written onto
    made: bool = field(default=False, compare=False, repr=False)


class _PointsParts:
    """What a part that scores card points per side answers the bots, the solver and the coach
    (:class:`chaitea.engine.ruleset.Score`): no extra picking spellings, every contract weighs
    the same, and the most points win."""

    scores = "points"

    def pick_spellings(self, contracts: tuple[str, ...]) -> tuple[str, ...]:
        return ()

    def contract_weights(self) -> dict[str, float] | None:
        return None

    def lowest_wins(self, contract: str) -> bool:
        return False


@dataclass(frozen=True)
class TargetScore(_PointsParts):
    """Schieber: (cards + Match + Weis + Stöck) × multiplier per side, to a target, Stöck first
    (RULES J, :func:`chaitea.rulesets.jass.scoring.target_progress`)."""

    scoring: SchieberScoring
    side_of: tuple[int, ...] = (0, 1, 0, 1)
    sides: int = 2

    def initial(self) -> TargetState:
        return TargetState((0,) * self.sides, made=True)

    def open_to(self, state: TargetState, side: int) -> None:
        return None

    def _round(self, hand: Hand) -> JassRound:
        m = self.scoring.factor(hand.contract)
        tricks = hand.side_tricks(self.side_of, self.sides)
        match = _match(tricks) if hand.played else None
        return JassRound(hand.card_points, match, hand.weis, hand.stoeck, m)

    def may_end_declared(self, state: TargetState, contract: str, weis: tuple[int, ...],
                         stoeck: tuple[int, ...]) -> bool:
        """Whether :meth:`declared` could end the game (a side reaches the target on its Stöck
        and Weis): the engine builds the hand's record for :meth:`declared` only then."""
        end = self.scoring.end
        if not end.mid_hand:
            return False
        m = self.scoring.factor(contract)
        target = end.target
        for t, w, k in zip(state.totals, weis, stoeck, strict=True):
            if t + (w + k) * m >= target:
                return True
        return False

    def declared(self, state: TargetState, hand: Hand) -> tuple[TargetState, bool]:
        """Stöck and Weis are written when declared: does the game end before the cards?"""
        end = self.scoring.end
        if not end.mid_hand:
            return state, False
        m = self.scoring.factor(hand.contract)
        if all(t + (w + k) * m < end.target for t, w, k in zip(state.totals, hand.weis,
                                                                hand.stoeck, strict=True)):
            return state, False  # nobody reaches the target on Stöck and Weis
        check = target_progress(state.totals, self._round(hand), self.scoring.end)
        return state, check.finished and not check.played_out

    def write(self, state: TargetState, hand: Hand) -> tuple[TargetState, dict[str, object]]:
        m = self.scoring.factor(hand.contract)
        start = state.totals
        if not state.made:  # from outside: the totals are checked (target_progress's check)
            start = _ints("totals", start, len(hand.card_points))
        match = _match(hand.side_tricks(self.side_of, self.sides)) if hand.played else None
        # JassRound.score inline: (cards + Match + Weis + Stöck) x multiplier per side
        score = tuple((c + (MATCH_BONUS if s == match else 0) + w + k) * m
                      for s, (c, w, k) in enumerate(zip(hand.card_points, hand.weis,
                                                        hand.stoeck, strict=True)))
        full = tuple(t + p for t, p in zip(start, score, strict=True))
        target = self.scoring.end.target
        for t in full:
            if t >= target:
                break
        else:  # nobody reaches the target: target_progress's first answer, without its records
            return (TargetState(full, None, None, True),
                    {"match": match, "multiplier": m, "score": score})
        check = target_progress(start, JassRound(hand.card_points, match, hand.weis,
                                                 hand.stoeck, m), self.scoring.end)
        score = tuple(a - b for a, b in zip(check.totals, start, strict=True))
        step = None if check.step is None else check.step.value
        new = TargetState(check.totals, check.winner, step, True)
        return new, {"match": match, "multiplier": m, "score": score}

    def finished(self, state: TargetState) -> bool:
        return state.winner is not None

    def winner(self, state: TargetState) -> int | None:
        return state.winner

    def totals(self, state: TargetState) -> tuple[int, ...]:
        return state.totals

    def extra_json(self, state: TargetState) -> dict[str, object]:
        return {"target": self.scoring.end.target}


@dataclass(frozen=True)
class HandsState:
    totals: tuple[int, ...]
    hands: int = 0
    winner: int | None = None


@dataclass(frozen=True)
class HandsScore(_PointsParts):
    """Basic Jass: each player's cards + Match + Weis + Stöck; after ``end.hands`` hands the
    highest total wins, a tie for the highest plays extra hands (RULES J, the text)."""

    end: HandsEnd
    players: int = 4

    def initial(self) -> HandsState:
        return HandsState((0,) * self.players)

    def open_to(self, state: HandsState, side: int) -> None:
        return None

    def may_end_declared(self, state: HandsState, contract: str, weis: tuple[int, ...],
                         stoeck: tuple[int, ...]) -> bool:
        return False

    def declared(self, state: HandsState, hand: Hand) -> tuple[HandsState, bool]:
        return state, False

    def write(self, state: HandsState, hand: Hand) -> tuple[HandsState, dict[str, object]]:
        match = _match(hand.tricks)
        r = JassRound(hand.card_points, match, hand.weis, hand.stoeck, 1)
        totals = tuple(a + b for a, b in zip(state.totals, r.score, strict=True))
        n = state.hands + 1
        return (HandsState(totals, n, self.end.winner(totals, n)),
                {"match": match, "multiplier": 1, "score": r.score})

    def finished(self, state: HandsState) -> bool:
        return state.winner is not None

    def winner(self, state: HandsState) -> int | None:
        return state.winner

    def totals(self, state: HandsState) -> tuple[int, ...]:
        return state.totals

    def extra_json(self, state: HandsState) -> dict[str, object]:
        return {"hands": state.hands}


@dataclass(frozen=True)
class PadScore:
    """Coiffeur-Schieber and Coiffeur: the forehand's row score on a :class:`RowsPad`; the game
    ends when every row is written, with its tie-breaks (RULES J; :meth:`RowsPad.outcome`)."""

    layout: RowsLayout
    draw_seed: int = 0  # the seed of the "draw a card" tie-breaks (RULES J), an option

    scores = "pad-row"  # the forehand's row of the pad (chaitea.engine.ruleset.Score)

    def pick_spellings(self, contracts: tuple[str, ...]) -> tuple[str, ...]:
        """``joker=X`` for every contract when a row of the pad is a Joker row (RULES J)."""
        if not any(r.joker for r in self.layout.rows):
            return ()
        return tuple(as_joker(c) for c in contracts)

    def contract_weights(self) -> dict[str, float] | None:
        """Each contract's highest row value (the bots' and the coach's weights)."""
        weight: dict[str, float] = {}
        for r in self.layout.rows:
            for c in r.contracts:
                weight[c] = max(weight.get(c, 0.0), float(r.value))
        return weight

    def lowest_wins(self, contract: str) -> bool:
        """Whether ``contract`` (``joker=`` stripped) is a row the declarer wins by taking the
        fewest points (Misère)."""
        pick = choice_of(contract)
        return pick is not None and any(r.lowest_wins and pick.contract in r.contracts
                                        for r in self.layout.rows)

    def initial(self) -> RowsPad:
        return RowsPad.empty(self.layout, self.draw_seed)

    def open_to(self, state: RowsPad, side: int) -> list[str]:
        return state.legal(side)

    def may_end_declared(self, state: RowsPad, contract: str, weis: tuple[int, ...],
                         stoeck: tuple[int, ...]) -> bool:
        return False

    def declared(self, state: RowsPad, hand: Hand) -> tuple[RowsPad, bool]:
        return state, False

    def write(self, state: RowsPad, hand: Hand) -> tuple[RowsPad, dict[str, object]]:
        side = self.layout.side_of(hand.forehand)
        tricks = hand.side_tricks(tuple(self.layout.side_of(s) for s in range(len(hand.tricks))),
                                  self.layout.sides)
        total = sum(hand.tricks)
        row = state.row_for(hand.contract, side)
        new = state.write(hand.contract, side=side, points=hand.card_points[side],
                          tricks=tricks[side], total_tricks=total)
        score = row_score(hand.card_points[side], tricks=tricks[side], total_tricks=total,
                          match_bonus=MATCH_BONUS)
        match = side if tricks[side] == total else _match(tricks)
        return new, {"match": match, "multiplier": 1, "score": score, "row": row.key}

    def finished(self, state: RowsPad) -> bool:
        return state.finished

    def winner(self, state: RowsPad) -> int | None:
        return state.outcome().winner

    def totals(self, state: RowsPad) -> tuple[int, ...]:
        return state.totals()

    def extra_json(self, state: RowsPad) -> dict[str, object]:
        out = state.to_json()
        out.pop("totals", None)
        return out

    @property
    def multiplied(self) -> bool:
        return self.layout.scoring is RowScoring.MULTIPLIED

