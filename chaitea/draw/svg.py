"""Drawings as SVG/HTML strings (python-chess's ``chess.svg`` in spirit). No Jupyter imports.

Every card is drawn by the package itself (no image files; the card drawings live in
:mod:`chaitea.draw.svg_cards` and are importable from here): the widgets in
``chaitea_widgets`` show these strings, and plain notebook cells show them through the rich
reprs of :class:`~chaitea.Card` (``_repr_svg_``), :class:`~chaitea.State` (``_repr_html_``)
and the small wrappers below: :class:`Hand`, :class:`Trick` and :class:`PadView`.

>>> from chaitea import Card
>>> svg = card_svg(Card.parse("7H"))
>>> svg.startswith("<svg") and 'aria-label="7 of hearts"' in svg
True
>>> Hand(["9C", "2H", "7C"])  # doctest: +ELLIPSIS
Hand(['9C', '2H', '7C'])
>>> "Leo" in Trick(["9C", "2H", "7C"], winner=1, names=["Aslan", "Leo", "Mufasa"])._repr_svg_()
True

Options shared by the card drawings: ``four_colour=True`` gives each suit its own colour
(clubs green, diamonds blue, hearts red, spades black); ``swiss`` draws the Swiss suits of the
Jass deck (Acorns, Shields, Bells, Roses) and is on by default for Jass cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from chaitea.core.cards import Card
from chaitea.core.markup import escape
from chaitea.draw.svg_cards import _SWISS_FACES as _SWISS_FACES
from chaitea.draw.svg_cards import BACK as BACK
from chaitea.draw.svg_cards import BACK_INK as BACK_INK
from chaitea.draw.svg_cards import CARD_EDGE as CARD_EDGE
from chaitea.draw.svg_cards import CARD_FACE as CARD_FACE
from chaitea.draw.svg_cards import CH as CH
from chaitea.draw.svg_cards import CW as CW
from chaitea.draw.svg_cards import FELT as FELT
from chaitea.draw.svg_cards import (
    FONT,
    _as_cards,
    barrel_svg,
    bet_card_svg,
    card_back_svg,
    card_name,
    card_svg,
    hand_svg,
    stack_svg,
    suit_colour,
    trick_svg,
)
from chaitea.draw.svg_cards import GOLD as GOLD
from chaitea.draw.svg_cards import JOKER_COLOUR as JOKER_COLOUR

# (The drawing constants above are re-exported: chaitea.draw.svg_cards holds them.)

if TYPE_CHECKING:
    from chaitea.engine.pad import Pad
    from chaitea.engine.state import State

__all__ = [
    "Hand",
    "PadView",
    "Trick",
    "barrel_svg",
    "bet_card_svg",
    "card_back_svg",
    "card_name",
    "card_svg",
    "hand_svg",
    "pad_html",
    "side_labels",
    "stack_svg",
    "state_html",
    "suit_colour",
    "trick_svg",
]

# ------------------------------------------------------------------ the pad
_PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def side_labels(state: State) -> list[str]:
    """Column names of the pad: player names, or ``Team A (Aslan & Mufasa)`` in team games."""
    g = state.game
    if g.side_names is None:
        return list(state.names)
    out = []
    for side, letter in enumerate(g.side_names):
        members = [state.names[s] for s in range(g.players) if g.side_of[s] == side]
        out.append(f"Team {letter} ({' & '.join(members)})")
    return out


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else ("±0" if v == 0 else f"−{-v}")


def pad_html(state_or_pad: State | Pad, side_names: Sequence[str] | None = None, *,
             caption: str | None = "Paper Pad") -> str:
    """The Paper Pad as an HTML table: a row per contract, a column per player (or team); each
    cell the round score with its completion order (1st, 2nd, ...) and, once the row is
    complete, its game points; then game points and finishing positions.

    Accepts a :class:`~chaitea.State` (names and the row being played come from it) or a
    bare :class:`~chaitea.Pad`."""
    current_row = None
    declarer_side = None
    if not hasattr(state_or_pad, "is_terminal"):  # a bare Pad (told apart without importing
        pad = state_or_pad                        # chaitea.engine.pad: no import circle)
        names = list(side_names) if side_names else [f"Side {s}" for s in range(pad.sides)]
        finished = pad.is_complete()
    else:
        state = cast("State", state_or_pad)
        pad = state.pad
        names = list(side_names) if side_names else side_labels(state)
        finished = state.is_terminal()
        if state.phase == "play" and state.row is not None:
            current_row = state.row
            d = state.declarer
            declarer_side = None if d is None else state.game.side_of[d]
    th = ("padding:6px 8px;border-bottom:2px solid #8d6e63;text-align:center;"
          "font-weight:700;color:#3e2723")
    td = "padding:5px 8px;border-bottom:1px solid #e0cdb5;text-align:center"
    out = ['<table class="ctj-pad-table" style="border-collapse:collapse;'
           'background:#fffaf0;color:#3e2723;font-family:' + FONT + ';font-size:15px;'
           'border:2px solid #8d6e63;border-radius:8px;min-width:260px">']
    if caption:
        out.append(f'<caption style="font-weight:700;font-size:17px;padding:4px;'
                   f'color:#3e2723">{escape(caption)}</caption>')
    out.append(f'<thead><tr><th style="{th};text-align:left" scope="col">Contract</th>')
    for n in names:
        out.append(f'<th style="{th}" scope="col">{escape(n)}</th>')
    out.append("</tr></thead><tbody>")
    for r, row in enumerate(pad.rows):
        now = row.key == current_row
        style = ' style="background:#fff1c1"' if now else ""
        mark = " ▶" if now else ""
        # a second-place meta row (RULES S): the second best wins its points; say so
        meta = ("" if (row.meta or pad.meta) != "second-place" else
                ' <small class="ctj-pad-meta" style="font-weight:400;color:#6a1b9a;'
                'border:1px solid #ce93d8;border-radius:6px;padding:0 4px;white-space:nowrap"'
                ' title="second-place meta: the second best gains the points, the best loses'
                ' them">2nd place</small>')
        out.append(f'<tr class="ctj-pad-row" data-row="{escape(row.key)}"{style}>'
                   f'<th scope="row" style="{td};text-align:left;font-weight:700">'
                   f"{escape(row.title)}{mark} <span style=\"font-weight:400;color:#8d6e63\">"
                   f"({row.value})</span>{meta}</th>")
        points = pad.row_points[r]
        for s in range(pad.sides):
            score = pad.scores[r][s]
            cell: list[str] = []
            if score is not None:
                place = pad.order[r].index(s)
                cell.append(f'<b class="ctj-pad-score">{score}</b> '
                            f'<small style="color:#8d6e63">{_PLACES[place]}</small>')
            elif now and s == declarer_side:
                cell.append('<i style="color:#8d6e63">playing…</i>')
            if points is not None:
                colour = "#1b7a32" if points[s] > 0 else ("#c62828" if points[s] < 0 else "#555")
                cell.append(f'<br><span class="ctj-pad-points" style="color:{colour};'
                            f'font-weight:700">{_signed(points[s])}</span>')
            out.append(f'<td style="{td}">{"".join(cell) or "&nbsp;"}</td>')
        out.append("</tr>")
    gp = pad.game_points
    leader = pad.standings()[0] if finished else None
    out.append(f'</tbody><tfoot><tr><th scope="row" style="{td};text-align:left">Game points</th>')
    for s in range(pad.sides):
        star = " 🏆" if s == leader else ""
        out.append(f'<td class="ctj-pad-total" style="{td};font-weight:700;font-size:17px">'
                   f"{_signed(gp[s])}{star}</td>")
    out.append("</tr>")
    if any(pad.match_points):
        out.append(f'<tr><th scope="row" style="{td};text-align:left">Match points</th>')
        out += [f'<td style="{td}">{m}</td>' for m in pad.match_points]
        out.append("</tr>")
    if pad.meta in ("cumulative-most", "cumulative-least"):
        out.append(f'<tr><th scope="row" style="{td};text-align:left">Cumulative</th>')
        out += [f'<td style="{td}">{c}</td>' for c in pad.cumulative]
        out.append("</tr>")
    out.append(f'<tr><th scope="row" style="{td};text-align:left">Finished</th>')
    fin = {side: i for i, side in enumerate(pad.finish_order)}
    for s in range(pad.sides):
        out.append(f'<td class="ctj-pad-finish" style="{td}">'
                   f'{_PLACES[fin[s]] if s in fin else "&nbsp;"}</td>')
    out.append("</tr></tfoot></table>")
    return "".join(out)


def state_html(state: State) -> str:
    """A game state at a glance: phase and turn, the contract, the trick, every hand, the pad."""
    g = state.game
    names = state.names
    bits = [f"<b>Round {state.round_number}</b>", f"phase: {state.phase}"]
    cp = state.current_player()
    if cp >= 0:
        bits.append(f"to act: {escape(names[cp])}")
    if state.contract is not None and state.declarer is not None:
        bits.append(f"{escape(names[state.declarer])} plays {escape(state.contract.title)}"
                    + (f", Bet Debt {state.bet_debt}" if state.bet_debt else ""))
    parts = [f'<div class="ctj-state" style="font-family:{FONT};color:#3e2723">',
             f'<p>{" · ".join(bits)}</p>']
    if state.phase == "play":
        if state.trick:
            seats = [(state.trick_leader + i) % g.players for i in range(len(state.trick))]
            parts.append(trick_svg(state.trick, seats, state.trick_winner_so_far(),
                                   names=names, width=48))
        elif state.tricks:
            last = state.tricks[-1]
            seats = [(last.leader + i) % g.players for i in range(len(last.cards))]
            parts.append(trick_svg(last.cards, seats, last.winner, names=names, width=48))
            parts.append(f"<p><i>{escape(last.reason)}</i></p>")
    if state.phase in ("picking", "play"):
        for s in range(g.players):
            won = state.tricks_won[s] if state.phase == "play" else 0
            parts.append(f"<div><b>{escape(names[s])}</b> ({won} tricks)<br>"
                         f"{hand_svg(state.playable(s), 36)}</div>")
    parts.append(pad_html(state))
    parts.append("</div>")
    return "".join(parts)


# ------------------------------------------------------------------ rich-repr wrappers
class Hand:
    """Cards shown as a row in a notebook cell (``_repr_svg_``).

    >>> Hand(["9C", "2H"]).cards
    [Card.parse('9C'), Card.parse('2H')]
    """

    def __init__(self, cards: Iterable[Card | str], *, width: int = 60,
                 four_colour: bool = False) -> None:
        self.cards = _as_cards(cards)
        self.width = width
        self.four_colour = four_colour

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"Hand({[str(c) for c in self.cards]!r})"

    def _repr_svg_(self) -> str:
        return hand_svg(self.cards, self.width, four_colour=self.four_colour)


class Trick:
    """A trick shown in a notebook cell: cards in play order, who played each, the winner.

    ``winner`` is a seat (``TrickRecord.winner``); ``seats`` default to 0, 1, 2... from
    ``leader``. :meth:`from_record` draws a completed trick of a game.

    >>> t = Trick(["9C", "2H", "7C"], winner=1)
    >>> len(t.cards), t.seats
    (3, [0, 1, 2])
    """

    def __init__(self, cards: Iterable[Card | str], *, seats: Sequence[int] | None = None,
                 winner: int | None = None, names: Sequence[str] | None = None, leader: int = 0,
                 players: int | None = None, width: int = 60, four_colour: bool = False) -> None:
        self.cards = _as_cards(cards)
        n = players or max(len(self.cards), 1)
        self.seats = list(seats) if seats is not None else [(leader + i) % n for i in
                                                            range(len(self.cards))]
        self.winner = winner
        self.names = list(names) if names is not None else None
        self.width = width
        self.four_colour = four_colour

    @classmethod
    def from_record(cls, record: Any, names: Sequence[str] | None = None,
                    players: int | None = None) -> Trick:
        """A :class:`~chaitea.TrickRecord` (``state.tricks[k]``) as a drawing."""
        n = players or (len(names) if names else len(record.cards))
        return cls(record.cards, winner=record.winner, names=names, leader=record.leader,
                   players=n)

    def __repr__(self) -> str:
        return f"Trick({[str(c) for c in self.cards]!r}, winner={self.winner!r})"

    def _repr_svg_(self) -> str:
        return trick_svg(self.cards, self.seats, self.winner, names=self.names, width=self.width,
                         four_colour=self.four_colour)


class PadView:
    """The Paper Pad of a game (or a bare :class:`~chaitea.Pad`) in a notebook cell.

    >>> from chaitea import Game
    >>> PadView(Game(players=3).new_initial_state(seed=1))._repr_html_().count("<tr")
    7
    """

    def __init__(self, state_or_pad: State | Pad,
                 side_names: Sequence[str] | None = None) -> None:
        self.source = state_or_pad
        self.side_names = list(side_names) if side_names else None

    def __repr__(self) -> str:
        return f"PadView({self.source!r})"

    def _repr_html_(self) -> str:
        return pad_html(self.source, self.side_names)
