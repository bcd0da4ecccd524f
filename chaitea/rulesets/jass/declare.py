"""Declaring Weis by hand (RULES J option; the text: declaring is optional, and a Weis must be
at least as high as the last one declared).

By default every Weis is found and scored automatically
(:func:`chaitea.rulesets.jass.weis.score_weis`);
with ``WeisOptions(by_hand=True)`` a ruleset checks each declaration here::

    >>> from chaitea.rulesets.jass.weis import make_meld
    >>> check_declaration("QC KC AC JC", make_meld("QC KC AC JC"), make_meld("7H 8H 9H"))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chaitea.core.cards import Card, Suit
from chaitea.core.errors import IllegalAction
from chaitea.rulesets.jass.weis import (
    DEFAULT_OPTIONS,
    Meld,
    WeisOptions,
    WeisResult,
    best_melds,
    check_hands,
    check_sides,
    decide,
    jass_cards,
    make_meld,
    strength,
)

__all__ = ["check_declaration", "declared_rank", "score_declared"]


def declared_rank(meld: Meld, options: WeisOptions = DEFAULT_OPTIONS) -> tuple[int, int]:
    """Where a declared Weis stands in the list of Weis (points, then its kind): what a player
    says when declaring by hand, without showing the cards (the text).

    >>> declared_rank(make_meld("9C 9D 9H 9S")) > declared_rank(make_meld("6D 7D 8D 9D 10D JD"))
    True
    """
    return strength(meld, options=options)[:2]


def check_declaration(hand: str | Iterable[Card | str], meld: Meld, last: Meld | None = None, *,
                      undenufe: bool = False, options: WeisOptions = DEFAULT_OPTIONS) -> None:
    """Declaring by hand (RULES J option): the Weis must be in the hand and at least as high in
    the list of Weis as the last one declared. Raises :class:`IllegalAction` naming the rule.

    >>> check_declaration("7H 8H 9H 10H", make_meld("7H 8H 9H 10H"), make_meld("QC KC AC"))
    >>> check_declaration("7H 8H 9H", make_meld("7H 8H 9H"), make_meld("QC KC AC JC"))
    Traceback (most recent call last):
    ...
    chaitea.core.errors.IllegalAction: 9H 8H 7H refused: a Weis declared must be ...
    """
    cards = set(jass_cards(hand))
    missing = [str(c) for c in meld.cards if c not in cards]
    if missing:
        raise IllegalAction(f"{meld} refused: {' '.join(missing)} not in the hand (RULES J Weis)")
    valid = make_meld(meld.cards, undenufe=undenufe, options=options)
    if valid != meld:
        raise IllegalAction(f"{meld} refused: it is worth {valid.points}, not {meld.points}"
                            " (RULES J Weis)")
    if last is not None and declared_rank(meld, options) < declared_rank(last, options):
        raise IllegalAction(
            f"{meld} refused: a Weis declared must be at least as high as the last one declared "
            f"({last.name}), RULES J"
        )


def score_declared(hands: Sequence[str | Iterable[Card | str]],
                   declared: Sequence[Meld | None], *, trump: Suit | None = None,
                   undenufe: bool = False, sides: Sequence[int] | None = None, forehand: int = 0,
                   options: WeisOptions = DEFAULT_OPTIONS) -> WeisResult:
    """Declaring by hand (option): the strongest declared Weis wins, and its side scores every
    Weis its players hold (the text: "ganhará pontos por todos os Weis que tiver na mão").
    ``declared[seat]`` is what the seat declared (``None``: nothing); a side that declared
    nothing scores nothing.

    >>> hands = ["KC KD KH KS", "6S 7S 8S 9S", "QH JH 10H", "6C 7C 8C"]
    >>> r = score_declared(hands, [None, make_meld("6S 7S 8S 9S"), None, None], sides=(0, 1, 0, 1))
    >>> r.winner, r.points
    (1, (0, 70))
    """
    check_hands(hands)
    side_of = check_sides(len(hands), sides)
    if len(declared) != len(hands):
        raise IllegalAction("declared must hold one entry (a Weis or None) per seat")
    for seat, m in enumerate(declared):
        if m is not None:
            check_declaration(hands[seat], m, undenufe=undenufe, options=options)
    melds = [best_melds(h, trump=trump, undenufe=undenufe, options=options) for h in hands]
    candidates = list(enumerate(declared))
    result = decide(candidates, melds, side_of, forehand, trump, undenufe, options)
    return result
