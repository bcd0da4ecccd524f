"""The two sections of RECORD.md as data: what a Chai Tea Jazz record (:data:`PAD_RECORD`) and a
Jass-family record (:data:`TABLE_RECORD`, RECORD's Jass section) each read and report their own
way. :func:`chaitea.records.record.loads` reads every record through the section that
:func:`section_of` names (the record's ``options.ruleset``: :func:`is_jass_record`), and
:func:`chaitea.records.record.report` reports a state through the section of its record.

A Jass-family record's report holds ``rounds``, ``totals``, ``finished``, ``winner``, ``next``
and the ruleset's own tallies (``target``, ``hands``, ``pad``, ``palitos``, ``batatas``):

>>> import random
>>> from chaitea import Game
>>> state = Game(ruleset="schieber").new_initial_state(seed=4)
>>> rng = random.Random(0)
>>> for _ in range(40):
...     state.apply_action(rng.choice(state.legal_actions()))
>>> section_of(state.record()) is TABLE_RECORD, section_of({"options": {}}) is PAD_RECORD
(True, True)
>>> out = TABLE_RECORD.report(state)
>>> out["rounds"][0]["card_points"]["A"] + out["rounds"][0]["card_points"]["B"]
157
>>> out["next"]["phase"], sorted(out)[:3]
('play', ['finished', 'next', 'rounds'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chaitea.core.errors import IllegalAction
from chaitea.engine.game import Game
from chaitea.engine.validate import record_game, record_players
from chaitea.rulesets import RULESETS, jass_game

if TYPE_CHECKING:
    from chaitea.engine.driver import JassState
    from chaitea.engine.game import GameState

__all__ = ["PAD_RECORD", "TABLE_RECORD", "RecordSection", "declared_by_seat", "is_jass_record",
           "pad_report", "section_of", "table_report"]


def is_jass_record(data: Mapping[str, Any]) -> bool:
    """Whether a parsed record names one of the Jass rulesets that exist. A ``ruleset`` that is
    not a string (a list, an object, a number) is not one: the Chai Tea Jazz checks then refuse it
    by name ("'ruleset' must be a string"), not as an unhashable key."""
    opts = data.get("options")
    if not isinstance(opts, dict):
        return False
    name = opts.get("ruleset")
    return isinstance(name, str) and name in RULESETS


@dataclass(frozen=True)
class RecordSection:
    """What a section of RECORD.md reads its own way: the top-level keys a record must hold,
    the game its top level describes (refused at ``round 0, picking step 0``), the key of the
    first round's first speaker and its default (``None``: the game's own rule), why an ending
    by agreement cannot stand (raised as a :class:`~chaitea.core.errors.ChaiTeaError`), why a
    round's ``picking`` or ``play`` item is refused in the phase the game is in before the game
    reads it (``None``: the game's own refusal is the record's), and the replay report."""

    required: tuple[str, ...]
    game: Callable[[Mapping[str, Any]], Any]
    first_seat: tuple[str, int | None]
    agree: Callable[[Any], None]
    refusal: Callable[[Any, str], str | None]
    report: Callable[[Any], dict[str, Any]]


def _side(state: GameState | JassState, values: Any) -> Any:
    names = state.game.side_names
    return {names[i]: v for i, v in enumerate(values)} if names else list(values)


def _side_name(state: GameState | JassState, side: int | None) -> Any:
    names = state.game.side_names
    return None if side is None else (names[side] if names else side)


def _ending(state: GameState | JassState, out: dict[str, Any]) -> dict[str, Any]:
    """``out`` and the report's last fields: ``finished``, ``winner`` and ``next``."""
    out["finished"] = state.is_terminal()
    out["winner"] = _side_name(state, state.winner())
    out["next"] = state.next_step()
    return out


def pad_report(state: GameState) -> dict[str, Any]:
    """The replay report of RECORD.md for a Chai Tea Jazz state (rounds, pad, game points,
    finish order, winner, next)."""
    pad = state.pad
    out: dict[str, Any] = {
        "rounds": [res.to_json() for res in state.round_results],
        "pad": pad.to_json(state.game.side_names),
        "game_points": _side(state, pad.game_points),
    }
    if state.game.meta in ("cumulative-most", "cumulative-least"):
        out["cumulative"] = _side(state, pad.cumulative)
    out["finish_order"] = [_side_name(state, s) for s in pad.finish_order]
    return _ending(state, out)


def declared_by_seat(state: JassState, picking: list[str], forehand: int) -> list[str]:
    """Weis declared by hand (``declare: "hand"``, :mod:`chaitea.rulesets.jass.declaring`): a played
    round's last picking items are one declaration per player in play order from the forehand
    (``noweis`` or ``weis(<cards>)``); the report lists them by seat as ``declared``."""
    n = state.game.players
    said = picking[len(picking) - n:]
    out = [""] * n
    for i, item in enumerate(said):
        out[(forehand + i) % n] = item
    return out


def table_report(state: JassState) -> dict[str, Any]:
    """The replay output of RECORD's Jass section: ``rounds``, ``totals``, ``finished``,
    ``winner``, ``next``, and the ruleset's own tallies (``target``, ``hands``, ``pad``,
    ``palitos``, ``batatas``)."""
    rounds = []
    pickings = [r["picking"] for r in state.record()["rounds"]] if state.game.by_hand else []
    for i, res in enumerate(state.round_results):
        out = dict(res)
        if pickings:
            out["declared"] = declared_by_seat(state, pickings[i], res["forehand"])
        for key in ("card_points", "weis", "stoeck"):
            out[key] = _side(state, res[key])
        if isinstance(res["score"], tuple):
            out["score"] = _side(state, res["score"])
        out["match"] = _side_name(state, res["match"])
        rounds.append(out)
    result: dict[str, Any] = {"rounds": rounds, "totals": _side(state, state.totals())}
    result.update(state.game.table.score.extra_json(state.score_state))
    return _ending(state, result)


def _pad_game(data: Mapping[str, Any]) -> Game:
    return record_game(lambda: Game.from_options(data["players"], data["setup"],
                                                 data.get("options", {})))


def _table_game(data: Mapping[str, Any]) -> Any:
    opts = dict(data["options"])
    name = opts.pop("ruleset")
    deck = opts.pop("deck", None)
    players = data["players"]
    record_game(lambda: record_players(players, RULESETS[name].players))
    return record_game(lambda: jass_game(name, players, deck=deck, options=opts))


def _ends_by_its_rule(state: JassState) -> None:
    if not state.is_terminal():
        raise IllegalAction("ending by agreement refused: a Jass-family game ends by its own "
                            "rule (a target, a number of hands), so \"agreed\" stands only on a "
                            "game that is over (RECORD end)")


def _table_refusal(state: JassState, step: str) -> str | None:
    phase = state.phase
    if phase == step:
        return None
    if step == "picking":
        return (f"picking has ended (contract {state.contract})" if phase == "play"
                else "the game is over (decided on Stöck or Weis)" if phase == "end"
                else "the round is over")
    return "the game is over" if phase == "end" else "the round's nine tricks are played" \
        if state.game.n_tricks == 9 else "the round's tricks are all played"


#: Chai Tea Jazz's record (RECORD): ``setup`` required, ``barrel`` the first round's holder,
#: an agreement as the game allows it (RULES S), the game's own refusals, the Paper Pad's report.
PAD_RECORD = RecordSection(("players", "setup", "rounds"), _pad_game, ("barrel", 0),
                           lambda state: state.end_by_agreement(), lambda state, step: None,
                           pad_report)
#: A Jass-family record (RECORD's Jass section): ``options.ruleset`` names the game (``setup``
#: ignored), ``forehand`` may override the first speaker, "agreed" only on a game that is
#: over, a round's items refused once its phase has passed, the ruleset's tallies reported.
TABLE_RECORD = RecordSection(("players", "rounds"), _table_game, ("forehand", None),
                             _ends_by_its_rule, _table_refusal, table_report)


def section_of(record: Mapping[str, Any]) -> RecordSection:
    """The section of RECORD.md that reads ``record`` (a parsed record; a state's record is
    read from its game's ``options``)."""
    return TABLE_RECORD if is_jass_record(record) else PAD_RECORD
