"""The four Jass games as ruleset values (RULES J, the seed text): basic Jass, Schieber,
Coiffeur-Schieber (3 or 4 players) and Coiffeur. Each builds its table from shared parts.

>>> t = SCHIEBER.table(4, {"no_multipliers": True})
>>> t.score.scoring.end.target, t.score.scoring.factor("undenufe")
(1000, 1)
>>> SCHIEBER.table(4, {"obenabe_undenufe": False}).contracts
('trump(C)', 'trump(D)', 'trump(H)', 'trump(S)')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ..errors import SetupError
from ..jass.melds import CardUse, WeisOptions
from ..jass.rows import COIFFEUR as COIFFEUR_LAYOUT
from ..jass.rows import coiffeur_schieber_3, coiffeur_schieber_4
from ..jass.scoring import FLAT, HandsEnd, TargetEnd
from ..jass.scoring import SCHIEBER as SCHIEBER_SCORING
from ..phases.choice import DealerTrump, ForehandChoice, RoundPick
from ..phases.ruleset import Option, Ruleset, Table
from ..phases.scores import HandsScore, PadScore, TargetScore
from ..seating import JASS_SEATINGS

__all__ = ["BASIC_JASS", "COIFFEUR", "COIFFEUR_SCHIEBER", "SCHIEBER"]

_TRUMPS = ("trump(C)", "trump(D)", "trump(H)", "trump(S)")

_WEIS_OPTIONS = (
    Option("low_fours", False, "four 8s, 7s or 6s are Weis at 100 (the text)"),
    Option("shared_cards", False, "one card may serve in two melds (the text)"),
)


def _weis(o: Mapping[str, Any]) -> WeisOptions:
    return WeisOptions(low_fours=o["low_fours"],
                       undenufe_four_sixes=bool(o.get("four_sixes", False)),
                       card_use=CardUse.SHARED if o["shared_cards"] else CardUse.MOST_POINTS)


def _values(o: Mapping[str, Any]) -> frozenset[str]:
    return frozenset({"undenufe-six"} if o.get("undenufe_six") else ())


def _schieber(players: int, o: Mapping[str, Any]) -> Table:
    contracts = _TRUMPS + (("obenabe", "undenufe") if o["obenabe_undenufe"] else ())
    base = FLAT if o["no_multipliers"] else SCHIEBER_SCORING
    target = o["target"] or base.end.target
    scoring = replace(base, end=TargetEnd(target, o["stoeck_first"], o["mid_hand_end"]))
    return Table("schieber", 4, JASS_SEATINGS["four-in-pairs"],
                 ForehandChoice(contracts, o["push_back"]), TargetScore(scoring), contracts,
                 weis=True, stoeck=True, weis_options=_weis(o), value_options=_values(o),
                 first_forehand="7S")


SCHIEBER = Ruleset("schieber", "Schieber", (4,), (
    Option("no_multipliers", False, "every multiplier 1 and a 1000-point game"),
    Option("target", None, "the target score (default 3000; 1000 with no_multipliers)"),
    Option("obenabe_undenufe", True, "Obenabe and Undenufe may be chosen (false: trumps only)"),
    Option("undenufe_six", False, "in Undenufe the 6 is worth 11 and the A 0"),
    Option("four_sixes", False, "in Undenufe four 6s are a Weis in place of four As"),
    *_WEIS_OPTIONS,
    Option("push_back", False, "after a push the partner may push back to the forehand"),
    Option("stoeck_first", True, "Stöck, then Weis, then cards are written: the first side "
           "to reach the target wins"),
    Option("mid_hand_end", True, "a game decided by Stöck or Weis ends before the cards are "
           "played (false: the hand is played out)"),
), _schieber, "teams of two, the forehand chooses or pushes, multipliers, to 3000")


def _basic(players: int, o: Mapping[str, Any]) -> Table:
    return Table("jass", 4, JASS_SEATINGS["four"], DealerTrump(), HandsScore(HandsEnd(o["hands"])),
                 _TRUMPS, weis=True, stoeck=True, weis_options=_weis(o),
                 first_forehand="dealer-card")


BASIC_JASS = Ruleset("jass", "Jass", (4,), (
    Option("hands", 12, "hands in a game (ties for the highest play extra hands)"),
    *_WEIS_OPTIONS,
), _basic, "four players each for themselves, trump from the dealer's last card, 12 hands")


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
                 PadScore(layout, o["draw_seed"]), contracts, value_options=_values(o))


_DRAW = Option("draw_seed", 0, "the seed of the seeded \"draw a card\" tie-breaks (RULES J)",
               minimum=0)
_EXTRA = ("none", "slalom", "gustav", "tuo", "slalom+gustav", "slalom+tuo", "gustav+tuo",
          "slalom+gustav+tuo")
COIFFEUR_SCHIEBER = Ruleset("coiffeur-schieber", "Coiffeur-Schieber", (3, 4), (
    Option("tuo", "none", "3 players: TUO as an eleventh row (row) or in place of the second "
           "Joker (joker)", ("none", "row", "joker")),
    Option("pairs", None, "4 players: two pairs {0,2} {1,3} (default) or false: four individuals",
           (True, False)),
    Option("extra_rows", "none", "4 players: the text's Slalom, Gustav, TUO rows", _EXTRA),
    Option("undenufe_six", False, "in Undenufe the 6 is worth 11 and the A 0"), _DRAW,
), _coiffeur_schieber, "ten rows and the match row in Palitos and Batatas (3 players); eight "
   "rows with multipliers (4 players)")


def _coiffeur(players: int, o: Mapping[str, Any]) -> Table:
    contracts = tuple(c for r in COIFFEUR_LAYOUT.rows for c in r.contracts)
    return Table("coiffeur", 4, JASS_SEATINGS["four"], RoundPick(chosen=3),
                 PadScore(COIFFEUR_LAYOUT, o["draw_seed"]), contracts, value_options=_values(o),
                 play_as=MappingProxyType({"misere": o["misere_mode"]}))


COIFFEUR = Ruleset("coiffeur", "Coiffeur", (4,), (
    Option("misere_mode", "obenabe", "the mode Misère is played in (a reading)",
           ("obenabe", "undenufe")),
    Option("undenufe_six", False, "in Undenufe the 6 is worth 11 and the A 0"), _DRAW,
), _coiffeur, "four players each for themselves, twelve contracts, 48 hands")
