"""The teaching deals (chaitea.records.teaching_deals, played by chaitea.records.teaching): each
deal's claim checked with the engine under the scripted play; the script makes the lesson go the
same way every time; a learner who strays meets legal cards."""

from __future__ import annotations

import pytest

from chaitea.records.teaching import (
    CarefulBot,
    ScriptedBot,
    careless_round,
    play_script,
    reference_round,
    script_of,
)
from chaitea.records.teaching_deals import DEALS, deals_for


def test_lessons_2_to_6_have_two_deals_each() -> None:
    for lesson in (2, 3, 4, 5, 6):
        assert len(deals_for(lesson)) >= 2, lesson


def test_under_beats_trump_with_this_hand() -> None:
    d = DEALS["under-beats-trump"]
    under = reference_round(d).score
    trumps = {s: reference_round(d, f"trump({s})").score for s in "CDHS"}
    assert under > max(trumps.values())  # better than Trump in every suit
    assert max(trumps, key=trumps.__getitem__) == "C" == d.compare_with[-2]


def test_slalom_first_direction_decides() -> None:
    d = DEALS["slalom-first-direction"]
    assert reference_round(d, "slalom(high)").score >= reference_round(d, "slalom(low)").score + 30


def test_bet_debt_worth_taking_and_not() -> None:
    yes = DEALS["debt-worth-taking"]
    with_debt = reference_round(yes)
    assert with_debt.bet_debt == 5 and with_debt.score >= 50
    assert with_debt.score > reference_round(yes, "trump(H)", 0).score  # Leo's pick for Aslan
    no = DEALS["debt-not-worth-taking"]
    costly = reference_round(no)
    assert costly.bet_debt == 35 and costly.score <= 0
    assert reference_round(no, no.contract, 0).score >= 25  # the cards alone were worth a score


def test_careful_defence_keeps_points_from_the_declarer() -> None:
    d = DEALS["defence-keeps-points"]
    assert d.learner != d.declarer
    assert careless_round(d).score >= reference_round(d).score + 25


def test_careful_declarer_keeps_the_points() -> None:
    d = DEALS["cheap-winners"]
    assert d.learner == d.declarer and d.foil
    assert reference_round(d).score >= careless_round(d).score + 25


def test_a_round_score_below_zero() -> None:
    d = DEALS["below-zero"]
    r = reference_round(d)
    bonus = 10 if r.last_trick == d.declarer else 0
    assert r.score < 0 and r.score == r.card_points + bonus - 35


def test_slalom_fits_this_hand_best() -> None:
    d = DEALS["choose-slalom"]
    scores = {c: reference_round(d, c).score for c in
              ("trump(C)", "trump(D)", "trump(H)", "trump(S)", "under", "slalom(high)",
               "slalom(low)")}
    assert max(scores, key=scores.__getitem__) == "slalom(low)"
    assert scores["slalom(low)"] >= scores["under"] + 15


def test_the_trump_suit_matters() -> None:
    d = DEALS["choose-the-trump-suit"]
    scores = {s: reference_round(d, f"trump({s})").score for s in "CDHS"}
    assert max(scores, key=scores.__getitem__) == "H"
    assert scores["H"] >= 3 * scores["S"]


def test_last_trick_counts() -> None:
    d = DEALS["last-trick-counts"]
    r = reference_round(d)
    assert r.last_trick == d.declarer and r.score == r.card_points + 10


@pytest.mark.parametrize("key", sorted(DEALS))
def test_the_script_replays_the_same_way(key: str) -> None:
    d = DEALS[key]
    runs = []
    for _ in range(2):
        state = d.start()
        bot, me = d.bots(), CarefulBot()
        while not state.is_terminal():
            who = me if state.current_player() == d.learner else bot
            state.apply_action(who.act(state))
        runs.append(state.history())
        assert bot.deviations == 0  # a careful learner meets the script exactly
    assert runs[0] == runs[1]
    assert runs[0] == play_script(d.start(), CarefulBot()).history()
    assert sorted(script_of(d)) == sorted(s for s in range(d.players) if s != d.learner)


def test_a_learner_who_strays_meets_legal_cards() -> None:
    d = DEALS["under-beats-trump"]
    state = d.start()
    bot = ScriptedBot(script_of(d))
    while not state.is_terminal():
        if state.current_player() == d.learner:
            state.apply_action(state.legal_actions()[-1])  # not the careful card
        else:
            state.apply_action(bot.act(state))  # always legal (apply_action checks)
    assert state.round_results
