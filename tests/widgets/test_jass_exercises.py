"""The Jass course's exercises (chaitea_widgets.course, lessons 10-14) driven headless: three
tries with a hint, then the answer and the reason; the answers checked against RULES J's tables
as written in the rules (not as the code under test computes them)."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

from chaitea_widgets.tries import Progress

# RULES J, as the rules write them
TRUMP_ORDER = ["J", "9", "A", "K", "Q", "10", "8", "7", "6"]
PLAIN_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
PLAIN_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
NO_TRUMP_VALUES = {**PLAIN_VALUES, "8": 8}


@pytest.fixture(scope="module")
def jc() -> Any:
    return importlib.import_module("chaitea_widgets.course")


def found(pattern: str, text: str) -> str:
    m = re.search(pattern, text)
    assert m is not None, f"{pattern!r} not in {text!r}"
    return m.group(1)


def make(jc: Any, problem: Any, seed: int = 1) -> Any:
    return jc.JassExercise("Test", problem, seed=seed, progress=Progress())


def _order_of(question: str) -> str:
    if "Obenabe" in question:
        return "obenabe"
    if "Undenufe" in question:
        return "undenufe"
    return "trump"


@pytest.mark.parametrize("seed", range(1, 13))
def test_order_answer_is_rules_j_order(jc: Any, seed: int) -> None:
    ex = make(jc, jc.order_problem, seed)
    p = ex.problem
    ranks = p.solution[0].split()
    order = {"trump": TRUMP_ORDER, "obenabe": PLAIN_ORDER,
             "undenufe": PLAIN_ORDER[::-1]}[_order_of(p.question)]
    assert ranks == sorted(ranks, key=order.index)
    assert len({v for _label, v in p.choices}) == len(p.choices) >= 3


def test_order_wrong_answer_says_whose_order_it_is(jc: Any) -> None:
    for seed in range(1, 20):
        ex = make(jc, jc.order_problem, seed)
        p = ex.problem
        wrong = [v for _label, v in p.choices if v not in p.solution]
        assert not ex.answer(wrong[0])
        assert "Try again (2 tries left)" in ex.message and "Hint:" in ex.message
        if "that is the order in" in ex.message:
            break
    else:
        pytest.fail("no wrong order was named as another mode's")
    assert not ex.answer(wrong[1]) and not ex.answer(wrong[2])
    assert ex.message.startswith("Not quite.") and p.solution[0] in ex.message  # the answer
    assert "RULES J" in ex.message


@pytest.mark.parametrize("seed", range(1, 16))
def test_trick_points_are_rules_j_values(jc: Any, seed: int) -> None:
    ex = make(jc, jc.points_problem, seed)
    p = ex.problem
    trump = re.search(r"Trump: (\w+)", p.question)
    letter = {"Acorns": "C", "Shields": "D", "Bells": "H", "Roses": "S"}[trump.group(1)] \
        if trump else None
    total = 0
    for c in p.cards:
        rank, suit = c[:-1], c[-1]
        table = (TRUMP_VALUES if suit == letter else PLAIN_VALUES) if letter else NO_TRUMP_VALUES
        total += table.get(rank, 0)
    if "last trick" in p.question:
        total += 5
    assert p.solution == total


def test_points_hint_then_reason(jc: Any) -> None:
    ex = make(jc, jc.points_problem, 2)
    right = ex.problem.solution
    assert not ex.answer(right + 7)
    assert "too high" in ex.message and "Hint:" in ex.message
    assert not ex.answer(right - 1 if right else right + 1)
    assert not ex.answer(right + 50)
    assert f"The answer is {right}." in ex.message and "=" in ex.message


def test_winner_is_the_engines_trick_winner(jc: Any) -> None:
    for seed in range(1, 10):
        ex = make(jc, jc.winner_problem, seed)
        p = ex.problem
        assert p.solution in p.cards
        wrong = next(c for c in p.cards if c != p.solution)
        assert not ex.answer(wrong) and "Hint:" in ex.message
        assert ex.answer(p.solution) and "wins" in ex.message


def test_lab_opens_on_the_texts_example(jc: Any) -> None:
    ex = make(jc, jc.follow_lab_problem, 0)
    assert "The text&#x27;s example" in ex.problem.question  # escaped HTML
    assert not ex.answer("7S")  # the 7 of Roses under the 8: refused, the rule named
    assert "no undertrumping" in ex.message and "RULES J" in ex.message
    assert "Try again" in ex.message
    assert ex.answer("AC") and "May play: AC, 10D, 6C" in ex.message


def test_lab_walks_through_every_position(jc: Any) -> None:
    from chaitea.records.teaching_deals import FOLLOWING

    ex = make(jc, jc.follow_lab_problem, 0)
    seen = {ex.problem.question.split("</b>")[0]}
    for _ in range(len(FOLLOWING) - 1):
        assert ex.another()
        seen.add(ex.problem.question.split("</b>")[0])
    assert len(seen) == len(FOLLOWING)


def test_may_play_offers_an_undertrump_to_refuse(jc: Any) -> None:
    ex = make(jc, jc.jass_may_play_problem, 1)
    p = ex.problem
    refused = [c for c in p.cards if c not in p.solution]
    words = [p.check(c)[1] for c in refused]
    assert any("no undertrumping" in w for w in words), words
    assert all("RULES J" in w for w in words)


def test_weis_compare_matches_the_table_state(jc: Any) -> None:
    """The exercise's answer (declarations of four hands) is what a Schieber state scores for
    the same deal."""
    from chaitea.rulesets import jass_game

    for seed in (1, 2, 3):
        p = jc.weis_compare_problem(seed)
        contract = found(r"Trump: (\w+)", p.question)
        letter = {"Acorns": "C", "Shields": "D", "Bells": "H", "Roses": "S"}[contract]
        # the deal the problem used is one of the seeded deals it tried: find it by its Weis
        for deal_seed in [seed, *range(seed * 211 + 1, seed * 211 + 200)]:
            state = jass_game("schieber").new_initial_state(seed=deal_seed)
            state.apply_action(f"trump({letter})")
            w = state.weis_declared
            if all(any(w.melds[s] for s in (t, t + 2)) for t in (0, 1)):
                break
        expected = (-1, 0) if w.winner is None else (w.winner, w.points[w.winner])
        assert p.solution == expected


def test_schieber_score_is_multiplied(jc: Any) -> None:
    factors = {"Acorns": 1, "Roses": 1, "Shields": 2, "Bells": 2, "Obenabe": 3, "Undenufe": 4}
    for seed in range(1, 9):
        p = jc.schieber_score_problem(seed)
        numbers = [int(x) for x in re.findall(r"<b>(\d+)</b>", p.question)]
        base = sum(numbers) + (100 if "all nine tricks" in p.question else 0)
        mode = next(k for k in factors if k in p.question)
        factor = 1 if "1000-point" in p.question else factors[mode]
        assert p.solution == base * factor, p.question


def test_row_tallies_and_multiplied_rows(jc: Any) -> None:
    for seed in range(1, 9):
        p = jc.row_tallies_problem(seed)
        scores = [int(x) for x in re.findall(r"(?:Aslan|Leo|Mufasa|Nala) (\d+)", p.question)]
        who = found(r"What does (\w+) get", p.question)
        names = ["Aslan", "Leo", "Mufasa", "Nala"][: len(scores)]
        mine = scores[names.index(who)]
        value = int(found(r"worth (\d+)", p.question))
        best = min(scores) if "Mis" in p.question else max(scores)
        worst = max(scores) if "Mis" in p.question else min(scores)
        assert p.solution == ((value, 0) if mine == best else (0, value) if mine == worst
                              else (0, 0))
    for seed in range(1, 9):
        p = jc.multiplied_row_problem(seed)
        mult = int(found(r"multiplier (\d+)", p.question))
        points = int(found(r"<b>(\d+)</b> card points", p.question))
        match = 100 if "all nine tricks" in p.question else 0
        assert p.solution == (points + match) // 10 * mult


def test_deck_view_counts_157_in_every_mode(jc: Any) -> None:
    deck = jc.DeckView()
    for mode in jc.MODES:
        assert deck.choose(mode)
        assert "<b>157</b> in all" in deck.total.value
    assert deck.choose("trump(S)", suit="S") and "Roses · trump: 62 points" in deck.strip.html
    assert deck.choose(suit="C") and "Acorns: 30 points" in deck.strip.html
    assert deck.choose(faces="french") and "clubs" in deck.strip.html
    assert not deck.unexpected


def test_examples_walk_through_every_claim(jc: Any) -> None:
    from chaitea.records.teaching_deals import TRICKS, WEIS

    for kind, claims in (("tricks", TRICKS), ("weis", WEIS)):
        view = jc.ExamplesView(kind)
        assert not view.back()  # the first example: refused in words
        seen = []
        for ex in claims.values():
            seen.append(view.title.value)
            if kind == "tricks":
                assert f"worth <b>{ex.points}</b> points" in view.body.value
            assert view.forward() == (len(seen) < len(claims))
        assert len(set(seen)) == len(claims) and not view.unexpected


def test_table_chooser_opens_each_game(jc: Any) -> None:
    chooser = jc.TableChooser([("Schieber", "schieber", 4, {}),
                               ("Coiffeur", "coiffeur", 4, {}),
                               ("Three", "coiffeur-schieber", 3, {})])
    first = chooser.table
    assert first is not None and first.state.game.players == 4
    assert "ctj-primary" in chooser.buttons[0]._dom_classes
    assert chooser.open(2) and chooser.table is not first
    assert "ctj-primary" in chooser.buttons[2]._dom_classes
    assert "ctj-primary" not in chooser.buttons[0]._dom_classes
    assert chooser.table.state.names[:3] == ["Aslan", "Leo", "Mufasa"]
    assert len(chooser.holder.children) == 1 and not chooser.unexpected


def test_chalk_board_is_read_from_the_strokes(jc: Any) -> None:
    """The board the exercise draws carries no figure of the total (nor in its words); the
    reason counts 100 a top stroke, 50 a diagonal one, 20 a bottom one, then the rest."""
    for seed in range(1, 9):
        p = jc.chalk_problem(seed)
        svg = p.question[p.question.index("<svg"):p.question.index("</svg>")]
        assert f">{p.solution}<" not in svg and f": {p.solution}" not in svg
        h, f, t = (int(x) for x in re.findall(r"(\d+) × ", p.explain))
        r = int(found(r"\+ (\d+) =", p.explain))
        assert h * 100 + f * 50 + t * 20 + r == p.solution
        assert f <= 1 and t <= 2 and r < 20  # as the board keeps it: the 50 once, 20s twice


def test_two_rulebooks_steps_and_finds_the_differences() -> None:
    from chaitea_widgets.course import TwoRulebooks

    view = TwoRulebooks(seed=1)
    assert len(view.decisions) == 9 and not view.back()  # the first decision: refused
    hands = [len(d.hand) for d in view.decisions]
    assert hands == list(range(9, 0, -1))  # one card fewer each trick
    while view.next_difference():
        d = view.decisions[view.step]
        assert set(d.jass_legal) != set(d.ctj_legal) or d.jass_winner != d.ctj_winner
        assert "differently" in view.words.value or "would" in view.words.value
    assert "No later decision" in view.message
    assert view.deal() and view.step == 0 and not view.unexpected


def test_host_guide_lists_the_jass_exercises(course: Any) -> None:
    """The host guide's expected answers include the Jass path's exercises, their questions in
    plain words (no drawn cards' SVG text, no HTML entities)."""
    rows = [r for r in course.expected_answers() if r[0] in {
        lesson.title for lesson in course.COURSE if lesson.file[:2] in
        {"10", "11", "12", "13", "14", "15"}}]
    assert len(rows) == 13, [r[1] for r in rows]  # 3 + 2 + 2 + 2 + 2 + 2
    lab = next(r for r in rows if r[1] == "The undertrumping lab")
    assert lab[3].startswith("The text's example") and lab[4] == "AC, 10D, 6C"
    for _lesson, _ex, _seed, question, answer in rows:
        assert answer and "&#" not in question and "Nala Click" not in question
