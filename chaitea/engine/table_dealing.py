"""The deal of the table driver (:mod:`chaitea.engine.driver`), for every deck its games play
(the 36-card Jass deck, six-player Schieber's double deck): the deal step
(:mod:`chaitea.engine.deal_step`) lays a round's hands out here, with the first hand's forehand
(the table's :mod:`~chaitea.engine.dealing` part) and, when that part turns it up, the dealer's
last card; as a mixin of :class:`chaitea.engine.driver.JassState` (RECORD Jass ``deal``).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state()
>>> state.phase, isinstance(state, TableDealing)
('deal', True)
>>> state.apply_deal(5); state.phase, sum(len(state.hand(s)) for s in range(4))
('picking', 36)
>>> state.apply_deal("5")
Traceback (most recent call last):
...
chaitea.core.errors.IllegalAction: no round is waiting for a deal: the picking phase is on
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chaitea.core.bits import masks_of
from chaitea.core.deals import Deal

__all__ = ["TableDealing"]


class TableDealing:
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
    _turned_up: str | None
    _turned_up_card: str | None

    if TYPE_CHECKING:  # JassState's (the picking mixin's: chaitea.engine.status_picking)
        def _reset_play(self) -> None: ...

    # -- deals: the deal step (chaitea.engine.deal_step) -------------------------------------
    def _lay_out(self, deal: Deal | int, aside: Sequence[int],
                 downs: tuple[Sequence[int], ...], ups: tuple[Sequence[int], ...],
                 hands: tuple[Sequence[int], ...]) -> None:
        """A round's hands as masks (no straw-piles; the cards set aside are a stock nobody
        holds, Oh Hell's), its first speaker (the first hand's: the table's part, or the forehand
        given; then one seat on) and, when the table's part turns it up, the dealer's last card
        (basic Jass, Differenzler) or the stock's top card (Oh Hell): its suit is trump, and
        everyone sees it."""
        g = self.game
        masks = masks_of(hands)
        part = g.table.first_forehand
        if self._deals:
            first = (self._first + 1) % self._n
        elif self.forehand_override is not None:
            first = self.forehand_override
        else:  # a seat, or the holder of 7S (Schieber; the double deck: the first deck's 9S)
            first = part.first(g.deck, masks)
        self._first = first
        self._deals.append(deal)  # a seeded deal is kept as its seed
        self._acts = []
        self._hands = masks
        self._dealt = list(masks)
        if part.turns_up:  # the dealer's last card, shown to all (RULES J); where the deal
            # leaves a stock, its top card (Oh Hell: OpenSpiel's oh_hell deals it after the hands)
            card = g.deck.cards[aside[0] if aside else hands[(first - 1) % self._n][-1]]
            self._turned_up = None if card.suit is None else "CDHS"[int(card.suit)]
            self._turned_up_card = str(card)
        else:
            self._turned_up = self._turned_up_card = None
        self._reset_play()
