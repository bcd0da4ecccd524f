"""What every view shares: the top-level box with its CSS classes, the kit's style sheet, a
status line for friendly messages, and the guard that turns every exception of a callback into
words in that status line (a user never sees a traceback)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

import chaitea
from chaitea import Card, Contract, Deck, Game
from chaitea.ai.compile_policy import compile_on_demand
from chaitea.core.errors import ChaiTeaError, RecordError
from chaitea.core.markup import one_line

from .strip import CardStrip
from .words import message_html

__all__ = ["DEFAULT_NAMES", "Refusal", "Status", "View", "button", "close", "default_names", "html",
           "kit_style", "pick_title"]

STATIC = Path(__file__).parent / "static"
KIT_CSS = (STATIC / "kit.css").read_text(encoding="utf-8")
DEFAULT_NAMES = ("Aslan", "Leo", "Mufasa", "Nala", "Sarabi", "Simba", "Rafiki")  # up to 7 seats
log = logging.getLogger(__name__)
MESSAGE_LIMIT = 400  # characters of a status line
T = TypeVar("T")
# A dashboard's kernel (every view: its bots, Hint, Advice and Review) never starts the solver's
# compile, 6-25 s that a learner would wait for: a default search there runs compiled
# only once the search is compiled, else in Python (chaitea.ai.compile_policy: no numpy import).
compile_on_demand(False)


class Refusal(ChaiTeaError):
    """A request a view cannot do (not a rule of the game): e.g. a card already in the trick."""


def default_names(players: int) -> list[str]:
    """The rulebook's players (Aslan, Leo, Mufasa) and friends, one per seat."""
    return list(DEFAULT_NAMES[:players])


class _Shared:
    """A layout or style model shared by many widgets (one model on the page instead of one per
    widget): it refuses changes, which would change every widget that shares it. A widget that
    needs its own is given one (``show`` swaps the shown and hidden shared layouts)."""

    _frozen = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen and name in self.keys:  # type: ignore[attr-defined]
            raise AttributeError(f"{type(self).__name__}.{name}: this model is shared by many "
                                 "widgets; give the widget its own")
        super().__setattr__(name, value)


class SharedLayout(_Shared, w.Layout):  # type: ignore[misc]
    pass


class SharedHTMLStyle(_Shared, HTMLStyle):  # type: ignore[misc]
    pass


class SharedButtonStyle(_Shared, w.ButtonStyle):  # type: ignore[misc]
    pass


_SHARED: dict[str, w.Widget] = {}
_SHARED_KINDS: dict[str, tuple[type[w.Widget], dict[str, Any]]] = {
    "shown": (SharedLayout, {}),
    "hidden": (SharedLayout, {"display": "none"}),
    "html": (SharedHTMLStyle, {}),
    "button": (SharedButtonStyle, {}),
}


def shared(kind: str) -> Any:
    """The kernel's shared model of ``kind`` (``shown`` / ``hidden`` layout, ``html`` /
    ``button`` style); a closed one is replaced.

    >>> shared("hidden") is shared("hidden") and shared("hidden").display == "none"
    True
    """
    model = _SHARED.get(kind)
    if model is None or model.comm is None:
        cls, traits = _SHARED_KINDS[kind]
        model = cls(**traits)
        model._frozen = True
        _SHARED[kind] = model
    return model


def close(widget: w.DOMWidget) -> None:
    """Close a dropped widget with its own layout and style (a shared one stays: other widgets
    use it), so that no model is left behind."""
    for model in (widget.layout, getattr(widget, "style", None), widget):
        if model is not None and not isinstance(model, _Shared):
            model.close()


def html(value: str = "", *classes: str) -> w.HTML:
    box = w.HTML(value=value, layout=shared("shown"), style=shared("html"))
    for c in classes:
        box.add_class(c)
    return box


def button(description: str, css: str, *, tooltip: str = "", primary: bool = False,
           quiet: bool = False) -> w.Button:
    b = w.Button(description=description, tooltip=tooltip or description,
                 layout=shared("shown"), style=shared("button"))
    b.add_class(css)
    if primary:
        b.add_class("ctj-primary")
    if quiet:
        b.add_class("ctj-quiet")
    return b


def seat_widgets(i: int, hand_label: str, straw_label: str,
                 **strip_args: Any) -> tuple[w.HTML, CardStrip, CardStrip, w.VBox]:
    """One seat on the felt: its heading, hand and straw-pile strips, and their box."""
    head = html("", "ctj-seat-head")
    hand = CardStrip(label=hand_label, css_class=("ctj-hand", f"ctj-hand-{i}"), **strip_args)
    straw = CardStrip(label=straw_label, css_class=("ctj-straw", f"ctj-straw-{i}"), **strip_args)
    box = w.VBox([head, hand, straw])
    box.add_class("ctj-seat")
    box.add_class(f"ctj-seat-{i}")
    return head, hand, straw, box


def show(widget: w.DOMWidget, visible: bool) -> None:
    """Show or hide a widget (without rebuilding it). A widget with a shared layout swaps it
    for the shared shown or hidden one (no new model); one with its own layout changes it."""
    if isinstance(widget.layout, SharedLayout):
        widget.layout = shared("shown" if visible else "hidden")
    else:
        widget.layout.display = None if visible else "none"


def pick_title(game: Game, spelling: str) -> str:
    """A pick in words: ``Trump (Hearts)``, ``Joker (Under)``, ``Avoidance (Over)``."""
    contract = game.spelling_contract.get(spelling)
    rows = game.spelling_rows.get(spelling)
    if contract is None or not rows:
        return spelling
    row = game.setup.rows[rows[0]]
    if row.is_joker:
        return f"Joker: {contract.title}"
    if row.avoidance:
        return f"Avoidance ({contract.title})"
    return contract.title


def sort_cards(cards: Sequence[Card], contract: Contract | None, deck: Deck, trick: int = 0,
               n_tricks: int = 12) -> list[Card]:
    """Cards in the order of ``contract`` at ``trick`` (the engine's strength order: trump
    first, then each suit strongest first); without a contract, the deck's order."""
    if contract is None:
        pos = deck.index
        return sorted(cards, key=lambda c: pos[c])
    order = chaitea.strength_order(contract, trick, deck, n_tricks=n_tricks)
    rank = {c: i for i, c in enumerate(order)}
    return sorted(cards, key=lambda c: rank.get(c, -1))


class Status:
    """The status line of a view: one message, ``ok``, ``info`` or ``error``."""

    def __init__(self) -> None:
        self.widget = html("", "ctj-status")
        self.text = ""
        self.kind = "info"

    def set(self, text: str, kind: str = "info") -> None:
        text = one_line(text, MESSAGE_LIMIT)  # no message quotes a long input whole
        if text and text[0].islower():
            text = text[0].upper() + text[1:]
        self.text, self.kind = text, kind
        if not text:
            self.widget.value = ""
            return
        # escaped first, then the rule citations (D6, RULES R) become small links
        self.widget.value = message_html(text, kind)

    def remember(self, text: str, kind: str = "info") -> None:
        """Keep ``text`` as the message (``view.message``) without showing it: another line on
        the page already shows these words."""
        self.set("")
        self.text, self.kind = text, kind

    def ok(self, text: str) -> None:
        self.set(text, "ok")

    def info(self, text: str) -> None:
        self.set(text, "info")

    def error(self, text: str) -> None:
        self.set(text, "error")


def friendly(exc: BaseException) -> str:
    """An exception in words a player can read (the engine's messages name the rule)."""
    if isinstance(exc, RecordError):
        return exc.detail if exc.where.startswith("round 0,") else str(exc)
    if isinstance(exc, ChaiTeaError):
        return str(exc)
    return f"Sorry, that did not work ({type(exc).__name__}: {exc})."


_KIT_STYLE: list[w.HTML] = []


def kit_style() -> w.HTML:
    """The kit's style sheet as a hidden widget: one per kernel, shared by every view, so a
    page with several views sends the CSS once (a closed one is replaced).

    >>> kit_style() is kit_style()
    True
    """
    if not _KIT_STYLE or _KIT_STYLE[0].comm is None:
        style = html(f"<style>{KIT_CSS}</style>", "ctj-style")
        show(style, False)
        _KIT_STYLE[:] = [style]
    return _KIT_STYLE[0]


class View:
    """Base of every view: ``.widget`` is the box to display; ``display(view)`` or a bare
    ``view`` in a cell shows it. Errors of callbacks become messages in ``.status``."""

    css_class = "ctj-view"

    def __init__(self) -> None:
        self.status = Status()
        self.style = kit_style()
        self.unexpected: list[BaseException] = []  # errors that are bugs, not refusals
        self.widget: w.Box = w.VBox()

    def _finish(self, *children: w.Widget) -> None:
        self.widget.children = (self.style, *children)
        self.widget.add_class("ctj-main")
        self.widget.add_class(self.css_class)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    @property
    def message(self) -> str:
        """The text of the status line (what the user was last told)."""
        return self.status.text

    # -- guards ----------------------------------------------------------------------------------
    def _attempt(self, fn: Callable[[], object], ok: str | None = None) -> bool:
        """Run an action; a refusal or any error becomes a message. True if it went through."""
        try:
            fn()
        except ChaiTeaError as e:
            self.status.error(friendly(e))
            self._recover()
            return False
        except Exception as e:  # a bug: keep it for the tests, show words, never a traceback
            log.exception("unexpected error in a view")
            self.unexpected.append(e)
            self.status.error(friendly(e))
            self._recover()
            return False
        if ok is not None:
            self.status.ok(ok)
        return True

    def _recover(self) -> None:
        try:
            self._after_error()
        except Exception as e:
            log.exception("unexpected error while redrawing a view")
            self.unexpected.append(e)

    def _after_error(self) -> None:
        """Hook: re-render after a refusal (the state is unchanged, the view may not be)."""

    def _notify(self) -> None:
        """Tell every view of the shared game that it changed (errors become words too)."""
        session = getattr(self, "session", None)
        if session is not None:
            self._attempt(session.changed)

    def _guard(self, fn: Callable[..., object]) -> Callable[..., None]:
        """Wrap a widget callback so that no exception leaves it."""

        def run(*args: Any) -> None:
            self._attempt(lambda: fn(*args))

        return run

    @staticmethod
    @contextlib.contextmanager
    def _hold(*widgets: w.Widget) -> Iterator[None]:
        """Batch the updates of several widgets (one message each)."""
        with contextlib.ExitStack() as stack:
            for x in widgets:
                stack.enter_context(x.hold_sync())
            yield
