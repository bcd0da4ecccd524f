"""The stored form of a notebook: no outputs, no execution counts, fixed metadata.

Notebooks are committed in this form so that diffs show only what an author
changed. ``make nbstrip`` (``python -m tests.nbclean FILE...``) rewrites files
into it; ``tests/test_notebooks_clean.py`` checks that every notebook is in it.

Kept: cell sources, cell ids, cell ``tags`` (nbval and Voilà read them), and
the outputs and execution counts of cells that nbval checks (``# NBVAL_CHECK_OUTPUT``
in the source or the ``nbval-check-output`` tag): nbval refuses a stored output
without an execution count ("Unrun reference cell has outputs").
Notebook metadata becomes exactly ``KERNEL_METADATA``, so Jupyter opens each
notebook with the ``python3`` kernel without asking.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

KERNEL_METADATA: dict[str, Any] = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def checks_output(cell: dict[str, Any]) -> bool:
    """Whether nbval compares this cell's output with the stored one."""
    source = cell.get("source", "")
    text = source if isinstance(source, str) else "".join(source)
    tags = cell.get("metadata", {}).get("tags", [])
    return "NBVAL_CHECK_OUTPUT" in text or "nbval-check-output" in tags


def normalize(nb: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of the notebook JSON ``nb`` in its stored form."""
    out = copy.deepcopy(nb)
    out["metadata"] = copy.deepcopy(KERNEL_METADATA)
    for cell in out.get("cells", []):
        tags = cell.get("metadata", {}).get("tags")
        cell["metadata"] = {"tags": tags} if tags else {}
        if cell.get("cell_type") != "code":
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
        elif not checks_output(cell):
            cell["execution_count"] = None
            cell["outputs"] = []
    return out


def dumps(nb: dict[str, Any]) -> str:
    """Serialize like Jupyter does (1-space indent, sorted keys, final newline)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def is_clean(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    return text == dumps(normalize(json.loads(text)))


def main(argv: list[str]) -> int:
    changed = 0
    for name in argv:
        path = Path(name)
        text = path.read_text(encoding="utf-8")
        clean = dumps(normalize(json.loads(text)))
        if clean != text:
            path.write_text(clean, encoding="utf-8")
            print(f"cleaned {path}")
            changed += 1
    print(f"{len(argv)} notebook(s) checked, {changed} rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
