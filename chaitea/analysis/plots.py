"""The rules lab's questions as bar charts with their 95% intervals (matplotlib, Agg canvas).

Each ``plot_*`` draws the table of the question of the same name in
:mod:`chaitea.analysis.tables` (a setup's questions and a Table's) on a new
:class:`matplotlib.figure.Figure` (no pyplot state, so nothing leaks between notebook cells or
dashboard callbacks); matplotlib is imported only when a plot is drawn. All are importable
from :mod:`chaitea.analysis.explore` too.

>>> from chaitea.analysis.explore import explore
>>> fig = plot_pick_frequency(explore(20, seed=2, progress=False))
>>> fig.axes[0].get_ylabel()
'share of rounds'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from chaitea.analysis.tables import (
    barrel_value,
    bet_debt_effect,
    declarer_score,
    match_rate,
    mode_value,
    pick_frequency,
    push_value,
    seat_tricks,
    setup_balance,
    weis_points,
)

if TYPE_CHECKING:  # matplotlib is imported when a plot is drawn
    from matplotlib.figure import Figure

__all__ = [
    "plot_barrel_value",
    "plot_bet_debt_effect",
    "plot_declarer_score",
    "plot_match_rate",
    "plot_mode_value",
    "plot_pick_frequency",
    "plot_push_value",
    "plot_seat_tricks",
    "plot_setup_balance",
    "plot_weis_points",
]


def _figure(width: float = 6.4, height: float = 3.6) -> Figure:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _bars(table: pd.DataFrame, mean: str, low: str, high: str, title: str, ylabel: str,
          ref: float | None = None) -> Figure:
    fig = _figure()
    ax = fig.add_subplot()
    labels = [str(k) for k in table.index]
    m = table[mean].to_numpy(float)
    err = np.vstack([m - table[low].to_numpy(float), table[high].to_numpy(float) - m])
    # an interval holds its estimate, so both bars are >= 0; clip a rounding error's -1e-17
    # (matplotlib refuses a negative yerr) and draw no bar where there is no interval (NaN)
    ax.bar(range(len(m)), m, yerr=np.clip(np.nan_to_num(err), 0.0, None), capsize=3,
           color="#2e7d32")
    ax.set_xticks(range(len(m)), labels, rotation=30 if len(m) > 5 else 0, ha="right"
                  if len(m) > 5 else "center")
    if ref is not None:
        ax.axhline(ref, color="#555", linewidth=0.8)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    return fig


def plot_declarer_score(df: pd.DataFrame, by: str = "contract", value: str = "score") -> Figure:
    """Bar chart of :func:`declarer_score` with its 95% intervals."""
    t = declarer_score(df, by, value)
    return _bars(t, "mean", "ci_low", "ci_high", f"Declarer's mean {value} by {by} (95% CI)",
                 value)


def plot_barrel_value(df: pd.DataFrame) -> Figure:
    """The Barrel's value in game points with its 95% interval."""
    return _bars(barrel_value(df), "mean", "ci_low", "ci_high",
                 "Holding the Barrel first: game points over the others (95% CI)",
                 "game points", ref=0.0)


def plot_bet_debt_effect(df: pd.DataFrame) -> Figure:
    """Mean declarer score per Bet Debt step and maximum with 95% intervals."""
    t = bet_debt_effect(df)
    t.index = [f"step {s}, max {m}" for s, m in t.index]
    return _bars(t, "score", "score_low", "score_high",
                 "Declarer's score by Bet Debt step and maximum (95% CI)", "score")


def plot_setup_balance(df: pd.DataFrame) -> Figure:
    """Per row, the declarer's mean outcome with its 95% interval (see :func:`setup_balance`)."""
    t = setup_balance(df)
    label = "game points / row value" if t.attrs["value"] == "game_points" else t.attrs["value"]
    fig = _bars(t, "mean", "ci_low", "ci_high", "Setup balance: declarer's outcome per row"
                " (95% CI)", label, ref=0.0)
    return fig


def plot_pick_frequency(df: pd.DataFrame, by: str = "kind") -> Figure:
    """Share of rounds for each contract kind (or contract, row) with 95% intervals."""
    return _bars(pick_frequency(df, by), "share", "ci_low", "ci_high",
                 f"How often each {by} is picked (95% CI)", "share of rounds")


def plot_match_rate(df: pd.DataFrame, by: str = "mode") -> Figure:
    """Bar chart of :func:`match_rate` with its 95% intervals."""
    return _bars(match_rate(df, by), "share", "ci_low", "ci_high",
                 f"How often a Match is made, by {by} (95% CI)", "share of hands")


def plot_push_value(df: pd.DataFrame, value: str = "score") -> Figure:
    """Bar chart of :func:`push_value` with its 95% intervals."""
    return _bars(push_value(df, value), "mean", "ci_low", "ci_high",
                 "The forehand's choice against a pushed one (95% CI)",
                 f"declaring team's {value}")


def plot_weis_points(df: pd.DataFrame, by: str = "mode") -> Figure:
    """Bar chart of :func:`weis_points` with its 95% intervals."""
    return _bars(weis_points(df, by), "mean", "ci_low", "ci_high",
                 f"Weis points per hand by {by} (95% CI)", "Weis points")


def plot_mode_value(df: pd.DataFrame, feature: str = "aces",
                    value: str = "card_points") -> Figure:
    """Bar chart of :func:`mode_value` (one bar per feature value and mode)."""
    t = mode_value(df, feature, value).copy()
    t.index = [f"{f} {feature}: {m}" for f, m in t.index]
    words = value.replace("_", " ")
    return _bars(t, "mean", "ci_low", "ci_high",
                 f"Declaring side's {words} by {feature} and mode (95% CI)", words)


def plot_seat_tricks(df: pd.DataFrame) -> Figure:
    """Bar chart of :func:`seat_tricks` with its 95% intervals."""
    t = seat_tricks(df).copy()
    t.index = ["forehand" if k == 0 else f"forehand + {k}" for k in t.index]
    return _bars(t, "mean", "ci_low", "ci_high",
                 "Tricks per hand by place from the forehand (95% CI)", "tricks per hand")
