"""The Paper Pad: rows, scores, completion order, game points and the finish order (RULES S).

Sides are seats in games without teams and teams (0 = A, 1 = B) in team games.

>>> from chaitea.core.setups import parse_setup
>>> pad = Pad(parse_setup("standard"), sides=3)
>>> under = pad.row_index("under")
>>> pad.record(under, 0, 59); pad.record(under, 2, 33); pad.record(under, 1, 75)
False
False
True
>>> pad.row_points[under]  # the rulebook's scoring example: Leo +2, Aslan 0, Mufasa -2
[0, 2, -2]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chaitea.core.render import draw
from chaitea.core.setups import Row, Setup

__all__ = ["Pad", "RowStanding", "row_game_points"]


def row_game_points(
    row: Row, scores: list[int], order: list[int], meta: str | None = None
) -> list[int]:
    """Game points of one complete row, per side (RULES S).

    Sides are ranked by score (highest best; lowest best in an Avoidance row); a tie goes to the
    side that completed the row earlier (``order`` lists sides in completion order). Three sides:
    +V, 0, -V; two sides: +V, -V; the second-place meta: best -V, second +V, worst 0.
    """
    v = row.value
    pos = {side: i for i, side in enumerate(order)}
    sign = 1 if row.avoidance else -1
    ranked = sorted(range(len(scores)), key=lambda s: (sign * scores[s], pos[s]))
    if (row.meta or meta) == "second-place":
        awards = [-v, v, 0]
    elif len(scores) == 3:
        awards = [v, 0, -v]
    else:
        awards = [v, -v]
    out = [0] * len(scores)
    for place, side in enumerate(ranked):
        out[side] = awards[place]
    return out


@dataclass(frozen=True)
class RowStanding:
    """One row as a view sees it."""

    key: str
    title: str
    value: int
    scores: list[int | None]
    order: list[int]
    points: list[int] | None


class Pad:
    """Scores of every row for every side, with completion order and game points.

    ``meta`` is the game-wide meta contract (``second-place``, ``cumulative-most``,
    ``cumulative-least`` or ``None``).
    """

    __slots__ = ("finish_order", "match_points", "meta", "open_masks", "order", "row_points",
                 "rows", "scores", "sides")

    def __init__(self, setup: Setup, sides: int, meta: str | None = None) -> None:
        self.rows: tuple[Row, ...] = setup.rows
        self.sides = sides
        self.meta = meta
        self.scores: list[list[int | None]] = [[None] * sides for _ in self.rows]
        self.order: list[list[int]] = [[] for _ in self.rows]
        self.row_points: list[list[int] | None] = [None for _ in self.rows]
        self.finish_order: list[int] = []
        self.match_points: list[int] = [0] * sides
        full = (1 << len(self.rows)) - 1
        self.open_masks: list[int] = [full] * sides  # bit r set: row r open for that side

    def clone(self) -> Pad:
        p = Pad.__new__(Pad)
        p.rows, p.sides, p.meta = self.rows, self.sides, self.meta
        # A row's lists are never mutated once a pad holds them (``record`` replaces them), so a
        # copy shares them: a round's write costs one row, not the whole pad.
        p.scores = list(self.scores)
        p.order = list(self.order)
        p.row_points = list(self.row_points)
        p.finish_order = list(self.finish_order)
        p.match_points = list(self.match_points)
        p.open_masks = list(self.open_masks)
        return p

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pad):
            return NotImplemented
        return (self.rows, self.scores, self.order, self.match_points, self.finish_order) == (
            other.rows, other.scores, other.order, other.match_points, other.finish_order)

    __hash__ = None  # type: ignore[assignment]

    def _repr_html_(self) -> str:
        return str(draw("pad", self))

    def row_index(self, key: str) -> int:
        for i, r in enumerate(self.rows):
            if r.key == key:
                return i
        raise KeyError(key)

    def is_open(self, row: int, side: int) -> bool:
        return bool(self.open_masks[side] >> row & 1)

    def open_rows(self, side: int) -> list[int]:
        return [r for r in range(len(self.rows)) if self.open_masks[side] >> r & 1]

    def is_row_complete(self, row: int) -> bool:
        return self.row_points[row] is not None

    def is_complete(self) -> bool:
        return not any(self.open_masks)

    def record(self, row: int, side: int, score: int) -> bool:
        """Write a round's score; returns True when this completed the row (it then awards game
        points). When the side has no open row left, it takes the next finishing position."""
        if not self.is_open(row, side):
            raise ValueError(f"row {self.rows[row].key} is already complete for side {side}")
        cells = list(self.scores[row])  # a new row list: copies share the old one (clone)
        cells[side] = score
        self.scores[row] = cells
        self.order[row] = [*self.order[row], side]
        self.open_masks[side] &= ~(1 << row)
        if not self.open_masks[side]:
            self.finish_order.append(side)
        if len(self.order[row]) == self.sides:
            scores = [s for s in self.scores[row] if s is not None]
            self.row_points[row] = row_game_points(self.rows[row], scores, self.order[row],
                                                   self.meta if self.meta == "second-place"
                                                   else None)
            return True
        return False

    @property
    def game_points(self) -> list[int]:
        """Each side's game points so far: complete rows plus match points."""
        out = list(self.match_points)
        for pts in self.row_points:
            if pts is not None:
                for s, p in enumerate(pts):
                    out[s] += p
        return out

    @property
    def cumulative(self) -> list[int]:
        """Each side's sum of all row scores (the Cumulative meta)."""
        return [sum(r[s] or 0 for r in self.scores) for s in range(self.sides)]

    def standings(self) -> list[int]:
        """Sides best first: most game points (or the cumulative sum under a cumulative meta);
        ties to whoever finished all their contracts first (RULES S)."""
        fin = {s: i for i, s in enumerate(self.finish_order)}
        big = len(fin) + self.sides
        if self.meta in ("cumulative-most", "cumulative-least"):
            sign = -1 if self.meta == "cumulative-most" else 1
            cum = self.cumulative
            return sorted(range(self.sides), key=lambda s: (sign * cum[s], fin.get(s, big)))
        gp = self.game_points
        return sorted(range(self.sides), key=lambda s: (-gp[s], fin.get(s, big)))

    def winner(self) -> int | None:
        """The winning side once every row is complete, else ``None``."""
        return self.standings()[0] if self.is_complete() else None

    def standing(self, row: int) -> RowStanding:
        r = self.rows[row]
        return RowStanding(r.key, r.title, r.value, list(self.scores[row]), list(self.order[row]),
                           self.row_points[row])

    def to_dataframe(self, side_names: list[str] | None = None) -> Any:
        """The pad as a :class:`pandas.DataFrame`: a row per contract row (indexed by its pad
        key), the columns ``(contract, title)``, ``(contract, value)`` and, per side,
        ``(side, score)``, ``(side, place)`` (completion order 1, 2, ...) and ``(side, points)``
        (game points once the row is complete), all nullable integers. ``df.attrs`` holds
        ``game_points``, ``finish_order`` (1-based places) and ``standings``.

        >>> from chaitea.core.setups import parse_setup
        >>> pad = Pad(parse_setup("standard"), sides=3)
        >>> u = pad.row_index("under")
        >>> _ = pad.record(u, 0, 59), pad.record(u, 2, 33), pad.record(u, 1, 75)
        >>> df = pad.to_dataframe(["Aslan", "Leo", "Mufasa"])
        >>> df.loc["under", ("Leo", "points")], df.attrs["game_points"]["Mufasa"]
        (np.int64(2), -2)
        """
        import pandas as pd

        names = list(side_names) if side_names else [f"Side {s}" for s in range(self.sides)]
        if len(names) != self.sides:
            raise ValueError(f"side_names needs {self.sides} names, not {len(names)}")
        data: dict[tuple[str, str], list[Any]] = {
            ("contract", "title"): [r.title for r in self.rows],
            ("contract", "value"): [r.value for r in self.rows],
        }
        for s, name in enumerate(names):
            data[(name, "score")] = [self.scores[i][s] for i in range(len(self.rows))]
            data[(name, "place")] = [self.order[i].index(s) + 1 if s in self.order[i] else None
                                     for i in range(len(self.rows))]
            data[(name, "points")] = [pts[s] if pts is not None else None
                                      for pts in self.row_points]
        df = pd.DataFrame(data, index=pd.Index([r.key for r in self.rows], name="row"))
        for col in df.columns:
            if col[1] != "title":
                df[col] = df[col].astype("Int64")
        df.columns = pd.MultiIndex.from_tuples(list(data), names=["side", "field"])
        gp = self.game_points
        df.attrs["game_points"] = {names[s]: gp[s] for s in range(self.sides)}
        df.attrs["finish_order"] = {names[s]: i + 1 for i, s in enumerate(self.finish_order)}
        df.attrs["standings"] = [names[s] for s in self.standings()]
        return df

    def to_json(self, side_names: list[str] | None = None) -> dict[str, Any]:
        """The ``pad`` object of RECORD's replay output."""
        out: dict[str, Any] = {}
        for i, r in enumerate(self.rows):
            if side_names:
                scores: Any = {side_names[s]: self.scores[i][s] for s in range(self.sides)}
                order: list[Any] = [side_names[s] for s in self.order[i]]
            else:
                scores, order = list(self.scores[i]), list(self.order[i])
            out[r.key] = {"scores": scores, "order": order}
        return out
