"""Coiffeur-Schieber (RULES J, the text): three players on a pad of eleven rows, or four
(pairs or individuals) on eight rows with multipliers; each round the first speaker in turn
picks an open row or passes.

>>> COIFFEUR_SCHIEBER.table(3, {}).players
3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.errors import SetupError
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import RoundPick
from chaitea.rulesets.jass.rows import coiffeur_schieber_3, coiffeur_schieber_4
from chaitea.rulesets.jass.scores import PadScore
from chaitea.rulesets.jass_options import (
    DRAW_SEED,
    value_options,
)

__all__ = ["COIFFEUR_SCHIEBER"]


def _coiffeur_schieber(players: int, o: Mapping[str, Any]) -> Table:
    if players == 3:
        if o["pairs"] is not None or o["extra_rows"] != "none":
            raise SetupError("pairs and extra_rows are options of the 4-player game (RULES J)")
        layout = coiffeur_schieber_3(tuo=o["tuo"] == "row", tuo_replaces_joker=o["tuo"] == "joker")
        seating = JASS_SEATINGS["three"]
    else:
        if o["tuo"] != "none":
            raise SetupError("with 4 players TUO is an extra row: use extra_rows (RULES J)")
        pairs = True if o["pairs"] is None else o["pairs"]
        extra = () if o["extra_rows"] == "none" else tuple(o["extra_rows"].split("+"))
        layout = coiffeur_schieber_4(teams=pairs, extra=extra)
        seating = JASS_SEATINGS["four-in-pairs" if pairs else "four"]
    contracts = tuple(c for r in layout.rows for c in r.contracts)
    return Table("coiffeur-schieber", players, seating, RoundPick(),
                 PadScore(layout, o["draw_seed"]), contracts,
                 value_options=value_options(o))


_EXTRA = ("none", "slalom", "gustav", "tuo", "slalom+gustav", "slalom+tuo", "gustav+tuo",
          "slalom+gustav+tuo")
COIFFEUR_SCHIEBER = register(Ruleset("coiffeur-schieber", "Coiffeur-Schieber", (3, 4), (
    Option("tuo", "none", "3 players: TUO as an eleventh row (row) or in place of the second "
           "Joker (joker)", ("none", "row", "joker")),
    Option("pairs", None, "4 players: two pairs {0,2} {1,3} (default) or false: four individuals",
           (True, False)),
    Option("extra_rows", "none", "4 players: the text's Slalom, Gustav, TUO rows", _EXTRA),
    Option("undenufe_six", False, "in Undenufe the 6 is worth 11 and the A 0"), DRAW_SEED,
), _coiffeur_schieber, "ten rows and the match row in Palitos and Batatas (3 players); eight "
   "rows with multipliers (4 players)",
    family=JASS_FAMILY, order=4))
