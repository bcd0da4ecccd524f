"""The options and parts the Jass rulesets share (RULES J): the trump contracts, the Weis
options (declaring by hand among them), the card-value options, the "draw a card" seed, and the
choice phase followed by the declarations when Weis are declared by hand.

>>> weis_options({"low_fours": True, "shared_cards": False, "declare": "hand"}).by_hand
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.engine.ruleset import Option
from chaitea.rulesets.jass.choice import DealerTrump, ForehandChoice, RoundPick
from chaitea.rulesets.jass.declaring import Declaring
from chaitea.rulesets.jass.melds import CardUse, WeisOptions
from chaitea.rulesets.jass.renounce import RENOUNCE_FLOW

__all__ = [
    "DECLARE",
    "DRAW_SEED",
    "FOUR_SIXES",
    "RENOUNCE",
    "TARGET_END_OPTIONS",
    "TRUMPS",
    "WEIS_OPTIONS",
    "renounce_flows",
    "value_options",
    "weis_options",
    "with_declaring",
]

TRUMPS = ("trump(C)", "trump(D)", "trump(H)", "trump(S)")

#: Declaring Weis by hand (RULES J option, :mod:`chaitea.rulesets.jass.declaring`).
DECLARE = Option("declare", "auto", "Weis: auto (every Weis found and scored) or hand (each "
                 "player declares one of their Weis or noweis, at least as high as the last "
                 "one declared)", ("auto", "hand"))

WEIS_OPTIONS = (
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


#: The seed of the seeded "draw a card" tie-breaks of the pad games (RULES J).
DRAW_SEED = Option("draw_seed", 0, "the seed of the seeded \"draw a card\" tie-breaks (RULES J)",
                   minimum=0)


#: The text's renounce rule (:mod:`chaitea.rulesets.jass.renounce`): a card that breaks the
#: led-suit duty is refused (``refuse``), or stands until proven and is then penalised
#: (``penalty``: the hand stops, the renouncer's side loses 20, a new deal, the same forehand).
RENOUNCE = Option("renounce", "refuse", "a card that fails to follow the led suit: refused "
                  "(refuse), or it stands and, once proven, the hand stops, the renouncer's side "
                  "loses 20 and the cards are dealt again (penalty; the text)",
                  ("refuse", "penalty"))


def renounce_flows(o: Mapping[str, Any]) -> dict[str, Any]:
    """The flow part by deck name for the option ``renounce`` (the 36-card deck's)."""
    return {"jass": RENOUNCE_FLOW} if o.get("renounce") == "penalty" else {}


#: Schieber's end of game (the text), shared by Schieber and Sidi Barrani.
TARGET_END_OPTIONS = (
    Option("stoeck_first", True, "Stöck, then Weis, then cards are written: the first side "
           "to reach the target wins"),
    Option("mid_hand_end", True, "a game decided by Stöck or Weis ends before the cards are "
           "played (false: the hand is played out)"),
)

#: The text's "four 6s in Undenufe" Weis option.
FOUR_SIXES = Option("four_sixes", False, "in Undenufe four 6s are a Weis in place of four As")
