"""The exercises: three tries with a hint after a wrong answer, the reason after the
right answer or the last try, a fresh next question, and the lesson's progress line."""

from __future__ import annotations

from typing import Any

import pytest

from chaitea_widgets.tries import Progress
from tests.test_notebooks_meta import run_notebook
from tests.widgets.conftest import NOTEBOOKS


def _number(course: Any, progress: Progress) -> Any:
    return course.Exercise("Sum", lambda seed: course.Problem(
        f"{seed} + 1?", solution=seed + 1, number=True, hint="add one",
        explain="one more than the seed"), seed=3, progress=progress)


def test_three_tries_hint_then_reason(course: Any) -> None:
    progress = Progress()
    ex = _number(course, progress)
    assert not ex.answer(9)
    assert ex.message == "Not quite: too high. Hint: add one. Try again (2 tries left)."
    assert "one more than the seed" not in ex.message  # the reason waits
    assert not ex.answer(9) and "tried already" in ex.message  # the same answer is no try
    assert not ex.answer(1) and "too low" in ex.message and "1 try left" in ex.message
    assert not ex.answer(2)  # the last try: the answer and the reason
    assert ex.message == "Not quite. The answer is 4. one more than the seed"
    assert not ex.answer(4) and "finished" in ex.message
    assert (ex.right, ex.asked) == (0, 1)
    assert ex.another() and ex.answer(5)
    assert ex.message == "Right! one more than the seed"
    assert (ex.right, ex.asked) == (1, 2)
    assert progress.line() == "This lesson: 1 of 2 questions right at the first try."
    assert "1 of 2 questions" in ex.progress_line.value


def test_right_at_the_second_try_says_so(course: Any) -> None:
    ex = _number(course, Progress())
    assert not ex.answer(0) and ex.answer(4)
    assert ex.message.startswith("Right! (at try 2)") and (ex.right, ex.asked) == (0, 1)


def test_progress_line_is_shared_by_the_lesson(course: Any) -> None:
    progress = Progress()
    a, b = _number(course, progress), _number(course, progress)
    assert a.answer(4) and not b.answer(0)
    assert b.answer(4)
    for ex in (a, b):
        assert "1 of 2 questions right at the first try" in ex.progress_line.value


def test_next_question_is_a_fresh_one(course: Any) -> None:
    ex = course.Exercise("Parity", lambda seed: course.Problem(
        f"is {seed // 3} even?", solution=(seed // 3) % 2 == 0,
        choices=[("yes", True), ("no", False)]), seed=3, progress=Progress())
    first = ex.problem.question
    assert ex.another() and ex.problem.question != first


def test_choice_tried_is_marked_and_disabled(course: Any) -> None:
    ex = course.Exercise("Pick", lambda seed: course.Problem(
        "which?", solution="b", choices=[("A", "a"), ("B", "b"), ("C", "c")], hint="not A"),
        progress=Progress())
    assert not ex.answer("a")
    buttons = dict(zip(ex.choice_values, ex.choice_box.children, strict=True))
    assert buttons["a"].disabled and "ctj-wrong" in buttons["a"]._dom_classes
    assert not buttons["b"].disabled
    assert ex.answer("b") and "ctj-primary" in buttons["b"]._dom_classes


def test_may_play_hint_is_the_engines_refusal(course: Any) -> None:
    ex = course.Exercise("May play", lambda seed: course.may_play_problem(seed), seed=1,
                         progress=Progress())
    p = ex.problem
    illegal = [c for c in p.cards if c not in p.solution]
    assert illegal
    assert not ex.answer(illegal[0])
    assert "refused" in ex.message and "Try again" in ex.message
    assert "Legal here" not in ex.message  # no answer given away with the hint
    assert ex.answer(p.solution[0]) and "Legal here" in ex.message


def test_slalom_reason_says_which_trick_and_why() -> None:
    ns = run_notebook(NOTEBOOKS / "02_contracts_and_rankings.ipynb")
    ex = ns["slalom"]
    for _ in range(12):
        p = ex.problem
        if "trick 6</b>" in p.question and "starting <b>high" in p.question:
            break
        ex.another()
    else:
        pytest.skip("no trick 6 of a Slalom started high in 12 seeds")
    assert ex.answer(p.solution)
    assert "Trick 6 is an even trick of a Slalom started high, so low wins" in ex.message


def test_tie_question_names_the_tie_break() -> None:
    ns = run_notebook(NOTEBOOKS / "05_scoring_and_the_pad.ipynb")
    ex = ns["row_points"]
    for _ in range(20):
        ex.another()
        if ex.seed % 2:
            break
    assert ex.answer(ex.problem.solution)
    assert "tie on" in ex.message and "who completed the row" in ex.message
