"""No import circle among the engine's modules (issue 9), apart from the lazy drawing imports.

The graph is read from the source: every ``from .x import ...`` of a ``chaitea`` module, at the
top or inside a function, except under ``if TYPE_CHECKING:`` (types only, never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

import chaitea

PKG = Path(chaitea.__file__).resolve().parent
# Lazy imports of the drawing module (``_repr_svg_``/``_repr_html_`` draw with chaitea.svg), and
# GameState.record()'s lazy import of chaitea.record (record.py replays through chaitea.game;
# that module belongs to the record/security work, which can drop the convenience method's
# import when it moves).
ALLOWED = {("cards", "svg"), ("game", "svg"), ("pad", "svg"), ("game", "record")}


def _type_checking_lines(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in node.body:
                for n in ast.walk(sub):
                    if hasattr(n, "lineno"):
                        out.add(n.lineno)
    return out


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG).with_suffix("")
        name = ".".join(rel.parts)
        if name in ("__init__", "__main__"):
            continue
        tree = ast.parse(path.read_text())
        skip = _type_checking_lines(tree)
        deps: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module \
                    and node.lineno not in skip:
                deps.add(node.module)
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph.get(m, ())):
            if d not in graph:
                continue
            if state.get(d) == 1:
                found.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return found


def test_the_checker_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_among_engine_modules() -> None:
    graph = import_graph()
    assert {"orders", "values", "tricks", "following", "seating", "rounds", "play",
            "view"} <= set(graph)
    pruned = {m: {d for d in deps if (m, d) not in ALLOWED} for m, deps in graph.items()}
    assert cycles(pruned) == []


def test_the_rule_tables_import_no_game_module() -> None:
    """A kernel can take the tables without the state machine: orders, values, tricks and
    following reach only cards, errors and each other."""
    graph = import_graph()
    base = {"orders", "values", "tricks", "following", "cards", "errors", "seating"}
    for m in ("orders", "values", "tricks", "following", "seating"):
        seen, todo = set(), [m]
        while todo:
            x = todo.pop()
            for d in graph.get(x, ()):
                if (x, d) not in ALLOWED and d not in seen:
                    seen.add(d)
                    todo.append(d)
        assert seen <= base, (m, seen - base)
