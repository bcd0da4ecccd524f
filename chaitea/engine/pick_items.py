"""The Jass games' picking items as values (RULES J; RECORD Jass ``picking``): a spelling is
parsed once into a typed, frozen, hashable item, and the choice phases, the scoring parts, the
bots and the coach ask the item instead of reading the string again.

The items, each ``str()``-ing to exactly its record spelling:

- :class:`Choose`: a contract, as spelled (``trump(H)``, ``obenabe``, ``3x3(tou)``, a table's
  alias such as Coiffeur's ``misere``), ``joker=True`` when a Joker row replays it
  (``joker=<contract>``); ``value`` is the :class:`~chaitea.core.contracts.Contract` the spelling
  names (``None`` for an alias, which the table plays as another contract; a modifier around a
  contract, Sidi Barrani's ``misere(trump(C))``, is such an alias: :func:`wrapped_contract`
  answers the contract it wraps), ``names_trumps``
  whether its picker then names the trump of its chosen-trump tricks (3x3).
- :class:`Push` (Schieber's ``push``) and :class:`~chaitea.engine.actions.Pass` (``pass``, the
  same value as Chai Tea Jazz's).
- :class:`NameTrump`: after a contract that names trumps, a suit named, ``trump(X)``.
- :class:`Declare`: a Weis declared by hand, ``weis(<cards>)``, or ``noweis`` (no cards).

- :class:`Guess` (``guess(N)``: a player's guess of their points, Differenzler),
  :class:`Bid` (``bid(N)``: tricks bid in an auction, Sticheln), :class:`Announce`
  (``announce(N)``: tricks announced, Sticheln) and :class:`Double` (``double``: the opponents
  double after the choice, Sidi Barrani): the items of the rulesets to come (RECORD's Jass
  section, "one lowercase word or word(args) per action"), typed now so that their phases,
  scoring parts and bots read values from the start.

>>> item = parse_pick("joker=3x3(tou)")
>>> item, item.contract, item.joker, item.names_trumps, str(item)
(Choose(contract='3x3(tou)', joker=True), '3x3(tou)', True, True, 'joker=3x3(tou)')
>>> pick_items(["pass", "3x3(uto)", "trump(S)"])
(Pass(), Choose(contract='3x3(uto)', joker=False), NameTrump(suit=<Suit.SPADES: 3>))
>>> parse_pick("weis(KS,QS,JS)").cards, parse_pick("noweis") == NOWEIS_ITEM
(('KS', 'QS', 'JS'), True)
>>> parse_pick("guess(48)"), parse_pick("bid(3)").tricks, str(Double()), str(Announce(0))
(Guess(points=48), 3, 'double', 'announce(0)')
>>> try:
...     parse_pick("trump(hearts)")
... except IllegalPick as e:
...     print(e)
'trump(hearts)' is no picking item: the contract is written trump(H); RULES J, RECORD Jass picking
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from chaitea.core.cards import Suit
from chaitea.core.contracts import JASS_FAMILY, JASS_KINDS, Contract
from chaitea.core.errors import IllegalPick, SetupError
from chaitea.core.markup import quote
from chaitea.core.tricks import TrumpSetting
from chaitea.engine.actions import Pass

__all__ = [
    "NOWEIS_ITEM", "PASS_ITEM", "PUSH_ITEM", "Announce", "Bid", "Choose", "Declare", "Double",
    "Guess", "MalformedPick", "NameTrump",
    "Pass", "PickItem", "Push", "as_joker", "choice_of", "chosen", "contract_spelling",
    "legal_items", "parse_pick", "pick_items", "wrapped_contract",
]

_WHERE = "RULES J, RECORD Jass picking"


class MalformedPick(IllegalPick):
    """A spelling of no picking item's shape (RECORD Jass ``picking``); ``shape`` names the
    item it was read as (``weis``: it is written ``weis(...)``; ``contract``, ``joker``,
    ``trump``, ``item``)."""

    def __init__(self, message: str, shape: str) -> None:
        super().__init__(message)
        self.shape = shape


_SHAPE = re.compile(r"[a-z0-9][a-z0-9-]*(?:\((?:[A-Za-z0-9,]+|[a-z0-9][a-z0-9-]*\([A-Za-z0-9,]+"
                    r"\))\))?", re.ASCII)
#: a modifier word around a contract, ``word(<contract>)`` (Sidi Barrani's ``misere(trump(C))``)
_WRAPPED = re.compile(r"([a-z][a-z-]*)\((.+)\)", re.ASCII)
MAX_SPELLING = 64  # the longest contract, riesenslalom(undenufe,4), has 24 characters


def _contract_value(text: str, spelling: str) -> Contract | None:
    """The Jass contract a contract spelling names; ``None`` for an alias word (a table's own,
    e.g. Coiffeur's ``misere``); a :class:`MalformedPick` for anything else."""
    if not isinstance(text, str) or text in _WORDS or text.startswith(("joker=", "weis(")) \
            or len(text) > MAX_SPELLING or not _SHAPE.fullmatch(text):
        what = "a Joker row names a contract, joker=<contract>" if spelling != text else (
            "write a contract (trump(H), obenabe, slalom(obenabe), ...), joker=<contract>, "
            "push, pass, noweis or weis(<cards>)")
        raise MalformedPick(f"{quote(spelling)} is no picking item: {what}; {_WHERE}",
                            "joker" if spelling != text else "contract")
    try:
        c = Contract.parse(text, family=JASS_FAMILY)
    except SetupError as e:
        if wrapped_contract(text) is not None:
            return None  # a modifier around a contract, an alias the table plays (play_as)
        if "(" in text or text in JASS_KINDS:  # a contract of the family, badly written
            raise MalformedPick(f"{quote(spelling)} is no picking item: {e}; {_WHERE}",
                                "contract") from None
        return None  # an alias the table plays as a contract (Table.play_as)
    if c.spelling != text:
        raise MalformedPick(f"{quote(spelling)} is no picking item: the contract is written "
                            f"{c.spelling}; {_WHERE}", "contract")
    return c


def wrapped_contract(text: str) -> Contract | None:
    """The contract a modifier spelling ``word(<contract>)`` wraps (Sidi Barrani's Misère,
    ``misere(trump(C))``: played in the mode of ``trump(C)``); ``None`` for any other spelling.
    The word is no contract kind of the family, and the contract is written as the record
    writes it.

    >>> wrapped_contract("misere(slalom(obenabe))").spelling, wrapped_contract("trump(C)")
    ('slalom(obenabe)', None)
    """
    m = _WRAPPED.fullmatch(text) if isinstance(text, str) else None
    if m is None or m.group(1) in JASS_KINDS:
        return None
    try:
        c = Contract.parse(m.group(2), family=JASS_FAMILY)
    except SetupError:
        return None
    return c if c.spelling == m.group(2) else None


@dataclass(frozen=True)
class Choose:
    """A contract chosen, by its spelling as played (``trump(H)``; an alias such as ``misere``);
    ``joker``: a Joker row replays it (RECORD ``joker=<contract>``). ``value``: the contract
    the spelling names, ``None`` for an alias (the table plays it as another, ``play_as``)."""

    contract: str
    joker: bool = False
    value: Contract | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.joker) is not bool:
            raise MalformedPick(f"Choose.joker must be True or False, not {quote(self.joker)}",
                                "joker")
        spelling = f"joker={self.contract}" if self.joker else self.contract
        object.__setattr__(self, "value", _contract_value(self.contract, spelling))

    @property
    def names_trumps(self) -> bool:
        """Whether the picker names trump suits after the pick: a contract with tricks whose
        trump the picker chooses (3x3, RULES J Coiffeur)."""
        return self.value is not None and self.value.info.setting is TrumpSetting.CHOSEN

    def __str__(self) -> str:
        return f"joker={self.contract}" if self.joker else self.contract


@dataclass(frozen=True)
class Push:
    """Schieber's push: the partner chooses (RULES J)."""

    def __str__(self) -> str:
        return "push"


@dataclass(frozen=True)
class NameTrump:
    """A trump suit named after a contract that names trumps (3x3: one per trump trick, a
    different suit each, RULES J Coiffeur), ``trump(X)``."""

    suit: Suit

    def __post_init__(self) -> None:
        if type(self.suit) is not Suit:
            raise MalformedPick(f"NameTrump.suit must be a Suit (Suit.HEARTS), not "
                                f"{quote(self.suit)}", "trump")

    def __str__(self) -> str:
        return f"trump({self.suit.letter})"


_CARD = re.compile(r"(?:[6-9]|10|[JQKA])[CDHS]", re.ASCII)


@dataclass(frozen=True)
class Declare:
    """A Weis declared by hand (RULES J option ``declare``): its cards, highest first, without
    the double deck's copy mark (``weis(KS,QS,JS)``); no cards: ``noweis``."""

    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        cards = self.cards
        if not (type(cards) is tuple and (not cards or 3 <= len(cards) <= 9)
                and all(isinstance(c, str) and _CARD.fullmatch(c) for c in cards)):
            raise MalformedPick(f"{quote(self.spelling_of(cards))} is no declaration: write "
                                "weis(<cards>), 3 to 9 cards such as KS or 10H, highest first, "
                                f"comma-separated, or noweis; {_WHERE}", "weis")

    @staticmethod
    def spelling_of(cards: object) -> object:
        if type(cards) is tuple and all(isinstance(c, str) for c in cards):
            return "weis(" + ",".join(cards) + ")" if cards else "noweis"
        return cards

    @property
    def weis(self) -> bool:
        """Whether a Weis is declared (not ``noweis``)."""
        return bool(self.cards)

    def __str__(self) -> str:
        return "weis(" + ",".join(self.cards) + ")" if self.cards else "noweis"


def _count(value: object, name: str, word: str) -> None:
    if type(value) is not int or value < 0:
        raise MalformedPick(f"{word}({quote(value)}) is no picking item: {word}(N) takes a whole "
                            f"number of at least 0 ({name}); {_WHERE}", word)


@dataclass(frozen=True)
class Guess:
    """A player's guess of the card points they will take (Differenzler), ``guess(N)``."""

    points: int

    def __post_init__(self) -> None:
        _count(self.points, "points", "guess")

    def __str__(self) -> str:
        return f"guess({self.points})"


@dataclass(frozen=True)
class Bid:
    """Tricks bid in an auction (Sticheln), ``bid(N)``."""

    tricks: int

    def __post_init__(self) -> None:
        _count(self.tricks, "tricks", "bid")

    def __str__(self) -> str:
        return f"bid({self.tricks})"


@dataclass(frozen=True)
class Announce:
    """Tricks a player announces they will take (Sticheln), ``announce(N)``."""

    tricks: int

    def __post_init__(self) -> None:
        _count(self.tricks, "tricks", "announce")

    def __str__(self) -> str:
        return f"announce({self.tricks})"


@dataclass(frozen=True)
class Double:
    """The opponents double the contract just chosen (Sidi Barrani), ``double``."""

    def __str__(self) -> str:
        return "double"


PickItem = Choose | Push | Pass | NameTrump | Declare | Guess | Bid | Announce | Double

PUSH_ITEM = Push()
PASS_ITEM = Pass()
NOWEIS_ITEM = Declare()
_WORDS: dict[str, PickItem] = {"push": PUSH_ITEM, "pass": PASS_ITEM, "noweis": NOWEIS_ITEM,
                               "double": Double()}
_NAMED = re.compile(r"trump\(([CDHS])\)", re.ASCII)
_COUNTED = re.compile(r"(guess|bid|announce)\((0|[1-9][0-9]{0,3})\)", re.ASCII)
_COUNT_ITEMS: dict[str, type[Guess] | type[Bid] | type[Announce]] = {
    "guess": Guess, "bid": Bid, "announce": Announce}

_CACHE_SIZE = 4096  # the spellings of every game are a few hundred; hostile input is not kept
_ITEMS: dict[str, PickItem] = {}
_NAMING: dict[str, PickItem] = {}


def parse_pick(spelling: str, *, naming: bool = False) -> PickItem:
    """The item a picking spelling writes (cached). ``naming``: the item follows a contract
    that names trumps (:attr:`Choose.names_trumps`), so ``trump(X)`` names a suit
    (:class:`NameTrump`); elsewhere it chooses the trump contract. A spelling of no item's shape
    is refused with :class:`MalformedPick` (an :class:`~chaitea.core.errors.IllegalPick`)
    naming RULES J and RECORD; whether an item is legal now is the choice phase's question.

    >>> parse_pick("trump(C)"), parse_pick("trump(C)", naming=True)
    (Choose(contract='trump(C)', joker=False), NameTrump(suit=<Suit.CLUBS: 0>))
    >>> parse_pick("misere").value is None, parse_pick("obenabe").value
    (True, Contract(kind='obenabe', trump=None, start=None, variant=None, family='jass'))
    """
    cache = _NAMING if naming else _ITEMS
    try:
        return cache[spelling]
    except (KeyError, TypeError):  # not seen yet, or not a string at all
        pass
    item = _parse(spelling, naming)
    if len(cache) < _CACHE_SIZE:
        cache[spelling] = item
    return item


def _parse(spelling: str, naming: bool) -> PickItem:
    if not isinstance(spelling, str):
        raise MalformedPick(f"{quote(spelling)} is no picking item: a picking item is a string; "
                            f"{_WHERE}", "item")
    word = _WORDS.get(spelling)
    if word is not None:
        return word
    if naming:
        m = _NAMED.fullmatch(spelling)
        if m:
            return NameTrump(Suit("CDHS".index(m.group(1))))
    if spelling.startswith("weis(") and spelling.endswith(")"):
        return Declare(tuple(spelling[5:-1].split(",")))
    counted = _COUNTED.fullmatch(spelling)
    if counted:
        return _COUNT_ITEMS[counted.group(1)](int(counted.group(2)))
    if spelling.startswith(("guess(", "bid(", "announce(")):
        name = spelling.split("(", 1)[0]
        raise MalformedPick(f"{quote(spelling)} is no picking item: write {name}(N), N a whole "
                            f"number without leading zeros; {_WHERE}", name)
    if spelling.startswith("joker="):
        return Choose(spelling[6:], joker=True)
    return Choose(spelling)


def pick_items(items: Sequence[str]) -> tuple[PickItem, ...]:
    """A round's picking items as values, in order and in context: after a contract that names
    trumps (3x3) each ``trump(X)`` is a :class:`NameTrump`."""
    out: list[PickItem] = []
    naming = False
    for spelling in items:
        item = parse_pick(spelling, naming=naming)
        if type(item) is Choose:
            naming = item.names_trumps
        out.append(item)
    return tuple(out)


def chosen(items: Sequence[str]) -> Choose | None:
    """The contract chosen among a round's picking items, or ``None`` before the choice."""
    for spelling in items:
        item = parse_pick(spelling)
        if type(item) is Choose:
            return item
    return None


def legal_items(items: Sequence[str], legal: Sequence[str]) -> tuple[PickItem, ...]:
    """The spellings ``legal`` a seat may write after the round's ``items``, as values in their
    context (after a 3x3 pick: the suits it may name)."""
    c = chosen(items)
    naming = c is not None and c.names_trumps
    return tuple(parse_pick(s, naming=naming) for s in legal)


def choice_of(spelling: str) -> Choose | None:
    """The :class:`Choose` a spelling writes, ``None`` for another item (``push``, ``pass``,
    a declaration); a malformed spelling is refused (:class:`MalformedPick`)."""
    item = parse_pick(spelling)
    return item if type(item) is Choose else None


def contract_spelling(spelling: str) -> str:
    """The contract a pick plays, as spelled: ``joker=`` stripped (RECORD: ``joker=<contract>``
    plays the contract again). Any other item is refused (:class:`MalformedPick`).

    >>> contract_spelling("joker=trump(H)"), contract_spelling("slalom(obenabe)")
    ('trump(H)', 'slalom(obenabe)')
    """
    item = parse_pick(spelling)
    if type(item) is Choose:
        return item.contract
    raise MalformedPick(f"{quote(spelling)} is no contract: a contract such as trump(H) or "
                        f"joker=<contract> was expected; {_WHERE}", "contract")


_JOKERS: dict[str, str] = {}


def as_joker(contract: str) -> str:
    """The spelling of ``contract`` replayed in a Joker row, ``joker=<contract>`` (cached).

    >>> as_joker("undenufe")
    'joker=undenufe'
    """
    s = _JOKERS.get(contract)
    if s is None:
        s = str(Choose(contract, joker=True))
        if len(_JOKERS) < _CACHE_SIZE:
            _JOKERS[contract] = s
    return s
