"""Differenzler (the text, RULES J): four players each for themselves try to take exactly the
card points they guessed. The rules of basic Jass (the trump turned up from the dealer's last
card, the seat after the dealer leads), but no Weis and no Stöck; before trick 1 each player in
play order from the seat after the dealer writes ``guess(N)``, 0 to 157
(:mod:`chaitea.rulesets.jass.guessing`). Each hand writes per seat the difference between the
card points taken and the guess; an exact guess takes 10 off, never below 0 (an exact guess of
0 loses nothing: the text's exception; option ``zero_bonus``). After 12 hands (option
``hands``) the lowest total wins; a tie for it plays extra hands, one at a time.

>>> t = DIFFERENZLER.table(4, {})
>>> t.contracts, t.weis, t.stoeck, t.score.scores, t.score.end
(('trump(C)', 'trump(D)', 'trump(H)', 'trump(S)'), False, False, 'guess', \
AfterHands(hands=12, lowest=True, ties_stand=False))
>>> from chaitea.rulesets import jass_game
>>> state = jass_game("differenzler").new_initial_state(seed=5)
>>> state.phase, state.current_player(), state.legal_moves()[-1]
('picking', 0, 'guess(157)')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.dealing import DealerCard
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import DealerTrump
from chaitea.rulesets.jass.guessing import DifferenceRule, Guessing
from chaitea.rulesets.jass.tally import AfterHands, TallyScore
from chaitea.rulesets.jass_options import TRUMPS

__all__ = ["DIFFERENZLER"]


def _differenzler(players: int, o: Mapping[str, Any]) -> Table:
    score = TallyScore(DifferenceRule(zero_bonus=o["zero_bonus"]),
                       AfterHands(o["hands"], lowest=True), players=4, scores="guess")
    return Table("differenzler", 4, JASS_SEATINGS["four"], Guessing(DealerTrump()), score,
                 TRUMPS, declaring=None, first_forehand=DealerCard())


DIFFERENZLER = register(Ruleset("differenzler", "Differenzler", (4,), (
    Option("hands", 12, "hands in a game (ties for the lowest total play extra hands)"),
    Option("zero_bonus", False, "an exact guess of 0 takes 10 off like any exact guess (the "
           "text: it loses nothing)"),
), _differenzler, "four players each for themselves guess their card points; the difference "
   "is written, an exact guess takes 10 off; 12 hands, the lowest total wins"))
