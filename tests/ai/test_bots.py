"""Bots: legal, reproducible, blind to hidden cards; determinization."""

from __future__ import annotations

import random
from typing import Any

import pytest

from chaitea import Deal, Game, State
from chaitea.ai.bots import (
    BOT_NAMES,
    PimcBot,
    World,
    make_bot,
    play_out,
    rule_pick,
    sample_world,
    world_view,
)
from chaitea.ai.kernel import Position, bits, position_of

from .conftest import CONFIGS, random_position

# (players, setup, options): every player count, setups and the variants
GAMES: list[tuple[int, str, dict[str, Any]]] = [
    (3, "standard", {}), (3, "short", {"passing_the_barrel": True}), (2, "standard", {}),
    (4, "standard", {}), (6, "short", {}), (6, "short", {"deck": "double"}),
    (3, "long", {"passing_the_barrel": True}), (4, "short", {"passing_the_barrel": True}),
]


def _checked_round(state: State, bots: list, rounds: int = 1) -> int:  # type: ignore[type-arg]
    """Play ``rounds`` rounds (picking and play), asserting every choice is legal."""
    moves = 0
    start = len(state.round_results)
    while not state.is_terminal() and len(state.round_results) < start + rounds:
        legal = state.legal_actions()
        a = bots[state.current_player()].act(state)
        assert a in legal, (state, a)
        state.apply_action(a)
        moves += 1
    return moves


@pytest.mark.parametrize("name", ["random", "rule"])
def test_bots_choose_only_legal_actions(name: str) -> None:
    """1,000 random games each, a game being its first round (picking and play; whole games
    are below), over every player count, setup and variant."""
    for i in range(1000):
        players, setup, options = GAMES[i % len(GAMES)]
        g = Game(players=players, setup=setup, **options)
        st = g.new_initial_state(seed=i)
        bots = [make_bot(name, seed=i * 10 + s) for s in range(players)]
        assert _checked_round(st, bots) > 0


def test_rule_bot_whole_games() -> None:
    """Whole games, rule bot against random bots, every player count: legal throughout."""
    for i, (players, setup, options) in enumerate(GAMES):
        g = Game(players=players, setup=setup, **options)
        st = g.new_initial_state(seed=100 + i)
        bots = [make_bot("rule" if s % 2 == 0 else "random", seed=s) for s in range(players)]
        _checked_round(st, bots, rounds=10**6)
        assert st.is_terminal()


def test_pimc_on_200_random_positions() -> None:
    """PIMC with a 10-sample budget picks a legal card on 200 random positions."""
    rng = random.Random(3)
    for i in range(200):
        players, deck, contract = CONFIGS[i % len(CONFIGS)]
        st = random_position(rng, players, deck, contract, rng.randint(1, 9 if players != 2
                                                                        else 12))
        bot = PimcBot(seed=i, samples=10)
        assert bot.act(st) in st.legal_actions()


@pytest.mark.parametrize("name", sorted(BOT_NAMES))
def test_every_bot_is_reproducible_from_its_seed(name: str) -> None:
    opts = {"samples": 4} if name == "pimc" else {}
    runs = []
    for _ in range(2):
        st = Game(players=3).new_initial_state(seed=5)
        bots = [make_bot(name, seed=s, **opts) for s in range(3)]
        play_out(st, bots, until_round_end=True)
        runs.append(st.history())
    assert runs[0] == runs[1]
    other = Game(players=3).new_initial_state(seed=5)
    play_out(other, [make_bot(name, seed=s + 50, **opts) for s in range(3)],
             until_round_end=True)
    if name == "random":
        assert other.history() != runs[0]


def test_make_bot_refuses_unknown_names() -> None:
    with pytest.raises(ValueError, match="unknown bot 'x'"):
        make_bot("x")


def _consistent(view: World, world: Position, truth: Position) -> None:
    """A sampled world agrees with everything the seat has seen."""
    n = view.rules.players
    me = view.seat
    assert world.hands[me] == truth.hands[me]  # own playable cards
    for s in range(n):
        assert world.hands[s] & view.known[s] == view.known[s]  # face-up straw cards
        hidden = world.hands[s] & ~view.known[s]
        assert hidden.bit_count() == view.hidden[s] == (truth.hands[s] & ~view.known[s]
                                                        ).bit_count()
        for suit in view.voids[s]:
            assert not hidden & view.rules.suit_masks[suit], "a card of a shown void"
        assert world.downs[s].bit_count() == truth.downs[s].bit_count()
    allc = 0
    total = 0
    for m in [*world.hands, *world.downs, *(1 << c for c in world.set_aside),
              *(1 << c for c in world.trick)]:
        allc |= m
        total += m.bit_count()
    assert total == allc.bit_count(), "a card placed twice"
    assert not allc & view.played, "a played card dealt again"
    assert allc | view.played == (1 << view.rules.n_cards) - 1
    assert set(world.cover) == set(truth.cover)  # the same face-up cards cover a card
    assert len(world.pending) == len(truth.pending) and len(world.set_aside) == len(
        truth.set_aside)


def test_determinization_is_consistent_over_10000_samples() -> None:
    """Worlds sampled for a seat keep its cards, the public cards, hand sizes and shown voids
    (10,000 samples over 100 positions of every configuration)."""
    rng = random.Random(9)
    voids_seen = 0
    for i in range(100):
        players, deck, contract = CONFIGS[i % len(CONFIGS)]
        st = random_position(rng, players, deck, contract, rng.randint(1, 8))
        seat = st.current_player()
        view = world_view(st, seat)
        voids_seen += sum(len(v) for v in view.voids)
        truth = position_of(st)
        for _ in range(100):
            _consistent(view, sample_world(view, rng), truth)
    assert voids_seen > 20  # the test met shown voids


def _permuted_state(st: State, seat: int, rng: random.Random) -> State:
    """The same round and history, with the cards the seat cannot see dealt otherwise
    (consistently with its observation): a world sampled for the seat, made a real state."""
    g = st.game
    view = world_view(st, seat)
    world = sample_world(view, rng)
    played: list[list[int]] = [[] for _ in range(g.players)]
    for t in st.tricks:
        for k, c in enumerate(t.cards):
            played[(t.leader + k) % g.players].append(g.deck.index_of(c))
    for k, c in enumerate(st.trick):
        played[(st.trick_leader + k) % g.players].append(g.deck.index_of(c))
    hands = tuple(tuple(g.deck.cards[c] for c in sorted(bits(world.hands[s]) + played[s]))
                  for s in range(g.players))
    assert st.declarer is not None and st.contract is not None
    alt = g.round_state(Deal(hands), st.declarer, st.contract)
    first = st.history()
    for a in first:
        alt.apply_action(a)
    return alt


@pytest.mark.parametrize("name", ["rule", "pimc"])
def test_bots_never_read_hidden_cards(name: str) -> None:
    """A bot's choice is the same when the hands it cannot see are dealt otherwise, consistently
    with its observation (3, 4 and 6 players; 60 positions)."""
    rng = random.Random(21)
    configs = [c for c in CONFIGS if c[0] != 2]
    changed = 0
    for i in range(60):
        players, deck, contract = configs[i % len(configs)]
        st = random_position(rng, players, deck, contract, rng.randint(2, 8))
        seat = st.current_player()
        alt = _permuted_state(st, seat, rng)
        assert alt.observation(seat) == st.observation(seat)
        changed += any(alt.hand(s) != st.hand(s) for s in range(players))
        opts = {"samples": 3} if name == "pimc" else {}
        assert make_bot(name, seed=i, **opts).act(st) == make_bot(name, seed=i, **opts).act(alt)
    assert changed > 30


def test_rule_pick_takes_a_sweep_and_passes_a_middling_hand() -> None:
    """Every heart and the 9s: Trump (Hearts); ranks 1-4: Under (it wins every trick there);
    only the middle ranks 4-6 (weak for Trump, Under and Slalom alike): pass."""
    from tests.engine.conftest import make_deal, sweep_deal, zero_deal

    g = Game(players=3)
    for deal, want in [(sweep_deal(0), "trump(H)"), (zero_deal(0), "under"),
                       (make_deal("4C 5C 6C 4D 5D 6D 4S 5S 6S 4H 5H 6H", "", ""), "pass")]:
        st = g.new_initial_state()
        st.apply_deal(deal)
        assert str(g.action(rule_pick(st))) in (want, f"joker={want}")
