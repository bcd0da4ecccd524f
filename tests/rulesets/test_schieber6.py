"""Six-player Schieber (RULES J; the Jass text: "Seis jogadores jogam em trios"): two trios
{0,2,4} and {1,3,5}, two 24-card decks (or one 36-card deck), the push along the forehand's
team-mates, the later of two identical cards winning, card totals, Weis and Stöck with copies,
and random whole games through the state API (each card once, the point totals, the Schieber
score, refusals leave the state unchanged, the record round trip)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from chaitea import Game
from chaitea.core.cards import JASS, JASS_DOUBLE, Deck, Suit
from chaitea.core.contracts import JASS_FAMILY, Contract
from chaitea.core.deals import Deal
from chaitea.core.errors import IllegalAction, IllegalPick, IllegalPlay, SetupError
from chaitea.core.tricks import trick_result
from chaitea.engine.driver import JassState
from chaitea.records.record import loads, replay, report
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.double import double_best_melds, double_declarations, double_stoeck
from chaitea.rulesets.jass.melds import CardUse, WeisOptions, WeisTie

SIDES6 = (0, 1, 0, 1, 0, 1)


def double_deal(*hands: str, deck: Deck = JASS_DOUBLE) -> Deal:
    return Deal(tuple(tuple(deck.parse(c) for c in h.split()) for h in hands))


def six(hands: list[str], *, deck: str | None = None, forehand: int | None = 0,
        **options: Any) -> JassState:
    game = jass_game("schieber", 6, deck=deck, options=options)
    state = game.new_initial_state(forehand=forehand)
    d = double_deal(*hands, deck=game.deck)
    state.apply_deal(d)
    return state


# A whole double-deck deal: seat 0 all the Bells but JH' QH' KH' AH', which seat 1 holds.
HEARTS_DEAL = [
    "9H 10H JH QH KH AH 9H' 10H'",
    "JH' QH' KH' AH' 9S 10S JS QS",
    "KS AS 9S' 10S' JS' QS' KS' AS'",
    "9C 10C JC QC KC AC 9C' 10C'",
    "JC' QC' KC' AC' 9D 10D JD QD",
    "KD AD 9D' 10D' JD' QD' KD' AD'",
]


# -- the table -------------------------------------------------------------------------------
def test_game_of_six_players() -> None:
    game: Any = Game(players=6, ruleset="schieber")  # a JassGame (Game hands Jass rulesets on)
    assert game.players == 6 and game.deck is JASS_DOUBLE and game.n_tricks == 8
    assert game.seating.teams == ((0, 2, 4), (1, 3, 5))
    assert game.side_of == SIDES6 and game.side_names == ["A", "B"]
    one: Any = Game(players=6, ruleset="schieber", deck="jass")
    assert one.deck is JASS and one.n_tricks == 6
    assert type(game.new_initial_state(seed=1)) is JassState  # one state class, every deck
    assert type(one.new_initial_state(seed=1)) is JassState
    with pytest.raises(SetupError, match="use jass-double or jass"):
        jass_game("schieber", 6, deck="double")
    with pytest.raises(SetupError, match="use jass"):
        jass_game("schieber", 4, deck="jass-double")
    assert game.new_initial_state(seed=1).record()["options"] == {"ruleset": "schieber"}
    assert one.new_initial_state(seed=1).record()["options"] == {"ruleset": "schieber",
                                                                   "deck": "jass"}


def test_the_double_deck() -> None:
    assert JASS_DOUBLE.size == 48 and JASS_DOUBLE.is_jass
    assert [str(c) for c in JASS_DOUBLE.cards[:7]] == ["9C", "10C", "JC", "QC", "KC", "AC", "9D"]
    assert str(JASS_DOUBLE.cards[24]) == "9C'" and JASS_DOUBLE.cards[24].copy == 1
    assert JASS_DOUBLE.parse("AH'") != JASS_DOUBLE.parse("AH")
    with pytest.raises(ValueError, match="not a card of the Jass double deck"):
        JASS_DOUBLE.parse("7S")
    with pytest.raises(ValueError, match="not a card of the Jass deck"):
        JASS.parse("7S'")
    d = Deal.from_seed(5, jass_game("schieber", 6).seating, JASS_DOUBLE)
    assert [len(h) for h in d.hands] == [8] * 6
    assert sorted(map(str, d.all_cards())) == sorted(map(str, JASS_DOUBLE.cards))


def test_first_forehand_holds_the_roses_nine_of_the_first_deck() -> None:
    """The 24-card decks have no Roses 7 (reading: the holder of 9S, the first copy's lowest
    Roses card); with one 36-card deck the holder of 7S."""
    for seed in range(20):
        state = jass_game("schieber", 6).new_initial_state(seed=seed)
        assert "9S" in [str(c) for c in state.hand(state.forehand)]
        assert state.current_player() == state.forehand
        one = jass_game("schieber", 6, deck="jass").new_initial_state(seed=seed)
        assert "7S" in [str(c) for c in one.hand(one.forehand)]


# -- the push chain --------------------------------------------------------------------------
def test_the_push_goes_to_the_next_partner_then_the_other_must_choose() -> None:
    state = six(HEARTS_DEAL, forehand=1)
    assert state.current_player() == 1 and "push" in state.legal_moves()
    state.apply_action("push")
    assert state.current_player() == 3 and "push" in state.legal_moves()
    state.apply_action("push")
    assert state.current_player() == 5 and "push" not in state.legal_moves()
    before = json.dumps(state.record())
    with pytest.raises(IllegalPick, match="must choose the contract"):
        state.apply_action("push")
    assert json.dumps(state.record()) == before
    state.apply_action("trump(D)")
    assert state.phase == "play" and state.declarer == 5 and state.forehand == 1
    assert state.current_player() == 1  # the forehand leads either way (RULES J)


def test_the_first_partner_may_choose() -> None:
    state = six(HEARTS_DEAL, forehand=4)
    state.apply_action("push")
    assert state.current_player() == 0
    state.apply_action("obenabe")
    assert (state.declarer, state.forehand, state.contract) == (0, 4, "obenabe")


def test_push_back_with_six_players() -> None:
    state = six(HEARTS_DEAL, forehand=0, push_back=True)
    state.apply_action("push")
    state.apply_action("push")
    assert state.current_player() == 4 and "push" in state.legal_moves()
    state.apply_action("push")
    assert state.current_player() == 0 and "push" not in state.legal_moves()
    state.apply_action("undenufe")
    assert state.declarer == 0
    out = report(loads(json.loads(json.dumps(state.record()))))
    assert out["next"]["phase"] == "play"


# -- the later identical card wins -----------------------------------------------------------
def test_of_two_identical_cards_the_later_played_wins() -> None:
    state = six(HEARTS_DEAL, forehand=0)
    state.apply_action("obenabe")
    for card in ("AH", "AH'", "9S'", "9C", "9D", "KD"):
        state.apply_action(card)
    assert state.trick_ids()[0][2] == 1  # seat 1's AH' after seat 0's AH
    res = trick_result(Contract.parse("obenabe", family=JASS_FAMILY).trick_rules(8)[0],
                       ["AH", "AH'", "9S'", "9C", "9D", "KD"], JASS_DOUBLE)
    assert res.position == 1 and "later-played of two identical cards wins" in res.reason
    assert state.current_player() == 1


def test_the_later_puur_wins_and_either_puur_copy_is_exempt() -> None:
    hands = [
        "JD 9H 10H JH QH KH AH 9H'",
        "JD' 10H' JH' QH' KH' AH' 9S 10S",
        "JS QS KS AS 9S' 10S' JS' QS'",
        "9C 10C JC QC KC AC 9C' KS'",
        "10C' JC' QC' KC' AC' 9D 10D QD",
        "AS' KD AD 9D' 10D' QD' KD' AD'",
    ]
    state = six(hands, forehand=0)
    state.apply_action("trump(D)")
    state.apply_action("JD")
    # seat 1's only trump is the second Puur: it need not follow the trump lead (RULES J)
    assert set(state.legal_moves()) == {"JD'", "10H'", "JH'", "QH'", "KH'", "AH'", "9S", "10S"}
    state.apply_action("JD'")
    for _seat in range(2, 6):
        state.apply_action(state.legal_moves()[0])
    assert state.trick_ids()[0][2] == 1


def test_undertrumping_with_copies() -> None:
    """No undertrumping against the highest trump in the trick; a copy equal to it is no lower
    trump (and, played later, wins)."""
    hands = [
        "AH 9H 10H JH QH KH 9H' 10H'",
        "QD JH' QH' KH' AH' 9S 10S JS",
        "KD 9D QS KS AS 9S' 10S' JS'",
        "9C 10C JC QC KC AC 9C' QS'",
        "10C' JC' QC' KC' AC' 10D JD KS'",
        "AS' QD' AD 9D' 10D' JD' KD' AD'",
    ]
    state = six(hands, forehand=0)
    state.apply_action("trump(D)")
    for card in ("AH", "QD"):
        state.apply_action(card)
    assert {"KD", "9D"} <= set(state.legal_moves())  # above the QD in the trick
    state.apply_action("KD")
    state.apply_action("9C")
    before = _snapshot(state)
    with pytest.raises(IllegalPlay, match="no undertrumping: KD is the highest trump"):
        state.apply_action("10D")
    assert _snapshot(state) == before
    state.apply_action("JD")
    assert set(state.legal_moves()) == {"AS'", "JD'"}  # the other Puur is no lower trump
    state.apply_action("JD'")
    assert state.trick_ids()[0][2] == 5


# -- card points -----------------------------------------------------------------------------
@pytest.mark.parametrize(("deck", "options", "totals"), [
    (None, {}, {"trump(H)": 309, "trump(S)": 309, "obenabe": 245, "undenufe": 245}),
    (None, {"undenufe_six": True}, {"trump(C)": 309, "obenabe": 245, "undenufe": 245}),
    ("jass", {}, {"trump(H)": 157, "obenabe": 157, "undenufe": 157}),
    ("jass", {"undenufe_six": True}, {"undenufe": 157}),
])
def test_card_totals(deck: str | None, options: dict[str, Any], totals: dict[str, int]) -> None:
    """Two 24-card decks (reading): twice each deck's 9..A values + the last trick's 5."""
    game = jass_game("schieber", 6, deck=deck, options=options)
    for contract, total in totals.items():
        trump = "CDHS".index(contract[6]) if contract.startswith("trump(") else -1
        values = game.plan(contract, 0, trump)[2]
        assert sum(values) + 5 == total, contract
    if options.get("undenufe_six") and deck is None:
        values = game.plan("undenufe", 0, -1)[2]
        assert values[JASS_DOUBLE.index_of("9C'")] == 11
        assert values[JASS_DOUBLE.index_of("AC")] == 0


# -- Weis and Stöck with copies --------------------------------------------------------------
@pytest.mark.parametrize(("hand", "melds"), [
    ("9H 10H JH 9H' 10H' JH' AS AC", ["JH 10H 9H", "JH' 10H' 9H'"]),  # both copies: two Weis
    ("JC JD' JH JS 9S 10S QS KS", ["JS JH JD' JC"]),  # either copy in a four; JS once only
    ("JC JD JH JS JS' 9S 10S AD", ["JS JH JD JC", "JS' 10S 9S"]),  # the second copy serves
    ("JC JD JH JS JC' JD' JH' JS'", ["JS JH JD JC", "JS' JH' JD' JC'"]),  # two fours: 400
    ("9S 10S JS QS KS AS 9C AC", ["AS KS QS JS 10S 9S"]),  # six in sequence from the 9 up
    ("9C 9D 9H 9S 10D JD 9D' AC", ["9S 9H 9D 9C", "JD 10D 9D'"]),  # four 9s and the 9D copy
    ("9C 9D 9H 9S 10D JD KC AC", ["9S 9H 9D 9C"]),  # the text's choice: four 9s over 9-10-J
    ("QC QD QH QS KH AH 9C' 10C'", ["QS QH QD QC"]),  # QH in the four, not in Q-K-A
    ("9C 10C QC KC 9D' 10D' QD' KD'", []),  # no three in sequence
])
def test_weis_with_copies(hand: str, melds: list[str]) -> None:
    assert [str(m) for m in double_best_melds(hand)] == melds


def test_weis_with_copies_options() -> None:
    shared = WeisOptions(card_use=CardUse.SHARED)
    got = [m.points for m in double_best_melds("JC JD JH JS 9S 10S QS KS", options=shared)]
    assert got == [200, 100]  # four Js and 9 10 J Q K of Roses, JS in both
    low = WeisOptions(low_fours=True)
    assert double_best_melds("9C 9D 9H 9S", options=low)[0].points == 150


def test_weis_comparison_with_copies() -> None:
    hands = ["9C 10C JC", "9C' 10C' JC'", "AH", "AD", "AS", "KS"]
    d = double_declarations(hands, "trump(S)", sides=SIDES6)
    assert d.weis.winner is None and d.weis.points == (0, 0)  # identical: nobody (the text)
    first = WeisOptions(tie=WeisTie.FIRST_DECLARED)
    d = double_declarations(hands, "trump(S)", sides=SIDES6, forehand=1, options=first)
    assert d.weis.winner == 1 and d.weis.points == (0, 20)
    hands = ["9C 10C JC", "9S' 10S' JS'", "9H 10H JH", "AD", "AS", "KS"]
    d = double_declarations(hands, "trump(S)", sides=SIDES6)
    assert d.weis.winner == 1 and d.weis.points == (0, 20)  # the trump sequence wins the tie
    hands = ["9C 10C JC", "QD KD AD", "9H 10H JH QH", "AS", "9D 10D JD", "KS"]
    d = double_declarations(hands, "obenabe", sides=SIDES6)
    assert d.weis.winner == 0 and d.weis.points == (90, 0)  # the best side scores all its Weis


def test_stoeck_with_copies() -> None:
    """Reading: each King-and-Ober pair of trump in one hand, either copy, is 20."""
    assert double_stoeck(["KH QH'", "AS"], Suit.HEARTS, sides=(0, 1)) == (20, 0)
    assert double_stoeck(["KH QH KH' QH'", "AS"], Suit.HEARTS, sides=(0, 1)) == (40, 0)
    assert double_stoeck(["KH KH'", "QH QH'"], Suit.HEARTS, sides=(0, 1)) == (0, 0)
    assert double_stoeck(["KH QH", "KH' QH'"], Suit.HEARTS, sides=(0, 1)) == (20, 20)
    assert double_stoeck(["KH QH"], None) == (0,)


def test_weis_and_stoeck_in_a_hand() -> None:
    state = six(HEARTS_DEAL, forehand=0)
    state.apply_action("trump(H)")
    res = None
    while state.phase == "play":
        state.apply_action(state.legal_actions()[0])
        if state.round_results:
            res = state.round_results[0]
    assert res is not None
    # team A: seat 0 six Bells 9-A (150, trump), seat 2 six Roses' (150), seat 4 J-A of
    # Acorns' and 9-Q of Shields (50 + 50); team B's best, six Acorns or six Shields' (150),
    # ties on points and top card, and the trump sequence wins: A scores all its 400
    assert res["weis"] == (400, 0)
    assert res["stoeck"] == (20, 20)  # seat 0: KH QH; seat 1: KH' QH'
    assert sum(res["card_points"]) == 309


# -- random whole games ----------------------------------------------------------------------
def _reference(game: Any, res: dict[str, Any], plays: list[str]) -> tuple[list[int], list[int]]:
    """An independent count of a hand: each trick's winner by ``trick_result`` on the deck,
    its values from the contract's trick rules."""
    deck = game.deck
    rules = Contract.parse(res["contract"], family=JASS_FAMILY).trick_rules(game.n_tricks,
                                                                            game.value_options)
    n = game.players
    leader = res["forehand"]
    points, tricks = [0, 0], [0] * n
    for k in range(game.n_tricks):
        cards = plays[k * n:(k + 1) * n]
        winner = (leader + trick_result(rules[k], cards, deck).position) % n
        values = rules[k].values.for_deck(deck, rules[k].trump)
        points[game.side_of[winner]] += sum(values[deck.index_of(c)] for c in cards)
        points[game.side_of[winner]] += 5 if k == game.n_tricks - 1 else 0
        tricks[winner] += 1
        leader = winner
    return points, tricks


def _snapshot(state: JassState) -> str:
    return json.dumps([state.record(), state.legal_actions(), state.current_player(),
                       state.phase, list(state.totals()), state.round_results], default=str)


def _try_refusals(state: JassState, rng: random.Random) -> None:
    before = _snapshot(state)
    legal = set(state.legal_actions())
    g = state.game
    bad: list[Any] = [a for a in range(g.n_cards + len(g.spellings)) if a not in legal]
    bad = rng.sample(bad, min(3, len(bad))) + ["nonsense", "trump(X)", 999, "6C'", "AS''"]
    if g.deck is JASS_DOUBLE:
        bad.append("7S")
    for a in bad:
        with pytest.raises(IllegalAction, match=r"\S"):
            state.apply_action(a)
        assert not state.can_apply(a)
        assert _snapshot(state) == before, a


def play_random(seed: int, *, deck: str | None = None, refusals: float = 0.0,
                **options: Any) -> JassState:
    state = jass_game("schieber", 6, deck=deck, options=options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if refusals and rng.random() < refusals:
            _try_refusals(state, rng)
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def check_game(state: JassState, *, deep: bool) -> None:
    game = state.game
    deck = game.deck
    rec = state.record()
    totals = [0, 0]
    scoring = game.table.score.scoring
    for rnd, res in zip(rec["rounds"], state.round_results, strict=True):
        hands = Deal.from_json(rnd["deal"], game.seating, deck).hands
        plays = rnd["plays"]
        assert len(set(plays)) == len(plays)  # each card copy once
        m = res["multiplier"]
        assert m == scoring.factor(res["contract"])
        if res.get("played", True):
            assert sorted(plays) == sorted(str(c) for h in hands for c in h)
            assert sum(res["tricks"]) == game.n_tricks
            mode = res["contract"]
            expect = (157 if deck is JASS else 309 if mode.startswith("trump(") else 245)
            assert sum(res["card_points"]) == expect, res
            if deep:
                points, tricks = _reference(game, res, plays)
                assert tuple(points) == tuple(res["card_points"]) and tricks == res["tricks"]
            if res is not state.round_results[-1]:
                for side in (0, 1):
                    bonus = 100 if res["match"] == side else 0
                    assert res["score"][side] == (res["card_points"][side] + bonus
                                                  + res["weis"][side] + res["stoeck"][side]) * m
        totals[0] += res["score"][0]
        totals[1] += res["score"][1]
    assert list(state.totals()) == totals
    assert state.is_terminal() and max(totals) >= scoring.end.target
    if deep:
        again = loads(json.loads(json.dumps(rec)))
        assert again.record() == rec
        assert report(again) == report(state)
        assert replay(json.dumps(rec)) == json.loads(json.dumps(report(state)))


@pytest.mark.parametrize("deck", [None, "jass"])
def test_random_whole_games(deck: str | None) -> None:
    """200 whole six-player games per deck: each card once, 309/245 (157 with one deck) per
    hand, the Schieber score; every tenth counted independently and replayed; the first five
    with bad actions tried along the way."""
    for seed in range(200):
        state = play_random(seed, deck=deck, refusals=0.02 if seed < 5 else 0.0)
        check_game(state, deep=seed % 10 == 0)


def test_random_games_with_options() -> None:
    for seed in range(20):
        check_game(play_random(seed, no_multipliers=True, undenufe_six=True, push_back=True),
                   deep=True)
        check_game(play_random(seed, deck="jass", obenabe_undenufe=False), deep=seed % 5 == 0)


def test_clone_is_independent() -> None:
    state = jass_game("schieber", 6).new_initial_state(seed=7)
    state.apply_action("push")
    twin = state.clone()
    assert type(twin) is JassState
    twin.apply_action("obenabe")
    twin.apply_action(twin.legal_actions()[0])
    assert state.phase == "picking" and twin.phase == "play"


def test_refused_cards_name_the_rule() -> None:
    state = six(HEARTS_DEAL, forehand=0)
    state.apply_action("obenabe")
    before = _snapshot(state)
    with pytest.raises(IllegalPlay, match="does not hold it"):
        state.apply_action("JS")
    with pytest.raises(IllegalPlay, match="not a card of the Jass double deck"):
        state.apply_action("7S")
    state.apply_action("AH")
    with pytest.raises(IllegalPlay, match="must follow hearts"):
        state.apply_action("9S")
    assert _snapshot(state) != before


@pytest.mark.soak
@pytest.mark.parametrize("deck", [None, "jass"])
def test_soak_random_games(deck: str | None) -> None:
    for seed in range(10_000):
        state = play_random(10**6 + seed, deck=deck, refusals=0.01)
        check_game(state, deep=seed % 10 == 0)


def test_match_multipliers_and_targets_with_six_players() -> None:
    """The Match is one team taking every trick: +100 on top of the 309, then the multiplier;
    the target 3000 (1000 with no multipliers), as with four players."""
    from chaitea.rulesets.jass.scores import Hand, TargetScore
    from chaitea.rulesets.jass.scoring import SCHIEBER as SCHIEBER_SCORING

    part = TargetScore(SCHIEBER_SCORING, SIDES6)
    hand = Hand(0, 0, "undenufe", (3, 0, 3, 0, 2, 0), (245, 0), (0, 0), (0, 0))
    _, fields = part.write(part.initial(), hand)
    assert fields["match"] == 0 and fields["score"] == ((245 + 100) * 4, 0)
    hand = Hand(1, 3, "trump(H)", (3, 1, 2, 0, 1, 1), (200, 109), (50, 0), (0, 20))
    _, fields = part.write(part.initial(), hand)
    assert fields["match"] is None and fields["score"] == (500, 258)
    assert jass_game("schieber", 6).table.score.scoring.end.target == 3000  # type: ignore[attr-defined]
    flat = jass_game("schieber", 6, no_multipliers=True).table.score
    assert flat.scoring.end.target == 1000 and flat.scoring.factor("undenufe") == 1  # type: ignore[attr-defined]


def test_command_line(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from chaitea.__main__ import main

    assert main(["random-game", "--ruleset", "schieber", "--players", "6", "--seed", "3"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["players"] == 6 and rec["options"] == {"ruleset": "schieber"}
    assert any("'" in c for c in rec["rounds"][0]["plays"])  # second copies, written 9H'
    path = tmp_path / "six.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and out["winner"] in ("A", "B")
    assert main(["random-game", "--ruleset", "schieber", "--players", "6", "--seed", "3",
                 "--deck", "jass"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"ruleset": "schieber",
                                                             "deck": "jass"}
    assert main(["deal", "--ruleset", "schieber", "--players", "6", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "Jass double deck" in text and "team B" in text and "holds 9S" in text


@pytest.mark.parametrize(("change", "prefix", "words"), [
    (lambda r: r["rounds"][0]["deal"]["hands"][0].__setitem__(0, "7S"),
     "round 1, picking step 0", "7S is not a card of the Jass double deck"),
    (lambda r: r["rounds"][0]["deal"]["hands"][0].__setitem__(0, "AH'"),
     "round 1, picking step 0", "duplicate card AH'"),
    (lambda r: r["rounds"][0]["deal"]["hands"][0].pop(),
     "round 1, picking step 0", "each hand must have 8"),
    (lambda r: r["rounds"][0]["plays"].__setitem__(0, "AS'"),
     "round 1, play step 1", "AS' refused"),
    (lambda r: r["rounds"][0]["picking"].__setitem__(2, "push"),
     "round 1, picking step 3", "push refused: after a push the partner must choose"),
    (lambda r: r["options"].__setitem__("deck", "double"),
     "round 0, picking step 0", "the double deck does not fit schieber (6 players)"),
])
def test_bad_six_player_records_exit_2(change: Any, prefix: str, words: str, tmp_path: Any,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    from chaitea.__main__ import main

    state = six(HEARTS_DEAL, forehand=0)
    for item in ("push", "push", "obenabe", "AH", "AH'"):
        state.apply_action(item)
    rec = json.loads(json.dumps(state.record()))
    assert rec["rounds"][0]["deal"]["hands"][0][5] == "AH"
    change(rec)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(prefix + ": "), err
    assert words in err, err


def _minimax(state: JassState, side: int, round_index: int) -> int:
    if len(state.round_results) > round_index:
        return int(state.round_results[round_index]["card_points"][side])
    mine = state.game.side_of[state.current_player()] == side
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        values.append(_minimax(child, side, round_index))
    return max(values) if mine else min(values)


@pytest.mark.parametrize("deck", [None, "jass"])
def test_the_solver_plays_six_player_schieber(deck: str | None) -> None:
    """``chaitea.solve`` on the last two tricks of six-player hands agrees with a plain minimax
    over the state API (the card points the side to move ends the hand with)."""
    import chaitea

    checked = 0
    for seed in range(6):
        state = jass_game("schieber", 6, deck=deck).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while state.phase == "picking":
            state.apply_action(rng.choice(state.legal_actions()))
        if state.phase != "play":
            continue  # the game ended on Stöck or Weis
        while len(state.trick_ids()) < state.game.n_tricks - 2 or state.trick:
            state.apply_action(rng.choice(state.legal_actions()))
        side = state.game.side_of[state.current_player()]
        total = _minimax(state, side, len(state.round_results))
        value, best = chaitea.solve(state)
        assert value == total and best  # the side's card points at the end of the hand
        checked += 1
    assert checked >= 4
