"""The Jass score boards as players keep them: the Schieber chalk board with its Z
lines, beside a plain table of the hands with their multipliers; the Coiffeur pad (rows by
players or pairs, row values, Palitos and Batatas); and for the other games a table of the
hands by seat. Drawing only: every number is the engine's (``state.round_results``,
``state.totals()``, the score part's ``extra_json``).

The chalk board (the Jasstafel): each team's half holds a Z; every 100 is a stroke on the top
line, every 50 a stroke on the diagonal, every 20 a stroke on the bottom line, and the rest is
written beside it.

>>> chalk_strokes(1278)
(12, 1, 1, 8)
>>> svg = chalk_board_svg((1278, 430), ("A", "B"))
>>> svg.startswith("<svg") and "team A: 1278" in svg
True
>>> "1278" in chalk_board_svg((1278, 430), ("A", "B"), figures=False)  # strokes only
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chaitea.core.markup import escape

from .value_words import SUIT_WORDS, contract_words

__all__ = ["board_html", "chalk_board_svg", "chalk_strokes", "hands_table_html", "pad_html",
           "pad_labels"]


def chalk_strokes(total: int) -> tuple[int, int, int, int]:
    """A total on the chalk board: strokes for 100s (top line), 50s (diagonal), 20s (bottom
    line), and the rest written as a number."""
    hundreds, r = divmod(max(0, total), 100)
    fifties, r = divmod(r, 50)
    twenties, rest = divmod(r, 20)
    return hundreds, fifties, twenties, rest


def _strokes(n: int, x0: float, y0: float, x1: float, y1: float) -> str:
    """``n`` short chalk strokes across the line from (x0, y0) to (x1, y1), every fifth
    crossing the four before it (the way tallies are kept)."""
    out = []
    for i in range(n):
        group, k = divmod(i, 5)
        t = (group * 6 + k + 1) / (max(1, (n + 4) // 5) * 6 + 1)
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        if k == 4:  # the fifth: a stroke across the four before it
            xs = x0 + (x1 - x0) * ((group * 6 + 0.5) / (max(1, (n + 4) // 5) * 6 + 1))
            ys = y0 + (y1 - y0) * ((group * 6 + 0.5) / (max(1, (n + 4) // 5) * 6 + 1))
            out.append(f'<line x1="{xs - 2:.1f}" y1="{ys + 8:.1f}" x2="{x + 2:.1f}" '
                       f'y2="{y - 8:.1f}"/>')
        else:
            out.append(f'<line x1="{x - 3:.1f}" y1="{y + 9:.1f}" x2="{x + 3:.1f}" '
                       f'y2="{y - 9:.1f}"/>')
    return "".join(out)


def chalk_board_svg(totals: Sequence[int], names: Sequence[str], width: int = 420, *,
                    figures: bool = True) -> str:
    """The Schieber chalk board: one Z per team, the totals in strokes (:func:`chalk_strokes`)
    and the rest in figures; the total in words for screen readers. ``figures=False`` leaves
    the totals out (figures and words), for a learner to read the strokes (the course)."""
    h_team = 120
    height = h_team * len(totals)
    label = "; ".join(f"team {n}: {t if figures else 'in strokes'}"
                      for n, t in zip(names, totals, strict=True))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 420 {height}" role="img" aria-label="chalk board, {escape(label)}">',
             f"<title>chalk board: {escape(label)}</title>",
             f'<rect width="420" height="{height}" rx="8" fill="#25312b"/>']
    for i, (name, total) in enumerate(zip(names, totals, strict=True)):
        y = i * h_team
        top, bottom = y + 22, y + h_team - 22
        hundreds, fifties, twenties, rest = chalk_strokes(total)
        parts.append(f'<g stroke="#e9eee6" stroke-width="2.2" stroke-linecap="round" '
                     f'fill="none" opacity="0.9">'
                     f'<line x1="40" y1="{top}" x2="330" y2="{top}"/>'
                     f'<line x1="330" y1="{top}" x2="40" y2="{bottom}"/>'
                     f'<line x1="40" y1="{bottom}" x2="330" y2="{bottom}"/>'
                     f'{_strokes(hundreds, 48, top, 322, top)}'
                     f'{_strokes(fifties, 300, top + 10, 70, bottom - 10)}'
                     f'{_strokes(twenties, 48, bottom, 322, bottom)}</g>')
        parts.append(f'<text x="14" y="{y + h_team / 2 + 6}" fill="#e9eee6" font-size="18" '
                     f'font-family="sans-serif">{escape(name)}</text>')
        parts.append(f'<text x="345" y="{bottom + 5}" fill="#e9eee6" font-size="16" '
                     f'font-family="sans-serif">{rest}</text>')
        if figures:
            parts.append(f'<text x="345" y="{top + 6}" fill="#b8c4b4" font-size="14" '
                         f'font-family="sans-serif">{total}</text>')
        if i:
            parts.append(f'<line x1="10" y1="{y}" x2="410" y2="{y}" stroke="#8a9a88" '
                         'stroke-dasharray="4 4"/>')
    parts.append("</svg>")
    return "".join(parts)


def _cell(value: object) -> str:
    return "" if value is None else escape(str(value))


def hands_table_html(results: Sequence[dict[str, Any]], sides: Sequence[str],
                     totals: Sequence[int], faces: str = "swiss", *,
                     side_of: Sequence[int] | None = None, total_label: str = "Total") -> str:
    """The hands as a plain table: contract in words, multiplier, each side's score (Weis and
    Stöck included, shown after it in small type), and the totals (``total_label``). A hand
    that writes one score (a Coiffeur row) has it in the column of the forehand's side
    (``side_of``: each seat's side; by seat when not given)."""
    head = "".join(f"<th>{escape(s)}</th>" for s in sides)
    rows = []
    for k, res in enumerate(results, 1):
        score = res.get("score")
        per_side = list(score) if isinstance(score, (list, tuple)) else [None] * len(sides)
        if not isinstance(score, (list, tuple)) and res.get("forehand") is not None:
            seat = int(res["forehand"])
            side = side_of[seat] if side_of is not None and seat < len(side_of) else seat
            per_side[min(side, len(sides) - 1)] = score
        cells = []
        for s, v in enumerate(per_side):
            extra = []
            weis, stoeck = res.get("weis"), res.get("stoeck")
            if isinstance(weis, (list, tuple)) and s < len(weis) and weis[s]:
                extra.append(f"Weis {weis[s]}")
            if isinstance(stoeck, (list, tuple)) and s < len(stoeck) and stoeck[s]:
                extra.append(f"Stöck {stoeck[s]}")
            if res.get("match") == s:
                extra.append("Match")
            note = f' <small>({escape(", ".join(extra))})</small>' if extra else ""
            cells.append(f"<td>{_cell(v)}{note}</td>")
        mult = res.get("multiplier", 1)
        rows.append(f"<tr><td>{k}</td><td>{escape(contract_words(str(res.get('contract')), faces))}"
                    f"</td><td>×{mult}</td>{''.join(cells)}</tr>")
    foot = "".join(f"<td><b>{t}</b></td>" for t in totals)
    return (f'<table class="ctj-jass-hands"><thead><tr><th>Hand</th><th>Contract</th>'
            f"<th>Multiplier</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
            f'<tfoot><tr><td colspan="3">{escape(total_label)}</td>{foot}</tr></tfoot></table>')


def _by_side(values: object, n: int) -> list[object]:
    """A pad entry's per-side values, in side order: a list by seat, or a team game's
    ``{"A": x, "B": y}`` (the engine's :meth:`RowsPad.to_json`); ``n`` blanks when missing."""
    if isinstance(values, dict):
        vals = list(values.values())
    elif isinstance(values, (list, tuple)):
        vals = list(values)
    else:
        vals = []
    return (vals + [None] * n)[:n]


#: A pad row's suit names with French faces (the row keys and labels are the Swiss suits'),
#: from the suits' words (value_words.SUIT_WORDS)
FRENCH_ROWS = {SUIT_WORDS["swiss"][x]: SUIT_WORDS["french"][x].capitalize() for x in "CDHS"}


def pad_html(pad: dict[str, Any], sides: Sequence[str],
             labels: Mapping[str, str] | None = None) -> str:
    """The Coiffeur pad: one line per row (its value), each side's score written there or blank,
    and each side's Palitos and Batatas for the row (tallies) or the row's points (four in
    pairs: the score // 10 × the row's value). The Match row has tallies only; its value and
    score cells stay blank, so every line is as wide as the head. Rows are named by ``labels``
    (the layout's words, :meth:`RowsLayout.labels`), else by their record keys."""
    names = labels or {}
    n = len(sides)
    tallies = any("palitos" in row for row in pad.values())
    head = "".join(f"<th>{escape(s)}</th>" for s in sides)
    tail = " P/B" if tallies else " points"
    tally_head = "".join(f"<th>{escape(s)}{tail}</th>" for s in sides)
    rows = []
    for key, row in pad.items():
        scores = "".join(f"<td>{_cell(v)}</td>" for v in _by_side(row.get("scores"), n))
        if tallies:
            extra = "".join(f"<td>{_cell(p)}/{_cell(b)}</td>" for p, b in zip(
                _by_side(row.get("palitos"), n), _by_side(row.get("batatas"), n), strict=True))
        else:
            extra = "".join(f"<td>{_cell(v)}</td>" for v in _by_side(row.get("points"), n))
        rows.append(f"<tr><td>{escape(names.get(key, key))}</td><td>{_cell(row.get('value'))}</td>"
                    f"{scores}{extra}</tr>")
    return (f'<table class="ctj-jass-pad"><thead><tr><th>Row</th><th>Value</th>{head}'
            f"{tally_head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def pad_labels(state: Any, faces: str = "swiss") -> dict[str, str]:
    """A pad-row game's rows in words, by record key ("bells": "Bells", or "Hearts" with French
    faces); ``{}`` for a game without a pad."""
    if state.game.table.score.scores != "pad-row":
        return {}
    labels: dict[str, str] = state.score_state.layout.labels()  # a pad-row part keeps a RowsPad
    if faces == "french":
        labels = {k: FRENCH_ROWS.get(v, v) for k, v in labels.items()}
    return labels


def board_html(state: Any, faces: str = "swiss") -> str:
    """The board of a Jass state: chalk board and hands (team games that score points), the pad
    (Coiffeur family), or the hands by seat (the others), with the ruleset's tallies."""
    game = state.game
    score = game.table.score
    sides = game.side_names or [state.names[s] for s in range(game.players)]
    totals = state.totals()
    extra = score.extra_json(state.score_state)
    out = []
    if score.scores == "pad-row" and isinstance(extra.get("pad"), dict):
        out.append(pad_html(extra["pad"], sides, pad_labels(state, faces)))
    elif game.side_names:
        out.append(chalk_board_svg(totals, [f"{s}" for s in sides]))
    label = "Total"
    if score.scores == "pad-row":  # the totals are the pad's, not the column's sum
        label = "Net Palitos" if "palitos" in extra else "Pad points"
    side_of = list(game.side_of) if game.side_names else None
    out.append(hands_table_html(state.round_results, sides, totals, faces, side_of=side_of,
                                total_label=label))
    target = extra.get("target")
    if target:
        out.append(f'<p class="ctj-jass-target">Game to {target} points.</p>')
    return "".join(out)
