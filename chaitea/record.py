"""The game record ``chaitea-record/1``: save, load and replay (RECORD.md).

A record is a plain JSON object (setup, deals, the actions taken) from which the engine rebuilds
every state. :func:`replay` checks a record and returns the RECORD replay report; the first illegal
or malformed item raises :class:`~chaitea.errors.RecordError` whose ``where`` is the exact prefix
``round R, picking|play step K``.

>>> from chaitea import Game
>>> state = Game(players=3).new_initial_state(seed=1)
>>> state.apply("pass"); state.apply("pass"); state.apply("pass"); state.apply("under")
>>> rec = state.record()
>>> rec["rounds"][0]["picking"]
['pass', 'pass', 'pass', 'under']
>>> report = replay(rec)
>>> report["next"]["phase"], report["next"]["seat"]
('play', 0)
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .deals import Deal
from .errors import ChaiTeaError, RecordError

if TYPE_CHECKING:
    from .game import GameState

__all__ = ["FORMAT", "MAX_RECORD_BYTES", "load", "loads", "replay", "report", "save",
           "state_to_record"]

FORMAT = "chaitea-record/1"
MAX_RECORD_BYTES = 1_000_000
_TOP = "round 0, picking step 0"


def state_to_record(state: GameState) -> dict[str, Any]:
    """The ``chaitea-record/1`` object of a game in progress or finished."""
    g = state.game
    rounds = []
    for log in state._logs:
        rounds.append({
            "deal": log.deal.to_json(),
            "picking": [str(g.actions[a]) for a in log.actions if a >= g.n_cards],
            "plays": [str(g.actions[a]) for a in log.actions if a < g.n_cards],
        })
    rec: dict[str, Any] = {"format": FORMAT, "players": g.players, "names": list(state.names),
                           "setup": g.setup.spec, "options": g.options_json()}
    if state.first_barrel:
        rec["barrel"] = state.first_barrel
    rec["rounds"] = rounds
    if state.ended_by_agreement:
        rec["end"] = "agreed"
    return rec


def loads(data: str | bytes | dict[str, Any]) -> GameState:
    """Rebuild the state a record describes (text, bytes or a parsed object); raises
    :class:`RecordError` at the first illegal or malformed item."""
    from .game import Game, GameState

    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(_TOP, f"the file is larger than {MAX_RECORD_BYTES} bytes")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(_TOP, "the file is not UTF-8 text") from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as e:
            raise RecordError(_TOP, f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise RecordError(_TOP, "a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(_TOP, f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    if "players" not in data or "setup" not in data or "rounds" not in data:
        missing = next(k for k in ("players", "setup", "rounds") if k not in data)
        raise RecordError(_TOP, f"the record has no {missing!r} (RECORD)")
    try:
        game = Game.from_options(data["players"], data["setup"], data.get("options", {}))
    except ChaiTeaError as e:
        raise RecordError(_TOP, str(e)) from None
    names = data.get("names")
    if names is not None and (not isinstance(names, list) or len(names) != game.players
                              or not all(isinstance(n, str) for n in names)):
        raise RecordError(_TOP, f"'names' must be a list of {game.players} strings")
    barrel = data.get("barrel", 0)
    if type(barrel) is not int or not 0 <= barrel < game.players:
        raise RecordError(_TOP, f"'barrel' must be a seat number 0..{game.players - 1}")
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise RecordError(_TOP, "'rounds' must be a list")
    end = data.get("end")
    if end is not None and end != "agreed":
        raise RecordError(_TOP, f"'end' may only be \"agreed\", not {end!r}")
    state = GameState(game, barrel=barrel, names=names)
    for r, rnd in enumerate(rounds, 1):
        _replay_round(state, r, rnd)
    if end == "agreed":
        try:
            state.end_by_agreement()
        except ChaiTeaError as e:
            raise RecordError(_TOP, str(e)) from None
    return state


def _replay_round(state: GameState, r: int, rnd: object) -> None:
    g = state.game
    w0 = f"round {r}, picking step 0"
    if state.phase == "end":
        raise RecordError(w0, "the game is already over; no round may follow")
    if state.phase != "deal":
        raise RecordError(w0, f"round {r - 1} is not finished, so no round may follow it")
    if not isinstance(rnd, dict):
        raise RecordError(w0, "a round is an object with 'deal', 'picking' and 'plays'")
    for key in ("deal", "picking", "plays"):
        if key not in rnd:
            raise RecordError(w0, f"the round has no {key!r} (RECORD rounds)")
    picking, plays = rnd["picking"], rnd["plays"]
    if not isinstance(picking, list) or not isinstance(plays, list):
        raise RecordError(w0, "'picking' and 'plays' must be lists of strings")
    try:
        state.apply_deal(Deal.from_json(rnd["deal"], g.players, g.deck))
    except ChaiTeaError as e:
        raise RecordError(w0, str(e)) from None
    for k, item in enumerate(picking, 1):
        _apply(state, item, f"round {r}, picking step {k}")
    for k, item in enumerate(plays, 1):
        where = f"round {r}, play step {k}"
        if state.phase == "picking":
            raise RecordError(where, f"{item} refused: picking has not ended "
                                     f"({state.names[state.current_player()]} to speak)")
        _apply(state, item, where)


def _apply(state: GameState, item: object, where: str) -> None:
    if not isinstance(item, str):
        raise RecordError(where, f"{item!r} is not an action string")
    try:
        state.apply_action(item)
    except ChaiTeaError as e:
        raise RecordError(where, str(e)) from None


def report(state: GameState) -> dict[str, Any]:
    """The replay report of RECORD.md for a state (rounds, pad, game points, winner, next)."""
    g = state.game
    names = g.side_names
    pad = state.pad

    def by_side(values: list[int]) -> Any:
        return {names[s]: v for s, v in enumerate(values)} if names else list(values)

    out: dict[str, Any] = {
        "rounds": [res.to_json() for res in state.round_results],
        "pad": pad.to_json(names),
        "game_points": by_side(pad.game_points),
    }
    if g.meta in ("cumulative-most", "cumulative-least"):
        out["cumulative"] = by_side(pad.cumulative)
    out["finish_order"] = [names[s] for s in pad.finish_order] if names else list(
        pad.finish_order)
    out["finished"] = state.is_terminal()
    w = state.winner()
    out["winner"] = None if w is None else (names[w] if names else w)
    if state.is_terminal():
        out["next"] = None
    elif state.phase == "deal":
        nxt = state.next_picking()
        assert nxt is not None
        out["next"] = {"seat": nxt[0], "phase": "picking", "legal": nxt[1]}
    else:
        out["next"] = {"seat": state.current_player(), "phase": state.phase,
                       "legal": state.legal_moves()}
    return out


def replay(data: str | bytes | dict[str, Any]) -> dict[str, Any]:
    """Replay a record and return its report; raises :class:`RecordError` on the first fault."""
    return report(loads(data))


def load(path: str | os.PathLike[str]) -> GameState:
    """Load a record file and rebuild its state (``OSError`` if it cannot be read)."""
    p = Path(path)
    if p.stat().st_size > MAX_RECORD_BYTES:
        raise RecordError(_TOP, f"the file is larger than {MAX_RECORD_BYTES} bytes")
    return loads(p.read_bytes())


def save(state: GameState, path: str | os.PathLike[str]) -> None:
    """Write the state's record atomically: a temporary file in the same folder, flushed and
    then renamed over ``path``, so a saved game is never half-written."""
    p = Path(path)
    text = json.dumps(state_to_record(state), indent=1)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
