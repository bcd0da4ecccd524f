"""Deal explorer, ranking explorer, trick lab and quiz: driven by clicks and value changes."""

from __future__ import annotations

import chaitea
from chaitea import STANDARD, Contract, Deal
from chaitea_widgets import DealExplorer, Quiz, RankingExplorer, TrickLab
from tests.widgets.conftest import assert_clean, browser_click, enabled_cards, shown_cards


# ------------------------------------------------------------------ deal explorer
def test_deal_explorer_shows_every_hand_in_the_contracts_order():
    ex = DealExplorer(players=3, seed=7, contract="trump(H)")
    deal = Deal.from_seed(7, 3, STANDARD)
    order = [str(c) for c in chaitea.strength_order(Contract.parse("trump(H)"), 0, STANDARD)]
    for seat in range(3):
        shown = shown_cards(ex.seat_hands[seat])
        assert sorted(shown) == sorted(str(c) for c in deal.hands[seat])
        assert shown == sorted(shown, key=order.index)  # the engine's strength order
        pts = sum(STANDARD.points_of(c) for c in deal.hands[seat])
        assert f"<b>{pts}</b> card points" in ex.seat_heads[seat].value
    assert len(ex.seat_boxes) == len(ex.seat_hands) == len(ex.seat_straws) == 3  # no spares
    assert "100 card points in all" in ex.summary.value
    assert_clean(ex)


def test_deal_explorer_controls_redeal_and_resort():
    ex = DealExplorer(players=3, seed=7)
    first = ex.hands
    ex.shuffle_button.click()
    assert ex.seed.value == 8 and ex.hands != first
    ex.controls.kind.value = "under"
    under = [str(c) for c in chaitea.strength_order(Contract.parse("under"), 0, STANDARD)]
    assert ex.hands[0] == sorted(ex.hands[0], key=under.index)
    ex.controls.kind.value = "slalom"
    ex.controls.trick.value = 2  # trick 2 of Slalom (high) is played Under
    assert ex.hands[0] == sorted(ex.hands[0], key=under.index)
    assert "trick 2" in ex.sort_note.value
    ex.four_colour.value = True
    assert "#1457b8" in ex.seat_hands[0].html or "#1b7a32" in ex.seat_hands[0].html
    assert_clean(ex)


def test_deal_explorer_makes_seat_strips_only_when_needed_and_keeps_them():
    ex = DealExplorer(players=3, seed=7)
    first = list(ex.seat_hands)
    assert ex.deal(players=6)
    assert len(ex.seat_hands) == len(ex.seat_straws) == 6
    assert ex.seat_hands[:3] == first  # grown, not rebuilt
    assert list(ex.felt.children) == [*ex.seat_boxes, ex.aside_box]
    grown = list(ex.seat_hands)
    assert ex.deal(players=2) and ex.deal(seed=9, players=6)
    assert ex.seat_hands == grown  # no new strips for a redeal
    assert ex.deal(players=2)
    assert [b.layout.display for b in ex.seat_boxes] == [None, None] + ["none"] * 4
    assert_clean(ex)


def test_deal_explorer_sort_note_names_the_order_once():
    ex = DealExplorer(players=3, seed=7, contract="over")
    note = ex.sort_note.value
    assert "sorted for <b>Over</b> (the highest rank is strongest)" in note
    assert note.count("Over") == 1 and "trump first" not in note
    assert ex.set_contract("trump(H)")
    assert ("sorted for <b>Trump (Hearts)</b>, played Over (the highest rank is strongest); "
            "trump first") in ex.sort_note.value
    assert ex.set_contract("slalom(high)", trick=2)
    assert "trick 2, played Under (the lowest rank is strongest)" in ex.sort_note.value
    assert_clean(ex)


def test_two_players_show_straw_piles_as_stacks_and_set_aside_backs():
    ex = DealExplorer(players=2, seed=3)
    deal = Deal.from_seed(3, 2, STANDARD)
    assert deal.straw is not None
    for seat in range(2):
        strip = ex.seat_straws[seat]
        assert strip.html.count("ctj-stack") == 5
        for down, up in deal.straw[seat]:
            assert f"{chaitea.draw.svg.card_name(up)} on a face-down card" in strip.html
            assert chaitea.draw.svg.card_name(down) + "," not in strip.html
        assert len(ex.hands[seat]) == 7
    assert ex.aside.html.count("face-down card") == 2
    assert ex.aside_box.layout.display is None


def test_six_players_jokers_and_jass_deck():
    ex = DealExplorer(players=6, seed=2)
    assert ex.deck.value == "six-player" and len(ex.hands) == 6
    assert "200 card points in all" in ex.summary.value
    assert ex.deal(seed=2, players=6, deck="double")
    assert len(ex.hands[0]) == 12
    assert ex.deal(seed=5, players=3, deck="jass")
    assert "Bells" in ex.controls.suit.options[2][0]  # Swiss suit names
    assert "Acorns" in ex.seat_hands[0].html or "Shields" in ex.seat_hands[0].html
    assert not ex.deal(players=5)
    assert "2, 3, 4 or 6" in ex.message
    assert not ex.deal(players=3, deck="double")
    assert "does not fit" in ex.message
    assert not ex.set_contract("trump(X)")
    assert_clean(ex)


# ------------------------------------------------------------------ ranking explorer
def test_ranking_explorer_lists_the_engines_strength_order():
    r = RankingExplorer("trump(H)", led="C")
    expected = [str(c) for c in chaitea.strength_order(Contract.parse("trump(H)"), 0, STANDARD,
                                                       led="C")]
    assert r.order == expected
    assert shown_cards(r.strip) == expected
    assert "Trump: hearts" in r.strip.html and "Led suit: clubs" in r.strip.html
    assert len(shown_cards(r.losers)) == 36 - 18
    r.led.value = ""
    assert len(r.order) == 36
    assert_clean(r)


def test_ranking_explorer_slalom_trick_number_and_middle():
    r = RankingExplorer("slalom(high)", led="S")
    assert r.order[0] == "9S"
    assert r.set_contract("slalom(high)", trick=2)
    assert r.order[0] == "1S"
    assert "Trick 2 of 12" in r.explain.value and "ctj-now" in r.schedule.value
    r.controls.kind.value = "pyramid"
    r.controls.trick.value = 7  # D3: tricks 7-12 flip
    assert r.order[0] == "1S"
    assert r.set_contract("middle")
    assert r.order[:3] == ["5S", "4S", "6S"]
    assert r.set_deck("six-player")
    assert r.order[:2] == ["JK1", "JK2"] and r.order[2] == "7S"  # D4
    assert not r.set_contract("slalom(high)", trick=99)
    assert "99" in r.message
    assert not r.set_led("X")
    assert_clean(r)


# ------------------------------------------------------------------ trick lab
def test_rulebook_trick_example_in_the_trick_lab(names3):
    """Rulebook: contract Trump (Hearts); Aslan leads 9C, Leo plays 2H, Mufasa 7C: Leo wins
    16 points."""
    lab = TrickLab("trump(H)", names=names3)
    for card in ("9C", "2H", "7C"):
        browser_click(lab.deck_strip, card)
    assert lab.trick == ["9C", "2H", "7C"]
    assert lab.winner_name == "Leo" and lab.points == 16
    assert lab.reason == chaitea.trick_winner(Contract.parse("trump(H)"), 0,
                                              ["9C", "2H", "7C"], STANDARD).reason
    assert "Leo wins" in lab.result.value and "16" in lab.result.value
    assert 'class="ctj-card ctj-card-2H ctj-win"' in lab.trick_strip.html
    assert enabled_cards(lab.deck_strip) == []  # the trick is complete
    assert lab.status.kind == "ok"
    assert_clean(lab)


def test_trick_lab_refusals_undo_clear_and_controls():
    lab = TrickLab("under")
    assert lab.add("5D")
    assert not lab.add("5D")
    assert "already in the trick" in lab.message
    assert "5D" not in enabled_cards(lab.deck_strip)
    assert not lab.add("10C")
    assert "not a card of the standard deck" in lab.message
    assert lab.add("1D") and lab.winner_name == "Leo"
    lab.undo_button.click()
    assert lab.trick == ["5D"]
    lab.leader.value = 2
    assert lab.winner_name == "Mufasa"
    lab.clear_button.click()
    assert lab.trick == [] and lab.outcome is None
    assert not lab.undo()
    lab.controls.kind.value = "trump"
    lab.controls.suit.value = "S"
    assert lab.add("9C") and lab.add("1S") and lab.winner_name == lab.names[(2 + 1) % 3]
    assert not lab.set_leader(7)
    assert_clean(lab)


def test_trick_lab_six_players_with_jokers():
    lab = TrickLab("over", players=6)
    for c in ("13H", "JK1", "1H", "JK2"):
        assert lab.add(c)
    assert lab.outcome is not None and str(lab.outcome.card) == "JK2"  # D6: later Joker
    assert "Joker" in lab.reason


# ------------------------------------------------------------------ quiz
def test_quiz_answers_come_from_the_engine():
    """A wrong card gets a hint and another try (the reason is kept for the end); the right
    card then gets the engine's reason. ``right`` counts right at the first try."""
    quiz = Quiz(seed=11)
    for _ in range(15):
        tr = chaitea.trick_winner(quiz.contract, quiz.trick_index, quiz.cards, STANDARD)
        assert quiz.solution == str(tr.card)
        assert quiz.reason.startswith(f"{tr.card} wins: ")
        wrong = next(str(c) for c in quiz.cards if str(c) != quiz.solution)
        browser_click(quiz.trick_strip, wrong)
        assert quiz.status.kind == "error" and "Hint:" in quiz.message
        assert quiz.reason not in quiz.message and "Try again (2 tries left)" in quiz.message
        assert "ctj-wrong" in quiz.trick_strip.html and "ctj-right" not in quiz.trick_strip.html
        assert not quiz.answer(wrong) and "tried already" in quiz.message
        assert quiz.answer(quiz.solution)  # the second try
        assert quiz.message.startswith("Right! (at try 2)") and quiz.reason in quiz.message
        assert not quiz.answer(quiz.solution)  # already answered
        assert "answered" in quiz.message
        quiz.next_button.click()
        assert quiz.answer(quiz.solution)
        assert quiz.status.kind == "ok" and quiz.message.startswith("Right!")
        quiz.next_button.click()
    assert quiz.asked == 30 and quiz.right == 15
    assert "15</b> of 30" in quiz.score.value
    assert_clean(quiz)


def test_quiz_gives_the_reason_after_the_last_try():
    quiz = Quiz(seed=11, players=6, contracts=("trump(H)", "under"))
    wrong = [str(c) for c in quiz.cards if str(c) != quiz.solution]
    assert len(wrong) >= 3
    for n, card in enumerate(wrong[:3]):
        assert not quiz.answer(card)
        if n < 2:
            assert "Hint:" in quiz.message and quiz.reason not in quiz.message
    assert quiz.message == f"Not quite: you chose {wrong[2]}. {quiz.reason}"
    assert "ctj-right" in quiz.trick_strip.html
    assert not quiz.answer(quiz.solution) and "answered" in quiz.message
    assert (quiz.right, quiz.asked) == (0, 1)


def test_quiz_hint_names_the_way_of_a_slalom_trick():
    for seed in range(40):
        quiz = Quiz(seed=seed, contracts=("slalom(high)",))
        if quiz.trick_index == 5:
            break
    else:
        raise AssertionError("no sixth trick in 40 seeds")
    assert "trick 6 is an even trick of a Slalom started high, so low wins" in quiz.hint
    assert "trick 6 is an even trick" in quiz.reason


def test_quiz_says_its_verdict_once():
    quiz = Quiz(seed=11)
    wrong = next(str(c) for c in quiz.cards if str(c) != quiz.solution)
    assert not quiz.answer(wrong)
    assert quiz.message.startswith(f"Not quite: you chose {wrong}.")
    for said in ("Not quite", "Right!", quiz.reason, "Hint"):  # the felt does not repeat it
        assert said not in quiz.feedback.value
    quiz.next()
    assert quiz.answer(quiz.solution) and quiz.message.startswith("Right!")
    assert "Right!" not in quiz.feedback.value and quiz.reason not in quiz.feedback.value
    assert_clean(quiz)


def test_quiz_is_seeded_and_refuses_foreign_cards():
    a, b = Quiz(seed=4), Quiz(seed=4)
    assert (a.cards, a.contract, a.trick_index) == (b.cards, b.contract, b.trick_index)
    assert not a.answer("XX")
    assert "not a card" in a.message
    outside = next(str(c) for c in STANDARD.cards if c not in a.cards)
    assert not a.answer(outside)
    assert "not in this trick" in a.message
    first = list(a.cards)
    a.next()
    a.restart_button.click()
    assert a.cards == first and a.asked == 0
