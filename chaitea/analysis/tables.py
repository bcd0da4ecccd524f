"""The rules lab's questions as tables: means and shares with their 95% intervals.

Each takes an exploration DataFrame (:func:`chaitea.analysis.explore.explore`, one row per round and
seat) and returns a DataFrame: :func:`declarer_score` (by contract, kind, row or seat),
:func:`barrel_value`, :func:`bet_debt_effect`, :func:`setup_balance`, :func:`pick_frequency`;
:func:`interval` is the 95% normal interval of a sample's mean they share. All are importable
from :mod:`chaitea.analysis.explore` too.

>>> import pandas as pd
>>> df = pd.DataFrame({"is_declarer": [True, False, True, True], "seat": [0, 1, 0, 2],
...                    "score": [10, None, 20, -5]})
>>> table = declarer_score(df, by="seat")
>>> table["n"].to_dict(), table["mean"].to_dict()
({0: 2, 2: 1}, {0: 15.0, 2: -5.0})
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np
import pandas as pd

from chaitea.core.errors import SetupError

__all__ = [
    "barrel_value",
    "bet_debt_effect",
    "declarer_score",
    "interval",
    "pick_frequency",
    "setup_balance",
]

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def interval(values: Any) -> tuple[int, float, float, float, float]:
    """(n, mean, sd, low, high) of the 95% normal interval of a sample's mean.

    >>> n, mean, sd, low, high = interval([1, 2, 3, 4])
    >>> n, mean, round(sd, 4), round(low, 4), round(high, 4)
    (4, 2.5, 1.291, 1.2348, 3.7652)
    """
    a = np.asarray(pd.Series(values).dropna(), dtype=float)
    n = len(a)
    if n == 0:
        return 0, math.nan, math.nan, math.nan, math.nan
    mean = float(a.mean())
    sd = float(a.std(ddof=1)) if n > 1 else math.nan
    half = Z95 * sd / math.sqrt(n) if n > 1 else math.nan
    return n, mean, sd, mean - half, mean + half


def _table(groups: Iterator[tuple[Any, Any]], name: str) -> pd.DataFrame:
    rows = []
    keys = []
    for key, values in groups:
        keys.append(key)
        rows.append(interval(values))
    out = pd.DataFrame(rows, columns=["n", "mean", "sd", "ci_low", "ci_high"],
                       index=pd.Index(keys, name=name))
    out["n"] = out["n"].astype("int64")
    return out


def _declarers(df: pd.DataFrame) -> pd.DataFrame:
    return df[df["is_declarer"].astype(bool)]


def declarer_score(df: pd.DataFrame, by: str = "contract",
                   value: str = "score") -> pd.DataFrame:
    """The declarer's mean round ``value`` (``score``, ``card_points``, ``game_points``) by
    ``contract``, ``kind``, ``row`` or ``seat``, with 95% intervals (groups without a value are
    left out)."""
    d = _declarers(df)
    if by not in d.columns:
        raise SetupError(f"cannot group by {by!r}: use contract, kind, row or seat")
    groups = ((k, g[value]) for k, g in d.groupby(by, observed=True, sort=True))
    return _table(groups, by)


def barrel_value(df: pd.DataFrame) -> pd.DataFrame:
    """What holding the Barrel first is worth (games): per game, the first barrel holder's final
    game points minus the mean of the other sides'; one row ``barrel`` with its 95% interval."""
    if df["final_game_points"].isna().all():
        raise SetupError("the Barrel's value needs whole games: explore(..., mode=\"games\")")
    first = df[df["round"] == 1]
    diffs = []
    for _unit, g in first.groupby("unit", sort=True):
        holder = int(g["barrel"].iloc[0])
        own_side = int(g.loc[g["seat"] == holder, "side"].iloc[0])
        per_side = g.groupby("side")["final_game_points"].first()
        others = per_side.drop(own_side)
        diffs.append(float(per_side[own_side]) - float(others.mean()))
    return _table(iter([("barrel", diffs)]), "question")


def bet_debt_effect(df: pd.DataFrame) -> pd.DataFrame:
    """The declarer's mean Bet Debt and score for each Bet Debt step and maximum in ``df`` (run
    :func:`explore` once per option value and concatenate), with 95% intervals of both."""
    d = _declarers(df)
    rows = []
    for (step, top), g in d.groupby(["step", "max_debt"], sort=True):
        n, debt, _sd, dlo, dhi = interval(g["bet_debt"])
        _n, score, _sd2, slo, shi = interval(g["score"])
        rows.append({"step": step, "max_debt": top, "n": n, "debt": debt, "debt_low": dlo,
                     "debt_high": dhi, "score": score, "score_low": slo, "score_high": shi,
                     "raised": float((g["bet_debt"] > 0).mean())})
    return pd.DataFrame(rows).set_index(["step", "max_debt"])


def setup_balance(df: pd.DataFrame, value: str = "score") -> pd.DataFrame:
    """The balance of a setup: per row, the declarer's mean outcome (the round ``score``; or
    ``game_points``, divided by the row's value) with its 95% interval, and beside it the
    interval of all the other rows pooled; ``balanced`` is true when the row's mean lies inside
    the others' interval. The setup is balanced when every row is (the stated criterion).

    (A row's game points, averaged over every side of whole games, are 0 by construction: every
    side plays every row, and a row awards +V, 0, -V. Its spread, ``sd``, still shows how much a
    row swings a game.)"""
    d = _declarers(df).copy()
    if value == "game_points":
        d["outcome"] = d["game_points"].astype("Float64") / d["row_value"].where(
            d["row_value"] > 0)
    else:
        d["outcome"] = d[value].astype("Float64")
    table = _table(((k, g["outcome"]) for k, g in d.groupby("row", observed=True)), "row")
    lows, highs, ok = [], [], []
    for key in table.index:
        _n, _m, _s, lo, hi = interval(d.loc[d["row"] != key, "outcome"])
        lows.append(lo)
        highs.append(hi)
        m = table.loc[key, "mean"]
        ok.append(bool(lo <= m <= hi))
    table["others_low"] = lows
    table["others_high"] = highs
    table["balanced"] = ok
    table.attrs["value"] = value
    return table


def pick_frequency(df: pd.DataFrame, by: str = "kind") -> pd.DataFrame:
    """How often each contract (``by="contract"``), kind or row is picked: share of rounds with
    a 95% interval (normal approximation of a proportion)."""
    d = _declarers(df)
    total = len(d)
    counts = d.groupby(by, observed=True).size()
    rows = []
    for key, k in counts.items():
        p = k / total if total else math.nan
        half = Z95 * math.sqrt(p * (1 - p) / total) if total else math.nan
        rows.append((key, int(k), p, p - half, p + half))
    return pd.DataFrame(rows, columns=[by, "n", "share", "ci_low", "ci_high"]).set_index(by)
