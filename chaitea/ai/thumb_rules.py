"""The Jass rule bot's rules of thumb (RULES J; split from :mod:`chaitea.ai.table_bots`): card
play (:func:`jass_card`, and :func:`playout`, a round played to its end by it at
every seat) and picking by hand strength (:func:`hand_strength`, :func:`mean_strength`,
:func:`pick_scores`, :func:`jass_pick`). Only a seat's own cards and the cards out are read.

>>> from chaitea.core.cards import JASS
>>> from chaitea.ai.play_masks import JassRound, camps
>>> from chaitea.rulesets import jass_game
>>> g = jass_game("schieber")
>>> hands = [JASS.mask_of(h.split()) for h in ("AH 6C", "KH 7C", "QH 8C", "JH 9C")]
>>> r = JassRound.start(g, "obenabe", (), 0, [0] * 4, 0)
>>> r.trick_no = 7; r.hands = hands; r._setup()
>>> playout(r, camps(g, 0))
>>> r.done
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chaitea.ai.play_masks import JassRound, _bits, deck_info, lowest_wins
from chaitea.core.cards import Suit
from chaitea.core.tricks import TrumpSetting, winning
from chaitea.engine.pick_items import (
    NOWEIS_ITEM,
    PASS_ITEM,
    PUSH_ITEM,
    Choose,
    Declare,
    Double,
    NameTrump,
    PickItem,
    chosen,
    legal_items,
)

if TYPE_CHECKING:
    from chaitea.engine.driver import JassGame, JassState

__all__ = [
    "DOUBLE_MARGIN",
    "PASS_MARGIN",
    "PUSH_MARGIN",
    "hand_strength",
    "jass_card",
    "jass_pick",
    "mean_strength",
    "pick_scores",
    "playout",
]

# -- card play by rules of thumb ------------------------------------------------------------------
def jass_card(r: JassRound, seat: int, unseen: int, camp_of: Sequence[int], sign: int = 1) -> int:
    """The rule bot's card for ``seat`` (to play in ``r``): ``unseen`` the cards still out that
    it does not hold. Trump: draw trumps with the boss trump (the Puur), keep the Näll; no
    trump: cash the boss cards (Obenabe aces, Undenufe sixes); partner winning safely: give it
    points (schmieren); otherwise win cheaply when it pays, else a cheap discard. With
    ``sign`` -1 (Misère) it plays to take as few points as possible."""
    legal = r.legal()
    cards = _bits(legal)
    if len(cards) == 1:
        return cards[0]
    values = r.values
    trump = r.trump
    trick = r.trick
    n = r.n
    mine = camp_of[seat]
    hand = r.hands[seat]
    suit_of = r.info.suit_of

    def is_trump(c: int) -> bool:
        return suit_of[c] == trump

    if not trick:
        return _lead(r, seat, cards, unseen, camp_of, sign)
    table = r.tables[r.led]
    wpos, best = winning(table, trick)
    winner = (r.leader + wpos) % n
    to_play = n - 1 - len(trick)
    stronger_out = any(table[u] > best for u in _bits(unseen)) if to_play else False
    winners = [c for c in cards if table[c] > best]
    losers = [c for c in cards if table[c] <= best]
    trick_pts = sum(values[c] for c in trick)
    ours = camp_of[winner] == mine
    if sign < 0:  # Misère: the camp wants as few points as it can
        if losers:
            if ours:
                return min(losers, key=lambda c: (values[c], -table[c]))
            return max(losers, key=lambda c: (values[c], table[c]))
        return min(winners, key=lambda c: (values[c], table[c]))
    if ours and (not stronger_out or to_play == 0):  # schmieren: points on the partner's trick
        plain = [c for c in cards if not is_trump(c)] or cards
        if plain is cards and trump >= 0:
            return min(cards, key=lambda c: (values[c], table[c]))
        return max(plain, key=lambda c: (values[c], -_keep(c, hand, unseen, r)))
    if winners and not ours:
        if to_play == 0:
            w = min(winners, key=lambda c: (is_trump(c), table[c]))
            if trick_pts + values[w] > 0 and (not is_trump(w) or trick_pts >= 10
                                             or values[w] >= 10):
                return w
        else:
            sure = [c for c in winners if not any(table[u] > table[c] for u in _bits(unseen))]
            if sure:
                w = min(sure, key=lambda c: (is_trump(c), table[c]))
                if not is_trump(w) or trick_pts >= 10:
                    return w
            if trick_pts >= 10:
                return max(winners, key=lambda c: (not is_trump(c), table[c]))
    pool = losers or cards
    return min(pool, key=lambda c: (is_trump(c), values[c], _keep(c, hand, unseen, r), table[c]))


def _keep(c: int, hand: int, unseen: int, r: JassRound) -> int:
    """How much a card is worth keeping: a boss of its suit (nobody out holds a stronger one)
    counts 2, a card worth 10 or more with another card of its suit beside it 1, else 0."""
    s = r.info.suit_of[c]
    table = r.tables[s]
    if not any(table[u] > table[c] for u in _bits(unseen & r.info.suits[s])):
        return 2
    return 1 if (hand & r.info.suits[s]).bit_count() >= 2 and r.values[c] >= 10 else 0


def _lead(r: JassRound, seat: int, cards: list[int], unseen: int, camp_of: Sequence[int],
          sign: int) -> int:
    values = r.values
    trump = r.trump
    hand = r.hands[seat]
    suit_of, suits = r.info.suit_of, r.info.suits

    def strength(c: int) -> int:
        return int(r.tables[suit_of[c]][c])

    def above(c: int) -> int:
        s = suit_of[c]
        return sum(1 for u in _bits(unseen & suits[s]) if r.tables[s][u] > r.tables[s][c])

    def boss(c: int) -> bool:
        return above(c) == 0

    def length(c: int) -> int:
        return (hand & suits[suit_of[c]]).bit_count()

    if sign < 0:  # Misère: the card least likely to win, fewest points
        return min(cards, key=lambda c: (boss(c), -above(c), values[c]))
    declaring = r.declarer is None or camp_of[seat] == camp_of[r.declarer]
    if trump >= 0:
        mine_t = [c for c in cards if suit_of[c] == trump]
        out_t = unseen & suits[trump]
        if mine_t and out_t and declaring:
            top = max(mine_t, key=strength)
            if boss(top):  # draw trumps with the boss (the Puur), keep the Näll when not boss
                return top
            if len(mine_t) >= 3 and info_jacks(r, trump) & unseen == 0:
                return min(mine_t, key=lambda c: (values[c], strength(c)))
        bosses = [c for c in cards if suit_of[c] != trump and boss(c)]
        if bosses and (not out_t or declaring or len(mine_t) == 0):
            return max(bosses, key=lambda c: (values[c], strength(c)))
        plain = [c for c in cards if suit_of[c] != trump] or cards
        return min(plain, key=lambda c: (values[c] >= 10, boss(c), -length(c), values[c],
                                         strength(c)))
    bosses = [c for c in cards if boss(c)]
    if bosses:  # Obenabe: cash the aces; Undenufe: the sixes
        return max(bosses, key=lambda c: (values[c], -length(c)))
    # no boss: lead toward the longest suit, a low card (keep the 10s guarded)
    return min(cards, key=lambda c: (values[c] >= 10, -length(c), values[c], strength(c)))


def info_jacks(r: JassRound, suit: int) -> int:
    """The mask of the Js (the Puur in trump) of ``suit`` in ``r``'s deck."""
    return r.info.jacks[suit]


# -- picking by hand strength ----------------------------------------------------------------------
def _game_key(game: JassGame) -> tuple[Any, ...]:
    return (game.name, game.players, tuple(sorted(game.options.items(), key=lambda kv: kv[0])))


_PLANS: dict[tuple[Any, ...], tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _strength_plan(game: JassGame, contract: str,
                   trumps: Sequence[int]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per sampled trick order (first, middle, last trick: Slalom and Gustav change it): the
    trump in force and, per card, the mask of the cards of its suit that beat it."""
    key = (_game_key(game), contract, tuple(trumps))
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
    rules = game.trick_rules(contract)
    n_t = game.n_tricks
    it = iter(trumps)
    chosen = [next(it, 0) if rule.trump_setting is TrumpSetting.CHOSEN else -1 for rule in rules]
    info = deck_info(game.deck)
    out = []
    for k in sorted({0, n_t // 2, n_t - 1}):
        rule = rules[k]
        t = rule.trump if rule.trump_setting is TrumpSetting.FIXED else chosen[k]
        _legal, tables, _values = game.plan(contract, k, t)
        above = []
        for c in range(info.size):
            s = info.suit_of[c]
            table = tables[s]
            above.append(sum(1 << u for u in _bits(info.suits[s]) if table[u] > table[c]))
        out.append((t, tuple(above)))
    plan = _PLANS[key] = tuple(out)
    return plan


def hand_strength(game: JassGame, contract: str, hand: int, trumps: Sequence[int] = ()) -> float:
    """A quick estimate of the card points a hand takes when it picks ``contract``: each card's
    chance of a trick from how many stronger cards of its suit are out (per trick order, for
    Slalom and Gustav), plain cards cut where trumps are out, trump length and the Puur
    counted, times the points of an average trick.

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("schieber")
    >>> from chaitea.core.cards import JASS
    >>> strong = JASS.mask_of("JH 9H AH KH 10H AC AS 6D 7D".split())
    >>> hand_strength(g, "trump(H)", strong) > hand_strength(g, "trump(C)", strong)
    True
    """
    n_t = game.n_tricks
    per = 157 / n_t
    plan = _strength_plan(game, contract, trumps)
    info = deck_info(game.deck)
    won = 0.0
    mine = _bits(hand)
    out = ~hand
    for t, above in plan:
        n_trumps = (hand & info.suits[t]).bit_count() if t >= 0 else 0
        cut = 1.0 if t < 0 else (0.85 if n_trumps >= 4 else 0.55)
        for c in mine:
            stronger = (above[c] & out).bit_count()
            if info.suit_of[c] == t:
                won += 0.8 ** stronger
            else:
                won += (0.4 ** stronger) * cut
        if t >= 0:
            won += max(0, n_trumps - 3) * 0.6
            if hand & info.jacks[t] and n_trumps >= 3:
                won += 0.4
    return min(won / len(plan), n_t) * per


_MEANS: dict[tuple[Any, ...], float] = {}


def mean_strength(game: JassGame, contract: str) -> float:
    """The mean :func:`hand_strength` of ``contract`` over 60 random hands (a fixed seed): the
    baseline a hand must beat to be worth this contract (cached per ruleset and options)."""
    key = (_game_key(game), contract)
    m = _MEANS.get(key)
    if m is not None:
        return m
    rng = random.Random(4242)
    ids = list(range(game.deck.size))
    total = 0.0
    for _ in range(60):
        rng.shuffle(ids)
        hand = sum(1 << i for i in ids[:game.n_tricks])
        total += hand_strength(game, contract, hand, (0, 1, 2))
    m = _MEANS[key] = total / 60
    return m


def pick_scores(state: JassState, seat: int) -> dict[str, float]:
    """For each contract the seat may write now, how many points its hand beats that
    contract's average hand by (Misère: how far below), weighted by the row's value in a pad
    game; only the seat's own cards and the public rules are read."""

    game = state.game
    obs = state.observation(seat)
    hand = game.deck.mask_of(obs["hand"])
    score = game.table.score
    weight = {c: v ** 0.5 for c, v in (score.contract_weights() or {}).items()}
    out: dict[str, float] = {}
    legal = obs.get("legal", [])
    for sp, item in zip(legal, legal_items(obs["picking"], legal), strict=True):
        if type(item) is not Choose:  # push, pass, a declaration, a 3x3 trump named
            continue
        est = hand_strength(game, sp, hand, _best_trumps(game, hand))
        mean = mean_strength(game, sp)
        m = (mean - est) if lowest_wins(game, sp) else (est - mean)
        if item.joker:
            m -= 6.0
        out[sp] = m * weight.get(item.contract, 1.0)
    return out


def _chosen_pending(obs: dict[str, Any]) -> bool:
    """Whether the round's picker is still to name 3x3's trumps (its contract names them)."""
    c = chosen(obs["picking"])
    return c is not None and c.names_trumps


def _best_trumps(game: JassGame, hand: int) -> tuple[int, ...]:
    """The three suits a 3x3 picker would name: its longest, strongest suits first."""
    info = deck_info(game.deck)

    def key(s: int) -> tuple[int, int]:
        m = hand & info.suits[s]
        return (m.bit_count() + 2 * bool(m & info.jacks[s]) + bool(m & info.nines[s]), -s)
    return tuple(sorted(range(4), key=key, reverse=True)[:3])


PUSH_MARGIN = 8.0  # Schieber: the forehand pushes when no contract beats its mean by this
PASS_MARGIN = 6.0  # Coiffeur: a seat passes when no open row beats its mean by this


def jass_pick(state: JassState) -> int:
    """The rule bot's picking action: the contract whose margin (:func:`pick_scores`) is
    largest; Schieber's forehand pushes to the partner when no margin reaches
    :data:`PUSH_MARGIN`, a Coiffeur seat passes below :data:`PASS_MARGIN` when it may; a forced
    pick takes the best; a 3x3 picker names its longest, strongest suits."""
    game: JassGame = state.game
    seat = state.current_player()
    obs = state.observation(seat)
    legal = obs["legal"]
    items = legal_items(obs["picking"], legal)
    ids = game.action_ids
    if all(type(i) is Declare for i in items):  # Weis by hand: the best Weis held
        best_weis = next((i for i in items if i != NOWEIS_ITEM), items[0])
        return ids[str(best_weis)]
    if _chosen_pending(obs):
        hand = game.deck.mask_of(obs["hand"])
        for s in _best_trumps(game, hand) + (0, 1, 2, 3):
            named = NameTrump(Suit(s))
            if named in items:
                return ids[str(named)]
    if Double() in items:  # Sidi Barrani: the opponents' double or pass
        return ids[str(double_or_pass(game, obs))]
    scores = pick_scores(state, seat)
    if not scores:
        return ids[legal[0]]
    best = max(scores, key=lambda sp: (scores[sp], -legal.index(sp)))
    if PUSH_ITEM in items and scores[best] < PUSH_MARGIN:
        return ids[str(PUSH_ITEM)]
    if PASS_ITEM in items and scores[best] < PASS_MARGIN:
        return ids[str(PASS_ITEM)]
    return ids[best]



DOUBLE_MARGIN = 20.0  # Sidi Barrani: an opponent doubles when its hand beats the mean by this


def double_or_pass(game: JassGame, obs: dict[str, Any]) -> PickItem:
    """Sidi Barrani's opponent (the text: it doubles when it thinks its team makes more points
    than the chooser's): ``double`` when its hand's estimate for the contract chosen beats that
    contract's mean by :data:`DOUBLE_MARGIN` (Misère: falls below it, the points being
    swapped), else ``pass``.

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("sidi-barrani")
    >>> strong = "JH 9H AH KH 10H AC AS AD KD".split()
    >>> str(double_or_pass(g, {"picking": ["trump(H)"], "hand": strong}))
    'double'
    >>> str(double_or_pass(g, {"picking": ["misere(trump(H))"], "hand": strong}))
    'pass'
    """
    c = chosen(obs["picking"])
    assert c is not None, "a contract is chosen before the double"
    hand = game.deck.mask_of(obs["hand"])
    est = hand_strength(game, c.contract, hand)
    mean = mean_strength(game, c.contract)
    margin = (mean - est) if lowest_wins(game, c.contract) else (est - mean)
    return Double() if margin >= DOUBLE_MARGIN else PASS_ITEM


def playout(r: JassRound, camp_of: Sequence[int], sign: int = 1) -> None:
    """Play ``r`` to its end with the rule bot at every seat (each seeing only its own hand and
    the cards out)."""
    while not r.done:
        out = 0
        for h in r.hands:
            out |= h
        me = r.turn
        r.play(jass_card(r, me, out & ~r.hands[me], camp_of, sign))
