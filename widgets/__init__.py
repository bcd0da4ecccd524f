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

from .dashboard import GameDashboard
from .explore import DealExplorer, Quiz, RankingExplorer, TrickLab
from .pad import ScorePad
from .picking import PickingPanel
from .session import Session
from .strip import CardStrip, SaveButton, StripItem
from .table import TrickTable

__all__ = [
    "CardStrip",
    "DealExplorer",
    "GameDashboard",
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
