"""The course's helpers (imported as ``chaitea_widgets.course``): the exercises and views the
lesson notebooks show, and their questions, built on the views of ``chaitea_widgets`` and the
engine. They hold no rules: every right answer, refusal and score comes from ``chaitea``.

One module per part of the course, each name also importable from here (loaded on first use,
so a lesson's kernel loads only the modules it shows):

- :mod:`~chaitea_widgets.course.exercise`: :class:`Problem` and :class:`Exercise`, a question
  the engine answers, in three tries.
- :mod:`~chaitea_widgets.course.lessons`: the lessons in order, the index and the links between
  them.
- :mod:`~chaitea_widgets.course.basics`: the Chai Tea Jazz lessons' basics (0 to 9): names,
  text, "What may X play?", the welcome card.
- :mod:`~chaitea_widgets.course.host`: the workshop host's guide and the expected answers.
- :mod:`~chaitea_widgets.course.deck_views`: the Jass lessons' shared parts and views (10 to 15).
- :mod:`~chaitea_widgets.course.trick_questions`: the questions on tricks (10 and 11).
- :mod:`~chaitea_widgets.course.score_questions`: the questions on Weis, scores and the pad (12 to
  14).
- :mod:`~chaitea_widgets.course.compare`: one deal under two rulebooks (15).
- :mod:`~chaitea_widgets.course.lab`: the rules lab (9): many deals, summaries, plots.

>>> from chaitea_widgets.course import Exercise, may_play_problem
>>> ex = Exercise("What may Leo play?", may_play_problem)
>>> ex.answer(ex.solution[0])
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chaitea_widgets.lazy import lazy_names

if TYPE_CHECKING:  # for mypy and editors; at run time each module loads on first use
    from .basics import NAMES, Welcome, hand_text, may_play_problem, named_round, seat_of, signed
    from .compare import Decision, TwoRulebooks, compare_deal, differ_problem, winner_ctj_problem
    from .deck_views import (
        MODES,
        NAMES4,
        NAMES6,
        TEAMS,
        DeckView,
        ExamplesView,
        JassExercise,
        TableChooser,
        card_name,
        cards_html,
        mode_title,
        strongest_first,
        trick_html,
    )
    from .exercise import Exercise, Problem
    from .host import TOPICS, HostGuide, course_folder, expected_answers
    from .lab import (
        JASS_BOTS,
        JASS_SUMMARIES,
        QUESTIONS,
        SUMMARIES,
        Answer,
        Questions,
        RulesLab,
        WorkedQuestion,
        bot_names,
        figure_png,
    )
    from .lessons import COMING, COURSE, Lesson, index_html, next_links
    from .score_questions import (
        chalk_problem,
        multiplied_row_problem,
        row_tallies_problem,
        schieber_score_problem,
        weis_compare_problem,
        weis_hand_problem,
    )
    from .trick_questions import (
        follow_lab_problem,
        jass_may_play_problem,
        order_problem,
        played_hand,
        points_problem,
        winner_problem,
    )

# The names of each module (its ``__all__``; tests/widgets/test_course.py keeps them in step).
_NAMES: dict[str, tuple[str, ...]] = {
    "exercise": ("Exercise", "Problem"),
    "lessons": ("COMING", "COURSE", "Lesson", "index_html", "next_links"),
    "basics": ("NAMES", "Welcome", "hand_text", "may_play_problem", "named_round", "seat_of",
            "signed"),
    "host": ("TOPICS", "HostGuide", "course_folder", "expected_answers"),
    "deck_views": ("MODES", "NAMES4", "NAMES6", "TEAMS", "DeckView", "ExamplesView", "JassExercise",
             "TableChooser", "card_name", "cards_html", "mode_title", "strongest_first",
             "trick_html"),
    "trick_questions": ("follow_lab_problem", "jass_may_play_problem", "order_problem",
                    "played_hand", "points_problem", "winner_problem"),
    "score_questions": ("chalk_problem", "multiplied_row_problem", "row_tallies_problem",
                    "schieber_score_problem", "weis_compare_problem", "weis_hand_problem"),
    "compare": ("Decision", "TwoRulebooks", "compare_deal", "differ_problem",
                "winner_ctj_problem"),
    "lab": ("JASS_BOTS", "JASS_SUMMARIES", "QUESTIONS", "SUMMARIES", "Answer", "Questions",
            "RulesLab", "WorkedQuestion", "bot_names", "figure_png"),
}
_MODULES = {name: module for module, names in _NAMES.items() for name in names}

__all__ = [
    "COMING",
    "COURSE",
    "JASS_BOTS",
    "JASS_SUMMARIES",
    "MODES",
    "NAMES",
    "NAMES4",
    "NAMES6",
    "QUESTIONS",
    "SUMMARIES",
    "TEAMS",
    "TOPICS",
    "Answer",
    "Decision",
    "DeckView",
    "ExamplesView",
    "Exercise",
    "HostGuide",
    "JassExercise",
    "Lesson",
    "Problem",
    "Questions",
    "RulesLab",
    "TableChooser",
    "TwoRulebooks",
    "Welcome",
    "WorkedQuestion",
    "bot_names",
    "card_name",
    "cards_html",
    "chalk_problem",
    "compare_deal",
    "course_folder",
    "differ_problem",
    "expected_answers",
    "figure_png",
    "follow_lab_problem",
    "hand_text",
    "index_html",
    "jass_may_play_problem",
    "may_play_problem",
    "mode_title",
    "multiplied_row_problem",
    "named_round",
    "next_links",
    "order_problem",
    "played_hand",
    "points_problem",
    "row_tallies_problem",
    "schieber_score_problem",
    "seat_of",
    "signed",
    "strongest_first",
    "trick_html",
    "weis_compare_problem",
    "weis_hand_problem",
    "winner_ctj_problem",
    "winner_problem",
]


__getattr__, __dir__ = lazy_names(__name__, _MODULES, globals())
