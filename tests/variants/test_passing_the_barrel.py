"""Passing the Barrel (RULES V, D11, D13; RECORD picking; rulebook "Passing the Barrel Variant")."""

from __future__ import annotations

import pytest

import chaitea
from chaitea import IllegalPick

from .helpers import card_points_by_seat, play_first_legal

OFFERS_3P = [f"offer {x}" for x in range(5, 36, 5)]


def all_passed(players: int = 3, setup: object = "standard", seed: int = 5,
               barrel: int = 0) -> chaitea.State:
    g = chaitea.Game(players=players, setup=setup, passing_the_barrel=True)  # type: ignore[arg-type]
    s = g.new_initial_state(seed=None, barrel=barrel)
    s.apply_deal(seed)
    for _ in range(players):
        s.apply_action("pass")
    assert s.forced and s.current_player() == barrel
    return s


def refused(s: chaitea.State, action: str) -> str:
    before = s.clone()
    with pytest.raises(IllegalPick) as exc:
        s.apply_action(action)
    assert s == before
    return str(exc.value)


def test_offers_in_steps_of_5_for_three_players() -> None:
    """RULES V: offers are multiples of the Bet Debt step (5), at least one step, at most 35;
    the forced pick stays possible (no pass)."""
    s = all_passed()
    legal = s.legal_moves()
    assert [m for m in legal if m.startswith("offer")] == OFFERS_3P
    assert "pass" not in legal
    assert "under" in legal and not any(m[0].isdigit() for m in legal)
    for bad in ("offer 7", "offer 0", "offer 40", "offer 3", "offer 36"):
        assert "refused" in refused(s, bad)


def test_offers_in_steps_of_3_for_teams() -> None:
    """RULES V / D8: team games offer in steps of 3, up to 33."""
    s = all_passed(players=4)
    assert [m for m in s.legal_moves() if m.startswith("offer")] == \
        [f"offer {x}" for x in range(3, 34, 3)]
    refused(s, "offer 5")
    refused(s, "offer 35")


def test_without_the_variant_no_offer() -> None:
    """RULES V: without options.passing_the_barrel the forced pick has no offer."""
    g = chaitea.Game(players=3)
    s = g.new_initial_state(seed=None)
    s.apply_deal(5)
    for _ in range(3):
        s.apply_action("pass")
    assert not any(m.startswith("offer") for m in s.legal_moves())
    assert "Passing the Barrel" in refused(s, "offer 5")


def test_opponents_answer_clockwise_and_accept() -> None:
    """D11: the holder's eligible opponents, clockwise, accept or decline; the first to accept
    picks any contract they have open (no Bet Debt) and gets +X on their round score."""
    s = all_passed(barrel=1)
    s.apply_action("offer 10")
    assert s.current_player() == 2
    assert set(s.legal_moves()) == {"accept", "decline"}
    refused(s, "under")
    refused(s, "pass")
    s.apply_action("decline")
    assert s.current_player() == 0
    s.apply_action("accept")
    assert s.current_player() == 0 and s.phase == "picking"
    legal = s.legal_moves()
    assert "under" in legal and not any(m[0].isdigit() or m == "pass" for m in legal)
    assert "D11" in refused(s, "5 under")
    s.apply_action("under")
    assert (s.phase, s.declarer, s.bet_debt, s.offer) == ("play", 0, 0, 10)
    play_first_legal(s)
    r = s.round_results[-1]
    assert r.offer == 10 and r.bet_debt == 0
    won = card_points_by_seat(s)[0]  # counted here from the tricks
    assert r.card_points == won
    assert r.score == won + (10 if s.tricks[-1].winner == 0 else 0) + 10
    rep = chaitea.replay(s.record())
    assert rep["rounds"][0]["bet_debt"] == 0 and rep["rounds"][0]["score"] == r.score
    assert s.record()["rounds"][0]["picking"] == ["pass", "pass", "pass", "offer 10",
                                                  "decline", "accept", "under"]


def test_all_decline_then_a_raised_offer() -> None:
    """D11: if all decline, the holder raises the offer (the decliners may accept it)."""
    s = all_passed()
    s.apply_action("offer 5")
    s.apply_action("decline")
    s.apply_action("decline")
    assert s.current_player() == 0 and s.offer_stage == "all-declined"
    assert set(s.legal_moves()) == set(OFFERS_3P[1:]) | {"rescind"}
    assert "larger" in refused(s, "offer 5")
    refused(s, "under")
    refused(s, "pass")
    s.apply_action("offer 20")
    assert s.current_player() == 1
    s.apply_action("accept")
    s.apply_action("trump(S)")
    assert (s.declarer, s.offer, s.bet_debt) == (1, 20, 0)


def test_rescind_then_the_holder_picks() -> None:
    """D11: after all declined, the holder may rescind and pick (no Bet Debt, no offer)."""
    s = all_passed()
    s.apply_action("offer 15")
    s.apply_action("decline")
    s.apply_action("decline")
    s.apply_action("rescind")
    assert s.current_player() == 0
    legal = s.legal_moves()
    assert "under" in legal and not any(m.startswith(("offer", "pass", "resc")) for m in legal)
    assert not any(m[0].isdigit() for m in legal)
    s.apply_action("slalom(low)")
    assert (s.declarer, s.offer, s.bet_debt, str(s.contract)) == (0, 0, 0, "slalom(low)")
    play_first_legal(s)
    r = s.round_results[-1]
    won = card_points_by_seat(s)[0]  # counted here from the tricks
    assert r.card_points == won
    assert r.score == won + (10 if s.tricks[-1].winner == 0 else 0)


def test_declined_maximum_offer_leaves_only_rescind() -> None:
    """RULES V / RECORD: after a declined maximum offer only ``rescind`` is legal."""
    s = all_passed()
    s.apply_action("offer 35")
    s.apply_action("decline")
    s.apply_action("decline")
    assert s.legal_moves() == ["rescind"]
    for bad in ("offer 35", "offer 40", "under", "pass"):
        refused(s, bad)
    s.apply_action("rescind")
    s.apply_action("under")
    assert s.declarer == 0


def test_maximum_offer_for_teams_is_33() -> None:
    """RULES V / D8: a declined 33 (the team maximum) leaves only ``rescind``."""
    s = all_passed(players=4)
    s.apply_action("offer 33")
    s.apply_action("decline")  # seat 1
    s.apply_action("decline")  # seat 3 (seat 2 is the holder's teammate)
    assert s.legal_moves() == ["rescind"]


def test_team_offer_goes_to_opponents_only() -> None:
    """D11: the holder's eligible *opponents* answer: in team games the other team, clockwise."""
    s = all_passed(players=6, barrel=2)
    s.apply_action("offer 6")
    order = []
    while s.offer_stage == "answering":
        order.append(s.current_player())
        s.apply_action("decline")
    assert order == [3, 5, 1]


def test_accepted_offer_is_subtracted_in_an_avoidance_row() -> None:
    """D13: in an Avoidance row an accepted offer is subtracted (an offer is always a gain)."""
    setup = [{"row": "over", "value": 2, "avoidance": True}, {"row": "under", "value": 2}]
    s = all_passed(setup=setup)
    s.apply_action("offer 25")
    s.apply_action("accept")  # seat 1
    assert "avoidance-over" in s.legal_moves()
    s.apply_action("avoidance-over")
    assert (s.declarer, s.row, s.offer) == (1, "avoidance-over", 25)
    play_first_legal(s)
    r = s.round_results[-1]
    assert r.row == "avoidance-over"
    won = card_points_by_seat(s)[1]  # counted here from the tricks
    assert r.card_points == won
    assert r.score == won + (10 if s.tricks[-1].winner == 1 else 0) - 25
    assert s.pad.scores[0][1] == r.score


def test_bet_debt_is_added_in_an_avoidance_row() -> None:
    """D13: in an Avoidance row the Bet Debt is added (a debt is always a cost)."""
    g = chaitea.Game(players=3, setup=[{"row": "avoidance-under", "value": 2},
                                       {"row": "trump", "value": 1}])
    s = g.new_initial_state(seed=None)
    s.apply_deal(8)
    s.apply_action("trump(H)")
    s.apply_action("15 avoidance-under")
    s.apply_action("pass")
    s.apply_action("pass")
    assert (s.declarer, s.row, s.bet_debt) == (1, "avoidance-under", 15)
    play_first_legal(s)
    r = s.round_results[-1]
    won = card_points_by_seat(s)[1]  # counted here from the tricks
    assert r.card_points == won
    assert r.score == won + (10 if s.tricks[-1].winner == 1 else 0) + 15


def test_no_offer_without_an_eligible_opponent() -> None:
    """D11: with no eligible opponent no offer can be made. Four players, one row: once team A
    has played it, team B's players pass and the barrel holder must pick, with no offer."""
    g = chaitea.Game(players=4, setup=[{"row": "under", "value": 2}], passing_the_barrel=True)
    s = g.new_initial_state(seed=None)
    s.apply_deal(3)
    s.apply_action("under")
    for _ in range(3):
        s.apply_action("pass")
    play_first_legal(s)
    s.apply_deal(4)
    assert s.barrel == 1 and s.eligible == [1, 3]
    s.apply_action("pass")
    s.apply_action("pass")
    assert s.forced and s.current_player() == 1
    assert s.legal_moves() == ["under"]
    msg = refused(s, "offer 3")
    assert "opponent" in msg


def test_no_offer_for_a_lone_eligible_player() -> None:
    """RULES B / RECORD: a lone eligible player picks at once: it can neither pass nor offer;
    with no other eligible player the holder keeps the barrel."""
    g = chaitea.Game(players=3, setup=[{"row": "under", "value": 2}], passing_the_barrel=True)
    s = g.new_initial_state(seed=None)
    s.apply_deal(1)
    for a in ("under", "pass", "pass"):  # seat 0 declares
        s.apply_action(a)
    play_first_legal(s)
    s.apply_deal(2)
    assert s.barrel == 1
    s.apply_action("pass")  # seat 1
    s.apply_action("under")  # seat 2; seat 1 passed and seat 0 is done: seat 2 declares
    assert (s.phase, s.declarer) == ("play", 2)
    play_first_legal(s)
    s.apply_deal(3)
    assert s.barrel == 1 and s.eligible == [1]
    assert s.legal_moves() == ["under"]
    refused(s, "pass")
    refused(s, "offer 5")
    s.apply_action("under")
    play_first_legal(s)
    assert s.is_terminal()


def test_barrel_moves_on_from_the_holder_not_the_acceptor() -> None:
    """D11 / RULES B: after the round the barrel moves on from the round's barrel holder (the
    acceptor took the pick, not the turn)."""
    s = all_passed(barrel=0)
    s.apply_action("offer 5")
    s.apply_action("decline")  # seat 1
    s.apply_action("accept")  # seat 2
    s.apply_action("under")
    play_first_legal(s)
    s.apply_deal(9)
    assert s.barrel == 1 and s.current_player() == 1
    rep = chaitea.replay(s.record())
    assert rep["next"]["seat"] == 1
