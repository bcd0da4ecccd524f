"""Sidi Barrani as a ruleset value (RULES J; the text, "O Sidi Barrani é uma variação do
Schieber Jass que possui as seguintes adições"): Schieber for four players in two teams (the
push, the multipliers, Weis and Stöck, to 3000) with three additions
(:mod:`chaitea.rulesets.jass.sidi`):

- Slalom, a seventh contract: no trump, the 8s worth 8, tricks alternately Obenabe and
  Undenufe, the chooser naming the first trick's mode: ``slalom(obenabe)``,
  ``slalom(undenufe)``. The text gives Slalom no multiplier; reading: Obenabe's ×3 (option
  ``slalom_multiplier``).
- Misère added to any of the seven, ``misere(<contract>)``: played as the contract, and the two
  teams' whole hand scores are swapped at the end (reading: cards, Match, Weis and Stöck;
  option ``misere_swaps``); its multiplier is the contract's.
- Doubling: after the choice the opponents, the seat after the forehand first, write ``double``
  or ``pass`` (option ``doubling``: false, no doubling; ``double_speakers``: the first alone);
  a doubled hand counts double for the team that made more points only, after Misère's swap
  (``double_compares``: by what).

>>> t = SIDI_BARRANI.table(4, {})
>>> len(t.contracts), t.contracts[6:8], t.contracts[-1]
(16, ('slalom(obenabe)', 'slalom(undenufe)'), 'misere(slalom(undenufe))')
>>> t.score.scoring.factor("slalom(undenufe)"), t.score.scoring.factor("misere(trump(H))")
(3, 2)
>>> t.play_as["misere(trump(C))"]
'trump(C)'
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
from chaitea.rulesets.jass.declaring import Declaring, WeisAndStoeck
from chaitea.rulesets.jass.scoring import FLAT, SchieberScoring, TargetEnd
from chaitea.rulesets.jass.scoring import SCHIEBER as SCHIEBER_SCORING
from chaitea.rulesets.jass.sidi import COMPARES, SPEAKERS, SWAPS, Doubling, SidiScore, misere
from chaitea.rulesets.jass_options import (
    FOUR_SIXES,
    RENOUNCE,
    TARGET_END_OPTIONS,
    TRUMPS,
    WEIS_OPTIONS,
    renounce_flows,
    value_options,
    weis_options,
)

__all__ = ["SIDI_BARRANI", "SLALOMS"]

SLALOMS = ("slalom(obenabe)", "slalom(undenufe)")  # the seventh contract, by its first trick


def _scoring(o: Mapping[str, Any], contracts: tuple[str, ...]) -> SchieberScoring:
    """Schieber's multipliers, Slalom's (option), each Misère at its contract's (RULES J)."""
    base = FLAT if o["no_multipliers"] else SCHIEBER_SCORING
    slalom = 1 if o["no_multipliers"] else o["slalom_multiplier"]
    factors = {**base.factors, **dict.fromkeys(SLALOMS, slalom)}
    factors.update({misere(c): factors[c] for c in contracts})
    end = TargetEnd(o["target"] or base.end.target, o["stoeck_first"], o["mid_hand_end"])
    return replace(base, name="sidi-barrani", factors=MappingProxyType(factors), end=end)


def _sidi_barrani(players: int, o: Mapping[str, Any]) -> Table:
    plain = (*TRUMPS, "obenabe", "undenufe", *SLALOMS)
    contracts = plain + tuple(misere(c) for c in plain)
    seating = JASS_SEATINGS["four-in-pairs"]
    side_of = tuple(seating.side_of(s) for s in range(players))
    w = weis_options(o)
    push = ForehandChoice(contracts, o["push_back"])
    choice: ForehandChoice | Doubling | Declaring = (
        Doubling(push, o["double_speakers"]) if o["doubling"] else push)
    if w.by_hand:
        choice = Declaring(choice, w)  # type: ignore[arg-type]  # any choice phase serves
    return Table("sidi-barrani", players, seating, choice,
                 SidiScore(_scoring(o, plain), side_of, compare=o["double_compares"],
                           swaps=o["misere_swaps"]),
                 contracts, declaring=WeisAndStoeck(w), value_options=value_options(o),
                 first_forehand=CardHolder(("7S", "9S")),
                 play_as=MappingProxyType({misere(c): c for c in plain}),
                 flows=MappingProxyType(renounce_flows(o)))


SIDI_BARRANI = register(Ruleset("sidi-barrani", "Sidi Barrani", (4,), (
    Option("no_multipliers", False, "every multiplier 1 (Slalom too) and a 1000-point game"),
    Option("target", None, "the target score (default 3000; 1000 with no_multipliers)"),
    Option("slalom_multiplier", 3, "Slalom's multiplier (the text gives none; reading: "
           "Obenabe's 3)"),
    Option("doubling", True, "the opponents may double the contract just chosen (false: "
           "no doubling)"),
    Option("double_compares", "hand", "a double counts for the team that made more points: "
           "by the whole hand (hand: cards, Match, Weis, Stöck) or by cards and Match (cards)",
           COMPARES),
    Option("double_speakers", "both", "who may double: both opponents in turn, the seat after "
           "the forehand first (both), or that seat alone (first)", SPEAKERS),
    Option("misere_swaps", "hand", "what Misère swaps: the hand's whole score (hand: cards, "
           "Match, Weis, Stöck) or the cards and Match only (cards: Weis and Stöck stay)", SWAPS),
    Option("undenufe_six", False, "in Undenufe the 6 is worth 11 and the A 0"),
    FOUR_SIXES,
    *WEIS_OPTIONS, RENOUNCE,
    Option("push_back", False, "after a push the partner may push back to the forehand"),
    *TARGET_END_OPTIONS,
), _sidi_barrani, "Schieber with Slalom, Misère on any contract and the opponents' double, "
   "to 3000",
    family=JASS_FAMILY, order=3))
