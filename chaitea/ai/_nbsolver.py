"""The solver's search compiled with numba: the same alpha-beta as
:class:`chaitea.ai.solver.Solver` on flat integer arrays.

:func:`flat_rules` turns a kernel :class:`~chaitea.ai.kernel.Rules` into arrays once (cached): the
strength tables and card values per trick, the follow rule (Chai Tea Jazz's masks, the Jass rule
with its undertrumping and Puur tables derived from the same strength tables, or plain), the
equivalent-card tables, the point bounds per byte of a card mask, and the sure winners' chains
(:func:`chaitea.ai._search_tables.sure_chains`: a bound at trick starts that only this search
uses; values are the same, node counts differ). :func:`search` is the whole
search (card plays, trick ends, the transposition table at trick starts keyed on the cards each
seat holds, the leader and the Match chance) on an explicit stack of frames, so numba caches it
on disk (a process loads it rather than compiling it; :func:`node`, the same search as
one self-recursive function, is its reference), run by :class:`chaitea.ai.solver.Solver` when
numba is installed and the round fits (at most 62 cards,
no straw-piles or set-aside cards, no Tutti: those stay on the pure-Python search). Setting
``CHAITEA_NO_NUMBA=1`` disables it (as for :mod:`chaitea.analysis.batch`); both searches give the
same values and best moves (``tests/ai/test_kernel_numba.py``).
"""

from __future__ import annotations

import gc
import importlib.util
import os
import threading
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

import chaitea.ai.compile_policy as _policy

if TYPE_CHECKING:
    from chaitea.ai.kernel import Rules

__all__ = ["HAVE_NUMBA", "FlatRules", "compiled", "compiled_node", "fits", "flat_rules", "node",
           "search", "worth"]

MAX_MOVES = 32
ORDER_LEN = 32
# The state vector S (int64): slots, then the hands (from H0), the tricks (from TR0, n per
# trick), the move and key buffers (from ``S[MB]``, ``S[KB]``, MAX_MOVES per depth), the
# transposition keys (from ``S[TKB]``, n words per trick), the killer leads (from
# ``S[ST_KILL]``, one per trick, -1: none); ``S[ST_ETC]``: the fewest tricks left (the one in
# progress counted) at which the last seat tries :func:`_etc` (:data:`ETC_MIN_LEFT`).
(ST_INPLAY, ST_PAYALL, ST_NODES, ST_PROBES, ST_HITS, ST_LIMIT, ST_ABORT, MB, KB, TKB, ST_TTROWS,
 ST_TTFILL, ST_KILL, ST_ETC, ST_PROF) = range(15)
# ``S[ST_PROF]``: where the profile's counters start (0: none), PROF_N per trick: the card-play
# nodes, the trick starts reached, those the bounds answered, the table's hits and the hits
# that answered (:func:`_prof`; ``SearchStats.by_trick``).
PROF_N = 5
H0 = 16
TR0 = 32
# The static vector R (int64): a header of scalars and offsets, then the tables.
(R_N, R_T, R_C, R_KIND, R_BONUS, R_MATCH, R_SOLO, R_NCH, O_TAB, O_PTS, O_BND, O_CMB, O_BTW,
 O_ORD, O_PCL, O_SUIT, O_SM, O_EX, O_TR, O_WK, O_PU, O_MAX, O_PAY, O_WANT, O_PU2,
 O_CK, O_CSU, O_CMAP, O_CINV, O_CID, R_CK, O_SURE, O_SLO, O_SHI, O_QB) = range(35)
R_HEAD = 35
CANON_MAX = 12  # the most cards of a suit for the canonical keys' tables (2^k rows per suit)
# CHAITEA_TT_ABSOLUTE=1: the transposition table keyed on absolute hands only (measurements).
CANON_KEYS = not os.environ.get("CHAITEA_TT_ABSOLUTE")
TT_START = 16  # the transposition table's rows in use at first (log2), doubled when
TT_GROW = 8  # more than 1/TT_GROW of them are filled (measured 4..8, 8 best)
# The last seat's enhanced transposition cutoff (:func:`_etc`) only with at least this many
# tricks left, the trick in progress counted (measured: near the end of a round its probes cost
# more time than the subtrees they cut. From the first lead, 20 deals of each game, against it
# at every trick, geometric means over the solved deals: Schieber nodes +3%, CPU -13%, Chai Tea
# Jazz nodes +3%, CPU -19%; off altogether nodes +6% and +11%, CPU about the same; 8: between).
# At least 2: the last trick has no table entry to probe. Rechecked later: Schieber from the
# first lead, 6 deals (seed 9, the 4 over 12M nodes left out), per-deal medians against 6:
# 3 tricks left nodes -3.1% CPU +9.5%, 4 nodes -2.1% CPU +10%: fewer nodes, not less time.
ETC_MIN_LEFT = 6


def _lowbit(m: int) -> int:
    i = 0
    while not (m >> i) & 1:
        i += 1
    return i


def _tt_find(base: Any, flag: int, n: int, tk: int, S: Any, TT: Any) -> Any:
    """The row of bucket ``base`` holding the key ``flag``, ``S[tk:tk + n]`` (-1: none)."""
    for slot in (base, base + 1):
        if TT[slot, n] == flag:
            for s in range(n):
                if TT[slot, s] != S[tk + s]:
                    break
            else:
                return slot
    return -1


def _prof(S: Any, tno: int, k: int) -> None:
    """Count event ``k`` (``PROF_N`` kinds, see ``ST_PROF``) of trick ``tno`` into the
    profile, if one is kept."""
    if S[ST_PROF]:
        S[S[ST_PROF] + PROF_N * tno + k] += 1


def _bitlen(x: int) -> int:
    k = 0
    while x:
        x >>= 1
        k += 1
    return k


def _tt_store(base: Any, flag: int, n: int, tk: int, S: Any, TT: Any, word: Any,
              work: int) -> None:
    """Store an entry into bucket ``base`` (two tiers): over its own key if there,
    else into the first row if it took at least that row's work (the row's entry moves to the
    second row), else into the second row (always replaced). ``word``: the bounds and best
    card; bits 40..: the work (the bit length of the nodes searched for the entry)."""
    word |= np.int64(_bitlen(work)) << 40
    slot = _tt_find(base, flag, n, tk, S, TT)
    if slot < 0:
        slot = base + 1
        if TT[base, n] == 0 or (word >> 40) >= (TT[base, n + 1] >> 40):
            slot = base
            if TT[base, n] != 0:
                if TT[base + 1, n] == 0:
                    S[ST_TTFILL] += 1
                for k in range(n + 2):
                    TT[base + 1, k] = TT[base, k]
        if TT[slot, n] == 0:
            S[ST_TTFILL] += 1
    for s in range(n):
        TT[slot, s] = S[tk + s]
    TT[slot, n] = flag
    TT[slot, n + 1] = word
    rows = S[ST_TTROWS]
    if S[ST_TTFILL] * TT_GROW > rows and 2 * rows <= TT.shape[0]:
        _tt_grow(n, S, TT)


def _tt_hash(flag: int, n: int, K: Any, k0: int) -> Any:
    """The hash of a key: its flag's leader and Match chance, and the words ``K[k0:k0 + n]``
    (the probe's key buffer or a table row)."""
    h = np.uint64(((flag - 1) & 31) + 1)
    for s in range(n):
        h = (h ^ np.uint64(K[k0 + s])) * np.uint64(0x9E3779B97F4A7C15)
    h ^= h >> np.uint64(29)
    return h


def _tt_grow(n: int, S: Any, TT: Any) -> None:
    """Double the rows in use (the table grows with the search, so a small search
    touches few pages): each entry of bucket ``b`` goes to ``b`` or ``b + rows`` of the doubled
    table, in the same place of its bucket (no two old buckets meet)."""
    rows = S[ST_TTROWS]
    for slot in range(rows):
        f = TT[slot, n]
        if f == 0:
            continue
        row = TT[slot]
        nb = np.int64(_tt_hash(f, n, row, 0) & np.uint64(2 * rows - 2))
        if nb != slot - (slot & 1):
            dst = nb + (slot & 1)
            for k in range(n + 2):
                TT[dst, k] = TT[slot, k]
                TT[slot, k] = 0
    S[ST_TTROWS] = 2 * rows


def _tt_key(ck: int, n: int, kb: int, R: Any, S: Any) -> None:
    """The transposition key of a trick start into ``S[kb:kb + n]``: each seat's hand, its
    suits' cards relabelled to their canonical sets with table set ``ck`` (-1: the absolute
    hands; :func:`_canon_tables`)."""
    for s in range(n):
        S[kb + s] = S[H0 + s]
    if ck < 0:
        return
    kw = R[R_CK]
    csu = R[O_CSU]
    inplay = S[ST_INPLAY]
    for su in range(4):
        k = R[csu + 2 * su + 1]
        if k == 0:
            continue
        lo = R[csu + 2 * su]
        full = (np.int64(1) << k) - 1
        row = ((ck * 4 + su) << kw) + ((inplay >> lo) & full)
        if R[R[O_CID] + row]:
            continue
        mb = R[O_CMAP] + row * kw
        for s in range(n):
            h = (S[H0 + s] >> lo) & full
            out = np.int64(0)
            while h:
                j = _lowbit(h)
                h &= h - 1
                out |= np.int64(1) << R[mb + j]
            S[kb + s] = (S[kb + s] & ~(full << lo)) | (out << lo)


def _tt_card(ck: int, c: int, table: int, R: Any, S: Any) -> int:
    """Card ``c`` of a trick start through the canonical relabelling ``R[table]`` (``O_CMAP``:
    to the key's card, ``O_CINV``: back to the hands' card) of table set ``ck``."""
    if ck < 0 or c < 0:
        return c
    su = R[R[O_SUIT] + c]
    if su < 0:
        return c
    kw = R[R_CK]
    lo = R[R[O_CSU] + 2 * su]
    full = (np.int64(1) << R[R[O_CSU] + 2 * su + 1]) - 1
    row = ((ck * 4 + su) << kw) + ((S[ST_INPLAY] >> lo) & full)
    out: int = lo + R[R[table] + row * kw + c - lo]
    return out


def _last_keys(R: Any, S: Any, mb: int, kb: int, nm: int, tb: int, pb: int, p: int,
               winner: int, best: int) -> None:
    """Move ordering: the sort keys of the trick's last card, whose trick winner is
    known exactly (the payees' points count, RULES scoring; ``winner``/``best``: the trick's
    winner so far and its strength). A trick the mover's side keeps anyway: the most points
    first; one the mover can take: the weakest winning card (Chai Tea Jazz: the one with the
    most points, then the weakest); one lost: the fewest points, then the weakest card."""
    o_pay = R[O_PAY]
    maxing = R[R[O_MAX] + p]
    for i in range(nm):
        c = S[mb + i]
        t = R[tb + c]
        w = p if t >= best else winner
        if R[o_pay + w] == maxing:  # the trick goes the mover's way
            if w == winner:  # already won for the mover's side: give points, weakest first
                S[kb + i] = (-R[pb + c] << 16) + t
            else:  # take it: the weakest winning card (Chai Tea Jazz: the most points first)
                S[kb + i] = (1 << 36) + t - (R[pb + c] << 16 if R[R_KIND] == 0 else 0)
        else:  # lost: the fewest points, the weakest card
            S[kb + i] = (1 << 40) + (R[pb + c] << 16) + t


def _to_front(S: Any, mb: int, nm: int, c: int) -> None:
    """Move card ``c`` (if among the ``nm`` moves at ``S[mb]``) to the front, the others keeping
    their order."""
    if c < 0 or S[mb] == c:
        return
    for i in range(1, nm):
        if S[mb + i] == c:
            for j in range(i, 0, -1):
                S[mb + j] = S[mb + j - 1]
            S[mb] = c
            return


def _etc(p: int, tno: int, led: int, leader: int, alpha: int, beta: int, nm: int, mb: int,
         maxing: int, R: Any, S: Any, TT: Any) -> tuple[int, int]:
    """Enhanced transposition cutoff at the last seat of a trick (move ordering):
    each card there ends the trick, so its winner, its points and the next trick start are
    known; a card whose next trick start the transposition table already bounds past the
    window (the maximiser: gain + lower bound >= beta; the minimiser: gain + upper bound <=
    alpha) cuts off at once, before any subtree is searched. Returns (value, card), or card -1
    when none does. The probe is the trick start's own (:func:`_tt_key`, :func:`_tt_hash`,
    :func:`_tt_find`, the flag word: keep them in step with :func:`node`); not the last trick,
    which has no entry, and only with at least ``S[ST_ETC]`` tricks left (:data:`ETC_MIN_LEFT`).
    """
    n = R[R_N]
    C = R[R_C]
    tr0 = TR0 + tno * n
    tb = R[O_TAB] + (tno * 5 + (led if led >= 0 else 4)) * C
    pb = R[O_PTS] + tno * C
    best = -1
    wpos = 0
    pts = 0
    for i in range(n - 1):
        c = S[tr0 + i]
        pts += R[pb + c]
        if R[tb + c] >= best:
            best = R[tb + c]
            wpos = i
    ck = R[R[O_CK] + tno + 1]
    tk = S[TKB] + (tno + 1) * n  # the next trick start's key buffer, free until it starts
    for i in range(nm):
        c = S[mb + i]
        w = p if R[tb + c] >= best else (leader + wpos) % n
        pay = R[R[O_PAY] + w]
        gain = pts + R[pb + c] if pay else 0
        pa = S[ST_PAYALL] if pay else 0
        bit = np.int64(1) << c
        S[H0 + p] ^= bit
        S[ST_INPLAY] ^= bit
        _tt_key(ck, n, tk, R, S)
        S[ST_INPLAY] ^= bit
        S[H0 + p] ^= bit
        flag = ((tno + 1) * 16 + w) * 2 + pa + 1
        base = np.int64(_tt_hash(flag, n, S, tk) & np.uint64(S[ST_TTROWS] - 2))
        slot = _tt_find(base, flag, n, tk, S, TT)
        if slot >= 0:
            word = TT[slot, n + 1]
            lo = word & 0xFFFF
            hi = (word >> 16) & 0xFFFF
            if maxing and gain + lo >= beta:
                return gain + lo, c
            if not maxing and gain + hi <= alpha:
                return gain + hi, c
    return 0, -1


def node(p: int, tno: int, tlen: int, led: int, leader: int, alpha: int, beta: int,
         R: Any, S: Any, TT: Any) -> tuple[int, int]:
    """The value (payees' points from here) and best card of the position: seat ``p`` to play
    card ``tlen`` of trick ``tno`` (``tlen == n``: the trick is complete and ends here).
    ``R``: the round's tables (:func:`flat_rules`), ``S``: the search state, ``TT``: the
    transposition table (per row: the n key words, a flag word, and one word of the lower and
    upper bound (16 bits each), the best card (+1, 8 bits) and the work (bits 40..))).

    The search as one self-recursive function, kept as the reference of
    :func:`search`, which the solver runs (numba cannot cache a recursive function on disk: a
    cached one crashes when loaded, numba 0.68): both share the node's entry (:func:`_enter`)
    and its store (:func:`_finish`); ``tests/ai/test_nbsearch.py`` runs both as plain Python
    and compares values, best cards, node counts and tables."""
    if S[ST_ABORT]:
        return 0, -1
    n = R[R_N]
    C = R[R_C]
    o_tab = R[O_TAB]
    o_pts = R[O_PTS]
    tr0 = TR0 + tno * n
    if tlen == n:  # the trick's end: its winner, its points, the next trick
        tb = o_tab + (tno * 5 + (led if led >= 0 else 4)) * C
        pb = o_pts + tno * C
        best = -1
        wpos = 0
        pts = 0
        for i in range(n):
            c = S[tr0 + i]
            pts += R[pb + c]
            if R[tb + c] >= best:
                best = R[tb + c]
                wpos = i
        w = (leader + wpos) % n
        pay = R[R[O_PAY] + w]
        gain = pts if pay else 0
        if tno + 1 == R[R_T]:
            if pay:
                gain += R[R_BONUS]
                if S[ST_PAYALL]:
                    gain += R[R_MATCH]
            return gain, -1
        saved = S[ST_PAYALL]
        if not pay:
            S[ST_PAYALL] = 0
        v, _b = node(w, tno + 1, 0, -1, w, alpha - gain, beta - gain, R, S, TT)
        S[ST_PAYALL] = saved
        return v + gain, -1

    F = np.zeros((1, N_FIELDS), np.int64)
    st, rv, rc = _enter(p, tno, tlen, led, leader, alpha, beta, R, S, TT, F, 0)
    if not st:
        return rv, rc
    fr = F[0]
    alpha = fr[F_ALPHA]  # the window as the transposition table narrowed it
    beta = fr[F_BETA]
    mb = S[MB] + (tno * n + tlen) * MAX_MOVES
    maxing = fr[F_MAXING]
    nm = fr[F_NM]
    nxt = (p + 1) % n
    for i in range(nm):
        c = S[mb + i]
        bit = np.int64(1) << c
        S[H0 + p] ^= bit
        S[ST_INPLAY] ^= bit
        S[tr0 + tlen] = c
        nled = led if led >= 0 else R[R[O_SUIT] + c]
        v, _b = node(nxt, tno, tlen + 1, nled, leader, alpha, beta, R, S, TT)
        S[ST_INPLAY] ^= bit
        S[H0 + p] ^= bit
        if maxing:
            if v > fr[F_BESTV]:
                fr[F_BESTV] = v
                fr[F_BESTC] = c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if tlen == 0 and nm > 1:
                            S[S[ST_KILL] + tno] = c
                        break
        else:
            if v < fr[F_BESTV]:
                fr[F_BESTV] = v
                fr[F_BESTC] = c
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        if tlen == 0 and nm > 1:
                            S[S[ST_KILL] + tno] = c
                        break
    _finish(fr, R, S, TT)
    return fr[F_BESTV], fr[F_BESTC]


# The frames of :func:`search` (int64 rows, one per card-play node on the path from the root):
# the node's arguments, its window as it narrows and as it came in (a0, b0), the transposition
# table's probe (first card, bucket, flag, hash, nodes before, entry bounds, rem), its moves (nm,
# the one being searched), its best so far, and (kind 1) the trick its card ended: the trick's
# gain and the Match chance to restore.
(F_P, F_TNO, F_TLEN, F_LED, F_LEADER, F_ALPHA, F_BETA, F_A0, F_B0, F_FIRST, F_BASE, F_FLAG,
 F_H, F_NODES0, F_ENTLO, F_ENTHI, F_HAVE, F_REM, F_NM, F_I, F_MAXING, F_BESTV, F_BESTC,
 F_GAIN, F_SAVED, F_KIND) = range(26)
N_FIELDS = 26


def _finish(fr: Any, R: Any, S: Any, TT: Any) -> None:
    """The end of a card-play node's loop (:func:`node`'s, unchanged): its entry stored into
    the transposition table at a trick start (not after the node limit)."""
    if fr[F_BASE] < 0 or S[ST_ABORT]:
        return
    n = R[R_N]
    tno = fr[F_TNO]
    v = fr[F_BESTV]
    a0 = fr[F_A0]
    b0 = fr[F_B0]
    if v <= a0:
        lo0 = 0
        hi0 = v
    elif v >= b0:
        lo0 = v
        hi0 = fr[F_REM]
    else:
        lo0 = v
        hi0 = v
    if fr[F_HAVE]:
        if fr[F_ENTLO] > lo0:
            lo0 = fr[F_ENTLO]
        if fr[F_ENTHI] < hi0:
            hi0 = fr[F_ENTHI]
    ck = R[R[O_CK] + tno]
    tk = S[TKB] + tno * n
    work = S[ST_NODES] - fr[F_NODES0]
    base = fr[F_H] & (S[ST_TTROWS] - 2)  # the table may have grown
    keep = fr[F_BESTC]
    if (v <= a0) if fr[F_MAXING] else (v >= b0):
        # Every card failed (an all-node): the one with the best fail-soft bound
        # is no guide to the next test's first card; keep the entry's own card (none when
        # new). From the first lead, geometric means of the nodes over the deals solved:
        # 40 Schieber deals x0.83 (31 solved), 40 Chai Tea Jazz deals x1.01 (14 solved)
        keep = fr[F_FIRST]
    _tt_store(base, fr[F_FLAG], n, tk, S, TT, lo0 + (hi0 << 16)
              + ((_tt_card(ck, keep, O_CMAP, R, S) + 1) << 32), work)


def search(p: int, tno: int, tlen: int, led: int, leader: int, alpha: int, beta: int,
           R: Any, S: Any, TT: Any) -> tuple[int, int]:
    """:func:`node` without recursion (numba caches it on disk, so a process loads
    it rather than compiling it): the same alpha-beta in the same order, its path an explicit
    stack of frames (``F_*``); the same values, best cards, node counts and table. A card
    that ends a trick goes straight on to the next trick start (the frame keeps the trick's
    gain, kind 1); a node answered at once (:func:`_enter`) hands its value to the frame
    below, whose loop goes on with its next card or ends (:func:`_finish`)."""
    n = R[R_N]
    C = R[R_C]
    F = np.zeros((R[R_T] * n + 2, N_FIELDS), np.int64)
    sp = 0  # the top frame (0: the caller's, for a call at a trick's end)
    while True:
        # -- enter the node (p, tno, tlen, led, leader, alpha, beta) ------------------------
        if S[ST_ABORT]:
            st, rv, rc = 0, 0, -1
        elif tlen == n:  # the trick's end: its winner, its points, the next trick
            tb = R[O_TAB] + (tno * 5 + (led if led >= 0 else 4)) * C
            pb = R[O_PTS] + tno * C
            tr0 = TR0 + tno * n
            best = -1
            wpos = 0
            pts = 0
            for i in range(n):
                c = S[tr0 + i]
                pts += R[pb + c]
                if R[tb + c] >= best:
                    best = R[tb + c]
                    wpos = i
            w = (leader + wpos) % n
            pay = R[R[O_PAY] + w]
            gain = pts if pay else 0
            if tno + 1 == R[R_T]:
                if pay:
                    gain += R[R_BONUS]
                    if S[ST_PAYALL]:
                        gain += R[R_MATCH]
                st, rv, rc = 0, gain, -1
            else:
                fr = F[sp]
                fr[F_KIND] = 1
                fr[F_GAIN] = gain
                fr[F_SAVED] = S[ST_PAYALL]
                if not pay:
                    S[ST_PAYALL] = 0
                p = w
                tno += 1
                tlen = 0
                led = -1
                leader = w
                alpha -= gain
                beta -= gain
                continue
        else:
            st, rv, rc = _enter(p, tno, tlen, led, leader, alpha, beta, R, S, TT, F, sp + 1)
            if st:
                sp += 1
        if not st:
            # -- hand the value down: each frame's loop goes on or ends -------------------------
            while True:
                fr = F[sp]
                if fr[F_KIND]:  # the card ended a trick: its gain, the Match chance back
                    rv += fr[F_GAIN]
                    rc = -1
                    S[ST_PAYALL] = fr[F_SAVED]
                    fr[F_KIND] = 0
                if sp == 0:
                    return rv, rc
                i = fr[F_I]
                q = fr[F_P]
                ftno = fr[F_TNO]
                ftlen = fr[F_TLEN]
                c = S[S[MB] + (ftno * n + ftlen) * MAX_MOVES + i]
                bit = np.int64(1) << c
                S[ST_INPLAY] ^= bit
                S[H0 + q] ^= bit
                v = rv
                cut = False
                if fr[F_MAXING]:
                    if v > fr[F_BESTV]:
                        fr[F_BESTV] = v
                        fr[F_BESTC] = c
                        if v > fr[F_ALPHA]:
                            fr[F_ALPHA] = v
                            cut = fr[F_ALPHA] >= fr[F_BETA]
                else:
                    if v < fr[F_BESTV]:
                        fr[F_BESTV] = v
                        fr[F_BESTC] = c
                        if v < fr[F_BETA]:
                            fr[F_BETA] = v
                            cut = fr[F_ALPHA] >= fr[F_BETA]
                if cut and ftlen == 0 and fr[F_NM] > 1:
                    S[S[ST_KILL] + ftno] = c
                if cut or i + 1 == fr[F_NM]:
                    _finish(fr, R, S, TT)
                    rv = fr[F_BESTV]
                    rc = fr[F_BESTC]
                    sp -= 1
                    continue
                fr[F_I] = i + 1
                break
        # -- the top frame's next card: the child's arguments ----------------------------------
        fr = F[sp]
        q = fr[F_P]
        tno = fr[F_TNO]
        ftlen = fr[F_TLEN]
        c = S[S[MB] + (tno * n + ftlen) * MAX_MOVES + fr[F_I]]
        bit = np.int64(1) << c
        S[H0 + q] ^= bit
        S[ST_INPLAY] ^= bit
        S[TR0 + tno * n + ftlen] = c
        led = fr[F_LED]
        if led < 0:
            led = R[R[O_SUIT] + c]
        p = (q + 1) % n
        tlen = ftlen + 1
        leader = fr[F_LEADER]
        alpha = fr[F_ALPHA]
        beta = fr[F_BETA]


def _enter(p: int, tno: int, tlen: int, led: int, leader: int, alpha: int, beta: int,
           R: Any, S: Any, TT: Any, F: Any, sp: int) -> tuple[int, int, int]:
    """The entry of :func:`search` into a card-play node (seat ``p`` to play card ``tlen <
    n`` of trick ``tno``; :func:`node`'s part before its loop over the cards, unchanged):
    ``(0, value, card)`` when the node is answered at once (the bounds, the transposition
    table, the node limit, the enhanced transposition cutoff), else ``(1, 0, 0)`` with its
    frame written into ``F[sp]`` (the fields ``F_*``: what the loop over its cards and the
    store into the transposition table after it read)."""
    n = R[R_N]
    C = R[R_C]
    o_tab = R[O_TAB]
    o_pts = R[O_PTS]
    tr0 = TR0 + tno * n
    first = -1
    base = np.int64(-1)
    flag = 0
    h = np.uint64(0)
    nodes0 = S[ST_NODES]
    ent_lo = 0
    ent_hi = 0
    have = False
    rem = 0
    if tlen == 0:  # a trick start: bounds and the transposition table
        if tno == R[R_T]:
            return 0, 0, -1
        _prof(S, tno, 1)
        rem = R[R_BONUS] + (R[R_MATCH] if S[ST_PAYALL] else 0)
        k = 0
        m = S[ST_INPLAY]
        ob = R[O_BND] + tno * R[R_NCH] * 256
        while m:
            rem += R[ob + k * 256 + (m & 255)]
            m >>= 8
            k += 1
        if rem <= alpha:
            _prof(S, tno, 2)
            return 0, rem, -1
        if beta <= 0:
            _prof(S, tno, 2)
            return 0, 0, -1
        rem0 = rem
        if R[R[O_SURE] + tno * (C + 1)] >= 0:  # the sure winners' bounds
            sure_lo, rem = _sure(tno, S[ST_PAYALL], rem, R, S)
            if rem <= alpha:
                _prof(S, tno, 2)
                return 0, rem, -1
            if sure_lo >= beta:
                _prof(S, tno, 2)
                return 0, sure_lo, -1
        if R[R[O_MAX] + leader] == R[R[O_PAY] + leader]:  # the leader's quick tricks
            q_lo, q_hi = _quick(tno, leader, S[ST_PAYALL], rem0, R, S)
            if q_hi <= alpha:
                _prof(S, tno, 2)
                return 0, q_hi, -1
            if q_lo >= beta:
                _prof(S, tno, 2)
                return 0, q_lo, -1
            if q_hi < rem:
                rem = q_hi
        flag = (tno * 16 + leader) * 2 + S[ST_PAYALL] + 1  # tno: for the replacement
        ck = R[R[O_CK] + tno]
        tk = S[TKB] + tno * n
        _tt_key(ck, n, tk, R, S)
        h = _tt_hash(flag, n, S, tk)
        base = np.int64(h & np.uint64(S[ST_TTROWS] - 2))
        S[ST_PROBES] += 1
        slot = _tt_find(base, flag, n, tk, S, TT)
        if slot >= 0:
            S[ST_HITS] += 1
            _prof(S, tno, 3)
            have = True
            w = TT[slot, n + 1]
            ent_lo = w & 0xFFFF
            ent_hi = (w >> 16) & 0xFFFF
            first = _tt_card(ck, ((w >> 32) & 0xFF) - 1, O_CINV, R, S)
            if ent_lo >= beta:
                _prof(S, tno, 4)
                return 0, ent_lo, first
            if ent_hi <= alpha:
                _prof(S, tno, 4)
                return 0, ent_hi, first
            if ent_lo > alpha:
                alpha = ent_lo
            if ent_hi < beta:
                beta = ent_hi
            if alpha >= beta:
                _prof(S, tno, 4)
                return 0, alpha, first
    a0 = alpha
    b0 = beta

    S[ST_NODES] += 1
    _prof(S, tno, 0)
    if S[ST_NODES] > S[ST_LIMIT]:
        S[ST_ABORT] = 1
        return 0, 0, -1
    o_sm = R[O_SM]
    o_suit = R[O_SUIT]
    # -- the legal cards ------------------------------------------------------------------
    playable = S[H0 + p]
    kind = R[R_KIND]
    if led < 0:
        legal = playable
    elif kind == 0:  # Chai Tea Jazz (RULES F, D6)
        f = playable & R[o_sm + led]
        legal = (f | (playable & R[R[O_EX] + led])) if f else playable
    elif kind == 2:  # plain: follow if able
        f = playable & R[o_sm + led]
        legal = f if f else playable
    else:  # Jass (RULES J): undertrumping refused, hand of only trumps free, the Puur
        tr = R[R[O_TR] + tno]
        if tr < 0:
            f = playable & R[o_sm + led]
            legal = f if f else playable
        else:
            tps = playable & R[o_sm + tr]
            if led == tr:
                free = tps == 0 or tps == R[R[O_PU] + tno] or tps == R[R[O_PU2] + tno]
                legal = playable if free else tps  # the Puur (either copy of it) is free
            else:
                f = playable & R[o_sm + led]
                legal = (f | tps) if f else playable
                if tps and tps != playable:
                    top = -1
                    tb = o_tab + (tno * 5 + led) * C
                    for i in range(tlen):
                        c = S[tr0 + i]
                        if R[o_suit + c] == tr and (top < 0 or R[tb + c] > R[tb + top]):
                            top = c
                    if top >= 0:
                        legal &= ~(tps & R[R[O_WK] + tno * C + top])
    # -- representatives of equivalent cards, then the order ---------------------------------
    depth = tno * n + tlen
    mb = S[MB] + depth * MAX_MOVES
    kb = S[KB] + depth * MAX_MOVES
    pb = o_pts + tno * C
    nm = 0
    if legal & (legal - 1):
        others = S[ST_INPLAY] & ~playable
        for i in range(tlen):
            others |= np.int64(1) << S[tr0 + i]
        cb = R[R[O_CMB] + tno]
        o_btw = R[O_BTW] + cb * C * C
        o_ord = R[O_ORD] + cb * 4 * ORDER_LEN
        solo = R[R_SOLO]
        o_pcl = R[O_PCL]
        for s in range(4):
            cs = legal & R[o_sm + s]
            if not cs:
                continue
            if not (cs & (cs - 1)):
                S[mb + nm] = _lowbit(cs)
                nm += 1
                continue
            run = 0
            prev = -1
            start = nm
            for j in range(ORDER_LEN):
                c = R[o_ord + s * ORDER_LEN + j]
                if c < 0:
                    break
                if not (cs >> c) & 1:
                    continue
                if (solo >> c) & 1:
                    S[mb + nm] = c
                    S[kb + nm] = -1
                    nm += 1
                    prev = -1
                    run += 1
                    continue
                if prev >= 0 and R[o_btw + prev * C + c] & others:
                    run += 1
                kk = run * 1024 + R[o_pcl + c]
                dup = False
                for q in range(start, nm):
                    if S[kb + q] == kk:
                        dup = True
                        break
                if not dup:
                    S[mb + nm] = c
                    S[kb + nm] = kk
                    nm += 1
                prev = c
        rest = legal & ~(R[o_sm] | R[o_sm + 1] | R[o_sm + 2] | R[o_sm + 3])
        if rest:  # Jokers: one move (the highest, as the Python search)
            hi = 0
            for c in range(63):
                if (rest >> c) & 1:
                    hi = c
            S[mb + nm] = hi
            nm += 1
    else:
        S[mb] = _lowbit(legal)
        nm = 1
    if nm > 1:
        ww = R[R[O_WANT] + p]
        if tlen == 0:
            for i in range(nm):
                c = S[mb + i]
                sc = R[o_suit + c]
                v0 = R[o_tab + (tno * 5 + (sc if sc >= 0 else 4)) * C + c]
                S[kb + i] = -v0 if ww else v0
        else:
            tb = o_tab + (tno * 5 + (led if led >= 0 else 4)) * C
            best = -1
            wpos = 0
            for i in range(tlen):
                c = S[tr0 + i]
                if R[tb + c] >= best:
                    best = R[tb + c]
                    wpos = i
            winner = (p - tlen + wpos) % n
            o_max = R[O_MAX]
            partner = R[o_max + winner] == R[o_max + p]
            if tlen == n - 1:  # the last seat knows each card's trick exactly
                _last_keys(R, S, mb, kb, nm, tb, pb, p, winner, best)
            else:
                for i in range(nm):
                    c = S[mb + i]
                    t = R[tb + c]
                    if ww:
                        if partner:  # the strongest card first, to keep it won
                            S[kb + i] = -t
                        else:
                            # To take the trick, the winning card with the most
                            # points first (then the weakest); else the fewest points
                            S[kb + i] = (t - R[pb + c] * 65536 if t >= best
                                         else (1 << 40) + R[pb + c])
                    else:
                        S[kb + i] = -t if t < best else (1 << 40) + t
        for i in range(1, nm):  # insertion sort: stable, as Python's sort
            c = S[mb + i]
            kk = S[kb + i]
            j = i - 1
            while j >= 0 and S[kb + j] > kk:
                S[mb + j + 1] = S[mb + j]
                S[kb + j + 1] = S[kb + j]
                j -= 1
            S[mb + j + 1] = c
            S[kb + j + 1] = kk
        if tlen == 0:  # a killer lead: the last cut-off lead here, then the TT's
            _to_front(S, mb, nm, S[S[ST_KILL] + tno])
        _to_front(S, mb, nm, first)
    # -- the search ------------------------------------------------------------------------
    maxing = R[R[O_MAX] + p]
    if tlen == n - 1 and nm > 1 and R[R_T] - tno >= S[ST_ETC]:
        ev, ec = _etc(p, tno, led, leader, alpha, beta, nm, mb, maxing, R, S, TT)
        if ec >= 0:
            return 0, ev, ec
    fr = F[sp]
    fr[F_P] = p
    fr[F_TNO] = tno
    fr[F_TLEN] = tlen
    fr[F_LED] = led
    fr[F_LEADER] = leader
    fr[F_ALPHA] = alpha
    fr[F_BETA] = beta
    fr[F_A0] = a0
    fr[F_B0] = b0
    fr[F_FIRST] = first
    fr[F_BASE] = base
    fr[F_FLAG] = flag
    fr[F_H] = np.int64(h & np.uint64(0x3FFFFFFFFFFFFFFF))  # the low bits: the bucket
    fr[F_NODES0] = nodes0
    fr[F_ENTLO] = ent_lo
    fr[F_ENTHI] = ent_hi
    fr[F_HAVE] = 1 if have else 0
    fr[F_REM] = rem
    fr[F_NM] = nm
    fr[F_I] = 0
    fr[F_MAXING] = maxing
    fr[F_BESTV] = -(1 << 30) if maxing else (1 << 30)
    fr[F_BESTC] = S[mb]
    fr[F_KIND] = 0
    return 1, 0, 0


_SIG = ("UniTuple(int64, 2)(int64, int64, int64, int64, int64, int64, int64, int64[::1], "
        "int64[::1], int64[:, ::1])")
_compiled: Any = None
_lock = threading.Lock()
# numba compiles the search when installed; else the pure-Python search runs. It is looked up
# here but imported only when the search is first compiled, so importing chaitea (a dashboard's
# kernel, the command line) does not pay numba's start-up time and memory.
HAVE_NUMBA = (not os.environ.get("CHAITEA_NO_NUMBA")
              and importlib.util.find_spec("numba") is not None)


def compiled() -> bool:
    """Has this process compiled the search yet?"""
    return _compiled is not None


def compiled_node() -> Any:
    """The compiled :func:`search`, compiled on the first call, or loaded from numba's cache
    on disk (``cache=True``, beside this file in ``__pycache__`` or in
    ``NUMBA_CACHE_DIR``; the first process compiles it, about 8-25 s of CPU, and writes the
    cache; a later one loads it in well under a second). The helpers are plain njit functions
    (numba's own inlining of them doubled the compile for no measured speed); a compile's live
    objects are then frozen out of the garbage collector's sight, see below."""
    global _compiled
    if _compiled is None:
        with _lock:
            if _compiled is None:
                import numba

                g = globals()
                for name in _HELPERS:
                    g[name] = _cached(numba.njit(inline="never", cache=True),
                                      numba.njit(inline="never"), g[name])
                _compiled = _cached(numba.njit(_SIG, nogil=True, cache=True),
                                    numba.njit(_SIG, nogil=True), search)
                # A compile leaves ~200,000 live objects (numba's type system); each later
                # full garbage collection would walk them, a pause of ~60 ms that lands on
                # whichever search is running. Collect once, then move the
                # survivors out of the collector's sight (gc.freeze: they live as long as the
                # process anyway).
                gc.collect()
                gc.freeze()
    return _compiled


def _cached(jit: Any, plain: Any, fn: Any) -> Any:
    """``fn`` compiled with numba's cache on disk (``jit``), or without it (``plain``) where
    numba finds no writable place for a cache (it refuses ``cache=True`` then: a read-only
    install without a writable home or ``NUMBA_CACHE_DIR``)."""
    try:
        return jit(fn)
    except RuntimeError:  # numba: "cannot cache function ...: no locator available"
        return plain(fn)


# The functions :func:`search` calls, compiled with it (each its own njit function).
_HELPERS = ("_lowbit", "_prof", "_tt_key", "_tt_card", "_tt_find", "_tt_store", "_bitlen",
            "_tt_hash", "_tt_grow", "_last_keys", "_to_front", "_etc", "_sure", "_quick",
            "_enter", "_finish")


@dataclass(frozen=True, eq=False)
class FlatRules:
    """A :class:`~chaitea.ai.kernel.Rules` as the compiled search's static vector ``R`` (the
    seats' roles are written into it per search, see :meth:`for_sides`)."""

    n: int
    n_tricks: int
    R: Any

    def for_sides(self, is_max: tuple[bool, ...], is_pay: tuple[bool, ...],
                  wants: tuple[bool, ...]) -> Any:
        R = self.R.copy()
        for s in range(self.n):
            R[R[O_MAX] + s] = is_max[s]
            R[R[O_PAY] + s] = is_pay[s]
            R[R[O_WANT] + s] = wants[s]
        return R


_FLAT: weakref.WeakKeyDictionary[Rules, FlatRules] = weakref.WeakKeyDictionary()


def fits(rules: Rules, straw: bool) -> bool:
    """Can the compiled search play this round? (numba present, at most 62 cards, no
    straw-piles or set-aside cards, no Tutti, a known follow rule, values that fit the
    transposition table's 16-bit bounds)."""
    return (HAVE_NUMBA and rules.n_cards <= 62 and not straw and not rules.tutti
            and _kind(rules) >= 0
            and rules.points_total + rules.last_trick_bonus + rules.match_bonus < 0xFFFF)


def worth(rules: Rules, cards_left: int) -> bool:
    """Should an automatic choice use the compiled search? Once compiled, from four tricks
    left (below, its set-up costs more than the Python search: 0.3x at three tricks); before,
    only for a search big enough to pay for the compile (six tricks left), and only while
    :func:`chaitea.ai.compile_policy.compile_on_demand` allows a compile; always with
    ``CHAITEA_NUMBA=1``."""
    if os.environ.get("CHAITEA_NUMBA") == "1":
        return True
    if _compiled is not None:
        return cards_left > 3 * rules.players
    return _policy.on_demand() and cards_left >= 6 * rules.players


def _kind(rules: Rules) -> int:
    if rules.jass:  # the "jass" follow rule only (Mittlere's: the Python search)
        return 1 if rules.follow == "jass" else -1
    if rules.legal_fn is None:
        return 0
    return -1  # another follow rule on a Chai Tea Jazz deck: the Python search


def flat_rules(rules: Rules) -> FlatRules:
    """The arrays of ``rules`` (cached per rules value)."""
    hit = _FLAT.get(rules)
    if hit is not None:
        return hit
    from chaitea.ai._search_tables import _bound_tables, _equivalence_tables

    T, C = rules.n_tricks, rules.n_cards
    tables = np.zeros((T, 5, C), np.int64)
    points = np.zeros((T, C), np.int64)
    for t in range(T):
        tabs = rules.tables_at(t)
        for led in range(5):
            tables[t, led] = tabs[led]
        points[t] = rules.points_at(t)
    bt = _bound_tables(rules) if rules.jass else _ctj_bounds(rules)
    bound = np.zeros((T, len(bt[0]), 256), np.int64)
    for t in range(T):
        for k, row in enumerate(bt[t]):
            bound[t, k] = row
    eq = _equivalence_tables(rules)
    combos: dict[int, int] = {}
    combo = np.zeros(T, np.int64)
    for t in range(T):
        combo[t] = combos.setdefault(id(eq[t]), len(combos))
    btw = np.zeros((len(combos), C, C), np.int64)
    order = np.full((len(combos), 4, ORDER_LEN), -1, np.int64)
    for t in range(T):
        k = int(combo[t])
        orders, b = eq[t]
        for a in range(C):
            btw[k, a] = b[a]
        first = rules.ladders[t][0]
        for s in range(4):
            seq = orders[s]
            if seq is None:
                seq = [c for g in first[s] for c in g]
                seq = sorted(seq)
            for j, c in enumerate(seq):
                order[k, s, j] = c
    trumps = np.full(T, -1, np.int64)
    weaker = np.zeros((T, C), np.int64)
    puur = np.zeros(T, np.int64)
    puur2 = np.full(T, -1, np.int64)  # the double deck's second Puur (chaitea.core.following)
    if rules.jass:
        for t in range(T):
            tab = rules.tables_at(t)
            tr = _trump_of(rules, t)
            trumps[t] = tr
            if tr >= 0:
                strength = tab[tr]
                mine = [c for c in range(C) if rules.suit_of[c] == tr]
                for c in mine:
                    weaker[t, c] = sum(1 << x for x in mine if strength[x] < strength[c])
                jack = [c for c in mine if rules.rank_of[c] == 11]
                puur[t] = (1 << jack[0]) if jack else 0
                if len(jack) > 1:
                    puur2[t] = 1 << jack[1]
    n = rules.players
    canon = _canon_tables(rules)
    parts = [tables, points, bound, combo, btw, order,
             np.array(rules.pclass or rules.points, np.int64), np.array(rules.suit_of, np.int64),
             np.array(rules.suit_masks, np.int64), np.array(rules.extra, np.int64),
             trumps, weaker, puur, np.zeros(n, np.int64), np.zeros(n, np.int64),
             np.zeros(n, np.int64), puur2, *canon[:5]]
    head = np.zeros(R_HEAD, np.int64)
    head[:O_TAB] = (n, T, C, _kind(rules), rules.last_trick_bonus, rules.match_bonus,
                    rules.solo, bound.shape[1])
    head[R_CK] = canon[5]
    off = R_HEAD
    for k, part in enumerate(parts):
        head[O_TAB + k] = off
        off += part.size
    sure = (*_sure_tables(rules), _quick_tables(rules))
    for k, part in enumerate(sure):
        head[O_SURE + k] = off
        off += part.size
    parts += list(sure)
    R = np.concatenate([head] + [x.ravel() for x in parts]).astype(np.int64)
    flat = FlatRules(n, T, np.ascontiguousarray(R))
    _FLAT[rules] = flat
    return flat


def _sure_tables(rules: Rules) -> tuple[Any, Any, Any]:
    """:func:`chaitea.ai._search_tables.sure_chains` as arrays: per trick the chain (-1 ends it),
    and per trick and card its fewest and most points from that trick on."""
    from chaitea.ai._search_tables import sure_chains

    T, C = rules.n_tricks, rules.n_cards
    chain = np.full((T, C + 1), -1, np.int64)
    lo = np.zeros((T, C), np.int64)
    hi = np.zeros((T, C), np.int64)
    for t, (ch, fewest, most) in enumerate(sure_chains(rules)):
        chain[t, :len(ch)] = ch
        lo[t] = fewest
        hi[t] = most
    return chain, lo, hi


def _sure(tno: int, payall: int, rem: int, R: Any, S: Any) -> tuple[int, int]:
    """The bounds (lower, upper) on the payees' points from a trick start on, from the sure
    winners (:func:`chaitea.ai._search_tables.sure_chains`): the run of remaining chain cards from
    the first, held by one side, ends in that side's tricks. A payee run: at least its fewest
    points; the other side's run: at most ``rem`` less its most points (and no Match: a trick
    is lost). The compiled search's own: in the Python search it cost 25-40% more CPU time for
    no fewer nodes (Chai Tea Jazz and Schieber, 6 tricks left)."""
    C = R[R_C]
    ch = R[O_SURE] + tno * (C + 1)
    inplay = S[ST_INPLAY]
    side = -1
    got = 0
    for j in range(C):
        c = R[ch + j]
        if c < 0:
            break
        bit = np.int64(1) << c
        if not inplay & bit:
            continue
        holder = 0
        while not S[H0 + holder] & bit:
            holder += 1
        pay = R[R[O_PAY] + holder]
        if side < 0:
            side = pay
        elif pay != side:
            break
        got += R[R[O_SLO if side else O_SHI] + tno * C + c]
    if side < 0:
        return 0, rem
    if side:
        return got, rem
    return 0, rem - got - (R[R_MATCH] if payall else 0)


def _quick_tables(rules: Rules) -> Any:
    """Per trick ``t`` and card ``c``: the cards that beat or tie ``c`` led (a Joker: whatever
    suit the trick takes) in some trick from ``t`` on (a tie: the later card wins, RULES D2).
    A leader's card that no other seat's card beats so wins its trick: :func:`_quick`."""
    T, C = rules.n_tricks, rules.n_cards
    out = np.zeros((T, C), np.int64)
    bits = np.array([1 << x for x in range(C)], np.int64)
    acc = np.zeros(C, np.int64)
    for t in range(T - 1, -1, -1):
        tabs = rules.tables_at(t)
        for c in range(C):
            su = rules.suit_of[c]
            for led in ((su,) if su >= 0 else range(5)):
                tab = np.asarray(tabs[led], np.int64)
                beat = tab >= tab[c]
                beat[c] = False
                acc[c] |= np.bitwise_or.reduce(bits[beat]) if beat.any() else 0
        out[t] = acc
    return out


def _quick(tno: int, leader: int, payall: int, rem: int, R: Any, S: Any) -> tuple[int, int]:
    """The leader's quick tricks at a trick start: its cards that no card of another seat
    beats led (:func:`_quick_tables`) win their tricks one after another (the leader keeps the
    lead), so the leader's side takes at least their points; all the tricks left: the last
    trick's bonus too (and the Match, for the payees). Returns the bounds (lower, upper) on the
    payees' points from here as :func:`_sure`; a bound of the leader's play, not of every play,
    so the search uses it only where that play serves the leader's side (the payees when it
    maximises, the others when it minimises)."""
    C = R[R_C]
    h = S[H0 + leader]
    others = S[ST_INPLAY] & ~h
    qb = R[O_QB] + tno * C
    pay = R[R[O_PAY] + leader]
    pb = R[O_SLO if pay else O_SHI] + tno * C
    got = 0
    k = 0
    while h:
        c = _lowbit(h)
        h &= h - 1
        if not others & R[qb + c]:
            k += 1
            got += R[pb + c]
    if k == 0:
        return 0, rem
    if k == R[R_T] - tno:  # every trick left
        got += R[R_BONUS]
        if pay and payall:
            got += R[R_MATCH]
    if pay:
        return got, rem
    return 0, rem - got - (R[R_MATCH] if payall else 0)


def _trump_of(rules: Rules, t: int) -> int:
    """The trump suit of trick ``t`` as its strength tables show it: the suit whose cards are
    in the trump band (chaitea.core.tricks: 2000+) whatever is led."""
    tab = rules.tables_at(t)
    for s in range(4):
        led = (s + 1) % 4
        if any(tab[led][c] >= 2000 for c in range(rules.n_cards) if rules.suit_of[c] == s):
            return s
    return -1


def _ctj_bounds(rules: Rules) -> list[list[list[int]]]:
    from chaitea.ai._search_tables import byte_sums

    return [byte_sums(rules.points, rules.n_cards)] * rules.n_tricks


def _canon_tables(rules: Rules) -> tuple[Any, Any, Any, Any, Any, int]:
    """The tables of the transposition table's canonical keys (relative ranks).

    Two trick starts whose remaining cards are the same up to a relabelling within each suit
    that keeps the order of the rank order in force in every remaining trick (its ties too),
    each card's owner, its points in every remaining trick and its special status (the Puur:
    ``rules.solo``) have the same value: every rule the search reads is then the same (trick
    winners from the strength tables, points and bounds, the follow masks, Jass's
    undertrumping and Puur). So a suit's remaining cards ``x`` are keyed as its canonical set
    (the first set, by mask, with the same sequence of classes and ties weakest first), each
    card of ``x`` as the card of the canonical set in the same place.

    Returns per trick the table set in force (-1: absolute keys, when some remaining trick has
    another rank order of a suit, strengths that are not ranked by suit bands, or follow masks
    that are not whole suits), per suit its first card and size, and per (set, suit, x, card
    index) the canonical card index (``cmap``), its inverse (``cinv``) and per (set, suit, x)
    whether ``x`` is its own canonical set (``cid``); and the row width (the largest suit)."""
    T, C = rules.n_tricks, rules.n_cards
    suits = [[c for c in range(C) if rules.suit_of[c] == s] for s in range(4)]
    K = max(1, max(len(x) for x in suits))
    csu = np.zeros(8, np.int64)
    ok = CANON_KEYS and not rules.tutti and K <= CANON_MAX
    for s in range(4):
        cs = suits[s]
        csu[2 * s] = cs[0] if cs else 0
        csu[2 * s + 1] = len(cs)
        if cs and cs != list(range(cs[0], cs[0] + len(cs))):
            ok = False  # a suit's cards must be one run of card ids (a shift gives x)
    if rules.legal_fn is None and not rules.jass:  # Chai Tea Jazz's masks: whole suits only
        for m in rules.extra:
            for cs in suits:
                sm = sum(1 << c for c in cs)
                if m & sm not in (0, sm):
                    ok = False
    ck = np.full(T, -1, np.int64)
    sets: dict[tuple[int, ...], int] = {}
    ranked: dict[tuple[int, int], bool] = {}
    maps: list[tuple[Any, Any, Any]] = []
    for t in range(T):
        if not ok or len(rules.ladders[t]) != 1:
            continue
        level = [0] * C
        for groups in rules.ladders[t][0]:
            for k, g in enumerate(groups):
                for c in g:
                    level[c] = k
        lad = id(rules.ladders[t][0])
        for u in range(t, T):
            for led in range(5):
                tab = rules.tables_at(u)[led]
                key = (lad, id(tab))
                if key not in ranked:
                    ranked[key] = _ranked_by_suit(tab, suits, level)
                if not ranked[key]:
                    break
            else:
                continue
            break
        else:
            ids: dict[tuple[int, ...], int] = {}
            cls = tuple(ids.setdefault(tuple(rules.points_at(u)[c] for u in range(t, T))
                                       + ((rules.solo >> c) & 1,), len(ids)) for c in range(C))
            if cls not in sets:
                sets[cls] = len(maps)
                maps.append(_canon_maps(suits, level, cls, K))
            ck[t] = sets[cls]
    nset = max(1, len(maps))
    cmap = np.zeros((nset, 4, 1 << K, K), np.int64)
    cinv = np.zeros((nset, 4, 1 << K, K), np.int64)
    cid = np.zeros((nset, 4, 1 << K), np.int64)
    for k, (a, b, d) in enumerate(maps):
        cmap[k], cinv[k], cid[k] = a, b, d
    return ck, csu, cmap, cinv, cid, K


def _ranked_by_suit(tab: Any, suits: list[list[int]], level: list[int]) -> bool:
    """Does strength table ``tab`` compare two cards by their suits alone (across suits and
    Jokers), and within a suit as the ladder's levels (either way) or not at all (all tied)?"""
    groups = [cs for cs in suits if cs] + [[c] for c in range(len(tab))
                                          if not any(c in cs for cs in suits)]
    for i, a in enumerate(groups):
        if len(a) > 1 and len({tab[c] for c in a}) > 1:
            signs = {(tab[x] > tab[y]) - (tab[x] < tab[y]) for x in a for y in a
                     if level[x] > level[y]}
            if len(signs) != 1 or 0 in signs:
                return False
            if any(tab[x] != tab[y] for x in a for y in a if level[x] == level[y]):
                return False
        for b in groups[i + 1:]:
            if len({(tab[x] > tab[y]) - (tab[x] < tab[y]) for x in a for y in b}) > 1:
                return False
    return True


def _canon_maps(suits: list[list[int]], level: list[int], cls: tuple[int, ...],
                K: int) -> tuple[Any, Any, Any]:
    cmap = np.zeros((4, 1 << K, K), np.int64)
    cinv = np.zeros((4, 1 << K, K), np.int64)
    cid = np.zeros((4, 1 << K), np.int64)
    for s, cs in enumerate(suits):
        first: dict[tuple[tuple[int, bool], ...], list[int]] = {}
        for x in range(1 << len(cs)):
            seq = sorted((j for j in range(len(cs)) if (x >> j) & 1),
                         key=lambda j: (level[cs[j]], cls[cs[j]], j))
            sig = tuple((cls[cs[j]], k > 0 and level[cs[j]] == level[cs[seq[k - 1]]])
                        for k, j in enumerate(seq))
            canon = first.setdefault(sig, seq)
            cid[s, x] = canon is seq
            for j, j2 in zip(seq, canon, strict=True):
                cmap[s, x, j] = j2
                cinv[s, x, j2] = j
    return cmap, cinv, cid
