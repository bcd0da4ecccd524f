"""Controls to choose a contract and its parameters: kind, trump suit, start direction and
(for Slalom and Pyramid) the trick number. Shared by the explorers and the trick lab."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from chaitea import Contract, Suit
from chaitea.core.contracts import KINDS

from .base import Refusal, show

__all__ = ["ContractControls"]


class ContractControls:
    """A contract picker. ``.contract`` is the engine's :class:`~chaitea.Contract`;
    ``.trick`` the 0-based trick index; ``set("trump(H)")`` sets the widgets."""

    def __init__(self, contract: str | Contract = "trump(H)", *, trick: int = 1,
                 n_tricks: int = 12, with_trick: bool = True, swiss: bool = False,
                 kinds: Sequence[str] | None = None) -> None:
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        chosen = list(KINDS) if kinds is None else list(kinds)
        unknown = [k for k in chosen if k not in KINDS]
        if unknown or not chosen:
            raise Refusal(f"unknown contract kinds {unknown}: the kinds are {', '.join(KINDS)}")
        if c.kind not in chosen:
            raise Refusal(f"{c.kind} is not one of the contracts offered ({', '.join(chosen)})")
        # only the contracts a lesson has taught (lesson 1: Over and Trump), or all of them
        self.kind = w.Dropdown(options=[(KINDS[k].title, k) for k in chosen],
                               value=c.kind, description="Contract")
        self.kind.add_class("ctj-contract-kind")
        self.suit = w.Dropdown(options=self._suit_options(swiss), value="H",
                               description="Trump")
        self.suit.add_class("ctj-trump")
        self.start = w.ToggleButtons(options=[("start high", "high"), ("start low", "low")],
                                     value="high", description="")
        self.start.add_class("ctj-start")
        self.trick = w.IntSlider(value=trick, min=1, max=n_tricks, description="Trick",
                                 continuous_update=False)
        self.trick.add_class("ctj-trick-number")
        self.with_trick = with_trick
        self.box = w.HBox([self.kind, self.suit, self.start, self.trick])
        self.box.add_class("ctj-contract-controls")
        self._apply(c)
        self._sync_visibility()
        self.kind.observe(lambda _ch: self._sync_visibility(), "value")

    @staticmethod
    def _suit_options(swiss: bool) -> list[tuple[str, str]]:
        return [(f"{s.swiss if swiss else s.plural.capitalize()} {'' if swiss else s.symbol}"
                 .strip(), s.letter) for s in Suit]

    def set_swiss(self, swiss: bool) -> None:
        options = self._suit_options(swiss)
        if list(self.suit.options) != options:
            value = self.suit.value
            self.suit.options = options
            self.suit.value = value

    def set_n_tricks(self, n: int) -> None:
        if self.trick.max != n:
            self.trick.max = n

    def _apply(self, c: Contract) -> None:
        self.kind.value = c.kind
        if c.trump is not None:
            self.suit.value = c.trump.letter
        if c.start is not None:
            self.start.value = c.start

    def _sync_visibility(self) -> None:
        info = KINDS[self.kind.value]
        show(self.suit, info.trump)
        show(self.start, info.needs_start)
        show(self.trick, info.needs_start and self.with_trick)

    def set(self, contract: str | Contract, trick: int | None = None) -> None:
        """Show ``contract`` (a spelling such as ``slalom(low)``) and, if given, a 1-based trick."""
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        self._apply(c)
        if trick is not None:
            if not 1 <= trick <= self.trick.max:
                raise Refusal(f"trick {trick} is not in 1..{self.trick.max}: a round of this"
                              f" deal has {self.trick.max} tricks")
            self.trick.value = trick

    @property
    def contract(self) -> Contract:
        info = KINDS[self.kind.value]
        return Contract(info.name, Suit.parse(self.suit.value) if info.trump else None,
                        self.start.value if info.needs_start else None)

    @property
    def trick_index(self) -> int:
        """0-based trick index (the first trick for contracts with one order)."""
        info = KINDS[self.kind.value]
        return self.trick.value - 1 if info.needs_start and self.with_trick else 0

    def observe(self, handler: Callable[[], None]) -> None:
        for x in (self.kind, self.suit, self.start, self.trick):
            x.observe(lambda _ch: handler(), "value")
