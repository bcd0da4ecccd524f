"""Weis: the melds of a Jass hand, their comparison and who scores them (RULES J).

Every meld is found in a hand as dealt. Sequences run in one suit in the natural order
A K Q J 10 9 8 7 6 in every mode; four of a kind counts the 10s, Qs, Ks and As 100, the 9s 150
and the Js 200. One card serves in one meld, and the hand takes the split worth most (the text's
example: four 9s beat the 7-8-9 of Shields that would need the 9 of Shields)::

    >>> from chaitea.rulesets.jass.weis import best_melds
    >>> [m.describe() for m in best_melds("9C 9D 9H 9S 7D 8D AH")]
    ['four 9s 9S 9H 9D 9C (150)']

The side whose best Weis is strongest scores all its Weis, the other sides 0::

    >>> from chaitea.core.cards import Suit
    >>> from chaitea.rulesets.jass.weis import score_weis
    >>> hands = ["6C 7C 8C AD", "QH KH AH 9D", "JS QS KS AS", "10D 10C"]
    >>> result = score_weis(hands, trump=Suit.HEARTS, sides=(0, 1, 0, 1))
    >>> result.winner, result.points, str(result.best[0])
    (0, (70, 0), 'AS KS QS JS')

The rules' options are one value, :class:`WeisOptions`, whose defaults are RULES J's readings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from chaitea.core.cards import JASS, Card, Suit
from chaitea.core.errors import CardError, IllegalAction
from chaitea.rulesets.jass.melds import (
    DEFAULT_OPTIONS,
    FOUR_POINTS,
    LOW_FOUR_POINTS,
    SEQUENCE_POINTS,
    CardUse,
    EqualPoints,
    Meld,
    MeldKind,
    WeisOptions,
    WeisTie,
    _four_meld,
    candidate_melds,
    card_mask,
    four_points,
    jass_cards,
    make_meld,
    quick_melds,
    suit_runs,
)

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
    "no_weis",
    "score_weis",
    "score_weis_masks",
    "strength",
]


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


def _best(cards: tuple[Card, ...], trump: Suit | None, undenufe: bool,
          options: WeisOptions) -> tuple[Meld, ...]:
    def key(m: Meld) -> tuple[int, int, int, int]:
        return strength(m, trump=trump, undenufe=undenufe, options=options)

    m = card_mask(cards)
    quick = quick_melds([(m >> (9 * s)) & 0x1FF for s in range(4)], undenufe, options)
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
    # plain loops (no comprehensions): decide() runs for most hands of the engine's play path
    keyed: dict[int, tuple[int, int, int, int]] = {}  # each declared meld's key, once
    for seat, m in candidates:
        if m is not None:
            keyed[seat] = _strength(m, trump, undenufe, options)
    best: list[Meld | None] = [None] * n_sides
    best_key: list[tuple[int, int, int, int] | None] = [None] * n_sides
    for seat, m in candidates:
        if m is not None:
            s = sides[seat]
            current = best_key[s]
            k = keyed[seat]
            if current is None or k > current:
                best[s], best_key[s] = m, k
    top: tuple[int, int, int, int] | None = None
    top_sides = 0
    for k2 in best_key:
        if k2 is not None:
            if top is None or k2 > top:
                top, top_sides = k2, 1
            elif k2 == top:
                top_sides += 1
    winner: int | None = None
    winning_seat: int | None = None
    points = [0] * n_sides
    if top is not None and (top_sides == 1 or options.tie is WeisTie.FIRST_DECLARED):
        for i in range(n):  # the first holder of the top Weis from the forehand
            seat = (forehand + i) % n
            if keyed.get(seat) == top:
                winning_seat = seat
                break
        assert winning_seat is not None
        winner = sides[winning_seat]
        total = 0
        for seat in range(n):
            if sides[seat] == winner:
                for m2 in all_melds[seat]:
                    total += m2.points
        points[winner] = total
    return WeisResult(tuple(all_melds), tuple(best), winner, tuple(points), winning_seat)


_KEYS: dict[tuple[int, Suit | None, bool, int],
            tuple[Meld, WeisOptions, tuple[int, int, int, int]]] = {}


def _strength(m: Meld, trump: Suit | None, undenufe: bool,
              options: WeisOptions) -> tuple[int, int, int, int]:
    """:func:`strength`, cached by the meld and options objects (quick_melds hands out one
    object per Weis; an entry keeps its objects, so their ids are not reused; 4096 at most)."""
    k = (id(m), trump, undenufe, id(options))
    hit = _KEYS.get(k)
    if hit is not None and hit[0] is m and hit[1] is options:
        return hit[2]
    key = strength(m, trump=trump, undenufe=undenufe, options=options)
    if len(_KEYS) < 4096:
        _KEYS[k] = (m, options, key)
    return key


def check_hands(hands: Sequence[str | Iterable[Card | str]]) -> list[tuple[Card, ...]]:
    """The hands as Jass cards; a :class:`CardError` if a card is foreign or dealt twice."""
    seen = 0
    out = []
    for seat, h in enumerate(hands):
        cards = jass_cards(h)
        m = card_mask(cards)
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
    if (n, out) in _CHECKED_SIDES:  # checked before (the engine's seating, every hand)
        return out
    if len(out) != n or any(not isinstance(s, int) or s < 0 for s in out):
        raise IllegalAction(f"sides must give a side number 0, 1, ... for each of the {n} seats")
    if len(_CHECKED_SIDES) < 64 and all(type(s) is int for s in out):
        _CHECKED_SIDES.add((n, out))
    return out


_CHECKED_SIDES: set[tuple[int, tuple[int, ...]]] = set()  # check_sides' passes (plain ints)


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

    >>> from chaitea.core.cards import JASS
    >>> hands = ["9C 9D 9H 9S 7D 8D", "6S 7S 8S", "AC", "KH"]
    >>> score_weis_masks([JASS.mask_of(h.split()) for h in hands], sides=(0, 1, 0, 1)).points
    (150, 0)
    """
    seen = 0
    for seat, m in enumerate(masks):
        if not isinstance(m, int) or m < 0 or m & ~_DECK_MASK or seen & m:
            raise CardError(f"seat {seat}: a hand mask holds cards of one Jass deck, each once")
        seen |= m
    return dealt_weis(masks, trump, undenufe, check_sides(len(masks), sides), forehand, options)


def dealt_weis(masks: Sequence[int], trump: Suit | None, undenufe: bool,
               side_of: tuple[int, ...], forehand: int, options: WeisOptions) -> WeisResult:
    """:func:`score_weis_masks` without its checks: the engine's entry for the masks it dealt
    itself (one Jass deck, each card once) and its own seating (``side_of``, checked at set-up).

    >>> from chaitea.core.cards import JASS
    >>> hands = ["9C 9D 9H 9S 7D 8D", "6S 7S 8S", "AC", "KH"]
    >>> masks = [JASS.mask_of(h.split()) for h in hands]
    >>> dealt_weis(masks, None, False, (0, 1, 0, 1), 0, DEFAULT_OPTIONS).points
    (150, 0)
    """
    scoring_fours = _scoring_fours(undenufe, options)
    melds: list[tuple[Meld, ...]] = []
    held = False
    for m in masks:
        if not (m & (m >> 1) & (m >> 2) & _RUN_STARTS
                or m & (m >> 9) & (m >> 18) & (m >> 27) & scoring_fours):
            melds.append(())  # no three in sequence and no four of a kind that scores
            continue
        held = True
        quick = _quick_masks(m, scoring_fours, undenufe, options)
        if quick is not None and len(quick) < 2:
            melds.append(quick)
        else:
            melds.append(_best(tuple(JASS.cards_of(m)), trump, undenufe, options))
    if not held:  # nobody holds a Weis: what decide() gives with no candidate (one value)
        return no_weis(len(masks), max(side_of) + 1)
    candidates = [(seat, ms[0] if ms else None) for seat, ms in enumerate(melds)]
    return decide(candidates, melds, side_of, forehand, trump, undenufe, options)


_NO_WEIS: dict[tuple[int, int], WeisResult] = {}


def no_weis(n: int, n_sides: int) -> WeisResult:
    """The result of a deal without Weis for ``n`` seats and ``n_sides`` sides (a frozen value,
    shared).

    >>> no_weis(4, 2).points, no_weis(4, 2) is no_weis(4, 2)
    ((0, 0), True)
    """
    r = _NO_WEIS.get((n, n_sides))
    if r is None:
        r = _NO_WEIS[(n, n_sides)] = WeisResult(((),) * n, (None,) * n_sides, None,
                                                (0,) * n_sides, None)
    return r


#: suit_runs of every suit and 9-bit rank mask, at index 512 * suit + mask
_RUNS = tuple(suit_runs(s, m) for s in range(4) for m in range(512))


def _quick_masks(m: int, scoring_fours: int, undenufe: bool,
                 options: WeisOptions) -> tuple[Meld, ...] | None:
    """:func:`chaitea.rulesets.jass.melds.quick_melds` of the hand mask ``m`` (the same melds in the
    same order) from the per-suit table of runs."""
    r0, b0 = _RUNS[m & 511]
    r1, b1 = _RUNS[512 + (m >> 9 & 511)]
    r2, b2 = _RUNS[1024 + (m >> 18 & 511)]
    r3, b3 = _RUNS[1536 + (m >> 27 & 511)]
    out = r0 + r1 + r2 + r3
    fours = m & (m >> 9) & (m >> 18) & (m >> 27) & scoring_fours
    if fours:
        run_bits = b0 | b1 | b2 | b3
        shared = options.card_use is CardUse.SHARED
        while fours:
            b = fours.bit_length() - 1
            fours ^= 1 << b
            if run_bits >> b & 1 and not shared:
                return None
            out += (_four_meld(b, four_points(b + 6, undenufe=undenufe, options=options)),)
    return out


# bit 9 * suit + r (r = 0..6): a run of three could start at rank 6 + r of the suit
_RUN_STARTS = sum(0x7F << (9 * s) for s in range(4))
_FOURS: dict[tuple[bool, int], tuple[WeisOptions, int]] = {}


def _scoring_fours(undenufe: bool, options: WeisOptions) -> int:
    """The rank bits (``rank - 6``) whose four of a kind scores in the mode (cached by the
    options object, kept with its entry so that its id is not reused)."""
    hit = _FOURS.get((undenufe, id(options)))
    if hit is not None and hit[0] is options:
        return hit[1]
    bits = sum(1 << (r - 6) for r in range(6, 15)
               if four_points(r, undenufe=undenufe, options=options))
    _FOURS[(undenufe, id(options))] = (options, bits)
    return bits
