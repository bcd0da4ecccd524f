"""The Jass play phase on bit masks (RULES J; split from :mod:`chaitea.ai.table_bots`): what
the bots read of a deck (:class:`DeckInfo`), each seat's camp (:func:`camps`),
:class:`JassRound` (a compact copy of a round's play, built from the game's rule tables: the
Monte Carlo inner loop), and the exact values of a round's last tricks with every hand open
(:func:`exact_values`, plain minimax; :func:`solver_values`, the double-dummy solver).

>>> from chaitea.rulesets import jass_game
>>> g = jass_game("schieber")
>>> r = JassRound.start(g, "trump(H)", (), 0, [0] * 4, 0)
>>> r.n, r.done
(4, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chaitea.core.bits import ids as mask_ids
from chaitea.core.cards import JASS, Deck
from chaitea.core.tricks import (
    TrumpSetting,
    end_trick,
    last_trick_bonus,
    late_trump_points,
    trump_at_start,
)

if TYPE_CHECKING:
    from chaitea.engine.driver import JassGame

__all__ = [
    "DeckInfo",
    "JassRound",
    "camps",
    "deck_info",
    "exact_values",
    "lowest_wins",
    "solver_values",
]

N_CARDS = 36
_SEATS = tuple(range(8))  # end_trick's credit by seat: JassRound counts points per seat


@dataclass(frozen=True)
class DeckInfo:
    """What the bots read of a Jass deck (the 36 cards, or six-player Schieber's two 24-card
    decks): each card's suit, per suit the mask of its cards, of its Js (the Puur in trump),
    its 9s (the Näll), its Ks and Qs (Stöck)."""

    size: int
    full: int
    suit_of: tuple[int, ...]
    suits: tuple[int, ...]
    jacks: tuple[int, ...]
    nines: tuple[int, ...]
    kings: tuple[int, ...]
    queens: tuple[int, ...]


_INFO: dict[str, DeckInfo] = {}


def deck_info(deck: Deck) -> DeckInfo:
    """The :class:`DeckInfo` of ``deck`` (cached by name).

    >>> deck_info(JASS).size, bin(deck_info(JASS).jacks[2]).count("1")
    (36, 1)
    """
    info = _INFO.get(deck.name)
    if info is None:
        def masks(rank: int | None) -> tuple[int, ...]:
            return tuple(sum(1 << i for i, c in enumerate(deck.cards)
                             if c.suit == s and (rank is None or c.rank == rank))
                         for s in range(4))
        info = _INFO[deck.name] = DeckInfo(
            deck.size, (1 << deck.size) - 1,
            tuple(-1 if c.suit is None else int(c.suit) for c in deck.cards),
            masks(None), masks(11), masks(9), masks(13), masks(12))
    return info


SUIT_MASKS = deck_info(JASS).suits


_bits = mask_ids  # the card ids of a mask of any width (chaitea.core.bits)


# -- who plays with whom ---------------------------------------------------------------------
def camps(game: JassGame, declarer: int | None) -> tuple[int, ...]:
    """Each seat's camp in a round: the teams of a team game (Schieber, four-player
    Coiffeur-Schieber in pairs); in a pad game of individuals the picker (whose card points
    write its row) against the others together (a reading: the others play to keep the row
    low); in basic Jass each seat for itself.

    >>> from chaitea.rulesets import jass_game
    >>> camps(jass_game("schieber"), 1), camps(jass_game("coiffeur"), 2)
    ((0, 1, 0, 1), (1, 1, 0, 1))
    """
    t = game.table
    if t.seating.teams:
        return tuple(game.side_of)
    if t.score.scores == "pad-row" and declarer is not None:
        return tuple(0 if s == declarer else 1 for s in range(game.players))
    return tuple(range(game.players))


def lowest_wins(game: JassGame, contract: str) -> bool:
    """True when the contract's row is won by the fewest points (Coiffeur's Misère)."""
    return game.table.score.lowest_wins(contract)


# -- the play phase on masks (the Monte Carlo inner loop) -----------------------------------------
class JassRound:
    """One round's play on bit masks, built from the game's rule tables (``game.plan``): the
    same follow rule, strength tables, card values and trump settings (fixed, none, chosen by
    the picker, set by the first player who cannot follow) as
    :class:`~chaitea.engine.driver.JassState`.

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("schieber")
    >>> hands = [SUIT_MASKS[s] for s in range(4)]          # seat s holds suit s
    >>> r = JassRound.start(g, "trump(C)", (), 0, hands)
    >>> while not r.done:
    ...     r.play(_bits(r.legal())[-1])
    >>> r.points, r.won
    ([157, 0, 0, 0], [9, 0, 0, 0])
    """

    __slots__ = ("chosen", "contract", "declarer", "done", "dynamic", "game", "hands", "info",
                 "known", "leader",
                 "led", "legal_fn", "n", "points", "rules", "tables", "trick", "trick_no",
                 "tricks", "trump", "turn", "values", "won")

    game: JassGame
    info: DeckInfo
    contract: str
    declarer: int | None
    rules: Any
    chosen: tuple[int, ...]
    n: int
    hands: list[int]
    trick: list[int]
    leader: int
    turn: int
    led: int
    trick_no: int
    known: int
    trump: int
    dynamic: bool
    legal_fn: Any
    tables: Any
    values: Any
    points: list[int]
    won: list[int]
    tricks: list[tuple[int, tuple[int, ...], int]]
    done: bool

    @classmethod
    def start(cls, game: JassGame, contract: str, trumps: Sequence[int], forehand: int,
              hands: Sequence[int], declarer: int | None = None) -> JassRound:
        """A round of ``contract`` from its first lead by ``forehand``; ``trumps`` the suits the
        picker named for the chosen-trump tricks (3x3), in order; ``declarer`` the seat that
        chose (``None``: nobody, basic Jass)."""
        r = object.__new__(cls)
        r.game = game
        r.info = deck_info(game.deck)
        r.contract = contract
        r.declarer = declarer
        r.rules = game.trick_rules(contract)
        it = iter(trumps)
        r.chosen = tuple(next(it, 0) if rule.trump_setting is TrumpSetting.CHOSEN else -1
                         for rule in r.rules)
        r.n = game.players
        r.hands = list(hands)
        r.trick = []
        r.leader = r.turn = forehand
        r.led = -1
        r.trick_no = 0
        r.known = -1
        r.points = [0] * r.n
        r.won = [0] * r.n
        r.tricks = []
        r.done = False
        r._setup()
        return r

    def copy(self) -> JassRound:
        c = object.__new__(JassRound)
        for k in JassRound.__slots__:
            setattr(c, k, getattr(self, k))
        c.hands = list(self.hands)
        c.trick = list(self.trick)
        c.points = list(self.points)
        c.won = list(self.won)
        c.tricks = list(self.tricks)
        return c

    def _setup(self) -> None:
        rule = self.rules[self.trick_no]
        t = trump_at_start(rule, self.chosen[self.trick_no], self.known)
        self.dynamic = rule.trump_setting is TrumpSetting.FIRST_NON_FOLLOWER and t < 0
        self.trump = t
        self.legal_fn, self.tables, self.values = self.game.plan(self.contract, self.trick_no, t)

    def legal(self) -> int:
        """The mask of the cards the seat to play may play."""
        return int(self.legal_fn(self.hands[self.turn], self.led, self.trick))

    def play(self, c: int) -> None:
        """Play card ``c`` (legal: not checked) for the seat to play."""
        seat = self.turn
        self.hands[seat] &= ~(1 << c)
        trick = self.trick
        trick.append(c)
        suit = self.info.suit_of[c]
        if self.led < 0:
            self.led = suit
        elif self.dynamic and suit != self.led:
            self.known = suit
            self._setup()
        n = self.n
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        k = self.trick_no
        rules = self.rules
        last = k == self.game.n_tricks - 1
        bonus = last_trick_bonus(rules[k]) if last else 0
        winner = end_trick(trick, self.leader, self.tables[self.led], self.values, bonus, _SEATS,
                           self.points, self.won, self.tricks)  # the points by seat
        if last:
            if rules[0].trump_setting is TrumpSetting.FIRST_NON_FOLLOWER:  # Tutti (reading)
                self.points = late_trump_points(rules[0], self.game.deck, self.known,
                                                self.tricks, _SEATS, n, bonus)
            self.done = True
            return
        self.trick_no = k + 1
        self.trick = []
        self.leader = self.turn = winner
        self.led = -1
        self._setup()

    def camp_value(self, camp_of: Sequence[int], seat: int, sign: int = 1) -> int:
        """The card points (and Match bonus) of ``seat``'s camp, times ``sign`` (-1: fewest
        points wins, Misère)."""
        mine = camp_of[seat]
        pts = sum(p for s, p in enumerate(self.points) if camp_of[s] == mine)
        tricks = sum(w for s, w in enumerate(self.won) if camp_of[s] == mine)
        if tricks == len(self.tricks) and self.done:
            pts += 100
        return sign * pts



# -- exact values of the last tricks (hands open) ---------------------------------------------
def exact_values(r: JassRound, camp_of: Sequence[int], seat: int, sign: int = 1) -> dict[int, int]:
    """Per legal card of the seat to play in ``r`` (every hand open), the final value of
    ``seat``'s camp (:meth:`JassRound.camp_value`, signed) under best play: the camp of
    ``seat`` maximises it, every other seat minimises it (in games of individuals: the seat
    against all the others). Plain minimax with a table of solved positions; meant for the
    last two or three tricks (the double-dummy solver, :mod:`chaitea.ai.solver`, goes further).
    Below: leading the 6 first lets the A win the last trick's 5 as well.

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("schieber")
    >>> hands = [JASS.mask_of(h.split()) for h in ("AH 6C", "KH 7C", "QH 8C", "JH 9C")]
    >>> r = JassRound.start(g, "obenabe", (), 0, [0] * 4, 0)
    >>> r.trick_no = 7; r.hands = hands; r._setup()
    >>> exact_values(r, camps(g, 0), 0)
    {0: 25, 26: 20}
    """
    memo: dict[tuple[Any, ...], int] = {}
    mine = camp_of[seat]

    def value(p: JassRound) -> int:
        if p.done:
            return p.camp_value(camp_of, seat, sign)
        key = (tuple(p.hands), tuple(p.trick), p.turn, p.known,
               sum(q for s2, q in enumerate(p.points) if camp_of[s2] == mine),
               sum(w for s2, w in enumerate(p.won) if camp_of[s2] == mine))
        hit = memo.get(key)
        if hit is not None:
            return hit
        vals = []
        for c in _bits(p.legal()):
            q = p.copy()
            q.play(c)
            vals.append(value(q))
        best = max(vals) if camp_of[p.turn] == mine else min(vals)
        memo[key] = best
        return best

    out = {}
    for c in _bits(r.legal()):
        q = r.copy()
        q.play(c)
        out[c] = value(q)
    return out


# -- the double-dummy solver on a world (chaitea.ai.solver's Jass modes)
# ------------------------------
def solver_values(r: JassRound, seat: int, legal: Sequence[int] | None = None
                  ) -> dict[int, float]:
    """Per legal card of ``seat`` (to move in the world ``r``, every hand open), its exact
    value by the double-dummy solver (:func:`chaitea.ai.solver.card_values` on the kernel's Jass
    tables, :func:`chaitea.ai.kernel.jass_rules_for`), oriented so that more is better for the
    seat: its side's score (Schieber, basic Jass), in the Coiffeur pads the picker's row score,
    negated for the others, and negated again in Misère (the lowest wins).

    >>> from chaitea.rulesets import jass_game
    >>> g = jass_game("schieber")
    >>> hands = [JASS.mask_of(h.split()) for h in ("AH 6C", "KH 7C", "QH 8C", "JH 9C")]
    >>> r = JassRound.start(g, "obenabe", (), 0, [0] * 4, 0)
    >>> r.trick_no = 7; r.hands = hands; r._setup()
    >>> solver_values(r, 0) == {c: float(v) for c, v in exact_values(r, camps(g, 0), 0).items()}
    True
    """
    from chaitea.ai._kernel_plans import table_position
    from chaitea.ai.kernel import jass_rules_for
    from chaitea.ai.solver import card_values
    g = r.game
    pad = g.table.score.scores == "pad-row"
    lowest = lowest_wins(g, r.contract)
    declarer = r.declarer if r.declarer is not None else r.leader
    rules = jass_rules_for(g, r.contract, declarer, chosen=r.chosen, lowest=lowest)
    known = r.known if rules.tutti else -1
    pos = table_position(rules, list(r.hands), list(r.trick), r.leader, r.turn, r.trick_no,
                         r.led, r.tricks, known)
    vals = card_values(rules, pos, list(legal) if legal is not None else None)
    flip = pad and g.side_of[seat] != g.side_of[declarer]
    if lowest:
        flip = not flip
    return {c: float(-v if flip else v) for c, v in vals.items()}
