"""A ruleset as a value: its player counts, its options, and the table it builds.

A :class:`Ruleset` is data plus one builder: given a player count and the options, it answers a
:class:`Table`, the composed parts the generic driver (:mod:`chaitea.engine.driver`) runs: the
seating, the choice phase, the scoring part, whether Weis and Stöck are scored, the Weis and
card-value options, and every contract spelling the game may pick.

>>> opt = Option("push_back", False, "the partner may push back to the forehand")
>>> opt.check(True), opt.check(0)
Traceback (most recent call last):
...
chaitea.core.errors.SetupError: option push_back must be true or false, not 0
>>> Option("hands", 12, "hands in a game").check(10 ** 5000)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
chaitea.core.errors.SetupError: option hands must be a whole number of at most 1,000,000, not ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from chaitea.core.cards import Deck
from chaitea.core.errors import SetupError
from chaitea.core.markup import listing, quote
from chaitea.core.seating import Seating
from chaitea.engine.dealing import FirstForehand, SeatForehand
from chaitea.engine.hand import Hand
from chaitea.engine.picking import ChoicePhase

__all__ = ["MAX_OPTION_VALUE", "Choice", "DeclaringPart", "Option", "Ruleset", "Score", "Table"]

MAX_OPTION_VALUE = 1_000_000
"""The largest value of a whole-number option (hands, a target, a limit, Palitos, a draw seed),
as of a setup row's value (:data:`chaitea.core.setups.MAX_ROW_VALUE`): far above any game the
texts describe, so an absurd value is refused when the game is built, never later when it is
saved."""

Choice = ChoicePhase  # any value with ``status(view) -> PickStatus`` (chaitea.engine.picking)


class Score(Protocol):
    """A scoring part: pure methods over an immutable score state (so a state clones by
    reference). ``scores`` says what it counts, so bots, solver and coach ask the part instead
    of testing its type: ``"points"`` (card points per side, to a target or over a number of
    hands) or ``"pad-row"`` (the declarer's row of a Coiffeur pad)."""

    @property
    def scores(self) -> str: ...
    def initial(self) -> Any: ...
    def open_to(self, state: Any, side: int) -> Any: ...
    def may_end_declared(self, state: Any, contract: str, melds: tuple[int, ...],
                         bonus: tuple[int, ...]) -> bool:
        """Whether the points declared before play may end the game (per side: ``melds``, the
        declared melds' points, and ``bonus``, the bonus melds' scored as they are shown; the
        Jass scoring parts: Weis and Stöck, RULES J)."""
    def declared(self, state: Any, hand: Hand) -> tuple[Any, bool]: ...
    def write(self, state: Any, hand: Hand) -> tuple[Any, dict[str, object]]: ...
    def finished(self, state: Any) -> bool: ...
    def winner(self, state: Any) -> int | None: ...
    def totals(self, state: Any) -> tuple[int, ...]: ...
    def extra_json(self, state: Any) -> dict[str, object]: ...
    def pick_spellings(self, contracts: tuple[str, ...]) -> tuple[str, ...]:
        """Picking spellings the part adds to the contracts (Coiffeur: ``joker=X``)."""
    def contract_weights(self) -> dict[str, float] | None:
        """Each contract's row value where the part writes rows (``None``: every contract
        weighs the same)."""
    def lowest_wins(self, contract: str) -> bool:
        """Whether the declarer's side wants the fewest points in ``contract`` (Misère rows)."""


class DeclaringPart(Protocol):
    """The hand's declarations (Weis, Stöck): ``weis``/``stoeck`` scored, declared ``by_hand``
    or automatically, the extra picking spellings of declaring by hand, and the declarations of
    a hand (with ``.weis.points`` and ``.stoeck`` per side)."""

    @property
    def weis(self) -> bool: ...
    @property
    def stoeck(self) -> bool: ...
    @property
    def options(self) -> Any: ...
    @property
    def by_hand(self) -> bool: ...
    def spellings(self, deck: Deck) -> tuple[str, ...]: ...
    def declare(self, deck: Deck, dealt: Sequence[int], contract: str,
                declared: Sequence[str] | None, *, sides: Sequence[int],
                forehand: int) -> Any: ...


@dataclass(frozen=True)
class Option:
    """One option of a ruleset, named as in the record's ``options`` (snake_case, RECORD). A
    whole-number option takes ``minimum`` to ``maximum``; a refusal quotes the value given
    through :func:`~chaitea.core.markup.quote` (cut at 60 characters)."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()
    minimum: int = 1
    maximum: int = MAX_OPTION_VALUE

    def check(self, value: object) -> Any:
        if self.choices:
            if not any(type(value) is type(c) and value == c for c in self.choices):
                shown = listing([repr(c) for c in self.choices])
                raise SetupError(f"option {self.name} must be one of {shown}, not "
                                 f"{quote(value)}")
            return value
        if isinstance(self.default, bool):
            if type(value) is not bool:
                raise SetupError(f"option {self.name} must be true or false, not {quote(value)}")
            return value
        if isinstance(self.default, int) or self.default is None:
            if type(value) is not int or value < self.minimum:
                raise SetupError(f"option {self.name} must be a whole number of at least "
                                 f"{self.minimum}, not {quote(value)}")
            if value > self.maximum:
                raise SetupError(f"option {self.name} must be a whole number of at most "
                                 f"{self.maximum:,}, not {quote(value)}")
            return value
        raise SetupError(f"option {self.name} cannot take {quote(value)}")


@dataclass(frozen=True)
class Table:
    """The composed parts of one game (what the driver runs)."""

    ruleset: str
    players: int
    seating: Seating
    choice: Choice
    score: Score
    contracts: tuple[str, ...]
    declaring: DeclaringPart | None = None  # the hand's Weis and Stöck (None: neither)
    value_options: frozenset[str] = frozenset()
    # the first hand's forehand: a seat, a card's holder (Schieber: 7S), the dealer's card
    first_forehand: FirstForehand = field(default_factory=SeatForehand)
    play_as: Mapping[str, str] = field(default_factory=dict)  # Misère plays as its mode
    # a flow part of the table's own, by deck name (the renounce penalty's:
    # chaitea.rulesets.jass.renounce); every deck plays on the table's flow otherwise
    # (chaitea.engine.driver.TableFlow)
    flows: Mapping[str, Any] = field(default_factory=dict)
    # value options added for one deck (six-player Schieber's 24-card decks: undenufe-nine)
    deck_value_options: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # the follow rule by name (chaitea.core.following.FOLLOW_RULES; Mittlere: "mittlere")
    follow: str = "jass"

    @property
    def weis(self) -> bool:
        """Weis are scored (RULES J)."""
        return self.declaring is not None and self.declaring.weis

    @property
    def stoeck(self) -> bool:
        """Stöck are scored (RULES J)."""
        return self.declaring is not None and self.declaring.stoeck

    @property
    def weis_options(self) -> Any:
        """The declaring part's Weis options (``None`` without Weis and Stöck)."""
        return None if self.declaring is None else self.declaring.options


@dataclass(frozen=True)
class Ruleset:
    """A game built as a :class:`Table`: name, title, the player counts it allows (the first is
    the default), its options and the builder of its :class:`Table`; its ``family`` (the
    contracts it spells, :data:`chaitea.core.contracts.FAMILIES`, and its driver's game maker,
    ``registry.MAKERS``) and its ``order``, its place when the rulesets are listed (the
    record's list, RECORD ``options.ruleset``; a ruleset without one comes after those with
    one, in the order registered)."""

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    build: Callable[[int, Mapping[str, Any]], Table]
    doc: str = ""
    family: str = field(kw_only=True)
    order: int = field(default=1_000, kw_only=True)

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        names = listing([o.name for o in self.options]) or "none"
        raise SetupError(f"unknown option {quote(name)} for {self.name} (its options: {names}; "
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
            raise SetupError(f"{self.name} is played by {allowed} players, not {quote(n)} "
                             "(RECORD players)")
        return self.build(n, self.resolve(options))
