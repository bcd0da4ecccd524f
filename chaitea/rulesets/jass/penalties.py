"""What the no-trump avoidance games count per hand (RULES J, the text): penalty
cards, penalty tricks, tricks taken, the Monopoly, as terms of one hand rule.

A game's count is data: a :class:`HandCount` names its terms (each a value: :class:`Cards`,
:class:`TrickAt`, :class:`Tricks`, :class:`Monopoly`) and its sign (Guggitaler's first hands
lose points, its last ones win them); :class:`CountedHands` is the
:class:`~chaitea.rulesets.jass.tally.HandRule` that plays one count per hand in order (a game of
one count plays it every hand, extra hands included).

Rosenober's count (the text): the Roses Ober, the Acorns Ober and the last trick, 1 point each.

>>> from chaitea.core.cards import JASS
>>> from chaitea.rulesets.jass.tally import TallyState
>>> rose = HandCount("rosenober", (Cards("roses-ober", JASS.mask_of(["QS"]), 1),
...                               Cards("acorns-ober", JASS.mask_of(["QC"]), 1),
...                               TrickAt("last-trick", -1, 1)))
>>> log = ((0, tuple(JASS.index_of(c) for c in ("QS", "AS", "6S", "7S")), 1),
...        (1, tuple(JASS.index_of(c) for c in ("QC", "6C", "AC", "7C")), 3))
>>> hand = Hand(0, None, "obenabe", (0, 1, 0, 1), (0,) * 4, (0,) * 4, (0,) * 4, log=log)
>>> rule = CountedHands((rose,))
>>> hs = rule.score(hand, TallyState((0,) * 4))
>>> hs.score, list(hs.fields["counts"])
((0, 1, 0, 2), ['roses-ober', 'acorns-ober', 'last-trick'])
>>> hs.fields["counts"]["last-trick"]  # the second trick, the last here, to seat 3
[0, 0, 0, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from chaitea.core.cards import JASS
from chaitea.core.errors import SetupError
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.hand import Hand
from chaitea.engine.ruleset import Table
from chaitea.rulesets.jass.choice import FixedContract
from chaitea.rulesets.jass.tally import HandScore, ReachLimit, TallyScore, TallyState

__all__ = ["Cards", "CountedHands", "HandCount", "Monopoly", "Term", "TrickAt", "Tricks",
           "avoidance_table", "card_mask"]


def card_mask(*cards: str) -> int:
    """The bit mask of Jass cards by their spellings (RULES C: ``QS`` the Roses Ober).

    >>> card_mask("QS", "QC") == (1 << 33) | (1 << 6)
    True
    """
    return JASS.mask_of(list(cards))


class Term(Protocol):
    """One thing a hand counts: ``name`` (the round's ``counts`` key), its points per seat for
    a played hand, and, for the bots, each card's weight in trick ``trick`` of ``tricks``."""

    @property
    def name(self) -> str: ...
    def points(self, hand: Hand, players: int) -> tuple[int, ...]: ...
    def weights(self, trick: int, tricks: int, players: int) -> tuple[float, ...]: ...


_NONE = (0.0,) * 36


@dataclass(frozen=True)
class Cards:
    """``points_each`` for each card of ``mask`` a seat takes (the Roses Ober, the Bells, the
    Obers).

    >>> bells = Cards("bells", card_mask("6H", "7H"), 10)
    >>> bells.points(Hand(0, None, "obenabe", (1, 0), (0, 0), (0, 0), (0, 0),
    ...                   log=((0, (18, 19), 1),)), 2)
    (0, 20)
    """

    name: str
    mask: int
    points_each: int

    def points(self, hand: Hand, players: int) -> tuple[int, ...]:
        return tuple(self.points_each * (t & self.mask).bit_count()
                     for t in hand.taken(players))

    def weights(self, trick: int, tricks: int, players: int) -> tuple[float, ...]:
        return tuple(float(self.points_each) if self.mask >> c & 1 else 0.0 for c in range(36))


@dataclass(frozen=True)
class TrickAt:
    """``points_each`` to the seat that takes trick ``index`` (0 the first; -1 the last, -2 the
    second to last), counted in the hand as played.

    >>> TrickAt("second-trick", 1, 1).points(Hand(0, None, "obenabe", (1, 1), (0, 0), (0, 0),
    ...     (0, 0), log=((0, (0, 1), 1), (1, (2, 3), 0))), 2)
    (1, 0)
    """

    name: str
    index: int
    points_each: int

    def trick(self, tricks: int) -> int:
        """The trick counted, from the first (0), in a hand of ``tricks`` tricks."""
        k = self.index % tricks if self.index < 0 else self.index
        if not 0 <= k < tricks:
            raise SetupError(f"{self.name}: trick {self.index} is not in a hand of {tricks} "
                             "tricks (RULES J)")
        return k

    def points(self, hand: Hand, players: int) -> tuple[int, ...]:
        out = [0] * players
        if hand.log:
            out[hand.log[self.trick(len(hand.log))][2]] += self.points_each
        return tuple(out)

    def weights(self, trick: int, tricks: int, players: int) -> tuple[float, ...]:
        if trick != self.trick(tricks):
            return _NONE
        return (self.points_each / players,) * 36  # the trick's points shared by its cards


@dataclass(frozen=True)
class Tricks:
    """``points_each`` for each trick a seat takes (Guggitaler's first hand).

    >>> Tricks("tricks", 5).points(Hand(0, None, "obenabe", (7, 2), (0, 0), (0, 0), (0, 0)), 2)
    (35, 10)
    """

    name: str
    points_each: int

    def points(self, hand: Hand, players: int) -> tuple[int, ...]:
        return tuple(self.points_each * t for t in hand.tricks)

    def weights(self, trick: int, tricks: int, players: int) -> tuple[float, ...]:
        return (self.points_each / players,) * 36


@dataclass(frozen=True)
class Monopoly:
    """``cards`` as counted, except that a seat taking every one of them (a Monopoly; the text:
    not every trick, every card) scores ``score`` instead (the Bells game: −9).

    >>> m = Monopoly(Cards("bells", card_mask("6H", "7H"), 1), -2)
    >>> m.points(Hand(0, None, "obenabe", (1, 0), (0, 0), (0, 0), (0, 0),
    ...               log=((0, (18, 19), 1),)), 2)
    (0, -2)
    """

    cards: Cards
    score: int

    @property
    def name(self) -> str:
        return self.cards.name

    def points(self, hand: Hand, players: int) -> tuple[int, ...]:
        mask = self.cards.mask
        taken = hand.taken(players)
        if hand.log and any(t & mask == mask for t in taken):
            return tuple(self.score if t & mask == mask else 0 for t in taken)
        return self.cards.points(hand, players)

    def weights(self, trick: int, tricks: int, players: int) -> tuple[float, ...]:
        return self.cards.weights(trick, tricks, players)


@dataclass(frozen=True)
class HandCount:
    """One hand's count: ``name`` (a Guggitaler hand's contract, the round's ``rule``), its
    ``terms`` added per seat, times ``sign`` (+1: points written as counted; −1: lost)."""

    name: str
    terms: tuple[Term, ...]
    sign: int = 1

    def __post_init__(self) -> None:
        if self.sign not in (1, -1) or not self.terms:
            raise SetupError(f"hand count {self.name}: a sign of +1 or -1 and at least one term "
                             "(RULES J)")


@dataclass(frozen=True)
class CountedHands:
    """The hand rule of the counting games: hand k (from 0) plays ``counts[k]``, the hands
    after the last count play the last one (Rosenober's single count every hand, its extra
    hands included). Round fields: ``counts`` (each term's points per seat, signed as
    written, a list by seat as in the replay output) and, with ``named``, ``rule`` (the
    count's name: Guggitaler's contract of the hand). ``floor``: no total goes below 0 (an
    option of the Bells game)."""

    counts: tuple[HandCount, ...]
    named: bool = False
    floor: bool = False

    def count_of(self, hands: int) -> HandCount:
        """The count of the hand after ``hands`` hands played.

        >>> r = CountedHands((HandCount("a", (Tricks("t", 1),)), HandCount("b", (Tricks("t", 2),))))
        >>> [r.count_of(k).name for k in range(4)]
        ['a', 'b', 'b', 'b']
        """
        return self.counts[min(hands, len(self.counts) - 1)]

    def score(self, hand: Hand, state: TallyState) -> HandScore:
        count = self.count_of(state.hands)
        n = len(state.totals)
        parts = {t.name: tuple(count.sign * p for p in t.points(hand, n)) for t in count.terms}
        score = tuple(sum(col) for col in zip(*parts.values(), strict=True))
        if self.floor:  # a total never below 0
            score = tuple(max(s, -t) for s, t in zip(score, state.totals, strict=True))
        fields: dict[str, object] = {"counts": {k: list(v) for k, v in parts.items()}}
        if self.named:
            fields = {"rule": count.name, **fields}
        return HandScore(score, fields=fields)

    def card_weights(self, hands: int, trick: int, tricks: int,
                     players: int) -> tuple[int, tuple[float, ...]]:
        """For the bots: the sign of the count of the hand after ``hands`` hands (+1: points
        written as counted, −1: lost) and each card's weight in its trick ``trick`` of
        ``tricks`` (the penalty cards' points; a counted trick's points shared by its cards).

        >>> r = CountedHands((HandCount("x", (Cards("qs", card_mask("QS"), 1),
        ...                                   TrickAt("last", -1, 1))),))
        >>> sign, w = r.card_weights(0, 8, 9, 4)
        >>> sign, w[33], w[0]
        (1, 1.25, 0.25)
        """
        count = self.count_of(hands)
        total = [0.0] * 36
        for t in count.terms:
            for c, w in enumerate(t.weights(trick, tricks, players)):
                total[c] += w
        return count.sign, tuple(total)

    def extra(self, state: TallyState) -> dict[str, object]:
        """The replay output's ``rules`` (with ``named``): each hand's count, in order (what
        each hand of Guggitaler counts), as ``[name, sign]``.

        >>> r = CountedHands((HandCount("a", (Tricks("t", 1),), -1),), named=True)
        >>> r.extra(TallyState((0, 0)))
        {'rules': [['a', -1]]}
        """
        return {"rules": [[c.name, c.sign] for c in self.counts]} if self.named else {}


def avoidance_table(name: str, count: HandCount) -> Callable[[int, Mapping[str, Any]], Table]:
    """The table builder of a four-player no-trump avoidance game of one ``count`` played
    every hand (Rosenober, Schiltenober; RULES J, the text): each for themselves, the
    ``obenabe`` contract, penalty points to the option ``limit``, the lowest total wins.

    >>> build = avoidance_table("x", HandCount("x", (TrickAt("last-trick", -1, 1),)))
    >>> t = build(4, {"limit": 5})
    >>> t.contracts, t.score.scores, t.score.end.limit, t.score.lowest_wins("obenabe")
    (('obenabe',), 'penalty', 5, True)
    """

    def build(players: int, o: Mapping[str, Any]) -> Table:
        score = TallyScore(CountedHands((count,)), ReachLimit(o["limit"], lowest=True),
                           players=4, scores="penalty", avoid=True)
        return Table(name, 4, JASS_SEATINGS["four"], FixedContract("obenabe"), score,
                     ("obenabe",))

    return build
