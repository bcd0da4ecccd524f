"""The worked examples of the rulebook (seeds/chai-tea-jazz-rulebook.txt), one test each.

Aslan is seat 0, Leo seat 1, Mufasa seat 2; Aslan holds the Barrel card (RULES P, B).
"""

from __future__ import annotations

from chaitea import Game, Pad, State, parse_setup
from chaitea.engine.pad import row_game_points
from tests.engine.conftest import (
    ASLAN,
    LEO,
    MUFASA,
    clubs_deal,
    kept_points,
    make_deal,
    new_game,
    play_round,
    strs,
    sweep_deal,
)


def picking(actions: list[str]) -> State:
    s = new_game()
    s.apply_deal(5)
    assert s.current_player() == ASLAN
    for a in actions:
        assert s.phase == "picking"
        s.apply_action(a)
    return s


# -- Picking examples (RULES B, D8) --------------------------------------------------------------
def test_rulebook_picking_example_1_trump_diamonds():
    """Example 1: Aslan picks Trump (Diamonds); the others pass."""
    s = picking(["trump(D)", "pass", "pass"])
    assert s.phase == "play"
    assert (s.declarer, str(s.contract), s.row, s.bet_debt) == (ASLAN, "trump(D)", "trump", 0)
    assert s.current_player() == ASLAN  # the declarer leads


def test_rulebook_picking_example_2_forced_under():
    """Example 2: everyone passes; Aslan (barrel) is forced to pick, and picks Under."""
    s = picking(["pass", "pass", "pass"])
    assert s.phase == "picking" and s.forced and s.current_player() == ASLAN
    assert "pass" not in s.legal_moves()
    s.apply_action("under")
    assert (s.declarer, str(s.contract), s.row, s.bet_debt) == (ASLAN, "under", "under", 0)


def test_rulebook_picking_example_3_bet_debt_20():
    """Example 3: pass, Leo Under, Mufasa 5 Trump (Hearts), Leo 10 Under, Mufasa 20 Trump
    (Hearts), Leo passes: Mufasa declares Trump (Hearts) with 20 Bet Debt (D8: Leo's first pick
    carries no debt)."""
    s = new_game()
    s.apply_deal(5)
    turns = []
    for a in ["pass", "under", "5 trump(H)", "10 under", "20 trump(H)", "pass"]:
        turns.append(s.current_player())
        s.apply_action(a)
    assert turns == [ASLAN, LEO, MUFASA, LEO, MUFASA, LEO]  # Aslan passed: skipped
    assert (s.declarer, str(s.contract), s.row, s.bet_debt) == (MUFASA, "trump(H)", "trump", 20)
    assert s.current_player() == MUFASA


def test_rulebook_picking_example_4_joker_then_under():
    """Example 4: Aslan Joker (Under), Leo passes, Mufasa 5 Slalom, Aslan 10 Under (changing
    contract is allowed), Mufasa passes: Aslan declares Under with 10 Bet Debt."""
    s = new_game()
    s.apply_deal(5)
    turns = []
    for a in ["joker=under", "pass", "5 slalom(high)", "10 under", "pass"]:
        turns.append(s.current_player())
        s.apply_action(a)
    assert turns == [ASLAN, LEO, MUFASA, ASLAN, MUFASA]
    assert (s.declarer, str(s.contract), s.row, s.bet_debt) == (ASLAN, "under", "under", 10)


# -- Trick example (RULES R, F) ------------------------------------------------------------------
TRICK_DEAL = make_deal(
    "9C 1D 2D 3D 4D 5D 6D 7D 8D 9D 1H 3H",  # Aslan
    "1C 2C 2H 4H 5H 6H 7H 8H 9H 1S 2S 3S",  # Leo: clubs and hearts
    "3C 4C 5C 6C 7C 8C 4S 5S 6S 7S 8S 9S",  # Mufasa: clubs, no hearts
)


def test_rulebook_trick_example_trump_hearts():
    """Trick example: Trump (Hearts); Aslan leads 9C; Leo, holding clubs and hearts, plays 2H
    (may trump); Mufasa, with clubs and no hearts, must follow and plays 7C; Leo wins 16 points."""
    s = new_game()
    s.apply_deal(TRICK_DEAL)
    for a in ["trump(H)", "pass", "pass"]:
        s.apply_action(a)
    assert (s.declarer, str(s.contract)) == (ASLAN, "trump(H)")
    s.apply_action("9C")
    assert s.current_player() == LEO
    assert set(s.legal_moves()) == {"1C", "2C", "2H", "4H", "5H", "6H", "7H", "8H", "9H"}
    s.apply_action("2H")
    assert s.current_player() == MUFASA
    assert set(s.legal_moves()) == {"3C", "4C", "5C", "6C", "7C", "8C"}
    assert s.trick_winner_so_far() == LEO
    s.apply_action("7C")
    (trick,) = s.tricks
    assert strs(trick.cards) == ["9C", "2H", "7C"]
    assert (trick.leader, trick.winner) == (ASLAN, LEO)
    assert trick.reason.startswith("2H wins")
    assert s.side_points == [0, 16, 0]
    assert s.tricks_won == [0, 1, 0]
    assert s.current_player() == LEO  # the winner leads the next trick


# -- Scoring example (RULES S, D10) --------------------------------------------------------------
def test_rulebook_scoring_example_on_the_pad():
    """Scoring example: Under (worth 2, D10) completed by Leo with 75; Aslan 59, Mufasa 33:
    Leo +2, Aslan 0, Mufasa -2."""
    pad = Pad(parse_setup("standard"), sides=3)
    under = pad.row_index("under")
    assert pad.rows[under].value == 2
    assert pad.record(under, ASLAN, 59) is False
    assert pad.record(under, MUFASA, 33) is False
    assert pad.row_points[under] is None
    assert pad.record(under, LEO, 75) is True
    assert pad.order[under] == [ASLAN, MUFASA, LEO]
    assert pad.row_points[under] == [0, 2, -2]
    assert pad.game_points == [0, 2, -2]


def test_rulebook_scoring_example_tie_goes_to_earlier_completion():
    """Scoring example: if Leo had 59, tied with Aslan, Aslan (who finished Under before Leo)
    gets +2."""
    pad = Pad(parse_setup("standard"), sides=3)
    under = pad.row_index("under")
    pad.record(under, ASLAN, 59)
    pad.record(under, MUFASA, 33)
    pad.record(under, LEO, 59)
    assert pad.row_points[under] == [2, 0, -2]
    row = pad.rows[under]
    assert row_game_points(row, [59, 59, 33], [ASLAN, MUFASA, LEO]) == [2, 0, -2]
    assert row_game_points(row, [59, 59, 33], [LEO, MUFASA, ASLAN]) == [0, 2, -2]


# The scoring example played for real: three rounds of Under whose scores follow from the deals.
ASLAN_KEEPS = {LEO: "1D 2H 5H", MUFASA: "3D 2S 5S"}
MUFASA_KEEPS = {ASLAN: "5D 2H 4H", LEO: "2D 2S 4S"}
LEO_TIE_KEEPS = {MUFASA: "1D 2H 5H", ASLAN: "3D 2S 5S"}


def _scoring_rounds(leo_ties: bool) -> State:
    s = new_game()
    # Round 1, barrel Aslan: Aslan picks Under; 73 - 14 kept points = 59, no debt.
    deal, policy = clubs_deal(ASLAN, ASLAN_KEEPS)
    r1 = play_round(s, ["under", "pass", "pass"], deal, policy)
    assert kept_points(*ASLAN_KEEPS.values()) == 14
    assert (r1.declarer, r1.row, r1.bet_debt) == (ASLAN, "under", 0)
    assert r1.tricks == (9, 3, 0)
    assert (r1.card_points, r1.last_trick, r1.score) == (59, LEO, 59)
    # Round 2, barrel Leo: Leo Trump (Hearts), Mufasa 35 Under; Aslan cannot raise 35.
    deal, policy = clubs_deal(MUFASA, MUFASA_KEEPS)
    s.apply_deal(deal)
    s.apply_action("trump(H)")
    s.apply_action("35 under")
    assert s.legal_moves() == ["pass"]  # Aslan: nothing raises 35 (D8)
    r2 = play_round(s, ["pass", "pass"], None, policy)
    assert kept_points(*MUFASA_KEEPS.values()) == 5
    assert (r2.declarer, r2.row, r2.bet_debt) == (MUFASA, "under", 35)
    assert r2.tricks[MUFASA] == 9 and r2.last_trick != MUFASA
    assert (r2.card_points, r2.score) == (68, 33)  # 73 - 5 = 68; 68 - 35 = 33
    # Round 3, barrel Mufasa.
    if leo_ties:
        deal, policy = clubs_deal(LEO, LEO_TIE_KEEPS)
        r3 = play_round(s, ["pass", "pass", "under"], deal, policy)
        assert (r3.declarer, r3.row, r3.bet_debt, r3.score) == (LEO, "under", 0, 59)
    else:
        # Leo holds every heart and 1C 1D 1S: in Under he wins all 12 tricks.
        r3 = play_round(s, ["trump(H)", "pass", "35 under", "pass"],
                        sweep_deal(LEO, under=True))
        assert (r3.declarer, r3.row, r3.bet_debt) == (LEO, "under", 35)
        assert r3.tricks == (0, 12, 0)
        assert (r3.card_points, r3.last_trick, r3.score) == (100, LEO, 75)  # 100 + 10 - 35
    return s


def test_rulebook_scoring_example_played_in_real_rounds():
    """Scoring example through real rounds: Aslan 59 (1st), Mufasa 33 (2nd), Leo 75 (3rd) in
    Under: Leo +2, Aslan 0, Mufasa -2 (RULES S)."""
    s = _scoring_rounds(leo_ties=False)
    pad = s.pad
    under = pad.row_index("under")
    assert pad.scores[under] == [59, 75, 33]
    assert pad.order[under] == [ASLAN, MUFASA, LEO]
    assert pad.row_points[under] == [0, 2, -2]
    assert s.game_points() == [0, 2, -2]
    assert s.returns() == [0.0, 2.0, -2.0]
    assert s.record()["rounds"][2]["picking"] == ["trump(H)", "pass", "35 under", "pass"]


def test_rulebook_scoring_example_tie_played_in_real_rounds():
    """Scoring example, tie: Leo 59 like Aslan; Aslan completed Under first and gets +2."""
    s = _scoring_rounds(leo_ties=True)
    under = s.pad.row_index("under")
    assert s.pad.scores[under] == [59, 59, 33]
    assert s.pad.row_points[under] == [2, 0, -2]
    assert s.game_points() == [2, 0, -2]


def test_rulebook_standard_game_is_12_rounds_of_4_contracts():
    """Gameplay flow: the standard game lasts 12 rounds (4 contracts, each played by the three
    players); D10 values."""
    g = Game(players=3)
    assert [(r.key, r.value) for r in g.setup.rows] == [
        ("trump", 1), ("under", 2), ("slalom", 2), ("joker", 3)]
    assert g.n_tricks == 12
