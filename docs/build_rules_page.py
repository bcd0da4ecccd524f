"""Build ``notebooks/rules.ipynb`` (the rules dashboard the views' citation links open) from
``docs/rules.md`` and ``docs/record.md``: one markdown cell per section, the links between the
two documents turned into links inside the one page. Run it after editing either document:

    python docs/build_rules_page.py

(``tests/test_docs_pages.py`` fails while the page and the documents disagree.)
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGE = ROOT / "notebooks" / "rules.ipynb"

HEAD = """# The rules and the game record

The kit's own rules document and the format of its saved games, for players and programmers
(in the project: `docs/rules.md` and `docs/record.md`). A rule number such as
[D6](#d6) in a message of the course links here. [Course index](00_welcome.ipynb)"""

FOOT = "---\n[Course index](00_welcome.ipynb) · [Back to the top](#rules)"


def _local(text: str) -> str:
    """Links between the two documents become links inside the one page."""
    text = re.sub(r"\((?:rules|record)\.md#([\w-]+)\)", r"(#\1)", text)
    return text.replace("(rules.md)", "(#rules)").replace("(record.md)", "(#record)")


def _sections(text: str) -> list[str]:
    """Split a document at its ``## `` headings (an anchor line just above a heading goes with
    it, so the anchor is in the heading's cell)."""
    lines = text.strip().split("\n")
    starts = [0]
    for i, line in enumerate(lines):
        if line.startswith("## ") and i > 0:
            j = i
            if i >= 2 and lines[i - 1] == "" and re.fullmatch(r'<a id="[\w-]+"></a>',
                                                              lines[i - 2]):
                j = i - 2
            if j > starts[-1]:
                starts.append(j)
    bounds = [*starts, len(lines)]
    parts = ["\n".join(lines[a:b]).strip() for a, b in itertools.pairwise(bounds)]
    return [p for p in parts if p]


def cells() -> list[dict[str, Any]]:
    out = [HEAD]
    for name in ("rules.md", "record.md"):
        out += _sections(_local((DOCS / name).read_text(encoding="utf-8")))
    out.append(FOOT)
    result = []
    for i, text in enumerate(out):
        lines = text.split("\n")
        result.append({"cell_type": "markdown", "id": f"rules-{i:02d}", "metadata": {},
                       "source": [line + "\n" for line in lines[:-1]] + [lines[-1]]})
    return result


def notebook() -> dict[str, Any]:
    return {"cells": cells(),
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)",
                                        "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def text() -> str:
    return json.dumps(notebook(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    PAGE.write_text(text(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}", file=sys.stderr)
