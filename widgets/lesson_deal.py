"""A teaching deal at the trick table: its story, the learner's task, the round with the other
seats playing their script, and the engine's result in words when the round is over."""

from __future__ import annotations

import ipywidgets as w

from chaitea.markup import escape
from chaitea.teaching import DEALS, TeachingDeal, feedback

from .base import Refusal, View, button, html
from .session import Session
from .table import TrickTable

__all__ = ["TeachingTable"]


class TeachingTable(View):
    """Play one teaching deal (``chaitea.teaching.DEALS``): the story and the task above the
    table, the opponents on a fixed script (the lesson goes the same way every time), and
    feedback from the engine's result at the end of the round. :meth:`again` replays it.

    >>> from chaitea_widgets.lesson_deal import TeachingTable
    >>> lesson = TeachingTable("under-beats-trump")
    >>> while lesson.table.legal():
    ...     _ = lesson.table.play(lesson.table.legal()[0])
    >>> lesson.feedback.value.startswith("<b>You scored")
    True
    """

    css_class = "ctj-teaching"

    def __init__(self, key: str, *, speed: str = "normal") -> None:
        super().__init__()
        if key not in DEALS:
            raise Refusal(f"no teaching deal {key!r}: the deals are {', '.join(DEALS)}")
        self.deal: TeachingDeal = DEALS[key]
        d = self.deal
        self.title = html(f"{escape(d.title)} <small>a teaching deal</small>", "ctj-title")
        self.story = html(f"<p>{escape(d.story)}</p><p><b>Your task:</b> {escape(d.task)}</p>",
                          "ctj-note", "ctj-story")
        self.table = TrickTable(session=self._session(), speed=speed)
        self.table.widget.remove_class("ctj-main")
        self.table.widget.add_class("ctj-subview")
        self.table.widget.children = self.table.widget.children[1:]  # one style sheet
        self.feedback = html("", "ctj-feedback", "ctj-panel")
        self.again_button = button("Play it again", "ctj-again", quiet=True,
                                   tooltip="The same deal from the start")
        self.again_button.on_click(lambda _b: self.again())
        self._finish(self.title, self.story, self.table.widget, self.feedback,
                     w.HBox([self.again_button]))
        self._watch()

    def _session(self) -> Session:
        d = self.deal
        return Session(d.start(), humans=(d.learner,), bots=d.bots(), autoplay=True)

    def _watch(self) -> None:
        self.table.session.listeners.append(self._check)
        self._check()

    def _check(self) -> None:
        s = self.table.session.live_state
        if not s.is_terminal() or not s.round_results:
            self.feedback.value = ""
            self.feedback.layout.display = "none"
            return
        self.feedback.layout.display = None
        self.feedback.value = f"<b>{escape(feedback(self.deal, s.round_results[-1]))}</b>"

    def again(self) -> bool:
        """The same deal from its first card."""
        def run() -> None:
            self.table.attach(self._session())
            self._watch()

        return self._attempt(run, ok="The deal again, from the start.")
