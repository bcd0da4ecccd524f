"""The play step: one trick-play path for every game of the kit, on the round's tables.

Chai Tea Jazz's :class:`~chaitea.engine.game.GameState` and the Jass family's
:class:`~chaitea.engine.driver.JassState` play their cards here. Per trick the state reads one
:class:`~chaitea.core.round_tables.TrickTables` (the trump in force, the strength tables by led
suit, the card points, the follow rule bound to that trump and the same rule as masks by led
suit): from the round's tables when every trick's trump is known at the deal, or from the
game's ``trick_tables_of`` when a player names it (3x3) or a card sets it (Tutti). The hot path
of :meth:`PlayStep.apply_action` plays a legal card id and keeps the next seat's legal mask (its
playable cards: the hand and, D7, its face-up straw cards) from the masks (no call, no
allocation); a Joker lead's trick (D6), Tutti's trick until a card sets the trump, and rules
not of the masks' shape (the ``mittlere`` rule with a trump, the Jass double deck's trump
games) take :meth:`PlayStep._do_play`, which keeps the mask by the rule's ``legal``. The trick
ends once, in :meth:`_end_trick`, by :func:`chaitea.core.tricks.end_trick` (D2: of equal
strengths the later-played card wins).

A state supplies the family's parts: ``_apply_slow`` (the other actions) and ``_round_over``
(the round is played: the scoring part writes it). A legal picking id is handed to the pick step
(:mod:`chaitea.engine.pick_step`), whose situation keeps the legal ids.

>>> from chaitea import Game
>>> for game in (Game(players=3), Game(ruleset="schieber")):
...     state = game.new_initial_state(seed=2)
...     while state.phase != "play":
...         state.apply_action(state.legal_actions()[0])
...     isinstance(state, PlayStep), state._leads is not None
(True, True)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from chaitea.core.bits import CHUNK, CHUNK_MASK, IDS0, IDS12, IDS24
from chaitea.core.following import Lead
from chaitea.core.round_tables import PlayPlan, TrickTables
from chaitea.core.tricks import TrickRule, TrumpSetting, end_trick, trump_at_start

__all__ = ["PlayStep"]

_C = TypeVar("_C")

try:  # mypyc reads the class's attributes from it (chaitea.core.compiled)
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - an install without mypy's extensions runs as Python
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_C], _C]:
        return lambda cls: cls


@mypyc_attr(allow_interpreted_subclasses=True)
class PlayStep:
    """Trick play over the state's fields (the state declares and sets them).

    Compiled (:mod:`chaitea.core.compiled`), the fields declared here are the class's native
    attributes (typed, outside the instance ``__dict__``: a clone copies them in
    :meth:`_copy_play`, pickling by name through :func:`chaitea.engine.machine.fields_of`);
    the families' states are interpreted subclasses."""

    game: Any
    _phase: str
    _n: int
    _side_of: tuple[int, ...]
    _suit_of: tuple[int, ...]
    _bits: list[tuple[tuple[int, ...], ...]]  # the deck's chunk tables (chaitea.core.bits)
    _hands: list[int]  # per seat the playable cards: the hand and the face-up straw cards (D7)
    _straw_up: list[int]  # the face-up straw cards dealt or turned up (D7): those still on the
    # piles are ``_straw_up & _hands`` (a played card leaves _hands only)
    _straw_down: list[int]  # the face-down straw cards (D7)
    _acts: list[int]
    _trick: list[int]
    _leader: int
    _turn: int
    _led: int  # the led suit; -1 before the first suited card (a Joker lead leaves it unset)
    _trick_no: int
    _n_tricks: int
    _side_points: list[int]
    _tricks_won: list[int]
    _tricks: list[tuple[int, tuple[int, ...], int]]
    _cover: tuple[int, ...]  # per card id the straw card under it, or -1 (D7; else empty)
    _lm: int  # the legal mask of the seat to play; -1: not known, or not in play
    _leads: tuple[Lead, ...] | None  # the trick's masks by led suit (None: _legal's path)
    _fl: Any  # the led suit's entry of _leads (a Lead; None before a trick's lead)
    _fb: int  # the cards a follower may no longer play (Jass: no undertrumping)
    _tt: TrickTables | None  # the trick's tables
    _legal: Any  # the trick's legal-mask function (hand, led, trick) -> mask
    _strength: tuple[tuple[int, ...], ...]  # by led suit (index 4 or -1: no suit led)
    _values: tuple[int, ...]  # card points
    _trump: int  # the trump in force (-1: none)
    _bonus: int  # the last trick's bonus
    _static: tuple[TrickTables, ...] | None  # every trick's tables, when known at the deal
    _rules: tuple[TrickRule, ...]
    _chosen: tuple[int, ...]  # per trick the trump a player named (3x3), else -1
    _known: int  # Tutti: the trump a card set (-1: not yet)
    _dynamic: bool  # a card of this trick may still set the trump (Tutti)
    _contract: Any
    _situation: Any  # the picking situation (chaitea.engine.pick_step), its legal ids kept

    # -- a clone's fields (compiled) ---------------------------------------------------------
    def _copy_play(self, c: PlayStep) -> None:
        """Compiled (:mod:`chaitea.core.compiled`): copy the fields declared above, which live
        outside the instance ``__dict__``, into the clone ``c``; each list a play changes in
        place is a new list (:meth:`StateMachine.clone
        <chaitea.engine.machine.StateMachine.clone>` calls it; run as Python the fields are
        in ``__dict__`` and a clone copies them there)."""
        c.game = self.game
        c._phase = self._phase
        c._n = self._n
        c._side_of = self._side_of
        c._suit_of = self._suit_of
        c._bits = self._bits
        c._hands = list(self._hands)
        c._straw_up = list(self._straw_up)
        c._straw_down = list(self._straw_down)
        c._acts = list(self._acts)
        c._trick = list(self._trick)
        c._leader = self._leader
        c._turn = self._turn
        c._led = self._led
        c._trick_no = self._trick_no
        c._n_tricks = self._n_tricks
        c._side_points = list(self._side_points)
        c._tricks_won = list(self._tricks_won)
        c._tricks = list(self._tricks)
        c._cover = self._cover
        c._lm = self._lm
        c._leads = self._leads
        c._fl = self._fl
        c._fb = self._fb
        c._tt = self._tt
        c._legal = self._legal
        c._strength = self._strength
        c._values = self._values
        c._trump = self._trump
        c._bonus = self._bonus
        c._static = self._static
        c._rules = self._rules
        c._chosen = self._chosen
        c._known = self._known
        c._dynamic = self._dynamic
        c._contract = self._contract
        c._situation = self._situation

    # -- the family's parts ------------------------------------------------------------------
    def _apply_slow(self, action: Any) -> None:
        raise NotImplementedError

    def _round_over(self, winner: int) -> None:
        raise NotImplementedError

    # -- the state API's play part -----------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """The ids of the legal actions of the seat to act (empty at a chance or terminal
        node)."""
        m = self._lm
        if m < 0:
            if self._phase != "play":
                if self._phase != "picking":
                    return []
                s = self._situation  # the pick step's situation keeps its legal ids
                ids = s.legal_ids
                return list(self.game.picking.legal(self, s) if ids is None else ids)
            m = self._legal_mask()
        if not m >> 36:  # card ids below 36: three table look-ups
            return [*IDS0[m & 4095], *IDS12[m >> 12 & 4095], *IDS24[m >> 24]]
        tables = self._bits  # a wider deck: one look-up per 12 ids
        out: list[int] = []
        k = 0
        while m:
            out += tables[k][m & CHUNK_MASK]
            m >>= CHUNK
            k += 1
        return out

    def apply_action(self, action: Any) -> None:
        """Apply one action (an id, a record spelling or a value); a refusal raises and leaves
        the state unchanged."""
        m = self._lm  # in play the legal mask of the seat to play, kept by every card
        if m >= 0 and type(action) is int and action >= 0 and m >> action & 1:
            # the hot path: a legal card id, played inline on the trick's masks
            leads = self._leads
            if leads is None:  # _legal's path (a Joker lead's trick, Tutti, other rules)
                self._do_play(action)
                return
            trick = self._trick
            k = len(trick)
            if k:  # a follower: what it plays may bar the next (no undertrumping)
                fm, px, tm, barred = self._fl
                fb = self._fb = self._fb | barred[action]
            else:  # the lead: the led suit's masks
                led = self._suit_of[action]
                if led < 0:  # a Joker lead sets no suit (D6)
                    self._do_play(action)
                    return
                self._led = led
                fm, px, tm, _ = self._fl = leads[led]
                fb = self._fb = 0
            seat = self._turn
            hands = self._hands
            hands[seat] ^= 1 << action  # a legal card is playable: its bit is set
            trick.append(action)
            self._acts.append(action)
            n = self._n
            if k == n - 1:  # the trick's last card
                self._lm = -1
                self._end_trick()
                return
            seat = self._turn = seat + 1 if seat + 1 < n else 0
            h = hands[seat]  # the next seat's legal mask (_follow_mask, inlined)
            f = h & fm
            m = f | h & tm if f and f != px else h
            if fb and h & tm != h:
                m &= ~fb
            self._lm = m
            return
        if m < 0 and type(action) is int and self._phase == "picking":
            s = self._situation  # a legal picking id: the pick step applies it
            ids = s.legal_ids
            if action in (self.game.picking.legal(self, s) if ids is None else ids):
                # the pick step's (chaitea.engine.pick_step.PickStep, a later base of the state)
                cast(Any, self)._pick_id(action)
                return
        self._apply_slow(action)

    # -- the play step -----------------------------------------------------------------------
    def _start_tricks(self, plan: PlayPlan, leader: int, trumps: Sequence[int] = ()) -> None:
        """Play starts on the round's plan (the contract's, from its game): ``leader`` leads
        the first trick; ``trumps`` are the trumps a player named (3x3), in order."""
        self._rules = plan.rules
        self._static = plan.tricks
        self._bonus = plan.bonus
        self._chosen = plan.chosen(trumps) if plan.tricks is None else plan.unchosen
        self._known = -1
        self._trick = []
        self._led = -1
        self._trick_no = 0
        self._side_points = [0] * self.game.sides
        self._tricks_won = [0] * self._n
        self._tricks = []
        self._leader = self._turn = leader
        self._phase = "play"
        if plan.tricks is None:
            self._setup_trick()
            return
        self._use(plan.tricks[0])  # _setup_trick's static case, inline
        self._dynamic = False
        self._lm = self._hands[leader]  # the leader may lead any card

    def _legal_mask(self) -> int:
        """The legal mask of the seat to play (kept in ``_lm``; -1 once a part closed it, e.g.
        a renounce pending): its playable cards by the trick's follow rule."""
        m = self._lm
        if m < 0:
            m = self._lm = self._legal(self._hands[self._turn], self._led, self._trick)
        return m

    def _follow_mask(self, h: int) -> int:
        """The legal mask of the follower holding ``h`` by the trick's masks (``apply_action``
        inlines it)."""
        fm, px, tm, _ = self._fl
        f = h & fm
        a = f | h & tm if f and f != px else h
        fb = self._fb
        if fb and h & tm != h:
            a &= ~fb
        return a

    def _use(self, tt: TrickTables) -> None:
        """Play the trick on ``tt``."""
        self._tt = tt
        self._legal = tt.follow.legal
        self._strength = tt.strength
        self._values = tt.points
        self._trump = tt.trump
        self._leads = tt.leads

    def _setup_trick(self) -> None:
        """The trick's tables: the round's when known at the deal, else the game's for the
        trump now in force (3x3: named; Tutti: set by the first non-follower)."""
        static = self._static
        if static is not None:
            self._use(static[self._trick_no])
            self._dynamic = False
        else:
            k = self._trick_no
            rule = self._rules[k]
            t = trump_at_start(rule, self._chosen[k], self._known)
            self._dynamic = rule.trump_setting is TrumpSetting.FIRST_NON_FOLLOWER and t < 0
            self._use(self.game.trick_tables_of(self._contract, k, t))
            if self._dynamic:  # Tutti: a card may change the trick's tables
                self._leads = None
        self._lm = self._hands[self._turn]  # the leader may lead any card (every follow rule)

    def _do_play(self, c: int) -> None:
        """Play the legal card id ``c`` for the seat to play (no checks) and keep the next
        seat's legal mask; a full trick ends in :meth:`_end_trick`."""
        seat = self._turn
        hands = self._hands
        hands[seat] ^= 1 << c  # a legal card is playable: its bit is set
        trick = self._trick
        trick.append(c)
        self._acts.append(c)
        self._lm = -1
        leads = self._leads
        if self._led < 0:
            suit = self._suit_of[c]
            if suit >= 0:  # the first suited card sets the led suit (after a Joker lead, D6)
                self._led = suit
                if leads is not None:
                    self._fl = leads[suit]
                    self._fb = 0
            else:  # a Joker lead (D6): the rest of the trick on _legal's path
                self._leads = leads = None
        elif self._dynamic and (suit := self._suit_of[c]) != self._led:
            self._known = suit  # Tutti: the first non-follower sets trump
            k = self._trick_no
            self._use(self.game.trick_tables_of(
                self._contract, k, trump_at_start(self._rules[k], self._chosen[k], suit)))
            self._dynamic = False
            self._leads = leads = None  # the rest of this trick on _legal's path
        elif leads is not None:
            self._fb |= self._fl[3][c]
        n = self._n
        if len(trick) < n:
            seat = self._turn = seat + 1 if seat + 1 < n else 0
            self._lm = (self._follow_mask(hands[seat]) if leads is not None
                        else self._legal(hands[seat], self._led, trick))
            return
        self._end_trick()

    def _end_trick(self) -> None:
        """The trick is full: its winner takes it (RULES R, J; D2), the straw covers under its
        straw cards turn face up (D7), then the round ends or the winner leads the next
        trick."""
        k = self._trick_no
        last = k == self._n_tricks - 1
        trick = self._trick
        winner = end_trick(trick, self._leader, self._strength[self._led], self._values,
                           self._bonus if last else 0, self._side_of, self._side_points,
                           self._tricks_won, self._tricks)
        cover = self._cover
        if cover:  # two players' straw-piles (D7): under a face-up straw card played in the
            # trick, the face-down card turns face up, playable from the next trick
            for i, c in enumerate(trick):
                under = cover[c]
                if under >= 0:
                    seat = (self._leader + i) % self._n
                    self._straw_up[seat] |= 1 << under
                    self._straw_down[seat] &= ~(1 << under)
                    self._hands[seat] |= 1 << under
        if last:
            self._round_over(winner)
            return
        self._trick_no = k = k + 1
        self._trick = []
        self._leader = self._turn = winner
        self._led = -1
        static = self._static
        if static is not None:  # _setup_trick's static case, inline
            tt = static[k]
            if self._leads is not tt.leads or tt is not self._tt:
                self._use(tt)
            self._lm = self._hands[winner]  # the leader may lead any card
            return
        self._setup_trick()
