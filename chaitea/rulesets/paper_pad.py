"""Chai Tea Jazz's scoring, pad and end rule as a part (RULES S, V; D9, D13).

:class:`PaperPadScore` is a value (its options: ``match_point``, ``meta``) the Chai Tea Jazz
ruleset composes: it scores a finished round (the declarer side's card points, the last-trick
bonus, Bet Debt and offer, Avoidance rows reversed: D13), writes it on the Paper Pad
(:class:`~chaitea.engine.pad.Pad`, with the match point of RULES V), answers the end rule (the game
ends when the pad is full) and whether the leader can still be overtaken (ending by agreement,
RULES S; with a cumulative meta, each open cell's whole range counts).

>>> from chaitea import Game
>>> game = Game(players=3, match_point=True, meta="cumulative-most")
>>> game.scoring
PaperPadScore(match_point=True, meta='cumulative-most')
>>> pad = game.scoring.new_pad(game)
>>> game.scoring.finished(pad), len(pad.rows)
(False, 4)
>>> lo, hi = game.scoring.cell_ranges(game)
>>> lo[0], hi[0]   # a cell of a plain row: a 35 Bet Debt lost, to every point and the bonus won
(-35, 110)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chaitea.engine.pad import Pad
from chaitea.engine.rounds import RoundResult

if TYPE_CHECKING:  # types only: the game modules import this one
    from chaitea.engine.game import Game
    from chaitea.engine.rounds import PlayedRound

__all__ = ["PaperPadScore"]

CUMULATIVE = ("cumulative-most", "cumulative-least")


@dataclass(frozen=True)
class PaperPadScore:
    """Rounds scored onto the Paper Pad; the end rule: the pad is full (RULES S)."""

    match_point: bool = False  # RULES V: a side that alone won every trick takes a match point
    meta: str | None = None  # second-place, cumulative-most, cumulative-least (RULES S)

    def new_pad(self, game: Game) -> Pad:
        return Pad(game.setup, game.sides, self.meta)

    # the driver's scoring protocol (chaitea.engine.score_step.Scoring)
    def start(self, game: Game) -> Pad:
        """A new game's score state: the empty pad."""
        return self.new_pad(game)

    def score_round(self, game: Game, pad: Pad, hand: PlayedRound) -> tuple[Pad, RoundResult]:
        """The round's result (:meth:`round_result`) and the pad with it written
        (:meth:`write`)."""
        result = self.round_result(game, hand)
        return self.write(game, pad, hand, result), result

    @staticmethod
    def round_result(game: Game, hand: PlayedRound) -> RoundResult:
        """The finished round's result from its facts: the declarer side's card points, the
        last-trick bonus, Bet Debt and offer (D13: reversed on an Avoidance row); ``side_points``
        with the two players' set-aside cards given out (D9: the last trick's winner takes the
        higher-ranked one)."""
        g = game
        picked = hand.picked
        side = g.side_of[picked.declarer]
        last = hand.last
        side_points = list(hand.side_points)
        if hand.set_aside:
            a, b = hand.set_aside
            rank = g.deck.rank_of
            high, low = (a, b) if rank[a] >= rank[b] else (b, a)
            side_points[g.side_of[last]] += g.deck.points[high]
            side_points[g.side_of[(last + 1) % 2]] += g.deck.points[low]
        card_points = side_points[side]
        bonus = g.seating.last_trick_bonus if g.side_of[last] == side else 0
        row = picked.row
        debt, offer = picked.debt, picked.offer
        if row >= 0 and g.setup.rows[row].avoidance:  # D13: a debt always costs, an offer gains
            score = card_points + bonus + debt - offer
        else:
            score = card_points + bonus + offer - debt
        return RoundResult(
            picked.declarer, g.setup.rows[row].key if row >= 0 else "", picked.contract,
            debt, offer, hand.tricks, card_points, last, score, tuple(side_points))

    def write(self, game: Game, pad: Pad, hand: PlayedRound, result: RoundResult) -> Pad:
        """The pad with the round's score written in its row (and a match point, RULES V): a
        new pad, ``pad`` itself is left as it was (so a state's clones share their pad)."""
        g = game
        out = pad.clone()
        out.record(hand.picked.row, g.side_of[result.declarer], result.score)
        if self.match_point:  # RULES V: one side alone won every trick
            winners = {g.side_of[s] for s in range(g.players) if result.tricks[s]}
            if len(winners) == 1:
                out.match_points[winners.pop()] += 1
        return out

    @staticmethod
    def finished(pad: Pad) -> bool:
        """The end rule: the game is over when the Paper Pad is full (RULES S)."""
        return pad.is_complete()

    @staticmethod
    def winner(pad: Pad) -> int | None:
        """The winning side of a game over (the pad full, or ended by agreement, RULES S): the
        first in the standings."""
        return pad.standings()[0]

    @staticmethod
    def totals(pad: Pad) -> list[int]:
        """Each side's game points so far (RULES S)."""
        return pad.game_points

    @staticmethod
    def round_returns(game: Game, results: Sequence[RoundResult]) -> list[float]:
        """A state of one round's play (``Game.round_state``): the declarer side's round score
        to its seats and its negation to the others at its end, zeros before."""
        if not results:
            return [0.0] * game.players
        r = results[-1]
        side = game.side_of[r.declarer]
        return [float(r.score if game.side_of[s] == side else -r.score)
                for s in range(game.players)]

    def leader_is_safe(self, game: Game, pad: Pad) -> bool:
        """Whether the leader can no longer be overtaken (RULES S: ending by agreement)."""
        ranking = pad.standings()
        leader = ranking[0]
        fin = {s: i for i, s in enumerate(pad.finish_order)}
        open_cells = [(r, s) for r in range(len(pad.rows)) for s in range(game.sides)
                      if pad.is_open(r, s)]
        rounds_left = len(open_cells)
        if pad.meta in CUMULATIVE:
            # Each open cell may still take any score in its range (RULES S, cumulative bound).
            lo, hi = self.cell_ranges(game)
            most = pad.meta == "cumulative-most"
            cum = pad.cumulative
            low = [cum[s] + sum(lo[r] for r, t in open_cells if t == s)
                   for s in range(game.sides)]
            high = [cum[s] + sum(hi[r] for r, t in open_cells if t == s)
                    for s in range(game.sides)]
            for c in ranking[1:]:
                gap = low[leader] - high[c] if most else low[c] - high[leader]
                if gap < 0 or (gap == 0 and not fin.get(leader, 99) < fin.get(c, 99)):
                    return False
            return True
        gp = pad.game_points
        swing = sum(r.value for i, r in enumerate(pad.rows) if not pad.is_row_complete(i))
        for c in ranking[1:]:
            gap = gp[leader] - swing - (gp[c] + swing + (rounds_left if self.match_point else 0))
            if gap < 0 or (gap == 0 and not fin.get(leader, 99) < fin.get(c, 99)):
                return False
        return True

    @staticmethod
    def cell_ranges(game: Game) -> tuple[list[int], list[int]]:
        """Per row, the lowest and highest round score a cell can still receive."""
        top = game.deck.total_points + game.seating.last_trick_bonus
        offer = game.max_debt if game.picking.passing_the_barrel else 0
        lo = [-offer if r.avoidance else -game.max_debt for r in game.setup.rows]
        hi = [top + (game.max_debt if r.avoidance else offer) for r in game.setup.rows]
        return lo, hi
