"""The repository's own wiring: packaging, Binder files, notebooks, README."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

from tests import nbclean, pins

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# Import package name -> folder, for the folders that are packages.
PACKAGE_FOLDERS = {"chaitea": ROOT / "chaitea", "chaitea_widgets": ROOT / "widgets"}
COURSE_NOTEBOOKS = sorted(
    p for p in (ROOT / "notebooks").glob("*.ipynb") if not p.name.startswith("_")
)
ALL_NOTEBOOKS = sorted(
    p
    for folder in ("notebooks", "benchmarks", "tests")
    for p in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)


def test_every_subfolder_is_listed_in_pyproject() -> None:
    """Each folder under chaitea/ and widgets/ that holds files, code or data only."""
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = set()
    for package, folder in PACKAGE_FOLDERS.items():
        for file in folder.rglob("*"):
            rel = file.parent.relative_to(folder)
            if file.is_file() and not {"__pycache__", ".ipynb_checkpoints"} & set(rel.parts):
                found.add(".".join((package, *rel.parts)))
    missing = sorted(found - listed)
    assert not missing, f"add {missing} to [tool.setuptools] packages in pyproject.toml"


def test_package_dirs_and_typed_markers() -> None:
    package_dir = PYPROJECT["tool"]["setuptools"]["package-dir"]
    for package, folder in PACKAGE_FOLDERS.items():
        assert ROOT / package_dir[package] == folder
        assert (folder / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["*"]


def test_editable_install_points_at_this_checkout() -> None:
    import chaitea
    import chaitea_widgets

    assert Path(chaitea.__file__).resolve() == ROOT / "chaitea" / "__init__.py"
    assert Path(chaitea_widgets.__file__).resolve() == ROOT / "widgets" / "__init__.py"
    assert chaitea.__version__ == PYPROJECT["project"]["version"]


def test_binder_requirements_match_the_dev_venv() -> None:
    stored = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    assert stored == pins.render(), (
        "binder/requirements.txt is out of date with pyproject.toml or the venv: "
        "run `make binder-pins` (and `make binder-test`)"
    )
    pinned = pins.parse(stored)
    for name in ("voila", "ipywidgets", "jupyterlab", "anywidget", "numpy", "pandas"):
        assert name in pinned, f"{name} must be pinned in binder/requirements.txt"


def test_dev_extra_pins_agree_with_binder() -> None:
    pinned = pins.parse((ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8"))
    for spec in PYPROJECT["project"]["optional-dependencies"]["dev"]:
        name, sep, version = spec.partition("==")
        key = canonicalize_name(name)
        if sep and key in pinned:
            assert pinned[key] == version, f"dev pins {spec}, binder pins {pinned[key]}"


def test_binder_python_satisfies_requires_python() -> None:
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", runtime)
    assert match, f"binder/runtime.txt should read python-X.Y, not {runtime!r}"
    assert SpecifierSet(PYPROJECT["project"]["requires-python"]).contains(match[1] + ".0")


def test_postbuild_installs_the_project() -> None:
    post_build = ROOT / "binder" / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    assert re.search(r"pip install .*\s\.\s*$", post_build.read_text(), re.MULTILINE)


def test_readme_binder_links_follow_the_makefile() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(r"^BINDER_REPO \?= (\S+)$", makefile, re.MULTILINE)
    assert match
    repo = match[1]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for urlpath in ("lab", "voila/tree/notebooks"):
        assert f"https://mybinder.org/v2/gh/{repo}/HEAD?urlpath={urlpath}" in readme
    others = set(re.findall(r"mybinder\.org/v2/gh/([^/\s]+/[^/\s]+)/", readme)) - {
        repo,
        "OWNER/REPO",
    }
    assert not others, f"README names other Binder repositories {others}: use `make binder-links`"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_stored_clean(path: Path) -> None:
    assert nbclean.is_clean(path), f"{path.name} has outputs or metadata: run `make nbstrip`"


def test_there_is_a_course() -> None:
    assert COURSE_NOTEBOOKS, "notebooks/ has no course notebook"


@pytest.mark.parametrize("path", COURSE_NOTEBOOKS, ids=lambda p: p.name)
def test_each_dashboard_has_a_browser_test(path: Path) -> None:
    """Each course notebook is opened by some browser test (by file name)."""
    browser_tests = " ".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "browser").glob("test_*.py")
    )
    assert path.name in browser_tests, (
        f"no test in tests/browser opens {path.name}: add one with open_dashboard()"
    )
