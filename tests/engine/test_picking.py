"""The picking phase and Bet Debt (RULES B; D8, D12, D14 setups)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaitea import ChaiTeaError, Game, IllegalAction, IllegalPick, Pass, Pick, State
from tests.engine.conftest import (
    ASLAN,
    LEO,
    MUFASA,
    STANDARD_SPELLINGS,
    new_game,
    play_round,
)

DEBTS = [5, 10, 15, 20, 25, 30, 35]  # D8: step 5, maximum 35 (three players)


def dealt(setup="standard", **options) -> State:
    s = new_game(setup, **options)
    s.apply_deal(11)
    return s


def bet(state: State) -> tuple[int, str, int]:
    """(seat holding the Current Bet, the contract row spelling picked, the Bet Debt)."""
    cb = state.current_bet
    assert cb is not None
    return cb[0], cb[1].split()[-1], state.bet_debt


def refuse(state: State, action, exc: type[Exception] = IllegalPick) -> str:
    before = state.clone()
    with pytest.raises(exc) as e:
        state.apply_action(action)
    assert state == before
    return str(e.value)


# -- the order of speaking ---------------------------------------------------------------------
def test_rules_b_barrel_holder_speaks_first():
    s = dealt()
    assert s.phase == "picking"
    assert s.current_player() == s.barrel == ASLAN
    assert set(s.legal_moves()) == {"pass", *STANDARD_SPELLINGS}


def test_rules_b_barrel_holder_speaks_first_any_seat():
    s = Game(players=3).new_initial_state(barrel=MUFASA)
    s.apply_deal(3)
    assert s.current_player() == MUFASA
    s.apply_action("pass")
    assert s.current_player() == ASLAN  # clockwise = increasing seat number, wrapping


def test_rules_b_hard_pass_skips_the_passer():
    """RULES B: a pass is final for the phase: the passer never speaks again."""
    s = dealt()
    s.apply_action("under")  # Aslan
    s.apply_action("pass")  # Leo
    s.apply_action("5 trump(H)")  # Mufasa
    assert s.current_player() == ASLAN  # Leo passed: skipped
    s.apply_action("10 under")
    assert s.current_player() == MUFASA
    s.apply_action("pass")
    assert s.phase == "play"
    assert (s.declarer, str(s.contract), s.bet_debt) == (ASLAN, "under", 10)


def test_rules_b_phase_ends_when_play_comes_back_to_the_current_bet():
    """RULES B: after the latest pick, once every other eligible non-passed player has passed,
    that player is the declarer, with the debt of their last pick."""
    s = dealt()
    s.apply_action("pass")  # Aslan
    s.apply_action("under")  # Leo
    assert bet(s)[:2] == (LEO, "under")
    s.apply_action("pass")  # Mufasa; Aslan already passed
    assert s.phase == "play"
    assert (s.declarer, str(s.contract), s.bet_debt, s.row) == (LEO, "under", 0, "under")


def test_rules_b_outbid_player_may_pick_again_and_change_contract():
    """RULES B (rulebook example 4): a player may pick again after being outbid, and change
    contract; play stops at the holder of the Current Bet."""
    s = dealt()
    s.apply_action("trump(C)")  # Aslan
    s.apply_action("5 under")  # Leo
    s.apply_action("pass")  # Mufasa
    s.apply_action("10 slalom(low)")  # Aslan, a different contract
    assert s.current_player() == LEO
    s.apply_action("15 trump(D)")  # Leo changes contract too
    assert s.current_player() == ASLAN
    s.apply_action("pass")
    assert (s.declarer, str(s.contract), s.bet_debt, s.row) == (LEO, "trump(D)", 15, "trump")


def test_rules_b_declarer_leads_first_trick():
    """RULES B: the declarer leads the first trick."""
    s = dealt()
    s.apply_action("pass")
    s.apply_action("pass")
    s.apply_action("slalom(high)")  # Mufasa picks; Aslan and Leo already passed
    assert s.phase == "play"
    assert s.declarer == MUFASA
    assert s.current_player() == MUFASA
    assert s.trick_leader == MUFASA
    assert s.trick == []


# -- forced pick --------------------------------------------------------------------------------
def test_rules_b_forced_pick_when_all_pass():
    """RULES B: if every eligible player passes, the barrel holder must pick, with no debt."""
    s = dealt()
    for _ in range(3):
        s.apply_action("pass")
    assert s.phase == "picking"
    assert s.forced
    assert s.current_player() == ASLAN
    assert set(s.legal_moves()) == set(STANDARD_SPELLINGS)  # no pass, no debt
    assert "pass" in refuse(s, "pass")
    refuse(s, "5 under")
    s.apply_action("under")
    assert (s.declarer, str(s.contract), s.bet_debt) == (ASLAN, "under", 0)


# -- Bet Debt (D8) -------------------------------------------------------------------------------
def test_d8_first_pick_with_debt_refused():
    """D8: the first pick of a phase carries no Bet Debt, whoever makes it."""
    s = dealt()
    msg = refuse(s, "5 under")
    assert "debt" in msg.lower()
    s.apply_action("pass")
    refuse(s, "5 under")  # Leo's pick is still the first of the phase
    refuse(s, "10 trump(H)")
    s.apply_action("under")
    assert bet(s) == (LEO, "under", 0)


def test_d8_zero_debt_written_out_is_no_debt():
    """RECORD picking: DEBT omitted or 0 means none; DEBT may have leading zeros."""
    s = dealt()
    s.apply_action("0 under")
    assert bet(s)[:2] == (ASLAN, "under")
    s.apply_action("05 trump(H)")
    assert bet(s) == (LEO, "trump(H)", 5)


def test_d8_later_picks_must_raise_in_steps_of_5_up_to_35():
    """D8: every later pick must raise the Bet Debt, in multiples of the step 5, at most 35."""
    s = dealt()
    s.apply_action("under")
    want = {"pass"} | {f"{d} {sp}" for d in DEBTS for sp in STANDARD_SPELLINGS}
    assert set(s.legal_moves()) == want
    assert not any(m.startswith("0 ") for m in s.legal_moves())
    refuse(s, "trump(H)")  # no raise
    refuse(s, "0 trump(H)")
    refuse(s, "7 trump(H)")  # not a step
    refuse(s, "40 trump(H)")  # above the maximum
    refuse(s, "36 trump(H)")
    s.apply_action("20 trump(H)")
    assert s.bet_debt == 20
    want = {"pass"} | {f"{d} {sp}" for d in (25, 30, 35) for sp in STANDARD_SPELLINGS}
    assert set(s.legal_moves()) == want
    refuse(s, "20 under")  # equal is no raise
    refuse(s, "15 under")
    s.apply_action("35 under")
    assert s.current_player() == ASLAN
    assert s.legal_moves() == ["pass"]  # nothing raises 35
    refuse(s, "40 under")


def test_d8_step_and_maximum_for_three_players():
    g = Game(players=3)
    assert (g.step, g.max_debt) == (5, 35)


# -- D12 ----------------------------------------------------------------------------------------
def test_d12_raise_may_name_the_same_contract():
    """D12: a raise may name a row that plays the same contract as the Current Bet."""
    s = dealt()
    s.apply_action("under")
    assert "5 under" in s.legal_moves()
    s.apply_action("5 under")
    s.apply_action("pass")
    s.apply_action("pass")
    assert (s.declarer, str(s.contract), s.bet_debt) == (LEO, "under", 5)


def test_d12_option_refuses_same_contract_raise():
    """D12 option same_contract_raise=False: a raise must change contract."""
    s = dealt(same_contract_raise=False)
    s.apply_action("trump(H)")
    assert "5 trump(H)" not in s.legal_moves()
    assert "5 trump(S)" in s.legal_moves()
    assert "5 under" in s.legal_moves()
    refuse(s, "5 trump(H)")
    refuse(s, "35 trump(H)")
    # reading tested: a Joker naming the Current Bet's contract plays that same contract
    assert "5 joker=trump(H)" not in s.legal_moves()
    assert "5 joker=trump(C)" in s.legal_moves()
    s.apply_action("5 under")
    assert "10 under" not in s.legal_moves()
    refuse(s, "10 under")
    s.apply_action("10 trump(H)")  # back to the first contract: differs from the Current Bet
    assert bet(s)[:2] == (MUFASA, "trump(H)")


# -- rows and spellings -------------------------------------------------------------------------
def test_rules_b_completed_row_refused_but_joker_may_name_it():
    """RULES B: a player may pick only rows they have open; a Joker may name any contract
    another row plays, even one the player completed."""
    s = new_game()
    play_round(s, ["under", "pass", "pass"], deal=1)  # Aslan completes Under
    s.apply_deal(2)
    assert s.current_player() == LEO  # the barrel moved on
    s.apply_action("pass")
    s.apply_action("pass")
    assert s.current_player() == ASLAN
    assert "under" not in s.legal_moves()
    assert "joker=under" in s.legal_moves()
    msg = refuse(s, "under")
    assert "under" in msg
    s.apply_action("joker=under")
    assert (s.declarer, s.row, str(s.contract)) == (ASLAN, "joker", "under")


def test_rules_b_joker_never_names_a_joker_or_a_contract_of_no_row():
    """RULES B: a Joker pick names a contract another row plays; never another Joker."""
    s = dealt()
    joker = sorted(m for m in s.legal_moves() if m.startswith("joker="))
    assert joker == sorted(f"joker={c}" for c in
                           ("trump(C)", "trump(D)", "trump(H)", "trump(S)", "under",
                            "slalom(high)", "slalom(low)"))
    for bad in ("joker=joker", "joker", "joker=over", "joker=middle", "joker=pyramid(high)",
                "joker=trump-under(H)", "joker=joker=under"):
        refuse(s, bad, IllegalAction)


def test_rules_b_unknown_or_miscased_spelling_refused():
    s = dealt()
    for bad in ("Under", "UNDER", "trump", "trump(h)", "under ", "5  under", "-5 under",
                "slalom", "hearts-trump", "over", "bid"):
        refuse(s, bad, ChaiTeaError)


def test_d14_long_setup_joker_rows_fill_in_order():
    """RULES B, D14: Long has three Joker rows; a Joker pick fills the first open one in setup
    order (joker, joker#2, joker#3); Joker picks may name the contracts of the Long rows."""
    s = new_game("long")
    s.apply_deal(1)
    joker = {m for m in s.legal_moves() if m.startswith("joker=")}
    assert joker == {f"joker={c}" for c in ("trump(C)", "trump(S)", "trump(D)", "trump(H)",
                                            "under", "over", "slalom(high)", "slalom(low)",
                                            "pyramid(high)", "pyramid(low)")}
    rows = []
    # round 1, barrel Aslan
    s.apply_action("joker=under")
    s.apply_action("pass")
    s.apply_action("pass")
    rows.append(s.row)
    play_round(s, [])
    # round 2, barrel Leo
    play_round(s, ["pass", "pass", "joker=over"], deal=2)
    rows.append(s.round_results[-1].row)
    # round 3, barrel Mufasa; the alias joker=black-trump(C) names trump(C) (RECORD)
    play_round(s, ["pass", "joker=black-trump(C)", "pass"], deal=3)
    rows.append(s.round_results[-1].row)
    assert rows == ["joker", "joker#2", "joker#3"]
    assert [(r.declarer, str(r.contract)) for r in s.round_results] == [
        (ASLAN, "under"), (ASLAN, "over"), (ASLAN, "trump(C)")]
    pad = s.pad
    for key in ("joker", "joker#2", "joker#3"):
        assert pad.order[pad.row_index(key)] == [ASLAN]
    # round 4, barrel Aslan again: no Joker row left open for him
    s.apply_deal(4)
    assert s.current_player() == ASLAN
    assert not any(m.startswith("joker=") for m in s.legal_moves())
    refuse(s, "joker=under")


def test_d14_long_setup_trump_rows_by_colour():
    """D14 Long: Black Suit Trump allows C or S, Red Suit Trump D or H (RECORD spellings)."""
    s = new_game("long")
    s.apply_deal(1)
    moves = set(s.legal_moves())
    assert {"black-trump(C)", "black-trump(S)", "red-trump(D)", "red-trump(H)"} <= moves
    assert "black-trump(H)" not in moves
    assert "trump(H)" not in moves
    refuse(s, "black-trump(D)", ChaiTeaError)
    s.apply_action("red-trump(H)")
    s.apply_action("pass")
    s.apply_action("pass")
    assert (s.row, str(s.contract)) == ("red-trump", "trump(H)")


def test_d14_short_setup_slalom_or_pyramid():
    """D14 Short: one row Slalom/Pyramid; the declarer plays either."""
    s = new_game("short")
    s.apply_deal(1)
    assert set(s.legal_moves()) == {"pass", "trump(C)", "trump(D)", "trump(H)", "trump(S)",
                                    "slalom(high)", "slalom(low)", "pyramid(high)",
                                    "pyramid(low)"}
    s.apply_action("pyramid(low)")
    s.apply_action("pass")
    s.apply_action("pass")
    assert (s.row, str(s.contract)) == ("slalom/pyramid", "pyramid(low)")


def test_record_pick_fills_first_open_row_that_accepts_it():
    """RECORD setup: slalom(high) fills slalom or slalom/pyramid, whichever comes first."""
    setup = [{"row": "slalom/pyramid", "value": 2}, {"row": "slalom", "value": 1},
             {"row": "under", "value": 2}]
    s = new_game(setup)
    r1 = play_round(s, ["slalom(high)", "pass", "pass"], deal=1)
    play_round(s, ["pass", "pass", "pass", "under"], deal=2)  # forced pick, Leo
    play_round(s, ["pass", "slalom(low)", "pass"], deal=3)  # barrel Mufasa; Aslan picks
    r3 = s.round_results[-1]
    assert (r1.declarer, r1.row) == (ASLAN, "slalom/pyramid")
    assert (r3.declarer, r3.row) == (ASLAN, "slalom")


def test_record_trump_spelling_never_fills_a_fixed_suit_row():
    """RECORD: a pick spelling fills only rows whose own spelling it is (trump(H) never fills
    hearts-trump)."""
    setup = [{"row": "hearts-trump", "value": 1}, {"row": "trump", "value": 1}]
    s = new_game(setup)
    s.apply_deal(1)
    assert {"hearts-trump", "trump(H)"} <= set(s.legal_moves())
    s.apply_action("trump(H)")
    s.apply_action("pass")
    s.apply_action("pass")
    assert s.row == "trump"
    play_round(s, [])
    play_round(s, ["pass", "pass", "hearts-trump"], deal=2)
    assert s.round_results[-1].row == "hearts-trump"


# -- eligibility, skipped players, lone player, the barrel --------------------------------------
ONE_ROW = [{"row": "under", "value": 2}]


def test_rules_b_players_without_open_rows_are_skipped_and_never_raise():
    """RULES B: players with no open rows pass automatically (not written in the record) and
    never speak, so they cannot bid up others."""
    s = new_game(ONE_ROW)
    play_round(s, ["under", "pass", "pass"], deal=1)  # Aslan has no row left
    s.apply_deal(2)
    assert s.eligible == [LEO, MUFASA]
    assert s.current_player() == LEO
    s.apply_action("under")
    assert s.current_player() == MUFASA
    s.apply_action("pass")  # Aslan is not asked
    assert (s.phase, s.declarer) == ("play", LEO)
    assert s.record()["rounds"][1]["picking"] == ["under", "pass"]


def test_rules_b_skipped_players_and_forced_pick():
    s = new_game(ONE_ROW)
    play_round(s, ["under", "pass", "pass"], deal=1)
    s.apply_deal(2)
    s.apply_action("pass")  # Leo
    assert s.current_player() == MUFASA
    s.apply_action("pass")  # Mufasa: everyone eligible passed
    assert s.forced and s.current_player() == LEO
    s.apply_action("under")
    assert s.declarer == LEO
    assert s.record()["rounds"][1]["picking"] == ["pass", "pass", "under"]


def test_rules_b_barrel_moves_from_the_holder_not_the_declarer():
    """RULES B: between rounds the barrel goes to the next eligible player clockwise from the
    current barrel holder (not from the declarer)."""
    s = new_game()
    play_round(s, ["pass", "pass", "under"], deal=1)  # barrel Aslan, declarer Mufasa
    assert s.round_results[-1].declarer == MUFASA
    assert s.phase == "deal"
    assert s.barrel == LEO
    nxt = s.next_picking()
    assert nxt is not None and nxt[0] == LEO
    s.apply_deal(2)
    assert s.current_player() == LEO


def test_rules_b_barrel_eligibility_judged_after_scoring():
    """RULES B: eligibility for the barrel is judged after the round is scored."""
    s = new_game(ONE_ROW)
    play_round(s, ["pass", "under", "pass"], deal=1)  # Leo completes his only row
    assert s.barrel == MUFASA  # Leo, next from Aslan, has no open row any more


def test_rules_b_lone_eligible_player_keeps_barrel_and_cannot_pass():
    """RULES B: if no other player is eligible the holder keeps the barrel; a lone eligible
    player picks at once ("pass" is refused)."""
    s = new_game(ONE_ROW)
    play_round(s, ["pass", "pass", "under"], deal=1)  # Mufasa done; barrel to Leo
    assert s.barrel == LEO
    play_round(s, ["pass", "under"], deal=2)  # Leo passes, Aslan picks: Leo already passed
    assert s.round_results[-1].declarer == ASLAN
    assert s.barrel == LEO  # the only eligible player keeps it
    s.apply_deal(3)
    assert s.eligible == [LEO]
    assert s.current_player() == LEO
    assert s.legal_moves() == ["under"]
    msg = refuse(s, "pass")
    assert "pass" in msg
    s.apply_action("under")
    assert (s.phase, s.declarer, s.bet_debt) == ("play", LEO, 0)


def test_rules_b_actions_as_values_and_ids():
    s = dealt()
    g = s.game
    s.apply_action(Pass())
    s.apply_action(g.pick_ids[("under", 0)])
    assert bet(s)[:2] == (LEO, "under")
    s.apply_action(Pick("trump(H)", 10))
    assert bet(s) == (MUFASA, "trump(H)", 10)
    refuse(s, Pick("under", 10))
    refuse(s, g.pick_ids[("under", 5)])


def test_d13_avoidance_row_spellings():
    """RECORD: ``avoidance-X`` rows are picked as ``avoidance-`` + X's spelling."""
    s = new_game([{"row": "avoidance-trump", "value": 1}, {"row": "under", "value": 2,
                                                           "avoidance": True}])
    s.apply_deal(1)
    assert set(s.legal_moves()) == {"pass", "avoidance-under", "avoidance-trump(C)",
                                    "avoidance-trump(D)", "avoidance-trump(H)",
                                    "avoidance-trump(S)"}
    refuse(s, "under", ChaiTeaError)
    refuse(s, "trump(H)", ChaiTeaError)
    s.apply_action("avoidance-trump(H)")
    s.apply_action("pass")
    s.apply_action("pass")
    assert (s.row, str(s.contract)) == ("avoidance-trump", "trump(H)")


# -- a reference of RULES B over whole random games ------------------------------------------------
ROW_SPELLINGS = {
    "trump": ["trump(C)", "trump(D)", "trump(H)", "trump(S)"],
    "under": ["under"],
    "slalom": ["slalom(high)", "slalom(low)"],
    "joker": [sp for sp in STANDARD_SPELLINGS if sp.startswith("joker=")],
}


def _row_of(spelling: str) -> str:
    if spelling.startswith("joker="):
        return "joker"
    return spelling.split("(")[0]


class RefPicking:
    """RULES B for three players and the standard setup, written plainly."""

    def __init__(self, open_rows: dict[int, set[str]], barrel: int) -> None:
        self.open = open_rows
        self.eligible = [s for s in range(3) if open_rows[s]]
        self.barrel = barrel
        self.turn = barrel
        self.passed: set[int] = set()
        self.bet: tuple[int, str, int] | None = None
        self.forced = False
        self.result: tuple[int, str, int] | None = None

    def picks(self, seat: int) -> list[str]:
        return [sp for row in ("trump", "under", "slalom", "joker") if row in self.open[seat]
                for sp in ROW_SPELLINGS[row]]

    def legal(self) -> set[str]:
        picks = self.picks(self.turn)
        if self.forced:
            return set(picks)
        if self.bet is None:
            return set(picks) | ({"pass"} if len(self.eligible) > 1 else set())
        return {"pass"} | {f"{d} {sp}" for d in range(self.bet[2] + 5, 36, 5) for sp in picks}

    def apply(self, move: str) -> None:
        seat = self.turn
        if move == "pass":
            self.passed.add(seat)
        else:
            debt, _, spelling = move.rpartition(" ")
            pick = (seat, spelling, int(debt or 0))
            if self.forced:
                self.result = pick
                return
            self.bet = pick
        nxt = next((q for q in ((seat + k) % 3 for k in range(1, 4))
                    if q in self.eligible and q not in self.passed), None)
        if self.bet is not None:
            if nxt == self.bet[0]:
                self.result = self.bet
            else:
                assert nxt is not None
                self.turn = nxt
        elif nxt is None:
            self.forced = True
            self.turn = self.barrel
        else:
            self.turn = nxt


@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2))
def test_rules_b_d8_whole_games_match_reference(rnd: random.Random, barrel: int):
    """RULES B and D8 over whole random games: at every picking step the legal actions are the
    reference's (Hard Pass, forced pick, lone player, raises in steps of 5 up to 35, open rows
    only, Joker picks); picking ends with the reference's declarer, contract and debt; the barrel
    moves clockwise from the holder to the next player with an open row."""
    s = Game(players=3).new_initial_state(barrel=barrel)
    open_rows = {seat: {"trump", "under", "slalom", "joker"} for seat in range(3)}
    for round_no in range(12):
        s.apply_deal(rnd.randrange(10**6))
        assert s.barrel == barrel
        ref = RefPicking(open_rows, barrel)
        while ref.result is None:
            assert s.phase == "picking"
            assert s.current_player() == ref.turn
            legal = ref.legal()
            assert set(s.legal_moves()) == legal
            moves = sorted(legal)
            move = "pass" if "pass" in legal and rnd.random() < 0.5 else rnd.choice(moves)
            s.apply_action(move)
            ref.apply(move)
        declarer, spelling, debt = ref.result
        contract = spelling.removeprefix("joker=")
        assert s.phase == "play"
        assert (s.declarer, str(s.contract), s.bet_debt, s.row) == (
            declarer, contract, debt, _row_of(spelling))
        while s.phase == "play":
            s.apply_action(rnd.choice(s.legal_actions()))
        open_rows[declarer].discard(_row_of(spelling))
        if round_no < 11:
            barrel = next(q for q in ((barrel + k) % 3 for k in (1, 2, 3)) if open_rows[q])
    assert s.is_terminal()
    assert not any(open_rows.values())


def test_record_each_row_has_its_pick_spellings():
    """RECORD: each row's pick spelling, as ``legal`` lists them (trump-under(S),
    trump-slalom(S,high), black-trump(C|S), fixed suits by name, joker= + a contract)."""
    rows = ["over", "middle", "pyramid", "trump-under", "trump-middle", "trump-slalom",
            "trump-pyramid", "spades-trump", "black-trump", "red-trump", "joker"]
    s = new_game([{"row": r, "value": 1} for r in rows])
    s.apply_deal(1)
    suits = "CDHS"
    contracts = (
        ["over", "middle", "pyramid(high)", "pyramid(low)"]
        + [f"trump-under({x})" for x in suits] + [f"trump-middle({x})" for x in suits]
        + [f"trump-slalom({x},{d})" for x in suits for d in ("high", "low")]
        + [f"trump-pyramid({x},{d})" for x in suits for d in ("high", "low")]
    )
    row_picks = contracts + ["spades-trump", "black-trump(C)", "black-trump(S)",
                             "red-trump(D)", "red-trump(H)"]
    # a Joker names contracts: the trump rows play trump(C|D|H|S) (spades-trump: trump(S))
    joker = [f"joker={c}" for c in contracts + [f"trump({x})" for x in suits]]
    assert set(s.legal_moves()) == {"pass", *row_picks, *joker}
    s.apply_action("trump-slalom(H,low)")
    s.apply_action("pass")
    s.apply_action("pass")
    assert (s.row, str(s.contract)) == ("trump-slalom", "trump-slalom(H,low)")
