"""The tree search of :mod:`chaitea.ai.solver`: alpha-beta over single card plays from trick starts.

:class:`Search` holds one :class:`~chaitea.ai.kernel.Position` being searched: move generation
(equivalent-card pruning and move ordering), :meth:`Search.trick_start` (the transposition
table at trick starts), :meth:`Search.play` (one card play), the ends of tricks (Jass: the
Match, Tutti's trump, RULES J) and the bounds from the points still in play, and the glue to
the compiled search (:mod:`chaitea.ai._nbsolver`). The root (every legal card's value, the best
cards) is :class:`chaitea.ai.solver.Solver`, which callers use.

>>> import chaitea
>>> from chaitea.ai.kernel import position_of, rules_of
>>> from chaitea.ai.solver import Solver
>>> state = chaitea.Game(players=3).round_state(1, 0, "trump(H)")
>>> while state.trick_number < 10:
...     state.apply_action(state.legal_actions()[0])
>>> pos, seat = position_of(state), state.current_player()
>>> s = Solver(rules_of(state), pos, frozenset({seat}), frozenset({seat}), use_numba=False)
>>> v = s.value()      # the root's zero-window tests, each a trick_start() from here
>>> isinstance(s, Search), s.trick_start(seat, pos.trick_no, -INF, INF, s.remaining()) == v
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

import chaitea.ai._nbsolver as _nb
from chaitea.ai._search_tables import _bound_tables, _equivalence_tables
from chaitea.ai.kernel import Position, Rules

__all__ = ["INF", "Search", "SearchLimit", "SearchStats"]

INF = 1 << 30



@dataclass
class SearchStats:
    """Counters of one search: nodes (card plays tried), transposition-table probes and hits."""

    nodes: int = 0
    tt_probes: int = 0
    tt_hits: int = 0
    tt_size: int = 0
    # The compiled search's profile per trick: (card-play nodes, trick starts reached, answered
    # by the bounds, table hits, hits that answered) (chaitea.ai._nbsolver.ST_PROF).
    by_trick: list[tuple[int, ...]] = field(default_factory=list)

    @property
    def hit_rate(self) -> float:
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0


class SearchLimit(RuntimeError):
    """Raised when a search passes its node limit (benchmarks cap long solves with it)."""



class Search:
    """An alpha-beta search over one :class:`~chaitea.ai.kernel.Position` for a fixed maximiser
    (the tree below the root; :class:`chaitea.ai.solver.Solver` adds the root).

    ``maxers``: seats that maximise; ``payees``: seats whose won points count.
    """

    def __init__(self, rules: Rules, pos: Position, maxers: frozenset[int],
                 payees: frozenset[int], *, node_limit: int | None = None,
                 use_numba: bool | None = None) -> None:
        self.r = rules
        self.n = rules.players
        self.hands = list(pos.hands)
        self.downs = list(pos.downs)
        self.cover = dict(pos.cover)
        self.pending0 = list(pos.pending)
        self.set_aside = pos.set_aside
        self.is_max = tuple(s in maxers for s in range(self.n))
        self.is_pay = tuple(s in payees for s in range(self.n))
        self.wants_win = tuple(self.is_max[s] == self.is_pay[s] for s in range(self.n))
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.stats = SearchStats()
        inplay = 0
        for h in self.hands:
            inplay |= h
        for d in self.downs:
            inplay |= d
        self.inplay = inplay
        self.pos0 = pos
        self.straw = any(self.downs) or bool(self.pending0)
        self.eq = _equivalence_tables(rules)
        self.node_limit = node_limit if node_limit is not None else 1 << 62
        # Jass (RULES J): the Match (payees have taken every trick so far), Tutti's trump and
        # the payees' cards won before it was set (counted once it is known).
        self.jass = rules.jass
        self.tutti = rules.tutti
        self.known = pos.known
        self.match = rules.match_bonus
        self.solo = rules.solo
        pay_sides = {rules.side_of[s] for s in payees}
        self.pay_all = bool(self.match) and bool(pos.side_tricks) and \
            sum(pos.side_tricks[x] for x in pay_sides) == pos.trick_no
        self.unval = 0
        if self.tutti and self.known < 0 and pos.won_cards:
            for x in pay_sides:
                self.unval |= pos.won_cards[x]
        self.bound_tab = _bound_tables(rules) if self.jass else []
        # use_numba: True forces the compiled search where it fits, False the Python one, None
        # (the default) chooses: compiled where it fits and pays (_nb.worth).
        self.nb = use_numba is not False and \
            _nb.fits(rules, self.straw or bool(pos.set_aside)) and \
            (use_numba is True or _nb.worth(rules, self.inplay.bit_count()))
        if self.nb:
            self._nb_setup()

    # -- the compiled search (chaitea.ai._nbsolver) ----------------------------------------------
    def _nb_setup(self) -> None:
        f = _nb.flat_rules(self.r)
        n = self.n
        self.flat = f
        self.nb_R = f.for_sides(self.is_max, self.is_pay, self.wants_win)
        depth = f.n_tricks * n + 1
        size = _nb.TR0 + f.n_tricks * n + 2 * depth * _nb.MAX_MOVES + depth + f.n_tricks
        S = np.zeros(size + _nb.PROF_N * f.n_tricks, np.int64)
        S[_nb.MB] = _nb.TR0 + f.n_tricks * n
        S[_nb.KB] = S[_nb.MB] + depth * _nb.MAX_MOVES
        S[_nb.TKB] = S[_nb.KB] + depth * _nb.MAX_MOVES  # the keys: n words per trick
        S[_nb.ST_KILL] = S[_nb.TKB] + depth  # the killer leads (move ordering)
        S[S[_nb.ST_KILL]:size] = -1
        S[_nb.ST_PROF] = size  # the profile's counters (SearchStats.by_trick)
        S[_nb.ST_PAYALL] = int(self.pay_all)
        S[_nb.ST_LIMIT] = min(self.node_limit, (1 << 62))
        S[_nb.ST_ETC] = max(2, _nb.ETC_MIN_LEFT)  # the last trick has no entry for _etc
        self.nb_S = S
        # The transposition table: rows of the n hands' key words, a flag word and a
        # word of bounds, best card and work. Allocated at its largest (np.zeros: pages are
        # mapped when first written) and used from 2^16 rows, doubled in place as it fills
        # (chaitea.ai._nbsolver._tt_grow): a small search touches a few MB, a hard one up to
        # 2^22 rows (at most 256 MB).
        left = self.inplay.bit_count()
        bits_ = 12 if left <= 16 else 16 if left <= 24 else 22
        while (8 * (n + 2)) << bits_ > 1 << 28:
            bits_ -= 1
        self._tt = np.zeros((1 << bits_, n + 2), np.int64)
        S[_nb.ST_TTROWS] = 1 << min(bits_, _nb.TT_START)
        self.nb_TT = self._tt[:S[_nb.ST_TTROWS]]

    def _nb_node(self, p: int, tno: int, trick: list[int], led: int, leader: int, alpha: int,
                 beta: int) -> int:
        S = self.nb_S
        n = self.n
        for i, c in enumerate(trick):
            S[_nb.TR0 + tno * n + i] = c
        for s in range(n):
            S[_nb.H0 + s] = self.hands[s]
        S[_nb.ST_INPLAY] = self.inplay
        v, _ = _nb.compiled_node()(p, tno, len(trick), led, leader, alpha, beta, self.nb_R, S,
                                   self._tt)
        self.nb_TT = self._tt[:S[_nb.ST_TTROWS]]  # the rows in use (SearchStats.tt_size)
        st = self.stats
        st.nodes, st.tt_probes, st.tt_hits = (int(S[_nb.ST_NODES]), int(S[_nb.ST_PROBES]),
                                              int(S[_nb.ST_HITS]))
        pf = int(S[_nb.ST_PROF])
        st.by_trick = [tuple(int(x) for x in S[pf + _nb.PROF_N * t:pf + _nb.PROF_N * (t + 1)])
                       for t in range(self.flat.n_tricks)]
        if S[_nb.ST_ABORT]:
            raise SearchLimit(f"more than {self.node_limit} nodes")
        return int(v)

    # -- move generation ---------------------------------------------------------------------
    def _moves(self, p: int, legal: int, tno: int, trick: list[int], led: int) -> list[int]:
        r = self.r
        hand = self.hands[p]
        others = self.inplay & ~hand
        for c in trick:  # the cards of the trick in progress still compete in it
            others |= 1 << c
        suit_masks = r.suit_masks
        pclass = r.pclass
        solo = self.solo
        cover = self.cover
        reps: list[int] = []
        if legal & (legal - 1):
            orders, btw = self.eq[tno]
            downs = self.downs[p]
            for s in range(4):
                cs = legal & suit_masks[s]
                if not cs:
                    continue
                if not cs & (cs - 1):
                    reps.append(cs.bit_length() - 1)
                    continue
                run = 0
                prev = -1
                seen: set[int] = set()
                order = orders[s]
                if order is None:  # rank order is card-id order: the bits, lowest first
                    seq = []
                    m = cs
                    while m:
                        low = m & -m
                        seq.append(low.bit_length() - 1)
                        m ^= low
                else:
                    seq = [c for c in order if cs >> c & 1]
                for c in seq:
                    if (cover and c in cover and downs >> cover[c] & 1) or solo >> c & 1:
                        reps.append(c)  # it turns up another card, or is the Puur: never merged
                        prev = -1
                        run += 1
                        continue
                    if prev >= 0 and btw[prev][c] & others:
                        run += 1
                    k = run * 1024 + pclass[c]
                    if k not in seen:
                        seen.add(k)
                        reps.append(c)
                    prev = c
            rest = legal & ~(suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3])
            if rest:  # Jokers: all of one strength and points
                reps.append(rest.bit_length() - 1)
        else:
            reps.append(legal.bit_length() - 1)
        if len(reps) < 2:
            return reps
        # Ordering: cheap heuristics for the side to move.
        ww = self.wants_win[p]
        known = self.known
        points = r.points_at(tno, known)
        if not trick:
            tabs = r.tables_at(tno, known)
            if ww:
                reps.sort(key=lambda c: -tabs[r.suit_of[c] if r.suit_of[c] >= 0 else 4][c])
            else:
                reps.sort(key=lambda c: tabs[r.suit_of[c] if r.suit_of[c] >= 0 else 4][c])
            return reps
        table = r.tables_at(tno, known)[led if led >= 0 else 4]
        best = -1  # the trick's winner so far: tricks.winning, inlined (the search's hot loop)
        wpos = 0
        for i, c in enumerate(trick):
            if table[c] >= best:
                best, wpos = table[c], i
        winner = (p - len(trick) + wpos) % self.n
        partner = self.is_max[winner] == self.is_max[p]
        if ww:
            if partner:
                reps.sort(key=lambda c: (-points[c], table[c]))
            else:
                reps.sort(key=lambda c: (0, table[c]) if table[c] >= best else (1, points[c]))
        else:
            reps.sort(key=lambda c: (0, -table[c]) if table[c] < best else (1, table[c]))
        return reps

    # -- search --------------------------------------------------------------------------------
    def trick_start(self, leader: int, tno: int, alpha: int, beta: int, rem: int) -> int:
        """Value of the rest of the round from the start of trick ``tno`` led by ``leader``."""
        if tno == self.r.n_tricks:
            return 0
        hands = self.hands
        if self.jass:  # the points still to win, bounded afresh (values change by trick)
            rem = self._bound(tno, self.inplay | self.unval)
            key: tuple[int, ...] = (*hands, leader, self.pay_all, self.known, self.unval)
        elif self.straw:
            key = (*hands, leader, sum(self.downs))
        else:
            key = (*hands, leader)
        if rem <= alpha:
            return rem
        if beta <= 0:
            return 0
        st = self.stats
        st.tt_probes += 1
        ent = self.tt.get(key)
        first = -1
        if ent is not None:
            st.tt_hits += 1
            lo, hi, first = ent
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            if alpha >= beta:
                return alpha
        v, bm = self.play(leader, tno, [], -1, leader, alpha, beta, rem, first)
        if v <= alpha:
            lo0, hi0 = 0, v
        elif v >= beta:
            lo0, hi0 = v, rem
        else:
            lo0 = hi0 = v
        if ent is not None:
            lo0 = max(lo0, ent[0])
            hi0 = min(hi0, ent[1])
        self.tt[key] = (lo0, hi0, bm)
        return v

    def play(self, p: int, tno: int, trick: list[int], led: int, leader: int, alpha: int,
             beta: int, rem: int, first: int = -1) -> tuple[int, int]:
        """Value and best card for seat ``p`` to play into ``trick`` (cards so far)."""
        r = self.r
        n = self.n
        st = self.stats
        st.nodes += 1
        if st.nodes > self.node_limit:
            raise SearchLimit(f"more than {self.node_limit} nodes")
        hands = self.hands
        playable = hands[p]
        fn = r.legal_at(tno, self.known) if self.jass else r.legal_fn
        if fn is not None:
            legal = fn(playable, led, trick)
        elif led < 0:
            legal = playable
        else:
            f = playable & r.suit_masks[led]
            legal = (f | (playable & r.extra[led])) if f else playable
        moves = self._moves(p, legal, tno, trick, led)
        sets_trump = self.tutti and self.known < 0 and led >= 0
        if first >= 0 and first in moves and moves[0] != first:
            moves.remove(first)
            moves.insert(0, first)
        maxing = self.is_max[p]
        best_v = -INF if maxing else INF
        best_c = moves[0]
        suit_of = r.suit_of
        cover = self.cover
        downs = self.downs
        for c in moves:
            bit = 1 << c
            hands[p] ^= bit
            self.inplay ^= bit
            trick.append(c)
            nled = led if led >= 0 else suit_of[c]
            revealed = -1
            if cover and c in cover and downs[p] >> cover[c] & 1:
                revealed = cover[c]
            if revealed >= 0:
                self.pend.append((p, revealed))
            setk = sets_trump and suit_of[c] != led
            if setk:  # Tutti: the first card off the led suit sets trump
                self.known = suit_of[c]
            if len(trick) < n:
                v, _ = self.play((p + 1) % n, tno, trick, nled, leader, alpha, beta, rem)
            else:
                v = self._end_trick(tno, trick, nled, leader, alpha, beta, rem)
            if setk:
                self.known = -1
            if revealed >= 0:
                self.pend.pop()
            trick.pop()
            self.inplay ^= bit
            hands[p] ^= bit
            if maxing:
                if v > best_v:
                    best_v, best_c = v, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best_v:
                    best_v, best_c = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        return best_v, best_c

    pend: list[tuple[int, int]]

    def _end_trick(self, tno: int, trick: list[int], led: int, leader: int, alpha: int,
                   beta: int, rem: int) -> int:
        if self.jass:
            return self._end_trick_jass(tno, trick, led, leader, alpha, beta)
        r = self.r
        n = self.n
        table = r.tables[tno][led if led >= 0 else 4]
        best = -1  # tricks.winning, inlined with the points (the search's hot loop)
        wpos = 0
        pts = 0
        points = r.points
        for i, c in enumerate(trick):
            pts += points[c]
            if table[c] >= best:
                best, wpos = table[c], i
        w = (leader + wpos) % n
        gain = 0
        if tno + 1 == r.n_tricks:
            gain = pts + r.last_trick_bonus if self.is_pay[w] else 0
            if self.set_aside:  # D9
                a, b = self.set_aside
                high, low = (a, b) if r.rank_of[a] >= r.rank_of[b] else (b, a)
                if self.is_pay[w]:
                    gain += points[high]
                if self.is_pay[(w + 1) % n]:
                    gain += points[low]
            return gain
        if self.is_pay[w]:
            gain = pts
        pend = self.pend
        if pend:
            saved = list(pend)
            for owner, c in saved:
                self.downs[owner] ^= 1 << c
                self.hands[owner] |= 1 << c
            self.pend = []
            v = gain + self.trick_start(w, tno + 1, alpha - gain, beta - gain, rem - pts)
            self.pend = pend
            for owner, c in saved:
                self.hands[owner] &= ~(1 << c)
                self.downs[owner] |= 1 << c
            return v
        return gain + self.trick_start(w, tno + 1, alpha - gain, beta - gain, rem - pts)

    def _end_trick_jass(self, tno: int, trick: list[int], led: int, leader: int, alpha: int,
                        beta: int) -> int:
        """A Jass trick's end: its points (Tutti: once its trump is known, at that trump's
        values for every trick; never set: no trump), the last-trick bonus and the Match."""
        r = self.r
        known = self.known
        table = r.tables_at(tno, known)[led]
        best = -1  # tricks.winning, inlined with the trick's mask (the search's hot loop)
        wpos = 0
        tmask = 0
        for i, c in enumerate(trick):
            tmask |= 1 << c
            if table[c] >= best:
                best, wpos = table[c], i
        w = (leader + wpos) % self.n
        pay = self.is_pay[w]
        last = tno + 1 == r.n_tricks
        unval = self.unval
        if self.tutti:
            if known < 0 and not last:  # values wait for the trump
                if pay:
                    self.unval = unval | tmask
                gain = 0
            else:
                vals = r.tutti_values[known + 1]
                m = (unval | tmask) if pay else unval
                gain = 0
                while m:
                    low = m & -m
                    gain += vals[low.bit_length() - 1]
                    m ^= low
                self.unval = 0
        else:
            gain = 0
            if pay:
                pts = r.points_at(tno)
                for c in trick:
                    gain += pts[c]
        if last:
            self.unval = unval
            if pay:
                gain += r.last_trick_bonus
                if self.pay_all:
                    gain += self.match
            return gain
        pay_all = self.pay_all
        if not pay:
            self.pay_all = False
        v = gain + self.trick_start(w, tno + 1, alpha - gain, beta - gain, 0)
        self.pay_all = pay_all
        self.unval = unval
        return v

    def _bound(self, tno: int, mask: int) -> int:
        """Jass: at most the points of ``mask`` (each card at its highest value in a trick
        still to come), the last-trick bonus, and the Match while the payees may still take
        every trick."""
        tab = self.bound_tab[tno]
        b = self.r.last_trick_bonus + (self.match if self.pay_all else 0)
        k = 0
        while mask:
            b += tab[k][mask & 255]
            mask >>= 8
            k += 1
        return b
