"""Bots: anything with ``act(state) -> action id`` plays through the one state API.

>>> from chaitea import Game
>>> from chaitea.bots import RandomBot, play_out
>>> state = Game(players=3).new_initial_state(seed=2)
>>> play_out(state, [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> state.is_terminal()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .game import GameState

__all__ = ["Bot", "RandomBot", "play_out"]


class Bot(Protocol):
    """A player: given a state whose ``current_player()`` it controls, return a legal action id."""

    def act(self, state: GameState) -> int: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "Random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: GameState) -> int:
        return self.rng.choice(state.legal_actions())


def play_out(state: GameState, bots: Sequence[Bot], *, until_round_end: bool = False) -> None:
    """Let ``bots[seat]`` act for every seat until the game ends (or the round, if asked).
    Stops at a chance node (a round waiting for its deal)."""
    rounds = len(state.round_results)
    while not state.is_terminal() and not state.is_chance_node():
        if until_round_end and len(state.round_results) > rounds:
            return
        state.apply_action(bots[state.current_player()].act(state))
