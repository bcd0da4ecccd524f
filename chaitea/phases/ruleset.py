"""A ruleset as a value: its player counts, its options, and the table it builds (issue 9).

A :class:`Ruleset` is data plus one builder: given a player count and the options, it answers a
:class:`Table`, the composed parts the generic driver (:mod:`chaitea.driver`) runs: the seating,
the choice phase, the scoring part, whether Weis and Stöck are scored, the Weis and card-value
options, and every contract spelling the game may pick.

>>> opt = Option("push_back", False, "the partner may push back to the forehand")
>>> opt.check(True), opt.check(0)
Traceback (most recent call last):
...
chaitea.errors.SetupError: option push_back must be true or false, not 0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import SetupError
from ..jass.melds import WeisOptions
from ..seating import Seating
from .choice import DealerTrump, ForehandChoice, RoundPick
from .declare import Declaring
from .scores import HandsScore, PadScore, TargetScore

__all__ = ["Option", "Ruleset", "Table"]

Choice = ForehandChoice | RoundPick | DealerTrump | Declaring
Score = TargetScore | HandsScore | PadScore


@dataclass(frozen=True)
class Option:
    """One option of a ruleset, named as in the record's ``options`` (snake_case, RECORD)."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()
    minimum: int = 1

    def check(self, value: object) -> Any:
        if self.choices:
            if not any(value == c and type(value) is type(c) for c in self.choices):
                shown = ", ".join(repr(c) for c in self.choices)
                raise SetupError(f"option {self.name} must be one of {shown}, not {value!r}")
            return value
        if isinstance(self.default, bool):
            if type(value) is not bool:
                raise SetupError(f"option {self.name} must be true or false, not {value!r}")
            return value
        if isinstance(self.default, int) or self.default is None:
            if type(value) is not int or value < self.minimum:
                raise SetupError(f"option {self.name} must be a whole number of at least "
                                 f"{self.minimum}, not {value!r}")
            return value
        raise SetupError(f"option {self.name} cannot take {value!r}")


@dataclass(frozen=True)
class Table:
    """The composed parts of one game (what the driver runs)."""

    ruleset: str
    players: int
    seating: Seating
    choice: Choice
    score: Score
    contracts: tuple[str, ...]
    weis: bool = False
    stoeck: bool = False
    weis_options: WeisOptions = field(default_factory=WeisOptions)
    value_options: frozenset[str] = frozenset()
    first_forehand: str = "seat"  # "7S": the holder of the Roses 7 (Schieber); "dealer-card"
    play_as: Mapping[str, str] = field(default_factory=dict)  # Misère plays as its mode
    # the state class a deck other than the 36-card one plays on, by deck name (six-player
    # Schieber's two 24-card decks: chaitea.phases.double.DoubleDeckState)
    state_types: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    # value options added for one deck (six-player Schieber's 24-card decks: undenufe-nine)
    deck_value_options: Mapping[str, frozenset[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Ruleset:
    """A Jass-family game: name, title, the player counts it allows (the first is the default),
    its options and the builder of its :class:`Table`."""

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    build: Callable[[int, Mapping[str, Any]], Table]
    doc: str = ""

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        names = ", ".join(o.name for o in self.options) or "none"
        raise SetupError(f"unknown option {name!r} for {self.name} (its options: {names}; "
                         "RECORD options)")

    def resolve(self, options: Mapping[str, object]) -> dict[str, Any]:
        """Every option's value: the defaults, then ``options`` checked one by one."""
        out = {o.name: o.default for o in self.options}
        for name, value in options.items():
            out[name] = self.option(name).check(value)
        return out

    def table(self, players: int | None, options: Mapping[str, object]) -> Table:
        n = self.players[0] if players is None else players
        if type(n) is not int or n not in self.players:
            allowed = " or ".join(map(str, self.players))
            raise SetupError(f"{self.name} is played by {allowed} players, not {n!r} "
                             "(RECORD players)")
        return self.build(n, self.resolve(options))
