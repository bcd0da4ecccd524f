"""The quiz: which card wins? Tricks from seeded rounds the engine plays, three tries each, the
engine's winner and reason as the answer."""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as w

import chaitea
from chaitea import Card, Contract, Game
from chaitea.ai.bots import RandomBot
from chaitea.core.markup import escape

from .base import Refusal, View, button, default_names, html
from .explore_shared import parse_card
from .strip import CardStrip, StripItem
from .tries import Progress, Tries
from .words import order_words, plain_reason

__all__ = ["DEFAULT_QUIZ_CONTRACTS", "Quiz"]

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
            c = parse_card(self.game.deck, card)
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
