"""Seatings as data: who sits where, who plays with whom, how many cards each (RULES P; RULES J).

A :class:`Seating` is a value: the player count, the hand size, the sides (``teams`` ``None``:
every seat plays for itself) and, for Chai Tea Jazz, the Bet Debt step, the last-trick bonus, the
straw-piles and the decks that fit. Seats are numbered in play order (clockwise in Chai Tea Jazz;
the Jass text's counter-clockwise play is the same numbering read the other way, RULES J), so the
next seat is always ``seat + 1`` modulo the player count. :func:`individuals` and
:func:`partnerships` build a seating for any count; :data:`SEATINGS` is Chai Tea Jazz's table by
player count (RULES P), and :data:`JASS_SEATINGS` the Jass family's (the rulesets that use them
come later).

>>> SEATINGS[4].teams, SEATINGS[4].sides
(((0, 2), (1, 3)), 2)
>>> four = individuals(4, 9, decks=("jass",), last_trick_bonus=5)
>>> four.teams, four.sides, [four.side_of(s) for s in range(4)]
(None, 4, [0, 1, 2, 3])
>>> partnerships(6, 3, 6).teams  # three pairs: partners sit opposite
((0, 3), (1, 4), (2, 5))
>>> JASS_SEATINGS["six-in-trios"].teams  # six-player Schieber: two trios, alternate seats
((0, 2, 4), (1, 3, 5))
"""

from __future__ import annotations

from dataclasses import dataclass

from chaitea.core.errors import SetupError

__all__ = [
    "JASS_SEATINGS",
    "MAX_BET_DEBT",
    "SEATINGS",
    "Seating",
    "individuals",
    "partnerships",
]

MAX_BET_DEBT = 35  # RULES B: the barrel card's largest amount


@dataclass(frozen=True)
class Seating:
    """How one table is seated and dealt (RULES P).

    ``teams`` is ``None`` when every seat plays for itself; otherwise the seats of each side (team
    A first). ``step`` is Chai Tea Jazz's Bet Debt step (0: no Bet Debt), ``last_trick_bonus`` the
    bonus of the table's default card values, ``decks`` the decks that fit (the first is the
    default).
    """

    players: int
    hand_size: int
    step: int = 0
    last_trick_bonus: int = 0
    teams: tuple[tuple[int, ...], ...] | None = None
    straw_stacks: int = 0  # two players: five stacks of (face-down, face-up)
    set_aside: int = 0
    decks: tuple[str, ...] = ("standard",)

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players < 2:
            raise SetupError(f"a seating needs at least 2 players, not {self.players!r}")
        if self.teams is not None:
            seats = sorted(s for t in self.teams for s in t)
            if seats != list(range(self.players)) or len(self.teams) < 2:
                raise SetupError(f"teams {self.teams} must share seats 0..{self.players - 1} "
                                 "among two or more sides, each seat once (RULES P)")

    @property
    def max_debt(self) -> int:
        """The largest multiple of the step not above 35 (RULES B: 35, or 33 with step 3)."""
        return MAX_BET_DEBT // self.step * self.step if self.step else 0

    @property
    def sides(self) -> int:
        return len(self.teams) if self.teams else self.players

    def side_of(self, seat: int) -> int:
        if self.teams is None:
            return seat
        return next(i for i, t in enumerate(self.teams) if seat in t)

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of one side (a team, or the one seat of an individual player)."""
        return self.teams[side] if self.teams else (side,)

    def side_name(self, side: int) -> str:
        """Team letters ``A``, ``B``, ... in team games, else the seat number as text."""
        return "ABCDEF"[side] if self.teams else str(side)

    def tricks(self, deck_name: str) -> int:
        if self.players == 6 and deck_name == "double":
            return 12  # D2: all 72 cards dealt, 12 each
        return self.hand_size + 2 * self.straw_stacks


def individuals(players: int, hand_size: int, *, decks: tuple[str, ...] = ("standard",),
                last_trick_bonus: int = 0, step: int = 0) -> Seating:
    """Every seat plays for itself (three-player Chai Tea Jazz; Coiffeur's four players)."""
    return Seating(players, hand_size, step, last_trick_bonus, None, decks=decks)


def partnerships(players: int, sides: int, hand_size: int, *,
                 decks: tuple[str, ...] = ("standard",), last_trick_bonus: int = 0,
                 step: int = 0) -> Seating:
    """``sides`` teams of equal size, partners in alternate seats: seat ``s`` plays for side
    ``s % sides`` (four players in two pairs: {0, 2} and {1, 3}, RULES P)."""
    if sides < 2 or players % sides:
        raise SetupError(f"{players} players cannot sit as {sides} equal teams (RULES P)")
    teams = tuple(tuple(range(t, players, sides)) for t in range(sides))
    return Seating(players, hand_size, step, last_trick_bonus, teams, decks=decks)


# Chai Tea Jazz (RULES P): the table by player count.
SEATINGS: dict[int, Seating] = {
    2: Seating(2, 7, 5, 10, straw_stacks=5, set_aside=2),
    3: individuals(3, 12, step=5, last_trick_bonus=10),
    4: partnerships(4, 2, 9, step=3, last_trick_bonus=10),
    6: partnerships(6, 2, 9, step=3, last_trick_bonus=20, decks=("six-player", "double")),
}

# The Jass family (RULES J: 5 for the last trick; seats in play order, teams {0,2} and {1,3}).
_JD = ("jass",)
JASS_SEATINGS: dict[str, Seating] = {
    "three": individuals(3, 12, decks=_JD, last_trick_bonus=5),
    "four": individuals(4, 9, decks=_JD, last_trick_bonus=5),
    "four-in-pairs": partnerships(4, 2, 9, decks=_JD, last_trick_bonus=5),
    # six-player Schieber (the text): two trios in alternate seats, {0,2,4} and {1,3,5}; two
    # 24-card decks, 8 cards each (default), or one 36-card deck, 6 each
    "six-in-trios": partnerships(6, 2, 8, decks=("jass-double", "jass"), last_trick_bonus=5),
}
