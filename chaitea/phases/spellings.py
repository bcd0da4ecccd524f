"""How a Jass-family state reads an action it is handed (a mixin of
:class:`chaitea.driver.JassState`): in play a card id, a :class:`~chaitea.cards.Card` or its
spelling; in picking an action id from 36 or a record spelling. What cannot be read is refused
with :class:`~chaitea.errors.IllegalPlay` or :class:`~chaitea.errors.IllegalPick` naming the
rule (RULES J); the state is not touched.

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state(seed=1)
>>> state._spelling(state.game.action_ids["push"]), state._card_id("7S")
('push', 28)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import JASS, Card
from ..errors import IllegalPick, IllegalPlay

if TYPE_CHECKING:
    from ..driver import JassGame

__all__ = ["ActionSpellings"]

N_CARDS = 36


class ActionSpellings:
    """Reading an action as a card id (play) or a picking spelling."""

    game: JassGame

    def _card_id(self, action: int | str | Card) -> int:
        if type(action) is int:
            if 0 <= action < N_CARDS:
                return action
            raise IllegalPlay(f"action {action} is not a card id 0..35 in play (RULES J)")
        if isinstance(action, Card):
            if action in JASS.index:
                return JASS.index[action]
            raise IllegalPlay(f"{action} is not a card of the Jass deck (RULES J)")
        if isinstance(action, str):
            try:
                return JASS.index_of(action)
            except ValueError:
                raise IllegalPlay(f"{action} refused: not a card of the Jass deck; it is "
                                  "the play phase (RULES J)") from None
        raise IllegalPlay(f"{action!r} is not an action")

    def _spelling(self, action: int | str | Card) -> str:
        if type(action) is int:
            if N_CARDS <= action < N_CARDS + len(self.game.spellings):
                return self.game.spellings[action - N_CARDS]
            raise IllegalPick(f"action {action} is not a picking action id (RULES J)")
        if isinstance(action, str):
            return action
        raise IllegalPick(f"{action} refused: picking has not ended (a contract comes first)")
