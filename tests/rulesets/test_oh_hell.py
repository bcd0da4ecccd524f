"""Oh Hell as OpenSpiel's oh_hell plays it (``open_spiel/games/oh_hell/oh_hell.cc``): the hook
(``BiddingLegalActions``), following suit (``PlayLegalActions``), trump (``Trick::Play``), the
score (``ComputeScore``: a point a trick, 10 more for an exact bid), random games through the
state API, the record's round trip and the command line. The agreement with OpenSpiel itself,
action by action, is ``make openspiel-check`` (tests/openspiel)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from chaitea import Game
from chaitea.__main__ import main
from chaitea.core.cards import FRENCH
from chaitea.core.deals import Deal
from chaitea.core.errors import DealError, IllegalPick, IllegalPlay, SetupError
from chaitea.engine.driver import JassState
from chaitea.records.record import loads, replay
from chaitea.rulesets import RULESETS, find_ruleset, jass_game
from chaitea.rulesets.jass.hook import bids_by_seat
from chaitea.rulesets.oh_hell import most_tricks

# Three players, two tricks; seat 0 speaks first (the dealer is seat 2). The stock's first card,
# 9S, is turned up: spades are trump.
HANDS = (("AH", "2C"), ("KH", "3S"), ("5D", "4C"))
TURNED_UP = "9S"


def _deal(hands: tuple[tuple[str, ...], ...] = HANDS, turned: str = TURNED_UP) -> Deal:
    held = {c for h in hands for c in h} | {turned}
    stock = (turned, *(str(c) for c in FRENCH.cards if str(c) not in held))
    return Deal(tuple(tuple(FRENCH.parse(c) for c in h) for h in hands),
                set_aside=tuple(FRENCH.parse(c) for c in stock))


def _state(players: int = 3, tricks: int = 2, deal: Deal | None = None) -> JassState:
    state = jass_game("oh-hell", players, num_tricks_fixed=tricks).new_initial_state()
    state.apply_deal(deal or _deal())
    return state


def test_registered_under_the_registrys_spelling() -> None:
    assert "oh-hell" in RULESETS and find_ruleset("oh-hell").players == (3, 4, 5, 6, 7)
    assert repr(Game(ruleset="oh-hell", players=5)) == "Game(players=5, ruleset='oh-hell')"


def test_the_deal_turns_up_the_stocks_first_card() -> None:
    state = _state()
    obs = state.observation(1)
    assert obs["turned_up_card"] == "9S" and obs["turned_up"] == "S"
    assert [[str(c) for c in state.hand(s)] for s in range(3)] == [["2C", "AH"], ["KH", "3S"],
                                                                    ["4C", "5D"]]
    seeded = jass_game("oh-hell", 5, num_tricks_fixed=3).new_initial_state(seed=9)
    assert [len(seeded.hand(s)) for s in range(5)] == [3] * 5
    turned = seeded.observation(0)["turned_up_card"]
    assert all(turned not in map(str, seeded.hand(s)) for s in range(5))


def test_a_deal_must_name_the_stock() -> None:
    state = jass_game("oh-hell", 3, num_tricks_fixed=2).new_initial_state()
    with pytest.raises(DealError, match="set_aside"):
        state.apply_deal(Deal(tuple(tuple(FRENCH.parse(c) for c in h) for h in HANDS)))
    assert state.phase == "deal"


def test_the_hook_refuses_the_last_bid_that_makes_the_total() -> None:
    state = _state()
    assert state.current_player() == 0
    assert state.legal_moves() == ["bid(0)", "bid(1)", "bid(2)"]
    state.apply_action("bid(1)")
    state.apply_action("bid(1)")  # 2 bid so far: not the last bidder, any bid stands
    assert state.current_player() == 2
    assert state.legal_moves() == ["bid(1)", "bid(2)"]  # bid(0) would make 2 = the tricks
    with pytest.raises(IllegalPick) as refused:
        state.apply_action("bid(0)")
    message = str(refused.value)
    assert "\n" not in message
    assert message == ("bid(0) refused: the hook: the last bidder may not make the bids add up "
                       "to the 2 tricks (1 + 1 + 0 = 2; OpenSpiel oh_hell: "
                       "BiddingLegalActions)")
    assert state.phase == "picking" and state.current_player() == 2
    with pytest.raises(IllegalPick, match="a bid is 0 to 2"):
        state.apply_action("bid(3)")


def test_follow_suit_if_able_else_any_card() -> None:
    state = _state()
    for bid in ("bid(1)", "bid(0)", "bid(0)"):
        state.apply_action(bid)
    assert state.phase == "play" and state.current_player() == 0  # the first speaker leads
    state.apply_action("AH")
    assert state.legal_moves() == ["KH"]
    with pytest.raises(IllegalPlay, match=r"3S refused: must follow hearts \(holds KH\)"):
        state.apply_action("3S")
    state.apply_action("KH")
    assert sorted(state.legal_moves()) == ["4C", "5D"]  # void in hearts: any card


def test_the_highest_trump_wins_else_the_highest_of_the_suit_led() -> None:
    state = _state()
    for item in ("bid(1)", "bid(0)", "bid(0)", "AH", "KH", "4C"):
        state.apply_action(item)
    assert state.tricks_won == [1, 0, 0]  # AH: the off-suit 4C is no trump
    for item in ("2C", "3S", "5D"):
        state.apply_action(item)
    assert state.tricks_won == [1, 1, 0]  # the 3 of trumps beats the clubs led
    hands = (("QD", "JS"), ("AD", "KS"), ("2C", "10S"))
    state = _state(deal=_deal(hands, "3S"))
    for item in ("bid(0)", "bid(0)", "bid(0)", "QD", "AD", "10S"):
        state.apply_action(item)
    assert state.tricks_won == [0, 0, 1] and state.current_player() == 2  # 10S trumps AD
    for item in ("2C", "JS", "KS"):
        state.apply_action(item)
    assert state.tricks_won == [0, 1, 1]  # of two trumps the higher, KS, wins


def test_scoring_a_point_a_trick_and_ten_for_an_exact_bid() -> None:
    state = _state()
    for item in ("bid(1)", "bid(0)", "bid(0)", "AH", "KH", "4C", "2C", "3S", "5D"):
        state.apply_action(item)
    assert state.is_terminal()
    # seat 0 bid 1 took 1: 1 + 10; seat 1 bid 0 took 1: 1; seat 2 bid 0 took 0: 0 + 10
    assert state.returns() == [11.0, 1.0, 10.0]
    result = state.round_results[0]
    assert result["bid"] == [1, 0, 0] and list(result["tricks"]) == [1, 1, 0]
    assert list(result["card_points"]) == [0, 0, 0]  # only tricks count
    assert state.winner() == 0
    assert bids_by_seat(("bid(2)", "bid(0)", "bid(1)"), first=1, players=3) == (1, 2, 0)


def test_a_tie_stands_after_the_one_hand() -> None:
    state = _state()
    for item in ("bid(0)", "bid(1)", "bid(2)", "AH", "KH", "4C", "2C", "3S", "5D"):
        state.apply_action(item)
    assert state.returns() == [1.0, 11.0, 0.0] and state.winner() == 1
    state = _state()
    for item in ("bid(1)", "bid(1)", "bid(1)", "AH", "KH", "4C", "2C", "3S", "5D"):
        state.apply_action(item)
    assert state.is_terminal() and state.returns() == [11.0, 11.0, 0.0]
    assert state.winner() is None


def test_num_tricks_fixed_is_checked_against_the_deck() -> None:
    assert [most_tricks(n) for n in (3, 7)] == [17, 7]
    assert jass_game("oh-hell", 7).n_tricks == 7
    assert jass_game("oh-hell", 7, num_tricks_fixed=1).n_tricks == 1
    with pytest.raises(SetupError, match="num_tricks_fixed must be 1 to 7 for 7 players"):
        jass_game("oh-hell", 7, num_tricks_fixed=8)
    with pytest.raises(SetupError, match="at least 1"):
        jass_game("oh-hell", 3, num_tricks_fixed=0)


def _random(players: int, tricks: int, seed: int) -> JassState:
    state = jass_game("oh-hell", players, num_tricks_fixed=tricks).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_games_through_the_state_api(players: int) -> None:
    for seed in range(40):
        tricks = 1 + seed % most_tricks(players)
        state = _random(players, tricks, seed)
        rnd = state.record()["rounds"][0]
        result = state.round_results[0]
        assert len(rnd["plays"]) == len(set(rnd["plays"])) == players * tricks
        assert sum(result["tricks"]) == tricks
        bids = result["bid"]
        assert sum(bids) != tricks  # the hook always holds
        assert state.returns() == [float(t + (10 if t == b else 0))
                                   for t, b in zip(result["tricks"], bids, strict=True)]
        turned = state.observation(0)["turned_up_card"]
        assert turned not in rnd["plays"]


def test_record_round_trip() -> None:
    for seed, players in ((1, 3), (2, 7)):
        state = _random(players, 3, seed)
        rec = state.record()
        again = loads(json.dumps(rec))
        assert again.record() == rec and again.returns() == state.returns()
        assert replay(json.dumps(rec))["totals"] == [int(r) for r in state.returns()]
    explicit = _state()
    for item in ("bid(1)", "bid(0)", "bid(0)", "AH", "KH", "4C"):
        explicit.apply_action(item)
    rec = explicit.record()
    assert rec["rounds"][0]["deal"]["set_aside"][0] == "9S"
    assert loads(json.dumps(rec)).record() == rec


def test_random_game_and_replay_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["random-game", "--ruleset", "oh-hell", "--players", "4", "--seed", "3"]) == 0
    path = tmp_path / "game.json"
    path.write_text(capsys.readouterr().out)
    assert json.loads(path.read_text())["options"] == {"ruleset": "oh-hell"}
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True and len(out["rounds"]) == 1
    assert out["totals"] == out["rounds"][0]["score"]
