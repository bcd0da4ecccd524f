"""Helpers of the Jass course (lessons 10 to 14): the exercises' questions, built from
seeded Jass hands the engine deals and plays, and a table chooser. It holds no rules: every right
answer, refusal and score comes from ``chaitea`` (the teaching examples' claims are checked
against it in ``tests/jass/test_jass_teaching.py``).

>>> from jass_course import JassExercise, order_problem
>>> ex = JassExercise("Order", order_problem, seed=3)
>>> ex.answer(ex.solution[0]), ex.message.startswith("Right!")
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import ipywidgets as w
from ctj_course import NAMES, Exercise, Problem

import chaitea
from chaitea.ai.jass_bots import make_jass_bot
from chaitea.core.cards import JASS
from chaitea.core.markup import escape
from chaitea.core.tricks import strength_tables, trump_in_force
from chaitea.draw.swiss_cards import (
    Faces,
    check_faces,
    jass_card_name,
    jass_hand_svg,
    jass_trick_svg,
)
from chaitea.engine.driver import JassState
from chaitea.records.jass_teaching import (
    FOLLOWING,
    TrickExample,
    card_values,
    jass_rule,
    legal_cards,
    trick_winner,
)
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass.hand import declarations, mode_of
from chaitea.rulesets.jass.pad import RowsPad
from chaitea.rulesets.jass.rows import COIFFEUR, COIFFEUR_SCHIEBER_3, coiffeur_schieber_4
from chaitea.rulesets.jass.tallies import row_tallies
from chaitea.rulesets.jass.weis import best_melds
from chaitea_widgets import CardStrip, JassTable
from chaitea_widgets.base import View, button, html
from chaitea_widgets.jass_words import contract_words, meld_words, suit_words

__all__ = [
    "MODES",
    "NAMES4",
    "NAMES6",
    "DeckView",
    "ExamplesView",
    "JassExercise",
    "TableChooser",
    "cards_html",
    "chalk_problem",
    "follow_lab_problem",
    "jass_may_play_problem",
    "multiplied_row_problem",
    "order_problem",
    "points_problem",
    "row_tallies_problem",
    "schieber_score_problem",
    "trick_html",
    "weis_compare_problem",
    "weis_hand_problem",
    "winner_problem",
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
    bot = make_jass_bot("random", seed=seed)
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
def _order_in(contract: str, cards: Sequence[str]) -> list[str]:
    """The cards (one suit) strongest first in ``contract``: the engine's strength tables."""
    rule = jass_rule(contract)
    tables = strength_tables(JASS, rule, trump_in_force(rule, (), JASS))
    suit = JASS.suit_of[JASS.index_of(cards[0])]
    return sorted(cards, key=lambda c: -tables[suit][JASS.index_of(c)])


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
    right = _order_in(contract, cards)
    others = {m: _order_in(m, cards) for m in (f"trump({suit})", "obenabe", "undenufe")}
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
    follow = chaitea.core.following.FOLLOW_RULES["jass"].bind(
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
        bot = make_jass_bot("random", seed=seed * 7 + attempt)
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


# ------------------------------------------------------------------ lesson 12
def _deal(seed: int) -> list[list[str]]:
    state = jass_game("schieber").new_initial_state(seed=seed, names=NAMES4)
    return [[str(c) for c in state.hand(p)] for p in range(4)]


def _sorted(hand: Sequence[str]) -> list[str]:
    return sorted(hand, key=JASS.index_of)


def weis_hand_problem(seed: int) -> Problem:
    """How many Weis points does this hand hold? (``best_melds``: one card in one meld, the split
    worth most.) Four hands in five hold some Weis here."""
    rng = random.Random(seed)
    contract = rng.choice(MODES[:4])
    trump, undenufe = mode_of(contract)
    want = seed % 5 != 0
    hand: list[str] = []
    melds: tuple[Any, ...] = ()
    for attempt in range(60):
        for h in _deal(seed * 61 + attempt):
            melds = best_melds(h, trump=trump, undenufe=undenufe)
            hand = _sorted(h)
            if bool(melds) == want:
                break
        if bool(melds) == want:
            break
    total = sum(m.points for m in melds)
    words = "; ".join(meld_words(m, FACES) for m in melds) or "no Weis"
    question = (f"<b>{escape(mode_title(contract))}</b>. Here is Aslan's hand as dealt. "
                "<b>How many Weis points does it hold?</b> (0 if none)")
    return Problem(question, solution=total, number=True, cards=hand, cards_title="Aslan's hand",
                   hint="runs of three or more in one suit (A K Q J 10 9 8 7 6: 20, 50, 100, "
                        "...), four of a kind (Js 200, 9s 150, A K Q 10 100); a card serves "
                        "once",
                   explain=f"The Weis: {words} = {total}.")


def weis_compare_problem(seed: int) -> Problem:
    """Who scores the Weis, and how much? A seeded deal where both teams hold Weis (the engine's
    ``declarations``: the team with the best single Weis scores all of its Weis)."""
    rng = random.Random(seed)
    contract = rng.choice(MODES[:4])
    hands = _deal(seed)
    decl = declarations(hands, contract, sides=(0, 1, 0, 1))
    for attempt in range(1, 200):
        if all(any(decl.weis.melds[p] for p in (t, t + 2)) for t in (0, 1)):
            break
        hands = _deal(seed * 211 + attempt)
        decl = declarations(hands, contract, sides=(0, 1, 0, 1))
    res = decl.weis
    lines = []
    for p in range(4):
        ms = res.melds[p]
        said = ", ".join(meld_words(m, FACES) for m in ms) if ms else "no Weis"
        lines.append(f"<li><b>{NAMES4[p]}</b> ({TEAMS[p % 2]}): {escape(said)}</li>")
    totals = [sum(m.points for p in (t, t + 2) for m in res.melds[p]) for t in (0, 1)]
    bests = [getattr(res.best[t], "points", 0) for t in (0, 1)]
    choices: dict[tuple[int, int], str] = {}
    for t in (0, 1):
        choices[(t, totals[t])] = f"{TEAMS[t]} write {totals[t]}"
        if bests[t] != totals[t]:
            choices[(t, bests[t])] = f"{TEAMS[t]} write {bests[t]}"
    choices[(-1, 0)] = "Nobody scores Weis"
    solution = (-1, 0) if res.winner is None else (res.winner, res.points[res.winner])
    options = list(choices.items())
    rng.shuffle(options)
    question = (f"<b>{escape(mode_title(contract))}</b>. Each player's Weis, as dealt:"
                f"<ul>{''.join(lines)}</ul><b>Who scores Weis, and how much?</b>")
    if res.winner is None:
        why = "the two best Weis are identical (same kind, points and top card, neither trump)"
    else:
        best = res.best[res.winner]
        why = (f"{TEAMS[res.winner]} hold the best single Weis ({meld_words(best, FACES)}), so "
               f"they write all their Weis: {res.points[res.winner]}; the others write 0")
    return Problem(question, solution=solution, choices=[(v, k) for k, v in options],
                   hint="compare each team's best single Weis: points first, then four of a "
                        "kind over a run, then the higher top card, then trump",
                   explain=f"{why} (RULES J).")


# ------------------------------------------------------------------ lesson 13
def schieber_score_problem(seed: int) -> Problem:
    """What does a team write for a Schieber hand? The engine played it; the question gives its
    card points, Weis, Stöck and contract, the answer is its score (multiplied)."""
    rng = random.Random(seed)
    contract = rng.choice(MODES)
    flat = seed % 4 == 3
    options: tuple[tuple[str, object], ...] = (("no_multipliers", True),) if flat else ()
    _tricks, r = played_hand(seed, contract, "schieber", options)
    team = rng.randrange(2)
    cards, weis, stoeck = r["card_points"][team], r["weis"][team], r["stoeck"][team]
    match = r["match"] == team
    mult = r["multiplier"]
    score = r["score"][team]
    game = "the 1000-point game (no multipliers)" if flat else "Schieber to 3000"
    facts = [f"took <b>{cards}</b> card points (the last trick's 5 included)"]
    if match:
        facts.append("took <b>all nine tricks</b> (a Match)")
    facts.append(f"score <b>{weis}</b> for Weis" if weis else "score no Weis")
    facts.append(f"hold Stöck (<b>{stoeck}</b>)" if stoeck else "hold no Stöck")
    said = ", ".join(facts[:-1]) + " and " + facts[-1]
    question = (f"{game}, <b>{escape(mode_title(contract))}</b>. {TEAMS[team]} "
                f"{said}. <b>What do they write for this hand?</b>")
    plus = " + 100 (Match)" if match else ""
    return Problem(question, solution=score, number=True,
                   hint="cards, Weis and Stöck are added, then multiplied: Shields and Bells "
                        "×2, Obenabe ×3, Undenufe ×4 (×1 in the 1000-point game)",
                   explain=f"({cards}{plus} + {weis} + {stoeck}) × {mult} = {score}.")


def chalk_problem(seed: int) -> Problem:
    """Read the chalk board: a team's total drawn in strokes (the board the Jass table draws,
    ``chaitea_widgets.jass_board``); the answer is the total it shows."""
    from chaitea_widgets.jass_board import chalk_board_svg, chalk_strokes

    rng = random.Random(seed)
    totals = (rng.randrange(60, 1400), rng.randrange(60, 1400))
    team = seed % 2
    board = chalk_board_svg(totals, ("A", "B"), width=380, figures=False)
    h, f, t, r = chalk_strokes(totals[team])
    question = (f"The chalk board after a few hands: team A is {TEAMS[0]}, team B {TEAMS[1]}."
                f"<div class=\"ctj-jass-cards\">{board}</div><b>What is team "
                f"{'AB'[team]}'s score?</b>")
    return Problem(question, solution=totals[team], number=True,
                   hint="each stroke on the top line is 100, on the diagonal 50, on the bottom "
                        "line 20; then add the figure written beside the Z",
                   explain=f"{h} × 100 + {f} × 50 + {t} × 20 + {r} = {totals[team]}.")


# ------------------------------------------------------------------ lesson 14
def row_tallies_problem(seed: int) -> Problem:
    """A complete row in Palitos and Batatas (3-player Coiffeur-Schieber or Coiffeur): what does
    one player get? The engine's ``row_tallies``."""
    rng = random.Random(seed)
    layout = COIFFEUR_SCHIEBER_3 if seed % 2 else COIFFEUR
    names = NAMES if layout.sides == 3 else NAMES4
    rows = [r for r in layout.rows if not r.joker]
    row = rng.choice(rows)
    scores = rng.sample(range(20, 158), layout.sides)
    tallies = row_tallies(scores, row.value, lowest_wins=row.lowest_wins)
    who = rng.randrange(layout.sides)
    got = tallies[who]
    game = "Coiffeur-Schieber (three players)" if layout.sides == 3 else "Coiffeur"
    listed = ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
    v = row.value
    choices = [(_tally_words(v, 0), (v, 0)), (_tally_words(0, v), (0, v)), ("Nothing", (0, 0))]
    question = (f"{game}: the <b>{escape(row.label)}</b> row (worth {v}) is complete: "
                f"{escape(listed)}. <b>What does {names[who]} get in this row?</b>")
    low = " (Misère: the fewest points are best)" if row.lowest_wins else ""
    return Problem(question, solution=(got.palitos, got.batatas), choices=choices,
                   hint=f"the best score of the row gets its value in Palitos, the worst in "
                        f"Batatas{low}",
                   explain=f"In a complete row the best score gets {_tally_words(v, 0)}, the "
                           f"worst {_tally_words(0, v)}, the others nothing{low}; "
                           f"{names[who]} gets {_tally_words(got.palitos, got.batatas)} "
                           "(RULES J).")


def _tally_words(palitos: int, batatas: int) -> str:
    said = [f"{palitos} Palito{'s' * (palitos > 1)}"] if palitos else []
    said += [f"{batatas} Batata{'s' * (batatas > 1)}"] if batatas else []
    return " and ".join(said) or "nothing"


def multiplied_row_problem(seed: int) -> Problem:
    """Four-player Coiffeur-Schieber: a team's row score, divided by 10 (decimals dropped), times
    the row's multiplier (the engine's ``RowsPad.row_points``)."""
    rng = random.Random(seed)
    layout = coiffeur_schieber_4()
    row = rng.choice([r for r in layout.rows if not r.joker])
    team = rng.randrange(2)
    tricks = rng.choice([9] + [rng.randrange(1, 9)] * 4)
    points = 157 if tricks == 9 else rng.randrange(20, 150)
    pad = RowsPad.empty(layout).write(row.contracts[0], side=team, points=points, tricks=tricks,
                                      total_tricks=9)
    written = pad.score(row.key)[team]
    assert written is not None  # written just above
    got = pad.row_points(row.key)[team]
    match = " and took all nine tricks (a Match: +100)" if tricks == 9 else ""
    question = (f"Four-player Coiffeur-Schieber: {TEAMS[team]} play the <b>{escape(row.label)}"
                f"</b> row (multiplier {row.value}); they took <b>{points}</b> card points"
                f"{match}. <b>How many points does the row give them?</b>")
    return Problem(question, solution=got, number=True,
                   hint="divide the row's score by 10, dropping the decimals, then multiply",
                   explain=f"{written} ÷ 10 = {written // 10} (decimals dropped), × {row.value} = "
                           f"{got} (the text).")


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
        from chaitea_widgets.strip import StripItem

        contract, faces = str(self.mode.value), str(self.faces.value)
        letter = str(self.suit.value)
        values = card_values(contract)
        trump, _ = mode_of(contract)
        ranks = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
        cards = _order_in(contract, [f"{r}{letter}" for r in ranks])
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
    tests of ``chaitea.records.jass_teaching``): ``tricks`` or ``weis``.
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
                from chaitea_widgets.base import Refusal

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
    from chaitea.records.jass_teaching import TRICKS, WEIS

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
                old.widget.close()
            self.chosen = index
            for i, b in enumerate(self.buttons):  # the table shown: the kit's primary colour
                if i == index:
                    b.add_class("ctj-primary")
                else:
                    b.remove_class("ctj-primary")

        return self._attempt(run, ok=f"{self.games[index][0]}: you are Aslan, the bots play "
                             "the others.")

