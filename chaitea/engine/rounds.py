"""One Chai Tea Jazz round's records: a trick as played, a round's result, the picking's outcome,
the played round handed to the scoring part and the round's log (read by its flow,
:mod:`chaitea.engine.game`, :mod:`chaitea.engine.round_play`, :mod:`chaitea.engine.view`, and its
ruleset's parts, :mod:`chaitea.rulesets.barrel` (picking) and :mod:`chaitea.rulesets.paper_pad`
(scoring)).

>>> round_seed(7, 0) == round_seed(7, 0) != round_seed(7, 1)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from chaitea.core.cards import Card
from chaitea.core.contracts import Contract
from chaitea.core.deals import Deal
from chaitea.engine.machine import round_seed

__all__ = ["Picked", "PlayedRound", "RoundResult", "TrickRecord", "round_seed"]


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
