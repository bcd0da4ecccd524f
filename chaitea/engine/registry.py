"""The rulesets the engine can run, found by name (issue 20; RECORD ``options.ruleset``).

A ruleset is a value built in :mod:`chaitea.rulesets` (one module per game) that registers
itself here, OpenSpiel-style, so the engine finds it by name without importing the layer
above it: ``import chaitea`` imports :mod:`chaitea.rulesets`, which registers every game.

>>> registered("schieber").title
'Schieber'
>>> registered("no-such-game") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from chaitea.core.cards import Deck
from chaitea.core.following import FollowRule
from chaitea.core.seating import Seating
from chaitea.core.setups import Setup

__all__ = ["RECORD_RULESETS", "REGISTRY", "Parts", "register", "registered"]

# Every ruleset name the record knows (RECORD options.ruleset); those not built are refused.
RECORD_RULESETS = (
    "jass", "schieber", "sidi-barrani", "coiffeur-schieber", "coiffeur", "differenzler", "mittlere",
    "molotow", "plus-minus", "rosenober", "schiltenober", "guggitaler", "guggitaler-8",
    "palitos-21", "bells-avoidance", "sticheln",
)

#: name -> ruleset value (chaitea.rulesets fills it)
REGISTRY: dict[str, Any] = {}

R = TypeVar("R")


def register(ruleset: R) -> R:
    """Make ``ruleset`` (a value with a ``name``) findable by :func:`registered`."""
    REGISTRY[getattr(ruleset, "name")] = ruleset  # noqa: B009  (any ruleset value)
    return ruleset


def registered(name: object) -> Any:
    """The ruleset called ``name``, or ``None``."""
    return REGISTRY.get(name) if isinstance(name, str) else None


@dataclass(frozen=True)
class Parts:
    """The composed parts of one Chai Tea Jazz game (what :class:`chaitea.Game` runs): the
    seating, deck and setup, the choice phase (``picking``: Barrel picking), the scoring part
    (``scoring``: the Paper Pad) and the follow rule."""

    players: int
    seating: Seating
    deck: Deck
    setup: Setup
    picking: Any  # chaitea.rulesets.barrel.BarrelPicking
    scoring: Any  # chaitea.rulesets.paper_pad.PaperPadScore
    follow: FollowRule
