"""The Palitos game (``palitos-21``; the text; RULES J): basic Jass's play (its follow rule,
no card turned) for three players of twelve cards or four of nine, where the dealer chooses the
trump every hand (:class:`~chaitea.rulesets.jass.dealer.DealerChoice`: ``trump(X)``, trump
suits only, a reading of "o carteador escolhe o Trunfo"; option ``no_trump_modes`` adds
``obenabe`` and ``undenufe``), and the first speaker leads. Each hand writes Palitos by the
card points (rules A to D, :class:`~chaitea.rulesets.jass.palitos.Thresholds`: 21 points, 26
with three players); Weis and Stöck are not counted (a reading: the text scores card points;
option ``declarations``); rule D's lost Palito may take a count below 0 (a reading, option
``below_zero``). The first to 7 Palitos wins; a tie for the most plays extra hands.

>>> from chaitea.engine.picking import PickView
>>> PALITOS_21.table(4, {}).choice.status(PickView(4, 1, ())).seat  # the dealer chooses
0
>>> PALITOS_21.table(3, {}).score.rule.threshold
26
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.dealer import DealerChoice
from chaitea.rulesets.jass.declaring import WeisAndStoeck
from chaitea.rulesets.jass.palitos import Thresholds
from chaitea.rulesets.jass.tally import ReachLimit, TallyScore
from chaitea.rulesets.jass_options import TRUMPS

__all__ = ["PALITOS_21", "THRESHOLDS"]

#: The points a seat must reach in a hand, by player count (the text).
THRESHOLDS = {3: 26, 4: 21}


def _palitos(players: int, o: Mapping[str, Any]) -> Table:
    contracts = TRUMPS + (("obenabe", "undenufe") if o["no_trump_modes"] else ())
    score = TallyScore(Thresholds(THRESHOLDS[players], o["declarations"], o["below_zero"]),
                       ReachLimit(o["palitos"]), players=players, scores="palitos")
    seating = JASS_SEATINGS["three" if players == 3 else "four"]
    return Table("palitos-21", players, seating, DealerChoice(contracts), score, contracts,
                 declaring=WeisAndStoeck() if o["declarations"] else None)


PALITOS_21 = register(Ruleset("palitos-21", "The Palitos game", (4, 3), (
    Option("palitos", 7, "the Palitos that end the game (the text: 7; a tie plays on)"),
    Option("no_trump_modes", False, "the dealer may also choose obenabe or undenufe"),
    Option("declarations", False, "Weis and Stöck count with the card points"),
    Option("below_zero", True, "rule D may take a seat below 0 Palitos (false: a seat without "
           "Palitos loses none)"),
), _palitos, "the dealer names trump; Palitos for reaching 21 points (26 with three players), "
   "one lost below it; first to 7",
    family=JASS_FAMILY, order=14))
