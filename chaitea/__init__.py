"""Chai Tea Jazz: a rules engine for the trick-taking game and its Swiss Jass roots.

>>> import chaitea
>>> game = chaitea.Game(players=3, setup="standard")
>>> state = game.new_initial_state(seed=7)
>>> state.legal_moves()[:3]
['pass', 'trump(C)', 'trump(D)']

The rules: ``docs/rules.md`` (decision numbers D1...); the record: ``docs/record.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import chaitea.draw
import chaitea.rulesets  # noqa: F401  (registers every game: chaitea.engine.registry)
from chaitea.core.cards import (
    DECKS,
    DOUBLE,
    JASS,
    SIX_PLAYER,
    STANDARD,
    Card,
    Deck,
    Suit,
    deck_named,
)
from chaitea.core.contracts import Contract, Order, TrickResult, strength_order, trick_winner
from chaitea.core.deals import Deal
from chaitea.core.errors import (
    CardError,
    ChaiTeaError,
    DealError,
    IllegalAction,
    IllegalPick,
    IllegalPlay,
    RecordError,
    SaveError,
    SetupError,
)
from chaitea.core.setups import SEATINGS, Row, Seating, Setup, parse_setup
from chaitea.engine.actions import Accept, Action, Decline, Offer, Pass, Pick, Play, Rescind
from chaitea.engine.base_game import BaseGame
from chaitea.engine.game import CHANCE, TERMINAL, Game, RoundResult, TrickRecord
from chaitea.engine.pad import Pad
from chaitea.engine.state import State
from chaitea.records.record import load, loads, replay, save

if TYPE_CHECKING:
    from chaitea.ai import coach
    from chaitea.ai.bots import make_bot
    from chaitea.ai.solver import solve
    from chaitea.ai.table_bots import make_jass_bot
    from chaitea.analysis.explore import explore

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "DECKS",
    "DOUBLE",
    "JASS",
    "SEATINGS",
    "SIX_PLAYER",
    "STANDARD",
    "TERMINAL",
    "Accept",
    "Action",
    "BaseGame",
    "Card",
    "CardError",
    "ChaiTeaError",
    "Contract",
    "Deal",
    "DealError",
    "Deck",
    "Decline",
    "Game",
    "IllegalAction",
    "IllegalPick",
    "IllegalPlay",
    "Offer",
    "Order",
    "Pad",
    "Pass",
    "Pick",
    "Play",
    "RecordError",
    "Rescind",
    "RoundResult",
    "Row",
    "SaveError",
    "Seating",
    "Setup",
    "SetupError",
    "State",
    "Suit",
    "TrickRecord",
    "TrickResult",
    "coach",
    "deck_named",
    "explore",
    "load",
    "loads",
    "make_bot",
    "make_jass_bot",
    "parse_setup",
    "replay",
    "save",
    "solve",
    "strength_order",
    "trick_winner",
]


def __getattr__(name: str) -> Any:
    """``chaitea.solve``, ``make_bot``, ``make_jass_bot``, ``coach`` and ``explore`` are imported
    on first use: the solver brings numpy (and, when it compiles, numba) and ``explore`` pandas,
    which a dashboard's kernel or the command line need not load."""
    if name == "solve":
        from chaitea.ai.solver import solve

        return solve
    if name == "make_bot":
        from chaitea.ai.bots import make_bot

        return make_bot
    if name == "make_jass_bot":
        from chaitea.ai.table_bots import make_jass_bot

        return make_jass_bot
    if name == "coach":
        from chaitea.ai import coach

        return coach
    if name == "explore":
        from chaitea.analysis.explore import explore

        return explore
    raise AttributeError(f"module 'chaitea' has no attribute {name!r}")

