"""Seating per ruleset: teams or individuals at any count; deals take a seating (RULES P, J)."""

from __future__ import annotations

import pytest

from chaitea import SEATINGS, STANDARD, Deal, DealError, SetupError, deck_named
from chaitea.core.seating import JASS_SEATINGS, Seating, individuals, partnerships


def test_ctj_default_table_is_unchanged() -> None:
    """RULES P: 2 players straw-piles, 3 individuals, 4 and 6 in two teams."""
    assert SEATINGS[2].straw_stacks == 5 and SEATINGS[2].set_aside == 2
    assert SEATINGS[3].teams is None and SEATINGS[3].step == 5
    assert SEATINGS[4].teams == ((0, 2), (1, 3)) and SEATINGS[4].max_debt == 33
    assert SEATINGS[6].teams == ((0, 2, 4), (1, 3, 5))
    assert SEATINGS[6].last_trick_bonus == 20 and SEATINGS[6].tricks("double") == 12


def test_four_individual_players() -> None:
    """Four individual players can be seated (Coiffeur), each its own side."""
    four = JASS_SEATINGS["four"]
    assert four.teams is None and four.sides == 4
    assert [four.side_of(s) for s in range(4)] == [0, 1, 2, 3]
    assert [four.seats_of(s) for s in range(4)] == [(0,), (1,), (2,), (3,)]
    assert four.max_debt == 0  # no Bet Debt in Jass


@pytest.mark.parametrize(("players", "sides", "teams"), [
    (4, 2, ((0, 2), (1, 3))),
    (6, 2, ((0, 2, 4), (1, 3, 5))),
    (6, 3, ((0, 3), (1, 4), (2, 5))),
    (8, 4, ((0, 4), (1, 5), (2, 6), (3, 7))),
])
def test_partnerships_alternate_seats(players: int, sides: int, teams) -> None:
    s = partnerships(players, sides, 36 // players)
    assert s.teams == teams and s.sides == sides
    for side, seats in enumerate(teams):
        assert all(s.side_of(x) == side for x in seats)
        assert s.side_name(side) == "ABCD"[side]


def test_bad_seatings_are_refused() -> None:
    with pytest.raises(SetupError, match="equal teams"):
        partnerships(5, 2, 7)
    with pytest.raises(SetupError, match="each seat once"):
        Seating(4, 9, teams=((0, 1), (1, 3)))
    with pytest.raises(SetupError, match="at least 2 players"):
        individuals(1, 36)


@pytest.mark.parametrize("name", sorted(JASS_SEATINGS))
def test_deals_take_a_seating(name: str) -> None:
    """A seeded deal for a Jass seating: the whole deck, hand sizes of the seating, portable
    (the same blocks as the player-count form for the same count)."""
    seating = JASS_SEATINGS[name]
    deck = deck_named(seating.decks[0])  # six-player Schieber: the two 24-card decks
    d = Deal.from_seed(11, seating, deck)
    assert [len(h) for h in d.hands] == [seating.hand_size] * seating.players
    d.validate(seating, deck)
    assert sorted(map(str, d.all_cards())) == sorted(map(str, deck.cards))
    assert Deal.from_json({"seed": 11}, seating, deck) == d
    assert Deal.from_json(d.to_json(), seating, deck).hands == d.hands


def test_player_count_form_still_means_the_ctj_seating() -> None:
    assert Deal.from_seed(7, 3, STANDARD) == Deal.from_seed(7, SEATINGS[3], STANDARD)
    with pytest.raises(DealError, match="no seating for 5 players"):
        Deal.from_seed(7, 5, STANDARD)
