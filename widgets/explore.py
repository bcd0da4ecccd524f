"""Explorers on the engine's rules as data: deals, strength orders, tricks, and a quiz.

Each explorer lives in its own module (:mod:`.deal_explorer`, :mod:`.ranking_explorer`,
:mod:`.trick_lab`, :mod:`.quiz`, their shared helpers in :mod:`.explore_shared`); this module
keeps their names importable from ``chaitea_widgets.explore``."""

from __future__ import annotations

from .deal_explorer import DealExplorer
from .quiz import DEFAULT_QUIZ_CONTRACTS as DEFAULT_QUIZ_CONTRACTS
from .quiz import Quiz
from .ranking_explorer import RankingExplorer
from .trick_lab import TrickLab

__all__ = ["DealExplorer", "Quiz", "RankingExplorer", "TrickLab"]

MAX_SEATS = 6
