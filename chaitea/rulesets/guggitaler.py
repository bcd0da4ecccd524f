"""Guggitaler (the text's "Giggitaler"; RULES J) and its eight-hand form (``guggitaler-8``):
four players each for themselves, no trump (the ``obenabe`` contract), no Weis, no Stöck.

The five rules (the text): 5 points per trick, 10 per Bells card (``H``), 20 per Ober (``Q``),
40 for the King of Roses (``KS``), 50 for the last trick. Guggitaler plays ten hands, one rule
each in that order, lost in hands 1-5 and won in hands 6-10 (the round's ``rule`` names it, the
replay output's ``rules`` lists them); ``guggitaler-8`` plays eight hands of all five rules,
lost in hands 1-4 and won in hands 5-8. The highest total wins after the last hand; ties stand
("Podem haver empates": ``winner`` null). Every hand deals out 305 points, so a game sums to
zero.

The King (a reading): the text names the "Rei de Flores (ou Paus)", but its own French
correspondence is Roses = Spades and Acorns = Clubs (Paus), so the two names are two cards. The
Swiss name, written four times against the French one's two and the game's traditional
Rosenkönig, wins: the King of Roses, ``KS``; option ``king`` ``"acorns"`` plays the King of
Acorns, ``KC`` (the "Paus" of the French note).

>>> t = GUGGITALER.table(4, {})
>>> [(c.name, c.sign) for c in t.score.rule.counts][3:6]
[('roses-king', -1), ('last-trick', -1), ('tricks', 1)]
>>> GUGGITALER.table(4, {"king": "acorns"}).score.rule.counts[3].name
'acorns-king'
>>> [c.name for c in GUGGITALER_8.table(4, {}).score.rule.counts]
['minus', 'minus', 'minus', 'minus', 'plus', 'plus', 'plus', 'plus']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.contracts import JASS_FAMILY
from chaitea.core.seating import JASS_SEATINGS
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.bells_avoidance import BELLS
from chaitea.rulesets.jass.choice import FixedContract
from chaitea.rulesets.jass.penalties import (
    Cards,
    CountedHands,
    HandCount,
    Term,
    TrickAt,
    Tricks,
    card_mask,
)
from chaitea.rulesets.jass.tally import AfterHands, TallyScore

__all__ = ["GUGGITALER", "GUGGITALER_8", "GUGGITALER_RULES", "KINGS"]

#: the King of the fourth rule, by the option ``king``
KINGS: dict[str, Cards] = {
    "roses": Cards("roses-king", card_mask("KS"), 40),
    "acorns": Cards("acorns-king", card_mask("KC"), 40),
}


def _rules(king: str) -> tuple[Term, ...]:
    """The five rules of the text, in the order of the hands."""
    return (Tricks("tricks", 5), Cards("bells", BELLS, 10),
            Cards("obers", card_mask("QC", "QD", "QH", "QS"), 20), KINGS[king],
            TrickAt("last-trick", -1, 50))


#: the five rules by the option ``king``
GUGGITALER_RULES: dict[str, tuple[Term, ...]] = {k: _rules(k) for k in KINGS}


def _ten(king: str) -> CountedHands:
    rules = GUGGITALER_RULES[king]
    return CountedHands(tuple(HandCount(r.name, (r,), -1) for r in rules)
                        + tuple(HandCount(r.name, (r,), 1) for r in rules), named=True)


def _eight(king: str) -> CountedHands:
    rules = GUGGITALER_RULES[king]
    return CountedHands((HandCount("minus", rules, -1),) * 4 + (HandCount("plus", rules, 1),) * 4,
                        named=True)


_KING = Option("king", "roses", "the King of the fourth rule: the King of Roses (KS, the "
               "text's 'Rei de Flores') or of Acorns (KC, its French note's 'Paus')",
               ("roses", "acorns"))


def _table(name: str, rule: CountedHands) -> Table:
    score = TallyScore(rule, AfterHands(len(rule.counts), ties_stand=True), players=4,
                       scores="penalty", avoid=False)
    return Table(name, 4, JASS_SEATINGS["four"], FixedContract("obenabe"), score, ("obenabe",))


def _guggitaler(players: int, o: Mapping[str, Any]) -> Table:
    return _table("guggitaler", _ten(o["king"]))


def _guggitaler_8(players: int, o: Mapping[str, Any]) -> Table:
    return _table("guggitaler-8", _eight(o["king"]))


GUGGITALER = register(Ruleset("guggitaler", "Guggitaler", (4,), (_KING,), _guggitaler,
                              "four players each for themselves, no trump: ten hands, one rule "
                              "each, five lost then five won; the highest total wins",
                              family=JASS_FAMILY, order=12))

GUGGITALER_8 = register(Ruleset("guggitaler-8", "Guggitaler (eight hands)", (4,), (_KING,),
                                _guggitaler_8, "four players each for themselves, no trump: "
                                "eight hands of all five rules, four lost then four won",
                                family=JASS_FAMILY, order=13))
