"""The compiled hot path: which modules mypyc compiles, the switch back to pure
Python, and the build.

The play step and what it calls per card (:data:`MODULES`) compile with mypyc into C
extensions that sit beside their ``.py`` files; the ``.py`` files stay the reference and
run wherever no extension was built (no C compiler, no mypy: the kit installs and plays the
same games, slower). Python prefers an extension to a source file of the same name, so:

- ``CHAITEA_PURE=1`` in the environment runs every module as Python (``make test`` runs the
  engine's tests both ways);
- an extension older than any compiled module's source (one was edited since the build)
  is not loaded: all of them run as Python, with a warning naming the module, until the
  next build. The modules are compiled as one group whose code calls each other directly,
  so the group loads whole or not at all.

Build (the modules in place, beside their sources; no ``chaitea`` import, so a running
process keeps its loaded copy: each file is replaced whole)::

    python chaitea/core/compiled.py build          # make compiled; make venv runs it
    python chaitea/core/compiled.py sources        # their sources, which the build reads

:func:`status` says what a process runs:

>>> from chaitea.core import compiled
>>> compiled.status()["mode"] in ("compiled", "pure", "stale", "broken", "not built")
True

This module imports only the standard library (the build runs it as a script, and
``chaitea/core/__init__`` installs its finder before any compiled module is imported).
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["GROUP", "MODULES", "PURE_ENV", "extension_of", "install", "status"]

#: The compiled modules: the play step, the card-set helpers and the trick's end it calls, and
#: the seeded shuffle of every deal. (``core.tricks``, the trick rules, stays Python: mypyc's
#: frozen dataclasses do not unpickle.)
MODULES: tuple[str, ...] = ("chaitea.core.bits", "chaitea.core.trick_end", "chaitea.core.shuffle",
                            "chaitea.engine.play_step")
#: The group's shared library (mypyc's ``<group>__mypyc``: ``chaitea/core/compiled_group__mypyc``,
#: inside the package, so an editable install finds it as it finds the package).
GROUP = "chaitea.core.compiled_group"
#: The environment variable that runs every module as Python.
PURE_ENV = "CHAITEA_PURE"
# An extension this much older than its source is stale (installers write both in one go).
_STALE_SECONDS = 2.0

_ROOT = Path(__file__).resolve().parents[2]  # the folder holding chaitea/
_mode: str | None = None
_stale: list[str] = []


def _source(name: str, root: Path = _ROOT) -> Path:
    return root.joinpath(*name.split(".")).with_suffix(".py")


def extension_of(name: str, root: Path = _ROOT) -> Path | None:
    """The built extension of module ``name`` beside its source, if there is one."""
    src = _source(name, root)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        ext = src.with_suffix(suffix)
        if ext.exists():
            return ext
    return None


def _decide(root: Path = _ROOT) -> str:
    """``compiled``, ``pure`` (asked for), ``stale`` or ``not built`` (:func:`status`) for the
    tree under ``root``; the stale modules go to ``_stale``."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return "pure"
    exts = [extension_of(m, root) for m in (*MODULES, GROUP + "__mypyc")]
    if any(e is None for e in exts):
        return "not built"
    built = min(e.stat().st_mtime for e in exts if e is not None)
    _stale[:] = [m for m in MODULES
                 if _source(m, root).stat().st_mtime > built + _STALE_SECONDS]
    return "stale" if _stale else "compiled"


class _SourceFinder:
    """Finds the compiled modules' ``.py`` sources when the extensions must not load."""

    @staticmethod
    def find_spec(fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES or not path:
            return None
        for entry in path:
            finder = importlib.machinery.FileFinder(
                entry, (importlib.machinery.SourceFileLoader,
                        importlib.machinery.SOURCE_SUFFIXES))
            spec = finder.find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def install() -> str:
    """Decide once per process whether the compiled modules load, before any is imported
    (``chaitea/core/__init__`` calls it); returns the mode (:func:`status`)."""
    global _mode
    if _mode is None:
        _mode = _decide()
        if _mode == "compiled":
            try:  # the group's library: built for another Python, it does not load
                importlib.import_module(GROUP + "__mypyc")
            except ImportError as e:
                warnings.warn(f"chaitea: the compiled modules do not load ({e}); running the "
                              "Python modules (rebuild: make compiled)", stacklevel=2)
                _mode = "broken"
        if _mode in ("pure", "stale", "broken"):
            sys.meta_path.insert(0, _SourceFinder())
        if _mode == "stale":
            warnings.warn(f"chaitea: {', '.join(_stale)} changed since it was compiled; running "
                          "the Python modules (rebuild: make compiled)", stacklevel=2)
    return _mode


def status() -> dict[str, object]:
    """What this process runs: ``mode`` (``compiled``; ``pure``: ``CHAITEA_PURE`` set;
    ``stale``: a source is newer than the build; ``broken``: the build does not load;
    ``not built``) and per module the file it was loaded from (``None``: not imported yet)."""
    mode = install()
    files = {m: getattr(sys.modules.get(m), "__file__", None) for m in MODULES}
    return {"mode": mode, "files": files, "stale": list(_stale)}


def build(root: Path = _ROOT) -> None:
    """Compile :data:`MODULES` with mypyc for the ``chaitea`` folder under ``root``: from a
    copy of it in a temporary folder (mypy reads no folder but the copy: an installed tree
    sits among other packages), then each extension moves beside its source (``os.replace``:
    a process that loaded the old one keeps it)."""
    import shutil
    import tempfile

    from mypyc.build import mypycify  # mypy's compiler (the dev tools; Binder's postBuild)
    from setuptools import Distribution  # type: ignore[import-untyped]

    with tempfile.TemporaryDirectory(prefix="chaitea-mypyc-") as tmp:
        src = Path(tmp, "src")
        shutil.copytree(root / "chaitea", src / "chaitea",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        old = os.getcwd()
        os.chdir(src)
        try:
            # mypy's checks are make lint's; here only what the compile needs (the copy has no
            # project config, and an install may lack stubs the kit's checks have). The kit's
            # other modules are Python objects to the compiled ones anyway: skipping them (Any)
            # takes the build from 2 minutes to 15 s and leaves the instructions as they were
            # (benchmarks/icount.py).
            paths = ["--ignore-missing-imports", "--follow-imports=skip",
                     *(str(_source(m, Path())) for m in MODULES)]
            exts = mypycify(paths, target_dir=os.path.join(tmp, "c"), group_name=GROUP,
                            opt_level="3")
            dist = Distribution({"name": "chaitea-compiled", "ext_modules": exts})
            cmd = dist.get_command_obj("build_ext")
            cmd.build_lib = os.path.join(tmp, "lib")
            cmd.build_temp = os.path.join(tmp, "tmp")
            dist.run_command("build_ext")
        finally:
            os.chdir(old)
        lib = Path(tmp, "lib")
        for built in sorted(lib.rglob("*")):
            if built.is_file():
                dest = root / built.relative_to(lib)
                part = dest.with_name(dest.name + ".part")
                shutil.copyfile(built, part)
                os.replace(part, dest)
                print(f"compiled: {dest.relative_to(root)}")


if __name__ == "__main__":  # python chaitea/core/compiled.py build | sources
    del sys.path[0]  # this folder: its modules' names must not shadow what mypyc imports
    if sys.argv[1:] == ["build"]:
        build()
    elif sys.argv[1:] == ["sources"]:  # the Makefile's build stamp depends on these
        print(" ".join(str(_source(m, Path())) for m in MODULES))
    else:
        raise SystemExit("usage: python chaitea/core/compiled.py build | sources")
