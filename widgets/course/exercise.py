"""Exercises whose answers the engine computes: :class:`Problem` (one question) and
:class:`Exercise` (the view that asks it, in three tries). The Chai Tea Jazz and Jass lessons
build their problems in :mod:`~chaitea_widgets.course.basics`, ``trick_questions`` and
``score_questions``. It holds no rules: every right answer comes from ``chaitea``.

>>> from chaitea_widgets.course import Exercise, Problem
>>> ex = Exercise("Warm-up", lambda seed: Problem("<b>2 + 2?</b>", solution=4, number=True))
>>> ex.answer(4), ex.right, ex.asked
(True, 1, 1)
>>> _ = ex.another(); ex.answer(5)          # wrong: a hint and another try
False
>>> ex.message
'Not quite: too high. Try again (2 tries left).'
>>> ex.answer(4), ex.right, ex.asked       # right at the second try
(True, 1, 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

from chaitea import Card
from chaitea.core.markup import escape
from chaitea_widgets import CardStrip
from chaitea_widgets.base import Refusal, View, button, html, show
from chaitea_widgets.strip import StripItem
from chaitea_widgets.tries import Progress, Tries

__all__ = ["Exercise", "Problem"]


# ------------------------------------------------------------------ exercises
@dataclass
class Problem:
    """One question. ``solution`` is computed by the engine; ``explain`` is the reason, in the
    engine's words (shown after the right answer or the last try); ``hint`` is said after a
    wrong answer while tries are left (for a number, "too high" or "too low" comes first).
    Answer by clicking one of ``cards``, one of ``choices``
    (``(label, value)`` pairs) or typing a whole number (``number=True``). ``check`` replaces
    the comparison with ``solution`` where several answers are right: it returns
    ``(right, words)``."""

    question: str
    solution: Any = None
    explain: str = ""
    cards: Sequence[str] = ()
    captions: Sequence[str] = ()
    choices: Sequence[tuple[str, Any]] = ()
    number: bool = False
    check: Callable[[Any], tuple[bool, str]] | None = None
    cards_title: str = ""
    hint: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _slug(value: object) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", str(value)).strip("-") or "x"


class Exercise(View):
    """A question with an answer the engine computed, in three tries: a wrong answer gets a
    hint and another try; the reason follows the right answer or the last try.
    ``Next question ▶`` asks a fresh one (from the next seed that asks something else). The
    title keeps the score (right at the first try), and a line under it the lesson's progress.

    ``make(seed) -> Problem`` builds the question from a seed (a seeded deal, a seeded round).
    Actions: :meth:`answer` (a card, a choice's value or a number), :meth:`another`.
    The parts a question needs (cards, choice buttons, a number box) are made when first
    needed: every widget costs the dashboard load time.
    """

    css_class = "ctj-exercise"

    def __init__(self, title: str, make: Callable[[int], Problem], seed: int = 1, *,
                 another: bool = True, main: bool = True,
                 progress: Progress | None = None) -> None:
        super().__init__()
        wrong = ".ctj-main .jupyter-button.ctj-wrong { background: #c62828; }"
        if wrong not in self.style.value:  # the style sheet is shared by every view
            self.style.value = self.style.value.replace("</style>", wrong + "</style>")
        self.make = make
        self.seed = seed
        self.name = escape(title)
        self.title = html("", "ctj-title")
        self.question = html("", "ctj-question")
        self.another_button = button("Next question ▶", "ctj-another", quiet=True,
                                     tooltip="A fresh question")
        self.progress_line = html("", "ctj-note", "ctj-progress")
        self.tries = Tries(progress)
        self.tries.progress.listen(self._draw_progress)
        self.another_button.layout = w.Layout(align_self="flex-start")  # its own layout
        show(self.another_button, another)
        self.felt: w.VBox | None = None
        self.cards_title = html("", "ctj-heading")
        self.strip: CardStrip | None = None
        self.choice_box: w.HBox | None = None
        self.number_box: w.HBox | None = None
        self.number: w.IntText | None = None
        self._finish(self.title, self.question, self.status.widget, self.another_button,
                     self.progress_line)
        if not main:
            self.widget.remove_class("ctj-main")
        self.another_button.on_click(lambda _b: self.another())
        self.right = 0
        self.asked = 0
        self.answered: Any = None
        self.last_right = False
        self.choice_values: list[Any] = []
        self.problem = Problem("")
        self._attempt(self._new)
        if self.unexpected:  # a bug in ``make``: fail the cell (nbval) rather than hide it
            raise self.unexpected[0]

    # -- parts, made on demand -------------------------------------------------------------------
    def _layout(self) -> None:
        parts: list[w.Widget] = [self.title, self.question]
        parts += [x for x in (self.felt, self.choice_box, self.number_box) if x is not None]
        parts += [self.status.widget, self.another_button, self.progress_line]
        self._finish(*parts)

    def _cards(self) -> CardStrip:
        if self.strip is None:
            self.strip = CardStrip(label="cards to choose from", css_class="ctj-exercise-cards")
            self.strip.on_click(lambda cid: self.answer(cid))
            self.felt = w.VBox([self.cards_title, self.strip])
            self.felt.add_class("ctj-felt")
            self._layout()
        return self.strip

    def _choices(self) -> w.HBox:
        if self.choice_box is None:
            self.choice_box = w.HBox([])
            self.choice_box.add_class("ctj-choices")
            self._layout()
        return self.choice_box

    def _number(self) -> w.IntText:
        if self.number is None:
            self.number = w.IntText(value=0, description="Answer",
                                    layout=w.Layout(width="190px"))
            self.number.add_class("ctj-answer")
            check = button("Check", "ctj-check", primary=True)
            check.on_click(lambda _b: self.answer(self._number().value))
            self.number_box = w.HBox([self.number, check])
            self._layout()
        return self.number

    # -- actions ---------------------------------------------------------------------------------
    def _new(self) -> None:
        self.problem = self.make(self.seed)
        self.answered = None
        self.tries.new()
        p = self.problem
        with self._hold(self.question, self.cards_title):
            self.question.value = p.question
            if p.cards:
                self._cards().interactive = not p.number  # with a number to type: shown only
            if self.felt is not None:
                show(self.felt, bool(p.cards))
            self.cards_title.value = p.cards_title
            show(self.cards_title, bool(p.cards_title))
            self._draw_cards()
            if p.choices or self.choice_box is not None:
                box = self._choices()
                buttons = []
                for label, value in p.choices:
                    b = button(label, f"ctj-choice-{_slug(value)}")
                    b.add_class("ctj-choice")
                    b.on_click(lambda _b, v=value: self.answer(v))
                    buttons.append(b)
                old = box.children
                box.children = buttons
                for b in old:
                    b.close()
                show(box, bool(buttons))
                self.choice_values = [value for _label, value in p.choices]
            if p.number:
                self._number().value = 0
            if self.number_box is not None:
                show(self.number_box, p.number)
            self.status.set("")
            self._draw_score()
            self._draw_progress()

    def answer(self, value: Any) -> bool:
        """Answer the question; True if right. A wrong answer with tries left gets a hint; the
        reason follows the right answer or the last try."""
        outcome = {"right": False, "words": "", "verdict": ""}

        def run() -> None:
            p = self.problem
            if self.tries.done:
                raise Refusal("this question is finished: press Next question ▶ for a fresh"
                              " one")
            v = value
            if p.number:
                if isinstance(v, str) and v.strip().lstrip("-").isdigit():
                    v = int(v)
                if type(v) is not int:
                    raise Refusal(f"the answer is a whole number, not {v!r}")
            elif p.cards:
                text = str(v)
                if text not in p.cards:
                    raise Refusal(f"{text} is not one of the cards shown: click one of "
                                  f"{', '.join(p.cards)}")
            elif p.choices and v not in [c[1] for c in p.choices]:
                raise Refusal(f"{v!r} is not one of the choices")
            if v in self.tries.wrong:
                raise Refusal(f"{self._shown(v) or v} was tried already: try another answer")
            if p.check is not None:
                right, words = p.check(v)
            else:
                right, words = v == p.solution, ""
            verdict = self.tries.answer(bool(right), v)
            self.answered = v
            self.last_right = bool(right)
            if verdict != "retry":  # the question is finished
                self.asked += 1
                self.right += self.tries.first_try
            outcome.update(right=bool(right), words=words, verdict=verdict)
            self._draw_cards()
            self._mark_choices()
            self._draw_score()

        if self._attempt(run):
            p = self.problem
            verdict = outcome["verdict"]
            words = str(outcome["words"])
            if verdict == "right":
                reason = " ".join(x for x in (words, p.explain) if x)
                late = "" if self.tries.first_try else f" (at try {self.tries.used})"
                self.status.ok(f"Right!{late} {reason}".strip())
            elif verdict == "retry":
                hint = self._hint(words)
                left = self.tries.left
                self.status.error(f"Not quite{hint} Try again ({left} "
                                  f"{'try' if left == 1 else 'tries'} left).")
            else:
                shown = self._shown(p.solution)
                tail = f" The answer is {shown}." if p.check is None and shown else ""
                reason = " ".join(x for x in (words, p.explain) if x)
                self.status.error(f"Not quite.{tail} {reason}".strip())
        return bool(outcome["right"])

    def _hint(self, words: str) -> str:
        """The words after "Not quite" for a wrong answer with tries left (never the answer)."""
        p = self.problem
        bits = []
        if p.number and p.check is None and isinstance(self.answered, int) and \
                isinstance(p.solution, int):
            bits.append("too high" if self.answered > p.solution else "too low")
        if words:
            bits.append(words.rstrip("."))
        said = (": " + ". ".join(bits) + ".") if bits else "."
        if p.hint:  # its own sentence: never "Not quite: Hint: ..."
            said += f" Hint: {p.hint.rstrip('.')}."
        return said

    def another(self) -> bool:
        """A fresh question: from the next seed whose question differs from this one."""
        def run() -> None:
            before = self.problem.question
            for _ in range(25):
                self.seed += 1
                self._new()
                if self.problem.question != before:
                    break

        return self._attempt(run)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def solution(self) -> Any:
        return self.problem.solution

    # -- drawing ---------------------------------------------------------------------------------
    def _shown(self, value: Any) -> str:
        for label, v in self.problem.choices:
            if v == value:
                return label
        return "" if value is None else str(value)

    def _draw_cards(self) -> None:
        p = self.problem
        if self.strip is None:
            return
        done = self.tries.done
        tried = {str(x) for x in self.tries.wrong}
        items = []
        for i, cid in enumerate(p.cards):
            hl = ""
            if p.number:
                pass
            elif done and ((p.check is None and cid == str(p.solution))
                           or (self.last_right and cid == str(self.answered))):
                hl = "right"
            elif cid in tried:
                hl = "wrong"
            caption = p.captions[i] if i < len(p.captions) else ""
            playable = None if done or p.number else cid not in tried
            items.append(StripItem(card=Card.parse(cid), caption=caption, highlight=hl,
                                   playable=playable,
                                   note="tried already" if cid in tried and not done else ""))
        self.strip.set_items(items)

    def _mark_choices(self) -> None:
        """After an answer: the right choice in green, a wrong pick in red, the rest dimmed."""
        p = self.problem
        if self.choice_box is None:
            return
        done = self.tries.done
        for b, value in zip(self.choice_box.children, self.choice_values, strict=False):
            if value in self.tries.wrong:
                b.add_class("ctj-wrong")
                b.icon = "times"
                b.disabled = True
            elif done and ((p.check is None and value == p.solution)
                           or (self.last_right and value == self.answered)):
                b.add_class("ctj-primary")
                b.icon = "check"
            elif done:
                b.add_class("ctj-quiet")

    def _draw_score(self) -> None:
        self.title.value = (f"{self.name} <small>exercise · right at the first try: "
                            f"<b>{self.right}</b> of {self.asked}</small>")

    def _draw_progress(self) -> None:
        self.progress_line.value = escape(self.tries.progress.line())
