"""Checks of what the engine is given from outside: players' names and ``Game(...)`` arguments.

Each check raises a :class:`~chaitea.core.errors.SetupError` that names the argument or field
(``names[1] ...``) and quotes the input escaped and shortened (:func:`chaitea.core.markup.quote`);
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

import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from chaitea.core.errors import ChaiTeaError, RecordError, SetupError
from chaitea.core.markup import control_characters, quote

MAX_SEED_DIGITS = 4000
"""A seed is an integer of at most 4,000 digits (Python reads no longer number from text)."""
_DECKS = ("standard", "six-player", "double", "jass")

__all__ = [
    "MAX_NAME_LENGTH",
    "MAX_SEED_DIGITS",
    "check_name",
    "check_names",
    "check_round",
    "game_arguments",
    "names_or_none",
    "record_end",
    "record_game",
    "record_names",
    "record_players",
    "record_required",
    "round_arguments",
    "seed_argument",
]

MAX_NAME_LENGTH = 40
"""A player's name is plain text of 1 to 40 characters (docs/engine.md, Shared records and
bad input)."""
_SEED_BOUND = 10 ** MAX_SEED_DIGITS  # the first number of MAX_SEED_DIGITS + 1 digits


def check_name(name: object, field: str = "name") -> str:
    """``name`` if it is a player's name: a string of 1 to :data:`MAX_NAME_LENGTH` characters
    without control, format or separator characters (see
    :func:`~chaitea.core.markup.control_characters`); else a :class:`SetupError` naming ``field``.
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


def names_or_none(names: Sequence[str] | None, game: Any) -> list[str] | None:
    """The names given to ``new_initial_state`` (both families) or :meth:`Game.round_state`
    checked as :func:`check_names` checks a record's and a save's (one per seat, each a
    plain-text name), or ``None`` for the default ``Seat 0``, ``Seat 1``...

    >>> try:
    ...     names_or_none(True, type("G", (), {"players": 4}))
    ... except SetupError as e:
    ...     print(e)
    names must be a list of 4 names, not True
    """
    return None if names is None else check_names(names, game.players)


def _is_int(value: object) -> bool:
    return type(value) is int


def game_arguments(players: object, setup: object, deck: object, passing_the_barrel: object,
                   match_point: object, meta: object, ruleset: object,
                   same_contract_raise: object) -> None:
    """Check the types and shapes of ``Game(...)``'s arguments before the engine reads them:
    a :class:`SetupError` naming the argument (never a bare ``TypeError``, ``OverflowError`` or
    ``ValueError``), with the value quoted escaped and shortened. The rules' own checks (which
    deck fits which player count, which meta...) follow in :class:`~chaitea.Game`.

    >>> try:
    ...     game_arguments(3, "standard", ["jass"], False, False, None, "chai-tea-jazz", True)
    ... except SetupError as e:
    ...     print(e)
    deck must be standard, six-player, double or jass, not ['jass'] (RECORD options.deck)
    """
    from chaitea.core.setups import MAX_ROWS, Setup

    if not _is_int(players) or players not in (2, 3, 4, 6):
        raise SetupError(f"players must be 2, 3, 4 or 6, not {quote(players)} (RECORD players)")
    if not isinstance(setup, Setup | str | list):
        raise SetupError("setup must be \"standard\", \"short\", \"long\" or a list of rows, "
                         f"not {quote(setup)} (RECORD setup)")
    if isinstance(setup, Setup | list) and len(setup.rows if isinstance(setup, Setup) else
                                               setup) > MAX_ROWS:
        n = len(setup.rows if isinstance(setup, Setup) else setup)
        raise SetupError(f"a custom setup has at most {MAX_ROWS} rows, not {n:,} (RECORD setup)")
    if isinstance(setup, str) and setup not in ("standard", "short", "long"):
        raise SetupError(f"unknown setup {quote(setup)}: use standard, short, long or a list of "
                         "rows (RECORD setup)")
    if deck is not None and deck not in _DECKS:
        raise SetupError(f"deck must be {', '.join(_DECKS[:-1])} or {_DECKS[-1]}, not "
                         f"{quote(deck)} (RECORD options.deck)")
    for name, flag in (("passing_the_barrel", passing_the_barrel),
                       ("match_point", match_point),
                       ("same_contract_raise", same_contract_raise)):
        if type(flag) is not bool:
            raise SetupError(f"option {name} must be true or false, not {quote(flag)}")
    if meta is not None and not isinstance(meta, str):
        raise SetupError(f"meta must be null or a name, not {quote(meta)} (RECORD options.meta)")
    if isinstance(meta, str) and len(meta) > 40:
        raise SetupError(f"unknown meta {quote(meta)} (RECORD options.meta)")
    if not isinstance(ruleset, str):
        raise SetupError(f"ruleset must be a name, not {quote(ruleset)} (RECORD options.ruleset)")
    if len(ruleset) > 40:
        raise SetupError(f"unknown ruleset {quote(ruleset)} (RECORD options.ruleset)")


def seed_argument(seed: object, field: str = "seed") -> None:
    """A seed is an integer (not a bool) of at most :data:`MAX_SEED_DIGITS` digits, as a
    record's ``{"seed": N}`` is (RECORD deal); else a :class:`SetupError` naming ``field``.

    >>> for bad in (2.5, "3", True, 10 ** 4000):
    ...     try:
    ...         seed_argument(bad)
    ...     except SetupError as e:
    ...         print(e)
    seed must be an integer, not 2.5
    seed must be an integer, not '3'
    seed must be an integer, not True
    seed <a number of about 4001 digits> is too long: a seed has at most 4,000 digits
    """
    if not _is_int(seed):
        raise SetupError(f"{field} must be an integer, not {quote(seed)}")
    assert isinstance(seed, int)
    if not -_SEED_BOUND < seed < _SEED_BOUND:
        raise SetupError(f"{field} {quote(seed)} is too long: a seed has at most "
                         f"{MAX_SEED_DIGITS:,} digits")


def check_samples(samples: object) -> None:
    """Refuse a PIMC bot's ``samples`` (worlds sampled per move) unless it is a whole number of
    at least 1, with a :class:`~chaitea.core.errors.SetupError`: no world, no mean (a division
    by zero at the first move). A library caller may pass anything; ``True`` is no count.
    :class:`~chaitea.ai.bots.PimcBot` and :class:`~chaitea.ai.table_bots.JassPimcBot` both
    check with it.

    >>> check_samples(1)
    >>> check_samples(0)
    Traceback (most recent call last):
    ...
    chaitea.core.errors.SetupError: samples must be a whole number of at least 1 (...), not 0
    """
    if isinstance(samples, bool) or not isinstance(samples, numbers.Integral) or samples < 1:
        raise SetupError(f"samples must be a whole number of at least 1 (worlds sampled "
                         f"per move), not {quote(samples)}")


def round_arguments(game: Any, deal: object, declarer: object, contract: object,
                    debt: object) -> None:
    """Check :meth:`Game.round_state`'s arguments: a deal or a seed, a seat, a contract (a value
    or its spelling) and a Bet Debt (a whole number 0..the game's maximum); a
    :class:`SetupError` naming the argument.

    >>> from chaitea import Game
    >>> try:
    ...     round_arguments(Game(players=3), 1, 0, "under", "5")
    ... except SetupError as e:
    ...     print(e)
    debt must be a whole number of points 0..35, not '5' (RULES B)
    """
    from chaitea.core.contracts import Contract
    from chaitea.core.deals import Deal

    if not isinstance(deal, Deal):
        seed_argument(deal, "deal")
    if not _is_int(declarer) or not 0 <= declarer < game.players:  # type: ignore[operator]
        raise SetupError(f"declarer must be a seat 0..{game.players - 1}, not {quote(declarer)}")
    if not isinstance(contract, Contract | str):
        raise SetupError(f"contract must be a Contract or its spelling such as \"trump(H)\", "
                         f"not {quote(contract)}")
    if not _is_int(debt) or not 0 <= debt <= game.max_debt:  # type: ignore[operator]
        raise SetupError(f"debt must be a whole number of points 0..{game.max_debt}, not "
                         f"{quote(debt)} (RULES B)")


def check_round(phase: str, r: int, rnd: object) -> tuple[str, object, list[Any], list[Any]]:
    """Round ``r`` of a record (RECORD rounds), read by a state in ``phase``: its picking step 0
    prefix, ``deal``, ``picking`` and ``plays``, or a :class:`RecordError` at that step. Shared
    by the Chai Tea Jazz and the Jass-family record readers.

    >>> check_round("deal", 1, {"deal": {"seed": 1}, "picking": [], "plays": []})
    ('round 1, picking step 0', {'seed': 1}, [], [])
    >>> try:
    ...     check_round("play", 2, {})
    ... except RecordError as e:
    ...     print(e)
    round 2, picking step 0: round 1 is not finished, so no round may follow it
    """
    w0 = f"round {r}, picking step 0"
    if phase == "end":
        raise RecordError(w0, "the game is already over; no round may follow")
    if phase != "deal":
        raise RecordError(w0, f"round {r - 1} is not finished, so no round may follow it")
    if not isinstance(rnd, dict):
        raise RecordError(w0, "a round is an object with 'deal', 'picking' and 'plays'")
    for key in ("deal", "picking", "plays"):
        if key not in rnd:
            raise RecordError(w0, f"the round has no {key!r} (RECORD rounds)")
    picking, plays = rnd["picking"], rnd["plays"]
    if not isinstance(picking, list) or not isinstance(plays, list):
        raise RecordError(w0, "'picking' and 'plays' must be lists of strings")
    return w0, rnd["deal"], picking, plays


_TOP = "round 0, picking step 0"  # where a record's top-level fields are refused
G = TypeVar("G")


def record_game(build: Callable[[], G]) -> G:
    """The game a record's top-level fields describe, built by ``build``; its
    :class:`~chaitea.core.errors.ChaiTeaError` becomes the record's refusal at picking step 0.
    Shared by the Chai Tea Jazz and the Jass-family record readers.

    >>> try:
    ...     record_game(lambda: check_names(["A"], 3))
    ... except RecordError as e:
    ...     print(e)
    round 0, picking step 0: names must give one name per seat: 3 names, not 1
    """
    try:
        return build()
    except ChaiTeaError as e:
        raise RecordError(_TOP, str(e)) from None


def record_required(data: Mapping[str, Any], keys: Sequence[str]) -> None:
    """Refuse a record without one of ``keys`` (RECORD: ``players`` and ``rounds``, and
    ``setup`` for Chai Tea Jazz), at picking step 0. Shared by both record readers."""
    missing = [k for k in keys if k not in data]
    if missing:
        raise RecordError(_TOP, f"the record has no {missing[0]!r} (RECORD)")


def record_players(players: object, allowed: Sequence[int]) -> None:
    """A record's ``players`` is a whole number (not ``null``, a bool or text): else a
    :class:`SetupError` listing the counts the game allows (RECORD players). Which whole
    numbers fit is the game's own check. Shared by both record readers.

    >>> try:
    ...     record_players(None, (3, 2, 4, 6))
    ... except SetupError as e:
    ...     print(e)
    'players' must be 2, 3, 4 or 6 (RECORD players)
    """
    if type(players) is not int:
        counts = [str(n) for n in sorted(allowed)]
        shown = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
        raise SetupError(f"'players' must be {shown} (RECORD players)")


def record_end(data: Mapping[str, Any]) -> bool:
    """Whether a record ends by agreement (``"end": "agreed"``); no ``end`` (or ``null``) is
    ``False`` and any other value is refused at picking step 0 (RECORD end). Whether the
    agreement may stand is the game's, judged after all rounds. Shared by both record readers.

    >>> record_end({}), record_end({"end": "agreed"})
    (False, True)
    >>> try:
    ...     record_end({"end": "quit"})
    ... except RecordError as e:
    ...     print(e)
    round 0, picking step 0: 'end' may only be "agreed", not 'quit'
    """
    end = data.get("end")
    if end is not None and not (isinstance(end, str) and end == "agreed"):
        raise RecordError(_TOP, f"'end' may only be \"agreed\", not {quote(end)}")
    return end is not None


def record_names(data: Mapping[str, Any], players: int) -> list[str] | None:
    """A record's ``names`` (or ``None``), checked (RECORD names)."""
    names = data.get("names")
    if names is not None:
        try:
            names = check_names(names, players)
        except ChaiTeaError as e:  # names[1] '...' holds a control character ...
            raise RecordError(_TOP, f"{e} (RECORD names)") from None
    return names
