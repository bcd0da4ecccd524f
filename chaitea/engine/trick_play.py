"""The play phase of the Jass-family driver: tricks on the core's trick rules and the ``jass``
follow rule (RULES J; :mod:`chaitea.core.tricks`, :mod:`chaitea.core.following`), as a mixin of
:class:`chaitea.engine.driver.JassState` (the hot path: card ids and bit masks).

Per trick the state binds, once, the follow rule's legal function, the strength tables by led
suit and the card values for the trump in force (:meth:`chaitea.engine.driver.JassGame.plan`): fixed
by the contract, none, named by the picker (3x3), or set by the first player who cannot follow
(Tutti: that card is trump in its own trick and can win it).

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("schieber").new_initial_state(seed=5)
>>> state.apply_action("obenabe")
>>> isinstance(state, TrickPlay), state.trump
(True, -1)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from chaitea.core.cards import JASS
from chaitea.core.errors import IllegalPlay
from chaitea.core.following import FOLLOW_RULES
from chaitea.core.orders import Order, rank_strength
from chaitea.core.tricks import (
    TrickRule,
    TrumpSetting,
    end_trick,
    last_trick_bonus,
    late_trump_points,
    trump_at_start,
)
from chaitea.engine.hand import Hand

__all__ = ["TrickPlay", "follow_tables"]

#: Per led suit: (the led suit's mask, the Puur exception's mask or -1, the trump mask, the
#: trumps weaker than each card id: what a follower may no longer play once it is in the trick).
Lead = tuple[int, int, int, tuple[int, ...]]
_NONE_WEAKER = (0,) * JASS.size


@cache
def follow_tables(trump: int) -> tuple[Lead, Lead, Lead, Lead]:
    """The ``jass`` follow rule (:mod:`chaitea.core.following`, RULES J) on the Jass deck with
    ``trump`` in force (-1: none) as masks by led suit, for the play path. A follower holding
    ``h`` may play ``a``: with ``f = h & led``, ``a = f | h & trumps`` if ``f`` and ``f != puur``,
    else ``a = h``; then less the forbidden trumps (the union of ``weaker[c]`` over the trick's
    cards: no undertrumping) unless ``h`` holds only trumps. ``tests/jass/test_play_path.py``
    checks it against the rule's own ``legal`` function.

    >>> from chaitea.core.cards import JASS
    >>> led, puur, trumps, weaker = follow_tables(2)[2]  # Roses (H) trump and led
    >>> [str(c) for c in JASS.cards_of(puur)], weaker == follow_tables(-1)[0][3]
    (['JH'], True)
    >>> led, puur, trumps, weaker = follow_tables(2)[0]  # Roses trump, Acorns (C) led
    >>> puur, [str(c) for c in JASS.cards_of(weaker[JASS.index_of("9H")])]
    (-1, ['6H', '7H', '8H', '10H', 'QH', 'KH', 'AH'])
    """
    suits = JASS.suit_masks
    if trump < 0:  # no trump in force: follow the led suit if able, else any card
        return ((suits[0], -1, 0, _NONE_WEAKER), (suits[1], -1, 0, _NONE_WEAKER),
                (suits[2], -1, 0, _NONE_WEAKER), (suits[3], -1, 0, _NONE_WEAKER))
    strength = rank_strength(Order.JASS_TRUMP, JASS.ranks)  # the trump order following uses
    suit_of, rank_of = JASS.suit_of, JASS.rank_of
    power = [strength[rank_of[i]] if suit_of[i] == trump else -1 for i in range(JASS.size)]
    weaker = tuple(sum(1 << j for j in range(JASS.size) if 0 <= power[j] < power[i])
                   if power[i] >= 0 else 0 for i in range(JASS.size))
    puur = 1 << JASS.index_of("J" + "CDHS"[trump])
    tm = suits[trump]

    def lead(led: int) -> Lead:  # to a trump lead: no undertrumping duty, the Puur exception
        if led == trump:
            return suits[led], puur, tm, _NONE_WEAKER
        return suits[led], -1, tm, weaker

    return lead(0), lead(1), lead(2), lead(3)


_JASS_FOLLOW = FOLLOW_RULES["jass"]


class TrickPlay:
    """Trick play over the state's fields (declared here for the type checker)."""

    game: Any  # a JassGame (chaitea.engine.driver.JassState narrows it)
    names: list[str]
    _n: int
    _side_of: tuple[int, ...]
    _hands: list[int]
    _acts: list[int]
    _contract: str
    _items: tuple[str, ...]  # the round's picking items (JassState)
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
    _leads: tuple[Lead, Lead, Lead, Lead] | None  # follow_tables of the trick (None: generic,
    # and the double deck)
    _fl: Lead  # the led suit's entry of _leads
    _fb: int  # the trumps a follower may no longer play (no undertrumping)

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
            self._legal, self._tables, self._values, t = static[self._trick_no]
            self._trump = t
            self._dynamic = False
            if self.game.follow is _JASS_FOLLOW and self.game.deck is JASS:  # the play path's
                # masks (apply_action; follow_tables are on the 36-card deck)
                self._leads = follow_tables(t)
                self._lm = self._hands[self._turn]  # the leader may lead any card
            else:
                self._leads = None
                self._lm = -1
            return
        self._leads = None
        rule = self._rules[self._trick_no]
        t = trump_at_start(rule, self._chosen[self._trick_no], self._known)
        self._dynamic = rule.trump_setting is TrumpSetting.FIRST_NON_FOLLOWER and t < 0
        self._trump = t
        self._legal, self._tables, self._values = self.game.plan(self._contract,
                                                                 self._trick_no, t)
        self._lm = -1

    def _check_play(self, c: int) -> None:
        seat = self._turn
        hand = self._hands[seat]
        deck = self.game.deck  # the 36-card deck, or six-player Schieber's 48 cards
        card = deck.cards[c]
        if not hand >> c & 1:
            raise IllegalPlay(f"{card} refused: {self.names[seat]} does not hold it "
                              f"(it is seat {seat}'s turn)")
        if not self._legal_mask() >> c & 1:
            why = self.game.follow.bind(deck, self._trump).refusal(c, hand, self._led,
                                                                   self._trick)
            raise IllegalPlay(why or f"{card} refused (RULES J)")

    def _play(self, c: int) -> None:
        if not (self._legal_mask() >> c & 1):
            self._check_play(c)
        self._do_play(c)

    def _follow_mask(self, h: int) -> int:
        """The legal mask of the follower holding ``h`` in a trick with :attr:`_leads` (the
        masks of :func:`follow_tables`; ``apply_action`` inlines it)."""
        fm, px, tm, _ = self._fl
        f = h & fm
        a = f | h & tm if f and f != px else h
        fb = self._fb
        if fb and h & tm != h:
            a &= ~fb
        return a

    def _do_play(self, c: int) -> None:
        """Play the legal card id ``c`` for the seat to play (the hot path, no checks), on the
        36-card deck or the double deck (the led suit read from the deck); a full trick ends by
        :func:`~chaitea.core.tricks.end_trick` (RULES J, D2: of two identical cards the later-played
        wins), then the round or the next trick, led by the winner."""
        seat = self._turn
        self._hands[seat] ^= 1 << c  # c is held: its bit is set
        trick = self._trick
        trick.append(c)
        self._acts.append(c)
        self._lm = -1
        leads = self._leads
        if self._led < 0:
            self._led = suit = self.game.deck.suit_of[c]
            if leads is not None:
                self._fl = leads[suit]
                self._fb = 0
        elif self._dynamic and (suit := self.game.deck.suit_of[c]) != self._led:
            self._known = suit  # Tutti: the first non-follower sets trump
            self._setup_trick()
        elif leads is not None:
            self._fb |= self._fl[3][c]
        n = self._n
        if len(trick) < n:
            self._turn = (seat + 1) % n
            if leads is not None:
                self._lm = self._follow_mask(self._hands[self._turn])
            return
        k = self._trick_no
        rules = self._rules
        last = k == self.game.n_tricks - 1
        bonus = last_trick_bonus(rules[k]) if last else 0
        winner = end_trick(trick, self._leader, self._tables[self._led], self._values, bonus,
                           self._side_of, self._side_points, self._tricks_won, self._tricks)
        if last:
            if rules[0].trump_setting is TrumpSetting.FIRST_NON_FOLLOWER:  # Tutti (reading)
                self._side_points = late_trump_points(rules[0], self.game.deck, self._known,
                                                      self._tricks, self._side_of,
                                                      self.game.sides, bonus)
            self._finish_round(Hand(self._forehand, self._declarer, self._contract,
                                    tuple(self._tricks_won), tuple(self._side_points),
                                    self._weis, self._stoeck, items=self._items,
                                    log=tuple(self._tricks)))
            return
        self._trick_no = k = k + 1
        self._trick = []
        self._leader = self._turn = winner
        self._led = -1
        if leads is not None:  # _setup_trick's static case, inline
            assert self._static is not None
            self._legal, self._tables, self._values, t = self._static[k]
            if t != self._trump:
                self._trump = t
                self._leads = follow_tables(t)
            self._lm = self._hands[winner]  # the leader may lead any card
            return
        self._setup_trick()
