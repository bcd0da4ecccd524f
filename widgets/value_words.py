"""The engine's values in a player's words: a table game's picking items, contracts, Weis,
suits and cards (Swiss or French faces), as the Jass table's buttons, lines and captions say
them. Words only: the items are the engine's values
(:mod:`chaitea.engine.pick_items`), the contracts its :class:`~chaitea.core.contracts.Contract`.

>>> item_words("trump(H)"), item_words("trump(H)", faces="french")
('Trump: Bells', 'Trump: hearts')
>>> item_words("push"), item_words("joker=slalom(obenabe)")
('Push to your partner', 'Joker: Slalom, Obenabe first')
>>> item_words("riesenslalom(undenufe,4)"), item_words("3x3(tou)")
('Riesenslalom: 4 tricks Undenufe, then Obenabe', '3x3: trump, Obenabe, Undenufe (3 tricks each)')
>>> item_words("guess(40)"), item_words("bid(5)"), item_words("double")
('Guess 40 points', 'Bid 5 tricks', 'Double')
"""

from __future__ import annotations

from typing import Any

from chaitea.core.cards import Suit
from chaitea.engine.pick_items import (
    Announce,
    Bid,
    Choose,
    Declare,
    Double,
    Guess,
    MalformedPick,
    NameTrump,
    Pass,
    Push,
    parse_pick,
)

__all__ = ["SUIT_WORDS", "contract_words", "item_words", "meld_words", "suit_words"]

#: The suits by letter, Swiss faces and French faces (RULES J; docs/widgets.md's Jass cards).
SUIT_WORDS = {
    "swiss": {"C": "Acorns", "D": "Shields", "H": "Bells", "S": "Roses"},
    "french": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
}
_MODES = {"obenabe": "Obenabe", "undenufe": "Undenufe"}
_MODE_HINTS = {"obenabe": "Obenabe (top down, no trump)",
               "undenufe": "Undenufe (bottom up, no trump)",
               "tutti": "Tutti (the first card off suit sets trump)",
               "misere": "Misère (the fewest points win)"}
_SHORT = {"tutti": "Tutti", "misere": "Misère"}
_3X3 = {"t": "trump", "o": "Obenabe", "u": "Undenufe"}


def suit_words(suit: int | Suit | str, faces: str = "swiss") -> str:
    """A suit's name: ``0``/``Suit.CLUBS``/``"C"`` → ``Acorns`` (``clubs`` with French faces).

    >>> suit_words(2), suit_words("S", "french")
    ('Bells', 'spades')
    """
    letter = suit if isinstance(suit, str) else "CDHS"[int(suit)]
    return SUIT_WORDS.get(faces, SUIT_WORDS["swiss"])[letter]


def contract_words(spelling: str, faces: str = "swiss") -> str:
    """A contract spelling in words (``joker=`` included); an unknown one as written.

    >>> contract_words("gustav(undenufe)"), contract_words("obenabe")
    ('Gustav, Undenufe first', 'Obenabe (top down, no trump)')
    """
    if spelling.startswith("joker="):
        return "Joker: " + _short(spelling[6:], faces)
    if spelling.startswith("trump(") and len(spelling) == 8:
        return "Trump: " + suit_words(spelling[6], faces)
    if spelling in _MODE_HINTS:
        return _MODE_HINTS[spelling]
    return _short(spelling, faces)


def _short(spelling: str, faces: str) -> str:
    if spelling.startswith("trump(") and len(spelling) == 8:
        return "Trump: " + suit_words(spelling[6], faces)
    if spelling in _MODES:
        return _MODES[spelling]
    word, _, rest = spelling.partition("(")
    args = rest.rstrip(")").split(",") if rest else []
    if word in ("slalom", "gustav") and len(args) == 1 and args[0] in _MODES:
        return f"{word.title()}, {_MODES[args[0]]} first"
    if word == "riesenslalom" and len(args) == 2 and args[0] in _MODES:
        other = "Undenufe" if args[0] == "obenabe" else "Obenabe"
        return f"Riesenslalom: {args[1]} tricks {_MODES[args[0]]}, then {other}"
    if word in ("3x3", "tuo") and len(args) == 1 and set(args[0]) <= set(_3X3):
        parts = ", ".join(_3X3[c] for c in args[0])
        return f"3x3: {parts} (3 tricks each)"
    return _SHORT.get(spelling, spelling)


def item_words(spelling: str, faces: str = "swiss") -> str:
    """A picking item in words, for a button or a line of the table."""
    try:
        item = parse_pick(spelling)
    except MalformedPick:
        return spelling
    if type(item) is Choose:
        return contract_words(spelling, faces)
    if type(item) is Push:
        return "Push to your partner"
    if type(item) is Pass:
        return "Pass"
    if type(item) is NameTrump:
        return "Trump: " + suit_words(item.suit, faces)
    if type(item) is Guess:
        return f"Guess {item.points} points"
    if type(item) is Bid:
        return f"Bid {item.tricks} trick{'s' * (item.tricks != 1)}"
    if type(item) is Announce:
        return f"Announce {item.tricks} trick{'s' * (item.tricks != 1)}"
    if type(item) is Double:
        return "Double"
    if type(item) is Declare:
        return "No Weis" if not item.cards else "Declare Weis: " + " ".join(item.cards)
    return spelling


#: Four of a kind in words, by face style: Swiss faces have Unders, Obers and Banners (RULES C).
FOUR_WORDS: dict[str, dict[str, str]] = {
    "swiss": {"10": "Banners", "J": "Unders", "Q": "Obers", "K": "Kings", "A": "Aces"},
    "french": {"J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"},
}


def meld_words(meld: Any, faces: str = "swiss") -> str:
    """A Weis in words with its points: ``four 9s (150)``, ``four Unders (200)``, ``3 in
    sequence to the K of Roses (20)``."""
    cards = list(meld.cards)
    kind = getattr(meld.kind, "value", str(meld.kind))
    if kind == "four":
        rank = str(cards[0]).rstrip("'")[:-1]
        words = FOUR_WORDS.get(faces, FOUR_WORDS["swiss"]).get(rank, f"{rank}s")
        return f"four {words} ({meld.points})"
    top = str(meld.top).rstrip("'")  # a second deck's copy mark (six-player Schieber)
    return (f"{len(cards)} in sequence to the {top[:-1]} of {suit_words(top[-1], faces)} "
            f"({meld.points})")


def card_words(card: str, faces: str = "swiss") -> str:
    """A Jass card's record spelling in words, the spelling kept: ``Under of Roses (JS)``.

    >>> card_words("JS"), card_words("10H", "french")
    ('Under of Roses (JS)', '10 of hearts (10H)')
    """
    from chaitea.core.cards import JASS, JASS_DOUBLE
    from chaitea.draw.swiss_cards import check_faces, jass_card_name

    deck = JASS_DOUBLE if card.endswith("'") else JASS
    try:
        parsed = deck.parse(card)
    except ValueError:
        return card
    return f"{jass_card_name(parsed, check_faces(faces))} ({card})"
