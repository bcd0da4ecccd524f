"""Shared helpers for the variant tests: explicit deals, scripted play, the replay CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

import chaitea

ROOT = Path(__file__).resolve().parents[2]

STANDARD_CARDS = [f"{r}{s}" for s in "CDHS" for r in range(1, 10)]
SIX_CARDS = [f"{r}{s}" for s in "CDHS" for r in range(1, 14)] + ["JK1", "JK2"]
DOUBLE_CARDS = STANDARD_CARDS + [c + "'" for c in STANDARD_CARDS]


def points(card: str) -> int:
    """RULES C: odd ranks score their rank; D1: a Joker scores 2."""
    if card.startswith("JK"):
        return 2
    r = int(card.rstrip("'")[:-1])
    return r % 2 * r


def rest_of(deck: Sequence[str], *used: Iterable[str]) -> list[str]:
    """The cards of ``deck`` not in any of ``used``, in canonical order."""
    taken = {c for u in used for c in u}
    return [c for c in deck if c not in taken]


def deal(game: chaitea.Game, hands: Sequence[Sequence[str]],
         straw: Sequence[Sequence[tuple[str, str]]] | None = None,
         set_aside: Sequence[str] | None = None) -> chaitea.Deal:
    """An explicit :class:`chaitea.Deal` from card strings, read in the game's deck."""
    p = game.deck.parse
    return chaitea.Deal(
        tuple(tuple(p(c) for c in h) for h in hands),
        None if straw is None else tuple(tuple((p(a), p(b)) for a, b in s) for s in straw),
        None if set_aside is None else tuple(p(c) for c in set_aside),
    )


def deal_json(hands: Sequence[Sequence[str]],
              straw: Sequence[Sequence[tuple[str, str]]] | None = None,
              set_aside: Sequence[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"hands": [list(h) for h in hands]}
    if straw is not None:
        out["straw"] = [[[a, b] for a, b in s] for s in straw]
    if set_aside is not None:
        out["set_aside"] = list(set_aside)
    return out


def play_first_legal(state: chaitea.State, until_round_end: bool = True) -> None:
    """Play the lowest legal action id until the round (or game) ends."""
    rounds = len(state.round_results)
    while not state.is_terminal() and not state.is_chance_node():
        if until_round_end and len(state.round_results) > rounds:
            return
        state.apply_action(state.legal_actions()[0])


def card_points_by_seat(state: chaitea.State) -> list[int]:
    """Card points of the tricks each seat won this round, counted here from the tricks."""
    out = [0] * state.game.players
    for t in state.tricks:
        out[t.winner] += sum(points(str(c)) for c in t.cards)
    return out


def record(players: int, rounds: list[dict[str, Any]], setup: Any = "standard",
           **options: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": "chaitea-record/1", "players": players, "setup": setup,
                           "rounds": rounds}
    if options:
        rec["options"] = options
    return rec


def run_replay(rec: Any) -> subprocess.CompletedProcess[str]:
    """``python -m chaitea replay -`` with the record on standard input."""
    text = rec if isinstance(rec, str) else json.dumps(rec)
    return subprocess.run([sys.executable, "-m", "chaitea", "replay", "-"], input=text,
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)


def assert_refused(rec: Any, prefix: str, *, cli: bool = True) -> str:
    """RECORD: exit 2, nothing on stdout, one line on stderr starting with ``prefix + ':'``.

    With ``cli=False`` the same record goes through :func:`chaitea.replay` in-process (the
    :class:`chaitea.RecordError` carries the same prefix as ``where``), which is much faster."""
    if not cli:
        with pytest.raises(chaitea.RecordError) as exc:
            chaitea.replay(rec if isinstance(rec, str) else json.dumps(rec))
        assert exc.value.where == prefix, str(exc.value)
        assert str(exc.value).startswith(prefix + ": ") and "\n" not in str(exc.value)
        return str(exc.value)
    proc = run_replay(rec)
    assert proc.returncode == 2, (proc.returncode, proc.stdout[:300], proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(prefix + ": "), lines[0]
    assert "Traceback" not in proc.stderr
    return lines[0]
