"""One Jass hand's declarations and score from its contract spelling (RULES J), for rulesets.

The parts compose: the contract says the trump and the mode, the deal gives the Weis and the
Stöck, the trick play gives card points and tricks, and the ruleset's table the multiplier::

    >>> hands = ["6C 7C 8C KH QH", "QS KS AS JS", "9D 9H", "10D"]
    >>> d = declarations(hands, "trump(H)", sides=(0, 1, 0, 1))
    >>> d.weis.points, d.stoeck
    ((0, 50), (20, 0))
    >>> hand_score((100, 57), (6, 3), d, "trump(H)").score
    (240, 214)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from chaitea.core.cards import Card, Suit
from chaitea.core.errors import IllegalPick, SetupError
from chaitea.engine.pick_items import choice_of, contract_spelling, wrapped_contract
from chaitea.rulesets.jass.scoring import SCHIEBER, JassRound, SchieberScoring, round_score
from chaitea.rulesets.jass.stoeck import (
    STOECK_POINTS,
    stoeck_holder,
    stoeck_holder_mask,
    stoeck_points,
)
from chaitea.rulesets.jass.weis import (
    DEFAULT_OPTIONS,
    WeisOptions,
    WeisResult,
    check_sides,
    dealt_weis,
    no_weis,
    score_weis,
    score_weis_masks,
)

__all__ = ["Declarations", "dealt_declarations", "declarations", "hand_score", "mode_of"]


def mode_of(contract: str) -> tuple[Suit | None, bool]:
    """The trump suit (``None``: none at the deal) and whether the mode is Undenufe, from a
    contract spelling's value (:class:`~chaitea.engine.pick_items.Choose`); Weis and Stöck are
    taken in this mode (RULES J).

    >>> mode_of("trump(S)"), mode_of("undenufe"), mode_of("slalom(obenabe)")
    ((<Suit.SPADES: 3>, False), (None, True), (None, False))
    >>> mode_of("misere(trump(H))"), mode_of("misere")  # Sidi Barrani's wrapped contract
    ((<Suit.HEARTS: 2>, False), (None, False))
    """
    hit = _MODES.get(contract)
    if hit is not None:
        return hit
    try:
        pick = choice_of(contract)  # the item: joker=X plays X (RECORD Jass)
    except IllegalPick as e:
        raise SetupError(str(e)) from None
    c = pick.value if pick is not None else None  # None: an alias (misere), push, ...
    if c is None and pick is not None:  # a modifier around a contract: misere(trump(C))
        c = wrapped_contract(pick.contract)
    mode: tuple[Suit | None, bool] = (None, False)
    if c is not None:
        mode = c.trump, c.kind == "undenufe"
    _MODES[contract] = mode
    return mode


_MODES: dict[str, tuple[Suit | None, bool]] = {}  # mode_of's cache by spelling


@dataclass(frozen=True, slots=True)
class Declarations:
    """What the deal declares: the Weis (who scores them) and the Stöck per side, before any
    multiplier (RULES J: automatic by default)."""

    weis: WeisResult
    stoeck: tuple[int, ...]
    stoeck_seat: int | None = None


_INTS = {int}
_DECLARED: dict[tuple[tuple[int, ...], int | None], Declarations] = {}


def declarations(hands: Sequence[str | Iterable[Card | str]] | Sequence[int], contract: str, *,
                 sides: Sequence[int] | None = None, forehand: int = 0,
                 options: WeisOptions = DEFAULT_OPTIONS, weis: bool = True,
                 stoeck: bool = True) -> Declarations:
    """Every Weis and the Stöck of a deal (hands as cards or as the engine's bit masks) in the
    contract's mode; ``weis``/``stoeck`` off for games without them (Coiffeur family)."""
    trump, undenufe = mode_of(contract)
    side_of = check_sides(len(hands), sides)
    if weis and stoeck and {*map(type, hands)} == _INTS:  # the engine's form, at speed
        ints = cast("list[int]", list(hands))
        result = score_weis_masks(ints, trump=trump, undenufe=undenufe, sides=side_of,
                                  forehand=forehand, options=options)
        seat = stoeck_holder_mask(ints, trump)
        n_sides = max(side_of) + 1
        plain = result is no_weis(len(ints), n_sides)  # a deal without Weis: one shared value
        if plain:
            hit = _DECLARED.get((side_of, seat))
            if hit is not None and hit.weis is result:
                return hit
        per_side = [0] * n_sides
        if seat is not None:
            per_side[side_of[seat]] = STOECK_POINTS
        d = Declarations(result, tuple(per_side), seat)
        if plain and len(_DECLARED) < 256:
            _DECLARED[(side_of, seat)] = d  # frozen values: shared by the deals without Weis
        return d
    n_sides = max(side_of) + 1
    masks = all(isinstance(h, int) for h in hands)
    if not weis:
        result = WeisResult(tuple(() for _ in hands), (None,) * n_sides, None, (0,) * n_sides)
    elif masks:
        result = score_weis_masks([int(h) for h in hands if isinstance(h, int)], trump=trump,
                                  undenufe=undenufe, sides=side_of, forehand=forehand,
                                  options=options)
    else:
        result = score_weis([h for h in hands if not isinstance(h, int)], trump=trump,
                            undenufe=undenufe, sides=side_of, forehand=forehand,
                            options=options)
    if not stoeck:
        return Declarations(result, (0,) * n_sides)
    if masks:
        seat = stoeck_holder_mask([int(h) for h in hands if isinstance(h, int)], trump)
        per_side = [0] * n_sides
        if seat is not None:
            per_side[side_of[seat]] = STOECK_POINTS
        return Declarations(result, tuple(per_side), seat)
    cards = [h for h in hands if not isinstance(h, int)]
    return Declarations(result, stoeck_points(cards, trump, sides=side_of),
                        stoeck_holder(cards, trump))


def dealt_declarations(masks: list[int], contract: str, side_of: tuple[int, ...],
                       forehand: int, options: WeisOptions) -> Declarations:
    """:func:`declarations` with Weis and Stöck for the masks the engine dealt itself and its own
    seating (checked at set-up): no checks again, the Stöck holder read inline (same values).

    >>> from chaitea.core.cards import JASS
    >>> masks = [JASS.mask_of(h.split()) for h in ("6S 7S 8S KH QH", "AC", "9D", "JD")]
    >>> d = dealt_declarations(masks, "trump(H)", (0, 1, 0, 1), 0, DEFAULT_OPTIONS)
    >>> d.weis.points, d.stoeck, d.stoeck_seat
    ((20, 0), (20, 0), 0)
    """
    trump, undenufe = mode_of(contract)
    result = dealt_weis(masks, trump, undenufe, side_of, forehand, options)
    seat = None
    if trump is not None:
        pair = 0b11 << (int(trump) * 9 + 6)  # Q and K of trump (stoeck_holder_mask)
        for s, m in enumerate(masks):
            if m & pair == pair:
                seat = s
                break
    if result is no_weis(len(masks), max(side_of) + 1):  # one shared value per seating
        hit = _DECLARED.get((side_of, seat))
        if hit is not None and hit.weis is result:
            return hit
        d = _declared(result, side_of, seat)
        if len(_DECLARED) < 256:
            _DECLARED[(side_of, seat)] = d
        return d
    return _declared(result, side_of, seat)


def _declared(result: WeisResult, side_of: tuple[int, ...], seat: int | None) -> Declarations:
    per_side = [0] * (max(side_of) + 1)
    if seat is not None:
        per_side[side_of[seat]] = STOECK_POINTS
    return Declarations(result, tuple(per_side), seat)


def hand_score(card_points: Sequence[int], tricks: Sequence[int], declared: Declarations,
               contract: str, scoring: SchieberScoring | None = SCHIEBER) -> JassRound:
    """The hand's :class:`JassRound`: card points (with the last-trick 5) and tricks per side,
    the declarations, and the multiplier of ``scoring`` (``None``: 1, basic Jass)."""
    multiplier = 1 if scoring is None else scoring.factor(contract_spelling(contract))
    return round_score(card_points, tricks, weis=declared.weis.points, stoeck=declared.stoeck,
                       multiplier=multiplier)
