"""Mittlere and Molotow (the text, lines on "O Mittlere" and "O Molotow"; RULES J): each scoring
rule and its precedence on constructed hands (the values worked out by hand from the text), the
text's worked example, Palitos cancelling Batatas, the end and its ties, the Tutti trump with
its no-trump 157, Mittlere's undertrumping and Molotow's three-way tie drawn by card."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from chaitea.core.cards import JASS
from chaitea.core.errors import IllegalPlay
from chaitea.engine.hand import Hand
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.tallies import draw_cards
from chaitea.rulesets.jass.tally import TallyScore, TallyState
from tests.rulesets.helpers import state_with


def _hand(points: tuple[int, ...], tricks: tuple[int, ...]) -> Hand:
    n = len(points)
    assert sum(points) == 157 and sum(tricks) == 36 // n  # a possible hand
    return Hand(0, None, "tutti", tricks, points, (0,) * n, (0,) * n)


def _part(name: str, **options: Any) -> TallyScore:
    score = jass_game(name, options=options).table.score
    assert isinstance(score, TallyScore)
    return score


def _write(name: str, points: tuple[int, ...], tricks: tuple[int, ...],
           state: TallyState | None = None, **options: Any) -> tuple[TallyState, dict[str, Any]]:
    part = _part(name, **options)
    return part.write(part.initial() if state is None else state, _hand(points, tricks))


# -- Mittlere's five rules ------------------------------------------------------------------------
MITTLERE_CASES = [
    # (points, tricks, rule, score = Palitos - Batatas per seat)
    ((157, 0, 0), (12, 0, 0), "1", (2, -1, -1)),  # all 12 tricks: not rule 2's tricks, 3's 100
    ((120, 37, 0), (8, 4, 0), "2", (1, 1, -2)),  # the text's example: rule 2 before rule 3
    ((0, 0, 157), (1, 0, 11), "2", (1, -2, 1)),  # rule 2 before 3 (157) and 4 (0 = 0)
    ((105, 30, 22), (7, 3, 2), "3", (-2, 1, 1)),  # 100 points or more: 2 Batatas
    ((101, 28, 28), (6, 3, 3), "3", (-2, 1, 1)),  # rule 3 before rule 4 (28 = 28)
    ((100, 40, 17), (6, 4, 2), "3", (-2, 1, 1)),  # exactly 100 counts
    ((70, 70, 17), (5, 5, 2), "4", (-1, -1, 2)),  # two equal: 1 Batata each, 2 Palitos
    ((99, 29, 29), (6, 3, 3), "4", (2, -1, -1)),
    ((60, 50, 47), (4, 4, 4), "5", (1, -2, 1)),  # the middle score 2 Batatas
    ((50, 60, 47), (4, 4, 4), "5", (-2, 1, 1)),
    ((99, 10, 48), (8, 1, 3), "5", (1, 1, -2)),
]


@pytest.mark.parametrize(("points", "tricks", "rule", "score"), MITTLERE_CASES)
def test_mittlere_writes_only_the_first_rule_that_applies(
        points: tuple[int, ...], tricks: tuple[int, ...], rule: str,
        score: tuple[int, ...]) -> None:
    _state, fields = _write("mittlere", points, tricks)
    assert fields["rule"] == rule
    assert tuple(fields["score"]) == score
    palitos, batatas = fields["palitos"], fields["batatas"]
    assert [p - b for p, b in zip(palitos, batatas, strict=True)] == list(score)


def test_the_texts_example_gives_c_two_batatas_and_a_and_b_a_palito_each() -> None:
    """The text: "O jogador A faz 120 pontos. O jogador B faz 37 pontos. O jogador C não pega
    nenhuma vaza. O jogador C ganha 2 Batatas, e os jogadores A e B 1 Palito cada (item 2)";
    its last sentence calls the 100 points item 4, where item 3 is meant."""
    _state, fields = _write("mittlere", (120, 37, 0), (8, 4, 0))
    assert fields["palitos"] == [1, 1, 0] and fields["batatas"] == [0, 0, 2]


def test_batatas_cancel_palitos_in_the_tallies() -> None:
    """The text: "Cada Batata ganha cancela um Palito" and "não conte Palitos anulados por
    Batatas": the replay output's tallies show what is left after cancelling."""
    part = _part("mittlere")
    s, _ = part.write(part.initial(), _hand((60, 50, 47), (4, 4, 4)))  # 1P 2B 1P
    assert part.extra_json(s) == {"hands": 1, "palitos": [1, 0, 1], "batatas": [0, 2, 0]}
    s, _ = part.write(s, _hand((105, 30, 22), (7, 3, 2)))  # 2B 1P 1P
    assert s.totals == (-1, -1, 2)
    assert part.extra_json(s) == {"hands": 2, "palitos": [0, 0, 2], "batatas": [1, 1, 0]}
    s, _ = part.write(s, _hand((157, 0, 0), (12, 0, 0)))  # 2P 1B 1B
    assert part.extra_json(s) == {"hands": 3, "palitos": [1, 0, 1], "batatas": [0, 2, 0]}


def _after(part: TallyScore,
           hands: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> TallyState:
    s = part.initial()
    for points, tricks in hands:
        s, _ = part.write(s, _hand(points, tricks))
    return s


def test_mittlere_ends_after_twelve_hands_with_the_most_palitos() -> None:
    part = _part("mittlere")
    hands = [((60, 50, 47), (4, 4, 4))] * 11  # seat 1 the middle: 2 Batatas a hand
    s = _after(part, hands)
    assert not part.finished(s) and s.totals == (11, -22, 11)
    s = _after(part, [*hands, ((50, 60, 47), (4, 4, 4))])  # seat 0 the middle once
    assert part.finished(s) and part.winner(s) == 2 and s.totals == (9, -21, 12)


def test_a_tie_for_the_most_palitos_plays_extra_hands() -> None:
    part = _part("mittlere")
    hands = [((60, 50, 47), (4, 4, 4))] * 12  # seats 0 and 2 tie with 12 Palitos
    s = _after(part, hands)
    assert not part.finished(s) and part.winner(s) is None
    s = _after(part, [*hands, ((70, 70, 17), (5, 5, 2))])  # 13th hand: seat 2 2 Palitos
    assert part.finished(s) and part.winner(s) == 2


def _standing(totals: tuple[int, ...], hands: int = 11) -> TallyState:
    """A game after ``hands`` hands at net ``totals``, its tallies after cancelling."""
    return TallyState(totals, hands, (("batatas", tuple(max(-t, 0) for t in totals)),
                                      ("palitos", tuple(max(t, 0) for t in totals))))


def test_without_palitos_the_fewest_batatas_win() -> None:
    """The text: "Se nenhum jogador tiver Palitos, será o vencedor o que tiver o menor número
    de Batatas" (after cancelling: the highest net count)."""
    part = _part("mittlere")
    s, _ = part.write(_standing((-3, -1, -4)), _hand((60, 50, 47), (4, 4, 4)))
    assert s.totals == (-2, -3, -3) and part.finished(s) and part.winner(s) == 0
    assert part.extra_json(s) == {"hands": 12, "batatas": [2, 3, 3], "palitos": [0, 0, 0]}
    s, _ = part.write(_standing((-1, -3, -2)), _hand((70, 70, 17), (5, 5, 2)))
    assert s.totals == (-2, -4, 0) and part.winner(s) == 2  # no Batata at all
    s, _ = part.write(_standing((-1, -1, -4)), _hand((50, 60, 47), (4, 4, 4)))
    assert s.totals == (-3, 0, -3) and part.winner(s) == 1
    s, _ = part.write(_standing((-1, -2, -4)), _hand((50, 60, 47), (4, 4, 4)))
    assert s.totals == (-3, -1, -3) and part.winner(s) == 1


def test_the_hands_option_sets_the_game_length() -> None:
    part = _part("mittlere", hands=2)
    s = _after(part, [((60, 50, 47), (4, 4, 4))])
    assert not part.finished(s)
    s = _after(part, [((60, 50, 47), (4, 4, 4)), ((47, 50, 60), (4, 4, 4))])
    assert part.finished(s) is False  # seats 0 and 2 tie at 2: an extra hand
    s = _after(part, [((60, 50, 47), (4, 4, 4)), ((50, 60, 47), (4, 4, 4))])
    assert part.finished(s) and part.winner(s) == 2


# -- Mittlere's play: Tutti's trump, the no-trump 157, undertrumping ------------------------------
UNDERTRUMP_12 = [  # seat 1 is void in Acorns (C) and Bells (S); seat 0 in Shields (D)
    "6C 7C 8C 9C 10C JC QC KC 6H 6S 7S 8S",
    "9H 10H JH QH KH AH 6D 7D 8D 9D 10D JD",
    "AC 7H 8H 9S 10S JS QS KS AS QD KD AD",
]


def test_mittlere_trump_is_set_by_the_first_player_who_cannot_follow() -> None:
    state = state_with("mittlere", UNDERTRUMP_12)
    assert state.phase == "play" and state.contract == "tutti" and state.trump == -1
    state.apply_action("6C")
    state.apply_action("KH")  # seat 1 cannot follow: Roses (H) trump to the end of the hand
    assert state.trump == 2


def test_undertrumping_binds_a_follower_but_not_a_void_player() -> None:
    """The text: "A regra do undertrumping não se aplica a um jogador caso este jogador não
    tenha em sua mão cartas do mesmo naipe que a carta que abriu a rodada"."""
    state = state_with("mittlere", UNDERTRUMP_12)
    state.apply_action("6C")
    state.apply_action("KH")
    assert state.legal_moves() == ["AC"]  # seat 2 holds Acorns: 7H, 8H would undertrump KH
    with pytest.raises(IllegalPlay, match="no undertrumping: KH"):
        state.apply_action("8H")
    state.apply_action("AC")  # KH wins: seat 1 leads
    state.apply_action("6D")
    state.apply_action("8H")  # seat 2 trumps instead of following
    assert "6H" in state.legal_moves()  # seat 0, void in Shields, may play the lower trump
    state.apply_action("6H")
    assert state.current_player() == 2  # 8H won the trick


EVEN_SUITS = [  # three cards of each suit each: nobody is ever void, so no trump is ever set
    "6C 10C KC AD 7D 9D 8H JH QH 9S QS AS",
    "7C 8C AC 6D 10D QD 9H KH AH 6S JS KS",
    "9C JC QC 8D JD KD 6H 7H 10H 7S 8S 10S",
]
NO_TRUMP_VALUE = {14: 11, 13: 4, 12: 3, 11: 2, 10: 10, 8: 8}  # the text: the 8s count 8


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_trump_ever_set_counts_the_8s_so_the_hand_totals_157(seed: int) -> None:
    """The text: "Para que o total de pontos continue sendo 157, cada 8 valerá 8 pontos"."""
    state = state_with("mittlere", EVEN_SUITS)
    rng = random.Random(seed)
    plays: list[str] = []
    while not state.round_results:
        assert state.trump == -1
        card = rng.choice(state.legal_moves())
        plays.append(card)
        state.apply_action(card)
    points = [0, 0, 0]
    leader = 0
    for k in range(12):  # an independent count: the highest card of the led suit wins
        cards = [JASS.parse(c) for c in plays[3 * k:3 * k + 3]]
        assert all(c.suit == cards[0].suit for c in cards)
        top = max(range(3), key=lambda i: cards[i].rank)
        leader = (leader + top) % 3
        points[leader] += sum(NO_TRUMP_VALUE.get(c.rank, 0) for c in cards) + (5 if k == 11
                                                                              else 0)
    res = state.round_results[0]
    assert list(res["card_points"]) == points and sum(points) == 157


# -- Molotow ---------------------------------------------------------------------------------------
MOLOTOW_CASES = [
    ((157, 0, 0, 0), (6, 3, 0, 0), "1", (3, -1, -1, -1)),  # all 157 without every trick,
    # before rule 5 (three tied at 0)
    ((120, 20, 10, 7), (6, 1, 1, 1), "2", (-3, 1, 1, 1)),  # 100 to 156: 3 Batatas
    ((110, 20, 20, 7), (6, 1, 1, 1), "2", (-3, 1, 1, 1)),  # rule 2 before rule 3's tie
    ((156, 1, 0, 0), (6, 1, 1, 1), "2", (-3, 1, 1, 1)),
    ((60, 60, 30, 7), (3, 3, 2, 1), "3", (0, 0, -1, 1)),  # tied highest: middle 1B, lowest 1P
    ((70, 40, 40, 7), (3, 2, 2, 2), "3", (1, -1, -1, 1)),  # tied in the middle: 1B each
    ((90, 47, 10, 10), (4, 3, 1, 1), "3", (1, -1, 0, 0)),  # tied lowest: middle 1B, top 1P
    ((10, 90, 10, 47), (1, 4, 1, 3), "3", (0, 1, 0, -1)),
    ((60, 50, 30, 17), (3, 3, 2, 1), "4", (1, -1, -1, 1)),  # the two middle scores 1B each
    ((17, 30, 50, 60), (1, 2, 3, 3), "4", (1, -1, -1, 1)),
]


@pytest.mark.parametrize(("points", "tricks", "rule", "score"), MOLOTOW_CASES)
def test_molotow_writes_only_the_first_rule_that_applies(
        points: tuple[int, ...], tricks: tuple[int, ...], rule: str,
        score: tuple[int, ...]) -> None:
    _state, fields = _write("molotow", points, tricks)
    assert fields["rule"] == rule and tuple(fields["score"]) == score
    assert "draw" not in fields


@pytest.mark.parametrize(("points", "odd"), [((40, 40, 40, 37), 3), ((70, 29, 29, 29), 0),
                                             ((29, 29, 70, 29), 2)])
def test_molotow_three_tied_draw_a_card_for_the_batata(points: tuple[int, ...], odd: int) -> None:
    """The text (rule 5): the player with the other score 1 Palito; the three tied draw a
    card, the highest 1 Batata (RULES J: a seeded draw; hand k's seed draw_seed * 1000 + k)."""
    tied = [s for s in range(4) if s != odd]
    drawn_seats = set()
    for seed in range(12):
        _state, fields = _write("molotow", points, (3, 2, 2, 2), draw_seed=seed)
        best = draw_cards(tied, seed * 1000)[0][0]
        expected = [0, 0, 0, 0]
        expected[odd], expected[best] = 1, -1
        assert fields["rule"] == "5" and list(fields["score"]) == expected
        draw = fields["draw"]
        assert isinstance(draw, list) and draw[0][0] == best
        assert sorted(seat for seat, _card in draw) == tied
        drawn_seats.add(best)
    assert len(drawn_seats) > 1  # the seed decides


def test_molotow_is_mittlere_for_four_with_nine_cards_and_twelve_hands() -> None:
    game = jass_game("molotow")
    assert (game.players, game.n_tricks, game.table.follow) == (4, 9, "mittlere")
    part = _part("molotow")
    s = _after(part, [((60, 50, 30, 17), (3, 3, 2, 1))] * 11)
    assert not part.finished(s)
    s, _ = part.write(s, _hand((60, 50, 30, 17), (3, 3, 2, 1)))
    assert part.finished(s) is False  # seats 0 and 3 tie at 12: extra hands
    s, _ = part.write(s, _hand((60, 60, 30, 7), (3, 3, 2, 1)))  # seat 3 1 Palito more
    assert part.finished(s) and part.winner(s) == 3
