"""One family of errors, each message written for a player.

Every refusal of the engine is a :class:`ChaiTeaError` (a ``ValueError``), so a view can catch one
type and show its message. The state that refused an action is unchanged.

>>> from chaitea.core.errors import IllegalAction
>>> issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "ChaiTeaError",
    "DealError",
    "IllegalAction",
    "IllegalPick",
    "IllegalPlay",
    "RecordError",
    "SetupError",
]


class ChaiTeaError(ValueError):
    """Base of every error the engine raises for bad input."""


class CardError(ChaiTeaError):
    """A card string that does not name a card of the deck in use (RULES C)."""


class DealError(ChaiTeaError):
    """A deal with duplicate, missing or foreign cards, or hands of the wrong size (RULES P)."""


class SetupError(ChaiTeaError):
    """An unknown row, option, deck or player count (RECORD ``setup``/``options``)."""


class IllegalAction(ChaiTeaError):
    """An action the rules refuse in the current state; the state is unchanged."""


class IllegalPick(IllegalAction):
    """A picking action refused by RULES B (pass, pick, Bet Debt, offers)."""


class IllegalPlay(IllegalAction):
    """A card play refused by RULES F (following) or by the turn order."""


class RecordError(ChaiTeaError):
    """A game record that cannot be replayed; ``where`` is ``round R, picking|play step K``."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.detail = message
