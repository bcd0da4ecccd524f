"""The Jass lessons' questions on tricks (10 and 11): a suit's order in a mode, a trick's card
points and winner from seeded hands the engine deals and plays, the undertrumping lab and "What
may Aslan play?". It holds no rules: every right answer and refusal comes from ``chaitea``.

>>> from chaitea_widgets.course import JassExercise, order_problem
>>> ex = JassExercise("Order", order_problem, seed=3)
>>> ex.answer(ex.solution[0]), ex.message.startswith("Right!")
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import chaitea
from chaitea import JASS
from chaitea.core.following import FOLLOW_RULES
from chaitea.core.markup import escape
from chaitea.engine.driver import JassState
from chaitea.records.teaching import TrickExample, card_values, legal_cards, trick_winner
from chaitea.records.teaching_deals import FOLLOWING
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass import mode_of
from chaitea_widgets.value_words import suit_words

from .deck_views import (
    MODES,
    NAMES4,
    card_name,
    cards_html,
    mode_title,
    strongest_first,
    trick_html,
)
from .exercise import Problem

__all__ = ["follow_lab_problem", "jass_may_play_problem", "order_problem", "played_hand",
           "points_problem", "winner_problem"]


def _values_hint(contract: str) -> str:
    trump, _ = mode_of(contract)
    if trump is not None:
        return (f"in trump ({suit_words(trump)}) the Under is worth 20 and the 9 14; otherwise "
                "A 11, 10 10, K 4, Q 3, the Under of another suit 2, 9 8 7 6 nothing")
    return "without trump: A 11, 10 10, K 4, Q 3, J 2, and every 8 is worth 8"


def _order_hint(contract: str) -> str:
    trump, undenufe = mode_of(contract)
    if trump is not None:
        return (f"a trump ({suit_words(trump)}) beats every other card; among trumps the "
                "order is J 9 A K Q 10 8 7 6")
    if undenufe:
        return "Undenufe has no trump and runs bottom up: the lowest card of the led suit wins"
    return "Obenabe has no trump and runs top down: the highest card of the led suit wins"


# ------------------------------------------------------------------ seeded hands
@lru_cache(maxsize=256)
def played_hand(seed: int, contract: str, ruleset: str = "schieber",
                options: tuple[tuple[str, object], ...] = ()
                ) -> tuple[tuple[tuple[int, tuple[int, ...], int], ...], dict[str, Any]]:
    """The tricks ``(leader, card ids, winner)`` and the engine's round result of a first hand of
    ``ruleset`` dealt from ``seed``, ``contract`` chosen by the forehand, every card played by the
    random bot (legal play: the engine's)."""
    game = jass_game(ruleset, options=dict(options))
    state = game.new_initial_state(seed=seed, names=NAMES4)
    state.apply_action(contract)
    bot = chaitea.make_jass_bot("random", seed=seed)
    tricks: tuple[tuple[int, tuple[int, ...], int], ...] = ()
    while state.phase == "play":
        if len(state.trick_ids()) == 8 and len(state.trick) == game.players - 1:
            # the last trick: its last card is forced; its winner by the engine's trick rule
            cards = [str(c) for c in state.trick] + [str(state.hand(state.current_player())[0])]
            lead = state.trick_leader
            win = trick_winner(TrickExample("", "", "", contract, tuple(cards), "", 0))
            last = (lead, tuple(JASS.index_of(c) for c in cards),
                    (lead + cards.index(win)) % game.players)
            tricks = (*((a, tuple(b), c) for a, b, c in state.trick_ids()), last)
        state.apply_action(bot.act(state))
    results = state.round_results
    return tricks, dict(results[0])


def _trick(seed: int) -> tuple[str, int, list[str], list[int], int, bool]:
    """``(contract, trick index, cards, seats, winner seat, last)`` of a seeded hand."""
    rng = random.Random(seed)
    contract = rng.choice(MODES)
    tricks, _result = played_hand(seed, contract)
    k = rng.randrange(9)
    leader, ids, winner = tricks[k]
    cards = [str(JASS.cards[c]) for c in ids]
    seats = [(leader + i) % 4 for i in range(4)]
    return contract, k, cards, seats, winner, k == 8


# ------------------------------------------------------------------ lesson 10
def _ranks(cards: Sequence[str]) -> str:
    return " ".join(c[:-1] for c in cards)


def order_problem(seed: int) -> Problem:
    """Order five cards of one suit, strongest first, in a trump, Obenabe or Undenufe."""
    rng = random.Random(seed)
    suit = "CDHS"[rng.randrange(4)]
    kind = ("trump", "obenabe", "undenufe")[seed % 3]
    contract = f"trump({suit})" if kind == "trump" else kind
    ranks = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    chosen = rng.sample(ranks, 5)
    if kind == "trump" and "J" not in chosen and "9" not in chosen:
        chosen[0] = rng.choice(["J", "9"])
    cards = [r + suit for r in chosen]
    right = strongest_first(contract, cards)
    others = {m: strongest_first(m, cards) for m in (f"trump({suit})", "obenabe", "undenufe")}
    choices = {_ranks(right): contract}
    for m, order in others.items():
        choices.setdefault(_ranks(order), m)
    while len(choices) < 4:
        shuffled = rng.sample(cards, len(cards))
        choices.setdefault(_ranks(shuffled), "")
    labels = list(choices)
    rng.shuffle(labels)
    answer = _ranks(right)
    names = {m: mode_title(m) for m in others}

    def check(value: Any) -> tuple[bool, str]:
        if value == answer:
            return True, ""
        where = choices.get(str(value), "")
        return False, (f"that is the order in {names[where]}" if where else
                       "that order is no mode's")

    question = (f"<b>{escape(mode_title(contract))}</b>. Put these five "
                f"{escape(suit_words(suit))} in order, <b>strongest first</b>."
                f"{cards_html(cards)}")
    short = {"trump": f"trump ({suit_words(suit)})", "obenabe": "Obenabe",
             "undenufe": "Undenufe"}[kind]
    full = {"trump": "J 9 A K Q 10 8 7 6 (the trump order)",
            "obenabe": "A K Q J 10 9 8 7 6 (top down)",
            "undenufe": "6 7 8 9 10 J Q K A (bottom up)"}[kind]
    return Problem(question, solution=[answer], choices=[(x, x) for x in labels], check=check,
                   hint=_order_hint(contract),
                   explain=f"Strongest first: {answer}. In {short} the order is {full} "
                           "(RULES J).")


def points_problem(seed: int) -> Problem:
    """Count a trick's card points (the engine's value table for the contract)."""
    contract, k, cards, seats, _winner, last = _trick(seed)
    values = card_values(contract)
    total = sum(values[c] for c in cards) + (5 if last else 0)
    sums = " + ".join(f"{c} {values[c]}" for c in cards)
    bonus = " + 5 for the last trick" if last else ""
    tail = (" This is the <b>last trick</b>: add its 5." if last else "")
    question = (f"<b>{escape(mode_title(contract))}</b>, trick {k + 1} of 9. "
                f"<b>How many card points is this trick worth?</b>{tail}")
    return Problem(question, solution=total, number=True, cards=cards,
                   captions=[NAMES4[s] for s in seats], cards_title="The trick",
                   hint=_values_hint(contract), explain=f"{sums}{bonus} = {total}.")


def winner_problem(seed: int) -> Problem:
    """Which card wins this trick (the engine's winner of a seeded hand)?"""
    contract, k, cards, seats, winner, _last = _trick(seed + 1000)
    win = cards[seats.index(winner)]
    trump, _ = mode_of(contract)
    trumps = [c for c in cards if trump is not None and c.endswith("CDHS"[trump])]
    led = suit_words(cards[0][-1])
    if trumps:
        why = f"{card_name(win)} is the highest trump in the trick (J 9 A K Q 10 8 7 6)"
    else:
        way = "lowest" if contract == "undenufe" else "highest"
        why = f"no trump was played: the {way} of the led suit ({led}) wins: {card_name(win)}"
    question = (f"<b>{escape(mode_title(contract))}</b>, trick {k + 1} of 9; "
                f"{NAMES4[seats[0]]} led. <b>Click the card that wins the trick.</b>")
    return Problem(question, solution=win, cards=cards, captions=[NAMES4[s] for s in seats],
                   cards_title="The trick", hint=_order_hint(contract),
                   explain=f"{NAMES4[winner]} wins: {why}.")


# ------------------------------------------------------------------ lesson 11
def follow_lab_problem(seed: int) -> Problem:
    """The undertrumping lab: the teaching positions of RULES J (the text's example first); the
    engine's follow rule judges each card and names the rule when it refuses."""
    positions = list(FOLLOWING.values())
    pos = positions[seed % len(positions)]
    trump, _ = mode_of(pos.contract)
    follow = FOLLOW_RULES["jass"].bind(
        JASS, -1 if trump is None else int(trump))
    hand = JASS.mask_of(list(pos.hand))
    trick = [JASS.index_of(c) for c in pos.trick]
    led = JASS.suit_of[trick[0]]
    legal = list(legal_cards(pos))
    letters = "ABCD"
    question = (f"<b>{escape(pos.title)}</b>. {escape(pos.story)}"
                f"{trick_html(pos.trick, range(len(pos.trick)), letters)}"
                f"<b>Click a card {letters[len(pos.trick)]} may play.</b>")

    def check(card: Any) -> tuple[bool, str]:
        reason = follow.refusal(JASS.index_of(str(card)), hand, led, trick)
        if reason is None:
            return True, f"{card} may be played."
        return False, f"{reason}."

    may = ", ".join(legal)
    return Problem(question, solution=legal, cards=list(pos.hand), check=check,
                   cards_title=f"{letters[len(pos.trick)]}'s hand",
                   hint=pos.hint or "a trump may always replace the led suit, but never under "
                                    "a trump already in the trick",
                   explain=f"May play: {may}. Why: {pos.why} (RULES J, Following in Jass).")


def jass_may_play_problem(seed: int) -> Problem:
    """What may Aslan play? A seeded Schieber hand, random legal play until it is Aslan's turn in
    a trick already led, preferably where some of his cards are refused (an undertrump best)."""
    rng = random.Random(seed)
    contract = rng.choice(MODES[:4])
    game = jass_game("schieber")
    chosen: JassState | None = None
    score = -1
    for attempt in range(4):  # up to four hands, until one offers an undertrump to refuse
        state = game.new_initial_state(seed=seed * 7 + attempt, names=NAMES4)
        state.apply_action(contract)
        bot = chaitea.make_jass_bot("random", seed=seed * 7 + attempt)
        while state.phase == "play" and score < 2:
            if state.current_player() == 0 and state.trick:
                legal = state.legal_moves()
                hand = [str(c) for c in state.hand(0)]
                under = any("undertrump" in _refusal(state, c) for c in hand if c not in legal)
                worth = 2 if under else 1 if len(legal) < len(hand) else 0
                if worth > score:
                    chosen, score = state.clone(), worth
            state.apply_action(bot.act(state))
        if score == 2:
            break
    assert chosen is not None
    s = chosen
    hand = [str(c) for c in s.hand(0)]
    legal = s.legal_moves()
    lead = s.trick_leader
    shown = [str(c) for c in s.trick]
    seats = [(lead + i) % 4 for i in range(len(shown))]
    question = (f"<b>{escape(mode_title(contract))}</b>, trick {s.trick_number + 1} of 9. "
                f"So far:{trick_html(shown, seats, NAMES4)}<b>Click a card Aslan may play.</b>")

    def check(card: Any) -> tuple[bool, str]:
        if s.can_apply(str(card)):
            return True, f"{card} may be played."
        return False, f"{_refusal(s, str(card))}."

    everything = ("Every card of the hand is legal here." if len(legal) == len(hand)
                  else f"Legal here: {', '.join(legal)}.")
    return Problem(question, solution=legal, cards=hand, check=check, cards_title="Aslan's hand",
                   hint="follow the led suit, or play a trump that is not under a trump in "
                        "the trick", explain=everything)


def _refusal(state: JassState, card: str) -> str:
    try:
        state.verify_action(card)
    except chaitea.IllegalAction as e:
        return str(e)
    return ""
