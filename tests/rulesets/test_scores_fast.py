"""TargetScore.write's fast path (no game ends on the hand) agrees with target_progress, the
checked reference (RULES J), and a state built from outside is still checked."""

from __future__ import annotations

import random

import pytest

from chaitea.core.errors import SetupError
from chaitea.rulesets.jass.scores import Hand, TargetScore, TargetState, _match
from chaitea.rulesets.jass.scoring import FLAT, SCHIEBER, JassRound, TargetEnd, target_progress


def _reference(part: TargetScore, state: TargetState, hand: Hand) -> tuple[object, ...]:
    m = part.scoring.factor(hand.contract)
    match = _match(hand.side_tricks(part.side_of, part.sides)) if hand.played else None
    check = target_progress(state.totals, JassRound(hand.card_points, match, hand.weis,
                                                    hand.stoeck, m), part.scoring.end)
    score = tuple(a - b for a, b in zip(check.totals, state.totals, strict=True))
    step = None if check.step is None else check.step.value
    return check.totals, check.winner, step, {"match": match, "multiplier": m, "score": score}


@pytest.mark.parametrize("scoring", [SCHIEBER, FLAT,
                                     SCHIEBER.__class__("late", SCHIEBER.factors,
                                                        TargetEnd(3000, False, False))])
def test_write_matches_target_progress(scoring: object) -> None:
    part = TargetScore(scoring)  # type: ignore[arg-type]
    rng = random.Random(7)
    contracts = list(part.scoring.factors)
    seen_end = seen_open = 0
    for _ in range(3000):
        state = part.initial()
        target = part.scoring.end.target
        totals = tuple(rng.randrange(0, target + 200) for _ in range(2))
        state = TargetState(totals, made=rng.random() < 0.5)
        won = rng.randrange(0, 10)
        tricks = (won, 9 - won, 0, 0) if rng.random() < 0.5 else (won, 0, 9 - won, 0)
        pts = rng.randrange(0, 158)
        hand = Hand(0, 0, rng.choice(contracts), tricks, (pts, 157 - pts),
                    (rng.choice((0, 20, 50, 100, 150)), rng.choice((0, 20, 50))),
                    (rng.choice((0, 20)), 0), played=rng.random() < 0.9)
        new, fields = part.write(state, hand)
        assert (new.totals, new.winner, new.step, fields) == _reference(part, state, hand)
        seen_end += new.winner is not None
        seen_open += new.winner is None
    assert seen_end > 100 and seen_open > 100  # both paths were taken


def test_a_state_from_outside_is_checked() -> None:
    part = TargetScore(SCHIEBER)
    hand = Hand(0, 0, "trump(H)", (5, 4, 0, 0), (100, 57), (0, 0), (20, 0))
    with pytest.raises(SetupError, match="totals"):
        part.write(TargetState((-5, 0)), hand)
    with pytest.raises(SetupError, match="totals"):
        part.write(TargetState((0, 0, 0)), hand)
    new, _ = part.write(part.initial(), hand)
    assert new.made and new == TargetState((240, 114))  # ``made`` is no part of equality
