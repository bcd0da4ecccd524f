"""Rosenober (RULES J, the text): four players each for themselves, no trump (each trick won
by the highest card of the suit led: the ``obenabe`` contract), no Weis, no Stöck. Whoever
takes the Roses Ober (``QS``), the Acorns Ober (``QC``) or the last trick scores 1 point for
each (3 a hand); the game ends after the hand in which a total reaches the ``limit`` (12), the
lowest total wins, a tie for it plays extra hands. The French deck's Queen of Spades and Queen
of Clubs are the same cards (the same ids).

>>> t = ROSENOBER.table(4, {})
>>> t.contracts, t.score.scores, t.score.end.limit, t.score.lowest_wins("obenabe")
(('obenabe',), 'penalty', 12, True)
>>> [term.name for term in ROSENOBER_COUNT.terms]
['roses-ober', 'acorns-ober', 'last-trick']
"""

from __future__ import annotations

from chaitea.core.contracts import JASS_FAMILY
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset
from chaitea.rulesets.jass.penalties import Cards, HandCount, TrickAt, avoidance_table, card_mask

__all__ = ["ROSENOBER", "ROSENOBER_COUNT"]

#: the text: "o jogador que pegou o Ober de Flores ganha 1 ponto ... o Ober de Castanhas ...
#: a última vaza"
ROSENOBER_COUNT = HandCount("rosenober", (
    Cards("roses-ober", card_mask("QS"), 1),
    Cards("acorns-ober", card_mask("QC"), 1),
    TrickAt("last-trick", -1, 1),
))


ROSENOBER = register(Ruleset("rosenober", "Rosenober", (4,), (
    Option("limit", 12, "the game ends after the hand in which a total reaches this (the text: "
           "12); the lowest wins, a tie for it plays extra hands"),
), avoidance_table("rosenober", ROSENOBER_COUNT), "four players each for themselves, no trump: "
   "avoid the Roses Ober, the Acorns Ober and the last trick, 1 point each, to 12",
    family=JASS_FAMILY, order=10))
