"""The pick step: one picking protocol for every game of the kit, as the play step
(:mod:`chaitea.engine.play_step`) is one play path.

A game's choice part (``game.picking``) is a value that speaks :class:`Picking`: pure
methods over an immutable picking *situation*. The state keeps the situation in one field
(``_situation``), so a clone shares it and a refused action cannot have changed it:

- :meth:`Picking.begin` gives a round's first situation (read from the state: its pad, its
  first speaker, its deal);
- :meth:`Picking.legal` the ids of the legal picking actions in a situation;
- :meth:`Picking.step` the situation after a legal id, or the *outcome* that ends the phase;
- :meth:`Picking.refusal` the error naming the rule an illegal action breaks.

Every situation and outcome says ``seat`` (who speaks) and ``done`` (``True`` for the outcome
only); a situation keeps its legal ids (``legal_ids``) once the part has computed them, so the
state asks again at the cost of one attribute read. Chai Tea Jazz's Barrel picking
(:class:`chaitea.rulesets.barrel.BarrelPicking`: its situation a ``Bidding``, its outcome a
``Picked``) speaks it directly. Every Jass choice phase, a pure ``status(view)`` over the items
written so far (:class:`chaitea.engine.picking.ChoicePhase`), speaks it through
:class:`chaitea.engine.status_picking.StatusPicking` (its situation a ``Said``, done once the
status is).

:class:`PickStep` is the state's side, the same for both families: the legal ids, a verified
id applied, the seat to speak. A state supplies ``_choice_made(outcome)`` (the contract is chosen:
the round's play starts) and parses its own spellings and values to ids.

>>> from chaitea import Game
>>> for game in (Game(players=3), Game(ruleset="schieber")):
...     state = game.new_initial_state(seed=2)
...     s = state._situation
...     isinstance(state, PickStep), s.done, s.seat == state.current_player()
(True, False, True)
(True, False, True)
"""

from __future__ import annotations

from typing import Any, Protocol

from chaitea.core.errors import IllegalPick

__all__ = ["PickStep", "Picking", "Situation"]


class Situation(Protocol):
    """A picking situation or outcome as the pick step reads it."""

    @property
    def seat(self) -> int:
        """The seat to speak (an outcome: the seat that chose)."""

    @property
    def done(self) -> bool:
        """Whether this is the outcome that ends the phase."""

    @property
    def legal_ids(self) -> tuple[int, ...] | None:
        """The legal ids once :meth:`Picking.legal` has computed them (kept on the situation,
        which the picking never changes otherwise), else ``None``."""


class Picking(Protocol):
    """A choice part as the driver runs it (every game's ``game.picking``): pure methods over an
    immutable situation; ``state`` is read, never written."""

    def begin(self, state: Any) -> Any:
        """A round's first situation (or, when nobody chooses, its outcome)."""

    def legal(self, state: Any, s: Any) -> tuple[int, ...]:
        """The ids of the legal picking actions of the seat to speak."""

    def step(self, state: Any, s: Any, aid: int) -> Any:
        """The situation after the legal id ``aid``, or the outcome that ends the phase."""

    def refusal(self, state: Any, s: Any, action: Any) -> IllegalPick:
        """The refusal of an action that is not legal in ``s``, naming the rule it breaks."""


class PickStep:
    """Picking over the state's fields (the state declares and sets them)."""

    game: Any
    _phase: str
    _turn: int
    _acts: list[int]
    _situation: Any  # the picking situation (a game's Picking), shared by clones

    def _choice_made(self, outcome: Any) -> None:
        """The contract is chosen (or, Jass, the hand thrown in): the family's part."""
        raise NotImplementedError

    def _begin_picking(self) -> None:
        """A round's picking starts (after its deal)."""
        self._phase = "picking"
        s = self.game.picking.begin(self)
        if s.done:  # nobody chooses (a fixed contract)
            self._choice_made(s)
            return
        self._situation = s
        self._turn = s.seat

    def _legal_picks(self) -> tuple[int, ...]:
        """The situation's legal ids: kept on it, or asked of the part once (the play step's
        ``legal_actions`` and ``apply_action`` read them inline)."""
        s = self._situation
        ids: tuple[int, ...] | None = s.legal_ids
        return self.game.picking.legal(self, s) if ids is None else ids

    def _pick_refusal(self, action: Any) -> IllegalPick:
        refusal: IllegalPick = self.game.picking.refusal(self, self._situation, action)
        return refusal

    def _pick_id(self, aid: int) -> None:
        """Apply a picking id already verified as legal."""
        self._acts.append(aid)
        after = self.game.picking.step(self, self._situation, aid)
        if after.done:  # the contract is chosen: the round's play starts
            self._choice_made(after)
        else:
            self._situation = after
            self._turn = after.seat
