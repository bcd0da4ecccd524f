"""The coach on the Jass games (RULES J): advice at the contract choice, a hint
in play, a review after a round, through their Python API; the exact search of the review."""

from __future__ import annotations

import math
import random

import pytest

from chaitea import Deal
from chaitea.ai.coach import advise, hint, review
from chaitea.ai.table_bots import JassRound, camps, exact_values, make_jass_bot
from chaitea.core.cards import JASS
from chaitea.engine.driver import JassState
from chaitea.rulesets import jass_game


def _deal(hands: list[str], name: str = "schieber", first: int = 0) -> JassState:
    """A Schieber round (to 1000, no multipliers) from an explicit deal."""
    g = jass_game(name, no_multipliers=True)
    st = g.new_initial_state(forehand=first)
    st.apply_deal(Deal(tuple(tuple(JASS.cards[JASS.index_of(c)] for c in h.split())
                             for h in hands)))
    return st


STRONG_BELLS = ["JH 9H AH KH 10H AC AS 6D 7D",
                "QH 8H 7H KS QS 10C 6C 8D 7S",
                "6H JS 9S 10S QC JC 8C KD QD",
                "AD JD 10D 9D 9C 7C 6S 8S KC"]


def test_advise_at_the_schieber_choice() -> None:
    """One row per legal choice (push included), means inside their 95% intervals; with the
    Puur, Näll, A, K, 10 of Bells the advice is Bells, the push worth less (no multipliers:
    with them Obenabe's ×3 outweighs Bells' ×2 for this hand's two aces)."""
    st = _deal(STRONG_BELLS)
    a = advise(st, samples=12, seed=1)
    assert sorted(a.table["pick"]) == sorted(st.legal_moves())
    assert (a.table["low"] <= a.table["mean"]).all() and (a.table["mean"] <= a.table["high"]).all()
    assert a.recommended == "trump(H)" and a.action == st.game.action_ids["trump(H)"]
    means = dict(zip(a.table["pick"], a.table["mean"], strict=True))
    assert means["trump(H)"] > means["push"] and means["trump(H)"] > means["trump(C)"]
    assert a.seat == 0 and "<b>trump(H)</b>" in a._repr_html_()


def test_advise_in_coiffeur_weighs_rows_against_their_baseline() -> None:
    """Coiffeur-Schieber (3 players): every open row valued, a finite baseline per row (what
    it is worth later), the recommendation legal (a row, or pass when no row beats its
    baseline by the margin)."""
    st = jass_game("coiffeur-schieber", 3).new_initial_state(seed=8)
    a = advise(st, samples=6, seed=2)
    legal = st.legal_moves()
    assert set(a.table["pick"]) == set(legal) - {"pass"}
    assert a.table["baseline"].map(math.isfinite).all()
    assert a.recommended in legal
    top = a.table.iloc[0]
    assert top["margin"] == a.table["margin"].max()
    assert a.recommended == ("pass" if "pass" in legal and top["margin"] < 6.0 else top["pick"])


def test_advise_refuses_outside_the_choice() -> None:
    st = _deal(STRONG_BELLS)
    st.apply_action("trump(H)")
    with pytest.raises(ValueError, match="picking"):
        advise(st)


def test_hint_in_jass_play() -> None:
    """Every legal card valued, best first; the hint's card is legal and of the best mean; the
    Puur lead (draw trumps) is rated at least as high as a low plain card."""
    st = _deal(STRONG_BELLS)
    st.apply_action("trump(H)")
    h = hint(st, samples=10, seed=3)
    assert sorted(h.table["card"]) == sorted(st.legal_moves())
    assert h.best == h.table.iloc[0]["card"] and h.action in st.legal_actions()
    assert list(h.table["mean"]) == sorted(h.table["mean"], reverse=True)
    means = dict(zip(h.table["card"], h.table["mean"], strict=True))
    assert means["JH"] >= means["6D"]
    with pytest.raises(ValueError, match="play"):
        hint(jass_game("schieber").new_initial_state(seed=1))


def test_review_of_a_schieber_round() -> None:
    """After a round: one row per play of the seat (9), the last four tricks solved by the
    double-dummy solver (lost >= 0, a forced last card loses nothing; a card losing nothing is
    among the best cards), earlier ones unsolved; the record gives the same review."""
    st = jass_game("schieber", no_multipliers=True).new_initial_state(seed=6)
    bots = [make_jass_bot("rule" if s % 2 == 0 else "random", seed=s) for s in range(4)]
    while not st.round_results:
        st.apply_action(bots[st.current_player()].act(st))
    for seat in range(4):
        t = review(st, seat)
        assert len(t) == 9 and list(t["trick"]) == list(range(1, 10))
        solved = t[t["trick"] >= 6]
        assert (solved["lost"] >= 0).all() and t.iloc[-1]["lost"] == 0
        assert t[t["trick"] < 6]["lost"].isna().all()
        assert all(c in b.split() for c, b, lost in zip(solved["card"], solved["best_cards"],
                                                         solved["lost"], strict=True)
                   if lost == 0 and b)
    assert review(st.record(), 0).equals(review(st, 0))
    with pytest.raises(ValueError, match="round_number"):
        review(st, 0, round_number=5)


def test_review_of_coiffeur_and_basic_jass_rounds() -> None:
    for name, players in (("coiffeur", 4), ("jass", 4), ("coiffeur-schieber", 3)):
        g = jass_game(name, players)
        st = g.new_initial_state(seed=2)
        bots = [make_jass_bot("random", seed=s) for s in range(players)]
        while not st.round_results:
            st.apply_action(bots[st.current_player()].act(st))
        t = review(st, 1)
        assert len(t) == g.n_tricks and (t[t["trick"] > g.n_tricks - 4]["lost"] >= 0).all()
        assert t[t["trick"] <= g.n_tricks - 4]["lost"].isna().all()


def _plain_minimax(r: JassRound, camp_of: tuple[int, ...], seat: int, sign: int) -> int:
    if r.done:
        return r.camp_value(camp_of, seat, sign)
    vals = []
    for c in range(36):
        if r.legal() >> c & 1:
            q = r.copy()
            q.play(c)
            vals.append(_plain_minimax(q, camp_of, seat, sign))
    return max(vals) if camp_of[r.turn] == camp_of[seat] else min(vals)


def test_exact_values_match_plain_minimax_on_300_endings() -> None:
    """The review's exact search against plain minimax (no table) on 300 random endings of
    two tricks, every ruleset and mode played at random into them."""
    rng = random.Random(4)
    games = [("schieber", 4), ("jass", 4), ("coiffeur", 4), ("coiffeur-schieber", 3)]
    checked = 0
    for i in range(300):
        name, players = games[i % len(games)]
        g = jass_game(name, players)
        st = g.new_initial_state(seed=rng.randrange(10**6))
        while st.phase == "picking":
            st.apply_action(rng.choice(st.legal_actions()))
        from chaitea.ai.table_bots import jass_view
        view = jass_view(st, 0)
        hands = [JASS.mask_of([str(c) for c in st.hand(s)]) for s in range(players)]
        assert st.contract is not None
        r = JassRound.start(g, st.contract, view.trumps, st.forehand, hands, st.declarer)
        while r.trick_no < g.n_tricks - 2 or (rng.random() < 0.3 and r.trick):
            if r.trick_no >= g.n_tricks - 2 and len(r.trick) == players - 1:
                break
            legal = [c for c in range(36) if r.legal() >> c & 1]
            r.play(rng.choice(legal))
        camp_of = camps(g, st.declarer)
        seat = rng.randrange(players)
        sign = rng.choice((1, -1))
        vals = exact_values(r, camp_of, seat, sign)
        for c, v in vals.items():
            q = r.copy()
            q.play(c)
            assert v == _plain_minimax(q, camp_of, seat, sign)
        checked += 1
    assert checked == 300


def test_solver_values_match_the_exact_search_on_200_endings() -> None:
    """The double-dummy solver on a world (chaitea.ai.solver's Jass modes, as the Monte Carlo bot
    calls it) gives the exact search's values, card for card, on 200 random endings of two
    tricks for the seat to move where both score the same thing (its side's points and Match:
    Schieber, basic Jass, and the picker in the Coiffeur pads, Misère included)."""
    from chaitea.ai.table_bots import jass_view, lowest_wins, solver_values
    from chaitea.rulesets.jass.scores import PadScore

    rng = random.Random(8)
    games = [("schieber", 4), ("jass", 4), ("coiffeur", 4), ("coiffeur-schieber", 3),
             ("schieber", 6)]
    compared = 0
    for i in range(400):
        name, players = games[i % len(games)]
        g = jass_game(name, players)
        st = g.new_initial_state(seed=rng.randrange(10**6))
        while st.phase == "picking":
            st.apply_action(rng.choice(st.legal_actions()))
        assert st.contract is not None
        view = jass_view(st, 0)
        hands = [g.deck.mask_of(st.hand(s)) for s in range(players)]
        r = JassRound.start(g, st.contract, view.trumps, st.forehand, hands, st.declarer)
        while r.trick_no < g.n_tricks - 2:
            r.play(rng.choice([c for c in range(g.n_cards) if r.legal() >> c & 1]))
        seat = r.turn
        pad = isinstance(g.table.score, PadScore)
        if pad and seat != st.declarer:
            continue
        camp_of = camps(g, st.declarer)
        sign = -1 if lowest_wins(g, st.contract) else 1
        exact = exact_values(r, camp_of, seat, sign)
        assert solver_values(r, seat) == {c: float(v) for c, v in exact.items()}
        compared += 1
        if compared == 200:
            break
    assert compared == 200
