"""Choice phases: who speaks, what is legal, and the contract chosen (RULES J; RECORD Jass).

>>> phase = ForehandChoice(("trump(C)", "trump(S)"))
>>> st = phase.status(PickView(players=4, first=0, items=()))
>>> st.seat, st.legal
(0, ('trump(C)', 'trump(S)', 'push'))
>>> done = phase.status(PickView(players=4, first=0, items=("push", "trump(S)")))
>>> done.done, done.declarer, done.forehand, done.contract
(True, 2, 0, 'trump(S)')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from chaitea.core.cards import Deck, Suit
from chaitea.engine.pick_items import Choose, NameTrump, Pass, Push, parse_pick
from chaitea.engine.picking import PASS, PUSH, PickStatus, PickView, refuse

__all__ = ["PASS", "PUSH", "DealerTrump", "FixedContract", "ForehandChoice", "PickStatus",
           "PickView", "RoundPick", "inner_status", "refuse"]

@dataclass(frozen=True)
class ForehandChoice:
    """Schieber (RULES J, the text): the forehand writes a contract or ``push``; after a push the
    partner (the seat opposite) must write a contract. Option ``push_back``: the partner may push
    back once, and then the forehand must choose. The forehand leads either way.

    Six players (the text: "Quando o forehand passa, o primeiro parceiro à sua direita pode
    escolher o Contrato ou passar. Se ele passar, o outro parceiro será obrigado a escolher"):
    the push goes along the forehand's team-mates in play order (the seat after next, then the
    one after that); each may choose or push on, the last must choose (``push_back``: the last
    may push back to the forehand, who must then choose).

    >>> six = ForehandChoice(("trump(C)", "obenabe"))
    >>> [six.status(PickView(6, 1, ("push",) * k)).seat for k in range(3)]
    [1, 3, 5]
    >>> six.status(PickView(6, 1, ("push", "push"))).legal
    ('trump(C)', 'obenabe')
    >>> done = six.status(PickView(6, 1, ("push", "obenabe")))
    >>> done.declarer, done.forehand
    (3, 1)
    """

    picker_leads = False  # the forehand leads, whoever chose (ChoicePhase.picker_leads)

    contracts: tuple[str, ...]
    push_back: bool = False

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """No items of its own beyond the contracts, push and pass (ChoicePhase.spellings)."""
        return ()

    def status(self, view: PickView) -> PickStatus:
        items = tuple(view.items)
        try:
            return _forehand_status(self, view.players, view.first, items)
        except TypeError:  # contracts given as a list: unhashable, so not cached
            return self._status(view.players, view.first, items)

    @staticmethod
    def speakers(n: int, first: int) -> tuple[int, ...]:
        """The forehand, then its team-mates in play order (teams in alternate seats)."""
        return tuple((first + 2 * k) % n for k in range(max(1, n // 2)))

    def _status(self, n: int, first: int, items: tuple[str, ...]) -> PickStatus:
        chain = self.speakers(n, first)
        last = len(chain) - 1
        pushes = 0
        for item in items:
            if type(parse_pick(item)) is not Push:  # a contract
                seat = chain[pushes] if pushes <= last else first
                return PickStatus(-1, (), True, seat, first, item)
            pushes += 1
        if pushes == 0:
            return PickStatus(first, self.contracts + (PUSH,), why="the forehand chooses the "
                              "contract or pushes to the partner (RULES J, Schieber)")
        if pushes < last:
            return PickStatus(chain[pushes], self.contracts + (PUSH,),
                              why=f"after a push seat {chain[pushes]}, the next partner in "
                              "play order, chooses the contract or pushes on to the other "
                              "partner (RULES J, six-player Schieber)")
        if pushes == last:
            legal = self.contracts + ((PUSH,) if self.push_back else ())
            return PickStatus(chain[pushes], legal, forced=not self.push_back,
                              why="after a push the partner must choose the contract "
                              "(RULES J, Schieber)")
        return PickStatus(first, self.contracts, forced=True,
                          why="pushed back, the forehand must choose (option push_back)")


@functools.lru_cache(maxsize=4096)
def _forehand_status(phase: ForehandChoice, n: int, first: int,
                     items: tuple[str, ...]) -> PickStatus:
    """:meth:`ForehandChoice.status` by value (the phase and the status are frozen)."""
    return phase._status(n, first, items)


@dataclass(frozen=True)
class RoundPick:
    """Coiffeur-Schieber and Coiffeur (RECORD Jass): from the first speaker, in seat order, each
    player whose side has an open row writes ``pass`` or a contract of an open row; players with
    no open row are skipped. With three or more such players, after all passed the first must
    pick; with two, if the first passes the second must pick; one picks at once. The picker is
    the forehand and leads."""

    chosen: int = 0  # Coiffeur's 3x3: trump suits the picker names after the pick
    picker_leads = True  # the seat that picks is the forehand (ChoicePhase.picker_leads)

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """No items of its own beyond the contracts, push and pass (ChoicePhase.spellings)."""
        return ()

    def status(self, view: PickView) -> PickStatus:
        assert view.open_to is not None
        n, first = view.players, view.first
        order = [(first + i) % n for i in range(n)]
        eligible = [s for s in order if view.open_to(s)]
        if not eligible:
            return PickStatus(-1, (), True, None, first, "")
        k = len(eligible)
        passes = 0
        for i, item in enumerate(view.items):
            if type(parse_pick(item)) is not Pass:  # the pick
                seat = eligible[passes % k]
                return self._after_pick(seat, item, view.items[i + 1:])
            passes += 1
        seat = eligible[passes % k]
        forced = k == 1 or (k == 2 and passes == 1) or (k >= 3 and passes == k)
        legal = tuple(view.open_to(seat))
        if forced:
            return PickStatus(seat, legal, forced=True,
                              why=f"every other player passed, so seat {seat} must pick an "
                              "open row (RULES J, Coiffeur)")
        return PickStatus(seat, legal + (PASS,),
                          why=f"seat {seat} picks one of its open rows or passes (RULES J)")


    def _after_pick(self, seat: int, contract: str, rest: tuple[str, ...]) -> PickStatus:
        """3x3 (reading): right after the pick the picker names the trump of each of its
        three trump tricks, ``trump(X)``, a different suit each (RECORD: picking holds every
        non-card action)."""
        pick = parse_pick(contract)
        need = self.chosen if type(pick) is Choose and pick.names_trumps else 0
        named = [_suit(t) for t in rest[:need]]
        if len(rest) >= need:
            return PickStatus(-1, (), True, seat, seat, contract, trumps=tuple(named))
        legal = tuple(str(NameTrump(x)) for x in Suit if x not in named)
        return PickStatus(seat, legal, forced=True,
                          why=f"3x3: name the trump of trump trick {len(rest) + 1} of {need}, "
                          "a suit not named yet (RULES J, Coiffeur)")


def _suit(item: str) -> int:
    """The suit a 3x3 picker named (``trump(X)``), 0..3 for C D H S."""
    named = parse_pick(item, naming=True)
    assert type(named) is NameTrump, item
    return int(named.suit)


@dataclass(frozen=True)
class DealerTrump:
    """Basic Jass (RULES J, the text): the dealer's last card is shown to all and its suit is
    trump; nobody chooses (``declarer`` ``None``), and the seat after the dealer leads."""

    suits: tuple[str, ...] = field(default=("C", "D", "H", "S"))
    picker_leads = False

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """No items of its own beyond the contracts, push and pass (ChoicePhase.spellings)."""
        return ()

    def status(self, view: PickView) -> PickStatus:
        assert view.turned_up is not None
        return PickStatus(-1, (), True, None, view.first, f"trump({view.turned_up})")


@dataclass(frozen=True)
class FixedContract:
    """The games without a choice (Rosenober, Schiltenober, the Bells game, Guggitaler; the
    text: "Não existem trunfos"): every hand plays ``contract``, nobody chooses (``declarer``
    ``None``), and the round's first speaker (the seat after the dealer) leads.

    >>> st = FixedContract("obenabe").status(PickView(players=4, first=2, items=()))
    >>> st.done, st.declarer, st.forehand, st.contract
    (True, None, 2, 'obenabe')
    """

    contract: str = "obenabe"
    picker_leads = False

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """No items of its own beyond the contracts, push and pass (ChoicePhase.spellings)."""
        return ()

    def status(self, view: PickView) -> PickStatus:
        return PickStatus(-1, (), True, None, view.first, self.contract)


def inner_status(status: Callable[[PickView], PickStatus],
                 view: PickView) -> tuple[PickStatus, tuple[str, ...] | None]:
    """The status of a wrapped choice (``status``, the inner phase's) on the first items of
    ``view`` that complete it, and the items said after it (``None``: the choice is not done;
    the status is then the inner one on all the items). The declarations of Differenzler's
    family and Sidi Barrani's double follow the choice (RULES J).

    >>> phase = ForehandChoice(("trump(C)", "trump(S)"))
    >>> st, said = inner_status(phase.status, PickView(players=4, first=0,
    ...                                                items=("trump(S)", "double")))
    >>> st.contract, said
    ('trump(S)', ('double',))
    >>> inner_status(phase.status, PickView(players=4, first=0, items=("push",)))[1] is None
    True
    """
    items = tuple(view.items)
    for k in range(len(items) + 1):  # how many items the choice itself took
        st = status(replace(view, items=items[:k]))
        if st.done:
            return st, items[k:]
    return st, None
