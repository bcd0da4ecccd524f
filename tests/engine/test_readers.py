"""One reader set: a Chai Tea Jazz state and a Jass state are read the same way.

``trick`` is the current trick's cards and ``tricks`` the round's completed tricks as
:class:`TrickRecord` values (who led, the cards, who won and why), in both families; the ids
the bots and the solver read are ``trick_ids()`` in both.
"""

from __future__ import annotations

import random

import pytest

import chaitea
from chaitea.core.cards import Card
from chaitea.engine.registry import REGISTRY
from chaitea.engine.rounds import TrickRecord

GAMES = [("chai-tea-jazz", 3), ("chai-tea-jazz", 4)] + sorted(
    (name, n) for name, r in REGISTRY.items() if getattr(r, "family", "") == "jass"
    for n in r.players)


def _game(name: str, players: int) -> object:
    if name == "chai-tea-jazz":
        return chaitea.Game(players)
    return chaitea.Game(players, ruleset=name)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_trick_and_tricks_read_alike_in_every_family(name: str, players: int) -> None:
    game = _game(name, players)
    checked = 0
    for seed in range(4):
        st = game.new_initial_state(seed=seed)  # type: ignore[attr-defined]
        rng = random.Random(seed)
        while not st.is_terminal() and st.round_number < 2:
            st.apply_action(rng.choice(st.legal_actions()))
            if st.phase != "play":
                continue
            assert all(isinstance(c, Card) for c in st.trick)
            records, ids = st.tricks, st.trick_ids()
            assert len(records) == len(ids)
            for rec, (leader, cards, winner) in zip(records, ids, strict=True):
                assert isinstance(rec, TrickRecord)
                assert (rec.leader, rec.winner) == (leader, winner)
                assert [game.deck.index_of(c) for c in rec.cards] == list(cards)  # type: ignore[attr-defined]
                won = rec.cards[(winner - leader) % players]
                assert rec.reason.startswith(f"{won} wins"), (rec, name)  # the winner's card
                checked += 1
    assert checked > 0
