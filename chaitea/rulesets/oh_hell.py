"""Oh Hell (``oh-hell``) as OpenSpiel's ``oh_hell`` plays it (``open_spiel/games/oh_hell/
oh_hell.cc`` and ``.h``, with ``num_suits=4``, ``num_cards_per_suit=13``,
``points_per_trick=1``, ``off_bid_penalty=false``): 3 to 7 players each for themselves, one
hand on the 52-card French deck (:data:`chaitea.core.cards.FRENCH`).

- The deal (``ApplyDealAction``): each seat gets ``num_tricks_fixed`` cards, then one more card
  from the rest of the deck is turned up; its suit is trump (``kNumTrumpDeal``). The rest stays
  a stock nobody holds (RECORD deal ``set_aside``, the turned-up card first).
- The dealer: OpenSpiel draws it by chance (``ApplyDealerAction``); here it is the seat before
  the round's first speaker, seat 0 by default (the dealer is seat ``players - 1``) and any
  seat with ``forehand`` (``new_initial_state(forehand=...)``, RECORD ``forehand``).
- The bids (:class:`~chaitea.rulesets.jass.hook.HookBidding`): in turn from the seat after the
  dealer, ``bid(0)`` to ``bid(tricks)``; the last bidder may not make the bids add up to the
  number of tricks (the hook).
- The play: the seat after the dealer leads trick 1, then each trick's winner leads; follow
  suit if able, else any card (the ``plain`` follow rule, ``PlayLegalActions``); the highest
  trump wins, else the highest card of the suit led, A high (``Trick::Play``; the contract
  ``trump(X)`` of the ``french`` family, :data:`chaitea.core.contracts.FRENCH_KINDS`).
- The score (:class:`~chaitea.rulesets.jass.hook.ExactBid`, ``ComputeScore``): one point a trick
  and 10 more for an exact bid. One game is one hand (OpenSpiel returns after one deal);
  ``returns()`` are the scores; the highest wins, a tie stands (``winner()`` ``None``).

The number of tricks is the option ``num_tricks_fixed``, 1 to (52 - 1) // players
(``MaxNumTricks``); by default the most. OpenSpiel's default, -1, draws it by chance for each
game; the kit's table deals every hand of a game alike, so a game names its number.

>>> t = OH_HELL.table(4, {"num_tricks_fixed": 5})
>>> t.contracts, t.follow, t.seating.hand_size, t.seating.set_aside, t.score.scores
(('trump(C)', 'trump(D)', 'trump(H)', 'trump(S)'), 'plain', 5, 32, 'tricks')
>>> OH_HELL.table(7, {}).seating.hand_size, OH_HELL.table(3, {}).seating.hand_size
(7, 17)
>>> from chaitea.rulesets import jass_game
>>> state = jass_game("oh-hell", 4, num_tricks_fixed=5).new_initial_state(seed=5)
>>> state.phase, state.current_player(), state.legal_moves()
('picking', 0, ['bid(0)', 'bid(1)', 'bid(2)', 'bid(3)', 'bid(4)', 'bid(5)'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chaitea.core.cards import FRENCH
from chaitea.core.contracts import FRENCH_FAMILY
from chaitea.core.errors import SetupError
from chaitea.core.seating import Seating
from chaitea.engine.dealing import DealerCard
from chaitea.engine.registry import register
from chaitea.engine.ruleset import Option, Ruleset, Table
from chaitea.rulesets.jass.choice import DealerTrump
from chaitea.rulesets.jass.hook import ExactBid, HookBidding
from chaitea.rulesets.jass.tally import AfterHands, TallyScore
from chaitea.rulesets.jass_options import TRUMPS

__all__ = ["OH_HELL", "most_tricks"]

TRUMP_DEAL = 1  # OpenSpiel oh_hell.h: kNumTrumpDeal, the card turned up after the hands


def most_tricks(players: int) -> int:
    """The most tricks a hand may have: every seat's cards and the turned-up one from the 52
    (OpenSpiel's ``MaxNumTricks``).

    >>> [most_tricks(n) for n in range(3, 8)]
    [17, 12, 10, 8, 7]
    """
    return (FRENCH.size - TRUMP_DEAL) // players


def _oh_hell(players: int, o: Mapping[str, Any]) -> Table:
    most = most_tricks(players)
    tricks = most if o["num_tricks_fixed"] is None else o["num_tricks_fixed"]
    if tricks > most:
        raise SetupError(f"option num_tricks_fixed must be 1 to {most} for {players} players "
                         f"(the 52 cards less the turned-up one; OpenSpiel oh_hell: "
                         f"MaxNumTricks), not {tricks}")
    seating = Seating(players, tricks, set_aside=FRENCH.size - players * tricks,
                      decks=(FRENCH.name,))
    score = TallyScore(ExactBid(), AfterHands(1, ties_stand=True), players=players,
                       scores="tricks")
    return Table("oh-hell", players, seating, HookBidding(DealerTrump(), tricks), score, TRUMPS,
                 declaring=None, first_forehand=DealerCard(), follow="plain")


OH_HELL = register(Ruleset("oh-hell", "Oh Hell", (3, 4, 5, 6, 7), (
    Option("num_tricks_fixed", None, "the tricks of the hand, 1 to (52 - 1) // players "
           "(default: that most; OpenSpiel's num_tricks_fixed, whose -1, a number drawn by "
           "chance, is not offered)"),
), _oh_hell, "3 to 7 players, one hand: bid the tricks you will take (the last bidder may not "
   "make the bids add up to the tricks); one point a trick, 10 more for an exact bid",
    family=FRENCH_FAMILY))
