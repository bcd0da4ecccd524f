"""A batch simulator: random legal play of many rounds at once (numpy + numba), here those of a
setup's contracts (Chai Tea Jazz), and the deals and drivers it shares with the kernel of a
Table's per-trick plans (:mod:`chaitea.analysis.batch_plans`).

Every round of a batch has a deal (who holds each card, and for two players the straw-pile and
the set-aside cards), a declarer and a contract; its cards are played at random among the legal
ones (RULES F: follow suit, may trump, a trump lead binds trumps, Jokers always, D6; two players:
hand and face-up straw cards, covers turned up after the trick, D7), each trick is won by its
strongest card (RULES R, the later of two equal cards, D2, D6), and the last trick's bonus and the
two-player set-aside cards (D9) are counted. Every rule is read from
:func:`chaitea.analysis.rules.batch_tables`; this module only moves numbers.

The kernel is compiled with numba when it is installed (``pip install chaitea[explore]``; the
compiled code is cached on disk) and runs as plain Python otherwise (same results, far slower).
Random choices come from uniform numbers drawn beforehand with numpy's ``Generator``, so a batch
is a function of its seed whichever way the kernel runs.

>>> from chaitea.analysis.rules import make_game
>>> game = make_game(3, "long")
>>> out = simulate(game, ["trump(H)", "under"], 1000, seed=1)
>>> out.tricks.shape, int(out.tricks[0].sum()), bool((out.card_points <= 100).all())
((1000, 3), 12, True)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from chaitea.analysis.rules import BatchTables, batch_tables
from chaitea.core.contracts import Contract
from chaitea.core.deals import shuffled_indices
from chaitea.engine.game import Game

__all__ = ["HAVE_NUMBA", "BatchResult", "deal_batch", "deals_from_seeds", "simulate"]

HAND, STRAW_UP, STRAW_DOWN, ASIDE, GONE = 0, 1, 2, 3, 4

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]


def _play_batch(owner0: Any, loc0: Any, cover: Any, declarer: Any, contract: Any, u: Any,
                strength: Any, trump: Any, suit: Any, rank: Any, points: Any, side_of: Any,
                n_tricks: int, bonus: int, keep: int, tricks: Any, side_points: Any,
                last: Any, plays: Any, options: Any) -> None:  # pragma: no cover
    n_deals, n_cards = owner0.shape
    n = tricks.shape[1]
    held = np.empty((n, n_cards), np.int16)  # per seat: its playable cards (hand, face-up straw)
    count = np.zeros(n, np.int16)
    cand = np.empty(n_cards, np.int16)
    where = np.empty(n_cards, np.int16)  # index of a card in its seat's list
    trick = np.empty(n, np.int16)
    reveal = np.empty(n, np.int16)
    rev_seat = np.empty(n, np.int16)
    for d in range(n_deals):
        a = -1
        b = -1
        for s in range(n):
            count[s] = 0
        for c in range(n_cards):
            o = owner0[d, c]
            lc = loc0[d, c]
            if lc == ASIDE:
                if a < 0:
                    a = c
                else:
                    b = c
            elif lc <= STRAW_UP:
                where[c] = count[o]
                held[o, count[o]] = c
                count[o] += 1
        k = contract[d]
        tr = trump[k]
        leader = declarer[d]
        step = 0
        for t in range(n_tricks):
            led = -1
            n_rev = 0
            for p in range(n):
                seat = (leader + p) % n
                m = count[seat]
                # the legal cards (RULES F): follow the led suit if able, or trump, or a Joker
                j = 0
                if led >= 0:
                    for i in range(m):
                        c = held[seat, i]
                        if suit[c] == led:
                            cand[j] = c
                            j += 1
                if j > 0:
                    for i in range(m):
                        c = held[seat, i]
                        s = suit[c]
                        if s < 0 or (s == tr and tr != led):
                            cand[j] = c
                            j += 1
                    pick = int(u[d, step] * j)
                    if pick >= j:
                        pick = j - 1
                    card = cand[pick]
                else:
                    pick = int(u[d, step] * m)
                    if pick >= m:
                        pick = m - 1
                    card = held[seat, pick]
                if d < keep:
                    plays[d, step] = card
                    options[d, step] = j if j > 0 else m
                step += 1
                # take the card out of the seat's list (swap with the last)
                i = where[card]
                lastc = held[seat, m - 1]
                held[seat, i] = lastc
                where[lastc] = i
                count[seat] = m - 1
                if cover[d, card] >= 0:  # a face-up straw card: its cover turns up (D7)
                    reveal[n_rev] = cover[d, card]
                    rev_seat[n_rev] = seat
                    n_rev += 1
                trick[p] = card
                if led < 0:
                    led = suit[card]  # a Joker lead leaves it unset (D6)
            li = led if led >= 0 else 4
            best = -1
            pos = 0
            won = 0
            for p in range(n):
                st = strength[k, t, li, trick[p]]
                if st >= best:  # ties: the later-played card wins (D2, D6)
                    best = st
                    pos = p
                won += points[k, trick[p]]
            winner = (leader + pos) % n
            side_points[d, side_of[winner]] += won
            tricks[d, winner] += 1
            for i in range(n_rev):  # after the trick (D7)
                c = reveal[i]
                s = rev_seat[i]
                where[c] = count[s]
                held[s, count[s]] = c
                count[s] += 1
            leader = winner
        last[d] = leader
        # D9: two players, the last trick's winner takes the higher-ranked set-aside card
        if b >= 0:
            if rank[a] >= rank[b]:
                hi, lo = a, b
            else:
                hi, lo = b, a
            side_points[d, side_of[leader]] += points[k, hi]
            side_points[d, side_of[(leader + 1) % n]] += points[k, lo]


def _popcount(x: int) -> int:  # pragma: no cover - compiled or run in tests
    """Set bits of a mask below 2**62 (no overflow in int64)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


def _kth_legal(m: Any, x: float) -> tuple[int, Any, int]:  # pragma: no cover - compiled
    """The legal card that the uniform number ``x`` in [0, 1) picks from the mask ``m``: the
    k-th set bit in deck order, k = floor(x * j); returns the card, its bit and j, the number
    of legal cards (shared by the batch kernels here and in :mod:`chaitea.analysis.batch_plans`)."""
    j = _popcount(m)
    pick = int(x * j)
    if pick >= j:
        pick = j - 1
    for _i in range(pick):
        m &= m - 1
    low = m & -m
    return _popcount(low - 1), low, j


def _play_masks(owner0: Any, loc0: Any, cover: Any, declarer: Any, contract: Any, u: Any,
                strength: Any, trump: Any, suit: Any, rank: Any, points: Any, side_of: Any,
                n_tricks: int, bonus: int, keep: int, tricks: Any, side_points: Any,
                last: Any, plays: Any, options: Any) -> None:  # pragma: no cover
    """:func:`_play_batch` for decks of up to 62 cards, with a bit mask per seat (the same rules;
    the k-th legal card is counted in deck order)."""
    n_deals, n_cards = owner0.shape
    n = tricks.shape[1]
    hands = np.zeros(n, np.int64)
    suit_mask = np.zeros(4, np.int64)
    jokers = 0
    for c in range(n_cards):
        if suit[c] < 0:
            jokers |= 1 << c
        else:
            suit_mask[suit[c]] |= 1 << c
    extra = np.zeros(4, np.int64)
    trick = np.empty(n, np.int16)
    reveal = np.empty(n, np.int16)
    rev_seat = np.empty(n, np.int16)
    for d in range(n_deals):
        a = -1
        b = -1
        for s in range(n):
            hands[s] = 0
        for c in range(n_cards):
            lc = loc0[d, c]
            if lc == ASIDE:
                if a < 0:
                    a = c
                else:
                    b = c
            elif lc <= STRAW_UP:
                hands[owner0[d, c]] |= 1 << c
        k = contract[d]
        tr = trump[k]
        for s in range(4):  # may trump (RULES F) and play a Joker (D6) instead of following
            extra[s] = jokers
            if tr >= 0 and s != tr:
                extra[s] |= suit_mask[tr]
        leader = declarer[d]
        step = 0
        for t in range(n_tricks):
            led = -1
            n_rev = 0
            for p in range(n):
                seat = (leader + p) % n
                m = hands[seat]
                if led >= 0:
                    f = m & suit_mask[led]
                    if f != 0:
                        m = f | (m & extra[led])
                card, low, j = _kth_legal(m, u[d, step])
                if d < keep:
                    plays[d, step] = card
                    options[d, step] = j
                step += 1
                hands[seat] ^= low
                if cover[d, card] >= 0:  # a face-up straw card: its cover turns up (D7)
                    reveal[n_rev] = cover[d, card]
                    rev_seat[n_rev] = seat
                    n_rev += 1
                trick[p] = card
                if led < 0:
                    led = suit[card]  # a Joker lead leaves it unset (D6)
            li = led if led >= 0 else 4
            best = -1
            pos = 0
            won = 0
            for p in range(n):
                st = strength[k, t, li, trick[p]]
                if st >= best:  # ties: the later-played card wins (D2, D6)
                    best = st
                    pos = p
                won += points[k, trick[p]]
            winner = (leader + pos) % n
            side_points[d, side_of[winner]] += won
            tricks[d, winner] += 1
            for i in range(n_rev):  # after the trick (D7)
                hands[rev_seat[i]] |= 1 << int(reveal[i])
            leader = winner
        last[d] = leader
        if b >= 0:  # D9: the last trick's winner takes the higher-ranked set-aside card
            if rank[a] >= rank[b]:
                hi, lo = a, b
            else:
                hi, lo = b, a
            side_points[d, side_of[leader]] += points[k, hi]
            side_points[d, side_of[(leader + 1) % n]] += points[k, lo]


def _deal_kernel(u: Any, n: int, stacks: int, aside: int, hand: int, owner: Any, loc: Any,
                 cover: Any) -> None:  # pragma: no cover - compiled or run in tests
    n_deals, size = u.shape
    order = np.empty(size, np.int16)
    for d in range(n_deals):
        for c in range(size):
            order[c] = c
        for i in range(size - 1, 0, -1):  # Fisher-Yates from uniform numbers
            j = int(u[d, i] * (i + 1))
            if j > i:
                j = i
            x = order[i]
            order[i] = order[j]
            order[j] = x
        if stacks == 0:
            h = size // n
            for i in range(size):
                owner[d, order[i]] = i // h
            continue
        for i in range(aside):
            loc[d, order[i]] = ASIDE
        for s in range(n):
            for i in range(stacks):
                dn = order[aside + s * stacks + i]
                up = order[aside + n * stacks + s * stacks + i]
                owner[d, dn] = s
                loc[d, dn] = STRAW_DOWN
                owner[d, up] = s
                loc[d, up] = STRAW_UP
                cover[d, up] = dn
            for i in range(hand):
                owner[d, order[aside + 2 * n * stacks + s * hand + i]] = s


_kernel: Any
_mask_kernel: Any
_deal: Any
try:  # numba compiles the kernel when installed (the [explore] extra); else plain Python
    if os.environ.get("CHAITEA_NO_NUMBA"):
        raise ImportError("numba disabled by CHAITEA_NO_NUMBA")
    import numba

    _kernel = numba.njit(cache=True, nogil=True)(_play_batch)
    _popcount = numba.njit(cache=True, inline="always")(_popcount)
    _kth_legal = numba.njit(cache=True, inline="always")(_kth_legal)
    _mask_kernel = numba.njit(cache=True, nogil=True)(_play_masks)
    _deal = numba.njit(cache=True, nogil=True)(_deal_kernel)
    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - depends on the environment
    _kernel = _play_batch
    _mask_kernel = _play_masks
    _deal = _deal_kernel
    HAVE_NUMBA = False


@dataclass(frozen=True)
class BatchResult:
    """The outcome of a batch: per round ``tricks`` won per seat, ``side_points`` (card points
    per side, set-aside cards included), the ``last`` trick's winner, the declarer side's
    ``card_points`` and ``score`` (card points + last-trick bonus; no Bet Debt or offer), and
    for the first ``keep`` rounds the cards in play order (``plays``) and how many legal cards
    each play chose from (``options``)."""

    owner: I8
    loc: I8
    cover: I16
    declarer: I8
    contract: I16
    contracts: tuple[Contract, ...]
    tricks: I8
    side_points: I16
    last: I8
    card_points: I16
    score: I16
    plays: I16
    options: I8


def deals_from_seeds(game: Any, seeds: Sequence[int]) -> tuple[I8, I8, I16]:
    """The deals of ``seeds`` exactly as the engine deals them (RECORD ``deal``; a Python loop,
    for comparisons with the state API): (owner, location, cover) per card, of any game (its
    ``players``, ``deck`` and ``seating``).

    >>> from chaitea.core.cards import JASS
    >>> from chaitea.rulesets import jass_game
    >>> game = jass_game("schieber")
    >>> state = game.new_initial_state(forehand=0)
    >>> state.apply_deal(7)
    >>> owner = deals_from_seeds(game, [7])[0][0]
    >>> [str(JASS.cards[c]) for c in range(36) if owner[c] == 2] == [str(c) for c in state.hand(2)]
    True
    """
    n = game.players
    size = game.deck.size
    st = game.seating
    owner = np.full((len(seeds), size), -1, np.int8)
    loc = np.full((len(seeds), size), HAND, np.int8)
    cover = np.full((len(seeds), size), -1, np.int16)
    for d, seed in enumerate(seeds):
        order = shuffled_indices(int(seed), size)
        _place(order, n, st.straw_stacks, st.set_aside, st.hand_size, owner[d], loc[d], cover[d])
    return owner, loc, cover


def _place(order: Sequence[int], n: int, stacks: int, aside: int, hand: int, owner: I8, loc: I8,
           cover: I16) -> None:
    if not stacks:
        h = len(order) // n
        for i, c in enumerate(order):
            owner[c] = i // h
        return
    pos = aside
    for c in order[:aside]:
        loc[c] = ASIDE
    downs = [order[pos + s * stacks: pos + (s + 1) * stacks] for s in range(n)]
    pos += n * stacks
    ups = [order[pos + s * stacks: pos + (s + 1) * stacks] for s in range(n)]
    pos += n * stacks
    for s in range(n):
        for dn, up in zip(downs[s], ups[s], strict=True):
            owner[dn], loc[dn] = s, STRAW_DOWN
            owner[up], loc[up] = s, STRAW_UP
            cover[up] = dn
        for c in order[pos + s * hand: pos + (s + 1) * hand]:
            owner[c] = s


def deal_batch(game: Any, n_deals: int, rng: np.random.Generator) -> tuple[I8, I8, I16]:
    """``n_deals`` random deals at once (uniform shuffles from ``rng``, dealt in the engine's
    blocks, RULES P): (owner, location, cover) per card, of any game.

    >>> from chaitea.rulesets import jass_game
    >>> owner = deal_batch(jass_game("schieber", 6), 3, np.random.default_rng(1))[0]
    >>> owner.shape, [int(x) for x in np.bincount(owner[0])]  # 48 cards, 8 a seat
    ((3, 48), [8, 8, 8, 8, 8, 8])
    """
    size = game.deck.size
    st = game.seating
    owner = np.full((n_deals, size), -1, np.int8)
    loc = np.full((n_deals, size), HAND, np.int8)
    cover = np.full((n_deals, size), -1, np.int16)
    u = rng.random((n_deals, size), dtype=np.float32)
    _deal(u, game.players, st.straw_stacks, st.set_aside, st.hand_size, owner, loc, cover)
    return owner, loc, cover


def _rounds(rng: np.random.Generator, n_deals: int, n_contracts: int, players: int,
            contract: npt.ArrayLike | None, leader: npt.ArrayLike | None) -> tuple[I16, I8]:
    """Each round's contract index and first leader: as given, or uniform at random (drawn
    from ``rng`` in this order)."""
    ci = (rng.integers(0, n_contracts, n_deals) if contract is None
          else np.broadcast_to(np.asarray(contract), (n_deals,))).astype(np.int16)
    le = (rng.integers(0, players, n_deals) if leader is None
          else np.broadcast_to(np.asarray(leader), (n_deals,))).astype(np.int8)
    return ci, le


def _outputs(n_deals: int, players: int, side_of: I8, keep: int,
             per_round: int) -> tuple[I8, I16, I8, I16, I8]:
    """A kernel's zeroed outputs: tricks per seat, points per side, the last trick's winner,
    and the first ``keep`` rounds' plays and legal counts."""
    return (np.zeros((n_deals, players), np.int8),
            np.zeros((n_deals, int(side_of.max()) + 1), np.int16), np.zeros(n_deals, np.int8),
            np.full((max(keep, 1), per_round), -1, np.int16),
            np.zeros((max(keep, 1), per_round), np.int8))


def simulate(game: Game, contracts: Sequence[Contract | str], n_deals: int, *, seed: int = 0,
             contract: npt.ArrayLike | None = None, declarer: npt.ArrayLike | None = None,
             deals: tuple[I8, I8, I16] | None = None, keep: int = 0,
             tables: BatchTables | None = None) -> BatchResult:
    """Play ``n_deals`` random rounds of ``game`` at once.

    ``contract`` gives each round's index into ``contracts`` (default: uniform at random),
    ``declarer`` each round's declarer (default: uniform at random); ``deals`` the deals (default:
    random, see :func:`deal_batch`; :func:`deals_from_seeds` gives the engine's seeded deals).
    Everything random comes from ``numpy.random.default_rng(seed)``.
    """
    cs = tuple(c if isinstance(c, Contract) else Contract.parse(c) for c in contracts)
    t = tables if tables is not None else batch_tables(game, cs)
    rng = np.random.default_rng(seed)
    owner, loc, cover = deal_batch(game, n_deals, rng) if deals is None else deals
    ci, de = _rounds(rng, n_deals, len(cs), game.players, contract, declarer)
    plays_per_round = game.players * t.n_tricks
    u = rng.random((n_deals, plays_per_round), dtype=np.float32)
    tricks, side_points, last, plays, options = _outputs(n_deals, game.players, t.side_of,
                                                         keep, plays_per_round)
    kernel = _mask_kernel if game.deck.size <= 62 else _kernel
    kernel(owner, loc, cover, de, ci, u, t.strength, t.trump, t.suit, t.rank, t.points,
            t.side_of, t.n_tricks, t.last_trick_bonus, keep, tricks, side_points, last, plays,
            options)
    dside = t.side_of[de]
    rows = np.arange(n_deals)
    card_points = side_points[rows, dside]
    score = (card_points + np.where(t.side_of[last] == dside, t.last_trick_bonus, 0)).astype(
        np.int16)
    return BatchResult(owner, loc, cover, de, ci, cs, tricks, side_points, last,
                       card_points.astype(np.int16), score, plays[:keep], options[:keep])
