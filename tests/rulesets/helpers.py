"""Explicit deals and scripted positions for the worked examples."""

from __future__ import annotations

from typing import Any

from chaitea.core.deals import Deal
from chaitea.engine.driver import JassState
from chaitea.rulesets import jass_game


def deal_of(*hands: str) -> Deal:
    from chaitea.core.cards import JASS
    deal = Deal(tuple(tuple(JASS.parse(c) for c in h.split()) for h in hands))
    return deal


def state_with(name: str, hands: list[str], *, players: int | None = None,
               forehand: int | None = 0, **options: Any) -> JassState:
    game = jass_game(name, players, options=options)
    state = game.new_initial_state(forehand=forehand)
    state.apply_deal(deal_of(*hands))
    return state


def play(state: JassState, *items: str) -> None:
    for item in items:
        state.apply_action(item)


# The text's undertrumping example: Roses (S) trump, Bells (H) led, B plays the 8 of Roses, C
# holds no Bells and its only Roses is the 7.
UNDERTRUMP = [
    "AH KH QH JH 10H 9H 8H 7H 6H",
    "8S 9S 10S JS QS KS AS 6C 7C",
    "7S 8C 9C 10C JC QC KC AC 6D",
    "6S 7D 8D 9D 10D JD QD KD AD",
]

# Undertrumping below the Puur (RULES J: compared with the highest trump in the trick), the
# position of a bug reported against jass-kit (github.com/thomas-koller/jass-kit-py/issues/10):
# trump Diamonds, trick 6C JD 10D, the hand AD 9D 6D 10S. Seat 0 wins five Bells tricks, then
# leads 6C.
PUUR_TRICK = [
    "AH KH QH JH 10H 6C 7C 8C KD",
    "9H 8H 7H 6H JD 10C JC QC KC",
    "10D 8D 7D QD 6S 7S 8S 9S JS",
    "AD 9D 6D 10S AC 9C QS KS AS",
]
PUUR_TRICK_PLAYS = [
    "AH", "9H", "6S", "AC",
    "KH", "8H", "7S", "9C",
    "QH", "7H", "8S", "QS",
    "JH", "6H", "9S", "KS",
    "10H", "10C", "JS", "AS",
    "6C", "JD", "10D",
]
