"""Schiltenober (RULES J, the text), Rosenober's relative: four players each for themselves, no
trump (the ``obenabe`` contract), no Weis, no Stöck. Whoever takes the Shields Ober (``QD``;
the French deck's Queen of Diamonds), the second trick or the second-to-last trick scores 1
point for each (3 a hand); the game ends after the hand in which a total reaches the ``limit``
(7), the lowest total wins, a tie for it plays extra hands.

>>> t = SCHILTENOBER.table(4, {})
>>> t.score.end.limit, [term.name for term in SCHILTENOBER_COUNT.terms]
(7, ['shields-ober', 'second-trick', 'second-to-last-trick'])
>>> [term.trick(9) for term in SCHILTENOBER_COUNT.terms[1:]]  # tricks 2 and 8 of 9
[1, 7]
"""

from __future__ import annotations

from chaitea.core.contracts import JASS_FAMILY
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset
from chaitea.rulesets.jass.penalties import Cards, HandCount, TrickAt, avoidance_table, card_mask

__all__ = ["SCHILTENOBER", "SCHILTENOBER_COUNT"]

#: the text: "o Ober de Escudos ..., a segunda vaza ..., a penúltima vaza", 1 point each
SCHILTENOBER_COUNT = HandCount("schiltenober", (
    Cards("shields-ober", card_mask("QD"), 1),
    TrickAt("second-trick", 1, 1),
    TrickAt("second-to-last-trick", -2, 1),
))


SCHILTENOBER = register(Ruleset("schiltenober", "Schiltenober", (4,), (
    Option("limit", 7, "the game ends after the hand in which a total reaches this (the text: "
           "7); the lowest wins, a tie for it plays extra hands"),
), avoidance_table("schiltenober", SCHILTENOBER_COUNT), "four players each for themselves, no "
   "trump: avoid the Shields Ober, the second and the second-to-last trick, 1 point each, to 7",
    family=JASS_FAMILY, order=11))
