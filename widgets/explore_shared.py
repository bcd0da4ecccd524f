"""What the explorers share: the deck choices in words, the number of tricks a deal plays, and
a card read in a deck's context (a refusal in words for a card the deck does not hold)."""

from __future__ import annotations

import chaitea
from chaitea import SEATINGS, Card, Deck

from .base import Refusal

__all__ = ["deck_label", "parse_card", "tricks_of"]


def deck_label(name: str) -> str:
    return {"standard": "Standard (36 cards)", "six-player": "Six-player (54, Jokers)",
            "double": "Double (72)", "jass": "Jass (Swiss suits)"}[name]


def tricks_of(players: int, deck: str) -> int:
    return SEATINGS[players].tricks("standard" if deck == "jass" else deck)


def parse_card(deck: Deck, text: Card | str) -> Card:
    if isinstance(text, Card):
        if text not in deck.index:
            raise chaitea.CardError(f"{text} is not a card of the {deck.describe()}")
        return text
    if not isinstance(text, str):
        raise Refusal(f"{text!r} is not a card: write rank then suit, e.g. 7H")
    return deck.parse(text)
