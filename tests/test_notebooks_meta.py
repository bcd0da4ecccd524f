"""The course notebooks' structure, and their exercises over many seeds.

- Every course notebook starts with a title, gives its main widget the class ``ctj-main``,
  ends its code cells on a widget (no stray repr on the dashboard), and links the course
  index; the welcome notebook's index links every course notebook and lists the coming ones.
- Cells marked ``# NBVAL_CHECK_OUTPUT`` carry their expected output (nbval compares it);
  no other cell stores an output.
- Every notebook runs in-process (no kernel), and every exercise in it answers 40 seeds'
  questions with the engine's solution without an error: nbval runs each question once only.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
# the lessons are numbered; the rules page (rules.ipynb) and the host guide are not lessons
COURSE = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d_", p.name))
SEEDS = 40


def cells(path: Path) -> list[dict[str, Any]]:
    nb: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    out: list[dict[str, Any]] = nb["cells"]
    return out


def source(cell: dict[str, Any]) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


@pytest.fixture(scope="module")
def course_module() -> Any:
    return importlib.import_module("chaitea_widgets.course")


def test_the_notebooks_import_their_helpers_from_the_package() -> None:
    """The lessons' helpers are ``chaitea_widgets.course``: the notebook folder holds no Python
    module, and every import of a notebook's code cells is an installed module (a kernel started
    elsewhere, or by a non-editable install, finds it too)."""
    assert sorted(p.name for p in NOTEBOOKS.glob("*.py")) == []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for c in cells(path):
            if c["cell_type"] != "code":
                continue
            for node in ast.walk(ast.parse(source(c))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                         [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                for name in names:
                    assert importlib.util.find_spec(name.split(".")[0]) is not None, (
                        f"{path.name} imports {name}, which is not installed")


def test_course_list_matches_the_files(course_module: Any) -> None:
    listed = [lesson.file for lesson in course_module.COURSE]
    assert listed == [p.name for p in COURSE]


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_notebook_shape(path: Path) -> None:
    cs = cells(path)
    assert cs[0]["cell_type"] == "markdown"
    assert source(cs[0]).startswith("# "), "the first cell is the notebook's title"
    code = [c for c in cs if c["cell_type"] == "code"]
    assert any("ctj-main" in source(c) or re.search(r"\b[A-Z]\w+\(", source(c)) for c in code)
    for c in code:
        text = source(c)
        last = text.strip().splitlines()[-1]
        checked = "# NBVAL_CHECK_OUTPUT" in text
        if checked:
            assert c["outputs"], f"{path.name} {c['id']}: checked cell without stored output"
            assert c["execution_count"] is not None, "nbval skips cells never run"
        else:
            assert not c["outputs"], f"{path.name} {c['id']}: stored output"
            assert not _shows_a_repr(text), (
                f"{path.name} {c['id']}: the cell ends on {last!r}, whose repr the dashboard"
                " would show: end on a view's name or a statement")
    if path.name != "00_welcome.ipynb":
        assert "(00_welcome.ipynb)" in source(cs[-1]), "the last cell links the course index"


def _shows_a_repr(text: str) -> bool:
    """Whether the cell's value is an expression other than a bare name (a view) or a call
    (``print``, ``display``, a widget constructor)."""
    body = ast.parse(text).body
    if not body or not isinstance(body[-1], ast.Expr):
        return False
    return not isinstance(body[-1].value, ast.Name | ast.Call)


def test_welcome_index_links_every_lesson(course_module: Any) -> None:
    text = "".join(source(c) for c in cells(NOTEBOOKS / "00_welcome.ipynb"))
    for p in COURSE[1:]:
        assert f"]({p.name})" in text, f"the index does not link {p.name}"
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", text)
    for link in links:
        assert (NOTEBOOKS / link).is_file(), f"the index links a missing notebook {link}"
    for lesson in course_module.COMING:
        assert lesson.title in text and "(coming)" in text


def run_notebook(path: Path) -> dict[str, Any]:
    """Execute the code cells in this process (widgets without a kernel); return the
    namespace."""
    namespace: dict[str, Any] = {"__name__": "__notebook__"}
    for c in cells(path):
        if c["cell_type"] == "code":
            exec(compile(source(c), f"{path.name}:{c['id']}", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_exercises_over_many_seeds(path: Path, course_module: Any,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    from chaitea_widgets.base import View

    ns = run_notebook(path)
    capsys.readouterr()
    views = [v for v in ns.values() if isinstance(v, View)]
    assert views, f"{path.name} shows no view"
    for view in views:
        assert not view.unexpected, f"{path.name}: {type(view).__name__}: {view.unexpected}"
        assert "ctj-main" in view.widget._dom_classes
    exercises = [v for v in views if isinstance(v, course_module.Exercise)]
    for ex in exercises:
        for _ in range(SEEDS):
            assert ex.another(), f"{path.name} seed {ex.seed}: {ex.message}"
            assert not ex.unexpected, f"{path.name} seed {ex.seed}: {ex.unexpected}"
            p = ex.problem
            assert p.question and (p.cards or p.choices or p.number)
            right = _right_answer(p)
            assert ex.answer(right), f"{path.name} seed {ex.seed}: {right!r} -> {ex.message}"
            assert ex.message.startswith("Right!")


def _right_answer(p: Any) -> Any:
    if p.check is not None:
        return p.solution[0]  # may_play_problem: the engine's legal cards
    return p.solution


# rules.ipynb is docs/rules.md and docs/record.md as one page (generated; for players and
# programmers alike), so it may show the record's JSON and the engine's option names.
DASHBOARDS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if p.name != "rules.ipynb")


@pytest.mark.parametrize("path", DASHBOARDS, ids=lambda p: p.name)
def test_dashboards_show_no_python(path: Path) -> None:
    """Voilà strips code cells, but markdown reaches the page: no code blocks or Python calls in
    it, since dashboard users cannot run code."""
    for c in cells(path):
        if c["cell_type"] != "markdown":
            continue
        text = source(c)
        assert "```" not in text, f"{path.name} {c.get('id')}: a code block on the dashboard"
        assert not re.search(r"^\s*(from|import) \w", text, re.M), f"{path.name}: Python imports"
        assert not re.search(r"`\w+\([^`]*=", text), f"{path.name}: a Python call with arguments"
