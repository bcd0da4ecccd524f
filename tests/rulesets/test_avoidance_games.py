"""Rosenober, Schiltenober, the Bells game, Guggitaler and guggitaler-8 (RULES J, the
text): every rule on hands built by hand, each end rule, the Monopoly, Guggitaler's zero sum,
whole random games with the record round trip, the command line and refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import chaitea
from chaitea.__main__ import main
from chaitea.core.cards import JASS
from chaitea.core.errors import IllegalAction, SetupError
from chaitea.engine.hand import Hand
from chaitea.records.record import replay
from chaitea.rulesets import find_ruleset, jass_game
from chaitea.rulesets.jass.tally import TallyScore, TallyState
from tests.rulesets.helpers import state_with
from tests.rulesets.props import check_game, play_random, snapshot

GAMES = ("rosenober", "schiltenober", "bells-avoidance", "guggitaler", "guggitaler-8")

Log = tuple[tuple[int, tuple[int, ...], int], ...]


def _log(*tricks: str) -> Log:
    """Tricks written ``"leader: c1 c2 c3 c4 > winner"`` (cards in play order from the leader),
    each card of the deck once."""
    out = []
    for t in tricks:
        head, rest = t.split(":")
        cards, winner = rest.split(">")
        out.append((int(head), tuple(JASS.index_of(c) for c in cards.split()), int(winner)))
    played = [c for _l, cards, _w in out for c in cards]
    assert sorted(played) == list(range(36)), "each card once"
    return tuple(out)


def _hand(log: Log, rotate: int = 0) -> Hand:
    """The hand of ``log`` (every seat moved on by ``rotate``), obenabe, nobody declaring."""
    log = tuple(((le + rotate) % 4, cards, (w + rotate) % 4) for le, cards, w in log)
    tricks = [0] * 4
    for _leader, _cards, winner in log:
        tricks[winner] += 1
    return Hand(log[0][0], None, "obenabe", tuple(tricks), (0,) * 4, (0,) * 4, (0,) * 4,
                log=log)


# A hand in which every rule counts: seat 0 takes tricks 1-2, seat 1 tricks 3-4 (four Bells,
# the Acorns Ober QC, the Acorns King KC), seat 2 trick 5 (the Roses Ober QS), seat 3 tricks
# 6-9 (the Roses King KS, the Shields Ober QD in trick 8, the Bells Ober QH, five Bells, the
# last trick).
HAND = _log(
    "0: AC 6C 7C 8C > 0",
    "0: AD 6D 7D 8D > 0",
    "0: 6H AH 7H 8H > 1",
    "1: KC 9C 10C QC > 1",
    "1: 6S QS 7S 8S > 2",
    "2: KS AS 9S 10S > 3",
    "3: KD 9D 10D JD > 3",
    "3: QD JC 9H 10H > 3",
    "3: KH QH JH JS > 3",
)

# Seat 2 takes all nine Bells in tricks 1-3 and trick 7, but not every trick (a Monopoly).
MONOPOLY = _log(
    "0: 6H 7H AH 8H > 2",
    "2: KH 9H 10H JH > 2",
    "2: QH AC 6C 7C > 2",
    "2: 8C 9C KC 10C > 0",
    "0: JC QC 6D 7D > 1",
    "1: 8D 9D 10D JD > 0",
    "0: QD KD AD 6S > 2",
    "2: 7S 8S 9S 10S > 1",
    "1: JS QS KS AS > 0",
)


def _part(name: str, **options: Any) -> TallyScore:
    score = find_ruleset(name).table(4, options).score  # type: ignore[union-attr]
    assert isinstance(score, TallyScore)
    return score


def _write(name: str, *hands: Hand, start: TallyState | None = None,
           **options: Any) -> tuple[TallyState, list[dict[str, object]]]:
    part = _part(name, **options)
    state = start if start is not None else part.initial()
    rounds = []
    for h in hands:
        state, fields = part.write(state, h)
        rounds.append(fields)
    return state, rounds


# -- every rule on a hand built by hand ------------------------------------------------------
def test_rosenober_counts_the_roses_ober_the_acorns_ober_and_the_last_trick() -> None:
    """The text: 1 point each to who takes QS (seat 2), QC (seat 1), the last trick (seat 3)."""
    _s, (r,) = _write("rosenober", _hand(HAND))
    assert r["score"] == (0, 1, 1, 1)
    assert r["counts"] == {"roses-ober": [0, 0, 1, 0], "acorns-ober": [0, 1, 0, 0],
                           "last-trick": [0, 0, 0, 1]}
    _s, (m,) = _write("rosenober", _hand(MONOPOLY))  # QC seat 1, QS seat 0 (trick 9), last 0
    assert m["score"] == (2, 1, 0, 0)


def test_schiltenober_counts_the_shields_ober_the_second_and_the_second_to_last_trick() -> None:
    """The text: QD (seat 3, trick 8), the second trick (seat 0), the second-to-last trick (trick
    8 of 9: seat 3), 1 point each; one seat may score two of them."""
    _s, (r,) = _write("schiltenober", _hand(HAND))
    assert r["score"] == (1, 0, 0, 2)
    _s, (m,) = _write("schiltenober", _hand(MONOPOLY))  # QD seat 2 (trick 7); 2: seat 2; 8: 1
    assert m["score"] == (0, 1, 2, 0)


def test_the_bells_game_counts_one_point_per_bells_card() -> None:
    _s, (r,) = _write("bells-avoidance", _hand(HAND))
    assert r["score"] == (0, 4, 0, 5)


def test_a_monopoly_of_the_nine_bells_scores_minus_nine_without_every_trick() -> None:
    """The text: all nine Bells, not all nine tricks (seat 2 took 4 of them): −9 instead of 9."""
    hand = _hand(MONOPOLY)
    assert hand.tricks == (3, 2, 4, 0)
    _s, (r,) = _write("bells-avoidance", hand)
    assert r["score"] == (0, 0, -9, 0)
    _s, (plain,) = _write("bells-avoidance", hand, monopoly=False)
    assert plain["score"] == (0, 0, 9, 0)
    low = TallyState((1, 2, 4, 3), hands=3)
    s, (floored,) = _write("bells-avoidance", hand, start=low, floor=True)
    assert floored["score"] == (0, 0, -4, 0) and s.totals == (1, 2, 0, 3)
    s, _ = _write("bells-avoidance", hand, start=low)
    assert s.totals == (1, 2, -5, 3)  # by default a total may go below 0


# Guggitaler's five rules on HAND, worked out by hand: tricks (2, 2, 1, 4) x 5; Bells (0, 4,
# 0, 5) x 10; Obers QC seat 1, QS seat 2, QD and QH seat 3, x 20; the Roses King KS seat 3;
# the last trick seat 3.
HAND_RULES = {
    "tricks": (10, 10, 5, 20),
    "bells": (0, 40, 0, 50),
    "obers": (0, 20, 20, 40),
    "roses-king": (0, 0, 0, 40),
    "last-trick": (0, 0, 0, 50),
}
HAND_ALL = (10, 70, 25, 200)  # the five together: 305


def _neg(t: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-x for x in t)


def test_guggitaler_plays_one_rule_per_hand_lost_then_won() -> None:
    """The text's ten hands: the five rules lost in hands 1-5, won in hands 6-10."""
    s, rounds = _write("guggitaler", *[_hand(HAND)] * 10)
    names = list(HAND_RULES)
    assert [r["rule"] for r in rounds] == names + names
    assert [r["score"] for r in rounds] == [_neg(v) for v in HAND_RULES.values()] + list(
        HAND_RULES.values())
    assert rounds[3]["counts"] == {"roses-king": [0, 0, 0, -40]}
    assert s.finished and s.totals == (0, 0, 0, 0) and s.winner is None  # ties stand


def test_guggitaler_king_option_counts_the_acorns_king() -> None:
    """Option ``king`` "acorns" (the text's "(ou Paus)"): KC, taken by seat 1 in trick 4."""
    _s, rounds = _write("guggitaler", *[_hand(HAND)] * 4, king="acorns")
    assert rounds[3]["rule"] == "acorns-king" and rounds[3]["score"] == (0, -40, 0, 0)


def test_guggitaler_highest_total_wins_after_hand_ten() -> None:
    """Hands 1-5 on HAND, hands 6-10 on HAND with every seat moved on by one: seat s wins
    what seat s-1 lost, (200, 10, 70, 25) less HAND_ALL: (190, -60, 45, -175)."""
    part = _part("guggitaler")
    s = part.initial()
    for k in range(10):
        assert not part.finished(s)
        s, _f = part.write(s, _hand(HAND, rotate=0 if k < 5 else 1))
    assert s.totals == (190, -60, 45, -175) and part.finished(s) and part.winner(s) == 0
    rules = part.extra_json(s)["rules"]
    assert isinstance(rules, list) and rules[4:6] == [["last-trick", -1], ["tricks", 1]]


def test_guggitaler_8_plays_all_five_rules_every_hand() -> None:
    """The text's eight hands: all five rules, lost in hands 1-4, won in hands 5-8."""
    s, rounds = _write("guggitaler-8", *[_hand(HAND)] * 4, *[_hand(HAND, rotate=1)] * 4)
    assert rounds[0]["score"] == _neg(HAND_ALL) and rounds[0]["rule"] == "minus"
    assert rounds[0]["counts"] == {k: list(_neg(v)) for k, v in HAND_RULES.items()}
    assert rounds[4]["score"] == (200, 10, 70, 25) and rounds[4]["rule"] == "plus"
    assert s.hands == 8 and s.finished and s.totals == (760, -240, 180, -700) and s.winner == 0
    tie, _r = _write("guggitaler-8", *[_hand(HAND)] * 8)
    assert tie.finished and tie.totals == (0,) * 4 and tie.winner is None


# -- the end rules ------------------------------------------------------------------------------
def test_rosenober_ends_once_a_total_reaches_12_and_a_tie_plays_extra_hands() -> None:
    """HAND gives (0, 1, 1, 1), HAND moved on by one (1, 0, 1, 1)."""
    s, _r = _write("rosenober", _hand(HAND), start=TallyState((11, 3, 3, 10), hands=20))
    assert s.totals == (11, 4, 4, 11) and not s.finished  # nobody at 12 yet
    s, _r = _write("rosenober", _hand(HAND), start=s)
    assert s.totals == (11, 5, 5, 12) and not s.finished  # 12 reached, seats 1 and 2 tie
    s, _r = _write("rosenober", _hand(HAND, rotate=1), start=s)
    assert s.totals == (12, 5, 6, 13) and s.finished and s.winner == 1
    s, _r = _write("rosenober", _hand(HAND), start=TallyState((7, 3, 4, 8)), limit=9)
    assert s.totals == (7, 4, 5, 9) and s.finished and s.winner == 1  # option limit
    s, _r = _write("rosenober", _hand(HAND), start=TallyState((7, 3, 4, 8)))
    assert not s.finished


def test_schiltenober_ends_once_a_total_reaches_7() -> None:
    """HAND gives (1, 0, 0, 2)."""
    s, _r = _write("schiltenober", _hand(HAND), start=TallyState((5, 2, 4, 4)))
    assert s.totals == (6, 2, 4, 6) and not s.finished
    s, _r = _write("schiltenober", _hand(HAND), start=s)
    assert s.totals == (7, 2, 4, 8) and s.finished and s.winner == 1
    s, _r = _write("schiltenober", _hand(HAND), start=TallyState((6, 3, 3, 1)))
    assert s.totals == (7, 3, 3, 3) and not s.finished  # a three-way tie for the lowest


def test_the_bells_game_ends_after_12_hands_and_a_tie_plays_extra_hands() -> None:
    s, _r = _write("bells-avoidance", _hand(HAND), start=TallyState((10, 20, 30, 40), hands=10))
    assert s.hands == 11 and not s.finished
    s, _r = _write("bells-avoidance", _hand(HAND), start=s)
    assert s.totals == (10, 28, 30, 50) and s.finished and s.winner == 0
    s, _r = _write("bells-avoidance", _hand(HAND), start=TallyState((6, 2, 30, 1), hands=11))
    assert s.totals == (6, 6, 30, 6) and not s.finished  # a tie at hand 12: extra hands
    s, _r = _write("bells-avoidance", _hand(HAND, rotate=1), start=s)  # (5, 0, 4, 0)
    assert s.totals == (11, 6, 34, 6) and not s.finished
    s, _r = _write("bells-avoidance", _hand(HAND, rotate=2), start=s)  # (0, 5, 0, 4)
    assert s.hands == 14 and s.totals == (11, 11, 34, 10) and s.finished and s.winner == 3


# -- whole games through the engine ---------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 7])
def test_random_games_keep_the_invariants_and_round_trip(name: str, seed: int) -> None:
    state = play_random(name, None, seed, refusals=0.05)
    assert state.is_terminal()
    check_game(state)
    results = state.round_results
    assert all(r["contract"] == "obenabe" and r["declarer"] is None for r in results)
    totals = [sum(r["score"][s] for r in results) for s in range(4)]
    assert list(state.totals()) == totals
    per_hand = [sum(r["score"]) for r in results]
    if name == "rosenober" or name == "schiltenober":
        assert per_hand == [3] * len(results)
    elif name == "bells-avoidance":
        assert len(results) >= 12 and all(p in (9, -9) for p in per_hand)
    elif name == "guggitaler":
        assert len(results) == 10
        assert per_hand == [-45, -90, -80, -40, -50, 45, 90, 80, 40, 50]
    else:
        assert len(results) == 8 and per_hand == [-305] * 4 + [305] * 4
    if name.startswith("guggitaler"):
        assert sum(totals) == 0  # the text: "o total de pontos de todos os Contratos será zero"


def test_the_end_rules_hold_in_random_games() -> None:
    for name, limit in (("rosenober", 12), ("schiltenober", 7)):
        for seed in range(3):
            results = play_random(name, None, seed).round_results
            run = [0] * 4
            for k, r in enumerate(results):
                run = [a + b for a, b in zip(run, r["score"], strict=True)]
                done = max(run) >= limit and run.count(min(run)) == 1
                assert done == (k == len(results) - 1), (name, seed, k, run)


def test_chaitea_game_plays_each_ruleset() -> None:
    for name in GAMES:
        game = chaitea.Game(ruleset=name)
        state = game.new_initial_state(seed=4)
        assert state.phase == "play" and state.current_player() == 0  # nobody chooses
        assert str(state.contract) == "obenabe" and state.declarer is None


def test_no_trump_plain_following_and_the_highest_card_of_the_led_suit() -> None:
    """The text: no trump, each trick won by the highest card of the suit led (Obenabe): a
    player must follow suit if able, and a higher card of another suit does not win."""
    hands = ["AH 6C 7C 8C 9C 10C JC QC KC", "6H AC 6D 7D 8D 9D 10D JD QD",
             "7H KD AD 6S 7S 8S 9S 10S JS", "8H QS KS AS 9H 10H JH QH KH"]
    state = state_with("rosenober", hands)
    state.apply_action("6C")
    with pytest.raises(IllegalAction, match=r"\S"):
        state.apply_action("6H")  # seat 1 holds AC
    for card in ("AC", "AD", "AS"):
        state.apply_action(card)
    assert state.round_results == [] and state.current_player() == 1  # AC won


def test_refusals_leave_the_state_unchanged() -> None:
    state = jass_game("guggitaler").new_initial_state(seed=2)
    before = snapshot(state)
    for bad in ("obenabe", "pass", "trump(S)", "push", "QS'", 77):
        with pytest.raises(IllegalAction):
            state.apply_action(bad)
        assert snapshot(state) == before
    with pytest.raises(SetupError, match="king"):
        jass_game("guggitaler", king="bells")
    with pytest.raises(SetupError, match="limit"):
        jass_game("rosenober", limit=0)
    with pytest.raises(SetupError, match="played by 4"):
        jass_game("schiltenober", 3)


def test_random_game_and_replay_on_the_command_line(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    for name in GAMES:
        assert main(["random-game", "--ruleset", name, "--seed", "5"]) == 0
        path = tmp_path / f"{name}.json"
        path.write_text(capsys.readouterr().out)
        assert main(["replay", str(path)]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["finished"] is True and out["next"] is None
        assert out["totals"] == [sum(r["score"][s] for r in out["rounds"]) for s in range(4)]
        assert ("rules" in out) == name.startswith("guggitaler")


def test_a_picking_item_in_a_record_is_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    rec = {"format": "chaitea-record/1", "players": 4, "options": {"ruleset": "rosenober"},
           "rounds": [{"deal": {"seed": 1}, "picking": ["obenabe"], "plays": []}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("round 1, picking step 1: ") and err.count("\n") == 1


def test_a_record_in_progress_replays_with_its_tallies() -> None:
    state = play_random("guggitaler", None, 3, max_rounds=2)
    out = replay(json.dumps(state.record()))
    assert out["hands"] == 2 and [r["rule"] for r in out["rounds"]] == ["tricks", "bells"]
    assert out["finished"] is False and out["next"]["phase"] == "play"
