"""The flow part: what the one state (:class:`chaitea.engine.state.State`) hands to its game's
ruleset around the four steps, so that one state class plays every ruleset.

A game names its flow part (``game.flow``); the state calls it with itself as ``st``:

- :meth:`Flow.start` sets the flow's own fields of a new game (Chai Tea Jazz: the barrel and
  the round logs; a table: the first forehand, the deals kept);
- :meth:`Flow.lay_out` writes a round's cards from the deal step's layout, and what the flow
  keeps of the deal;
- :meth:`Flow.choice_made` starts play once the pick step's outcome is in (Chai Tea Jazz: the
  row and the debt; a table: Weis and Stöck, or the hand thrown in);
- :meth:`Flow.round_over` hands the round's facts to the scoring part (the score step) and
  :meth:`Flow.round_scored` keeps what the flow reads of the result;
- :meth:`Flow.apply_slow` and :meth:`Flow.verify_action` read an action's spelling or value and
  word each refusal (every message as the record and the command line show it);
- :meth:`Flow.history`, :meth:`Flow.record`, :meth:`Flow.observation`,
  :meth:`Flow.next_picking` and the readers only its games have (``pad``, ``barrel``;
  ``forehand``, ``weis_points``): a method per reader, taking the state.

The flows: Chai Tea Jazz's (:class:`chaitea.engine.game.PadFlow`, the Paper Pad game) and the
table's (:class:`chaitea.engine.driver.TableFlow`, every Jass ruleset and Oh Hell; the renounce
penalty's :class:`chaitea.rulesets.jass.renounce.RenounceFlow` is a variant of it).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from chaitea.engine.machine import fields_of, set_fields
from chaitea.engine.play_step import PlayStep

if TYPE_CHECKING:
    from chaitea.engine.state import State

__all__ = ["Flow"]


class Flow:
    """The base of a flow part: the hooks every flow answers (see the module)."""

    #: the list fields of the flow a clone copies (the play step's are copied by the step)
    copied: tuple[str, ...] = ()
    #: whether every card off the play step's inline path goes through :meth:`do_play`
    watch = False

    def do_play(self, st: State, c: int) -> None:
        """Play the legal card ``c`` (when :attr:`watch`): by default the play step's."""
        PlayStep._do_play(st, c)

    def start(self, st: State, *args: Any, **start: Any) -> None:
        """A new game's fields of the flow (the state's keywords ``start``)."""
        raise NotImplementedError

    def reset_play(self, st: State) -> None:
        """The flow's fields of a round before its play (after the play step's)."""

    def lay_out(self, st: State, deal: Any, aside: Any, downs: Any, ups: Any,
                hands: Any) -> None:
        raise NotImplementedError

    def choice_made(self, st: State, outcome: Any) -> None:
        raise NotImplementedError

    def round_over(self, st: State, winner: int) -> None:
        raise NotImplementedError

    def round_scored(self, st: State, result: Any) -> None:
        """What the flow keeps of a scored round."""

    def apply_slow(self, st: State, action: Any) -> None:
        raise NotImplementedError

    def verify_action(self, st: State, action: Any) -> int:
        raise NotImplementedError

    def history(self, st: State) -> list[int]:
        raise NotImplementedError

    def record(self, st: State) -> dict[str, Any]:
        raise NotImplementedError

    def observation(self, st: State, seat: int) -> dict[str, Any]:
        raise NotImplementedError

    def next_picking(self, st: State) -> tuple[int | None, list[str]] | None:
        raise NotImplementedError

    def clone_into(self, st: State, copy: State) -> None:
        """Copy what :attr:`copied` does not cover (the flow's nested fields)."""

    def fields(self, st: State) -> dict[str, object]:
        """For pickling: the state's fields (a compiled base's too: ``fields_of``)."""
        return fields_of(st)

    def set_fields(self, st: State, state: dict[str, object]) -> None:
        set_fields(st, state)

    def equal(self, st: State, other: State) -> bool:
        """Whether two states are the same game at the same point (by default: the same
        object)."""
        return st is other

    def hash(self, st: State) -> int:
        return id(st) >> 4

    def repr(self, st: State) -> str:
        return f"<State {st.game.name} {st.phase}>"

    def repr_html(self, st: State) -> str:
        """The state as HTML (a notebook's display; by default its ``repr``, escaped)."""
        return f"<pre>{html.escape(self.repr(st))}</pre>"

    def repr_svg(self, st: State) -> str | None:
        return None
