"""Suits, cards and decks (RULES C).

A :class:`Card` is a small frozen value that prints in the rulebook's notation and parses back::

    >>> from chaitea.core.cards import Card, STANDARD
    >>> Card.parse("7H")
    Card.parse('7H')
    >>> str(Card.parse("13S")), Card.parse("13S").rank
    ('13S', 13)
    >>> STANDARD.points_of(Card.parse("9C")), STANDARD.total_points
    (9, 100)

A :class:`Deck` is rules as data: its cards in canonical order (the order a seeded deal shuffles,
RECORD ``deal``), their card points and the masks the engine uses internally. Card strings are
read in the context of a deck: ``10C`` is a plain 10 in the six-player deck and the Banner in the
Jass deck.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from chaitea.core.bits import bits
from chaitea.core.errors import CardError
from chaitea.core.render import draw
from chaitea.core.values import CTJ, JASS_PLAIN_VALUES, NO_POINTS, ValueTable

__all__ = [
    "DECKS",
    "DOUBLE",
    "FRENCH",
    "JASS",
    "JASS_DOUBLE",
    "SIX_PLAYER",
    "STANDARD",
    "Card",
    "Deck",
    "Suit",
    "deck_named",
]


class Suit(enum.IntEnum):
    """The four suits, in canonical order C, D, H, S.

    >>> Suit.HEARTS.letter, Suit.HEARTS.plural, Suit.HEARTS.swiss
    ('H', 'hearts', 'Bells')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def plural(self) -> str:
        """The English name as a player says it: ``clubs``, ``hearts``."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def swiss(self) -> str:
        """The Swiss-German suit of the Jass deck (RULES C): Acorns, Shields, Bells, Roses."""
        return ("Acorns", "Shields", "Bells", "Roses")[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def colour(self) -> str:
        """``black`` (clubs, spades) or ``red`` (diamonds, hearts)."""
        return "red" if self in (Suit.DIAMONDS, Suit.HEARTS) else "black"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter (``H``) or English name (``hearts``)."""
        t = text.strip()
        for s in cls:
            if t.upper() == s.letter or t.lower() in (s.plural, s.plural[:-1], s.name.lower()):
                return s
        raise CardError(f"unknown suit {text!r}: use C, D, H or S (RULES C)")


# The faces of the Jass deck (6 to A) and of the French deck (2 to A, Oh Hell: 2 to 5 below 6)
_JASS_FACES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
               11: "J", 12: "Q", 13: "K", 14: "A"}
_JASS_RANKS = {v: k for k, v in _JASS_FACES.items()}
_CARD_RE = re.compile(r"^(?:JK([12])|(1[0-3]|[1-9]|[JQKA])([CDHS])('?))$")


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.

    ``rank`` is 1..13 in the numeric decks and 6..14 in the Jass deck (11 J Under, 12 Q Ober,
    13 K, 14 A); a Joker has rank 0 and no suit. ``copy`` tells the two copies of the double deck
    apart (0, or 1 written with a trailing ``'``) and numbers the Jokers (1, 2).

    >>> Card.parse("JK2").is_joker, str(Card.parse("7H'")), Card.parse("QC").label
    (True, "7H'", 'Q')
    """

    rank: int
    suit: Suit | None
    copy: int = 0
    jass: bool = False

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def label(self) -> str:
        """The rank as printed on the card face: ``7``, ``13``, ``Q``, ``JK``."""
        if self.suit is None:
            return "JK"
        return _JASS_FACES[self.rank] if self.jass else str(self.rank)

    def __str__(self) -> str:
        if self.suit is None:
            return f"JK{self.copy}"
        return f"{self.label}{self.suit.letter}{chr(39) if self.copy else ''}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        return str(draw("card", self))

    @classmethod
    def parse(cls, text: str, *, jass: bool | None = None) -> Card:
        """Parse the notation of RULES C. ``J``, ``Q``, ``K``, ``A`` (or ``jass=True``) read a
        Jass card; use :meth:`Deck.parse` to read a string in the context of a deck."""
        m = _CARD_RE.match(text.strip()) if isinstance(text, str) else None
        if m is None:
            raise CardError(
                f"{text!r} is not a card: write rank then suit, e.g. 7H, 13S, JK1 (RULES C)"
            )
        if m.group(1):
            return cls(0, None, int(m.group(1)))
        face, suit, prime = m.group(2), Suit("CDHS".index(m.group(3))), m.group(4)
        is_jass = face in "JQKA" if jass is None else jass
        if is_jass:
            if face not in _JASS_RANKS or not 6 <= _JASS_RANKS[face] <= 14:
                raise CardError(f"{text!r} is not a card of the Jass deck (6-10, J, Q, K, A)")
            return cls(_JASS_RANKS[face], suit, 1 if prime else 0, True)
        return cls(int(face), suit, 1 if prime else 0)


@dataclass(frozen=True, eq=False)
class Deck:
    """A deck as data: its cards in canonical order and the masks the engine uses (RULES C).

    ``values`` is the deck's default card-value table (:mod:`chaitea.core.values`); ``points`` and
    :meth:`points_of` read it (the Chai Tea Jazz table for the numeric decks; a contract may put
    another table in force, as the Jass contracts do).

    The engine works with card *indices* (positions in :attr:`cards`) and integer bit masks;
    ``suit_masks[s]`` has bit ``i`` set when card ``i`` is of suit ``s``.

    >>> SIX_PLAYER.size, SIX_PLAYER.total_points, len(DOUBLE.cards)
    (54, 200, 72)
    """

    name: str
    cards: tuple[Card, ...]
    values: ValueTable
    ranks: tuple[int, ...]  # the ranks of one suit, ascending
    points: tuple[int, ...] = field(init=False, repr=False)  # by the default table
    index: dict[Card, int] = field(init=False, repr=False)
    by_text: dict[str, int] = field(init=False, repr=False)
    suit_of: tuple[int, ...] = field(init=False, repr=False)  # -1 for a Joker
    rank_of: tuple[int, ...] = field(init=False, repr=False)
    suit_masks: tuple[int, int, int, int] = field(init=False, repr=False)
    joker_mask: int = field(init=False, repr=False)
    full_mask: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        s = object.__setattr__
        s(self, "index", {c: i for i, c in enumerate(self.cards)})
        s(self, "by_text", {str(c): i for i, c in enumerate(self.cards)})
        s(self, "suit_of", tuple(-1 if c.suit is None else int(c.suit) for c in self.cards))
        s(self, "rank_of", tuple(c.rank for c in self.cards))
        masks = [0, 0, 0, 0]
        jokers = 0
        for i, c in enumerate(self.cards):
            if c.suit is None:
                jokers |= 1 << i
            else:
                masks[c.suit] |= 1 << i
        s(self, "suit_masks", (masks[0], masks[1], masks[2], masks[3]))
        s(self, "joker_mask", jokers)
        s(self, "full_mask", (1 << len(self.cards)) - 1)
        s(self, "points", self.values.for_deck(self))

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def total_points(self) -> int:
        return sum(self.points)

    @property
    def is_jass(self) -> bool:
        """A Jass deck (the 36 cards, or the six-player Schieber's two 24-card decks; not the
        French deck, whose faces it shares)."""
        return bool(self.cards) and self.cards[0].jass and min(self.ranks) >= 6

    def parse(self, text: str) -> Card:
        """The card of this deck that ``text`` names; a :class:`CardError` names the deck if none.

        >>> STANDARD.parse("10C")
        Traceback (most recent call last):
        ...
        chaitea.core.errors.CardError: 10C is not a card of the standard deck (ranks 1-9 ...
        """
        i = self.by_text.get(text.strip()) if isinstance(text, str) else None
        if i is None:
            raise CardError(f"{text} is not a card of the {self.describe()}")
        return self.cards[i]

    def index_of(self, text: str | Card) -> int:
        """The index of a card (given as a :class:`Card` or a string) in this deck."""
        if isinstance(text, Card):
            i = self.index.get(text)
            if i is None:
                raise CardError(f"{text} is not a card of the {self.describe()}")
            return i
        return self.index[self.parse(text)]

    def describe(self) -> str:
        return {
            "standard": "standard deck (ranks 1-9 in C, D, H, S)",
            "six-player": "six-player deck (ranks 1-13 in C, D, H, S, and JK1, JK2)",
            "double": "double deck (two copies of ranks 1-9; the second written 7H')",
            "jass": "Jass deck (6 7 8 9 10 J Q K A in C, D, H, S)",
            "jass-double": "Jass double deck (two 24-card decks, 9 10 J Q K A in C, D, H, S; "
                           "the second written JH')",
            "french": "French deck (2 3 4 5 6 7 8 9 10 J Q K A in C, D, H, S)",
        }[self.name]

    def points_of(self, card: Card | str) -> int:
        """Card points of one card by the deck's default table (RULES C: odd ranks score their
        rank, Jokers 2 by D1)."""
        return self.points[self.index_of(card)]

    def mask_of(self, cards: Iterable[Card | str]) -> int:
        m = 0
        for c in cards:
            m |= 1 << self.index_of(c)
        return m

    def cards_of(self, mask: int) -> list[Card]:
        """The cards of a bit mask, in canonical order."""
        cards = self.cards
        return [cards[i] for i in bits(mask)]

    def __repr__(self) -> str:
        return f"<Deck {self.name}: {self.size} cards, {self.total_points} points>"


def _numeric_deck(name: str, top: int, copies: int = 1, jokers: int = 0) -> Deck:
    cards = [
        Card(rank, suit, copy)
        for copy in range(copies)
        for suit in Suit
        for rank in range(1, top + 1)
    ]
    cards += [Card(0, None, j) for j in range(1, jokers + 1)]
    # RULES C, D1: odd ranks score their rank, each Joker 2 (the six-player deck totals 200).
    return Deck(name, tuple(cards), CTJ, tuple(range(1, top + 1)))


# The Jass deck's card values depend on the contract (RULES J); its default is the plain-suit
# table (chaitea.core.values.JASS_PLAIN_VALUES).

STANDARD = _numeric_deck("standard", 9)
SIX_PLAYER = _numeric_deck("six-player", 13, jokers=2)
DOUBLE = _numeric_deck("double", 9, copies=2)
JASS = Deck(
    "jass",
    tuple(Card(r, s, 0, True) for s in Suit for r in range(6, 15)),
    JASS_PLAIN_VALUES,
    tuple(range(6, 15)),
)
# Six-player Schieber (the Jass text): two 24-card decks (6, 7, 8 removed from each), 48 cards;
# the second copy written with a trailing ' and dealt as a whole block after the first, as the
# Chai Tea Jazz double deck (RULES C, RECORD deal). Of two identical cards the later-played wins.
JASS_DOUBLE = Deck(
    "jass-double",
    tuple(Card(r, s, copy, True) for copy in (0, 1) for s in Suit for r in range(9, 15)),
    JASS_PLAIN_VALUES,
    tuple(range(9, 15)),
)
# Oh Hell as OpenSpiel's oh_hell plays it (num_suits=4, num_cards_per_suit=13): the 52-card
# French deck, 2 to A (rank 14) in each suit, no card points (only tricks count). Its card ids
# are the kit's (suit by suit, C D H S, 2 first); OpenSpiel numbers rank by rank in C D S H
# (tests/openspiel maps the two).
FRENCH = Deck(
    "french",
    tuple(Card(r, s, 0, True) for s in Suit for r in range(2, 15)),
    NO_POINTS,
    tuple(range(2, 15)),
)
DECKS: dict[str, Deck] = {d.name: d for d in (STANDARD, SIX_PLAYER, DOUBLE, JASS)}  # RULES C
# and the RULES J decks, and Oh Hell's
_NAMED: dict[str, Deck] = {**DECKS, JASS_DOUBLE.name: JASS_DOUBLE, FRENCH.name: FRENCH}


def deck_named(name: str) -> Deck:
    """The deck called ``standard``, ``six-player``, ``double``, ``jass``, ``jass-double`` or
    ``french`` (RECORD ``deck``).

    >>> deck_named("jass-double")
    <Deck jass-double: 48 cards, 240 points>
    """
    try:
        return _NAMED[name]
    except (KeyError, TypeError):
        raise CardError(
            f"unknown deck {name!r}: use standard, six-player, double, jass, jass-double or french "
            "(RECORD options.deck)"
        ) from None
