"""Actions as small frozen values, each with the canonical string the record uses (RECORD).

The state API speaks in action *ids* (small ints, as OpenSpiel does); :meth:`Game.action` turns an
id into one of these values and ``str()`` gives its record spelling.

>>> str(Pick("trump(H)", 20)), str(Pick("under")), str(Pass()), str(Offer(10))
('20 trump(H)', 'under', 'pass', 'offer 10')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import Card

__all__ = [
    "Accept", "Action", "Decline", "Offer", "Pass", "Pick", "Play", "Rescind", "parse_action",
]


@dataclass(frozen=True)
class Pass:
    """A Hard Pass: out for the rest of this picking phase (RULES B)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Pick:
    """Pick a contract row by its spelling, taking ``debt`` Bet Debt (RULES B)."""

    spelling: str
    debt: int = 0

    def __str__(self) -> str:
        return f"{self.debt} {self.spelling}" if self.debt else self.spelling


@dataclass(frozen=True)
class Play:
    """Play a card to the current trick (RULES F)."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Offer:
    """Passing the Barrel: offer ``amount`` points to take the pick (RULES V, D11)."""

    amount: int

    def __str__(self) -> str:
        return f"offer {self.amount}"


@dataclass(frozen=True)
class Accept:
    """Accept the barrel holder's offer (RULES V, D11)."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Decline:
    """Decline the barrel holder's offer (RULES V, D11)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True)
class Rescind:
    """The barrel holder withdraws the offer and picks (RULES V)."""

    def __str__(self) -> str:
        return "rescind"


Action = Pass | Pick | Play | Offer | Accept | Decline | Rescind

_PICK_RE = re.compile(r"^(?:(\d+) )?(\S+)$")
_OFFER_RE = re.compile(r"^offer (\d+)$")
_WORDS: dict[str, Action] = {
    "pass": Pass(), "accept": Accept(), "decline": Decline(), "rescind": Rescind()}


def parse_action(text: str) -> Action | None:
    """Parse a picking action string (``pass``, ``20 trump(H)``, ``offer 10``, ``accept``...).

    Card plays need the deck and are read by :meth:`Game.parse_action`; this returns ``None`` for a
    string of no picking shape. DEBT may have leading zeros (``05 under`` is 5, RECORD).
    """
    if text in _WORDS:
        return _WORDS[text]
    m = _OFFER_RE.match(text)
    if m:
        return Offer(int(m.group(1)))
    m = _PICK_RE.match(text)
    if m:
        return Pick(m.group(2), int(m.group(1)) if m.group(1) else 0)
    return None
