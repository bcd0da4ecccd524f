"""The ruleset registry: every game of the kit as a value built from parts (RULES J).

:func:`find_ruleset` answers a ruleset by its record name: Chai Tea Jazz
(:data:`~chaitea.rulesets.chai_tea_jazz.CHAI_TEA_JAZZ`, whose parts ``chaitea.Game`` composes:
Barrel picking, its play, the Paper Pad) or a Jass-family
:class:`~chaitea.engine.ruleset.Ruleset` (``RULESETS``); ``chaitea.Game(ruleset="schieber")`` (or
:func:`jass_game`) builds a Jass game, played by the generic driver (:mod:`chaitea.engine.driver`).
Both state machines share one base (:mod:`chaitea.engine.machine`) and the same state API.

>>> {"coiffeur", "jass", "schieber"} <= set(RULESETS), find_ruleset("chai-tea-jazz").title
(True, 'Chai Tea Jazz')
>>> find_ruleset("schieber").players, [o.name for o in find_ruleset("schieber").options][:3]
((4, 6), ['no_multipliers', 'target', 'obenabe_undenufe'])
>>> game = jass_game("coiffeur-schieber", players=3)
>>> game.n_tricks, game.sides
(12, 3)
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from chaitea.core.errors import SetupError
from chaitea.engine.driver import JassGame
from chaitea.engine.registry import RECORD_RULESETS, REGISTRY
from chaitea.engine.ruleset import Ruleset
from chaitea.rulesets.chai_tea_jazz import CHAI_TEA_JAZZ, ChaiTeaJazzRuleset

__all__ = ["CHAI_TEA_JAZZ", "RULESETS", "JassGame", "find_ruleset", "jass_game"]

# One module per game (OpenSpiel-style): each registers its ruleset in chaitea.engine.registry
# when imported, so a new game is a new module here and no list to edit.
for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

#: The Jass-family rulesets, in the record's order (RECORD options.ruleset).
RULESETS: dict[str, Ruleset] = {name: REGISTRY[name] for name in RECORD_RULESETS
                                if isinstance(REGISTRY.get(name), Ruleset)}


def find_ruleset(name: str) -> Ruleset | ChaiTeaJazzRuleset:
    """The ruleset called ``name`` (RECORD ``options.ruleset``); a :class:`SetupError` names
    the rulesets that exist."""
    if name == CHAI_TEA_JAZZ.name:
        return CHAI_TEA_JAZZ
    r = RULESETS.get(name) if isinstance(name, str) else None
    if r is None:
        raise SetupError(f"unknown ruleset {name!r}: the kit has {CHAI_TEA_JAZZ.name}, "
                         f"{', '.join(RULESETS)} (RECORD options.ruleset)")
    return r


def jass_game(name: str, players: int | None = None, *, deck: str | None = None,
              options: Mapping[str, object] | None = None, **kw: Any) -> JassGame:
    """A game of the ruleset ``name``; its options as ``options`` or keyword arguments."""
    opts = {**(options or {}), **kw}
    r = find_ruleset(name)
    if not isinstance(r, Ruleset):
        raise SetupError(f"{name} is not a Jass-family ruleset; use chaitea.Game(ruleset={name!r})")
    return JassGame(r, players, deck=deck, options=opts)
