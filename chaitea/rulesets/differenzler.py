"""Differenzler (the text, RULES J): four players each for themselves try to take exactly the
card points they guessed. The rules of basic Jass (the trump turned up from the dealer's last
card, the seat after the dealer leads), but no Weis and no Stöck; before trick 1 each player in
play order from the seat after the dealer writes ``guess(N)``, 0 to 157
(:mod:`chaitea.rulesets.jass.guessing`). Each hand writes per seat the difference between the
card points taken and the guess; an exact guess takes 10 off, never below 0 (an exact guess of
0 loses nothing: the text's exception; option ``zero_bonus``). After 12 hands (option
``hands``) the lowest total wins; a tie for it plays extra hands, one at a time.

The Match, a reading (option ``match_bonus``). The text says Differenzler's rules "são as mesmas
do Jass, exceto pelo seguinte" and its exceptions name Weis and Stöck, not basic Jass's Match
("Se um mesmo jogador pegar todas as 9 vazas da mão, fará um match, e ganhará 100 pontos a mais
por isso"), so a table may read a player who takes all nine tricks as having made 257. But what
Differenzler counts is the points taken: each player writes "quantos pontos acha que vai pegar"
and at the end of the hand "são somados os pontos que cada jogador pegou", against basic Jass's
"O total de pontos em cada mão é 157" (the last trick's 5 included, RULES J); the Match's 100
are won "a mais", on top of what the cards hold. The text does not clearly point to 257, so the
default keeps the engine's reading: a Match counts its 157 card points only and a guess is 0 to
157 (records saved without the option replay as before). With ``match_bonus`` the seat that
takes every trick has taken 257 (157 + 100) and a guess may be 0 to 257.

>>> t = DIFFERENZLER.table(4, {})
>>> t.contracts, t.weis, t.stoeck, t.score.scores, t.score.end
(('trump(C)', 'trump(D)', 'trump(H)', 'trump(S)'), False, False, 'guess', \
AfterHands(hands=12, lowest=True, ties_stand=False))
>>> t.score.rule.match_bonus, DIFFERENZLER.table(4, {"match_bonus": True}).score.rule.match_bonus
(0, 100)
>>> from chaitea.rulesets import jass_game
>>> state = jass_game("differenzler").new_initial_state(seed=5)
>>> state.phase, state.current_player(), state.legal_moves()[-1]
('picking', 0, 'guess(157)')
>>> jass_game("differenzler", options={"match_bonus": True}).new_initial_state(
...     seed=5).legal_moves()[-1]
'guess(257)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.dealing import DealerCard
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import DealerTrump
from chaitea.rulesets.jass.guessing import HAND_POINTS, DifferenceRule, Guessing
from chaitea.rulesets.jass.scoring import MATCH_BONUS
from chaitea.rulesets.jass.tally import AfterHands, TallyScore
from chaitea.rulesets.jass_options import TRUMPS

__all__ = ["DIFFERENZLER"]


def _differenzler(players: int, o: Mapping[str, Any]) -> Table:
    bonus = MATCH_BONUS if o["match_bonus"] else 0  # RULES J: Match +100 (a reading, above)
    rule = DifferenceRule(zero_bonus=o["zero_bonus"], match_bonus=bonus)
    score = TallyScore(rule, AfterHands(o["hands"], lowest=True), players=4, scores="guess")
    return Table("differenzler", 4, JASS_SEATINGS["four"],
                 Guessing(DealerTrump(), most=HAND_POINTS + bonus), score, TRUMPS,
                 declaring=None, first_forehand=DealerCard())


DIFFERENZLER = register(Ruleset("differenzler", "Differenzler", (4,), (
    Option("hands", 12, "hands in a game (ties for the lowest total play extra hands)"),
    Option("zero_bonus", False, "an exact guess of 0 takes 10 off like any exact guess (the "
           "text: it loses nothing)"),
    Option("match_bonus", False, "a player who takes all nine tricks has taken 257 points: "
           "basic Jass's Match, 100 on top of the 157, counts against the guess, and a guess "
           "may be 0 to 257 (false, the default: the 157 card points only, guesses 0 to 157; "
           "the text counts the points taken and names no Match)"),
), _differenzler, "four players each for themselves guess their card points; the difference "
   "is written, an exact guess takes 10 off; 12 hands, the lowest total wins",
    family=JASS_FAMILY, order=6))
