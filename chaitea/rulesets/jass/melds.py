"""Melds: the Weis a Jass hand holds, their points and the Weis options (RULES J).

Sequences of 3 to 9 cards in one suit in the natural order A K Q J 10 9 8 7 6 (every mode),
and four of a kind (10s, Qs, Ks, As 100; 9s 150; Js 200; options: 8s, 7s, 6s)::

    >>> [m.describe() for m in candidate_melds("6H 7H 8H 9H JC JD JH JS", maximal=True)]
    ['four Js JS JH JD JC (200)', 'four in sequence 9H 8H 7H 6H (50)']

:mod:`chaitea.rulesets.jass.weis` chooses the split a hand scores and who scores.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from chaitea.core.cards import JASS, Card, Suit
from chaitea.core.errors import CardError, IllegalAction

__all__ = [
    "DEFAULT_OPTIONS",
    "FOUR_POINTS",
    "LOW_FOUR_POINTS",
    "SEQUENCE_POINTS",
    "CardUse",
    "EqualPoints",
    "Meld",
    "MeldKind",
    "WeisOptions",
    "WeisTie",
    "candidate_melds",
    "card_mask",
    "four_points",
    "jass_cards",
    "make_meld",
    "quick_melds",
    "suit_runs",
]

#: RULES J: three in sequence 20, four 50, five 100, six 150, seven 200, eight 250, nine 300.
SEQUENCE_POINTS: Mapping[int, int] = MappingProxyType(
    {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
)
#: RULES J: four 10s, Qs, Ks or As 100; four 9s 150; four Js 200 (ranks: 11 J, 12 Q, 13 K, 14 A).
FOUR_POINTS: Mapping[int, int] = MappingProxyType({10: 100, 12: 100, 13: 100, 14: 100, 9: 150,
                                                   11: 200})
#: RULES J option (the text's "some players"): four 8s, 7s or 6s at 100.
LOW_FOUR_POINTS: Mapping[int, int] = MappingProxyType({8: 100, 7: 100, 6: 100})

_RANK_NAMES = {6: "6s", 7: "7s", 8: "8s", 9: "9s", 10: "10s", 11: "Js", 12: "Qs", 13: "Ks",
               14: "As"}
_COUNT_NAMES = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


class MeldKind(enum.Enum):
    """A Weis is a sequence in one suit or four of a kind (RULES J)."""

    SEQUENCE = "sequence"
    FOUR = "four"


class CardUse(enum.Enum):
    """How a card wanted by two melds is used (RULES J).

    ``MOST_POINTS`` (default): one card in one meld, the split worth most points (at equal points,
    the split with the stronger best meld). ``STRONGEST_BEST`` (option): one card in one meld, the
    split whose best meld is strongest (at equal best meld, the most points). ``SHARED`` (the
    text's option "each card may be part of more than one combination"): every maximal sequence
    and every four of a kind counts, a card in two melds included.
    """

    MOST_POINTS = "most-points"
    STRONGEST_BEST = "strongest-best"
    SHARED = "shared"


class EqualPoints(enum.Enum):
    """At equal points: four of a kind beats a sequence (default) or the meld with more cards
    wins (option), RULES J."""

    FOUR_FIRST = "four-first"
    MORE_CARDS = "more-cards"


class WeisTie(enum.Enum):
    """Identical best Weis of opposing sides: nobody scores Weis (default, the text), or the one
    declared first in play order from the forehand wins (option), RULES J."""

    NOBODY = "nobody"
    FIRST_DECLARED = "first-declared"


@dataclass(frozen=True, slots=True)
class WeisOptions:
    """The Weis options of RULES J and the text; the defaults are RULES J's readings.

    >>> WeisOptions().card_use, WeisOptions(low_fours=True).low_fours
    (<CardUse.MOST_POINTS: 'most-points'>, True)

    - ``low_fours``: four 8s, 7s or 6s are Weis at 100 (the text's "some players").
    - ``undenufe_four_sixes``: in Undenufe four 6s are a Weis (100) in place of four As (a
      Schieber option of the text).
    - ``card_use``: one card in one meld with the split worth most, the strongest best meld, or
      one card in two melds (:class:`CardUse`).
    - ``equal_points``: at equal points four of a kind beats a sequence, or more cards win.
    - ``undenufe_lower_wins``: in Undenufe the lower of two melds of a kind wins (default: the
      natural order in every mode).
    - ``tie``: identical best Weis of opposing sides (:class:`WeisTie`).
    - ``by_hand``: players declare by hand, each Weis at least as high as the last one declared
      (:func:`chaitea.rulesets.jass.declare.check_declaration`); by default every Weis is found and
      scored automatically.
    """

    low_fours: bool = False
    undenufe_four_sixes: bool = False
    card_use: CardUse = CardUse.MOST_POINTS
    equal_points: EqualPoints = EqualPoints.FOUR_FIRST
    undenufe_lower_wins: bool = False
    tie: WeisTie = WeisTie.NOBODY
    by_hand: bool = False


DEFAULT_OPTIONS = WeisOptions()


def _index(card: Card) -> int:
    """The card's index in the Jass deck (suit-major, 6 to A), checked without hashing."""
    if not (card.jass and card.suit is not None and 6 <= card.rank <= 14 and not card.copy):
        raise CardError(f"{card} is not a card of the {JASS.describe()}")
    return int(card.suit) * 9 + card.rank - 6


def card_mask(cards: Iterable[Card]) -> int:
    """A bit mask of the cards (bit = Jass deck index); a :class:`CardError` on a repeat."""
    m = 0
    for c in cards:
        bit = 1 << _index(c)
        if m & bit:
            raise CardError(f"{c}: a hand holds each Jass card at most once (RULES J)")
        m |= bit
    return m


def jass_cards(hand: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """The cards of a hand given as Jass cards, card strings or one space-separated string.

    >>> jass_cards("7D 10D")
    (Card.parse('7D'), Card.parse('10D'))
    """
    items: Iterable[Card | str] = hand.split() if isinstance(hand, str) else hand
    out = tuple(c if isinstance(c, Card) else JASS.parse(c) for c in items)
    card_mask(out)
    return out


def four_points(rank: int, *, undenufe: bool = False,
                options: WeisOptions = DEFAULT_OPTIONS) -> int:
    """Points of four cards of ``rank`` (0 if four of them are no Weis), RULES J.

    >>> four_points(11), four_points(9), four_points(8)
    (200, 150, 0)
    >>> four_points(8, options=WeisOptions(low_fours=True))
    100
    >>> six = WeisOptions(undenufe_four_sixes=True)
    >>> four_points(6, undenufe=True, options=six), four_points(14, undenufe=True, options=six)
    (100, 0)
    """
    if undenufe and options.undenufe_four_sixes:
        if rank == 6:
            return 100
        if rank == 14:
            return 0
    if rank in FOUR_POINTS:
        return FOUR_POINTS[rank]
    if options.low_fours:
        return LOW_FOUR_POINTS.get(rank, 0)
    return 0


@dataclass(frozen=True, slots=True)
class Meld:
    """One Weis: its kind, its cards (highest first, natural order) and its points.

    >>> m = make_meld("9D 10D JD QD")
    >>> m.kind, m.points, str(m.top), m.suit
    (<MeldKind.SEQUENCE: 'sequence'>, 50, 'QD', <Suit.DIAMONDS: 1>)
    >>> m.describe()
    'four in sequence QD JD 10D 9D (50)'
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    points: int

    @property
    def top(self) -> Card:
        """The highest card in the natural order (a four of a kind: the Roses card)."""
        return self.cards[0]

    @property
    def bottom(self) -> Card:
        return self.cards[-1]

    @property
    def suit(self) -> Suit | None:
        """The suit of a sequence; ``None`` for four of a kind."""
        return self.top.suit if self.kind is MeldKind.SEQUENCE else None

    @property
    def rank(self) -> int:
        """The rank of a four of a kind, the top rank of a sequence."""
        return self.top.rank

    @property
    def name(self) -> str:
        if self.kind is MeldKind.FOUR:
            return f"four {_RANK_NAMES[self.rank]}"
        return f"{_COUNT_NAMES[len(self.cards)]} in sequence"

    def describe(self) -> str:
        return f"{self.name} {self} ({self.points})"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def to_json(self) -> dict[str, object]:
        """``{"weis": name, "cards": [...], "points": n}`` for records and reports."""
        return {"weis": self.name, "cards": [str(c) for c in self.cards], "points": self.points}


def _ordered(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank, -int(c.suit or 0))))


def make_meld(cards: str | Iterable[Card | str], *, undenufe: bool = False,
              options: WeisOptions = DEFAULT_OPTIONS) -> Meld:
    """The Weis these cards make, or an :class:`IllegalAction` naming RULES J if they make none.

    >>> make_meld("AS KS QS").points
    20
    >>> make_meld("8C 8D 8H 8S")
    Traceback (most recent call last):
    ...
    chaitea.core.errors.IllegalAction: 8S 8H 8D 8C is no Weis: four 8s count only with the ...
    """
    cs = _ordered(jass_cards(cards))
    text = " ".join(str(c) for c in cs)
    ranks = {c.rank for c in cs}
    if len(cs) == 4 and len(ranks) == 1:
        pts = four_points(cs[0].rank, undenufe=undenufe, options=options)
        if pts == 0:
            rank = _RANK_NAMES[cs[0].rank]
            why = (f"four {rank} count only with the four-8s-7s-6s option" if cs[0].rank < 9
                   else f"four {rank} are no Weis in Undenufe with the four-6s option")
            raise IllegalAction(f"{text} is no Weis: {why} (RULES J)")
        return Meld(MeldKind.FOUR, cs, pts)
    suits = {c.suit for c in cs}
    top = cs[0].rank if cs else 0
    if (3 <= len(cs) <= 9 and len(suits) == 1
            and [c.rank for c in cs] == list(range(top, top - len(cs), -1))):
        return Meld(MeldKind.SEQUENCE, cs, SEQUENCE_POINTS[len(cs)])
    raise IllegalAction(
        f"{text or 'no card'} is no Weis: a Weis is 3 to 9 cards in sequence in one suit "
        "(A K Q J 10 9 8 7 6) or four of a kind (RULES J)"
    )


def _runs(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Maximal runs (3 or more cards in sequence, one suit), highest first."""
    out: list[tuple[Card, ...]] = []
    for suit in Suit:
        ranks = sorted((c.rank for c in cards if c.suit is suit), reverse=True)
        run: list[int] = []
        for r in ranks + [-1]:
            if run and r == run[-1] - 1:
                run.append(r)
                continue
            if len(run) >= 3:
                out.append(tuple(Card(x, suit, 0, True) for x in run))
            run = [r]
    return out


def _fours(cards: Sequence[Card], undenufe: bool, options: WeisOptions) -> list[Meld]:
    out = []
    for rank in range(14, 5, -1):
        group = [c for c in cards if c.rank == rank]
        if len(group) == 4 and four_points(rank, undenufe=undenufe, options=options):
            out.append(Meld(MeldKind.FOUR, _ordered(group),
                            four_points(rank, undenufe=undenufe, options=options)))
    return out


def candidate_melds(hand: str | Iterable[Card | str], *, undenufe: bool = False,
                    options: WeisOptions = DEFAULT_OPTIONS, maximal: bool = False) -> list[Meld]:
    """Every Weis the hand holds: each four of a kind and each sequence of 3 or more cards
    (every stretch of a longer run too, unless ``maximal``), strongest points first.

    >>> [str(m) for m in candidate_melds("6H 7H 8H 9H")]
    ['9H 8H 7H 6H', '9H 8H 7H', '8H 7H 6H']
    >>> [str(m) for m in candidate_melds("6H 7H 8H 9H", maximal=True)]
    ['9H 8H 7H 6H']
    """
    cards = jass_cards(hand)
    out = _fours(cards, undenufe, options)
    for run in _runs(cards):
        if maximal:
            out.append(Meld(MeldKind.SEQUENCE, run, SEQUENCE_POINTS[len(run)]))
            continue
        for size in range(len(run), 2, -1):
            for start in range(len(run) - size + 1):
                out.append(Meld(MeldKind.SEQUENCE, run[start:start + size],
                                SEQUENCE_POINTS[size]))
    out.sort(key=lambda m: -m.points)
    return out


def suit_runs(suit: int, m: int) -> tuple[tuple[Meld, ...], int]:
    """The maximal runs of three or more (highest first) in the 9-bit rank mask ``m`` of
    ``suit`` and their rank bits, as :func:`quick_melds` finds them."""
    out: list[Meld] = []
    run_bits = 0
    bit = 8
    while bit >= 2:
        if m >> bit & 1:
            low = bit
            while low > 0 and m >> (low - 1) & 1:
                low -= 1
            if bit - low >= 2:
                out.append(_run_meld(suit, bit, low))
                run_bits |= ((1 << (bit + 1)) - 1) ^ ((1 << low) - 1)
            bit = low - 1
        else:
            bit -= 1
    return tuple(out), run_bits


def quick_melds(masks: Sequence[int], undenufe: bool, options: WeisOptions) -> list[Meld] | None:
    """Every maximal run and four of a kind, from per-suit rank masks (bit ``rank - 6``);
    ``None`` when a four of a kind shares a card with a run, which only the search of
    :func:`chaitea.rulesets.jass.weis.best_melds` may split."""
    out: list[Meld] = []
    four_bits = masks[0] & masks[1] & masks[2] & masks[3]
    run_bits = 0
    for suit, m in enumerate(masks):
        if not m & (m >> 1) & (m >> 2):
            continue  # no three in sequence in this suit
        runs, bits = suit_runs(suit, m)
        out.extend(runs)
        run_bits |= bits
    while four_bits:
        b = four_bits.bit_length() - 1
        four_bits ^= 1 << b
        pts = four_points(b + 6, undenufe=undenufe, options=options)
        if not pts:
            continue
        if run_bits >> b & 1 and options.card_use is not CardUse.SHARED:
            return None
        out.append(_four_meld(b, pts))
    return out


# Melds are frozen values: quick_melds hands out one object per run or four of a kind.
_RUN_MELDS: dict[tuple[int, int, int], Meld] = {}
_FOUR_MELDS: dict[tuple[int, int], Meld] = {}


def _run_meld(suit: int, high: int, low: int) -> Meld:
    """The sequence of ``suit`` from rank bit ``high`` down to ``low`` (cached)."""
    m = _RUN_MELDS.get((suit, high, low))
    if m is None:
        run = tuple(JASS.cards[suit * 9 + b] for b in range(high, low - 1, -1))
        m = _RUN_MELDS[(suit, high, low)] = Meld(MeldKind.SEQUENCE, run,
                                                 SEQUENCE_POINTS[len(run)])
    return m


def _four_meld(b: int, pts: int) -> Meld:
    """The four of a kind of rank bit ``b`` worth ``pts`` (cached)."""
    m = _FOUR_MELDS.get((b, pts))
    if m is None:
        m = _FOUR_MELDS[(b, pts)] = Meld(
            MeldKind.FOUR, tuple(JASS.cards[s * 9 + b] for s in (3, 2, 1, 0)), pts)
    return m
