"""Record-derived text in the Jass table's HTML is escaped (chaitea.core.markup.escape): a
player name that is markup shows as text in the header, the seat table, the Weis lines, the
hand summary and the boards, never as a tag (the browser counterpart:
tests/browser/test_security.py)."""

from __future__ import annotations

import html
import random

import pytest

import chaitea.rulesets  # noqa: F401  (fills the registry)
from chaitea_widgets.jass_table import JassTable

EVIL = "<img src=x onerror=alert(1)>"


def _markup(table: JassTable) -> str:
    return "".join(w.value for w in (table.header, table.seats, table.weis, table.board))


@pytest.mark.parametrize("ruleset", ["schieber", "rosenober"])
def test_names_are_escaped_in_every_view_of_a_whole_game(ruleset: str) -> None:
    names = [f"{EVIL}{i}" for i in range(4)]
    table = JassTable(ruleset, 4, seed=3, names=names, humans=range(4))
    rng = random.Random(5)
    seen = {"header": False, "seats": False, "weis": False}
    for _ in range(5000):
        if table.state.phase == "end":
            break
        text = _markup(table)
        assert "<img" not in text, text
        seen["header"] |= html.escape(names[table.state.forehand]) in table.header.value
        seen["seats"] |= all(html.escape(n) in table.seats.value for n in names)
        seen["weis"] |= any(html.escape(n) in table.weis.value for n in names)
        if table.state.phase == "deal":
            table.next_hand()
            continue
        act = table.pick if table.state.phase == "picking" else table.play
        assert act(rng.choice(table.legal())), table.message
    assert table.state.phase == "end"
    assert "<img" not in _markup(table)
    assert seen["header"] and seen["seats"], seen
    if ruleset == "schieber":  # a whole Schieber game declares Weis (RULES J)
        assert seen["weis"], seen
