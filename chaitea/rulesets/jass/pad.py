"""The Coiffeur pad: rows × sides, the match row, Palitos and Batatas, the end (RULES J).

The pad is a value: each hand written gives a new pad, so a game state can clone it freely.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from chaitea.core.errors import IllegalAction
from chaitea.engine.pick_items import as_joker, choice_of
from chaitea.rulesets.jass.rows import MatchRow, Row, RowScoring, RowsLayout
from chaitea.rulesets.jass.tallies import Tally, match_tallies, row_score, row_tallies

__all__ = ["Outcome", "RowsPad"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a Coiffeur game: ``finished``, the ``winner`` side (``None``: not finished, or
    a tie nothing broke), how it was decided (``reason``) and the rows drawn for a tie-break."""

    finished: bool
    winner: int | None
    reason: str = ""
    drawn: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RowsPad:
    """A Coiffeur pad: rows × sides (the forehand's row scores and the contracts played), the
    match row, and the seed of its "draw a card" tie-breaks (RULES J). A value: :meth:`write`
    returns a new pad.

    >>> from chaitea.rulesets.jass.rows import COIFFEUR_SCHIEBER_3
    >>> pad = RowsPad.empty(COIFFEUR_SCHIEBER_3, seed=5)
    >>> pad = pad.write("trump(H)", side=0, points=100, tricks=7, total_tricks=12)
    >>> pad = pad.write("trump(H)", side=1, points=40, tricks=3, total_tricks=12)
    >>> pad = pad.write("trump(H)", side=2, points=157, tricks=12, total_tricks=12)
    >>> pad.score("bells"), [str(t) for t in pad.row_tallies("bells")]
    ((100, 40, 257), ['0', '1B', '1P'])
    >>> [str(t) for t in pad.match], [str(t) for t in pad.tallies()]
    (['1B', '1B', '2P'], ['1B', '2B', '3P'])
    >>> "trump(H)" in pad.legal(0), "joker=trump(H)" in pad.legal(0), "trump(C)" in pad.legal(0)
    (False, True, True)
    """

    layout: RowsLayout
    scores: tuple[tuple[int | None, ...], ...]
    played: tuple[tuple[str | None, ...], ...]
    match: tuple[Tally, ...]
    seed: int = 0

    @classmethod
    def empty(cls, layout: RowsLayout, seed: int = 0) -> RowsPad:
        n = layout.sides
        blank_i: tuple[int | None, ...] = (None,) * n
        blank_s: tuple[str | None, ...] = (None,) * n
        return cls(layout, (blank_i,) * len(layout.rows), (blank_s,) * len(layout.rows),
                   (Tally(),) * n, seed)

    # ---------------------------------------------------------------- reading
    def score(self, key: str) -> tuple[int | None, ...]:
        return self.scores[self.layout.index[self.layout.row(key).key]]

    def is_open(self, key: str, side: int) -> bool:
        return self.score(key)[side] is None

    def open_rows(self, side: int) -> list[Row]:
        self._check_side(side)
        return [r for i, r in enumerate(self.layout.rows) if self.scores[i][side] is None]

    def legal(self, side: int) -> list[str]:
        """The pick spellings open to a side: every spelling of its open rows, and for an open
        Joker row ``joker=`` with each spelling of a row the side has completed (readings: a
        Joker replays a contract with its parameters chosen afresh; Misère is not replayed, so a
        Joker row is always scored highest-best)."""
        out: list[str] = []
        completed: list[str] = []
        for i, row in enumerate(self.layout.rows):
            if row.joker:
                continue
            if self.scores[i][side] is None:
                out += row.contracts
            elif not row.lowest_wins:
                completed += row.contracts
        if any(r.joker for r in self.open_rows(side)):
            out += [as_joker(c) for c in completed]
        return out

    def row_for(self, contract: str, side: int) -> Row:
        """The row a pick fills for a side, or an :class:`IllegalAction` saying why not."""
        self._check_side(side)
        pick = choice_of(contract)  # a malformed spelling is refused (RECORD Jass picking)
        if pick is not None and pick.joker:
            if contract not in self.legal(side):
                raise IllegalAction(f"{contract} refused: a Joker row replays a contract this "
                                    "side has completed (not Misère), while a Joker row is open"
                                    " (RULES J)")
            return next(r for r in self.open_rows(side) if r.joker)
        for row in self.layout.rows:
            if contract in row.contracts:
                if not self.is_open(row.key, side):
                    raise IllegalAction(f"{contract} refused: the {row.label} row is already "
                                        "written for this side (RULES J: each row once)")
                return row
        raise IllegalAction(f"{contract} refused: {self.layout.name} has no such contract; "
                            f"open: {', '.join(self.legal(side))} (RULES J)")

    @property
    def filled(self) -> int:
        return sum(s is not None for row in self.scores for s in row)

    @property
    def finished(self) -> bool:
        return self.filled == self.layout.hands

    def is_complete(self, key: str) -> bool:
        return all(s is not None for s in self.score(key))

    # ---------------------------------------------------------------- writing
    def write(self, contract: str, *, side: int, points: int, tricks: int,
              total_tricks: int) -> RowsPad:
        """Write one hand: ``side`` picked ``contract`` and took ``points`` (card points with the
        last-trick 5) in ``tricks`` of ``total_tricks``. The row score gets +100 for a Match and
        the match row its Palitos and Batatas. Refused with the pad unchanged if the row is not
        open to the side."""
        row = self.row_for(contract, side)
        i = self.layout.index[row.key]
        value = row_score(points, tricks=tricks, total_tricks=total_tricks)
        scores = list(self.scores)
        scores[i] = tuple(value if s == side else v for s, v in enumerate(scores[i]))
        played = list(self.played)
        played[i] = tuple(contract if s == side else v for s, v in enumerate(played[i]))
        match = self.match
        misere = row.lowest_wins
        if self.layout.match_row and not (misere and self.layout.misere_match is MatchRow.NONE):
            inverted = misere and self.layout.misere_match is MatchRow.INVERTED
            add = match_tallies(side, tricks=tricks, total_tricks=total_tricks,
                                sides=self.layout.sides, inverted=inverted)
            match = tuple(a + b for a, b in zip(match, add, strict=True))
        return replace(self, scores=tuple(scores), played=tuple(played), match=match)

    # ---------------------------------------------------------------- scoring
    def row_tallies(self, key: str) -> tuple[Tally, ...]:
        """A complete row's Palitos and Batatas (nothing while a side has not played it); ties
        by a seeded draw from the pad's seed and the row."""
        row = self.layout.row(key)
        scores = self.score(key)
        if any(s is None for s in scores):
            return (Tally(),) * self.layout.sides
        i = self.layout.index[row.key]
        return row_tallies([s for s in scores if s is not None], row.value,
                           lowest_wins=row.lowest_wins, seed=self.seed * 1000 + 2 * i)

    def tallies(self) -> tuple[Tally, ...]:
        """Each side's Palitos and Batatas: the complete rows and the match row."""
        total = self.match
        for row in self.layout.rows:
            total = tuple(a + b for a, b in zip(total, self.row_tallies(row.key), strict=True))
        return total

    def row_points(self, key: str) -> tuple[int, ...]:
        """Four-player scoring: each written score // 10 × the row's multiplier (the text:
        "divide by 10, ignoring decimals")."""
        row = self.layout.row(key)
        return tuple(0 if s is None else s // 10 * row.value for s in self.score(key))

    def totals(self) -> tuple[int, ...]:
        """Net Palitos per side (tallies), or the sum of row points (multiplied)."""
        if self.layout.scoring is RowScoring.MULTIPLIED:
            return tuple(sum(col) for col in zip(*(self.row_points(r.key)
                                                   for r in self.layout.rows), strict=True))
        return tuple(t.net for t in self.tallies())

    def outcome(self) -> Outcome:
        """The end after every row is written (30, 48, 16, ... hands), RULES J and the text.

        Tallies: the most net Palitos; then the fewest Batatas (counted before cancelling, a
        reading); then a seeded draw of a non-Joker row, the best score in it among the tied
        winning (a reading: the pad's score, no extra hand), drawing again on a tie. Multiplied:
        the highest total; equal totals share the game (``winner`` ``None``).
        """
        if not self.finished:
            return Outcome(False, None)
        totals = self.totals()
        tied = [s for s, t in enumerate(totals) if t == max(totals)]
        if len(tied) == 1:
            return Outcome(True, tied[0], "totals")
        if self.layout.scoring is RowScoring.MULTIPLIED:
            return Outcome(True, None, "tie")
        raw = self.tallies()
        fewest = min(raw[s].batatas for s in tied)
        tied = [s for s in tied if raw[s].batatas == fewest]
        if len(tied) == 1:
            return Outcome(True, tied[0], "fewer batatas")
        rows = list(self.layout.contract_rows)
        random.Random(self.seed).shuffle(rows)
        drawn: list[str] = []
        for row in rows:
            drawn.append(row.key)
            sign = -1 if row.lowest_wins else 1
            values = {s: sign * (self.score(row.key)[s] or 0) for s in tied}
            top = max(values.values())
            leaders = [s for s in tied if values[s] == top]
            if len(leaders) == 1:
                return Outcome(True, leaders[0], "drawn row", tuple(drawn))
        return Outcome(True, None, "tie", tuple(drawn))

    # ---------------------------------------------------------------- output
    def to_json(self) -> dict[str, object]:
        """The pad as RECORD's Jass replay output shows it: per-side values ``{"A": x, "B": y}``
        in team games and lists by seat otherwise.

        >>> from chaitea.rulesets.jass.rows import COIFFEUR_SCHIEBER_4
        >>> RowsPad.empty(COIFFEUR_SCHIEBER_4).to_json()["totals"]
        {'A': 0, 'B': 0}
        """

        def side(values: Iterable[object]) -> object:
            vals = list(values)
            return {"AB"[i]: v for i, v in enumerate(vals)} if self.layout.teams else vals

        rows: dict[str, object] = {}
        for i, row in enumerate(self.layout.rows):
            entry: dict[str, object] = {"value": row.value, "scores": side(self.scores[i]),
                                        "contracts": side(self.played[i])}
            if self.layout.scoring is RowScoring.TALLIES:
                t = self.row_tallies(row.key)
                entry["palitos"] = side(x.palitos for x in t)
                entry["batatas"] = side(x.batatas for x in t)
            else:
                entry["points"] = side(self.row_points(row.key))
            rows[row.key] = entry
        out: dict[str, object] = {"pad": rows}
        if self.layout.scoring is RowScoring.TALLIES:
            total = self.tallies()
            if self.layout.match_row:
                rows["match"] = {"palitos": side(t.palitos for t in self.match),
                                 "batatas": side(t.batatas for t in self.match)}
            out["palitos"] = side(t.palitos for t in total)
            out["batatas"] = side(t.batatas for t in total)
        out["totals"] = side(self.totals())
        return out

    def _check_side(self, side: int) -> None:
        if not (isinstance(side, int) and 0 <= side < self.layout.sides):
            raise IllegalAction(f"side must be 0..{self.layout.sides - 1}, not {side!r}")
