"""What every game is, whatever its ruleset: the public game type and the construction every game
class shares.

:class:`BaseGame` is the base of both game classes on the one driver (Chai Tea Jazz's
:class:`chaitea.engine.game.Game` and the table driver's :class:`chaitea.engine.driver.JassGame`),
so ``isinstance(chaitea.Game(ruleset=r), chaitea.BaseGame)`` holds for every registered ruleset.
It builds, once for both, what a game's seating and deck give: the players, the trick count, the
sides and each seat's side (RULES P), and the card-set tables of the deck
(:mod:`chaitea.core.bits`); and it writes every game's record ``options`` in one shape
(:meth:`BaseGame.options_json`) from what each class declares.

>>> import chaitea
>>> from chaitea.engine.registry import RECORD_RULESETS
>>> all(isinstance(chaitea.Game(ruleset=r), BaseGame) for r in RECORD_RULESETS)
True
>>> g = chaitea.Game(players=4)
>>> g.n_tricks, g.sides, g.side_of, g.side_names
(9, 2, (0, 1, 0, 1), ['A', 'B'])
>>> chaitea.Game(players=6, deck="double", match_point=True).options_json()
{'deck': 'double', 'match_point': True}
>>> chaitea.Game(ruleset="differenzler").options_json()
{'ruleset': 'differenzler'}
"""

from __future__ import annotations

from typing import Any, ClassVar

from chaitea.core.bits import tables as bit_tables
from chaitea.core.cards import Deck
from chaitea.core.seating import Seating

__all__ = ["BaseGame"]


class BaseGame:
    """A game of any ruleset: its seating and deck and the tables they give (built once here by
    :meth:`_seat`, for every game class)."""

    players: int
    seating: Seating
    deck: Deck
    n_cards: int
    n_tricks: int
    sides: int
    side_of: tuple[int, ...]
    side_names: list[str] | None
    bit_tables: list[tuple[tuple[int, ...], ...]]
    #: the options a class keeps as attributes of its game, each with its default: the record
    #: writes one only when it differs (Chai Tea Jazz's variants and meta, RULES V)
    option_defaults: ClassVar[dict[str, object]] = {}

    def _seat(self, players: int, seating: Seating, deck: Deck) -> None:
        """Seat ``players`` on ``seating`` with ``deck``: every card dealt, or the hands of a
        seating that sets cards aside (Chai Tea Jazz's two players, RULES P; Oh Hell's stock)
        as tricks; the sides, teams lettered A, B, ... (RULES P); the card-set tables."""
        self.players = players
        self.seating = seating
        self.deck = deck
        self.n_cards = deck.size
        self.n_tricks = (deck.size - seating.set_aside) // players
        self.sides = seating.sides
        self.side_of = tuple(seating.side_of(s) for s in range(players))
        self.side_names = ([seating.side_name(i) for i in range(self.sides)]
                           if seating.teams else None)
        self.bit_tables = bit_tables(self.n_cards)  # card ids of a mask (chaitea.core.bits)

    def options_json(self) -> dict[str, Any]:
        """The record's ``options`` (RECORD options; RECORD Jass ``options``), in one order for
        every game: the ruleset when the record names it there (:meth:`_record_ruleset`), the
        deck when chosen (:meth:`_chosen_deck`), then the options chosen
        (:meth:`_chosen_options`)."""
        ruleset = self._record_ruleset()
        deck = self._chosen_deck()
        return {**({"ruleset": ruleset} if ruleset is not None else {}),
                **({"deck": deck} if deck is not None else {}), **self._chosen_options()}

    def _record_ruleset(self) -> str | None:
        """The ruleset's name as the record's ``options`` write it, or ``None`` when they do not
        (Chai Tea Jazz's record names no ruleset there)."""
        return None

    def _chosen_deck(self) -> str | None:
        """The deck's name when the record writes it (Chai Tea Jazz: a deck other than the
        seating's first, RULES P), else ``None``."""
        return self.deck.name if self.deck.name != self.seating.decks[0] else None

    def _chosen_options(self) -> dict[str, Any]:
        """The options the record writes: each of :attr:`option_defaults` that differs from its
        default, in their order."""
        out: dict[str, Any] = {}
        for key, default in self.option_defaults.items():
            value = getattr(self, key)
            if value != default:
                out[key] = value
        return out
