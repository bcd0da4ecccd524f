"""The Jass Variant's match point (RULES V (a); rulebook "Jass Variant": Match Points).

A player (a team, in team games) that alone wins every trick of a round gets +1 game point,
declarer or not; two defenders who share all the tricks get nothing.
"""

from __future__ import annotations

import pytest

import chaitea

from .helpers import STANDARD_CARDS, deal, play_first_legal, rest_of

# Three players, Trump (Hearts): seat 0 holds every heart and the 9s of the other suits, so it
# wins every trick whatever the others play.
SWEEP_3P = [["1H", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "9C", "9D", "9S"]]
SWEEP_3P += [rest_of(STANDARD_CARDS, SWEEP_3P[0])[:12], rest_of(STANDARD_CARDS, SWEEP_3P[0])[12:]]

# Three players, Under: seat 0 holds every 7, 8 and 9, so it never wins a trick; seats 1 and 2
# hold ranks 1-6 split by suit so that both of them win tricks.
LOW_1 = ["1C", "2C", "3C", "4D", "5D", "6D", "1H", "2H", "3H", "4S", "5S", "6S"]
LOW_2 = ["4C", "5C", "6C", "1D", "2D", "3D", "4H", "5H", "6H", "1S", "2S", "3S"]
HIGH = [f"{r}{s}" for s in "CDHS" for r in (7, 8, 9)]
SHARE_3P = [HIGH, LOW_1, LOW_2]
# ... and with seat 1 holding every 1-3, seat 1 alone wins every trick (a defender's sweep).
SOLO_3P = [HIGH, [f"{r}{s}" for s in "CDHS" for r in (1, 2, 3)],
           [f"{r}{s}" for s in "CDHS" for r in (4, 5, 6)]]


def play_round(match_point: bool, hands: list[list[str]], picking: list[str],
               players: int = 3) -> chaitea.State:
    g = chaitea.Game(players=players, match_point=match_point)
    s = g.new_initial_state(seed=None)
    s.apply_deal(deal(g, hands))
    for a in picking:
        s.apply_action(a)
    assert s.phase == "play"
    play_first_legal(s)
    return s


@pytest.mark.parametrize("match_point", [True, False])
def test_declarer_winning_every_trick_gets_one_game_point(match_point: bool) -> None:
    """RULES V (a): the declarer wins all 12 tricks: +1 game point, only with the option."""
    s = play_round(match_point, SWEEP_3P, ["trump(H)", "pass", "pass"])
    assert s.round_results[0].tricks == (12, 0, 0)
    assert s.pad.match_points == ([1, 0, 0] if match_point else [0, 0, 0])
    assert s.game_points() == ([1, 0, 0] if match_point else [0, 0, 0])
    rep = chaitea.replay(s.record())
    assert rep["game_points"] == s.game_points()
    if match_point:
        assert s.record()["options"] == {"match_point": True}


def test_a_defender_winning_every_trick_gets_the_point() -> None:
    """RULES V: 'declarer or not'."""
    s = play_round(True, SOLO_3P, ["under", "pass", "pass"])
    assert s.round_results[0].tricks == (0, 12, 0)
    assert s.pad.match_points == [0, 1, 0]
    assert s.round_results[0].card_points == 0


def test_two_defenders_sharing_all_tricks_get_nothing() -> None:
    """RULES V (a): two defenders who share all the tricks get nothing."""
    s = play_round(True, SHARE_3P, ["under", "pass", "pass"])
    tricks = s.round_results[0].tricks
    assert tricks[0] == 0 and tricks[1] > 0 and tricks[2] > 0
    assert s.pad.match_points == [0, 0, 0]
    assert s.game_points() == [0, 0, 0]


# Four players, Trump (Hearts): team A (seats 0, 2) holds every heart and every 7, 8, 9; team B
# holds ranks 1-6 of clubs, diamonds and spades, so team A wins every trick.
TEAM_A0 = ["9H", "8H", "7H", "6H", "5H", "9C", "9D", "8S", "7S"]
TEAM_A2 = ["4H", "3H", "2H", "1H", "9S", "8C", "8D", "7C", "7D"]
TEAM_B1 = ["1C", "2C", "3C", "4C", "5C", "6C", "1D", "2D", "3D"]
TEAM_B3 = ["4D", "5D", "6D", "1S", "2S", "3S", "4S", "5S", "6S"]


def test_a_team_that_alone_wins_every_trick_gets_one_point() -> None:
    """RULES V: in team games the match point goes to a team, even when its players share
    the tricks between them."""
    g = chaitea.Game(players=4, match_point=True)
    s = g.new_initial_state(seed=None)
    s.apply_deal(deal(g, [TEAM_A0, TEAM_B1, TEAM_A2, TEAM_B3]))
    for a in ("trump(H)", "pass", "pass", "pass"):
        s.apply_action(a)
    # seat 0 leads 7S; seat 2 must follow spades with 9S and takes the trick
    s.apply_action("7S")
    s.apply_action(s.legal_actions()[0])
    s.apply_action("9S")
    s.apply_action(s.legal_actions()[0])
    assert s.trick_leader == 2
    play_first_legal(s)
    tricks = s.round_results[0].tricks
    assert tricks[1] == tricks[3] == 0 and tricks[0] > 0 and tricks[2] > 0
    assert s.pad.match_points == [1, 0]
    rep = chaitea.replay(s.record())
    assert rep["game_points"] == {"A": 1, "B": 0}


def test_match_points_count_towards_the_game_total() -> None:
    """RECORD: a match point is simply added to ``game_points``."""
    g = chaitea.Game(players=3, setup=[{"row": "trump", "value": 1}], match_point=True)
    s = g.new_initial_state(seed=None)
    s.apply_deal(deal(g, SWEEP_3P))
    for a in ("trump(H)", "pass", "pass"):
        s.apply_action(a)
    play_first_legal(s)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_deal(len(s.round_results))
            continue
        s.apply_action(s.legal_actions()[0])
    rows = s.pad.row_points[0]
    assert rows is not None
    exp = [p + (1 if seat == 0 else 0) for seat, p in enumerate(rows)]
    for r in s.round_results[1:]:  # later rounds may sweep as well
        winners = [i for i, t in enumerate(r.tricks) if t]
        if len(winners) == 1:
            exp[winners[0]] += 1
    assert s.game_points() == exp
