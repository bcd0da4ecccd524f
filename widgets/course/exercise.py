"""Helpers shared by the course notebooks: exercises whose answers the engine computes, the
course index, and a few ways to write cards and hands as text.

The notebooks import it from their own folder (Jupyter and Voilà start the kernel there).
It holds no rules: every right answer comes from ``chaitea``.

>>> from ctj_course import Exercise, Problem
>>> ex = Exercise("Warm-up", lambda seed: Problem("<b>2 + 2?</b>", solution=4, number=True))
>>> ex.answer(4), ex.right, ex.asked
(True, 1, 1)
>>> _ = ex.another(); ex.answer(5)          # wrong: a hint and another try
False
>>> ex.message
'Not quite: too high. Try again (2 tries left).'
>>> ex.answer(4), ex.right, ex.asked       # right at the second try
(True, 1, 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

import chaitea
from chaitea import Card, GameState
from chaitea.ai.bots import RandomBot
from chaitea.core.markup import escape
from chaitea_widgets import CardStrip
from chaitea_widgets.base import Refusal, View, button, html, show
from chaitea_widgets.strip import StripItem
from chaitea_widgets.tries import Progress, Tries

__all__ = ["COMING", "COURSE", "NAMES", "TOPICS", "Exercise", "HostGuide", "Lesson", "Problem",
           "Welcome", "expected_answers",
           "hand_text", "index_html", "may_play_problem", "named_round", "next_links",
           "seat_of", "signed"]

NAMES = ["Aslan", "Leo", "Mufasa"]  # the rulebook's three players: seats 0, 1, 2


# ------------------------------------------------------------------ the course
@dataclass(frozen=True)
class Lesson:
    file: str  # notebook file name, e.g. "01_tricks_and_following.ipynb" ("" while coming)
    title: str
    summary: str


COURSE: list[Lesson] = [
    Lesson("00_welcome.ipynb", "Welcome", "what the game is and how to use these notebooks"),
    Lesson("01_tricks_and_following.ipynb", "Tricks and following suit",
           "the deck, card points, leading, following suit, who wins a trick"),
    Lesson("02_contracts_and_rankings.ipynb", "The contracts and their rankings",
           "Trump, Under, Slalom and Joker, and which card beats which"),
    Lesson("03_picking_and_bet_debt.ipynb", "Picking and Bet Debt",
           "the barrel, Hard Pass, raising the Bet Debt; the rulebook's four examples"),
    Lesson("04_playing_a_round.ipynb", "Playing a round",
           "the rulebook's trick example, then a whole round at the trick table"),
    Lesson("05_scoring_and_the_pad.ipynb", "Scoring and the Paper Pad",
           "round scores, game points of a complete row, the tie-break"),
    Lesson("06_full_game.ipynb", "A full game against bots",
           "the game dashboard; save and load the game record"),
    Lesson("07_two_four_six_players.ipynb", "Two, four and six players",
           "straw-piles, teams, Jokers and the double deck"),
    Lesson("08_variants_and_setups.ipynb", "Variants and custom setups",
           "Passing the Barrel, match point, meta contracts, Avoidance, Short and Long"),
    Lesson("09_rules_lab.ipynb", "The rules lab",
           "simulations of many deals: summaries with 95% intervals, plots, worked questions"),
    # the Jass roots: the engine's Jass games, with the Swiss cards
    Lesson("10_swiss_cards_and_values.ipynb", "Jass: the Swiss cards and their values",
           "Acorns, Shields, Bells and Roses; the trump order J 9 A K Q 10 8 7 6; 157 a hand; "
           "Obenabe and Undenufe"),
    Lesson("11_following_in_jass.ipynb", "Following in Jass",
           "follow or trump, no undertrumping, the Puur exception: the undertrumping lab"),
    Lesson("12_weis_and_stoeck.ipynb", "Weis and Stöck",
           "the melds of a hand, which team scores them, Stöck"),
    Lesson("13_schieber_at_the_table.ipynb", "Schieber at the table",
           "against the bots: pushing, multipliers, the chalk board, to 3000 or 1000"),
    Lesson("14_coiffeur_and_the_pad.ipynb", "Coiffeur-Schieber, Coiffeur and the pad",
           "every mode once: rows, Palitos and Batatas, the four-player multipliers"),
    Lesson("15_one_deal_two_rulebooks.ipynb", "One deal, two rulebooks",
           "the same cards under Schieber and under Chai Tea Jazz, decision by decision"),
]

COMING: list[Lesson] = [
    # lessons still to come are listed here (index_html marks them "coming")
]


def index_html() -> str:
    """The course index as HTML: relative links work in Voilà (``/voila/render/...``) and in
    JupyterLab alike."""
    rows = []
    for i, lesson in enumerate(COURSE):
        rows.append(f'<li><a href="{escape(lesson.file)}" class="ctj-lesson-link">'
                    f"{i:02d} {escape(lesson.title)}</a>: {escape(lesson.summary)}</li>")
    for lesson in COMING:
        rows.append(f'<li class="ctj-coming">{escape(lesson.title)} <i>(coming)</i>: '
                    f"{escape(lesson.summary)}</li>")
    return '<ol start="0" class="ctj-index">' + "".join(rows) + "</ol>"


def next_links(current: str) -> str:
    """Markdown for the foot of a notebook: previous, index, next."""
    files = [lesson.file for lesson in COURSE]
    i = files.index(current)
    parts = []
    if i > 0:
        parts.append(f"◀ [{COURSE[i - 1].title}]({files[i - 1]})")
    parts.append("[Course index](00_welcome.ipynb)")
    if i + 1 < len(COURSE):
        parts.append(f"[{COURSE[i + 1].title}]({files[i + 1]}) ▶")
    return " · ".join(parts)


# ------------------------------------------------------------------ text helpers
def hand_text(cards: Sequence[Card | str]) -> str:
    return " ".join(str(c) for c in cards)


def named_round(game: chaitea.Game, seed: int, declarer: int, contract: str,
                debt: int = 0, names: Sequence[str] = NAMES) -> GameState:
    """``game.round_state(...)`` with the rulebook's names on the seats."""
    state = game.round_state(seed, declarer, contract, debt=debt)
    state.names = list(names)[: game.players]
    return state


def seat_of(name: str, names: Sequence[str] = NAMES) -> int:
    return list(names).index(name)


def signed(points: int) -> str:
    """Game points as the pad writes them: +2, 0, −2."""
    return f"{points:+d}".replace("-", "−") if points else "0"


# ------------------------------------------------------------------ exercises
@dataclass
class Problem:
    """One question. ``solution`` is computed by the engine; ``explain`` is the reason, in the
    engine's words (shown after the right answer or the last try); ``hint`` is said after a
    wrong answer while tries are left (for a number, "too high" or "too low" comes first).
    Answer by clicking one of ``cards``, one of ``choices``
    (``(label, value)`` pairs) or typing a whole number (``number=True``). ``check`` replaces
    the comparison with ``solution`` where several answers are right: it returns
    ``(right, words)``."""

    question: str
    solution: Any = None
    explain: str = ""
    cards: Sequence[str] = ()
    captions: Sequence[str] = ()
    choices: Sequence[tuple[str, Any]] = ()
    number: bool = False
    check: Callable[[Any], tuple[bool, str]] | None = None
    cards_title: str = ""
    hint: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _slug(value: object) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", str(value)).strip("-") or "x"


class Exercise(View):
    """A question with an answer the engine computed, in three tries: a wrong answer gets a
    hint and another try; the reason follows the right answer or the last try.
    ``Next question ▶`` asks a fresh one (from the next seed that asks something else). The
    title keeps the score (right at the first try), and a line under it the lesson's progress.

    ``make(seed) -> Problem`` builds the question from a seed (a seeded deal, a seeded round).
    Actions: :meth:`answer` (a card, a choice's value or a number), :meth:`another`.
    The parts a question needs (cards, choice buttons, a number box) are made when first
    needed: every widget costs the dashboard load time.
    """

    css_class = "ctj-exercise"

    def __init__(self, title: str, make: Callable[[int], Problem], seed: int = 1, *,
                 another: bool = True, main: bool = True,
                 progress: Progress | None = None) -> None:
        super().__init__()
        wrong = ".ctj-main .jupyter-button.ctj-wrong { background: #c62828; }"
        if wrong not in self.style.value:  # the style sheet is shared by every view
            self.style.value = self.style.value.replace("</style>", wrong + "</style>")
        self.make = make
        self.seed = seed
        self.name = escape(title)
        self.title = html("", "ctj-title")
        self.question = html("", "ctj-question")
        self.another_button = button("Next question ▶", "ctj-another", quiet=True,
                                     tooltip="A fresh question")
        self.progress_line = html("", "ctj-note", "ctj-progress")
        self.tries = Tries(progress)
        self.tries.progress.listen(self._draw_progress)
        self.another_button.layout = w.Layout(align_self="flex-start")  # its own layout
        show(self.another_button, another)
        self.felt: w.VBox | None = None
        self.cards_title = html("", "ctj-heading")
        self.strip: CardStrip | None = None
        self.choice_box: w.HBox | None = None
        self.number_box: w.HBox | None = None
        self.number: w.IntText | None = None
        self._finish(self.title, self.question, self.status.widget, self.another_button,
                     self.progress_line)
        if not main:
            self.widget.remove_class("ctj-main")
        self.another_button.on_click(lambda _b: self.another())
        self.right = 0
        self.asked = 0
        self.answered: Any = None
        self.last_right = False
        self.choice_values: list[Any] = []
        self.problem = Problem("")
        self._attempt(self._new)
        if self.unexpected:  # a bug in ``make``: fail the cell (nbval) rather than hide it
            raise self.unexpected[0]

    # -- parts, made on demand -------------------------------------------------------------------
    def _layout(self) -> None:
        parts: list[w.Widget] = [self.title, self.question]
        parts += [x for x in (self.felt, self.choice_box, self.number_box) if x is not None]
        parts += [self.status.widget, self.another_button, self.progress_line]
        self._finish(*parts)

    def _cards(self) -> CardStrip:
        if self.strip is None:
            self.strip = CardStrip(label="cards to choose from", css_class="ctj-exercise-cards")
            self.strip.on_click(lambda cid: self.answer(cid))
            self.felt = w.VBox([self.cards_title, self.strip])
            self.felt.add_class("ctj-felt")
            self._layout()
        return self.strip

    def _choices(self) -> w.HBox:
        if self.choice_box is None:
            self.choice_box = w.HBox([])
            self.choice_box.add_class("ctj-choices")
            self._layout()
        return self.choice_box

    def _number(self) -> w.IntText:
        if self.number is None:
            self.number = w.IntText(value=0, description="Answer",
                                    layout=w.Layout(width="190px"))
            self.number.add_class("ctj-answer")
            check = button("Check", "ctj-check", primary=True)
            check.on_click(lambda _b: self.answer(self._number().value))
            self.number_box = w.HBox([self.number, check])
            self._layout()
        return self.number

    # -- actions ---------------------------------------------------------------------------------
    def _new(self) -> None:
        self.problem = self.make(self.seed)
        self.answered = None
        self.tries.new()
        p = self.problem
        with self._hold(self.question, self.cards_title):
            self.question.value = p.question
            if p.cards:
                self._cards().interactive = not p.number  # with a number to type: shown only
            if self.felt is not None:
                show(self.felt, bool(p.cards))
            self.cards_title.value = p.cards_title
            show(self.cards_title, bool(p.cards_title))
            self._draw_cards()
            if p.choices or self.choice_box is not None:
                box = self._choices()
                buttons = []
                for label, value in p.choices:
                    b = button(label, f"ctj-choice-{_slug(value)}")
                    b.add_class("ctj-choice")
                    b.on_click(lambda _b, v=value: self.answer(v))
                    buttons.append(b)
                old = box.children
                box.children = buttons
                for b in old:
                    b.close()
                show(box, bool(buttons))
                self.choice_values = [value for _label, value in p.choices]
            if p.number:
                self._number().value = 0
            if self.number_box is not None:
                show(self.number_box, p.number)
            self.status.set("")
            self._draw_score()
            self._draw_progress()

    def answer(self, value: Any) -> bool:
        """Answer the question; True if right. A wrong answer with tries left gets a hint; the
        reason follows the right answer or the last try."""
        outcome = {"right": False, "words": "", "verdict": ""}

        def run() -> None:
            p = self.problem
            if self.tries.done:
                raise Refusal("this question is finished: press Next question ▶ for a fresh"
                              " one")
            v = value
            if p.number:
                if isinstance(v, str) and v.strip().lstrip("-").isdigit():
                    v = int(v)
                if type(v) is not int:
                    raise Refusal(f"the answer is a whole number, not {v!r}")
            elif p.cards:
                text = str(v)
                if text not in p.cards:
                    raise Refusal(f"{text} is not one of the cards shown: click one of "
                                  f"{', '.join(p.cards)}")
            elif p.choices and v not in [c[1] for c in p.choices]:
                raise Refusal(f"{v!r} is not one of the choices")
            if v in self.tries.wrong:
                raise Refusal(f"{self._shown(v) or v} was tried already: try another answer")
            if p.check is not None:
                right, words = p.check(v)
            else:
                right, words = v == p.solution, ""
            verdict = self.tries.answer(bool(right), v)
            self.answered = v
            self.last_right = bool(right)
            if verdict != "retry":  # the question is finished
                self.asked += 1
                self.right += self.tries.first_try
            outcome.update(right=bool(right), words=words, verdict=verdict)
            self._draw_cards()
            self._mark_choices()
            self._draw_score()

        if self._attempt(run):
            p = self.problem
            verdict = outcome["verdict"]
            words = str(outcome["words"])
            if verdict == "right":
                reason = " ".join(x for x in (words, p.explain) if x)
                late = "" if self.tries.first_try else f" (at try {self.tries.used})"
                self.status.ok(f"Right!{late} {reason}".strip())
            elif verdict == "retry":
                hint = self._hint(words)
                left = self.tries.left
                self.status.error(f"Not quite{hint} Try again ({left} "
                                  f"{'try' if left == 1 else 'tries'} left).")
            else:
                shown = self._shown(p.solution)
                tail = f" The answer is {shown}." if p.check is None and shown else ""
                reason = " ".join(x for x in (words, p.explain) if x)
                self.status.error(f"Not quite.{tail} {reason}".strip())
        return bool(outcome["right"])

    def _hint(self, words: str) -> str:
        """The words after "Not quite" for a wrong answer with tries left (never the answer)."""
        p = self.problem
        bits = []
        if p.number and p.check is None and isinstance(self.answered, int) and \
                isinstance(p.solution, int):
            bits.append("too high" if self.answered > p.solution else "too low")
        if words:
            bits.append(words.rstrip("."))
        said = (": " + ". ".join(bits) + ".") if bits else "."
        if p.hint:  # its own sentence: never "Not quite: Hint: ..."
            said += f" Hint: {p.hint.rstrip('.')}."
        return said

    def another(self) -> bool:
        """A fresh question: from the next seed whose question differs from this one."""
        def run() -> None:
            before = self.problem.question
            for _ in range(25):
                self.seed += 1
                self._new()
                if self.problem.question != before:
                    break

        return self._attempt(run)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def solution(self) -> Any:
        return self.problem.solution

    # -- drawing ---------------------------------------------------------------------------------
    def _shown(self, value: Any) -> str:
        for label, v in self.problem.choices:
            if v == value:
                return label
        return "" if value is None else str(value)

    def _draw_cards(self) -> None:
        p = self.problem
        if self.strip is None:
            return
        done = self.tries.done
        tried = {str(x) for x in self.tries.wrong}
        items = []
        for i, cid in enumerate(p.cards):
            hl = ""
            if p.number:
                pass
            elif done and ((p.check is None and cid == str(p.solution))
                           or (self.last_right and cid == str(self.answered))):
                hl = "right"
            elif cid in tried:
                hl = "wrong"
            caption = p.captions[i] if i < len(p.captions) else ""
            playable = None if done or p.number else cid not in tried
            items.append(StripItem(card=Card.parse(cid), caption=caption, highlight=hl,
                                   playable=playable,
                                   note="tried already" if cid in tried and not done else ""))
        self.strip.set_items(items)

    def _mark_choices(self) -> None:
        """After an answer: the right choice in green, a wrong pick in red, the rest dimmed."""
        p = self.problem
        if self.choice_box is None:
            return
        done = self.tries.done
        for b, value in zip(self.choice_box.children, self.choice_values, strict=False):
            if value in self.tries.wrong:
                b.add_class("ctj-wrong")
                b.icon = "times"
                b.disabled = True
            elif done and ((p.check is None and value == p.solution)
                           or (self.last_right and value == self.answered)):
                b.add_class("ctj-primary")
                b.icon = "check"
            elif done:
                b.add_class("ctj-quiet")

    def _draw_score(self) -> None:
        self.title.value = (f"{self.name} <small>exercise · right at the first try: "
                            f"<b>{self.right}</b> of {self.asked}</small>")

    def _draw_progress(self) -> None:
        self.progress_line.value = escape(self.tries.progress.line())


# ------------------------------------------------------------------ problems shared by lessons
def may_play_problem(seed: int, *, players: int = 3, contract: str = "trump(H)",
                     leader: int = 0, asks: int = 1, names: Sequence[str] = NAMES) -> Problem:
    """"What may X play?" from a seeded round: the bots play (legally) until it is ``asks``'s
    turn in a trick already led, preferably one where some of their cards are not legal. The
    engine judges every click (``state.can_apply``) and its refusal names the rule."""
    game = chaitea.Game(players=players)
    state = named_round(game, seed, leader, contract, names=names)
    bot = RandomBot(seed)
    chosen: GameState | None = None
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


# ------------------------------------------------------------------ the host guide
# What to project for each topic of a workshop: (topic, lesson file, what to show, seed).
TOPICS: list[tuple[str, str, str, int]] = [
    ("The deck and card points", "01_tricks_and_following.ipynb", "deal explorer", 7),
    ("Following suit", "01_tricks_and_following.ipynb", "What may Leo play?", 1),
    ("Which card wins", "02_contracts_and_rankings.ipynb", "ranking explorer, quiz", 2),
    ("Low cards are strong too", "02_contracts_and_rankings.ipynb",
     "teaching deal: Under beats Trump", 3),
    ("Picking and Bet Debt", "03_picking_and_bet_debt.ipynb", "rulebook example 3", 3),
    ("When a raise pays", "03_picking_and_bet_debt.ipynb", "the two Bet Debt deals", 41),
    ("A round at the table", "04_playing_a_round.ipynb", "trick table (presenter)", 4),
    ("Defending together", "04_playing_a_round.ipynb", "teaching deal: defence", 18),
    ("The Paper Pad", "05_scoring_and_the_pad.ipynb", "the rulebook's example", 1),
    ("A first game", "06_full_game.ipynb", "game dashboard, Short setup", 2024),
    # the Jass path
    ("The Swiss cards and 157", "10_swiss_cards_and_values.ipynb",
     "the deck: Trump (Bells), then Obenabe and Undenufe", 1),
    ("No undertrumping", "11_following_in_jass.ipynb", "the lab: the text's example", 0),
    ("Weis and Stöck", "12_weis_and_stoeck.ipynb", "the five examples; Who scores the Weis?", 1),
    ("Schieber against the bots", "13_schieber_at_the_table.ipynb",
     "Schieber to 1000, no multipliers", 2026),
    ("The Coiffeur pad", "14_coiffeur_and_the_pad.ipynb", "Coiffeur-Schieber, three players",
     2026),
    ("Two rulebooks, one deal", "15_one_deal_two_rulebooks.ipynb",
     "step through Aslan's decisions", 1),
]


def _first_words(markup: str, limit: int = 110) -> str:
    import html as html_text

    markup = re.sub(r"<svg.*?</svg>", " ", markup, flags=re.S)  # drawn cards: no words
    text = html_text.unescape(re.sub(r"<[^>]+>", " ", markup)).replace(" .", ".")
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def expected_answers(folder: str | None = None) -> list[tuple[str, str, int, str, str]]:
    """The first question of every seeded exercise and quiz of the course, with the answer
    the engine computes: ``(lesson, exercise, seed, question, answer)``. Each lesson's code
    runs here as it does on its page (same seeds), so the answers are those the learners
    get first."""
    import contextlib
    import html as html_text
    import io
    import json
    import sys
    from pathlib import Path

    from chaitea_widgets import Quiz

    root = Path(folder) if folder else Path(__file__).resolve().parent
    out: list[tuple[str, str, int, str, str]] = []
    for lesson in COURSE[1:]:
        nb = json.loads((root / lesson.file).read_text(encoding="utf-8"))
        ns: dict[str, Any] = {"__name__": "__host_guide__"}
        sys.path.insert(0, str(root))  # a lesson's own helper modules, as in its kernel
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # the lessons' printed examples
                for cell in nb["cells"]:
                    if cell["cell_type"] == "code":
                        exec(compile("".join(cell["source"]), lesson.file, "exec"), ns)
        finally:
            sys.path.remove(str(root))
        for view in ns.values():
            if isinstance(view, Exercise):
                p = view.problem
                answer = (", ".join(map(str, p.solution)) if p.check is not None
                          else view._shown(p.solution))
                out.append((lesson.title, html_text.unescape(view.name), view.seed,
                            _first_words(p.question), answer))
            elif isinstance(view, Quiz):
                out.append((lesson.title, "Which card wins?", view.seed,
                            _first_words(view.question.value),
                            f"{view.solution} ({view.reason})"))
    return out


class HostGuide(View):
    """The workshop host's sheet: what to project per topic, and (on request: it runs every
    lesson once) the expected answers of the seeded exercises, computed by the engine.
    Action: :meth:`compute`."""

    css_class = "ctj-host-guide"

    def __init__(self) -> None:
        super().__init__()
        self.title = html("Host guide <small>what to project, and the answers</small>",
                          "ctj-title")
        rows = "".join(
            f"<tr><td>{escape(topic)}</td><td><a href=\"{escape(file)}\">{escape(file)}</a>"
            f"</td><td>{escape(what)}</td><td>{seed}</td></tr>"
            for topic, file, what, seed in TOPICS)
        self.topics = html("<table class=\"ctj-topics\"><tr><th>Topic</th><th>Lesson</th>"
                           f"<th>Show</th><th>Seed</th></tr>{rows}</table>", "ctj-panel")
        self.compute_button = button("Work out the expected answers", "ctj-compute",
                                     primary=True, tooltip="Runs every lesson once (a few "
                                     "seconds)")
        self.compute_button.layout = w.Layout(align_self="flex-start")  # its own layout
        self.answers = html("", "ctj-panel", "ctj-answers")
        show(self.answers, False)
        self.rows: list[tuple[str, str, int, str, str]] = []
        self._finish(self.title, self.topics, self.compute_button, self.status.widget,
                     self.answers)
        self.compute_button.on_click(lambda _b: self.compute())

    def compute(self) -> bool:
        """Run every lesson's exercises (first questions) and list the engine's answers."""
        def run() -> None:
            self.rows = expected_answers()
            body = "".join(
                f"<tr><td>{escape(lesson)}</td><td>{escape(ex)}</td><td>{seed}</td>"
                f"<td>{escape(q)}</td><td><b>{escape(a)}</b></td></tr>"
                for lesson, ex, seed, q, a in self.rows)
            self.answers.value = ("<table class=\"ctj-answers-table\"><tr><th>Lesson</th>"
                                  "<th>Exercise</th><th>Seed</th><th>First question</th>"
                                  f"<th>Answer</th></tr>{body}</table>")
            show(self.answers, True)

        return self._attempt(run, ok="The expected answers of the first questions, as the "
                             "learners will see them.")
