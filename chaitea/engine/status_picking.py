"""The picking of the table driver (:mod:`chaitea.engine.driver`): the round's contract chosen
by the table's choice phase, a pure ``status(view)`` (:mod:`chaitea.engine.picking`; the phases:
:mod:`chaitea.rulesets.jass.choice`), run by the pick step (:mod:`chaitea.engine.pick_step`)
through :class:`StatusPicking`; then the hand's Weis and Stöck and the start of play, or a hand
thrown in, in the mixin :class:`TablePicking` of :class:`chaitea.engine.driver.JassState`
(RULES J, RECORD Jass ``picking``).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state(seed=1)
>>> isinstance(state, TablePicking), state.phase
(True, 'picking')
>>> state.apply_action("push"); state.apply_action("obenabe")
>>> state.phase, state.contract
('play', 'obenabe')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chaitea.core.errors import IllegalPick
from chaitea.core.round_tables import PlayPlan, TrickTables
from chaitea.core.tricks import TrickRule
from chaitea.engine.hand import Hand
from chaitea.engine.picking import ChoicePhase, PickStatus, PickView, refuse

__all__ = ["IDLE", "Said", "StatusPicking", "TablePicking", "said"]


@dataclass(slots=True)
class Said:
    """A Jass picking situation: the picking items written so far (record spellings), the
    choice phase's status of them (``None`` before the first deal), and from the status the
    seat to speak (once ``done``: the seat that chose, else the forehand). ``legal_ids``, the
    legal items' action ids, is filled once by :meth:`StatusPicking.legal`. The picking never
    changes a ``Said``: each item makes a new one (:func:`said`)."""

    items: tuple[str, ...]
    status: PickStatus | None
    seat: int = 0
    done: bool = False
    legal_ids: tuple[int, ...] | None = field(default=None, init=False, repr=False,
                                               compare=False)


def said(items: tuple[str, ...], st: PickStatus) -> Said:
    """The situation of ``items`` whose status is ``st``."""
    if not st.done:
        return Said(items, st, st.seat)
    return Said(items, st, st.forehand if st.declarer is None else st.declarer, True)


IDLE = Said((), None)  #: the situation before a round's deal


@dataclass(frozen=True)
class StatusPicking:
    """A Jass choice phase (a pure ``status(view)`` over the items written so far) under the
    driver's picking protocol (:class:`chaitea.engine.pick_step.Picking`): its situations are
    :class:`Said` values, done once the status is."""

    phase: ChoicePhase

    def begin(self, state: Any) -> Said:
        """The status of a round with no item written yet."""
        return said((), self.phase.status(state._pick_view(())))

    def legal(self, state: Any, s: Said) -> tuple[int, ...]:
        """The legal items' action ids (``game.action_ids``), kept on ``s``."""
        ids = s.legal_ids
        if ids is None:
            assert s.status is not None
            action_ids = state.game.action_ids
            ids = s.legal_ids = tuple(map(action_ids.__getitem__, s.status.legal))
        return ids

    def step(self, state: Any, s: Said, aid: int) -> Said:
        """The status once the item of ``aid`` is written."""
        g = state.game
        items = (*s.items, g.spellings[aid - g.n_cards])
        return said(items, self.phase.status(state._pick_view(items)))

    def refusal(self, state: Any, s: Said, item: str) -> IllegalPick:
        """The refusal of an item outside the legal ones (the phase's own reason, if any)."""
        assert s.status is not None
        return refuse(s.status, item)


class TablePicking:
    """Picking a round's contract (declared here for the type checker; ``JassState`` sets the
    fields)."""

    game: Any  # a JassGame (chaitea.engine.driver.JassState narrows it)
    _phase: str
    _n: int
    _first: int
    _side_of: tuple[int, ...]
    _score: Any
    _situation: Said
    _acts: list[int]
    _dealt: list[int]
    _turned_up: str | None
    _contract: str
    _declarer: int | None
    _forehand: int
    _rules: tuple[TrickRule, ...]
    _static: tuple[TrickTables, ...] | None
    _bonus: int
    _chosen: tuple[int, ...]
    _leader: int
    _turn: int
    _weis: tuple[int, ...]
    _stoeck: tuple[int, ...]
    _weis_json: Any

    if TYPE_CHECKING:  # JassState's, the play step's and the pick step's
        def _start_tricks(self, plan: PlayPlan, leader: int,
                          trumps: Sequence[int] = ()) -> None: ...
        def _finish_round(self, hand: Hand) -> None: ...

    # -- picking ------------------------------------------------------------------------------
    def _open_to(self, seat: int) -> Sequence[str]:
        opened = self.game.table.score.open_to(self._score, self._side_of[seat])
        spellings: Sequence[str] = self.game.table.contracts if opened is None else opened
        return spellings

    def _pick_view(self, items: tuple[str, ...]) -> PickView:
        """What the choice phase reads with ``items`` written (:class:`StatusPicking`)."""
        # declaring Weis by hand reads the hands as dealt
        hands = (tuple(self._dealt), self.game.deck) if self.game.by_hand else ((), None)
        return PickView(self._n, self._first, items, self._open_to, self._turned_up, *hands)

    def _choice_made(self, outcome: Said) -> None:
        """The choice is made (the pick step's): play starts, or the hand is thrown in."""
        self._situation = outcome
        st = outcome.status
        assert st is not None
        if not st.contract:  # no contract: the hand is thrown in (a redeal)
            self._throw_in(st)
        else:
            self._start_play(st)

    def _throw_in(self, st: PickStatus) -> None:
        """A choice ended without a contract (Sticheln's redeal after four passes): the round
        is written unplayed (``"played": false``, ``contract`` null), the next one dealt."""
        n, sides = self._n, self.game.sides
        self._forehand = st.forehand
        self._finish_round(Hand(st.forehand, None, "", (0,) * n, (0,) * sides, (0,) * sides,
                                (0,) * sides, played=False, items=self._situation.items))

    def _start_play(self, st: PickStatus) -> None:
        g = self.game
        t = g.table
        self._contract = st.contract
        self._declarer = st.declarer
        self._forehand = st.forehand
        if t.weis or t.stoeck:
            self._declare(st)
        self._start_tricks(g.play_plan(st.contract), st.forehand, st.trumps)
        if t.score.may_end_declared(self._score, st.contract, self._weis, self._stoeck):
            # only when a side may win now
            hand = Hand(st.forehand, st.declarer, st.contract, (0,) * self._n, (0,) * g.sides,
                        self._weis, self._stoeck, played=False, items=self._situation.items)
            self._score, ended = t.score.declared(self._score, hand)
            if ended:  # Schieber: the target reached on Stöck or Weis; the hand is not played
                self._finish_round(hand)

    def _declare(self, st: PickStatus) -> None:
        """The hand's Weis and Stöck per side: automatic from the hands as dealt, or the Weis
        declared by hand (``st.declared``, :mod:`chaitea.rulesets.jass.declaring`); the two-deck
        reading for the Jass double deck (:mod:`chaitea.rulesets.jass.double`)."""
        g = self.game
        t = g.table
        assert t.declaring is not None
        d = t.declaring.declare(g.deck, self._dealt, st.contract, st.declared,
                                sides=self._side_of, forehand=st.forehand)
        self._weis, self._stoeck = d.weis.points, d.stoeck
        self._weis_json = d.weis
