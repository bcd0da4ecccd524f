"""The rule tables and a state survive pickling (worker processes of simulations and bots)."""

from __future__ import annotations

import pickle
import random

from chaitea import JASS, Contract, Game
from chaitea.core.following import FOLLOW_RULES


def test_contract_trick_rules_and_follow_pickle() -> None:
    c = Contract.parse("tuo(H)", family="jass")
    c2 = pickle.loads(pickle.dumps(c))
    assert c2 == c and c2.trick_rules(9) == c.trick_rules(9)
    f = FOLLOW_RULES["jass"].bind(JASS, 2)
    f2 = pickle.loads(pickle.dumps(f))
    hand = JASS.mask_of(["7H", "AC", "10D"])
    trick = [JASS.index_of(x) for x in ("KS", "8H")]
    assert f2.legal(hand, 3, trick) == f.legal(hand, 3, trick) == JASS.mask_of(["AC", "10D"])


def test_a_state_in_play_pickles_and_plays_on() -> None:
    game = Game(players=4)
    state = game.new_initial_state(seed=3)
    rng = random.Random(5)
    while state.phase != "play":
        state.apply_action(rng.choice(state.legal_actions()))
    state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.legal_moves() == state.legal_moves()
    assert copy.history() == state.history()
    for s in (state, copy):
        r = random.Random(9)
        while not s.is_terminal():
            s.apply_action(r.choice(s.legal_actions()))
    assert copy.returns() == state.returns() and copy.history() == state.history()
