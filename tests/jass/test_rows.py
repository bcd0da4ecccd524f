"""Coiffeur-Schieber and Coiffeur rows, Palitos and Batatas, the pad and the end (RULES J)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaitea.core.errors import IllegalAction, SetupError
from chaitea.rulesets.jass.pad import RowsPad
from chaitea.rulesets.jass.rows import (
    COIFFEUR,
    COIFFEUR_SCHIEBER_3,
    COIFFEUR_SCHIEBER_4,
    RIESENSLALOM_CHOICES,
    THREE_BY_THREE_CHOICES,
    MatchRow,
    RowScoring,
    RowsLayout,
    coiffeur_schieber_3,
    coiffeur_schieber_4,
)
from chaitea.rulesets.jass.tallies import Tally, draw_cards, match_tallies, row_score, row_tallies


def values(layout: RowsLayout) -> list[tuple[str, int]]:
    return [(r.key, r.value) for r in layout.rows]


# ------------------------------------------------------------------ layouts as data

def test_coiffeur_schieber_three_players_ten_rows_and_values() -> None:
    assert values(COIFFEUR_SCHIEBER_3) == [
        ("acorns", 1), ("roses", 1), ("shields", 1), ("bells", 1), ("obenabe", 2),
        ("undenufe", 2), ("slalom", 2), ("gustav", 3), ("joker", 3), ("joker#2", 3)]
    assert COIFFEUR_SCHIEBER_3.match_row and COIFFEUR_SCHIEBER_3.sides == 3
    assert COIFFEUR_SCHIEBER_3.hands == 30
    assert COIFFEUR_SCHIEBER_3.row("acorns").contracts == ("trump(C)",)
    assert COIFFEUR_SCHIEBER_3.row("slalom").contracts == ("slalom(obenabe)", "slalom(undenufe)")
    assert COIFFEUR_SCHIEBER_3.row("gustav").contracts == ("gustav(obenabe)", "gustav(undenufe)")
    with pytest.raises(SetupError, match="no row 'misere'"):
        COIFFEUR_SCHIEBER_3.row("misere")


def test_three_player_tuo_options() -> None:
    eleven = coiffeur_schieber_3(tuo=True)
    assert len(eleven.rows) == 11 and eleven.hands == 33 and eleven.row("tuo").value == 3
    replaced = coiffeur_schieber_3(tuo_replaces_joker=True)
    assert [r.key for r in replaced.rows][-2:] == ["tuo", "joker"] and replaced.hands == 30


def test_four_player_multipliers_of_rules_j() -> None:
    """Acorns 1, Roses 2, Shields 3, Bells 4, Obenabe 5, Undenufe 6, Jokers 7 and 8."""
    assert values(COIFFEUR_SCHIEBER_4) == [
        ("acorns", 1), ("roses", 2), ("shields", 3), ("bells", 4), ("obenabe", 5),
        ("undenufe", 6), ("joker", 7), ("joker#2", 8)]
    assert COIFFEUR_SCHIEBER_4.scoring is RowScoring.MULTIPLIED
    assert not COIFFEUR_SCHIEBER_4.match_row
    assert COIFFEUR_SCHIEBER_4.teams and COIFFEUR_SCHIEBER_4.hands == 16
    assert [COIFFEUR_SCHIEBER_4.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    single = coiffeur_schieber_4(teams=False)
    assert single.hands == 32 and [single.side_of(s) for s in range(4)] == [0, 1, 2, 3]


def test_four_player_extra_rows_shift_the_jokers() -> None:
    """The text: with Slalom, Slalom 7x and the Jokers 8x and 9x; new rows after Undenufe."""
    assert values(coiffeur_schieber_4(extra=("slalom",)))[6:] == [
        ("slalom", 7), ("joker", 8), ("joker#2", 9)]
    every = coiffeur_schieber_4(extra=("tuo", "slalom", "gustav"))
    assert values(every)[6:] == [("slalom", 7), ("gustav", 8), ("tuo", 9), ("joker", 10),
                                 ("joker#2", 11)]
    with pytest.raises(SetupError, match="extra rows"):
        coiffeur_schieber_4(extra=("misere",))
    with pytest.raises(SetupError, match="extra rows"):
        coiffeur_schieber_4(extra=("slalom", "slalom"))


def test_four_individuals_as_the_three_player_version() -> None:
    """The text: 40 hands instead of 30 (44 with TUO)."""
    t = coiffeur_schieber_4(tallies=True)
    assert t.scoring is RowScoring.TALLIES and t.match_row and t.sides == 4
    assert t.hands == 40 and coiffeur_schieber_4(tallies=True, extra=("tuo",)).hands == 44


def test_coiffeur_twelve_contracts() -> None:
    assert values(COIFFEUR) == [
        ("acorns", 1), ("shields", 1), ("roses", 1), ("bells", 1), ("obenabe", 2),
        ("undenufe", 2), ("slalom", 2), ("joker", 3), ("misere", 2), ("tutti", 2),
        ("riesenslalom", 2), ("3x3", 3)]
    assert COIFFEUR.hands == 48 and COIFFEUR.sides == 4 and COIFFEUR.match_row
    assert [r.key for r in COIFFEUR.rows if r.lowest_wins] == ["misere"]
    assert sum(r.joker for r in COIFFEUR.rows) == 1


def test_riesenslalom_four_choices_and_3x3_six() -> None:
    assert len(RIESENSLALOM_CHOICES) == 4
    for modes in RIESENSLALOM_CHOICES.values():
        assert len(modes) == 9 and set(Counter(modes).values()) == {4, 5}
        assert modes.count(modes[0]) in (4, 5) and modes[0] != modes[-1]
    assert len(set(RIESENSLALOM_CHOICES.values())) == 4
    assert len(THREE_BY_THREE_CHOICES) == 6 and len(set(THREE_BY_THREE_CHOICES.values())) == 6
    for modes in THREE_BY_THREE_CHOICES.values():
        assert Counter(modes) == {"trump": 3, "obenabe": 3, "undenufe": 3}
    assert COIFFEUR.row("riesenslalom").contracts == tuple(RIESENSLALOM_CHOICES)
    assert THREE_BY_THREE_CHOICES["3x3(tou)"][::3] == ("trump", "obenabe", "undenufe")
    assert RIESENSLALOM_CHOICES["riesenslalom(undenufe,5)"][4:6] == ("undenufe", "obenabe")


def test_row_spellings_are_the_engine_contracts() -> None:
    """Every pick spelling of a row (Misère aside, which the engine has not built yet) is a
    contract the engine reads in the Jass family, spelled back the same way."""
    from chaitea.core.contracts import Contract

    layouts = [COIFFEUR_SCHIEBER_3, COIFFEUR_SCHIEBER_4, COIFFEUR, coiffeur_schieber_3(tuo=True),
               coiffeur_schieber_4(extra=("slalom", "gustav", "tuo"))]
    spellings = {c for lay in layouts for r in lay.rows for c in r.contracts} - {"misere"}
    assert len(spellings) == 4 + 2 + 2 * 2 + 4 + 4 + 6 + 1
    for spelling in sorted(spellings):
        assert Contract.parse(spelling, family="jass").spelling == spelling


# ------------------------------------------------------------------ row score and match row

def test_row_score_adds_the_match() -> None:
    assert row_score(157, tricks=12, total_tricks=12) == 257
    assert row_score(157, tricks=11, total_tricks=12) == 157
    assert row_score(0, tricks=0, total_tricks=9) == 0
    with pytest.raises(SetupError):
        row_score(50, tricks=13, total_tricks=12)


def test_text_coiffeur_schieber_match_row() -> None:
    """The text: a forehand Match 2 Palitos to the forehand, 1 Batata to each other player."""
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_3).write("obenabe", side=1, points=157, tricks=12,
                                                   total_tricks=12)
    assert pad.match == (Tally(0, 1), Tally(2, 0), Tally(0, 1))
    assert pad.score("obenabe") == (None, 257, None)


def test_text_coiffeur_schieber_no_trick_row() -> None:
    """The text: a forehand without a trick 2 Batatas, each other player 1 Palito."""
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_3).write("trump(S)", side=2, points=0, tricks=0,
                                                   total_tricks=12)
    assert pad.match == (Tally(1, 0), Tally(1, 0), Tally(0, 2))
    assert pad.score("roses") == (None, None, 0)


def test_an_ordinary_hand_writes_nothing_in_the_match_row() -> None:
    assert match_tallies(0, tricks=5, total_tricks=12, sides=3) == (Tally(),) * 3
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_3).write("undenufe", side=0, points=80, tricks=5,
                                                   total_tricks=12)
    assert pad.match == (Tally(),) * 3


@pytest.mark.parametrize(("key", "value"), [("acorns", 1), ("slalom", 2), ("gustav", 3)])
def test_complete_row_palitos_and_batatas_per_row_value(key: str, value: int) -> None:
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_3)
    contract = COIFFEUR_SCHIEBER_3.row(key).contracts[-1]
    for side, pts in ((0, 70), (1, 110), (2, 30)):
        assert pad.row_tallies(key) == (Tally(),) * 3  # nothing until the row is complete
        pad = pad.write(contract, side=side, points=pts, tricks=4, total_tricks=12)
    assert pad.row_tallies(key) == (Tally(), Tally(value, 0), Tally(0, value))


def test_ties_are_a_seeded_draw_among_the_tied() -> None:
    for seed in range(40):
        t = row_tallies([90, 90, 20], 2, seed=seed)
        assert t[2] == Tally(0, 2)
        assert sorted([t[0], t[1]], key=lambda x: x.palitos) == [Tally(), Tally(2, 0)]
        assert t == row_tallies([90, 90, 20], 2, seed=seed)  # reproducible
        low = row_tallies([150, 3, 3], 1, seed=seed)
        assert low[0] == Tally(1, 0) and sorted([low[1].batatas, low[2].batatas]) == [0, 1]
        same = row_tallies([50, 50, 50], 3, seed=seed)
        assert sorted(same, key=lambda x: (x.palitos, x.batatas)) == [
            Tally(), Tally(0, 3), Tally(3, 0)]
    winners = {row_tallies([90, 90, 20], 2, seed=s).index(Tally(2, 0)) for s in range(40)}
    assert winners == {0, 1}  # the draw really decides


def test_draw_cards_is_seeded_and_strict() -> None:
    for seed in range(30):
        order = draw_cards([0, 1, 2, 3], seed)
        assert sorted(s for s, _ in order) == [0, 1, 2, 3]
        assert order == draw_cards([0, 1, 2, 3], seed)


def test_misere_lowest_wins_and_its_match_row() -> None:
    pad = RowsPad.empty(COIFFEUR)
    for side, pts, tricks in ((0, 0, 0), (1, 40, 2), (2, 117, 7), (3, 0, 0)):
        pad = pad.write("misere", side=side, points=pts, tricks=tricks, total_tricks=9)
    t = pad.row_tallies("misere")
    assert t[2] == Tally(0, 2) and t[1] == Tally()
    assert sorted([t[0], t[3]], key=lambda x: x.palitos) == [Tally(), Tally(2, 0)]
    # default reading: no trick in Misère is what a Match is elsewhere (twice here)
    assert pad.match == (Tally(2, 1), Tally(0, 2), Tally(0, 2), Tally(2, 1))
    normal = RowsPad.empty(RowsLayout("coiffeur", COIFFEUR.rows, 4,
                                      misere_match=MatchRow.NORMAL))
    normal = normal.write("misere", side=0, points=0, tricks=0, total_tricks=9)
    assert normal.match == (Tally(0, 2), Tally(1, 0), Tally(1, 0), Tally(1, 0))
    none = RowsPad.empty(RowsLayout("coiffeur", COIFFEUR.rows, 4, misere_match=MatchRow.NONE))
    assert none.write("misere", side=0, points=0, tricks=0, total_tricks=9).match == (
        (Tally(),) * 4)


# ------------------------------------------------------------------ picking rows

def test_jokers_replay_a_completed_contract_only() -> None:
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_3)
    assert not any(c.startswith("joker=") for c in pad.legal(0))
    with pytest.raises(IllegalAction, match="Joker row replays"):
        pad.write("joker=trump(C)", side=0, points=10, tricks=1, total_tricks=12)
    pad = pad.write("slalom(obenabe)", side=0, points=90, tricks=6, total_tricks=12)
    legal = pad.legal(0)
    assert "slalom(obenabe)" not in legal and "slalom(undenufe)" not in legal
    assert {"joker=slalom(obenabe)", "joker=slalom(undenufe)"} <= set(legal)
    assert "joker=slalom(obenabe)" not in pad.legal(1)
    pad = pad.write("joker=slalom(undenufe)", side=0, points=50, tricks=3, total_tricks=12)
    assert pad.score("joker") == (53 - 3, None, None)
    pad = pad.write("joker=slalom(obenabe)", side=0, points=60, tricks=3, total_tricks=12)
    assert pad.score("joker#2") == (60, None, None)
    assert not any(c.startswith("joker=") for c in pad.legal(0))
    before = pad
    with pytest.raises(IllegalAction, match="already written"):
        pad.write("slalom(undenufe)", side=0, points=1, tricks=1, total_tricks=12)
    assert pad == before


def test_misere_is_not_replayed_by_a_joker() -> None:
    pad = RowsPad.empty(COIFFEUR).write("misere", side=0, points=0, tricks=0, total_tricks=9)
    assert "joker=misere" not in pad.legal(0)
    pad = pad.write("tutti", side=0, points=10, tricks=1, total_tricks=9)
    assert "joker=tutti" in pad.legal(0)


def test_unknown_contracts_and_sides_are_refused() -> None:
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_3)
    with pytest.raises(IllegalAction, match="no such contract"):
        pad.write("misere", side=0, points=0, tricks=0, total_tricks=12)
    with pytest.raises(IllegalAction, match="side"):
        pad.write("obenabe", side=3, points=0, tricks=0, total_tricks=12)


# ------------------------------------------------------------------ whole games

def _fill(layout: RowsLayout, points: dict[int, int], seed: int = 0,
          tricks: int = 5, total: int = 12) -> RowsPad:
    """Every side writes every row: its own points in each (jokers replay the first suit)."""
    pad = RowsPad.empty(layout, seed)
    for side in range(layout.sides):
        for row in layout.rows:
            contract = f"joker={layout.rows[0].contracts[0]}" if row.joker else row.contracts[0]
            pad = pad.write(contract, side=side, points=points[side], tricks=tricks,
                            total_tricks=total)
    return pad


def test_a_whole_three_player_game() -> None:
    pad = _fill(COIFFEUR_SCHIEBER_3, {0: 100, 1: 50, 2: 7})
    assert pad.filled == 30 and pad.finished
    # side 0 best in every row: the sum of the row values in Palitos; side 2 as many Batatas
    total_value = sum(r.value for r in COIFFEUR_SCHIEBER_3.rows)
    assert total_value == 4 + 6 + 3 + 6
    assert pad.tallies() == (Tally(total_value, 0), Tally(), Tally(0, total_value))
    out = pad.outcome()
    assert out.finished and out.winner == 0 and out.reason == "totals"
    assert RowsPad.empty(COIFFEUR_SCHIEBER_3).outcome().finished is False


# Rows where seat 0 and seat 1 end level in Palitos and in Batatas (9P 1B each), seat 2 last:
# (row: points of seats 0, 1, 2), no tied scores within a row.
_LEVEL = {
    "acorns": (10, 50, 100), "roses": (100, 10, 50),
    "gustav": (100, 50, 10), "joker": (100, 50, 10), "obenabe": (100, 50, 10),
    "shields": (50, 100, 10), "bells": (50, 100, 10), "undenufe": (50, 100, 10),
    "slalom": (50, 100, 10), "joker#2": (50, 100, 10),
}


def _level_pad(seed: int, match_rows: bool = False) -> RowsPad:
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_3, seed)
    for side in range(3):
        for row in COIFFEUR_SCHIEBER_3.rows:
            contract = "joker=trump(C)" if row.joker else row.contracts[0]
            pts, tricks = _LEVEL[row.key][side], 5
            if match_rows and side == 0 and row.key == "gustav":
                tricks = 12  # a Match: seat 0 2P, the others 1B (row score 200, still best)
            if match_rows and side == 0 and row.key == "shields":
                pts, tricks = 20, 0  # no trick: seat 0 2B, the others 1P (still middle)
            pad = pad.write(contract, side=side, points=pts, tricks=tricks, total_tricks=12)
    return pad


def test_end_tie_broken_by_a_drawn_row() -> None:
    """The text: tied in Palitos and Batatas, a drawn contract decides: the better score in
    it among the tied wins."""
    winners = set()
    for seed in range(12):
        pad = _level_pad(seed)
        assert pad.tallies()[:2] == (Tally(9, 1), Tally(9, 1))
        out = pad.outcome()
        assert out.finished and out.reason == "drawn row" and len(out.drawn) == 1
        row = out.drawn[0]
        assert not COIFFEUR_SCHIEBER_3.row(row).joker
        level = _LEVEL[row]
        assert out.winner == (0 if level[0] > level[1] else 1)
        assert out == _level_pad(seed).outcome()  # the draw is seeded
        winners.add(out.winner)
    assert winners == {0, 1}


def test_end_tie_broken_by_fewer_batatas() -> None:
    pad = _level_pad(0, match_rows=True)
    assert pad.tallies()[:2] == (Tally(11, 3), Tally(10, 2))
    out = pad.outcome()
    assert (out.winner, out.reason) == (1, "fewer batatas")


def test_end_every_drawn_row_level_is_a_shared_game() -> None:
    """Four individuals on the ten rows (the text's option): seats 0 and 1 write the same score
    in every row, so their Palitos go by the seeded draws; on a seed where they end level,
    every drawn row is level too and the game is shared."""
    layout = coiffeur_schieber_4(tallies=True)
    for seed in range(300):
        pad = RowsPad.empty(layout, seed)
        for side in range(4):
            for row in layout.rows:
                contract = "joker=trump(C)" if row.joker else row.contracts[0]
                pts = {0: 60, 1: 60, 2: 30, 3: 5}[side]
                if row.key == "acorns" and side == 2:
                    pts = 100  # seat 2 takes the Acorns Palito: 18 left, an even number
                pad = pad.write(contract, side=side, points=pts, tricks=4, total_tricks=9)
        t = pad.tallies()
        if t[0] == t[1]:
            out = pad.outcome()
            assert (out.winner, out.reason) == (None, "tie")
            assert sorted(out.drawn) == sorted(r.key for r in layout.contract_rows)
            return
    pytest.fail("no seed made the draws level")


def test_four_player_pairs_multiplied() -> None:
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_4)
    pad = pad.write("trump(H)", side=0, points=157, tricks=9, total_tricks=9)
    pad = pad.write("trump(H)", side=1, points=89, tricks=5, total_tricks=9)
    assert pad.score("bells") == (257, 89)
    assert pad.row_points("bells") == (25 * 4, 8 * 4)
    assert pad.match == (Tally(), Tally())  # no match row with four players
    doc = pad.to_json()
    json.dumps(doc)
    assert doc["totals"] == {"A": 100, "B": 32}
    assert doc["pad"]["bells"]["scores"] == {"A": 257, "B": 89}  # type: ignore[index]
    assert "palitos" not in doc
    full = _fill(COIFFEUR_SCHIEBER_4, {0: 99, 1: 100}, total=9)
    assert full.finished and full.filled == 16
    assert full.totals() == (9 * 36, 10 * 36) and full.outcome().winner == 1
    tie = _fill(COIFFEUR_SCHIEBER_4, {0: 99, 1: 95}, total=9)
    assert tie.outcome().winner is None and tie.outcome().finished


def test_three_player_json_lists_by_seat() -> None:
    pad = RowsPad.empty(COIFFEUR_SCHIEBER_3).write("trump(C)", side=1, points=157, tricks=12,
                                                   total_tricks=12)
    doc = pad.to_json()
    json.dumps(doc)
    assert doc["pad"]["acorns"]["scores"] == [None, 257, None]  # type: ignore[index]
    assert doc["pad"]["acorns"]["contracts"] == [None, "trump(C)", None]  # type: ignore[index]
    assert doc["pad"]["match"] == {"palitos": [0, 2, 0], "batatas": [1, 0, 1]}  # type: ignore[index]
    assert doc["palitos"] == [0, 2, 0] and doc["batatas"] == [1, 0, 1]
    assert doc["totals"] == [-1, 2, -1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 157), min_size=30, max_size=30), st.integers(0, 10**6))
def test_every_complete_row_gives_its_value_once_each_way(points: list[int], seed: int) -> None:
    layout = COIFFEUR_SCHIEBER_3
    pad = RowsPad.empty(layout, seed)
    i = 0
    for side in range(3):
        for row in layout.rows:
            contract = "joker=trump(C)" if row.joker else row.contracts[0]
            pad = pad.write(contract, side=side, points=points[i], tricks=5, total_tricks=12)
            i += 1
    for row in layout.rows:
        t = pad.row_tallies(row.key)
        assert sum(x.palitos for x in t) == row.value and sum(x.batatas for x in t) == row.value
        scores = pad.score(row.key)
        best = max(s for s in scores if s is not None)
        assert scores[[x.palitos for x in t].index(row.value)] == best
    out = pad.outcome()
    assert out.finished
    if out.winner is not None and out.reason == "totals":
        assert pad.totals()[out.winner] == max(pad.totals())
