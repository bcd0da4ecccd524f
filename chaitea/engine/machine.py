"""The generic state machine under every game of the kit (both families): the state API that
Chai Tea Jazz's :class:`~chaitea.engine.game.GameState` and the Jass-family
:class:`~chaitea.engine.driver.JassState`
share, and the readers both offer.

A state is in one phase at a time: ``deal`` (a chance node: the next round waits for its deal),
``picking`` (the round's contract is being chosen by the ruleset's choice phase), ``play`` (tricks)
or ``end``. A subclass supplies the phase parts: :meth:`legal_actions`, :meth:`apply_action` and
:meth:`verify_action` hand each action to the current phase (the play hot path stays inline in
the subclass), ``_picking_seat`` names who speaks while picking, and ``_copied`` lists the fields a
:meth:`clone` copies (lists that actions change in place).

>>> from chaitea import Game
>>> state = Game(players=3).new_initial_state(seed=7)
>>> isinstance(state, StateMachine), state.phase, state.current_player(), state.is_chance_node()
(True, 'picking', 0, False)
>>> copy = state.clone(); copy.apply("under")
>>> state.history(), copy.history_str()
([], ['under'])
>>> state.can_apply("7H"), state.can_apply("pass")
(False, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, overload

from chaitea.core.cards import Card
from chaitea.core.errors import ChaiTeaError
from chaitea.engine.validate import MAX_SEED_DIGITS, seed_argument

__all__ = ["CHANCE", "TERMINAL", "Field", "StateMachine", "fields_of", "native_fields",
           "round_seed", "set_fields"]

CHANCE = -1  # current_player() while the next round waits for its deal
TERMINAL = -4  # current_player() once the game is over (OpenSpiel's kTerminalPlayerId)
_SEED_BOUND = 10 ** MAX_SEED_DIGITS  # a seed has at most 4,000 digits
R = TypeVar("R")  # a finished round's result (Chai Tea Jazz: RoundResult; Jass: a dict)
T = TypeVar("T")


def round_seed(game_seed: int, round_index: int) -> int:
    """The seed of round ``round_index`` (0-based) of a game dealt from ``game_seed``: a fixed
    integer mix, so a state needs no random generator to clone (SplitMix64's finaliser).

    Every seeded game of both families deals its first round from here as it is created, so
    this is where ``new_initial_state(seed=...)`` is checked: a seed is an integer (not a bool)
    of at most 4,000 digits, as a record's ``{"seed": N}`` (RECORD deal); else a
    :class:`~chaitea.core.errors.SetupError` naming ``seed``
    (:func:`chaitea.engine.validate.seed_argument`).

    >>> round_seed(7, 0) == round_seed(7, 0) != round_seed(7, 1)
    True
    >>> round_seed(2.5, 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chaitea.core.errors.SetupError: seed must be an integer, not 2.5
    """
    if type(game_seed) is not int or not -_SEED_BOUND < game_seed < _SEED_BOUND:
        seed_argument(game_seed)
    z = (game_seed * 0x9E3779B97F4A7C15 + (round_index + 1) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
    return (z ^ (z >> 31)) >> 33


class Field(Generic[T]):
    """A read-only public view of a state field, declared as data: ``pad = Field[Pad]("_pad",
    "The Paper Pad")``; ``copy=True`` answers a new list (the state's own is not handed out).

    >>> class S:
    ...     tricks = Field[list[int]]("_tricks", "tricks per seat", copy=True)
    ...     def __init__(self) -> None: self._tricks = [1, 2]
    >>> s = S(); s.tricks.append(3); s.tricks, S.tricks.__doc__
    ([1, 2], 'tricks per seat')
    """

    def __init__(self, field: str, doc: str = "", *, copy: bool = False) -> None:
        self.field = field
        self.copy = copy
        self.__doc__ = doc

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Field[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object, owner: type | None = None) -> Field[T] | T:
        if obj is None:
            return self
        d = obj.__dict__  # a compiled base's fields are not in it (chaitea.core.compiled)
        value: T = d[self.field] if self.field in d else getattr(obj, self.field)
        if self.copy:
            copied: T = list(value)  # type: ignore[call-overload]
            return copied
        return value

    def __set__(self, obj: object, value: object) -> None:
        raise AttributeError(f"{self.field.lstrip('_')} is read-only")


def native_fields(cls: type) -> tuple[str, ...]:
    """The fields a compiled base of ``cls`` keeps outside the instance ``__dict__``
    (mypyc's ``__mypyc_attrs__``; none when the bases run as Python)."""
    got = _NATIVE.get(cls)
    if got is None:
        names: list[str] = []
        for base in cls.__mro__:
            for name in base.__dict__.get("__mypyc_attrs__", ()):
                if name != "__dict__" and name not in names:
                    names.append(name)
        got = _NATIVE[cls] = tuple(names)
    return got


def fields_of(obj: object) -> dict[str, object]:
    """For pickling: an object's fields, a compiled base's (:func:`native_fields`) and its
    ``__dict__``."""
    state = {k: getattr(obj, k) for k in native_fields(type(obj)) if hasattr(obj, k)}
    state.update(obj.__dict__)
    return state


def set_fields(obj: object, state: dict[str, object]) -> None:
    """For unpickling: the fields :func:`fields_of` gave, each where it lives."""
    native = native_fields(type(obj))
    d = obj.__dict__
    for k, v in state.items():
        if k in native:
            setattr(obj, k, v)
        else:
            d[k] = v


_NATIVE: dict[type, tuple[str, ...]] = {}
# per state class and flow's copied fields: (a compiled base copies its own fields, the
# __dict__ lists a clone copies)
_CLONE_PLANS: dict[tuple[type, tuple[str, ...]], tuple[bool, tuple[str, ...]]] = {}


class StateMachine(Generic[R]):
    """The state API over a phase field (``_phase``), the seat to act (``_turn``) and the
    round's fields; the subclass hands each action to its phase parts."""

    _copied: ClassVar[tuple[str, ...]] = ()  # list fields a clone copies
    names: list[str]  # the seats' names
    _phase: str
    _turn: int
    _hands: list[int]  # the playable cards (Chai Tea Jazz's two players: with face-up straws)
    _straw_up: list[int]  # the face-up straw cards dealt or turned up (else zeros)
    _results: list[R]
    _tricks_won: list[int]
    _side_points: list[int]
    _leader: int
    _trick_no: int
    _trick: list[int]  # the trick in progress: card ids in play order
    _tricks: list[tuple[int, tuple[int, ...], int]]  # the round's finished tricks
    if TYPE_CHECKING:
        game: Any  # the subclass's game (rules as data, the action table)

    # -- the phase parts (the subclass) ------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """The ids of the legal actions of the seat to act (empty at a chance or terminal
        node)."""
        raise NotImplementedError

    def legal_moves(self) -> list[str]:
        """The legal actions as the record spells them."""
        raise NotImplementedError

    def apply_action(self, action: Any) -> None:
        raise NotImplementedError

    def verify_action(self, action: Any) -> int:
        raise NotImplementedError

    def history(self) -> list[int]:
        raise NotImplementedError

    def record(self) -> dict[str, Any]:
        """The game's ``chaitea-record/1`` object (RECORD.md; the Jass section for a Jass
        game)."""
        raise NotImplementedError

    def next_picking(self) -> tuple[int | None, list[str]] | None:
        """Between rounds: the next round's first speaker and what it may pick."""
        raise NotImplementedError

    def _picking_seat(self) -> int:
        """The seat that speaks while picking (the choice phase's)."""
        return self._turn

    # -- the shared state API -----------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act; :data:`CHANCE` while waiting for a deal, :data:`TERMINAL` at the
        end."""
        phase = self._phase
        if phase == "play":
            return self._turn
        if phase == "picking":
            return self._picking_seat()
        return TERMINAL if phase == "end" else CHANCE

    phase = Field[str]("_phase", "``deal`` (a chance node), ``picking``, ``play`` or ``end``.")

    def is_terminal(self) -> bool:
        return self._phase == "end"

    def is_chance_node(self) -> bool:
        """True between rounds: the next round needs ``apply_deal``."""
        return self._phase == "deal"

    def apply(self, action: Any) -> None:
        """:meth:`apply_action` under its short name."""
        self.apply_action(action)

    def can_apply(self, action: Any) -> bool:
        """Whether :meth:`apply_action` would accept ``action`` (nothing changes)."""
        try:
            self.verify_action(action)
        except ChaiTeaError:
            return False
        return True

    def clone(self) -> Self:
        """An independent copy: applying actions to one never changes the other."""
        cls = type(self)
        c = cls.__new__(cls)  # a compiled base allocates its native fields
        d = c.__dict__
        d.update(self.__dict__)
        copied = self._copied  # the state's flow's (chaitea.engine.flow)
        plan = _CLONE_PLANS.get((cls, copied))
        if plan is None:
            native = native_fields(cls)
            plan = _CLONE_PLANS[cls, copied] = (bool(native),
                                                tuple(n for n in copied if n not in native))
        if plan[0]:  # compiled: the play step's fields, its lists new (PlayStep._copy_play)
            self._copy_play(c)  # type: ignore[attr-defined]
        for name in plan[1]:
            d[name] = list(d[name])
        self._clone_into(c)
        return c

    def _clone_into(self, copy: Any) -> None:
        """Copy what :attr:`_copied` does not cover (a subclass's nested fields)."""

    def history_str(self) -> list[str]:
        """:meth:`history` in the record's spelling."""
        text = self.game.action_to_string
        return [text(a) for a in self.history()]

    def next_step(self) -> dict[str, Any] | None:
        """The report's ``next`` (RECORD replay): the seat to act, its phase and its legal
        actions (between rounds: the next round's picking); ``None`` once the game is over."""
        if self._phase == "end":
            return None
        if self._phase == "deal":
            nxt = self.next_picking()
            assert nxt is not None
            return {"seat": nxt[0], "phase": "picking", "legal": nxt[1]}
        return {"seat": self.current_player(), "phase": self._phase,
                "legal": self.legal_moves()}

    # -- the shared readers -------------------------------------------------------------------
    def hand(self, seat: int) -> list[Card]:
        """The cards in a seat's hand (Chai Tea Jazz's two players: without the straw-pile)."""
        cards: list[Card] = self.game.deck.cards_of(self._hands[seat] & ~self._straw_up[seat])
        return cards

    @property
    def trick(self) -> list[Card]:
        """Cards of the current trick, in play order."""
        cards = self.game.deck.cards
        return [cards[c] for c in self._trick]

    def trick_ids(self) -> list[tuple[int, tuple[int, ...], int]]:
        """The completed tricks of the round as ids, for the bots and the solver: (leader,
        card ids in play order, winner); ``tricks`` gives them as cards, with the reason."""
        return list(self._tricks)

    round_results = Field[list[R]]("_results", "The finished rounds' results, in order.",
                                   copy=True)
    tricks_won = Field[list[int]]("_tricks_won", "Tricks won so far this round, per seat.",
                                  copy=True)
    side_points = Field[list[int]]("_side_points", "Card points won so far this round, per side.",
                                   copy=True)
    trick_leader = Field[int]("_leader", "The seat that led (or leads) the trick in progress.")
    trick_number = Field[int]("_trick_no", "0-based index of the trick being played.")
