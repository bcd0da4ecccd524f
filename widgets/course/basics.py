"""The Chai Tea Jazz lessons' helpers (0 to 9): the rulebook's names on the seats, cards and
points as text, the shared "What may X play?" problem and the welcome card. It holds no rules:
every right answer comes from ``chaitea``.

>>> from chaitea_widgets.course import seat_of, signed
>>> seat_of("Mufasa"), signed(-2), signed(0)
(2, '−2', '0')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

import chaitea
from chaitea import Card, State
from chaitea.core.markup import escape
from chaitea_widgets import CardStrip
from chaitea_widgets.base import View, button, html

from .exercise import Problem

__all__ = ["NAMES", "Welcome", "hand_text", "may_play_problem", "named_round", "seat_of",
           "signed"]

NAMES = ["Aslan", "Leo", "Mufasa"]  # the rulebook's three players: seats 0, 1, 2


def hand_text(cards: Sequence[Card | str]) -> str:
    return " ".join(str(c) for c in cards)


def named_round(game: chaitea.Game, seed: int, declarer: int, contract: str,
                debt: int = 0, names: Sequence[str] = NAMES) -> State:
    """``game.round_state(...)`` with the rulebook's names on the seats."""
    state = game.round_state(seed, declarer, contract, debt=debt)
    state.names = list(names)[: game.players]
    return state


def seat_of(name: str, names: Sequence[str] = NAMES) -> int:
    return list(names).index(name)


def signed(points: int) -> str:
    """Game points as the pad writes them: +2, 0, −2."""
    return f"{points:+d}".replace("-", "−") if points else "0"


def may_play_problem(seed: int, *, players: int = 3, contract: str = "trump(H)",
                     leader: int = 0, asks: int = 1, names: Sequence[str] = NAMES) -> Problem:
    """"What may X play?" from a seeded round: the bots play (legally) until it is ``asks``'s
    turn in a trick already led, preferably one where some of their cards are not legal. The
    engine judges every click (``state.can_apply``) and its refusal names the rule."""
    game = chaitea.Game(players=players)
    state = named_round(game, seed, leader, contract, names=names)
    bot = chaitea.make_bot("random", seed)
    chosen: State | None = None
    skip = seed % 4  # a few tricks in, for variety
    while not state.is_terminal():
        if state.current_player() == asks and state.trick and state.trick_number >= skip:
            if chosen is None:
                chosen = state.clone()
            if len(state.legal_moves()) < len(state.playable(asks)):
                chosen = state.clone()
                break
        state.apply_action(bot.act(state))
    assert chosen is not None
    s = chosen
    who = s.names[asks]
    hand = {str(c) for c in s.hand(asks)}
    playable = [str(c) for c in s.playable(asks)]
    legal = s.legal_moves()
    lead = s.names[s.trick_leader]
    trick = ", ".join(f"{s.names[(s.trick_leader + i) % players]} {c}"
                      for i, c in enumerate(s.trick))
    contract_title = escape(s.contract.title) if s.contract is not None else contract
    straw = "" if len(hand) == len(playable) else (
        " (with the face-up cards of the straw-pile, marked <i>straw</i>)")
    question = (f"<b>{contract_title}</b>, trick {s.trick_number + 1}. {escape(lead)} led; "
                f"so far: <b>{escape(trick)}</b>. Here are the cards {escape(who)} may choose "
                f"from{straw}. <b>Click a card {escape(who)} may play.</b>")

    def check(card: Any) -> tuple[bool, str]:
        if s.can_apply(str(card)):
            return True, f"{card} may be played."
        try:
            s.verify_action(str(card))  # the engine's refusal names the rule (the hint)
        except chaitea.IllegalAction as e:
            return False, f"{e}."
        return False, ""  # pragma: no cover

    everything = ("Every one of these cards is legal here." if len(legal) == len(playable)
                  else f"Legal here: {', '.join(legal)}.")
    captions = ["hand" if c in hand else "straw" for c in playable] if straw else []
    return Problem(question, solution=legal, cards=playable, captions=captions, check=check,
                   cards_title=f"{escape(who)}'s cards", explain=everything)


class Welcome(View):
    """The welcome card: the engine's version and a hand dealt from a seed, with its card
    points. Action: :meth:`deal` (another seed)."""

    css_class = "ctj-welcome"

    def __init__(self, seed: int = 1) -> None:
        super().__init__()
        self.seed = seed
        self.title = html("Welcome to Chai Tea Jazz", "ctj-title")
        self.version = html(f"Rules engine <code>chaitea</code> version "
                            f"<b>{escape(chaitea.__version__)}</b>", "ctj-note")
        self.caption = html("", "ctj-heading")
        self.hand = CardStrip(interactive=False, label="a hand of 12 cards",
                              css_class="ctj-welcome-hand")
        felt = w.VBox([self.caption, self.hand])
        felt.add_class("ctj-felt")
        self.points = html("", "ctj-note", "ctj-points")
        self.deal_button = button("Deal another hand", "ctj-deal", primary=True)
        self.deal_button.layout = w.Layout(align_self="flex-start")  # its own layout
        self._finish(self.title, self.version, felt, self.points, self.status.widget,
                     self.deal_button)
        self.deal_button.on_click(lambda _b: self.deal())
        self.cards: list[str] = []
        self._attempt(self._draw)

    def deal(self, seed: int | None = None) -> bool:
        """Deal Aslan's hand of the next seed (or of ``seed``)."""
        def run() -> None:
            self.seed = self.seed + 1 if seed is None else seed
            self._draw()

        return self._attempt(run)

    def _draw(self) -> None:
        deck = chaitea.STANDARD
        deal = chaitea.Deal.from_seed(self.seed, 3, deck)
        cards = sorted(deal.hands[0], key=deck.index_of)
        self.cards = [str(c) for c in cards]
        counted = [c for c in cards if deck.points_of(c)]
        total = sum(deck.points_of(c) for c in cards)
        with self._hold(self.caption, self.hand, self.points):
            self.caption.value = f"Aslan's hand, dealt from seed {self.seed}"
            self.hand.set_cards(cards)
            self.points.value = (
                f"This hand holds <b>{total}</b> of the deck's {deck.total_points} card points"
                f" ({' + '.join(str(deck.points_of(c)) for c in counted) or 'none'}): every"
                " odd card scores its rank, even cards score nothing.")
