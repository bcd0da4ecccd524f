"""The game record ``chaitea-record/1``: save, load and replay (RECORD.md), for every ruleset.

A record is a plain JSON object (setup, deals, the actions taken) from which the engine rebuilds
every state. :func:`replay` checks a record and returns the RECORD replay report; the first illegal
or malformed item raises :class:`~chaitea.core.errors.RecordError` whose ``where`` is the exact
prefix ``round R, picking|play step K`` (rounds and steps from 1; file, top level and options at
``round 0, picking step 0``; a round's deal at its ``picking step 0``).

>>> from chaitea import Game
>>> state = Game(players=3).new_initial_state(seed=1)
>>> state.apply("pass"); state.apply("pass"); state.apply("pass"); state.apply("under")
>>> rec = state.record()
>>> rec["rounds"][0]["picking"]
['pass', 'pass', 'pass', 'under']
>>> report = replay(rec)
>>> report["next"]["phase"], report["next"]["seat"]
('play', 0)

A record whose ``options.ruleset`` names a Jass-family game is read as RECORD's Jass section
says: :mod:`chaitea.records.sections` holds what each section of RECORD reads and reports its own
way; everything else (the parsing, the checks of the top level, of each deal and each item, the
replay, the files) is the same for every ruleset here.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chaitea.core.deals import Deal
from chaitea.core.errors import ChaiTeaError, RecordError, SaveError
from chaitea.core.markup import control_characters, one_line, quote
from chaitea.engine.validate import (
    MAX_SEED_DIGITS,
    check_names,
    check_round,
    record_end,
    record_names,
    record_required,
)
from chaitea.engine.view import RECORD_FORMAT
from chaitea.records.sections import RecordSection, section_of

if TYPE_CHECKING:
    from chaitea.engine.driver import JassState
    from chaitea.engine.game import GameState

__all__ = ["FORMAT", "MAX_RECORD_BYTES", "load", "loads", "replay", "report", "save",
           "state_to_record"]

FORMAT = RECORD_FORMAT
MAX_RECORD_BYTES = 1_000_000
_TOP = "round 0, picking step 0"
_SEED_BOUND = 10 ** MAX_SEED_DIGITS  # a deal seed has at most 4,000 digits (RECORD deal)


def state_to_record(state: GameState | JassState) -> dict[str, Any]:
    """The ``chaitea-record/1`` object of a game in progress or finished
    (:meth:`chaitea.engine.state.State.record`)."""
    return state.record()


def loads(data: str | bytes | dict[str, Any]) -> GameState:
    """Rebuild the state a record describes (text, bytes or a parsed object); raises
    :class:`RecordError` at the first illegal or malformed item.

    Parsing is as strict as RECORD.md: a key twice in one JSON object, ``NaN``/``Infinity``,
    names that are not plain text (at most 40 characters, no control characters), actions and
    cards with surrounding spaces or control characters are refused, each naming its field.
    """
    if isinstance(data, bytes | bytearray | memoryview):
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(_TOP, f"the file is larger than {MAX_RECORD_BYTES} bytes")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(_TOP, "the file is not UTF-8 text") from None
    obj: object = data
    if isinstance(data, str):
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(_TOP, f"the text is longer than {MAX_RECORD_BYTES} characters")
        obj = _parse_json(data)
    if not isinstance(obj, dict):
        raise RecordError(_TOP, "a record is a JSON object")
    data = obj
    if data.get("format") != FORMAT:
        raise RecordError(_TOP, f"'format' must be {FORMAT!r}, not {quote(data.get('format'))}")
    section = section_of(data)
    record_required(data, section.required)
    game = section.game(data)
    names = record_names(data, game.players)
    key, default = section.first_seat
    seat = data.get(key, default)
    if (seat is not None or default is not None) and (type(seat) is not int or
                                                      not 0 <= seat < game.players):
        raise RecordError(_TOP, f"{key!r} must be a seat number 0..{game.players - 1}")
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise RecordError(_TOP, "'rounds' must be a list")
    agreed = record_end(data)
    state = game.new_initial_state(names=names, **{key: seat})
    for r, rnd in enumerate(rounds, 1):
        _replay_round(state, section, r, rnd)
    if agreed:
        try:
            section.agree(state)
        except ChaiTeaError as e:
            raise RecordError(_TOP, str(e)) from None
    return state  # type: ignore[no-any-return]


class _Duplicate(ValueError):
    pass


class BigNumber:
    """A JSON integer too long for Python to read (over ``sys.get_int_max_str_digits()``,
    4,300 digits): kept as this marker so that the field holding it is refused at its own step,
    as any value of the wrong type is."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits:,} digits>"


def _parse_int(text: str) -> int | BigNumber:
    digits = len(text.lstrip("-"))
    if digits > 4000:  # below the interpreter's 4,300, whatever it is set to
        return BigNumber(digits)
    return int(text)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number (RFC 8259)")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Duplicate(k)
        out[k] = v
    return out


def _parse_json(text: str) -> object:
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_int=_parse_int,
                          parse_constant=_no_constant)
    except _Duplicate as e:
        raise RecordError(_TOP, f"the key {quote(e.args[0])} appears twice in one object: "
                          "a record's keys are unique (RECORD)") from None
    except (ValueError, RecursionError) as e:
        raise RecordError(_TOP, f"not JSON: {quote(str(e), 200)[1:-1]}") from None


# The longest action of any setup is about 30 characters ("35 joker=trump-slalom(H,high)").
MAX_ACTION_LENGTH = 64
MAX_CARD_LENGTH = 8


def _strict_text(item: str, limit: int) -> str | None:
    """Why ``item`` is not written as RECORD writes actions and cards, or ``None``."""
    if len(item) > limit:
        return f"is {len(item):,} characters long (at most {limit})"
    if item != item.strip():
        return "has surrounding spaces"
    bad = control_characters(item)
    if bad:
        return f"holds a control character ({', '.join(bad[:3])})"
    if any(ch.isspace() and ch != " " for ch in item):
        return "holds a space character other than ' '"
    if item.count(" ") > 1:
        return "holds more than one space"
    return None


def _check_deal_strings(deal: object, where: str) -> None:
    """Refuse card strings of a deal that are not written as RECORD writes cards (before the
    engine reads them, so that messages quote them short and clean)."""
    if not isinstance(deal, dict):
        return
    for key in deal:
        if key not in ("seed", "hands", "straw", "set_aside"):
            raise RecordError(where, f"the deal takes no {quote(key)} (RECORD deal: seed, or "
                              "hands with straw and set_aside)")

    def walk(value: object, path: str, depth: int) -> None:
        if depth == 0:
            if isinstance(value, str):
                why = _strict_text(value, MAX_CARD_LENGTH)
                if why is not None or " " in value:
                    raise RecordError(where, f"deal {path}: the card {quote(value)} "
                                      f"{why or 'holds a space'} (RULES C)")
            else:
                raise RecordError(where, f"deal {path}: {quote(value)} is not a card string "
                                  "(RULES C)")
            return
        if isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{path}[{i}]", depth - 1)

    for key, depth in (("hands", 2), ("straw", 3), ("set_aside", 1)):
        if key in deal:
            walk(deal[key], key, depth)
    seed = deal.get("seed")
    if isinstance(seed, BigNumber) or (type(seed) is int and not -_SEED_BOUND < seed
                                       < _SEED_BOUND):  # a parsed record's Python int too
        raise RecordError(where, f"deal seed {quote(seed)}: a seed is an integer of at most "
                          "4,000 digits (RECORD deal)")


def _replay_round(state: Any, section: RecordSection, r: int, rnd: object) -> None:
    g = state.game
    w0, deal, picking, plays = check_round(state.phase, r, rnd)
    _check_deal_strings(deal, w0)
    try:
        state.apply_deal(Deal.from_json(deal, g.seating, g.deck))
    except ChaiTeaError as e:
        raise RecordError(w0, str(e)) from None
    for step, items in (("picking", picking), ("play", plays)):
        for k, item in enumerate(items, 1):
            _apply(state, section, step, item, f"round {r}, {step} step {k}")


def _check_item(item: object, where: str) -> str:
    if not isinstance(item, str):
        raise RecordError(where, f"{quote(item)} is not an action string")
    why = _strict_text(item, MAX_ACTION_LENGTH)
    if why is not None:
        raise RecordError(where, f"the action {quote(item)} {why} (RECORD picking, plays)")
    return item


def _apply(state: Any, section: RecordSection, step: str, item: object, where: str) -> None:
    """Apply a round's ``picking`` or ``play`` item: a play before picking has ended is refused
    (RECORD: at ``play step 1``), then what the section refuses, then what the game does."""
    text = _check_item(item, where)
    if step == "play" and state.phase == "picking":
        raise RecordError(where, f"{text} refused: picking has not ended "
                                 f"({state.names[state.current_player()]} to speak)")
    why = section.refusal(state, step)
    if why is not None:
        raise RecordError(where, f"{text} refused: {why}")
    try:
        state.apply_action(text)
    except ChaiTeaError as e:
        raise RecordError(where, str(e)) from None


def report(state: GameState | JassState) -> dict[str, Any]:
    """The replay report of RECORD.md for a state: rounds, the tallies of its record's section
    (the Paper Pad's pad and game points; a Jass ruleset's totals and its own), finished,
    winner, next."""
    return section_of({"options": state.game.options_json()}).report(state)


def replay(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Replay a record and return its report; raises :class:`RecordError` on the first fault."""
    return report(loads(data))


def load(path: str | os.PathLike[str]) -> GameState:
    """Load a record file and rebuild its state (``OSError`` if it cannot be read). Only a
    regular file is read (a device, a pipe or a folder is refused without reading it), and
    at most :data:`MAX_RECORD_BYTES` + 1 bytes of it."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)  # non-blocking: opening a FIFO must not wait for a writer
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a device or a pipe"
            raise RecordError(_TOP, f"{quote(os.fspath(path))} is {kind}, not a regular file")
        if st.st_size > MAX_RECORD_BYTES:
            raise RecordError(_TOP, f"the file is larger than {MAX_RECORD_BYTES} bytes")
        os.set_blocking(fd, True)
        chunks = []
        left = MAX_RECORD_BYTES + 1  # a file growing while read is still cut at the limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    return loads(b"".join(chunks))


_TEMP_SUFFIX = ".tmp"
_STALE_SECONDS = 600.0  # a save takes milliseconds: a temporary this old is left over
_saving: set[str] = set()  # temporaries this process is writing now (threads may save too)


def _temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.{os.getpid()}-{os.urandom(6).hex()}{_TEMP_SUFFIX}")


def _clean_stale_temporaries(target: Path) -> None:
    """Remove temporaries of earlier saves of ``target`` that were killed before their rename:
    those of processes no longer running, of this process but no save in progress, or older
    than ten minutes."""
    import time

    prefix = f".{target.name}."
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    now = time.time()
    for e in entries:
        name = e.name
        if not (name.startswith(prefix) and name.endswith(_TEMP_SUFFIX)):
            continue
        if os.path.join(target.parent, name) in _saving:
            continue
        middle = name[len(prefix):-len(_TEMP_SUFFIX)]
        pid_text = middle.split("-", 1)[0]
        stale = True
        try:
            if e.is_symlink() or not e.is_file():
                continue
            if pid_text.isdigit() and now - e.stat().st_mtime < _STALE_SECONDS:
                pid = int(pid_text)
                stale = pid == os.getpid() or not _alive(pid)
            if stale:
                os.unlink(os.path.join(target.parent, name))
        except OSError:
            continue


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, but not ours to signal
        return True
    return True


def save(state: GameState | JassState, path: str | os.PathLike[str]) -> None:
    """Write the state's record (a Chai Tea Jazz or a Jass-family game) atomically, so a saved
    game is never half-written and never lost:

    1. the record is written to a temporary file in the same folder and synced to the disk
       (``fsync``);
    2. it is renamed over ``path`` (``os.replace``, atomic);
    3. the folder is synced, where the system supports it, so that the rename itself is kept.

    A symlink is written through (its target is replaced, the link stays); an existing file
    keeps its permission bits, a new one gets the usual ones (0666 less the umask). An existing
    file that is read-only (no write permission in its mode, or for this user) is not replaced.
    Temporaries left by earlier saves of the same file that were killed are removed.

    Raises :class:`~chaitea.core.errors.SaveError` (an ``OSError`` too, as :func:`load`'s
    file that cannot be read) for a file that cannot be written: one line naming the path and
    the reason (a missing folder, no permission, a read-only file, a full disk); then the
    previous file is exactly as it was and no temporary is left. A state whose names
    :func:`load` would refuse is not saved (:class:`~chaitea.SetupError`); ``TypeError`` for
    something that is not a game state.
    """
    from chaitea.engine.machine import StateMachine

    if not isinstance(state, StateMachine):  # any game of the kit (both drivers' base)
        raise TypeError(f"save() needs a game state to save, not {quote(state)}")
    # names set by hand on a state (state.names = ...) are checked too: a file that load would
    # refuse is not written (SetupError naming names[i]; the previous file stays as it was)
    check_names(state.names, state.game.players)
    text = json.dumps(state_to_record(state), indent=1)
    try:
        target = Path(os.path.realpath(path))
    except OSError as e:  # a symlink loop
        raise _save_error(path, e) from e
    except ValueError as e:  # a NUL in the path
        raise _save_error(path, str(e)) from e
    _clean_stale_temporaries(target)
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise _save_error(path, e) from e
    mode = None if st is None else stat.S_IMODE(st.st_mode)
    if st is not None and stat.S_ISREG(st.st_mode) and (
            (mode is not None and not mode & 0o222) or not os.access(target, os.W_OK)):
        raise _save_error(path, "the file is read-only (it is not replaced)")
    tmp = _temp_name(target)
    _saving.add(os.fspath(tmp))
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if mode is None else 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            if mode is not None:
                os.fchmod(f.fileno(), mode)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as e:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise _save_error(path, e) from e
        raise
    finally:
        _saving.discard(os.fspath(tmp))
    _sync_folder(target.parent)


def _save_error(path: str | os.PathLike[str], why: OSError | str) -> SaveError:
    """The one-line :class:`SaveError` of a save of ``path`` that failed ``why``: the path
    quoted (escaped, cut at 60 characters), then the reason."""
    reason = why if isinstance(why, str) else (why.strerror or str(why) or type(why).__name__)
    err = SaveError(f"cannot save {quote(os.fspath(path))}: {one_line(reason, 120)}")
    if isinstance(why, OSError):
        err.errno, err.strerror = why.errno, why.strerror
    err.filename = os.fspath(path)
    return err


def _sync_folder(folder: Path) -> None:
    """Sync ``folder`` so that a rename in it is on the disk (POSIX); skipped where a folder
    cannot be opened or synced (Windows, some file systems): the file itself is synced."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
