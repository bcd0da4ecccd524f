"""The Bells game (``bells-avoidance``; RULES J, the text: "semelhante ao Copas Fora"): four
players each for themselves, no trump (the ``obenabe`` contract), no Weis, no Stöck. Each Bells
card (``H``; the French deck's hearts) taken scores 1 point; a player who takes all nine Bells
(a Monopoly: every Bells card, not every trick) scores −9 instead. Twelve hands; the lowest
total wins, a tie for it plays extra hands. Options: ``monopoly`` (false: no Monopoly, nine
Bells score 9), ``floor`` (a reading the text leaves open: with it a Monopoly never takes a
total below 0; by default totals may go below 0).

>>> t = BELLS_AVOIDANCE.table(4, {})
>>> t.score.end.hands, t.score.scores, BELLS_COUNT.terms[0].score
(12, 'penalty', -9)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import FixedContract
from chaitea.rulesets.jass.penalties import Cards, CountedHands, HandCount, Monopoly, card_mask
from chaitea.rulesets.jass.tally import AfterHands, TallyScore

__all__ = ["BELLS", "BELLS_AVOIDANCE", "BELLS_COUNT", "BELLS_COUNT_NO_MONOPOLY"]

#: the nine Bells cards (RULES C: Bells = H)
BELLS = card_mask("6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH")

#: the text: "para cada carta de Sinos que um jogador pegar, ganhará 1 ponto"; the Monopoly:
#: "ao invés de ganhar, perderá 9 pontos"
BELLS_COUNT = HandCount("bells", (Monopoly(Cards("bells", BELLS, 1), -9),))
BELLS_COUNT_NO_MONOPOLY = HandCount("bells", (Cards("bells", BELLS, 1),))


def _bells(players: int, o: Mapping[str, Any]) -> Table:
    count = BELLS_COUNT if o["monopoly"] else BELLS_COUNT_NO_MONOPOLY
    score = TallyScore(CountedHands((count,), floor=o["floor"]),
                       AfterHands(o["hands"], lowest=True), players=4, scores="penalty",
                       avoid=True)
    return Table("bells-avoidance", 4, JASS_SEATINGS["four"], FixedContract("obenabe"), score,
                 ("obenabe",))


BELLS_AVOIDANCE = register(Ruleset("bells-avoidance", "The Bells game", (4,), (
    Option("hands", 12, "hands in a game (the text: 12); the lowest wins, a tie for it plays "
           "extra hands"),
    Option("monopoly", True, "all nine Bells taken by one player score -9 instead of 9 (the "
           "text's Monopoly)"),
    Option("floor", False, "no total goes below 0 (the text is silent; by default a Monopoly "
           "may take a total below 0)"),
), _bells, "four players each for themselves, no trump: avoid the Bells, 1 point each, a "
   "Monopoly -9, 12 hands",
    family=JASS_FAMILY, order=15))
