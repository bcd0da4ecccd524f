"""The compiled hot path (``chaitea.core.compiled``): where mypyc and a C compiler are
present the play step runs compiled, ``CHAITEA_PURE=1`` runs the Python reference, both play
the same games, and a build older than its sources is not loaded.

``make test`` runs the unit tests compiled and the engine's tests again with ``CHAITEA_PURE=1``.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import pickle
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import chaitea.engine.play_step as play_step
from chaitea import Game
from chaitea.core import compiled
from chaitea.engine.machine import native_fields
from chaitea.engine.state import State

PURE = os.environ.get(compiled.PURE_ENV, "") not in ("", "0")
CAN_BUILD = shutil.which("cc") is not None and importlib.util.find_spec("mypyc") is not None
ROOT = Path(__file__).resolve().parents[2]


def _is_extension(path: object) -> bool:
    return isinstance(path, str) and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_mode_is_the_one_asked_for_and_built() -> None:
    st = compiled.status()
    files = st["files"]
    assert isinstance(files, dict)
    if PURE:
        assert st["mode"] == "pure"
        assert all(str(f).endswith(".py") for f in files.values()), files
    elif CAN_BUILD:  # the default must not fall back to Python where the build can run
        assert st["mode"] == "compiled", (
            f"{st}: the compiled modules are not in use (make compiled builds them)")
        assert all(_is_extension(f) for f in files.values()), files
    else:
        assert st["mode"] in ("not built", "compiled")


def test_make_rebuilds_when_any_compiled_source_changes() -> None:
    """The Makefile's build stamp depends on every module of ``compiled.MODULES`` (else an
    edit leaves a stale build, which runs as Python with a warning): make reads the list
    from ``compiled.py sources``."""
    out = subprocess.run(["make", "-pn", "help"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    line = next(x for x in out.splitlines() if x.startswith("COMPILED_SRC := "))
    sources = line.split(":=", 1)[1].split()
    for name in compiled.MODULES:
        path = name.replace(".", "/") + ".py"
        assert path in sources, f"{name}: not in the Makefile's COMPILED_SRC ({line})"
        assert (ROOT / path).is_file(), path


def test_a_compiled_state_keeps_its_play_fields_natively() -> None:
    fields = native_fields(State)
    if _is_extension(play_step.__file__):
        assert {"_lm", "_hands", "_trick", "_turn", "_leads"} <= set(fields)
        state = Game(players=3).new_initial_state(seed=1)
        assert "_lm" not in state.__dict__
    else:
        assert fields == ()


def test_a_compiled_clone_copies_every_native_field() -> None:
    """``PlayStep._copy_play`` names the fields one by one: none may be left out (a field
    added to ``PlayStep`` and not to it would leave the clone without it), and the lists a
    play changes (the state's ``_copied``) are the clone's own."""
    for game in (Game(players=3), Game(ruleset="schieber")):
        state = game.new_initial_state(seed=4)
        rng = random.Random(4)
        for _ in range(15):
            state.apply_action(rng.choice(state.legal_actions()))
        copy = state.clone()
        for name in native_fields(type(state)):
            mine, theirs = getattr(state, name), getattr(copy, name)
            assert mine == theirs, name
            if name in state._copied:  # a list the play changes in place
                assert mine is not theirs, f"{name} is shared with the clone"


def _games(seeds: range) -> list[object]:
    """Whole seeded random games, 2, 3 and 4 players and Schieber: per game its returns, its
    history and, every few actions, a clone's and a pickled copy's returns at the end."""
    out: list[object] = []
    for kw in ({"players": 2}, {"players": 3}, {"players": 4}, {"ruleset": "schieber"}):
        game = Game(**kw)
        for seed in seeds:
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            copies = []
            k = 0
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                k += 1
                if k % 29 == 0:
                    copies.append(state.clone())
                    if "players" in kw:  # Jass games do not pickle (their game's tables)
                        copies.append(pickle.loads(pickle.dumps(state)))
            for c in copies:  # each copy plays on to the same end as the state
                while not c.is_terminal():
                    c.apply_action(rng.choice(c.legal_actions()))
            out.append([state.returns(), state.history(), [c.is_terminal() for c in copies]])
    return out


_PURE_RUN = """
import json, sys
sys.path.insert(0, {tests!r})
from chaitea.core import compiled
import test_compiled
print(json.dumps([compiled.status()["mode"], test_compiled._games(range(3))]))
"""


def test_pure_python_plays_the_same_games() -> None:
    """The Python reference, in a fresh process with ``CHAITEA_PURE=1``, plays the very games
    this process plays (compiled where built)."""
    code = _PURE_RUN.format(tests=str(Path(__file__).parent))
    env = {**os.environ, compiled.PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=ROOT, check=True)
    mode, games = json.loads(out.stdout)
    assert mode == "pure"
    assert json.loads(json.dumps(_games(range(3)))) == games


def _tree(tmp: Path, ages: dict[str, float]) -> Path:
    """A fake tree: each compiled module's source and extension, dated ``ages`` (seconds)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in (*compiled.MODULES, compiled.GROUP + "__mypyc"):
        src = tmp.joinpath(*name.split(".")).with_suffix(".py")
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text("")
        ext = src.with_suffix(suffix)
        ext.write_text("")
        os.utime(ext, (1000.0, 1000.0))
        t = 1000.0 + ages.get(name, 0.0)
        os.utime(src, (t, t))
    return tmp


def test_a_source_newer_than_the_build_is_stale(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    monkeypatch.setattr(compiled, "_stale", [])  # this process's own list stays as it was
    assert compiled._decide(_tree(tmp_path / "a", {})) == "compiled"
    assert compiled._decide(_tree(tmp_path / "b", {compiled.MODULES[-1]: 1.0})) == "compiled"
    edited = _tree(tmp_path / "c", {compiled.MODULES[-1]: 60.0})
    assert compiled._decide(edited) == "stale"
    assert compiled._stale == [compiled.MODULES[-1]]
    missing = _tree(tmp_path / "d", {})
    ext = compiled.extension_of(compiled.GROUP + "__mypyc", missing)
    assert ext is not None
    ext.unlink()  # the group's library is gone
    assert compiled._decide(missing) == "not built"
    monkeypatch.setenv(compiled.PURE_ENV, "1")
    assert compiled._decide(_tree(tmp_path / "e", {})) == "pure"
