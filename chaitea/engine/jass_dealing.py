"""The deal of the Jass-family driver: a round's hands from a seed or a given
:class:`~chaitea.core.deals.Deal`, the first hand's forehand (the table's
:mod:`~chaitea.engine.dealing` part) and the dealer's turned-up card, as a mixin of
:class:`chaitea.engine.driver.JassState` (RECORD Jass ``deal``).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state()
>>> state.phase, isinstance(state, JassDealing)
('deal', True)
>>> state.apply_deal(5); state.phase, sum(len(state.hand(s)) for s in range(4))
('picking', 36)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chaitea.core.cards import JASS
from chaitea.core.deals import Deal, shuffled_indices
from chaitea.core.errors import IllegalAction
from chaitea.engine.machine import round_seed

__all__ = ["N_CARDS", "JassDealing"]

N_CARDS = 36
_BIT = tuple(1 << i for i in range(N_CARDS))


class JassDealing:
    """Dealing a round (declared here for the type checker; ``JassState`` sets the fields)."""

    game: Any  # a JassGame (chaitea.engine.driver.JassState narrows it)
    forehand_override: int | None
    _seed: int | None
    _phase: str
    _n: int
    _first: int
    _deals: list[Deal | int]
    _acts: list[int]
    _hands: list[int]
    _dealt: list[int]
    _own_deal: bool
    _turned_up: str | None
    _turned_up_card: str | None

    if TYPE_CHECKING:  # JassState's (the picking mixin's: chaitea.engine.jass_picking)
        def _reset_play(self) -> None: ...
        def _begin_picking(self) -> None: ...

    # -- deals --------------------------------------------------------------------------------
    def apply_deal(self, deal: Deal | int) -> None:
        """Deal the next round: a :class:`~chaitea.core.deals.Deal` (validated) or a seed."""
        if self._phase != "deal":
            raise IllegalAction("a deal comes between rounds only")
        g = self.game
        n = self._n
        h = N_CARDS // n
        if isinstance(deal, int):  # the portable shuffle, dealt in blocks (RECORD deal)
            ids = shuffled_indices(deal, N_CARDS)
            bit = _BIT.__getitem__
            masks = [sum(map(bit, ids[seat * h:seat * h + h])) for seat in range(n)]
        else:
            if deal.seed is None:
                deal.validate(g.seating, JASS)
            masks = [JASS.mask_of(hand) for hand in deal.hands]
        r = len(self._deals)
        if r == 0:
            if self.forehand_override is not None:
                first = self.forehand_override
            else:  # a seat, or the holder of 7S (Schieber)
                first = g.table.first_forehand.first(JASS, masks)
        else:
            first = (self._first + 1) % self._n
        self._first = first
        self._deals.append(deal)
        self._acts = []
        self._hands = masks
        self._dealt = list(masks)
        self._own_deal = isinstance(deal, int) or deal.seed is None  # shuffled here or checked
        dealer = (first - 1) % n  # basic Jass: the dealer's last card, shown to all
        if isinstance(deal, int):
            last_id = ids[dealer * h + h - 1]
            self._turned_up = "CDHS"[last_id // 9]  # ids are suit-major
            self._turned_up_card = str(JASS.cards[last_id])
        else:
            last = deal.hands[dealer][-1]
            self._turned_up = "CDHS"[int(last.suit)] if last.suit is not None else None
            self._turned_up_card = str(last)
        self._reset_play()
        self._begin_picking()  # the pick step (chaitea.engine.pick_step)

    def _auto_deal(self) -> None:
        assert self._seed is not None
        self.apply_deal(round_seed(self._seed, len(self._deals)))
