"""The ruleset registry: the Jass-family games as values built from parts (issue 9, RULES J).

:func:`find_ruleset` answers a :class:`~chaitea.phases.ruleset.Ruleset` by its record name;
``chaitea.Game(ruleset="schieber")`` (or :func:`jass_game`) builds a game of it, played by the
generic driver (:mod:`chaitea.driver`) through the same state API as Chai Tea Jazz.

>>> sorted(RULESETS)
['coiffeur', 'coiffeur-schieber', 'jass', 'schieber']
>>> find_ruleset("schieber").players, [o.name for o in find_ruleset("schieber").options][:3]
((4, 6), ['no_multipliers', 'target', 'obenabe_undenufe'])
>>> game = jass_game("coiffeur-schieber", players=3)
>>> game.n_tricks, game.sides
(12, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..driver import JassGame
from ..errors import SetupError
from ..phases.ruleset import Ruleset
from .jass import BASIC_JASS, COIFFEUR, COIFFEUR_SCHIEBER
from .schieber import SCHIEBER

__all__ = ["RULESETS", "JassGame", "find_ruleset", "jass_game"]

RULESETS: dict[str, Ruleset] = {r.name: r for r in (BASIC_JASS, SCHIEBER, COIFFEUR_SCHIEBER,
                                                    COIFFEUR)}


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (RECORD ``options.ruleset``); a :class:`SetupError` names
    the rulesets that exist."""
    r = RULESETS.get(name) if isinstance(name, str) else None
    if r is None:
        raise SetupError(f"unknown ruleset {name!r}: the Jass family has "
                         f"{', '.join(RULESETS)} (RECORD options.ruleset)")
    return r


def jass_game(name: str, players: int | None = None, *, deck: str | None = None,
              options: Mapping[str, object] | None = None, **kw: Any) -> JassGame:
    """A game of the ruleset ``name``; its options as ``options`` or keyword arguments."""
    opts = {**(options or {}), **kw}
    return JassGame(find_ruleset(name), players, deck=deck, options=opts)
