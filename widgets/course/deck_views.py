"""The Jass lessons' shared parts (10 to 15): the four players' names, Swiss cards drawn into a
question's text, the modes' and cards' names, :class:`JassExercise`, and the lessons' views: a
suit of the deck in a mode (:class:`DeckView`), the teaching examples (:class:`ExamplesView`) and
a chooser of Jass tables (:class:`TableChooser`). The questions are in
:mod:`~chaitea_widgets.course.trick_questions` and
:mod:`~chaitea_widgets.course.score_questions`. It holds no rules: every order, value and
refusal comes from ``chaitea`` (the teaching examples' claims are checked against it in
``tests/records/test_teaching_examples.py``).

>>> from chaitea_widgets.course import card_name, strongest_first
>>> card_name("JH"), strongest_first("trump(H)", ["AH", "9H", "JH"])
('Under of Bells', ['JH', '9H', 'AH'])
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from chaitea import JASS
from chaitea.core.markup import escape
from chaitea.core.tricks import strength_tables, trump_in_force
from chaitea.draw.swiss_cards import (
    Faces,
    check_faces,
    jass_card_name,
    jass_hand_svg,
    jass_trick_svg,
)
from chaitea.records.teaching import card_values, jass_rule
from chaitea.records.teaching_deals import TRICKS, WEIS
from chaitea.rulesets.jass import mode_of
from chaitea_widgets import CardStrip, JassTable
from chaitea_widgets.base import Refusal, View, button, html
from chaitea_widgets.strip import StripItem
from chaitea_widgets.value_words import contract_words, suit_words

from .basics import NAMES
from .exercise import Exercise

__all__ = [
    "MODES",
    "NAMES4",
    "NAMES6",
    "TEAMS",
    "DeckView",
    "ExamplesView",
    "JassExercise",
    "TableChooser",
    "card_name",
    "cards_html",
    "mode_title",
    "strongest_first",
    "trick_html",
]

NAMES4 = ["Aslan", "Leo", "Mufasa", "Nala"]  # Schieber: Aslan & Mufasa against Leo & Nala
NAMES6 = [*NAMES4, "Rafiki", "Zazu"]
TEAMS = ("Aslan & Mufasa", "Leo & Nala")
MODES = ("trump(C)", "trump(D)", "trump(H)", "trump(S)", "obenabe", "undenufe")
FACES: Faces = "swiss"


# ------------------------------------------------------------------ drawing and words
def cards_html(cards: Sequence[str], width: int = 46) -> str:
    """A row of Swiss cards, drawn, for a question's text."""
    return f'<div class="ctj-jass-cards">{jass_hand_svg(list(cards), width, faces=FACES)}</div>'


def trick_html(cards: Sequence[str], seats: Sequence[int], names: Sequence[str],
               width: int = 46) -> str:
    svg = jass_trick_svg(list(cards), list(seats), names=list(names), width=width, faces=FACES)
    return f'<div class="ctj-jass-cards">{svg}</div>'


def card_name(card: str) -> str:
    """``JH`` -> ``Under of Bells``."""
    return jass_card_name(JASS.parse(card), FACES)


def mode_title(contract: str) -> str:
    return contract_words(contract, FACES)


class JassExercise(Exercise):
    """A course exercise whose cards are drawn with Swiss faces (Acorns, Shields, Bells, Roses)."""

    def _cards(self) -> CardStrip:
        if self.strip is None:
            self.strip = CardStrip(label="cards to choose from", faces=FACES,
                                   css_class="ctj-exercise-cards")
            self.strip.on_click(lambda cid: self.answer(cid))
            self.felt = w.VBox([self.cards_title, self.strip])
            self.felt.add_class("ctj-felt")
            self._layout()
        return self.strip


def strongest_first(contract: str, cards: Sequence[str]) -> list[str]:
    """The cards (one suit) strongest first in ``contract``: the engine's strength tables."""
    rule = jass_rule(contract)
    tables = strength_tables(JASS, rule, trump_in_force(rule, (), JASS))
    suit = JASS.suit_of[JASS.index_of(cards[0])]
    return sorted(cards, key=lambda c: -tables[suit][JASS.index_of(c)])


# ------------------------------------------------------------------ views
class DeckView(View):
    """A suit of the Swiss cards, strongest first in the chosen mode, each card's points under
    it, and every suit's points (the engine's value table and strength order). Faces Swiss or
    French. One suit at a time: every drawn card costs the page load time.
    Actions: :meth:`choose` (a mode, a suit, faces)."""

    css_class = "ctj-jass-deck"

    def __init__(self, contract: str = "trump(H)", suit: str = "H", faces: str = "swiss") -> None:
        super().__init__()
        self.title = html("The Jass deck <small>strongest first, each card's points under "
                          "it</small>", "ctj-title")
        self.mode = w.Dropdown(options=[(mode_title(m), m) for m in MODES], value=contract,
                               description="Mode", layout=w.Layout(width="320px"))
        self.suit = w.Dropdown(options=[(suit_words(x), x) for x in "CDHS"], value=suit,
                               description="Suit", layout=w.Layout(width="200px"))
        self.faces = w.ToggleButtons(options=[("Swiss faces", "swiss"),
                                              ("French faces", "french")], value=faces)
        self.strip = CardStrip(interactive=False, faces=faces, size="small",
                               label="one suit", css_class="ctj-jass-deck-cards")
        self.total = html("", "ctj-note", "ctj-jass-total")
        self._finish(self.title, w.HBox([self.mode, self.suit]), self.faces, self.strip,
                     self.total, self.status.widget)
        for control in (self.mode, self.suit, self.faces):
            control.observe(self._guard(lambda _c: self._draw()), "value")
        self._attempt(self._draw)

    def choose(self, contract: str | None = None, suit: str | None = None,
               faces: str | None = None) -> bool:
        """Show ``suit`` (a letter) in ``contract`` (a mode spelling) with ``faces``."""
        def run() -> None:
            for control, value in ((self.mode, contract), (self.suit, suit),
                                   (self.faces, faces)):
                if value is not None and control.value != value:
                    control.value = value  # redraws (observe)

        return self._attempt(run)

    def _draw(self) -> None:
        contract, faces = str(self.mode.value), str(self.faces.value)
        letter = str(self.suit.value)
        values = card_values(contract)
        trump, _ = mode_of(contract)
        ranks = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
        cards = strongest_first(contract, [f"{r}{letter}" for r in ranks])
        is_trump = trump is not None and "CDHS"[int(trump)] == letter
        mark = " · trump" if is_trump else ""
        items = [StripItem(kind="label", text=f"{suit_words(letter, faces)}{mark}: "
                                              f"{sum(values[c] for c in cards)} points")]
        items += [StripItem(card=JASS.parse(c), caption=str(values[c])) for c in cards]
        self.strip.faces = check_faces(faces)
        self.strip.set_items(items)
        suits = ", ".join(f"{suit_words(x, faces)} {sum(values[f'{r}{x}'] for r in ranks)}"
                          for x in "CDHS")
        total = sum(values.values())
        self.total.value = (f"<b>{escape(mode_title(contract))}</b>: {escape(suits)}; the "
                            f"cards hold <b>{total}</b> points, the last trick adds 5: "
                            f"<b>{total + 5}</b> in all.")


class ExamplesView(View):
    """The lesson's teaching examples, one at a time, with their claims (checked by the unit
    tests of ``chaitea.records.teaching_deals``): ``tricks`` or ``weis``.
    Actions: :meth:`show` (an example's number), :meth:`forward`, :meth:`back`."""

    css_class = "ctj-jass-examples"

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.pages = _examples(kind)
        self.title = html("", "ctj-title")
        self.body = html("", "ctj-panel", "ctj-jass-example")
        self.back_button = button("◀ Previous", "ctj-example-back", quiet=True)
        self.forward_button = button("Next example ▶", "ctj-example-next", primary=True)
        self.back_button.on_click(self._guard(lambda _b: self.back()))
        self.forward_button.on_click(self._guard(lambda _b: self.forward()))
        self._finish(self.title, self.body, w.HBox([self.back_button, self.forward_button]),
                     self.status.widget)
        self.index = 0
        self.show(0)

    def show(self, index: int) -> bool:
        def run() -> None:
            if not 0 <= index < len(self.pages):
                raise Refusal(f"there are examples 1 to {len(self.pages)}, not {index + 1}")
            self.index = index
            name, body = self.pages[index]
            with self._hold(self.title, self.body):
                self.title.value = (f"{escape(name)} <small>example {index + 1} of "
                                    f"{len(self.pages)}</small>")
                self.body.value = body
            self.back_button.disabled = index == 0
            self.forward_button.disabled = index + 1 == len(self.pages)

        return self._attempt(run)

    def forward(self) -> bool:
        return self.show(self.index + 1)

    def back(self) -> bool:
        return self.show(self.index - 1)


def _examples(kind: str) -> list[tuple[str, str]]:
    pages = []
    if kind == "tricks":
        for ex in TRICKS.values():
            pages.append((ex.title, f"{escape(ex.story)}{trick_html(ex.cards, range(4), 'ABCD')}"
                                    f"The <b>{escape(card_name(ex.winner))}</b> wins; the trick is "
                                    f"worth <b>{ex.points}</b> points."))
    elif kind == "weis":
        for w_ex in WEIS.values():
            several = len(w_ex.hands) > 1
            hands = "".join((f"<div>{['First', 'Second'][w_ex.sides[i]]} team:</div>"
                             if several else "") + cards_html(h.split(), 40)
                            for i, h in enumerate(w_ex.hands))
            if w_ex.winner is None:
                who = "Nobody scores Weis."
            elif not several:
                who = f"The hand scores <b>{w_ex.points[0]}</b>."
            else:
                who = f"The {['first', 'second'][w_ex.winner]} team scores its Weis."
            if w_ex.stoeck is not None:
                who += f" The {['first', 'second'][w_ex.stoeck]} team writes Stöck, 20."
            pages.append((w_ex.title, f"{escape(w_ex.story)}{hands}{who}"))
    else:
        raise ValueError(f"examples are tricks or weis, not {kind!r}")
    return pages


# ------------------------------------------------------------------ tables
class TableChooser(View):
    """Buttons that open a Jass table (``JassTable``) for one of several games; the first
    opens at once, the others when chosen (each table costs load time)."""

    css_class = "ctj-jass-chooser"

    def __init__(self, games: Sequence[tuple[str, str, int | None, dict[str, object]]], *,
                 seed: int = 2026, first: bool = True) -> None:
        super().__init__()
        self.games = list(games)
        self.seed = seed
        self.title = html("Choose a table", "ctj-title")
        self.buttons = []
        for i, (label, _r, _p, _o) in enumerate(self.games):
            b = button(label, f"ctj-jass-game-{i}")
            b.on_click(self._guard(lambda _b, i=i: self.open(i)))
            self.buttons.append(b)
        self.holder = w.VBox([])
        self.table: JassTable | None = None
        self.chosen = -1
        self._finish(self.title, w.HBox(self.buttons), self.status.widget, self.holder)
        if first:
            self.open(0)

    def open(self, index: int) -> bool:
        def run() -> None:
            _label, ruleset, players, options = self.games[index]
            names = {3: NAMES, 6: NAMES6}.get(players or 4, NAMES4)
            old = self.table
            self.table = JassTable(ruleset, players, seed=self.seed, humans=(0,), bots="rule",
                                   options=options, names=names)
            self.table.widget.remove_class("ctj-main")
            self.holder.children = [self.table.widget]
            if old is not None:
                old.session.stop()  # its bots' waiting move does nothing now
                old.widget.close()
            self.chosen = index
            for i, b in enumerate(self.buttons):  # the table shown: the kit's primary colour
                if i == index:
                    b.add_class("ctj-primary")
                else:
                    b.remove_class("ctj-primary")

        return self._attempt(run, ok=f"{self.games[index][0]}: you are Aslan, the bots play "
                             "the others.")
