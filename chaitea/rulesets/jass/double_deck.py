"""Play with the Jass double deck (six-player Schieber's two 24-card decks), a state of its own.

The 36-card driver's play path (:class:`chaitea.engine.driver.JassState`) is tuned for card ids
0..35 with nine cards a suit; the double deck has 48 ids (``JASS_DOUBLE``: the first copy's 24 cards
C D H S x 9 10 J Q K A, then the second copy's, written ``9C'``), so this subclass replaces only
what reads the card ids: the deal. The play is the play step's
(:class:`chaitea.engine.play_step.PlayStep`: the led suit read from the deck, the follow rule's
``legal`` function where its masks do not fit the two Puurs, the trick's end by
:func:`chaitea.core.tricks.end_trick`, of two identical cards the later-played wins, RULES D2 as in
Chai Tea Jazz's double deck), as are picking, scoring and records.

The first forehand of a game is the holder of the Roses 7 (``7S``); the 24-card decks have no 7,
so it is the holder of the Roses 9 of the first copy (``9S``), the lowest Roses card (reading).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber", 6).new_initial_state(seed=3)
>>> type(state).__name__, state.game.n_tricks, len(state.hand(0))
('DoubleDeckState', 8, 8)
>>> "9S" in [str(c) for c in state.hand(state.forehand)]
True
"""

from __future__ import annotations

from chaitea.core.deals import Deal, shuffled_indices
from chaitea.core.errors import IllegalAction
from chaitea.engine.driver import JassState

__all__ = ["DoubleDeckState"]




class DoubleDeckState(JassState):
    """A Jass-family game on the double deck (the state API of :class:`JassState`)."""

    def clone(self) -> DoubleDeckState:
        c = super().clone()
        c.__class__ = DoubleDeckState
        assert isinstance(c, DoubleDeckState)
        return c

    def apply_deal(self, deal: Deal | int) -> None:
        """Deal the next round from the double deck: a :class:`~chaitea.core.deals.Deal` (validated)
        or a seed (the portable shuffle of the 48 cards, dealt in blocks, RECORD deal)."""
        if self._phase != "deal":
            raise IllegalAction("a deal comes between rounds only")
        g = self.game
        deck = g.deck
        n = self._n
        h = deck.size // n
        if isinstance(deal, int):
            ids = shuffled_indices(deal, deck.size)
            masks = []
            for seat in range(n):
                m = 0
                for i in ids[seat * h:(seat + 1) * h]:
                    m |= 1 << i
                masks.append(m)
        else:
            if deal.seed is None:
                deal.validate(g.seating, deck)
            masks = [deck.mask_of(hand) for hand in deal.hands]
        if not self._deals:
            if self.forehand_override is not None:
                first = self.forehand_override
            else:  # the holder of 7S, or of the first deck's 9S (no 7s)
                first = g.table.first_forehand.first(deck, masks)
        else:
            first = (self._first + 1) % n
        self._first = first
        self._deals.append(deal)
        self._acts = []
        self._hands = masks
        self._dealt = list(masks)
        self._turned_up = None  # no ruleset on this deck turns up a trump
        self._reset_play()
        self._begin_picking()  # the pick step (chaitea.engine.pick_step)
