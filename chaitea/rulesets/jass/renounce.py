"""The renounce penalty (RULES J; the text, "Renúncia"): option ``renounce: "penalty"`` of basic
Jass, Schieber and Sidi Barrani, a state class of the driver (:class:`RenounceState`, named by
the table's ``state_types``); by default (``"refuse"``) a card that breaks the follow rule is
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
>>> type(state).__name__, RENOUNCE_POINTS
('RenounceState', 20)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from chaitea.core.deals import Deal
from chaitea.engine.driver import JassState
from chaitea.rulesets.jass.scores import TargetState

__all__ = ["RENOUNCE_POINTS", "RenounceState"]

#: The text: the renouncer loses 20 points.
RENOUNCE_POINTS = 20


class RenounceState(JassState):
    """A Jass game where a renounce stands until it is proven (see the module). The driver's
    hot path is untouched: a renounce is an illegal card, so it arrives on the slow path; once a
    renounce is pending, the hand's plays go through :meth:`_do_play` (the per-trick masks of the
    hot path are closed) so that the proof is seen."""

    _pending: tuple[tuple[int, int], ...] = ()  # (seat, the suit it failed to follow)
    _renounced = False  # the last round ended on a proven renounce: the redeal keeps its forehand

    def _reset_play(self) -> None:
        super()._reset_play()
        self._pending = ()

    def renounces(self) -> tuple[tuple[int, int], ...]:
        """The renounces of this hand not proven yet: (seat, the suit led it did not follow,
        0..3 for C D H S)."""
        return self._pending

    def _renounce_of(self, c: int) -> bool:
        """Whether card ``c`` of the seat to play is a renounce (the text): held, of neither the
        led suit nor trump, while the seat holds the led suit."""
        if self._phase != "play" or self._led < 0:
            return False
        hand = self._hands[self._turn]
        deck = self.game.deck
        suit = deck.suit_of[c]
        if not hand >> c & 1 or suit == self._led or suit == self._trump:
            return False
        return bool(hand & deck.suit_masks[self._led])

    def _check_play(self, c: int) -> None:
        if not self._legal_mask() >> c & 1 and self._renounce_of(c):
            return  # a renounce stands (option renounce: penalty)
        super()._check_play(c)

    def _play(self, c: int) -> None:
        if not self._legal_mask() >> c & 1:
            self._check_play(c)  # refuses all but a renounce
            self._pending = (*self._pending, (self._turn, self._led))
        self._do_play(c)

    def _close_hot_path(self) -> None:
        if self._pending and self._phase == "play":
            self._leads = None  # every card now comes through _do_play
            self._lm = -1

    def _setup_trick(self) -> None:
        super()._setup_trick()
        self._close_hot_path()

    def _do_play(self, c: int) -> None:
        seat = self._turn
        if self._pending and (seat, self.game.deck.suit_of[c]) in self._pending:
            self._proven(seat, c)
            return
        super()._do_play(c)
        self._close_hot_path()

    def _proven(self, seat: int, c: int) -> None:
        """The renounce of ``seat`` is proven by its card ``c``: the card is played, the hand
        stops, the renouncer's side loses 20 and the next deal keeps the forehand."""
        g = self.game
        score = g.table.score
        self._hands[seat] ^= 1 << c
        self._trick.append(c)
        self._acts.append(c)
        self._lm = -1
        side = self._side_of[seat]
        before = score.totals(self._score)
        totals = list(before)
        floor = 0 if isinstance(self._score, TargetState) else None  # no negative target total
        totals[side] -= RENOUNCE_POINTS
        if floor is not None:
            totals[side] = max(floor, totals[side])
        self._score = replace(self._score, totals=tuple(totals))
        scoring = getattr(score, "scoring", None)
        zero = (0,) * g.sides
        res: dict[str, Any] = {
            "forehand": self._forehand, "declarer": self._declarer, "contract": self._contract,
            "tricks": list(self._tricks_won), "card_points": zero, "weis": zero, "stoeck": zero,
            "match": None, "multiplier": 1 if scoring is None else scoring.factor(self._contract),
            "score": tuple(a - b for a, b in zip(totals, before, strict=True)),
            "renounce": seat}
        self._done.append((self._situation.items, tuple(self._acts)))
        self._results.append(res)
        self._pending = ()
        self._renounced = True
        self._phase = "deal"
        if self._seed is not None:
            self._auto_deal()

    def next_picking(self) -> tuple[int | None, list[str]] | None:
        """As :meth:`JassState.next_picking`; after a proven renounce the same first speaker."""
        if not (self._renounced and self._phase == "deal"):
            return super().next_picking()
        ahead: RenounceState = self.clone()
        ahead._first = (self._first - 1) % self._n  # the driver looks one seat on
        ahead._renounced = False
        return ahead.next_picking()

    def _lay_out(self, deal: Deal | int, *layout: Any) -> None:
        """As :meth:`JassState._lay_out` (the deal step's, once the deal is taken); after a
        proven renounce the new deal keeps the forehand (the text: the cards are dealt
        again)."""
        if self._renounced:
            self._first = (self._first - 1) % self._n  # the driver moves it on by one
            self._renounced = False
        super()._lay_out(deal, *layout)
