"""The trick lab: build a trick by clicking cards and see who wins, with the engine's reason."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

import chaitea
from chaitea import SEATINGS, Card, TrickResult, deck_named
from chaitea.core.markup import escape
from chaitea.draw.svg import card_name

from .base import Refusal, View, button, default_names, html
from .contract_controls import ContractControls
from .explore_shared import parse_card, tricks_of
from .strip import CardStrip, StripItem
from .words import cite_links, plain_reason

__all__ = ["TrickLab"]


class TrickLab(View):
    """Build a trick by clicking cards and see who wins, with the engine's explanation
    (``chaitea.trick_winner(...).reason``).

    >>> from chaitea_widgets import TrickLab
    >>> lab = TrickLab("trump(H)", names=["Aslan", "Leo", "Mufasa"])
    >>> for card in ["9C", "2H", "7C"]:
    ...     _ = lab.add(card)
    >>> lab.winner_name, lab.points
    ('Leo', 16)
    >>> print(lab.reason)
    2H wins: the only trump (hearts) in the trick beats every card of the led suit clubs

    Actions: :meth:`add`, :meth:`undo`, :meth:`clear`, :meth:`set_contract`,
    :meth:`set_leader`.
    """

    css_class = "ctj-trick-lab"

    def __init__(self, contract: str = "trump(H)", *, players: int = 3, deck: str | None = None,
                 trick: int = 1, names: Sequence[str] | None = None, leader: int = 0,
                 four_colour: bool = False) -> None:
        super().__init__()
        if players not in SEATINGS:
            raise chaitea.SetupError(f"players must be 2, 3, 4 or 6, not {players!r}")
        self.players = players
        self.the_deck = deck_named(deck or SEATINGS[players].decks[0])
        self.n_tricks = tricks_of(players, self.the_deck.name)
        self.names = list(names)[:players] if names and len(names) >= players else \
            default_names(players)
        self.title = html("Trick lab <small>click cards to build a trick</small>", "ctj-title")
        self.controls = ContractControls(contract, trick=trick, n_tricks=self.n_tricks,
                                         swiss=self.the_deck.is_jass)
        self.leader = w.Dropdown(options=[(n, i) for i, n in enumerate(self.names)],
                                 value=leader, description="Leads")
        self.leader.add_class("ctj-leader")
        self.undo_button = button("Undo", "ctj-undo", quiet=True, tooltip="Take back the last card")
        self.clear_button = button("Clear", "ctj-clear", tooltip="Start a new trick")
        self.deck_title = html("The deck: click a card to play it to the trick", "ctj-heading")
        self.deck_strip = CardStrip(size="small", label="deck", four_colour=four_colour,
                                    css_class="ctj-lab-deck")
        self.trick_title = html("The trick", "ctj-heading")
        self.trick_strip = CardStrip(interactive=False, label="trick", empty="no card yet",
                                     four_colour=four_colour, css_class="ctj-trick")
        self.result = html("", "ctj-result", "ctj-note")
        table = w.VBox([self.trick_title, self.trick_strip, self.result])
        table.add_class("ctj-felt")
        bar = w.HBox([self.leader, self.undo_button, self.clear_button])
        self._finish(self.title, self.controls.box, bar, self.status.widget, table,
                     self.deck_title, self.deck_strip)
        self.cards: list[Card] = []
        self.outcome: TrickResult | None = None
        self.deck_strip.on_click(lambda cid: self.add(cid))
        self.undo_button.on_click(lambda _b: self.undo())
        self.clear_button.on_click(lambda _b: self.clear())
        self.controls.observe(self._guard(self._redraw))
        self.leader.observe(self._guard(lambda _ch: self._redraw()), "value")
        self._attempt(self._redraw)

    # -- actions ---------------------------------------------------------------------------------
    def add(self, card: Card | str) -> bool:
        """Play ``card`` (e.g. ``"9C"``) as the next card of the trick."""
        def run() -> None:
            c = parse_card(self.the_deck, card)
            if c in self.cards:
                raise Refusal(f"{c} is already in the trick: each card is played once")
            if len(self.cards) >= self.players:
                raise Refusal(f"the trick is complete ({self.players} cards for "
                              f"{self.players} players): press Clear or Undo")
            self.cards.append(c)
            self._redraw()

        ok = self._attempt(run)
        if ok and self.outcome is not None:
            self.status.ok(self.outcome.reason) if len(self.cards) == self.players else \
                self.status.info(f"So far: {self.outcome.reason}")
        return ok

    def undo(self) -> bool:
        """Take back the last card."""
        def run() -> None:
            if not self.cards:
                raise Refusal("the trick is empty: nothing to undo")
            self.cards.pop()
            self._redraw()

        return self._attempt(run, ok="Took back the last card.")

    def clear(self) -> bool:
        """Start an empty trick."""
        def run() -> None:
            self.cards.clear()
            self._redraw()

        return self._attempt(run, ok="A new trick: click a card to lead.")

    def set_contract(self, contract: str, trick: int | None = None) -> bool:
        return self._attempt(lambda: self.controls.set(contract, trick))

    def set_leader(self, seat: int) -> bool:
        """Who leads the trick (a seat number)."""
        def run() -> None:
            if seat not in range(self.players):
                raise Refusal(f"seats are 0..{self.players - 1}, not {seat!r}")
            self.leader.value = seat

        return self._attempt(run)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def trick(self) -> list[str]:
        return [str(c) for c in self.cards]

    @property
    def winner_seat(self) -> int | None:
        if self.outcome is None:
            return None
        return int(self.leader.value + self.outcome.position) % self.players

    @property
    def winner_name(self) -> str | None:
        s = self.winner_seat
        return None if s is None else self.names[s]

    @property
    def reason(self) -> str:
        return self.outcome.reason if self.outcome is not None else ""

    @property
    def points(self) -> int:
        return sum(self.the_deck.points_of(c) for c in self.cards)

    # -- drawing ---------------------------------------------------------------------------------
    def _redraw(self) -> None:
        contract = self.controls.contract
        k = self.controls.trick_index
        self.outcome = (chaitea.trick_winner(contract, k, self.cards, self.the_deck,
                                             self.n_tricks) if self.cards else None)
        lead = self.leader.value
        seats = [(lead + i) % self.players for i in range(len(self.cards))]
        full = len(self.cards) >= self.players
        deck_items: list[StripItem] = []
        last_suit: object = "start"
        for c in self.the_deck.cards:
            if c.suit != last_suit and last_suit != "start":
                deck_items.append(StripItem(kind="break"))
            last_suit = c.suit
            used = c in self.cards
            deck_items.append(StripItem(card=c, playable=not used and not full,
                                        note="already in the trick" if used else (
                                            "the trick is complete" if full else "")))
        win = self.outcome.position if self.outcome is not None else -1
        trick_items = [StripItem(card=c, caption=self.names[seats[i]],
                                 highlight="win" if i == win else "")
                       for i, c in enumerate(self.cards)]
        with self._hold(self.deck_strip, self.trick_strip, self.result):
            self.deck_strip.set_items(deck_items)
            self.trick_strip.set_items(trick_items)
            order = contract.order_for(k, self.n_tricks)
            head = (f"<b>{escape(contract.title)}</b>"
                    + (f", trick {k + 1} ({escape(order.describe)})"
                       if contract.info.needs_start else ""))
            if self.outcome is None:
                self.result.value = f"{head}. {escape(self.names[lead])} leads: click a card."
            else:
                who = self.names[seats[self.outcome.position]]
                verb = "wins" if full else "is winning so far"
                why = plain_reason(self.outcome.reason, contract, k, self.n_tricks)
                self.result.value = (
                    f"{head}.<br><b class=\"ctj-winner\">{escape(who)} {verb}</b> with "
                    f"{escape(card_name(self.outcome.card))}.<br><i>{cite_links(why)}"
                    f"</i><br>Card points in the trick: <b>{self.points}</b>.")
