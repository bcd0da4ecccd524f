"""The batch simulator against the state API (RULES F, R, S; D2, D6, D7, D9).

- Legality: a sample of batch rounds, replayed card by card through ``Game.round_state`` and the
  validating ``apply_action``, is accepted play by play, with the same tricks and card points.
- Agreement: over the same seeded deals, declarer and contract, random play through the batch
  simulator and through the state API gives the same mean declarer card points and the same
  distribution of the declarer's tricks. Tolerance: each difference of two independent sample
  means (or proportions) must lie within 4 standard errors of the difference,
  4 * sqrt(se_batch**2 + se_state**2) (a false alarm about once in 16,000 comparisons; the seeds
  are fixed, so the test is deterministic). 10,000 deals per contract here, 100,000 under -m soak.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from chaitea import Deal, Game
from chaitea.analysis.batch import ASIDE, HAND, STRAW_UP, deals_from_seeds, simulate
from chaitea.analysis.rules import make_game, row_choices

CONTRACTS_3P = ["trump(H)", "under", "over", "middle", "slalom(high)", "pyramid(low)",
                "trump-under(S)", "trump-middle(C)", "trump-slalom(D,low)",
                "trump-pyramid(H,high)"]
OTHERS: list[tuple[int, str | None, str]] = [  # (players, deck, contract)
    (2, None, "trump(S)"), (2, None, "slalom(low)"), (4, None, "pyramid(high)"),
    (6, None, "trump(H)"), (6, "double", "under"), (6, "double", "trump-middle(C)"),
]


def _deal_of(game: Game, owner: np.ndarray, loc: np.ndarray, cover: np.ndarray) -> Deal:
    cards = game.deck.cards
    n = game.players
    hands = tuple(tuple(cards[c] for c in range(len(cards)) if owner[c] == s and loc[c] == HAND)
                  for s in range(n))
    if not game.seating.straw_stacks:
        return Deal(hands)
    straw = tuple(tuple((cards[cover[c]], cards[c]) for c in range(len(cards))
                        if owner[c] == s and loc[c] == STRAW_UP) for s in range(n))
    aside = tuple(cards[c] for c in range(len(cards)) if loc[c] == ASIDE)
    return Deal(hands, straw, aside)


@pytest.mark.parametrize(("players", "deck", "contract"),
                         [(3, None, c) for c in CONTRACTS_3P[::3]] + OTHERS)  # type: ignore[operator]
def test_batch_plays_are_legal_by_the_state_api(players, deck, contract):
    game = make_game(players, "standard", {"deck": deck} if deck else {})
    out = simulate(game, [contract], 300, seed=players * 7 + len(contract), keep=300)
    for d in range(300):
        deal = _deal_of(game, out.owner[d], out.loc[d], out.cover[d])
        state = game.round_state(deal, int(out.declarer[d]), contract)
        for card, options in zip(out.plays[d], out.options[d], strict=True):
            assert len(state.legal_actions()) == options  # the same legal set's size
            state.apply_action(int(card))  # raises IllegalPlay on an illegal batch play
        assert state.is_terminal()
        result = state.round_results[-1]
        assert list(result.tricks) == out.tricks[d].tolist()
        assert list(result.side_points) == out.side_points[d].tolist()
        assert result.score == out.score[d]


def _state_run(game: Game, seeds, declarer, contract, seed):
    rng = random.Random(seed)
    choice = rng.choice
    points, tricks = [], []
    for s, de in zip(seeds, declarer, strict=True):
        st = game.round_state(int(s), int(de), contract)
        while not st.is_terminal():
            st.apply_action(choice(st.legal_actions()))
        r = st.round_results[-1]
        points.append(r.card_points)
        tricks.append(sum(r.tricks[x] for x in range(game.players)
                          if game.side_of[x] == game.side_of[int(de)]))
    return np.asarray(points, float), np.asarray(tricks)


def _agree(game: Game, contract: str, n: int, seed: int) -> None:
    seeds = np.arange(seed * 1_000_000, seed * 1_000_000 + n)
    declarer = seeds % game.players
    out = simulate(game, [contract], n, seed=seed, declarer=declarer,
                   deals=deals_from_seeds(game, seeds.tolist()))
    b_points = out.card_points.astype(float)
    side_of = np.asarray(game.side_of)
    b_tricks = (out.tricks * (side_of[None, :] == side_of[declarer][:, None])).sum(1)
    s_points, s_tricks = _state_run(game, seeds, declarer, contract, seed)
    se = math.sqrt(b_points.var(ddof=1) / n + s_points.var(ddof=1) / n)
    assert abs(b_points.mean() - s_points.mean()) <= 4 * se, (contract, b_points.mean(),
                                                              s_points.mean(), se)
    for k in range(game.n_tricks + 1):
        pb, ps = (b_tricks == k).mean(), (s_tricks == k).mean()
        p = (pb + ps) / 2
        se_k = math.sqrt(max(p * (1 - p), 1 / n) * 2 / n)
        assert abs(pb - ps) <= 4 * se_k, (contract, k, pb, ps, se_k)


@pytest.mark.parametrize("contract", CONTRACTS_3P)
def test_batch_agrees_with_the_state_api_three_players(contract):
    _agree(Game(3), contract, 10_000, seed=CONTRACTS_3P.index(contract) + 1)


@pytest.mark.parametrize(("players", "deck", "contract"), OTHERS)
def test_batch_agrees_with_the_state_api_other_seatings(players, deck, contract):
    _agree(make_game(players, "standard", {"deck": deck} if deck else {}), contract, 3_000,
           seed=players + len(contract))


@pytest.mark.soak
@pytest.mark.parametrize("contract", CONTRACTS_3P)
def test_batch_agreement_soak(contract):
    _agree(Game(3), contract, 100_000, seed=100 + CONTRACTS_3P.index(contract))


def test_batch_is_a_function_of_its_seed():
    game = make_game(3, "long")
    cs = [c for _r, _s, c in row_choices(game)]
    a = simulate(game, cs, 2000, seed=5)
    b = simulate(game, cs, 2000, seed=5)
    c = simulate(game, cs, 2000, seed=6)
    assert np.array_equal(a.tricks, b.tricks) and np.array_equal(a.contract, b.contract)
    assert not np.array_equal(a.tricks, c.tricks)


def test_batch_totals_hold_for_every_seating():
    for players, deck, total, tricks in [(2, None, 100, 17), (3, None, 100, 12),
                                         (4, None, 100, 9), (6, None, 200, 9),
                                         (6, "double", 200, 12)]:
        game = make_game(players, "long", {"deck": deck} if deck else {})
        out = simulate(game, [c for _r, _s, c in row_choices(game)], 500, seed=players)
        assert (out.side_points.sum(1) == total).all()  # every card point lands (RULES C, D1)
        assert (out.tricks.sum(1) == tricks).all()


@pytest.mark.parametrize(("players", "deck"), [(2, None), (3, None), (6, None), (6, "double")])
def test_plain_python_kernel_gives_the_compiled_results(monkeypatch, players, deck):
    """Without numba the same kernels run as Python: same seed, same rounds."""
    import chaitea.analysis.batch as b

    game = make_game(players, "long", {"deck": deck} if deck else {})
    cs = [c for _r, _s, c in row_choices(game)]
    fast = simulate(game, cs, 150, seed=3, keep=150)
    monkeypatch.setattr(b, "_kernel", b._play_batch)
    monkeypatch.setattr(b, "_mask_kernel", b._play_masks)
    monkeypatch.setattr(b, "_deal", b._deal_kernel)
    slow = simulate(game, cs, 150, seed=3, keep=150)
    for name in ("owner", "loc", "tricks", "side_points", "plays", "options", "score"):
        assert np.array_equal(getattr(fast, name), getattr(slow, name)), name
