"""Random legal games through the state API, and the invariants every ruleset of the table
driver keeps (the Jass rulesets on their decks, Oh Hell on the French deck)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from chaitea.core.errors import IllegalAction
from chaitea.engine.driver import JassState
from chaitea.records.record import loads, replay, report
from chaitea.rulesets import jass_game


def snapshot(state: JassState) -> str:
    return json.dumps([state.record(), state.legal_actions(), state.current_player(),
                       state.phase, list(state.totals()), state.round_results], default=str)


def try_refusals(state: JassState, rng: random.Random) -> None:
    """Every kind of bad action is refused and leaves the state as it was."""
    before = snapshot(state)
    legal = set(state.legal_actions())
    ids = state.game.n_cards + len(state.game.spellings)
    bad: list[Any] = [a for a in range(ids) if a not in legal]
    bad = rng.sample(bad, min(3, len(bad))) + ["nonsense", "trump(X)", 999, "7S'"]
    for a in bad:
        with pytest.raises(IllegalAction, match=r"\S"):  # refused, with a message
            state.apply_action(a)
        assert not state.can_apply(a)
        assert snapshot(state) == before, a


def check_round(game: Any, rnd: dict[str, Any], res: dict[str, Any], deep: bool = True) -> None:
    deal = rnd["deal"]
    from chaitea.core.deals import Deal
    hands = Deal.from_json(deal, game.seating, game.deck).hands
    owner = {str(c): s for s, h in enumerate(hands) for c in h}
    plays = rnd["plays"]
    assert len(set(plays)) == len(plays)  # each card once
    if res.get("played", True):
        assert len(plays) == game.n_tricks * game.players and set(plays) == set(owner)
        assert sum(res["tricks"]) == game.n_tricks
        if deep:
            points, tricks = reference_points(game, res["contract"], rnd["picking"], plays,
                                              res["forehand"])
            assert tuple(points) == tuple(res["card_points"]), res
            assert tricks == res["tricks"]
        if game.deck.is_jass and not res["contract"].removeprefix("joker=").startswith(
                ("3x3(", "tuo(")):
            assert sum(res["card_points"]) == 157, res  # 152 + 5 for the last trick, every mode
    else:
        assert plays == [] and sum(res["card_points"]) == 0


def play_random(name: str, players: int | None, seed: int, *, refusals: float = 0.0,
                max_rounds: int | None = None, options: dict[str, Any] | None = None
                ) -> JassState:
    game = jass_game(name, players, options=options or {})
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if max_rounds is not None and len(state.round_results) >= max_rounds:
            break
        if refusals and rng.random() < refusals:
            try_refusals(state, rng)
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def check_game(state: JassState, *, deep: bool = True) -> None:
    """Each card once and 157 per hand always (the Jass decks); with ``deep`` the independent
    count of every hand and the record round trip too."""
    game = state.game
    rec = state.record()
    assert len(rec["rounds"]) - len(state.round_results) in (0, 1)  # at most one in progress
    for rnd, res in zip(rec["rounds"], state.round_results, strict=False):
        check_round(game, rnd, res, deep)
    if deep:
        again = loads(json.loads(json.dumps(rec)))
        assert again.record() == rec
        assert report(again) == report(state)
        assert replay(json.dumps(rec)) == json.loads(json.dumps(report(state)))



def reference_points(game: Any, contract: str, picking: list[str], plays: list[str],
                     forehand: int) -> tuple[list[int], list[int]]:
    """An independent count of a hand from its record: the winner of each trick by
    ``chaitea.core.tricks.trick_result`` and its values from the contract's trick rules (Tutti: the
    trump set by the first non-follower counts in every trick, none set: no-trump values). The
    contract is read in the ruleset's family, on the game's deck."""
    from chaitea.core.contracts import Contract
    from chaitea.core.tricks import TrumpSetting, last_trick_bonus, trick_result
    from chaitea.core.values import JASS_NO_TRUMP

    deck = game.deck
    text = contract.removeprefix("joker=")
    text = game.table.play_as.get(text, text)
    rules = Contract.parse(text, family=game.family).trick_rules(game.n_tricks,
                                                                 game.table.value_options)
    n = game.players
    after = picking[picking.index(contract) + 1:] if contract in picking else []
    chosen = ["CDHS".index(p[6]) for p in after if p.startswith("trump(")]  # not Weis items
    known = -1
    leader = forehand
    won: list[tuple[list[int], int, int]] = []  # card ids, winner, trump for the values
    tricks = [0] * n
    for k in range(game.n_tricks):
        cards = plays[k * n:(k + 1) * n]
        rule = rules[k]
        setting = rule.trump_setting
        given = chosen.pop(0) if setting is TrumpSetting.CHOSEN else known
        res = trick_result(rule, cards, deck, given)
        if setting is TrumpSetting.FIRST_NON_FOLLOWER and known < 0:
            led = deck.parse(cards[0]).suit
            off = [int(s) for c in cards if (s := deck.parse(c).suit) is not None and s != led]
            known = off[0] if off else -1
        trump = (rule.trump if setting is TrumpSetting.FIXED else
                 given if setting is TrumpSetting.CHOSEN else -1)
        winner = (leader + res.position) % n
        won.append(([deck.index_of(c) for c in cards], winner, trump))
        tricks[winner] += 1
        leader = winner
    points = [0] * game.sides
    for k, (ids, winner, trump) in enumerate(won):
        rule = rules[k]
        if rule.trump_setting is TrumpSetting.FIRST_NON_FOLLOWER:
            values = (rule.values.for_deck(deck, known) if known >= 0
                      else JASS_NO_TRUMP.for_deck(deck, -1))
        else:
            values = rule.values.for_deck(deck, trump)
        last = last_trick_bonus(rules[-1]) if k == len(won) - 1 else 0
        points[game.side_of[winner]] += sum(values[c] for c in ids) + last
    return points, tricks
