"""Checks of what the engine is given from outside: players' names and ``Game(...)`` arguments.

Each check raises a :class:`~chaitea.errors.SetupError` that names the argument or field
(``names[1] ...``) and quotes the input escaped and shortened (:func:`chaitea.markup.quote`);
the record loader turns it into a refusal at ``round 0, picking step 0``.

>>> check_names(["Aslan", "Leo", "Mufasa"], 3)
['Aslan', 'Leo', 'Mufasa']
>>> try:
...     check_names(["Aslan", "Le\\x1bo", "Mufasa"], 3)
... except SetupError as e:
...     print(e)
names[1] 'Le\\x1bo' holds a control character (\\x1b): a name is plain text
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import SetupError
from .markup import control_characters, quote

if TYPE_CHECKING:
    from .game import Game

__all__ = ["MAX_NAME_LENGTH", "check_name", "check_names", "names_or_none"]

MAX_NAME_LENGTH = 40
"""A player's name is plain text of 1 to 40 characters (issue 8)."""


def check_name(name: object, field: str = "name") -> str:
    """``name`` if it is a player's name: a string of 1 to :data:`MAX_NAME_LENGTH` characters
    without control, format or separator characters (see
    :func:`~chaitea.markup.control_characters`); else a :class:`SetupError` naming ``field``.
    Markup characters (``<``, ``&``, quotes) are allowed: every view shows a name as text.

    >>> check_name('<b onclick="x">Leo</b>')
    '<b onclick="x">Leo</b>'
    >>> try:
    ...     check_name("x" * 41, "names[0]")
    ... except SetupError as e:
    ...     print(e)
    names[0] 'xxxxxxxx...' is 41 characters long: a name has at most 40
    """
    if not isinstance(name, str):
        raise SetupError(f"{field} must be a string, not {quote(name)}")
    if not name.strip():
        raise SetupError(f"{field} is empty: a name needs at least one visible character")
    if len(name) > MAX_NAME_LENGTH:
        raise SetupError(f"{field} {quote(name)} is {len(name):,} characters long: a name has "
                         f"at most {MAX_NAME_LENGTH}")
    bad = control_characters(name)
    if bad:
        what = "a control character" if len(bad) == 1 else "control characters"
        raise SetupError(f"{field} {quote(name)} holds {what} ({', '.join(bad[:5])}): a name "
                         "is plain text")
    return name


def check_names(names: object, players: int, field: str = "names") -> list[str]:
    """The list of one checked name per seat (RECORD ``names``), else a :class:`SetupError`
    naming the field (``names`` or ``names[i]``)."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise SetupError(f"{field} must be a list of {players} names, not {quote(names)}")
    if len(names) != players:
        raise SetupError(f"{field} must give one name per seat: {players} names, not "
                         f"{len(names)}")
    return [check_name(n, f"{field}[{i}]") for i, n in enumerate(names)]


def names_or_none(names: Sequence[str] | None, game: Game) -> list[str] | None:
    """The names given to :meth:`Game.new_initial_state` or :meth:`Game.round_state` checked
    (one per seat, each a plain-text name), or ``None`` for the default ``Seat 0``, ``Seat 1``..."""
    return None if names is None else check_names(names, game.players)
