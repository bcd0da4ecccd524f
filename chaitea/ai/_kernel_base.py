"""The kernel's data (:mod:`chaitea.ai.kernel`): card bit masks, one round's :class:`Rules` as
tables, and a :class:`Position` of a round in progress; the adapters that build them from the engine
are :mod:`chaitea.ai.kernel` (Chai Tea Jazz) and :mod:`chaitea.ai._kernel_plans` (the Jass family).

>>> from chaitea import Game
>>> from chaitea.ai.kernel import position_of, rules_of
>>> state = Game(players=3).round_state(7, 0, "trump(H)")
>>> pos = position_of(state)
>>> isinstance(rules_of(state), Rules), [len(bits(h)) for h in pos.hands], pos.copy() == pos
(True, [12, 12, 12], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from chaitea.core.bits import bits
from chaitea.core.cards import Deck

LegalFn = Callable[[int, int, Sequence[int]], int]
Tables5 = tuple[tuple[int, ...], ...]

__all__ = ["Position", "Rules", "bits"]  # bits: chaitea.core.bits


@dataclass(frozen=True, eq=False)
class Rules:
    """One round's rules as tables (built by :func:`rules_for`; nothing else reads the engine).

    ``tables[t][led]``: strength of every card in trick ``t`` when suit ``led`` (0..3) was led, or
    index 4 when no suit has been led yet (a Joker lead, D6); the strongest card wins and equal
    strengths go to the later-played card (D2, D6). ``extra[led]``: the cards a seat that can
    follow ``led`` may play besides that suit (trumps, RULES F; Jokers, D6). ``ladders[t]``: per
    rank order still to come from trick ``t`` on, each suit's cards weakest first in tie groups
    (for equivalent-card pruning).
    """

    players: int
    n_tricks: int
    n_cards: int
    tables: tuple[tuple[tuple[int, ...], ...], ...]
    points: tuple[int, ...]
    suit_of: tuple[int, ...]
    rank_of: tuple[int, ...]
    suit_masks: tuple[int, int, int, int]
    extra: tuple[int, int, int, int]
    side_of: tuple[int, ...]
    sides: int
    last_trick_bonus: int
    avoidance: bool
    declarer: int
    trump: int  # -1: none
    ladders: tuple[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...], ...]
    points_total: int = 0
    order_names: tuple[str, ...] = field(default=())
    # A follow rule other than Chai Tea Jazz's (whose masks are ``suit_masks``/``extra``):
    # legal_fn(playable, led, trick) -> legal mask (chaitea.core.following's bound rule).
    legal_fn: LegalFn | None = None
    # Rounds whose trump, card values or follow masks change from trick to trick (the Jass
    # modes, RULES J; built by :func:`jass_rules_for`): per-trick points and legal functions.
    trick_points: tuple[tuple[int, ...], ...] = ()
    legal_fns: tuple[LegalFn, ...] = ()
    # Tutti: trump set by the first player who cannot follow; per trump in force (index
    # ``known + 1``, 0: not set yet): the tables per trick, the legal function, the provisional
    # values per trick, and the values every trick is counted at when the round ends.
    tutti: bool = False
    tutti_tables: tuple[tuple[Tables5, ...], ...] = ()
    tutti_legal: tuple[LegalFn, ...] = ()
    tutti_points: tuple[tuple[tuple[int, ...], ...], ...] = ()
    tutti_values: tuple[tuple[int, ...], ...] = ()
    match_bonus: int = 0  # RULES J: a side taking every trick (0: none)
    solo: int = 0  # cards never merged with a neighbour (the Puur: its follow exception)
    pclass: tuple[int, ...] = ()  # cards of one class score alike in every trick still to come
    jass: bool = False
    # Jass: the follow rule's name (chaitea.core.following); the compiled search implements
    # "jass" only and leaves any other (Mittlere's) to the Python search
    follow: str = "jass"
    # How ``sides="declarer"`` reads (Jass): "mover" (the side to move's own score: Schieber,
    # basic Jass) or "declarer" (the declarer's side's score: the Coiffeur pads' forehand).
    scored_by: str = "declarer"

    def same_side(self, a: int, b: int) -> bool:
        return self.side_of[a] == self.side_of[b]

    def tables_at(self, t: int, known: int = -1) -> Tables5:
        """The five strength tables of trick ``t`` (Tutti: with trump ``known``, -1 unset)."""
        if self.tutti:
            return self.tutti_tables[known + 1][t]
        return self.tables[t]

    def legal_at(self, t: int, known: int = -1) -> LegalFn | None:
        """The legal function of trick ``t`` (``None``: the Chai Tea Jazz masks)."""
        if self.tutti:
            return self.tutti_legal[known + 1]
        if self.legal_fns:
            return self.legal_fns[t]
        return self.legal_fn

    def points_at(self, t: int, known: int = -1) -> tuple[int, ...]:
        """The card values in force in trick ``t`` (Tutti: provisional until the round ends)."""
        if self.tutti:
            return self.tutti_points[known + 1][t]
        if self.trick_points:
            return self.trick_points[t]
        return self.points



Ladders = tuple[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...], ...]


def _ladders(deck: Deck, per_trick: Sequence[Sequence[Tables5]]) -> Ladders:
    """Per trick, the rank orders still to come as suit ladders (weakest first, equal strengths
    grouped), from each trick's strength tables (several per trick where the trump in force is
    not known yet); Over and Under give the same adjacency, so one ladder serves both."""
    ladder_of: dict[tuple[tuple[tuple[int, ...], ...], ...], int] = {}
    trick_sets: list[set[int]] = []
    all_ladders: list[tuple[tuple[tuple[int, ...], ...], ...]] = []
    for variants in per_trick:
        here: set[int] = set()
        for tables in variants:
            suits = []
            for s in range(4):
                tab = tables[s]
                cards = sorted((i for i in range(deck.size) if deck.suit_of[i] == s),
                               key=lambda i: (tab[i], i))
                groups: list[tuple[int, ...]] = []
                for i in cards:
                    if groups and tab[groups[-1][0]] == tab[i]:
                        groups[-1] = (*groups[-1], i)
                    else:
                        groups.append((i,))
                suits.append(tuple(groups))
            lad = tuple(suits)
            canon = min(lad, tuple(tuple(reversed(g)) for g in lad))
            if canon not in ladder_of:
                ladder_of[canon] = len(all_ladders)
                all_ladders.append(lad)
            here.add(ladder_of[canon])
        trick_sets.append(here)
    n = len(per_trick)
    return tuple(tuple(all_ladders[k] for k in sorted(set().union(*trick_sets[t:])))
                 for t in range(n))


@dataclass
class Position:
    """A round in progress with every card placed: the solver's and the playouts' state.

    ``hands[p]``: the cards seat ``p`` may play from (two players: hand plus face-up straw
    cards, D7); ``downs[p]``: its face-down straw cards; ``cover[c]``: the face-down card under
    face-up straw card ``c`` (turned up after the trick in which ``c`` is played);
    ``pending``: covers to turn up when the current trick ends; ``set_aside``: two players' two
    set-aside cards (D9); ``won[side]``: card points won so far this round.
    """

    hands: list[int]
    downs: list[int]
    cover: dict[int, int]
    pending: list[tuple[int, int]]
    set_aside: tuple[int, ...]
    trick: list[int]
    leader: int
    turn: int
    trick_no: int
    led: int
    won: list[int]
    last_winner: int = -1
    # Jass: the trump set by the first non-follower (Tutti; -1 unset), tricks and cards won
    # per side (the Match; Tutti counts every trick at the final trump's values).
    known: int = -1
    side_tricks: list[int] = field(default_factory=list)
    won_cards: list[int] = field(default_factory=list)

    def copy(self) -> Position:
        return Position(list(self.hands), list(self.downs), self.cover, list(self.pending),
                        self.set_aside, list(self.trick), self.leader, self.turn,
                        self.trick_no, self.led, list(self.won), self.last_winner,
                        self.known, list(self.side_tricks), list(self.won_cards))

    @property
    def done(self) -> bool:
        return self.last_winner >= 0

