"""Each Jass lesson page (notebooks/10_ to 15_*.ipynb) sends at most the widget state
the Chai Tea Jazz lessons meet (170 KB, tests/test_workshop_startup.py), as a fresh learner's
kernel sends it at load. The Swiss faces once drew every pip's suit sign in full: 136 to 236 KB
a page; now each drawing defines a sign once and ``<use>``s it (chaitea.draw.swiss_cards)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.test_workshop_startup import NOTEBOOKS, PAGE_STATE

BUDGET = 170_000  # bytes of widget state, the budget of the Chai Tea Jazz lessons
JASS_LESSONS = sorted(p.name for p in NOTEBOOKS.glob("1[0-5]_*.ipynb"))


def page_state(name: str) -> tuple[int, int]:
    """(models, bytes of state) the page of notebook ``name`` sends at load."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(NOTEBOOKS), *sys.path[1:], os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", PAGE_STATE, name], cwd=NOTEBOOKS,
                         capture_output=True, text=True, check=True, env=env).stdout
    models, size = json.loads(out.splitlines()[-1])
    return int(models), int(size)


def test_the_six_jass_lessons_are_measured() -> None:
    assert len(JASS_LESSONS) == 6, JASS_LESSONS


@pytest.mark.parametrize("name", JASS_LESSONS)
def test_a_jass_lesson_page_meets_the_170_kb_budget(name: str) -> None:
    models, size = page_state(name)
    # before: 10: 203 KB, 11: 144, 12: 136, 13: 197, 14: 205, 15: 236
    assert size <= BUDGET, f"{name}: {size} bytes of widget state in {models} models"
