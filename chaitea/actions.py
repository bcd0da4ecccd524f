"""Actions as small frozen values, each with the canonical string the record uses (RECORD).

The state API speaks in action *ids* (small ints, as OpenSpiel does); :meth:`Game.action` turns an
id into one of these values and ``str()`` gives its record spelling. Every value is hashable: a
field of the wrong type is refused when the value is made (:class:`~chaitea.IllegalAction`
naming the field), not with a ``TypeError`` when the engine looks it up.

>>> str(Pick("trump(H)", 20)), str(Pick("under")), str(Pass()), str(Offer(10))
('20 trump(H)', 'under', 'pass', 'offer 10')
>>> try:
...     Pick(["under"])
... except IllegalAction as e:
...     print(e)
Pick.spelling must be a string such as 'under', not ['under']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import Card
from .errors import IllegalAction, IllegalPick
from .markup import quote

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

    def __post_init__(self) -> None:
        if not isinstance(self.spelling, str):
            raise IllegalAction(f"Pick.spelling must be a string such as 'under', not "
                                f"{quote(self.spelling)}")
        _check_amount(self.debt, "Pick.debt")

    def __str__(self) -> str:
        return f"{self.debt} {self.spelling}" if self.debt else self.spelling


@dataclass(frozen=True)
class Play:
    """Play a card to the current trick (RULES F)."""

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise IllegalAction(f"Play.card must be a Card (Card.parse('7H')), not "
                                f"{quote(self.card)}")

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Offer:
    """Passing the Barrel: offer ``amount`` points to take the pick (RULES V, D11)."""

    amount: int

    def __post_init__(self) -> None:
        _check_amount(self.amount, "Offer.amount")

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


MAX_AMOUNT_DIGITS = 9
"""A Bet Debt or an offer is at most 35 (RULES B); longer numbers are refused unread."""


def _check_amount(value: object, field: str) -> None:
    if type(value) is not int:
        raise IllegalAction(f"{field} must be a whole number of points, not {quote(value)}")
    if abs(value) >= 10 ** MAX_AMOUNT_DIGITS:
        raise IllegalPick(f"{field} {quote(value)} is far above the largest Bet Debt (RULES B)")


Action = Pass | Pick | Play | Offer | Accept | Decline | Rescind

# RECORD: ASCII digits only, one space, nothing after the spelling (``\Z``, not ``$``, which
# would accept a trailing newline).
_PICK_RE = re.compile(r"(?:([0-9]+) )?(\S+)\Z", re.ASCII)
_OFFER_RE = re.compile(r"offer ([0-9]+)\Z", re.ASCII)
_WORDS: dict[str, Action] = {
    "pass": Pass(), "accept": Accept(), "decline": Decline(), "rescind": Rescind()}


def parse_action(text: str) -> Action | None:
    """Parse a picking action string (``pass``, ``20 trump(H)``, ``offer 10``, ``accept``...).

    Card plays need the deck and are read by :meth:`Game.parse_action`; this returns ``None`` for a
    string of no picking shape. DEBT may have leading zeros (``05 under`` is 5, RECORD), but
    is written in ASCII digits; a number of more than 9 digits is refused unread
    (:class:`~chaitea.IllegalPick`), whatever its length.

    >>> parse_action("05 under"), parse_action("under\\n"), parse_action("\u0665 under")
    (Pick(spelling='under', debt=5), None, None)
    """
    if text in _WORDS:
        return _WORDS[text]
    m = _OFFER_RE.match(text)
    if m:
        return Offer(_amount(m.group(1), "offer"))
    m = _PICK_RE.match(text)
    if m:
        return Pick(m.group(2), _amount(m.group(1), "Bet Debt") if m.group(1) else 0)
    return None


def _amount(digits: str, what: str) -> int:
    if len(digits.lstrip("0")) > MAX_AMOUNT_DIGITS:
        raise IllegalPick(f"{what} {quote(digits, 20)} ({len(digits):,} digits) is far above the "
                          "largest Bet Debt (RULES B)")
    return int(digits.lstrip("0") or "0")  # leading zeros, however many, are allowed (RECORD)
