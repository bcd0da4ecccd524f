"""Declaring Weis by hand, a phase a ruleset composes (RULES J option; the text: declaring is
optional, and a Weis must be at least as high as the last one declared).

With the option ``declare: "hand"`` the choice phase is wrapped in :class:`Declaring`: once the
contract is chosen, each player in play order from the forehand (the order of the first trick,
in which the text has each player declare before their first card) writes one of the Weis of
their hand, ``weis(<cards>)``, or ``noweis``. The cards are those of the meld, highest first
in the natural order, comma-separated, without the copy mark of the double deck
(``weis(KS,QS,JS)``, ``weis(JS,JH,JD,JC)``); ``legal`` lists exactly the spellings allowed.
A Weis is legal when the hand holds it (one meld of the split the hand scores) and it stands
at least as high in the list of Weis (points, then four of a kind before a sequence) as the
last Weis declared. The side with the strongest declared Weis scores every Weis of each of its
players who declared one; a player who wrote ``noweis`` scores none of theirs (reading). Stöck
stays automatic. Legality and each refusal's reason come from one function
(:meth:`Declaring.reason`).

>>> from chaitea.core.cards import JASS
>>> from chaitea.rulesets.jass.choice import ForehandChoice, PickView
>>> phase = Declaring(ForehandChoice(("trump(S)", "obenabe")))
>>> hands = tuple(JASS.mask_of(h.split()) for h in (
...     "6C 7C 8C 9C AH KH QH JH 10H", "6S 7S 8S 9S 10S JS 9D 9H 6D",
...     "KS QS AS 7D 8D 10D 6H 7H 8H", "AC KC QC JC 10C AD KD QD JD"))
>>> view = PickView(4, 0, ("trump(S)",), hands=hands, deck=JASS)
>>> phase.status(view).legal
('noweis', 'weis(AH,KH,QH,JH,10H)', 'weis(9C,8C,7C,6C)')
>>> said = ("trump(S)", "weis(AH,KH,QH,JH,10H)")
>>> st = phase.status(PickView(4, 0, said, hands=hands, deck=JASS))
>>> st.seat, st.legal
(1, ('noweis', 'weis(JS,10S,9S,8S,7S,6S)'))
>>> st = phase.status(PickView(4, 0, said + ("noweis",), hands=hands, deck=JASS))
>>> st.seat, st.legal
(2, ('noweis',))
>>> st.explain("weis(8H,7H,6H)")[:72]
'weis(8H,7H,6H) refused: a Weis declared must be at least as high as the '
>>> st.explain("weis(8H,7H,6H)")[72:]
'last one declared (five in sequence, seat 0), RULES J'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from chaitea.core.cards import JASS, Deck
from chaitea.engine.pick_items import (
    NOWEIS_ITEM,
    Declare,
    MalformedPick,
    contract_spelling,
    parse_pick,
)
from chaitea.engine.picking import PickStatus, PickView
from chaitea.rulesets.jass.choice import inner_status
from chaitea.rulesets.jass.declare import declared_rank
from chaitea.rulesets.jass.double import double_declarations, hand_melds
from chaitea.rulesets.jass.hand import Declarations, dealt_declarations, declarations, mode_of
from chaitea.rulesets.jass.melds import DEFAULT_OPTIONS, Meld, WeisOptions

if TYPE_CHECKING:
    from chaitea.rulesets.jass.choice import DealerTrump, ForehandChoice, RoundPick

__all__ = ["NOWEIS", "Declaring", "WeisAndStoeck", "declaration_spellings", "hand_declarations",
           "weis_spelling"]

NOWEIS = str(NOWEIS_ITEM)  # the spelling; the items: chaitea.engine.pick_items.Declare


def weis_spelling(meld: Meld) -> str:
    """The record's spelling of a declared Weis: ``weis(`` its cards, highest first, without the
    double deck's copy mark ``)``.

    >>> from chaitea.rulesets.jass.melds import make_meld
    >>> weis_spelling(make_meld("QS KS JS"))
    'weis(KS,QS,JS)'
    """
    return str(Declare(tuple(f"{c.label}{c.suit.letter}" for c in meld.cards
                             if c.suit is not None)))


def declaration_spellings(deck: Deck) -> tuple[str, ...]:
    """Every declaration spelling a hand of ``deck`` could write: ``noweis``, each sequence of 3
    or more of one suit in the natural order, each four of a kind (the game's action ids).

    >>> from chaitea.core.cards import JASS, JASS_DOUBLE
    >>> len(declaration_spellings(JASS)), len(declaration_spellings(JASS_DOUBLE))
    (122, 47)
    """
    ranks = sorted(deck.ranks, reverse=True)
    face = {c.rank: c.label for c in deck.cards}
    out = [NOWEIS]
    for suit in "CDHS":
        for size in range(3, len(ranks) + 1):
            for start in range(len(ranks) - size + 1):
                run = ranks[start:start + size]
                out.append(str(Declare(tuple(f"{face[r]}{suit}" for r in run))))
    for r in ranks:
        out.append(str(Declare(tuple(f"{face[r]}{s}" for s in "SHDC"))))
    return tuple(out)


def _cards_of(deck: Deck, mask: int) -> list[Any]:
    return deck.cards_of(mask)


@dataclass(frozen=True)
class Declaring:
    """The choice phase ``inner``, then one declaration per player in play order from the
    forehand (``noweis`` or ``weis(<cards>)``); done when every player has declared, with the
    items by seat in ``PickStatus.declared``."""

    inner: ForehandChoice | RoundPick | DealerTrump
    options: WeisOptions = DEFAULT_OPTIONS

    @property
    def picker_leads(self) -> bool:
        return self.inner.picker_leads

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """The inner phase's own items (the declarations come from the declaring part)."""
        return self.inner.spellings(deck)

    def status(self, view: PickView) -> PickStatus:
        st, said = inner_status(self.inner.status, view)
        if said is None:
            return st
        if view.deck is None:
            raise ValueError("declaring by hand needs the hands and deck in the PickView")
        n = view.players
        trump, undenufe = mode_of(st.contract)  # the mode of the contract played (joker= too)
        if len(said) >= n:
            by_seat = [""] * n
            for i, item in enumerate(said[:n]):
                by_seat[(st.forehand + i) % n] = item
            return replace(st, declared=tuple(by_seat))
        seat = (st.forehand + len(said)) % n
        melds = hand_melds(_cards_of(view.deck, view.hands[seat]), trump=trump,
                           undenufe=undenufe, options=self.options, deck=view.deck)
        last = self._last(view, st.forehand, said, trump, undenufe)

        def reason(item: str) -> str | None:
            return self.reason(item, seat, melds, last)

        candidates = (NOWEIS,) + tuple(dict.fromkeys(weis_spelling(m) for m in melds))
        legal = tuple(c for c in candidates if reason(c) is None)
        return PickStatus(seat, legal, why=f"seat {seat} declares one of its Weis or noweis "
                          "(RULES J, declaring by hand)", explain=reason)

    def _last(self, view: PickView, forehand: int, said: Sequence[str], trump: Any,
              undenufe: bool) -> tuple[Meld, int] | None:
        """The last Weis declared so far and its seat."""
        assert view.deck is not None
        n = view.players
        for i in range(len(said) - 1, -1, -1):
            if parse_pick(said[i]) != NOWEIS_ITEM:
                seat = (forehand + i) % n
                ms = hand_melds(_cards_of(view.deck, view.hands[seat]), trump=trump,
                                undenufe=undenufe, options=self.options, deck=view.deck)
                return next(m for m in ms if weis_spelling(m) == said[i]), seat
        return None

    def reason(self, item: str, seat: int, melds: Sequence[Meld],
               last: tuple[Meld, int] | None) -> str | None:
        """``None`` when ``seat`` may write ``item`` now, else the refusal naming the rule."""
        try:
            said = parse_pick(item)
            weis = type(said) is Declare
        except MalformedPick as e:  # weis(...) of no cards: a Weis the seat does not hold
            said, weis = None, e.shape == "weis"
        if said == NOWEIS_ITEM:
            return None
        if not weis:
            return (f"{item} refused: seat {seat} declares now: weis(<cards>), one of its Weis, "
                    "or noweis (RULES J, declaring by hand)")
        meld = next((m for m in melds if weis_spelling(m) == item), None)
        if meld is None:
            held = ", ".join(weis_spelling(m) for m in melds) or "none"
            return (f"{item} refused: seat {seat} holds no such Weis (its Weis: {held}); a Weis "
                    "is 3 or more cards in sequence in one suit or four of a kind, highest card "
                    "first (RULES J)")
        if last is not None and declared_rank(meld, self.options) < declared_rank(last[0],
                                                                                  self.options):
            return (f"{item} refused: a Weis declared must be at least as high as the last one "
                    f"declared ({last[0].name}, seat {last[1]}), RULES J")
        return None


def hand_declarations(deck: Deck, hands: Sequence[int], contract: str,
                      declared: Sequence[str] | None, *, sides: Sequence[int],
                      forehand: int, options: WeisOptions, weis: bool = True,
                      stoeck: bool = True) -> Declarations:
    """The hand's Weis and Stöck from the hands as dealt (bit masks of ``deck``): automatic
    (``declared`` ``None``) or from the declaration items by seat (``noweis``, ``weis(...)``).

    >>> from chaitea.core.cards import JASS
    >>> hands = [JASS.mask_of(h.split()) for h in ("6C 7C 8C", "9D 10D JD QD", "6S", "7S")]
    >>> d = hand_declarations(JASS, hands, "trump(S)", ["weis(8C,7C,6C)", "noweis", "noweis",
    ...                       "noweis"], sides=(0, 1, 0, 1), forehand=0, options=DEFAULT_OPTIONS)
    >>> d.weis.winner, d.weis.points  # the 50 of seat 1 was not declared
    (0, (20, 0))
    """
    cards = [_cards_of(deck, m) for m in hands]
    melds: list[Meld | None] | None = None
    if declared is not None and weis:
        trump, undenufe = mode_of(contract)
        melds = []
        for seat, item in enumerate(declared):
            if not item or parse_pick(item) == NOWEIS_ITEM:
                melds.append(None)
                continue
            ms = hand_melds(cards[seat], trump=trump, undenufe=undenufe, options=options,
                            deck=deck)
            melds.append(next(m for m in ms if weis_spelling(m) == item))
    return double_declarations(cards, contract, sides=sides, forehand=forehand, options=options,
                               weis=weis, stoeck=stoeck, deck=deck, declared=melds)



@dataclass(frozen=True)
class WeisAndStoeck:
    """The declaring part of a table (:class:`chaitea.engine.ruleset.DeclaringPart`): which of
    Weis and Stöck are scored, the Weis options, and a hand's declarations: automatic from the
    hands as dealt, or the Weis declared by hand (``declared``); the two-deck reading for the
    Jass double deck (:mod:`chaitea.rulesets.jass.double`).

    >>> part = WeisAndStoeck(DEFAULT_OPTIONS)
    >>> part.by_hand, part.spellings(JASS)
    (False, ())
    """

    options: WeisOptions = DEFAULT_OPTIONS
    weis: bool = True
    stoeck: bool = True

    @property
    def by_hand(self) -> bool:
        return self.options.by_hand

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """The declaration items (``noweis``, ``weis(...)``) when Weis are declared by hand."""
        return declaration_spellings(deck) if self.by_hand else ()

    def declare(self, deck: Deck, dealt: Sequence[int], contract: str,
                declared: Sequence[str] | None, *, sides: Sequence[int],
                forehand: int) -> Declarations:
        """The hand's Weis and Stöck per side. ``dealt`` comes from the deal step, which dealt
        it from a seed or validated its Deal (:func:`chaitea.core.deals.deal_layout`), so the
        fast path needs no checks again."""
        contract = contract_spelling(contract)
        if declared is not None or deck is not JASS:
            return hand_declarations(deck, dealt, contract, declared, sides=sides,
                                     forehand=forehand, options=self.options, weis=self.weis,
                                     stoeck=self.stoeck)
        if self.weis and self.stoeck:
            return dealt_declarations(list(dealt), contract, tuple(sides), forehand, self.options)
        return declarations(dealt, contract, sides=sides, forehand=forehand,
                            options=self.options, weis=self.weis, stoeck=self.stoeck)
