"""Jass hands and tricks in a notebook cell (``_repr_svg_``), Swiss-suited faces by default.

The faces are :mod:`chaitea.draw.swiss_cards`' (``faces="swiss"``: Acorns, Shields, Bells, Roses;
``faces="french"``: clubs, diamonds, hearts, spades) in the hand and trick layouts of
:mod:`chaitea.draw.svg_cards`; these wrappers read card strings as Jass cards (``9S`` is the 9 of
Roses) and a trick from a Jass game.

>>> svg = JassHand(["JH", "9H", "AS"])._repr_svg_()
>>> svg.startswith("<svg") and "Under of Bells" in svg and "Roses" in svg
True
>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state(seed=2)
>>> state.apply_action("trump(H)"); state.apply_action(state.legal_actions()[0])
>>> "Seat" in JassTrick.of(state)._repr_svg_()
True
>>> "Jack of hearts" in JassHand(["JH"], faces="french")._repr_svg_()
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from chaitea.core.cards import JASS, JASS_DOUBLE, Card
from chaitea.draw.swiss_cards import Faces, check_faces, jass_hand_svg, jass_trick_svg

if TYPE_CHECKING:
    from chaitea.engine.driver import JassState

__all__ = ["JassHand", "JassTrick"]


def _jass_cards(cards: Iterable[Card | str]) -> list[Card]:
    # a copy mark (JH') reads the six-player Schieber's double deck (chaitea.core.cards.JASS_DOUBLE)
    return [c if isinstance(c, Card) else (JASS_DOUBLE if c.endswith("'") else JASS).parse(c)
            for c in cards]


class JassHand:
    """A Jass hand as a row of cards (``faces``: ``"swiss"``, the default, or ``"french"``)."""

    def __init__(self, cards: Iterable[Card | str], *, width: int = 60,
                 faces: Faces = "swiss") -> None:
        self.cards = _jass_cards(cards)
        self.width = width
        self.faces = check_faces(faces)

    def __repr__(self) -> str:
        return f"JassHand({[str(c) for c in self.cards]!r})"

    def _repr_svg_(self) -> str:
        return jass_hand_svg(self.cards, self.width, faces=self.faces)


class JassTrick:
    """A Jass trick: the cards in play order, who played each, the winner framed (``faces`` as
    in :class:`JassHand`)."""

    def __init__(self, cards: Iterable[Card | str], *, seats: Sequence[int] | None = None,
                 winner: int | None = None, names: Sequence[str] | None = None,
                 width: int = 60, faces: Faces = "swiss") -> None:
        self.cards = _jass_cards(cards)
        self.seats = list(seats) if seats is not None else list(range(len(self.cards)))
        self.winner = winner
        self.names = list(names) if names is not None else None
        self.width = width
        self.faces = check_faces(faces)

    @classmethod
    def of(cls, state: JassState, index: int | None = None, *,
           faces: Faces = "swiss") -> JassTrick:
        """Trick ``index`` of the round in progress (``None``: the trick on the table, or the
        last finished one when the table is empty)."""
        n = state.game.players
        done = state.trick_ids()
        if index is None and state.trick:
            lead = state.observation(0)["trick_leader"]
            cards = state.trick
            return cls(cards, seats=[(lead + i) % n for i in range(len(cards))],
                       names=state.names, faces=faces)
        if not done:
            return cls([], names=state.names, faces=faces)
        leader, ids, winner = done[-1 if index is None else index]
        deck_cards = state.game.deck.cards
        return cls([deck_cards[c] for c in ids], seats=[(leader + i) % n for i in range(n)],
                   winner=winner, names=state.names, faces=faces)

    def __repr__(self) -> str:
        return f"JassTrick({[str(c) for c in self.cards]!r}, winner={self.winner!r})"

    def _repr_svg_(self) -> str:
        return jass_trick_svg(self.cards, self.seats, self.winner, names=self.names,
                              width=self.width, faces=self.faces)
