"""The Jass questions of the rules lab as tables and charts, over a Jass exploration
(:func:`chaitea.analysis.jass_explore.explore_jass`, one row per round and seat), each with its 95%
interval:

- :func:`match_rate`: how often a Match (one side takes every trick) is made, by mode;
- :func:`push_value`: what the forehand's own choice is worth against a pushed one (the
  declaring team's score);
- :func:`weis_points`: the Weis points scored per hand, by mode;
- :func:`mode_value`: Obenabe or trump with this hand: the declaring side's card points by the
  declarer's aces and the mode chosen.

>>> df = pd.DataFrame({"unit": [0, 0, 1, 1], "round": [1, 1, 1, 1], "seat": [0, 1, 0, 1],
...                    "side": [0, 1, 0, 1], "mode": ["trump"] * 2 + ["obenabe"] * 2,
...                    "match": [True, False, False, False]})
>>> match_rate(df)["n"].to_dict(), match_rate(df)["share"].to_dict()
({'obenabe': 1, 'trump': 1}, {'obenabe': 0.0, 'trump': 1.0})
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pandas as pd

from chaitea.analysis.tables import Z95, _table
from chaitea.core.errors import SetupError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["match_rate", "mode_value", "plot_match_rate", "plot_mode_value", "plot_push_value",
           "plot_weis_points", "push_value", "share_interval", "weis_points"]


def share_interval(k: int, n: int) -> tuple[float, float, float]:
    """A share ``k/n`` with its 95% Wilson interval (good near 0 and 1, where Matches are).

    >>> [round(x, 4) for x in share_interval(0, 20)]
    [0.0, 0.0, 0.1611]
    """
    if n == 0:
        return math.nan, math.nan, math.nan
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def _need(df: pd.DataFrame, *cols: str) -> None:
    missing = [c for c in cols if c not in df.columns]
    if missing:
        raise SetupError(f"this question needs a Jass exploration (column {missing[0]!r} is "
                         "missing): explore(..., ruleset=\"schieber\")")


def _rounds(df: pd.DataFrame) -> pd.DataFrame:
    """One row per round: the first row of each (unit, round)."""
    return df.drop_duplicates(["unit", "round"])


def match_rate(df: pd.DataFrame, by: str = "mode") -> pd.DataFrame:
    """The share of hands in which one side took every trick, by ``mode`` (or ``contract``),
    with the 95% Wilson interval."""
    _need(df, "unit", "round", "match", by)
    made = df.groupby(["unit", "round"], observed=True)["match"].any().rename("made")
    rounds = _rounds(df).set_index(["unit", "round"]).join(made)
    rows = []
    for key, g in rounds.groupby(by, observed=True, sort=True):
        k, n = int(g["made"].sum()), len(g)
        rows.append((key, n, *share_interval(k, n)))
    return pd.DataFrame(rows, columns=[by, "n", "share", "ci_low", "ci_high"]).set_index(by)


def push_value(df: pd.DataFrame, value: str = "score") -> pd.DataFrame:
    """The declaring side's mean round ``value`` when the forehand chose and when it pushed
    (Schieber: the partner chose), with 95% intervals."""
    _need(df, "is_forehand", "pushed", "on_declarer_side", value)
    d = df[df["is_forehand"].astype(bool) & df["on_declarer_side"].astype(bool)]
    groups = ((("pushed" if k else "forehand chose"), g[value])
              for k, g in d.groupby("pushed", sort=True))
    return _table(groups, "choice")


def weis_points(df: pd.DataFrame, by: str = "mode") -> pd.DataFrame:
    """The Weis points scored in a hand (both sides, before any multiplier), by ``mode``."""
    _need(df, "unit", "round", "side", "weis", by)
    per_side = df.drop_duplicates(["unit", "round", "side"])
    hands = per_side.groupby(["unit", "round"], observed=True).agg(
        weis=("weis", "sum"), key=(by, "first"))
    groups = ((k, g["weis"]) for k, g in hands.groupby("key", observed=True, sort=True))
    return _table(groups, by)


def mode_value(df: pd.DataFrame, feature: str = "aces", value: str = "card_points"
               ) -> pd.DataFrame:
    """Obenabe or trump with this hand: the declaring side's mean ``value`` (card points, or
    ``score``) by the declarer's hand ``feature`` (``aces``; or ``trump_length``, ...) and the
    mode chosen, with 95% intervals."""
    _need(df, "seat", "declarer", "mode", feature, value)
    d = df[df["seat"] == df["declarer"]]
    rows: list[Any] = []
    keys = []
    for (f, mode), g in d.groupby([feature, "mode"], observed=True, sort=True):
        keys.append((f, mode))
        rows.append(g[value])
    table = _table(iter(zip(range(len(keys)), rows, strict=True)), "group")
    table.index = pd.MultiIndex.from_tuples(keys, names=[feature, "mode"])
    return table


def _bars(table: pd.DataFrame, mean: str, title: str, ylabel: str) -> Figure:
    from chaitea.analysis.plots import _bars as bars

    return bars(table, mean, "ci_low", "ci_high", title, ylabel)


def plot_match_rate(df: pd.DataFrame, by: str = "mode") -> Figure:
    """Bar chart of :func:`match_rate` with its 95% intervals."""
    return _bars(match_rate(df, by), "share", f"How often a Match is made, by {by} (95% CI)",
                 "share of hands")


def plot_push_value(df: pd.DataFrame, value: str = "score") -> Figure:
    """Bar chart of :func:`push_value` with its 95% intervals."""
    return _bars(push_value(df, value), "mean", "The forehand's choice against a pushed one "
                 "(95% CI)", f"declaring team's {value}")


def plot_weis_points(df: pd.DataFrame, by: str = "mode") -> Figure:
    """Bar chart of :func:`weis_points` with its 95% intervals."""
    return _bars(weis_points(df, by), "mean", f"Weis points per hand by {by} (95% CI)",
                 "Weis points")


def plot_mode_value(df: pd.DataFrame, feature: str = "aces",
                    value: str = "card_points") -> Figure:
    """Bar chart of :func:`mode_value` (one bar per feature value and mode)."""
    t = mode_value(df, feature, value).copy()
    t.index = [f"{f} {feature}: {m}" for f, m in t.index]
    words = value.replace("_", " ")
    return _bars(t, "mean", f"Declaring side's {words} by {feature} and mode (95% CI)", words)
