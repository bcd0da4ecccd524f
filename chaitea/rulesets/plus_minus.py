"""Plus-Minus (the text; RULES J): Mittlere's play (:mod:`chaitea.rulesets.mittlere`, a
reading: the text gives only its scoring) for three players of twelve cards or four of nine,
scored in Palitos only, the first rule that applies written: 1 two players with equal points:
with three players the tied nothing and the third 2 Palitos; with four, tied highest or lowest
nobody scores, but whoever wins Palitos in the next hand gets 1 more (the round's ``carry``;
three tied count as a tie at the top or bottom, a reading), tied in the middle the tied nothing
and each other 1 Palito; 2 a player with 100 points or more gets nothing and the player with
the fewest points 1 Palito; 3 all different: the highest and the lowest 1 Palito each. The
first to 7 Palitos wins; several in the same hand: the most points in that hand (option
``reach_tie``); still tied: extra hands.

The extra Palito after a tie, two readings (option ``carry_adds``). The text: "ninguém ganha
Palitos, mas o(s) jogador(es) que ganhar(em) Palitos na próxima mão ganhará(ão) 1 Palito a
mais": the extra is for "a próxima mão", the next hand. By default (``carry_adds`` false) it
lives for that hand only: its winners get 1 more; when the next hand is itself a tie at the top
or bottom nobody wins Palitos in it, so the first tie's extra lapses and the second tie gives
its own 1 to the hand after it: ties in a row never make more than 1 extra. With
``carry_adds`` (a reading of the extra as owed to whoever next wins Palitos) the extras wait
until somebody wins Palitos and add up: after two such ties in a row the next winners get 2
more. A four-player hand always either ties at the top or bottom or
gives somebody Palitos (157 points cannot split into two pairs or four equal scores), so the
two readings differ only after ties in a row. A record names only the options given: one
saved while ``carry_adds`` was true by default, without the option, replays with the next-hand
reading; ``"carry_adds": true`` in its options replays it as it was played.

>>> PLUS_MINUS.table(3, {}).players, PLUS_MINUS.table(4, {}).players
(3, 4)
>>> PLUS_MINUS.table(4, {}).score.rule.carry_adds
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.palitos import (
    AtLeast,
    ByPlaces,
    Carry,
    FirstThatApplies,
    FirstTo,
    PlaceRule,
)
from chaitea.rulesets.jass.tallies import Tally
from chaitea.rulesets.mittlere import tutti_table

__all__ = ["PLUS_MINUS", "PLUS_MINUS_RULES"]

_0, P = Tally(), Tally(1)
_TWO = AtLeast("2", 100, _0, _0, lowest=P)

#: Plus-Minus's three rules by player count, in the text's order.
PLUS_MINUS_RULES: dict[int, tuple[PlaceRule, ...]] = {
    3: (ByPlaces("1", {(2, 1): (_0, Tally(2)), (1, 2): (Tally(2), _0)}), _TWO,
        ByPlaces("3", {(1, 1, 1): (P, _0, P)})),
    4: (ByPlaces("1", {(2, 1, 1): Carry(), (1, 1, 2): Carry(), (3, 1): Carry(), (1, 3): Carry(),
                       (1, 2, 1): (P, _0, P)}), _TWO,
        ByPlaces("3", {(1, 1, 1, 1): (P, _0, _0, P)})),
}


def _plus_minus(players: int, o: Mapping[str, Any]) -> Table:
    rule = FirstThatApplies(PLUS_MINUS_RULES[players], batatas=False,
                            carry_adds=o["carry_adds"])
    # the bots aim at few points, as in Mittlere (over 100 duplicate games against random bots
    # the rule bot won 52% at three players this way, 27% aiming high)
    return tutti_table("plus-minus", players, rule, FirstTo(o["palitos"], o["reach_tie"]))


PLUS_MINUS = register(Ruleset("plus-minus", "Plus-Minus", (3, 4), (
    Option("palitos", 7, "the Palitos that win the game (the text: 7)"),
    Option("reach_tie", "card-points", "several reach the Palitos in one hand: the most card "
           "points in that hand win (card-points), or the most Palitos, then those points "
           "(palitos)", ("card-points", "palitos")),
    Option("carry_adds", False, "4 players, a tie at the top or bottom: its extra Palito "
           "waits until somebody wins Palitos, and the extras of such ties in a row add up "
           "(false, the default, the text's \"na próxima mão\": the extra is for the next "
           "hand's winners only and lapses when that hand is a tie too)"),
), _plus_minus, "Mittlere's play for 3 or 4 players scored in Palitos only: ties, 100 points, "
   "the highest and lowest; first to 7",
    family=JASS_FAMILY, order=9))
