"""Per-seat tallies over hands: the scoring part of the Jass games of individuals that count
their own unit (RULES J): penalty points (Rosenober, Schiltenober, the Bells game), the
difference from a guess (Differenzler), Palitos and Batatas (Mittlere, Molotow, Plus-Minus, the
Palitos game), a contract per hand (Guggitaler), tricks announced (Sticheln).

A game is two values on one part (rules as data):

- a :class:`HandRule`: what one hand writes per seat, from the hand's facts
  (:class:`~chaitea.engine.hand.Hand`: tricks, card points, the picking items, the tricks as
  played) and the game so far (:class:`TallyState`);
- an :class:`EndRule`: whether the game is over after a hand, and who won
  (:class:`AfterHands`, :class:`ReachLimit`).

:class:`TallyScore` composes them into the engine's scoring part
(:class:`chaitea.engine.ruleset.Score`): pure methods over an immutable :class:`TallyState`, so a
state clones by reference.

A hand rule that gives one point per trick, to 3 hands, lowest wins:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class PerTrick:
...     def score(self, hand: Hand, state: TallyState) -> HandScore:
...         return HandScore(hand.tricks)
>>> part = TallyScore(PerTrick(), AfterHands(3, lowest=True), players=3, avoid=True)
>>> s = part.initial()
>>> for tricks in ((5, 4, 3), (4, 4, 4), (2, 5, 5)):
...     s, fields = part.write(s, Hand(0, None, "obenabe", tricks, (50, 50, 57), (0,) * 3,
...                                     (0,) * 3))
>>> s.totals, part.finished(s), part.winner(s), fields["score"]
((11, 13, 12), True, 0, (2, 5, 5))
>>> part.lowest_wins("obenabe"), part.extra_json(s)
(True, {'hands': 3})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from chaitea.core.errors import SetupError
from chaitea.engine.hand import Hand

__all__ = ["AfterHands", "EndRule", "HandRule", "HandScore", "ReachLimit", "TallyScore",
           "TallyState", "match_seat"]

_NO_FIELDS: Mapping[str, object] = MappingProxyType({})
_NO_TALLIES: Mapping[str, tuple[int, ...]] = MappingProxyType({})


def match_seat(tricks: Sequence[int]) -> int | None:
    """The seat that took every trick of a played hand (the Match), or ``None``.

    >>> match_seat((9, 0, 0, 0)), match_seat((5, 4, 0, 0)), match_seat((0, 0, 0))
    (0, None, None)
    """
    total = sum(tricks)
    return next((s for s, t in enumerate(tricks) if total and t == total), None)


@dataclass(frozen=True)
class HandScore:
    """What one hand writes: ``score`` per seat (added to the totals), ``tallies`` per seat by
    name (added to the game's tallies: ``{"palitos": (...), "batatas": (...)}``), ``fields``
    (extra round fields of the replay output, e.g. ``guess``) and ``carry`` (what the next hand
    reads, e.g. Plus-Minus's extra Palito; ``None``: nothing)."""

    score: tuple[int, ...]
    tallies: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: _NO_TALLIES)
    fields: Mapping[str, object] = field(default_factory=lambda: _NO_FIELDS)
    carry: Any = None


@dataclass(frozen=True)
class TallyState:
    """The game so far: ``totals`` per seat, ``hands`` played, the named ``tallies`` per seat
    (sorted by name), the last hand's ``carry``, and the end: ``finished`` and ``winner`` (a
    seat; ``None`` while playing, or at a finished game's tie where the rules allow one)."""

    totals: tuple[int, ...]
    hands: int = 0
    tallies: tuple[tuple[str, tuple[int, ...]], ...] = ()
    carry: Any = None
    finished: bool = False
    winner: int | None = None

    def tally(self, name: str) -> tuple[int, ...]:
        """The named tally per seat (zeros when nothing was written to it yet).

        >>> TallyState((0, 0), tallies=(("palitos", (2, 1)),)).tally("palitos")
        (2, 1)
        >>> TallyState((0, 0)).tally("batatas")
        (0, 0)
        """
        for key, values in self.tallies:
            if key == name:
                return values
        return (0,) * len(self.totals)


class HandRule(Protocol):
    """What one hand writes per seat (a game's scoring rule as a value)."""

    def score(self, hand: Hand, state: TallyState) -> HandScore: ...


class EndRule(Protocol):
    """Whether a game is over after a hand and who won: ``(finished, winner)``."""

    @property
    def lowest(self) -> bool: ...
    def outcome(self, state: TallyState) -> tuple[bool, int | None]: ...


def _best(totals: Sequence[int], lowest: bool) -> list[int]:
    best = min(totals) if lowest else max(totals)
    return [s for s, t in enumerate(totals) if t == best]


@dataclass(frozen=True)
class AfterHands:
    """A game of ``hands`` hands: the lowest (``lowest``) or highest total wins; a tie for it
    plays extra hands, one at a time, until one seat leads (the text's "mãos suplementares"), or,
    with ``ties_stand``, the game ends as a tie (Guggitaler: "Podem haver empates").

    >>> AfterHands(12, lowest=True).outcome(TallyState((3, 5, 3), hands=12))
    (False, None)
    >>> AfterHands(12, lowest=True).outcome(TallyState((3, 5, 4), hands=13))
    (True, 0)
    >>> AfterHands(10, ties_stand=True).outcome(TallyState((40, 40, -80), hands=10))
    (True, None)
    """

    hands: int
    lowest: bool = False
    ties_stand: bool = False

    def __post_init__(self) -> None:
        if type(self.hands) is not int or self.hands < 1:
            raise SetupError(f"a game needs at least one hand, not {self.hands!r} (option hands)")

    def outcome(self, state: TallyState) -> tuple[bool, int | None]:
        if state.hands < self.hands:
            return False, None
        best = _best(state.totals, self.lowest)
        if len(best) == 1:
            return True, best[0]
        return (True, None) if self.ties_stand else (False, None)


@dataclass(frozen=True)
class ReachLimit:
    """A game that ends after the hand in which a total reaches ``limit`` (Rosenober: 12,
    Schiltenober: 7, Sticheln: 50): the lowest (``lowest``) or highest total then wins; a tie for
    it plays extra hands until one seat leads (the text).

    >>> ReachLimit(12, lowest=True).outcome(TallyState((12, 4, 4)))
    (False, None)
    >>> ReachLimit(12, lowest=True).outcome(TallyState((12, 4, 5)))
    (True, 1)
    >>> ReachLimit(50).outcome(TallyState((49, 12, 30)))
    (False, None)
    """

    limit: int
    lowest: bool = False

    def outcome(self, state: TallyState) -> tuple[bool, int | None]:
        if max(state.totals) < self.limit:
            return False, None
        best = _best(state.totals, self.lowest)
        return (True, best[0]) if len(best) == 1 else (False, None)


def _add(state: TallyState, extra: Mapping[str, tuple[int, ...]]) -> tuple[tuple[str, tuple[
        int, ...]], ...]:
    if not extra:
        return state.tallies
    names = sorted({k for k, _ in state.tallies} | set(extra))
    zero = (0,) * len(state.totals)
    return tuple((k, tuple(a + b for a, b in zip(state.tally(k), extra.get(k, zero),
                                                   strict=True))) for k in names)


@dataclass(frozen=True)
class TallyScore:
    """The scoring part of a game of individuals with its own unit
    (:class:`chaitea.engine.ruleset.Score`): ``rule`` writes each hand, ``end`` ends the game.
    ``scores`` names what the part counts for the bots, the solver and the coach (``"points"``:
    card points; ``"penalty"``: penalty cards or tricks; ``"guess"``: the distance from a guess;
    ``"palitos"``: Palitos and Batatas by rank of card points; ``"tricks"``: tricks announced);
    ``avoid``: every seat wants the fewest card points or penalty cards."""

    rule: HandRule
    end: EndRule
    players: int
    scores: str = "points"
    avoid: bool = False

    def initial(self) -> TallyState:
        return TallyState((0,) * self.players)

    def open_to(self, state: TallyState, side: int) -> None:
        return None  # any of the table's contracts (the choice phase decides)

    def may_end_declared(self, state: TallyState, contract: str, weis: tuple[int, ...],
                         stoeck: tuple[int, ...]) -> bool:
        return False

    def declared(self, state: TallyState, hand: Hand) -> tuple[TallyState, bool]:
        return state, False

    def write(self, state: TallyState, hand: Hand) -> tuple[TallyState, dict[str, object]]:
        hs = self.rule.score(hand, state)
        if len(hs.score) != self.players:
            raise SetupError(f"a hand rule wrote {len(hs.score)} scores for {self.players} "
                             "players (RECORD round score)")
        totals = tuple(a + b for a, b in zip(state.totals, hs.score, strict=True))
        new = TallyState(totals, state.hands + 1, _add(state, hs.tallies), hs.carry)
        finished, winner = self.end.outcome(new)
        new = TallyState(new.totals, new.hands, new.tallies, new.carry, finished, winner)
        fields: dict[str, object] = {"match": match_seat(hand.tricks), "multiplier": 1,
                                     "score": hs.score, **hs.fields}
        return new, fields

    def finished(self, state: TallyState) -> bool:
        return state.finished

    def winner(self, state: TallyState) -> int | None:
        return state.winner

    def totals(self, state: TallyState) -> tuple[int, ...]:
        return state.totals

    def extra_json(self, state: TallyState) -> dict[str, object]:
        """The replay output's tallies: the hands played, each named tally by seat, and what
        the hand rule adds (an ``extra(state)`` method: Guggitaler's contracts in order)."""
        extra = getattr(self.rule, "extra", None)
        return {"hands": state.hands, **{k: list(v) for k, v in state.tallies},
                **({} if extra is None else extra(state))}

    def pick_spellings(self, contracts: tuple[str, ...]) -> tuple[str, ...]:
        return ()

    def contract_weights(self) -> dict[str, float] | None:
        return None

    def lowest_wins(self, contract: str) -> bool:
        """Whether the seats want the fewest card points (``avoid``)."""
        return self.avoid

    def card_weights(self, state: TallyState, trick: int,
                     tricks: int) -> tuple[int, tuple[float, ...]] | None:
        """For the bots, where the hand rule says what it counts card by card (a
        ``card_weights(hands, trick, tricks, players)`` method, e.g.
        :class:`chaitea.rulesets.jass.penalties.CountedHands`): the sign a seat plays to in
        trick ``trick`` of ``tricks`` of the hand after ``state`` (+1: take the most weight,
        -1: the least; the end rule's ``lowest`` turns the rule's sign) and each card's
        weight. ``None``: the rule does not say (the bots count card points, ``avoid``).

        >>> class Shed:
        ...     def score(self, hand: Hand, state: TallyState) -> HandScore:
        ...         return HandScore(hand.tricks)
        ...     def card_weights(self, hands, trick, tricks, players):
        ...         return 1, (1.0,) * 36
        >>> part = TallyScore(Shed(), AfterHands(3, lowest=True), players=4)
        >>> part.card_weights(part.initial(), 0, 9)[0]  # the lowest wins: the least weight
        -1
        """
        weigh = getattr(self.rule, "card_weights", None)
        if weigh is None:
            return None
        sign, weights = weigh(state.hands, trick, tricks, self.players)
        return (-sign if self.end.lowest else sign), weights
