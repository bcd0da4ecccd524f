"""The batch simulator of the per-trick plans: random legal play of many rounds of a game built
from a Table at once (numpy + numba), beside the kernel of :mod:`chaitea.analysis.batch` for a
setup's contracts, whose deals and drivers it shares.

Every round of a batch has a deal (who holds each card), a forehand (who leads the first trick)
and a contract, a spelling of the table's (``trump(H)``, ``obenabe``, ``slalom(obenabe)``...);
its cards are played at random among the legal ones under the Jass follow rule (RULES J: follow
suit or trump; no undertrumping, also for a player void in the led suit, unless the hand holds
only trumps; to a trump lead a trump must be played, no duty to overtrump, except that a player
whose only trump is the Puur may play any card), each trick is won by its strongest card (of
two identical cards, the double deck's, the later-played, D2) and the last trick adds its bonus
(5: 152 + 5 = 157 per hand).

Every rule is read from the engine, per trick: :meth:`chaitea.engine.driver.JassGame.plan` (the
strength tables by led suit and the card points, from :mod:`chaitea.core.round_tables`), the
trump in force (:meth:`~chaitea.engine.driver.JassGame.static_plans`) and the follow rule's own
``legal`` function, from which the undertrumping masks and the Puur are read by asking it
(:func:`plan_tables`). Only contracts whose trump is known at the deal in every trick (fixed or
none: the trumps, Obenabe, Undenufe, Slalom, Gustav...) are played; a contract whose trump is
set during play (Tutti) or named by the picker (3x3) is refused with a
:class:`~chaitea.core.errors.SetupError` naming it.

The kernel is compiled by numba when installed (cached on disk), plain Python otherwise (the same
results); its random choices are uniform numbers drawn beforehand from
``numpy.random.default_rng(seed)``: at each play the ``int(u * j)``-th of the ``j`` legal cards,
counted in card-id order (the order of ``JassState.legal_actions``).

>>> from chaitea.rulesets import jass_game
>>> game = jass_game("schieber")
>>> out = simulate_plans(game, ["trump(H)", "obenabe"], 1000, seed=1)
>>> out.tricks.shape, bool((out.tricks.sum(1) == 9).all())
((1000, 4), True)
>>> bool((out.side_points.sum(1) == 157).all())  # RULES J: 152 + the last trick's 5
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from chaitea.analysis import batch
from chaitea.analysis.batch import _kth_legal, _outputs, _rounds, deal_batch
from chaitea.core.errors import SetupError
from chaitea.core.tricks import last_trick_bonus
from chaitea.engine.driver import JassGame

__all__ = ["PlanTables", "PlansResult", "kernel_legal", "plan_tables", "simulate_plans"]

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I64 = npt.NDArray[np.int64]


def _legal(h: Any, led: int, tr: int, fb: Any, puur: Any, puur2: Any,
           suit_mask: Any) -> Any:  # pragma: no cover - compiled or run in tests
    """The legal cards of a follower holding ``h`` (RULES J): ``led`` the led suit, ``tr`` the
    trump in force (-1: none), ``fb`` the trumps weaker than the highest trump in the trick,
    ``puur``/``puur2`` the single trumps free to a trump lead (-1: none)."""
    if tr < 0:  # no trump: follow the led suit if able
        f = h & suit_mask[led]
        return f if f != 0 else h
    tps = h & suit_mask[tr]
    if led == tr:  # a trump lead: a trump, unless the only one is the Puur; no overtrumping duty
        if tps != 0 and tps != puur and tps != puur2:
            return tps
        return h
    f = h & suit_mask[led]
    m = f | tps if f != 0 else h
    if tps != 0 and tps != h:  # no undertrumping, void or not; a hand of only trumps is free
        m &= ~fb
    return m


def _play_plans(owner: Any, forehand: Any, contract: Any, u: Any, strength: Any, points: Any,
               trump: Any, weaker: Any, puur: Any, puur2: Any, suit_mask: Any, suit: Any,
               bonus: Any, side_of: Any, n_tricks: int, keep: int, tricks: Any, side_points: Any,
               last: Any, plays: Any, options: Any) -> None:  # pragma: no cover - compiled
    """Random legal play of every round (RULES J), a bit mask per seat (decks of up to 62)."""
    n_deals, n_cards = owner.shape
    n = tricks.shape[1]
    hands = np.zeros(n, np.int64)
    trick = np.empty(n, np.int16)
    one = np.int64(1)
    for d in range(n_deals):
        for s in range(n):
            hands[s] = 0
        for c in range(n_cards):
            o = owner[d, c]
            if o >= 0:
                hands[o] |= one << c
        k = contract[d]
        leader = forehand[d]
        step = 0
        for t in range(n_tricks):
            tr = trump[k, t]
            led = -1
            fb = np.int64(0)  # the trumps no follower may play now (no undertrumping)
            for p in range(n):
                seat = (leader + p) % n
                m = hands[seat]
                if p > 0:  # the follow rule (RULES J); the leader leads any card
                    m = _legal(m, led, tr, fb, puur[k, t], puur2[k, t], suit_mask)
                card, low, j = _kth_legal(m, u[d, step])
                if d < keep:
                    plays[d, step] = card
                    options[d, step] = j
                step += 1
                hands[seat] ^= low
                trick[p] = card
                if p == 0:
                    led = suit[card]
                elif tr >= 0 and led != tr and suit[card] == tr:
                    fb |= weaker[k, t, card]
            best = -1
            pos = 0
            won = 0
            for p in range(n):
                st = strength[k, t, led, trick[p]]
                if st >= best:  # of equal strengths the later-played card wins (D2)
                    best = st
                    pos = p
                won += points[k, t, trick[p]]
            winner = (leader + pos) % n
            if t == n_tricks - 1:
                won += bonus[k]
            side_points[d, side_of[winner]] += won
            tricks[d, winner] += 1
            leader = winner
        last[d] = leader


_kernel: Any = _play_plans
if batch.HAVE_NUMBA:  # numba compiles the kernel when installed (the [explore] extra)
    import numba

    _legal = numba.njit(cache=True, inline="always")(_legal)
    _kernel = numba.njit(cache=True, nogil=True)(_play_plans)


@dataclass(frozen=True)
class PlanTables:
    """The numeric rules of a batch of rounds from the per-trick plans, per contract ``k`` and
    trick ``t``: ``strength[k, t, led, card]`` (led suit 0..3), ``points[k, t, card]``,
    ``trump[k, t]`` (-1: none), ``weaker[k, t, card]`` (the trumps a follower may not play once
    ``card`` is the highest trump in the trick), ``puur[k, t]`` and ``puur2[k, t]`` (the hands
    of one trump that are free to a trump lead; -1: none) and ``bonus[k]`` (the last
    trick's)."""

    spellings: tuple[str, ...]
    strength: I16
    points: I16
    trump: I8
    weaker: I64
    puur: I64
    puur2: I64
    suit_mask: I64
    suit: I8
    bonus: I16
    side_of: I8
    n_tricks: int


def _follow_masks(legal: Any, deck_size: int, suit_mask: Sequence[int], tr: int
                  ) -> tuple[list[int], int, int]:
    """The undertrumping masks and the free single trumps of the follow rule bound to trump
    ``tr``, read by asking its ``legal`` function (RULES J): a follower holding every other card
    facing a trick of an off-trump lead and trump ``c`` may not play ``weaker[c]``; a hand of
    one trump ``p`` and one other card may play the other card to a trump lead when ``p`` is
    the Puur."""
    weaker = [0] * deck_size
    if tr < 0:
        return weaker, -1, -1
    full = (1 << deck_size) - 1
    tm = suit_mask[tr]
    lead_suit = (tr + 1) % 4
    lead = (suit_mask[lead_suit] & -suit_mask[lead_suit]).bit_length() - 1
    trumps = [c for c in range(deck_size) if tm >> c & 1]
    for c in trumps:
        hand = full & ~(1 << lead | 1 << c)
        weaker[c] = hand & tm & ~legal(hand, lead_suit, [lead, c])
    free = []
    for p in trumps:
        other = next(x for x in trumps if x != p)
        hand = 1 << p | 1 << lead
        if legal(hand, tr, [other]) >> lead & 1:
            free.append(1 << p)
    if len(free) > 2:  # pragma: no cover - the engine's rule has at most two Puurs
        raise SetupError("the Jass follow rule frees more than two single trumps (RULES J)")
    free += [-1] * (2 - len(free))
    return weaker, free[0], free[1]


def kernel_legal(tables: PlanTables, k: int, t: int, hand: int, led: int,
                 trick: Sequence[int]) -> int:
    """The kernel's legal mask (its follow rule, RULES J) for a seat holding ``hand`` in trick
    ``t`` of contract ``k``: ``led`` the led suit (-1: the seat leads), ``trick`` the card ids
    already played, for tests against the engine's ``legal`` function.

    >>> from chaitea.core.cards import JASS
    >>> from chaitea.rulesets import jass_game
    >>> tab = plan_tables(jass_game("schieber"), ["trump(D)"])
    >>> hand = JASS.mask_of(["AD", "9D", "6D", "10S"])  # no undertrumping, void in Acorns
    >>> trick = [JASS.index_of(c) for c in ("6C", "JD", "10D")]
    >>> [str(c) for c in JASS.cards_of(kernel_legal(tab, 0, 0, hand, 0, trick))]
    ['10S']
    """
    if led < 0:
        return hand
    tr = int(tables.trump[k, t])
    fb = 0
    for c in trick[1:]:  # the kernel's forbidden trumps: those weaker than a trump played
        if tr >= 0 and led != tr and tables.suit[c] == tr:
            fb |= int(tables.weaker[k, t, c])
    return int(_legal(np.int64(hand), led, tr, np.int64(fb), tables.puur[k, t],
                      tables.puur2[k, t], tables.suit_mask))


def plan_tables(game: JassGame, contracts: Sequence[str]) -> PlanTables:
    """The kernel's tables for the contract spellings ``contracts`` of ``game``, read from
    the engine's per-trick plans (:meth:`JassGame.static_plans`); a contract whose trump is set
    during play or chosen by the picker is refused.

    >>> from chaitea.rulesets import jass_game
    >>> t = plan_tables(jass_game("schieber"), ["trump(H)", "obenabe"])
    >>> int(t.points[0, 0].sum()), int(t.bonus[0]), t.trump[:, 0].tolist()
    (152, 5, [2, -1])
    >>> plan_tables(jass_game("coiffeur"), ["tutti"])
    Traceback (most recent call last):
    ...
    chaitea.core.errors.SetupError: the batch engine cannot play tutti: its trump is set ...
    """
    deck = game.deck
    size, n_t, k_n = deck.size, game.n_tricks, len(contracts)
    if size > 62:  # pragma: no cover - the Jass decks have 36 and 48 cards
        raise SetupError(f"the batch kernel plays decks of up to 62 cards, not {size}")
    suit_mask = [int(m) for m in deck.suit_masks]
    strength = np.zeros((k_n, n_t, 4, size), np.int16)
    points = np.zeros((k_n, n_t, size), np.int16)
    trump = np.full((k_n, n_t), -1, np.int8)
    weaker = np.zeros((k_n, n_t, size), np.int64)
    puur = np.full((k_n, n_t), -1, np.int64)
    puur2 = np.full((k_n, n_t), -1, np.int64)
    bonus = np.zeros(k_n, np.int16)
    for k, spelling in enumerate(contracts):
        plans = game.static_plans(spelling)
        if plans is None:
            raise SetupError(f"the batch engine cannot play {spelling}: its trump is set during "
                             "play or named by the picker (RULES J); play it with "
                             "engine=\"state\"")
        for t, (legal, tables, values, tr) in enumerate(plans):
            strength[k, t] = np.asarray(tables[:4], np.int16)
            points[k, t] = np.asarray(values, np.int16)
            trump[k, t] = tr
            w, p1, p2 = _follow_masks(legal, size, suit_mask, tr)
            weaker[k, t] = np.asarray(w, np.int64)
            puur[k, t], puur2[k, t] = p1, p2
        bonus[k] = last_trick_bonus(game.trick_rules(spelling)[-1])
    return PlanTables(tuple(contracts), strength, points, trump, weaker, puur, puur2,
                      np.asarray(suit_mask, np.int64), np.asarray(deck.suit_of, np.int8), bonus,
                      np.asarray(game.side_of, np.int8), n_t)


@dataclass(frozen=True)
class PlansResult:
    """The outcome of a batch: per round its ``owner`` per card (the deal), ``forehand`` and
    ``contract`` (an index into ``spellings``), the ``tricks`` won per seat, ``side_points``
    (card points per side with the last trick's bonus), the ``last`` trick's winner, and for
    the first ``keep`` rounds the cards in play order (``plays``) and how many legal cards each
    play chose from (``options``)."""

    owner: I8
    forehand: I8
    contract: I16
    spellings: tuple[str, ...]
    tricks: I8
    side_points: I16
    last: I8
    plays: I16
    options: I8


def simulate_plans(game: JassGame, contracts: Sequence[str], n_deals: int, *, seed: int = 0,
                   contract: npt.ArrayLike | None = None, forehand: npt.ArrayLike | None = None,
                   deals: I8 | None = None, keep: int = 0, tables: PlanTables | None = None,
                   uniforms: npt.NDArray[np.float64] | None = None) -> PlansResult:
    """Play ``n_deals`` random rounds of ``game`` at once under the contract spellings
    ``contracts``.

    ``contract``: each round's index into ``contracts`` (default: uniform at random);
    ``forehand``: each round's first leader (default: uniform at random); ``deals``: the owner
    of each card per round (default: random, :func:`~chaitea.analysis.batch.deal_batch`;
    :func:`~chaitea.analysis.batch.deals_from_seeds` gives the driver's seeded deals);
    ``uniforms``: the random choices, one number in [0, 1) per play (default: drawn).
    Everything random comes from ``numpy.random.default_rng(seed)``.
    """
    cs = tuple(contracts)
    t = tables if tables is not None else plan_tables(game, cs)
    rng = np.random.default_rng(seed)
    owner = deal_batch(game, n_deals, rng)[0] if deals is None else np.asarray(deals, np.int8)
    ci, fh = _rounds(rng, n_deals, len(cs), game.players, contract, forehand)
    per_round = game.players * t.n_tricks
    u = rng.random((n_deals, per_round)) if uniforms is None else np.asarray(uniforms, np.float64)
    if u.shape != (n_deals, per_round):
        raise SetupError(f"uniforms: one number per play, shape ({n_deals}, {per_round})")
    tricks, side_points, last, plays, options = _outputs(n_deals, game.players, t.side_of,
                                                         keep, per_round)
    _kernel(owner, fh, ci, u, t.strength, t.points, t.trump, t.weaker, t.puur, t.puur2,
            t.suit_mask, t.suit, t.bonus, t.side_of, t.n_tricks, keep, tricks, side_points,
            last, plays, options)
    return PlansResult(owner, fh, ci, cs, tricks, side_points, last, plays[:keep],
                       options[:keep])
