"""Jass-family records and replay (RECORD's Jass section): load, report, and write.

``chaitea.records.record.loads``/``replay`` hand a record whose ``options.ruleset`` names a Jass
game here. Errors are :class:`~chaitea.core.errors.RecordError` with the exact prefix ``round R,
picking|play step K`` (rounds and steps from 1; file, top level and options at ``round 0,
picking step 0``; a round's deal at its ``picking step 0``). The top level is checked as a
Chai Tea Jazz record's, by the same checks (:mod:`chaitea.engine.validate`): ``players`` and
``rounds`` required, ``players`` a whole number the ruleset allows, ``names``, and ``end``
absent, ``null`` or ``"agreed"``; a Jass-family game ends by its own rule (a target, a number
of hands), so ``"agreed"`` stands only on a game that is over.

>>> from chaitea.rulesets import jass_game
>>> import random
>>> state = jass_game("schieber").new_initial_state(seed=4)
>>> rng = random.Random(0)
>>> for _ in range(40):
...     state.apply_action(rng.choice(state.legal_actions()))
>>> out = report(loads(state.record()))
>>> out["rounds"][0]["card_points"]["A"] + out["rounds"][0]["card_points"]["B"]
157
>>> out["next"]["phase"], sorted(out)[:3]
('play', ['finished', 'next', 'rounds'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from chaitea.core.deals import Deal
from chaitea.core.errors import ChaiTeaError, RecordError
from chaitea.core.markup import quote
from chaitea.engine.driver import JassState
from chaitea.engine.validate import (
    check_round,
    record_end,
    record_game,
    record_names,
    record_players,
    record_required,
)
from chaitea.rulesets import RULESETS, jass_game

__all__ = ["declared_by_seat", "is_jass_record", "loads", "report", "state_to_record"]

_TOP = "round 0, picking step 0"
CheckItem = Callable[[object, str], str]


def is_jass_record(data: Mapping[str, Any]) -> bool:
    """Whether a parsed record names one of the Jass rulesets that exist. A ``ruleset`` that is
    not a string (a list, an object, a number) is not one: the Chai Tea Jazz checks then refuse it
    by name ("'ruleset' must be a string"), not as an unhashable key."""
    opts = data.get("options")
    if not isinstance(opts, dict):
        return False
    name = opts.get("ruleset")
    return isinstance(name, str) and name in RULESETS


def _plain_item(item: object, where: str) -> str:
    if not isinstance(item, str):
        raise RecordError(where, f"{quote(item)} is not an action string")
    return item


def loads(data: Mapping[str, Any], *, check_item: CheckItem = _plain_item,
          check_deal: Callable[[object, str], None] | None = None) -> JassState:
    """Rebuild the state a Jass record describes (already parsed; ``chaitea.records.record`` passes
    its strict item and deal checks)."""
    opts = dict(data.get("options") or {})
    name = opts.pop("ruleset")
    deck = opts.pop("deck", None)
    record_required(data, ("players", "rounds"))
    players = data["players"]
    record_game(lambda: record_players(players, RULESETS[name].players))
    game = record_game(lambda: jass_game(name, players, deck=deck, options=opts))
    names = record_names(data, game.players)
    forehand = data.get("forehand")
    if forehand is not None and (type(forehand) is not int or
                                 not 0 <= forehand < game.players):
        raise RecordError(_TOP, f"'forehand' must be a seat number 0..{game.players - 1}")
    rounds = data["rounds"]
    if not isinstance(rounds, list):
        raise RecordError(_TOP, "'rounds' must be a list")
    agreed = record_end(data)
    state = game.new_initial_state(forehand=forehand, names=names)
    for r, rnd in enumerate(rounds, 1):
        _replay_round(state, r, rnd, check_item, check_deal)
    if agreed and not state.is_terminal():
        raise RecordError(_TOP, "ending by agreement refused: a Jass-family game ends by its "
                          "own rule (a target, a number of hands), so \"agreed\" stands only on "
                          "a game that is over (RECORD end)")
    return state


def _replay_round(state: JassState, r: int, rnd: object, check_item: CheckItem,
                  check_deal: Callable[[object, str], None] | None) -> None:
    w0, deal, picking, plays = check_round(state.phase, r, rnd)
    if check_deal is not None:
        check_deal(deal, w0)
    g = state.game
    try:
        state.apply_deal(Deal.from_json(deal, g.seating, g.deck))
    except ChaiTeaError as e:
        raise RecordError(w0, str(e)) from None
    for k, item in enumerate(picking, 1):
        where = f"round {r}, picking step {k}"
        text = check_item(item, where)
        if state.phase != "picking":
            why = (f"picking has ended (contract {state.contract})" if state.phase == "play"
                   else "the game is over (decided on Stöck or Weis)" if state.phase == "end"
                   else "the round is over")
            raise RecordError(where, f"{text} refused: {why}")
        _apply(state, text, where)
    for k, item in enumerate(plays, 1):
        where = f"round {r}, play step {k}"
        text = check_item(item, where)
        if state.phase == "picking":
            raise RecordError(where, f"{text} refused: picking has not ended "
                                     f"({state.names[state.current_player()]} to speak)")
        if state.phase != "play":
            why = "the game is over" if state.phase == "end" else "the round's nine tricks are " \
                  "played" if g.n_tricks == 9 else "the round's tricks are all played"
            raise RecordError(where, f"{text} refused: {why}")
        _apply(state, text, where)


def _apply(state: JassState, item: str, where: str) -> None:
    try:
        state.apply_action(item)
    except ChaiTeaError as e:
        raise RecordError(where, str(e)) from None


def _side(state: JassState, values: Any) -> Any:
    names = state.game.side_names
    return {names[i]: v for i, v in enumerate(values)} if names else list(values)


def _side_name(state: JassState, side: int | None) -> Any:
    names = state.game.side_names
    return None if side is None else (names[side] if names else side)


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


def report(state: JassState) -> dict[str, Any]:
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
    extra = state.game.table.score.extra_json(state.score_state)
    result.update(extra)
    result["finished"] = state.is_terminal()
    result["winner"] = _side_name(state, state.winner())
    result["next"] = state.next_step()
    return result


def state_to_record(state: JassState) -> dict[str, Any]:
    """The game as a ``chaitea-record/1`` object."""
    return state.record()
