"""The workshop host's sheet: what to project for each topic, and the expected answers of the
seeded exercises, computed by running every lesson once as its page does.

>>> from chaitea_widgets.course import TOPICS, course_folder
>>> TOPICS[0][:2], (course_folder() / TOPICS[0][1]).is_file()
(('The deck and card points', '01_tricks_and_following.ipynb'), True)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import ipywidgets as w

from chaitea.core.markup import escape
from chaitea_widgets.base import Refusal, View, button, html, show

from .exercise import Exercise
from .lessons import COURSE

__all__ = ["TOPICS", "HostGuide", "course_folder", "expected_answers"]


# What to project for each topic of a workshop: (topic, lesson file, what to show, seed).
TOPICS: list[tuple[str, str, str, int]] = [
    ("The deck and card points", "01_tricks_and_following.ipynb", "deal explorer", 7),
    ("Following suit", "01_tricks_and_following.ipynb", "What may Leo play?", 1),
    ("Which card wins", "02_contracts_and_rankings.ipynb", "ranking explorer, quiz", 2),
    ("Low cards are strong too", "02_contracts_and_rankings.ipynb",
     "teaching deal: Under beats Trump", 3),
    ("Picking and Bet Debt", "03_picking_and_bet_debt.ipynb", "rulebook example 3", 3),
    ("When a raise pays", "03_picking_and_bet_debt.ipynb", "the two Bet Debt deals", 41),
    ("A round at the table", "04_playing_a_round.ipynb", "trick table (presenter)", 4),
    ("Defending together", "04_playing_a_round.ipynb", "teaching deal: defence", 18),
    ("The Paper Pad", "05_scoring_and_the_pad.ipynb", "the rulebook's example", 1),
    ("A first game", "06_full_game.ipynb", "game dashboard, Short setup", 2024),
    # the Jass path
    ("The Swiss cards and 157", "10_swiss_cards_and_values.ipynb",
     "the deck: Trump (Bells), then Obenabe and Undenufe", 1),
    ("No undertrumping", "11_following_in_jass.ipynb", "the lab: the text's example", 0),
    ("Weis and Stöck", "12_weis_and_stoeck.ipynb", "the five examples; Who scores the Weis?", 1),
    ("Schieber against the bots", "13_schieber_at_the_table.ipynb",
     "Schieber to 1000, no multipliers", 2026),
    ("The Coiffeur pad", "14_coiffeur_and_the_pad.ipynb", "Coiffeur-Schieber, three players",
     2026),
    ("Two rulebooks, one deal", "15_one_deal_two_rulebooks.ipynb",
     "step through Aslan's decisions", 1),
]


def course_folder() -> Path:
    """The folder of the lesson notebooks: the kernel's own (Jupyter and Voilà start it beside
    the notebook), else ``notebooks/`` of the source checkout this package runs from."""
    for folder in (Path.cwd(), Path(__file__).resolve().parents[2] / "notebooks"):
        if (folder / COURSE[0].file).is_file():
            return folder
    raise Refusal(f"the lesson notebooks are not here ({Path.cwd()}): open the host guide "
                  "beside them")


def _first_words(markup: str, limit: int = 110) -> str:
    import html as html_text

    markup = re.sub(r"<svg.*?</svg>", " ", markup, flags=re.S)  # drawn cards: no words
    text = html_text.unescape(re.sub(r"<[^>]+>", " ", markup)).replace(" .", ".")
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def expected_answers(folder: str | None = None) -> list[tuple[str, str, int, str, str]]:
    """The first question of every seeded exercise and quiz of the course, with the answer
    the engine computes: ``(lesson, exercise, seed, question, answer)``. Each lesson's code
    runs here as it does on its page (same seeds), so the answers are those the learners
    get first."""
    import contextlib
    import html as html_text
    import io
    import json

    from chaitea_widgets import Quiz

    root = Path(folder) if folder else course_folder()
    out: list[tuple[str, str, int, str, str]] = []
    for lesson in COURSE[1:]:
        nb = json.loads((root / lesson.file).read_text(encoding="utf-8"))
        ns: dict[str, Any] = {"__name__": "__host_guide__"}
        with contextlib.redirect_stdout(io.StringIO()):  # the lessons' printed examples
            for cell in nb["cells"]:
                if cell["cell_type"] == "code":
                    exec(compile("".join(cell["source"]), lesson.file, "exec"), ns)
        for view in ns.values():
            if isinstance(view, Exercise):
                p = view.problem
                answer = (", ".join(map(str, p.solution)) if p.check is not None
                          else view._shown(p.solution))
                out.append((lesson.title, html_text.unescape(view.name), view.seed,
                            _first_words(p.question), answer))
            elif isinstance(view, Quiz):
                out.append((lesson.title, "Which card wins?", view.seed,
                            _first_words(view.question.value),
                            f"{view.solution} ({view.reason})"))
    return out


class HostGuide(View):
    """The workshop host's sheet: what to project per topic, and (on request: it runs every
    lesson once) the expected answers of the seeded exercises, computed by the engine.
    Action: :meth:`compute`."""

    css_class = "ctj-host-guide"

    def __init__(self) -> None:
        super().__init__()
        self.title = html("Host guide <small>what to project, and the answers</small>",
                          "ctj-title")
        rows = "".join(
            f"<tr><td>{escape(topic)}</td><td><a href=\"{escape(file)}\">{escape(file)}</a>"
            f"</td><td>{escape(what)}</td><td>{seed}</td></tr>"
            for topic, file, what, seed in TOPICS)
        self.topics = html("<table class=\"ctj-topics\"><tr><th>Topic</th><th>Lesson</th>"
                           f"<th>Show</th><th>Seed</th></tr>{rows}</table>", "ctj-panel")
        self.compute_button = button("Work out the expected answers", "ctj-compute",
                                     primary=True, tooltip="Runs every lesson once (a few "
                                     "seconds)")
        self.compute_button.layout = w.Layout(align_self="flex-start")  # its own layout
        self.answers = html("", "ctj-panel", "ctj-answers")
        show(self.answers, False)
        self.rows: list[tuple[str, str, int, str, str]] = []
        self._finish(self.title, self.topics, self.compute_button, self.status.widget,
                     self.answers)
        self.compute_button.on_click(lambda _b: self.compute())

    def compute(self) -> bool:
        """Run every lesson's exercises (first questions) and list the engine's answers."""
        def run() -> None:
            self.rows = expected_answers()
            body = "".join(
                f"<tr><td>{escape(lesson)}</td><td>{escape(ex)}</td><td>{seed}</td>"
                f"<td>{escape(q)}</td><td><b>{escape(a)}</b></td></tr>"
                for lesson, ex, seed, q, a in self.rows)
            self.answers.value = ("<table class=\"ctj-answers-table\"><tr><th>Lesson</th>"
                                  "<th>Exercise</th><th>Seed</th><th>First question</th>"
                                  f"<th>Answer</th></tr>{body}</table>")
            show(self.answers, True)

        return self._attempt(run, ok="The expected answers of the first questions, as the "
                             "learners will see them.")
