"""Where the drawings are found: a registry the drawing layer fills (so the core never
imports the drawing layer above it).

The values of the lower layers (a card, a pad, a game state) have Jupyter reprs, but the code
that draws them lives above them in :mod:`chaitea.draw`. ``_repr_svg_`` asks this registry for
the drawer of its kind; :mod:`chaitea.draw` registers its drawers when it is imported, and
``import chaitea`` imports it, so every value of the kit draws without a lower layer importing
an upper one.

>>> from chaitea import Card
>>> draw("card", Card.parse("AS")).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["DRAWERS", "draw", "register"]

#: kind ("card", "pad", "state", "jass-hand", "jass-trick") -> the function that draws it
DRAWERS: dict[str, Callable[..., Any]] = {}


def register(kind: str, drawer: Callable[..., Any]) -> None:
    """Make ``drawer`` the one :func:`draw` calls for ``kind``."""
    DRAWERS[kind] = drawer


def draw(kind: str, *args: Any, **kw: Any) -> Any:
    """The drawing of ``kind`` for ``args``; a clear error when nothing has registered it."""
    try:
        drawer = DRAWERS[kind]
    except KeyError:
        raise LookupError(f"no drawing registered for {kind!r}: import chaitea.draw") from None
    return drawer(*args, **kw)
