"""May an automatic solver call compile the compiled search in this process?

``chaitea.solve``, ``solve_position``/``card_values`` with ``numba=None`` (the default), the
bots and the coach run the compiled search (:mod:`chaitea.ai._nbsolver`) where it fits and
pays (:func:`chaitea.ai._nbsolver.worth`), compiling it on the first search big enough to pay
for the compile. A dashboard's kernel (``chaitea_widgets.base``, which every view imports) turns
that compile off: a learner waiting for a Hint or a Review never waits for it; there an
automatic search runs compiled only once the search is compiled (``numba=True`` somewhere, or a
warm-up), else in Python. ``numba=True`` still compiles. Kept free of numpy and numba, so a
dashboard can set it at start-up for nothing.

>>> before = compile_on_demand(False)
>>> on_demand()
False
>>> compile_on_demand(before)
False
>>> on_demand() == before
True
"""

from __future__ import annotations

__all__ = ["compile_on_demand", "on_demand"]

_ON_DEMAND = True


def on_demand() -> bool:
    """May an automatic choice (``numba=None``) compile the search in this process?"""
    return _ON_DEMAND


def compile_on_demand(allow: bool | None = None) -> bool:
    """Set whether an automatic choice may compile the search (``None``: unchanged); returns
    the setting before."""
    global _ON_DEMAND
    before = _ON_DEMAND
    if allow is not None:
        _ON_DEMAND = bool(allow)
    return before
