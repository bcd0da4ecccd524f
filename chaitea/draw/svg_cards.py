"""Card drawings as SVG strings: faces, backs, straw-pile stacks, hands, tricks, the Barrel card.

Every card is drawn here, by the package itself (no image files); :mod:`chaitea.draw.svg` builds the
pad and state HTML and the rich-repr wrappers on these drawings and re-exports them all, so
``from chaitea.draw.svg import card_svg`` keeps working. Text from outside (names, titles) goes
through :func:`chaitea.core.markup.escape`.

>>> under = Card.parse("JC")
>>> card_svg(under, 48).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="48"')
True
>>> card_name(under)
'Under of Acorns'
>>> 'aria-label="hand: 9 of clubs, 2 of hearts"' in hand_svg(["9C", "2H"])
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from chaitea.core.cards import Card, Suit
from chaitea.core.markup import escape

__all__ = [
    "barrel_svg",
    "bet_card_svg",
    "card_back_svg",
    "card_name",
    "card_svg",
    "hand_svg",
    "stack_svg",
    "suit_colour",
    "trick_svg",
]

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
# Card geometry in SVG user units; a drawing is scaled by its ``width`` in pixels.
CW, CH = 100, 145
CARD_FACE = "#fffaf0"
CARD_EDGE = "#8d6e63"
BACK = "#7b2d26"
BACK_INK = "#f3d9a4"
GOLD = "#f2b705"
FELT = "#1f5e45"

_TWO = {Suit.CLUBS: "#1b1b1b", Suit.DIAMONDS: "#c62828", Suit.HEARTS: "#c62828",
        Suit.SPADES: "#1b1b1b"}
_FOUR = {Suit.CLUBS: "#1b7a32", Suit.DIAMONDS: "#1457b8", Suit.HEARTS: "#c62828",
         Suit.SPADES: "#1b1b1b"}
_SWISS = {Suit.CLUBS: "#7a4a14", Suit.DIAMONDS: "#2e6b2e", Suit.HEARTS: "#9a6700",
          Suit.SPADES: "#c0282d"}
JOKER_COLOUR = "#6a1b9a"

# Suit shapes in a 100x100 box.
_SUIT_PATHS = {
    Suit.DIAMONDS: '<path d="M50 2 L92 50 L50 98 L8 50 Z"/>',
    Suit.HEARTS: '<path d="M50 94 C22 72 2 54 4 30 C6 8 38 0 50 24 C62 0 94 8 96 30 '
                 'C98 54 78 72 50 94 Z"/>',
    Suit.SPADES: '<path d="M50 2 C24 32 2 46 4 66 C6 86 36 90 46 74 L38 98 L62 98 L54 74 '
                 'C64 90 94 86 96 66 C98 46 76 32 50 2 Z"/>',
    Suit.CLUBS: '<circle cx="50" cy="26" r="22"/><circle cx="25" cy="60" r="22"/>'
                '<circle cx="75" cy="60" r="22"/><path d="M44 52 L36 98 L64 98 L56 52 Z"/>',
}
# The Swiss suits of the Jass deck, drawn in their own colours (same 100x100 box).
_SWISS_PATHS = {
    Suit.CLUBS: (  # Acorns
        '<ellipse cx="50" cy="64" rx="25" ry="32" fill="#c07a2c" stroke="#5a3510" '
        'stroke-width="4"/><path d="M20 46 Q50 8 80 46 Z" fill="#6b4218" stroke="#3f260b" '
        'stroke-width="4"/><rect x="46" y="2" width="8" height="18" rx="3" fill="#3f260b"/>'),
    Suit.DIAMONDS: (  # Shields
        '<path d="M12 6 H88 V48 Q88 84 50 97 Q12 84 12 48 Z" fill="#f0c419" stroke="#2e6b2e" '
        'stroke-width="5"/><rect x="12" y="34" width="76" height="20" fill="#2e6b2e"/>'),
    Suit.HEARTS: (  # Bells
        '<circle cx="50" cy="10" r="7" fill="none" stroke="#7a5200" stroke-width="4"/>'
        '<path d="M50 15 Q72 15 74 44 Q76 68 92 80 H8 Q24 68 26 44 Q28 15 50 15 Z" '
        'fill="#e8b923" stroke="#7a5200" stroke-width="4"/>'
        '<circle cx="50" cy="88" r="9" fill="#7a5200"/>'),
    Suit.SPADES: (  # Roses
        '<circle cx="50" cy="26" r="19" fill="#d83a3f"/><circle cx="74" cy="44" r="19" '
        'fill="#d83a3f"/><circle cx="65" cy="73" r="19" fill="#d83a3f"/>'
        '<circle cx="35" cy="73" r="19" fill="#d83a3f"/><circle cx="26" cy="44" r="19" '
        'fill="#d83a3f"/><circle cx="50" cy="52" r="15" fill="#f5d442" stroke="#8a1c20" '
        'stroke-width="3"/>'),
}
_STAR = ('<path d="M50 4 L61 38 L97 38 L68 59 L79 94 L50 72 L21 94 L32 59 L3 38 L39 38 Z"/>')
_JASS_NAMES = {6: "6", 7: "7", 8: "8", 9: "9", 10: "Banner (10)", 11: "Under", 12: "Ober",
               13: "King", 14: "Ace"}
_SWISS_FACES = {11: "U", 12: "O"}


def suit_colour(suit: Suit | None, *, four_colour: bool = False, swiss: bool = False) -> str:
    """The ink of a suit: red/black, the four-colour deck, or the Swiss suits' own colours."""
    if suit is None:
        return JOKER_COLOUR
    return (_SWISS if swiss else _FOUR if four_colour else _TWO)[suit]


def card_name(card: Card, *, swiss: bool | None = None) -> str:
    """A card in words, for screen readers and captions: ``7 of hearts``, ``Joker 1``,
    ``Under of Bells`` (Jass cards use the Swiss suit names by default).

    >>> card_name(Card.parse("13S")), card_name(Card.parse("JH")), card_name(Card.parse("JK2"))
    ('13 of spades', 'Under of Bells', 'Joker 2')
    """
    if card.suit is None:
        return f"Joker {card.copy}"
    use_swiss = card.jass if swiss is None else swiss
    rank = _JASS_NAMES.get(card.rank, str(card.rank)) if card.jass else str(card.rank)
    suit = card.suit.swiss if use_swiss else card.suit.plural
    twin = " (second copy)" if card.copy else ""
    return f"{rank} of {suit}{twin}"


def _suit_icon(suit: Suit, x: float, y: float, size: float, colour: str, swiss: bool) -> str:
    k = size / 100
    if swiss:
        return f'<g transform="translate({x:g},{y:g}) scale({k:g})">{_SWISS_PATHS[suit]}</g>'
    return (f'<g transform="translate({x:g},{y:g}) scale({k:g})" fill="{colour}">'
            f"{_SUIT_PATHS[suit]}</g>")


def _corner(card: Card, colour: str, swiss: bool) -> str:
    label = _SWISS_FACES.get(card.rank, card.label) if card.jass and swiss else card.label
    if card.suit is None:
        return (f'<text x="8" y="31" font-size="27" font-weight="700" fill="{colour}" '
                f'font-family="{FONT}">JK</text>'
                f'<text x="8" y="56" font-size="20" font-weight="700" fill="{colour}" '
                f'font-family="{FONT}">{card.copy}</text>')
    size = 34 if len(label) == 1 else 30
    text = (f'<text x="{7 if len(label) > 1 else 9}" y="34" font-size="{size}" '
            f'font-weight="700" fill="{colour}" font-family="{FONT}"'
            + (' textLength="40" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else "")
            + f">{escape(label)}</text>")
    return text + _suit_icon(card.suit, 9, 40, 21, colour, swiss)


def _card_body(card: Card, four_colour: bool, swiss: bool | None) -> str:
    """The inside of one card face, in the 100x145 card box."""
    use_swiss = card.jass if swiss is None else swiss
    use_swiss = use_swiss and card.suit is not None
    colour = suit_colour(card.suit, four_colour=four_colour, swiss=use_swiss)
    parts = [f'<rect x="1.5" y="1.5" width="97" height="142" rx="9" fill="{CARD_FACE}" '
             f'stroke="{CARD_EDGE}" stroke-width="2.5"/>']
    corner = _corner(card, colour, use_swiss)
    parts.append(corner)
    parts.append(f'<g transform="rotate(180 50 72.5)">{corner}</g>')
    if card.suit is None:
        parts.append(f'<g transform="translate(28,40) scale(0.44)" fill="{colour}">{_STAR}</g>')
        parts.append(f'<text x="50" y="100" font-size="13" font-weight="700" text-anchor="middle"'
                     f' fill="{colour}" font-family="{FONT}" letter-spacing="1">JOKER</text>')
    else:
        parts.append(_suit_icon(card.suit, 29, 50, 42, colour, use_swiss))
        if card.copy:
            parts.append(f'<text x="50" y="110" font-size="12" text-anchor="middle" '
                         f'fill="{colour}" font-family="{FONT}">copy 2</text>')
        elif card.jass and use_swiss:
            parts.append(f'<text x="50" y="110" font-size="12" text-anchor="middle" '
                         f'fill="{colour}" font-family="{FONT}">{card.suit.swiss}</text>')
    return "".join(parts)


def _back_body() -> str:
    parts = [f'<rect x="1.5" y="1.5" width="97" height="142" rx="9" fill="{BACK}" '
             f'stroke="#4a1612" stroke-width="2.5"/>',
             f'<rect x="9" y="9" width="82" height="127" rx="6" fill="none" stroke="{BACK_INK}" '
             f'stroke-width="2.5"/>']
    for row in range(7):
        for col in range(4):
            cx = 21 + col * 19 + (9.5 if row % 2 else 0)
            cy = 22 + row * 17
            if cx > 82:
                continue
            parts.append(f'<path d="M{cx} {cy - 6} L{cx + 6} {cy} L{cx} {cy + 6} L{cx - 6} {cy} Z"'
                         f' fill="{BACK_INK}" opacity="0.35"/>')
    parts.append(f'<circle cx="50" cy="72.5" r="21" fill="{BACK_INK}"/>'
                 f'<text x="50" y="79" font-size="17" font-weight="700" text-anchor="middle" '
                 f'fill="{BACK}" font-family="{FONT}">CTJ</text>')
    return "".join(parts)


def _svg_open(w: float, h: float, vw: float, vh: float, label: str | None, extra: str = "") -> str:
    a11y = (f' role="img" aria-label="{escape(label)}"' if label is not None
            else ' aria-hidden="true" focusable="false"')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" '
            f'viewBox="0 0 {vw:g} {vh:g}"{a11y}{extra}>')


@lru_cache(maxsize=2048)
def card_svg(card: Card, width: int = 60, *, four_colour: bool = False,
             swiss: bool | None = None, aria: bool = True) -> str:
    """One card face as an SVG string, ``width`` pixels wide, labelled for screen readers
    (``aria=False`` hides it from them, for a card inside a labelled button)."""
    label = card_name(card, swiss=swiss) if aria else None
    return (_svg_open(width, round(width * CH / CW, 1), CW, CH, label)
            + _card_body(card, four_colour, swiss) + "</svg>")


@lru_cache(maxsize=64)
def card_back_svg(width: int = 60, *, aria: bool = True) -> str:
    """The back of a card (a face-down card)."""
    return (_svg_open(width, round(width * CH / CW, 1), CW, CH, "face-down card" if aria else None)
            + _back_body() + "</svg>")


_STACK_DX, _STACK_DY = 20, 22


@lru_cache(maxsize=1024)
def stack_svg(down: Card | None, up: Card | None, width: int = 60, *, four_colour: bool = False,
              face_down: bool = True, aria: bool = True) -> str:
    """A two-player straw-pile stack: the face-down card (a card back) under the face-up card.

    ``down`` is the covered card (``None`` once it was turned up or played); ``up`` the card on
    top (``None`` once played). ``face_down=False`` draws the covered card's face (for a teacher's
    open view).
    """
    vw, vh = CW + _STACK_DX, CH + _STACK_DY
    parts = []
    words = []
    if down is not None:
        if face_down:
            parts.append(_back_body())
            words.append("a face-down card")
        else:
            parts.append(_card_body(down, four_colour, None))
            words.append(f"{card_name(down)} face down")
    if up is not None:
        parts.append(f'<g transform="translate({_STACK_DX},{_STACK_DY})">'
                     f"{_card_body(up, four_colour, None)}</g>")
        words.insert(0, card_name(up))
    if not parts:
        parts.append(f'<rect x="2" y="2" width="{vw - 4}" height="{vh - 4}" rx="10" '
                     f'fill="none" stroke="#b9a48a" stroke-width="3" stroke-dasharray="8 6"/>')
        words.append("empty stack")
    label = ("stack: " + " on ".join(words)) if aria else None
    return (_svg_open(width, round(width * vh / vw, 1), vw, vh, label)
            + "".join(parts) + "</svg>")


def _as_cards(cards: Iterable[Card | str]) -> list[Card]:
    out = []
    for c in cards:
        out.append(c if isinstance(c, Card) else Card.parse(c))
    return out


#: A card's face drawing (the inside of the 100x145 box, e.g. a Jass face of
#: :mod:`chaitea.draw.swiss_cards`) or its name in words.
FaceDrawer = Callable[[Card], str]


def hand_svg(cards: Iterable[Card | str], width: int = 60, *, four_colour: bool = False,
             overlap: float = 0.0, label: str | None = None, face: FaceDrawer | None = None,
             name: FaceDrawer | None = None) -> str:
    """A row of cards as one SVG (each card ``width`` pixels; ``overlap`` 0..0.7 fans them).
    ``face`` and ``name`` replace the card face drawing and its words (same layout)."""
    cs = _as_cards(cards)
    face = face or (lambda c: _card_body(c, four_colour, None))
    name = name or card_name
    step = CW * (1 - max(0.0, min(overlap, 0.7))) + (6 if overlap <= 0 else 0)
    vw = step * (len(cs) - 1) + CW if cs else CW
    body = "".join(f'<g transform="translate({i * step:g},0)">'
                   f"{face(c)}</g>" for i, c in enumerate(cs))
    if not cs:
        body = ('<rect x="2" y="2" width="96" height="141" rx="9" fill="none" stroke="#b9a48a" '
                'stroke-width="3" stroke-dasharray="8 6"/>')
    text = label if label is not None else (
        "hand: " + ", ".join(name(c) for c in cs) if cs else "empty hand")
    k = width / CW
    return (_svg_open(round(vw * k, 1), round(CH * k, 1), vw, CH, text) + body + "</svg>")


def trick_svg(cards: Sequence[Card | str], seats: Sequence[int] | None = None,
              winner: int | None = None, *, names: Sequence[str] | None = None,
              width: int = 60, four_colour: bool = False, face: FaceDrawer | None = None,
              name: FaceDrawer | None = None) -> str:
    """A trick as one SVG: the cards in play order, each captioned with who played it; the
    winning card framed in gold. ``seats`` are the players of the cards (default 0, 1, 2...),
    ``winner`` the winning seat (from ``chaitea.trick_winner`` or a ``TrickRecord``);
    ``face``/``name`` as in :func:`hand_svg`."""
    cs = _as_cards(cards)
    face = face or (lambda c: _card_body(c, four_colour, None))
    name = name or card_name
    seat_list = list(seats) if seats is not None else list(range(len(cs)))
    step = CW + 14
    vw = max(step * len(cs) - 14, CW) + 8
    vh = CH + 44
    parts = []
    words = []
    for i, c in enumerate(cs):
        seat = seat_list[i]
        who = names[seat] if names is not None and seat < len(names) else f"Seat {seat}"
        x = 4 + i * step
        won = winner is not None and seat == winner
        if won:
            parts.append(f'<rect x="{x - 4}" y="0" width="{CW + 8}" height="{CH + 8}" rx="12" '
                         f'fill="{GOLD}"/>')
        parts.append(f'<g transform="translate({x},4)">{face(c)}</g>')
        caption = escape(who[:12]) + (" ★" if won else "")
        parts.append(f'<text x="{x + CW / 2}" y="{CH + 32}" font-size="17" text-anchor="middle" '
                     f'font-weight="{700 if won else 400}" fill="#3e2723" '
                     f'font-family="{FONT}">{caption}</text>')
        words.append(f"{who}: {name(c)}" + (" (wins)" if won else ""))
    if not cs:
        parts.append('<rect x="4" y="4" width="96" height="141" rx="9" fill="none" '
                     'stroke="#b9a48a" stroke-width="3" stroke-dasharray="8 6"/>')
    k = width / CW
    label = "trick: " + "; ".join(words) if words else "empty trick"
    return _svg_open(round(vw * k, 1), round(vh * k, 1), vw, vh, label) + "".join(parts) + "</svg>"


def barrel_svg(debt: int, step: int = 5, *, holder: str | None = None, width: int = 90) -> str:
    """The Barrel / Bet Debt card, turned to show ``debt`` (the card of step ``step``)."""
    vw, vh = 120, 150
    who = f" held by {holder}" if holder else ""
    parts = ['<rect x="2" y="2" width="116" height="146" rx="12" fill="#fdf1d6" '
             'stroke="#8d5524" stroke-width="3"/>',
             '<ellipse cx="60" cy="66" rx="34" ry="40" fill="#b5651d" stroke="#5d3310" '
             'stroke-width="3"/>',
             '<path d="M28 46 H92 M26 66 H94 M28 86 H92" stroke="#5d3310" stroke-width="4"/>',
             f'<text x="60" y="77" font-size="30" font-weight="700" text-anchor="middle" '
             f'fill="#fffaf0" font-family="{FONT}">{debt}</text>',
             f'<text x="60" y="126" font-size="15" font-weight="700" text-anchor="middle" '
             f'fill="#5d3310" font-family="{FONT}">BARREL</text>',
             f'<text x="60" y="142" font-size="11" text-anchor="middle" fill="#5d3310" '
             f'font-family="{FONT}">Bet Debt · step {step}</text>']
    return (_svg_open(width, round(width * vh / vw, 1), vw, vh,
                      f"Barrel card{who}: Bet Debt {debt}") + "".join(parts) + "</svg>")


def bet_card_svg(contract_title: str | None, *, holder: str | None = None,
                 width: int = 90) -> str:
    """The Current Bet card: the contract picked so far (``None``: no pick yet)."""
    vw, vh = 120, 150
    title = contract_title or "no pick yet"
    lines = _wrap(title, 10)[:4]
    parts = [f'<rect x="2" y="2" width="116" height="146" rx="12" fill="#e8f3ec" '
             f'stroke="{FELT}" stroke-width="3"/>',
             f'<text x="60" y="28" font-size="14" font-weight="700" text-anchor="middle" '
             f'fill="{FELT}" font-family="{FONT}">CURRENT BET</text>',
             f'<path d="M14 38 H106" stroke="{FELT}" stroke-width="2"/>']
    for i, line in enumerate(lines):
        parts.append(f'<text x="60" y="{62 + i * 21}" font-size="15" font-weight="700" '
                     f'text-anchor="middle" fill="#1b3a2c" font-family="{FONT}">'
                     f"{escape(line)}</text>")
    who = f" held by {holder}" if holder else ""
    return (_svg_open(width, round(width * vh / vw, 1), vw, vh, f"Current Bet card{who}: {title}")
            + "".join(parts) + "</svg>")


def _wrap(text: str, n: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= n:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
