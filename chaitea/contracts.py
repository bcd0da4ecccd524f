"""Contracts and card strength (RULES R).

A :class:`Contract` is a value: a kind (rules as data, :data:`KINDS`), a trump suit where the kind
has one, and a start direction for Slalom and Pyramid. For trick *k* it answers which rank order
holds (:meth:`Contract.order_for`) and so which card of a trick wins (:func:`trick_winner`, with a
reason a learner can read) and the full strength order (:func:`strength_order`).

>>> from chaitea.cards import STANDARD
>>> c = Contract.parse("trump(H)")
>>> result = trick_winner(c, 0, ["9C", "2H", "7C"], STANDARD)
>>> result.position, str(result.card)
(1, '2H')
>>> print(result.reason)
2H wins: the only trump (hearts) in the trick beats every card of the led suit clubs
>>> [str(x) for x in strength_order(Contract.parse("middle"), 0, STANDARD, led="C")][:3]
['5C', '4C', '6C']
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .cards import Card, Deck, Suit
from .errors import SetupError

__all__ = [
    "KINDS",
    "Contract",
    "ContractKind",
    "Order",
    "TrickResult",
    "rank_strength",
    "strength_order",
    "strength_table",
    "trick_winner",
]


class Order(enum.Enum):
    """A rank order inside a suit (RULES R)."""

    OVER = "over"  # highest rank strongest: 9..1
    UNDER = "under"  # lowest rank strongest: 1..9
    MIDDLE = "middle"  # D4: nearest the middle first, of two at one distance the lower first

    @property
    def describe(self) -> str:
        return {
            "over": "Over: the highest rank is strongest",
            "under": "Under: the lowest rank is strongest",
            "middle": "Middle: the middle ranks are strongest",
        }[self.value]

    def flipped(self) -> Order:
        return {Order.OVER: Order.UNDER, Order.UNDER: Order.OVER}.get(self, self)


@cache
def rank_strength(order: Order, ranks: tuple[int, ...]) -> dict[int, int]:
    """Strength of each rank under ``order`` (larger is stronger), for a deck's rank list.

    >>> s = rank_strength(Order.MIDDLE, tuple(range(1, 10)))
    >>> sorted(s, key=s.get, reverse=True)
    [5, 4, 6, 3, 7, 2, 8, 1, 9]
    >>> s = rank_strength(Order.MIDDLE, tuple(range(1, 14)))
    >>> sorted(s, key=s.get, reverse=True)  # D4
    [7, 6, 8, 5, 9, 4, 10, 3, 11, 2, 12, 1, 13]
    """
    if order is Order.OVER:
        strongest_first = sorted(ranks, reverse=True)
    elif order is Order.UNDER:
        strongest_first = sorted(ranks)
    else:
        mid = (min(ranks) + max(ranks)) / 2
        strongest_first = sorted(ranks, key=lambda r: (abs(r - mid), r))
    n = len(strongest_first)
    return {r: n - i for i, r in enumerate(strongest_first)}


@dataclass(frozen=True)
class ContractKind:
    """A kind of contract as data: whether it names a trump suit and its rank-order schedule.

    ``base`` is ``over``, ``under``, ``middle`` (one order for every trick), ``slalom`` (alternating
    trick by trick) or ``pyramid`` (D3: the first ceil(n/2) tricks one way, the rest the other).
    """

    name: str
    trump: bool
    base: str
    title: str

    @property
    def needs_start(self) -> bool:
        return self.base in ("slalom", "pyramid")


KINDS: dict[str, ContractKind] = {
    k.name: k
    for k in (
        ContractKind("trump", True, "over", "Trump"),
        ContractKind("over", False, "over", "Over"),
        ContractKind("under", False, "under", "Under"),
        ContractKind("middle", False, "middle", "Middle"),
        ContractKind("slalom", False, "slalom", "Slalom"),
        ContractKind("pyramid", False, "pyramid", "Pyramid"),
        ContractKind("trump-under", True, "under", "Trump Under"),
        ContractKind("trump-middle", True, "middle", "Trump Middle"),
        ContractKind("trump-slalom", True, "slalom", "Trump Slalom"),
        ContractKind("trump-pyramid", True, "pyramid", "Trump Pyramid"),
    )
}

_CONTRACT_RE = re.compile(r"^([a-z-]+)(?:\(([^)]*)\))?$")


@dataclass(frozen=True)
class Contract:
    """What a round is played as: kind, trump suit (RULES R) and start direction.

    >>> Contract.parse("trump-slalom(H,high)").spelling
    'trump-slalom(H,high)'
    >>> [o.value for o in Contract.parse("pyramid(low)").schedule(9)]  # D3: 5 then 4
    ['under', 'under', 'under', 'under', 'under', 'over', 'over', 'over', 'over']
    """

    kind: str
    trump: Suit | None = None
    start: str | None = None  # "high" | "low" for Slalom and Pyramid

    def __post_init__(self) -> None:
        k = KINDS.get(self.kind)
        if k is None:
            raise SetupError(f"unknown contract {self.kind!r} (RULES R)")
        if k.trump != (self.trump is not None):
            need = "needs a trump suit" if k.trump else "has no trump suit"
            raise SetupError(f"contract {self.kind} {need} (RULES R)")
        if k.needs_start != (self.start is not None) or self.start not in (None, "high", "low"):
            need = "needs a start, high or low" if k.needs_start else "takes no start direction"
            raise SetupError(f"contract {self.kind} {need} (RULES R)")

    @property
    def info(self) -> ContractKind:
        return KINDS[self.kind]

    @property
    def spelling(self) -> str:
        """The record's spelling (RECORD ``picking``): ``trump(H)``, ``slalom(high)``, ``under``."""
        trump = self.trump.letter if self.trump is not None else None
        params = [p for p in (trump, self.start) if p]
        return f"{self.kind}({','.join(params)})" if params else self.kind

    def __str__(self) -> str:
        return self.spelling

    @property
    def title(self) -> str:
        """A readable name: ``Trump (Hearts)``, ``Slalom (start high)``."""
        params = []
        if self.trump is not None:
            params.append(self.trump.plural.capitalize())
        if self.start is not None:
            params.append(f"start {self.start}")
        return self.info.title + (f" ({', '.join(params)})" if params else "")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse a contract spelling such as ``trump(S)``, ``under``, ``trump-pyramid(S,low)``."""
        m = _CONTRACT_RE.match(text.strip()) if isinstance(text, str) else None
        if m is None or m.group(1) not in KINDS:
            raise SetupError(f"unknown contract {text!r} (RULES R)")
        kind = KINDS[m.group(1)]
        params = [p.strip() for p in m.group(2).split(",")] if m.group(2) else []
        trump = None
        start = None
        try:
            if kind.trump:
                trump = Suit.parse(params.pop(0)) if params else None
            if kind.needs_start:
                start = params.pop(0) if params else None
        except ValueError:
            raise SetupError(f"bad parameters in contract {text!r} (RULES R)") from None
        if params:
            raise SetupError(f"too many parameters in contract {text!r} (RULES R)")
        return cls(kind.name, trump, start)

    def schedule(self, n_tricks: int) -> tuple[Order, ...]:
        """The rank order of each trick of a round of ``n_tricks`` tricks (Slalom alternates;
        Pyramid is ceil(n/2) tricks one way and the rest the other, D3)."""
        base = self.info.base
        if base in ("over", "under", "middle"):
            return (Order(base),) * n_tricks
        first = Order.OVER if self.start == "high" else Order.UNDER
        if base == "slalom":
            return tuple(first if k % 2 == 0 else first.flipped() for k in range(n_tricks))
        half = math.ceil(n_tricks / 2)
        return (first,) * half + (first.flipped(),) * (n_tricks - half)

    def order_for(self, trick_index: int, n_tricks: int) -> Order:
        return self.schedule(n_tricks)[trick_index]


# Strength bands: a Joker beats a trump, a trump beats the led suit, other cards cannot win.
_JOKER, _TRUMP, _LED = 3000, 2000, 1000


@cache
def strength_table(deck: Deck, order: Order, trump: int, led: int) -> tuple[int, ...]:
    """Strength of every card of ``deck`` in a trick led with suit ``led`` (-1: no suit yet),
    ``trump`` the trump suit or -1. Equal strengths (two Jokers, double-deck twins) go to the
    later-played card (RULES R, D6, D2). Internal, cached; indices are the deck's."""
    rs = rank_strength(order, deck.ranks)
    out = []
    for c in deck.cards:
        if c.suit is None:
            out.append(_JOKER)
        elif c.suit == trump:
            out.append(_TRUMP + rs[c.rank])
        elif c.suit == led:
            out.append(_LED + rs[c.rank])
        else:
            out.append(0)
    return tuple(out)


def strength_order(
    contract: Contract,
    trick_index: int,
    deck: Deck,
    led: Suit | str | None = None,
    n_tricks: int = 12,
) -> list[Card]:
    """All cards that can win a trick, strongest first: Jokers, then trump, then the led suit.

    Without ``led``, every suit's cards are listed by rank strength (for display of the order).
    """
    order = contract.order_for(trick_index, n_tricks)
    rs = rank_strength(order, deck.ranks)
    led_suit = Suit.parse(led) if isinstance(led, str) else led
    suits: list[Suit] = []
    if contract.trump is not None:
        suits.append(contract.trump)
    if led_suit is not None and led_suit not in suits:
        suits.append(led_suit)
    if led_suit is None:
        suits += [s for s in Suit if s not in suits]
    out = [c for c in deck.cards if c.is_joker]
    for s in suits:
        out += sorted((c for c in deck.cards if c.suit == s), key=lambda c: (-rs[c.rank], c.copy))
    return out


@dataclass(frozen=True)
class TrickResult:
    """Who wins a trick and why: ``position`` is the index in play order of the winning card."""

    position: int
    card: Card
    led: Suit | None
    order: Order
    reason: str


def trick_winner(
    contract: Contract,
    trick_index: int,
    cards: Sequence[Card | str],
    deck: Deck,
    n_tricks: int = 12,
) -> TrickResult:
    """The strongest card of a (possibly partial) trick under ``contract`` at ``trick_index``.

    ``cards`` are in play order; strings are read in the context of ``deck``.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    idx = [deck.index_of(c) for c in cards]
    played = [deck.cards[i] for i in idx]
    led = next((c.suit for c in played if c.suit is not None), None)
    order = contract.order_for(trick_index, n_tricks)
    trump = -1 if contract.trump is None else int(contract.trump)
    table = strength_table(deck, order, trump, -1 if led is None else int(led))
    best, pos = -1, 0
    for p, i in enumerate(idx):
        if table[i] >= best:  # ties: the later-played card wins (D2, D6)
            best, pos = table[i], p
    win = played[pos]
    return TrickResult(pos, win, led, order, _explain(win, played, pos, led, order, contract))


def _explain(
    win: Card, played: list[Card], pos: int, led: Suit | None, order: Order, contract: Contract
) -> str:
    twins = [c for c in played[:pos] if c.rank == win.rank and c.suit == win.suit and c is not win]
    if win.is_joker:
        why = "a Joker beats every other card"
        if sum(c.is_joker for c in played) > 1:
            why += ", and of two Jokers the later-played wins"
        return f"{win} wins: {why} (RULES R, D6)"
    if contract.trump is not None and win.suit == contract.trump:
        n_trumps = sum(c.suit == contract.trump for c in played)
        if led == contract.trump:
            why = f"strongest trump ({win.suit.plural}, led) under {order.describe}"
        elif n_trumps == 1:
            why = (
                f"the only trump ({win.suit.plural}) in the trick beats every card "
                f"of the led suit {led.plural if led is not None else ''}"
            ).rstrip()
        else:
            why = f"strongest of {n_trumps} trumps ({win.suit.plural}) under {order.describe}"
    else:
        assert win.suit is not None
        why = f"strongest {win.suit.plural} (the led suit) under {order.describe}"
        others = [c for c in played if not c.is_joker and c.suit != led]
        if others:
            why += "; cards of another suit cannot win"
    if twins:
        why += f"; it ties with {twins[-1]} and the later-played of two identical cards wins (D2)"
    return f"{win} wins: {why}"
