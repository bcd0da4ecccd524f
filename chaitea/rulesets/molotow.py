"""Molotow (the text; RULES J): Mittlere's play (:mod:`chaitea.rulesets.mittlere`) with four
players of nine cards each, and its own five rules, the first that applies written: 1 a player
with all 157 points 3 Palitos, each other 1 Batata; 2 a player with 100 to 156 points 3
Batatas, each other 1 Palito; 3 two players with equal points (a pair): tied highest, they get
nothing, the middle score 1 Batata, the lowest 1 Palito; tied in the middle, they 1 Batata each,
the others 1 Palito; tied lowest, they nothing, the middle score 1 Batata, the highest 1
Palito; 4 all different: the two middle scores 1 Batata each, the others 1 Palito; 5 three
players equal: the fourth 1 Palito, and the three draw a card: the highest 1 Batata (a seeded
draw, RULES J: option ``draw_seed``; the round's ``draw`` shows it). The end as Mittlere's
(a reading: 12 hands, the most Palitos, ties play extra hands).

>>> [r.name for r in MOLOTOW_RULES], MOLOTOW.table(4, {}).players
(['1', '2', '3', '4', '5'], 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Ruleset, Table
from chaitea.rulesets.jass.palitos import AtLeast, ByPlaces, Draw, FirstThatApplies, PlaceRule
from chaitea.rulesets.jass.tallies import Tally
from chaitea.rulesets.jass.tally import AfterHands
from chaitea.rulesets.jass_options import DRAW_SEED
from chaitea.rulesets.mittlere import HANDS, tutti_table

__all__ = ["MOLOTOW", "MOLOTOW_RULES"]

_0, P, B = Tally(), Tally(1), Tally(0, 1)

#: Molotow's five rules, in the text's order (only the first that applies is written); a tie
#: in rule 3 is of exactly two players (three are rule 5; two pairs cannot total 157).
MOLOTOW_RULES: tuple[PlaceRule, ...] = (
    AtLeast("1", 157, Tally(3), B),
    AtLeast("2", 100, Tally(0, 3), P),
    ByPlaces("3", {(2, 1, 1): (_0, B, P), (1, 2, 1): (P, B, P), (1, 1, 2): (P, B, _0)}),
    ByPlaces("4", {(1, 1, 1, 1): (P, B, B, P)}),
    ByPlaces("5", {(3, 1): (Draw(B), P), (1, 3): (P, Draw(B))}),
)


def _molotow(players: int, o: Mapping[str, Any]) -> Table:
    return tutti_table("molotow", 4, FirstThatApplies(MOLOTOW_RULES, draw_seed=o["draw_seed"]),
                       AfterHands(o["hands"]))


MOLOTOW = register(Ruleset("molotow", "Molotow", (4,), (HANDS, DRAW_SEED), _molotow,
                           "Mittlere for four players with nine cards each and its own five "
                           "rules (a three-way tie drawn by card)",
                           family=JASS_FAMILY, order=8))
