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

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, overload

from chaitea.core.cards import Deck
from chaitea.core.contracts import Contract
from chaitea.core.errors import SetupError
from chaitea.core.following import FollowRule
from chaitea.core.seating import Seating
from chaitea.core.setups import Setup
from chaitea.engine.pad import Pad
from chaitea.engine.pick_step import Picking
from chaitea.engine.rounds import Picked, PlayedRound, RoundResult
from chaitea.engine.ruleset import Ruleset
from chaitea.engine.score_step import Scoring

__all__ = ["MAKERS", "RECORD_RULESETS", "REGISTRY", "PadScoring", "Parts", "Picked",
           "RulesetNames", "StatePicking", "make_game", "maker_of", "register", "register_maker",
           "registered"]

#: name -> ruleset value (chaitea.rulesets fills it)
REGISTRY: dict[str, Any] = {}


class RulesetNames(Sequence[str]):
    """The names of the registered rulesets built as a :class:`~chaitea.engine.ruleset.Table`
    (every one but Chai Tea Jazz), in their declared ``order`` (RECORD ``options.ruleset``),
    read from :data:`REGISTRY` when asked, so a ruleset registered later is listed too.

    >>> RECORD_RULESETS[:3], "schieber" in RECORD_RULESETS, "chai-tea-jazz" in RECORD_RULESETS
    (('jass', 'schieber', 'sidi-barrani'), True, False)
    """

    def __init__(self, registry: dict[str, Any]) -> None:
        self._registry = registry
        self._seen = -1
        self._names: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        """The names now, as a tuple (recomputed when a ruleset has been registered)."""
        if self._seen != len(self._registry):
            tables = [r for r in self._registry.values() if isinstance(r, Ruleset)]
            self._names = tuple(r.name for r in sorted(tables, key=lambda r: r.order))
            self._seen = len(self._registry)
        return self._names

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[str, ...]: ...
    def __getitem__(self, i: int | slice) -> str | tuple[str, ...]:
        return self.names()[i]

    def __len__(self) -> int:
        return len(self.names())

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __contains__(self, name: object) -> bool:
        return name in self.names()

    def __repr__(self) -> str:
        return repr(self.names())


#: Every ruleset name the record knows besides Chai Tea Jazz's (RECORD options.ruleset), from
#: the registered values in their declared order.
RECORD_RULESETS = RulesetNames(REGISTRY)

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


def maker_of(ruleset: object) -> Callable[..., Any] | None:
    """The game maker of the registered ruleset called ``ruleset`` (its family's), or ``None``
    for a name not registered."""
    r = registered(ruleset)
    return None if r is None else MAKERS.get(getattr(r, "family", ""))


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
    def round_returns(self, game: Any, results: Sequence[RoundResult]) -> list[float]: ...
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
