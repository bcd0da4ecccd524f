"""Build the Binder environment from binder/ alone, as repo2docker would.

A fresh venv gets binder/requirements.txt, then binder/postBuild runs in a
copy of the repository (a non-editable install of chaitea and
chaitea_widgets), then a notebook runs there. Slow (about a minute with a warm
pip cache): ``pytest -m binder tests`` (``make binder-test``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.binder

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "notebooks/00_welcome.ipynb"
# What a fresh clone holds: leave out local state and build output.
IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "artifacts", "build", "dist", "*.egg-info", "__pycache__", "*.so",
    ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints",
)  # fmt: skip


def run(cmd: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 900) -> str:
    result = subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    if result.returncode != 0:
        pytest.fail(
            f"{' '.join(cmd)} exited {result.returncode}\n"
            f"--- stdout\n{result.stdout[-4000:]}\n--- stderr\n{result.stderr[-4000:]}"
        )
    return result.stdout


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """(repository copy, venv, environment with the venv first on PATH)."""
    base = tmp_path_factory.mktemp("binder")
    repo = base / "repo"
    shutil.copytree(ROOT, repo, ignore=IGNORE, symlinks=True)
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "JUPYTER", "IPYTHON"))
    }
    env["VIRTUAL_ENV"] = str(env_dir)
    env["PATH"] = f"{env_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    python = str(env_dir / "bin" / "python")
    run(
        [python, "-m", "pip", "install", "-q", "--no-compile", "-r", "binder/requirements.txt"],
        cwd=repo,
        env=env,
    )
    run(["bash", "binder/postBuild"], cwd=repo, env=env)
    return repo, env_dir, env


def test_project_installs_non_editable(binder_env: tuple[Path, Path, dict[str, str]]) -> None:
    repo, env_dir, env = binder_env
    python = str(env_dir / "bin" / "python")
    # Run from outside the copy so that its folders cannot shadow the install.
    out = run(
        [python, "-c", "import chaitea, chaitea_widgets; "
         "print(chaitea.__file__); print(chaitea_widgets.__file__); print(chaitea.__version__)"],
        cwd=env_dir, env=env,
    )  # fmt: skip
    chaitea_file, widgets_file, version = out.split()
    site = env_dir / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    for file in (chaitea_file, widgets_file):
        assert Path(file).is_relative_to(site), f"{file} is not installed in the venv"
        assert (Path(file).parent / "py.typed").is_file()
    assert Path(widgets_file).parent.name == "chaitea_widgets"
    # Every module and data file of the source folders made it into the install.
    for source, installed in ((repo / "chaitea", chaitea_file), (repo / "widgets", widgets_file)):
        for path in source.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                rel = path.relative_to(source)
                assert (Path(installed).parent / rel).is_file(), f"{rel} missing from install"
    run([python, "-m", "pip", "check"], cwd=env_dir, env=env)
    assert version
    # postBuild compiled the play step in the install (a C compiler is here)
    mode = run([python, "-c", "from chaitea.core import compiled; "
                "print(compiled.status()['mode'])"], cwd=env_dir, env=env).strip()
    assert mode == ("compiled" if shutil.which("cc") else "not built"), mode


def test_notebook_runs_in_binder_env(binder_env: tuple[Path, Path, dict[str, str]]) -> None:
    repo, env_dir, env = binder_env
    out_dir = repo / "executed"
    run(
        [str(env_dir / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=120", "--output-dir", str(out_dir), NOTEBOOK],
        cwd=repo, env=env,
    )  # fmt: skip
    executed = (out_dir / Path(NOTEBOOK).name).read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-view+json" in executed
    assert '"output_type": "error"' not in executed
