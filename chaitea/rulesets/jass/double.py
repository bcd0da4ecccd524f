"""Weis and Stöck with two decks: six-player Schieber's two 24-card decks (RULES J; the text).

The Jass double deck (:data:`chaitea.core.cards.JASS_DOUBLE`) holds two copies of each card 9 10 J Q
K A; a hand of 8 may hold both copies of a card. The rules of :mod:`chaitea.rulesets.jass.weis`
hold with these readings:

- a card copy serves in one meld only; two copies of a card may serve in two melds (two
  sequences 9-10-J of Bells from both copies are two Weis);
- sequences run in the short deck's natural order A K Q J 10 9 (3 to 6 cards, from the 9 up);
- four of a kind takes one card of each suit, either copy (a hand with both copies of all four
  suits holds two);
- the split worth most, the comparison, ties and the best side scoring all its Weis are the 36-card
  deck's (:func:`chaitea.rulesets.jass.weis.decide`);
- Stöck: a King and an Ober (Q) of trump in one hand, either copy, 20; a hand with both Kings and
  both Obers of trump holds Stöck twice (40); two players may each hold a pair.

>>> melds = double_best_melds("9H 10H JH 9H' 10H' JH' AS AC")
>>> [str(m) for m in melds], sum(m.points for m in melds)
(['JH 10H 9H', "JH' 10H' 9H'"], 40)
>>> [m.describe() for m in double_best_melds("JC JD JH JS' 9S 10S' QS KS")]
["four Js JS' JH JD JC (200)"]
>>> double_stoeck(["KH QH KH' QH'", "KS QS"], Suit.HEARTS, sides=(0, 1))
(40, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chaitea.core.cards import JASS, JASS_DOUBLE, Card, Deck, Suit
from chaitea.core.errors import CardError
from chaitea.rulesets.jass.hand import Declarations, mode_of
from chaitea.rulesets.jass.melds import (
    DEFAULT_OPTIONS,
    SEQUENCE_POINTS,
    CardUse,
    Meld,
    MeldKind,
    WeisOptions,
    four_points,
)
from chaitea.rulesets.jass.stoeck import STOECK_POINTS
from chaitea.rulesets.jass.weis import WeisResult, best_melds, check_sides, decide, strength

__all__ = ["double_best_melds", "double_declarations", "double_stoeck", "hand_cards",
           "hand_melds"]

Key = tuple[int, int]  # (suit, rank)


def hand_cards(hand: str | Iterable[Card | str], deck: Deck = JASS_DOUBLE) -> tuple[Card, ...]:
    """The cards of a hand of ``deck`` (strings read in its context), each copy at most once."""
    items: Iterable[Card | str] = hand.split() if isinstance(hand, str) else hand
    out = tuple(c if isinstance(c, Card) else deck.parse(c) for c in items)
    if len(set(out)) != len(out):
        raise CardError("a hand holds each card copy at most once (RULES J, two decks)")
    for c in out:
        if c not in deck.index:
            raise CardError(f"{c} is not a card of the {deck.describe()}")
    return out


def _counts(cards: Sequence[Card]) -> dict[Key, list[Card]]:
    held: dict[Key, list[Card]] = {}
    for c in sorted(cards, key=lambda c: c.copy):
        assert c.suit is not None
        held.setdefault((int(c.suit), c.rank), []).append(c)
    return held


def _candidates(held: dict[Key, list[Card]], ranks: Sequence[int], undenufe: bool,
                options: WeisOptions, maximal: bool) -> list[tuple[MeldKind, tuple[Key, ...]]]:
    """Every meld shape the hand can form once (a four, a sequence and, unless ``maximal``,
    each stretch of a longer one), by (suit, rank) keys, highest card first."""
    out: list[tuple[MeldKind, tuple[Key, ...]]] = []
    for rank in sorted(ranks, reverse=True):
        if all((s, rank) in held for s in range(4)) and four_points(rank, undenufe=undenufe,
                                                                    options=options):
            out.append((MeldKind.FOUR, tuple((s, rank) for s in (3, 2, 1, 0))))
    for suit in range(4):
        run: list[int] = []
        for r in sorted(ranks, reverse=True) + [-1]:
            if (suit, r) in held and (not run or r == run[-1] - 1):
                run.append(r)
                continue
            if len(run) >= 3:
                sizes = [len(run)] if maximal else range(len(run), 2, -1)
                for size in sizes:
                    for start in range(len(run) - size + 1):
                        out.append((MeldKind.SEQUENCE,
                                    tuple((suit, x) for x in run[start:start + size])))
            run = [r] if (suit, r) in held else []
    return out


def _points(kind: MeldKind, keys: tuple[Key, ...], undenufe: bool, options: WeisOptions) -> int:
    if kind is MeldKind.FOUR:
        return four_points(keys[0][1], undenufe=undenufe, options=options)
    return SEQUENCE_POINTS[len(keys)]


def _make(kind: MeldKind, keys: tuple[Key, ...], pool: dict[Key, list[Card]], points: int) -> Meld:
    """The meld of ``keys`` built from the copies left in ``pool`` (the first copy first)."""
    return Meld(kind, tuple(pool[k].pop(0) for k in keys), points)


def double_best_melds(hand: str | Iterable[Card | str], *, trump: Suit | None = None,
                      undenufe: bool = False, options: WeisOptions = DEFAULT_OPTIONS,
                      deck: Deck = JASS_DOUBLE) -> tuple[Meld, ...]:
    """The Weis a hand of the double deck scores, strongest first: the split of card copies worth
    most (``options.card_use`` as in :func:`chaitea.rulesets.jass.weis.best_melds`; ``SHARED``:
    every maximal sequence and four, each card copy in as many as it fits)."""
    return _double_best(hand_cards(hand, deck), trump, undenufe, options, deck)


def _double_best(cards: Sequence[Card], trump: Suit | None, undenufe: bool,
                 options: WeisOptions, deck: Deck) -> tuple[Meld, ...]:
    """:func:`double_best_melds` of checked cards."""
    bits = [0, 0, 0, 0]
    for c in cards:
        bits[c.suit or 0] |= 1 << c.rank
    fours = bits[0] & bits[1] & bits[2] & bits[3]
    if not (any(b & b >> 1 & b >> 2 for b in bits)
            or any(fours >> r & 1 and four_points(r, undenufe=undenufe, options=options)
                   for r in deck.ranks)):
        return ()  # no three in sequence and no four of a kind that scores
    held = _counts(cards)
    count = {k: len(v) for k, v in held.items()}

    def key(m: Meld) -> tuple[int, int, int, int]:
        return strength(m, trump=trump, undenufe=undenufe, options=options)

    if options.card_use is CardUse.SHARED:
        shapes = _candidates(held, deck.ranks, undenufe, options, maximal=True)
        melds: list[Meld] = []
        for kind, keys in shapes:
            copies = min(count[k] for k in keys)  # both copies of the whole meld: twice
            for i in range(copies):
                melds.append(Meld(kind, tuple(held[k][i] for k in keys),
                                  _points(kind, keys, undenufe, options)))
        return tuple(sorted(melds, key=key, reverse=True))
    shapes = _candidates(held, deck.ranks, undenufe, options, maximal=False)
    pts = [_points(kind, keys, undenufe, options) for kind, keys in shapes]
    probe = {k: list(v) for k, v in held.items()}
    protos = [Meld(kind, tuple(probe[k][0] for k in keys), p)
              for (kind, keys), p in zip(shapes, pts, strict=True)]
    best: tuple[int, ...] = ()
    best_key: tuple[object, ...] = ()

    def rec(i: int, chosen: tuple[int, ...]) -> None:
        nonlocal best, best_key
        ordered = tuple(sorted(chosen, key=lambda j: key(protos[j]), reverse=True))
        total = sum(pts[j] for j in ordered)
        keys = tuple(key(protos[j]) for j in ordered)
        k: tuple[object, ...] = (
            (total, keys, -len(ordered)) if options.card_use is CardUse.MOST_POINTS
            else (keys[:1], total, keys, -len(ordered)))
        if not best_key or k > best_key:
            best, best_key = ordered, k
        for j in range(i, len(shapes)):
            keys_j = shapes[j][1]
            if all(count[x] > 0 for x in keys_j):
                for x in keys_j:
                    count[x] -= 1
                rec(j, chosen + (j,))  # j again: the second copies may form it twice
                for x in keys_j:
                    count[x] += 1

    rec(0, ())
    pool = {k: list(v) for k, v in held.items()}
    return tuple(_make(shapes[j][0], shapes[j][1], pool, pts[j]) for j in best)


def hand_melds(hand: str | Iterable[Card | str], *, trump: Suit | None = None,
               undenufe: bool = False, options: WeisOptions = DEFAULT_OPTIONS,
               deck: Deck = JASS_DOUBLE) -> tuple[Meld, ...]:
    """The Weis a hand of ``deck`` scores: :func:`double_best_melds` for the double deck,
    :func:`chaitea.rulesets.jass.weis.best_melds` for the 36-card deck.

    >>> from chaitea.core.cards import JASS
    >>> [m.points for m in hand_melds("9C 9D 9H 9S 7D 8D", deck=JASS)]
    [150]
    """
    if deck.name == JASS.name:
        return best_melds(hand, trump=trump, undenufe=undenufe, options=options)
    return double_best_melds(hand, trump=trump, undenufe=undenufe, options=options, deck=deck)


def double_stoeck(hands: Sequence[str | Iterable[Card | str]], trump: Suit | None, *,
                  sides: Sequence[int] | None = None, deck: Deck = JASS_DOUBLE
                  ) -> tuple[int, ...]:
    """Stöck per side with two decks (reading): each King-and-Ober pair of trump in one hand,
    either copy, scores 20 for the holder's side; never cancelled, none without trump."""
    side_of = check_sides(len(hands), sides)
    return _stoeck_of([hand_cards(h, deck) for h in hands], trump, side_of)


def _stoeck_of(hands: Sequence[Sequence[Card]], trump: Suit | None,
               side_of: Sequence[int]) -> tuple[int, ...]:
    out = [0] * (max(side_of) + 1)
    if trump is None:
        return tuple(out)
    for seat, cards in enumerate(hands):
        kings = sum(1 for c in cards if c.suit is trump and c.rank == 13)
        obers = sum(1 for c in cards if c.suit is trump and c.rank == 12)
        out[side_of[seat]] += STOECK_POINTS * min(kings, obers)
    return tuple(out)


def double_declarations(hands: Sequence[str | Iterable[Card | str]], contract: str, *,
                        sides: Sequence[int] | None = None, forehand: int = 0,
                        options: WeisOptions = DEFAULT_OPTIONS, weis: bool = True,
                        stoeck: bool = True, deck: Deck = JASS_DOUBLE,
                        declared: Sequence[Meld | None] | None = None) -> Declarations:
    """Every Weis and the Stöck of a deal of ``deck`` (the double deck, or the 36-card one) in
    the contract's mode, as :func:`chaitea.rulesets.jass.hand.declarations` answers them for one
    deck. With ``declared`` (Weis declared by hand, one entry per seat) only the declared Weis
    compete, and a seat that declared nothing scores none of its Weis (reading).

    >>> hands = ["9C 10C JC", "9C' 10C' JC'", "AH", "AD", "AS", "KS"]
    >>> d = double_declarations(hands, "trump(S)", sides=(0, 1, 0, 1, 0, 1))
    >>> d.weis.winner, d.weis.points  # identical best Weis of opposing sides: nobody (RULES J)
    (None, (0, 0))
    """
    trump, undenufe = mode_of(contract)
    side_of = check_sides(len(hands), sides)
    n_sides = max(side_of) + 1
    seen: set[Card] = set()
    checked = []
    for seat, h in enumerate(hands):
        cs = hand_cards(h, deck)
        if not seen.isdisjoint(cs):
            raise CardError(f"seat {seat}: a card copy dealt twice (RULES J, two decks)")
        seen.update(cs)
        checked.append(cs)
    if weis:
        if deck.name == JASS.name:
            melds = [best_melds(cs, trump=trump, undenufe=undenufe, options=options)
                     for cs in checked]
        else:
            melds = [_double_best(cs, trump, undenufe, options, deck) for cs in checked]
        if declared is None:
            candidates = [(seat, ms[0] if ms else None) for seat, ms in enumerate(melds)]
        else:
            candidates = list(enumerate(declared))
            melds = [ms if declared[seat] is not None else () for seat, ms in enumerate(melds)]
        result = decide(candidates, melds, side_of, forehand, trump, undenufe, options)
    else:
        result = WeisResult(tuple(() for _ in hands), (None,) * n_sides, None, (0,) * n_sides)
    per_side = _stoeck_of(checked, trump, side_of) if stoeck else (0,) * n_sides
    return Declarations(result, per_side)
