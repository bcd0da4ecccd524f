"""Seatings, contract rows and setups: rules as data (RULES P, B, S; RECORD ``setup``).

A :class:`~chaitea.core.seating.Seating` (from :mod:`chaitea.core.seating`, re-exported here) says
how a player count plays: hand size, teams, Bet Debt step, last-trick bonus.
A :class:`Setup` is the list of rows on the Paper Pad; each :class:`Row` has a kind (which contracts
a pick of it may play), a value in game points, and the Avoidance and meta flags.

>>> s = parse_setup("standard")
>>> [(r.key, r.value) for r in s.rows]  # D10
[('trump', 1), ('under', 2), ('slalom', 2), ('joker', 3)]
>>> s.rows[3].spellings[:3]
('joker=trump(C)', 'joker=trump(D)', 'joker=trump(H)')
>>> SEATINGS[4].step, SEATINGS[4].max_debt, SEATINGS[4].teams
(3, 33, ((0, 2), (1, 3)))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from chaitea.core.cards import Suit
from chaitea.core.contracts import Contract
from chaitea.core.errors import SetupError
from chaitea.core.markup import quote
from chaitea.core.seating import MAX_BET_DEBT, SEATINGS, Seating

__all__ = [
    "MAX_BET_DEBT",
    "NAMED_SETUPS",
    "ROW_KINDS",
    "SEATINGS",
    "Row",
    "RowKind",
    "Seating",
    "Setup",
    "parse_setup",
]

MAX_ROWS = 64  # rows of a custom setup: a pad longer than any game, and one bit each in a mask
MAX_ROW_VALUE = 1_000_000  # game points of a row (the rulebook's are 1 to 3)


@dataclass(frozen=True)
class RowKind:
    """A kind of row: the pick spellings it accepts and the contract each plays (RECORD)."""

    name: str
    title: str
    choices: tuple[tuple[str, Contract], ...]


def _kinds() -> dict[str, RowKind]:
    suits = list(Suit)
    kinds: list[RowKind] = [
        RowKind("trump", "Trump",
                tuple((f"trump({s.letter})", Contract("trump", s)) for s in suits))
    ]
    for s in suits:
        kinds.append(
            RowKind(f"{s.plural}-trump", f"{s.plural.capitalize()} Trump",
                    ((f"{s.plural}-trump", Contract("trump", s)),))
        )
    colours = (("black", (Suit.CLUBS, Suit.SPADES)), ("red", (Suit.DIAMONDS, Suit.HEARTS)))
    for name, colour in colours:
        kinds.append(
            RowKind(f"{name}-trump", f"{name.capitalize()} Suit Trump",
                    tuple((f"{name}-trump({s.letter})", Contract("trump", s)) for s in colour))
        )
    for name in ("over", "under", "middle"):
        kinds.append(RowKind(name, name.capitalize(), ((name, Contract(name)),)))
    starts = ("high", "low")
    for name in ("slalom", "pyramid"):
        kinds.append(RowKind(name, name.capitalize(),
                             tuple((f"{name}({st})", Contract(name, None, st)) for st in starts)))
    kinds.append(
        RowKind("slalom/pyramid", "Slalom/Pyramid",
                tuple((f"{k}({st})", Contract(k, None, st)) for k in ("slalom", "pyramid")
                      for st in starts))
    )
    for name in ("trump-under", "trump-middle"):
        kinds.append(RowKind(name, name.replace("-", " ").title(),
                             tuple((f"{name}({s.letter})", Contract(name, s)) for s in suits)))
    for name in ("trump-slalom", "trump-pyramid"):
        kinds.append(
            RowKind(name, name.replace("-", " ").title(),
                    tuple((f"{name}({s.letter},{st})", Contract(name, s, st)) for s in suits
                          for st in starts))
        )
    kinds.append(RowKind("joker", "Joker", ()))  # its choices come from the setup's other rows
    return {k.name: k for k in kinds}


ROW_KINDS: dict[str, RowKind] = _kinds()
METAS = (None, "second-place")


@dataclass(frozen=True)
class Row:
    """One row of the Paper Pad: a kind, its value in game points, Avoidance, meta (RULES S).

    ``key`` is the pad key of RECORD (``trump``, ``avoidance-over``, ``joker#2``); ``spellings``
    and ``contracts`` are the picks that fill it and what each plays.
    """

    kind: str
    value: int
    avoidance: bool = False
    meta: str | None = None
    key: str = ""
    spellings: tuple[str, ...] = ()
    contracts: tuple[Contract, ...] = ()

    @property
    def is_joker(self) -> bool:
        return self.kind == "joker"

    @property
    def title(self) -> str:
        t = ROW_KINDS[self.kind].title
        return f"Avoidance ({t})" if self.avoidance else t

    def contract_of(self, spelling: str) -> Contract:
        return self.contracts[self.spellings.index(spelling)]


@dataclass(frozen=True)
class Setup:
    """The rows of a game, in pad order (RULES S, D10, D14). Build with :func:`parse_setup`."""

    name: str
    rows: tuple[Row, ...]
    joker_aliases: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def spec(self) -> str | list[dict[str, Any]]:
        """The record's ``setup`` value for this setup."""
        if self.name != "custom":
            return self.name
        out: list[dict[str, Any]] = []
        for r in self.rows:
            d: dict[str, Any] = {"row": r.kind, "value": r.value}
            if r.avoidance:
                d["avoidance"] = True
            if r.meta:
                d["meta"] = r.meta
            out.append(d)
        return out


_NAMED: dict[str, list[tuple[str, int]]] = {
    "standard": [("trump", 1), ("under", 2), ("slalom", 2), ("joker", 3)],  # D10
    "short": [("trump", 1), ("slalom/pyramid", 2)],  # D14
    "long": [("black-trump", 1), ("red-trump", 1), ("under", 2), ("over", 2), ("slalom", 2),
             ("pyramid", 2), ("joker", 3), ("joker", 3), ("joker", 3)],  # D14
}
NAMED_SETUPS = tuple(_NAMED)


def _row_from_json(item: object, i: int) -> tuple[str, int, bool, str | None]:
    where = f"setup row {i + 1}"
    if not isinstance(item, dict):
        raise SetupError(f"{where} must be an object like {{\"row\": \"under\", \"value\": 2}}")
    unknown = set(item) - {"row", "value", "avoidance", "meta"}
    if unknown:
        raise SetupError(f"{where}: unknown field {quote(sorted(unknown)[0])} (RECORD setup)")
    name = item.get("row")
    value = item.get("value")
    avoid = item.get("avoidance", False)
    meta = item.get("meta")
    if not isinstance(name, str):
        raise SetupError(f"{where}: 'row' must be a row name such as \"under\" (RECORD setup)")
    if name.startswith("avoidance-"):
        name, avoid = name[len("avoidance-"):], True if avoid in (True, False) else avoid
    if name not in ROW_KINDS:
        raise SetupError(f"{where}: unknown row {quote(item.get('row'))} (RECORD setup row names)")
    if type(value) is not int or not 0 <= value <= MAX_ROW_VALUE:
        raise SetupError(f"{where}: 'value' must be a non-negative integer of at most "
                         f"{MAX_ROW_VALUE:,}, not {quote(value)} (RECORD setup)")
    if type(avoid) is not bool:
        raise SetupError(f"{where}: 'avoidance' must be true or false (RECORD setup)")
    if meta not in METAS:
        raise SetupError(f"{where}: unknown meta {quote(meta)}; use \"second-place\" or null "
                         "(RECORD)")
    return name, value, avoid, meta


def parse_setup(spec: object) -> Setup:
    """A setup from its record form: ``standard``, ``short``, ``long`` or a list of row objects.

    Custom rows: ``{"row": "over", "value": 2, "avoidance": true, "meta": "second-place"}``;
    ``avoidance-over`` is the same as ``over`` with ``"avoidance": true``.
    """
    items: Sequence[tuple[str, int, bool, str | None]]
    if isinstance(spec, str):
        if spec not in _NAMED:
            raise SetupError(f"unknown setup {quote(spec)}: use standard, short, long or a list of "
                             "rows")
        items = [(k, v, False, None) for k, v in _NAMED[spec]]
        name = spec
    elif isinstance(spec, list):
        if not spec:
            raise SetupError("a custom setup needs at least one row (RECORD setup)")
        if len(spec) > MAX_ROWS:  # refused before any row is read
            raise SetupError(f"a custom setup has at most {MAX_ROWS} rows, not {len(spec):,} "
                             "(RECORD setup)")
        items = [_row_from_json(item, i) for i, item in enumerate(spec)]
        name = "custom"
    else:
        raise SetupError("setup must be \"standard\", \"short\", \"long\" or a list of rows")
    if all(k == "joker" for k, *_ in items):
        raise SetupError("a setup needs at least one row that is not a Joker (RULES B)")
    if any(k == "joker" and avoid for k, _, avoid, _ in items):
        raise SetupError("a Joker row cannot be an Avoidance row (RECORD setup)")
    # The contracts a Joker may name: every contract another row of the setup plays (RULES B).
    joker_contracts: list[Contract] = []
    for kind, *_ in items:
        for _sp, c in ROW_KINDS[kind].choices:
            if c not in joker_contracts:
                joker_contracts.append(c)
    # Any row spelling names its contract after "joker=" (RECORD: an alias, e.g.
    # joker=black-trump(C) for joker=trump(C)); the contract must still be one the Joker may play.
    aliases = {f"joker={sp}": f"joker={c.spelling}" for k in ROW_KINDS.values()
               for sp, c in k.choices}
    rows = []
    seen: dict[str, int] = {}
    for kind, value, avoid, meta in items:
        base = f"avoidance-{kind}" if avoid else kind
        seen[base] = seen.get(base, 0) + 1
        key = base if seen[base] == 1 else f"{base}#{seen[base]}"
        if kind == "joker":
            contracts = tuple(joker_contracts)
            spellings = tuple(f"joker={c.spelling}" for c in contracts)
        else:
            choices = ROW_KINDS[kind].choices
            prefix = "avoidance-" if avoid else ""
            spellings = tuple(prefix + sp for sp, _ in choices)
            contracts = tuple(c for _, c in choices)
        rows.append(Row(kind, value, avoid, meta, key, spellings, contracts))
    return Setup(name, tuple(rows), aliases)
