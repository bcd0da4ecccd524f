"""The Jass questions of the rules lab as tables and charts, over a Jass exploration
(:func:`chaitea.analysis.jass_explore.explore_jass`, one row per round and seat), each with its 95%
interval:

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
from typing import TYPE_CHECKING, Any

import pandas as pd

from chaitea.analysis.jass_explore import mode_of
from chaitea.analysis.tables import Z95, _table
from chaitea.core.errors import SetupError
from chaitea.engine.registry import registered
from chaitea.engine.ruleset import Ruleset
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.tally import TallyScore

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["JASS_QUESTIONS", "jass_questions", "match_rate", "mode_value", "plot_match_rate",
           "plot_mode_value", "plot_push_value", "plot_seat_tricks", "plot_weis_points",
           "push_value", "seat_tricks", "share_interval", "weis_points"]

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


def plot_seat_tricks(df: pd.DataFrame) -> Figure:
    """Bar chart of :func:`seat_tricks` with its 95% intervals."""
    t = seat_tricks(df).copy()
    t.index = ["forehand" if k == 0 else f"forehand + {k}" for k in t.index]
    return _bars(t, "mean", "Tricks per hand by place from the forehand (95% CI)",
                 "tricks per hand")
