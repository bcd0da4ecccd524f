"""The base of the views over a :class:`~chaitea_widgets.session.Session` whose recorded steps
can be walked (the picking panel and the trick table): back, forward, first, live, and the
practice take-back with its button."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as w

from .base import Refusal, View, button, html

if TYPE_CHECKING:
    from .session import Session

__all__ = ["SteppedView"]


class SteppedView(View):
    """A view over a :class:`Session` whose recorded steps can be walked (the picking panel and
    the trick table): back, forward, first, live. ``_after_move`` says what the status line
    shows after a step."""

    session: Session
    # the navigation bar, made by the view (first, back, the step, forward, live, take back)
    first_button: w.Button
    back_button: w.Button
    step_label: w.HTML
    forward_button: w.Button
    live_button: w.Button
    undo_button: w.Button

    def _after_move(self) -> None:
        self.status.set("")

    def _nav_buttons(self, start: str) -> tuple[w.Button, w.Button, w.HTML, w.Button, w.Button]:
        """The buttons that walk the steps, wired to :meth:`first` (its tooltip ``start``),
        :meth:`back`, :meth:`forward` and :meth:`live`, with the step's label in between."""
        first = button("« Start", "ctj-first", tooltip=start, quiet=True)
        back = button("◀ Back", "ctj-back", tooltip="One step back", quiet=True)
        label = html("", "ctj-step-label")
        forward = button("Forward ▶", "ctj-forward", tooltip="One step forward", quiet=True)
        live = button("Latest »", "ctj-live", tooltip="Back to the game", quiet=True)
        for b, go in ((first, self.first), (back, self.back), (forward, self.forward),
                      (live, self.live)):
            b.on_click(lambda _b, go=go: go())
        return first, back, label, forward, live

    def _move(self, run: Callable[[], object]) -> bool:
        ok = self._attempt(run)
        if ok:
            self._after_move()
            self._notify()
        return ok

    def back(self) -> bool:
        """One step back (the state before the latest action shown)."""
        return self._move(self.session.back)

    def forward(self) -> bool:
        """One step forward again."""
        return self._move(self.session.forward)

    def live(self) -> bool:
        """Back to the game as it stands now."""
        return self._move(self.session.to_live)

    def first(self) -> bool:
        """The first step of the round shown."""
        return self._move(lambda: self.session.goto(self.session.round_start()))

    def undo(self) -> bool:
        """Practice: take back your latest card or pick (until its trick is complete); the
        game goes on from there, and any bot move in progress is cancelled."""
        def run() -> None:
            if not self.practice:
                raise Refusal("taking back is for practice: this game counts every card")
            if getattr(self, "example_number", None) is not None:
                raise Refusal("a rulebook example is stepped through, not taken back: use "
                              "◀ Back")
            self.session.undo()

        ok = self._attempt(run)
        if ok:
            self._notify()
            self.status.ok(f"Taken back. {_your_turn(self.session)}".strip())
            self._after_undo()
        return ok

    def _after_undo(self) -> None:
        """Hook: redraw what the status line's new words change (the caption line)."""

    practice = True

    def _undo_button(self) -> w.Button:
        b = button("↶ Take back", "ctj-undo", tooltip="Take back your last card or pick "
                   "(until its trick is complete)", quiet=True)
        b.on_click(lambda _b: self.undo())
        return b


def _your_turn(session: Session) -> str:
    s = session.state
    seat = s.current_player()
    if seat < 0:
        return ""
    return f"{s.names[seat]} is to {'play' if s.phase == 'play' else 'speak'} again."
