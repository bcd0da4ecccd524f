"""Swiss- and French-suited Jass card faces: every card drawn, named, told apart."""

from __future__ import annotations

import colorsys
import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest

from chaitea.core.cards import FRENCH, JASS, JASS_DOUBLE, Card, Suit
from chaitea.draw import JassHand, JassTrick
from chaitea.draw import svg_cards as SC
from chaitea.draw import swiss_cards as W

NS = "{http://www.w3.org/2000/svg}"
RANK_WORDS = {
    "swiss": {6: "6", 7: "7", 8: "8", 9: "9", 10: "Banner (10)", 11: "Under", 12: "Ober",
              13: "King", 14: "Ace"},
    "french": {6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "Jack", 12: "Queen", 13: "King",
               14: "Ace"},
}
SUIT_WORDS = {"swiss": ("Acorns", "Shields", "Bells", "Roses"),
              "french": ("clubs", "diamonds", "hearts", "spades")}
INDEX = {"swiss": {10: "10", 11: "U", 12: "O", 13: "K", 14: "A"},
         "french": {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}}


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # our own markup


def _uses(svg: str) -> list[str]:
    """The ids the ``<use>`` elements of ``svg`` point to, each checked to be defined in the same
    drawing (a card's markup holds its own signs, wherever the page puts it)."""
    root = _parse(svg)
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    hrefs = [str(u.get("href"))[1:] for u in root.iter(f"{NS}use")]
    assert set(hrefs) <= ids, set(hrefs) - ids
    return hrefs


@pytest.mark.parametrize("faces", W.FACES)
def test_every_card_is_wellformed_and_named(faces):
    seen = set()
    for card in JASS.cards:
        assert card.suit is not None
        svg = W.jass_card_svg(card, faces=faces)
        root = _parse(svg)
        name = f"{RANK_WORDS[faces][card.rank]} of {SUIT_WORDS[faces][card.suit]}"
        assert root.tag == f"{NS}svg"
        assert root.get("role") == "img"
        assert root.get("aria-label") == name == W.jass_card_name(card, faces)
        title = root.find(f"{NS}title")
        assert title is not None and title.text == name
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == \
            ("60", "87", "0 0 100 145")  # the size of the French faces of svg_cards
        texts = [t.text for t in root.iter(f"{NS}text")]
        assert texts == [INDEX[faces].get(card.rank, str(card.rank))]  # the top corner ...
        corner = next(g for g in root.iter(f"{NS}g") if g.find(f"{NS}text") is not None)
        turned = [u for u in root.iter(f"{NS}use") if u.get("href") == f"#{corner.get('id')}"]
        assert [u.get("transform") for u in turned] == ["rotate(180 50 72.5)"]  # ... turned
        _uses(svg)
        seen.add(svg)
    assert len(seen) == 36  # every face its own


@pytest.mark.parametrize("faces", W.FACES)
def test_every_card_of_the_french_deck_draws_with_its_pips(faces):
    """The 52-card French deck (Oh Hell) holds 2 to 5, which the Jass deck does not: each low
    card shows as many suit signs as its rank, and all 52 faces differ."""
    seen = set()
    for card in FRENCH.cards:
        assert card.suit is not None
        svg = W.jass_card_svg(card, faces=faces)
        _parse(svg)
        if card.rank <= 5:
            assert svg.count(f"scale({W._PIPS[card.rank][0] / 100:g})") == card.rank
        seen.add(svg)
    assert len(seen) == 52


def test_swiss_and_french_faces_differ_and_sizes_match_svg_cards():
    for card in JASS.cards:
        swiss, french = W.jass_card_svg(card), W.jass_card_svg(card, faces="french")
        assert swiss != french
        old = _parse(SC.card_svg(card, 60))
        assert _parse(swiss).get("height") == old.get("height")


def test_suit_signs_differ_by_suit_and_style():
    signs = {W.suit_sign(s, f) for s in Suit for f in W.FACES}
    assert len(signs) == 8
    for s in Suit:  # a face shows its own suit's sign and no other
        body = W.jass_face_body(JASS.parse(f"7{s.letter}"))
        assert W.suit_sign(s) in body
        assert all(W.suit_sign(o) not in body for o in Suit if o != s)


def test_pips_banner_figures_and_ace():
    def signs(text: str, faces: W.Faces = "swiss") -> int:
        card = JASS.parse(text)
        assert card.suit is not None
        body = W.jass_face_body(card, faces)
        assert body.count(W.suit_sign(card.suit, faces)) == 1  # drawn once, in <defs>
        # the index corner is drawn once and turned into the other corner by a <use>
        assert body.count('transform="rotate(180 50 72.5)"') == 1
        return body.count(f'href="#{W.sign_id(card.suit, faces)}"') + 1

    for rank in (6, 7, 8, 9):  # the pips, and a small sign in each corner
        assert signs(f"{rank}S") == rank + 2
        assert signs(f"{rank}H", "french") == rank + 2
    assert signs("10S", "french") == 12  # French 10: ten pips
    assert signs("10S") == 3  # Swiss 10: the Banner bears one sign
    for text in ("JC", "QC", "KC", "AC"):
        assert signs(text) == 3 and signs(text, "french") == 3
    # the Under holds his sign low, the Ober high
    under = W.jass_face_body(JASS.parse("JD"))
    ober = W.jass_face_body(JASS.parse("QD"))
    assert "translate(38,112)" in under and "translate(38,12)" in ober


def test_copies_of_the_double_deck_are_marked():
    card = JASS_DOUBLE.parse("JH'")
    svg = W.jass_card_svg(card)
    assert _parse(svg).get("aria-label") == "Under of Bells (second copy)"
    assert "copy 2" in svg and svg != W.jass_card_svg(JASS.parse("JH"))
    assert W.jass_card_name(card, "french") == "Jack of hearts (second copy)"


def test_aria_off_and_bad_style():
    root = _parse(W.jass_card_svg(JASS.parse("6C"), 48, aria=False))
    assert root.get("aria-hidden") == "true" and root.get("aria-label") is None
    assert root.find(f"{NS}title") is None
    with pytest.raises(ValueError):
        W.jass_card_svg(JASS.parse("6C"), faces="german")
    with pytest.raises(ValueError):
        JassHand(["6C"], faces="tarot")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        W.jass_face_body(Card.parse("JK1"))


def test_hand_and_trick_keep_the_layout_of_svg_cards():
    cards = ["6C", "10D", "JH", "QS", "AC"]
    jass = [JASS.parse(c) for c in cards]
    for faces in W.FACES:
        new = _parse(W.jass_hand_svg(cards, faces=faces))
        old = _parse(SC.hand_svg(jass))
        assert (new.get("width"), new.get("height"), new.get("viewBox")) == \
            (old.get("width"), old.get("height"), old.get("viewBox"))
        trick = _parse(W.jass_trick_svg(cards[:4], [1, 2, 3, 0], 2, faces=faces))
        old_trick = _parse(SC.trick_svg(jass[:4], [1, 2, 3, 0], 2))
        assert trick.get("viewBox") == old_trick.get("viewBox")
    label = _parse(W.jass_hand_svg(cards, faces="french")).get("aria-label")
    assert label == ("hand: 6 of clubs, 10 of diamonds, Jack of hearts, Queen of spades, "
                     "Ace of clubs")


def test_jass_views_take_faces():
    hand = JassHand(["JH", "9H", "AS"])
    assert hand.faces == "swiss"
    svg = hand._repr_svg_()
    assert _parse(svg).get("aria-label") == "hand: Under of Bells, 9 of Bells, Ace of Roses"
    assert W.jass_face_body(JASS.parse("JH"), defs=False) in svg
    french = JassHand(["JH", "9H", "AS"], faces="french")._repr_svg_()
    assert W.jass_face_body(JASS.parse("JH"), "french", defs=False) in french
    assert "Jack of hearts" in french and "Bells" not in french
    trick = JassTrick(["9S", "JS"], winner=1, names=["Aslan", "Leo"], faces="french")
    text = trick._repr_svg_()
    assert "Leo: Jack of spades (wins)" in text
    _parse(text)


def test_a_jass_state_draws_swiss_faces():
    from chaitea.rulesets import jass_game

    state = jass_game("schieber").new_initial_state(seed=2)
    state.apply_action("trump(H)")
    state.apply_action(state.legal_actions()[0])
    hand = state.hand_view(1)._repr_svg_()
    _parse(hand)
    first = state.hand(1)[0]
    assert W.jass_face_body(first if isinstance(first, Card) else JASS.parse(first),
                            defs=False) in hand
    trick = state.trick_view()._repr_svg_()
    _parse(trick)
    assert "<title>" not in trick  # one name for the whole trick: its aria-label
    french = JassTrick.of(state, faces="french")._repr_svg_()
    assert french != trick and any(w in french for w in SUIT_WORDS["french"])


def test_names_are_escaped():
    svg = W.jass_trick_svg(["6C"], names=['<b x="1">&'])
    root = _parse(svg)
    assert "<b" not in svg and root.get("aria-label") == 'trick: <b x="1">&: 6 of Acorns'


@pytest.mark.parametrize("faces", W.FACES)
def test_a_drawing_defines_each_suit_sign_once(faces):
    """The page budget (170 KB a lesson page, tests/test_jass_page_state.py): a hand or a trick
    holds each suit's sign once, every pip a ``<use>`` of it; 9 pips and 2 corner signs of the
    9 of Roses once cost 12 KB of markup."""
    cards = [c for c in JASS.cards if c.suit is Suit.SPADES] + [JASS.parse("6H")]
    hand = W.jass_hand_svg(cards, faces=faces)
    trick = W.jass_trick_svg(cards[:4], [0, 1, 2, 3], 1, faces=faces)
    for svg, suits in ((hand, (Suit.SPADES, Suit.HEARTS)), (trick, (Suit.SPADES,))):
        for s in Suit:
            assert svg.count(W.suit_sign(s, faces)) == (s in suits)
        hrefs = _uses(svg)
        assert hrefs.count(W.sign_id(Suit.SPADES, faces)) > 4 * 3  # pips, corners, figures
    for card in JASS.cards:
        assert len(W.jass_card_svg(card, 100, faces=faces, aria=False)) <= 2_500, card
    assert len(hand) <= 12_000, len(hand)


# ------------------------------------------------------------------ the suits' main colours
def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def _lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour: distances in it follow what eyes see (CIE76)."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in _rgb(hex_colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _area(el: ET.Element) -> float:
    """The filled area of one shape of a sign (its bounding box for a path), 100x100 box."""
    tag = el.tag.rsplit("}", 1)[-1]
    if tag == "circle":
        return math.pi * float(el.get("r", 0)) ** 2
    if tag == "ellipse":
        return math.pi * float(el.get("rx", 0)) * float(el.get("ry", 0))
    if tag == "rect":
        return float(el.get("width", 0)) * float(el.get("height", 0))
    xs: list[float] = []
    ys: list[float] = []
    cmd = "M"
    numbers: list[float] = []
    for token in re.findall(r"[A-Za-z]|-?\d+(?:\.\d+)?", el.get("d", "")):
        if token.isalpha():
            cmd = token
            continue
        numbers.append(float(token))
        if cmd == "H":
            xs.append(numbers.pop())
        elif cmd == "V":
            ys.append(numbers.pop())
        elif len(numbers) == 2:
            xs.append(numbers[0])
            ys.append(numbers[1])
            numbers.clear()
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) * 0.75 if xs and ys else 0.0


def dominant_fill(suit: Suit) -> str:
    """The fill that covers most of a Swiss suit sign (strokes and unfilled lines aside)."""
    sign = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{W.suit_sign(suit)}</svg>')
    areas: dict[str, float] = {}
    for el in sign.iter():
        fill = el.get("fill")
        if fill and fill.startswith("#"):
            areas[fill.lower()] = areas.get(fill.lower(), 0.0) + _area(el)
    return max(areas, key=lambda k: areas[k])


def test_the_four_swiss_suits_have_distinct_main_colours():
    """A Roses trick was miscounted as Shields (both red) and Bells looked like Acorns (small
    and gold at a phone's card size): each suit's sign has its own main colour, its hue
    recognisable (Roses red, Bells gold-yellow, Acorns brown-green, Shields blue-black), and
    every two differ by a clear margin (CIE76 distance over 45)."""
    main = {s: dominant_fill(s) for s in Suit}
    for a, b in itertools.combinations(Suit, 2):
        distance = math.dist(_lab(main[a]), _lab(main[b]))
        assert distance > 45, (a, b, main[a], main[b], round(distance, 1))
    hue = {s: colorsys.rgb_to_hsv(*_rgb(c))[0] * 360 for s, c in main.items()}
    assert hue[Suit.SPADES] < 15 or hue[Suit.SPADES] > 345  # Roses: red
    assert 40 <= hue[Suit.HEARTS] <= 60  # Bells: gold-yellow
    assert 60 <= hue[Suit.CLUBS] <= 110  # Acorns: brown-green
    assert 200 <= hue[Suit.DIAMONDS] <= 250  # Shields: blue
    # the index letters in each suit's own ink, as distinct as the signs
    inks = {s: re.search(r'<text[^>]*fill="(#[0-9a-f]+)"', W.jass_face_body(
        JASS.parse(f"A{s.letter}"))) for s in Suit}
    colours = {s: m.group(1) for s, m in inks.items() if m}
    assert len(set(colours.values())) == 4
