"""The ranking explorer: a contract's full strength order, strongest first, as the engine
computes it, with the cards that cannot win and the order of each trick."""

from __future__ import annotations

import ipywidgets as w

import chaitea
from chaitea import Contract, Deck, Suit, deck_named
from chaitea.core.markup import escape

from .base import View, html, show
from .contract_controls import ContractControls
from .explore_shared import contract_title, deck_label, led_options, suit_name, tricks_of
from .strip import CardStrip, StripItem

__all__ = ["RankingExplorer"]


def _order_chips(contract: Contract, n_tricks: int, current: int | None) -> str:
    sched = contract.schedule(n_tricks)
    chips = []
    for k, order in enumerate(sched):
        cls = "ctj-order-chip ctj-now" if k == current else "ctj-order-chip"
        chips.append(f'<span class="{cls}">{k + 1}: {order.value}</span>')
    return "".join(chips)


class RankingExplorer(View):
    """Pick a contract and its parameters (trump suit, start direction, trick number for
    Slalom and Pyramid) and see the full strength order, strongest first, as the engine
    computes it (``chaitea.strength_order``).

    >>> from chaitea_widgets import RankingExplorer
    >>> r = RankingExplorer("middle", led="C")
    >>> r.order[:3]
    ['5C', '4C', '6C']
    >>> r.set_contract("slalom(high)", trick=2)
    True
    >>> r.order[0]
    '1C'

    Actions: :meth:`set_contract`, :meth:`set_led` (a suit letter or None), :meth:`set_deck`.
    """

    css_class = "ctj-ranking-explorer"

    def __init__(self, contract: str = "trump(H)", deck: str = "standard", *, trick: int = 1,
                 led: str | None = None, players: int = 3, four_colour: bool = False) -> None:
        super().__init__()
        self._players = players
        self.title = html("Ranking explorer <small>which card beats which</small>", "ctj-title")
        self.deck = w.Dropdown(options=[(deck_label(x), x) for x in
                                        ("standard", "six-player", "double", "jass")],
                               value="standard", description="Deck")
        self.deck.add_class("ctj-deck")
        led_opts, led_tips = led_options(deck_named("standard"))
        self.led = w.ToggleButtons(options=led_opts, value="", description="Led suit",
                                   tooltips=led_tips)
        self.led.add_class("ctj-led")
        self.four_colour = w.Checkbox(value=four_colour, description="Four-colour suits",
                                      indent=False)
        self.four_colour.add_class("ctj-four-colour")
        self.controls = ContractControls(contract, trick=trick)
        self.explain = html("", "ctj-note", "ctj-explain")
        self.schedule = html("", "ctj-note", "ctj-schedule")
        self.strip = CardStrip(interactive=False, size="small", label="strength order",
                               css_class="ctj-order")
        self.losers = CardStrip(interactive=False, size="small", label="cannot win",
                                css_class="ctj-losers")
        felt = w.VBox([self.strip, self.losers])
        felt.add_class("ctj-felt")
        bar = w.HBox([self.deck, self.led, self.four_colour])
        self._finish(self.title, self.controls.box, bar, self.status.widget, self.explain,
                     self.schedule, felt)
        self.order: list[str] = []
        self._drawing = False
        for x in (self.deck, self.led, self.four_colour):
            x.observe(self._guard(lambda _ch: self._redraw()), "value")
        self.controls.observe(self._guard(self._redraw))
        self._attempt(lambda: self._setup(deck, led))

    def _setup(self, deck: str, led: str | None) -> None:
        self.deck.value = deck_named(deck).name
        self.led.value = Suit.parse(led).letter if led else ""
        self._redraw()

    def set_contract(self, contract: str, trick: int | None = None) -> bool:
        """Show ``contract`` (a spelling such as ``trump-slalom(S,low)``) at ``trick``."""
        return self._attempt(lambda: self.controls.set(contract, trick))

    def set_led(self, suit: str | None) -> bool:
        """The led suit (``C``, ``D``, ``H``, ``S``, or None for every suit's order)."""
        return self._attempt(lambda: setattr(self.led, "value",
                                             Suit.parse(suit).letter if suit else ""))

    def set_deck(self, deck: str) -> bool:
        return self._attempt(lambda: setattr(self.deck, "value", deck_named(deck).name))

    def _redraw(self) -> None:
        if self._drawing:
            return
        self._drawing = True
        try:
            self._draw()
        finally:
            self._drawing = False

    def _draw(self) -> None:
        deck = deck_named(self.deck.value)
        players = 6 if deck.name in ("six-player", "double") else self._players
        n_tricks = tricks_of(players, deck.name)
        self.controls.set_n_tricks(n_tricks)
        self.controls.set_swiss(deck.is_jass)
        self._set_led_buttons(deck)
        contract = self.controls.contract
        k = self.controls.trick_index
        led = Suit.parse(self.led.value) if self.led.value else None
        order = chaitea.strength_order(contract, k, deck, led=led, n_tricks=n_tricks)
        self.order = [str(c) for c in order]
        sched = contract.order_for(k, n_tricks)
        items: list[StripItem] = []
        band = None
        n = 0
        for c in order:
            if c.is_joker:
                name = "Jokers: beat every other card"
            elif contract.trump is not None and c.suit == contract.trump:
                name = f"Trump: {self._suit(c.suit, deck)}"
            elif led is not None:
                name = f"Led suit: {self._suit(c.suit, deck)}"
            else:
                name = f"{self._suit(c.suit, deck).capitalize()}, when led"
            if name != band:
                band = name
                items.append(StripItem(kind="label", text=name))
                if led is None and not c.is_joker and not (contract.trump is not None
                                                           and c.suit == contract.trump):
                    n = 0
            n += 1
            items.append(StripItem(card=c, caption=f"#{n}"))
        losers = [c for c in deck.cards if str(c) not in set(self.order)]
        with self._hold(self.strip, self.losers, self.explain, self.schedule):
            self.strip.four_colour = self.losers.four_colour = self.four_colour.value
            self.strip.set_items(items)
            if losers:
                self.losers.set_items([StripItem(kind="label", text="Cannot win this trick "
                                                 "(another suit, not trump)"),
                                       *[StripItem(card=c, playable=False) for c in losers]])
            else:
                self.losers.set_items([])
            show(self.losers, bool(losers))
            trick_words = f"Trick {k + 1} of {n_tricks} is played" if \
                contract.info.needs_start else "Every trick is played"
            trump_words = (f" Trump is {self._suit(contract.trump, deck)}: any trump beats "
                           "every card of the led suit." if contract.trump is not None else
                           " No trump: only the led suit can win.")
            self.explain.value = (f"<b>{escape(contract_title(contract, deck))}</b>. {trick_words} "
                                  f"<b>{escape(sched.describe)}</b>.{escape(trump_words)}"
                                  + (" Jokers beat everything; of two, the later-played wins."
                                     if deck.joker_mask else ""))
            self.schedule.value = ("Order of each trick: "
                                   + _order_chips(contract, n_tricks, k)
                                   if contract.info.needs_start else "")
        self.status.set("")

    def _set_led_buttons(self, deck: Deck) -> None:
        """The led-suit buttons name the suits as the deck does (Swiss names for the Jass deck,
        French symbols else), keeping the suit chosen."""
        options, tips = led_options(deck)
        if list(self.led.options) != options:
            value = self.led.value
            self.led.options = options
            self.led.tooltips = tips
            self.led.value = value

    @staticmethod
    def _suit(suit: Suit | None, deck: Deck) -> str:
        if suit is None:
            return "Jokers"
        return suit_name(suit, deck)
