"""What the explorers share: the deck choices in words, the number of tricks a deal plays, a
card read in a deck's context (a refusal in words for a card the deck does not hold), and the
suits named one way per deck: the Jass deck's Swiss suits (Acorns, Shields, Bells,
Roses, :attr:`chaitea.Suit.swiss`), the French suits and their symbols for the others."""

from __future__ import annotations

import chaitea
from chaitea import SEATINGS, Card, Contract, Deck, Suit

from .base import Refusal

__all__ = ["contract_title", "deck_label", "led_options", "parse_card", "suit_name", "tricks_of"]


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


def suit_name(suit: Suit, deck: Deck) -> str:
    """A suit in the deck's words: ``Bells`` in the Jass deck, ``hearts`` in the others."""
    return suit.swiss if deck.is_jass else suit.plural


def contract_title(contract: Contract, deck: Deck) -> str:
    """The contract's title with its trump in the deck's words: ``Trump (Bells)`` in the Jass
    deck (a Chai Tea Jazz contract's title names the French suit), ``Trump (Hearts)`` else."""
    title = contract.title
    t = contract.trump
    if t is None or not deck.is_jass:
        return title
    return title.replace(f"({t.plural.capitalize()}", f"({t.swiss}", 1)


def led_options(deck: Deck) -> tuple[list[tuple[str, str]], list[str]]:
    """The led-suit buttons and their tooltips: the Swiss names for the Jass deck (there are no
    text symbols for them), the French symbols for the others."""
    options = [("any", "")]
    tips = ["no suit led yet: every suit's order"]
    for s in Suit:
        options.append((s.swiss if deck.is_jass else s.symbol, s.letter))
        tips.append(f"{suit_name(s, deck)} led")
    return options, tips
