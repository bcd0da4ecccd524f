"""A hand's facts from the play, as the driver hands them to the scoring part (RULES J)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Hand"]


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand's facts from the play: ``forehand``, ``declarer``, ``contract`` (as spelled),
    ``tricks`` per seat, ``card_points`` per side (the last-trick 5 included), ``weis`` and
    ``stoeck`` per side (before any multiplier); ``played`` False when the game ended before the
    cards were played (Schieber's mid-hand end)."""

    forehand: int
    declarer: int | None
    contract: str
    tricks: tuple[int, ...]
    card_points: tuple[int, ...]
    weis: tuple[int, ...]
    stoeck: tuple[int, ...]
    played: bool = True

    def side_tricks(self, side_of: tuple[int, ...], sides: int) -> tuple[int, ...]:
        out = [0] * sides
        for seat, t in enumerate(self.tricks):
            out[side_of[seat]] += t
        return tuple(out)
