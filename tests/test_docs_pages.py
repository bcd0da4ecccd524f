"""The project's rules and record documents: present, an anchor for every decision the
engine cites, linked from the README, the course and the views, and the rules dashboard
(notebooks/rules.ipynb) built from them."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _builder() -> Any:
    spec = importlib.util.spec_from_file_location("build_rules_page",
                                                  DOCS / "build_rules_page.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _anchors(text: str) -> set[str]:
    return set(re.findall(r'<a id="([\w-]+)"></a>', text))


def test_every_decision_and_section_has_an_anchor() -> None:
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    anchors = _anchors(rules)
    assert {f"d{i}" for i in range(1, 15)} <= anchors
    assert set("cprfbsvj") <= anchors and "rules" in anchors
    for i in range(1, 15):  # each entry says its number in words a player reads
        assert re.search(rf'<a id="d{i}"></a>\n\*\*D{i}\. ', rules), f"D{i} has no entry"
    record = (DOCS / "record.md").read_text(encoding="utf-8")
    assert {"record", "shape", "replay"} <= _anchors(record)


def test_every_decision_the_engine_cites_is_in_the_document() -> None:
    anchors = _anchors((DOCS / "rules.md").read_text(encoding="utf-8"))
    cited: set[str] = set()
    for path in (ROOT / "chaitea").rglob("*.py"):
        cited |= {f"d{n}" for n in re.findall(r"\bD(\d{1,2})\b", path.read_text("utf-8"))}
    assert cited and cited <= anchors, sorted(cited - anchors)


def test_internal_links_of_the_documents_resolve() -> None:
    docs = {name: (DOCS / name).read_text(encoding="utf-8") for name in ("rules.md", "record.md")}
    for name, text in docs.items():
        for target, frag in re.findall(r"\]\(((?:rules|record)\.md)?#([\w-]+)\)", text):
            where = docs[target] if target else text
            assert frag in _anchors(where), f"{name}: #{frag} of {target or name} is missing"


def test_the_rules_dashboard_is_built_from_the_documents() -> None:
    page = ROOT / "notebooks" / "rules.ipynb"
    assert page.read_text(encoding="utf-8") == _builder().text(), (
        "notebooks/rules.ipynb is stale: run python docs/build_rules_page.py")
    nb = json.loads(page.read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"])
    assert {f"d{i}" for i in range(1, 15)} | {"record", "rules"} <= _anchors(text)
    assert "rules.md#" not in text and "(record.md)" not in text  # links stay on the page
    assert all(c["cell_type"] == "markdown" for c in nb["cells"])  # no code, nothing to run


def test_readme_course_and_views_link_the_documents() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme and "(docs/record.md)" in readme
    welcome = json.loads((ROOT / "notebooks" / "00_welcome.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in welcome["cells"])
    assert "(rules.ipynb)" in text and "RULES.md" not in text
    from chaitea_widgets.words import DOCS_PAGE

    assert (ROOT / "notebooks" / DOCS_PAGE).is_file()


def test_host_guide_runs_and_computes_the_seeded_answers() -> None:
    import sys

    from tests.test_notebooks_meta import run_notebook

    ns = run_notebook(ROOT / "notebooks" / "host_guide.ipynb")
    guide, game = ns["guide"], ns["first_game"]
    assert game.session.game.setup.name == "short" and len(game.session.game.setup.rows) == 2
    assert "ctj-presenter" in game.table.widget._dom_classes
    topics = sys.modules[type(guide).__module__].TOPICS
    for _topic, file, _what, _seed in topics:
        assert (ROOT / "notebooks" / file).is_file()
    assert guide.compute(), guide.message
    rows = guide.rows
    assert len(rows) >= 10 and all(answer for *_rest, answer in rows)
    # computed, not typed: the slalom answer is the engine's schedule for that seed
    import chaitea

    slalom = next(r for r in rows if r[1] == "Slalom")
    seed = slalom[2]  # the lesson's rule: start high for odd seeds, trick (5 x seed) mod 12
    order = chaitea.Contract.parse("slalom(high)" if seed % 2 else "slalom(low)").order_for(
        (seed * 5) % 12, 12)
    assert slalom[4] == ("High: 9 strongest" if order.value == "over" else "Low: 1 strongest")
    assert slalom[4] in guide.answers.value
