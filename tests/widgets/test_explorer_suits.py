"""The deal and ranking explorers name the suits one way per deck. The Jass deck
(Swiss suits) said "Trump (Hearts)" beside "Trump is Bells" and kept the French symbols on the
led-suit buttons; now it says Acorns, Shields, Bells, Roses throughout, the others the French
suits and symbols."""

from __future__ import annotations

import re

import pytest

from chaitea import Suit, deck_named
from chaitea_widgets import DealExplorer, RankingExplorer

FRENCH = re.compile(r"hearts|clubs|diamonds|spades|[♣♦♥♠]", re.IGNORECASE)


def test_ranking_explorer_names_the_swiss_suits_on_the_jass_deck() -> None:
    r = RankingExplorer(contract="trump-slalom(H,high)", deck="jass", led="C")
    assert r.explain.value.startswith("<b>Trump Slalom (Bells, start high)</b>")
    assert "Trump is Bells" in r.explain.value
    assert [label for label, _ in r.led.options] == ["any", "Acorns", "Shields", "Bells", "Roses"]
    assert list(r.led.tooltips[1:]) == ["Acorns led", "Shields led", "Bells led", "Roses led"]
    assert r.led.value == "C"
    words = " ".join([r.explain.value, *(label for label, _ in r.led.options),
                      *r.led.tooltips, *(label for label, _ in r.controls.suit.options)])
    assert not FRENCH.search(words), FRENCH.search(words)


def test_ranking_explorer_keeps_the_french_suits_on_the_other_decks() -> None:
    r = RankingExplorer(contract="trump(H)", deck="jass", led="H")
    for deck in ("standard", "six-player", "double"):
        assert r.set_deck(deck), r.message
        assert r.explain.value.startswith("<b>Trump (Hearts)</b>")
        assert "Trump is hearts" in r.explain.value
        assert [label for label, _ in r.led.options] == ["any", "♣", "♦", "♥", "♠"]
        assert r.led.tooltips[3] == "hearts led" and r.led.value == "H"
        assert next(c for c in r.order if not c.startswith("JK")).rstrip("'").endswith("H")


def test_deal_explorer_sort_note_names_the_trump_as_the_deck_does() -> None:
    ex = DealExplorer(players=3, seed=7, contract="trump(H)")
    assert "<b>Trump (Hearts)</b>" in ex.sort_note.value
    ex.deck.value = "jass"
    assert "<b>Trump (Bells)</b>" in ex.sort_note.value
    assert not FRENCH.search(ex.sort_note.value + ex.summary.value)


@pytest.mark.parametrize("suit", list(Suit))
def test_contract_title_and_led_options_per_deck(suit: Suit) -> None:
    from chaitea import Contract
    from chaitea_widgets.explore_shared import contract_title, led_options

    c = Contract.parse(f"trump-pyramid({suit.letter},low)")
    assert contract_title(c, deck_named("jass")) == c.title.replace(
        suit.plural.capitalize(), suit.swiss)
    assert contract_title(c, deck_named("standard")) == c.title
    assert (suit.swiss, suit.letter) in led_options(deck_named("jass"))[0]
    assert (suit.symbol, suit.letter) in led_options(deck_named("standard"))[0]
