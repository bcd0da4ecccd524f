"""A double-dummy solver for one round of card play: every hand open, exact best play.

:func:`solve` answers, from any position of a round's play (face-down straw cards and the two
set-aside cards of the two-player game included), the card points plus last-trick bonus that
the side to move ends the round with under best play by both sides, and every card that
achieves it. Sides: the declarer's side against the defenders (the declarer plays alone against
the others, RULES B; in team games these are the teams); ``sides="individual"`` plays the seat
to move against all the others instead. In an Avoidance row every side aims low (RULES R), so
the side to move minimises its own points.

The search is alpha-beta over single card plays with a transposition table at trick starts keyed
on the cards still held (and who leads), move ordering (the table's best move first, then cheap
heuristics), equivalent-card pruning (cards of one seat adjacent in every rank order still to
come, with equal points, are one move) and bounds from the points still in play.

Every Jass ruleset and mode is solved the same way from a :class:`chaitea.driver.JassState`
(:func:`chaitea.kernel.jass_rules_for`; the value is one side's round score, see :func:`solve`).
With numba installed the search runs compiled (:mod:`chaitea._nbsolver`, compiled once per
process on the first search of six tricks or more, about 8 s of CPU; ``CHAITEA_NO_NUMBA=1``
keeps the pure-Python search; both give the same values and best moves). ``numba=`` on
:func:`solve_position` and :func:`card_values` forces one or the other (``None``: automatic).

The public names for bots (the Monte Carlo bot's inner loop, for Chai Tea Jazz and Jass alike):
``rules_of(state)`` / ``position_of(state)`` (or a sampled world's :class:`Position`), then
:func:`card_values` ``(rules, pos, moves, sides=..., scored=...)`` -> ``{card: exact value}``
for the legal cards (equivalent cards solved once), :func:`solve_position` -> ``(value,
best cards, stats)``, and :func:`scored_side` (Jass: whose score a value is; pass ``scored=`` to
fix it, e.g. the bot's own side, when the seat to move is not on it).

>>> import chaitea
>>> state = chaitea.Game(players=3).round_state(1, 0, "trump(H)")
>>> while state.trick_number < 9:   # play the first nine tricks with the first legal card
...     state.apply_action(state.legal_actions()[0])
>>> value, best = chaitea.solve(state)   # seat 2 leads; the defenders can take 98 in all
>>> state.current_player(), value, state.legal_moves(), [state.game.action_to_string(a)
...                                                      for a in best]
(2, 98, ['7D', '8D', '5S'], ['7D', '8D'])
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import _nbsolver as _nb
from .game import GameState
from .kernel import Position, Rules, bits, position_of, rules_of

if TYPE_CHECKING:
    from .driver import JassState

__all__ = ["SearchLimit", "SearchStats", "Solver", "card_values", "scored_side", "solve",
           "solve_position"]

INF = 1 << 30


@dataclass
class SearchStats:
    """Counters of one search: nodes (card plays tried), transposition-table probes and hits."""

    nodes: int = 0
    tt_probes: int = 0
    tt_hits: int = 0
    tt_size: int = 0

    @property
    def hit_rate(self) -> float:
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0


class SearchLimit(RuntimeError):
    """Raised when a search passes its node limit (benchmarks cap long solves with it)."""


class Solver:
    """An alpha-beta search over one :class:`~chaitea.kernel.Position` for a fixed maximiser.

    ``maxers``: seats that maximise; ``payees``: seats whose won points count. The value is the
    payees' points from the position on (including what the trick in progress brings).
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
        self.nb = bool(use_numba) and _nb.fits(rules, self.straw or bool(pos.set_aside)) and \
            (use_numba is True or _nb.worth(rules, self.inplay.bit_count()))
        if self.nb:
            self._nb_setup()

    # -- the compiled search (chaitea._nbsolver) ----------------------------------------------
    def _nb_setup(self) -> None:
        f = _nb.flat_rules(self.r)
        n = self.n
        self.flat = f
        self.nb_R = f.for_sides(self.is_max, self.is_pay, self.wants_win)
        depth = f.n_tricks * n + 1
        S = np.zeros(_nb.TR0 + f.n_tricks * n + 2 * depth * _nb.MAX_MOVES, np.int64)
        S[_nb.MB] = _nb.TR0 + f.n_tricks * n
        S[_nb.KB] = S[_nb.MB] + depth * _nb.MAX_MOVES
        S[_nb.ST_PAYALL] = int(self.pay_all)
        S[_nb.ST_LIMIT] = min(self.node_limit, (1 << 62))
        self.nb_S = S
        left = self.inplay.bit_count()
        bits_ = 12 if left <= 16 else 16 if left <= 24 else 20
        self.nb_TT = np.zeros((1 << bits_, n + 4), np.int64)

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
                                   self.nb_TT)
        st = self.stats
        st.nodes, st.tt_probes, st.tt_hits = (int(S[_nb.ST_NODES]), int(S[_nb.ST_PROBES]),
                                              int(S[_nb.ST_HITS]))
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
        best = -1
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
        best = -1
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
        best = -1
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

    # -- the root --------------------------------------------------------------------------------
    def root_values(self, moves: list[int] | None = None) -> dict[int, int]:
        """Exact value of each legal card of the seat to move (all of them when ``moves`` is
        ``None``; equivalent cards are solved once)."""
        pos = self.pos0
        r = self.r
        p = pos.turn
        rem = self.remaining()
        self.pend = list(self.pending0)
        playable = self.hands[p]
        led = pos.led
        fn = r.legal_at(pos.trick_no, self.known) if self.jass else r.legal_fn
        if fn is not None:
            legal = fn(playable, led, pos.trick)
        elif led < 0:
            legal = playable
        else:
            f = playable & r.suit_masks[led]
            legal = (f | (playable & r.extra[led])) if f else playable
        reps = self._moves(p, legal, pos.trick_no, list(pos.trick), led)
        equiv = self._equivalents(p, legal, pos.trick_no, reps, list(pos.trick))
        out: dict[int, int] = {}
        for c in reps:
            targets = [x for x in equiv[c] if moves is None or x in moves]
            if not targets:
                continue
            def test(a: int, b: int, c: int = c) -> int:
                return self._value_after(c, rem, a, b)

            v = self._mtd(test, rem)
            for x in targets:
                out[x] = v
        return out

    def best(self) -> tuple[int, list[int]]:
        """The exact value and every card that achieves it (zero-window tests per card)."""
        v = self.value()
        pos = self.pos0
        r = self.r
        p = pos.turn
        rem = self.remaining()
        self.pend = list(self.pending0)
        playable = self.hands[p]
        led = pos.led
        fn = r.legal_at(pos.trick_no, self.known) if self.jass else r.legal_fn
        if fn is not None:
            legal = fn(playable, led, pos.trick)
        elif led < 0:
            legal = playable
        else:
            f = playable & r.suit_masks[led]
            legal = (f | (playable & r.extra[led])) if f else playable
        reps = self._moves(p, legal, pos.trick_no, list(pos.trick), led)
        equiv = self._equivalents(p, legal, pos.trick_no, reps, list(pos.trick))
        out: list[int] = []
        maxing = self.is_max[p]
        for c in reps:
            if maxing:  # does c reach v? (value >= v)
                ok = self._value_after(c, rem, v - 1, v) >= v
            else:
                ok = self._value_after(c, rem, v, v + 1) <= v
            if ok:
                out += equiv[c]
        return v, sorted(out)

    @staticmethod
    def _mtd(fn: Callable[[int, int], int], rem: int) -> int:
        """The exact value by zero-window tests (a bisection on [0, rem], MTD style)."""
        lo, hi = 0, rem
        while lo < hi:
            mid = (lo + hi + 1) // 2
            v = fn(mid - 1, mid)
            if v >= mid:
                lo = v
            else:
                hi = v
        return lo

    def _equivalents(self, p: int, legal: int, tno: int, reps: list[int],
                     trick: list[int]) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {c: [c] for c in reps}
        for c in bits(legal):
            if c in out:
                continue
            # c was merged into a representative: find it (same suit, same points, same run).
            for rep in reps:
                if self._same_move(p, c, rep, tno, trick):
                    out[rep].append(c)
                    break
            else:  # pragma: no cover - every merged card has a representative
                out[c] = [c]
        return out

    def _same_move(self, p: int, a: int, b: int, tno: int, trick: list[int]) -> bool:
        r = self.r
        if r.suit_of[a] != r.suit_of[b] or r.pclass[a] != r.pclass[b]:
            return False
        if r.suit_of[a] < 0:
            return True
        one = (1 << a) | (1 << b)
        return len(self._moves(p, one, tno, trick, -1)) == 1

    def _value_after(self, c: int, rem: int, alpha: int = -INF, beta: int = INF) -> int:
        pos = self.pos0
        p = pos.turn
        r = self.r
        n = self.n
        trick = list(pos.trick)
        bit = 1 << c
        self.hands[p] ^= bit
        self.inplay ^= bit
        trick.append(c)
        nled = pos.led if pos.led >= 0 else r.suit_of[c]
        if self.nb:
            try:
                return self._nb_node((p + 1) % n, pos.trick_no, trick, nled, pos.leader,
                                     alpha, beta)
            finally:
                self.inplay ^= bit
                self.hands[p] ^= bit
        revealed = -1
        if c in self.cover and self.downs[p] >> self.cover[c] & 1:
            revealed = self.cover[c]
            self.pend.append((p, revealed))
        setk = self.tutti and self.known < 0 and pos.led >= 0 and r.suit_of[c] != pos.led
        if setk:
            self.known = r.suit_of[c]
        if len(trick) < n:
            v, _ = self.play((p + 1) % n, pos.trick_no, trick, nled, pos.leader, alpha, beta,
                             rem)
        else:
            v = self._end_trick(pos.trick_no, trick, nled, pos.leader, alpha, beta, rem)
        if setk:
            self.known = -1
        if revealed >= 0:
            self.pend.pop()
        self.inplay ^= bit
        self.hands[p] ^= bit
        return v

    def remaining(self) -> int:
        r = self.r
        pts = r.points
        m = self.inplay
        for c in self.pos0.trick:
            m |= 1 << c
        if self.jass:
            return self._bound(self.pos0.trick_no, m | self.unval)
        total = sum(pts[c] for c in bits(m)) + sum(pts[c] for c in self.set_aside)
        return total + (r.last_trick_bonus if self.pos0.trick_no < r.n_tricks else 0)

    def value(self) -> int:
        """The exact value of the position (payees' points from here on)."""
        pos = self.pos0
        rem = self.remaining()

        def test(alpha: int, beta: int) -> int:
            self.pend = list(self.pending0)
            if self.nb:
                return self._nb_node(pos.turn, pos.trick_no, list(pos.trick), pos.led,
                                     pos.leader, alpha, beta)
            if not pos.trick and not self.pend:
                return self.trick_start(pos.turn, pos.trick_no, alpha, beta, rem)
            return self.play(pos.turn, pos.trick_no, list(pos.trick), pos.led, pos.leader,
                             alpha, beta, rem)[0]

        return self._mtd(test, rem)


_EqTables = tuple[list[list[int] | None], list[list[int]]]
_EQ_CACHE: weakref.WeakKeyDictionary[Rules, list[_EqTables]] = weakref.WeakKeyDictionary()


def _equivalence_tables(rules: Rules) -> list[_EqTables]:
    """Per trick: each suit's cards in the first remaining rank order, and ``btw[a][b]``, the
    cards that lie between ``a`` and ``b`` (or tie with either) in some rank order still to
    come. Two cards of one seat with nothing of another seat between them, and equal points,
    are one move."""
    hit = _EQ_CACHE.get(rules)
    if hit is not None:
        return hit
    n = rules.n_cards
    by_combo: dict[tuple[int, ...], _EqTables] = {}
    out = []
    for lads in rules.ladders:
        key = tuple(id(x) for x in lads)
        if key not in by_combo:
            btw = [[0] * n for _ in range(n)]
            for lad in lads:
                for groups in lad:
                    where = {c: k for k, g in enumerate(groups) for c in g}
                    gmask = [sum(1 << c for c in g) for g in groups]
                    for a in where:
                        for b in where:
                            if a == b:
                                continue
                            lo, hi = sorted((where[a], where[b]))
                            m = 0
                            for k in range(lo + 1, hi):
                                m |= gmask[k]
                            m |= (gmask[lo] | gmask[hi]) & ~((1 << a) | (1 << b))
                            btw[a][b] |= m
            orders: list[list[int] | None] = []
            for groups in lads[0]:
                seq = [c for g in groups for c in g]
                # card-id order (either way: adjacency is the same) needs no list walk
                orders.append(None if seq == sorted(seq) or seq == sorted(seq, reverse=True)
                              else seq)
            by_combo[key] = (orders, btw)
        out.append(by_combo[key])
    _EQ_CACHE[rules] = out
    return out


_BOUND_CACHE: weakref.WeakKeyDictionary[Rules, list[list[list[int]]]] = \
    weakref.WeakKeyDictionary()


def _bound_tables(rules: Rules) -> list[list[list[int]]]:
    """Per trick, per byte of a card mask, the most those cards can score in the tricks still
    to come (Tutti: at any trump's final values)."""
    hit = _BOUND_CACHE.get(rules)
    if hit is not None:
        return hit
    n_c = rules.n_cards
    if rules.tutti:
        tabs = list(rules.tutti_values)
        per_trick = [[max(t[c] for t in tabs) for c in range(n_c)]] * rules.n_tricks
    else:
        pts = [rules.points_at(t) for t in range(rules.n_tricks)]
        per_trick = [[max(pts[u][c] for u in range(t, rules.n_tricks)) for c in range(n_c)]
                     for t in range(rules.n_tricks)]
    out = []
    for best in per_trick:
        chunks = []
        for k in range((n_c + 7) // 8):
            row = [0] * 256
            for m in range(1, 256):
                low = (m & -m).bit_length() - 1
                c = 8 * k + low
                row[m] = row[m & (m - 1)] + (best[c] if c < n_c else 0)
            chunks.append(row)
        out.append(chunks)
    _BOUND_CACHE[rules] = out
    return out


def scored_side(rules: Rules, pos: Position, sides: str = "declarer") -> int:
    """Jass: the side whose score the solver's value is (RULES J). ``sides="declarer"``: the
    declarer's side where the pad writes the forehand's row score (Coiffeur-Schieber,
    Coiffeur; ``rules.scored_by``), else the side to move's own (Schieber: its team; basic
    Jass: the player); ``"individual"``: the side to move's own score."""
    if sides not in ("declarer", "individual"):
        raise ValueError(f"sides must be 'declarer' or 'individual', not {sides!r}")
    if sides == "declarer" and rules.scored_by == "declarer":
        return rules.side_of[rules.declarer]
    return rules.side_of[pos.turn]


def _sides(rules: Rules, pos: Position, sides: str,
           scored: int | None = None) -> tuple[frozenset[int], frozenset[int]]:
    n = rules.players
    p = pos.turn
    if rules.jass:  # one side's score (points, bonus, Match); Misère: that side aims low
        side = scored_side(rules, pos, sides) if scored is None else scored
        seats = frozenset(s for s in range(n) if rules.side_of[s] == side)
        return (frozenset(range(n)) - seats if rules.avoidance else seats), seats
    if sides == "individual":  # the seat to move against all others (team games: its team)
        mine = frozenset(s for s in range(n) if rules.side_of[s] == rules.side_of[p])
    elif sides == "declarer":
        d = rules.declarer
        dside = frozenset(s for s in range(n) if rules.side_of[s] == rules.side_of[d])
        mine = dside if p in dside else frozenset(range(n)) - dside
    else:
        raise ValueError(f"sides must be 'declarer' or 'individual', not {sides!r}")
    payees = frozenset(range(n)) - mine if rules.avoidance else mine
    return mine, payees


def solve_position(rules: Rules, pos: Position, *, sides: str = "declarer",
                   all_best: bool = True, node_limit: int | None = None,
                   scored: int | None = None, numba: bool | None = None,
                   ) -> tuple[int, list[int], SearchStats]:
    """:func:`solve` on a kernel position: (value for the side to move, best cards, stats).
    ``node_limit`` raises :class:`SearchLimit` past that many nodes. Jass: ``scored`` names
    the side whose score is the value (default :func:`scored_side`)."""
    if pos.done:
        raise ValueError("the round is over: nothing is left to solve")
    mine, payees = _sides(rules, pos, sides, scored)
    s = Solver(rules, pos, mine, payees, node_limit=node_limit, use_numba=numba)
    if all_best:
        raw, cards = s.best()
    else:
        raw = s.value()
        cards = []
    s.stats.tt_size = int(np.count_nonzero(s.nb_TT[:, s.n])) if s.nb else len(s.tt)
    if rules.jass:
        return _jass_banked(rules, pos, payees) + raw, cards, s.stats
    if rules.avoidance:  # payees are the other side: the mover's side holds all the rest
        value = sum(pos.won) + s.remaining() - _banked(rules, pos, payees) - raw
    else:
        value = _banked(rules, pos, mine) + raw
    return value, cards, s.stats


def _jass_banked(rules: Rules, pos: Position, seats: frozenset[int]) -> int:
    """Jass: the points the scored side has banked (Tutti: at the set trump's values; while
    unset the solver counts them when it is set)."""
    side = rules.side_of[next(iter(seats))]
    if not rules.tutti:
        return pos.won[side]
    if pos.known < 0:
        return 0
    vals = rules.tutti_values[pos.known + 1]
    return sum(vals[c] for c in bits(pos.won_cards[side]))


def _banked(rules: Rules, pos: Position, seats: frozenset[int]) -> int:
    sides = {rules.side_of[q] for q in seats}
    return sum(pos.won[x] for x in sides)


def card_values(rules: Rules, pos: Position, moves: list[int] | None = None, *,
                sides: str = "declarer", scored: int | None = None,
                numba: bool | None = None) -> dict[int, int]:
    """Exact value of each legal card (or of ``moves``) of the seat to move: the card points
    (with bonus) its side holds at the end of the round after that card and best play (Jass:
    the score of :func:`scored_side`, or of the side ``scored``: points, bonus, Match)."""
    if pos.done:
        raise ValueError("the round is over: nothing is left to solve")
    mine, payees = _sides(rules, pos, sides, scored)
    s = Solver(rules, pos, mine, payees, use_numba=numba)
    raw = s.root_values(moves)
    if rules.jass:
        banked0 = _jass_banked(rules, pos, payees)
        return {c: banked0 + v for c, v in raw.items()}
    if rules.avoidance:
        total = sum(pos.won) + s.remaining()
        banked = _banked(rules, pos, payees)
        return {c: total - banked - v for c, v in raw.items()}
    banked = _banked(rules, pos, mine)
    return {c: banked + v for c, v in raw.items()}


def solve(state: GameState | JassState, *, sides: str = "declarer") -> tuple[int, list[int]]:
    """Double-dummy value and best actions of the seat to move in a round's play.

    Returns ``(value, best_actions)``: the card points (with the last-trick bonus, and two
    players' set-aside card, D9) that the side to move holds at the end of the round, already
    won ones included, under best play of every hand seen open; and the action ids of every card
    that achieves it. Avoidance rows: the side to move minimises its points (the value is still
    its points, now as few as it can force).

    A Jass-family state (:class:`chaitea.driver.JassState`, every ruleset and mode, RULES J):
    the value is one side's score as the engine writes it for the round, card points with the
    last trick's 5 and the Match's 100 (Weis, Stöck and multipliers are fixed before the play
    and left out): Schieber the side to move's team, basic Jass and ``sides="individual"`` the
    side to move's own, the Coiffeur pads the forehand's row score, which the forehand
    maximises (Misère: minimises) and the others work against (:func:`scored_side`).

    >>> from chaitea.rulesets import jass_game
    >>> st = jass_game("schieber").new_initial_state(seed=3)
    >>> st.apply_action("obenabe")
    >>> while len(st.tricks()) < 6:
    ...     st.apply_action(st.legal_actions()[0])
    >>> value, best = solve(st)
    >>> 0 <= value <= 257, all(a in st.legal_actions() for a in best)
    (True, True)
    """
    value, cards, _ = solve_position(rules_of(state), position_of(state), sides=sides)
    return value, cards
