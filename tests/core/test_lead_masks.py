"""The follow rules as masks (:func:`chaitea.core.following.lead_masks`) against the rules' own
``legal`` functions, for every rule, deck and trump (the one play step of every game,
:mod:`chaitea.engine.play_step`, keeps the next seat's legal mask from them; RULES F, D6, D7,
RULES J).

A follower holding ``h`` may play ``f | h & beside`` (``f = h & led``) if ``f`` and ``f`` is not
the exception, else ``h``; less the cards the trick's cards bar, unless ``h & beside == h``.
"""

from __future__ import annotations

import random

import pytest

from chaitea.core.cards import Deck, deck_named
from chaitea.core.following import FOLLOW_RULES, lead_masks

DECKS = ("standard", "six-player", "double", "jass", "jass-double")


def masks_legal(masks: tuple[tuple[int, int, int, tuple[int, ...]], ...], deck: Deck,
                hand: int, trick: list[int]) -> int:
    """The legal mask as the play step computes it from the masks."""
    led = -1
    for c in trick:  # the first suited card sets the led suit (a Joker lead none, D6)
        led = deck.suit_of[c]
        if led >= 0:
            break
    fm, px, tm, barred = masks[led]  # led -1: the fifth entry, any card
    fb = 0
    for c in trick:
        fb |= barred[c]
    f = hand & fm
    a = f | hand & tm if f and f != px else hand
    if fb and hand & tm != hand:
        a &= ~fb
    return a


@pytest.mark.parametrize("deck_name", DECKS)
@pytest.mark.parametrize("rule", sorted(FOLLOW_RULES))
def test_masks_give_the_rules_legal_mask(rule: str, deck_name: str) -> None:
    deck = deck_named(deck_name)
    rng = random.Random(f"{rule}/{deck_name}")
    for trump in (-1, 0, 1, 2, 3):
        follow = FOLLOW_RULES[rule].bind(deck, trump)
        masks = lead_masks(follow)
        if masks is None:  # not of the masks' shape: the play step uses follow.legal
            assert trump >= 0 and (rule == "mittlere" or deck_name == "jass-double"), \
                (rule, deck_name, trump)
            continue
        assert len(masks) == 5 and lead_masks(follow) is masks  # cached
        tm = deck.suit_masks[trump] if trump >= 0 else 0
        differed = 0
        for _ in range(1500):
            order = list(range(deck.size))
            rng.shuffle(order)
            trick = order[:rng.randint(0, 5)]
            rest = order[len(trick):]
            if tm and rng.random() < 0.2:  # hands of only trumps, or of no trumps
                only = rng.random() < 0.5
                rest = [c for c in rest if bool(tm >> c & 1) == only]
            hand = sum(1 << c for c in rest[:rng.randint(1, 12)])
            if not hand:
                continue
            led = next((s for s in (deck.suit_of[c] for c in trick) if s >= 0), -1)
            want = follow.legal(hand, led, trick)
            assert masks_legal(masks, deck, hand, trick) == want, (
                rule, deck_name, trump, deck.cards_of(hand), [str(deck.cards[c]) for c in trick])
            differed += want != hand
        assert differed > 50, (rule, deck_name, trump)  # the duties were met, not only "any"


def test_jass_masks_hold_the_puur_exception_and_no_undertrumping() -> None:
    deck = deck_named("jass")
    masks = lead_masks(FOLLOW_RULES["jass"].bind(deck, 2))  # Roses (H) trump
    assert masks is not None
    _led, puur, _beside, _barred = masks[2]
    assert [str(c) for c in deck.cards_of(puur)] == ["JH"]
    _led, exception, _beside, barred = masks[0]
    assert exception == -1
    assert [str(c) for c in deck.cards_of(barred[deck.index_of("9H")])] == [
        "6H", "7H", "8H", "10H", "QH", "KH", "AH"]
