"""The rulesets the engine can run, found by name (RECORD ``options.ruleset``).

A ruleset is a value built in :mod:`chaitea.rulesets` (one module per game) that registers
itself here, OpenSpiel-style, so the engine finds it by name without importing the layer
above it: ``import chaitea`` imports :mod:`chaitea.rulesets`, which registers every game.

>>> registered("schieber").title
'Schieber'
>>> registered("no-such-game") is None
True

Each family's driver registers its *game maker* (:func:`register_maker`): ``make_game`` builds a
game of any registered ruleset through its family's maker, so ``chaitea.Game(ruleset=...)``
needs to know no driver but its own.

>>> make_game("schieber").family, make_game("schieber", 6).players
('jass', 6)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from chaitea.core.cards import Deck
from chaitea.core.contracts import Contract
from chaitea.core.errors import SetupError
from chaitea.core.following import FollowRule
from chaitea.core.seating import Seating
from chaitea.core.setups import Setup
from chaitea.engine.pad import Pad
from chaitea.engine.pick_step import Picking
from chaitea.engine.rounds import Picked, PlayedRound, RoundResult
from chaitea.engine.score_step import Scoring

__all__ = ["MAKERS", "RECORD_RULESETS", "REGISTRY", "PadScoring", "Parts", "Picked",
           "StatePicking", "make_game", "register", "register_maker", "registered"]

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


#: family (``ruleset.family``) -> its driver's game maker: ``maker(ruleset, *args, **kw)``
MAKERS: dict[str, Callable[..., Any]] = {}


def register_maker(family: str, maker: Callable[..., Any]) -> None:
    """Make ``maker`` build the games of every ruleset of ``family`` (a driver calls this)."""
    MAKERS[family] = maker


def make_game(ruleset: str, *args: Any, **kw: Any) -> Any:
    """A game of the registered ruleset ``ruleset``, built by its family's maker with the
    players and options given; an unknown name is a :class:`SetupError` naming the field."""
    r = registered(ruleset)
    maker = MAKERS.get(getattr(r, "family", ""))
    if maker is None:
        raise SetupError(f"unknown ruleset {ruleset!r} (RECORD options.ruleset)")
    return maker(r, *args, **kw)


class StatePicking(Picking, Protocol):
    """Chai Tea Jazz's choice phase as the engine calls it (``Game.picking``): the driver's
    picking protocol (:class:`chaitea.engine.pick_step.Picking`: ``begin``, ``legal``, ``step``,
    ``refusal`` over an immutable situation, :class:`chaitea.rulesets.barrel.Bidding`, ending in
    a :class:`Picked`), and what the Chai Tea Jazz game asks of it besides: ``menu`` gives the
    cached pick ids of a picking situation, ``idle`` the situation outside picking and
    ``next_barrel`` the next round's holder."""

    @property
    def passing_the_barrel(self) -> bool: ...
    def menu(self, g: Any, open_mask: int, debt_from: int, debt_to: int,
             exclude: Contract | None, with_pass: bool = False) -> tuple[int, ...]: ...
    def idle(self, holder: int) -> Any: ...
    def next_barrel(self, g: Any, pad: Pad, holder: int) -> int: ...


class PadScoring(Scoring, Protocol):
    """Chai Tea Jazz's scoring part as the engine calls it (``Game.scoring``): the driver's
    scoring protocol (:class:`chaitea.engine.score_step.Scoring`: ``start``, ``score_round``,
    ``finished`` over the Paper Pad), and what the Chai Tea Jazz game asks of it besides: the
    round's result alone (a state of one round), the agreement bound and the pad's cell ranges
    (:class:`chaitea.rulesets.paper_pad.PaperPadScore`)."""

    def new_pad(self, game: Any) -> Pad: ...
    def round_result(self, game: Any, hand: PlayedRound) -> RoundResult: ...
    def write(self, game: Any, pad: Pad, hand: PlayedRound, result: RoundResult) -> Pad: ...
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
