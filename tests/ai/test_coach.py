"""The coach on small cases with known answers."""

from __future__ import annotations

import math

import pytest

from chaitea import Game
from chaitea.ai.bots import make_bot, play_out
from chaitea.ai.coach import advise, hint, review
from chaitea.ai.kernel import play_card, position_of, rules_of
from tests.engine.conftest import make_deal, sweep_deal

from .reference import coalition, minimax


def test_advise_a_sweep_hand() -> None:
    """Every heart and the 9s: Trump (Hearts) and both Slaloms score 110 in every sampled deal
    (a heart lead cannot be followed and the 9s are top in Over tricks, RULES R, S), so their
    intervals have no width; the advice is one of them (the one whose row baseline is lowest),
    and passing is better only above the debt of 110 minus that baseline."""
    g = Game(players=3)
    st = g.new_initial_state()
    st.apply_deal(sweep_deal(0))
    a = advise(st, samples=12, seed=3)
    sweeps = a.table[a.table.pick.isin(["trump(H)", "slalom(high)", "slalom(low)"])]
    assert (sweeps["mean"] == 110).all() and (sweeps["low"] == sweeps["high"]).all()
    assert (sweeps["pass_above"] == 110 - sweeps["baseline"]).all()
    best = sweeps.sort_values("baseline").iloc[0]
    assert a.recommended == best["pick"] and a.action == g.pick_ids[(best["pick"], 0)]
    assert set(a.table.pick) == {m for m in st.legal_moves() if m != "pass"}


def test_advise_a_middling_hand_passes_and_errors() -> None:
    g = Game(players=3)
    st = g.new_initial_state()
    st.apply_deal(make_deal("4C 5C 6C 4D 5D 6D 4S 5S 6S 4H 5H 6H", "", ""))
    a = advise(st, samples=12, seed=3)
    assert a.recommended == "pass" and (a.table.margin <= 0).all()
    st.apply("pass")
    st.apply("pass")
    st.apply("pass")  # everyone passed: the barrel holder must pick (RULES B)
    forced = advise(st, samples=6, seed=1)
    assert forced.recommended != "pass" and forced.recommended in st.legal_moves()
    st.apply(forced.recommended)
    with pytest.raises(ValueError, match="at a pick"):
        advise(st)


def test_advise_takes_the_debt_into_account() -> None:
    """After a pick, a raise costs at least one step: the table shows that debt and a mean
    lowered by it, while the margin over the baseline is unchanged."""
    g = Game(players=3)
    st = g.new_initial_state()
    st.apply_deal(sweep_deal(1))
    st.apply("under")
    a = advise(st, samples=8, seed=2)
    row = a.table[a.table.pick == "trump(H)"].iloc[0]
    assert row["debt"] == 5 and row["mean"] == 105
    assert a.recommended.startswith("5 ") and a.recommended in st.legal_moves()


def test_hint_in_the_sweep() -> None:
    """The declarer holding every heart and the 9s wins every trick whatever it plays: every
    card's expected value is all 110 points, with a zero-width interval."""
    g = Game(players=3)
    st = g.round_state(sweep_deal(0), 0, "trump(H)")
    h = hint(st, samples=5, seed=1)
    assert (h.table["mean"] == 110).all() and (h.table["low"] == 110).all()
    assert h.best in st.legal_moves()
    st.apply_action(h.action)
    d = hint(st, samples=5, seed=1)  # a defender cannot see that: its estimates are positive
    assert (d.table["mean"] > 0).all() and d.seat == 1
    with pytest.raises(ValueError, match="in a round's play"):
        hint(Game(players=3).new_initial_state(seed=1))


def test_hint_late_in_a_round_is_exact_in_every_world() -> None:
    """In the last trick only the seat's own cards are left to choose: the value of each card
    is exact, the same for every sampled world when the other cards are all known."""
    g = Game(players=3)
    st = g.round_state(11, 0, "under")
    while st.trick_number < 11 or st.trick:
        st.apply_action(st.legal_actions()[0])
    h = hint(st, samples=4, seed=0)
    assert len(h.table) == 1 and not math.isnan(h.table["mean"][0])


def test_review_against_plain_minimax() -> None:
    """After a round: each play of the seat in the last three tricks, with the points lost
    against the best card, as plain minimax on the open position gives it; earlier plays are
    listed unsolved."""
    g = Game(players=3)
    st = g.new_initial_state(seed=8)
    play_out(st, [make_bot("random", seed=s) for s in range(3)], until_round_end=True)
    rec = st.record()
    for seat in range(3):
        table = review(rec, seat, round_number=1, max_tricks=3)
        assert len(table) == 12
        assert table["lost"].iloc[:9].isna().all()
        # replay the round and check the solved rows
        replay = Game(players=3).new_initial_state(seed=8)
        for a in rec["rounds"][0]["picking"]:
            replay.apply(a)
        for k, card in enumerate(rec["rounds"][0]["plays"]):
            if replay.current_player() == seat and g.n_tricks - replay.trick_number <= 3:
                rules, pos = rules_of(replay), position_of(replay)
                mine = coalition(rules, seat)
                vals = {}
                for c in replay.legal_actions():
                    child = pos.copy()
                    play_card(rules, child, c)
                    vals[c] = minimax(rules, child, mine, rules.avoidance)
                best = min(vals.values()) if rules.avoidance else max(vals.values())
                row = table[table.step == k + 1].iloc[0]
                played = g.action_id(g.parse_action(card))
                assert played is not None
                assert row["best"] == best and row["played"] == vals[played]
                assert row["lost"] == abs(best - vals[played])
            replay.apply(card)


def test_review_errors() -> None:
    st = Game(players=3).new_initial_state(seed=1)
    with pytest.raises(ValueError, match="no round"):
        review(st, 0)
    play_out(st, [make_bot("random", seed=s) for s in range(3)], until_round_end=True)
    with pytest.raises(ValueError, match="round_number"):
        review(st, 0, round_number=5)


# Recorded before the coach's speed-up (shared playouts, the baselines' warm-up): the same
# seeded positions must get the same advice and the same numbers after it.
ADVICE_BEFORE = {(3, 1): ("slalom(high)", 21.938333), (3, 2): ("under", 34.84),
                 (3, 4): ("pass", -2.018333), (3, 2024): ("trump(S)", 0.196667),
                 (4, 1): ("trump(H)", 5.625), (4, 2): ("under", 12.938333),
                 (4, 4): ("trump(S)", 13.491667), (4, 2024): ("trump(S)", 3.991667)}


@pytest.mark.parametrize(("players", "seed"), sorted(ADVICE_BEFORE))
def test_advice_on_seeded_positions_is_unchanged(players: int, seed: int) -> None:
    st = Game(players=players).new_initial_state(seed=seed)
    a = advise(st, samples=12, seed=seed)
    rec, margin = ADVICE_BEFORE[(players, seed)]
    assert a.recommended == rec and a.table["margin"].iloc[0] == pytest.approx(margin, abs=1e-5)


def test_a_joker_row_shares_its_contracts_playouts_and_warm_up_keeps_the_baselines() -> None:
    """A Joker row playing a contract gets the same sampled scores as that contract's own row
    (one set of playouts for both); ``warm_up`` works out every baseline ``advise`` uses, once."""
    from chaitea.ai import coach

    g = Game(players=3)
    st = g.new_initial_state(seed=2024)
    a = advise(st, samples=6, seed=1, baseline_samples=3)
    for _i, r in a.table[a.table.row == "joker"].iterrows():
        own = a.table[(a.table.row != "joker") & (a.table.contract == r["contract"])].iloc[0]
        assert (r["mean"], r["low"], r["high"]) == (own["mean"], own["low"], own["high"])
    before = coach._baseline_of.cache_info().currsize
    assert coach.warm_up(g, baseline_samples=3) == 7  # 3 players: the standard setup's contracts
    assert coach._baseline_of.cache_info().currsize == before  # advise had needed all 7
    assert coach.warm_up(g, baseline_samples=2) == 7
    assert coach._baseline_of.cache_info().currsize == before + 7
