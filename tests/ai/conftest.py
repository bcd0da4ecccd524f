"""Helpers for the bot, solver, tournament and coach tests."""

from __future__ import annotations

import random

from chaitea import Game, State

# (players, deck, contract): every player count, the straw-pile game, Jokers and the double
# deck, and each contract family (trump, low, high, middle, alternating, D3 pyramid, D5 trump-X).
CONFIGS = [
    (2, None, "trump(C)"), (2, None, "pyramid(low)"), (2, None, "under"),
    (3, None, "trump(H)"), (3, None, "under"), (3, None, "middle"), (3, None, "slalom(high)"),
    (3, None, "trump-middle(D)"),
    (4, None, "slalom(high)"), (4, None, "trump(S)"), (4, None, "over"),
    (6, None, "trump(S)"), (6, None, "trump-under(C)"), (6, "double", "middle"),
    (6, "double", "trump(H)"),
]


def random_position(rng: random.Random, players: int, deck: str | None, contract: str,
                    tricks_left: int, partial: bool = True) -> State:
    """A round played at random until ``tricks_left`` tricks remain (and, if ``partial``, a
    random number of cards into the next trick)."""
    g = Game(players=players, deck=deck)
    st = g.round_state(rng.randrange(10**6), rng.randrange(players), contract)
    while st.trick_number < g.n_tricks - tricks_left:
        st.apply_action(rng.choice(st.legal_actions()))
    if partial:
        for _ in range(rng.randrange(players)):
            st.apply_action(rng.choice(st.legal_actions()))
    return st
