"""Chai Tea Jazz: a rules engine for the trick-taking game and its Swiss Jass roots.

>>> import chaitea
>>> game = chaitea.Game(players=3, setup="standard")
>>> state = game.new_initial_state(seed=7)
>>> state.legal_moves()[:3]
['pass', 'trump(C)', 'trump(D)']

The rules: ``RULES.md`` (decision numbers D1...); the record: ``RECORD.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Accept, Action, Decline, Offer, Pass, Pick, Play, Rescind
from .cards import DECKS, DOUBLE, JASS, SIX_PLAYER, STANDARD, Card, Deck, Suit, deck_named
from .contracts import Contract, Order, TrickResult, strength_order, trick_winner
from .deals import Deal
from .errors import (
    CardError,
    ChaiTeaError,
    DealError,
    IllegalAction,
    IllegalPick,
    IllegalPlay,
    RecordError,
    SetupError,
)
from .game import CHANCE, TERMINAL, Game, GameState, RoundResult, TrickRecord
from .pad import Pad
from .record import load, loads, replay, save
from .setups import SEATINGS, Row, Seating, Setup, parse_setup

if TYPE_CHECKING:
    from .solver import solve

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "DECKS", "DOUBLE", "JASS", "SEATINGS", "SIX_PLAYER", "STANDARD", "TERMINAL",
    "Accept", "Action", "Card", "CardError", "ChaiTeaError", "Contract", "Deal", "DealError",
    "Deck", "Decline", "Game", "GameState", "IllegalAction", "IllegalPick", "IllegalPlay",
    "Offer", "Order", "Pad", "Pass", "Pick", "Play", "RecordError", "Rescind", "RoundResult",
    "Row", "Seating", "Setup", "SetupError", "Suit", "TrickRecord", "TrickResult",
    "deck_named", "load", "loads", "parse_setup", "replay", "save", "solve", "strength_order",
    "trick_winner",
]


def __getattr__(name: str) -> Any:
    """``chaitea.solve`` is imported on first use: the solver brings numpy (and, when it
    compiles, numba), which a dashboard's kernel or the command line need not load."""
    if name == "solve":
        from .solver import solve

        return solve
    raise AttributeError(f"module 'chaitea' has no attribute {name!r}")

