"""Jass round scores, the Match, Schieber multipliers and the end rules (RULES J).

Inputs are what the trick play gives: card points per side (the last-trick 5 included, before any
multiplier, as RECORD's Jass section counts them), tricks won per side, and the Weis and Stöck per
side. A Schieber round on Bells (×2) where side A took 100 points, declared 50 in Weis and held
Stöck::

    >>> r = round_score((100, 57), (6, 3), weis=(50, 0), stoeck=(20, 0),
    ...                 multiplier=SCHIEBER.factor("trump(H)"))
    >>> r.multiplier, r.score
    (2, (340, 114))

A Match (one side takes every trick) adds 100 before the multiplier: (157 + 100) × 4 in Undenufe::

    >>> round_score((157, 0), (9, 0), multiplier=SCHIEBER.factor("undenufe")).score
    (1028, 0)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from chaitea.core.errors import SetupError

__all__ = [
    "CARD_TOTAL",
    "FLAT",
    "LAST_TRICK",
    "MATCH_BONUS",
    "SCHIEBER",
    "EndCheck",
    "HandsEnd",
    "JassRound",
    "SchieberScoring",
    "Step",
    "TargetEnd",
    "hand_points",
    "round_score",
    "target_progress",
]

#: RULES J: the cards total 152, the last trick 5 more: 157 in every mode.
CARD_TOTAL = 157
#: RULES J: the last trick scores 5.
LAST_TRICK = 5
#: RULES J: a Match (one side takes every trick) scores 100 on top of the 157.
MATCH_BONUS = 100


def hand_points(card_points: int, took_last: bool) -> int:
    """Card points with the last-trick 5 (RULES J) when this side took the last trick.

    >>> hand_points(152, True), hand_points(40, False)
    (157, 40)
    """
    return card_points + (LAST_TRICK if took_last else 0)


def _family(contract: str) -> str:
    """``slalom(obenabe)`` -> ``slalom``; ``trump(H)`` stays (its suit is its factor)."""
    return contract if contract.startswith("trump(") else contract.split("(", 1)[0]


@dataclass(frozen=True, slots=True)
class TargetEnd:
    """A game to a target score (Schieber: 3000; 1000 with the no-multiplier option), RULES J.

    ``stoeck_first`` (the text): a hand's points are written in the order Stöck, Weis, cards,
    and the first side to reach the target wins, even if the other would pass it with its Weis;
    without it (option) the hand is written at once at its end. ``mid_hand`` (the text: "the hand
    need not be played"): a game decided by Stöck or Weis ends there, and the hand's cards are not
    written; without it (option) the hand is played out and its cards are written, the winner
    staying the side the order decided. Both sides at or over the target at the end of a hand:
    the higher total wins; equal totals play more hands.
    """

    target: int = 3000
    stoeck_first: bool = True
    mid_hand: bool = True


@dataclass(frozen=True, slots=True)
class SchieberScoring:
    """Schieber's multipliers as a table by contract spelling, with its end rule (RULES J).

    >>> SCHIEBER.factor("trump(C)"), SCHIEBER.factor("trump(D)"), SCHIEBER.factor("obenabe")
    (1, 2, 3)
    >>> FLAT.factor("undenufe"), FLAT.end.target
    (1, 1000)
    >>> SCHIEBER.factor("slalom(obenabe)")
    Traceback (most recent call last):
    ...
    chaitea.core.errors.SetupError: no Schieber multiplier for slalom(obenabe): the table has ...
    """

    name: str
    factors: Mapping[str, int]
    end: TargetEnd = field(default_factory=TargetEnd)

    def factor(self, contract: str) -> int:
        """The multiplier of a contract, by its record spelling (``trump(S)``, ``obenabe``; a
        contract with parameters may also be listed by its word, e.g. ``slalom``)."""
        factor = self.factors.get(contract)
        if factor is not None:
            return factor
        key = _family(contract)
        if key in self.factors:
            return self.factors[key]
        raise SetupError(
            f"no Schieber multiplier for {contract}: the table has "
            f"{', '.join(self.factors)} (RULES J)"
        )

    def with_factor(self, contract: str, factor: int) -> SchieberScoring:
        """A table with one more contract (the text's added Slalom, Gustav, TUO, ... rows)."""
        return SchieberScoring(self.name, MappingProxyType({**self.factors, contract: factor}),
                               self.end)


#: RULES J, the text: Acorns (C) and Roses (S) ×1, Shields (D) and Bells (H) ×2, Obenabe ×3,
#: Undenufe ×4; to 3000.
SCHIEBER = SchieberScoring(
    "schieber",
    MappingProxyType({"trump(C)": 1, "trump(S)": 1, "trump(D)": 2, "trump(H)": 2,
                      "obenabe": 3, "undenufe": 4}),
    TargetEnd(3000),
)
#: RULES J option: every multiplier 1 and a 1000-point game.
FLAT = SchieberScoring(
    "flat", MappingProxyType(dict.fromkeys(SCHIEBER.factors, 1)), TargetEnd(1000)
)


@dataclass(frozen=True, slots=True)
class JassRound:
    """One hand's points per side (RULES J); ``score`` is
    (card points + Match bonus + Weis + Stöck) × multiplier, per side.

    >>> JassRound((57, 100), 1, (0, 20), (0, 0), 3).score
    (171, 660)
    """

    card_points: tuple[int, ...]
    match: int | None
    weis: tuple[int, ...]
    stoeck: tuple[int, ...]
    multiplier: int = 1
    match_bonus: int = MATCH_BONUS

    def match_points(self, side: int) -> int:
        return self.match_bonus if self.match == side else 0

    @property
    def score(self) -> tuple[int, ...]:
        return tuple(
            (c + self.match_points(s) + w + k) * self.multiplier
            for s, (c, w, k) in enumerate(zip(self.card_points, self.weis, self.stoeck,
                                              strict=True))
        )

    def step_points(self, step: Step) -> tuple[int, ...]:
        """What one step writes per side, multiplied: Stöck, Weis, or cards with the Match."""
        m = self.multiplier
        if step is Step.STOECK:
            return tuple(k * m for k in self.stoeck)
        if step is Step.WEIS:
            return tuple(w * m for w in self.weis)
        return tuple((c + self.match_points(s)) * m for s, c in enumerate(self.card_points))

    def to_json(self, teams: bool = False) -> dict[str, object]:
        """The round fields of RECORD's Jass replay output that scoring knows; per-side values
        are ``{"A": x, "B": y}`` in team games and lists by seat otherwise."""

        def side(values: Sequence[int]) -> object:
            return {"AB"[i]: v for i, v in enumerate(values)} if teams else list(values)

        match: object = None if self.match is None else ("AB"[self.match] if teams else self.match)
        return {"card_points": side(self.card_points), "weis": side(self.weis),
                "stoeck": side(self.stoeck), "match": match, "multiplier": self.multiplier,
                "score": side(self.score)}


def _ints(name: str, values: Sequence[int], n: int) -> tuple[int, ...]:
    out = tuple(values)
    if len(out) != n or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in out):
        raise SetupError(f"{name} must be {n} whole numbers of 0 or more, one per side (RULES J)")
    return out


def round_score(card_points: Sequence[int], tricks: Sequence[int], *,
                weis: Sequence[int] | None = None, stoeck: Sequence[int] | None = None,
                multiplier: int = 1, card_total: int | None = CARD_TOTAL,
                match_bonus: int = MATCH_BONUS) -> JassRound:
    """A hand's points per side from the trick play (card points with the last-trick 5, tricks
    won) and the declarations; a side that took every trick makes the Match (RULES J).
    ``card_total`` (157; ``None`` to skip) checks the card points.

    >>> round_score((150, 0), (9, 0))
    Traceback (most recent call last):
    ...
    chaitea.core.errors.SetupError: card points must total 157 (152 + 5 for the last ...
    """
    cards = _ints("card points", card_points, len(card_points))
    n = len(cards)
    won = _ints("tricks", tricks, n)
    w = _ints("weis", weis if weis is not None else (0,) * n, n)
    k = _ints("stoeck", stoeck if stoeck is not None else (0,) * n, n)
    if not isinstance(multiplier, int) or multiplier < 1:
        raise SetupError(f"a multiplier is a whole number of 1 or more, not {multiplier!r}")
    if n < 2:
        raise SetupError("a Jass hand has at least two sides (RULES J)")
    if card_total is not None and sum(cards) != card_total:
        raise SetupError(f"card points must total {card_total} (152 + 5 for the last trick), "
                         f"not {sum(cards)} (RULES J)")
    total_tricks = sum(won)
    match = next((s for s, t in enumerate(won) if total_tricks and t == total_tricks), None)
    return JassRound(cards, match, w, k, multiplier, match_bonus)


class Step(enum.Enum):
    """The order a Schieber hand's points are written in (the text: Stöck first)."""

    STOECK = "stoeck"
    WEIS = "weis"
    CARDS = "cards"


@dataclass(frozen=True, slots=True)
class EndCheck:
    """Where a target game stands after one hand: ``totals`` per side, ``winner`` (``None``: play
    on), the ``step`` that decided, and ``played_out`` (whether the hand's cards were written)."""

    totals: tuple[int, ...]
    winner: int | None
    step: Step | None
    played_out: bool = True

    @property
    def finished(self) -> bool:
        return self.winner is not None


def target_progress(totals: Sequence[int], hand: JassRound,
                    end: TargetEnd = SCHIEBER.end) -> EndCheck:
    """Write one hand onto the totals by the end rule (RULES J, the text's Schieber end).

    Stöck counted first: A at 2985 with Stöck on Acorns wins, though B at 2900 would pass 3000
    with its 100 of Weis (the hand is not played on)::

        >>> hand = round_score((60, 97), (4, 5), weis=(0, 100), stoeck=(20, 0))
        >>> check = target_progress((2985, 2900), hand)
        >>> check.winner, check.step, check.totals, check.played_out
        (0, <Step.STOECK: 'stoeck'>, (3005, 2900), False)

    Both sides over the target at the end of a hand: the higher total wins; equal totals play
    on::

        >>> target_progress((2945, 2910), round_score((60, 97), (4, 5))).winner
        1
        >>> target_progress((2940, 2903), round_score((60, 97), (4, 5))).winner is None
        True
    """
    start = _ints("totals", totals, len(hand.card_points))
    full = tuple(t + p for t, p in zip(start, hand.score, strict=True))
    target = end.target
    if all(t < target for t in full):  # points are never negative: nobody reaches it mid-hand
        return EndCheck(full, None, None, True)
    steps: list[tuple[Step, ...]] = (
        [(Step.STOECK,), (Step.WEIS,), (Step.CARDS,)] if end.stoeck_first
        else [(Step.STOECK, Step.WEIS, Step.CARDS)]
    )
    over_before = {s for s, t in enumerate(start) if t >= end.target}
    now = list(start)
    decided: tuple[int, Step] | None = None
    for group in steps:
        for step in group:
            for s, p in enumerate(hand.step_points(step)):
                now[s] += p
        last = group[-1]
        over = [s for s, t in enumerate(now) if t >= end.target]
        if last is not Step.CARDS:
            # Mid-hand (Stöck, Weis): a side that alone reaches the target wins; in extra hands
            # after a tie (both already over) the hand is played to its end.
            if len(over) == 1 and not over_before:
                decided = (over[0], last)
                break
            continue
        if len(over) == 1:
            decided = (over[0], last)
        elif len(over) > 1:
            high = max(now[s] for s in over)
            leaders = [s for s in over if now[s] == high]
            if len(leaders) == 1:
                decided = (leaders[0], last)
    if decided is None:
        return EndCheck(tuple(now), None, None, True)
    winner, step = decided
    if step is not Step.CARDS and end.mid_hand:
        return EndCheck(tuple(now), winner, step, False)
    return EndCheck(full, winner, step, True)


@dataclass(frozen=True, slots=True)
class HandsEnd:
    """A game of a fixed number of hands (basic Jass: 12); the highest total wins, and a tie for
    the highest plays extra hands, one at a time (RULES J, the text).

    >>> HandsEnd(12).winner((300, 250, 310, 100), hands_played=12)
    2
    >>> HandsEnd(12).winner((310, 250, 310, 100), hands_played=12) is None
    True
    >>> HandsEnd(12).winner((310, 250, 320, 100), hands_played=13)
    2
    """

    hands: int = 12

    def winner(self, totals: Sequence[int], hands_played: int) -> int | None:
        """The winning seat (side), or ``None`` while the game goes on."""
        if hands_played < self.hands or not totals:
            return None
        high = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == high]
        return leaders[0] if len(leaders) == 1 else None
