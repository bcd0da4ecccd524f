"""Six players in two teams (RULES C/D1, P/D2, R/D4/D6, S; rulebook "Six Player (Teams)").

The explicit six-player deal used below (every card of the 54-card deck once):

    seat 0: JK1 1C 2C 3C 4C 5C 6C 7C 8C
    seat 1: 7H 9C 10C 11C 12C 13C 1D 2D 3D
    seat 2: JK2 2H 4D 5D 6D 7D 8D 9D 10D
    seat 3: 1H 3H 4H 5H 6H 8H 9H 10H 11H
    seat 4: 12H 13H 11D 12D 13D 1S 2S 3S 4S
    seat 5: 5S 6S 7S 8S 9S 10S 11S 12S 13S
"""

from __future__ import annotations

import itertools

import pytest

import chaitea
from chaitea import IllegalPlay

from .helpers import DOUBLE_CARDS, SIX_CARDS, card_points_by_seat, deal, points, rest_of

HANDS = [
    ["JK1", "1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C"],
    ["7H", "9C", "10C", "11C", "12C", "13C", "1D", "2D", "3D"],
    ["JK2", "2H", "4D", "5D", "6D", "7D", "8D", "9D", "10D"],
    ["1H", "3H", "4H", "5H", "6H", "8H", "9H", "10H", "11H"],
    ["12H", "13H", "11D", "12D", "13D", "1S", "2S", "3S", "4S"],
    ["5S", "6S", "7S", "8S", "9S", "10S", "11S", "12S", "13S"],
]
D4_ORDER = [7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13]


@pytest.fixture
def game() -> chaitea.Game:
    return chaitea.Game(players=6)


def moves(s: chaitea.State) -> set[str]:
    return set(s.legal_moves())


def test_six_player_deck_54_cards_200_points(game: chaitea.Game) -> None:
    """RULES C / D1: ranks 1-13 in four suits and two Jokers; each Joker scores 2; total 200."""
    assert game.deck.name == "six-player"
    assert sorted(str(c) for c in game.deck.cards) == sorted(SIX_CARDS)
    assert sum(points(c) for c in SIX_CARDS) == 200
    assert game.deck.total_points == 200
    assert game.deck.points_of("JK1") == game.deck.points_of("JK2") == 2
    assert game.deck.points_of("13S") == 13 and game.deck.points_of("12S") == 0
    d = chaitea.Deal.from_seed(4, 6, game.deck)
    assert [len(h) for h in d.hands] == [9] * 6
    assert (game.n_tricks, game.step, game.max_debt) == (9, 3, 33)
    assert list(game.side_of) == [0, 1, 0, 1, 0, 1]


def test_six_player_deal_is_valid(game: chaitea.Game) -> None:
    """RULES P: the module's explicit deal is the whole 54-card deck, 9 cards each."""
    assert sorted(c for h in HANDS for c in h) == sorted(SIX_CARDS)
    game.round_state(deal(game, HANDS), 0, "over")


def test_joker_lead_next_non_joker_sets_the_suit(game: chaitea.Game) -> None:
    """D6: a Joker has no suit; after a Joker lead the first non-Joker card sets the led suit;
    a Joker beats every other card (RULES R)."""
    s = game.round_state(deal(game, HANDS), 0, "over")
    s.apply_action("JK1")
    assert (s.led_suit,) == (None,)  # D6: a Joker lead sets no suit
    assert moves(s) == set(HANDS[1])  # no suit led yet: anything
    s.apply_action("7H")
    assert s.led_suit == chaitea.Suit.HEARTS
    assert moves(s) == {"2H", "JK2"}  # must follow hearts; a Joker may always be played
    before = s.clone()
    with pytest.raises(IllegalPlay, match="must follow hearts"):
        s.apply_action("4D")
    assert s == before
    s.apply_action("2H")
    assert moves(s) == set(HANDS[3])  # all hearts
    s.apply_action("11H")
    assert moves(s) == {"12H", "13H"}
    s.apply_action("13H")
    assert moves(s) == set(HANDS[5])  # no heart: free
    s.apply_action("5S")
    t = s.tricks[-1]
    assert t.winner == 0 and s.current_player() == 0
    # team A (seat 0) takes the whole trick: JK1 2 + 7H 7 + 2H 0 + 11H 11 + 13H 13 + 5S 5
    assert s.side_points == [38, 0]


def test_two_jokers_in_one_trick_the_later_wins(game: chaitea.Game) -> None:
    """RULES R / D6: of two Jokers in one trick the later-played wins; a Joker may be played
    even when holding the led suit (seat 2 holds 2H)."""
    s = game.round_state(deal(game, HANDS), 0, "trump(H)")
    for card in ("JK1", "7H", "JK2", "11H", "13H", "5S"):
        s.apply_action(card)
    assert s.tricks[-1].winner == 2
    r = chaitea.trick_winner(chaitea.Contract.parse("trump(H)"), 0,
                             ["JK1", "7H", "JK2", "11H", "13H", "5S"], game.deck, 9)
    assert r.position == 2 and str(r.card) == "JK2"
    r = chaitea.trick_winner(chaitea.Contract.parse("over"), 0, ["JK2", "9C", "JK1"],
                             game.deck, 9)
    assert str(r.card) == "JK1"


def test_joker_wins_an_under_trick_and_never_counts_as_the_led_suit(game: chaitea.Game) -> None:
    """RULES R / D6: a Joker is strongest in Under too; holding a Joker is not holding the
    led suit, so seat 2 (JK2, no club) may play any card to a club lead."""
    s = game.round_state(deal(game, HANDS), 0, "under")
    s.apply_action("1C")  # the strongest club in Under
    assert moves(s) == {"9C", "10C", "11C", "12C", "13C"}
    s.apply_action("9C")
    assert moves(s) == set(HANDS[2])  # JK2 only, no club: free choice
    s.apply_action("JK2")
    for _ in range(3):
        s.apply_action(s.legal_actions()[0])
    assert s.tricks[-1].winner == 2


def test_joker_does_not_count_as_trump_when_trump_is_led(game: chaitea.Game) -> None:
    """D6: holding a Joker never counts as holding trump: to a trump lead, a player with a
    Joker and no trump may play anything."""
    s = game.round_state(deal(game, HANDS), 0, "trump(C)")
    s.apply_action("1C")  # trump led
    assert moves(s) == {"9C", "10C", "11C", "12C", "13C"}
    s.apply_action("13C")
    assert moves(s) == set(HANDS[2])


def test_joker_may_be_played_with_the_led_suit_in_hand_under_trump(game: chaitea.Game) -> None:
    """D6: a Joker may be played at any time (it never breaks a duty to follow); may-trump
    still lets a trump be played (RULES F)."""
    hands = [list(h) for h in HANDS]
    s = game.round_state(deal(game, hands), 1, "trump(D)")  # seat 1 leads
    s.apply_action("7H")
    # seat 2 follows with 2H, or trumps (may-trump), or plays its Joker (D6)
    assert moves(s) == {"2H"} | {"JK2"} | {"4D", "5D", "6D", "7D", "8D", "9D", "10D"}
    s.apply_action("4D")
    assert moves(s) == set(HANDS[3])
    s.apply_action("1H")
    assert moves(s) == {"12H", "13H", "11D", "12D", "13D"}
    s.apply_action("13H")
    assert moves(s) == set(HANDS[5])
    s.apply_action("13S")
    assert moves(s) == set(HANDS[0])  # seat 0: no heart; JK1 and clubs alike
    s.apply_action("JK1")
    assert s.tricks[-1].winner == 0


def test_middle_with_13_ranks(game: chaitea.Game) -> None:
    """D4: Middle with 13 ranks: 7 6 8 5 9 4 10 3 11 2 12 1 13 (nearest the middle first, the
    lower of two at one distance first); Jokers above all."""
    c = chaitea.Contract.parse("middle")
    order = [str(x) for x in chaitea.strength_order(c, 0, game.deck, led="H", n_tricks=9)]
    assert order[:2] == ["JK1", "JK2"] or set(order[:2]) == {"JK1", "JK2"}
    assert order[2:] == [f"{r}H" for r in D4_ORDER]
    for i, j in itertools.combinations(range(13), 2):
        strong, weak = f"{D4_ORDER[i]}S", f"{D4_ORDER[j]}S"
        for cards in ([strong, weak], [weak, strong]):
            r = chaitea.trick_winner(c, 0, [*cards, "13C"], game.deck, 9)
            assert str(r.card) == strong, (cards, str(r.card))


def test_middle_with_9_ranks_in_the_standard_deck() -> None:
    """Rulebook "Middle": 5 4 6 3 7 2 8 1 9."""
    c = chaitea.Contract.parse("middle")
    order = [str(x) for x in chaitea.strength_order(c, 0, chaitea.STANDARD, led="C")]
    assert order == [f"{r}C" for r in (5, 4, 6, 3, 7, 2, 8, 1, 9)]


@pytest.mark.parametrize("declarer", range(6))
@pytest.mark.parametrize("contract", ["over", "under", "trump(S)", "middle", "slalom(high)"])
def test_last_trick_is_worth_20(game: chaitea.Game, declarer: int, contract: str) -> None:
    """RULES C / S: the last trick is worth 20 in the six-player game; card points total 200."""
    s = game.round_state(deal(game, HANDS), declarer, contract)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[-1])
    r = s.round_results[-1]
    by_seat = card_points_by_seat(s)
    assert sum(by_seat) == 200
    team = declarer % 2
    team_points = sum(p for seat, p in enumerate(by_seat) if seat % 2 == team)
    assert r.card_points == team_points
    won_last = s.tricks[-1].winner % 2 == team
    assert r.score == team_points + (20 if won_last else 0)
    assert len(s.tricks) == 9


def test_double_deck_72_cards_12_each() -> None:
    """D2: the double deck: two copies of ranks 1-9 (72 cards, 200 points), all dealt, 12 each,
    12 tricks; the second copy is written 7H'."""
    g = chaitea.Game(players=6, deck="double")
    assert sorted(str(c) for c in g.deck.cards) == sorted(DOUBLE_CARDS)
    assert sum(points(c) for c in DOUBLE_CARDS) == 200 == g.deck.total_points
    assert g.n_tricks == 12
    d = chaitea.Deal.from_seed(9, 6, g.deck)
    assert [len(h) for h in d.hands] == [12] * 6
    assert sorted(str(c) for h in d.hands for c in h) == sorted(DOUBLE_CARDS)


@pytest.mark.parametrize(("first", "second"), [("9H", "9H'"), ("9H'", "9H")])
def test_double_deck_identical_cards_the_later_wins(first: str, second: str) -> None:
    """D2 / rulebook: identical cards tie and the later-played one wins."""
    g = chaitea.Game(players=6, deck="double")
    rest = rest_of(DOUBLE_CARDS, [first, second])
    hands = [rest[k * 11:(k + 1) * 11] for k in range(6)]
    hands[0] = [first, *hands[0]]
    hands[3] = [second, *hands[3]]
    extra = rest[66:]
    assert len(extra) == 4
    for seat, c in zip((1, 2, 4, 5), extra, strict=True):
        hands[seat].append(c)
    s = g.round_state(deal(g, hands), 0, "over")
    s.apply_action(first)
    for _ in range(2):
        s.apply_action(s.legal_actions()[0])
    assert second in s.legal_moves()
    s.apply_action(second)
    for _ in range(2):
        s.apply_action(s.legal_actions()[0])
    assert s.tricks[-1].winner == 3
    r = chaitea.trick_winner(chaitea.Contract.parse("trump(H)"), 0, [first, "1H", second],
                             g.deck)
    assert r.position == 2
    # the same holds for trump twins against a led suit
    r = chaitea.trick_winner(chaitea.Contract.parse("trump(S)"), 0,
                             ["9H", "5S'", "1H", "5S"], g.deck)
    assert r.position == 3


def test_double_deck_round_scores_20_for_the_last_trick() -> None:
    """D2 / RULES S: a double-deck round: 12 tricks, 200 card points, 20 for the last trick."""
    g = chaitea.Game(players=6, deck="double")
    s = g.round_state(chaitea.Deal.from_seed(31, 6, g.deck), 2, "under")
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    by_seat = card_points_by_seat(s)
    assert sum(by_seat) == 200
    team = sum(p for seat, p in enumerate(by_seat) if seat % 2 == 0)
    r = s.round_results[-1]
    assert r.card_points == team
    assert r.score == team + (20 if s.tricks[-1].winner % 2 == 0 else 0)
    assert len(s.tricks) == 12
