"""Sidi Barrani (RULES J; the text, "O Sidi Barrani é uma variação do Schieber Jass"): Slalom as
a seventh contract, Misère on any contract (the teams' points swapped), the opponents' double
(only the team that made more points counts double), through the state API, the record and the
command line (RECORD Jass)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import chaitea
from chaitea.__main__ import main
from chaitea.ai.table_bots import make_jass_bot
from chaitea.core.errors import IllegalPick, SetupError
from chaitea.engine.driver import JassGame
from chaitea.engine.hand import Hand
from chaitea.engine.pick_items import MalformedPick
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.scores import TargetState
from chaitea.rulesets.jass.sidi import SidiScore
from tests.rulesets.helpers import UNDERTRUMP, play, state_with
from tests.rulesets.props import check_game, play_random, snapshot

# Clubs split so that trick 2 of a Slalom shows its mode: seat 0 leads AC (trick 1) and 10C
# (trick 2); seat 1's only other club is 7C, seat 2's 8C, seat 3 plays 9C.
CLUBS = [
    "AC 10C AH KH QH JH 10H 9H 8H",
    "KC 7C AS KS QS JS 10S 9S 8S",
    "QC 8C AD KD QD JD 10D 9D 8D",
    "JC 9C 6C 7H 6H 7S 6S 7D 6D",
]
TWO_TRICKS = ["AC", "KC", "QC", "JC", "10C", "7C", "8C", "9C"]


def hand_of(contract: str, points: tuple[int, int], *items: str, weis: tuple[int, int] = (0, 0),
            stoeck: tuple[int, int] = (0, 0), tricks: tuple[int, ...] = (4, 2, 1, 2),
            played: bool = True) -> Hand:
    """A hand's facts as the driver hands them to the score part: team A is seats 0 and 2."""
    return Hand(0, 0, contract, tricks, points, weis, stoeck, played=played,
                items=(contract, *items))


def score_part(**options: Any) -> SidiScore:
    part = jass_game("sidi-barrani", options=options).table.score
    assert isinstance(part, SidiScore)
    return part


def written(hand: Hand, totals: tuple[int, int] = (0, 0), **options: Any) -> Any:
    return score_part(**options).write(TargetState(totals, made=True), hand)


# -- the text's example and the double -------------------------------------------------------
def test_the_texts_misere_example_acorns() -> None:
    """The text: team A chooses Castanhas (Acorns, ×1) Misère, makes 47, B 110: 110 are
    written to A, 47 to B."""
    state, fields = written(hand_of("misere(trump(C))", (47, 110), "pass", "pass"))
    assert fields["score"] == (110, 47) and state.totals == (110, 47)
    assert fields["misere"] is True and fields["doubled"] is False
    assert fields["multiplier"] == 1


def test_the_texts_misere_example_doubled() -> None:
    """Doubled, the doubling applies after the swap: A (110 after it) writes 220, B still 47."""
    _, fields = written(hand_of("misere(trump(C))", (47, 110), "double"))
    assert fields["score"] == (220, 47) and fields["doubled"] is True
    _, fields = written(hand_of("misere(trump(C))", (47, 110), "pass", "double"))
    assert fields["score"] == (220, 47)


def test_a_double_counts_only_for_the_team_that_made_more_points() -> None:
    """Bells (×2): A 100, B 57. Undoubled 200/114; doubled, A 400 and B's 114 as written."""
    assert written(hand_of("trump(H)", (100, 57), "pass", "pass"))[1]["score"] == (200, 114)
    assert written(hand_of("trump(H)", (100, 57), "double"))[1]["score"] == (400, 114)
    # the doubling team may lose: then the chooser's team counts double
    assert written(hand_of("trump(H)", (20, 137), "double"))[1]["score"] == (40, 548)


def test_more_points_reads_the_whole_hand_or_the_cards() -> None:
    """Reading: the hand's score (cards, Weis, Stöck) decides who counts double; option
    ``double_compares: cards`` reads the cards alone."""
    h = hand_of("trump(C)", (70, 87), "double", weis=(100, 0))
    assert written(h)[1]["score"] == (340, 87)
    assert written(h, double_compares="cards")[1]["score"] == (170, 174)


def test_misere_swaps_weis_stoeck_and_the_match() -> None:
    """Reading: Misère swaps the hand's whole score; a Match of the chooser goes to the other
    team (Undenufe ×4: (157 + 100 + 50 + 20) × 4)."""
    h = hand_of("misere(undenufe)", (157, 0), weis=(50, 0), stoeck=(20, 0),
                tricks=(5, 0, 4, 0))
    _, fields = written(h)
    assert fields["match"] == 0 and fields["score"] == (0, (157 + 100 + 50 + 20) * 4)


def test_misere_swaps_only_the_cards_as_an_option() -> None:
    """Option ``misere_swaps: cards``: the cards and Match are swapped, Weis and Stöck stay with
    the team that declared them (Obenabe Misère ×3: A made 100 and a Weis of 50, B 57)."""
    h = hand_of("misere(obenabe)", (100, 57), weis=(50, 0))
    assert written(h)[1]["score"] == (57 * 3, 150 * 3)
    assert written(h, misere_swaps="cards")[1]["score"] == ((57 + 50) * 3, 100 * 3)


def test_misere_stoeck_may_win_the_game_for_the_other_team_mid_hand() -> None:
    """Mid-hand end (Schieber's, Stöck first): under Misère A's Stöck are written to B, so B at
    2985 reaches 3000 before the cards; without Misère A at 2990 wins with them."""
    part = score_part()
    start = TargetState((2990, 2985), made=True)
    for contract, winner in (("misere(trump(C))", 1), ("trump(C)", 0)):
        h = hand_of(contract, (0, 0), "pass", "pass", stoeck=(20, 0), tricks=(0,) * 4,
                    played=False)
        assert part.may_end_declared(start, contract, h.weis, h.stoeck)
        assert part.declared(start, h)[1] is True
        new, fields = part.write(start, h)
        assert new.winner == winner and fields["score"] == ((20, 0) if winner == 0 else (0, 20))


def test_slalom_and_misere_multipliers() -> None:
    """RULES J's Schieber multipliers; Slalom (the text gives none) ×3 by default, an option;
    a Misère at its contract's; every multiplier 1 with no_multipliers."""
    factor = score_part().scoring.factor
    assert [factor(c) for c in ("trump(C)", "trump(D)", "trump(H)", "trump(S)", "obenabe",
                                "undenufe", "slalom(obenabe)", "slalom(undenufe)")] == \
        [1, 2, 2, 1, 3, 4, 3, 3]
    assert factor("misere(trump(D))") == 2 and factor("misere(slalom(obenabe))") == 3
    four = score_part(slalom_multiplier=4).scoring.factor
    assert four("misere(slalom(undenufe))") == 4
    flat = score_part(no_multipliers=True).scoring
    assert {flat.factor(c) for c in jass_game("sidi-barrani").table.contracts} == {1}
    assert flat.end.target == 1000


# -- the choice and the double through the state API -------------------------------------------
def test_the_forehand_chooses_from_sixteen_contracts_then_the_opponents_speak() -> None:
    state = state_with("sidi-barrani", UNDERTRUMP, forehand=1)
    legal = state.legal_moves()
    assert legal[:8] == ["trump(C)", "trump(D)", "trump(H)", "trump(S)", "obenabe", "undenufe",
                         "slalom(obenabe)", "slalom(undenufe)"]
    assert legal[8:16] == [f"misere({c})" for c in legal[:8]] and legal[16:] == ["push"]
    state.apply_action("misere(slalom(undenufe))")
    assert state.phase == "picking" and state.current_player() == 2  # the seat after seat 1
    assert state.legal_moves() == ["pass", "double"]
    state.apply_action("pass")
    assert state.current_player() == 0 and state.legal_moves() == ["pass", "double"]
    state.apply_action("double")
    assert state.phase == "play" and state.current_player() == 1 == state.declarer
    assert state.contract == "misere(slalom(undenufe))"
    assert state.record()["rounds"][0]["picking"] == ["misere(slalom(undenufe))", "pass",
                                                       "double"]


def test_after_a_push_the_opponents_still_speak_from_the_forehand() -> None:
    state = state_with("sidi-barrani", UNDERTRUMP, forehand=0)
    play(state, "push", "obenabe")
    assert state.current_player() == 1
    state.apply_action("double")  # the first opponent doubles: the speaking ends
    assert state.phase == "play" and state.declarer == 2 and state.current_player() == 0


def test_the_first_opponent_alone_may_speak_for_the_team() -> None:
    """Option ``double_speakers: first``: the seat after the forehand writes double or pass for
    its team; after its pass the play starts."""
    state = state_with("sidi-barrani", UNDERTRUMP, forehand=0, double_speakers="first")
    play(state, "obenabe", "pass")
    assert state.phase == "play" and state.record()["rounds"][0]["picking"] == ["obenabe",
                                                                                 "pass"]


def test_without_the_doubling_option_play_starts_at_once() -> None:
    state = state_with("sidi-barrani", UNDERTRUMP, doubling=False)
    state.apply_action("trump(S)")
    assert state.phase == "play" and "double" not in state.game.spellings


@pytest.mark.parametrize(("items", "bad", "words"), [
    ((), "double", "forehand chooses the contract or pushes"),
    (("push",), "double", "partner must choose"),
    (("trump(C)",), "push", "the opponents may double it"),
    (("trump(C)",), "obenabe", "Sidi Barrani"),
    (("trump(C)", "pass"), "misere(obenabe)", "the other opponent (seat 3)"),
    ((), "misere(trump(X))", "misere(trump(X)) refused: the forehand chooses"),
    ((), "misere(misere(obenabe))", "refused"),
])
def test_refusals_name_the_rule_and_leave_the_state_unchanged(
        items: tuple[str, ...], bad: str, words: str) -> None:
    state = state_with("sidi-barrani", UNDERTRUMP, forehand=0)
    play(state, *items)
    before = snapshot(state)
    with pytest.raises(IllegalPick, match=r"\S") as err:
        state.apply_action(bad)
    assert words in str(err.value)
    assert snapshot(state) == before and not state.can_apply(bad)


def test_misere_spellings_parse_as_their_contract() -> None:
    """RECORD Jass: misere(<contract>) is one "word(args)" item; it plays as its contract, and
    its Weis and Stöck are taken in the contract's mode (Stöck of Bells under Bells Misère)."""
    game = jass_game("sidi-barrani")
    assert game.contract_of("misere(trump(H))") == game.contract_of("trump(H)")
    assert game.trick_rules("misere(slalom(obenabe))") == game.trick_rules("slalom(obenabe)")
    with pytest.raises(MalformedPick):
        game.item_of("misere(trump(hearts))")
    hands = [
        "KH QH 6C 7C 8C 9C 10C JC QC",
        "AH JH 9H 10H 6D 7D 8D 9D 10D",
        "KC AC 8H 7H 6H JD QD KD AD",
        "6S 7S 8S 9S 10S JS QS KS AS",
    ]
    state = state_with("sidi-barrani", hands, forehand=0)
    play(state, "misere(trump(H))", "pass", "pass")
    assert state.phase == "play" and state._stoeck == (20, 0)


def test_slalom_alternates_obenabe_and_undenufe_trick_by_trick() -> None:
    """The text: Slalom has no trump, each trick alternately Obenabe and Undenufe, the chooser
    names the first trick's: with 10C led to 7C 8C 9C in trick 2, Undenufe's 7C wins it."""
    game = jass_game("sidi-barrani")
    over, under = (game.trick_rules(c)[0] for c in ("obenabe", "undenufe"))
    rules = game.trick_rules("slalom(obenabe)")
    orders = [r.plain_order for r in rules]
    assert orders == [over.plain_order, under.plain_order] * 4 + [over.plain_order]
    assert all(r.trump is None or r.trump < 0 for r in rules)  # no trump
    assert {r.values for r in rules} == {over.values}  # the no-trump values: the 8s count 8
    assert [r.plain_order for r in game.trick_rules("slalom(undenufe)")][:2] == orders[1::-1]
    winners = {}
    for contract in ("slalom(obenabe)", "misere(slalom(obenabe))", "obenabe"):
        state = state_with("sidi-barrani", CLUBS, forehand=0)
        play(state, contract, "pass", "pass", *TWO_TRICKS)
        winners[contract] = state.current_player()  # the second trick's winner leads next
    assert winners == {"slalom(obenabe)": 1, "misere(slalom(obenabe))": 1, "obenabe": 0}


# -- whole games, the record, the command line, the bots ----------------------------------------
def expected_score(res: dict[str, Any], items: list[str], compare: str,
                   swaps: str) -> tuple[int, int]:
    """The text's rule, written out on its own: (cards + Match + Weis + Stöck) × the multiplier
    per team, swapped under Misère, then ×2 for the team that made more (``compare``: by the
    whole hand or by cards and Match) when doubled."""
    cards = [res["card_points"][s] + (100 if res["match"] == s else 0) for s in (0, 1)]
    declared = [res["weis"][s] + res["stoeck"][s] for s in (0, 1)]
    if res["contract"].startswith("misere("):
        cards.reverse()
        if swaps == "hand":
            declared.reverse()
    made = [c + d for c, d in zip(cards, declared, strict=True)]
    out = [p * res["multiplier"] for p in made]
    by = cards if compare == "cards" else made
    if "double" in items and by[0] != by[1]:
        out[by.index(max(by))] *= 2
    return out[0], out[1]


OPTIONS: list[dict[str, Any]] = [{}, {"declare": "hand"}, {"no_multipliers": True},
                                 {"double_compares": "cards"}, {"mid_hand_end": False},
                                 {"doubling": False}, {"misere_swaps": "cards"},
                                 {"double_speakers": "first"}]


@pytest.mark.parametrize("seed", range(len(OPTIONS)))
def test_random_whole_games_keep_the_invariants(seed: int) -> None:
    options = OPTIONS[seed]
    state = play_random("sidi-barrani", None, seed, refusals=0.05, options=options)
    assert state.is_terminal()
    check_game(state)
    compare = options.get("double_compares", "hand")
    swaps = options.get("misere_swaps", "hand")
    totals = [0, 0]
    for rnd, res in zip(state.record()["rounds"], state.round_results, strict=True):
        picking = rnd["picking"]
        assert picking[0] in ("push", res["contract"])
        said = picking[picking.index(res["contract"]) + 1:]
        if options.get("double_speakers") == "first":
            assert said[:1] in (["double"], ["pass"]) and said[1:2] != ["double"]
        elif options.get("doubling", True):
            assert said[:1] == ["double"] or said[:2] in (["pass", "double"], ["pass", "pass"])
        else:
            assert "double" not in said
        assert res["doubled"] == ("double" in said)
        if res.get("played", True):  # a hand played out writes all of it
            assert tuple(res["score"]) == expected_score(res, picking, compare, swaps)
        totals = [t + p for t, p in zip(totals, res["score"], strict=True)]
    assert tuple(totals) == state.totals()


def test_the_game_facade_and_a_round_trip_of_the_record() -> None:
    make: Any = chaitea.Game  # Game(ruleset=...) routes a Jass ruleset to the driver
    game = make(ruleset="sidi-barrani", options={"slalom_multiplier": 2})
    assert isinstance(game, JassGame)
    state = game.new_initial_state(seed=11)
    rng = random.Random(11)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    rec = state.record()
    assert rec["options"] == {"ruleset": "sidi-barrani", "slalom_multiplier": 2}
    check_game(state)


def test_players_and_options_are_checked() -> None:
    with pytest.raises(SetupError, match="played by 4 players"):
        jass_game("sidi-barrani", 6)
    with pytest.raises(SetupError, match="double_compares"):
        jass_game("sidi-barrani", double_compares="weis")


def test_random_game_and_replay_on_the_command_line(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["random-game", "--ruleset", "sidi-barrani", "--seed", "7"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "sidi.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True and out["target"] == 3000
    assert all({"misere", "doubled"} <= set(r) for r in out["rounds"])
    rec = json.loads(text)
    assert any("double" in r["picking"] for r in rec["rounds"])
    rec["rounds"][0]["picking"].insert(1, "push")  # an opponent's push after the choice
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("round 1, picking step 2: ") and "double" in err


def test_the_bots_play_whole_games() -> None:
    """The rule bot (and random bots on the other team) play Sidi Barrani to its end, legal
    throughout."""
    for seed in range(2):
        state = jass_game("sidi-barrani").new_initial_state(seed=seed)
        bots = [make_jass_bot("rule" if s % 2 == 0 else "random", seed=seed * 10 + s)
                for s in range(4)]
        while not state.is_terminal():
            action = bots[state.current_player()].act(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        check_game(state, deep=False)
        assert max(state.totals()) >= 3000


def test_the_monte_carlo_bot_and_the_coach_at_the_double() -> None:
    """The opponents' ``double``/``pass`` is no contract: the PIMC bot and the coach answer a
    legal action there (the first, ``pass``) and value the contracts as in Schieber."""
    from chaitea.ai.coach import advise

    state = jass_game("sidi-barrani").new_initial_state(seed=2)
    assert "misere(obenabe)" in set(advise(state, samples=2).table["pick"])
    state.apply_action("misere(obenabe)")
    assert advise(state, samples=2).recommended == "pass"
    bot = make_jass_bot("pimc", seed=1, samples=2, pick_samples=2)
    assert bot.act(state) in state.legal_actions()


def test_the_rule_bot_doubles_a_contract_its_hand_beats() -> None:
    """The opponent after the forehand holds the Bells' Puur, Näll, A, K, 10: it doubles Bells,
    and passes Bells Misère (its team would take many points, written to the chooser's)."""
    hands = ["6C 7C 8C 6D 7D 8D 6S 7S 8S",
             "JH 9H AH KH 10H AC AS AD KD",
             "9C 10C JC 9D 10D JD 9S 10S JS",
             "QC KC QD QS KS 6H 7H 8H QH"]
    bot = make_jass_bot("rule", seed=1)
    for contract, answer in (("trump(H)", "double"), ("misere(trump(H))", "pass")):
        state = state_with("sidi-barrani", hands, forehand=0)
        state.apply_action(contract)
        assert state.current_player() == 1
        assert state.game.action_to_string(bot.act(state)) == answer
