"""Lesson 15, one deal, two rulebooks: a Schieber hand played by the bots, and at each of Aslan's
turns what Chai Tea Jazz's rules would say on the same cards (the Jass ranks 6..A laid on
Chai Tea Jazz's 1..9). Every answer is the engine's: the Jass state for Schieber, the Chai Tea
Jazz follow rule, trick rule and card points for the other (``chaitea.records.teaching``).

>>> from chaitea_widgets.course import TwoRulebooks
>>> view = TwoRulebooks(seed=2)
>>> view.step, view.forward(), view.step
(0, True, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

import chaitea
from chaitea import JASS, STANDARD
from chaitea.core.markup import escape
from chaitea.records.teaching import (
    FollowPosition,
    TrickExample,
    as_ctj,
    card_values,
    ctj_legal_cards,
    ctj_trick_winner,
    trick_winner,
)
from chaitea.rulesets import jass_game
from chaitea_widgets import CardStrip
from chaitea_widgets.base import Refusal, View, button, html
from chaitea_widgets.strip import StripItem

from .deck_views import NAMES4, card_name, mode_title, trick_html
from .exercise import Problem

__all__ = ["Decision", "TwoRulebooks", "compare_deal", "differ_problem", "winner_ctj_problem"]

CONTRACTS = ("trump(C)", "trump(D)", "trump(H)", "trump(S)", "obenabe", "undenufe")


@dataclass(frozen=True)
class Decision:
    """One of Aslan's turns: the trick so far, his hand, what each rulebook lets him play, the
    card the bot played for him, and the whole trick with each rulebook's winner."""

    number: int
    trick_number: int
    leader: int
    before: tuple[str, ...]
    hand: tuple[str, ...]
    jass_legal: tuple[str, ...]
    ctj_legal: tuple[str, ...]
    played: str
    trick: tuple[str, ...]
    jass_winner: str
    ctj_winner: str


def ctj_points(cards: tuple[str, ...]) -> int:
    return sum(STANDARD.points_of(STANDARD.parse(as_ctj(c))) for c in cards)


def compare_deal(seed: int, contract: str) -> list[Decision]:
    """Aslan's nine decisions in a Schieber hand dealt from ``seed``, ``contract`` chosen, every
    seat played by the rule-based bot."""
    game = jass_game("schieber")
    state = game.new_initial_state(seed=seed, names=NAMES4)
    state.apply_action(contract)
    bots = [chaitea.make_jass_bot("rule", seed=seed * 4 + s) for s in range(4)]
    pending: list[dict[str, Any]] = []
    out: list[Decision] = []
    while state.phase == "play":
        seat = state.current_player()
        trick = tuple(str(c) for c in state.trick)
        if seat == 0:
            hand = tuple(str(c) for c in state.hand(0))
            pos = FollowPosition("", "", "", contract, trick, hand, (), "")
            pending.append({"trick_number": state.trick_number, "leader": state.trick_leader,
                            "before": trick, "hand": hand,
                            "jass_legal": tuple(state.legal_moves()),
                            "ctj_legal": ctj_legal_cards(pos)})
        action = bots[seat].act(state)
        card = state.game.action_to_string(action) if isinstance(action, int) else str(action)
        if seat == 0:
            pending[-1]["played"] = card
        full = (*trick, card)
        if len(full) == game.players:
            for p in pending:
                ex = TrickExample("", "", "", contract, full, "", 0)
                out.append(Decision(len(out) + 1, trick=full, jass_winner=trick_winner(ex),
                                    ctj_winner=ctj_trick_winner(contract, full), **p))
            pending = []
        state.apply_action(action)
    return out


def _differences(d: Decision, contract: str) -> list[str]:
    """What changes at this decision, in words (the engine's sets and winners)."""
    said = []
    only_jass = [c for c in d.jass_legal if c not in d.ctj_legal]
    only_ctj = [c for c in d.ctj_legal if c not in d.jass_legal]
    if only_ctj:
        said.append(f"Chai Tea Jazz would also allow {', '.join(only_ctj)}: Schieber forbids "
                    "undertrumping (RULES J), Chai Tea Jazz has no such rule (RULES F).")
    if only_jass:
        cards = " or ".join(f"the {card_name(c)} ({c})" for c in only_jass)
        said.append(f"In Schieber you may also play {cards}; Chai Tea Jazz would not let you: "
                    "either Schieber's Puur exception frees you (RULES J), or Chai Tea Jazz "
                    "makes you follow with another card here (RULES F).")
    if not said:
        said.append("Both rulebooks allow the same cards here.")
    if d.jass_winner != d.ctj_winner:
        said.append(f"The trick goes differently: in Schieber the {card_name(d.jass_winner)} "
                    f"wins, in Chai Tea Jazz the {card_name(d.ctj_winner)} (its trump order is "
                    "the plain one: no Puur, no Näll).")
    else:
        said.append(f"Both rulebooks give the trick to the {card_name(d.jass_winner)}.")
    values = card_values(contract)
    jp = sum(values[c] for c in d.trick)
    said.append(f"The trick is worth {jp} points in Schieber and {ctj_points(d.trick)} in Chai "
                "Tea Jazz (odd ranks score their rank).")
    return said


class TwoRulebooks(View):
    """Step through Aslan's nine decisions of one Schieber hand, each compared with Chai Tea
    Jazz's rules on the same cards. Actions: :meth:`forward`, :meth:`back`,
    :meth:`next_difference`, :meth:`deal`."""

    css_class = "ctj-two-rulebooks"

    def __init__(self, seed: int = 1, contract: str = "trump(H)") -> None:
        super().__init__()
        self.seed, self.contract = seed, contract
        self.title = html("One deal, two rulebooks", "ctj-title")
        self.head = html("", "ctj-question")
        self.table = html("", "ctj-jass-compare-trick")
        self.hand = CardStrip(interactive=False, faces="swiss", label="Aslan's hand",
                              css_class="ctj-compare-jass")
        self.ctj_hand = CardStrip(interactive=False, label="the same cards, Chai Tea Jazz",
                                  css_class="ctj-compare-ctj")
        self.words = html("", "ctj-panel", "ctj-compare-words")
        self.back_button = button("◀ Back", "ctj-compare-back", quiet=True)
        self.forward_button = button("Next decision ▶", "ctj-compare-next", primary=True)
        self.jump_button = button("Next difference ▶▶", "ctj-compare-jump",
                                  tooltip="the next decision where the rulebooks differ")
        self.deal_button = button("Another deal", "ctj-compare-deal", quiet=True)
        self.back_button.on_click(self._guard(lambda _b: self.back()))
        self.forward_button.on_click(self._guard(lambda _b: self.forward()))
        self.deal_button.on_click(self._guard(lambda _b: self.deal()))
        self.jump_button.on_click(self._guard(lambda _b: self.next_difference()))
        felt = w.VBox([html("<b>Schieber</b> (Swiss cards)", "ctj-heading"), self.hand,
                       html("<b>Chai Tea Jazz</b> (6..A laid on 1..9)", "ctj-heading"),
                       self.ctj_hand])
        felt.add_class("ctj-felt")
        self._finish(self.title, self.head, self.table, felt, self.words, self.status.widget,
                     w.HBox([self.back_button, self.forward_button, self.jump_button,
                             self.deal_button]))
        self.step = 0
        self.decisions: list[Decision] = []
        self._attempt(self._load)

    def _load(self) -> None:
        self.decisions = compare_deal(self.seed, self.contract)
        self.step = 0
        self._draw()

    def forward(self) -> bool:
        """The next of Aslan's decisions."""
        def run() -> None:
            if self.step + 1 >= len(self.decisions):
                raise_refusal("that was Aslan's last card: press Another deal")
            self.step += 1
            self._draw()

        return self._attempt(run)

    def next_difference(self) -> bool:
        """The next of Aslan's decisions where the legal cards or the trick's winner differ."""
        def run() -> None:
            for k in range(self.step + 1, len(self.decisions)):
                d = self.decisions[k]
                if set(d.jass_legal) != set(d.ctj_legal) or d.jass_winner != d.ctj_winner:
                    self.step = k
                    self._draw()
                    return
            raise_refusal("no later decision of this deal differs: press Another deal")

        return self._attempt(run)

    def back(self) -> bool:
        def run() -> None:
            if self.step == 0:
                raise_refusal("this is Aslan's first decision")
            self.step -= 1
            self._draw()

        return self._attempt(run)

    def deal(self, seed: int | None = None) -> bool:
        """Another deal (the next seed) and another contract."""
        def run() -> None:
            self.seed = self.seed + 1 if seed is None else seed
            self.contract = random.Random(self.seed).choice(CONTRACTS)
            self._load()

        return self._attempt(run)

    def _draw(self) -> None:
        d = self.decisions[self.step]
        seats = [(d.leader + i) % 4 for i in range(4)]
        with self._hold(self.head, self.table, self.hand, self.ctj_hand, self.words):
            self.head.value = (f"Deal {self.seed}, <b>{escape(mode_title(self.contract))}</b> · "
                               f"Aslan's decision <b>{d.number}</b> of {len(self.decisions)} "
                               f"(trick {d.trick_number + 1}). The bots play every seat; "
                               f"Aslan's bot played the <b>{escape(card_name(d.played))}</b>.")
            self.table.value = ("The whole trick:" + trick_html(d.trick, seats, NAMES4, 40))
            self.hand.set_items([StripItem(card=JASS.parse(c), playable=c in d.jass_legal,
                                           highlight="selected" if c == d.played else "")
                                 for c in d.hand])
            self.ctj_hand.set_items([StripItem(card=STANDARD.parse(as_ctj(c)),
                                               playable=c in d.ctj_legal,
                                               highlight="selected" if c == d.played else "")
                                     for c in d.hand])
            items = "".join(f"<li>{escape(x)}</li>" for x in _differences(d, self.contract))
            self.words.value = (f"Playable in Schieber: <b>{', '.join(d.jass_legal)}</b>; in Chai"
                                f" Tea Jazz: <b>{', '.join(d.ctj_legal)}</b>.<ul>{items}</ul>")
        self.back_button.disabled = self.step == 0
        self.forward_button.disabled = self.step + 1 >= len(self.decisions)


def raise_refusal(words: str) -> None:
    raise Refusal(words)


# ------------------------------------------------------------------ exercises
def _decisions(seed: int) -> tuple[str, list[Decision]]:
    contract = random.Random(seed).choice(CONTRACTS[:4])
    return contract, compare_deal(seed, contract)


def winner_ctj_problem(seed: int) -> Problem:
    """Who wins this Schieber trick under Chai Tea Jazz's rules? Prefers a trick where the two
    rulebooks disagree."""
    for attempt in range(6):
        contract, ds = _decisions(seed * 11 + attempt)
        pick = [d for d in ds if d.jass_winner != d.ctj_winner]
        if pick:
            break
    d = (pick or ds)[seed % len(pick or ds)]
    seats = [(d.leader + i) % 4 for i in range(4)]
    ctj_cards = [as_ctj(c) for c in d.trick]
    question = (f"<b>{escape(mode_title(contract))}</b>. A Schieber trick, in which the "
                f"{escape(card_name(d.jass_winner))} wins:{trick_html(d.trick, seats, NAMES4)}"
                "The same cards laid on Chai Tea Jazz's deck (6..A on 1..9) are below. <b>Which "
                "card wins under Chai Tea Jazz's rules?</b>")
    win = as_ctj(d.ctj_winner)
    return Problem(question, solution=win, cards=ctj_cards,
                   captions=[NAMES4[s] for s in seats], cards_title="Chai Tea Jazz cards",
                   hint="Chai Tea Jazz ranks trump in the plain order, 9 highest: the Under "
                        "and the 9 of Jass are its 6 and 4",
                   explain=f"In Chai Tea Jazz the {win} wins (the {card_name(d.ctj_winner)} in "
                           f"Swiss cards); in Schieber the {card_name(d.jass_winner)}.")


def differ_problem(seed: int) -> Problem:
    """Click a card one rulebook allows and the other forbids (the engine's two legal sets)."""
    for attempt in range(12):
        contract, ds = _decisions(seed * 13 + attempt)
        pick = [d for d in ds if set(d.jass_legal) != set(d.ctj_legal)]
        if pick:
            break
    d = (pick or ds)[seed % len(pick or ds)]
    differ = [c for c in d.hand if (c in d.jass_legal) != (c in d.ctj_legal)]
    seats = [(d.leader + i) % 4 for i in range(len(d.before))]
    question = (f"<b>{escape(mode_title(contract))}</b>, trick {d.trick_number + 1}. So far:"
                f"{trick_html(d.before, seats, NAMES4)}<b>Click a card of Aslan's that one "
                "rulebook allows and the other forbids.</b>")

    def check(card: Any) -> tuple[bool, str]:
        c = str(card)
        if c in differ:
            who = "Schieber" if c in d.jass_legal else "Chai Tea Jazz"
            return True, f"{c}: only {who} allows it."
        both = "both rulebooks allow it" if c in d.jass_legal else "both rulebooks forbid it"
        return False, f"{c}: {both}"

    return Problem(question, solution=differ or list(d.hand), cards=list(d.hand), check=check,
                   cards_title="Aslan's hand",
                   hint="Schieber forbids undertrumping and has the Puur exception; Chai Tea "
                        "Jazz has neither",
                   explain=f"Schieber allows {', '.join(d.jass_legal)}; Chai Tea Jazz allows "
                           f"{', '.join(d.ctj_legal)} (RULES J, RULES F).")
