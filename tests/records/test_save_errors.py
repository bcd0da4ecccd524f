"""``save`` never loses a saved game: a temporary file in the same folder, synced, renamed over
the target, then the folder synced; a read-only file is not replaced; every failure is one
``SaveError`` (an ``OSError`` too, as ``load``'s) naming the path and the reason, with the old
file intact and no temporary left."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from chaitea import Game, load, save
from chaitea.core.errors import ChaiTeaError, SaveError
from chaitea.rulesets import jass_game


def game(seed: int = 1) -> Any:
    return Game(players=3).new_initial_state(seed=seed)


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, bytes]:
    path = tmp_path / "game.json"
    save(game(1), path)
    return path, path.read_bytes()


def only(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


def test_a_read_only_file_is_not_replaced(saved: tuple[Path, bytes]) -> None:
    path, before = saved
    path.chmod(0o444)
    with pytest.raises(SaveError, match=r"^cannot save '.*': the file is read-only \(it is not "
                       r"replaced\)$"):
        save(game(2), path)
    assert path.read_bytes() == before and only(path) == ["game.json"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


@pytest.mark.parametrize("step", ["open", "write", "fsync", "replace"])
def test_an_os_error_is_one_save_error_and_the_old_file_stays(
        saved: tuple[Path, bytes], monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    path, before = saved

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    if step == "write":
        real_fdopen = os.fdopen

        class Full:
            def __init__(self, *a: Any, **k: Any) -> None:
                self.f = real_fdopen(*a, **k)

            def __enter__(self) -> Full:
                return self

            def __exit__(self, *exc: object) -> None:
                self.f.close()

            def fileno(self) -> int:
                return self.f.fileno()

            def write(self, text: str) -> int:
                raise OSError(errno.ENOSPC, "No space left on device")

            def flush(self) -> None:
                self.f.flush()

        monkeypatch.setattr(os, "fdopen", Full)
    else:
        real_open = os.open

        def open_files_only(p: Any, flags: int, *a: Any) -> int:
            if str(p).endswith(".tmp"):
                raise OSError(errno.ENOSPC, "No space left on device")
            return real_open(p, flags, *a)

        monkeypatch.setattr(os, {"open": "open", "fsync": "fsync",
                                 "replace": "replace"}[step],
                            open_files_only if step == "open" else boom)
    with pytest.raises(SaveError) as e:
        save(game(2), path)
    msg = str(e.value)
    assert msg == f"cannot save '{path}': No space left on device" or len(str(path)) > 60
    assert "\n" not in msg and isinstance(e.value, OSError) and isinstance(e.value, ChaiTeaError)
    assert e.value.errno == errno.ENOSPC and e.value.filename == str(path)
    monkeypatch.undo()
    assert path.read_bytes() == before and only(path) == ["game.json"]


def test_a_missing_folder_is_a_save_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"^cannot save '.*': No such file or directory$"):
        save(game(), tmp_path / "nope" / "g.json")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_as_target_is_a_save_error(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    with pytest.raises(SaveError, match=r"^cannot save '.*': Is a directory$"):
        save(game(), tmp_path / "d")
    assert only(tmp_path / "d") == ["d"]


def test_save_syncs_the_file_then_the_folder_after_the_rename(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        events.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    state = jass_game("schieber").new_initial_state(seed=1)
    save(state, tmp_path / "g.json")
    assert events == ["fsync file", "replace", "fsync folder"]
    assert load(tmp_path / "g.json").record() == state.record()


def test_a_folder_that_cannot_be_synced_still_saves(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "Invalid argument")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    save(game(), tmp_path / "g.json")
    assert load(tmp_path / "g.json").round_number == 1


def test_a_long_path_is_quoted_short(tmp_path: Path) -> None:
    path = tmp_path / ("n" * 200) / "g.json"
    with pytest.raises(SaveError) as e:
        save(game(), path)
    assert len(str(e.value)) < 120 and "…" in str(e.value)
