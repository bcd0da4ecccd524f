"""Jass bots (RULES J): legal, reproducible, blind to hidden cards; the play
kernel agrees with the engine; the rule bot's rules of thumb on worked examples."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from chaitea import Deal
from chaitea.ai.table_bots import (
    JassRound,
    camps,
    jass_card,
    jass_pick,
    jass_view,
    make_jass_bot,
    pick_scores,
    sample_jass_world,
)
from chaitea.core.cards import JASS
from chaitea.engine.driver import JassGame, JassState
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.choice import RoundPick

# every Jass ruleset and player count, and options that change the play or the picking
JASS_GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("schieber", 4, {"no_multipliers": True}), ("schieber", 4, {"push_back": True}),
    ("jass", 4, {}), ("coiffeur-schieber", 3, {}), ("coiffeur-schieber", 4, {}),
    ("coiffeur-schieber", 4, {"pairs": False, "extra_rows": "slalom+gustav"}),
    ("coiffeur", 4, {}), ("coiffeur", 4, {"misere_mode": "undenufe", "undenufe_six": True}),
    ("schieber", 6, {}), ("schieber", 6, {"deck": "jass", "declare": "hand"}),
    ("jass", 4, {"declare": "hand"}),
]


def game_of(i: int) -> JassGame:
    name, players, opts = JASS_GAMES[i % len(JASS_GAMES)]
    opts = dict(opts)
    deck = opts.pop("deck", None)
    return jass_game(name, players, deck=deck, options=opts)


def checked_round(state: JassState, bots: list[Any]) -> int:
    """Play one round (picking and play), asserting every choice is legal."""
    moves = 0
    start = len(state.round_results)
    while not state.is_terminal() and len(state.round_results) == start:
        legal = state.legal_actions()
        a = bots[state.current_player()].act(state)
        assert a in legal, (state, a)
        state.apply_action(a)
        moves += 1
    return moves


def random_play_position(rng: random.Random, game: JassGame, bot: str = "random",
                         seed: int | None = None) -> JassState:
    """A position of some round's play phase: a random number of rounds, then a random number
    of cards, by ``bot`` bots."""
    st = game.new_initial_state(seed=rng.randrange(10**6) if seed is None else seed)
    bots = [make_jass_bot(bot, seed=rng.randrange(10**6)) for _ in range(game.players)]
    for _ in range(rng.randrange(3)):
        checked_round(st, bots)
        if st.is_terminal():
            st = game.new_initial_state(seed=rng.randrange(10**6))
    while st.phase == "picking":
        st.apply_action(bots[st.current_player()].act(st))
    for _ in range(rng.randrange(game.n_cards - game.players)):
        if st.phase != "play":
            break
        st.apply_action(bots[st.current_player()].act(st))
    if st.phase != "play":  # the round ended: the next one's first lead
        return random_play_position(rng, game, bot)
    return st


@pytest.mark.parametrize("name", ["random", "rule"])
def test_jass_bots_choose_only_legal_actions(name: str) -> None:
    """500 random games per bot (1,000 in all) over every Jass ruleset and player count, a
    game being its first round (picking and play; whole games below), the bot in every seat."""
    for i in range(500):
        st = game_of(i).new_initial_state(seed=i)
        bots = [make_jass_bot(name, seed=i * 10 + s) for s in range(st.game.players)]
        assert checked_round(st, bots) >= st.game.n_tricks * st.game.players


def test_rule_bot_whole_jass_games() -> None:
    """Whole games of every ruleset, the rule bot against random bots: legal throughout, and
    the game ends with a winner side."""
    for i in range(len(JASS_GAMES)):
        g = game_of(i)
        st = g.new_initial_state(seed=100 + i)
        bots = [make_jass_bot("rule" if s % 2 == 0 else "random", seed=s)
                for s in range(g.players)]
        rounds = 0
        while not st.is_terminal():
            checked_round(st, bots)
            rounds += 1
        assert rounds >= 2 and st.is_terminal() and len(st.round_results) == rounds


@pytest.mark.soak
@pytest.mark.parametrize("name", ["random", "rule"])
def test_jass_bots_legal_in_whole_games_soak(name: str) -> None:
    """200 whole games per bot over every ruleset (pytest -m soak)."""
    for i in range(200):
        g = game_of(i)
        st = g.new_initial_state(seed=10_000 + i)
        bots = [make_jass_bot(name, seed=i * 10 + s) for s in range(g.players)]
        while not st.is_terminal():
            checked_round(st, bots)


@pytest.mark.parametrize("name", ["random", "rule", "pimc"])
def test_jass_bots_are_reproducible_from_a_seed(name: str) -> None:
    """The same seeds give the same game, action for action (a round per ruleset, two for
    the cheap bots)."""
    opts = {"samples": 2, "pick_samples": 3} if name == "pimc" else {}
    for i in range(len(JASS_GAMES)):
        runs = []
        for _ in range(2):
            g = game_of(i)
            st = g.new_initial_state(seed=7 + i)
            bots = [make_jass_bot(name, seed=50 + s, **opts) for s in range(g.players)]
            checked_round(st, bots)
            if name != "pimc":
                checked_round(st, bots)
            runs.append(st.history())
        assert runs[0] == runs[1] and len(runs[0]) >= 36


def test_pimc_legal_on_200_random_positions() -> None:
    """The Monte Carlo bot, 10 samples per move, chooses a legal card on 200 random positions
    of every ruleset; it values every legal card."""
    rng = random.Random(3)
    for i in range(200):
        st = random_play_position(rng, game_of(i))
        bot = make_jass_bot("pimc", seed=i, samples=10)
        legal = st.legal_actions()
        a = bot.act(st)
        assert a in legal
        if len(legal) > 1:
            assert set(bot.last) == set(legal)
            assert bot.last[a] == max(bot.last.values())


def permuted_state(st: JassState, seat: int, rng: random.Random) -> JassState:
    """The same round and history with the cards ``seat`` cannot see dealt otherwise,
    consistently with what it has seen (a sampled world made a real state, through the
    engine's own deal and plays)."""
    g = st.game
    view = jass_view(st, seat)
    world = sample_jass_world(view, rng)
    dealt = [world.hands[s] | view.played[s] for s in range(g.players)]
    hands = [g.deck.cards_of(dealt[s]) for s in range(g.players)]
    turned = st.observation(seat).get("turned_up_card")
    if turned is not None:  # basic Jass: the dealer's turned-up card stays its last card
        dealer = (st.forehand - 1) % g.players
        card = g.deck.cards[g.deck.index_of(turned)]
        hands[dealer] = [c for c in hands[dealer] if c != card] + [card]
    alt = g.new_initial_state(forehand=first_speaker(st))
    alt.apply_deal(Deal(tuple(tuple(h) for h in hands)))
    for a in st.history():
        alt.apply_action(a)
    return alt


def st_hand_mask(st: JassState, seat: int) -> int:
    return st.game.deck.mask_of(st.hand(seat))


def first_speaker(st: JassState) -> int:
    """The first speaker of round 0 (what new_initial_state's ``forehand`` sets): the forehand
    where it speaks first (Schieber, basic Jass), seat 0 where the picker becomes forehand."""
    return 0 if isinstance(st.game.table.choice, RoundPick) else st.forehand


def first_round_position(rng: random.Random, game: JassGame, bot: str) -> JassState:
    st = game.new_initial_state(seed=rng.randrange(10**6))
    bots = [make_jass_bot(bot, seed=rng.randrange(10**6)) for _ in range(game.players)]
    while st.phase == "picking":
        st.apply_action(bots[st.current_player()].act(st))
    for _ in range(rng.randrange(game.n_cards - game.players)):
        st.apply_action(bots[st.current_player()].act(st))
    return st


@pytest.mark.parametrize("name", ["rule", "pimc"])
def test_jass_bots_never_read_hidden_cards(name: str) -> None:
    """A bot's choice is the same when the hands it cannot see are dealt otherwise,
    consistently with its observation (every ruleset, 64 positions)."""
    rng = random.Random(11)
    changed = 0
    for i in range(64):
        g = game_of(i)
        st = first_round_position(rng, g, "random")
        seat = st.current_player()
        alt = permuted_state(st, seat, rng)
        assert alt.observation(seat) == st.observation(seat)
        assert alt.trick_ids() == st.trick_ids()
        changed += any(alt.hand(s) != st.hand(s) for s in range(g.players))
        opts = {"samples": 3} if name == "pimc" else {}
        assert make_jass_bot(name, seed=i, **opts).act(st) == \
            make_jass_bot(name, seed=i, **opts).act(alt)
    assert changed > 40


def test_the_play_kernel_agrees_with_the_engine() -> None:
    """JassRound, built from the game's tables, gives the engine's legal cards, trick winners
    and card points, card by card, in 160 random rounds of every ruleset (Slalom, Gustav,
    3x3's chosen trumps, Tutti's trump set by the first non-follower, Misère included)."""
    rng = random.Random(5)
    contracts_seen: set[str] = set()
    for i in range(160):
        g = game_of(i)
        st = g.new_initial_state(seed=rng.randrange(10**6))
        bots = [make_jass_bot("random", seed=rng.randrange(10**6)) for _ in range(g.players)]
        while st.phase == "picking":
            st.apply_action(bots[st.current_player()].act(st))
        if st.phase != "play":
            continue
        assert st.contract is not None
        contracts_seen.add(st.contract.removeprefix("joker=").split("(")[0])
        view = jass_view(st, 0)
        hands = [st_hand_mask(st, s) for s in range(g.players)]
        r = JassRound.start(g, st.contract, view.trumps, st.forehand, hands, st.declarer)
        while not r.done:
            legal = st.legal_actions()
            assert r.legal() == sum(1 << a for a in legal)
            a = rng.choice(legal)
            st.apply_action(a)
            r.play(a)
        res = st.round_results[-1]
        assert r.done and tuple(r.won) == tuple(res["tricks"])
        side_pts = [0] * g.sides
        for s, p in enumerate(r.points):
            side_pts[g.side_of[s]] += p
        assert tuple(side_pts) == tuple(res["card_points"])
        if st.contract in ("trump(C)", "trump(H)", "obenabe", "undenufe") and g.deck is JASS:
            assert sum(r.points) == 157
    assert {"trump", "obenabe", "undenufe", "slalom", "gustav", "3x3", "tutti",
            "misere"} <= contracts_seen


def _schieber_play(hands: list[str], contract: str, first: int) -> JassState:
    """A Schieber round from an explicit deal, ``contract`` written by the forehand."""
    g = jass_game("schieber", no_multipliers=True)
    st = g.new_initial_state(forehand=first)
    st.apply_deal(Deal(tuple(tuple(JASS.cards[JASS.index_of(c)] for c in h.split())
                             for h in hands)))
    st.apply_action(contract)
    return st


DEAL = ["JH 9H AH 6H AC KC 7D 8S 6S",   # seat 0: Puur, Näll, A of trump (Bells = H)
        "10H 7H AS KS QS 10C 6C 6D 7S",
        "KH QH 8H 10S JS 9S QC JC 8D",
        "AD KD QD JD 10D 9D 9C 8C 7C"]


def test_rule_bot_draws_trumps_with_the_puur() -> None:
    st = _schieber_play(DEAL, "trump(H)", 0)
    assert JASS.cards[make_jass_bot("rule").act(st)] == JASS.cards[JASS.index_of("JH")]


def test_rule_bot_cashes_aces_in_obenabe_and_sixes_in_undenufe() -> None:
    st = _schieber_play(DEAL, "obenabe", 0)
    assert str(JASS.cards[make_jass_bot("rule").act(st)]) in ("AH", "AC")
    st = _schieber_play(DEAL, "undenufe", 1)
    assert str(JASS.cards[make_jass_bot("rule").act(st)]) in ("6C", "6D")


def test_rule_bot_gives_points_to_a_partner_winning_safely() -> None:
    """Seat 0 leads the Puur; seat 1 follows low; seat 2, the partner, cannot be beaten but
    must follow trump, so it keeps its K and Q and plays the 8; then the Näll draws on."""
    st = _schieber_play(DEAL, "trump(H)", 0)
    st.apply_action("JH")
    st.apply_action("7H")
    card = str(JASS.cards[make_jass_bot("rule").act(st)])
    assert card == "8H"  # a trump must follow trump: the cheapest, no trump is wasted
    st.apply_action(card)
    st.apply_action("9D")  # seat 3 has no Bells
    # trick 2: seat 0 won trick 1; with the Puur gone its Näll is the boss trump: it draws on
    assert str(JASS.cards[make_jass_bot("rule").act(st)]) == "9H"


def test_rule_bot_schmiert_on_a_plain_suit() -> None:
    """Obenabe: seat 0 leads AC (the boss); seat 1 has Clubs and plays low; the partner,
    seat 2 must follow Clubs and gives the Q (3) over the J (2) (schmieren); seat 3, of the
    other team, keeps its 8 (worth 8 in Obenabe) and plays a 0."""
    st = _schieber_play(DEAL, "obenabe", 0)
    st.apply_action("AC")
    st.apply_action("6C")
    assert str(JASS.cards[make_jass_bot("rule").act(st)]) == "QC"
    st.apply_action("QC")
    # seat 3 holds 9C 8C 7C (no points): the cheapest
    assert str(JASS.cards[make_jass_bot("rule").act(st)]) in ("7C", "9C")


def test_rule_bot_never_undertrumps_when_it_may_not() -> None:
    """The legal function binds the bot: with a higher trump on the table and other cards in
    hand, it never plays a lower trump (RULES J: no undertrumping, void or not)."""
    rng = random.Random(9)
    g = jass_game("schieber")
    checked = 0
    for _ in range(300):
        st = random_play_position(rng, g)
        if st.trump < 0:
            continue
        a = make_jass_bot("rule").act(st)
        assert a in st.legal_actions()
        checked += 1
    assert checked > 100


def test_rule_pick_picks_by_hand_strength() -> None:
    """The forehand with Puur, Näll and A of Bells picks Bells; a hand with four aces and no
    long suit picks Obenabe; one with four 6s picks Undenufe; a weak hand pushes; the pushed
    partner must pick."""
    def pick(hand: str) -> str:
        rest = [c for c in (str(x) for x in JASS.cards) if c not in hand.split()]
        hands = [hand, " ".join(rest[:9]), " ".join(rest[9:18]), " ".join(rest[18:])]
        st = jass_game("schieber").new_initial_state(forehand=0)
        st.apply_deal(Deal(tuple(tuple(JASS.cards[JASS.index_of(c)] for c in h.split())
                                 for h in hands)))
        return st.game.action_to_string(jass_pick(st))

    assert pick("JH 9H AH KH 6H AC 7D 8S 6S") == "trump(H)"
    assert pick("AH AC AD AS KS KD QS 10C 7H") == "obenabe"
    assert pick("6H 6C 6D 6S 7S 7D 8S 9C QH") == "undenufe"
    assert pick("7H 8C 9D QS 10H 8D 7C JS KC") == "push"


def test_pick_scores_read_only_the_seats_hand_and_a_coiffeur_pick_is_open() -> None:
    """Coiffeur-Schieber: the rule bot writes one of its open rows (or passes); the scores
    cover the legal contracts only."""
    g = jass_game("coiffeur-schieber", 3)
    st = g.new_initial_state(seed=4)
    seat = st.current_player()
    scores = pick_scores(st, seat)
    legal = st.legal_moves()
    assert scores and set(scores) <= set(legal)
    assert st.game.action_to_string(jass_pick(st)) in legal


def test_camps() -> None:
    assert camps(jass_game("schieber"), 3) == (0, 1, 0, 1)
    assert camps(jass_game("coiffeur-schieber", 3), 1) == (1, 0, 1)
    assert camps(jass_game("jass"), None) == (0, 1, 2, 3)


def test_rule_card_in_misere_ducks() -> None:
    """Misère (the row the fewest points win): a seat following to a trick it may lose never
    wins it (the Misère sign), in positions of Coiffeur rounds played as Misère."""
    rng = random.Random(2)
    g = jass_game("coiffeur")
    ducked = 0
    for i in range(300):
        st = g.new_initial_state(forehand=i % 4)
        st.apply_deal(rng.randrange(10**6))
        st.apply_action("misere")
        for _ in range(rng.randrange(1, 30)):
            st.apply_action(rng.choice(st.legal_actions()))
        if not st.trick:
            continue
        v = jass_view(st, st.current_player())
        assert v.sign == -1
        r = v.round
        table = r.tables[r.led]
        best = max(table[c] for c in r.trick)
        losers = [c for c in st.legal_actions() if table[c] <= best]
        c = jass_card(r, v.seat, v.unseen_mask(), v.camp_of, v.sign)
        assert c in st.legal_actions()
        if losers:
            assert c in losers
            ducked += 1
    assert ducked > 50


def _replayed(st: JassState, dealt: list[int]) -> JassState:
    """Round 0 of ``st``'s game dealt ``dealt`` (current hands and played cards), its history
    replayed through the engine (which refuses any illegal play)."""
    g = st.game
    hands = [g.deck.cards_of(dealt[s]) for s in range(g.players)]
    turned = st.observation(0).get("turned_up_card")
    if turned is not None:  # basic Jass: the turned-up card is the dealer's last
        dealer = (st.forehand - 1) % g.players
        card = g.deck.cards[g.deck.index_of(turned)]
        hands[dealer] = [c for c in hands[dealer] if c != card] + [card]
    alt = g.new_initial_state(forehand=first_speaker(st))
    alt.apply_deal(Deal(tuple(tuple(h) for h in hands)))
    for a in st.history():
        alt.apply_action(a)
    return alt


def test_determinization_is_consistent_over_10000_samples() -> None:
    """10,000 sampled worlds (200 positions of every ruleset, random and rule play, 50 each):
    every world gives each seat its hand size, keeps the seat's own hand and every known card
    (basic Jass: the dealer's turned-up card), deals exactly the cards still out, respects
    every shown void (RULES J: only a non-trump of another suit shows one; to a trump lead
    the Puur may be kept), and makes every play so far legal, checked by the engine itself
    (each world dealt to a fresh state and the history replayed). The true hands always fit
    the view, so the voids read are facts."""
    rng = random.Random(17)
    samples = voids = puur_kept = turned = 0
    for i in range(200):
        g = game_of(i)
        st = first_round_position(rng, g, "random" if i % 2 else "rule")
        if st.phase != "play":
            continue
        seat = rng.randrange(g.players)
        view = jass_view(st, seat)
        truth = [st_hand_mask(st, s) for s in range(g.players)]
        for s in range(g.players):
            assert not truth[s] & view.excluded[s]
            assert view.known[s] & ~truth[s] == 0
            assert truth[s].bit_count() == view.hidden[s] + view.known[s].bit_count() or s == seat
        voids += sum(e != 0 for s, e in enumerate(view.excluded) if s != seat)
        t = st.trump
        if t >= 0 and g.deck is JASS:
            puur = 1 << (9 * t + 5)
            puur_kept += sum(1 for s in range(g.players) if s != seat and view.excluded[s]
                             & ((1 << 36) - 1 - puur) & (0x1FF << 9 * t) and not
                             view.excluded[s] & puur)
        turned += sum(1 for s in range(g.players) if s != seat and view.known[s])
        in_play = 0
        for h in truth:
            in_play |= h
        for k in range(50):
            w = sample_jass_world(view, rng)
            samples += 1
            union = 0
            for s in range(g.players):
                h = w.hands[s]
                assert not union & h
                union |= h
                assert h.bit_count() == truth[s].bit_count()
                assert view.known[s] & ~h == 0
                assert not h & view.excluded[s]
            assert w.hands[seat] == truth[seat] and union == in_play
            if k % 10 == 0:
                dealt = [w.hands[s] | view.played[s] for s in range(g.players)]
                alt = _replayed(st, dealt)
                assert alt.trick_ids() == st.trick_ids() and alt.trick == st.trick
                assert alt.observation(seat) == st.observation(seat)
    assert samples >= 9_500
    assert voids > 50 and puur_kept > 5 and turned > 5


def test_the_chai_tea_jazz_bots_play_jass_through_their_jass_twins() -> None:
    """``chaitea.ai.bots.make_bot`` (what the widgets use) plays a Jass game: the rule bot as the
    Jass rule bot, PIMC at its own budget, all legal and reproducible."""
    from chaitea.ai.bots import make_bot

    runs = []
    for _ in range(2):
        st = jass_game("coiffeur-schieber", 4).new_initial_state(seed=12)
        bots = [make_bot(("rule", "pimc", "random", "rule")[s], seed=s,
                         **({"samples": 3} if s == 1 else {})) for s in range(4)]
        checked_round(st, bots)
        runs.append(st.history())
    assert runs[0] == runs[1]
    st = jass_game("schieber").new_initial_state(seed=3)
    st.apply_action("trump(S)")
    assert make_bot("rule").act(cast(Any, st)) == make_jass_bot("rule").act(st)


@pytest.mark.parametrize("name", ["rule", "pimc"])
def test_jass_picks_never_read_hidden_cards(name: str) -> None:
    """At the contract choice, the same own hand and other hands dealt otherwise give the
    same pick (Schieber, Coiffeur-Schieber, Coiffeur; 24 deals)."""
    rng = random.Random(13)
    for i in range(24):
        g = [jass_game("schieber"), jass_game("coiffeur-schieber", 3),
             jass_game("coiffeur"), jass_game("coiffeur-schieber", 4)][i % 4]
        n, size = g.players, g.n_tricks
        ids = list(range(36))
        rng.shuffle(ids)
        mine, rest = ids[:size], ids[size:]
        picks = []
        for _ in range(2):
            rng.shuffle(rest)
            hands = [mine] + [rest[k * size:(k + 1) * size] for k in range(n - 1)]
            st = g.new_initial_state(forehand=0)
            st.apply_deal(Deal(tuple(tuple(JASS.cards[c] for c in h) for h in hands)))
            opts = {"samples": 3, "pick_samples": 4} if name == "pimc" else {}
            picks.append(make_jass_bot(name, seed=i, **opts).act(st))
        assert picks[0] == picks[1]


def test_pimc_with_the_solver_in_the_last_tricks() -> None:
    """``solve_tricks=3``: the worlds of the last three tricks are valued by the double-dummy
    solver; the choice is legal and of the best mean (40 positions late in rounds)."""
    rng = random.Random(23)
    solved = 0
    for i in range(40):
        g = game_of(i)
        st = g.new_initial_state(seed=rng.randrange(10**6))
        while st.phase == "picking":
            st.apply_action(rng.choice(st.legal_actions()))
        while len(st.trick_ids()) < g.n_tricks - 3:
            st.apply_action(rng.choice(st.legal_actions()))
        bot = make_jass_bot("pimc", seed=i, samples=4, solve_tricks=3)
        a = bot.act(st)
        assert a in st.legal_actions()
        if bot.last:
            assert bot.last[a] == max(bot.last.values())
            solved += 1
    assert solved > 20
