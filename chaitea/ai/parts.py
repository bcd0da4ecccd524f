"""Each game's parts of the AI layer, in a small registry keyed on the family its ruleset
declares (``game.family``, one of :data:`chaitea.core.contracts.FAMILIES`): the kernel, the bots
and the coach ask a game for its part (:func:`part`) instead of testing what it is.

Two kinds of game serve every registered ruleset (:data:`KINDS`): the pad's (Chai Tea Jazz: the
rows of the Score Pad and the Bet Debt, RULES D-numbers) and the table's (the Jass family, RULES
J, and Oh Hell on the French deck). The module that asks for a part provides it for both kinds
(:func:`provide`) when it is imported: :mod:`chaitea.ai.kernel` how a round in play becomes the
kernel's tables (``rules_of``, ``position_of``), :mod:`chaitea.ai.bots` how the rule and Monte
Carlo bots act (``rule_act``, ``pimc_act``, given the bot and the state), :mod:`chaitea.ai.coach`
its ``advise`` and ``hint``, :mod:`chaitea.ai.tournament` its ``matches`` and ``cli_players``
(by the ruleset's name, :func:`ruleset_part`).

>>> from chaitea import Game
>>> from chaitea.ai import kernel
>>> kind(Game()), kind(Game(ruleset="schieber")), kind(Game(ruleset="oh-hell"))
('pad', 'table', 'table')
>>> part(Game(ruleset="oh-hell"), "rules_of") is part(Game(ruleset="coiffeur"), "rules_of")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chaitea.core.contracts import CTJ_FAMILY, FRENCH_FAMILY, JASS_FAMILY

__all__ = ["KINDS", "kind", "part", "provide", "ruleset_part"]

#: The family a ruleset declares -> the kind of game whose parts serve it.
KINDS: dict[str, str] = {CTJ_FAMILY: "pad", JASS_FAMILY: "table", FRENCH_FAMILY: "table"}

_PARTS: dict[tuple[str, str], Callable[..., Any]] = {}


def provide(name: str, **by_kind: Callable[..., Any]) -> None:
    """Register part ``name`` for each kind of game given (``pad=...``, ``table=...``)."""
    for k, fn in by_kind.items():
        _PARTS[k, name] = fn


def kind(game: Any) -> str:
    """The kind of ``game`` (a game of any registered ruleset), by its ruleset's family."""
    return KINDS[game.family]


def part(game: Any, name: str) -> Callable[..., Any]:
    """Part ``name`` of ``game``'s kind, as the module asking for it provided it."""
    return _PARTS[kind(game), name]


def ruleset_part(ruleset: str, name: str) -> Callable[..., Any]:
    """Part ``name`` of the games of the ruleset called ``ruleset``; a name no ruleset has gets
    the table's part, whose game maker refuses it (naming every ruleset).

    >>> from chaitea.ai import tournament
    >>> ruleset_part("oh-hell", "matches") is ruleset_part("no-such-game", "matches")
    True
    """
    from chaitea.engine.registry import REGISTRY

    found = REGISTRY.get(ruleset)
    return _PARTS[KINDS[found.family] if found is not None else "table", name]
