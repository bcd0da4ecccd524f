"""The Jass family's declarations and scoring as rules-as-data parts (RULES J).

The rulesets (basic Jass, Schieber, Coiffeur-Schieber, Coiffeur) compose these values and pure
functions; they take card points and trick results as inputs and hold no trick play:

- :mod:`chaitea.jass.weis`: Weis (melds) found in a hand, compared, scored by side.
- :mod:`chaitea.jass.stoeck`: Stöck (trump K and Q), 20, never cancelled.
- :mod:`chaitea.jass.scoring`: the Match, Schieber multipliers, round scores and end rules.
- :mod:`chaitea.jass.rows`: Coiffeur-Schieber and Coiffeur rows, Palitos and Batatas, the pad.

>>> from chaitea.jass import best_melds
>>> [m.points for m in best_melds("9C 9D 9H 9S 7D 8D")]
[150]
"""

from .declare import check_declaration, score_declared
from .weis import (
    CardUse,
    EqualPoints,
    Meld,
    MeldKind,
    WeisOptions,
    WeisResult,
    WeisTie,
    best_melds,
    make_meld,
    score_weis,
)

__all__ = [
    "CardUse",
    "EqualPoints",
    "Meld",
    "MeldKind",
    "WeisOptions",
    "WeisResult",
    "WeisTie",
    "best_melds",
    "check_declaration",
    "make_meld",
    "score_declared",
    "score_weis",
]
