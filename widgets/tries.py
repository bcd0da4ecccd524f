"""Tries and progress for the course's questions, as a good teacher runs them: a wrong answer
gets a hint and another try (three in all); the reason comes after the right answer or the
last try; each lesson keeps a progress line (questions right at the first try) for as long as
the page is open (a reload, which starts a new kernel, starts afresh).

>>> from chaitea_widgets.tries import Progress, Tries
>>> progress = Progress()
>>> t = Tries(progress)
>>> t.answer(False), t.answer(True)        # wrong, then right at the second try
('retry', 'right')
>>> t.done, t.first_try, progress.line()
(True, False, 'This lesson: 0 of 1 questions right at the first try.')
>>> t.new(); t.answer(True)
'right'
>>> progress.right, progress.asked
(1, 2)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

__all__ = ["MAX_TRIES", "PROGRESS", "Progress", "Tries"]

MAX_TRIES = 3


class Progress:
    """Questions answered in this lesson (this kernel) and how many were right at the first
    try. Views that show the line register a redraw with :meth:`listen`."""

    def __init__(self) -> None:
        self.asked = 0
        self.right = 0
        self._listeners: list[weakref.WeakMethod[Callable[[], None]]] = []

    def listen(self, redraw: Callable[[], None]) -> None:
        self._listeners.append(weakref.WeakMethod(redraw))

    def record(self, first_try: bool) -> None:
        self.asked += 1
        self.right += bool(first_try)
        alive = []
        for ref in self._listeners:
            f = ref()
            if f is not None:
                alive.append(ref)
                f()
        self._listeners = alive

    def line(self) -> str:
        if not self.asked:
            return "This lesson: no question answered yet."
        q = "question" if self.asked == 1 else "questions"
        return f"This lesson: {self.right} of {self.asked} {q} right at the first try."


PROGRESS = Progress()  # one lesson per page: one kernel per Voilà page


class Tries:
    """The tries of one question: :meth:`answer` says ``right``, ``retry`` (wrong, with tries
    left: give a hint) or ``wrong`` (the last try was wrong: give the answer and the reason).
    Each finished question is recorded once in ``progress``."""

    def __init__(self, progress: Progress | None = None, max_tries: int = MAX_TRIES) -> None:
        self.progress = PROGRESS if progress is None else progress
        self.max_tries = max_tries
        self.new()

    def new(self) -> None:
        self.used = 0
        self.done = False
        self.first_try = False
        self.wrong: list[object] = []

    @property
    def left(self) -> int:
        return self.max_tries - self.used

    def answer(self, right: bool, value: object = None) -> str:
        assert not self.done, "the question is finished"
        self.used += 1
        if right:
            self.done = True
            self.first_try = self.used == 1
            self.progress.record(self.first_try)
            return "right"
        self.wrong.append(value)
        if self.used >= self.max_tries:
            self.done = True
            self.progress.record(False)
            return "wrong"
        return "retry"
