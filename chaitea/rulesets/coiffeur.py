"""Coiffeur (RULES J, the text): four players each for themselves, twelve contracts on
each player's pad, 48 hands; Misère plays as a mode (an option).

>>> COIFFEUR.table(4, {}).contracts[:2], COIFFEUR.table(4, {}).play_as["misere"]
(('trump(C)', 'trump(D)'), 'obenabe')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import RoundPick
from chaitea.rulesets.jass.rows import COIFFEUR as COIFFEUR_LAYOUT
from chaitea.rulesets.jass.scores import PadScore
from chaitea.rulesets.jass_options import DRAW_SEED, value_options

__all__ = ["COIFFEUR"]


def _coiffeur(players: int, o: Mapping[str, Any]) -> Table:
    contracts = tuple(c for r in COIFFEUR_LAYOUT.rows for c in r.contracts)
    return Table("coiffeur", 4, JASS_SEATINGS["four"], RoundPick(chosen=3),
                 PadScore(COIFFEUR_LAYOUT, o["draw_seed"]), contracts,
                 value_options=value_options(o),
                 play_as=MappingProxyType({"misere": o["misere_mode"]}))


COIFFEUR = register(Ruleset("coiffeur", "Coiffeur", (4,), (
    Option("misere_mode", "obenabe", "the mode Misère is played in (a reading)",
           ("obenabe", "undenufe")),
    Option("undenufe_six", False, "in Undenufe the 6 is worth 11 and the A 0"), DRAW_SEED,
), _coiffeur, "four players each for themselves, twelve contracts, 48 hands",
    family=JASS_FAMILY, order=5))
