"""Two players (RULES P, F/D7, S/D9; rulebook "Two Player").

The explicit deal used below (straw stacks are (face-down, face-up)):

    set aside: 9D 2S
    seat 0 hand:  1C 2C 3C 4C 5C 6C 7C
    seat 0 straw: (1H, 8C) (2H, 1D) (3H, 2D) (4H, 3D) (5H, 4D)
    seat 1 hand:  1S 3S 4S 5S 6S 7S 8S
    seat 1 straw: (9C, 6H) (6D, 7H) (7D, 8H) (8D, 9H) (9S, 5D)

Seat 1 holds no diamond in hand and only one face-up diamond (5D, on the 9S); its other
diamonds (6D 7D 8D) lie face down.
"""

from __future__ import annotations

import random

import pytest

import chaitea
from chaitea import ChaiTeaError, IllegalPlay

from .helpers import STANDARD_CARDS, card_points_by_seat, deal, play_first_legal, points

HANDS = [["1C", "2C", "3C", "4C", "5C", "6C", "7C"],
         ["1S", "3S", "4S", "5S", "6S", "7S", "8S"]]
STRAW = [[("1H", "8C"), ("2H", "1D"), ("3H", "2D"), ("4H", "3D"), ("5H", "4D")],
         [("9C", "6H"), ("6D", "7H"), ("7D", "8H"), ("8D", "9H"), ("9S", "5D")]]
ASIDE = ["9D", "2S"]
FACE_DOWN = {0: {"1H", "2H", "3H", "4H", "5H"}, 1: {"9C", "6D", "7D", "8D", "9S"}}


@pytest.fixture
def game() -> chaitea.Game:
    return chaitea.Game(players=2)


def the_deal(game: chaitea.Game, aside: list[str] = ASIDE) -> chaitea.Deal:
    return deal(game, HANDS, STRAW, aside)


def moves(state: chaitea.State) -> set[str]:
    return set(state.legal_moves())


def strs(cards: list[chaitea.Card]) -> set[str]:
    return {str(c) for c in cards}


def test_two_player_seating_17_tricks_and_deal_shape(game: chaitea.Game) -> None:
    """RULES P: 36-card deck, 2 set aside, 5 face-down + 5 face-up straw stacks and 7 in hand."""
    assert game.n_tricks == 17
    assert game.deck.size == 36 and game.step == 5 and game.max_debt == 35
    d = chaitea.Deal.from_seed(11, 2, game.deck)
    assert [len(h) for h in d.hands] == [7, 7]
    assert d.straw is not None and [len(s) for s in d.straw] == [5, 5]
    assert d.set_aside is not None and len(d.set_aside) == 2
    every = [str(c) for c in d.all_cards()]
    assert sorted(every) == sorted(STANDARD_CARDS)


def test_seeded_two_player_deal_follows_record_blocks(game: chaitea.Game) -> None:
    """RECORD deal: shuffle, then 2 set aside, each seat's 5 face-down, each seat's 5 face-up,
    each seat's 7 hand cards; stack k is face-down card k under face-up card k."""
    cards = list(STANDARD_CARDS)
    random.Random(2024).shuffle(cards)
    d = chaitea.Deal.from_seed(2024, 2, game.deck)
    assert [str(c) for c in d.set_aside or ()] == cards[0:2]
    assert d.straw is not None
    for seat in range(2):
        downs = cards[2 + 5 * seat: 7 + 5 * seat]
        ups = cards[12 + 5 * seat: 17 + 5 * seat]
        assert [(str(a), str(b)) for a, b in d.straw[seat]] == list(zip(downs, ups, strict=True))
        assert [str(c) for c in d.hands[seat]] == cards[22 + 7 * seat: 29 + 7 * seat]


def test_face_down_straw_card_is_never_legal_and_refused_clearly(game: chaitea.Game) -> None:
    """D7: only the hand and the face-up straw cards are playable; a face-down card is refused
    with an error naming the rule, and the state is unchanged."""
    s = game.round_state(the_deal(game), 0, "under")
    assert strs(s.playable(0)) == set(HANDS[0]) | {u for _, u in STRAW[0]}
    assert not moves(s) & FACE_DOWN[0]
    for card in sorted(FACE_DOWN[0]):
        before = s.clone()
        with pytest.raises(IllegalPlay, match="face-down") as exc:
            s.apply_action(card)
        assert "D7" in str(exc.value)
        assert s == before
        with pytest.raises(ChaiTeaError):
            s.apply_action(game.deck.index_of(card))  # by id too
        assert s == before
    s.apply_action("1D")  # seat 1 to play now
    assert not moves(s) & FACE_DOWN[1]
    for card in sorted(FACE_DOWN[1]):
        with pytest.raises(IllegalPlay, match="face-down"):
            s.apply_action(card)


def test_follow_duty_from_a_face_up_straw_card_only(game: chaitea.Game) -> None:
    """D7: the duty to follow is judged on hand + face-up straw. Seat 1's only face-up diamond
    (5D) must be played to a diamond lead; its face-down diamonds do not count."""
    s = game.round_state(the_deal(game), 0, "under")
    s.apply_action("1D")
    assert moves(s) == {"5D"}
    before = s.clone()
    with pytest.raises(IllegalPlay, match="must follow diamonds") as exc:
        s.apply_action("1S")
    assert "5D" in str(exc.value)
    assert s == before
    s.apply_action("5D")
    # Under: 1D beats 5D, seat 0 leads again; now a diamond lead finds seat 1 with only
    # face-down diamonds (6D 7D 8D), so seat 1 may play anything face up.
    assert s.current_player() == 0
    s.apply_action("2D")
    free = set(HANDS[1]) | {"6H", "7H", "8H", "9H", "9S"}
    assert moves(s) == free


def test_cover_turns_face_up_only_after_the_trick(game: chaitea.Game) -> None:
    """D7 / rulebook: the card below a played straw card is flipped face up only after the
    trick is complete, not while the trick is still being played."""
    s = game.round_state(the_deal(game), 0, "under")
    s.apply_action("1D")  # seat 0's stack 2: 2H lies under it
    assert s.straw(0)[1] == (game.deck.parse("2H"), None)
    assert "2H" not in strs(s.playable(0))
    for seat in (0, 1):
        obs = s.observation(seat)
        assert obs["straw"][0][1] == {"down": True, "up": None}
        assert "2H" not in str(obs)
    s.apply_action("5D")  # seat 1 completes the trick; its 9S turns up as well
    assert s.straw(0)[1] == (None, game.deck.parse("2H"))
    assert s.straw(1)[4] == (None, game.deck.parse("9S"))
    assert "2H" in strs(s.playable(0)) and "2H" in moves(s)
    assert s.observation(1)["straw"][0][1] == {"down": False, "up": "2H"}


def test_revealed_cover_binds_from_the_next_trick(game: chaitea.Game) -> None:
    """D7: to a heart lead seat 0 (hearts all face down) may discard anything; it discards its
    straw 1D, whose cover 2H turns up after the trick, and to the next heart lead 2H must be
    played: the duty to follow counts the cover only once it is face up."""
    s = game.round_state(the_deal(game), 1, "under")  # seat 1 declares and leads
    s.apply_action("6H")  # seat 1 leads hearts from its straw (9C lies under it)
    # Seat 0 holds no heart in hand or face up (its hearts 1H-5H all lie face down).
    assert moves(s) == set(HANDS[0]) | {u for _, u in STRAW[0]}
    s.apply_action("1D")  # seat 0 discards from its straw (cover 2H)
    # 6H wins (1D is not of the led suit); 9C and 2H turn up only now.
    assert s.current_player() == 1
    assert s.straw(1)[0] == (None, game.deck.parse("9C"))
    assert s.straw(0)[1] == (None, game.deck.parse("2H"))
    s.apply_action("7H")
    assert moves(s) == {"2H"}  # the revealed cover is now seat 0's only heart


def _round_with(game: chaitea.Game, aside: list[str], contract: str,
                declarer: int) -> chaitea.State:
    s = game.round_state(the_deal(game, aside), declarer, contract)
    plays = [0, 0]
    while not s.is_terminal():
        plays[s.current_player()] += 1
        s.apply_action(s.legal_actions()[0])
    assert plays == [17, 17]
    return s


@pytest.mark.parametrize("contract", ["under", "trump(H)", "slalom(low)", "middle"])
@pytest.mark.parametrize("aside", [["9D", "2S"], ["2S", "9D"]])
@pytest.mark.parametrize("declarer", [0, 1])
def test_set_aside_split_by_rank_number(game: chaitea.Game, contract: str, aside: list[str],
                                        declarer: int) -> None:
    """D9: the winner of the last trick takes the higher-ranked set-aside card (9D, 9 points)
    by rank number whatever the contract (even Under), the other player the lower (2S)."""
    s = _round_with(game, aside, contract, declarer)
    assert len(s.tricks) == 17
    played = [str(c) for t in s.tricks for c in t.cards]
    assert sorted(played) == sorted(set(STANDARD_CARDS) - {"9D", "2S"})
    r = s.round_results[-1]
    last = s.tricks[-1].winner
    by_seat = card_points_by_seat(s)
    by_seat[last] += points("9D")
    by_seat[1 - last] += points("2S")
    assert sum(by_seat) == 100
    assert r.card_points == by_seat[declarer]
    assert r.last_trick == last
    assert r.score == by_seat[declarer] + (10 if last == declarer else 0)
    assert sum(r.tricks) == 17


def test_set_aside_equal_ranks_either_way(game: chaitea.Game) -> None:
    """D9: equal ranks: either card; both score 9, so each player gets 9 points from them."""
    hands = [list(HANDS[0]), list(HANDS[1])]
    straw = [list(STRAW[0]), [*STRAW[1][:4], ("2S", "5D")]]
    s = game.round_state(deal(game, hands, straw, ["9D", "9S"]), 0, "under")
    play_first_legal(s)
    by_seat = card_points_by_seat(s)
    r = s.round_results[-1]
    assert r.card_points == by_seat[0] + 9
    assert sum(by_seat) + 18 == 100


def test_each_contract_once_per_player_in_a_two_player_game(game: chaitea.Game) -> None:
    """Rulebook: each contract is played twice, once for each player (standard: 8 rounds)."""
    rng = random.Random(5)
    s = game.new_initial_state(seed=None)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_deal(chaitea.Deal.from_seed(rng.randrange(10**6), 2, game.deck))
            continue
        s.apply_action(rng.choice(s.legal_actions()))
    seen = [(r.row, r.declarer) for r in s.round_results]
    assert len(seen) == 8 and len(set(seen)) == 8
    assert {row for row, _ in seen} == {"trump", "under", "slalom", "joker"}
    for i in range(4):
        assert sorted(s.pad.order[i]) == [0, 1]
        pts = s.pad.row_points[i]
        assert pts is not None and sorted(pts) == sorted([-s.pad.rows[i].value,
                                                          s.pad.rows[i].value])


def test_two_player_record_keeps_explicit_straw_and_set_aside(game: chaitea.Game) -> None:
    """RECORD deal: explicit two-player deals carry 'straw' and 'set_aside'; replay agrees."""
    s = game.new_initial_state(seed=None)
    s.apply_deal(the_deal(game))
    s.apply_action("under")
    s.apply_action("pass")
    play_first_legal(s)
    rec = s.record()
    d = rec["rounds"][0]["deal"]
    assert d["straw"] == [[[a, b] for a, b in st] for st in STRAW]
    assert d["set_aside"] == ASIDE
    assert d["hands"] == HANDS
    rep = chaitea.replay(rec)
    assert rep["rounds"] == [s.round_results[0].to_json()]
    r = rep["rounds"][0]
    assert sum(r["tricks"]) == 17 and r["declarer"] == 0 and r["row"] == "under"
