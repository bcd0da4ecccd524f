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

Every Jass ruleset and mode is solved the same way from a :class:`chaitea.engine.driver.JassState`
(:func:`chaitea.ai.kernel.jass_rules_for`; the value is one side's round score, see :func:`solve`).
With numba installed the search runs compiled (:mod:`chaitea.ai._nbsolver`, on the first search
of six tricks or more: compiled once, 6-25 s of CPU, and cached on disk by numba, so a later
process loads it in well under a second; ``CHAITEA_NO_NUMBA=1``
keeps the pure-Python search; both give the same values and best moves). ``numba=`` on
:func:`solve_position` and :func:`card_values` forces one or the other (``None``, the default:
compiled where it fits and pays, :func:`chaitea.ai._nbsolver.worth`; a dashboard's kernel never
starts the compile, :mod:`chaitea.ai.compile_policy`).

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

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from chaitea.ai._search import INF as INF
from chaitea.ai._search import Search
from chaitea.ai._search import SearchLimit as SearchLimit
from chaitea.ai._search import SearchStats as SearchStats
from chaitea.ai._search_tables import _bound_tables as _bound_tables
from chaitea.ai._search_tables import _equivalence_tables as _equivalence_tables
from chaitea.ai.kernel import Position, Rules, bits, position_of, rules_of
from chaitea.engine.game import GameState

if TYPE_CHECKING:
    from chaitea.engine.driver import JassState

# Solver._mtd from a guess: this many unit steps before the steps double (measured: 4 and 8
# and plain MTD(f) cost the same nodes on card_values loops, within 2%).
_UNIT_STEPS = 4

__all__ = ["SearchLimit", "SearchStats", "Solver", "card_values", "scored_side", "solve",
           "solve_position"]


class Solver(Search):
    """An alpha-beta search over one :class:`~chaitea.ai.kernel.Position` for a fixed maximiser.

    ``maxers``: seats that maximise; ``payees``: seats whose won points count. The value is the
    payees' points from the position on (including what the trick in progress brings). The tree
    below the root is :class:`chaitea.ai._search.Search`.
    """

    # -- the root --------------------------------------------------------------------------------
    def root_values(self, moves: list[int] | None = None) -> dict[int, int]:
        """Exact value of each legal card of the seat to move (all of them when ``moves`` is
        ``None``; equivalent cards are solved once). The cards share the transposition table,
        and each card's value is the next card's first guess (:meth:`_mtd`; measured: on
        card_values loops 15% fewer nodes at 9 tricks left, 12% on Schieber at 8)."""
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
        guess: int | None = None
        for c in reps:
            targets = [x for x in equiv[c] if moves is None or x in moves]
            if not targets:
                continue
            def test(a: int, b: int, c: int = c) -> int:
                return self._value_after(c, rem, a, b)

            v = self._mtd(test, rem, guess)
            guess = v
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
    def _mtd(fn: Callable[[int, int], int], rem: int, guess: int | None = None) -> int:
        """The exact value by zero-window tests ``fn(b - 1, b)`` (fail-soft: a test failing
        high returns a lower bound, failing low an upper bound; each moves ``lo`` or ``hi``).

        No ``guess``: a first test at 1 (does the side take anything at all?), then a
        bisection on what is left (MTD style). The first test is cheap when the value is not 0
        (one line that wins a point; its fail-soft lower bound is often well above 1), and when
        the value is 0 it is the whole solve: a bisection from the middle needs about eight
        tests to come down to 0, the costly ones near it (measured on Schieber from the first
        lead: the two deals of value 0 among 12 took 9.5M and 5.0M nodes, now 1.1M and 0.75M).
        With a ``guess`` (the
        previous card's value in :meth:`root_values`): MTD(f) steps from it (test at the guess,
        then next to the bound each test returns), unit steps first and then doubling ones
        (tests near the value are the costly ones, so a good guess saves most of the bisection's
        tests; a poor one costs a few cheap tests), until a test fails on the other side; then
        the bisection of what is left.
        """
        lo, hi = 0, rem
        if guess is not None and lo < hi:
            b = min(max(guess, lo + 1), hi)
            d = 1
            up = None
            steps = 0
            while lo < hi:
                v = fn(b - 1, b)
                if v >= b:
                    lo = v
                    if up is False:
                        break
                    up = True
                    b = min(lo + d, hi)
                else:
                    hi = v
                    if up is True:
                        break
                    up = False
                    b = max(hi - d + 1, lo + 1)
                steps += 1
                if steps >= _UNIT_STEPS:
                    d *= 2
        elif lo < hi:
            v = fn(0, 1)
            if v >= 1:
                lo = v
            else:
                hi = v
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

    A Jass-family state (:class:`chaitea.engine.driver.JassState`, every ruleset and mode, RULES J):
    the value is one side's score as the engine writes it for the round, card points with the
    last trick's 5 and the Match's 100 (Weis, Stöck and multipliers are fixed before the play
    and left out): Schieber the side to move's team, basic Jass and ``sides="individual"`` the
    side to move's own, the Coiffeur pads the forehand's row score, which the forehand
    maximises (Misère: minimises) and the others work against (:func:`scored_side`).

    >>> from chaitea.rulesets import jass_game
    >>> st = jass_game("schieber").new_initial_state(seed=3)
    >>> st.apply_action("obenabe")
    >>> while len(st.trick_ids()) < 6:
    ...     st.apply_action(st.legal_actions()[0])
    >>> value, best = solve(st)
    >>> 0 <= value <= 257, all(a in st.legal_actions() for a in best)
    (True, True)
    """
    value, cards, _ = solve_position(rules_of(state), position_of(state), sides=sides)
    return value, cards
