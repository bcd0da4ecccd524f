"""The Jass family's declarations and scoring as rules-as-data parts (RULES J).

The rulesets (basic Jass, Schieber, Coiffeur-Schieber, Coiffeur) compose these values and pure
functions; they take card points and trick results as inputs and hold no trick play:

- :mod:`chaitea.rulesets.jass.melds`: the melds a hand holds, their points, the Weis options.
- :mod:`chaitea.rulesets.jass.weis`: the split a hand scores, the comparison, who scores Weis.
- :mod:`chaitea.rulesets.jass.stoeck`: Stöck (trump K and Q), 20, never cancelled.
- :mod:`chaitea.rulesets.jass.scoring`: the Match, Schieber multipliers, round scores and end rules.
- :mod:`chaitea.rulesets.jass.hand`: one hand's declarations and score from its contract spelling.
- :mod:`chaitea.rulesets.jass.declare`: the option of declaring Weis by hand.
- :mod:`chaitea.rulesets.jass.rows`: Coiffeur-Schieber and Coiffeur rows and contracts as data.
- :mod:`chaitea.rulesets.jass.tallies`: Palitos and Batatas, the row score, the match row, seeded
draws.
- :mod:`chaitea.rulesets.jass.pad`: the Coiffeur pad (rows × sides), its totals, end and JSON.
- :mod:`chaitea.rulesets.jass.double`: the two-deck reading of melds and Stöck (six-player
  Schieber).

The parts the Jass rulesets compose on the engine's protocols:

- :mod:`chaitea.rulesets.jass.choice`: the choice phases (``ForehandChoice``, ``RoundPick``,
  ``DealerTrump``, ``FixedContract``; :class:`chaitea.engine.picking.ChoicePhase`).
- :mod:`chaitea.rulesets.jass.declaring`: Weis declared by hand (``Declaring``) and the
  declaring part ``WeisAndStoeck`` (:class:`chaitea.engine.ruleset.DeclaringPart`).
- :mod:`chaitea.rulesets.jass.tally`: per-seat tallies over hands (``TallyScore`` with a hand
  rule and an end rule), the games of individuals with their own unit (RULES J).
- :mod:`chaitea.rulesets.jass.palitos`: Palitos and Batatas by ordered scoring rules (the first
  that applies: Mittlere, Molotow, Plus-Minus) and the Palitos game's thresholds, as hand rules.
- :mod:`chaitea.rulesets.jass.dealer`: the dealer's choice of trump (``DealerChoice``).
- :mod:`chaitea.rulesets.jass.scores`: the scoring parts (``TargetScore``, ``HandsScore``,
  ``PadScore``; :class:`chaitea.engine.ruleset.Score`).
- :mod:`chaitea.rulesets.jass.sidi`: Sidi Barrani's Misère, double and score part.
- :mod:`chaitea.rulesets.jass.renounce`: the renounce penalty's state class (option ``renounce``).

>>> from chaitea.rulesets.jass import best_melds
>>> [m.points for m in best_melds("9C 9D 9H 9S 7D 8D")]
[150]
"""

from chaitea.rulesets.jass.declare import check_declaration, score_declared
from chaitea.rulesets.jass.hand import Declarations, declarations, hand_score, mode_of
from chaitea.rulesets.jass.pad import Outcome, RowsPad
from chaitea.rulesets.jass.rows import (
    COIFFEUR,
    COIFFEUR_SCHIEBER_3,
    COIFFEUR_SCHIEBER_4,
    Row,
    RowsLayout,
    coiffeur_schieber_3,
    coiffeur_schieber_4,
)
from chaitea.rulesets.jass.scoring import (
    FLAT,
    MATCH_BONUS,
    SCHIEBER,
    HandsEnd,
    JassRound,
    SchieberScoring,
    TargetEnd,
    round_score,
    target_progress,
)
from chaitea.rulesets.jass.stoeck import STOECK_POINTS, stoeck_holder, stoeck_points
from chaitea.rulesets.jass.tallies import Tally, match_tallies, row_score, row_tallies
from chaitea.rulesets.jass.weis import (
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
    "COIFFEUR",
    "COIFFEUR_SCHIEBER_3",
    "COIFFEUR_SCHIEBER_4",
    "FLAT",
    "MATCH_BONUS",
    "SCHIEBER",
    "STOECK_POINTS",
    "CardUse",
    "Declarations",
    "EqualPoints",
    "HandsEnd",
    "JassRound",
    "Meld",
    "MeldKind",
    "Outcome",
    "Row",
    "RowsLayout",
    "RowsPad",
    "SchieberScoring",
    "Tally",
    "TargetEnd",
    "WeisOptions",
    "WeisResult",
    "WeisTie",
    "best_melds",
    "check_declaration",
    "coiffeur_schieber_3",
    "coiffeur_schieber_4",
    "declarations",
    "hand_score",
    "make_meld",
    "match_tallies",
    "mode_of",
    "round_score",
    "row_score",
    "row_tallies",
    "score_declared",
    "score_weis",
    "stoeck_holder",
    "stoeck_points",
    "target_progress",
]
