"""ipywidgets views on the chaitea engine (imported as ``chaitea_widgets``).

Each view has ``.widget`` (the box to display) and shows itself when it is the last thing in a
cell. Every user action is also a method (``table.play("7H")``), so notebooks, tests and the
browser share one path. The views hold no rules: legality, winners and scores come from the
engine, and a refusal is shown in words in the view's status line.

>>> from chaitea_widgets import TrickLab
>>> lab = TrickLab("trump(H)")
>>> lab.add("9C"), lab.add("2H"), lab.add("7C")
(True, True, True)
>>> lab.winner_name
'Leo'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

if TYPE_CHECKING:  # for mypy and editors; at run time each view loads on first use
    from .dashboard import GameDashboard
    from .deal_explorer import DealExplorer
    from .jass_table import JassTable
    from .pad import ScorePad
    from .picking import PickingPanel
    from .quiz import Quiz
    from .ranking_explorer import RankingExplorer
    from .session import Session
    from .strip import CardStrip, SaveButton, StripItem
    from .table import TrickTable
    from .trick_lab import TrickLab

# Where each name lives: `from chaitea_widgets import GameDashboard` imports only the dashboard
# and what it uses (a lesson's kernel does not load the views it does not show).
_MODULES = {
    "CardStrip": "strip", "DealExplorer": "deal_explorer", "GameDashboard": "dashboard",
    "JassTable": "jass_table", "PickingPanel": "picking", "Quiz": "quiz",
    "RankingExplorer": "ranking_explorer",
    "SaveButton": "strip", "ScorePad": "pad", "Session": "session", "StripItem": "strip",
    "TrickLab": "trick_lab", "TrickTable": "table",
}

__all__ = [
    "CardStrip",
    "DealExplorer",
    "GameDashboard",
    "JassTable",
    "PickingPanel",
    "Quiz",
    "RankingExplorer",
    "SaveButton",
    "ScorePad",
    "Session",
    "StripItem",
    "TrickLab",
    "TrickTable",
]


__getattr__, __dir__ = lazy_names(__name__, _MODULES, globals())
