"""The picking protocol of the driver (RULES J; RECORD Jass): what a choice phase reads and says.

A choice phase is a value with one pure method, ``status(view)``: from the round's first
speaker, the picking items written so far and the game's pad, it says who speaks next and what
is legal, or, once the choice is made, who declared which contract and who leads. Because the
status is a function of the items, a refused item changes nothing and a clone needs no copy of
the phase. The phases themselves are parts of the rulesets (:mod:`chaitea.rulesets.jass.choice`,
:mod:`chaitea.rulesets.jass.declaring`); they read the items as values
(:func:`chaitea.engine.pick_items.parse_pick`, one cached look-up each).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from chaitea.core.cards import Deck
from chaitea.core.errors import IllegalPick
from chaitea.engine.pick_items import PASS_ITEM, PUSH_ITEM

__all__ = ["PASS", "PUSH", "ChoicePhase", "PickStatus", "PickView", "refuse"]

PUSH = str(PUSH_ITEM)  # the spellings; the items are chaitea.engine.pick_items
PASS = str(PASS_ITEM)


@dataclass(slots=True)
class PickView:
    """What a choice phase reads: the player count, the round's first speaker, the picking items
    written so far, the spellings open to each seat (Coiffeur: from the pad; ``None`` where the
    phase does not use it), the turned-up trump suit letter (basic Jass) and, for declaring Weis
    by hand (:mod:`chaitea.rulesets.jass.declaring`), the hands as dealt (bit masks) and their
    deck. A phase reads it and never writes it: a class with slots, not frozen, as one is built
    per status asked and a frozen dataclass's ``__init__`` costs a call per field."""

    players: int
    first: int
    items: tuple[str, ...]
    open_to: Callable[[int], Sequence[str]] | None = None
    turned_up: str | None = None
    hands: tuple[int, ...] = ()
    deck: Any = None


@dataclass(frozen=True)
class PickStatus:
    """Who speaks next and what is legal, or (``done``) the choice made: ``declarer`` (the seat
    that chose; ``None`` where nobody chooses), ``forehand`` (who leads trick 1), ``contract``.
    ``declared``: with Weis declared by hand, each seat's declaration item (``noweis`` or
    ``weis(...)``), by seat; ``explain`` gives a refused item's own reason."""

    seat: int
    legal: tuple[str, ...]
    done: bool = False
    declarer: int | None = None
    forehand: int = 0
    contract: str = ""
    forced: bool = False
    why: str = ""  # what the rule allows now, for a refusal
    trumps: tuple[int, ...] = ()  # 3x3: the suits named for its trump tricks, in order
    declared: tuple[str, ...] | None = None
    explain: Callable[[str], str | None] | None = field(default=None, compare=False)


def refuse(status: PickStatus, item: str) -> IllegalPick:
    """The refusal of an item outside ``status.legal``, naming the rule."""
    if status.done:
        return IllegalPick(f"{item} refused: the contract is already chosen ({status.contract})")
    if status.explain is not None:
        why = status.explain(item)
        if why:
            return IllegalPick(why)
    shown = ", ".join(status.legal[:8]) + (" ..." if len(status.legal) > 8 else "")
    return IllegalPick(f"{item} refused: {status.why} (legal: {shown})")


class ChoicePhase(Protocol):
    """A choice phase: its status for the items written so far (pure; open to any ruleset).
    Optional: ``shown_to(view, seat)``, the items ``seat`` may see while the hand is picked and
    played, for a phase with secret items (Differenzler's guesses, written face down,
    :class:`chaitea.rulesets.jass.guessing.Guessing`); the state's observation asks it."""

    def status(self, view: PickView) -> PickStatus: ...

    def spellings(self, deck: Deck) -> tuple[str, ...]:
        """The phase's own picking items beyond the contracts, ``push`` and ``pass`` (a guess
        phase's ``guess(N)``, an auction's ``bid(N)``): they get action ids after the others."""

    @property
    def picker_leads(self) -> bool:
        """Whether the seat that picks the contract is the forehand and leads (Coiffeur's round
        pick), rather than the round's first speaker (Schieber's push)."""
