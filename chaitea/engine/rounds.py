"""One round's records and the fields of a game state (the parts of ``GameState`` shared by
its modules: :mod:`chaitea.engine.game` (the state API), :mod:`chaitea.engine.round_play` (deals
and play),
:mod:`chaitea.engine.view` (reading the state) and its ruleset's parts,
:mod:`chaitea.rulesets.barrel`
(picking) and :mod:`chaitea.rulesets.paper_pad` (scoring)).

>>> round_seed(7, 0) == round_seed(7, 0) != round_seed(7, 1)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from chaitea.core.cards import Card
from chaitea.core.contracts import Contract
from chaitea.core.deals import Deal
from chaitea.core.round_tables import PlayPlan, TrickTables
from chaitea.engine.machine import StateMachine, round_seed
from chaitea.engine.pad import Pad

__all__ = ["Picked", "PlayedRound", "RoundResult", "StateFields", "TrickRecord", "round_seed"]


@dataclass(frozen=True)
class TrickRecord:
    """A completed trick: who led, the cards in play order, who won and why."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    reason: str


@dataclass(frozen=True)
class RoundResult:
    """The outcome of a complete round (RECORD replay ``rounds``)."""

    declarer: int
    row: str
    contract: Contract
    bet_debt: int
    offer: int
    tricks: tuple[int, ...]
    card_points: int
    last_trick: int
    score: int
    side_points: tuple[int, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"declarer": self.declarer, "row": self.row, "contract": self.contract.spelling,
                "bet_debt": self.bet_debt, "tricks": list(self.tricks),
                "card_points": self.card_points, "last_trick": self.last_trick,
                "score": self.score}


class Picked(NamedTuple):
    """The choice that ends Chai Tea Jazz's picking phase: the declarer, the pad row, the
    contract, the Bet Debt carried and the accepted offer (RULES B, V), and the picking
    situation as it ended (``last``: what the readers ``passed`` and ``current_bet`` show). The
    outcome of the picking protocol (:mod:`chaitea.engine.pick_step`): ``done``, and ``seat`` the
    declarer."""

    declarer: int
    row: int
    contract: Contract
    debt: int
    offer: int
    last: Any

    @property
    def done(self) -> bool:
        """Always ``True``: the outcome that ends the phase."""
        return True

    @property
    def seat(self) -> int:
        """The seat that chose: the declarer."""
        return self.declarer


class PlayedRound(NamedTuple):
    """A Chai Tea Jazz round's facts as the driver hands them to its scoring part (as the
    Jass driver hands a :class:`~chaitea.engine.hand.Hand`): the picking's outcome
    (``picked``: declarer, row, contract, Bet Debt, offer), the tricks won per seat, the card
    points per side from the tricks, the seat that won the last trick and the two players'
    set-aside cards (card ids; D9). A named tuple: one is built per round, on the hot path."""

    picked: Picked
    tricks: tuple[int, ...]
    side_points: tuple[int, ...]
    last: int
    set_aside: tuple[int, ...] = ()


class _RoundLog:
    """One round as played: its deal (built lazily from a seed) and its action ids."""

    __slots__ = ("_deal", "actions", "game", "result", "seed")

    def __init__(self, game: Any, deal: Deal | None, seed: int | None = None) -> None:
        self.game = game
        self._deal = deal
        self.seed = seed
        self.actions: list[int] = []
        self.result: RoundResult | None = None

    @property
    def deal(self) -> Deal:
        if self._deal is None:
            assert self.seed is not None
            self._deal = Deal.from_seed(self.seed, self.game.seating, self.game.deck)
        return self._deal

    def copy(self) -> _RoundLog:
        r = _RoundLog(self.game, self._deal, self.seed)
        r.actions = list(self.actions)
        r.result = self.result
        return r


class StateFields(StateMachine[RoundResult]):
    """The fields of a :class:`~chaitea.engine.game.GameState`, declared once for the modules that
    implement its parts (``GameState.__init__`` sets them)."""

    game: Any  # a Game (chaitea.engine.game.GameState narrows it)
    names: list[str]
    _seed: int | None
    _round_only: bool
    _score: Pad  # the score state: the Paper Pad (chaitea.engine.score_step)
    _barrel: int
    _phase: str
    _agreed: bool
    _logs: list[_RoundLog]
    _results: list[RoundResult]
    # cards
    _hands: list[int]
    _straw_up: list[int]
    _straw_down: list[int]
    _cover: tuple[int, ...]
    _set_aside: tuple[int, ...]
    # picking: the situation (chaitea.rulesets.barrel.Bidding; chaitea.engine.pick_step)
    _turn: int
    _situation: Any
    # play
    _picked: Picked | None  # the round's picking outcome (handed to the scoring part)
    _declarer: int
    _contract: Contract | None
    _tt: TrickTables | None  # the trick's tables (chaitea.engine.play_step)
    _legal: Callable[[int, int, Sequence[int]], int]
    _strength: tuple[tuple[int, ...], ...]
    _trick: list[int]
    _leader: int
    _led: int
    _trick_no: int
    _side_points: list[int]
    _tricks_won: list[int]
    _tricks: list[tuple[int, tuple[int, ...], int]]
    _lm: int
    _acts: list[int]

    if TYPE_CHECKING:  # implemented by GameState (chaitea.engine.game)
        def current_player(self) -> int: ...
        def legal_moves(self) -> list[str]: ...
        def _start_play(self, picked: Picked) -> None: ...
        def _begin_picking(self) -> None: ...
        def _auto_deal(self) -> None: ...
        def _setup_trick(self) -> None: ...
        def _start_tricks(self, plan: PlayPlan, leader: int,
                          trumps: Sequence[int] = ()) -> None: ...
        def _score_round(self, hand: PlayedRound) -> None: ...
