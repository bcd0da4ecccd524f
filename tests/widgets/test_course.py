"""``chaitea_widgets.course``, the lessons' helpers: each name the package offers is its module's,
and every module's public names are offered (a lesson imports them from the package)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import chaitea_widgets.course as course


@pytest.mark.parametrize("module", sorted(course._NAMES))
def test_the_package_offers_each_modules_names(module: str) -> None:
    mod = importlib.import_module(f"chaitea_widgets.course.{module}")
    assert sorted(course._NAMES[module]) == sorted(mod.__all__)
    for name in mod.__all__:
        assert getattr(course, name) is getattr(mod, name)


def test_the_package_lists_every_name_once() -> None:
    names = [n for names in course._NAMES.values() for n in names]
    assert sorted(names) == sorted(set(names)) == sorted(course.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        course.nothing  # noqa: B018


def test_a_lesson_loads_only_what_it_shows() -> None:
    """Lesson 1's imports load no Jass helper and not the rules lab (pandas): a dashboard's
    kernel pays only for its own lesson."""
    code = ("import sys; from chaitea_widgets.course import NAMES, Exercise, may_play_problem; "
            "print(sorted(m for m in sys.modules if m.startswith('chaitea_widgets.course.')), "
            "'pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[-1] == "False"
    assert "jass" not in " ".join(out[:-1]) and "lab" not in " ".join(out[:-1])
