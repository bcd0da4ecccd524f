"""The dealer's choice of trump (the Palitos game, the text: "O carteador escolhe o Trunfo a
cada rodada, ao invés do Trunfo ser sorteado"; RECORD Jass: the item is the contract's
spelling, ``trump(X)``).

>>> phase = DealerChoice(("trump(C)", "trump(D)", "trump(H)", "trump(S)"))
>>> st = phase.status(PickView(players=3, first=1, items=()))
>>> st.seat, st.forced, st.legal[:2]
(0, True, ('trump(C)', 'trump(D)'))
>>> done = phase.status(PickView(players=3, first=1, items=("trump(H)",)))
>>> done.done, done.declarer, done.forehand, done.contract
(True, 0, 1, 'trump(H)')
"""

from __future__ import annotations

from dataclasses import dataclass

from chaitea.core.cards import Deck
from chaitea.engine.picking import PickStatus, PickView

__all__ = ["DealerChoice"]


@dataclass(frozen=True)
class DealerChoice:
    """The dealer (the seat before the round's first speaker) must write one of ``contracts``;
    it is the declarer, and the first speaker (the seat after the dealer) leads."""

    contracts: tuple[str, ...]
    picker_leads = False  # the first speaker leads (ChoicePhase.picker_leads)

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """No items of its own beyond the contracts (ChoicePhase.spellings)."""
        return ()

    def status(self, view: PickView) -> PickStatus:
        dealer = (view.first - 1) % view.players
        if view.items:
            return PickStatus(-1, (), True, dealer, view.first, view.items[0])
        return PickStatus(dealer, self.contracts, forced=True,
                          why=f"the dealer (seat {dealer}) chooses the trump of the hand "
                          "(the text, the Palitos game)")
