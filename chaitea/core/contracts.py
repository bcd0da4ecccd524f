"""Contracts as schedules of trick rules (RULES R; RULES J).

A :class:`Contract` is a value: a kind (rules as data, :data:`KINDS` for Chai Tea Jazz,
:data:`JASS_KINDS` for the Jass family), a trump suit where the kind has one, a start direction
(Slalom, Pyramid, Gustav, Riesenslalom) and a variant (Riesenslalom's split, 3x3's order). For a
round of *n* tricks it answers a :class:`~chaitea.core.tricks.TrickRule` per trick
(:meth:`Contract.trick_rules`): how trump is set, the trump and plain rank orders and the card
values in force; from those come the rank order of trick *k* (:meth:`Contract.order_for`), which
card of a trick wins (:func:`trick_winner`, with a reason a learner can read) and the full strength
order (:func:`strength_order`).

>>> from chaitea.core.cards import STANDARD
>>> c = Contract.parse("trump(H)")
>>> result = trick_winner(c, 0, ["9C", "2H", "7C"], STANDARD)
>>> result.position, str(result.card)
(1, '2H')
>>> print(result.reason)
2H wins: the only trump (hearts) in the trick beats every card of the led suit clubs
>>> [str(x) for x in strength_order(Contract.parse("middle"), 0, STANDARD, led="C")][:3]
['5C', '4C', '6C']

The Jass family's contracts are spelled as in RECORD's Jass section and read with
``family="jass"``; the same spelling ``trump(S)`` then plays the Jass trump order and values:

>>> from chaitea.core.cards import JASS
>>> j = Contract.parse("trump(S)", family="jass")
>>> [str(x) for x in strength_order(j, 0, JASS, led="H")][:4]
['JS', '9S', 'AS', 'KS']
>>> [r.trump_setting.value for r in Contract.parse("tuo(H)", family="jass").trick_rules(9)][::3]
['fixed', 'none', 'none']
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from chaitea.core.cards import Card, Deck, Suit
from chaitea.core.errors import SetupError
from chaitea.core.orders import Order, rank_strength
from chaitea.core.tricks import (
    TrickResult,
    TrickRule,
    TrumpSetting,
    strength_table,
    trick_result,
)
from chaitea.core.values import values_named

__all__ = [
    "CTJ_FAMILY",
    "FAMILIES",
    "FRENCH_FAMILY",
    "FRENCH_KINDS",
    "JASS_FAMILY",
    "JASS_KINDS",
    "KINDS",
    "Contract",
    "ContractKind",
    "Order",
    "TrickResult",
    "TrickRule",
    "TrumpSetting",
    "rank_strength",
    "strength_order",
    "strength_table",
    "trick_winner",
]

CTJ_FAMILY = "chai-tea-jazz"
JASS_FAMILY = "jass"
FRENCH_FAMILY = "french"  # Oh Hell's contracts on the French deck (OpenSpiel's oh_hell)
_STARTS = {"high": Order.OVER, "low": Order.UNDER, "obenabe": Order.OVER,
           "undenufe": Order.UNDER}
_THIRDS = {"t": None, "o": Order.OVER, "u": Order.UNDER}  # None: a trump trick


@dataclass(frozen=True)
class ContractKind:
    """A kind of contract as data: its parameters and how its trick rules are built.

    ``base`` is the schedule of plain orders: ``over``, ``under``, ``middle`` (one order for every
    trick), ``slalom`` (alternating trick by trick), ``pyramid`` (D3: the first ceil(n/2) tricks
    one way, the rest the other; Jass Gustav), ``split`` (Riesenslalom: the variant says how many
    tricks go the first way) or ``thirds`` (TUO, 3x3: three equal parts, ``sequence`` or the
    variant naming them: ``t`` trump, ``o`` Obenabe, ``u`` Undenufe). ``trump`` says whether the
    contract names a trump suit. A trump trick's suit is set by ``setting`` (default: fixed by the
    contract), ranked by ``trump_order`` (``None``: the trick's own order, D5) and scored by
    ``values``; the other tricks by ``plain_values`` (default: ``values``). ``options`` maps an
    option name to the value table it puts in force (RULES J: Undenufe 6 = 11).
    """

    name: str
    trump: bool
    base: str
    title: str
    family: str = CTJ_FAMILY
    trump_order: Order | None = None
    values: str = "chai-tea-jazz"
    plain_values: str | None = None
    setting: TrumpSetting | None = None
    starts: tuple[str, ...] = ("high", "low")
    variants: tuple[str, ...] = ()
    sequence: str = ""
    options: tuple[tuple[str, str], ...] = ()

    @property
    def needs_start(self) -> bool:
        return self.base in ("slalom", "pyramid", "split")

    @property
    def needs_variant(self) -> bool:
        return bool(self.variants)

    @property
    def trump_tricks(self) -> bool:
        """Whether some trick of this kind has a trump suit."""
        return self.trump or self.setting is not None


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

_OU = ("obenabe", "undenufe")
_NT = "jass-no-trump"
_PERMS = ("tou", "tuo", "otu", "out", "uto", "uot")  # 3x3's six orders (the text's list)
# The Jass family's modes (RULES J; seed text: Schieber, Coiffeur-Schieber, Coiffeur).
JASS_KINDS: dict[str, ContractKind] = {
    k.name: k
    for k in (
        ContractKind("trump", True, "over", "Trump", JASS_FAMILY, Order.JASS_TRUMP, "jass-trump"),
        ContractKind("obenabe", False, "over", "Obenabe", JASS_FAMILY, values=_NT),
        ContractKind("undenufe", False, "under", "Undenufe", JASS_FAMILY, values=_NT,
                     options=(("undenufe-six", "jass-undenufe-6"),
                              ("undenufe-nine", "jass-undenufe-9"))),
        ContractKind("slalom", False, "slalom", "Slalom", JASS_FAMILY, values=_NT, starts=_OU),
        ContractKind("gustav", False, "pyramid", "Gustav", JASS_FAMILY, values=_NT, starts=_OU),
        ContractKind("riesenslalom", False, "split", "Riesenslalom", JASS_FAMILY, values=_NT,
                     starts=_OU, variants=("4", "5")),
        ContractKind("tutti", False, "over", "Tutti", JASS_FAMILY, Order.JASS_TRUMP,
                     "jass-trump", setting=TrumpSetting.FIRST_NON_FOLLOWER),
        ContractKind("tuo", True, "thirds", "TUO", JASS_FAMILY, Order.JASS_TRUMP, "jass-trump",
                     _NT, sequence="tuo"),
        ContractKind("3x3", False, "thirds", "3x3", JASS_FAMILY, Order.JASS_TRUMP, "jass-trump",
                     _NT, TrumpSetting.CHOSEN, variants=_PERMS),
    )
}
# Oh Hell (OpenSpiel's oh_hell, Trick::Play): the turned-up suit is trump, every suit ranks
# A K Q ... 2 (the trump suit too), and only tricks count (no card points).
FRENCH_KINDS: dict[str, ContractKind] = {
    "trump": ContractKind("trump", True, "over", "Trump", FRENCH_FAMILY, values="no-points"),
}
FAMILIES: dict[str, dict[str, ContractKind]] = {CTJ_FAMILY: KINDS, JASS_FAMILY: JASS_KINDS,
                                                FRENCH_FAMILY: FRENCH_KINDS}

_CONTRACT_RE = re.compile(r"^([a-z0-9-]+)(?:\(([^)]*)\))?$")


@dataclass(frozen=True)
class Contract:
    """What a round is played as: kind, trump suit (RULES R), start direction and variant.

    >>> Contract.parse("trump-slalom(H,high)").spelling
    'trump-slalom(H,high)'
    >>> [o.value for o in Contract.parse("pyramid(low)").schedule(9)]  # D3: 5 then 4
    ['under', 'under', 'under', 'under', 'under', 'over', 'over', 'over', 'over']
    >>> Contract.parse("riesenslalom(undenufe,4)", family="jass").title
    'Riesenslalom (start undenufe, 4)'
    """

    kind: str
    trump: Suit | None = None
    start: str | None = None  # "high" | "low" (Chai Tea Jazz), "obenabe" | "undenufe" (Jass)
    variant: str | None = None  # Riesenslalom "4" | "5"; 3x3 one of "tou", "tuo", ...
    family: str = CTJ_FAMILY

    def __post_init__(self) -> None:
        kinds = FAMILIES.get(self.family)
        if kinds is None:
            raise SetupError(f"unknown contract family {self.family!r}: use "
                             f"{' or '.join(FAMILIES)}")
        k = kinds.get(self.kind)
        if k is None:
            raise SetupError(f"unknown contract {self.kind!r} (RULES R)")
        if k.trump != (self.trump is not None):
            need = "needs a trump suit" if k.trump else "has no trump suit"
            raise SetupError(f"contract {self.kind} {need} (RULES R)")
        if k.needs_start != (self.start is not None) or (
                self.start is not None and self.start not in k.starts):
            need = (f"needs a start, {' or '.join(k.starts)}" if k.needs_start else
                    "takes no start direction")
            raise SetupError(f"contract {self.kind} {need} (RULES R)")
        if k.needs_variant != (self.variant is not None) or (
                self.variant is not None and self.variant not in k.variants):
            need = (f"needs one of {', '.join(k.variants)}" if k.needs_variant else
                    "takes no variant")
            raise SetupError(f"contract {self.kind} {need} (RULES J)")

    @property
    def info(self) -> ContractKind:
        return FAMILIES[self.family][self.kind]

    @property
    def spelling(self) -> str:
        """The record's spelling (RECORD ``picking``): ``trump(H)``, ``slalom(high)``, ``under``."""
        trump = self.trump.letter if self.trump is not None else None
        params = [p for p in (trump, self.start, self.variant) if p]
        return f"{self.kind}({','.join(params)})" if params else self.kind

    def __str__(self) -> str:
        return self.spelling

    @property
    def title(self) -> str:
        """A readable name: ``Trump (Hearts)``, ``Slalom (start high)``; Jass: Swiss suits."""
        params = []
        if self.trump is not None:
            params.append(self.trump.swiss if self.family == JASS_FAMILY else
                          self.trump.plural.capitalize())
        if self.start is not None:
            params.append(f"start {self.start}")
        if self.variant is not None:
            params.append(self.variant)
        return self.info.title + (f" ({', '.join(params)})" if params else "")

    @classmethod
    def parse(cls, text: str, family: str = CTJ_FAMILY) -> Contract:
        """Parse a contract spelling such as ``trump(S)``, ``under``, ``trump-pyramid(S,low)``
        (``family="jass"``: ``obenabe``, ``slalom(undenufe)``, ``3x3(tou)``, ...)."""
        kinds = FAMILIES.get(family, KINDS)
        m = _CONTRACT_RE.match(text.strip()) if isinstance(text, str) else None
        if m is None or m.group(1) not in kinds:
            raise SetupError(f"unknown contract {text!r} (RULES R)")
        kind = kinds[m.group(1)]
        params = [p.strip() for p in m.group(2).split(",")] if m.group(2) else []
        trump = None
        start = None
        variant = None
        try:
            if kind.trump:
                trump = Suit.parse(params.pop(0)) if params else None
            if kind.needs_start:
                start = params.pop(0) if params else None
            if kind.needs_variant:
                variant = params.pop(0) if params else None
        except ValueError:
            raise SetupError(f"bad parameters in contract {text!r} (RULES R)") from None
        if params:
            raise SetupError(f"too many parameters in contract {text!r} (RULES R)")
        return cls(kind.name, trump, start, variant, family)

    def trick_rules(self, n_tricks: int,
                    options: frozenset[str] = frozenset()) -> tuple[TrickRule, ...]:
        """The :class:`~chaitea.core.tricks.TrickRule` of each trick of a round of ``n_tricks``
        tricks; ``options`` names value options in force (``undenufe-six``). Cached.

        >>> undenufe = Contract.parse("undenufe", family="jass")
        >>> r = undenufe.trick_rules(9, frozenset({"undenufe-six"}))
        >>> r[0].values.name, r[0].plain_order.value
        ('jass-undenufe-6', 'under')
        """
        return _trick_rules(self, n_tricks, options)

    def schedule(self, n_tricks: int) -> tuple[Order, ...]:
        """The rank order of each trick of a round of ``n_tricks`` tricks (Slalom alternates;
        Pyramid is ceil(n/2) tricks one way and the rest the other, D3)."""
        return tuple(r.plain_order for r in _trick_rules(self, n_tricks, frozenset()))

    def order_for(self, trick_index: int, n_tricks: int) -> Order:
        return self.schedule(n_tricks)[trick_index]


def _directions(c: Contract, n: int) -> Sequence[Order | None]:
    """The plain order of each trick (``None``: a trump trick of TUO or 3x3)."""
    k = c.info
    base = k.base
    if base in ("over", "under", "middle"):
        return [Order(base)] * n
    if base == "thirds":
        seq = c.variant or k.sequence
        sizes = [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
        return [_THIRDS[letter] for letter, size in zip(seq, sizes, strict=True)
                for _ in range(size)]
    first = _STARTS[c.start or "high"]
    if base == "slalom":
        return [first if i % 2 == 0 else first.flipped() for i in range(n)]
    half = math.ceil(n / 2) if base == "pyramid" else min(n, int(c.variant or 0))
    return [first] * half + [first.flipped()] * (n - half)


@cache
def _trick_rules(c: Contract, n: int, options: frozenset[str]) -> tuple[TrickRule, ...]:
    k = c.info
    values = values_named(k.values)
    plain_values = values_named(k.plain_values) if k.plain_values else values
    for name, table in k.options:
        if name in options:
            values = plain_values = values_named(table)
    setting = k.setting or (TrumpSetting.FIXED if k.trump else TrumpSetting.NONE)
    suit = int(c.trump) if c.trump is not None and setting is TrumpSetting.FIXED else -1
    out = []
    for order in _directions(c, n):
        if k.base == "thirds" and order is not None:  # a no-trump third of TUO or 3x3
            out.append(TrickRule(TrumpSetting.NONE, -1, order, order, plain_values))
        else:
            plain = order or Order.OVER
            out.append(TrickRule(setting, suit, k.trump_order or plain, plain, values))
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
    rule = contract.trick_rules(n_tricks)[trick_index]
    plain = rank_strength(rule.plain_order, deck.ranks)
    strong = rank_strength(rule.trump_order, deck.ranks)
    led_suit = Suit.parse(led) if isinstance(led, str) else led
    trump = Suit(rule.trump) if rule.trump >= 0 else None
    suits: list[Suit] = []
    if trump is not None:
        suits.append(trump)
    if led_suit is not None and led_suit not in suits:
        suits.append(led_suit)
    if led_suit is None:
        suits += [s for s in Suit if s not in suits]
    out = [c for c in deck.cards if c.is_joker]
    for s in suits:
        rs = strong if s == trump else plain
        out += sorted((c for c in deck.cards if c.suit == s), key=lambda c: (-rs[c.rank], c.copy))
    return out


def trick_winner(
    contract: Contract,
    trick_index: int,
    cards: Sequence[Card | str],
    deck: Deck,
    n_tricks: int = 12,
    *,
    trump: Suit | None = None,
) -> TrickResult:
    """The strongest card of a (possibly partial) trick under ``contract`` at ``trick_index``.

    ``cards`` are in play order; strings are read in the context of ``deck``. ``trump`` is the
    suit a player chose (3x3) or an earlier trick set (Tutti), where the contract's rule needs it.
    """
    rule = contract.trick_rules(n_tricks)[trick_index]
    return trick_result(rule, cards, deck, -1 if trump is None else int(trump))
