"""One family of errors, each message written for a player.

Every refusal of the engine is a :class:`ChaiTeaError` (a ``ValueError``), so a view can catch one
type and show its message. The state that refused an action is unchanged.

>>> from chaitea.core.errors import IllegalAction
>>> issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations

from chaitea.core.markup import one_line

__all__ = [
    "MAX_RECORD_MESSAGE",
    "CardError",
    "ChaiTeaError",
    "DealError",
    "IllegalAction",
    "IllegalPick",
    "IllegalPlay",
    "RecordError",
    "SaveError",
    "SetupError",
]

MAX_RECORD_MESSAGE = 200
"""The longest message of a :class:`RecordError` (its ``where`` prefix included)."""


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
    """A game record that cannot be replayed; ``where`` is ``round R, picking|play step K``.

    The message is one line of at most :data:`MAX_RECORD_MESSAGE` characters (RECORD: one line
    on standard error): control characters escaped, and a longer text (a long list of the
    legal actions after a long action) cut with "…". Input inside it is quoted, cut at 60
    characters, where the message is built (:func:`chaitea.core.markup.quote`).

    >>> str(RecordError("round 1, picking step 2", "x refused\\n" + "y" * 300))[-12:]
    'yyyyyyyyyyy…'
    """

    def __init__(self, where: str, message: str) -> None:
        text = one_line(f"{where}: {message}", MAX_RECORD_MESSAGE - 1)  # then "…"
        super().__init__(text)
        self.where = where
        self.detail = text[len(where) + 2:]


class SaveError(ChaiTeaError, OSError):
    """A game that could not be saved (:func:`chaitea.records.record.save`): the message, one
    line, names the file and the reason (``cannot save 'g.json': No space left on device``).
    The previous file is as it was and no temporary is left. Also an ``OSError``, as
    :func:`~chaitea.records.record.load`'s file that cannot be read is, so code that handles a
    file's ``OSError`` handles it too; ``errno`` and ``filename`` are the cause's."""

    __str__ = BaseException.__str__  # the message, not OSError's "[Errno n] ..." form
