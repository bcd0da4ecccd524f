"""The documentation site's sources (docs/, built by ``make docs``) and the README in front of it.

Fast checks of the sources, no Sphinx build: every public name has an entry on the API page,
every internal link of the pages and the README resolves (files and ``#anchors``), every course
notebook is a page of the course, and the README stays a short front door (no lab notes: no
commit hashes, no issue numbers, no benchmark tables). ``make docs`` (a stage of ``make test``)
builds the site with warnings as errors and checks every reference again.
"""

from __future__ import annotations

import inspect
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted(DOCS.glob("*.md"))
LINKED = [README, ROOT / "CHANGELOG.md", *PAGES]
MAX_README_LINES = 200

# A commit hash: 7 to 40 hex digits with at least one digit and one letter.
HASH = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
ISSUE = re.compile(r"\b(?:issue|stop)s?\s+#?\d+", re.IGNORECASE)
# A figure with a unit, as benchmark tables hold them.
FIGURE = re.compile(r"\d[\d,.]*\s*(?:ms|µs|us|s|x|%|MB|GB|M|rounds|nodes)\b")
DIRECTIVE = re.compile(
    r"^\.\. (autoclass|autoexception|autofunction|autodata|automodule|py:data):: (\S+)",
    re.MULTILINE)
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)\)")


def _prose(text: str) -> str:
    """The text without fenced code blocks (their brackets are code, not links)."""
    return re.sub(r"^(```|~~~).*?^\1\s*$", "", text, flags=re.MULTILINE | re.DOTALL)


def _slug(title: str) -> str:
    """MyST's heading anchor (``myst_heading_anchors``): lower case, punctuation dropped."""
    return re.sub(r"[^\w\s-]", "", title.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The ``#anchors`` a page offers: its headings' slugs, its ``<a id>`` anchors and MyST
    targets ``(name)=``."""
    text = path.read_text(encoding="utf-8")
    found = set(re.findall(r'<a id="([\w-]+)"></a>', text))
    found |= set(re.findall(r"^\(([\w-]+)\)=\s*$", text, re.MULTILINE))
    found |= {_slug(h) for h in re.findall(r"^#{1,6} (.+)$", _prose(text), re.MULTILINE)}
    return found


def _target_file(page: Path, target: str) -> Path:
    """The file a relative link names; docs/lessons/ is the build's copy of notebooks/."""
    path = (page.parent / target).resolve()
    if path.parent == (DOCS / "lessons").resolve():
        return ROOT / "notebooks" / path.name
    return path


def broken_links(page: Path) -> list[str]:
    """The page's internal links whose file or ``#anchor`` does not exist."""
    out = []
    for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not internal
            continue
        file, _, frag = target.partition("#")
        path = _target_file(page, file) if file else page
        if not path.exists():
            out.append(f"{target}: no such file")
        elif frag and path.suffix == ".md" and frag not in anchors(path):
            out.append(f"{target}: no such anchor")
    return out


def documented() -> dict[str, str]:
    """The API page's entries: the name each directive documents -> the directive."""
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    return {name: kind for kind, name in DIRECTIVE.findall(text)}


def public_names() -> list[tuple[str, object]]:
    import chaitea
    import chaitea_widgets

    return [(f"{m.__name__}.{n}", getattr(m, n)) for m in (chaitea, chaitea_widgets)
            for n in m.__all__]


@pytest.mark.parametrize(("name", "obj"), public_names(), ids=lambda v: v if isinstance(v, str)
                         else "")
def test_every_public_name_has_an_api_entry(name: str, obj: object) -> None:
    entries = documented()
    if inspect.ismodule(obj):  # chaitea.coach: the module itself
        assert entries.get(obj.__name__) == "automodule", (
            f"docs/api.md: add an `.. automodule:: {obj.__name__}` entry for {name}")
        return
    assert name in entries, f"docs/api.md has no autodoc entry for {name}"
    if inspect.isclass(obj):
        want = "autoexception" if issubclass(obj, BaseException) else "autoclass"
        assert entries[name] == want, f"{name} is a class: document it with {want}"
    elif inspect.isfunction(obj):
        assert entries[name] == "autofunction", f"{name}: use autofunction"


def test_the_api_page_documents_no_name_that_is_not_public() -> None:
    public = {name for name, _ in public_names()}
    modules = {obj.__name__ for _, obj in public_names() if inspect.ismodule(obj)}
    stale = sorted(set(documented()) - public - modules)
    assert not stale, f"docs/api.md documents names outside __all__: {stale}"


@pytest.mark.parametrize("page", LINKED, ids=lambda p: str(p.relative_to(ROOT)))
def test_internal_links_resolve(page: Path) -> None:
    assert broken_links(page) == []


def test_the_link_check_finds_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n[a](#title) [b](#nowhere) [c](missing.md) [d](page.md#title)\n"
                    "```python\nx[0](1)\n```\n", encoding="utf-8")
    assert broken_links(page) == ["#nowhere: no such anchor", "missing.md: no such file"]


def test_readme_is_a_short_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines"
    assert not HASH.findall(text), f"commit hashes in README.md: {HASH.findall(text)}"
    assert not ISSUE.findall(text), f"issue or stop numbers in README.md: {ISSUE.findall(text)}"
    table_figures = [line for line in lines if line.startswith("|") and FIGURE.search(line)]
    assert not table_figures, f"benchmark tables belong in docs/performance.md: {table_figures}"
    for needed in ("make dashboard", "make test", "make docs", "docs/_static/dashboard.png"):
        assert needed in text, f"README.md should mention {needed}"


@pytest.mark.parametrize("page", [ROOT / "CHANGELOG.md", *PAGES],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_pages_hold_no_lab_notes(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert not HASH.findall(text), f"commit hashes: {HASH.findall(text)}"
    assert not ISSUE.findall(text), f"issue or stop numbers: {ISSUE.findall(text)}"


def test_the_readme_screenshot_is_small() -> None:
    shot = DOCS / "_static" / "dashboard.png"
    assert shot.stat().st_size < 300_000


def test_every_page_is_in_a_toctree() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^([\w-]+)$", index, re.MULTILINE))
    assert {p.stem for p in PAGES} - {"index"} <= listed


def test_every_course_notebook_is_a_page_with_its_binder_link() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^BINDER_REPO \?= (\S+)$", makefile, re.MULTILINE)
    assert match
    course = (DOCS / "course.md").read_text(encoding="utf-8")
    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")
                       if not p.name.startswith("_") and p.name != "rules.ipynb")
    for name in notebooks:
        assert f"(lessons/{name})" in course, f"docs/course.md does not list {name}"
        link = f"https://mybinder.org/v2/gh/{match[1]}/HEAD?urlpath=voila/render/notebooks/{name}"
        assert link in course, f"docs/course.md lacks the Binder link of {name}"


def test_the_docs_tools_are_pinned_in_the_docs_and_dev_extras() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    names = {spec.partition("==")[0] for spec in extras["docs"]}
    assert {"sphinx", "myst-parser", "myst-nb", "furo"} <= names
    assert all("==" in spec for spec in extras["docs"])
    assert set(extras["docs"]) <= set(extras["dev"])


def test_a_built_site_loads_nothing_remote() -> None:
    """Offline: no CDN script, style sheet or image in a build of ``make docs`` (when built)."""
    built = ROOT / "build" / "docs"
    if not (built / "index.html").is_file():
        pytest.skip("no build/docs: run make docs")
    remote = re.compile(r'<(?:script|link|img)\b[^>]*\b(?:src|href)="(?:https?:)?//[^"]*"')
    found = {p.name: remote.findall(p.read_text(encoding="utf-8"))
             for p in built.rglob("*.html")}
    assert not {k: v for k, v in found.items() if v}
