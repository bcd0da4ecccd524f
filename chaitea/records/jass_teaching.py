"""Teaching examples of the Jass course: small constructed positions, each with the
story a lesson tells and the claim it makes (who wins a trick and its points, which cards may be
played, which Weis scores). The claims are written by hand from RULES J and the text
(``jass-variants-pt.txt``); the functions here ask the engine, and ``tests/records`` checks that
the two agree, so a lesson never says what the engine does not do.

>>> ex = TRICKS["puur-takes-it"]
>>> trick_winner(ex) == ex.winner, trick_points(ex) == ex.points
(True, True)
>>> pos = FOLLOWING["the-texts-example"]
>>> legal_cards(pos) == pos.legal
True
>>> w = WEIS["four-nines"]
>>> weis_points(w.hands[0], w.contract) == w.points[0]
True
"""

from __future__ import annotations

from dataclasses import dataclass

from chaitea.core.cards import JASS, STANDARD
from chaitea.core.contracts import JASS_FAMILY, Contract
from chaitea.core.following import FOLLOW_RULES
from chaitea.core.tricks import TrickRule, strength_tables, trump_in_force, winning_position
from chaitea.rulesets.jass.hand import declarations, mode_of
from chaitea.rulesets.jass.weis import best_melds

__all__ = ["FOLLOWING", "TRICKS", "WEIS", "FollowPosition", "TrickExample", "WeisExample",
           "as_ctj", "card_values", "ctj_legal_cards", "ctj_trick_winner", "jass_rule",
           "legal_cards", "trick_points", "trick_winner", "weis_points"]


def jass_rule(contract: str) -> TrickRule:
    """The trick rule of a Jass contract spelling (``trump(H)``, ``obenabe``, ``undenufe``)."""
    return Contract.parse(contract, family=JASS_FAMILY).trick_rules(9)[0]


def _ids(cards: str | tuple[str, ...]) -> list[int]:
    words = cards.split() if isinstance(cards, str) else list(cards)
    return [JASS.index_of(c) for c in words]


def card_values(contract: str) -> dict[str, int]:
    """Every card's points in ``contract`` (RULES J), by card spelling."""
    rule = jass_rule(contract)
    values = rule.values.for_deck(JASS, trump_in_force(rule, (), JASS))
    return {str(c): values[i] for i, c in enumerate(JASS.cards)}


@dataclass(frozen=True)
class TrickExample:
    """A trick (cards in play order) in a contract, with the claimed winning card and points."""

    key: str
    title: str
    story: str
    contract: str
    cards: tuple[str, ...]
    winner: str
    points: int


@dataclass(frozen=True)
class FollowPosition:
    """A trick under way and the hand of the player to play: ``legal`` is the claim (the cards the
    player may play), ``why`` the rule in words."""

    key: str
    title: str
    story: str
    contract: str
    trick: tuple[str, ...]
    hand: tuple[str, ...]
    legal: tuple[str, ...]
    why: str
    hint: str = ""  # said after a wrong card, before the answer: names no legal card


@dataclass(frozen=True)
class WeisExample:
    """Hands (only the cards that matter) with their sides, in a contract: the claimed Weis points
    per hand, the side that scores Weis (``None``: nobody) and the Stöck side."""

    key: str
    title: str
    story: str
    contract: str
    hands: tuple[str, ...]
    sides: tuple[int, ...]
    points: tuple[int, ...]
    winner: int | None
    stoeck: int | None = None


def trick_winner(ex: TrickExample) -> str:
    """The engine's winning card of the example's trick."""
    rule = jass_rule(ex.contract)
    ids = _ids(ex.cards)
    tables = strength_tables(JASS, rule, trump_in_force(rule, ids, JASS))
    led = JASS.suit_of[ids[0]]
    return ex.cards[winning_position(tables[led], ids)]


def trick_points(ex: TrickExample) -> int:
    """The card points of the example's trick (no last-trick bonus)."""
    values = card_values(ex.contract)
    return sum(values[c] for c in ex.cards)


def legal_cards(pos: FollowPosition) -> tuple[str, ...]:
    """The cards of the position's hand that the engine's Jass follow rule allows (RULES J)."""
    trump, _ = mode_of(pos.contract)
    follow = FOLLOW_RULES["jass"].bind(JASS, -1 if trump is None else int(trump))
    hand = JASS.mask_of(list(pos.hand))
    trick = _ids(pos.trick)
    led = JASS.suit_of[trick[0]] if trick else -1
    mask = follow.legal(hand, led, trick)
    return tuple(c for c in pos.hand if mask >> JASS.index_of(c) & 1)


def weis_points(hand: str, contract: str) -> int:
    """The Weis points one hand holds in ``contract`` (``best_melds``: the split worth most)."""
    trump, undenufe = mode_of(contract)
    return sum(m.points for m in best_melds(hand, trump=trump, undenufe=undenufe))


def weis_outcome(ex: WeisExample) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
    """``(side that scores Weis, Weis points per side, Stöck per side)`` from the engine."""
    d = declarations(list(ex.hands), ex.contract, sides=ex.sides)
    return d.weis.winner, d.weis.points, d.stoeck


# ------------------------------------------------------------------ one deal, two rulebooks
def as_ctj(card: str) -> str:
    """A Jass card laid on the Chai Tea Jazz deck, rank for rank: 6..A become 1..9, the suit
    kept (lesson 15: one deal, two rulebooks).

    >>> [as_ctj(c) for c in ("6C", "10H", "JS", "AD")]
    ['1C', '5H', '6S', '9D']
    """
    c = JASS.parse(card)
    return str(STANDARD.parse(f"{c.rank - 5}{card[-1]}"))


def ctj_legal_cards(pos: FollowPosition) -> tuple[str, ...]:
    """The cards of the position's hand (Jass spellings) that Chai Tea Jazz's follow rule
    (RULES F: may trump, no undertrumping rule) allows on the same cards."""
    trump, _ = mode_of(pos.contract)
    follow = FOLLOW_RULES["chai-tea-jazz"].bind(STANDARD, -1 if trump is None else int(trump))
    hand = STANDARD.mask_of([as_ctj(c) for c in pos.hand])
    trick = [STANDARD.index_of(as_ctj(c)) for c in pos.trick]
    led = STANDARD.suit_of[trick[0]] if trick else -1
    mask = follow.legal(hand, led, trick)
    return tuple(c for c in pos.hand if mask >> STANDARD.index_of(as_ctj(c)) & 1)


def ctj_trick_winner(contract: str, cards: tuple[str, ...]) -> str:
    """The winning card (Jass spelling) of a trick of Jass cards under Chai Tea Jazz's rules
    for the same contract spelling (``trump(H)``: the plain order, 9 highest; ``obenabe``:
    Over; ``undenufe``: Under)."""
    spelling = {"obenabe": "over", "undenufe": "under"}.get(contract, contract)
    rule = Contract.parse(spelling).trick_rules(9)[0]
    ids = [STANDARD.index_of(as_ctj(c)) for c in cards]
    tables = strength_tables(STANDARD, rule, trump_in_force(rule, ids, STANDARD))
    return cards[winning_position(tables[STANDARD.suit_of[ids[0]]], ids)]


def _tricks(*items: TrickExample) -> dict[str, TrickExample]:
    return {x.key: x for x in items}


#: Lesson 10: who wins and what a trick is worth (RULES J: trump J 20, 9 14; 8s 8 without trump).
TRICKS = _tricks(
    TrickExample("puur-takes-it", "The Puur takes it",
                 "Trump is Bells. Acorns are led: the Ace, the King and the Banner of Acorns, "
                 "but one player has no Acorns and plays the Under of Bells, the Puur.",
                 "trump(H)", ("AC", "KC", "JH", "10C"), "JH", 11 + 4 + 20 + 10),
    TrickExample("naell-beats-the-ace", "The Näll beats the Ace",
                 "Trump is Roses and trump is led: the Ace of Roses, then the 9 (the Näll), "
                 "the King and the 6. The 9 of trump is second only to the Puur.",
                 "trump(S)", ("AS", "9S", "KS", "6S"), "9S", 11 + 14 + 4 + 0),
    TrickExample("obenabe-eights", "Obenabe: the 8 counts",
                 "Obenabe, no trump: the Ace of Acorns is led, then the 8, the Banner and a 6 "
                 "of Shields. The highest Acorns wins, and the 8 is worth 8.",
                 "obenabe", ("AC", "8C", "10C", "6D"), "AC", 11 + 8 + 10 + 0),
    TrickExample("undenufe-low-wins", "Undenufe: the low card wins",
                 "The same four cards in Undenufe: bottom up, so the lowest Acorns, the 8, "
                 "takes the trick (the 6 is of Shields and cannot win).",
                 "undenufe", ("AC", "8C", "10C", "6D"), "8C", 11 + 8 + 10 + 0),
)

_T = "the text"
#: Lesson 11: following in Jass (RULES J "Following in Jass"; the text's undertrumping example).
FOLLOWING = {p.key: p for p in (
    FollowPosition("the-texts-example", "The text's example",
                   "Trump is Roses. A leads the King of Bells; B has no Bells and trumps with the "
                   "8 of Roses. C has no Bells either, and his only Rose is the 7.",
                   "trump(S)", ("KH", "8S"), ("7S", "AC", "10D", "6C"), ("AC", "10D", "6C"),
                   f"{_T}: the 7 of Roses is under the 8 already played: no undertrumping",
                   hint="C has no Bells, so almost any card will do: compare his Rose with "
                   "the 8 of Roses already played"),
    FollowPosition("follow-or-overtrump", "Follow, or trump higher",
                   "Trump is Roses; the King of Bells is led and trumped with the 8 of Roses. "
                   "This hand holds a Bell, the 9 and the 6 of Roses and the Ace of Acorns.",
                   "trump(S)", ("KH", "8S"), ("7H", "9S", "6S", "AC"), ("7H", "9S"),
                   "follow Bells, or trump over the 8 (the 9 is higher); the 6 would undertrump",
                   hint="two ways are open: follow Bells, or trump above the "
                   "8 of Roses"),
    FollowPosition("highest-trump-counts", "The highest trump counts",
                   "Trump is Roses; the King of Bells is led, trumped with the 6 of Roses, then "
                   "overtrumped with the 9. The last hand has no Bells: the Ace and 7 of Roses "
                   "and the 8 of Acorns.",
                   "trump(S)", ("KH", "6S", "9S"), ("AS", "7S", "8C"), ("8C",),
                   "both Roses are under the 9 (J 9 A K ...): RULES J compares with the highest "
                   "trump in the trick",
                   hint="the trump to beat is the highest in the trick, and "
                   "in trump the 9 ranks above the Ace"),
    FollowPosition("only-trumps", "Only trumps in hand",
                   "As in the text's example, but this hand holds nothing but Roses: the 7, "
                   "the 6 and the Queen.",
                   "trump(S)", ("KH", "8S"), ("7S", "6S", "QS"), ("7S", "6S", "QS"),
                   f"{_T}: the undertrumping rule does not bind a hand of only trumps",
                   hint="look at what else the hand holds"),
    FollowPosition("trump-led", "Trump is led",
                   "Trump is Roses and the 6 of Roses is led. This hand holds the 9 of Roses, "
                   "the Ace of Acorns and the King of Shields.",
                   "trump(S)", ("6S",), ("9S", "AC", "KD"), ("9S",),
                   "to a trump lead a trump must be played",
                   hint="trump was led, and this hand's trump is not the "
                   "Puur"),
    FollowPosition("puur-exception", "The Puur exception",
                   "Trump is Roses and the 6 of Roses is led. This hand's only Rose is the "
                   "Under, the Puur.",
                   "trump(S)", ("6S",), ("JS", "AC", "KD"), ("JS", "AC", "KD"),
                   f"{_T}: a player whose only trump is the Puur may keep it back",
                   hint="the only trump of this hand is the Puur"),
    FollowPosition("no-duty-to-overtrump", "No duty to go over",
                   "Trump is Roses; the Ace of Roses is led. This hand holds the 7 and 6 of "
                   "Roses and the Ace of Acorns.",
                   "trump(S)", ("AS",), ("7S", "6S", "AC"), ("7S", "6S"),
                   "to a trump lead any trump will do: no undertrumping rule, no duty to go over",
                   hint="to a trump lead, think of what must be played, and "
                   "whether it must win"),
)}

#: Lesson 12: Weis and Stöck (RULES J; the text's example of the four 9s).
WEIS = {w.key: w for w in (
    WeisExample("four-nines", "Four 9s beat a three-card run",
                "The text's example: the four 9s and the 7 and 8 of Shields. The 9 of Shields "
                "can serve in one meld only, and the four 9s (150) are worth more than 7-8-9 of "
                "Shields (20).",
                "trump(H)", ("9C 9D 9H 9S 7D 8D AH",), (0,), (150,), 0),
    WeisExample("jacks-and-a-five", "Four Unders and a run of five",
                "Four Unders (200) and 6 to 10 of Shields (100): the Under of Shields goes to "
                "the four Unders, which leaves a run of five, 300 in all.",
                "trump(C)", ("JC JD JH JS 6D 7D 8D 9D 10D",), (0,), (300,), 0),
    WeisExample("higher-top-card", "Equal runs: the higher top card",
                "Two runs of three, 20 each: 7-8-9 of Acorns for one team, 8-9-10 of Shields "
                "for the other. The Banner is higher than the 9, so the second team scores.",
                "trump(S)", ("7C 8C 9C", "8D 9D 10D"), (0, 1), (20, 20), 1),
    WeisExample("identical-runs", "Identical runs: nobody",
                "7-8-9 of Acorns against 7-8-9 of Shields, trump Bells: the same length and "
                "top card, neither in trump, so neither team scores Weis.",
                "trump(H)", ("7C 8C 9C", "7D 8D 9D"), (0, 1), (20, 20), None),
    WeisExample("stoeck-stays", "Stöck is never cancelled",
                "Trump is Bells. One team holds the King and Ober of Bells (Stöck, 20); the other "
                "holds four Unders (200). The Unders win the Weis, the Stöck is still written.",
                "trump(H)", ("KH QH 6C", "JC JD JH JS"), (0, 1), (0, 200), 1, 0),
)}
