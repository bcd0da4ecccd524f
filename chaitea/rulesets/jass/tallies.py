"""Palitos and Batatas: the tally unit of the Coiffeur games and its scoring rules (RULES J).

Only the forehand's score is written in the row it picked: its card points (the last-trick 5
included), and 100 more for a Match::

    >>> row_score(157, tricks=12, total_tricks=12), row_score(60, tricks=4, total_tricks=12)
    (257, 60)

A forehand Match gives the match row 2 Palitos to the forehand and 1 Batata to each other
player; a forehand without a trick gets 2 Batatas and each other player 1 Palito::

    >>> [str(t) for t in match_tallies(0, tricks=12, total_tricks=12, sides=3)]
    ['2P', '1B', '1B']
    >>> [str(t) for t in match_tallies(2, tricks=0, total_tricks=12, sides=3)]
    ['1P', '1P', '2B']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from chaitea.core.cards import JASS, Card
from chaitea.core.errors import SetupError
from chaitea.rulesets.jass.scoring import MATCH_BONUS

__all__ = ["Tally", "draw_cards", "match_tallies", "row_score", "row_tallies"]


@dataclass(frozen=True, slots=True)
class Tally:
    """Palitos (sticks, wanted) and Batatas (potatoes, avoided); each Batata cancels a Palito.

    >>> t = Tally(3, 1) + Tally(0, 4)
    >>> t, t.net, str(t), str(Tally())
    (Tally(palitos=3, batatas=5), -2, '3P 5B', '0')
    """

    palitos: int = 0
    batatas: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.palitos + other.palitos, self.batatas + other.batatas)

    @property
    def net(self) -> int:
        """Palitos left after each Batata cancels one (negative: Batatas left)."""
        return self.palitos - self.batatas

    def __str__(self) -> str:
        parts = [f"{self.palitos}P" if self.palitos else "", f"{self.batatas}B" if self.batatas
                 else ""]
        return " ".join(p for p in parts if p) or "0"


def row_score(points: int, *, tricks: int, total_tricks: int,
              match_bonus: int = MATCH_BONUS) -> int:
    """The forehand's row score: its card points (the last-trick 5 included), +100 for a Match
    (every trick), RULES J."""
    if not (0 <= tricks <= total_tricks and points >= 0):
        raise SetupError(f"a row score needs 0..{total_tricks} tricks and points of 0 or more "
                         "(RULES J)")
    return points + (match_bonus if tricks == total_tricks else 0)


def match_tallies(forehand: int, *, tricks: int, total_tricks: int, sides: int,
                  inverted: bool = False) -> tuple[Tally, ...]:
    """The match row's entries for one hand, per side (RULES J): a forehand Match 2 Palitos to
    the forehand and 1 Batata to each other side; a forehand without a trick 2 Batatas and each
    other 1 Palito; otherwise nothing. ``inverted`` swaps the two (Misère, a reading)."""
    if not (0 <= forehand < sides and 0 <= tricks <= total_tricks):
        raise SetupError("match row: the forehand is a side and its tricks 0..total (RULES J)")
    match, none = tricks == total_tricks, tricks == 0
    if inverted:
        match, none = none, match
    if match:
        return tuple(Tally(2, 0) if s == forehand else Tally(0, 1) for s in range(sides))
    if none:
        return tuple(Tally(0, 2) if s == forehand else Tally(1, 0) for s in range(sides))
    return (Tally(),) * sides


def draw_cards(seats: Sequence[int], seed: int) -> list[tuple[int, Card]]:
    """A seeded "draw a card" (RULES J): each seat draws from a shuffled Jass deck (Python's
    ``random.Random(seed)``, as deals are); highest rank first (A high); seats whose ranks are
    equal draw again. The seats in the order drawn, best first, with their (last) card.

    >>> draw_cards([0, 2], seed=3) == draw_cards([0, 2], seed=3)
    True
    >>> sorted(seat for seat, _ in draw_cards([0, 1, 2], seed=11))
    [0, 1, 2]
    """
    rng = random.Random(seed)
    deck: list[Card] = []

    def draw() -> Card:
        if not deck:
            deck.extend(JASS.cards)
            rng.shuffle(deck)
        return deck.pop()

    def order(group: list[int]) -> list[tuple[int, Card]]:
        drawn = {s: draw() for s in group}
        out: list[tuple[int, Card]] = []
        for rank in sorted({c.rank for c in drawn.values()}, reverse=True):
            same = [s for s in group if drawn[s].rank == rank]
            out += order(same) if len(same) > 1 else [(same[0], drawn[same[0]])]
        return out

    return order(list(seats))


def row_tallies(scores: Sequence[int], value: int, *, lowest_wins: bool = False,
                seed: int = 0) -> tuple[Tally, ...]:
    """A complete row in Palitos and Batatas (RULES J, the text): the best score gets ``value``
    Palitos, the worst ``value`` Batatas (Misère: the lowest is best). A tie is a seeded draw
    among the tied: the highest card takes what is at stake, the Palitos or the Batatas (the
    text); when every score is equal, one draw for the Palitos, then one among the others for
    the Batatas.

    >>> [str(t) for t in row_tallies([90, 257, 40], 2)]
    ['0', '2P', '2B']
    >>> [str(t) for t in row_tallies([90, 257, 40], 2, lowest_wins=True)]
    ['0', '2B', '2P']
    """
    n = len(scores)
    if n < 2 or value < 0:
        raise SetupError("a row has at least two sides and a value of 0 or more (RULES J)")
    sign = -1 if lowest_wins else 1
    keyed = [sign * s for s in scores]
    out = [Tally()] * n
    best = [s for s in range(n) if keyed[s] == max(keyed)]
    palitos = best[0] if len(best) == 1 else draw_cards(best, seed)[0][0]
    out[palitos] = Tally(value, 0)
    rest = [s for s in range(n) if s != palitos]
    worst = [s for s in rest if keyed[s] == min(keyed[r] for r in rest)]
    batatas = worst[0] if len(worst) == 1 else draw_cards(worst, seed + 1)[0][0]
    out[batatas] = Tally(0, value)
    return tuple(out)
