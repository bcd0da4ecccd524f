"""The Jass family's scoring parts under the driver's scoring protocol
(:class:`chaitea.engine.score_step.Scoring`), as :class:`~chaitea.engine.status_picking.
StatusPicking` puts its choice phases under the picking protocol.

A table's scoring part (:class:`chaitea.engine.ruleset.Score`: a target, a number of hands, a
Coiffeur pad, tallies) writes a :class:`~chaitea.engine.hand.Hand` onto its score state and says
its own fields of the round; :class:`HandScoring` adds the hand's facts to them, the round's
result as the replay reports it (RECORD Jass ``rounds``).

>>> from chaitea import Game
>>> game = Game(ruleset="schieber")
>>> game.scoring.part is game.table.score, game.scoring.start(game) == game.table.score.initial()
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chaitea.engine.hand import Hand
from chaitea.engine.ruleset import Score

__all__ = ["HandScoring"]


@dataclass(frozen=True)
class HandScoring:
    """A Jass scoring part (``part``) as the score step runs it."""

    part: Score

    def start(self, game: Any) -> Any:
        """The part's score state of a new game."""
        return self.part.initial()

    def score_round(self, game: Any, score: Any, hand: Hand) -> tuple[Any, dict[str, Any]]:
        """The hand written onto the score state, and the round's result: its forehand,
        declarer, contract (``None``: a hand thrown in), tricks, card points, Weis and Stöck,
        and the part's own fields (``"played": false`` for a hand not played)."""
        score, fields = self.part.write(score, hand)
        res: dict[str, Any] = {
            "forehand": hand.forehand, "declarer": hand.declarer,
            "contract": hand.contract or None,  # None: a hand thrown in
            "tricks": list(hand.tricks), "card_points": hand.card_points, "weis": hand.weis,
            "stoeck": hand.stoeck, **fields}
        if not hand.played:
            res["played"] = False
        return score, res

    def finished(self, score: Any) -> bool:
        """Whether the part's end rule ends the game."""
        return self.part.finished(score)

    def winner(self, score: Any) -> int | None:
        """The winning side of a game over, as the part says."""
        return self.part.winner(score)

    def totals(self, score: Any) -> tuple[int, ...]:
        """Each side's score so far, as the part says (Schieber: its team's total; Coiffeur:
        net Palitos or row points; basic Jass: its points)."""
        return self.part.totals(score)
