"""The Jass play path (tuned for speed) against the rules it must keep (RULES J).

Also the Weis on the engine's masks (:func:`chaitea.rulesets.jass.weis.score_weis_masks`, the
per-suit run table, the no-Weis shortcut and the loop form of ``decide``) against the card path and
``decide`` as it read before.

``apply_action`` plays a legal card id inline and keeps the next seat's legal mask from
:func:`chaitea.core.following.lead_masks`; these tests hold that path to the ``jass`` follow
rule's own ``legal`` function (:mod:`chaitea.core.following`), to the refusals and the unchanged
state of an illegal action, and to the slow path (the same moves as record spellings).
"""

from __future__ import annotations

import random

import pytest

from chaitea.core.bits import ids as mask_ids
from chaitea.core.cards import JASS, Suit
from chaitea.core.errors import IllegalAction, IllegalPlay
from chaitea.core.following import FOLLOW_RULES, lead_masks
from chaitea.engine.driver import JassState
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.hand import dealt_declarations, declarations
from chaitea.rulesets.jass.melds import (
    CardUse,
    EqualPoints,
    Meld,
    WeisOptions,
    WeisTie,
    quick_melds,
)
from chaitea.rulesets.jass.weis import (
    WeisResult,
    _quick_masks,
    _scoring_fours,
    score_weis,
    score_weis_masks,
    strength,
)
from chaitea.rulesets.jass.weis import best_melds as _best_melds
from tests.core.test_lead_masks import masks_legal

JASS_RULE = FOLLOW_RULES["jass"]


def table_legal(trump: int, hand: int, trick: list[int]) -> int:
    """The legal mask from lead_masks, as the state computes it."""
    masks = lead_masks(JASS_RULE.bind(JASS, trump))
    assert masks is not None
    return masks_legal(masks, JASS, hand, trick)


@pytest.mark.parametrize("trump", [-1, 0, 1, 2, 3])
def test_lead_masks_give_the_rules_legal_mask(trump: int) -> None:
    rng = random.Random(90 + trump)
    legal = JASS_RULE.bind(JASS, trump).legal
    tm = JASS.suit_masks[trump] if trump >= 0 else 0
    puur = 1 << JASS.index_of("J" + "CDHS"[trump]) if trump >= 0 else 0
    checked = {"only trumps": 0, "puur alone": 0, "undertrump refused": 0}
    for _ in range(3000):
        deck = list(range(36))
        rng.shuffle(deck)
        size = rng.randint(1, 9)
        trick = deck[:rng.randint(0, 3)]
        rest = deck[len(trick):]
        kind = rng.random()
        if kind < 0.15 and tm:  # a hand of nothing but trumps
            pool = [c for c in rest if tm >> c & 1]
        elif kind < 0.3 and tm:  # the Puur as the only trump
            pool = [c for c in rest if not tm >> c & 1]
        else:
            pool = rest
        hand = 0
        for c in pool[:size]:
            hand |= 1 << c
        if 0.15 <= kind < 0.3 and tm and not puur & sum(1 << c for c in trick):
            hand |= puur
        if not hand:
            continue
        led = trick[0] // 9 if trick else -1
        got = table_legal(trump, hand, trick)
        want = legal(hand, led, trick)
        assert got == want, (trump, JASS.cards_of(hand), [str(JASS.cards[c]) for c in trick])
        if tm and hand & tm == hand:
            checked["only trumps"] += 1
        if tm and hand & tm == puur and led == trump:
            checked["puur alone"] += 1
        if want != hand and want & tm != hand & tm and led != trump:
            checked["undertrump refused"] += 1
    if trump >= 0:  # the special cases were met, not only the plain ones
        assert all(n > 10 for n in checked.values()), checked


def _snapshot(state: JassState) -> tuple[object, ...]:
    return (state.history(), state.legal_actions(), state.current_player(), state.phase,
            [state.hand(s) for s in range(state.game.players)], state.trick, state.trick_ids(),
            state.round_results)


def _random_games(name: str, games: int, seed: int) -> int:
    """Random games where every step checks the state's legal ids against the rule, and an
    illegal card (held or not) is refused with the state unchanged; returns the plays checked."""
    game = jass_game(name)
    rng = random.Random(seed)
    checked = 0
    for g in range(games):
        state = game.new_initial_state(seed=seed * 1000 + g)
        while not state.is_terminal():
            ids = state.legal_actions()
            if state.phase == "play":
                seat = state.current_player()
                hand = state._hands[seat]
                trick = list(state._trick)
                led = trick[0] // 9 if trick else -1
                want = game.follow.bind(JASS, state.trump).legal(hand, led, trick)
                assert ids == mask_ids(want)
                assert state.legal_moves() == [str(JASS.cards[c]) for c in ids]
                wrong = [c for c in range(36) if not want >> c & 1]
                if wrong:
                    c = rng.choice(wrong)
                    before = _snapshot(state)
                    with pytest.raises(IllegalPlay) as refused:
                        state.apply_action(c)
                    assert "refused" in str(refused.value)
                    assert not state.can_apply(c)
                    assert _snapshot(state) == before
                for bad in (-1, 36, True):
                    with pytest.raises(IllegalAction):
                        state.apply_action(bad)
                checked += 1
            state.apply_action(rng.choice(ids))
    return checked


@pytest.mark.parametrize("name", ["schieber", "jass", "coiffeur-schieber", "coiffeur"])
def test_legal_ids_and_refusals_along_random_games(name: str) -> None:
    assert _random_games(name, 2, 7) > 300


@pytest.mark.parametrize("name", ["schieber", "coiffeur-schieber", "coiffeur"])
def test_card_ids_and_spellings_play_the_same_game(name: str) -> None:
    """The inline path (ids) and the slow path (record spellings) give the same game."""
    game = jass_game(name)
    rng = random.Random(11)
    for g in range(3):
        fast = game.new_initial_state(seed=500 + g)
        slow = game.new_initial_state(seed=500 + g)
        while not fast.is_terminal():
            a = rng.choice(fast.legal_actions())
            fast.apply_action(a)
            slow.apply_action(game.action_to_string(a))
            assert slow.legal_actions() == fast.legal_actions()
        assert slow.is_terminal()
        assert slow.round_results == fast.round_results
        assert slow.history() == fast.history()
        assert slow.returns() == fast.returns()


def test_a_clone_plays_on_alone() -> None:
    game = jass_game("schieber")
    state = game.new_initial_state(seed=3)
    while state.phase != "play":
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    before = _snapshot(state)
    rng = random.Random(2)
    while copy.phase == "play":
        copy.apply_action(rng.choice(copy.legal_actions()))
    assert _snapshot(state) == before
    state.apply_action(state.legal_actions()[-1])
    assert state.history() != before[0]


def _reference_decide(candidates: list[tuple[int, Meld | None]],
                      all_melds: list[tuple[Meld, ...]], sides: tuple[int, ...], forehand: int,
                      trump: Suit | None, undenufe: bool, options: WeisOptions) -> WeisResult:
    """decide() as it read before the speed work (the oracle)."""
    n_sides = max(sides) + 1
    n = len(sides)
    keyed = {seat: strength(m, trump=trump, undenufe=undenufe, options=options)
             for seat, m in candidates if m is not None}
    best: list[Meld | None] = [None] * n_sides
    best_key: list[tuple[int, int, int, int] | None] = [None] * n_sides
    for seat, m in candidates:
        s = sides[seat]
        current = best_key[s]
        if m is not None:
            k = keyed[seat]
            if current is None or k > current:
                best[s], best_key[s] = m, k
    present = [(k, s) for s, k in enumerate(best_key) if k is not None]
    winner: int | None = None
    winning_seat: int | None = None
    if present:
        top = max(k for k, _ in present)
        top_sides = {s for k, s in present if k == top}
        holders = [seat for seat in [(forehand + i) % n for i in range(n)]
                   if keyed.get(seat) == top]
        if len(top_sides) == 1 or options.tie is WeisTie.FIRST_DECLARED:
            winning_seat = holders[0]
            winner = sides[winning_seat]
    points = [0] * n_sides
    if winner is not None:
        points[winner] = sum(m.points for seat in range(n) if sides[seat] == winner
                             for m in all_melds[seat])
    return WeisResult(tuple(all_melds), tuple(best), winner, tuple(points), winning_seat)


OPTION_SETS = [
    WeisOptions(),
    WeisOptions(low_fours=True, tie=WeisTie.FIRST_DECLARED),
    WeisOptions(card_use=CardUse.SHARED, undenufe_four_sixes=True),
    WeisOptions(card_use=CardUse.STRONGEST_BEST, equal_points=EqualPoints.MORE_CARDS,
                undenufe_lower_wins=True),
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_weis_on_masks_match_the_card_path_and_the_old_decide(options: WeisOptions) -> None:
    rng = random.Random(5)
    modes: list[tuple[Suit | None, bool]] = [(Suit.HEARTS, False), (None, False), (None, True),
                                             (Suit.CLUBS, False)]
    deck = list(range(36))
    held = 0
    for i in range(600):
        rng.shuffle(deck)
        if i % 3 == 0:  # rich deals: runs and fours, so the search and ties come up too
            deck.sort(key=lambda c: (c % 9 + rng.random() * 3))
        masks = [sum(1 << c for c in deck[9 * s:9 * s + 9]) for s in range(4)]
        trump, undenufe = modes[i % 4]
        sides = (0, 1, 0, 1) if i % 2 else (0, 1, 2, 3)
        forehand = i % 4
        got = score_weis_masks(masks, trump=trump, undenufe=undenufe, sides=sides,
                               forehand=forehand, options=options)
        hands = [JASS.cards_of(m) for m in masks]
        cards = score_weis(hands, trump=trump, undenufe=undenufe, sides=sides,
                           forehand=forehand, options=options)
        assert got == cards
        melds = [_best_melds(h, trump=trump, undenufe=undenufe, options=options) for h in hands]
        want = _reference_decide([(s, ms[0] if ms else None) for s, ms in enumerate(melds)],
                                 melds, sides, forehand, trump, undenufe, options)
        assert got == want
        for m in masks:
            quick = quick_melds([(m >> (9 * s)) & 0x1FF for s in range(4)], undenufe, options)
            assert _quick_masks(m, _scoring_fours(undenufe, options), undenufe, options) == (
                None if quick is None else tuple(quick))
        held += got.winner is not None
    assert held > 100


def test_declarations_on_masks_match_the_card_path() -> None:
    rng = random.Random(8)
    deck = list(range(36))
    for i in range(300):
        rng.shuffle(deck)
        masks = [sum(1 << c for c in deck[9 * s:9 * s + 9]) for s in range(4)]
        contract = ["trump(C)", "trump(S)", "obenabe", "undenufe"][i % 4]
        fast = declarations(masks, contract, sides=(0, 1, 0, 1), forehand=i % 4)
        slow = declarations([JASS.cards_of(m) for m in masks], contract, sides=(0, 1, 0, 1),
                            forehand=i % 4)
        assert fast == slow


@pytest.mark.parametrize("options", [WeisOptions(), WeisOptions(tie=WeisTie.FIRST_DECLARED)])
def test_the_engine_entry_for_dealt_masks_gives_the_checked_declarations(
        options: WeisOptions) -> None:
    rng = random.Random(9)
    deck = list(range(36))
    stoeck = weis = 0
    for i in range(600):
        rng.shuffle(deck)
        masks = [sum(1 << c for c in deck[9 * s:9 * s + 9]) for s in range(4)]
        contract = ["trump(C)", "trump(D)", "trump(H)", "trump(S)", "obenabe", "undenufe"][i % 6]
        for sides in ((0, 1, 0, 1), (0, 1, 2, 3)):
            got = dealt_declarations(masks, contract, sides, i % 4, options)
            want = declarations(masks, contract, sides=sides, forehand=i % 4, options=options)
            assert got == want
        stoeck += got.stoeck_seat is not None
        weis += got.weis.winner is not None
    assert stoeck > 30 and weis > 100  # both parts were met


def test_a_deal_with_a_seed_but_hands_from_outside_is_still_checked() -> None:
    """The deal step validates every Deal, one that carries a seed too: a bad one is refused
    at the deal, naming the rule (RULES P), and the state still waits for its deal."""
    from chaitea.core.deals import Deal
    from chaitea.core.errors import DealError

    state = jass_game("schieber").new_initial_state()
    twice = tuple(tuple(JASS.cards[27:36]) for _ in range(4))  # the same nine Roses to all
    with pytest.raises(DealError, match=r"duplicate card 6S .*RULES P"):
        state.apply_deal(Deal(twice, seed=3))
    assert state.phase == "deal" and state.round_number == 0 and state.history() == []
    state.apply_deal(3)  # a good deal is still taken
    assert state.phase == "picking"
