"""Helpers for the headless widget tests: act as the browser does (comm messages, button
clicks, value changes) and read what the browser would show (the strips' HTML)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

import pytest

import chaitea
from chaitea_widgets import CardStrip
from chaitea_widgets.base import View


def browser_click(strip: CardStrip, card: str) -> None:
    """A click on a card as the front end sends it: a custom comm message."""
    strip._handle_custom_msg({"event": "click", "card": card}, [])


def enabled_cards(strip: CardStrip) -> list[str]:
    """Ids of the card buttons drawn as playable in the strip's HTML."""
    return re.findall(r'<button type="button" class="ctj-card [^"]*ctj-playable[^"]*" '
                      r'data-card="([^"]+)"', strip.html)


def shown_cards(strip: CardStrip) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', strip.html)


def assert_clean(view: View) -> None:
    """No unexpected exception was swallowed and no traceback reached the page."""
    assert view.unexpected == [], view.unexpected
    assert "Traceback" not in view.status.text


def assert_legal(state: chaitea.State, start: chaitea.State | None = None) -> None:
    """The state is one the engine reaches by legal play: replaying its actions from ``start``
    (or its record, for a whole game) rebuilds an equal state."""
    if start is not None:
        again = start.clone()
        for a in state.history()[len(start.history()):]:
            again.apply_action(a)
        assert again == state
    else:
        again = chaitea.loads(state.record())
        assert again.history() == state.history()
        assert again.phase == state.phase
        assert again.pad.game_points == state.pad.game_points
    if state.phase in ("picking", "play"):
        assert again.legal_actions() == state.legal_actions()
        assert state.legal_actions(), "a state to act in must offer a legal action"


def assert_session_legal(session) -> None:
    """A whole game replays from its record; a single round from its first step."""
    state = session.live_state
    if state._round_only:
        assert_legal(state, session.steps[0].state)
    else:
        assert_legal(state)


@pytest.fixture
def names3() -> list[str]:
    return ["Aslan", "Leo", "Mufasa"]


NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture(scope="module")
def course() -> Any:
    """The course's helpers (``chaitea_widgets.course``), imported as the notebooks do."""
    return importlib.import_module("chaitea_widgets.course")


class FakeClock:
    """A scheduler for the tests: callbacks wait in a list until :meth:`run` (no real time)."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, object]] = []

    def __call__(self, seconds: float, callback: object) -> None:
        self.waiting.append((seconds, callback))

    def run(self) -> float:
        seconds, callback = self.waiting.pop(0)
        callback()  # type: ignore[operator]
        return seconds
