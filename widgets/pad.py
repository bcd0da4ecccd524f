"""The score pad: the Paper Pad, live from a game or filled in by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from chaitea import SEATINGS, Game, Pad, State, parse_setup
from chaitea.core.markup import escape
from chaitea.draw.svg import pad_html, side_labels

from .base import Refusal, View, button, default_names, html, show
from .session import Session

__all__ = ["ScorePad"]


# the winner's mark: a drawn trophy (the engine's emoji needs an emoji font, which many
# machines lack: it showed as an empty box)
TROPHY = ('<svg class="ctj-trophy" role="img" aria-label="winner" width="18" height="18" '
          'viewBox="0 0 24 24" style="vertical-align:-3px;margin-left:4px">'
          '<path fill="#f2b705" stroke="#7a4a14" stroke-width="1.2" d="M7 3h10v3h3v2a5 5 0 0 '
          '1-4.6 5A5 5 0 0 1 13 15.6V18h3v3H8v-3h3v-2.4A5 5 0 0 1 8.6 13 5 5 0 0 1 4 8V6h3z'
          'M6 8a3 3 0 0 0 1.3 2.5L7 8zm12 0h-1l-.3 2.5A3 3 0 0 0 18 8z"/></svg>')
EMOJI_TROPHY = " \N{TROPHY}"


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

    def __init__(self, state: State | None = None, *, players: int = 3,
                 setup: str | list[dict[str, Any]] = "standard",
                 names: Sequence[str] | None = None, session: Session | None = None,
                 passing_the_barrel: bool = False,
                 scores: Sequence[tuple[str, str | int, int]] = ()) -> None:
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
        self.source: State | None = None
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
        self._ptb = passing_the_barrel
        self._rules: Game | None = None
        if session is not None:
            self.attach(session)
        elif state is not None:
            self.update(state)
        else:
            self._draw()
        for row_key, side, score in scores:  # written before the learner arrives: no message
            if not self.write(row_key, side, score):
                raise Refusal(self.message)
        self.status.set("")

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

    def update(self, state: State) -> None:
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
            lo, hi = self.score_range(r)
            if not lo <= sc <= hi:
                raise Refusal(f"no round can score {sc} in the {pad.rows[r].title} row: "
                              f"{self.range_words(r)} (RULES S)")
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
                sd = self._side_index(self.side.value if side is None else side)
                sc = self.score.value if score is None else score
                self.status.ok(f"{self.side_names[sd]}: {sc} written in the {r.title} row.")
        return ok

    @property
    def rules(self) -> Game:
        """The rules of the game this hand-filled pad is for (made when first needed): they
        bound what a round can score."""
        if self._rules is None:
            self._rules = Game(players=self._players, setup=self._setup,
                               passing_the_barrel=self._ptb)
        return self._rules

    def score_range(self, row: str | int) -> tuple[int, int]:
        """The lowest and highest round score the ``row`` (key, title or index) can receive,
        from the engine's numbers for this player count and these options: card points 0 to
        the deck's total, the last-trick bonus, the Bet Debt (at most the maximum) and, with
        Passing the Barrel, an accepted offer (at most the maximum). In an Avoidance row the
        debt is added and the offer subtracted (D13).

        >>> ScorePad(players=3).score_range("under")
        (-35, 110)
        >>> ScorePad(players=6).score_range("trump")
        (-33, 220)
        """
        g = self.rules
        r = g.setup.rows[self._row_index(row)]
        top = g.deck.total_points + g.seating.last_trick_bonus
        offer = g.max_debt if g.passing_the_barrel else 0
        if r.avoidance:
            return -offer, top + g.max_debt
        return -g.max_debt, top + offer

    def range_words(self, row: str | int) -> str:
        """Why a row's scores lie in :meth:`score_range`, in words."""
        g = self.rules
        i = self._row_index(row)
        lo, hi = self.score_range(i)
        avoid = g.setup.rows[i].avoidance
        offer = g.max_debt if g.passing_the_barrel else 0
        parts = [f"card points 0 to {g.deck.total_points}",
                 f"+{g.seating.last_trick_bonus} for the last trick"]
        if avoid:
            parts.append(f"+ a Bet Debt of up to {g.max_debt} (added in an Avoidance row, D13)")
            if offer:
                parts.append(f"− an accepted offer of up to {offer}")
        else:
            parts.append(f"− a Bet Debt of up to {g.max_debt}")
            if offer:
                parts.append(f"+ an accepted offer of up to {offer} (Passing the Barrel)")
        return (f"with {g.players} players a score is {lo} to {hi} "
                f"({', '.join(parts)})")

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
        if row is None:
            raise Refusal(f"choose a row first: the rows are {keys}")
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
                                        self.side_names, caption=None).replace(EMOJI_TROPHY,
                                                                               TROPHY)
            show(self.entry, manual)
            if manual:
                rows = [(f"{r.title} ({r.value})", r.key) for r in pad.rows]
                if list(self.row.options) != rows:
                    self.row.options = rows
                if self.row.value is None and rows:  # never open on a blank choice
                    self.row.value = rows[0][1]
                sides = [(n, i) for i, n in enumerate(self.side_names)]
                if list(self.side.options) != sides:
                    self.side.options = sides
                if self.side.value is None and sides:
                    self.side.value = 0
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
