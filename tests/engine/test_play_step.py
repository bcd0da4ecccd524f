"""The one play step (:mod:`chaitea.engine.play_step`) of every game.

The step keeps the legal mask of the seat to play from the follow rule's masks; these tests hold
that mask, after every card of random games of every family, player count and deck, to the
follow rule's own ``legal`` function over the seat's playable cards (D7: hand and face-up straw
cards), and a seeded two-player deal (masks straight from the seed) to the same deal built as a
:class:`~chaitea.core.deals.Deal`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import chaitea
from chaitea.core.deals import Deal

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("ctj 2", {"players": 2}), ("ctj 3", {"players": 3}), ("ctj 4", {"players": 4}),
    ("ctj 6", {"players": 6}), ("ctj 6 double", {"players": 6, "deck": "double"}),
    ("schieber", {"ruleset": "schieber"}), ("schieber 6", {"ruleset": "schieber", "players": 6}),
    ("coiffeur", {"ruleset": "coiffeur"}), ("mittlere", {"ruleset": "mittlere"}),
    ("guggitaler", {"ruleset": "guggitaler"}), ("sidi-barrani", {"ruleset": "sidi-barrani"}),
]


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=[g[0] for g in GAMES])
def test_kept_legal_mask_is_the_follow_rules(name: str, kw: dict[str, Any]) -> None:
    game = chaitea.Game(**kw)
    rng = random.Random(name)
    checked = joker_leads = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and len(state.round_results) < 3:
            if state.phase == "play":
                seat = state.current_player()
                assert state._tt is not None  # the trick's tables
                legal = state._tt.follow.legal(state._hands[seat], state._led, state._trick)
                assert state._legal_mask() == legal, (name, seed, state.history_str())
                assert sorted(state.legal_actions()) == [i for i in range(game.deck.size)
                                                         if legal >> i & 1]
                checked += 1
                joker_leads += bool(state._trick) and state._led < 0
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 200
    if game.deck.joker_mask:  # the six-player decks' Jokers
        assert joker_leads, "a Joker lead's trick was met (D6)"


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_seeded_two_player_deal_is_the_deals(seed: int) -> None:
    game = chaitea.Game(players=2)
    by_seed = game.round_state(seed, 0, "trump(H)")
    by_deal = game.round_state(Deal.from_seed(seed, game.seating, game.deck), 0, "trump(H)")
    assert by_seed == by_deal
    for s in range(2):
        assert by_seed.hand(s) == by_deal.hand(s)
        assert by_seed.straw(s) == by_deal.straw(s)
        assert by_seed.playable(s) == by_deal.playable(s)
    rng = random.Random(seed)
    while not by_seed.is_terminal():  # and they play alike, covers turning up (D7)
        move = rng.choice(by_seed.legal_actions())
        by_seed.apply_action(move)
        by_deal.apply_action(move)
        assert by_seed == by_deal
        assert [by_seed.straw(s) for s in range(2)] == [by_deal.straw(s) for s in range(2)]
    assert by_seed.returns() == by_deal.returns()


def test_a_straw_card_leaves_its_pile_and_its_cover_turns_up_after_the_trick() -> None:
    game = chaitea.Game(players=2)
    state = game.round_state(3, 0, "over")
    stacks = state.straw(0)
    under, top = stacks[0]
    assert under is not None and top is not None
    state.apply_action(game.deck.index[top])  # the leader plays a face-up straw card (D7)
    assert state.straw(0)[0] == (under, None)  # gone from the pile, the cover still face down
    assert top not in state.playable(0) and under not in state.playable(0)
    state.apply_action(state.legal_actions()[0])  # the trick ends
    assert state.straw(0)[0] == (None, under)  # the cover is face up now
    assert under in state.playable(0) and under not in state.hand(0)
