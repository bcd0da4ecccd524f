"""The deal step: one dealing path for every game of the kit, as the pick step
(:mod:`chaitea.engine.pick_step`) is one picking protocol and the play step
(:mod:`chaitea.engine.play_step`) one play path.

A round is dealt from a seed (the portable shuffle, RULES P, RECORD ``deal``) or from a
:class:`~chaitea.core.deals.Deal` (validated against the game's seating and deck: a bad deal is
a :class:`~chaitea.core.errors.DealError` naming the rule, and the state is unchanged). Either
way :func:`chaitea.core.deals.deal_layout` says where each card id goes (the set-aside cards,
per seat the face-down and face-up straw cards, the hand); the state's family writes them
(``_lay_out``: Chai Tea Jazz's straw-piles and round log, the Jass family's first speaker and
turned-up card), then the pick step begins the round's picking.

>>> from chaitea import Game
>>> for game in (Game(players=2), Game(ruleset="schieber", players=6)):
...     state = game.new_initial_state()
...     state.apply_deal(4)
...     isinstance(state, DealStep), state.phase, len(state.hand(0))
(True, 'picking', 7)
(True, 'picking', 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chaitea.core.deals import Deal, deal_layout
from chaitea.core.errors import IllegalAction
from chaitea.engine.machine import round_seed

__all__ = ["DealStep"]


class DealStep:
    """Dealing over the state's fields (the state declares and sets them)."""

    game: Any
    _phase: str
    _seed: int | None

    if TYPE_CHECKING:  # the family's reader and the pick step's
        @property
        def round_number(self) -> int: ...
        def _begin_picking(self) -> None: ...

    def _lay_out(self, deal: Deal | int, aside: Sequence[int],
                 downs: tuple[Sequence[int], ...], ups: tuple[Sequence[int], ...],
                 hands: tuple[Sequence[int], ...]) -> None:
        """Write a round's cards (card ids, as :func:`~chaitea.core.deals.deal_layout` gives
        them) and what the family keeps of its deal: the family's part."""
        raise NotImplementedError

    def apply_deal(self, deal: Deal | int) -> None:
        """Start the next round with ``deal`` (a :class:`~chaitea.core.deals.Deal`, validated,
        or a seed). Raises :class:`~chaitea.core.errors.DealError` for a deal that is not one
        whole deck in the seating's hand sizes, or :class:`IllegalAction` when no round is
        waiting for its deal; either way nothing changes."""
        if self._phase != "deal":
            raise IllegalAction("no round is waiting for a deal: " + (
                "the game is over" if self._phase == "end" else f"the {self._phase} phase is on"))
        self._deal(deal)

    def _auto_deal(self) -> None:
        """A seeded game deals its next round from the game's seed (:func:`round_seed`)."""
        assert self._seed is not None
        g = self.game
        seed = round_seed(self._seed, self.round_number)
        self._lay_out(seed, *deal_layout(seed, g.seating, g.deck))  # _deal, inline
        self._begin_picking()

    def _deal(self, deal: Deal | int) -> None:
        self._deal_cards(deal)
        self._begin_picking()

    def _deal_cards(self, deal: Deal | int) -> None:
        """Write a round's cards only (``Game.round_state`` then starts its play)."""
        g = self.game
        self._lay_out(deal, *deal_layout(deal, g.seating, g.deck))
