"""Who speaks first in a game's first hand: a part of the table, not a flag (RULES J).

After the first hand the forehand moves one seat on (the driver does it); the first hand's
forehand is the table's :class:`FirstForehand` part:

- :class:`SeatForehand`: a fixed seat (seat 0 unless the game says otherwise);
- :class:`CardHolder`: the holder of a card, known only once the cards are dealt (Schieber:
  the Roses 7; a deck without 7s, six-player Schieber's, the Roses 9 of the first deck);
- :class:`DealerCard`: seat 0, and the dealer's last card is turned up for trump and shown to
  all (basic Jass).

>>> from chaitea.core.cards import JASS
>>> holder = CardHolder(("7S", "9S"))
>>> hands = [JASS.mask_of(["6C"]), JASS.mask_of(["7S", "8S"]), 0, 0]
>>> holder.first(JASS, hands), holder.card(JASS), holder.known_before_deal
(1, '7S', False)
>>> SeatForehand().first(JASS, hands), DealerCard().turns_up
(0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from chaitea.core.cards import Deck

__all__ = ["CardHolder", "DealerCard", "FirstForehand", "SeatForehand"]


class FirstForehand(Protocol):
    """The first hand's forehand: ``first(deck, hands)`` from the dealt hands (bit masks);
    ``known_before_deal``: whether it is known before the cards are dealt; ``turns_up``: the
    dealer's last card is turned up for trump; ``card(deck)``: the card whose holder leads
    (``None`` when no card decides)."""

    @property
    def known_before_deal(self) -> bool: ...
    @property
    def turns_up(self) -> bool: ...
    def first(self, deck: Deck, hands: Sequence[int]) -> int: ...
    def card(self, deck: Deck) -> str | None: ...


@dataclass(frozen=True)
class SeatForehand:
    """A fixed seat speaks first."""

    seat: int = 0
    known_before_deal: bool = True
    turns_up: bool = False

    def first(self, deck: Deck, hands: Sequence[int]) -> int:
        return self.seat

    def card(self, deck: Deck) -> str | None:
        return None


@dataclass(frozen=True)
class DealerCard(SeatForehand):
    """Seat 0 speaks first; the dealer's last card is turned up for trump (basic Jass)."""

    turns_up: bool = True


@dataclass(frozen=True)
class CardHolder:
    """The holder of the first of ``cards`` that the deck has speaks first (Schieber: ``7S``;
    a deck without 7s: ``9S``; with two copies, the first deck's)."""

    cards: tuple[str, ...] = ("7S", "9S")
    known_before_deal: bool = False
    turns_up: bool = False

    def card(self, deck: Deck) -> str | None:
        return next(c for c in self.cards if c in deck.by_text)

    def first(self, deck: Deck, hands: Sequence[int]) -> int:
        text = self.card(deck)
        assert text is not None
        bit = 1 << deck.by_text[text]
        return next(s for s, m in enumerate(hands) if m & bit)
