"""The renounce penalty (RULES J; the text, "Renúncia"): option ``renounce: "penalty"`` of basic
Jass, Schieber and Sidi Barrani, a flow part of the table (:class:`RenounceFlow`, named by
the table's ``flows``); by default (``"refuse"``) a card that breaks the follow rule is
refused, as everywhere.

The text: a player renounces who plays a card of another suit than the one led while holding one
or more cards of the led suit; trumping while holding the led suit, or keeping back the Puur to a
trump lead, is no renounce. With the option such a card stands. As soon as the renounce is proven
(the player who renounced plays a card of the suit they should have followed) the hand stops,
the renouncer's side loses 20 points and the Weis and Stöck it held that hand, and the cards are
dealt again: a new hand, the same forehand. Readings:

- only the led-suit duty is a renounce: a card the undertrumping rule forbids is refused as
  without the option;
- the renounced hand is annulled: nobody writes its cards, Weis or Stöck (the engine writes Weis
  and Stöck with the hand), the renouncer's side writes -20 (a target game's total does not go
  below 0); the new deal replaces it (basic Jass counts it in none of its twelve hands);
- the proving card is played (it is the round's last play in the record); the round then reports
  ``"renounce": <seat>`` with ``tricks`` as won so far, ``card_points``, ``weis`` and ``stoeck``
  0 (nothing of the hand is written) and ``score`` the penalty.

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber", renounce="penalty").new_initial_state(seed=1)
>>> type(state.game.flow).__name__, RENOUNCE_POINTS
('RenounceFlow', 20)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from chaitea.core.deals import Deal
from chaitea.engine.driver import TableFlow
from chaitea.engine.play_step import PlayStep
from chaitea.engine.state import State
from chaitea.rulesets.jass.scores import TargetState

__all__ = ["RENOUNCE_FLOW", "RENOUNCE_POINTS", "RenounceFlow", "RenounceState"]

#: The text: the renouncer loses 20 points.
RENOUNCE_POINTS = 20


class RenounceFlow(TableFlow):
    """A table's flow where a renounce stands until it is proven (see the module). The play
    step's hot path is untouched: a renounce is an illegal card, so it arrives on the slow path
    (:meth:`apply_slow`); once a renounce is pending, the hand's plays go through
    :meth:`do_play` (the per-trick masks of the hot path are closed) so that the proof is
    seen."""

    watch = True  # every card off the inline path comes through do_play

    def reset_play(self, st: State) -> None:
        super().reset_play(st)
        st._pending = ()  # (seat, the suit it failed to follow)

    def start(self, st: State, *, forehand: int | None = None) -> None:
        super().start(st, forehand=forehand)
        st._renounced = False  # the last round ended on a proven renounce: the redeal keeps
        # its forehand

    def renounces(self, st: State) -> tuple[tuple[int, int], ...]:
        """The renounces of this hand not proven yet: (seat, the suit led it did not follow,
        0..3 for C D H S)."""
        return st._pending

    def _renounce_of(self, st: State, c: int) -> bool:
        """Whether card ``c`` of the seat to play is a renounce (the text): held, of neither the
        led suit nor trump, while the seat holds the led suit."""
        if st._phase != "play" or st._led < 0:
            return False
        hand = st._hands[st._turn]
        deck = st.game.deck
        suit = deck.suit_of[c]
        if not hand >> c & 1 or suit == st._led or suit == st._trump:
            return False
        return bool(hand & deck.suit_masks[st._led])

    def _check_play(self, st: State, c: int) -> None:
        if not st._legal_mask() >> c & 1 and self._renounce_of(st, c):
            return  # a renounce stands (option renounce: penalty)
        super()._check_play(st, c)

    def _play(self, st: State, c: int) -> None:
        if not st._legal_mask() >> c & 1:
            self._check_play(st, c)  # refuses all but a renounce
            st._pending = (*st._pending, (st._turn, st._led))
        self.do_play(st, c)

    def do_play(self, st: State, c: int) -> None:
        seat = st._turn
        if st._pending and (seat, st.game.deck.suit_of[c]) in st._pending:
            self._proven(st, seat, c)
            return
        PlayStep._do_play(st, c)
        if st._pending and st._phase == "play":
            st._leads = None  # every card now comes through the slow path
            st._lm = -1

    def _proven(self, st: State, seat: int, c: int) -> None:
        """The renounce of ``seat`` is proven by its card ``c``: the card is played, the hand
        stops, the renouncer's side loses 20 and the next deal keeps the forehand."""
        g = st.game
        score = g.table.score
        st._hands[seat] ^= 1 << c
        st._trick.append(c)
        st._acts.append(c)
        st._lm = -1
        side = st._side_of[seat]
        before = score.totals(st._score)
        totals = list(before)
        floor = 0 if isinstance(st._score, TargetState) else None  # no negative target total
        totals[side] -= RENOUNCE_POINTS
        if floor is not None:
            totals[side] = max(floor, totals[side])
        st._score = replace(st._score, totals=tuple(totals))
        scoring = getattr(score, "scoring", None)
        zero = (0,) * g.sides
        res: dict[str, Any] = {
            "forehand": st._forehand, "declarer": st._declarer, "contract": st._contract,
            "tricks": list(st._tricks_won), "card_points": zero, "weis": zero, "stoeck": zero,
            "match": None, "multiplier": 1 if scoring is None else scoring.factor(st._contract),
            "score": tuple(a - b for a, b in zip(totals, before, strict=True)),
            "renounce": seat}
        st._done.append((st._situation.items, tuple(st._acts)))
        st._results.append(res)
        st._pending = ()
        st._renounced = True
        st._phase = "deal"
        if st._seed is not None:
            st._auto_deal()

    def next_picking(self, st: State) -> tuple[int | None, list[str]] | None:
        """As :meth:`TableFlow.next_picking`; after a proven renounce the same first speaker."""
        if not (st._renounced and st._phase == "deal"):
            return super().next_picking(st)
        ahead = st.clone()
        ahead._first = (st._first - 1) % st._n  # the flow looks one seat on
        ahead._renounced = False
        return self.next_picking(ahead)

    def lay_out(self, st: State, deal: Deal | int, *layout: Any) -> None:
        """As :meth:`TableFlow.lay_out` (the deal step's, once the deal is taken); after a
        proven renounce the new deal keeps the forehand (the text: the cards are dealt
        again)."""
        if st._renounced:
            st._first = (st._first - 1) % st._n  # the flow moves it on by one
            st._renounced = False
        super().lay_out(st, deal, *layout)


RENOUNCE_FLOW = RenounceFlow()  #: the flow of a table with the option renounce: penalty
RenounceState = State  # a renounce table's state: the one state class
