"""The layers of the kit, read from the source.

Every import of a ``chaitea`` or ``chaitea_widgets`` module is an edge: at the top, inside a
function, under ``if TYPE_CHECKING:``, relative or absolute. The graph must have no circle, and
no edge may run up a layer: ``core`` < ``engine`` < ``rulesets`` < ``records`` < ``draw`` <
``ai`` < ``analysis`` < the facades (``chaitea/__init__``, ``__main__``) < ``chaitea_widgets``
(the views) < ``chaitea_widgets.course`` (the lessons' helpers: views and engine, never imported
by a view). A module may import its own layer and the layers below (docs/architecture.md, "The
layers").

The sizes are bounded too: no module over 500 lines and no function over 120 lines, the
compiled kernels aside (numba compiles one function per search; splitting it costs calls).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import chaitea
import chaitea_widgets

PACKAGES = {"chaitea": Path(chaitea.__file__).resolve().parent,
            "chaitea_widgets": Path(chaitea_widgets.__file__).resolve().parent}
LAYERS = ("core", "engine", "rulesets", "records", "draw", "ai", "analysis")
FACADE = len(LAYERS)  # chaitea/__init__.py and __main__.py
WIDGETS = FACADE + 1
COURSE = WIDGETS + 1  # chaitea_widgets.course: the lessons' helpers, above the views
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 120
KERNELS = {"chaitea.ai._nbsolver"}  # the compiled search: one numba function per node kind


def modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for pkg, root in PACKAGES.items():
        for path in sorted(root.rglob("*.py")):
            parts = [pkg, *path.relative_to(root).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _targets(mod: str, path: Path, node: ast.Import | ast.ImportFrom,
             known: set[str]) -> set[str]:
    names: list[str] = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = mod.split(".")
            if path.name != "__init__.py":
                base.pop()
            base = base[:len(base) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        # ``from pkg import sub`` imports the module pkg.sub; ``from m import name``, m
        names = [f"{source}.{a.name}" if f"{source}.{a.name}" in known else source
                 for a in node.names]
    out: set[str] = set()
    for name in names:
        parts = name.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()
        if parts:
            out.add(".".join(parts))
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the kit's modules it imports (every import statement at any depth)."""
    mods = modules()
    known = set(mods)
    graph: dict[str, set[str]] = {}
    for mod, path in mods.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                deps |= _targets(mod, path, node, known)
        deps.discard(mod)
        graph[mod] = deps
    return graph


def layer(mod: str) -> int:
    parts = mod.split(".")
    if parts[0] == "chaitea_widgets":
        return COURSE if parts[1:2] == ["course"] else WIDGETS
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return FACADE


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                found.append(stack[stack.index(d):] + [d])
            elif d not in state and d in graph:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return found


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((m, d) for m, deps in graph.items() for d in deps if layer(d) > layer(m))


def test_the_checkers_find_what_they_look_for() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert upward({"chaitea.core.cards": {"chaitea.draw.svg"}}) == [
        ("chaitea.core.cards", "chaitea.draw.svg")]
    assert upward({"chaitea.draw.svg": {"chaitea.core.cards"}}) == []
    assert layer("chaitea") == layer("chaitea.__main__") == FACADE
    assert upward({"chaitea_widgets.table": {"chaitea_widgets.course.ctj"}}) == [
        ("chaitea_widgets.table", "chaitea_widgets.course.ctj")]
    assert upward({"chaitea_widgets.course.ctj": {"chaitea_widgets.table", "chaitea"}}) == []


def test_the_course_helpers_are_walked() -> None:
    """``chaitea_widgets.course`` is a subpackage of widgets/: its modules are in the graph, in
    the top layer."""
    course = [m for m in modules() if m.startswith("chaitea_widgets.course")]
    assert "chaitea_widgets.course.exercise" in course
    assert {layer(m) for m in course} == {COURSE}


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    mods = modules()
    # a lazy import inside a function and one under TYPE_CHECKING are edges
    src = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
           "    from chaitea.engine.game import Game\n"
           "def f():\n    from ..draw import svg\n    import chaitea.ai.bots\n")
    tree = ast.parse(src)
    found: set[str] = set()
    path = mods["chaitea.core.cards"]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found |= _targets("chaitea.core.cards", path, node, set(mods))
    assert found == {"chaitea.engine.game", "chaitea.draw.svg", "chaitea.ai.bots"}


def test_every_module_sits_in_a_layer() -> None:
    stray = [m for m in modules() if m.startswith("chaitea.") and layer(m) == FACADE
             and m != "chaitea.__main__"]
    assert stray == []


def test_no_import_circle() -> None:
    assert cycles(import_graph()) == []


def test_no_import_runs_up_a_layer() -> None:
    assert upward(import_graph()) == []


def _long_functions(path: Path) -> list[tuple[str, int]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            n = node.end_lineno - node.lineno + 1
            if n > MAX_FUNCTION_LINES:
                out.append((node.name, n))
    return out


@pytest.mark.parametrize("mod", sorted(set(modules()) - KERNELS))
def test_sizes(mod: str) -> None:
    path = modules()[mod]
    lines = len(path.read_text().splitlines())
    assert lines <= MAX_MODULE_LINES, f"{mod}: {lines} lines"
    assert _long_functions(path) == []


def _diagram_rows() -> dict[str, set[str]]:
    """The layer diagram of docs/architecture.md ("The layers"): the module names written in
    each layer's row."""
    readme = (PACKAGES["chaitea"].parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    start = readme.index("## The layers")
    block = readme[readme.index("```text", start): readme.index("```\n", readme.index(
        "```text", start) + 7)]
    rows: dict[str, set[str]] = {}
    current = ""
    for line in block.splitlines():
        if not line.startswith("|"):
            continue
        name, _, text = line[1:].partition("|")
        current = name.strip() or current
        words = text.replace("(", " ").replace(")", " ").replace("/", " ").split()
        rows.setdefault(current, set()).update(words)
    return rows


@pytest.mark.parametrize("name", LAYERS)
def test_readme_diagram_names_every_module(name: str) -> None:
    """A new module of a layer shows in its row of the diagram of docs/architecture.md (and a
    removed one leaves it): the layout a reader meets is the package's."""
    folder = PACKAGES["chaitea"] / name
    files = {p.relative_to(folder).with_suffix("").as_posix().split("/")[-1]
             for p in folder.rglob("*.py") if p.name != "__init__.py"}
    written = _diagram_rows()[name]
    assert sorted(files - written) == [], (
        f"modules of chaitea.{name} missing from docs/architecture.md")
    # the words that can only be module names (snake_case): each still a module of the layer
    stale = sorted(w for w in written if "_" in w and w.replace("_", "").isalpha()
                   and w not in files)
    assert stale == [], f"docs/architecture.md names modules chaitea.{name} no longer has"


def _family_words() -> set[str]:
    """The names a family or a game goes by, as a module name spells them: every contract
    family (:data:`chaitea.core.contracts.FAMILIES`), every registered ruleset's name, and
    Chai Tea Jazz's short name."""
    from chaitea.core.contracts import FAMILIES
    from chaitea.engine.registry import REGISTRY
    return {name.replace("-", "_") for name in (*FAMILIES, *REGISTRY)} | {"ctj"}


def _named_after(stem: str, words: set[str]) -> set[str]:
    padded = f"_{stem}_"
    return {w for w in words if f"_{w}_" in padded}


#: The modules outside ``chaitea/rulesets`` still named after a family today: each is to go into a
#: module serving every ruleset (the one table view: docs/architecture.md, "One game, one
#: state"); none may be added, and a module renamed or merged leaves the list.
FAMILY_MODULES_TODAY = {"chaitea_widgets.jass_table"}


def test_no_module_is_named_after_a_family() -> None:
    """The engine runs every ruleset and names none, and neither do the layers above it: no
    module outside ``chaitea/rulesets`` is named after a family or a game (docs/architecture.md,
    "One game, one state"), but those of :data:`FAMILY_MODULES_TODAY`, a list that only
    shrinks."""
    words = _family_words()
    assert {"jass", "chai_tea_jazz", "schieber"} <= words
    assert _named_after("jass_dealing", words) == {"jass"}
    assert _named_after("table_dealing", words) == set()
    named = {m for m in modules() if not m.startswith("chaitea.rulesets")
             and _named_after(m.rsplit(".", 1)[-1], words)}
    assert not {m for m in named if m.startswith("chaitea.engine.")}
    assert sorted(named - FAMILY_MODULES_TODAY) == [], "a new module named after a family"
    assert sorted(FAMILY_MODULES_TODAY - named) == [], (
        "renamed or merged: take it off FAMILY_MODULES_TODAY")


#: The family tests outside ``chaitea/rulesets`` today, per module: each is to become a part a
#: ruleset declares (docs/architecture.md, "One game, one state"); none may be added.
FAMILY_TESTS_TODAY = {
    "chaitea.__main__": 2,
    "chaitea.core.contracts": 1,
}
_FAMILY_TYPES = ("Jass", "GameState", "ChaiTeaJazz")


def _is_family_test(node: ast.AST, names: set[str]) -> bool:
    """``is_jass(...)``, an ``isinstance`` on a family's type, a comparison of ``.family`` or of
    a ruleset's name (``name``, ``ruleset``) with a family's or a ruleset's name."""
    if isinstance(node, ast.Call):
        f = node.func
        called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if called in ("is_jass", "_is_jass"):
            return True
        if called == "isinstance" and len(node.args) == 2:
            types = {x.id if isinstance(x, ast.Name) else x.attr for x in ast.walk(node.args[1])
                     if isinstance(x, ast.Name | ast.Attribute)}
            return any(t.startswith(_FAMILY_TYPES) or "Jass" in t for t in types)
        return False
    if not isinstance(node, ast.Compare):
        return False
    sides = [node.left, *node.comparators]
    if any(isinstance(s, ast.Attribute) and s.attr == "family" for s in sides):
        return True
    named = any((isinstance(s, ast.Constant) and s.value in names)
                or (isinstance(s, ast.Name) and s.id.endswith("_FAMILY")) for s in sides)
    asked = any((isinstance(s, ast.Attribute) and s.attr in ("name", "ruleset"))
                or (isinstance(s, ast.Name) and s.id in ("name", "ruleset")) for s in sides)
    return named and asked


def family_tests(path: Path, names: set[str]) -> int:
    return sum(_is_family_test(n, names) for n in ast.walk(ast.parse(path.read_text())))


def test_the_family_test_finder_finds_them() -> None:
    names = {"jass", "schieber"}
    found = [_is_family_test(ast.parse(src, mode="eval").body, names) for src in (
        "is_jass(s)", "isinstance(s, JassState)", "isinstance(g, (Game, d.JassGame))",
        "g.family == JASS_FAMILY", "r.name != 'schieber'", "ruleset == 'jass'",
        "isinstance(s, StateMachine)", "x == 'schieber'", "g.players == 4")]
    assert found == [True] * 6 + [False] * 3


def test_no_new_family_test_outside_the_rulesets() -> None:
    """What a family does differently is a part its ruleset declares, not a test of its name or
    type: outside ``chaitea/rulesets`` no module holds more family tests than today."""
    from chaitea.core.contracts import FAMILIES
    from chaitea.engine.registry import REGISTRY
    names = {*FAMILIES, *REGISTRY}
    found = {m: family_tests(p, names) for m, p in modules().items()
             if not m.startswith("chaitea.rulesets")}
    more = {m: n for m, n in found.items() if n > FAMILY_TESTS_TODAY.get(m, 0)}
    assert more == {}, "new family tests (declare a ruleset part instead)"
