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
from typing import TYPE_CHECKING

from chaitea.core.cards import Card
from chaitea.core.errors import CardError, IllegalAction, IllegalPick, IllegalPlay
from chaitea.core.markup import quote

if TYPE_CHECKING:  # types only
    from chaitea.core.cards import Deck
    from chaitea.core.contracts import Contract
    from chaitea.core.setups import Setup

__all__ = [
    "Accept", "Action", "ActionTable", "Decline", "Offer", "Pass", "Pick", "Play", "Rescind",
    "parse_action",
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


_CARD_SHAPED = re.compile(r"^(?:JK\d|\d{1,2}[CDHS]'?|10[CDHS]|[JQKA][CDHS])$")


class ActionTable:
    """A game's table of action ids (a part of :class:`chaitea.Game`): ids ``0..n_cards-1``
    play that card of the deck, then Pass, Accept, Decline, Rescind, the offers and every pick
    (spelling x Bet Debt) of the setup; parsing of the record's spellings.

    >>> from chaitea import Game
    >>> g = Game(players=3)
    >>> g.PASS == g.n_cards == 36, g.action(g.pick_ids[("under", 10)])
    (True, Pick(spelling='under', debt=10))
    """

    deck: Deck
    setup: Setup
    debts: tuple[int, ...]

    def _build_actions(self) -> None:
        actions: list[Action] = [Play(c) for c in self.deck.cards]
        self.n_cards = len(actions)
        self.PASS = len(actions)
        actions += [Pass(), Accept(), Decline(), Rescind()]
        self.ACCEPT, self.DECLINE, self.RESCIND = self.PASS + 1, self.PASS + 2, self.PASS + 3
        self.offer_ids: dict[int, int] = {}
        for x in self.debts[1:]:
            self.offer_ids[x] = len(actions)
            actions.append(Offer(x))
        self.spelling_rows: dict[str, tuple[int, ...]] = {}
        self.spelling_contract: dict[str, Contract] = {}
        for i, row in enumerate(self.setup.rows):
            for sp, c in zip(row.spellings, row.contracts, strict=True):
                self.spelling_rows[sp] = self.spelling_rows.get(sp, ()) + (i,)
                self.spelling_contract[sp] = c
        self.pick_ids: dict[tuple[str, int], int] = {}
        for sp in self.spelling_rows:
            for d in self.debts:
                self.pick_ids[(sp, d)] = len(actions)
                actions.append(Pick(sp, d))
        self.actions: tuple[Action, ...] = tuple(actions)
        self.kinds: tuple[type, ...] = tuple(type(a) for a in actions)  # dispatch by type
        self._id_of: dict[Action, int] = {a: i for i, a in enumerate(actions)}
        self._id_of_text: dict[str, int] = {str(a): i for i, a in enumerate(actions)}
        self.num_distinct_actions = len(actions)

    def action(self, action_id: int) -> Action:
        """The action value of an id: ``str(game.action(i))`` is its record spelling."""
        return self.actions[action_id]

    def action_to_string(self, action_id: int) -> str:
        return str(self.actions[action_id])

    def parse_action(self, text: str) -> Action:
        """Read an action in the record's spelling (``7H``, ``pass``, ``20 trump(H)``,
        ``joker=hearts-trump`` as an alias of ``joker=trump(H)``, ``offer 10``)."""
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not an action string")
        i = self._id_of_text.get(text)
        if i is not None:
            return self.actions[i]
        if _CARD_SHAPED.match(text):  # a card string, perhaps of another deck: a play
            try:
                return Play(self.deck.parse(text))
            except CardError as e:
                raise IllegalPlay(f"{text} refused: {e}") from None
        a = parse_action(text)
        if isinstance(a, Pick):
            sp = self.setup.joker_aliases.get(a.spelling, a.spelling)
            return Pick(sp, a.debt)
        if a is not None:
            return a
        try:
            return Play(self.deck.parse(text))
        except CardError:
            raise IllegalAction(f"{text!r} is neither a card of the {self.deck.describe()} nor a"
                                " picking action (pass, ROW, DEBT ROW, offer X, accept, decline,"
                                " rescind)") from None

    def action_id(self, action: Action) -> int | None:
        """The id of an action value, or ``None`` if no such action exists in this game."""
        return self._id_of.get(action)

