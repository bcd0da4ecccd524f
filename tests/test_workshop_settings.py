"""benchmarks/load_workshop.py's ``--settings``: what its help offers is what it runs,
checked without starting a server (the servers, the class and the table are stand-ins)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from benchmarks import load_workshop as lw


@pytest.mark.parametrize(("text", "expected"), [
    ("both", ["default", "workshop"]),
    ("default,workshop", ["default", "workshop"]),
    ("workshop", ["workshop"]),
    ("workshop, default", ["workshop", "default"]),
    ("both,workshop", ["default", "workshop"]),
])
def test_parse_settings(text: str, expected: list[str]) -> None:
    assert lw.parse_settings(text) == expected


@pytest.mark.parametrize("text", ["", "all", "default,nope"])
def test_parse_settings_refuses_what_the_help_does_not_offer(text: str) -> None:
    with pytest.raises(ValueError, match="default, workshop or both"):
        lw.parse_settings(text)


def fake_servers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    started: list[str] = []

    def start_server(setting: str, port: int, learners: int, **kw: Any) -> Any:
        assert setting in lw.SETTINGS, setting  # what start_server accepts
        started.append(setting)
        return SimpleNamespace(setting=setting, pool=0, pools_filled=lambda: 0)

    async def run_class(server: Any, n: int, *args: Any) -> Any:
        return SimpleNamespace(setting=server.setting, learners=n, results=[])

    monkeypatch.setattr(lw, "start_server", start_server)
    monkeypatch.setattr(lw, "run_class", run_class)
    monkeypatch.setattr(lw, "stop_server", lambda server: None)
    monkeypatch.setattr(lw, "row", lambda run: f"{run.setting} {run.learners}")
    monkeypatch.setattr(lw, "check_targets", lambda runs: 0)
    return started


@pytest.mark.parametrize("argv", [["--settings", "both"], []], ids=["both", "default"])
def test_main_runs_both_settings(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``--settings both`` (and the default) runs the default setting, then the workshop one."""
    started = fake_servers(monkeypatch)
    assert lw.main([*argv, "--learners", "1", "--profile", "0", "--linger", "0"]) == 0
    assert started == ["default", "workshop"]
    assert "default 1" in capsys.readouterr().out


def test_main_refuses_an_unknown_setting_before_any_server(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    started = fake_servers(monkeypatch)
    with pytest.raises(SystemExit) as e:
        lw.main(["--settings", "every", "--learners", "1"])
    assert e.value.code == 2
    assert started == []
    assert "unknown setting 'every'" in capsys.readouterr().err


def test_help_offers_both(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        lw.main(["--help"])
    assert "default, workshop or both" in " ".join(capsys.readouterr().out.split())
