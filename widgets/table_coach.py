"""The coach at the trick table: the Hint at your turn (the expected card points of each legal
card over sampled deals) and the review of your round (the double-dummy points each of your
cards lost). Each can be worked out at once (:meth:`hint`, :meth:`review`) or in a thread while
the page stays live (the buttons: :meth:`request_hint`, :meth:`request_review`); a result the
game has moved past is dropped. The coach (and pandas) load on first use, not with the page."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from chaitea import State
from chaitea.core.markup import escape

from .base import Refusal, button, html, show
from .runners import Runner
from .table_base import TableBase

if TYPE_CHECKING:
    import pandas as pd

    from chaitea.ai.coach import Hint

__all__ = ["HINT_SAMPLES", "REVIEW_TRICKS", "TableCoach"]

HINT_SAMPLES = 20  # sampled worlds per Hint (about 0.1 s on this machine)
REVIEW_TRICKS = 5  # the review solves each of your plays with at most this many tricks left


class TableCoach(TableBase):
    """The trick table's coach: the Hint and Review buttons, the Hint line, the review panel."""

    def _build_coach(self) -> None:
        """The Review button (beside Next round), the Hint button and its line."""
        # the end-of-round review: the button beside Next round, its panel made on first use
        self.review_button = button("Review my round", "ctj-review", quiet=True,
                                    tooltip="The double-dummy points each of your cards lost")
        self.review_button.on_click(lambda _b: self.request_review())
        self._review_box: w.HTML | None = None
        self._review_at: tuple[int, int, int] | None = None
        # the coach: Hint (your turn in play), worked out off the kernel's loop
        self.hint_button = button("Hint", "ctj-hint", quiet=True,
                                  tooltip="The coach's best card and its expected value")
        self.hint_button.on_click(lambda _b: self.request_hint())
        self.hint_line = html("", "ctj-hint-line", "ctj-note")
        show(self.hint_line, False)
        self._hint_at: tuple[int, int, int] | None = None
        self._hint_runner: Runner | None = None

    # -- the coach -------------------------------------------------------------------------------
    def _hint_state(self) -> State:
        ses = self.session
        s = ses.state
        if not ses.is_live:
            raise Refusal("a Hint is for the game as it stands: press Latest » first")
        if s.phase != "play" or not ses.is_human_turn(s):
            raise Refusal("a Hint is for your turn to play a card")
        return s.clone()

    def hint(self, samples: int = HINT_SAMPLES, seed: int = 0) -> Hint | None:
        """The coach's Hint for your turn, worked out at once (``chaitea.ai.coach.hint``: every
        legal card's expected final card points for your side over sampled deals of the
        cards you cannot see, with 95% intervals); shown under the message line and returned
        (``None`` when refused, with the reason in the message)."""
        from chaitea.ai.coach import hint as coach_hint

        out: list[Hint] = []

        def run() -> None:
            result = coach_hint(self._hint_state(), samples=samples, seed=seed)
            self._show_hint(result)
            out.append(result)

        return out[0] if self._attempt(run) and out else None

    def request_hint(self, runner: Runner | None = None, samples: int = HINT_SAMPLES,
                     seed: int = 0) -> bool:
        """What the Hint button does: a "thinking…" line at once, the Hint worked out in a
        thread (``runner``, default the kernel loop's executor; at once without a running
        loop) and shown when done, unless the game moved meanwhile (an undo, a card, a step
        back): then the result is dropped."""
        from chaitea.ai.coach import hint as coach_hint

        def run() -> None:
            state = self._hint_state()
            self._hint_at = self.session.mark()
            self.hint_line.value = '<span class="ctj-thinking">The coach is thinking…</span>'
            show(self.hint_line, True)
            self.hint_button.disabled = True
            self.session.start_job(lambda: coach_hint(state, samples=samples, seed=seed),
                                   self._hint_done, runner or self._hint_runner)

        return self._attempt(run)

    def _hint_done(self, result: object) -> None:
        self.hint_button.disabled = False
        if isinstance(result, Exception):
            self.hint_line.value = ""
            show(self.hint_line, False)
            self.status.error(f"The coach could not work out a Hint ({type(result).__name__}:"
                              f" {escape(str(result))}).")
            return
        self._show_hint(result)  # type: ignore[arg-type]

    def _show_hint(self, h: Hint) -> None:
        rows = [(str(c), float(m), float(lo), float(hi)) for c, m, lo, hi in
                zip(h.table["card"], h.table["mean"], h.table["low"], h.table["high"],
                    strict=True)]
        _card, mean, low, high = rows[0]
        s = self.session.state
        row = next((r for r in s.game.setup.rows if r.key == s.row), None)
        aim = "an Avoidance row: the fewest points" if row is not None and row.avoidance else ""
        iv = f" (95%: {low:.0f} to {high:.0f})" if low == low else ""  # NaN with one sample
        others = ", ".join(f"{escape(c)} {m:.1f}" for c, m, _lo, _hi in rows[1:4])
        self.hint_line.value = (f"Hint: play <b>{escape(h.best)}</b>: about "
                                f"<b>{mean:.1f}</b> card points for your side at the "
                                f"round's end{iv}" + (f"; then {others}" if others else "")
                                + (f" ({aim} is best here)" if aim else "") + ".")
        self._hint_at = self.session.mark()
        show(self.hint_line, True)

    @property
    def review_box(self) -> w.HTML:
        """Where the round's review is shown (made on first use, under the summary)."""
        if self._review_box is None:
            self._review_box = html("", "ctj-review-box", "ctj-panel")
            kids = list(self.widget.children)
            kids.insert(kids.index(self.summary) + 1, self._review_box)
            self.widget.children = tuple(kids)
        return self._review_box

    def _review_plays(self, seat: int | None) -> tuple[int, list[tuple[int, State, int]]]:
        """The seat (default: your first seat) and its plays in the round just finished, from
        the recorded steps: (step in the round, state before the card, action id)."""
        ses = self.session
        if seat is None:
            if not ses.humans:
                raise Refusal("a review is of a person's cards: this table has bots only")
            seat = ses.humans[0]
        n = ses.game.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise Refusal(f"there is no seat {seat!r}: seats are 0..{n - 1}")
        steps = ses.steps[:ses.cursor + 1]
        end = next((i for i in range(len(steps) - 1, 0, -1)
                    if len(steps[i].state.round_results) > len(steps[i - 1].state.round_results)),
                   None)
        if end is None or steps[end].state.phase == "play":
            raise Refusal("a review comes at a round's end: finish the round first")
        rn = steps[end - 1].state.round_number
        plays: list[tuple[int, State, int]] = []
        k = 0
        for i in range(1, end + 1):
            before = steps[i - 1].state
            if before.round_number != rn or before.phase != "play":
                continue
            k += 1
            if before.current_player() == seat:
                plays.append((k, before, steps[i].state.history()[-1]))
        if not plays:
            raise Refusal("this seat played no card in the round's record kept here")
        return seat, plays

    def review(self, seat: int | None = None,
               max_tricks: int = REVIEW_TRICKS) -> pd.DataFrame | None:
        """After a round: each card ``seat`` (default: yours) played with the double-dummy
        points it lost against the best card, hands open (``chaitea.ai.coach.review_plays``;
        cards with more than ``max_tricks`` tricks left are listed unsolved). Shown under the
        summary and returned (``None`` when refused, with the reason in the message)."""
        from chaitea.ai.coach import review_plays

        out: list[pd.DataFrame] = []

        def run() -> None:
            who, plays = self._review_plays(seat)
            table = review_plays(plays, max_tricks=max_tricks)
            self._show_review(who, table)
            out.append(table)

        return out[0] if self._attempt(run) and out else None

    def request_review(self, runner: Runner | None = None, seat: int | None = None,
                       max_tricks: int = REVIEW_TRICKS) -> bool:
        """What the Review button does: the review worked out in a thread (``runner``), a
        "thinking…" line meanwhile; dropped if the game moves on before it is done."""
        from chaitea.ai.coach import review_plays

        def run() -> None:
            who, plays = self._review_plays(seat)
            self._review_at = self.session.mark()
            box = self.review_box
            box.value = '<span class="ctj-thinking">The coach is reviewing the round…</span>'
            show(box, True)
            self.review_button.disabled = True

            def done(result: object) -> None:
                self.review_button.disabled = False
                if isinstance(result, Exception):
                    show(self.review_box, False)
                    self.status.error(f"The coach could not review the round "
                                      f"({type(result).__name__}: {escape(str(result))}).")
                    return
                self._show_review(who, result)  # type: ignore[arg-type]

            self.session.start_job(lambda: review_plays(plays, max_tricks=max_tricks), done,
                                   runner)

        return self._attempt(run)

    def _show_review(self, seat: int, table: pd.DataFrame) -> None:
        rows = []
        lost_total = 0.0
        for _step, trick, card, best, played, lost, best_cards in zip(
                table["step"], table["trick"], table["card"], table["best"], table["played"],
                table["lost"], table["best_cards"], strict=True):
            solved = lost == lost  # NaN: too many tricks left to solve
            if solved:
                lost_total += float(lost)
            mark = ' class="ctj-review-lost"' if solved and lost > 0 else ""
            rows.append(f"<tr{mark}><td>{int(trick)}</td><td>{escape(str(card))}</td>"
                        + (f"<td>{float(played):.0f}</td><td>{float(best):.0f}</td>"
                           f"<td>{float(lost):.0f}</td><td>{escape(str(best_cards))}</td>"
                           if solved else "<td colspan='4'>not solved (too early)</td>")
                        + "</tr>")
        name = escape(self.session.state.names[seat])
        self.review_box.value = (
            f"<b>Review of {name}'s cards</b> (hands open, best play from each card on): "
            f"<b>{lost_total:.0f}</b> points lost in the tricks solved."
            "<table class='ctj-review-table'><tr><th>Trick</th><th>Card</th><th>After it</th>"
            f"<th>Best</th><th>Lost</th><th>Best cards</th></tr>{''.join(rows)}</table>")
        self._review_at = self.session.mark()
        show(self.review_box, True)

    def _drop_stale_coach(self) -> None:
        """Put away a review or Hint (or its wait) the game has moved past."""
        ses = self.session
        if self._review_at is not None and self._review_at != ses.mark():
            self._review_at = None  # the next round (or a step): the review is put away
            show(self.review_box, False)
            self.review_button.disabled = False
        if self._hint_at is not None and self._hint_at != ses.mark():
            # the game moved on (an undo, a card, a step): the Hint (or its wait) is gone
            self._hint_at = None
            self.hint_line.value = ""
            show(self.hint_line, False)
            self.hint_button.disabled = False
