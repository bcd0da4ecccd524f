"""The picking panel: the rulebook's four picking examples, Hard Pass, Bet Debt steps,
Passing the Barrel, stepping back and forward."""

from __future__ import annotations

import pytest

from chaitea_widgets import PickingPanel
from chaitea_widgets.picking import EXAMPLES
from tests.widgets.conftest import assert_clean, assert_legal

NAMES = ["Aslan", "Leo", "Mufasa"]

# (declarer, contract spelling, Bet Debt, pad row) at the end of each rulebook example.
OUTCOMES = {
    1: (0, "trump(D)", 0, "trump"),   # Aslan picks Trump (Diamonds); the others pass
    2: (0, "under", 0, "under"),      # everyone passes; Aslan is forced and picks Under
    3: (2, "trump(H)", 20, "trump"),  # Mufasa's 20 trump(H) stands after Leo passes
    4: (0, "under", 10, "under"),     # Aslan changed from Joker (Under) to Under with 10
}


def click_through(panel: PickingPanel, action: str) -> None:
    """Do one record action with the panel's controls, as a user would."""
    if action == "pass":
        assert not panel.pass_button.disabled
        panel.pass_button.click()
        return
    debt, _, spelling = action.rpartition(" ")
    assert spelling in [v for _, v in panel.contract.options], (spelling, panel.contract.options)
    panel.contract.value = spelling
    d = int(debt or 0)
    assert panel.debt.min <= d <= panel.debt.max and d % panel.debt.step == 0
    panel.debt.value = d
    panel.pick_button.click()


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_rulebook_picking_examples_by_clicking(number):
    actions, _text = EXAMPLES[number]
    panel = PickingPanel(players=3, seed=number, names=NAMES)
    assert "Aslan" in panel.seats.value and "Barrel" in panel.seats.value
    for action in actions:
        before = len(panel.session.steps)
        click_through(panel, action)
        assert len(panel.session.steps) == before + 1, panel.message
        assert panel.status.kind == "ok"
    s = panel.session.state
    declarer, contract, debt, row = OUTCOMES[number]
    assert (s.phase, s.declarer, str(s.contract), s.bet_debt, s.row) == (
        "play", declarer, contract, debt, row)
    assert s.history_str() == actions
    assert f"{NAMES[declarer]} declares" in panel.prompt.value
    assert_legal(s)
    assert_clean(panel)


def test_example_two_forced_pick_offers_no_pass():
    panel = PickingPanel(players=3, seed=1, names=NAMES)
    for _ in range(3):
        panel.pass_button.click()
    s = panel.session.state
    assert s.forced and s.current_player() == 0
    assert panel.pass_button.disabled
    assert "must pick" in panel.prompt.value and "must pick" in panel.caption
    assert panel.debt.disabled and panel.debt.value == 0
    assert not panel.pass_()  # the engine's refusal, in words
    assert "barrel holder must pick" in panel.message
    assert panel.session.state.forced


def test_example_three_replayed_step_by_step_with_captions():
    panel = PickingPanel(names=NAMES)
    panel.example_buttons[2].click()
    assert "Rulebook example 3" in panel.example_text.value
    assert panel.session.cursor == 0 and "step 0 of 6" in panel.step_label.value
    captions = []
    while not panel.forward_button.disabled:
        panel.forward_button.click()
        captions.append(panel.caption)
        assert panel.caption_line.value  # a caption per step
    assert captions[0].startswith("Aslan passes (Hard Pass")
    assert captions[1] == "Leo picks Under and takes the Current Bet card (no Bet Debt)."
    assert captions[2].startswith("Mufasa takes on 5 Bet Debt to pick Trump (Hearts)")
    assert captions[3].startswith("Leo takes on 10 Bet Debt to pick Under")
    assert captions[4].startswith("Mufasa takes on 20 Bet Debt")
    assert "Trump (Hearts) is the contract: Mufasa declares with Bet Debt 20" in captions[5]
    # step back: the Barrel card shows the Bet Debt of that moment, and who holds the bet
    panel.back_button.click()
    panel.back_button.click()
    s = panel.session.state
    assert s.current_bet == (1, "10 under") and s.bet_debt == 10
    assert "Bet Debt 10" in panel.cards.value and "held by Leo" in panel.cards.value
    assert "passed" in panel.seats.value  # Aslan's Hard Pass
    panel.first_button.click()
    assert panel.session.cursor == 0
    panel.live_button.click()
    assert panel.session.is_live


def test_acting_at_an_earlier_step_continues_from_there():
    """With ``branch_examples=True`` a learner may try another choice inside an example: the
    header then says it is the learner's own line, no longer the rulebook's."""
    panel = PickingPanel(names=NAMES, example=4, branch_examples=True)
    assert panel.forward() and panel.forward()  # after Aslan's pick and Leo's pass
    assert panel.session.state.current_player() == 2
    assert panel.pick("slalom(low)", debt=15)
    assert panel.session.is_live
    assert panel.session.state.history_str() == ["joker=under", "pass", "15 slalom(low)"]
    assert "Your own line" in panel.example_text.value
    assert "Rulebook example 4:" not in panel.example_text.value


def test_a_rulebook_example_cannot_be_rewritten_by_the_live_buttons():
    """During example 3 the Pick button once worked and silently rewrote the example
    while the header still said "Rulebook example 3"."""
    panel = PickingPanel(names=NAMES, example=3)
    assert panel.forward()
    history = panel.session.live_state.history_str()
    assert panel.pick_button.disabled and panel.pass_button.disabled
    panel.pick_button.click()
    assert not panel.pick("trump(S)")
    assert not panel.pass_()
    assert "example 3" in panel.message and "New round" in panel.message
    assert panel.session.live_state.history_str() == history
    assert "Rulebook example 3" in panel.example_text.value
    assert panel.new_round(seed=9)  # the learner's own round: the buttons work again
    assert not panel.pass_button.disabled and panel.pass_()


def test_only_legal_choices_are_offered_and_refusals_are_words():
    panel = PickingPanel(names=NAMES)
    assert panel.pick("under")
    s = panel.session.state
    offered = {v for _, v in panel.contract.options}
    legal = {m.split(" ")[-1] for m in s.legal_moves() if m != "pass"}
    assert offered == legal
    assert (panel.debt.min, panel.debt.max, panel.debt.step) == (5, 35, 5)
    assert not panel.pick("trump(H)", debt=7)  # off the steps
    assert "multiple of the step 5" in panel.message
    assert not panel.pick("trump(H)", debt=0)
    assert "raise the Bet Debt" in panel.message
    assert not panel.pick("trump(H)", debt=40)
    assert "maximum 35" in panel.message
    assert not panel.pick("nonsense(Q)", debt=5)
    assert not panel.pick("under", debt="5")  # type: ignore[arg-type]
    assert panel.session.state == s  # nothing changed
    assert panel.pick("joker=trump(S)", debt=35)
    assert panel.pick_button.disabled  # the maximum is reached: only pass is left
    assert "only pass is left" in panel.prompt.value
    assert_clean(panel)


def test_first_pick_carries_no_bet_debt():
    panel = PickingPanel(names=NAMES)
    assert panel.debt.disabled and panel.debt.value == 0
    assert not panel.pick("under", debt=5)
    assert "first pick of a phase carries no Bet Debt" in panel.message


def test_passing_the_barrel_buttons():
    panel = PickingPanel(names=NAMES, passing_the_barrel=True)
    for _ in range(3):
        assert panel.pass_()
    assert not panel.offer_button.disabled and panel.offers.layout.display is None
    panel.offer_amount.value = 10
    panel.offer_button.click()
    s = panel.session.state
    assert s.offer_stage == "answering" and s.current_player() == 1
    assert not panel.accept_button.disabled and not panel.decline_button.disabled
    panel.decline_button.click()
    panel.decline_button.click()
    assert panel.session.state.offer_stage == "all-declined"
    assert not panel.rescind_button.disabled
    assert not panel.offer(5)
    assert "larger than 10" in panel.message
    assert panel.offer(15)
    assert panel.accept()
    assert panel.pick("under")
    s = panel.session.state
    assert s.declarer == 1 and s.offer == 15
    assert_legal(s)


def test_new_round_and_bad_example():
    panel = PickingPanel(seed=3)
    panel.new_round_button.click()
    assert panel.session.state.phase == "picking"
    assert panel.new_round(seed=9)
    panel.example(5)
    assert "examples 1 to 4" in panel.message
    assert_clean(panel)


def test_bots_speak_for_other_seats():
    panel = PickingPanel(players=4, seed=2, humans=(0,))
    s = panel.session.state
    assert s.current_player() == 0 or s.phase == "play"
    panel.pass_()
    s = panel.session.state
    assert s.phase == "play" or s.current_player() == 0 or s.forced
    assert_legal(s)


def test_debt_control_starts_each_decision_at_the_smallest_raise():
    panel = PickingPanel(names=NAMES, example=3)
    for _ in range(3):
        panel.forward()
    assert (panel.debt.min, panel.debt.value) == (10, 10)  # Leo may raise 5 -> 10..35
    panel.debt.value = 25
    panel.refresh()
    assert panel.debt.value == 25  # the user's choice stays while nothing happens
    panel.forward()
    assert (panel.debt.min, panel.debt.value) == (15, 15)


def test_status_and_caption_line_do_not_repeat_a_sentence():
    panel = PickingPanel(names=NAMES, seed=1)
    assert panel.pass_()
    assert panel.message.startswith("Aslan passes")
    assert panel.caption_line.value == "" and panel.caption_line.layout.display == "none"
    assert panel.back()
    # moving through the record: the caption line says what the step was, the status is quiet
    assert panel.message == "" and panel.caption_line.layout.display is None
    assert panel.caption_line.value == "The game starts."
    assert panel.forward()
    assert panel.message == "" and panel.caption_line.value.startswith("Aslan passes")
    assert not panel.pick("under", debt=5)  # a refusal: the caption line shows the step again
    assert "Aslan passes" in panel.caption_line.value and "Aslan passes" not in panel.message
    assert_clean(panel)


def test_bet_debt_is_chosen_with_buttons_not_a_slider():
    """On a phone the Bet Debt chooser is usable without a slider: one button per
    legal amount, kept in step with the (hidden) slider."""
    panel = PickingPanel(names=NAMES)
    assert panel.pick("under")
    assert panel.debt.layout.display == "none"
    amounts = [v for _l, v in panel.debt_choice.options]
    assert amounts == list(range(5, 36, 5))
    panel.debt_choice.value = 15
    assert panel.debt.value == 15
    panel.contract.value = "trump(H)"
    panel.pick_button.click()
    assert panel.session.state.history_str()[-1] == "15 trump(H)"
    assert [v for _l, v in panel.debt_choice.options] == list(range(20, 36, 5))


def _page_keeps_old_buttons(labels: list[str], shown: int) -> bool:
    """ipywidgets 8's ToggleButtonsView.update: it rebuilds its buttons only when a label differs
    from the value of the button at its place, and a button's value is its index ("0", "1"...).
    True when a page showing ``shown`` buttons would keep them for the new ``labels``."""
    return all(i < shown and label == str(i) for i, label in enumerate(labels))


def test_bet_debt_buttons_are_new_when_the_amounts_change():
    """Pick at debt 0, then Take back: the amounts go from 5..35 back to the single 0.
    New options on the same ToggleButtons would leave 5..35 on the page (its label "0" is its
    index); the panel puts new buttons in their place instead, and closes the old ones."""
    import ipywidgets

    panel = PickingPanel(players=3, seed=5, passing_the_barrel=True, show_examples=False)
    first = panel.debt_choice
    assert [label for label, _v in first.options] == ["0"]
    assert panel.pick("trump(C)", debt=0)
    raised = panel.debt_choice
    assert [label for label, _v in raised.options] == [str(x) for x in range(5, 36, 5)]
    assert raised is not first and first.comm is None  # closed: gone from the page
    assert panel.undo()
    labels = [label for label, _v in panel.debt_choice.options]
    assert labels == ["0"]
    assert _page_keeps_old_buttons(labels, shown=len(raised.options))  # why same-widget fails
    assert panel.debt_choice is not raised and raised.comm is None
    assert panel.debt_choice in panel.choices.children
    assert raised not in panel.choices.children
    assert "ctj-debt-choice" in panel.debt_choice._dom_classes
    # the new buttons are wired as the old ones were: a choice moves the (hidden) slider
    assert panel.pick("trump(C)", debt=0)
    panel.debt_choice.value = 15
    assert panel.debt.value == 15
    # the same amounts again keep the same buttons; old ones do not pile up in the kernel
    same = panel.debt_choice
    panel.refresh()
    assert panel.debt_choice is same
    count = len(ipywidgets.widgets.widget._instances)
    for _ in range(5):
        assert panel.undo() and panel.pick("trump(C)", debt=0)
    assert len(ipywidgets.widgets.widget._instances) == count
