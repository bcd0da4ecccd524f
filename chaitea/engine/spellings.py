"""How a table's state reads an action it is handed (a part of the table's flow,
:class:`chaitea.engine.driver.TableFlow`, for every deck its game plays: the 36-card Jass deck, the
double deck): in play a card id, a :class:`~chaitea.core.cards.Card` or its spelling; in picking an
action id from ``game.n_cards`` or a record spelling. What cannot be read is refused
with :class:`~chaitea.core.errors.IllegalPlay` or :class:`~chaitea.core.errors.IllegalPick` naming
the rule (RULES J); the state is not touched.

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state(seed=1)
>>> flow = state.game.flow
>>> flow._spelling(state, state.game.action_ids["push"]), flow._card_id(state, "7S")
('push', 28)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chaitea.core.cards import JASS, Card
from chaitea.core.errors import IllegalPick, IllegalPlay

if TYPE_CHECKING:
    from chaitea.engine.state import State

__all__ = ["ActionSpellings"]


class ActionSpellings:
    """Reading an action as a card id (play) or a picking spelling."""

    def _card_id(self, st: State, action: int | str | Card) -> int:
        deck = st.game.deck
        what = "Jass deck" if deck is JASS else deck.describe()
        if type(action) is int:
            if 0 <= action < deck.size:
                return action
            raise IllegalPlay(f"action {action} is not a card id 0..{deck.size - 1} in play "
                              "(RULES J)")
        if isinstance(action, Card):
            if action in deck.index:
                cid: int = deck.index[action]
                return cid
            raise IllegalPlay(f"{action} is not a card of the {what} (RULES J)")
        if isinstance(action, str):
            try:
                found: int = deck.index_of(action)
                return found
            except ValueError:
                raise IllegalPlay(f"{action} refused: not a card of the {what}; it is the play "
                                  "phase (RULES J)") from None
        raise IllegalPlay(f"{action!r} is not an action")

    def _spelling(self, st: State, action: int | str | Card) -> str:
        g = st.game
        if type(action) is int:
            if g.n_cards <= action < g.n_cards + len(g.spellings):
                spelling: str = g.spellings[action - g.n_cards]
                return spelling
            raise IllegalPick(f"action {action} is not a picking action id (RULES J)")
        if isinstance(action, str):
            return action
        raise IllegalPick(f"{action} refused: picking has not ended (a contract comes first)")
