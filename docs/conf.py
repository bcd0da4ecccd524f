"""Sphinx configuration of the Chai Tea Jazz kit's documentation (``make docs``).

Why Sphinx with MyST, myst-nb and furo (and not MkDocs): the kit is Jupyter-first, and myst-nb
renders the course notebooks themselves as pages (stored without outputs, never executed here:
``nb_execution_mode = "off"``); autodoc reads the docstrings the engine and the views already
have; and ``sphinx-build -W -n`` (warnings as errors, nitpicky) fails the build on a broken
internal link, label or cross-reference. MkDocs would need several plugins (notebooks,
docstrings, strict link checks) for the same. The build is offline: no intersphinx, no remote
assets (furo ships its own; no page has math, so none loads MathJax; tests/test_docs_site.py
checks a build for remote scripts, styles and images).

The course notebooks live in ``notebooks/``, outside this source folder, which Sphinx cannot
read from: each build copies them into ``docs/lessons/`` (generated, ignored by git), with a
first cell that links the lesson's Voilà dashboard on Binder and the links to the rules
dashboard (``rules.ipynb``) pointed at the rules pages. The rules dashboard itself is not copied:
it is built from ``rules.md`` and ``record.md``, which are pages here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
LESSONS = DOCS / "lessons"

project = "Chai Tea Jazz kit"
author = "the Chai Tea Jazz kit's authors"
copyright = "the Chai Tea Jazz kit's authors"

extensions = [
    "myst_nb",  # MyST Markdown (myst-parser) and notebooks
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]
# No napoleon: the docstrings are plain reST prose, with no Google or NumPy sections, and
# napoleon would read a property's "text (aside): more" as "type: description".
exclude_patterns = ["_build", "**/.ipynb_checkpoints"]
suppress_warnings = ["myst.header"]  # the notebooks go from # to ### (a style, not an error)
root_doc = "index"

# MyST: "#slug" links to headings down to level 3; the rules' and the record's
# <a id="..."></a> anchors become labels as the pages are read (_html_anchors_to_targets).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
nb_execution_mode = "off"

# Autodoc: the public names only, listed one by one in api.md.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options: dict[str, Any] = {}

html_theme = "furo"
html_title = "Chai Tea Jazz kit"
html_static_path = ["_static"]
html_last_updated_fmt = None
html_show_sourcelink = False


def _binder_repo() -> str:
    """``BINDER_REPO`` of the Makefile: the one place the repository's name is written."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^BINDER_REPO \?= (\S+)$", makefile, re.MULTILINE)
    assert match, "the Makefile sets no BINDER_REPO"
    return match[1]


BINDER_REPO = _binder_repo()
#: The anchors of record.md (the rules dashboard holds both documents' anchors).
_RECORD_ANCHORS = {"record", "shape", "replay", "jass-records"}


def binder_link(notebook: str) -> str:
    """The lesson's Voilà dashboard on Binder."""
    return (f"https://mybinder.org/v2/gh/{BINDER_REPO}/HEAD"
            f"?urlpath=voila/render/notebooks/{notebook}")


def _to_docs(match: re.Match[str]) -> str:
    anchor = match[1]
    if not anchor:
        return "](../rules.md)"
    page = "record.md" if anchor in _RECORD_ANCHORS else "rules.md"
    return f"](../{page}#{anchor})"


def lesson_copy(path: Path) -> str:
    """The notebook as the docs show it: a Binder link first, rules links to the rules pages."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["nbformat_minor"] = max(nb.get("nbformat_minor", 0), 5)  # cell ids: nbformat 4.5
    for i, cell in enumerate(nb["cells"]):
        cell.setdefault("id", f"cell-{i}")
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            cell["source"] = re.sub(r"\]\(rules\.ipynb(?:#([\w-]+))?\)", _to_docs, text)
    link = (f"[Open this page as a dashboard on Binder]({binder_link(path.name)}) · "
            f"in the kit: `notebooks/{path.name}`")
    first = nb["cells"][0]
    text = "".join(first["source"])
    title, _, rest = text.partition("\n")
    first["source"] = f"{title}\n\n{link}\n{rest}" if title.startswith("# ") else text
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def course_notebooks() -> list[Path]:
    """Every notebook of the course (``_`` names are not courses; the rules dashboard is the
    rules pages)."""
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb")
                  if not p.name.startswith("_") and p.name != "rules.ipynb")


def copy_lessons() -> None:
    """Write docs/lessons/ from notebooks/ (a file rewritten only when it changed)."""
    LESSONS.mkdir(exist_ok=True)
    wanted = {p.name: lesson_copy(p) for p in course_notebooks()}
    for old in LESSONS.glob("*.ipynb"):
        if old.name not in wanted:
            old.unlink()
    for name, text in wanted.items():
        target = LESSONS / name
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")


_ANCHOR = re.compile(r'^<a id="([\w-]+)"></a>$', re.MULTILINE)


def _html_anchors_to_targets(app: Any, docname: str, source: list[str]) -> None:
    """``<a id="d6"></a>`` (rules.md, record.md: the anchors the dashboards and tests read)
    read as the MyST target ``(d6)=``, so Sphinx knows them and checks links to them."""
    if docname in ("rules", "record"):
        source[0] = _ANCHOR.sub(r"(\1)=", source[0])


def _public() -> dict[str, str]:
    """Each public name's last part -> its documented name (``Card`` -> ``chaitea.Card``)."""
    import chaitea
    import chaitea_widgets

    return {n: f"{m.__name__}.{n}" for m in (chaitea, chaitea_widgets) for n in m.__all__}


def _missing_reference(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Python references the docstrings make, which the API page may not hold.

    The API reference documents the public names (``chaitea.__all__``,
    ``chaitea_widgets.__all__``). A docstring's reference to a public object by its defining
    module (``chaitea.core.cards.Card``) is sent to the public entry (``chaitea.Card``); a
    reference to anything else (an internal class, a method without a docstring, the standard
    library, pandas: there is no intersphinx offline) is shown as code, unlinked. References of
    the pages themselves (documents, labels, headings) are not Python references: nitpicky
    still fails the build on any of those that does not resolve.
    """
    if node.get("refdomain") != "py":
        return None
    target: str = node["reftarget"]
    public = _public()
    head, _, last = target.rpartition(".")
    documented = public.get(last) if head.split(".")[0] in ("chaitea", "chaitea_widgets") else None
    if documented and documented != target:
        domain = env.get_domain("py")
        found = domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"],
                                    documented, node, contnode)
        if found is not None:
            return found
    if target in public.values() or any(target.startswith(q + ".") for q in public.values()):
        return None  # a public name or its member that does not resolve: a real error
    return contnode


def setup(app: Any) -> dict[str, Any]:
    copy_lessons()
    app.connect("source-read", _html_anchors_to_targets)
    app.connect("missing-reference", _missing_reference)
    return {"parallel_read_safe": True}
