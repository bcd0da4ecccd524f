"""The deal of the table driver (:mod:`chaitea.engine.driver`), for every deck its games play
(the 36-card Jass deck, six-player Schieber's double deck): the deal step
(:mod:`chaitea.engine.deal_step`) lays a round's hands out here, with the first hand's forehand
(the table's :mod:`~chaitea.engine.dealing` part) and, when that part turns it up, the dealer's
last card; a part of the table's flow, :class:`chaitea.engine.driver.TableFlow` (RECORD Jass
``deal``).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state()
>>> state.phase, isinstance(state.game.flow, TableDealing)
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
from typing import TYPE_CHECKING

from chaitea.core.bits import masks_of
from chaitea.core.deals import Deal

if TYPE_CHECKING:
    from chaitea.engine.state import State

__all__ = ["TableDealing"]


class TableDealing:
    """Dealing a round: a part of the table's flow, each method taking the state."""

    # -- deals: the deal step (chaitea.engine.deal_step) -------------------------------------
    def lay_out(self, st: State, deal: Deal | int, aside: Sequence[int],
                 downs: tuple[Sequence[int], ...], ups: tuple[Sequence[int], ...],
                 hands: tuple[Sequence[int], ...]) -> None:
        """A round's hands as masks (no straw-piles; the cards set aside are a stock nobody
        holds, Oh Hell's), its first speaker (the first hand's: the table's part, or the forehand
        given; then one seat on) and, when the table's part turns it up, the dealer's last card
        (basic Jass, Differenzler) or the stock's top card (Oh Hell): its suit is trump, and
        everyone sees it."""
        g = st.game
        masks = masks_of(hands)
        part = g.table.first_forehand
        if st._deals:
            first = (st._first + 1) % st._n
        elif st.forehand_override is not None:
            first = st.forehand_override
        else:  # a seat, or the holder of 7S (Schieber; the double deck: the first deck's 9S)
            first = part.first(g.deck, masks)
        st._first = first
        st._deals.append(deal)  # a seeded deal is kept as its seed
        st._acts = []
        st._hands = masks
        st._dealt = list(masks)
        if part.turns_up:  # the dealer's last card, shown to all (RULES J); where the deal
            # leaves a stock, its top card (Oh Hell: OpenSpiel's oh_hell deals it after the hands)
            card = g.deck.cards[aside[0] if aside else hands[(first - 1) % st._n][-1]]
            st._turned_up = None if card.suit is None else "CDHS"[int(card.suit)]
            st._turned_up_card = str(card)
        else:
            st._turned_up = st._turned_up_card = None
        st._reset_play()
