"""The batch simulator's Jass modes against the state API (RULES J; RECORD Jass deals).

- Same choices: the same seeded deals (``JassState.apply_deal``), forehand and contract, played
  through the state API with the batch's own uniform numbers (at each play the ``int(u * j)``-th
  of the ``j`` legal card ids, lowest first), give the same cards, the same number of legal cards
  at every play, the same tricks per seat and the same card points per side.
- Totals: 152 + 5 = 157 card points per hand on the 36-card deck (RULES J), every trick counted.
- The follow rule (RULES J) on constructed positions: the text's undertrumping example,
  undertrumping refused to a void player, a hand of only trumps free, the Puur exception (and
  not for a Puur with another trump), and random positions of every static contract, the
  kernel's legal mask against the engine's own ``legal`` function.
- Refusals: a contract whose trump is set during play (Tutti) or named by the picker (3x3).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from chaitea.analysis import batch_plans as jb
from chaitea.analysis.batch import deals_from_seeds
from chaitea.analysis.batch_plans import kernel_legal, plan_tables, simulate_plans
from chaitea.core.cards import JASS
from chaitea.core.errors import SetupError
from chaitea.engine.driver import JassGame, JassState
from chaitea.rulesets import jass_game

CASES = [  # (ruleset, players): every static-trump Jass table there is, each seating
    ("schieber", 4), ("schieber", 6), ("coiffeur-schieber", 3), ("coiffeur-schieber", 4),
    ("coiffeur", 4), ("jass", 4), ("rosenober", 4), ("schiltenober", 4), ("guggitaler", 4),
    ("bells-avoidance", 4),
]


def _static(game: JassGame) -> list[str]:
    return [c for c in game.table.contracts if game.static_plans(c) is not None]


def _state_round(game: JassGame, seed: int, forehand: int, spelling: str) -> JassState:
    """A fresh game's round dealt from ``seed``, ``forehand`` first; the forehand picks
    ``spelling`` where the table lets it pick (else the table's own contract is played)."""
    st = game.new_initial_state(forehand=forehand)
    st.apply_deal(seed)
    if st.phase == "picking":
        st.apply_action(spelling)
    assert st.phase == "play"
    return st


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_same_deals_and_choices_give_the_same_rounds(ruleset, players):
    game = jass_game(ruleset, players)
    spellings = _static(game)
    n = 120
    seeds = [1000 * players + i for i in range(n)]
    rng = random.Random(len(ruleset) + players)
    forehand = [i % players for i in range(n)]
    states = [_state_round(game, s, f, rng.choice(spellings))
              for s, f in zip(seeds, forehand, strict=True)]
    played = [str(st.contract) for st in states]  # the table's own where it allows no pick
    assert all(c in spellings for c in played)
    assert [st.forehand for st in states] == forehand
    per_round = players * game.n_tricks
    u = np.random.default_rng(players).random((n, per_round))
    out = simulate_plans(game, spellings, n, contract=[spellings.index(c) for c in played],
                         forehand=forehand, deals=deals_from_seeds(game, seeds)[0], keep=n,
                         uniforms=u)
    for d, st in enumerate(states):
        for step in range(per_round):
            legal = st.legal_actions()
            assert len(legal) == out.options[d, step], (d, step)
            card = legal[min(int(u[d, step] * len(legal)), len(legal) - 1)]
            assert card == out.plays[d, step], (d, step)
            st.apply_action(card)  # the validating state API: refuses an illegal card
        res = st.round_results[-1]
        assert list(res["tricks"]) == out.tricks[d].tolist()
        assert list(res["card_points"]) == out.side_points[d].tolist()


def test_batch_plays_replay_through_the_state_api_for_every_schieber_contract():
    """Random deals and choices of the batch itself (its own dealing and numbers), replayed
    card by card through ``JassState.apply_action`` from the same hands."""
    game = jass_game("schieber")
    spellings = list(game.table.contracts)
    out = simulate_plans(game, spellings, 300, seed=11, keep=300)
    deck = game.deck
    for d in range(300):
        hands = [[deck.cards[c] for c in range(deck.size) if out.owner[d, c] == s]
                 for s in range(4)]
        from chaitea.core.deals import Deal

        st = game.new_initial_state(forehand=int(out.forehand[d]))
        st.apply_deal(Deal(tuple(tuple(h) for h in hands)))
        st.apply_action(spellings[out.contract[d]])
        for card, options in zip(out.plays[d], out.options[d], strict=True):
            assert len(st.legal_actions()) == options
            st.apply_action(int(card))
        res = st.round_results[-1]
        assert list(res["tricks"]) == out.tricks[d].tolist()
        assert list(res["card_points"]) == out.side_points[d].tolist()


@pytest.mark.parametrize(("ruleset", "players"), [("schieber", 4), ("coiffeur-schieber", 3),
                                                  ("coiffeur", 4)])
def test_157_card_points_per_hand_and_every_trick_played(ruleset, players):
    game = jass_game(ruleset, players)
    spellings = _static(game)
    out = simulate_plans(game, spellings, 20_000, seed=3)
    assert (out.side_points.sum(1) == 157).all()  # RULES J: 152 + the last trick's 5
    assert (out.tricks.sum(1) == 36 // players).all()
    assert set(np.unique(out.contract).tolist()) == set(range(len(spellings)))


def test_the_batch_is_a_function_of_its_seed_and_python_gives_the_compiled_results(monkeypatch):
    game = jass_game("schieber")
    cs = list(game.table.contracts)
    a = simulate_plans(game, cs, 400, seed=5, keep=400)
    b = simulate_plans(game, cs, 400, seed=5, keep=400)
    c = simulate_plans(game, cs, 400, seed=6, keep=400)
    assert np.array_equal(a.plays, b.plays) and not np.array_equal(a.plays, c.plays)
    monkeypatch.setattr(jb, "_kernel", jb._play_plans)
    slow = simulate_plans(game, cs, 400, seed=5, keep=400)
    for name in ("owner", "contract", "forehand", "tricks", "side_points", "plays", "options"):
        assert np.array_equal(getattr(a, name), getattr(slow, name)), name


# ------------------------------------------------------------------ the follow rule (RULES J)
def _ids(*cards: str) -> list[int]:
    return [JASS.index_of(c) for c in cards]


def _cards(mask: int) -> list[str]:
    return sorted(str(c) for c in JASS.cards_of(mask))


def _legal(spelling: str, hand: str, trick: str) -> list[str]:
    tab = plan_tables(jass_game("schieber"), [spelling])
    t = _ids(*trick.split())
    led = JASS.suit_of[t[0]] if t else -1
    return _cards(kernel_legal(tab, 0, 0, JASS.mask_of(hand.split()), led, t))


def test_undertrumping_is_refused_also_to_a_void_player():
    # the text's example (chaitea.core.following): trump Shields, Acorns led, JD and 10D in
    assert _legal("trump(D)", "AD 9D 6D 10S", "6C JD 10D") == ["10S"]
    # following suit, the lower trumps stay refused; a higher trump may be played
    assert _legal("trump(D)", "7C 9D 6D", "6C 10D") == _cards(JASS.mask_of(["7C", "9D"]))
    # a hand of nothing but trumps may undertrump
    assert _legal("trump(D)", "6D 7D", "6C JD") == ["6D", "7D"]
    # no trump in the trick: any trump may be played beside the led suit
    assert _legal("trump(D)", "7C 6D KS", "6C") == ["6D", "7C"]


def test_the_puur_exception_to_a_trump_lead():
    # the only trump is the Puur: any card to a trump lead
    assert _legal("trump(H)", "JH 6C 7S", "6H") == ["6C", "7S", "JH"]
    # the Puur and another trump: a trump must be played (no duty to overtrump)
    assert _legal("trump(H)", "JH 7H 6C", "AH") == ["7H", "JH"]
    # another single trump is not free
    assert _legal("trump(H)", "9H 6C", "6H") == ["9H"]
    # no undertrumping to a trump lead: a lower trump may follow
    assert _legal("trump(H)", "7H 8C", "9H") == ["7H"]


@pytest.mark.parametrize(("ruleset", "players"), [("schieber", 4), ("schieber", 6),
                                                  ("coiffeur", 4)])
def test_the_kernel_legal_mask_is_the_engines_on_random_positions(ruleset, players):
    game = jass_game(ruleset, players)
    spellings = _static(game)
    tab = plan_tables(game, spellings)
    deck = game.deck
    rng = random.Random(7)
    checked = 0
    for k, spelling in enumerate(spellings):
        for _ in range(300):
            t = rng.randrange(game.n_tricks)
            plans = game.static_plans(spelling)
            assert plans is not None
            legal, _tables, _values, tr = plans[t]
            cards = list(range(deck.size))
            rng.shuffle(cards)
            size = rng.randrange(1, game.n_tricks + 1)
            hand = sum(1 << c for c in cards[:size])
            # bias towards trumps in the trick and the hand: the rule's edge cases
            trick = cards[size:size + rng.randrange(1, players)]
            if tr >= 0 and rng.random() < 0.5:
                trumps = [c for c in cards[size:] if deck.suit_of[c] == tr and c not in trick]
                trick = trick[:1] + trumps[:rng.randrange(0, 3)]
            led = deck.suit_of[trick[0]]
            assert kernel_legal(tab, k, t, hand, led, trick) == legal(hand, led, trick), (
                spelling, t, _cards(hand) if deck is JASS else hand, trick)
            checked += 1
    assert checked == 300 * len(spellings)


def test_contracts_whose_trump_is_set_in_play_are_refused():
    game = jass_game("coiffeur")
    for spelling in ("tutti", "3x3(tou)"):
        with pytest.raises(SetupError, match=spelling.replace("(", r"\(").replace(")", r"\)")):
            plan_tables(game, [spelling])
    with pytest.raises(SetupError, match="uniforms"):
        simulate_plans(jass_game("schieber"), ["obenabe"], 3, uniforms=np.zeros((3, 5)))
