"""The per-seat tally part through the generic driver: a toy game of individuals,
one penalty point per trick, four hands, lowest wins, composed of the same parts the new Jass
games use (``FixedContract``, ``TallyScore``, ``AfterHands``/``ReachLimit``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.errors import SetupError
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.driver import JassGame
from chaitea.engine.hand import Hand
from chaitea.engine.ruleset import Ruleset, Table
from chaitea.rulesets.jass.choice import FixedContract
from chaitea.rulesets.jass.tally import (
    AfterHands,
    HandScore,
    ReachLimit,
    TallyScore,
    TallyState,
)


@dataclass(frozen=True)
class _PerTrick:
    """One point per trick taken; the tricks also kept as a named tally."""

    def score(self, hand: Hand, state: TallyState) -> HandScore:
        return HandScore(hand.tricks, tallies={"tricks": hand.tricks},
                         fields={"hand_no": state.hands + 1})


def _toy(end: AfterHands | ReachLimit) -> JassGame:
    def build(players: int, o: object) -> Table:
        return Table("toy", 4, JASS_SEATINGS["four"], FixedContract("obenabe"),
                     TallyScore(_PerTrick(), end, players=4, scores="penalty", avoid=True),
                     ("obenabe",))
    return JassGame(Ruleset("toy", "Toy", (4,), (), build, family=JASS_FAMILY))


def _play_out(game: JassGame, seed: int) -> tuple[object, list[int]]:
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    tricks_by_hand: list[int] = []
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    for res in state.round_results:
        tricks_by_hand.append(sum(res["tricks"]))
    return state, tricks_by_hand


def test_a_toy_tally_game_plays_to_its_end_with_lowest_winning() -> None:
    state, tricks = _play_out(_toy(AfterHands(4, lowest=True)), 3)
    results = state.round_results  # type: ignore[attr-defined]
    assert len(results) >= 4 and all(t == 9 for t in tricks)
    totals = [sum(r["score"][s] for r in results) for s in range(4)]
    assert list(state.totals()) == totals  # type: ignore[attr-defined]
    low = min(totals)
    assert totals.count(low) == 1 and state.winner() == totals.index(low)  # type: ignore
    assert all(r["contract"] == "obenabe" and r["declarer"] is None for r in results)
    assert [r["hand_no"] for r in results] == list(range(1, len(results) + 1))
    assert [r["forehand"] for r in results[:4]] == [0, 1, 2, 3]  # the first speaker moves on


def test_reach_limit_ends_after_the_hand_a_total_reaches_it() -> None:
    state, _ = _play_out(_toy(ReachLimit(12, lowest=True)), 8)
    results = state.round_results  # type: ignore[attr-defined]
    totals = [0, 0, 0, 0]
    for k, r in enumerate(results):
        totals = [a + b for a, b in zip(totals, r["score"], strict=True)]
        done = max(totals) >= 12 and totals.count(min(totals)) == 1
        assert done == (k == len(results) - 1), (k, totals)


def test_a_hand_rule_writing_the_wrong_number_of_scores_is_refused() -> None:
    @dataclass(frozen=True)
    class Bad:
        def score(self, hand: Hand, state: TallyState) -> HandScore:
            return HandScore((1, 2))

    part = TallyScore(Bad(), AfterHands(1), players=4)
    hand = Hand(0, None, "obenabe", (9, 0, 0, 0), (157, 0, 0, 0), (0,) * 4, (0,) * 4)
    with pytest.raises(SetupError, match="2 scores for 4 players"):
        part.write(part.initial(), hand)


def test_named_tallies_add_up_and_show_in_the_replay_output() -> None:
    part = TallyScore(_PerTrick(), AfterHands(2), players=4)
    s = part.initial()
    for tricks in ((9, 0, 0, 0), (1, 2, 3, 3)):
        s, _ = part.write(s, Hand(0, None, "obenabe", tricks, (0,) * 4, (0,) * 4, (0,) * 4))
    assert s.tally("tricks") == (10, 2, 3, 3)
    assert part.extra_json(s) == {"hands": 2, "tricks": [10, 2, 3, 3]}
    assert part.winner(s) == 0 and not part.lowest_wins("obenabe")
