"""Following: which cards may be played to a trick, one rule per family (RULES F, D6, D7; RULES J).

A :class:`FollowRule` is bound to a deck and the trump suit in force (:meth:`FollowRule.bind`);
the bound :class:`Follow` answers, from a hand mask (two players: hand and face-up straw cards,
D7), the led suit and the card ids already in the trick, the legal mask (:attr:`Follow.legal`)
and, for a card outside it, the refusal's reason (:attr:`Follow.refusal`). The reason is read from
the duty that :attr:`Follow.legal` applied, so the two never disagree (``tests/core`` checks it).

Rules (:data:`FOLLOW_RULES`):

- ``chai-tea-jazz`` (RULES F): follow the led suit if able; a trump may be played instead; to a
  trump lead a trump must be played; a Joker may always be played and never counts as a suit
  (D6); otherwise any card.
- ``jass`` (RULES J): follow the led suit or trump freely, but no undertrumping: a trump weaker
  than the highest trump already in the trick may not be played, by a player void in the led
  suit too, unless the hand holds only trumps; to a trump lead a trump must be played, with no
  duty to overtrump, except that a player whose only trump is the Puur (trump J) may play any
  card; no duty to trump or to win.
- ``plain``: follow the led suit if able, otherwise any card (no trump privilege).
- ``mittlere`` (the text, Mittlere and Molotow): as ``jass``, except that the undertrumping
  rule does not bind a player void in the led suit ("A regra do undertrumping não se aplica a
  um jogador caso este jogador não tenha em sua mão cartas do mesmo naipe que a carta que
  abriu a rodada"): only a player who could follow and trumps instead may not undertrump.

>>> from chaitea.core.cards import JASS
>>> follow = FOLLOW_RULES["jass"].bind(JASS, 1)  # trump diamonds (RULES J)
>>> hand = JASS.mask_of(["AD", "9D", "6D", "10S"])
>>> trick = [JASS.index_of(c) for c in ("6C", "JD", "10D")]
>>> [str(c) for c in JASS.cards_of(follow.legal(hand, 0, trick))]
['10S']
>>> follow.refusal(JASS.index_of("AD"), hand, 0, trick)[:68]
'AD refused: no undertrumping: JD is the highest trump (Shields) in t'

A player void in the led suit (Acorns) may undertrump in Mittlere, not in Jass:

>>> void = JASS.mask_of(["6D", "10S"])
>>> [[str(c) for c in JASS.cards_of(FOLLOW_RULES[r].bind(JASS, 1).legal(void, 0, trick))]
...  for r in ("jass", "mittlere")]
[['10S'], ['6D', '10S']]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial

from chaitea.core.cards import Deck, Suit
from chaitea.core.errors import SetupError
from chaitea.core.orders import Order, rank_strength

__all__ = ["FOLLOW_RULES", "Follow", "FollowRule", "Lead", "follow_rule",
           "lead_masks"]

Legal = Callable[[int, int, Sequence[int]], int]
Refusal = Callable[[int, int, int, Sequence[int]], "str | None"]
#: A follow rule as masks for one led suit, read by the play step (:mod:`chaitea.engine.
#: play_step`): (the led suit's mask, the exception's mask or -1, the mask of the cards allowed
#: beside the led suit, per card id the cards a follower may no longer play once it is in the
#: trick). A follower holding ``h`` may play ``a``: with ``f = h & led``, ``a = f | h & beside``
#: if ``f`` and ``f != exception``, else ``a = h``; then less the union of ``no_longer[c]`` over
#: the trick's cards unless ``h & beside == h`` (Jass: a hand of only trumps may undertrump).
Lead = tuple[int, int, int, tuple[int, ...]]


@dataclass(frozen=True)
class Follow:
    """A follow rule bound to a deck and a trump suit (-1: none).

    ``legal(hand, led, trick)``: the mask of the cards of ``hand`` that may be played, ``led`` the
    led suit (-1 while no suit is led), ``trick`` the card ids already played.
    ``refusal(card, hand, led, trick)``: ``None`` when the card id ``card`` (held in ``hand``) is
    legal, else the reason in words, naming the rule.
    """

    rule: str
    trump: int
    legal: Legal
    refusal: Refusal
    deck: Deck

    def __reduce__(self) -> tuple[Callable[[str, Deck, int], Follow], tuple[str, Deck, int]]:
        # the two functions are closures over the bound tables: pickle the binding instead
        return (_rebind, (self.rule, self.deck, self.trump))


def _rebind(rule: str, deck: Deck, trump: int) -> Follow:
    return _bind(FOLLOW_RULES[rule], deck, trump)


@dataclass(frozen=True)
class FollowRule:
    """One family's following rule as a value; :meth:`bind` builds (and caches) its tables."""

    name: str
    title: str
    _build: Callable[[Deck, int], tuple[Legal, Refusal]]

    def bind(self, deck: Deck, trump: int = -1) -> Follow:
        """The rule for ``deck`` with ``trump`` (0..3, or -1) in force. Cached."""
        return _bind(self, deck, trump)


@cache
def _bind(rule: FollowRule, deck: Deck, trump: int) -> Follow:
    legal, refusal = rule._build(deck, trump)
    return Follow(rule.name, trump, legal, refusal, deck)


def lead_masks(follow: Follow) -> tuple[Lead, ...] | None:
    """The bound rule as :data:`Lead` masks, one per led suit 0..3 and a fifth for no suit led
    yet (index 4, or -1: any card), or ``None`` when the rule is not of that shape (the
    ``mittlere`` rule with a trump in force, the Jass double deck's two Puurs). Cached per
    binding; ``tests/core/test_lead_masks.py`` holds every rule's masks to its ``legal``.

    >>> from chaitea.core.cards import JASS
    >>> led, puur, trumps, weaker = lead_masks(FOLLOW_RULES["jass"].bind(JASS, 2))[2]
    >>> [str(c) for c in JASS.cards_of(puur)]  # Roses (H) trump and led: the Puur exception
    ['JH']
    >>> led, puur, trumps, weaker = lead_masks(FOLLOW_RULES["jass"].bind(JASS, 2))[0]
    >>> puur, [str(c) for c in JASS.cards_of(weaker[JASS.index_of("9H")])]
    (-1, ['6H', '7H', '8H', '10H', 'QH', 'KH', 'AH'])
    """
    return _lead_masks(follow.rule, follow.deck, follow.trump)


@cache
def _lead_masks(rule: str, deck: Deck, trump: int) -> tuple[Lead, ...] | None:
    suits = deck.suit_masks
    none = (0,) * deck.size
    any_card: Lead = (0, -1, 0, none)  # no suit led yet: f = 0, so any card
    if rule == "plain" or (rule in ("jass", "mittlere") and trump < 0):
        return (*((suits[s], -1, 0, none) for s in range(4)), any_card)
    if rule == "chai-tea-jazz":  # may trump, Jokers always (D6); to a trump lead only Jokers
        tm = suits[trump] if trump >= 0 else 0
        return (*((suits[s], -1, deck.joker_mask | (tm if s != trump else 0), none)
                  for s in range(4)), any_card)
    if rule != "jass":
        return None
    exception = -1  # on another deck the rule has no Puur (and ranks trumps in plain order)
    strength = rank_strength(Order.OVER, deck.ranks)
    if deck.is_jass:
        puurs = [1 << i for i, c in enumerate(deck.cards) if c.suit == trump and c.rank == 11]
        if len(puurs) != 1:  # the double deck: either Puur copy alone is the exception
            return None
        exception = puurs[0]
        strength = rank_strength(Order.JASS_TRUMP, deck.ranks)
    suit_of, rank_of = deck.suit_of, deck.rank_of
    power = [strength[rank_of[i]] if suit_of[i] == trump else -1 for i in range(deck.size)]
    weaker = tuple(sum(1 << j for j in range(deck.size) if 0 <= power[j] < power[i])
                   if power[i] >= 0 else 0 for i in range(deck.size))
    tm = suits[trump]
    return (*((suits[s], exception, tm, none) if s == trump else (suits[s], -1, tm, weaker)
              for s in range(4)), any_card)


def _holds(deck: Deck, mask: int) -> str:
    return ", ".join(map(str, deck.cards_of(mask)))


def _ctj(deck: Deck, trump: int) -> tuple[Legal, Refusal]:
    suits = deck.suit_masks
    jokers = deck.joker_mask
    tm = suits[trump] if trump >= 0 else 0
    # may trump (RULES F) and Jokers always (D6): the cards allowed beside the led suit
    extra = tuple(jokers | (tm if s != trump else 0) for s in range(4))

    def legal(hand: int, led: int, trick: Sequence[int]) -> int:
        if led < 0:
            return hand
        follow = hand & suits[led]
        if not follow:
            return hand
        return follow | (hand & extra[led])

    def refusal(card: int, hand: int, led: int, trick: Sequence[int]) -> str | None:
        if legal(hand, led, trick) >> card & 1:
            return None
        c, suit = deck.cards[card], Suit(led)
        holds = _holds(deck, hand & suits[led])
        if led == trump:
            return (f"{c} refused: trump ({suit.plural}) was led, so a trump must be played "
                    f"(holds {holds}) (RULES F)")
        also = "; a trump may be played instead" if trump >= 0 else ""
        return f"{c} refused: must follow {suit.plural} (holds {holds}){also}"

    return legal, refusal


def _plain(deck: Deck, trump: int) -> tuple[Legal, Refusal]:
    suits = deck.suit_masks

    def legal(hand: int, led: int, trick: Sequence[int]) -> int:
        if led < 0:
            return hand
        return hand & suits[led] or hand

    def refusal(card: int, hand: int, led: int, trick: Sequence[int]) -> str | None:
        if legal(hand, led, trick) >> card & 1:
            return None
        suit = Suit(led)
        return (f"{deck.cards[card]} refused: must follow {suit.plural} "
                f"(holds {_holds(deck, hand & suits[led])})")

    return legal, refusal


def _jass(deck: Deck, trump: int, void_free: bool = False) -> tuple[Legal, Refusal]:
    """The ``jass`` rule; ``void_free``: the undertrumping rule binds only a player who holds
    the led suit (``mittlere``)."""
    suits = deck.suit_masks
    if trump < 0:  # no trump in force (Obenabe, Undenufe, Tutti before its trump): plain
        return _plain(deck, trump)
    tm = suits[trump]
    strength = rank_strength(Order.JASS_TRUMP, deck.ranks) if deck.is_jass else \
        rank_strength(Order.OVER, deck.ranks)
    rank_of, suit_of = deck.rank_of, deck.suit_of
    power = [strength[rank_of[i]] if suit_of[i] == trump else 0 for i in range(deck.size)]
    # weaker[i]: the trumps weaker than trump card i (undertrumping it is refused)
    weaker = [sum(1 << j for j in range(deck.size) if suit_of[j] == trump and power[j] < power[i])
              if suit_of[i] == trump else 0 for i in range(deck.size)]
    puurs = [1 << i for i, c in enumerate(deck.cards) if c.suit == trump and c.rank == 11] \
        if deck.is_jass else []
    puur = puurs[0] if puurs else 0
    # the Jass double deck (six-player Schieber): a hand whose one trump is either Puur copy
    puur2 = puurs[1] if len(puurs) > 1 else -1

    def top_trump(trick: Sequence[int]) -> int:
        best = -1
        for c in trick:
            if suit_of[c] == trump and (best < 0 or power[c] > power[best]):
                best = c
        return best

    def legal(hand: int, led: int, trick: Sequence[int]) -> int:
        if led < 0:
            return hand
        trumps = hand & tm
        if led == trump:  # follow trump; no duty to overtrump; the Puur exception
            return hand if not trumps or trumps in (puur, puur2) else trumps
        follow = hand & suits[led]
        allowed = follow | trumps if follow else hand
        if trumps and trumps != hand and (follow or not void_free):  # only trumps: free
            top = top_trump(trick)
            if top >= 0:
                allowed &= ~(trumps & weaker[top])  # no undertrumping (void too: ``jass``)
        return allowed

    def name(suit: int) -> str:  # Swiss suit names for the Jass deck (RULES C)
        return Suit(suit).swiss if deck.is_jass else Suit(suit).plural

    def refusal(card: int, hand: int, led: int, trick: Sequence[int]) -> str | None:
        if legal(hand, led, trick) >> card & 1:
            return None
        c = deck.cards[card]
        if led == trump:
            return (f"{c} refused: trump ({name(trump)}) was led, so a trump must be played "
                    f"(holds {_holds(deck, hand & tm)}); only a player whose one trump is the "
                    "Puur may play another card (RULES J)")
        if suit_of[card] == trump:
            top = deck.cards[top_trump(trick)]
            return (f"{c} refused: no undertrumping: {top} is the highest trump "
                    f"({name(trump)}) in the trick and {c} is a lower trump; only a hand "
                    "of nothing but trumps may undertrump (RULES J)")
        return (f"{c} refused: must follow {name(led)} (holds "
                f"{_holds(deck, hand & suits[led])}); a trump may be played instead (RULES J)")

    return legal, refusal


FOLLOW_RULES: dict[str, FollowRule] = {
    r.name: r
    for r in (
        FollowRule("chai-tea-jazz", "must follow, may trump, trump to a trump lead, Jokers free",
                   _ctj),
        FollowRule("jass", "follow or trump, no undertrumping, the Puur exception", _jass),
        FollowRule("plain", "must follow, otherwise any card", _plain),
        FollowRule("mittlere", "as jass, but undertrumping is free to a player void in the led "
                   "suit", partial(_jass, void_free=True)),
    )
}


def follow_rule(name: str) -> FollowRule:
    """The follow rule called ``name`` (``chai-tea-jazz``, ``jass``, ``plain``, ``mittlere``)."""
    try:
        return FOLLOW_RULES[name]
    except KeyError:
        raise SetupError(f"unknown follow rule {name!r}: use {', '.join(FOLLOW_RULES)}") from None
