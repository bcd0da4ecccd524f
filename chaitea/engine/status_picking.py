"""The picking of the table driver (:mod:`chaitea.engine.driver`): the round's contract chosen
by the table's choice phase, a pure ``status(view)`` (:mod:`chaitea.engine.picking`; the phases:
:mod:`chaitea.rulesets.jass.choice`), run by the pick step (:mod:`chaitea.engine.pick_step`)
through :class:`StatusPicking`; then the hand's Weis and Stöck and the start of play, or a hand
thrown in, in the part :class:`TablePicking` of the table's flow
(:class:`chaitea.engine.driver.TableFlow`; RULES J, RECORD Jass ``picking``).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state(seed=1)
>>> isinstance(state.game.flow, TablePicking), state.phase
(True, 'picking')
>>> state.apply_action("push"); state.apply_action("obenabe")
>>> state.phase, state.contract
('play', 'obenabe')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from chaitea.core.errors import IllegalPick
from chaitea.engine.hand import Hand
from chaitea.engine.picking import ChoicePhase, PickStatus, PickView, refuse

if TYPE_CHECKING:
    from chaitea.engine.state import State

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
        return said((), self.phase.status(state.game.flow._pick_view(state, ())))

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
        return said(items, self.phase.status(state.game.flow._pick_view(state, items)))

    def refusal(self, state: Any, s: Said, item: str) -> IllegalPick:
        """The refusal of an item outside the legal ones (the phase's own reason, if any)."""
        assert s.status is not None
        return refuse(s.status, item)


class TablePicking:
    """Picking a round's contract: a part of the table's flow
    (:class:`chaitea.engine.driver.TableFlow`), each method taking the state."""

    if TYPE_CHECKING:  # the table flow's (chaitea.engine.driver.TableFlow)
        def _finish_round(self, st: State, hand: Hand) -> None: ...

    # -- picking ------------------------------------------------------------------------------
    def _open_to(self, st: State, seat: int) -> Sequence[str]:
        opened = st.game.table.score.open_to(st._score, st._side_of[seat])
        spellings: Sequence[str] = st.game.table.contracts if opened is None else opened
        return spellings

    def _pick_view(self, st: State, items: tuple[str, ...]) -> PickView:
        """What the choice phase reads with ``items`` written (:class:`StatusPicking`)."""
        # declaring Weis by hand reads the hands as dealt
        hands = (tuple(st._dealt), st.game.deck) if st.game.by_hand else ((), None)
        return PickView(st._n, st._first, items, partial(self._open_to, st), st._turned_up, *hands)

    def choice_made(self, st: State, outcome: Said) -> None:
        """The choice is made (the pick step's): play starts, or the hand is thrown in."""
        st._situation = outcome
        ps = outcome.status
        assert ps is not None
        if not ps.contract:  # no contract: the hand is thrown in (a redeal)
            self._throw_in(st, ps)
        else:
            self._start_play(st, ps)

    def _throw_in(self, st: State, ps: PickStatus) -> None:
        """A choice ended without a contract (Sticheln's redeal after four passes): the round
        is written unplayed (``"played": false``, ``contract`` null), the next one dealt."""
        n, sides = st._n, st.game.sides
        st._forehand = ps.forehand
        self._finish_round(st, Hand(ps.forehand, None, "", (0,) * n, (0,) * sides, (0,) * sides,
                                (0,) * sides, played=False, items=st._situation.items))

    def _start_play(self, st: State, ps: PickStatus) -> None:
        g = st.game
        t = g.table
        st._contract = ps.contract
        st._declarer = ps.declarer
        st._forehand = ps.forehand
        if t.weis or t.stoeck:
            self._declare(st, ps)
        st._start_tricks(g.play_plan(ps.contract), ps.forehand, ps.trumps)
        if t.score.may_end_declared(st._score, ps.contract, st._weis, st._stoeck):
            # only when a side may win now
            hand = Hand(ps.forehand, ps.declarer, ps.contract, (0,) * st._n, (0,) * g.sides,
                        st._weis, st._stoeck, played=False, items=st._situation.items)
            st._score, ended = t.score.declared(st._score, hand)
            if ended:  # Schieber: the target reached on Stöck or Weis; the hand is not played
                self._finish_round(st, hand)

    def _declare(self, st: State, ps: PickStatus) -> None:
        """The hand's Weis and Stöck per side: automatic from the hands as dealt, or the Weis
        declared by hand (``ps.declared``, :mod:`chaitea.rulesets.jass.declaring`); the two-deck
        reading for the Jass double deck (:mod:`chaitea.rulesets.jass.double`)."""
        g = st.game
        t = g.table
        assert t.declaring is not None
        d = t.declaring.declare(g.deck, st._dealt, ps.contract, ps.declared,
                                sides=st._side_of, forehand=ps.forehand)
        st._weis, st._stoeck = d.weis.points, d.stoeck
        st._weis_json = d.weis
