"""The deal explorer: deal the cards from a seed and look at every hand, sorted by a contract's
strength order, with its card points."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

import chaitea
from chaitea import SEATINGS, Contract, Deal, Deck, Suit, deck_named
from chaitea.core.markup import escape

from .base import Refusal, View, button, default_names, html, seat_widgets, show, sort_cards
from .contract_controls import ContractControls
from .explore_shared import contract_title, deck_label, tricks_of
from .strip import CardStrip, StripItem
from .words import cite_links

__all__ = ["DealExplorer"]


def _decks_for(players: int) -> list[str]:
    """Decks a deal of ``players`` can use: the seating's decks, and the 36-card Jass deck."""
    decks = list(SEATINGS[players].decks)
    if players in (2, 3, 4):
        decks.append("jass")
    return decks


def _deck_words(deck: Deck) -> str:
    """The deck in the words its cards are drawn with (the Jass deck's faces are Swiss: Under
    and Ober, Acorns and Roses, not J Q K A in clubs and spades)."""
    if deck.is_jass:
        suits = ", ".join(s.swiss for s in Suit)
        return (f"the Swiss Jass deck: 6 7 8 9, Banner (10), Under, Ober, King and Ace in {suits};"
                " card points counted by Chai Tea Jazz's odd-rank rule")
    return deck.describe()


def _sort_note(contract: Contract, order: chaitea.Order, k: int, deck: Deck) -> str:
    """"Hands sorted for Over (the highest rank is strongest)": the order's name only when it
    adds something to the contract's title (a trump contract, a Slalom trick); the trump named
    as the deck names it (Bells in the Jass deck)."""
    name, _, rule = order.describe.partition(": ")
    played = "" if name == contract.title else f", played {escape(name)}"
    trick = f", trick {k + 1}" if contract.info.needs_start else ""
    trump = "; trump first" if contract.info.trump else ""
    return (f"Hands sorted for <b>{escape(contract_title(contract, deck))}</b>{trick}{played} "
            f"({escape(rule)}){trump}.")


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
                self.deck.options = [(deck_label(x), x) for x in decks]
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
        n_tricks = tricks_of(p, deck.name)
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
            self.sort_note.value = _sort_note(contract, order, k, deck)
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
