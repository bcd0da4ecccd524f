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
from typing import Any, Protocol, TypeVar

from chaitea.core.cards import Deck
from chaitea.core.contracts import Contract
from chaitea.core.errors import IllegalPick
from chaitea.core.following import FollowRule
from chaitea.core.seating import Seating
from chaitea.core.setups import Setup
from chaitea.engine.actions import Action
from chaitea.engine.pad import Pad
from chaitea.engine.rounds import RoundResult, StateFields

__all__ = ["RECORD_RULESETS", "REGISTRY", "PadScoring", "Parts", "StatePicking", "register",
           "registered"]

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


class StatePicking(Protocol):
    """Chai Tea Jazz's choice phase as the engine calls it (``Game.picking``): it acts on the
    state's picking fields it is handed (Barrel picking, Bet Debts and the offers of Passing the
    Barrel, :class:`chaitea.rulesets.barrel.BarrelPicking`). ``legal`` is the tuple of action
    ids open now, ``apply`` plays one of them, ``refusal`` names the rule an action breaks;
    ``menu`` gives the cached pick ids of a picking situation."""

    @property
    def passing_the_barrel(self) -> bool: ...
    def menu(self, g: Any, open_mask: int, debt_from: int, debt_to: int,
             exclude: Contract | None, with_pass: bool = False) -> tuple[int, ...]: ...
    def begin(self, st: StateFields) -> None: ...
    def reset(self, st: StateFields, eligible: int = 0) -> None: ...
    def next_barrel(self, st: StateFields) -> int: ...
    def legal(self, st: StateFields) -> tuple[int, ...]: ...
    def apply(self, st: StateFields, aid: int) -> None: ...
    def refusal(self, st: StateFields, a: Action) -> IllegalPick: ...


class PadScoring(Protocol):
    """Chai Tea Jazz's scoring part as the engine calls it (``Game.scoring``): the round's
    result, written onto the Paper Pad, the end rule and the agreement bound
    (:class:`chaitea.rulesets.paper_pad.PaperPadScore`)."""

    def new_pad(self, game: Any) -> Pad: ...
    def round_result(self, st: StateFields, last: int) -> RoundResult: ...
    def write(self, st: StateFields, result: RoundResult) -> None: ...
    def finished(self, pad: Pad) -> bool: ...
    def leader_is_safe(self, game: Any, pad: Pad) -> bool: ...
    def cell_ranges(self, game: Any) -> tuple[list[int], list[int]]: ...


@dataclass(frozen=True)
class Parts:
    """The composed parts of one Chai Tea Jazz game (what :class:`chaitea.Game` runs): the
    seating, deck and setup, the choice phase (``picking``: Barrel picking), the scoring part
    (``scoring``: the Paper Pad) and the follow rule."""

    players: int
    seating: Seating
    deck: Deck
    setup: Setup
    picking: StatePicking  # chaitea.rulesets.barrel.BarrelPicking
    scoring: PadScoring  # chaitea.rulesets.paper_pad.PaperPadScore
    follow: FollowRule
