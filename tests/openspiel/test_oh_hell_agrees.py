"""The kit's Oh Hell against OpenSpiel's ``oh_hell`` (``make openspiel-check``, in
``.venv-openspiel``; the kit's own ``pytest`` run skips this module, pyspiel being kept out of
its venv).

For each seeded random game (1,200 of them, every player count 3 to 7, every number of tricks
and dealer drawn at random) both sides get the same hands, trump card and dealer: the kit deals
from its seed with ``forehand`` the seat after the dealer, and OpenSpiel's chance nodes are fed
the same number of tricks, dealer, cards (OpenSpiel deals card k to player k % players, then
turns the next card up) and trump card. Then one random legal sequence is played on both: after
EVERY action the player to act and the legal actions (mapped) agree, and at the end the
returns do.

The card ids differ and are mapped explicitly (:data:`TO_OPENSPIEL`): the kit numbers the French
deck suit by suit (C, D, H, S), 2 to A, ``id = 13 * suit + rank - 2``; OpenSpiel numbers it
rank by rank in C, D, S, H (``DeckProperties::Card``: ``rank * num_suits + suit``, rank 0 the
2, ``kSuitChar = "CDSH"``). A bid of N is OpenSpiel's action ``52 + N`` and the kit's
``game.action_ids["bid(N)"]``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from chaitea.core.cards import FRENCH
from chaitea.engine.driver import JassGame, JassState
from chaitea.rulesets import jass_game
from chaitea.rulesets.oh_hell import most_tricks

pyspiel: Any = pytest.importorskip("pyspiel")

GAMES = 1_200
OS_SUITS = "CDSH"  # OpenSpiel oh_hell.h: kSuitChar (Suit::kSpades = 2, Suit::kHearts = 3)
OS_RANKS = "23456789TJQKA"  # OpenSpiel oh_hell.h: kRankChar
KIT_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _openspiel_id(card: str) -> int:
    """OpenSpiel's id of a kit card string: ``rank * 4 + suit`` in C, D, S, H."""
    rank, suit = KIT_RANKS.index(card[:-1]), OS_SUITS.index(card[-1])
    return rank * len(OS_SUITS) + suit


#: kit card id -> OpenSpiel card id, and back
TO_OPENSPIEL: tuple[int, ...] = tuple(_openspiel_id(str(c)) for c in FRENCH.cards)
FROM_OPENSPIEL: dict[int, int] = {os_id: kit_id for kit_id, os_id in enumerate(TO_OPENSPIEL)}


def test_card_mapping_is_a_bijection_named_alike() -> None:
    assert sorted(TO_OPENSPIEL) == list(range(52))
    assert [TO_OPENSPIEL[FRENCH.index_of(c)] for c in ("2C", "2D", "2H", "2S", "AH")] == [
        0, 1, 3, 2, 51]
    game = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 1})
    state = game.new_initial_state()
    state.apply_action(1)  # one trick
    state.apply_action(0)  # dealer 0: the deal's chance nodes name the cards
    for kit_id, card in enumerate(FRENCH.cards):
        text = str(card)
        expected = text[-1] + OS_RANKS[KIT_RANKS.index(text[:-1])]  # "H" + "T" for 10H
        assert state.action_to_string(TO_OPENSPIEL[kit_id]) == expected


def _kit_action(game: JassGame, os_action: int) -> int:
    if os_action < 52:
        return FROM_OPENSPIEL[os_action]
    return game.action_ids[f"bid({os_action - 52})"]


def _os_action(game: JassGame, kit_action: int) -> int:
    if kit_action < game.n_cards:
        return TO_OPENSPIEL[kit_action]
    spelling = game.spellings[kit_action - game.n_cards]
    assert spelling.startswith("bid("), spelling
    return 52 + int(spelling[4:-1])


def _dealt(players: int, tricks: int, dealer: int, seed: int) -> tuple[JassGame, JassState,
                                                                        Any]:
    """The same deal on both sides: the kit's from ``seed``, OpenSpiel's chance nodes fed it."""
    game = jass_game("oh-hell", players, num_tricks_fixed=tricks)
    state = game.new_initial_state(seed=seed, forehand=(dealer + 1) % players)
    os_game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    os_state = os_game.new_initial_state()
    assert os_state.legal_actions() == [tricks]
    os_state.apply_action(tricks)  # ApplyChooseNumTricksAction
    os_state.apply_action(dealer)  # ApplyDealerAction
    hands = [state.hand(s) for s in range(players)]
    for k in range(players * tricks):  # ApplyDealAction: card k to player k % players
        os_state.apply_action(TO_OPENSPIEL[FRENCH.index_of(hands[k % players][k // players])])
    turned = state.observation(0)["turned_up_card"]
    os_state.apply_action(TO_OPENSPIEL[FRENCH.index_of(turned)])  # the trump card
    assert not os_state.is_chance_node()
    return game, state, os_state


def play_one(seed: int) -> int:
    """One random game on both sides; the number of actions compared."""
    rng = random.Random(seed)
    players = rng.randint(3, 7)
    tricks = rng.randint(1, most_tricks(players))
    dealer = rng.randrange(players)
    game, state, os_state = _dealt(players, tricks, dealer, seed)
    compared = 0
    while True:
        assert state.is_terminal() == os_state.is_terminal(), (seed, state.history())
        if state.is_terminal():
            break
        assert state.current_player() == os_state.current_player(), (seed, state.history())
        mine = sorted(_os_action(game, a) for a in state.legal_actions())
        assert mine == sorted(os_state.legal_actions()), (seed, state.history())
        compared += 1
        os_action = rng.choice(os_state.legal_actions())
        state.apply_action(_kit_action(game, os_action))
        os_state.apply_action(os_action)
    assert state.returns() == list(os_state.returns()), (seed, state.record())
    return compared


def test_random_games_agree_after_every_action() -> None:
    compared = sum(play_one(seed) for seed in range(GAMES))
    assert compared > GAMES * 10
    print(f"\n{GAMES} games, {compared} actions compared (legal actions after each)")


def test_the_hook_refuses_what_openspiel_leaves_out() -> None:
    """A hand where the hook bites: the bid OpenSpiel does not list is the one the kit refuses,
    naming the hook."""
    for seed in range(50):
        _game, state, os_state = _dealt(4, 3, 3, seed)
        for bid in (1, 1, 0):
            state.apply_action(f"bid({bid})")
            os_state.apply_action(52 + bid)
        assert 52 + 1 not in os_state.legal_actions()
        assert not state.can_apply("bid(1)")
        with pytest.raises(Exception, match="the hook"):
            state.apply_action("bid(1)")
