"""Following: what may be played (RULES F), checked through the state API."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chaitea import STANDARD, Card, Contract, Game, IllegalAction, IllegalPlay, State
from tests.core.test_contracts import ref_winner
from tests.engine.conftest import make_deal, strs

# Seat 0 holds 9H and no other heart; seat 1 holds exactly 3H and 5H (and 7C, 1S-3S);
# seat 2 holds six hearts and six spades, no clubs, no diamonds.
F1 = make_deal(
    "9H 1C 2C 3C 4C 5C 6C 8C 9C 1D 2D 3D",
    "3H 5H 7C 4D 5D 6D 7D 8D 9D 1S 2S 3S",
    "1H 2H 4H 6H 7H 8H 4S 5S 6S 7S 8S 9S",
)


def round_state(contract: str, declarer: int = 0, deal=F1) -> State:
    return Game(players=3).round_state(deal, declarer, contract)


def legal(state: State) -> set[str]:
    return set(state.legal_moves())


def refuse(state: State, action) -> str:
    """Apply an illegal action: it must raise IllegalPlay and leave the state unchanged."""
    before = state.clone()
    with pytest.raises(IllegalPlay) as e:
        state.apply_action(action)
    assert state == before
    assert state.legal_moves() == before.legal_moves()
    return str(e.value)


def test_rules_f_leader_may_play_any_card():
    """RULES F / trick-taking: the lead player may play any card of their hand."""
    s = round_state("over")
    assert s.current_player() == 0
    assert legal(s) == set(strs(F1.hands[0]))


def test_rules_f_must_follow_exact_message():
    """RULES F: must follow the led suit; the refusal names the rule and the obliging cards:
    "7C refused: must follow hearts (holds 3H, 5H)"."""
    s = round_state("over")
    s.apply_action("9H")
    assert s.current_player() == 1
    assert legal(s) == {"3H", "5H"}
    assert refuse(s, "7C") == "7C refused: must follow hearts (holds 3H, 5H)"
    assert refuse(s, "1S").startswith("1S refused: must follow hearts (holds 3H, 5H)")


@pytest.mark.parametrize("form", ["id", "value", "string"])
def test_rules_f_refusal_in_every_action_form(form):
    """RULES F: the refusal holds whether the card comes as an id, an Action value or a string;
    the state is unchanged after it."""
    s = round_state("under")
    s.apply_action("9H")
    card = STANDARD.parse("7C")
    action = {"id": STANDARD.index_of(card), "value": s.game.action(STANDARD.index_of(card)),
              "string": "7C"}[form]
    assert refuse(s, action).startswith("7C refused: must follow hearts (holds 3H, 5H)")


def test_rules_f_may_trump_even_when_able_to_follow():
    """RULES F: in a contract with a trump suit a trump may be played even when able to follow;
    other suits stay refused, and the message keeps the RULES form as its prefix."""
    s = round_state("trump(S)")
    s.apply_action("9H")
    assert legal(s) == {"3H", "5H", "1S", "2S", "3S"}
    assert refuse(s, "7C").startswith("7C refused: must follow hearts (holds 3H, 5H)")
    assert refuse(s, "4D").startswith("4D refused: must follow hearts (holds 3H, 5H)")
    s.apply_action("1S")  # trumps although holding hearts
    assert s.current_player() == 2
    assert legal(s) == {"1H", "2H", "4H", "6H", "7H", "8H", "4S", "5S", "6S", "7S", "8S", "9S"}


def test_rules_f_trump_led_must_play_trump():
    """RULES F: if trump is led, a player holding trump must play trump."""
    s = round_state("trump(H)")
    s.apply_action("9H")
    assert legal(s) == {"3H", "5H"}
    msg = refuse(s, "7C")
    assert msg.startswith("7C refused:")
    assert "(holds 3H, 5H)" in msg
    assert "trump" in msg


def test_rules_f_void_in_led_suit_plays_anything():
    """RULES F: otherwise (void in the led suit) any card."""
    s = round_state("over", declarer=2)
    s.apply_action("4S")
    assert s.current_player() == 0
    assert legal(s) == set(strs(F1.hands[0]))  # seat 0 holds no spade
    s.apply_action("1C")
    assert legal(s) == {"1S", "2S", "3S"}  # seat 1 must follow spades, not clubs


def test_rules_f_void_in_trump_when_trump_led_plays_anything():
    s = round_state("trump(S)", declarer=2)
    s.apply_action("9S")
    assert legal(s) == set(strs(F1.hands[0]))


def test_rules_f_void_may_discard_in_trump_contract():
    """RULES F: void in the led suit, a player may trump or discard another suit (no duty to
    trump, no duty to win)."""
    s = round_state("trump(S)", declarer=1)
    s.apply_action("4D")
    assert s.current_player() == 2
    assert legal(s) == set(strs(F1.hands[2]))


def test_rules_f_no_duty_to_win():
    """RULES F: there is no duty to win a trick: a lower card of the led suit is legal."""
    s = round_state("over", declarer=2)
    s.apply_action("4S")
    s.apply_action("9C")
    assert "1S" in legal(s)  # 1S loses to 4S and is legal


def test_rules_f_card_not_held_refused():
    s = round_state("over")
    msg = refuse(s, "9S")
    assert msg.startswith("9S refused")
    s.apply_action("9H")
    refuse(s, "9H")  # already played
    refuse(s, "1H")  # held by seat 2, not by seat 1 to play


def test_rules_f_picking_action_refused_during_play():
    s = round_state("over")
    before = s.clone()
    with pytest.raises(IllegalAction):
        s.apply_action("pass")
    with pytest.raises(IllegalAction):
        s.apply_action("5 under")
    assert s == before


def test_rules_f_trick_winner_leads_next():
    """Trick-taking: the winner of a trick leads the next."""
    s = round_state("over")
    for c in ("9H", "3H", "8H"):
        s.apply_action(c)
    assert s.tricks[0].winner == 0
    assert s.current_player() == 0
    s.apply_action("1D")
    s.apply_action("9D")
    s.apply_action("4S")
    assert s.tricks[1].winner == 1
    assert s.current_player() == 1
    assert s.trick_number == 2
    assert s.tricks_won == [1, 1, 0]
    assert s.side_points == [9 + 3, 1 + 9, 0]  # RULES C: odd ranks score their rank


# -- a reference of RULES F and R, played over random rounds ------------------------------------
def ref_legal(hand: list[Card], trick: list[Card], trump: str | None) -> set[str]:
    """RULES F written plainly: leader free; follow the led suit if able, a trump also allowed
    (and when trump is led, following means playing trump); void: anything."""
    if not trick:
        return set(strs(hand))
    led = trick[0].suit
    follow = [c for c in hand if c.suit == led]
    if not follow:
        return set(strs(hand))
    trumps = [c for c in hand if trump is not None and c.suit is not None
              and c.suit.letter == trump]
    return set(strs(follow + trumps))


CONTRACTS = ["trump(C)", "trump(H)", "over", "under", "middle", "slalom(high)", "slalom(low)",
             "pyramid(high)", "pyramid(low)", "trump-under(S)", "trump-slalom(D,high)",
             "trump-pyramid(H,low)", "trump-middle(C)"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(CONTRACTS), st.integers(0, 2),
       st.randoms(use_true_random=False))
def test_rules_f_r_whole_rounds_match_reference(seed, contract, declarer, rnd: random.Random):
    """RULES F and R over whole random rounds: at every step the legal cards are exactly the
    reference's, every trick goes to the reference's winner, who leads the next, and the card
    points add up to 100 (RULES C)."""
    s = Game(players=3).round_state(seed, declarer, contract)
    trump = Contract.parse(contract).trump
    t = trump.letter if trump is not None else None
    leader = declarer
    won = [0, 0, 0]
    for k in range(12):
        assert s.current_player() == leader
        trick: list[Card] = []
        for i in range(3):
            seat = (leader + i) % 3
            assert s.current_player() == seat
            assert set(s.legal_moves()) == ref_legal(s.hand(seat), trick, t)
            choice = rnd.choice(s.legal_moves())
            s.apply_action(choice)
            trick.append(STANDARD.parse(choice))
        w = (leader + ref_winner(contract, k, strs(trick))) % 3
        assert s.tricks[k].winner == w
        assert s.tricks[k].leader == leader
        won[w] += sum(c.rank for c in trick if c.rank % 2)
        leader = w
    assert s.is_terminal()
    (res,) = s.round_results
    assert sum(s.side_points) == 100
    assert s.side_points == won
    assert res.card_points == won[declarer]
    assert res.last_trick == leader
