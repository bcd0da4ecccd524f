"""What the parts of the picking panel share: the controls one part makes and another reads.
:class:`~chaitea_widgets.picking.PickingPanel` is composed of the parts, each a class over this
base in its own module: the drawing of the panel (:mod:`.picking_drawing`) and the coach's
Advice (:mod:`.picking_coach`); the panel itself (:mod:`.picking`) builds the layout, wires the
callbacks and holds the actions and the rulebook's examples. A part never imports the panel or
another part: what it needs from them is declared here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from .stepped import SteppedView

__all__ = ["PickingBase"]


class PickingBase(SteppedView):
    """The picking panel's shared attributes (made by the part named beside each group)."""

    # the panel (``picking.py``): the choices, the offers and the navigation bar
    contract: w.Dropdown
    debt: w.IntSlider
    debt_choice: w.ToggleButtons
    pick_button: w.Button
    pass_button: w.Button
    offer_amount: w.Dropdown
    offer_button: w.Button
    accept_button: w.Button
    decline_button: w.Button
    rescind_button: w.Button
    choices: w.HBox
    offers: w.HBox
    example_number: int | None  # the rulebook example shown (None: a game of one's own)
    _shown: tuple[int, int, int]  # the session, cursor and steps last drawn
    # the coach (``picking_coach.py``): its button, shown or hidden by the drawing
    advice_button: w.Button

    if TYPE_CHECKING:  # a method of another part, for the type checker only
        def _drop_stale_advice(self) -> None: ...  # the coach: put away Advice the game left
        # the panel: new Bet Debt buttons in the old ones' place
        def _replace_debt_choice(self, options: list[tuple[str, int]], value: int) -> None: ...
