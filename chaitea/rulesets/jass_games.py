"""The Jass games as ruleset values (RULES J, the seed text): basic Jass, Coiffeur-Schieber (3 or
4 players) and Coiffeur here, Schieber (4 or 6 players) in :mod:`chaitea.rulesets.schieber`.
Each builds its table from shared parts.

>>> BASIC_JASS.table(4, {}).contracts
('trump(C)', 'trump(D)', 'trump(H)', 'trump(S)')
>>> BASIC_JASS.table(4, {"declare": "hand"}).weis_options.by_hand
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from chaitea.core.errors import SetupError
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.dealing import DealerCard
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import DealerTrump, ForehandChoice, RoundPick
from chaitea.rulesets.jass.declaring import Declaring, WeisAndStoeck
from chaitea.rulesets.jass.melds import CardUse, WeisOptions
from chaitea.rulesets.jass.rows import COIFFEUR as COIFFEUR_LAYOUT
from chaitea.rulesets.jass.rows import coiffeur_schieber_3, coiffeur_schieber_4
from chaitea.rulesets.jass.scores import HandsScore, PadScore
from chaitea.rulesets.jass.scoring import HandsEnd

__all__ = ["BASIC_JASS", "COIFFEUR", "COIFFEUR_SCHIEBER", "DECLARE", "TRUMPS", "WEIS_OPTIONS",
           "value_options", "weis_options", "with_declaring"]

TRUMPS = _TRUMPS = ("trump(C)", "trump(D)", "trump(H)", "trump(S)")

#: Declaring Weis by hand (RULES J option, :mod:`chaitea.rulesets.jass.declaring`).
DECLARE = Option("declare", "auto", "Weis: auto (every Weis found and scored) or hand (each "
                 "player declares one of their Weis or noweis, at least as high as the last "
                 "one declared)", ("auto", "hand"))

WEIS_OPTIONS = _WEIS_OPTIONS = (
    Option("low_fours", False, "four 8s, 7s or 6s are Weis at 100 (the text)"),
    Option("shared_cards", False, "one card may serve in two melds (the text)"),
    DECLARE,
)


def weis_options(o: Mapping[str, Any]) -> WeisOptions:
    """The :class:`WeisOptions` of a ruleset's resolved options."""
    return WeisOptions(low_fours=o["low_fours"],
                       undenufe_four_sixes=bool(o.get("four_sixes", False)),
                       card_use=CardUse.SHARED if o["shared_cards"] else CardUse.MOST_POINTS,
                       by_hand=o.get("declare") == "hand")


def value_options(o: Mapping[str, Any]) -> frozenset[str]:
    """The card-value options (``undenufe-six``) of a ruleset's resolved options."""
    return frozenset({"undenufe-six"} if o.get("undenufe_six") else ())


def with_declaring(choice: ForehandChoice | RoundPick | DealerTrump,
                   options: WeisOptions) -> ForehandChoice | RoundPick | DealerTrump | Declaring:
    """The choice phase, followed by the declarations when Weis are declared by hand."""
    return Declaring(choice, options) if options.by_hand else choice


_weis, _values = weis_options, value_options


def _basic(players: int, o: Mapping[str, Any]) -> Table:
    w = _weis(o)
    return Table("jass", 4, JASS_SEATINGS["four"], with_declaring(DealerTrump(), w),
                 HandsScore(HandsEnd(o["hands"])), _TRUMPS, declaring=WeisAndStoeck(w),
                 first_forehand=DealerCard())


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
