"""Oh Hell's bids with the hook, and the hand rule that scores them, as OpenSpiel's ``oh_hell``
plays them (``open_spiel/games/oh_hell/oh_hell.cc``).

The bids (``OhHellState::BiddingLegalActions``, ``ApplyBiddingAction``): once the trump card is
turned up, each seat in turn from the seat after the dealer (the round's first speaker) bids
``bid(N)``, the tricks it will take, N from 0 to the hand's tricks. The bids are public. The
LAST bidder may not bid the one number that makes the bids add up to the number of tricks (the
hook: "the total number of tricks bid by players cannot be equal to the actual number of tricks
that will follow", ``oh_hell.h``). Bidding done, the first speaker leads trick 1
(``ApplyBiddingAction`` hands the turn back to the seat after the dealer).

>>> from chaitea.rulesets.jass.choice import DealerTrump
>>> phase = HookBidding(DealerTrump(), tricks=5)
>>> st = phase.status(PickView(4, 1, ("bid(1)", "bid(2)", "bid(1)"), turned_up="H"))
>>> st.seat, st.legal
(0, ('bid(0)', 'bid(2)', 'bid(3)', 'bid(4)', 'bid(5)'))
>>> st.explain("bid(1)")
'bid(1) refused: the hook: the last bidder may not make the bids add up to the 5 tricks \
(1 + 2 + 1 + 1 = 5; OpenSpiel oh_hell: BiddingLegalActions)'
>>> done = phase.status(PickView(4, 1, ("bid(1)", "bid(2)", "bid(1)", "bid(0)"),
...                              turned_up="H"))
>>> done.done, done.contract, done.forehand, done.declarer
(True, 'trump(H)', 1, None)

The score (``OhHellState::ComputeScore`` with ``points_per_trick=1``, ``off_bid_penalty=false``):
one point a trick, and 10 more (``kMadeBidBonus``) for taking exactly the tricks bid.

>>> from chaitea.rulesets.jass.tally import TallyState
>>> hand = Hand(1, None, "trump(H)", (2, 1, 2, 0), (0,) * 4, (0,) * 4, (0,) * 4,
...             items=("bid(1)", "bid(2)", "bid(1)", "bid(0)"))
>>> hs = ExactBid().score(hand, TallyState((0,) * 4))
>>> hs.score, hs.fields["bid"]
((2, 11, 12, 0), [0, 1, 2, 1])
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from chaitea.core.cards import Deck
from chaitea.core.errors import IllegalPick
from chaitea.engine.hand import Hand
from chaitea.engine.pick_items import Bid, parse_pick
from chaitea.engine.picking import ChoicePhase, PickStatus, PickView
from chaitea.rulesets.jass.guessing import _inner_done
from chaitea.rulesets.jass.tally import HandScore, TallyState

__all__ = ["MADE_BID_BONUS", "ExactBid", "HookBidding", "bids_by_seat"]

MADE_BID_BONUS = 10  # OpenSpiel oh_hell.h: kMadeBidBonus
_RULE = "OpenSpiel oh_hell: BiddingLegalActions"


@functools.lru_cache(maxsize=32)
def _bids(most: int) -> tuple[str, ...]:
    return tuple(str(Bid(k)) for k in range(most + 1))


def bids_by_seat(items: Sequence[str], first: int, players: int) -> tuple[int, ...]:
    """The bids of a round's picking items by seat: the k-th bid was made by the seat k places
    after ``first`` in play order (the round's first speaker, the seat after the dealer).

    >>> bids_by_seat(("bid(3)", "bid(0)", "bid(1)"), first=2, players=3)
    (0, 1, 3)
    """
    out = [0] * players
    said = [i for i in map(parse_pick, items) if type(i) is Bid]
    for k, item in enumerate(said[:players]):
        out[(first + k) % players] = item.tricks
    return tuple(out)


@dataclass(frozen=True)
class HookBidding:
    """The choice phase ``inner`` (Oh Hell: :class:`~chaitea.rulesets.jass.choice.DealerTrump`,
    the turned-up card's suit is trump), then one ``bid(N)`` per seat in play order from the
    round's first speaker, N from 0 to ``tricks``, the last bidder refused the bid that makes
    the total ``tricks`` (the hook); done when every seat has bid, with the inner choice's
    contract and forehand (nobody declares)."""

    inner: ChoicePhase
    tricks: int

    @property
    def picker_leads(self) -> bool:
        return self.inner.picker_leads

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """The inner phase's own items, then ``bid(0)`` .. ``bid(tricks)``."""
        return tuple(dict.fromkeys(self.inner.spellings(deck) + _bids(self.tricks)))

    def status(self, view: PickView) -> PickStatus:
        k, st = _inner_done(self.inner, view)
        if k < 0:
            return st
        n = view.players
        said = [i for i in map(parse_pick, tuple(view.items)[k:]) if type(i) is Bid]
        if len(said) >= n:
            return st
        seat = (view.first + len(said)) % n
        tricks = self.tricks
        total = sum(b.tricks for b in said)
        last = len(said) == n - 1
        hook = tricks - total if last else -1  # the one bid the last bidder may not make
        legal = tuple(b for b in _bids(tricks) if b != f"bid({hook})")

        def explain(item: str) -> str | None:
            try:
                bid = parse_pick(item)
            except IllegalPick:
                return None
            if type(bid) is Bid and bid.tricks == hook:
                shown = " + ".join(str(b.tricks) for b in (*said, bid))
                return (f"{item} refused: the hook: the last bidder may not make the bids add "
                        f"up to the {tricks} tricks ({shown} = {tricks}; {_RULE})")
            if type(bid) is Bid and bid.tricks > tricks:
                return f"{item} refused: a bid is 0 to {tricks}, the hand's tricks ({_RULE})"
            return None

        hooked = f"; as the last bidder not bid({hook}), the hook" if hook >= 0 else ""
        return PickStatus(seat, legal, forehand=st.forehand,
                          why=f"seat {seat} bids the tricks it will take, bid(0) to "
                          f"bid({tricks}){hooked} ({_RULE})", explain=explain)


@dataclass(frozen=True)
class ExactBid:
    """Oh Hell's hand rule (``OhHellState::ComputeScore``, ``off_bid_penalty=false``): each
    seat scores ``per_trick`` (``points_per_trick``, 1) for every trick it took, and ``bonus``
    (``kMadeBidBonus``, 10) more when it took exactly the tricks it bid. The bids come from the
    hand's items in play order from the forehand (the first speaker bids first and leads)."""

    per_trick: int = 1
    bonus: int = MADE_BID_BONUS

    def score(self, hand: Hand, state: TallyState) -> HandScore:
        n = len(hand.tricks)
        bids = bids_by_seat(hand.items, hand.forehand, n)
        out = tuple(self.per_trick * t + (self.bonus if t == b else 0)
                    for t, b in zip(hand.tricks, bids, strict=True))
        # lists by seat, as the replay output writes them (RECORD Jass)
        return HandScore(out, fields={"bid": list(bids)})
