"""What the parts of the trick table share: the widgets and methods one part reads and another
makes. :class:`~chaitea_widgets.table.TrickTable` is composed of the parts, each a class over
this base in its own module: the drawing of the table (:mod:`.table_drawing`), the bots of the
bot seats with their pacing and the presenter mode (:mod:`.table_bots`), the coach's Hint and
review (:mod:`.table_coach`); the table itself (:mod:`.table`) builds the layout, wires the
callbacks and holds the actions. A part never imports the table or another part: what it needs
from them is declared here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from .stepped import SteppedView

if TYPE_CHECKING:
    from chaitea import Card, State

__all__ = ["TableBase"]


class TableBase(SteppedView):
    """The trick table's shared attributes (made by the part named beside each group)."""

    # the table (``table.py``): the actions bar and the navigation bar
    four_colour: bool
    open_hands: w.Checkbox
    step_button: w.Button
    next_round_button: w.Button
    # the drawing (``table_drawing.py``): the round's summary, under which the review goes
    summary: w.HTML
    # the coach (``table_coach.py``): its buttons, shown or hidden by the drawing
    hint_button: w.Button
    review_button: w.Button

    if TYPE_CHECKING:  # methods of the other parts, for the type checker only
        def play(self, card: Card | str) -> bool: ...  # the table: a card of a seat's strips

        def _ensure_bot_choices(self, s: State) -> None: ...  # the bots: one per bot seat

        def _drop_stale_coach(self) -> None: ...  # the coach: put away a Hint the game left
