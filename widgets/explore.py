"""Explorers on the engine's rules as data: deals, strength orders, tricks, and a quiz."""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as w

import chaitea
from chaitea import SEATINGS, Card, Contract, Deal, Deck, Game, Suit, TrickResult, deck_named
from chaitea.ai.bots import RandomBot
from chaitea.core.markup import escape
from chaitea.draw.svg import card_name

from .base import Refusal, View, button, default_names, html, seat_widgets, show, sort_cards
from .contract_controls import ContractControls
from .strip import CardStrip, StripItem
from .tries import Progress, Tries
from .words import cite_links, order_words, plain_reason

__all__ = ["DealExplorer", "Quiz", "RankingExplorer", "TrickLab"]

MAX_SEATS = 6


def _decks_for(players: int) -> list[str]:
    """Decks a deal of ``players`` can use: the seating's decks, and the 36-card Jass deck."""
    decks = list(SEATINGS[players].decks)
    if players in (2, 3, 4):
        decks.append("jass")
    return decks


def _deck_label(name: str) -> str:
    return {"standard": "Standard (36 cards)", "six-player": "Six-player (54, Jokers)",
            "double": "Double (72)", "jass": "Jass (Swiss suits)"}[name]


def _deck_words(deck: Deck) -> str:
    """The deck in the words its cards are drawn with (the Jass deck's faces are Swiss: Under
    and Ober, Acorns and Roses, not J Q K A in clubs and spades)."""
    if deck.is_jass:
        suits = ", ".join(s.swiss for s in Suit)
        return (f"the Swiss Jass deck: 6 7 8 9, Banner (10), Under, Ober, King and Ace in {suits};"
                " card points counted by Chai Tea Jazz's odd-rank rule")
    return deck.describe()


def _n_tricks(players: int, deck: str) -> int:
    return SEATINGS[players].tricks("standard" if deck == "jass" else deck)


def _parse_card(deck: Deck, text: Card | str) -> Card:
    if isinstance(text, Card):
        if text not in deck.index:
            raise chaitea.CardError(f"{text} is not a card of the {deck.describe()}")
        return text
    if not isinstance(text, str):
        raise Refusal(f"{text!r} is not a card: write rank then suit, e.g. 7H")
    return deck.parse(text)


def _order_chips(contract: Contract, n_tricks: int, current: int | None) -> str:
    sched = contract.schedule(n_tricks)
    chips = []
    for k, order in enumerate(sched):
        cls = "ctj-order-chip ctj-now" if k == current else "ctj-order-chip"
        chips.append(f'<span class="{cls}">{k + 1}: {order.value}</span>')
    return "".join(chips)


def _sort_note(contract: Contract, order: chaitea.Order, k: int) -> str:
    """"Hands sorted for Over (the highest rank is strongest)": the order's name only when it
    adds something to the contract's title (a trump contract, a Slalom trick)."""
    name, _, rule = order.describe.partition(": ")
    played = "" if name == contract.title else f", played {escape(name)}"
    trick = f", trick {k + 1}" if contract.info.needs_start else ""
    trump = "; trump first" if contract.info.trump else ""
    return (f"Hands sorted for <b>{escape(contract.title)}</b>{trick}{played} "
            f"({escape(rule)}){trump}.")


# ------------------------------------------------------------------ deal explorer
class DealExplorer(View):
    """Deal the cards from a seed and look at every hand, sorted by a contract's strength
    order (the engine's ``strength_order``), with its card points. Two players: the
    straw-piles are drawn as stacks (a face-down card under a face-up card) and the two
    set-aside cards face down.

    >>> from chaitea_widgets import DealExplorer
    >>> ex = DealExplorer(players=3, seed=7, contract="under")
    >>> len(ex.hands), [len(h) for h in ex.hands]
    (3, [12, 12, 12])
    >>> ex.deal(seed=8, players=2)
    True
    >>> ex.set_contract("trump(S)")
    True

    Actions: :meth:`deal` (seed, players, deck), :meth:`shuffle` (next seed),
    :meth:`set_contract`, :meth:`set_four_colour`.
    """

    css_class = "ctj-deal-explorer"

    def __init__(self, players: int = 3, deck: str | None = None, seed: int = 1,
                 contract: str = "trump(H)", *, names: Sequence[str] | None = None,
                 four_colour: bool = False, decks: Sequence[str] | None = None,
                 contracts: Sequence[str] | None = None) -> None:
        super().__init__()
        self._names = list(names) if names else None
        # a lesson offers only what it has taught: ``decks`` limits the deck choice (lesson 1:
        # the standard deck, whose 100 points it teaches), ``contracts`` the contract kinds
        self._decks = list(decks) if decks is not None else None
        self.title = html("Deal explorer <small>the same seed deals the same cards</small>",
                          "ctj-title")
        self.players = w.Dropdown(options=[("2 players", 2), ("3 players", 3),
                                           ("4 players", 4), ("6 players", 6)],
                                  value=3, description="Players")
        self.players.add_class("ctj-players")
        self.deck = w.Dropdown(options=[], description="Deck")
        self.deck.add_class("ctj-deck")
        self.seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1, description="Seed")
        self.seed.add_class("ctj-seed")
        self.shuffle_button = button("Shuffle", "ctj-shuffle", primary=True,
                                     tooltip="Deal again with the next seed")
        self.four_colour = w.Checkbox(value=four_colour, description="Four-colour suits",
                                      indent=False)
        self.four_colour.add_class("ctj-four-colour")
        self.controls = ContractControls(contract, kinds=contracts)
        self.sort_note = html("", "ctj-note")
        # seat widgets are made when a deal first needs them (each card strip costs page-load
        # time), then kept and updated; fewer players only hide the extra seats
        self.seat_heads: list[w.HTML] = []
        self.seat_hands: list[CardStrip] = []
        self.seat_straws: list[CardStrip] = []
        self.seat_boxes: list[w.VBox] = []
        self.aside_head = html("", "ctj-seat-head")
        self.aside = CardStrip(interactive=False, label="set aside", css_class="ctj-aside")
        self.aside_box = w.VBox([self.aside_head, self.aside])
        self.aside_box.add_class("ctj-seat")
        self.felt = felt = w.VBox([self.aside_box])
        felt.add_class("ctj-felt")
        self.summary = html("", "ctj-note")
        bar = w.HBox([self.players, self.deck, self.seed, self.shuffle_button, self.four_colour])
        self._finish(self.title, bar, self.controls.box, self.sort_note, self.status.widget,
                     felt, self.summary)
        self.hands: list[list[str]] = []
        self.current: Deal | None = None
        self._busy = False
        self.shuffle_button.on_click(lambda _b: self.shuffle())
        self.players.observe(self._guard(lambda _ch: self._players_changed()), "value")
        for x in (self.deck, self.seed):
            x.observe(self._guard(lambda _ch: self._redraw()), "value")
        self.four_colour.observe(self._guard(lambda _ch: self._redraw()), "value")
        self.controls.observe(self._guard(self._redraw))
        self._attempt(lambda: self._set(players, deck, seed))

    # -- actions ---------------------------------------------------------------------------------
    def _set(self, players: int | None, deck: str | None, seed: int | None) -> None:
        p = self.players.value if players is None else players
        if p not in SEATINGS:
            raise chaitea.SetupError(f"players must be 2, 3, 4 or 6, not {p!r}")
        decks = [x for x in _decks_for(p) if self._decks is None or x in self._decks]
        if not decks:
            raise chaitea.SetupError(f"none of the decks {self._decks} fits {p} players")
        d = deck if deck is not None else (self.deck.value if self.deck.value in decks
                                           else decks[0])
        if d not in decks:
            raise chaitea.SetupError(f"the {d} deck does not fit {p} players; use "
                                     f"{' or '.join(decks)}")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**31):
            raise Refusal(f"a seed is a whole number from 0 to {2**31 - 1}, not {seed!r}")
        self._busy = True
        try:
            with self._hold(self.players, self.deck, self.seed):
                self.players.value = p
                self.deck.options = [(_deck_label(x), x) for x in decks]
                self.deck.value = d
                if seed is not None:
                    self.seed.value = seed
        finally:
            self._busy = False
        self._redraw()

    def deal(self, seed: int | None = None, players: int | None = None,
             deck: str | None = None) -> bool:
        """Deal with ``seed`` (and optionally another player count or deck)."""
        return self._attempt(lambda: self._set(players, deck, seed))

    def shuffle(self) -> bool:
        """Deal again with the next seed."""
        return self.deal(seed=(self.seed.value + 1) % 2**31)

    def set_contract(self, contract: str, trick: int | None = None) -> bool:
        """Sort the hands by ``contract`` (a spelling) at ``trick`` (1-based, Slalom/Pyramid)."""
        return self._attempt(lambda: self.controls.set(contract, trick))

    def set_four_colour(self, on: bool = True) -> bool:
        return self._attempt(lambda: setattr(self.four_colour, "value", bool(on)))

    def _players_changed(self) -> None:
        if not self._busy:
            self._set(self.players.value, None, None)

    # -- drawing ---------------------------------------------------------------------------------
    def _ensure_seats(self, players: int) -> None:
        """Make the seat widgets up to ``players`` (once; later deals reuse them)."""
        if len(self.seat_boxes) >= players:
            return
        for i in range(len(self.seat_boxes), players):
            head, hand, straw, box = seat_widgets(i, f"hand {i}", f"straw-pile {i}",
                                                  interactive=False)
            self.seat_heads.append(head)
            self.seat_hands.append(hand)
            self.seat_straws.append(straw)
            self.seat_boxes.append(box)
        self.felt.children = (*self.seat_boxes, self.aside_box)

    def _redraw(self) -> None:
        if self._busy or self.deck.value is None:
            return
        self._busy = True
        try:
            self._draw()
        finally:
            self._busy = False

    def _draw(self) -> None:
        p = self.players.value
        deck = deck_named(self.deck.value)
        n_tricks = _n_tricks(p, deck.name)
        self.controls.set_n_tricks(n_tricks)
        self.controls.set_swiss(deck.is_jass)
        contract = self.controls.contract
        k = self.controls.trick_index
        deal = Deal.from_seed(self.seed.value, p, deck)
        self.current = deal
        names = self._names[:p] if self._names and len(self._names) >= p else default_names(p)
        fc = self.four_colour.value
        self._ensure_seats(p)
        widgets = [*self.seat_heads, *self.seat_hands, *self.seat_straws, self.aside,
                   self.aside_head, self.summary, self.sort_note]
        self.hands = []
        with self._hold(*widgets):
            order = contract.order_for(k, n_tricks)
            self.sort_note.value = _sort_note(contract, order, k)
            total = 0
            for seat in range(len(self.seat_boxes)):
                show(self.seat_boxes[seat], seat < p)
                if seat >= p:
                    continue
                hand = sort_cards(deal.hands[seat], contract, deck, k, n_tricks)
                self.hands.append([str(c) for c in hand])
                pts = sum(deck.points_of(c) for c in hand)
                straw_pts = 0
                strip = self.seat_hands[seat]
                strip.four_colour = fc
                strip.label = f"{names[seat]}'s hand"
                strip.set_cards(hand)
                straw = self.seat_straws[seat]
                straw.four_colour = fc
                if deal.straw is not None:
                    stacks = deal.straw[seat]
                    straw_pts = sum(deck.points_of(u) for _d, u in stacks)
                    hidden_pts = sum(deck.points_of(d) for d, _u in stacks)
                    straw.label = f"{names[seat]}'s straw-pile"
                    straw.set_items([StripItem(kind="stack", card=u, down=d)
                                     for d, u in stacks])
                    show(straw, True)
                else:
                    straw.set_items([])
                    show(straw, False)
                team = ""
                seating = SEATINGS[p]
                if seating.teams:
                    team = f" · team {'AB'[seating.side_of(seat)]}"
                extra = ""
                if deal.straw is not None:
                    extra = (f" + <b>{straw_pts}</b> face up on the straw-pile (5 stacks, each a "
                             "face-down card under a face-up card)")
                    total += hidden_pts
                total += pts + straw_pts
                self.seat_heads[seat].value = (f"<b>{escape(names[seat])}</b>{team} · "
                                               f"{len(hand)} cards · <b>{pts}</b> card points"
                                               f"{extra}")
            if deal.set_aside:
                aside_pts = sum(deck.points_of(c) for c in deal.set_aside)
                total += aside_pts
                self.aside_head.value = ("<b>Set aside</b> · 2 cards face down (the winner of "
                                         "the last trick takes the higher one, "
                                         + cite_links("D9") + ")")
                self.aside.set_items([StripItem(kind="back", caption="set aside")
                                      for _ in deal.set_aside])
            else:
                self.aside.set_items([])
            show(self.aside_box, bool(deal.set_aside))
            self.summary.value = (f"Seed {deal.seed}: {deck.size} cards, {total} card points "
                                  f"in all ({escape(_deck_words(deck))}).")
        self.status.set("")


# ------------------------------------------------------------------ ranking explorer
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
        self.deck = w.Dropdown(options=[(_deck_label(x), x) for x in
                                        ("standard", "six-player", "double", "jass")],
                               value="standard", description="Deck")
        self.deck.add_class("ctj-deck")
        self.led = w.ToggleButtons(options=[("any", ""), ("♣", "C"), ("♦", "D"), ("♥", "H"),
                                            ("♠", "S")], value="", description="Led suit",
                                   tooltips=["no suit led yet: every suit's order", "clubs led",
                                             "diamonds led", "hearts led", "spades led"])
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
        n_tricks = _n_tricks(players, deck.name)
        self.controls.set_n_tricks(n_tricks)
        self.controls.set_swiss(deck.is_jass)
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
            self.explain.value = (f"<b>{escape(contract.title)}</b>. {trick_words} "
                                  f"<b>{escape(sched.describe)}</b>.{escape(trump_words)}"
                                  + (" Jokers beat everything; of two, the later-played wins."
                                     if deck.joker_mask else ""))
            self.schedule.value = ("Order of each trick: "
                                   + _order_chips(contract, n_tricks, k)
                                   if contract.info.needs_start else "")
        self.status.set("")

    @staticmethod
    def _suit(suit: Suit | None, deck: Deck) -> str:
        if suit is None:
            return "Jokers"
        return suit.swiss if deck.is_jass else suit.plural


# ------------------------------------------------------------------ trick lab
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
        self.n_tricks = _n_tricks(players, self.the_deck.name)
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
            c = _parse_card(self.the_deck, card)
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


# ------------------------------------------------------------------ quiz
DEFAULT_QUIZ_CONTRACTS = ("trump(C)", "trump(D)", "trump(H)", "trump(S)", "under", "over",
                          "slalom(high)", "slalom(low)", "pyramid(high)", "middle")


class Quiz(View):
    """Which card wins? Tricks come from seeded random rounds played by the engine (so every
    trick follows the rules); the answer and its explanation are the engine's. Three tries: a
    wrong card gets a hint (which way this trick is played) and another try; the reason comes
    with the right card or after the last try. ``right`` counts questions right at the first
    try, ``asked`` the questions finished.

    >>> from chaitea_widgets import Quiz
    >>> quiz = Quiz(seed=3)
    >>> right = quiz.answer(quiz.solution)   # the engine's winner
    >>> right, quiz.right, quiz.asked
    (True, 1, 1)
    >>> quiz.next()
    True
    >>> wrong = next(str(c) for c in quiz.cards if str(c) != quiz.solution)
    >>> quiz.answer(wrong), quiz.answer(quiz.solution), quiz.right, quiz.asked
    (False, True, 1, 2)

    Actions: :meth:`answer` (a card of the trick), :meth:`next`, :meth:`restart`.
    """

    css_class = "ctj-quiz"

    def __init__(self, seed: int = 0, *, players: int = 3,
                 contracts: Sequence[str] = DEFAULT_QUIZ_CONTRACTS,
                 names: Sequence[str] | None = None, four_colour: bool = False,
                 progress: Progress | None = None) -> None:
        super().__init__()
        self.game = Game(players=players)
        self.tries = Tries(progress)
        self.contracts = [Contract.parse(c) for c in contracts]
        if not self.contracts:
            raise chaitea.SetupError("the quiz needs at least one contract")
        self.names = list(names)[:players] if names and len(names) >= players else \
            default_names(players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.title = html("Which card wins? <small>click the winning card</small>", "ctj-title")
        self.question = html("", "ctj-question")
        self.trick_strip = CardStrip(label="trick", four_colour=four_colour,
                                     css_class="ctj-quiz-trick")
        self.feedback = html("", "ctj-feedback", "ctj-note")
        self.score = html("", "ctj-score")
        self.next_button = button("Next question ▶", "ctj-next", primary=True)
        self.restart_button = button("Start again", "ctj-restart", quiet=True)
        table = w.VBox([self.question, self.trick_strip, self.feedback])
        table.add_class("ctj-felt")
        self._finish(self.title, self.score, table, self.status.widget,
                     w.HBox([self.next_button, self.restart_button]))
        self.right = 0
        self.asked = 0
        self.answered: str | None = None
        self.trick_strip.on_click(lambda cid: self.answer(cid))
        self.next_button.on_click(lambda _b: self.next())
        self.restart_button.on_click(lambda _b: self.restart())
        self.contract: Contract = self.contracts[0]
        self.trick_index = 0
        self.cards: list[Card] = []
        self.seats: list[int] = []
        self.solution = ""
        self.reason = ""
        self._attempt(self._new_question)

    def _new_question(self) -> None:
        g = self.game
        rng = self.rng
        contract = rng.choice(self.contracts)
        declarer = rng.randrange(g.players)
        state = g.round_state(rng.getrandbits(31), declarer, contract)
        k = rng.randrange(g.n_tricks)
        bot = RandomBot(rng.getrandbits(31))
        while len(state.tricks) <= k:
            state.apply_action(bot.act(state))
        tr = state.tricks[k]
        self.contract, self.trick_index = contract, k
        self.cards = list(tr.cards)
        self.seats = [(tr.leader + i) % g.players for i in range(len(tr.cards))]
        self.solution = str(tr.cards[self.seats.index(tr.winner)])
        self.reason = plain_reason(tr.reason, contract, k, g.n_tricks)
        self.answered = None
        self.tries.new()
        self._redraw()

    @property
    def hint(self) -> str:
        """Which way this trick is played, without naming the winner."""
        words = order_words(self.contract, self.trick_index, self.game.n_tricks)
        trump = (f"; any trump ({self.contract.trump.plural}) beats every card of the led suit"
                 if self.contract.trump is not None else "; only the led suit can win")
        return f"in {self.contract.title}, {words}{trump}"

    def answer(self, card: str) -> bool:
        """Answer with a card of the trick; True when it is the winning card."""
        result = {"right": False, "verdict": ""}

        def run() -> None:
            c = _parse_card(self.game.deck, card)
            if self.tries.done:
                raise Refusal("this question is answered: press Next question")
            if c not in self.cards:
                raise Refusal(f"{c} is not in this trick: click one of "
                              f"{', '.join(map(str, self.cards))}")
            if str(c) in self.tries.wrong:
                raise Refusal(f"{c} was tried already: click another card")
            self.answered = str(c)
            result["right"] = str(c) == self.solution
            result["verdict"] = self.tries.answer(bool(result["right"]), str(c))
            if result["verdict"] != "retry":  # the question is finished
                self.asked += 1
                self.right += self.tries.first_try
            self._redraw()

        if self._attempt(run):
            # the verdict is said once, in the status line (the felt only marks the cards)
            verdict = result["verdict"]
            if verdict == "right":
                late = "" if self.tries.first_try else f" (at try {self.tries.used})"
                self.status.ok(f"Right!{late} {self.reason}")
            elif verdict == "retry":
                left = self.tries.left
                self.status.error(f"Not quite: you chose {self.answered}. Hint: {self.hint}. "
                                  f"Try again ({left} {'try' if left == 1 else 'tries'} left).")
            else:
                self.status.error(f"Not quite: you chose {self.answered}. {self.reason}")
        return bool(result["right"])

    def next(self) -> bool:
        """The next question."""
        ok = self._attempt(self._new_question)
        if ok:
            self.status.set("")
        return ok

    def restart(self) -> bool:
        """Start again from the first question of the seed, with the score at zero."""
        def run() -> None:
            self.rng = random.Random(self.seed)
            self.right = self.asked = 0
            self._new_question()

        ok = self._attempt(run)
        if ok:
            self.status.set("")
        return ok

    def _redraw(self) -> None:
        done = self.tries.done
        tried = set(map(str, self.tries.wrong))
        items = []
        for i, c in enumerate(self.cards):
            hl = ""
            if done and str(c) == self.solution:
                hl = "right"
            elif str(c) in tried:
                hl = "wrong"
            items.append(StripItem(card=c, caption=self.names[self.seats[i]], highlight=hl,
                                   playable=None if done else str(c) not in tried,
                                   note="tried already" if str(c) in tried and not done
                                   else ""))
        n = self.game.n_tricks
        with self._hold(self.trick_strip, self.question, self.feedback, self.score):
            self.trick_strip.set_items(items)
            self.question.value = (
                f"Contract <b>{escape(self.contract.title)}</b> · trick "
                f"<b>{self.trick_index + 1}</b> of {n} · {escape(self.names[self.seats[0]])}"
                " led. <b>Which card wins?</b>")
            # the verdict itself is in the status line only (said once)
            self.feedback.value = ("Click the card you think wins the trick (three tries)."
                                   if not done else
                                   "The winning card is marked in green. Press <b>Next question"
                                   " ▶</b> for another trick.")
            self.score.value = (f"Right at the first try: <b>{self.right}</b> of {self.asked}"
                                f" · {escape(self.tries.progress.line())}")
            self.next_button.disabled = False
