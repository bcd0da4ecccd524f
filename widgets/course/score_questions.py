"""The Jass lessons' questions on scores (12 to 14): the Weis of a hand and who scores it, a
Schieber hand's score, the chalk board, and the Coiffeur pad's rows (Palitos and Batatas, the
four-player multipliers). It holds no rules: every right answer comes from ``chaitea``.

>>> from chaitea_widgets.course import multiplied_row_problem
>>> p = multiplied_row_problem(1)
>>> p.number, isinstance(p.solution, int)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from chaitea import JASS
from chaitea.core.markup import escape
from chaitea.rulesets import jass_game
from chaitea.rulesets.jass import (
    COIFFEUR,
    COIFFEUR_SCHIEBER_3,
    RowsPad,
    best_melds,
    coiffeur_schieber_4,
    declarations,
    mode_of,
    row_tallies,
)
from chaitea_widgets.score_boards import chalk_board_svg, chalk_strokes
from chaitea_widgets.value_words import meld_words

from .basics import NAMES
from .deck_views import FACES, MODES, NAMES4, TEAMS, mode_title
from .exercise import Problem
from .trick_questions import played_hand

__all__ = ["chalk_problem", "multiplied_row_problem", "row_tallies_problem",
           "schieber_score_problem", "weis_compare_problem", "weis_hand_problem"]


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
    ``chaitea_widgets.score_boards``); the answer is the total it shows."""
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
