"""The driver: one game in progress of any ruleset, dealt, picked, played and scored by the four
steps.

:class:`RoundState` is the one state machine every game of the kit runs on: the state API of
:class:`~chaitea.engine.machine.StateMachine` (OpenSpiel's ``legal_actions``, ``apply_action``,
``clone``, ``is_terminal``, ``returns``), and a round's four steps, each a protocol its game's
parts speak:

- the deal (:mod:`chaitea.engine.deal_step`): ``core.deals.deal_layout`` puts each card;
- the picking (:mod:`chaitea.engine.pick_step`): ``game.picking`` (Chai Tea Jazz's Barrel
  picking, every Jass choice phase);
- the play (:mod:`chaitea.engine.play_step`): the contract's
  :class:`~chaitea.core.round_tables.PlayPlan` (``game.play_plan``), per trick one
  ``TrickTables``;
- the score (:mod:`chaitea.engine.score_step`): ``game.scoring`` (the Paper Pad, every Jass
  scoring part).

A family's state (Chai Tea Jazz's :class:`~chaitea.engine.game.GameState`, the Jass family's
:class:`~chaitea.engine.driver.JassState`) adds only what its record and readers differ in: how
it lays a deal out (``_lay_out``), what starts play once the choice is made (``_choice_made``:
Chai Tea Jazz's row and debt, the Jass family's Weis and Stöck), what it hands the scoring
part at the round's end (``_round_over``) and keeps of the result (``_round_scored``), how it
reads an action's spelling (``verify_action``, ``_apply_slow``), and its readers.

>>> from chaitea import Game
>>> for game in (Game(players=3), Game(ruleset="schieber")):
...     state = game.new_initial_state(seed=3)
...     while not state.is_terminal() and not state.round_results:
...         state.apply_action(state.legal_actions()[0])
...     isinstance(state, RoundState), len(state.round_results), state.phase
(True, 1, 'picking')
(True, 1, 'picking')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from chaitea.core.round_tables import TrickTables
from chaitea.core.tricks import TrickRule
from chaitea.engine.deal_step import DealStep
from chaitea.engine.machine import StateMachine, fields_of, set_fields
from chaitea.engine.pick_step import PickStep
from chaitea.engine.play_step import PlayStep
from chaitea.engine.score_step import ScoreStep

__all__ = ["RoundState"]

R = TypeVar("R")


class RoundState(PlayStep, PickStep, DealStep, ScoreStep, StateMachine[R]):
    """One game in progress on the four steps (the family's state sets its own fields after
    :meth:`__init__`, then deals a seeded game's first round: ``_auto_deal``)."""

    def __init__(self, game: Any, *, seed: int | None, names: Sequence[str] | None) -> None:
        n = game.players
        self.game = game
        self.names: list[str] = list(names) if names else [f"Seat {i}" for i in range(n)]
        self._seed = seed
        self._score: Any = game.scoring.start(game)  # the score state (score_step)
        self._phase = "deal"
        self._results: list[R] = []
        self._acts: list[int] = []  # the action ids of the round in progress
        # immutable game data, copied here for the hot path
        self._n = n
        self._n_tricks: int = game.n_tricks
        self._side_of: tuple[int, ...] = game.side_of
        self._suit_of: tuple[int, ...] = game.deck.suit_of
        self._bits: list[tuple[tuple[int, ...], ...]] = game.bit_tables
        # cards: the playable cards per seat; the straw-piles (Chai Tea Jazz's two players, D7)
        self._hands = [0] * n
        self._straw_up = [0] * n
        self._straw_down = [0] * n
        self._cover: tuple[int, ...] = ()  # per card id the straw card under it (D7), else ()
        self._situation: Any = None  # the family sets the picking situation and the contract
        self._contract: Any = None
        self._reset_play()

    apply = PlayStep.apply_action  # the short name, one call (compiled: the native method)
    _round_only = False  # a state of one round's play (Game.round_state) has no game to win

    def winner(self) -> int | None:
        """The winning side (a seat, or a team index 0=A, 1=B) once the game is over, as the
        game's scoring part says (``game.scoring.winner``, the score step's protocol)."""
        if self._phase != "end" or self._round_only:
            return None
        winner: int | None = self.game.scoring.winner(self._score)
        return winner

    def returns(self) -> list[float]:
        """Per seat: its side's total so far, the final result once terminal (the scoring
        part's ``totals``: Chai Tea Jazz's game points, RULES S; a Jass table's side score:
        Schieber's team total, Coiffeur's net Palitos or row points, basic Jass's points). A
        state of one round's play (Chai Tea Jazz's ``Game.round_state``) returns the scoring
        part's ``round_returns``: the declarer side's round score (negated for the other seats)
        at its end and zeros before."""
        g = self.game
        if self._round_only:
            out: list[float] = g.scoring.round_returns(g, self._results)
            return out
        totals = g.scoring.totals(self._score)
        side_of = self._side_of
        return [float(totals[side_of[s]]) for s in range(self._n)]

    def __getstate__(self) -> dict[str, object]:
        """For pickling: the instance's fields and a compiled base's (``fields_of``)."""
        return fields_of(self)

    def __setstate__(self, state: dict[str, object]) -> None:
        set_fields(self, state)

    def _reset_play(self) -> None:
        """The play step's fields before a round's play (the plan: ``_start_tricks``)."""
        self._trick: list[int] = []
        self._leader = 0
        self._turn = 0
        self._led = -1
        self._trick_no = 0
        self._known = -1
        self._trump = -1
        self._dynamic = False
        self._side_points = [0] * self.game.sides
        self._tricks_won = [0] * self._n
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._tt: TrickTables | None = None
        self._legal: Any = None
        self._strength: tuple[tuple[int, ...], ...] = ()
        self._values: tuple[int, ...] = ()
        self._bonus = 0
        self._lm = -1  # the legal mask of the seat to play; -1: not known, or not in play
        self._leads: Any = None
        self._fl: Any = None
        self._fb = 0
        self._rules: tuple[TrickRule, ...] = ()
        self._chosen: tuple[int, ...] = ()
        self._static: tuple[TrickTables, ...] | None = None

    def legal_moves(self) -> list[str]:
        """The legal actions in the record's spelling (``7H``, ``pass``, ``5 under``,
        ``trump(H)``)."""
        text = self.game.action_to_string
        return [text(a) for a in self.legal_actions()]
