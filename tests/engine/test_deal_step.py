"""The one deal step (:mod:`chaitea.engine.deal_step`) of every game.

Both families deal through it: a seed and the same deal as a :class:`~chaitea.core.deals.Deal`
give the same round, every Deal is validated (a bad one is refused naming the rule, and the
state still waits for its deal), a deal outside the deal phase is refused, and the dealer's
last card is turned up exactly where the table's dealing part says so (RULES J).
"""

from __future__ import annotations

from typing import Any

import pytest

import chaitea
from chaitea.core.cards import JASS, STANDARD
from chaitea.core.deals import Deal, deal_layout
from chaitea.core.errors import DealError, IllegalAction
from chaitea.engine.deal_step import DealStep

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("ctj 2", {"players": 2}), ("ctj 3", {"players": 3}), ("ctj 6 double", {"players": 6,
                                                                            "deck": "double"}),
    ("schieber", {"ruleset": "schieber"}), ("schieber 6", {"ruleset": "schieber", "players": 6}),
    ("jass", {"ruleset": "jass"}), ("differenzler", {"ruleset": "differenzler"}),
    ("coiffeur", {"ruleset": "coiffeur"}),
]
IDS = [g[0] for g in GAMES]


def _seen(state: Any) -> Any:
    """What a seat sees of the round just dealt, and who acts."""
    n = state.game.players
    return ([[str(c) for c in state.hand(s)] for s in range(n)], state.current_player(),
            state.legal_moves(), state.observation(state.current_player()))


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=IDS)
def test_a_seed_and_its_deal_give_the_same_round(name: str, kw: dict[str, Any]) -> None:
    game = chaitea.Game(**kw)
    for seed in (0, 5, 99):
        by_seed, by_deal = game.new_initial_state(), game.new_initial_state()
        assert isinstance(by_seed, DealStep)
        by_seed.apply_deal(seed)
        by_deal.apply_deal(Deal.from_seed(seed, game.seating, game.deck))
        assert _seen(by_seed) == _seen(by_deal), (name, seed)


@pytest.mark.parametrize(("name", "kw"), GAMES, ids=IDS)
def test_a_bad_deal_is_refused_and_changes_nothing(name: str, kw: dict[str, Any]) -> None:
    game = chaitea.Game(**kw)
    state = game.new_initial_state()
    other = STANDARD if game.deck is JASS else JASS
    short = Deal.from_seed(1, game.seating, game.deck)
    short = Deal((short.hands[0][:-1], *short.hands[1:]), short.straw, short.set_aside)
    for bad, why in (("5", "a deal is a Deal or an integer seed"), (True, "integer seed"),
                     (Deal.from_seed(1, game.seating, other), r"not a card of the|RULES P"),
                     (short, "RULES P")):
        with pytest.raises(DealError, match=why):
            state.apply_deal(bad)  # type: ignore[arg-type]
        assert state.phase == "deal" and state.round_number == 0 and state.history() == []
    state.apply_deal(1)
    assert state.phase in ("picking", "play") and state.round_number == 1
    with pytest.raises(IllegalAction, match=r"no round is waiting for a deal: the .* phase"):
        state.apply_deal(2)


@pytest.mark.parametrize(("name", "kw"), GAMES[3:], ids=IDS[3:])
def test_the_dealers_last_card_is_turned_up_where_the_table_says(name: str,
                                                                 kw: dict[str, Any]) -> None:
    game: Any = chaitea.Game(**kw)  # a JassGame
    state = game.new_initial_state()
    state.apply_deal(7)
    turns_up = game.table.first_forehand.turns_up
    assert turns_up == (name in ("jass", "differenzler"))
    obs = state.observation(0)
    if not turns_up:
        assert "turned_up_card" not in obs and state._turned_up is None
        return
    _aside, _downs, _ups, hands = deal_layout(7, game.seating, game.deck)
    dealer = (state.forehand - 1) % game.players
    card = game.deck.cards[hands[dealer][-1]]
    assert obs["turned_up_card"] == str(card) and obs["turned_up"] == "CDHS"[int(card.suit)]
    assert state.contract == f"trump({obs['turned_up']})" or name == "differenzler"
