"""Bots: anything with ``act(state) -> action id`` plays through the one state API.

Three bots, each a small seeded object, made by name with :func:`make_bot`:

- ``random``: a uniformly random legal action;
- ``rule``: sensible leads, following and discards for the declarer and the defenders under
  every contract family (the kernel's strength tables carry high, low, middle, trump and
  alternating orders; Avoidance rows play to lose tricks), and picking by hand strength with a
  Bet Debt ceiling (and Passing-the-Barrel offers and answers);
- ``pimc``: determinized Monte Carlo: sample the hidden cards consistently with what the seat
  has seen, value each legal card in each sample (double-dummy solver near the end of a round,
  rule-bot playouts before that) and play the best mean; it picks like the rule bot.

Bots read only ``state.observation(seat)`` and the game's public rules, never the other hands.
Each acts as its game's parts say (:mod:`chaitea.ai.parts`): given a table's game (a Jass
ruleset of :mod:`chaitea.rulesets`, or Oh Hell) the rule and PIMC bots play it through their
twins in :mod:`chaitea.ai.table_bots` (the random bot is the same on every game).
A seat's view and the worlds sampled from it live in :mod:`chaitea.ai.worlds` (RULES J) and are
re-exported here.

>>> from chaitea import Game
>>> state = Game(players=3).new_initial_state(seed=2)
>>> play_out(state, [make_bot("rule", seed=1), make_bot("random", seed=2),
...                  make_bot("random", seed=3)])
>>> state.is_terminal()
True
>>> sorted(BOT_NAMES)
['pimc', 'random', 'rule']
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Protocol

from chaitea.ai.kernel import Position, Rules, bits, play_card, rules_for
from chaitea.ai.parts import part, provide
from chaitea.ai.worlds import World, sample_world, world_view
from chaitea.ai.worlds import _build_position as _build_position
from chaitea.ai.worlds import known_cards as known_cards
from chaitea.core.tricks import winning
from chaitea.engine.actions import Accept, Decline, Offer, Pass, Pick, Rescind
from chaitea.engine.game import Game, GameState
from chaitea.engine.validate import check_samples

__all__ = [
    "BOT_NAMES",
    "Bot",
    "PimcBot",
    "RandomBot",
    "RuleBot",
    "World",
    "make_bot",
    "play_out",
    "rule_card",
    "sample_world",
    "side_points",
    "world_view",
]


class Bot(Protocol):
    """A player: given a state whose ``current_player()`` it controls, return a legal action id."""

    def act(self, state: GameState) -> int: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "Random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: GameState) -> int:
        return self.rng.choice(state.legal_actions())


def play_out(state: GameState, bots: Sequence[Bot], *, until_round_end: bool = False) -> None:
    """Let ``bots[seat]`` act for every seat until the game ends (or the round, if asked).
    Stops at a chance node (a round waiting for its deal)."""
    rounds = len(state.round_results)
    while not state.is_terminal() and not state.is_chance_node():
        if until_round_end and len(state.round_results) > rounds:
            return
        state.apply_action(bots[state.current_player()].act(state))


# -- card play by rules of thumb -------------------------------------------------------------------
def _coalition(rules: Rules, seat: int) -> bool:
    """True for the declarer's side (the declarer plays alone against the others, RULES B)."""
    return rules.side_of[seat] == rules.side_of[rules.declarer]


def rule_card(rules: Rules, me: int, playable: int, trick: Sequence[int], leader: int,
              trick_no: int, others: int) -> int:
    """The rule bot's card: ``playable`` the seat's playable cards, ``others`` every card still in
    play that the seat does not hold (it cannot tell who holds which).

    Aim: with a normal row, tricks (and their points) for the seat's side (the declarer's side
    or the defenders); with an Avoidance row every side tries to lose points, so the seat plays
    to lose tricks and dumps points on the side it wants to score them (RULES R, S).

    >>> from chaitea import Game
    >>> r = rules_for(Game(players=3), "under", 0)
    >>> deck = Game(players=3).deck
    >>> hand = deck.mask_of(["1C", "9C", "5H"])
    >>> str(deck.cards[rule_card(r, 0, hand, [], 0, 0, deck.full_mask & ~hand)])  # a sure trick
    '1C'
    """
    n = rules.players
    suit_of = rules.suit_of
    points = rules.points
    legal = _legal(rules, playable, trick)
    cards = bits(legal)
    if len(cards) == 1:
        return cards[0]
    mine = _coalition(rules, me)
    lose = rules.avoidance
    if not trick:
        def strength(c: int) -> int:
            return rules.tables[trick_no][suit_of[c] if suit_of[c] >= 0 else 4][c]
        if lose:  # lead the card least likely to win: most stronger cards out, fewest points
            return min(cards, key=lambda c: (-_n_stronger(rules, trick_no, c, others),
                                            points[c], strength(c)))
        bosses = [c for c in cards if _safe(rules, trick_no, suit_of[c], c, others, n - 1)]
        if bosses:
            trumps = [c for c in bosses if suit_of[c] == rules.trump]
            if trumps and mine and rules.trump >= 0:
                return max(trumps, key=lambda c: (strength(c), points[c]))
            return max(bosses, key=lambda c: (points[c], strength(c)))
        # no sure winner: a low card of the longest plain suit
        def length(c: int) -> int:
            s = suit_of[c]
            return (playable & rules.suit_masks[s]).bit_count() if s >= 0 else 0
        plain = [c for c in cards if suit_of[c] != rules.trump] or cards
        return min(plain, key=lambda c: (points[c], -length(c), strength(c)))
    led = next((suit_of[c] for c in trick if suit_of[c] >= 0), -1)
    table = rules.tables[trick_no][led if led >= 0 else 4]
    wpos, best = winning(table, trick)
    winner = (leader + wpos) % n
    last = len(trick) == n - 1
    to_play = n - 1 - len(trick)
    winners = [c for c in cards if table[c] >= best]  # ties: the later-played wins (D2)
    losers = [c for c in cards if table[c] < best]
    if lose:
        good_now = _coalition(rules, winner) != mine  # the side I want to score is winning
        if losers:
            if good_now:
                return max(losers, key=lambda c: (points[c], table[c]))
            return max(losers, key=lambda c: (-points[c], table[c]))
        return min(winners, key=lambda c: (points[c], -table[c]))
    ours = _coalition(rules, winner) == mine
    if ours:
        safe = last or _safe(rules, trick_no, led, trick[wpos], others, to_play, best)
        if safe:  # smear points on the partner's trick
            return max(cards, key=lambda c: (points[c], -table[c]))
        return min(cards, key=lambda c: (points[c], table[c]))
    if winners:
        if last:
            return max(winners, key=lambda c: (points[c], -table[c]))
        sure = [c for c in winners if _safe(rules, trick_no, led, c, others, to_play)]
        if sure:
            return min(sure, key=lambda c: (table[c], -points[c]))
        trick_pts = sum(points[c] for c in trick)
        if trick_pts >= 5:
            return max(winners, key=lambda c: (table[c], points[c]))
    return min(losers or cards, key=lambda c: (points[c], table[c]))


def _legal(rules: Rules, playable: int, trick: Sequence[int]) -> int:
    led = next((rules.suit_of[c] for c in trick if rules.suit_of[c] >= 0), -1)
    if rules.legal_fn is not None:
        return rules.legal_fn(playable, led, trick)
    if led < 0:
        return playable
    f = playable & rules.suit_masks[led]
    return (f | (playable & rules.extra[led])) if f else playable


def _n_stronger(rules: Rules, t: int, c: int, others: int) -> int:
    s = rules.suit_of[c]
    table = rules.tables[t][s if s >= 0 else 4]
    return sum(1 for u in bits(others) if table[u] >= table[c])


def _safe(rules: Rules, t: int, led: int, c: int, others: int, to_play: int,
          strength: int | None = None) -> bool:
    """No card still out could beat ``c`` (in a trick led with ``led``), or nobody is left."""
    if to_play <= 0:
        return True
    table = rules.tables[t][led if led >= 0 else 4]
    s = table[c] if strength is None else strength
    return not any(table[u] >= s for u in bits(others))


# -- picking by hand strength ---------------------------------------------------------------
def hand_estimate(rules: Rules, hand: int, others: int) -> float:
    """A quick estimate of the card points (with the last-trick bonus) a hand takes as declarer
    under ``rules``: each card's chance of a trick from how many stronger cards are out, a
    plain card's chance cut where trumps are out, times the points of an average trick."""
    n_t = rules.n_tricks
    per_trick = rules.points_total / n_t
    suit_of = rules.suit_of
    trump = rules.trump
    won = 0.0
    trumps_out = (others & rules.suit_masks[trump]).bit_count() if trump >= 0 else 0
    my_trumps = (hand & rules.suit_masks[trump]).bit_count() if trump >= 0 else 0
    cut = 0.6 if trumps_out > my_trumps else 1.0
    orders = range(0, n_t, max(1, n_t // 4))
    out_by_suit = [bits(others & rules.suit_masks[s]) for s in range(4)]
    mine = bits(hand)
    for t in orders:
        tabs = rules.tables[t]
        for c in mine:
            s = suit_of[c]
            if s < 0:
                won += 1.0
                continue
            table = tabs[s]
            mine_s = table[c]
            stronger = 0
            for u in out_by_suit[s]:
                if table[u] > mine_s:
                    stronger += 1
            won += 0.75 ** stronger if s == trump else 0.45 ** stronger * cut
    return min(won / len(orders), n_t) * per_trick


@cache
def _mean_estimate(game_key: tuple[int, str], contract: str) -> float:
    """The mean :func:`hand_estimate` of a contract over 100 random hands (a fixed seed): the
    baseline a hand must beat to be worth picking now rather than later."""
    players, deck = game_key
    g = Game(players=players, deck=deck)
    r = rules_for(g, contract, 0)
    rng = random.Random(12345)
    ids = list(range(g.n_cards))
    size = g.seating.hand_size if g.seating.straw_stacks else g.n_cards // g.players
    total = 0.0
    for _ in range(100):
        rng.shuffle(ids)
        hand = sum(1 << i for i in ids[:size])
        total += hand_estimate(r, hand, g.deck.full_mask & ~hand)
    return total / 100


JOKER_RESERVE = 6.0  # a Joker row is kept for a hand this much better than the contract's mean


def pick_margins(state: GameState, seat: int) -> dict[str, float]:
    """For each pick spelling the seat could play, how many points its hand should beat the
    contract's average hand by (Avoidance rows: how far below). Only public rules and the seat's
    own cards are read."""
    g = state.game
    hand_mask = g.deck.mask_of(state.playable(seat))
    others = g.deck.full_mask & ~hand_mask
    key = (g.players, g.deck.name)
    out: dict[str, float] = {}
    side = g.side_of[seat]
    for i, row in enumerate(g.setup.rows):
        if not state.pad.is_open(i, side):
            continue
        for sp, c in zip(row.spellings, row.contracts, strict=True):
            r = rules_for(g, c, seat, avoidance=row.avoidance)
            est = hand_estimate(r, hand_mask, others)
            mean = _mean_estimate(key, c.spelling)
            m = (mean - est) if row.avoidance else (est - mean)
            if row.is_joker:
                m -= JOKER_RESERVE
            m *= max(1, row.value) ** 0.5
            out[sp] = max(out.get(sp, -1e9), m)
    return out


def rule_pick(state: GameState, margin_to_pick: float = 4.0) -> int:
    """The rule bot's picking action: the best pick whose margin beats its Bet Debt (the ceiling:
    a debt below the margin), else pass; offers and answers by the same margins (RULES B, V)."""
    g = state.game
    seat = state.current_player()
    legal = state.legal_actions()
    margins = pick_margins(state, seat)
    best_margin = max(margins.values(), default=0.0)
    acts = [g.action(a) for a in legal]
    if any(isinstance(a, Accept) for a in acts):
        take = best_margin + state.offer > 0
        return next(i for i, a in zip(legal, acts, strict=True)
                    if isinstance(a, Accept if take else Decline))
    offers = [(a.amount, i) for i, a in zip(legal, acts, strict=True) if isinstance(a, Offer)]
    if any(isinstance(a, Rescind) for a in acts):
        if offers and best_margin + min(offers)[0] < 0:
            return min(offers)[1]
        return next(i for i, a in zip(legal, acts, strict=True) if isinstance(a, Rescind))
    picks = [(i, a) for i, a in zip(legal, acts, strict=True) if isinstance(a, Pick)]
    can_pass = any(isinstance(a, Pass) for a in acts)
    if offers and best_margin < -min(offers)[0]:
        return min(offers)[1]
    scored = sorted(((margins.get(a.spelling, -1e9) - a.debt, -a.debt, -i, i) for i, a in picks),
                    reverse=True)
    if not scored:
        return legal[0]
    value, _, _, aid = scored[0]
    if not can_pass or value > margin_to_pick:
        return aid
    return next(i for i, a in zip(legal, acts, strict=True) if isinstance(a, Pass))


class RuleBot:
    """Rules of thumb for picking and card play (:func:`rule_pick`, :func:`rule_card`); seeded
    only to break exact ties the same way every time (it is otherwise deterministic)."""

    name = "Rule"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: GameState) -> int:
        return int(part(state.game, "rule_act")(self, state))  # its game's rules of thumb

    def pad_act(self, state: GameState) -> int:
        """:meth:`act` in Chai Tea Jazz: :func:`rule_pick`, :func:`rule_card`."""
        if state.phase == "picking":
            return rule_pick(state)
        view = world_view(state, state.current_player())
        mine = view.playable
        return rule_card(view.rules, view.seat, mine, view.trick, view.leader, view.trick_no,
                         view.unseen_mask())



def playout_value(rules: Rules, pos: Position, seat: int) -> int:
    """Play ``pos`` to the end with the rule bot at every seat; the final card points (with
    bonus) of ``seat``'s side: the declarer's side, or the defenders together."""
    p = pos.copy()
    full = (1 << rules.n_cards) - 1
    while not p.done:
        inplay = 0
        for h in p.hands:
            inplay |= h
        for d in p.downs:
            inplay |= d
        for c in p.set_aside:
            inplay |= 1 << c
        me = p.turn
        c = rule_card(rules, me, p.hands[me], p.trick, p.leader, p.trick_no,
                      inplay & ~p.hands[me] & full)
        play_card(rules, p, c)
    return side_points(rules, p, seat)


def side_points(rules: Rules, pos: Position, seat: int) -> int:
    """Card points won so far by ``seat``'s side (declarer's side, or the defenders)."""
    mine = _coalition(rules, seat)
    return sum(pos.won[s] for s in range(rules.sides)
               if (rules.side_of[rules.declarer] == s) == mine)


class PimcBot:
    """Perfect-information Monte Carlo: ``samples`` worlds per move (or as many as fit in
    ``time_budget`` seconds, if given: then no longer reproducible), each legal card valued by
    the double-dummy solver once at most ``solve_tricks`` tricks remain, by a rule-bot playout
    before that; the best mean wins (ties: the lowest card id). Picks like the rule bot.
    ``samples`` is a whole number of at least 1 (a :class:`~chaitea.core.errors.SetupError`
    otherwise: no world, no mean)."""

    name = "PIMC"

    def __init__(self, seed: int | None = None, *, samples: int = 20,
                 time_budget: float | None = None, solve_tricks: int = 4) -> None:
        check_samples(samples)
        self.rng = random.Random(seed)
        self.samples = samples
        self.time_budget = time_budget
        self.solve_tricks = solve_tricks
        self.last: dict[int, float] = {}

    def act(self, state: GameState) -> int:
        return int(part(state.game, "pimc_act")(self, state))  # its game's Monte Carlo

    def pad_act(self, state: GameState) -> int:
        """:meth:`act` in Chai Tea Jazz: picks like the rule bot, plays the best mean."""
        if state.phase == "picking":
            return rule_pick(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = world_view(state, state.current_player())
        vals = self.evaluate(view, legal)
        means = {a: sum(v) / len(v) for a, v in vals.items()}
        self.last = means
        sign = -1 if view.rules.avoidance else 1  # Avoidance: as few points as possible
        return max(legal, key=lambda a: (sign * means[a], -a))

    def evaluate(self, view: World, legal: Sequence[int]) -> dict[int, list[float]]:
        """Per legal card, its value in each sampled world: the final card points (and bonus)
        of the seat's side."""
        from chaitea.ai.solver import card_values

        rules = view.rules
        out: dict[int, list[float]] = {a: [] for a in legal}
        start = time.perf_counter()
        k = 0
        exact = rules.n_tricks - view.trick_no <= self.solve_tricks
        while k < self.samples or (self.time_budget is not None and k == 0):
            if self.time_budget is not None and k and \
                    time.perf_counter() - start > self.time_budget:
                break
            world = sample_world(view, self.rng)
            k += 1
            if exact:
                vals = card_values(rules, world, list(legal))
                for a in legal:
                    out[a].append(float(vals[a]))
            else:
                for a in legal:
                    w = world.copy()
                    play_card(rules, w, a)
                    out[a].append(float(playout_value(rules, w, view.seat)))
        return out


def _jass_twin(bot: Any, name: str, **options: Any) -> Any:
    """The Jass bot (:mod:`chaitea.ai.table_bots`) a bot plays a Jass game with, made once from
    the bot's own generator (so it stays reproducible from the bot's seed)."""
    twin = getattr(bot, "_jass", None)
    if twin is None:
        from chaitea.ai.table_bots import make_jass_bot

        twin = bot._jass = make_jass_bot(name, seed=bot.rng.randrange(2**31), **options)
    return twin


def _table_rule_act(bot: RuleBot, state: GameState) -> int:
    """:meth:`RuleBot.act` in a table's game (RULES J; Oh Hell): its table twin's rules of thumb."""
    return int(_jass_twin(bot, "rule").act(state))


def _table_pimc_act(bot: PimcBot, state: GameState) -> int:
    """:meth:`PimcBot.act` in a table's game: its table twin's Monte Carlo, with the same budget."""
    return int(_jass_twin(bot, "pimc", samples=bot.samples, time_budget=bot.time_budget).act(state))


provide("rule_act", pad=RuleBot.pad_act, table=_table_rule_act)
provide("pimc_act", pad=PimcBot.pad_act, table=_table_pimc_act)

BOT_NAMES: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "rule": RuleBot,
    "pimc": PimcBot,
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name (``random``, ``rule``, ``pimc``), seeded; ``options`` go to its class
    (``pimc``: ``samples``, ``time_budget``, ``solve_tricks``).

    >>> make_bot("pimc", seed=3, samples=5).samples
    5
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'clever': use random, rule or pimc
    """
    cls = BOT_NAMES.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}: use {', '.join(list(BOT_NAMES)[:-1])} or "
                         f"{list(BOT_NAMES)[-1]}")
    bot: Bot = cls(seed, **options)
    return bot

