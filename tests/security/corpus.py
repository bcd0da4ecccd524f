"""The hostile-record corpus: names a hostile sharer would put in a game record.

``LEGAL`` names are within 40 characters and hold no control characters: the record loader
accepts them and every view must show them as text. ``REFUSED`` names break the name rule
(RECORD ``names``): the loader refuses them with ``round 0, picking step 0: names[i] ...``.
"""

from __future__ import annotations

import html.parser
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import Any

import chaitea

MARK = "window.__pwned=1"

LEGAL: list[str] = [
    "<script>window.__pwned=1</script>",
    '<img src=x onerror="window.__pwned=1">',
    '"><svg onload=window.__pwned=1>',
    "' onmouseover='window.__pwned=1' x='",
    "javascript:window.__pwned=1",
    "<foreignObject><b>x</b></foreignObject>",
    "<a href=javascript:alert(1)>x</a>",
    "&lt;b&gt;&amp;&#60;i&#62;&nbsp;",
    "]]><!-- --><![CDATA[<b>",
    "</style></span></div><b>bold</b>",
    "{{7*7}} ${7*7} <%= 7 %>",
    "Zoë & 猫 👨‍👩‍👧 Леон",
]

REFUSED: dict[str, str] = {
    "x" * 41: "41 characters long",
    "L" * 900_000: "900,000 characters long",
    "\x1b[31mred\x1b[0m": "control character",
    "Leo\nMufasa": "control character",
    "Leo\u2028Mufasa": "control character",
    "Leo\u2029Mufasa": "control character",
    "Leo\u202eofasuM": "control character",
    "Leo\u2066x\u2069": "control characters",
    "Leo\x85": "control character",
    "Leo\x00": "control character",
    "Le\u200bo": "control character",
    "": "empty",
    "   ": "empty",
}


def hostile_names(players: int, start: int = 0) -> list[str]:
    """``players`` names of the legal corpus, from ``start`` (wrapping round)."""
    return [LEGAL[(start + i) % len(LEGAL)] for i in range(players)]


def played_record(players: int, names: Sequence[str], seed: int, actions: int | None,
                  **options: Any) -> dict[str, Any]:
    """A legal record with ``names``: random legal actions from ``seed`` (``None``: to the end)."""
    game = chaitea.Game(players=players, **options)
    state = game.new_initial_state(seed=seed, names=list(names))
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal() and (actions is None or n < actions):
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return state.record()


def record_bytes(rec: dict[str, Any]) -> bytes:
    return json.dumps(rec).encode("utf-8")


# ------------------------------------------------------------------ reading markup
class Skeleton(html.parser.HTMLParser):
    """The elements and attribute names of an HTML/SVG string, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, tuple[str, ...]]] = []
        self.attrs: list[tuple[str, str, str]] = []
        self.text: list[str] = []
        self.comments: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, tuple(sorted(k for k, _ in attrs))))
        self.attrs += [(tag, k, v or "") for k, v in attrs]

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        self.comments.append(data)

    def unknown_decl(self, data: str) -> None:  # <![CDATA[ ... ]]>
        self.comments.append(data)


def skeleton(markup: str) -> Skeleton:
    p = Skeleton()
    p.feed(markup)
    p.close()
    return p


SAFE_TAGS = {
    "b", "br", "button", "caption", "circle", "code", "div", "ellipse", "g", "i", "li", "ol",
    "p", "path", "rect", "small", "span", "style", "svg", "table", "tbody", "td", "text",
    "tfoot", "th", "thead", "tr", "ul",
}
URL_ATTRS = {"href", "src", "xlink:href", "action", "formaction", "srcdoc", "style"}


def check_markup(markup: str, names: Iterable[str] = (), *, baseline: str | None = None,
                 svg: bool = False) -> Skeleton:
    """Assert that ``markup`` holds no live markup from the input: only the kit's own tags, no
    event-handler attribute, no URL or style attribute carrying input, no comment or CDATA
    section; with ``baseline`` (the same view drawn with plain names), exactly the same
    elements and attribute names. An SVG string must also be well-formed XML."""
    sk = skeleton(markup)
    tags = {t for t, _ in sk.tags}
    assert tags <= SAFE_TAGS, f"foreign elements {tags - SAFE_TAGS} in {markup[:300]!r}"
    for tag, key, value in sk.attrs:
        assert not key.startswith("on"), f"event handler {key}={value!r} on <{tag}>"
        assert not key.startswith(("<", '"', "'", "/")), f"broken attribute {key!r} on <{tag}>"
        if key in URL_ATTRS:
            assert "javascript:" not in value.lower() and MARK not in value, (tag, key, value)
    assert sk.comments == [], f"comments or CDATA from the input: {sk.comments}"
    if baseline is not None:
        base = skeleton(baseline)
        assert sk.tags == base.tags, "the input changed the elements or attributes"
    if svg:
        ET.fromstring(markup)  # well-formed: no injected element, no broken CDATA
    return sk


def shows_as_text(sk: Skeleton, name: str, prefix: int | None = None) -> bool:
    """Whether the name (or its first ``prefix`` characters) is in the text or an attribute
    value, as the browser would show it (entities decoded once, not twice)."""
    want = name if prefix is None else name[:prefix]
    return any(want in t for t in sk.text) or any(want in v for _, _, v in sk.attrs)
