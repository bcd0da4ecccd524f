"""A hand's facts from the play, as the driver hands them to the scoring part (RULES J)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Hand"]


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand's facts from the play: ``forehand``, ``declarer``, ``contract`` (as spelled),
    ``tricks`` per seat, ``card_points`` per side (the last-trick 5 included), ``weis`` and
    ``stoeck`` per side (before any multiplier); ``played`` False when the game ended before the
    cards were played (Schieber's mid-hand end); ``items``: the round's picking items in order
    (what a scoring part reads of a guess, a bid or a double); ``log``: the tricks as played,
    ``(leader, card ids, winner)`` each, for parts that score the cards taken (:meth:`taken`).

    >>> h = Hand(0, 0, "obenabe", (1, 0), (30, 0), (0, 0), (0, 0), log=((0, (3, 12), 0),))
    >>> h.taken(2)
    (4104, 0)
    """

    forehand: int
    declarer: int | None
    contract: str
    tricks: tuple[int, ...]
    card_points: tuple[int, ...]
    weis: tuple[int, ...]
    stoeck: tuple[int, ...]
    played: bool = True
    items: tuple[str, ...] = ()
    log: tuple[tuple[int, tuple[int, ...], int], ...] = ()

    def taken(self, players: int) -> tuple[int, ...]:
        """The cards each seat took in its tricks, as bit masks of card ids."""
        out = [0] * players
        for _leader, cards, winner in self.log:
            for c in cards:
                out[winner] |= 1 << c
        return tuple(out)

    def side_tricks(self, side_of: tuple[int, ...], sides: int) -> tuple[int, ...]:
        out = [0] * sides
        for seat, t in enumerate(self.tricks):
            out[side_of[seat]] += t
        return tuple(out)
