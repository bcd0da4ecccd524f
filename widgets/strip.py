"""The two custom widgets of the kit: :class:`CardStrip` (clickable SVG cards) and
:class:`SaveButton` (a browser download of the game record). Both are anywidgets: their ESM and
CSS are files of this package (``static/``), so Voilà renders them without any download."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from chaitea import Card
from chaitea.core.markup import escape
from chaitea.draw.svg import card_back_svg, card_name, card_svg, stack_svg
from chaitea.draw.swiss_cards import check_faces, jass_card_name, jass_card_svg

__all__ = ["CardStrip", "LoadButton", "SaveButton", "StripItem", "card_class"]

STATIC = Path(__file__).parent / "static"
log = logging.getLogger(__name__)


def card_class(card_id: str) -> str:
    """The stable CSS class of a card button: ``ctj-card-7H`` (a second copy ``7H'`` is
    ``ctj-card-7Hp``)."""
    return "ctj-card-" + card_id.replace("'", "p")


@dataclass(frozen=True)
class StripItem:
    """One thing in a :class:`CardStrip`.

    ``kind`` is ``card`` (a face), ``back`` (a face-down card), ``stack`` (a two-player
    straw-pile stack: ``card`` on top of ``down``), ``break`` (start a new line) or ``label`` (a
    line of text). ``playable`` is ``True`` (clickable, highlighted), ``False`` (dimmed; a click
    still reaches Python, which answers with the rule) or ``None`` (plain).
    """

    kind: str = "card"
    card: Card | None = None
    down: Card | None = None
    playable: bool | None = None
    caption: str = ""
    highlight: str = ""  # "", "win", "right", "wrong", "selected"
    text: str = ""
    key: str = ""  # the id sent back on a click (default: the card's string)
    note: str = ""  # extra words for screen readers, e.g. "cannot be played now"

    @property
    def id(self) -> str:
        if self.key:
            return self.key
        return str(self.card) if self.card is not None else ""


class CardStrip(anywidget.AnyWidget):
    """A row of cards drawn as SVG, each a focusable button (when ``interactive``) with a text
    label; a click, a tap, Enter or Space on a card calls the handlers given to
    :meth:`on_click` with the card's id (``"7H"``). Illegal cards stay clickable but dimmed, so
    the view can answer with the rule in words.

    >>> from chaitea_widgets import CardStrip
    >>> strip = CardStrip(["9C", "2H", "7C"], label="A trick")
    >>> strip.on_click(lambda card: print("clicked", card))
    >>> strip.click("2H")
    clicked 2H
    >>> 'class="ctj-card ctj-card-2H' in strip.html
    True

    ``size`` is ``small``, ``normal`` or ``large``; ``four_colour=True`` uses the four-colour
    deck. :meth:`set_items` shows :class:`StripItem` values (backs, stacks, captions, line
    breaks); :meth:`set_cards` is the short form for plain cards.
    """

    _esm = STATIC / "strip.js"
    _css = STATIC / "strip.css"
    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, cards: Iterable[Card | str] = (), *, interactive: bool = True,
                 size: str = "normal", label: str = "cards", empty: str = "",
                 four_colour: bool = False, css_class: str | Sequence[str] = (),
                 faces: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Jass cards: "swiss" or "french" faces (chaitea.draw.swiss_cards); None: Chai Tea Jazz
        self.faces = None if faces is None else check_faces(faces)
        self.interactive = interactive
        self.label = label
        self.empty = empty
        self.four_colour = four_colour
        self.items: list[StripItem] = []
        self._handlers: list[Callable[[str], object]] = []
        self.size = size
        self.add_class("ctj-strip")
        self.add_class(f"ctj-size-{size}")
        for c in [css_class] if isinstance(css_class, str) else css_class:
            self.add_class(c)
        self.on_msg(self._on_msg)
        self.set_cards(cards)

    # -- content ---------------------------------------------------------------------------------
    def set_cards(self, cards: Iterable[Card | str], *,
                  playable: Iterable[str] | bool | None = None,
                  captions: Sequence[str] | None = None,
                  highlight: dict[str, str] | None = None) -> None:
        """Show plain cards. ``playable``: ``True``/``False``/``None`` for all, or the ids of the
        playable cards (the others are dimmed)."""
        items = []
        play_set = None if playable is None or isinstance(playable, bool) else set(playable)
        for i, c in enumerate(cards):
            card = c if isinstance(c, Card) else Card.parse(c)
            p: bool | None
            if play_set is not None:
                p = str(card) in play_set
            else:
                p = playable if isinstance(playable, bool) else None
            items.append(StripItem(card=card, playable=p,
                                   caption=captions[i] if captions and i < len(captions) else "",
                                   highlight=(highlight or {}).get(str(card), "")))
        self.set_items(items)

    def set_items(self, items: Iterable[StripItem]) -> None:
        self.items = list(items)
        self.html = self.render()

    def render(self) -> str:
        """The strip's inner HTML (what the browser shows)."""
        parts = [f'<div class="ctj-strip-inner" role="group" aria-label="{escape(self.label)}" '
                 f'style="display:contents">']
        shown = 0
        for item in self.items:
            if item.kind == "break":
                parts.append('<span class="ctj-break"></span>')
                continue
            if item.kind == "label":
                parts.append(f'<span class="ctj-strip-label">{escape(item.text)}</span>')
                continue
            shown += 1
            parts.append(self._item_html(item))
        if not shown and self.empty:
            parts.append(f'<span class="ctj-empty">{escape(self.empty)}</span>')
        parts.append("</div>")
        return "".join(parts)

    def _item_html(self, item: StripItem) -> str:
        fc = self.four_colour
        if item.kind == "back":
            svg = card_back_svg(100, aria=False)
            words = "face-down card"
        elif item.kind == "stack":
            svg = stack_svg(item.down, item.card, 100, four_colour=fc, aria=False)
            top = card_name(item.card) if item.card is not None else None
            under = " on a face-down card" if item.down is not None else ""
            words = f"{top}{under}" if top else ("a face-down card" if under else "empty stack")
        elif self.faces is not None:  # a Jass card, Swiss or French faces
            assert item.card is not None
            svg = jass_card_svg(item.card, 100, faces=self.faces, aria=False)
            words = jass_card_name(item.card, self.faces)
        else:
            assert item.card is not None
            svg = card_svg(item.card, 100, four_colour=fc, aria=False)
            words = card_name(item.card)
        classes = ["ctj-card"]
        cid = item.id
        if cid:
            classes.append(card_class(cid))
        if item.kind == "stack":
            classes.append("ctj-stack")
        if item.playable is True:
            classes.append("ctj-playable")
        elif item.playable is False:
            classes.append("ctj-unplayable")
        if item.highlight:
            classes.append(f"ctj-{item.highlight}")
        extra = []
        if item.caption:
            words += f", {item.caption}"
        if item.highlight == "win":
            words += ", winning"
        if item.note:
            words += f", {item.note}"
        elif item.playable is False:
            words += ", cannot be played now"
        caption = (f'<span class="ctj-caption" aria-hidden="true">{escape(item.caption)}</span>'
                   if item.caption else "")
        cls = " ".join(classes)
        label = escape(words)
        if self.interactive and cid and item.kind != "back":
            if item.playable is False:
                extra.append(' aria-disabled="true"')
                if item.note:  # why not: a note on hover, focus and tap (strip.js)
                    extra.append(f' data-why="{escape(item.note)}"')
            return (f'<button type="button" class="{cls}" data-card="{escape(cid)}" '
                    f'aria-label="{label}" title="{label}"{"".join(extra)}>{svg}{caption}'
                    f"</button>")
        data = f' data-card="{escape(cid)}"' if cid and item.kind != "back" else ""
        return f'<div class="{cls}"{data} role="img" aria-label="{label}">{svg}{caption}</div>'

    # -- clicks ----------------------------------------------------------------------------------
    def on_click(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(card_id)`` when a card is clicked (in the browser or by :meth:`click`)."""
        self._handlers.append(handler)

    def click(self, card_id: str) -> None:
        """Act as if the card ``card_id`` was clicked in the browser."""
        for h in list(self._handlers):
            try:
                h(card_id)
            except Exception:  # a view's handler reports its own errors; never leak a traceback
                log.exception("CardStrip click handler failed")

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            card = content.get("card")
            if isinstance(card, str) and len(card) <= 16:
                self.click(card)

    # -- reading (tests, notebooks) --------------------------------------------------------------
    @property
    def card_ids(self) -> list[str]:
        """The ids of the cards shown, in order (backs excluded)."""
        return [i.id for i in self.items if i.kind in ("card", "stack") and i.id]

    @property
    def playable_ids(self) -> list[str]:
        return [i.id for i in self.items if i.playable is True and i.id]

    def _repr_html_(self) -> str:
        return self.html


class SaveButton(anywidget.AnyWidget):
    """A button that downloads ``payload`` (text) as the file ``filename`` in the browser, with
    no server file path involved. Handlers given to :meth:`on_saved` run after a download.

    >>> from chaitea_widgets.strip import SaveButton
    >>> b = SaveButton(label="Save game")
    >>> b.payload = '{"format": "chaitea-record/1"}'
    """

    _esm = STATIC / "save.js"
    payload = traitlets.Unicode("").tag(sync=True)
    filename = traitlets.Unicode("chaitea-game.json").tag(sync=True)
    label = traitlets.Unicode("Save game").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], object]] = []
        self.add_class("ctj-save")
        self.on_msg(self._on_msg)

    def on_saved(self, handler: Callable[[str], object]) -> None:
        self._handlers.append(handler)

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "saved":
            name = str(content.get("filename", ""))[:200]
            for h in list(self._handlers):
                try:
                    h(name)
                except Exception:
                    log.exception("SaveButton handler failed")


class LoadButton(anywidget.AnyWidget):
    """A button that opens the browser's file dialog and hands the chosen file to Python: the
    handlers given to :meth:`on_file` get ``(name, size, data)``; ``data`` is ``None`` when the
    file is larger than ``max_bytes`` (the browser does not read it then). Its label is only
    ``label`` (ipywidgets' FileUpload always adds a count, "Load game (0)").

    >>> from chaitea_widgets.strip import LoadButton
    >>> b = LoadButton(label="Load game", max_bytes=10)
    >>> b.on_file(lambda name, size, data: print(name, size, data))
    >>> b.receive("game.json", b"{}")
    game.json 2 b'{}'
    >>> b.receive("huge.json", b"x" * 11)
    huge.json 11 None
    """

    _esm = STATIC / "load.js"
    label = traitlets.Unicode("Load game").tag(sync=True)
    accept = traitlets.Unicode(".json,application/json").tag(sync=True)
    max_bytes = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str, int, bytes | None], object]] = []
        self.add_class("ctj-upload")
        self.on_msg(self._on_msg)

    def on_file(self, handler: Callable[[str, int, bytes | None], object]) -> None:
        self._handlers.append(handler)

    def receive(self, name: str, data: bytes | None, size: int | None = None) -> None:
        """Act as if the file ``name`` with ``data`` was chosen in the browser."""
        n = len(data) if data is not None and size is None else int(size or 0)
        if data is not None and self.max_bytes and n > self.max_bytes:
            data = None
        for h in list(self._handlers):
            try:
                h(str(name)[:200], n, data)
            except Exception:
                log.exception("LoadButton handler failed")

    def _on_msg(self, _widget: object, content: object, buffers: object) -> None:
        if not isinstance(content, dict):
            return
        name = str(content.get("name", "the file"))
        size = content.get("size", 0)
        size = size if isinstance(size, int) and size >= 0 else 0
        if content.get("event") == "too-big":
            self.receive(name, None, size)
        elif content.get("event") == "file" and isinstance(buffers, list | tuple) and buffers:
            self.receive(name, bytes(buffers[0]))
