"""Drawings as SVG/HTML strings (python-chess's ``chess.svg`` in spirit). No Jupyter imports."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .cards import Card

if TYPE_CHECKING:
    from .game import GameState


def card_svg(card: Card, width: int = 60) -> str:
    """One card face as an SVG string, labelled for screen readers."""
    h = int(width * 1.45)
    colour = "#c62828" if card.suit is not None and card.suit.colour == "red" else "#1b1b1b"
    sym = "★" if card.suit is None else card.suit.symbol
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
            f'viewBox="0 0 60 87" role="img" aria-label="{escape(str(card))}">'
            f'<rect x="1" y="1" width="58" height="85" rx="6" fill="#fffdf7" stroke="#555"/>'
            f'<text x="30" y="38" font-size="24" text-anchor="middle" fill="{colour}" '
            f'font-family="DejaVu Sans, sans-serif" font-weight="bold">{escape(card.label)}</text>'
            f'<text x="30" y="70" font-size="26" text-anchor="middle" fill="{colour}" '
            f'font-family="DejaVu Sans, sans-serif">{sym}</text></svg>')


def state_html(state: GameState) -> str:
    return f"<pre>{escape(repr(state))}</pre>"
