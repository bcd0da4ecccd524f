"""Card drawings (chaitea.draw.svg), the rich reprs and the CardStrip widget."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import chaitea
from chaitea import JASS, SIX_PLAYER, STANDARD, Card
from chaitea.draw import svg as S
from chaitea_widgets import CardStrip, StripItem
from chaitea_widgets.strip import card_class
from tests.widgets.conftest import browser_click, enabled_cards


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML, or this raises


@pytest.mark.parametrize("deck", [STANDARD, SIX_PLAYER, JASS, chaitea.DOUBLE])
def test_every_card_is_drawn_as_labelled_svg(deck):
    for card in deck.cards:
        svg = S.card_svg(card)
        root = _parse(svg)
        assert root.get("role") == "img"
        assert root.get("aria-label") == S.card_name(card)
        if not card.is_joker:
            assert f">{S._SWISS_FACES.get(card.rank, card.label) if card.jass else card.label}<" \
                in svg


def test_card_names_read_aloud():
    assert S.card_name(Card.parse("7H")) == "7 of hearts"
    assert S.card_name(Card.parse("JK1")) == "Joker 1"
    assert S.card_name(Card.parse("7H'")) == "7 of hearts (second copy)"
    assert S.card_name(JASS.parse("QS")) == "Ober of Roses"
    assert S.card_name(JASS.parse("10C")) == "Banner (10) of Acorns"
    assert S.card_name(JASS.parse("QS"), swiss=False) == "Ober of spades"


def test_four_colour_option_changes_the_ink():
    two = S.card_svg(Card.parse("5D"))
    four = S.card_svg(Card.parse("5D"), four_colour=True)
    assert "#c62828" in two and "#1457b8" not in two
    assert "#1457b8" in four  # diamonds blue
    assert "#1b7a32" in S.card_svg(Card.parse("5C"), four_colour=True)  # clubs green


def test_jass_cards_show_swiss_suits_and_faces():
    under = JASS.parse("JH")
    svg = S.card_svg(under)
    assert ">U<" in svg and "Bells" in svg
    assert "Roses" in S.card_svg(JASS.parse("9S"))
    assert S.suit_colour(chaitea.Suit.CLUBS, swiss=True) != S.suit_colour(chaitea.Suit.CLUBS)


def test_joker_card_and_back():
    svg = S.card_svg(Card.parse("JK2"))
    assert "JOKER" in svg and 'aria-label="Joker 2"' in svg
    back = S.card_back_svg()
    assert 'aria-label="face-down card"' in back
    _parse(back)


def test_stack_shows_face_down_card_under_face_up_card():
    svg = S.stack_svg(Card.parse("3C"), Card.parse("8D"))
    _parse(svg)
    assert "8 of diamonds on a face-down card" in svg
    assert "3 of clubs" not in svg  # hidden face
    open_svg = S.stack_svg(Card.parse("3C"), Card.parse("8D"), face_down=False)
    assert "3 of clubs face down" in open_svg
    assert "empty stack" in S.stack_svg(None, None)


def test_hand_trick_and_pad_reprs():
    hand = S.Hand(["9C", "2H", "7C"])
    assert len(hand) == 3 and next(iter(hand)) == Card.parse("9C")
    root = _parse(hand._repr_svg_())
    assert "9 of clubs" in (root.get("aria-label") or "")
    trick = S.Trick(["9C", "2H", "7C"], winner=1, names=["Aslan", "Leo", "Mufasa"])
    svg = trick._repr_svg_()
    _parse(svg)
    assert "Leo: 2 of hearts (wins)" in svg and "Leo ★" in svg
    state = chaitea.Game(players=3).new_initial_state(seed=1)
    html = S.PadView(state)._repr_html_()
    assert html.count('class="ctj-pad-row"') == 4 and "Seat 0" in html
    assert "<svg" in Card.parse("7H")._repr_svg_()
    assert "Round 1" in state._repr_html_()


def test_trick_from_record_and_state_html_in_play():
    state = chaitea.Game(players=3).round_state(4, 0, "under")
    while not state.tricks:
        state.apply_action(state.legal_actions()[0])
    t = S.Trick.from_record(state.tricks[0], names=state.names)
    assert t.winner == state.tricks[0].winner
    assert state.tricks[0].reason.split(":")[0] in S.state_html(state)


def test_pad_html_of_a_finished_row():
    pad = chaitea.Pad(chaitea.parse_setup("standard"), 3)
    u = pad.row_index("under")
    pad.record(u, 0, 59)
    pad.record(u, 2, 33)
    pad.record(u, 1, 75)
    html = S.pad_html(pad, ["Aslan", "Leo", "Mufasa"])
    found = re.search(r'data-row="under".*?</tr>', html)
    assert found is not None
    row = found.group(0)
    assert ">59</b>" in row and ">75</b>" in row and ">33</b>" in row
    assert "1st" in row and "3rd" in row
    assert "+2" in row and "−2" in row and "±0" in row


def test_barrel_and_bet_cards():
    assert "Bet Debt 20" in S.barrel_svg(20, 5, holder="Aslan")
    assert "Trump (Hearts)" in S.bet_card_svg("Trump (Hearts)", holder="Mufasa")
    _parse(S.barrel_svg(0))
    _parse(S.bet_card_svg(None))


# ------------------------------------------------------------------ CardStrip
def test_strip_renders_buttons_with_labels_and_classes():
    strip = CardStrip(["9C", "2H", "7H'"], label="my hand")
    html = strip.html
    assert html.count("<button") == 3
    assert 'aria-label="my hand"' in html
    assert 'data-card="7H&#x27;"' in html and card_class("7H'") == "ctj-card-7Hp"
    assert 'class="ctj-card ctj-card-2H"' in html
    assert 'aria-label="2 of hearts"' in html
    # every card's svg is inside its button and hidden from screen readers (the button speaks)
    assert html.count('aria-hidden="true"') == 3


def test_strip_playable_and_refused_cards():
    strip = CardStrip()
    strip.set_cards(["9C", "2H", "7C"], playable={"2H"})
    assert enabled_cards(strip) == ["2H"]
    assert 'aria-disabled="true"' in strip.html
    assert "cannot be played now" in strip.html


def test_strip_clicks_reach_python_from_the_browser_message():
    strip = CardStrip(["9C", "2H"])
    got: list[str] = []
    strip.on_click(got.append)
    browser_click(strip, "2H")
    strip._handle_custom_msg({"event": "click", "card": 7}, [])  # malformed: ignored
    strip._handle_custom_msg({"event": "other"}, [])
    strip._handle_custom_msg("junk", [])
    assert got == ["2H"]


def test_strip_handler_errors_do_not_escape():
    strip = CardStrip(["9C"])
    strip.on_click(lambda _c: 1 / 0)
    browser_click(strip, "9C")  # logged, not raised


def test_display_only_strip_uses_labelled_images():
    strip = CardStrip(interactive=False)
    strip.set_items([StripItem(card=Card.parse("9C"), caption="Aslan"),
                     StripItem(kind="back", caption="12 cards"),
                     StripItem(kind="break"),
                     StripItem(kind="label", text="Straw"),
                     StripItem(kind="stack", card=Card.parse("8D"), down=Card.parse("1S"))])
    html = strip.html
    assert "<button" not in html
    assert 'role="img" aria-label="9 of clubs, Aslan"' in html
    assert "face-down card, 12 cards" in html
    assert "8 of diamonds on a face-down card" in html
    assert "1 of spades" not in html
    assert strip.card_ids == ["9C", "8D"]


def test_empty_strip_says_so():
    strip = CardStrip(empty="no card yet")
    assert "no card yet" in strip.html
