"""The state API (OpenSpiel style): ids, strings and Action values, clone, terminal, returns,
history, observation, round_state (DESIGN; RULES B, F, S)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from chaitea import (
    CHANCE,
    STANDARD,
    ChaiTeaError,
    DealError,
    Game,
    IllegalAction,
    Pass,
    Pick,
    Play,
    SetupError,
)
from chaitea.ai.bots import RandomBot, play_out
from tests.engine.conftest import ASLAN, LEO, MUFASA, NAMES, new_game, play_round, sweep_deal


def test_action_ids_play_cards_in_deck_order():
    """Action ids 0..n_cards-1 play that card of the deck (canonical order, RULES C)."""
    g = Game(players=3)
    assert g.n_cards == 36
    for i, card in enumerate(STANDARD.cards):
        assert g.action(i) == Play(card)
        assert g.action_to_string(i) == str(card)
    assert g.action(g.PASS) == Pass()
    assert g.action(g.pick_ids[("under", 10)]) == Pick("under", 10)
    assert g.action_to_string(g.pick_ids[("under", 10)]) == "10 under"
    assert g.action_to_string(g.pick_ids[("under", 0)]) == "under"
    assert g.parse_action("20 trump(H)") == Pick("trump(H)", 20)
    assert g.parse_action("7H") == Play(STANDARD.parse("7H"))
    assert g.action_id(Pick("trump(H)", 20)) == g.pick_ids[("trump(H)", 20)]
    ids = list(range(g.num_distinct_actions))
    assert len({g.action_to_string(i) for i in ids}) == len(ids)  # one spelling per id


def test_apply_action_with_ids_strings_and_values():
    """RECORD spellings / RULES B, F: an action may be an id, its record string or a value."""
    s = new_game()
    s.apply_deal(sweep_deal(ASLAN))
    g = s.game
    s.apply_action(g.pick_ids[("trump(H)", 0)])  # id
    s.apply_action("pass")  # string
    s.apply_action(Pass())  # value
    assert (s.phase, s.declarer) == ("play", ASLAN)
    s.apply_action(Play(STANDARD.parse("9H")))
    s.apply_action(s.legal_actions()[0])
    s.apply(s.legal_moves()[0])
    assert len(s.tricks) == 1
    assert s.history_str()[:3] == ["trump(H)", "pass", "pass"]
    assert s.history()[0] == g.pick_ids[("trump(H)", 0)]
    assert s.history()[3] == STANDARD.index_of("9H")
    assert [g.action_to_string(a) for a in s.history()] == s.history_str()


def test_legal_actions_and_moves_agree():
    """RECORD next.legal: legal ids and their record spellings agree over a whole game."""
    s = Game(players=3).new_initial_state(seed=3)
    while not s.is_terminal():
        ids = s.legal_actions()
        assert [s.game.action_to_string(i) for i in ids] == s.legal_moves()
        assert all(s.can_apply(i) for i in ids[:3])
        s.apply_action(ids[-1])


@pytest.mark.parametrize("bad", [-1, 10**6, "", "bogus", None, 1.5, True, object()])
def test_bad_actions_refused_state_unchanged(bad: Any):
    """RULES F (and DESIGN): every operation validates; a refusal raises a ChaiTeaError and
    changes nothing."""
    """Every operation validates; a refusal raises a ChaiTeaError and changes nothing."""
    s = Game(players=3).new_initial_state(seed=4)
    before = s.clone()
    with pytest.raises(ChaiTeaError):
        s.apply_action(bad)
    assert s == before
    assert not s.can_apply(bad)


def test_verify_action_never_changes_state():
    """RULES B, D8: verifying a pick (legal or not) never changes the state."""
    s = Game(players=3).new_initial_state(seed=4)
    before = s.clone()
    assert s.verify_action("under") == s.game.pick_ids[("under", 0)]
    with pytest.raises(IllegalAction):
        s.verify_action("5 under")
    assert s == before


def test_clone_is_independent():
    """Clone independence (state API): mutating the clone never changes the original (and the
    other way round), across rounds and the pad (RULES S)."""
    """Mutating the clone never changes the original (and the other way round)."""
    s = Game(players=3).new_initial_state(seed=9)
    play_round(s, ["under", "pass", "pass"])
    s.apply_action("pass")
    snap = s.clone()
    c = s.clone()
    assert c == s
    play_out(c, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert c.is_terminal()
    assert s == snap
    assert not s.is_terminal()
    assert len(s.round_results) == 1
    assert s.pad.scores == snap.pad.scores
    assert s.pad.order[s.pad.row_index("trump")] == []
    assert s.history() == snap.history()
    # and the other way round
    c2 = s.clone()
    s.apply_action(s.legal_actions()[0])
    assert c2 == snap
    assert c2 != s


def test_clone_independent_in_the_middle_of_a_trick():
    """Clone independence in the middle of a trick (RULES F, R)."""
    s = Game(players=3).round_state(5, LEO, "trump(S)")
    s.apply_action(s.legal_actions()[0])
    c = s.clone()
    hand = s.hand(MUFASA)
    c.apply_action(c.legal_actions()[0])
    c.apply_action(c.legal_actions()[0])
    assert s.hand(MUFASA) == hand
    assert len(s.trick) == 1 and s.tricks == []
    assert c.trick == [] and len(c.tricks) == 1


def test_phases_and_current_player():
    """RULES B: deal -> picking (barrel holder first) -> play (declarer leads); a card before
    picking ended is refused (RECORD play step 1)."""
    s = new_game()
    assert (s.phase, s.current_player(), s.is_chance_node()) == ("deal", CHANCE, True)
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply_action("pass")
    s.apply_deal(1)
    assert (s.phase, s.current_player(), s.is_chance_node()) == ("picking", ASLAN, False)
    with pytest.raises(IllegalAction):
        s.apply_deal(2)  # no round is waiting for a deal
    with pytest.raises(IllegalAction):
        s.apply_action("1C")  # a card before picking ended
    s.apply_action("under")
    s.apply_action("pass")
    s.apply_action("pass")
    assert (s.phase, s.current_player()) == ("play", ASLAN)
    assert s.round_number == 1


def test_apply_deal_refuses_a_non_deal():
    """RULES P: a deal is a Deal or a seed."""
    s = new_game()
    with pytest.raises(DealError):
        s.apply_deal("7")  # type: ignore[arg-type]
    assert s.phase == "deal"


def test_game_refuses_bad_options():
    """RECORD setup/options, RULES P/B: unknown player counts, decks, setups, metas and
    rows are refused (a setup needs a row that is not a Joker)."""
    for kwargs in ({"players": 5}, {"players": 3, "deck": "six-player"},
                   {"players": 3, "setup": "huge"}, {"players": 3, "meta": "best"},
                   {"players": 3, "setup": [{"row": "bogus", "value": 1}]},
                   {"players": 3, "setup": [{"row": "joker", "value": 3}]},
                   {"players": 3, "setup": [{"row": "under", "value": -1}]},
                   {"players": 3, "setup": []}):
        with pytest.raises(ChaiTeaError):
            Game(**kwargs)


def test_game_refuses_bad_setup_is_setup_error():
    """RECORD setup: a row's meta is second-place or null."""
    with pytest.raises(SetupError):
        Game(players=3, setup=[{"row": "under", "value": 2, "meta": "third-place"}])


def test_is_terminal_and_returns_after_a_whole_game():
    """RULES S: returns() are the game points; every row gives +V, 0, -V (sum 0); the
    history holds every picking action and the 12 x 36 plays."""
    s = Game(players=3).new_initial_state(seed=12)
    assert s.returns() == [0.0, 0.0, 0.0]
    play_out(s, [RandomBot(4), RandomBot(5), RandomBot(6)])
    assert s.is_terminal()
    assert s.returns() == [float(x) for x in s.game_points()]
    assert sum(s.returns()) == 0  # +V, 0, -V in every row
    assert len(s.history()) == 12 * 36 + sum(
        len(r["picking"]) for r in s.record()["rounds"])


def test_round_state_returns_the_round_score():
    """round_state: the declarer side gets its round score, the others its negation (RULES S:
    sweep in Trump (Hearts) with 5 debt = 100 + 10 - 5)."""
    g = Game(players=3)
    s = g.round_state(sweep_deal(MUFASA), MUFASA, "trump(H)", debt=5)
    assert (s.phase, s.current_player(), s.declarer, s.bet_debt) == ("play", MUFASA, MUFASA, 5)
    assert s.returns() == [0.0, 0.0, 0.0]
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[-1])
    (r,) = s.round_results
    assert r.score == 105
    assert s.returns() == [-105.0, -105.0, 105.0]


def test_round_state_refuses_bad_declarer_and_contract():
    """RULES R: a Trump contract needs a suit; the declarer is a seat."""
    g = Game(players=3)
    with pytest.raises(ChaiTeaError):
        g.round_state(1, 3, "under")
    with pytest.raises(ChaiTeaError):
        g.round_state(1, 0, "trump")


def _strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in obj.items())) if obj else set()
    if isinstance(obj, list | tuple):
        return set().union(*(_strings(v) for v in obj)) if obj else set()
    return set()


def test_observation_hides_other_hands():
    """RULES P (hidden hands): observation(seat) shows the seat's own hand and never another
    seat's cards."""
    """observation(seat): the seat's own hand, never another seat's cards."""
    s = new_game()
    s.apply_deal(8)
    deal = s.deal
    assert deal is not None
    for seat in range(3):
        obs = s.observation(seat)
        json.dumps(obs)  # plain data
        assert obs["hand"] == [str(c) for c in s.hand(seat)]
        seen = _strings(obs)
        for other in range(3):
            if other != seat:
                assert not seen & {str(c) for c in deal.hands[other]}
    assert "legal" in s.observation(ASLAN)
    assert "legal" not in s.observation(LEO)


def test_observation_during_play_shows_public_cards_only():
    """RULES F: in play the trick and contract are public; the other hands stay hidden."""
    s = new_game()
    s.apply_deal(8)
    for a in ("trump(C)", "pass", "pass"):
        s.apply_action(a)
    first = s.legal_moves()[0]
    s.apply_action(first)
    obs = s.observation(LEO)
    assert obs["trick"] == [first]
    assert obs["contract"] == "trump(C)"
    assert obs["declarer"] == ASLAN
    seen = _strings(obs)
    hidden = {str(c) for c in s.hand(ASLAN)} | {str(c) for c in s.hand(MUFASA)}
    assert not seen & hidden
    assert obs["legal"] == s.legal_moves()


def test_names_and_repr():
    """RECORD names: one string per seat, written to the record."""
    s = Game(players=3).new_initial_state(names=NAMES)
    assert s.names == NAMES
    assert s.record()["names"] == NAMES
    assert "3p" in repr(s)
