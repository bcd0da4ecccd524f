"""The play phase of the Jass-family driver: tricks on the core's trick rules and the ``jass``
follow rule (RULES J; :mod:`chaitea.tricks`, :mod:`chaitea.following`), as a mixin of
:class:`chaitea.driver.JassState` (the hot path: card ids and bit masks).

Per trick the state binds, once, the follow rule's legal function, the strength tables by led
suit and the card values for the trump in force (:meth:`chaitea.driver.JassGame.plan`): fixed
by the contract, none, named by the picker (3x3), or set by the first player who cannot follow
(Tutti: that card is trump in its own trick and can win it).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state(seed=5)
>>> state.apply_action("obenabe")
>>> isinstance(state, TrickPlay), state.trump
(True, -1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import JASS
from ..errors import IllegalPlay
from ..tricks import TrickRule, TrumpSetting
from ..values import JASS_NO_TRUMP
from .scores import Hand

if TYPE_CHECKING:
    from ..driver import JassGame

__all__ = ["TrickPlay"]


class TrickPlay:
    """Trick play over the state's fields (declared here for the type checker)."""

    game: JassGame
    names: list[str]
    _n: int
    _side_of: tuple[int, ...]
    _hands: list[int]
    _acts: list[int]
    _contract: str
    _declarer: int | None
    _forehand: int
    _rules: tuple[TrickRule, ...]
    _chosen: tuple[int, ...]
    _static: tuple[tuple[Any, tuple[tuple[int, ...], ...], tuple[int, ...], int], ...] | None
    _trick: list[int]
    _leader: int
    _turn: int
    _led: int
    _trick_no: int
    _known: int
    _trump: int
    _dynamic: bool
    _side_points: list[int]
    _tricks_won: list[int]
    _tricks: list[tuple[int, tuple[int, ...], int]]
    _legal: Any
    _tables: tuple[tuple[int, ...], ...]
    _values: tuple[int, ...]
    _lm: int
    _weis: tuple[int, ...]
    _stoeck: tuple[int, ...]

    def _finish_round(self, hand: Hand) -> None:
        raise NotImplementedError

    def _legal_mask(self) -> int:
        m = self._lm
        if m < 0:
            m = self._lm = self._legal(self._hands[self._turn], self._led, self._trick)
        return m

    def _setup_trick(self) -> None:
        static = self._static
        if static is not None:  # the trumps are known at the deal: the contract's plans
            self._legal, self._tables, self._values, self._trump = static[self._trick_no]
            self._dynamic = False
            self._lm = -1
            return
        rule = self._rules[self._trick_no]
        s = rule.trump_setting
        if s is TrumpSetting.FIXED:
            t = rule.trump
        elif s is TrumpSetting.NONE:
            t = -1
        elif s is TrumpSetting.CHOSEN:
            t = self._chosen[self._trick_no]
        else:
            t = self._known
        self._dynamic = s is TrumpSetting.FIRST_NON_FOLLOWER and t < 0
        self._trump = t
        self._legal, self._tables, self._values = self.game.plan(self._contract,
                                                                 self._trick_no, t)
        self._lm = -1

    def _check_play(self, c: int) -> None:
        seat = self._turn
        hand = self._hands[seat]
        card = JASS.cards[c]
        if not hand >> c & 1:
            raise IllegalPlay(f"{card} refused: {self.names[seat]} does not hold it "
                              f"(it is seat {seat}'s turn)")
        if not self._legal_mask() >> c & 1:
            why = self.game.follow.bind(JASS, self._trump).refusal(c, hand, self._led,
                                                                   self._trick)
            raise IllegalPlay(why or f"{card} refused (RULES J)")

    def _play(self, c: int) -> None:
        if not (self._legal_mask() >> c & 1):
            self._check_play(c)
        self._do_play(c)

    def _do_play(self, c: int) -> None:
        """Play the legal card id ``c`` for the seat to play (the hot path, no checks)."""
        seat = self._turn
        self._hands[seat] &= ~(1 << c)
        trick = self._trick
        trick.append(c)
        self._acts.append(c)
        self._lm = -1
        if self._led < 0:
            self._led = c // 9
        elif self._dynamic and c // 9 != self._led:  # Tutti: the first non-follower sets trump
            self._known = c // 9
            self._setup_trick()
        n = self._n
        if len(trick) < n:
            self._turn = (seat + 1) % n
            return
        table = self._tables[self._led]
        best, pos = -1, 0
        for p, x in enumerate(trick):
            if table[x] >= best:
                best, pos = table[x], p
        winner = (self._leader + pos) % n
        values = self._values
        pts = 0
        for x in trick:
            pts += values[x]
        k = self._trick_no
        last = k == self.game.n_tricks - 1
        if last:
            bonus = self._rules[k].values.last_trick
            pts += 5 if bonus is None else bonus
        self._side_points[self._side_of[winner]] += pts
        self._tricks_won[winner] += 1
        self._tricks.append((self._leader, tuple(trick), winner))
        if last:
            if self._rules[0].trump_setting is TrumpSetting.FIRST_NON_FOLLOWER:
                self._count_late_trump()
            self._finish_round(Hand(self._forehand, self._declarer, self._contract,
                                    tuple(self._tricks_won), tuple(self._side_points),
                                    self._weis, self._stoeck))
            return
        self._trick_no = k + 1
        self._trick = []
        self._leader = self._turn = winner
        self._led = -1
        self._setup_trick()

    def _count_late_trump(self) -> None:
        """Tutti (reading): the trump set by the first player who could not follow counts at
        trump values in every trick of the hand, also those won before it was set; a hand in
        which it was never set counts at the no-trump values (both total 157)."""
        if self._known >= 0:
            values = self._rules[0].values.for_deck(JASS, self._known)
        else:
            values = JASS_NO_TRUMP.for_deck(JASS, -1)
        points = [0] * self.game.sides
        for _leader, cards, winner in self._tricks:
            points[self._side_of[winner]] += sum(values[c] for c in cards)
        points[self._side_of[self._tricks[-1][2]]] += 5
        self._side_points = points
