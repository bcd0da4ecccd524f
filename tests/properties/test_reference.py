"""The reference model itself, checked on the rulebook's examples and the spec's numbers.

The property tests trust ``reference.py`` as their oracle; these tests pin it to RULES.md and the
rulebook (they do not use the engine).
"""

from __future__ import annotations

import pytest

from . import reference as ref


def test_deck_totals_d1_d2() -> None:
    """RULES C / D1 / D2: 100 points in the 36-card deck, 200 in the six-player and double."""
    assert sum(map(ref.points, ref.deck_cards("standard"))) == 100
    assert sum(map(ref.points, ref.deck_cards("six-player"))) == 200
    assert sum(map(ref.points, ref.deck_cards("double"))) == 200
    assert len(ref.deck_cards("six-player")) == 54 and len(ref.deck_cards("double")) == 72
    assert ref.points("JK1") == 2 and ref.points("9H'") == 9 and ref.points("12C") == 0


@pytest.mark.parametrize(("n", "first"), [(12, 6), (9, 5), (17, 9)])
def test_pyramid_split_d3(n: int, first: int) -> None:
    c = ref.parse_contract("pyramid(high)")
    orders = [c.order_for(k, n) for k in range(n)]
    assert orders == ["over"] * first + ["under"] * (n - first)
    c = ref.parse_contract("trump-pyramid(S,low)")
    assert [c.order_for(k, n) for k in range(n)] == ["under"] * first + ["over"] * (n - first)


def test_slalom_alternates() -> None:
    c = ref.parse_contract("slalom(low)")
    assert [c.order_for(k, 5) for k in range(5)] == ["under", "over", "under", "over", "under"]


def test_middle_orders_d4() -> None:
    assert ref.strongest_first("middle", 9) == [5, 4, 6, 3, 7, 2, 8, 1, 9]
    assert ref.strongest_first("middle", 13) == [7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13]


def test_rulebook_trick_example() -> None:
    """Rulebook: Trump (Hearts), Aslan leads 9C, Leo plays 2H, Mufasa 7C: Leo wins."""
    assert ref.trick_winner(ref.parse_contract("trump(H)"), 0, 12, ["9C", "2H", "7C"], 9) == 1


def test_jokers_and_twins_d2_d6() -> None:
    over = ref.parse_contract("over")
    assert ref.trick_winner(over, 0, 9, ["JK1", "7H", "JK2", "13H"], 13) == 2
    assert ref.trick_winner(ref.parse_contract("under"), 0, 9, ["1C", "JK2"], 13) == 1
    assert ref.trick_winner(over, 0, 12, ["9H'", "9H"], 9) == 1
    assert ref.led_suit(["JK1", "JK2", "5D"]) == "D"
    # D6: a Joker may always be played and never counts as the led suit
    assert ref.legal_plays({"JK1", "3H", "4C"}, ["5H"], None) == {"JK1", "3H"}
    assert ref.legal_plays({"JK1", "4C"}, ["5H"], "S") == {"JK1", "4C"}
    # RULES F: may trump; to a trump lead, trump must be played
    assert ref.legal_plays({"2H", "3S", "4C"}, ["5H"], "S") == {"2H", "3S"}
    assert ref.legal_plays({"2H", "3S", "4C"}, ["5S"], "S") == {"3S"}
    for card in ("2H", "3S", "4C"):
        assert ref.is_legal_play(card, {"2H", "3S", "4C"}, ["5H"], "S") == (card != "4C")


def test_rulebook_scoring_example() -> None:
    """Rulebook: Under (2) completed by Leo 75; Aslan 59 (first), Mufasa 33 (second):
    Leo +2, Aslan 0, Mufasa -2; with Leo at 59 the tie goes to Aslan."""
    row = ref.build_rows("standard")[1]
    assert (row.key, row.value) == ("under", 2)
    # seats: Aslan 0, Leo 1, Mufasa 2; completion order Aslan, Mufasa, Leo
    assert ref.row_game_points(row, [59, 75, 33], [0, 2, 1], None) == [0, 2, -2]
    assert ref.row_game_points(row, [59, 59, 33], [0, 2, 1], None) == [2, 0, -2]
    assert ref.row_game_points(row, [59, 75, 33], [0, 2, 1], "second-place") == [2, -2, 0]


def test_rulebook_picking_example_3() -> None:
    """Rulebook example 3: Aslan passes, Leo picks Under, Mufasa 5 Trump (Hearts), Leo 10
    Under, Mufasa 20 Trump (Hearts), Leo passes: Mufasa declares Trump (Hearts) with 20."""
    seats = ref.seats_for(3, None)
    pad = ref.RefPad(ref.build_rows("standard"), 3, None)
    p = ref.RefPicking(seats, pad, 0, False)
    assert "pass" in p.legal() and "5 under" not in p.legal()  # D8: no debt on a first pick
    for move in ("pass", "under", "5 trump(H)", "10 under", "20 trump(H)", "pass"):
        assert move in p.legal(), move
        p.apply(move)
    assert p.result == (2, "trump(H)", 20, 0)


def test_rulebook_picking_example_4() -> None:
    seats = ref.seats_for(3, None)
    pad = ref.RefPad(ref.build_rows("standard"), 3, None)
    p = ref.RefPicking(seats, pad, 0, False)
    for move in ("joker=under", "pass", "5 slalom(high)", "10 under", "pass"):
        assert move in p.legal(), move
        p.apply(move)
    assert p.result == (0, "under", 10, 0)


def test_everyone_passes_forced_pick_and_offers() -> None:
    seats = ref.seats_for(3, None)
    pad = ref.RefPad(ref.build_rows("standard"), 3, None)
    p = ref.RefPicking(seats, pad, 1, True)
    for move in ("pass", "pass", "pass"):
        p.apply(move)
    assert p.forced and p.turn == 1
    assert "pass" not in p.legal() and "offer 35" in p.legal() and "offer 40" not in p.legal()
    p.apply("offer 35")
    assert p.turn == 2
    p.apply("decline")
    assert p.turn == 0
    p.apply("decline")
    assert p.legal() == {"rescind"}
