"""The lessons' content: the teaching deals of the Chai Tea Jazz lessons (:data:`DEALS`, lessons 2
to 6, two each) and the teaching examples of the Jass course (:data:`TRICKS`, :data:`FOLLOWING`,
:data:`WEIS`, lessons 10 to 12), each with its story and the claim it makes. The claims are
written by hand from the rules (RULES, RULES J and the text, ``jass-variants-pt.txt``);
:mod:`chaitea.records.teaching` asks the engine, and ``tests/records`` checks that the two agree,
so a lesson never says what the engine does not do.

>>> [d.key for d in deals_for(2)]
['under-beats-trump', 'slalom-first-direction']
>>> from chaitea.records.teaching import legal_cards
>>> pos = FOLLOWING["the-texts-example"]
>>> legal_cards(pos) == pos.legal
True
"""

from __future__ import annotations

from chaitea.records.teaching import FollowPosition, TeachingDeal, TrickExample, WeisExample

__all__ = ["DEALS", "FOLLOWING", "TRICKS", "WEIS", "deals_for"]


DEALS: dict[str, TeachingDeal] = {d.key: d for d in [
    TeachingDeal(
        "under-beats-trump", 2, "Low cards are strong too",
        "Aslan holds few high cards and many low ones. With Trump his low cards are worth "
        "little; with Under they take tricks.",
        "You are Aslan, the declarer in Under. Play the round: your low cards win.",
        "Under scores more than Trump with this hand, even Trump in its best suit (Clubs).",
        seed=3, contract="under", compare_with="trump(C)"),
    TeachingDeal(
        "slalom-first-direction", 2, "Which way first?",
        "In Slalom the way flips every trick, but the declarer chooses the first. Aslan's hand "
        "fits one start far better than the other.",
        "You are Aslan, the declarer in Slalom starting high. Play the round.",
        "The first direction decides: starting high scores far more than starting low here.",
        seed=5, contract="slalom(high)", compare_with="slalom(low)"),
    TeachingDeal(
        "debt-worth-taking", 3, "A raise worth its debt",
        "Leo picked Trump (Hearts). Aslan's hand is made for Under: raising to 5 Bet Debt costs "
        "5 points, and Under brings far more.",
        "You are Aslan, the declarer in Under with Bet Debt 5. Play the round.",
        "The 5 Bet Debt was worth taking: Under pays for it many times over.",
        seed=41, contract="under", debt=5, compare_with="trump(H)"),
    TeachingDeal(
        "debt-not-worth-taking", 3, "A raise that costs too much",
        "The Bet Debt is already at 30 and Aslan's Trump (Clubs) hand is only middling. He "
        "raised to 35 anyway.",
        "You are Aslan, the declarer in Trump (Clubs) with Bet Debt 35. Play the round and "
        "see what is left.",
        "The cards were worth a fair score, but not 35 Bet Debt: passing was better.",
        seed=5, contract="trump(C)", debt=35, compare_with="trump(C)"),
    TeachingDeal(
        "defence-keeps-points", 4, "Defending together",
        "Leo declares Trump (Spades). You are Mufasa, a defender: you and Aslan play together "
        "against Leo.",
        "Keep the points from Leo: give your odd cards to tricks Aslan wins, and your even "
        "cards to tricks Leo wins.",
        "A careful defence keeps most of the points from the declarer.",
        seed=18, contract="trump(S)", declarer=1, learner=2, foil=True),
    TeachingDeal(
        "cheap-winners", 4, "Win cheaply, keep the points",
        "Aslan declares Trump (Hearts) with a strong hand. Strong cards are not enough: which "
        "card wins a trick matters too.",
        "You are Aslan. Win tricks with the cheapest card that wins, and keep your odd cards "
        "for tricks you will take.",
        "Careful play keeps the points on the declarer's side: careless play gives most away.",
        seed=50, contract="trump(H)", foil=True),
    TeachingDeal(
        "below-zero", 5, "A score below zero",
        "Aslan raised to 35 Bet Debt for Trump (Spades), but his spades are short.",
        "You are Aslan, the declarer with Bet Debt 35. Play the round and work out the score "
        "before the pad does: card points, + 10 for the last trick, − 35.",
        "A round score may be negative: the Bet Debt is taken off whatever the cards bring.",
        seed=50, contract="trump(S)", debt=35, compare_with="trump(S)"),
    TeachingDeal(
        "last-trick-counts", 5, "Keep a winner for the end",
        "The last trick is worth 10 points on top of its cards. Aslan's high trumps can wait.",
        "You are Aslan, the declarer in Trump (Hearts). Keep a high trump for the last trick.",
        "The last trick's 10 points go to whoever wins it: here, the declarer who kept a "
        "winner.",
        seed=12, contract="trump(H)", compare_with="trump(H)"),
    TeachingDeal(
        "choose-slalom", 6, "The contract that fits the hand",
        "In a game you choose your contracts. Aslan's hand is poor for every Trump and fair "
        "for Under, but it fits Slalom starting low best of all.",
        "You are Aslan, the declarer in Slalom starting low. Play the round.",
        "Slalom (start low) scores more than Under, and far more than any Trump, with this "
        "hand: look at every contract before you pick.",
        seed=132, contract="slalom(low)", compare_with="under"),
    TeachingDeal(
        "choose-the-trump-suit", 6, "Which suit for trumps?",
        "Aslan picks Trump; the suit is his to name. Hearts are his long, strong suit; spades "
        "are short.",
        "You are Aslan, the declarer in Trump (Hearts). Play the round.",
        "The trump suit matters as much as the contract: Hearts score several times what "
        "Spades would.",
        seed=50, contract="trump(H)", compare_with="trump(S)"),
]}


def deals_for(lesson: int) -> list[TeachingDeal]:
    """The teaching deals of a lesson, in order."""
    return [d for d in DEALS.values() if d.lesson == lesson]


#: Lesson 10: who wins and what a trick is worth (RULES J: trump J 20, 9 14; 8s 8 without trump).
TRICKS = {x.key: x for x in (
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
)}

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
