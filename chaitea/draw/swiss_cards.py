"""Jass card faces as SVG: the Swiss-suited deck (Acorns, Shields, Bells, Roses) and a
French-suited option for the same 36 cards.

The suit signs are vector shapes drawn here (no image files): an acorn, a shield, a round
sleigh bell (the *Schelle*) and a rose, in the colours of Swiss cards. The 6 to 9 show their pips,
the 10 is the Banner (a flag bearing the suit), the Under, Ober and King are small figures (the
Under holds his suit sign low, the Ober high, as on Swiss cards) and the Ace shows one large
sign. ``faces="french"`` draws the same cards with clubs, diamonds, hearts and spades (the signs of
:mod:`chaitea.draw.svg_cards`), ranks 6 to 10, J, Q, K, A.

A face has the size of :func:`chaitea.draw.svg_cards.card_svg`'s (the 100x145 box), so a hand or
a trick keeps its layout; every card is named in words (``role="img"``, ``aria-label`` and a
``<title>``) and every text put in the markup is escaped.

>>> from chaitea.core.cards import JASS
>>> ober = JASS.parse("QH")
>>> jass_card_name(ober), jass_card_name(ober, faces="french")
('Ober of Bells', 'Queen of hearts')
>>> svg = jass_card_svg(ober)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="60"') and 'role="img"' in svg
True
>>> "<title>Ober of Bells</title>" in svg
True
>>> 'aria-label="hand: 6 of Acorns, Banner (10) of Roses"' in jass_hand_svg(["6C", "10S"])
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal

from chaitea.core.cards import JASS, JASS_DOUBLE, Card, Suit
from chaitea.core.markup import escape
from chaitea.draw.svg_cards import (
    _SUIT_PATHS,
    _TWO,
    CARD_EDGE,
    CARD_FACE,
    CH,
    CW,
    FONT,
    card_name,
    hand_svg,
    trick_svg,
)

__all__ = [
    "FACES",
    "Faces",
    "check_faces",
    "jass_card_name",
    "jass_card_svg",
    "jass_face_body",
    "jass_hand_svg",
    "jass_trick_svg",
    "sign_defs",
    "sign_id",
    "suit_sign",
]

Faces = Literal["swiss", "french"]
#: The face styles of the Jass deck; ``swiss`` is the default.
FACES: tuple[Faces, ...] = ("swiss", "french")

# ------------------------------------------------------------------ the suit signs (100x100 box)
_EDGE = "#3b2410"


def _rose() -> str:
    """Five red petals around a gold heart, green sepals between them."""
    cx, cy = 50, 52
    parts = []
    for k in range(5):
        a = math.radians(-54 + 72 * k)  # sepals between the petals
        x, y = cx + 44 * math.cos(a), cy + 44 * math.sin(a)
        parts.append(f'<path d="M{cx} {cy} L{x:.1f} {y:.1f}" stroke="#2e7d32" '
                     'stroke-width="11" stroke-linecap="round"/>')
    for k in range(5):
        a = math.radians(-90 + 72 * k)
        x, y = cx + 25 * math.cos(a), cy + 25 * math.sin(a)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="21" fill="#d32f2f" '
                     'stroke="#7f0000" stroke-width="3"/>')
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="20" fill="#e53935" stroke="#7f0000" '
                 'stroke-width="3"/>'
                 f'<circle cx="{cx}" cy="{cy}" r="10" fill="#fbc02d" stroke="#7f0000" '
                 'stroke-width="2.5"/>')
    return "".join(parts)


_SWISS_SIGNS = {
    Suit.CLUBS: (  # Acorns: a brown scaly cup on an olive-green nut, the stalk on top (no
        # gold: at a phone's card size a gold nut read as a Bell)
        '<path d="M50 3 V16" stroke="#3b2a0c" stroke-width="8" stroke-linecap="round"/>'
        '<path d="M21 42 Q19 92 50 98 Q81 92 79 42 Z" fill="#6b8e23" stroke="#2f3d0c" '
        'stroke-width="4"/>'
        '<path d="M34 56 Q32 76 43 88" fill="none" stroke="#b5cc6a" stroke-width="5" '
        'stroke-linecap="round"/>'
        '<path d="M16 45 Q16 15 50 15 Q84 15 84 45 Q50 54 16 45 Z" fill="#5a3d14" '
        'stroke="#2e1e06" stroke-width="4"/>'
        '<path d="M25 29 L75 29 M19 39 L81 39 M39 18 L32 46 M61 18 L68 46 M50 16 V49" '
        'stroke="#8a6a2a" stroke-width="3"/>'),
    Suit.DIAMONDS: (  # Shields: a blue-black shield, a red and gold band, a black boss (not
        # red all over: a Roses trick was read as Shields)
        '<path d="M9 7 H91 V45 Q91 82 50 97 Q9 82 9 45 Z" fill="#1f3c88" stroke="#0b1533" '
        'stroke-width="5"/>'
        '<path d="M11 40 H89 V54 H11 Z" fill="#fbc02d" stroke="#0b1533" stroke-width="3"/>'
        '<path d="M11 47 H89" stroke="#c62828" stroke-width="5"/>'
        '<circle cx="50" cy="47" r="7" fill="#111111"/>'),
    Suit.HEARTS: (  # Bells: a round gold sleigh bell, its band and slit dark
        '<path d="M38 19 Q38 3 50 3 Q62 3 62 19" fill="none" stroke="#5d4000" '
        'stroke-width="6"/>'
        '<circle cx="50" cy="58" r="38" fill="#f9c62b" stroke="#5d4000" stroke-width="4"/>'
        '<path d="M13 52 Q50 68 87 52" fill="none" stroke="#8a5a00" stroke-width="7"/>'
        '<ellipse cx="35" cy="38" rx="9" ry="6" fill="#fff3c4"/>'
        '<path d="M50 76 V95" stroke="#3a2600" stroke-width="5"/>'
        '<circle cx="50" cy="78" r="7" fill="#3a2600"/>'),
    Suit.SPADES: _rose(),  # Roses
}
# The index ink of each suit on the card face (dark enough on the cream face: WCAG AA) and the
# light tint of figures' clothes and the Ace's oval.
# Each suit its own hue (Acorns olive-brown, Shields blue, Bells gold-brown, Roses red).
_SWISS_INK = {Suit.CLUBS: "#4f5d12", Suit.DIAMONDS: "#1f3c88", Suit.HEARTS: "#7a5600",
              Suit.SPADES: "#c62828"}
_SWISS_TINT = {Suit.CLUBS: "#e2e8c4", Suit.DIAMONDS: "#d6def2", Suit.HEARTS: "#fbe9a6",
               Suit.SPADES: "#f9d2d4"}
_FRENCH_INK = _TWO  # the French faces' two colours (chaitea.draw.svg_cards)
_FRENCH_TINT = {Suit.CLUBS: "#dde3ea", Suit.DIAMONDS: "#f9d2d4", Suit.HEARTS: "#f9d2d4",
                Suit.SPADES: "#dde3ea"}

_INDEX = {"swiss": {10: "10", 11: "U", 12: "O", 13: "K", 14: "A"},
          "french": {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}}
_FRENCH_NAMES = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}


def check_faces(faces: str) -> Faces:
    """``faces`` checked: ``"swiss"`` or ``"french"`` (a ``ValueError`` otherwise)."""
    if faces not in FACES:
        raise ValueError(f"faces={faces!r}: use 'swiss' or 'french'")
    return "swiss" if faces == "swiss" else "french"


def suit_sign(suit: Suit, faces: Faces = "swiss") -> str:
    """The sign of ``suit`` as SVG shapes in a 100x100 box (no ``<svg>`` around it).

    >>> suit_sign(Suit.SPADES) != suit_sign(Suit.SPADES, "french")
    True
    """
    if check_faces(faces) == "swiss":
        return _SWISS_SIGNS[suit]
    return f'<g fill="{_FRENCH_INK[suit]}">{_SUIT_PATHS[suit]}</g>'


def sign_id(suit: Suit, faces: Faces = "swiss") -> str:
    """The element id of ``suit``'s sign in a drawing's ``<defs>``: each sign is drawn once per
    SVG and every pip, corner and figure sign is a ``<use>`` of it (a small page state).

    >>> sign_id(Suit.HEARTS), sign_id(Suit.HEARTS, "french")
    ('ctj-jsH', 'ctj-jfH')
    """
    return f"ctj-j{check_faces(faces)[0]}{suit.letter}"


def sign_defs(suits: Iterable[Suit], faces: Faces = "swiss") -> str:
    """The ``<defs>`` holding each of ``suits``' signs once (in the order of :class:`Suit`).

    >>> sign_defs([Suit.SPADES, Suit.SPADES]).count('id="ctj-jsS"')
    1
    """
    wanted = set(suits)
    return ("<defs>" + "".join(f'<g id="{sign_id(s, faces)}">{suit_sign(s, faces)}</g>'
                               for s in Suit if s in wanted) + "</defs>")


def _sign(suit: Suit, faces: Faces, cx: float, cy: float, size: float) -> str:
    """The sign centred on (cx, cy), ``size`` units wide: a ``<use>`` of :func:`sign_defs`."""
    k = size / 100
    return (f'<use href="#{sign_id(suit, faces)}" '
            f'transform="translate({cx - size / 2:g},{cy - size / 2:g}) scale({k:g})"/>')


# ------------------------------------------------------------------ names and indices
def jass_card_name(card: Card, faces: Faces = "swiss") -> str:
    """A Jass card in words: ``Ober of Bells``, ``Banner (10) of Acorns``; with French faces
    ``Queen of hearts``, ``10 of clubs``.

    >>> jass_card_name(JASS.parse("AS"), "french"), jass_card_name(JASS.parse("10C"))
    ('Ace of spades', 'Banner (10) of Acorns')
    """
    if check_faces(faces) == "swiss" or card.suit is None:
        return card_name(card, swiss=True)
    twin = " (second copy)" if card.copy else ""
    return f"{_FRENCH_NAMES.get(card.rank, str(card.rank))} of {card.suit.plural}{twin}"


def _index(card: Card, faces: Faces) -> str:
    return _INDEX[faces].get(card.rank, str(card.rank))


# ------------------------------------------------------------------ pips and pictures
# Pip centres in the 100x145 box, and the pip size, by rank.
_L, _R = 37.5, 62.5
_PIPS: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    # 2 to 5: the French deck's low cards (Oh Hell's 52 cards), laid out as on French cards
    2: (24, ((50, 32), (50, 113))),
    3: (22, ((50, 30), (50, 72.5), (50, 115))),
    4: (22, ((_L, 32), (_R, 32), (_L, 113), (_R, 113))),
    5: (21, ((_L, 32), (_R, 32), (50, 72.5), (_L, 113), (_R, 113))),
    6: (21, ((_L, 32), (_R, 32), (_L, 72.5), (_R, 72.5), (_L, 113), (_R, 113))),
    7: (19, ((_L, 30), (_R, 30), (50, 51), (_L, 75), (_R, 75), (_L, 115), (_R, 115))),
    8: (19, ((_L, 28), (_R, 28), (_L, 58), (_R, 58), (_L, 87), (_R, 87), (_L, 117), (_R, 117))),
    9: (18, ((_L, 27), (_R, 27), (_L, 56), (_R, 56), (50, 72.5), (_L, 89), (_R, 89), (_L, 118),
             (_R, 118))),
    10: (17, ((_L, 27), (_R, 27), (50, 42), (_L, 57), (_R, 57), (_L, 88), (_R, 88), (50, 103),
              (_L, 118), (_R, 118))),
}


def _pips(card: Card, faces: Faces) -> str:
    assert card.suit is not None
    size, spots = _PIPS[card.rank]
    return "".join(_sign(card.suit, faces, x, y, size) for x, y in spots)


def _banner(suit: Suit, ink: str, tint: str) -> str:
    """The Swiss 10: a flag on a pole, the suit sign on the flag."""
    return (f'<path d="M31 16 V132" stroke="{_EDGE}" stroke-width="4" stroke-linecap="round"/>'
            f'<circle cx="31" cy="14" r="4" fill="{ink}"/>'
            f'<path d="M33 22 H80 L70 50 L80 78 H33 Z" fill="{tint}" stroke="{ink}" '
            'stroke-width="3" stroke-linejoin="round"/>'
            + _sign(suit, "swiss", 53, 50, 34))


def _figure(card: Card, faces: Faces, ink: str, tint: str) -> str:
    """A simple standing figure for the Under (J), Ober (Q) and King: the Swiss Under holds
    his sign low and the Ober high; the King and the French figures wear it on the chest."""
    assert card.suit is not None
    rank = card.rank
    swiss = faces == "swiss"
    head = {11: 50, 12: 60, 13: 46}[rank] if swiss else 46
    neck, foot = head + 12, head + (62 if swiss and rank != 13 else 70)
    parts = [f'<path d="M30 {neck + 10} Q50 {neck - 2} 70 {neck + 10} L76 {foot} H24 Z" '
             f'fill="{tint}" stroke="{ink}" stroke-width="3" stroke-linejoin="round"/>',
             f'<path d="M27 {neck + 28} H73" stroke="{ink}" stroke-width="3"/>',
             f'<circle cx="50" cy="{head}" r="11" fill="#f6d7b8" stroke="{ink}" '
             'stroke-width="2.5"/>']
    if rank == 13 or (not swiss and rank == 12):  # a crown (the queen's smaller)
        top = head - (24 if rank == 13 else 19)
        parts.append(f'<path d="M38 {head - 8} L36 {top} L43 {top + 7} L50 {top - 2} '
                     f'L57 {top + 7} L64 {top} L62 {head - 8} Z" fill="#fbc02d" '
                     'stroke="#5d4000" stroke-width="2" stroke-linejoin="round"/>')
    else:  # a cap; the Ober's with a feather
        parts.append(f'<path d="M37 {head - 5} Q50 {head - 20} 63 {head - 5} Z" fill="{ink}"/>')
        if rank == 12:
            parts.append(f'<path d="M60 {head - 10} Q72 {head - 24} 70 {head - 30}" '
                         f'fill="none" stroke="{ink}" stroke-width="3" stroke-linecap="round"/>')
    if swiss and rank == 11:
        parts.append(_sign(card.suit, faces, 50, 124, 24))
    elif swiss and rank == 12:
        parts.append(_sign(card.suit, faces, 50, 24, 24))
    else:
        parts.append(_sign(card.suit, faces, 50, neck + 40, 22))
    return "".join(parts)


def _ace(suit: Suit, faces: Faces, ink: str, tint: str) -> str:
    return (f'<ellipse cx="50" cy="72.5" rx="34" ry="48" fill="{tint}" stroke="{ink}" '
            'stroke-width="2.5"/>'
            f'<ellipse cx="50" cy="72.5" rx="29" ry="43" fill="none" stroke="{ink}" '
            'stroke-width="1" stroke-dasharray="3 3"/>'
            + _sign(suit, faces, 50, 72.5, 54))


def _corner(card: Card, faces: Faces, ink: str) -> str:
    assert card.suit is not None
    label = _index(card, faces)
    fit = ' textLength="22" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    x = 5 if len(label) > 1 else 8
    return (f'<text x="{x}" y="25" font-size="23" font-weight="700" fill="{ink}" '
            f'font-family="{FONT}"{fit}>{escape(label)}</text>'
            + _sign(card.suit, faces, 14, 36, 13))


def jass_face_body(card: Card, faces: Faces = "swiss", *, defs: bool = True) -> str:
    """The inside of one Jass card face in the 100x145 box (for a hand, a trick or a card):
    its suit sign drawn once in ``<defs>`` and used for every pip (``defs=False`` leaves the
    ``<defs>`` out, for a drawing of several cards that holds :func:`sign_defs` once).

    >>> body = jass_face_body(JASS.parse("6C"))
    >>> body.count('scale(0.21)'), body.count(suit_sign(Suit.CLUBS))  # six pips, one sign
    (6, 1)
    """
    style = check_faces(faces)
    if card.suit is None:
        raise ValueError(f"{card} is not a card of the Jass deck")
    suit = card.suit
    ink = (_SWISS_INK if style == "swiss" else _FRENCH_INK)[suit]
    tint = (_SWISS_TINT if style == "swiss" else _FRENCH_TINT)[suit]
    parts = [f'<rect x="1.5" y="1.5" width="97" height="142" rx="9" fill="{CARD_FACE}" '
             f'stroke="{CARD_EDGE}" stroke-width="2.5"/>']
    if card.rank in (11, 12, 13):
        parts.append(_figure(card, style, ink, tint))
    elif card.rank == 14:
        parts.append(_ace(suit, style, ink, tint))
    elif card.rank == 10 and style == "swiss":
        parts.append(_banner(suit, ink, tint))
    else:
        parts.append(_pips(card, style))
    # the index once, turned for the other corner by a <use> of it
    corner = f"ctj-j{style[0]}i{card.label}{suit.letter}"
    parts.append(f'<g id="{corner}">{_corner(card, style, ink)}</g>'
                 f'<use href="#{corner}" transform="rotate(180 50 72.5)"/>')
    if card.copy:
        parts.append(f'<text x="7" y="139" font-size="10" fill="{ink}" font-family="{FONT}">'
                     "copy 2</text>")
    if defs:
        parts.append(sign_defs([suit], style))
    return "".join(parts)


# ------------------------------------------------------------------ whole drawings
def _as_jass(cards: Iterable[Card | str]) -> list[Card]:
    # a copy mark (JH') reads the six-player Schieber's double deck
    return [c if isinstance(c, Card) else (JASS_DOUBLE if c.endswith("'") else JASS).parse(c)
            for c in cards]


def _with_defs(svg: str, cards: Sequence[Card], faces: Faces) -> str:
    """``svg`` (ending ``</svg>``) with the signs of ``cards``' suits defined once, at its end
    (a ``<use>`` may point forward)."""
    suits = [c.suit for c in cards if c.suit is not None]
    if not suits:
        return svg
    return svg[: -len("</svg>")] + sign_defs(suits, faces) + "</svg>"


@lru_cache(maxsize=512)
def jass_card_svg(card: Card, width: int = 60, *, faces: Faces = "swiss",
                  aria: bool = True) -> str:
    """One Jass card face as a standalone SVG, ``width`` pixels wide, named in words
    (``aria=False`` hides it from screen readers, for a card inside a labelled button)."""
    body = jass_face_body(card, faces)
    size = f'width="{width:g}" height="{round(width * CH / CW, 1):g}" viewBox="0 0 {CW} {CH}"'
    if not aria:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" {size} aria-hidden="true" '
                f'focusable="false">{body}</svg>')
    name = escape(jass_card_name(card, faces))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" {size} role="img" aria-label="{name}">'
            f"<title>{name}</title>{body}</svg>")


def jass_hand_svg(cards: Iterable[Card | str], width: int = 60, *, faces: Faces = "swiss",
                  overlap: float = 0.0, label: str | None = None) -> str:
    """A row of Jass cards (the layout of :func:`~chaitea.draw.svg_cards.hand_svg`)."""
    style = check_faces(faces)
    cs = _as_jass(cards)
    svg = hand_svg(cs, width, overlap=overlap, label=label,
                   face=lambda c: jass_face_body(c, style, defs=False),
                   name=lambda c: jass_card_name(c, style))
    return _with_defs(svg, cs, style)


def jass_trick_svg(cards: Sequence[Card | str], seats: Sequence[int] | None = None,
                   winner: int | None = None, *, names: Sequence[str] | None = None,
                   width: int = 60, faces: Faces = "swiss") -> str:
    """A Jass trick (the layout of :func:`~chaitea.draw.svg_cards.trick_svg`)."""
    style = check_faces(faces)
    cs = _as_jass(cards)
    svg = trick_svg(cs, seats, winner, names=names, width=width,
                    face=lambda c: jass_face_body(c, style, defs=False),
                    name=lambda c: jass_card_name(c, style))
    return _with_defs(svg, cs, style)
