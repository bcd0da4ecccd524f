"""Schieber as a ruleset value (RULES J, the seed text): 4 players in two pairs, or 6 in two trios.

Four players (teams {0,2}, {1,3}): the 36-card deck, 9 cards each. Six players (the text: "Seis
jogadores jogam em trios, sentando-se alternadamente"): teams {0,2,4} and {1,3,5}; by default
two 24-card decks (6, 7, 8 removed from each; :data:`chaitea.core.cards.JASS_DOUBLE`), 8 cards each,
of two identical cards in a trick the later-played wins; option ``deck: "jass"``, one 36-card
deck, 6 cards each. The forehand's push goes along its team-mates in play order
(:class:`~chaitea.rulesets.jass.choice.ForehandChoice`).

>>> t = SCHIEBER.table(4, {"no_multipliers": True})
>>> t.score.scoring.end.target, t.score.scoring.factor("undenufe")
(1000, 1)
>>> SCHIEBER.table(4, {"obenabe_undenufe": False}).contracts
('trump(C)', 'trump(D)', 'trump(H)', 'trump(S)')
>>> six = SCHIEBER.table(6, {})
>>> six.seating.teams, six.seating.decks, six.score.side_of
(((0, 2, 4), (1, 3, 5)), ('jass-double', 'jass'), (0, 1, 0, 1, 0, 1))

Card points with two 24-card decks (reading): each card keeps its value, so a hand holds twice
a deck's 9..A values and the last trick's 5: 2 x 152 + 5 = 309 with a trump, 2 x 120 + 5 = 245
in Obenabe and Undenufe (the 8s that bring one deck's no-trump total to 157 are not in the
short decks); the Match is 100 on top, the multipliers as with four players::

    >>> from chaitea.rulesets import jass_game
    >>> game = jass_game("schieber", 6)
    >>> [sum(game.plan(c, 0, t)[2]) + 5 for c, t in (("trump(H)", 2), ("obenabe", -1))]
    [309, 245]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.dealing import CardHolder
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import ForehandChoice
from chaitea.rulesets.jass.declaring import WeisAndStoeck
from chaitea.rulesets.jass.scores import TargetScore
from chaitea.rulesets.jass.scoring import FLAT, TargetEnd
from chaitea.rulesets.jass.scoring import SCHIEBER as SCHIEBER_SCORING
from chaitea.rulesets.jass_options import (
    FOUR_SIXES,
    RENOUNCE,
    TARGET_END_OPTIONS,
    TRUMPS,
    WEIS_OPTIONS,
    renounce_flows,
    value_options,
    weis_options,
    with_declaring,
)

__all__ = ["SCHIEBER"]


def _schieber(players: int, o: Mapping[str, Any]) -> Table:
    contracts = TRUMPS + (("obenabe", "undenufe") if o["obenabe_undenufe"] else ())
    base = FLAT if o["no_multipliers"] else SCHIEBER_SCORING
    target = o["target"] or base.end.target
    scoring = replace(base, end=TargetEnd(target, o["stoeck_first"], o["mid_hand_end"]))
    seating = JASS_SEATINGS["four-in-pairs" if players == 4 else "six-in-trios"]
    side_of = tuple(seating.side_of(s) for s in range(players))
    w = weis_options(o)
    values = value_options(o)
    double = {"jass-double": frozenset({"undenufe-nine"})} if "undenufe-six" in values else {}
    if o["renounce"] == "penalty":  # on the 36-card deck (six players: deck "jass")
        seating = replace(seating, decks=("jass",))
    return Table("schieber", players, seating,
                 with_declaring(ForehandChoice(contracts, o["push_back"]), w),
                 TargetScore(scoring, side_of), contracts, declaring=WeisAndStoeck(w),
                 value_options=values, first_forehand=CardHolder(("7S", "9S")),
                 flows=MappingProxyType(renounce_flows(o)),
                 deck_value_options=MappingProxyType(double))


SCHIEBER = register(Ruleset("schieber", "Schieber", (4, 6), (
    Option("no_multipliers", False, "every multiplier 1 and a 1000-point game"),
    Option("target", None, "the target score (default 3000; 1000 with no_multipliers)"),
    Option("obenabe_undenufe", True, "Obenabe and Undenufe may be chosen (false: trumps only)"),
    Option("undenufe_six", False, "in Undenufe the 6 is worth 11 and the A 0 (two 24-card "
           "decks: the 9)"),
    FOUR_SIXES,
    *WEIS_OPTIONS, RENOUNCE,
    Option("push_back", False, "after a push the (last) partner may push back to the forehand"),
    *TARGET_END_OPTIONS,
), _schieber, "teams of two (or two trios of six players), the forehand chooses or pushes, "
   "multipliers, to 3000",
    family=JASS_FAMILY, order=2))
