"""Sticheln's auction of tricks and announcements (the text, RULES J): a choice phase and the
hand rule that scores the tricks announced.

The auction (the text, "O Leilão"): from the round's first speaker (the seat after the dealer,
RULES J "Seats and turns"), in play order, each player writes ``bid(N)``, the tricks they will
take if they choose the trump, or ``pass``; a bid must be higher than the last one; a player who
passed may bid at their next turn. When three players have passed in succession the last bidder
is the declarer. Reading: the bids are 1 to 9 (a hand has nine tricks; a bid of none would choose
a trump for nothing), and when the first three speakers pass without a bid the fourth is the
last to speak and must bid (the text's "o último a falar será o Declarante"); with ``redeal``
(Sticheln's option ``all_pass: "redeal"``) the fourth may pass too, and four passes end the
choice without a contract: the hand is thrown in and the next one dealt.

The declarer names the trump, ``trump(X)`` (no no-trump: "não se pode escolher Sem Trunfos"),
and leads trick 1. Then the others, from the seat after the declarer in play order
("começando pelo jogador sentado à direita do Declarante"), each write ``announce(N)``: the
sum of the announcements, the declarer's bid counting as its announcement, is at most nine.

>>> phase = TrickAuction()
>>> st = phase.status(PickView(4, 0, ("bid(4)",)))
>>> st.seat, st.legal
(1, ('bid(5)', 'bid(6)', 'bid(7)', 'bid(8)', 'bid(9)', 'pass'))
>>> st.explain("bid(3)")
'bid(3) refused: a bid must be higher than the last one, bid(4) by seat 0 (the text: Sticheln)'
>>> items = ("bid(4)", "pass", "pass", "pass", "trump(C)", "announce(1)", "announce(2)")
>>> st = phase.status(PickView(4, 0, items))
>>> st.seat, st.legal
(3, ('announce(0)', 'announce(1)', 'announce(2)'))
>>> done = phase.status(PickView(4, 0, items + ("announce(2)",)))
>>> done.done, done.declarer, done.forehand, done.contract
(True, 0, 0, 'trump(C)')
>>> announced_by_seat(items + ("announce(2)",), declarer=0, players=4)
(4, 1, 2, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from chaitea.core.cards import Deck
from chaitea.core.errors import IllegalPick
from chaitea.engine.hand import Hand
from chaitea.engine.pick_items import Announce, Bid, Choose, Pass, parse_pick
from chaitea.engine.picking import PASS, PickStatus, PickView
from chaitea.rulesets.jass.tally import HandScore, TallyState

__all__ = ["AnnouncedTricks", "TrickAuction", "announced_by_seat", "last_bidder"]

_RULE = "(the text: Sticheln)"
_TRUMPS = ("trump(C)", "trump(D)", "trump(H)", "trump(S)")


@functools.lru_cache(maxsize=64)
def _counted(word: str, low: int, high: int) -> tuple[str, ...]:
    return tuple(f"{word}({k})" for k in range(low, high + 1))


def _safe(item: str) -> object:
    try:
        return parse_pick(item)
    except IllegalPick:
        return None


def announced_by_seat(items: Sequence[str], declarer: int, players: int) -> tuple[int, ...]:
    """The tricks each seat announced in a round's picking items: the declarer its bid (the
    last one), the others their ``announce(N)`` in play order from the seat after the declarer.

    >>> announced_by_seat(("pass", "bid(7)", "pass", "pass", "pass", "trump(D)", "announce(2)",
    ...                    "announce(0)", "announce(0)"), declarer=1, players=4)
    (0, 7, 2, 0)
    """
    parsed = [parse_pick(i) for i in items]
    bids = [i.tricks for i in parsed if type(i) is Bid]
    out = [0] * players
    out[declarer] = bids[-1] if bids else 0
    said = [i.tricks for i in parsed if type(i) is Announce]
    for k, tricks in enumerate(said[:players - 1]):
        out[(declarer + 1 + k) % players] = tricks
    return tuple(out)


def last_bidder(items: Sequence[str], first: int, players: int) -> int | None:
    """The seat of the last bid in a round's picking items (the declarer once the auction is
    over), the auction going in play order from the round's first speaker; ``None`` before a
    bid.

    >>> last_bidder(("pass", "bid(3)", "bid(4)", "pass"), first=2, players=4)
    0
    >>> last_bidder(("pass",), first=2, players=4) is None
    True
    """
    seat = None
    for i, item in enumerate(items):
        said = parse_pick(item)
        if type(said) is Bid:
            seat = (first + i) % players
        elif type(said) is not Pass:  # the auction is over
            break
    return seat


@dataclass(frozen=True)
class TrickAuction:
    """Sticheln's choice phase: the auction (``bid(N)``, N from ``lowest`` to ``tricks``, or
    ``pass``), the declarer's trump (``trump(X)``), then one ``announce(N)`` per other seat with
    the sum of all announcements at most ``tricks``. The declarer leads."""

    tricks: int = 9
    lowest: int = 1
    redeal: bool = False  # four passes without a bid throw the hand in (else the fourth bids)
    picker_leads = True  # the declarer, who names the trump, leads (ChoicePhase.picker_leads)

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """``bid(lowest)`` .. ``bid(tricks)``, then ``announce(0)`` .. ``announce(tricks)``."""
        return _counted("bid", self.lowest, self.tricks) + _counted("announce", 0, self.tricks)

    def status(self, view: PickView) -> PickStatus:
        n, first = view.players, view.first
        items = tuple(view.items)
        high, bidder, passes = 0, -1, 0
        for i, item in enumerate(items):
            said = parse_pick(item)
            if type(said) is Bid:
                high, bidder, passes = said.tricks, (first + i) % n, 0
            elif type(said) is Pass:
                passes += 1
            if bidder >= 0 and passes == n - 1:
                return self._after(view, bidder, high, items[i + 1:])
            if bidder < 0 and passes == n:  # option redeal: no contract, the hand thrown in
                return PickStatus(-1, (), True, None, first, "")
        return self._bidding(n, (first + len(items)) % n, high, bidder, passes)

    def _bidding(self, n: int, seat: int, high: int, bidder: int, passes: int) -> PickStatus:
        low = max(self.lowest, high + 1)
        bids = _counted("bid", low, self.tricks)
        forced = bidder < 0 and passes == n - 1 and not self.redeal
        legal = bids if forced else bids + (PASS,)

        def explain(item: str) -> str | None:
            said = _safe(item)
            if type(said) is Bid:
                if said.tricks > self.tricks or said.tricks < self.lowest:
                    return (f"{item} refused: a bid is {self.lowest} to {self.tricks} tricks "
                            f"{_RULE}")
                if said.tricks <= high:
                    return (f"{item} refused: a bid must be higher than the last one, "
                            f"bid({high}) by seat {bidder} {_RULE}")
            if type(said) is Pass and forced:
                return (f"pass refused: the other three passed without a bid, so seat {seat}, "
                        f"the last to speak, is the declarer and must bid {_RULE}")
            return None

        if forced:
            why = (f"the other three passed without a bid, so seat {seat} must bid (the last "
                   f"to speak is the declarer) {_RULE}")
        elif bidder < 0 and passes == n - 1:
            why = (f"seat {seat} bids or passes; if it passes too the hand is dealt again "
                   f"(option all_pass: redeal) {_RULE}")
        else:
            why = (f"seat {seat} bids more tricks than the last bid or passes, in the auction "
                   f"{_RULE}")
        return PickStatus(seat, legal, forced=forced, why=why, explain=explain)

    def _after(self, view: PickView, declarer: int, bid: int,
               rest: tuple[str, ...]) -> PickStatus:
        n = view.players
        if not rest:
            return PickStatus(declarer, _TRUMPS, forced=True,
                              why=f"the declarer, seat {declarer}, names the trump suit, "
                              f"trump(C|D|H|S); no no-trump {_RULE}",
                              explain=_trump_explain(declarer))
        contract = rest[0]
        said = [parse_pick(i) for i in rest[1:]]
        if len(said) >= n - 1:
            return PickStatus(-1, (), True, declarer, declarer, contract)
        seat = (declarer + 1 + len(said)) % n
        total = bid + sum(i.tricks for i in said if type(i) is Announce)
        room = self.tricks - total
        sums = "+".join(str(x) for x in [bid] + [i.tricks for i in said
                                                 if type(i) is Announce])

        def explain(item: str) -> str | None:
            a = _safe(item)
            if type(a) is Announce and a.tricks > room:
                return (f"{item} refused: the announcements, the declarer's bid included, add "
                        f"up to at most {self.tricks} ({sums} = {total} so far, so at most "
                        f"announce({room})) {_RULE}")
            return None

        return PickStatus(seat, _counted("announce", 0, room), forced=True,
                          why=f"seat {seat} announces the tricks it will take in {contract}, "
                          f"announce(0) to announce({room}) {_RULE}",
                          explain=explain)


def _trump_explain(declarer: int) -> Callable[[str], str | None]:
    def explain(item: str) -> str | None:
        said = _safe(item)
        if type(said) is Choose:
            return (f"{item} refused: the declarer, seat {declarer}, names one of the four "
                    f"suits as trump, trump(C|D|H|S); no no-trump {_RULE}")
        return None
    return explain


@dataclass(frozen=True)
class AnnouncedTricks:
    """Sticheln's hand rule (the text): a seat that took exactly the tricks it announced (the
    declarer: its bid) scores them plus ``bonus`` (5); any other seat loses the square of the
    difference.

    >>> items = ("bid(2)", "pass", "pass", "pass", "trump(S)", "announce(3)", "announce(3)",
    ...          "announce(1)")
    >>> hand = Hand(0, 0, "trump(S)", (4, 3, 1, 1), (60, 40, 30, 27), (0,) * 4, (0,) * 4,
    ...             items=items)
    >>> hs = AnnouncedTricks().score(hand, TallyState((0,) * 4))
    >>> hs.score, hs.fields["announced"]
    ((-4, 8, -4, 6), [2, 3, 3, 1])
    """

    bonus: int = 5

    def score(self, hand: Hand, state: TallyState) -> HandScore:
        n = len(hand.tricks)
        if not hand.played:  # thrown in after four passes (option all_pass: redeal)
            return HandScore((0,) * n)
        assert hand.declarer is not None
        said = announced_by_seat(hand.items, hand.declarer, n)
        out = tuple(t + self.bonus if t == a else -(t - a) ** 2
                    for a, t in zip(said, hand.tricks, strict=True))
        return HandScore(out, fields={"announced": list(said)})  # a list by seat (RECORD)
