"""Basic Jass (RULES J, the text): four players each for themselves, the trump turned up
from the dealer's last card, Weis and Stöck, twelve hands.

>>> BASIC_JASS.table(4, {}).contracts
('trump(C)', 'trump(D)', 'trump(H)', 'trump(S)')
>>> BASIC_JASS.table(4, {"declare": "hand"}).weis_options.by_hand
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.dealing import DealerCard
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import DealerTrump
from chaitea.rulesets.jass.declaring import WeisAndStoeck
from chaitea.rulesets.jass.scores import HandsScore
from chaitea.rulesets.jass.scoring import HandsEnd
from chaitea.rulesets.jass_options import (
    RENOUNCE,
    TRUMPS,
    WEIS_OPTIONS,
    renounce_flows,
    weis_options,
    with_declaring,
)

__all__ = ["BASIC_JASS"]


def _basic(players: int, o: Mapping[str, Any]) -> Table:
    w = weis_options(o)
    return Table("jass", 4, JASS_SEATINGS["four"], with_declaring(DealerTrump(), w),
                 HandsScore(HandsEnd(o["hands"])), TRUMPS, declaring=WeisAndStoeck(w),
                 first_forehand=DealerCard(),
                 flows=MappingProxyType(renounce_flows(o)))


BASIC_JASS = register(Ruleset("jass", "Jass", (4,), (
    Option("hands", 12, "hands in a game (ties for the highest play extra hands)"),
    *WEIS_OPTIONS, RENOUNCE,
), _basic, "four players each for themselves, trump from the dealer's last card, 12 hands",
    family=JASS_FAMILY, order=1))
