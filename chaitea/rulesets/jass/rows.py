"""Coiffeur-Schieber and Coiffeur rows as data (RULES J, the text).

A layout is data: its rows (each with its value, the pick spellings that fill it, Joker or
Misère), who the sides are, how a row is scored and how many hands the game has. Three-player
Coiffeur-Schieber has ten rows and the match row::

    >>> [(r.key, r.value) for r in COIFFEUR_SCHIEBER_3.rows][:6]
    [('acorns', 1), ('roses', 1), ('shields', 1), ('bells', 1), ('obenabe', 2), ('undenufe', 2)]
    >>> COIFFEUR_SCHIEBER_3.hands, len(COIFFEUR_SCHIEBER_3.rows)
    (30, 10)

The scores are written on a :class:`chaitea.rulesets.jass.pad.RowsPad`, in Palitos and Batatas
(:mod:`chaitea.rulesets.jass.tallies`) or multiplied (four players).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from chaitea.core.errors import SetupError

__all__ = [
    "COIFFEUR",
    "COIFFEUR_CONTRACTS",
    "COIFFEUR_SCHIEBER_3",
    "COIFFEUR_SCHIEBER_4",
    "RIESENSLALOM_CHOICES",
    "THREE_BY_THREE_CHOICES",
    "MatchRow",
    "Row",
    "RowScoring",
    "RowsLayout",
    "coiffeur_schieber_3",
    "coiffeur_schieber_4",
]


class RowScoring(enum.Enum):
    """How a complete row is scored: Palitos and Batatas by the row's value (3-player
    Coiffeur-Schieber, Coiffeur), or points // 10 × the row's multiplier (4-player
    Coiffeur-Schieber), the text."""

    TALLIES = "tallies"
    MULTIPLIED = "multiplied"


class MatchRow(enum.Enum):
    """The match row in Misère (a reading; the text is silent): ``INVERTED`` (default: a forehand
    without a trick earns what a Match earns elsewhere, and a Match what no trick earns),
    ``NORMAL``, or ``NONE`` (no match-row entry in Misère)."""

    INVERTED = "inverted"
    NORMAL = "normal"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a Coiffeur pad: ``key`` (``acorns``, ``joker#2``), its ``value`` (Palitos and
    Batatas per row, or its multiplier), the pick spellings that fill it (``contracts``; a Joker
    row replays a contract its side has completed), and ``lowest_wins`` (Misère)."""

    key: str
    label: str
    value: int
    contracts: tuple[str, ...] = ()
    joker: bool = False
    lowest_wins: bool = False


def _suit_rows(values: Sequence[int], order: str = "CSDH") -> list[Row]:
    names = {"C": ("acorns", "Acorns"), "S": ("roses", "Roses"), "D": ("shields", "Shields"),
             "H": ("bells", "Bells")}
    return [Row(names[s][0], names[s][1], v, (f"trump({s})",)) for s, v in zip(order, values,
                                                                               strict=True)]


def _modes(word: str) -> tuple[str, ...]:
    return (f"{word}(obenabe)", f"{word}(undenufe)")


#: The text's Coiffeur Riesenslalom: four or five tricks Obenabe then the rest Undenufe, or the
#: reverse; the spelling names the first mode and its number of tricks (9 tricks in all).
RIESENSLALOM_CHOICES: Mapping[str, tuple[str, ...]] = {
    "riesenslalom(obenabe,4)": ("obenabe",) * 4 + ("undenufe",) * 5,
    "riesenslalom(obenabe,5)": ("obenabe",) * 5 + ("undenufe",) * 4,
    "riesenslalom(undenufe,4)": ("undenufe",) * 4 + ("obenabe",) * 5,
    "riesenslalom(undenufe,5)": ("undenufe",) * 5 + ("obenabe",) * 4,
}
#: The text's Coiffeur 3x3: three tricks each of trump (the forehand's choice, a different suit
#: each trick), Obenabe and Undenufe, in one of six orders, spelled as the engine's contracts
#: (``t`` trump, ``o`` Obenabe, ``u`` Undenufe, in the text's order of the six).
_THIRDS = {"t": "trump", "o": "obenabe", "u": "undenufe"}
THREE_BY_THREE_CHOICES: Mapping[str, tuple[str, ...]] = {
    f"3x3({p})": tuple(_THIRDS[x] for x in p for _ in range(3))
    for p in ("tou", "tuo", "otu", "out", "uto", "uot")
}
_TUO = tuple(f"tuo({s})" for s in "CDHS")

_SLALOM = Row("slalom", "Slalom", 2, _modes("slalom"))
_GUSTAV = Row("gustav", "Gustav", 3, _modes("gustav"))
_OBENABE = Row("obenabe", "Obenabe", 2, ("obenabe",))
_UNDENUFE = Row("undenufe", "Undenufe", 2, ("undenufe",))


def _joker(n: int, value: int) -> Row:
    return Row("joker" if n == 1 else f"joker#{n}", "Joker", value, (), joker=True)


@dataclass(frozen=True, slots=True)
class RowsLayout:
    """A Coiffeur game's pad as data: rows, sides (``teams``: seats {0,2} and {1,3}), the row
    scoring, the match row, and the number of hands (each side plays each row once).

    >>> COIFFEUR_SCHIEBER_4.sides, COIFFEUR_SCHIEBER_4.hands, COIFFEUR_SCHIEBER_4.side_of(3)
    (2, 16, 1)
    >>> COIFFEUR.hands, COIFFEUR.row("misere").lowest_wins
    (48, True)
    """

    name: str
    rows: tuple[Row, ...]
    players: int
    teams: bool = False
    scoring: RowScoring = RowScoring.TALLIES
    match_row: bool = True
    misere_match: MatchRow = MatchRow.INVERTED
    index: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {r.key: i for i, r in enumerate(self.rows)})

    @property
    def sides(self) -> int:
        return 2 if self.teams else self.players

    @property
    def hands(self) -> int:
        """Hands in a game: each side picks each row once (the text: 30, 32 or 16, 48, 40)."""
        return len(self.rows) * self.sides

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def labels(self) -> dict[str, str]:
        """Each row's name in words, by key, as a pad writes it; a second Joker row is
        "Joker 2", and the match row (``match``) is "Match".

        >>> labels = COIFFEUR_SCHIEBER_3.labels()
        >>> labels["bells"], labels["joker"], labels["joker#2"], labels["match"]
        ('Bells', 'Joker', 'Joker 2', 'Match')
        """
        out: dict[str, str] = {}
        seen: dict[str, int] = {}
        for r in self.rows:
            seen[r.label] = seen.get(r.label, 0) + 1
            out[r.key] = r.label if seen[r.label] == 1 else f"{r.label} {seen[r.label]}"
        if self.match_row:
            out["match"] = "Match"
        return out

    def row(self, key: str) -> Row:
        """The row called ``key``; a :class:`SetupError` lists the rows if there is none."""
        i = self.index.get(key)
        if i is None:
            raise SetupError(f"{self.name} has no row {key!r}: its rows are "
                             f"{', '.join(self.index)} (RULES J)")
        return self.rows[i]

    @property
    def contract_rows(self) -> tuple[Row, ...]:
        """The rows that are not Jokers (a Joker replays one of them; the end's tie-break draws
        one of them)."""
        return tuple(r for r in self.rows if not r.joker)


def coiffeur_schieber_3(*, tuo: bool = False, tuo_replaces_joker: bool = False) -> RowsLayout:
    """Three-player Coiffeur-Schieber: Acorns, Roses, Shields, Bells 1; Obenabe, Undenufe,
    Slalom 2; Gustav 3; two Jokers 3; the match row; 30 hands (the text). Options: TUO (3) as an
    eleventh row (33 hands), or in place of the second Joker.

    >>> coiffeur_schieber_3(tuo=True).hands, coiffeur_schieber_3(tuo_replaces_joker=True).hands
    (33, 30)
    """
    rows = _suit_rows((1, 1, 1, 1)) + [_OBENABE, _UNDENUFE, _SLALOM, _GUSTAV]
    if tuo or tuo_replaces_joker:
        rows.append(Row("tuo", "TUO", 3, _TUO))
    rows.append(_joker(1, 3))
    if not tuo_replaces_joker:
        rows.append(_joker(2, 3))
    return RowsLayout("coiffeur-schieber", tuple(rows), 3)


def coiffeur_schieber_4(*, teams: bool = True, extra: Sequence[str] = (),
                        tallies: bool = False) -> RowsLayout:
    """Four-player Coiffeur-Schieber (RULES J): Acorns 1, Roses 2, Shields 3, Bells 4, Obenabe 5,
    Undenufe 6, Jokers 7 and 8; each side's points // 10 × the multiplier; no Palitos, no match
    row. The text's Slalom, Gustav, TUO (``extra``) come right after Undenufe, each shifting the
    Jokers by one. ``teams`` (default, a reading): pairs {0,2} and {1,3}, 16 hands; individual:
    32. ``tallies`` (the text's "as the 3-player version"): four individuals, the ten rows (TUO
    with ``extra=("tuo",)``), Palitos and Batatas, 40 hands (44).

    >>> [(r.key, r.value) for r in coiffeur_schieber_4(extra=("slalom",)).rows][5:]
    [('undenufe', 6), ('slalom', 7), ('joker', 8), ('joker#2', 9)]
    >>> coiffeur_schieber_4(teams=False).hands, coiffeur_schieber_4(tallies=True).hands
    (32, 40)
    """
    known = {"slalom": _SLALOM, "gustav": _GUSTAV, "tuo": Row("tuo", "TUO", 3, _TUO)}
    unknown = [e for e in extra if e not in known]
    if unknown or len(set(extra)) != len(extra):
        raise SetupError(f"extra rows are slalom, gustav and tuo, each once, not {list(extra)}"
                         " (RULES J)")
    if tallies:
        three = coiffeur_schieber_3(tuo="tuo" in extra)
        return replace(three, players=4, teams=False)
    added = [e for e in ("slalom", "gustav", "tuo") if e in extra]  # the text's order
    rows = _suit_rows((1, 2, 3, 4))
    rows += [replace(_OBENABE, value=5), replace(_UNDENUFE, value=6)]
    rows += [replace(known[e], value=7 + i) for i, e in enumerate(added)]
    rows += [_joker(1, 7 + len(added)), _joker(2, 8 + len(added))]
    return RowsLayout("coiffeur-schieber", tuple(rows), 4, teams=teams,
                      scoring=RowScoring.MULTIPLIED, match_row=False)


#: Coiffeur's twelve contracts (the text): the four suits 1, Obenabe, Undenufe, Slalom 2, one
#: Joker 3, Misère 2 (the lowest forehand wins the row), Tutti 2 (trump set by the first player
#: who cannot follow), Riesenslalom 2 (four choices), 3x3 3 (six choices).
COIFFEUR_CONTRACTS: tuple[Row, ...] = tuple(
    _suit_rows((1, 1, 1, 1), "CDSH")
    + [_OBENABE, _UNDENUFE, _SLALOM, _joker(1, 3),
       Row("misere", "Misère", 2, ("misere",), lowest_wins=True),
       Row("tutti", "Tutti", 2, ("tutti",)),
       Row("riesenslalom", "Riesenslalom", 2, tuple(RIESENSLALOM_CHOICES)),
       Row("3x3", "3x3", 3, tuple(THREE_BY_THREE_CHOICES))]
)

COIFFEUR_SCHIEBER_3 = coiffeur_schieber_3()
COIFFEUR_SCHIEBER_4 = coiffeur_schieber_4()
COIFFEUR = RowsLayout("coiffeur", COIFFEUR_CONTRACTS, 4)
