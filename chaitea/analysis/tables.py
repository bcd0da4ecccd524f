"""The rules lab's questions as tables: means and shares with their 95% intervals.

Each takes an exploration DataFrame (:func:`chaitea.analysis.explore.explore`, one row per round and
seat) and returns a DataFrame; :func:`interval` is the 95% normal interval of a sample's mean they
share, :func:`share_interval` a share's Wilson interval. All are importable from
:mod:`chaitea.analysis.explore` too, and each has its chart in :mod:`chaitea.analysis.plots`.

The questions of a game of a setup's rows on the Paper Pad (Chai Tea Jazz): :func:`declarer_score`
(by contract, kind, row or seat), :func:`barrel_value`, :func:`bet_debt_effect`,
:func:`setup_balance`, :func:`pick_frequency`.

>>> import pandas as pd
>>> df = pd.DataFrame({"is_declarer": [True, False, True, True], "seat": [0, 1, 0, 2],
...                    "score": [10, None, 20, -5]})
>>> table = declarer_score(df, by="seat")
>>> table["n"].to_dict(), table["mean"].to_dict()
({0: 2, 2: 1}, {0: 15.0, 2: -5.0})

The questions of a game built from a Table (the Jass family, Oh Hell; its rows in
:mod:`chaitea.analysis.chunks`):

- :func:`match_rate`: how often a Match (one side takes every trick) is made, by mode;
- :func:`push_value`: what the forehand's own choice is worth against a pushed one (the
  declaring team's score);
- :func:`weis_points`: the Weis points scored per hand, by mode;
- :func:`mode_value`: Obenabe or trump with this hand: the declaring side's card points by the
  declarer's aces and the mode chosen;
- :func:`seat_tricks`: the tricks a hand gives each place at the table, counted from the
  forehand (every Jass ruleset).

:func:`jass_questions` says which of them fit a ruleset: a question about Matches, pushes,
Weis or the choice of mode only where the ruleset has them (RULES J).

>>> df = pd.DataFrame({"unit": [0, 0, 1, 1], "round": [1, 1, 1, 1], "seat": [0, 1, 0, 1],
...                    "side": [0, 1, 0, 1], "mode": ["trump"] * 2 + ["obenabe"] * 2,
...                    "match": [True, False, False, False]})
>>> match_rate(df)["n"].to_dict(), match_rate(df)["share"].to_dict()
({'obenabe': 1, 'trump': 1}, {'obenabe': 0.0, 'trump': 1.0})
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np
import pandas as pd

from chaitea.analysis.chunks import mode_of
from chaitea.core.errors import SetupError
from chaitea.engine.registry import registered
from chaitea.engine.ruleset import Ruleset
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.tally import TallyScore

__all__ = [
    "JASS_QUESTIONS",
    "barrel_value",
    "bet_debt_effect",
    "declarer_score",
    "interval",
    "jass_questions",
    "match_rate",
    "mode_value",
    "pick_frequency",
    "push_value",
    "seat_tricks",
    "setup_balance",
    "share_interval",
    "weis_points",
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


# ------------------------------------------------------------------ a Table's questions
#: Every Jass question, in the order a menu offers them (:func:`jass_questions` picks those
#: that fit a ruleset)
JASS_QUESTIONS = ("match", "push", "weis", "mode", "tricks")


def share_interval(k: int, n: int) -> tuple[float, float, float]:
    """A share ``k/n`` with its 95% Wilson interval (good near 0 and 1, where Matches are).

    The Wilson interval always holds ``k/n`` (its bounds are the roots of
    ``(p - x)^2 = z^2 x (1 - x) / n``, one on each side of ``p``; at ``k = 0`` the lower root is
    exactly 0, at ``k = n`` the upper one exactly 1), but computed as centre minus half-width
    it can miss by a rounding error (``k = 0, n = 24``: a lower bound of 1.4e-17 above a share
    of 0), and a chart's error bar ``share - low`` would be negative. So the bounds are clipped
    to ``[0, p]`` and ``[p, 1]``.

    >>> [round(x, 4) for x in share_interval(0, 20)]
    [0.0, 0.0, 0.1611]
    >>> share_interval(0, 24)[1], share_interval(10, 10)[2]
    (0.0, 1.0)
    """
    if n == 0:
        return math.nan, math.nan, math.nan
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


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


def seat_tricks(df: pd.DataFrame) -> pd.DataFrame:
    """The tricks a hand gives each place at the table, counted in play order from the
    forehand (0: the forehand, who leads the first trick), with 95% intervals: does leading
    first pay? Every Jass ruleset has tricks, so this question fits them all."""
    _need(df, "seat", "forehand", "players", "tricks")
    place = (df["seat"].astype(int) - df["forehand"].astype(int)) % df["players"].astype(int)
    groups = ((int(k), g) for k, g in df["tricks"].groupby(place, sort=True))
    return _table(groups, "place")


def jass_questions(ruleset: str, players: int | None = None) -> tuple[str, ...]:
    """The questions (:data:`JASS_QUESTIONS`) that fit a Jass ruleset with its default options:

    - ``match`` where a Match scores (RULES J: +100 for taking every trick; the tallies,
      Differenzler and Guggitaler among them, write no Match unless an option adds one);
    - ``push`` where the forehand may push (Schieber, Sidi Barrani);
    - ``weis`` where Weis are scored;
    - ``mode`` where the contract is chosen among a trump and Obenabe or Undenufe;
    - ``tricks`` always.

    >>> jass_questions("schieber")
    ('match', 'push', 'weis', 'mode', 'tricks')
    >>> jass_questions("differenzler"), jass_questions("guggitaler")
    (('tricks',), ('tricks',))
    """
    rules = registered(ruleset)
    if not isinstance(rules, Ruleset):
        raise SetupError(f"{ruleset!r} is not a Jass ruleset")
    table = rules.table(players, {})
    score = table.score
    match = not isinstance(score, TallyScore) or getattr(score.rule, "match_bonus", 0) > 0
    state = jass_game(ruleset, players).new_initial_state(forehand=0)
    state.apply_deal(0)
    push = state.phase == "picking" and "push" in state.legal_moves()
    modes = {mode_of(c) for c in table.contracts}
    choose = "trump" in modes and bool(modes & {"obenabe", "undenufe"})
    fits = {"match": match, "push": push, "weis": table.weis, "mode": choose, "tricks": True}
    return tuple(q for q in JASS_QUESTIONS if fits[q])
