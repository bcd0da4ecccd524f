"""The score step: one round end for every game of the kit, after the deal step
(:mod:`chaitea.engine.deal_step`), the pick step (:mod:`chaitea.engine.pick_step`) and the play
step (:mod:`chaitea.engine.play_step`).

A game's scoring part (``game.scoring``) speaks :class:`Scoring`: pure methods over an
immutable score state, which the state keeps in one field (``_score``), so a clone shares it:

- :meth:`Scoring.start` gives the score state of a new game (Chai Tea Jazz: an empty Paper Pad;
  a Jass game: its part's ``initial()``);
- :meth:`Scoring.score_round` the new score state and the round's result from the round's
  facts (Chai Tea Jazz: a ``PlayedRound``, its result a ``RoundResult``; a Jass game: a
  ``Hand``, its result the replay's round object);
- :meth:`Scoring.finished` whether the game is over.

Chai Tea Jazz's Paper Pad (:class:`chaitea.rulesets.paper_pad.PaperPadScore`) speaks it
directly; every Jass scoring part (:class:`chaitea.engine.ruleset.Score`) through
:class:`chaitea.engine.hand_scoring.HandScoring`. :class:`ScoreStep` is the state's side, the
same for both families: the round scored, its result kept, the game over or the next round
dealt; a state supplies ``_round_scored(result)`` (what its family keeps of the round).

>>> from chaitea import Game
>>> for game in (Game(players=4), Game(ruleset="schieber")):
...     state = game.new_initial_state(seed=1)
...     while not state.round_results:
...         state.apply_action(state.legal_actions()[0])
...     isinstance(state, ScoreStep), state.phase, game.scoring.finished(state._score)
(True, 'picking', False)
(True, 'picking', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

__all__ = ["ScoreStep", "Scoring"]


class Scoring(Protocol):
    """A scoring part as the driver runs it (every game's ``game.scoring``): pure methods over
    an immutable score state."""

    def start(self, game: Any) -> Any:
        """The score state of a new game."""

    def score_round(self, game: Any, score: Any, hand: Any) -> tuple[Any, Any]:
        """The new score state and the round's result, from the round's facts."""

    def finished(self, score: Any) -> bool:
        """Whether the game is over."""

    def winner(self, score: Any) -> int | None:
        """The winning side (a seat, or a team index) of a game over."""

    def totals(self, score: Any) -> Sequence[int]:
        """Each side's total so far (the state's ``returns``)."""


class ScoreStep:
    """The round's end over the state's fields (the state declares and sets them)."""

    game: Any
    _phase: str
    _seed: int | None
    _score: Any  # the score state (a game's Scoring), shared by clones
    _results: list[Any]
    _lm: int

    if TYPE_CHECKING:  # the deal step's
        def _auto_deal(self) -> None: ...

    def _round_scored(self, result: Any) -> None:
        """What the family keeps of a scored round (its log, the barrel moving on)."""

    def _score_round(self, hand: Any) -> None:
        """The round is played (or thrown in): its scoring part writes it; the game is over, or
        the next round waits for its deal (a seeded game deals it at once)."""
        g = self.game
        self._lm = -1  # out of play: apply_action's hot path is closed
        self._score, result = g.scoring.score_round(g, self._score, hand)
        self._results.append(result)
        if g.scoring.finished(self._score):
            self._phase = "end"
            self._round_scored(result)
            return
        self._phase = "deal"
        self._round_scored(result)
        if self._seed is not None:
            self._auto_deal()
