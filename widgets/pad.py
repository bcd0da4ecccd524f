"""The score pad: the Paper Pad, live from a game or filled in by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from chaitea import SEATINGS, GameState, Pad, parse_setup
from chaitea.markup import escape
from chaitea.svg import pad_html, side_labels

from .base import Refusal, View, button, default_names, html, show
from .session import Session

__all__ = ["ScorePad"]


def _points(v: int) -> str:
    """Game points in words: ``+2``, ``0`` (zero has no sign), ``−2`` (a true minus sign)."""
    return f"+{v}" if v > 0 else (f"−{-v}" if v < 0 else "0")


class ScorePad(View):
    """The Paper Pad: a row per contract, a column per player (or team), each score with its
    completion order (1st, 2nd, 3rd), the game points of complete rows, the totals and the
    finishing positions; also :meth:`to_dataframe` (pandas).

    Live from a game (``ScorePad(state=...)`` or ``session=``; :meth:`update` after a change)
    or, on its own, filled in by hand like the paper one: :meth:`write` a round's score and
    the engine ranks the row when it is complete.

    >>> from chaitea_widgets import ScorePad
    >>> pad = ScorePad(players=3, names=["Aslan", "Leo", "Mufasa"])
    >>> pad.write("under", "Aslan", 59); pad.write("under", "Mufasa", 33)
    True
    True
    >>> pad.write("under", "Leo", 75)    # the rulebook's scoring example
    True
    >>> pad.game_points
    {'Aslan': 0, 'Leo': 2, 'Mufasa': -2}

    Actions: :meth:`write` (row key, side name or number, score), :meth:`clear`.
    """

    css_class = "ctj-score-pad"

    def __init__(self, state: GameState | None = None, *, players: int = 3,
                 setup: str | list[dict[str, Any]] = "standard",
                 names: Sequence[str] | None = None, session: Session | None = None) -> None:
        super().__init__()
        self.title = html("Paper Pad", "ctj-title")
        self.table = html("", "ctj-pad")
        self.row = w.Dropdown(options=[], description="Row")
        self.row.add_class("ctj-pad-row-choice")
        self.side = w.Dropdown(options=[], description="Player")
        self.side.add_class("ctj-pad-side-choice")
        self.score = w.IntText(value=0, description="Score")
        self.score.add_class("ctj-pad-score-input")
        self.write_button = button("Write score", "ctj-write", primary=True)
        self.clear_button = button("Clear pad", "ctj-clear", quiet=True)
        self.entry = w.HBox([self.row, self.side, self.score, self.write_button,
                             self.clear_button])
        self.entry.add_class("ctj-pad-entry")
        self.note = html("", "ctj-note")
        self._finish(self.title, self.table, self.status.widget, self.entry, self.note)
        self.write_button.on_click(lambda _b: self.write())
        self.clear_button.on_click(lambda _b: self.clear())
        self.source: GameState | None = None
        self.session: Session | None = None
        self._setup = setup
        self._players = players
        if players not in SEATINGS:
            raise Refusal(f"players must be 2, 3, 4 or 6, not {players!r}")
        seating = SEATINGS[players]
        if seating.teams:
            members = names or default_names(players)
            self.side_names = [f"Team {'AB'[t]} ({' & '.join(members[s] for s in seats)})"
                               for t, seats in enumerate(seating.teams)]
        else:
            self.side_names = list(names or default_names(players))[:players]
        self.manual = Pad(parse_setup(setup), seating.sides)
        if session is not None:
            self.attach(session)
        elif state is not None:
            self.update(state)
        else:
            self._draw()

    # -- sources ---------------------------------------------------------------------------------
    def attach(self, session: Session, *, listen: bool = True) -> None:
        """Follow ``session`` (the dashboard's game): the pad redraws after every change."""
        self.session = session
        if listen and self.refresh not in session.listeners:
            session.listeners.append(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        if self.session is not None:
            self.update(self.session.state)

    def update(self, state: GameState) -> None:
        """Show the pad of ``state`` (a game in progress)."""
        self.source = state
        self.side_names = side_labels(state)
        self._draw()

    @property
    def pad(self) -> Pad:
        return self.source.pad if self.source is not None else self.manual

    # -- actions ---------------------------------------------------------------------------------
    def write(self, row: str | None = None, side: str | int | None = None,
              score: int | None = None) -> bool:
        """Write ``score`` for ``side`` (a name or number) in ``row`` (a pad key such as
        ``under``, or its title); when the row is complete the engine awards game points."""
        def run() -> None:
            if self.source is not None:
                raise Refusal("this pad follows a game: scores are written by playing rounds")
            pad = self.manual
            r = self._row_index(self.row.value if row is None else row)
            sd = self._side_index(self.side.value if side is None else side)
            sc = self.score.value if score is None else score
            if type(sc) is not int:
                raise Refusal(f"a score is a whole number, not {sc!r}")
            if not pad.is_open(r, sd):
                raise Refusal(f"{self.side_names[sd]} has already scored the "
                              f"{pad.rows[r].title} row (each side plays each row once)")
            pad.record(r, sd, sc)
            self._draw()

        ok = self._attempt(run)
        if ok:
            r = self.pad.rows[self._row_index(self.row.value if row is None else row)]
            idx = self.pad.row_index(r.key)
            pts = self.pad.row_points[idx]
            if pts is not None:
                words = ", ".join(f"{self.side_names[s]} {_points(p)}" for s, p in enumerate(pts))
                self.status.ok(f"The {r.title} row is complete: {words}.")
            else:
                self.status.ok(f"Score written in the {r.title} row.")
        return ok

    def clear(self) -> bool:
        """Empty the hand-filled pad."""
        def run() -> None:
            if self.source is not None:
                raise Refusal("this pad follows a game and cannot be cleared")
            self.manual = Pad(parse_setup(self._setup), self.manual.sides)
            self._draw()

        return self._attempt(run, ok="The pad is empty.")

    def _row_index(self, row: object) -> int:
        pad = self.pad
        if isinstance(row, int) and not isinstance(row, bool) and 0 <= row < len(pad.rows):
            return row
        for i, r in enumerate(pad.rows):
            if row in (r.key, r.title) or (isinstance(row, str) and row.lower() == r.key):
                return i
        keys = ", ".join(r.key for r in pad.rows)
        raise Refusal(f"no row {row!r} on this pad: the rows are {keys}")

    def _side_index(self, side: object) -> int:
        if isinstance(side, int) and not isinstance(side, bool):
            if 0 <= side < len(self.side_names):
                return side
        elif isinstance(side, str):
            for i, n in enumerate(self.side_names):
                if side == n or n.startswith((f"Team {side} ", f"{side} (")):
                    return i
        raise Refusal(f"no player or team {side!r}: use one of {', '.join(self.side_names)}")

    # -- reading ---------------------------------------------------------------------------------
    @property
    def game_points(self) -> dict[str, int]:
        gp = self.pad.game_points
        return {self.side_names[s]: gp[s] for s in range(len(gp))}

    def to_dataframe(self) -> Any:
        """The pad as a pandas DataFrame (``Pad.to_dataframe`` with the players' names)."""
        return self.pad.to_dataframe(self.side_names)

    @property
    def html(self) -> str:
        return str(self.table.value)

    # -- drawing ---------------------------------------------------------------------------------
    def _draw(self) -> None:
        pad = self.pad
        manual = self.source is None
        with self._hold(self.table, self.row, self.side, self.note):
            self.table.value = pad_html(self.source if self.source is not None else pad,
                                        self.side_names, caption=None)
            show(self.entry, manual)
            if manual:
                rows = [(f"{r.title} ({r.value})", r.key) for r in pad.rows]
                if list(self.row.options) != rows:
                    self.row.options = rows
                sides = [(n, i) for i, n in enumerate(self.side_names)]
                if list(self.side.options) != sides:
                    self.side.options = sides
                self.note.value = ("Write each round's score in the declarer's column. When "
                                   "every player has scored a row, the best gets its value in "
                                   "game points and the worst loses it; a tie goes to whoever "
                                   "completed the row first.")
            else:
                winner = pad.standings()[0]
                done = self.source is not None and self.source.is_terminal()
                self.note.value = (f"<b>{escape(self.side_names[winner])} wins the game.</b>"
                                   if done
                                   else "")
