"""A teaching deal at the trick table: its story, the learner's task, the round with the other
seats playing their script, and the engine's result in words when the round is over."""

from __future__ import annotations

import ipywidgets as w

from chaitea.core.markup import escape
from chaitea.records.teaching import TeachingDeal, feedback
from chaitea.records.teaching_deals import DEALS

from .base import Refusal, View, button, html, show
from .session import Session
from .table import TrickTable

__all__ = ["TeachingTable"]


class TeachingTable(View):
    """Play one teaching deal (``chaitea.records.teaching_deals.DEALS``): the story and the
    task above the table, the opponents on a fixed script (the lesson goes the same way every
    time), and feedback from the engine's result at the end of the round. :meth:`again` replays
    it.

    The table is made when the learner presses *Play this deal* (:meth:`start`): a lesson
    page with several deals loads no faster than its slowest part otherwise.

    >>> from chaitea_widgets.lesson_deal import TeachingTable
    >>> lesson = TeachingTable("under-beats-trump")
    >>> lesson.table is None
    True
    >>> lesson.start()
    True
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
        self._speed = speed
        self.table: TrickTable | None = None
        self.feedback = html("", "ctj-feedback", "ctj-panel")
        show(self.feedback, False)
        self.start_button = button("Play this deal", "ctj-start-deal", primary=True)
        self.start_button.on_click(lambda _b: self.start())
        self.again_button = button("Play it again", "ctj-again", quiet=True,
                                   tooltip="The same deal from the start")
        self.again_button.on_click(lambda _b: self.again())
        show(self.again_button, False)
        self.bar = w.HBox([self.start_button, self.again_button])
        self._finish(self.title, self.story, self.status.widget, self.bar, self.feedback)

    def start(self) -> bool:
        """Deal it: the table appears, the learner plays."""
        def run() -> None:
            if self.table is not None:
                raise Refusal("the deal is on the table: press Play it again to start over")
            table = TrickTable(session=self._session(), speed=self._speed)
            table.widget.remove_class("ctj-main")
            table.widget.add_class("ctj-subview")
            table.widget.children = table.widget.children[1:]  # one style sheet
            self.table = table
            self._finish(self.title, self.story, self.status.widget, table.widget,
                         self.feedback, self.bar)
            show(self.start_button, False)
            show(self.again_button, True)
            self._watch()

        return self._attempt(run)

    def _session(self) -> Session:
        d = self.deal
        return Session(d.start(), humans=(d.learner,), bots=d.bots(), autoplay=True)

    def _watch(self) -> None:
        assert self.table is not None
        self.table.session.listeners.append(self._check)
        self._check()

    def _check(self) -> None:
        if self.table is None:
            return
        s = self.table.session.live_state
        if not s.is_terminal() or not s.round_results:
            self.feedback.value = ""
            show(self.feedback, False)
            return
        show(self.feedback, True)
        self.feedback.value = f"<b>{escape(feedback(self.deal, s.round_results[-1]))}</b>"

    def again(self) -> bool:
        """The same deal from its first card."""
        def run() -> None:
            if self.table is None:
                self.start()
                return
            self.table.attach(self._session())
            self._watch()

        return self._attempt(run, ok="The deal again, from the start.")
