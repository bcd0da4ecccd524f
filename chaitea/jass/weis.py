"""Weis: the melds of a Jass hand, their comparison and who scores them (RULES J).

Every meld is found in a hand as dealt. Sequences run in one suit in the natural order
A K Q J 10 9 8 7 6 in every mode; four of a kind counts the 10s, Qs, Ks and As 100, the 9s 150
and the Js 200. One card serves in one meld, and the hand takes the split worth most (the text's
example: four 9s beat the 7-8-9 of Shields that would need the 9 of Shields)::

    >>> from chaitea.jass.weis import best_melds
    >>> [m.describe() for m in best_melds("9C 9D 9H 9S 7D 8D AH")]
    ['four 9s 9S 9H 9D 9C (150)']

The side whose best Weis is strongest scores all its Weis, the other sides 0::

    >>> from chaitea.cards import Suit
    >>> from chaitea.jass.weis import score_weis
    >>> hands = ["6C 7C 8C AD", "QH KH AH 9D", "JS QS KS AS", "10D 10C"]
    >>> result = score_weis(hands, trump=Suit.HEARTS, sides=(0, 1, 0, 1))
    >>> result.winner, result.points, str(result.best[0])
    (0, (70, 0), 'AS KS QS JS')

The rules' options are one value, :class:`WeisOptions`, whose defaults are RULES J's readings.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..cards import JASS, Card, Suit
from ..errors import CardError, IllegalAction

__all__ = [
    "FOUR_POINTS",
    "LOW_FOUR_POINTS",
    "SEQUENCE_POINTS",
    "CardUse",
    "EqualPoints",
    "Meld",
    "MeldKind",
    "WeisOptions",
    "WeisResult",
    "WeisTie",
    "best_melds",
    "candidate_melds",
    "check_hands",
    "check_sides",
    "decide",
    "four_points",
    "jass_cards",
    "make_meld",
    "score_weis",
    "score_weis_masks",
    "strength",
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
      (:func:`chaitea.jass.declare.check_declaration`); by default every Weis is found and
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


def _mask(cards: Iterable[Card]) -> int:
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
    _mask(out)
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
    chaitea.errors.IllegalAction: 8S 8H 8D 8C is no Weis: four 8s count only with the ...
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


def strength(meld: Meld, *, trump: Suit | None = None, undenufe: bool = False,
             options: WeisOptions = DEFAULT_OPTIONS) -> tuple[int, int, int, int]:
    """The comparison key of a meld: a larger key is a stronger Weis (RULES J).

    Points first; at equal points four of a kind beats a sequence (option: more cards win);
    within a kind the higher top card in the natural order (option: in Undenufe the lower wins);
    then a trump sequence. Equal keys are identical Weis.

    >>> strength(make_meld("9C 9D 9H 9S")) > strength(make_meld("6D 7D 8D 9D 10D JD"))
    True
    >>> more = WeisOptions(equal_points=EqualPoints.MORE_CARDS)
    >>> four, six = make_meld("9C 9D 9H 9S"), make_meld("6D 7D 8D 9D 10D JD")
    >>> strength(four, options=more) > strength(six, options=more)
    False
    >>> bells, acorns = make_meld("7H 8H 9H"), make_meld("7C 8C 9C")
    >>> strength(bells, trump=Suit.HEARTS) > strength(acorns, trump=Suit.HEARTS)
    True
    """
    if options.equal_points is EqualPoints.FOUR_FIRST:
        kind = 1 if meld.kind is MeldKind.FOUR else 0
    else:
        kind = len(meld.cards)
    lower = undenufe and options.undenufe_lower_wins
    top = -meld.bottom.rank if lower else meld.top.rank
    if (undenufe and options.undenufe_four_sixes and meld.kind is MeldKind.FOUR
            and meld.rank == 6 and not lower):
        top = 14  # four 6s "in place of four As" (the text) rank where the As would
    is_trump = 1 if trump is not None and meld.suit is trump else 0
    return (meld.points, kind, top, is_trump)


def _packings(melds: Sequence[Meld]) -> Iterable[tuple[Meld, ...]]:
    """Every set of melds that share no card (the empty set included)."""

    def rec(i: int, used: frozenset[Card], chosen: tuple[Meld, ...]) -> Iterable[tuple[Meld, ...]]:
        if i == len(melds):
            yield chosen
            return
        yield from rec(i + 1, used, chosen)
        m = melds[i]
        if used.isdisjoint(m.cards):
            yield from rec(i + 1, used | frozenset(m.cards), chosen + (m,))

    yield from rec(0, frozenset(), ())


def best_melds(hand: str | Iterable[Card | str], *, trump: Suit | None = None,
               undenufe: bool = False, options: WeisOptions = DEFAULT_OPTIONS) -> tuple[Meld, ...]:
    """The Weis a hand scores, strongest first, by the options' card use (RULES J).

    A card wanted by two melds goes where the hand scores most: four Js and 6-7-8-9-10 of
    Shields (300) rather than 6 to J of Shields (150)::

        >>> [str(m) for m in best_melds("JC JD JH JS 6D 7D 8D 9D 10D")]
        ['JS JH JD JC', '10D 9D 8D 7D 6D']
        >>> best = WeisOptions(card_use=CardUse.STRONGEST_BEST)
        >>> [m.points for m in best_melds("6S 7S 8S 9S 10S JS QS KS AS JC JD JH", options=best)]
        [300]
        >>> [m.points for m in best_melds("6S 7S 8S 9S 10S JS QS KS AS JC JD JH")]
        [200, 100, 20]
    """
    return _best(jass_cards(hand), trump, undenufe, options)


def _quick(masks: Sequence[int], undenufe: bool, options: WeisOptions) -> list[Meld] | None:
    """Every maximal run and four of a kind, from per-suit rank masks (bit ``rank - 6``);
    ``None`` when a four of a kind shares a card with a run, which only the search of
    :func:`_best` may split."""
    out: list[Meld] = []
    four_bits = masks[0] & masks[1] & masks[2] & masks[3]
    run_bits = 0
    for suit, m in enumerate(masks):
        if not m & (m >> 1) & (m >> 2):
            continue  # no three in sequence in this suit
        bit = 8
        while bit >= 2:
            if m >> bit & 1:
                low = bit
                while low > 0 and m >> (low - 1) & 1:
                    low -= 1
                if bit - low >= 2:
                    run = tuple(JASS.cards[suit * 9 + b] for b in range(bit, low - 1, -1))
                    out.append(Meld(MeldKind.SEQUENCE, run, SEQUENCE_POINTS[len(run)]))
                    run_bits |= ((1 << (bit + 1)) - 1) ^ ((1 << low) - 1)
                bit = low - 1
            else:
                bit -= 1
    while four_bits:
        b = four_bits.bit_length() - 1
        four_bits ^= 1 << b
        pts = four_points(b + 6, undenufe=undenufe, options=options)
        if not pts:
            continue
        if run_bits >> b & 1 and options.card_use is not CardUse.SHARED:
            return None
        out.append(Meld(MeldKind.FOUR, tuple(JASS.cards[s * 9 + b] for s in (3, 2, 1, 0)), pts))
    return out


def _best(cards: tuple[Card, ...], trump: Suit | None, undenufe: bool,
          options: WeisOptions) -> tuple[Meld, ...]:
    def key(m: Meld) -> tuple[int, int, int, int]:
        return strength(m, trump=trump, undenufe=undenufe, options=options)

    m = _mask(cards)
    quick = _quick([(m >> (9 * s)) & 0x1FF for s in range(4)], undenufe, options)
    if quick is not None:
        # No card is wanted by two melds (or the option lets it serve both): take them all.
        return tuple(sorted(quick, key=key, reverse=True)) if len(quick) > 1 else tuple(quick)
    found = candidate_melds(cards, undenufe=undenufe, options=options)
    best: tuple[Meld, ...] = ()
    best_key: tuple[object, ...] = ()
    for packing in _packings(found):
        ordered = tuple(sorted(packing, key=key, reverse=True))
        total = sum(m.points for m in ordered)
        keys = tuple(key(m) for m in ordered)
        # Most points first (default) or the strongest best meld first (option); then the
        # stronger melds in turn, then fewer melds, so the choice is one and the same every time.
        k: tuple[object, ...] = (
            (total, keys, -len(ordered)) if options.card_use is CardUse.MOST_POINTS
            else (keys[:1], total, keys, -len(ordered))
        )
        if not best_key or k > best_key:
            best, best_key = ordered, k
    return best


@dataclass(frozen=True, slots=True)
class WeisResult:
    """Who scores Weis in a hand (RULES J: the side with the best Weis scores all its Weis).

    ``melds`` per seat (the split each hand scores, or what was declared), ``best`` per side (its
    strongest meld or ``None``), ``winner`` the side that scores (``None``: no Weis, or identical
    best Weis of opposing sides), ``points`` per side.
    """

    melds: tuple[tuple[Meld, ...], ...]
    best: tuple[Meld | None, ...]
    winner: int | None
    points: tuple[int, ...]
    winning_seat: int | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "winner": self.winner,
            "points": list(self.points),
        }


def decide(candidates: Sequence[tuple[int, Meld | None]], all_melds: Sequence[tuple[Meld, ...]],
            sides: Sequence[int], forehand: int, trump: Suit | None, undenufe: bool,
            options: WeisOptions) -> WeisResult:
    """Who scores Weis, given each seat's declared best meld (``candidates``) and the melds each
    seat holds (``all_melds``): the strongest best meld's side scores all its melds; identical
    best melds of opposing sides by ``options.tie`` (RULES J)."""
    n_sides = max(sides) + 1
    n = len(sides)
    if not 0 <= forehand < n:
        raise IllegalAction(f"forehand must be a seat 0..{n - 1} (RULES J), not {forehand}")

    def key(m: Meld) -> tuple[int, int, int, int]:
        return strength(m, trump=trump, undenufe=undenufe, options=options)

    best: list[Meld | None] = [None] * n_sides
    for seat, m in candidates:
        s = sides[seat]
        current = best[s]
        if m is not None and (current is None or key(m) > key(current)):
            best[s] = m
    present = [(key(m), s) for s, m in enumerate(best) if m is not None]
    winner: int | None = None
    winning_seat: int | None = None
    if present:
        top = max(k for k, _ in present)
        top_sides = {s for k, s in present if k == top}
        declared = dict(candidates)
        in_order = [(forehand + i) % n for i in range(n)]
        holders = [seat for seat in in_order
                   if (m := declared.get(seat)) is not None and key(m) == top]
        if len(top_sides) == 1 or options.tie is WeisTie.FIRST_DECLARED:
            winning_seat = holders[0]
            winner = sides[winning_seat]
    points = [0] * n_sides
    if winner is not None:
        points[winner] = sum(m.points for seat in range(n) if sides[seat] == winner
                             for m in all_melds[seat])
    return WeisResult(tuple(all_melds), tuple(best), winner, tuple(points), winning_seat)


def check_hands(hands: Sequence[str | Iterable[Card | str]]) -> list[tuple[Card, ...]]:
    """The hands as Jass cards; a :class:`CardError` if a card is foreign or dealt twice."""
    seen = 0
    out = []
    for seat, h in enumerate(hands):
        cards = jass_cards(h)
        m = _mask(cards)
        if seen & m:
            twice = " ".join(str(c) for c in JASS.cards_of(seen & m))
            raise CardError(f"{twice} dealt twice (seat {seat}): one Jass deck (RULES J)")
        seen |= m
        out.append(cards)
    return out


def check_sides(n: int, sides: Sequence[int] | None) -> tuple[int, ...]:
    if sides is None:
        return tuple(range(n))
    out = tuple(sides)
    if len(out) != n or any(not isinstance(s, int) or s < 0 for s in out):
        raise IllegalAction(f"sides must give a side number 0, 1, ... for each of the {n} seats")
    return out


def score_weis(hands: Sequence[str | Iterable[Card | str]], *, trump: Suit | None = None,
               undenufe: bool = False, sides: Sequence[int] | None = None, forehand: int = 0,
               options: WeisOptions = DEFAULT_OPTIONS) -> WeisResult:
    """Every player declares every Weis of their hand as dealt; the side with the best Weis
    scores all its Weis, the others 0 (RULES J). ``sides[seat]`` is the seat's side (default:
    each seat its own side); ``forehand`` starts the play order for the first-declared option.

    Two identical best sequences of opposing sides: nobody scores (the text)::

        >>> tie = score_weis(["7C 8C 9C", "7D 8D 9D"], sides=(0, 1))
        >>> tie.winner, tie.points
        (None, (0, 0))
        >>> first = WeisOptions(tie=WeisTie.FIRST_DECLARED)
        >>> score_weis(["7C 8C 9C", "7D 8D 9D"], sides=(0, 1), forehand=1, options=first).winner
        1
        >>> score_weis(["7C 8C 9C", "7D 8D 9D"], trump=Suit.CLUBS, sides=(0, 1)).winner
        0
    """
    cards = check_hands(hands)
    side_of = check_sides(len(hands), sides)
    melds = [_best(h, trump, undenufe, options) for h in cards]
    candidates = [(seat, ms[0] if ms else None) for seat, ms in enumerate(melds)]
    return decide(candidates, melds, side_of, forehand, trump, undenufe, options)


_DECK_MASK = (1 << 36) - 1


def score_weis_masks(masks: Sequence[int], *, trump: Suit | None = None, undenufe: bool = False,
                     sides: Sequence[int] | None = None, forehand: int = 0,
                     options: WeisOptions = DEFAULT_OPTIONS) -> WeisResult:
    """:func:`score_weis` for hands given as bit masks of Jass deck indices (``JASS.cards``
    order, suit-major, 6 to A): the engine's own form, for its play path.

    >>> from chaitea.cards import JASS
    >>> hands = ["9C 9D 9H 9S 7D 8D", "6S 7S 8S", "AC", "KH"]
    >>> score_weis_masks([JASS.mask_of(h.split()) for h in hands], sides=(0, 1, 0, 1)).points
    (150, 0)
    """
    seen = 0
    for seat, m in enumerate(masks):
        if not isinstance(m, int) or m < 0 or m & ~_DECK_MASK or seen & m:
            raise CardError(f"seat {seat}: a hand mask holds cards of one Jass deck, each once")
        seen |= m
    side_of = check_sides(len(masks), sides)
    melds: list[tuple[Meld, ...]] = []
    for m in masks:
        quick = _quick([(m >> (9 * s)) & 0x1FF for s in range(4)], undenufe, options)
        if quick is not None and len(quick) < 2:
            melds.append(tuple(quick))
        else:
            melds.append(_best(tuple(JASS.cards_of(m)), trump, undenufe, options))
    candidates = [(seat, ms[0] if ms else None) for seat, ms in enumerate(melds)]
    return decide(candidates, melds, side_of, forehand, trump, undenufe, options)
