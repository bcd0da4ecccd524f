"""Mittlere (the text; RULES J): three players, twelve cards each, no card turned; no trump
until a player cannot follow: the suit of that player's card is trump for the rest of the hand
(Coiffeur's Tutti, "the trump as in Mittlere"; never set: the 8s count 8, so 157); the
undertrumping rule does not bind a player void in the led suit (follow rule ``mittlere``); no
Weis, no Stöck. Each hand writes Palitos and Batatas by the first of five rules that applies;
each Batata cancels a Palito; after 12 hands the most Palitos win (nobody with Palitos: the
fewest Batatas, the same order of the net count); a tie plays extra hands.

>>> table = MITTLERE.table(3, {})
>>> table.contracts, table.follow, table.declaring
(('tutti',), 'mittlere', None)
>>> [r.name for r in MITTLERE_RULES]
['1', '2', '3', '4', '5']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import FixedContract
from chaitea.rulesets.jass.palitos import (
    AtLeast,
    ByPlaces,
    EveryTrick,
    FirstThatApplies,
    NoTrick,
    PlaceRule,
)
from chaitea.rulesets.jass.tallies import Tally
from chaitea.rulesets.jass.tally import AfterHands, EndRule, TallyScore

__all__ = ["HANDS", "MITTLERE", "MITTLERE_RULES", "tutti_table"]

P, B = Tally(1), Tally(0, 1)  # one Palito, one Batata
P2, B2 = Tally(2), Tally(0, 2)

#: Mittlere's five rules, in the text's order (only the first that applies is written).
MITTLERE_RULES: tuple[PlaceRule, ...] = (
    EveryTrick("1", P2, B),  # one player takes all 12 tricks
    NoTrick("2", B2, P),  # a player takes no trick
    AtLeast("3", 100, B2, P),  # a player with 100 card points or more
    ByPlaces("4", {(2, 1): (B, P2), (1, 2): (P2, B)}),  # two with exactly equal points
    ByPlaces("5", {(1, 1, 1): (P, B2, P)}),  # all different: the middle one 2 Batatas
)

#: The hands of a game of Mittlere or Molotow (the text: 12; ties play extra hands).
HANDS = Option("hands", 12, "hands in a game (a tie for the most Palitos plays extra hands)")


def tutti_table(name: str, players: int, rule: FirstThatApplies, end: EndRule, *,
                avoid: bool = True) -> Table:
    """A table of Mittlere's play (the text): every hand Tutti, no card turned, the first
    speaker leads, the ``mittlere`` follow rule, no Weis or Stöck, scored in Palitos by
    ``rule``; ``avoid`` tells the bots to take few points (Mittlere's "pegar o menor número
    possível de vazas, mas pegar pelo menos uma")."""
    seating = JASS_SEATINGS["three" if players == 3 else "four"]
    score = TallyScore(rule, end, players=players, scores="palitos", avoid=avoid)
    return Table(name, players, seating, FixedContract("tutti"), score, ("tutti",),
                 follow="mittlere")


def _mittlere(players: int, o: Mapping[str, Any]) -> Table:
    return tutti_table("mittlere", 3, FirstThatApplies(MITTLERE_RULES), AfterHands(o["hands"]))


MITTLERE = register(Ruleset("mittlere", "Mittlere", (3,), (HANDS,), _mittlere,
                            "three players avoid the middle score: Tutti's trump, no Weis, "
                            "Palitos and Batatas by five rules, 12 hands",
                            family=JASS_FAMILY, order=7))
