"""The one place where text becomes markup, and where input is quoted in a message.

Every view of ``chaitea_widgets``, :mod:`chaitea.draw.svg` and the course helpers build their HTML
and SVG with these functions: text that can come from outside the code (players'
names, file names, record fields, error messages quoting input, exercise answers) goes through
:func:`escape` where the markup is built, so it shows as text and never as an element or an
attribute. :func:`shorten` and :func:`quote` show input inside a message: invisible and control
characters written as ``\\x1b``-style escapes, long input cut at ``limit`` characters with "…"
(every refusal that quotes input does it through :func:`quote`: a value of any size or depth
costs only the characters shown, and a number too long to print is described, not printed).

>>> escape('<img src=x onerror="alert(1)">')
'&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'
>>> element("b", "Tom & Jerry", cls="ctj-name")
'<b class="ctj-name">Tom &amp; Jerry</b>'
>>> quote("\\x1b[31mred\\u2028" + "x" * 100, limit=20)
"'\\\\x1b[31mred\\\\u2028xxx…'"
>>> control_characters("Le\\u202eo")
['\\\\u202e']
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence

__all__ = ["LIST_LIMIT", "QUOTE_LIMIT", "control_characters", "element", "escape", "listing",
           "one_line", "quote", "shorten"]

QUOTE_LIMIT = 60
"""How many characters of an input a message quotes (then "…")."""
LIST_LIMIT = 40
"""How many characters of a list of names (options, choices) a message shows (then "…"), so
that a refusal quoting an input and such a list stays one short line."""

# Characters XML 1.0 forbids (SVG is XML): C0 controls but tab/newline/return, surrogates,
# U+FFFE/U+FFFF. They are replaced by U+FFFD in markup (a name never holds them: it is refused).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Format characters a name may hold: the zero-width (non-)joiners of emoji and scripts.
_JOINERS = frozenset("\u200c\u200d")
# Categories shown as escapes in a message and refused in a name: controls (C0, C1), format
# characters (bidi overrides and isolates, zero-width marks, soft hyphen), line and paragraph
# separators (U+2028, U+2029), surrogates, private use.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co"})


def _hidden(ch: str) -> bool:
    return unicodedata.category(ch) in _HIDDEN_CATEGORIES and ch not in _JOINERS


def escape(value: object) -> str:
    """``value`` as text inside HTML or SVG element content or a quoted attribute value:
    ``& < > " '`` escaped, and the characters XML forbids replaced by U+FFFD.

    >>> escape("Leo's \\"<b>\\"")
    'Leo&#x27;s &quot;&lt;b&gt;&quot;'
    """
    return _NOT_XML.sub("\ufffd", html.escape(str(value), quote=True))


def element(tag: str, content: object = "", /, **attrs: object) -> str:
    """One element with escaped text content and escaped attribute values (``cls`` is
    ``class``; ``None`` and ``False`` attributes are left out, ``True`` ones written bare).
    ``tag`` and attribute names come from the code, never from input.

    >>> element("span", "<x>", cls="a b", data_seat=2, hidden=True, title=None)
    '<span class="a b" data-seat="2" hidden>&lt;x&gt;</span>'
    """
    parts = [tag]
    for name, v in attrs.items():
        if v is None or v is False:
            continue
        key = "class" if name == "cls" else name.rstrip("_").replace("_", "-")
        parts.append(key if v is True else f'{key}="{escape(v)}"')
    return f"<{' '.join(parts)}>{escape(content)}</{tag}>"


def _escape_char(ch: str) -> str:
    o = ord(ch)
    if o < 0x100:
        return f"\\x{o:02x}"
    if o < 0x10000:
        return f"\\u{o:04x}"
    return f"\\U{o:08x}"


def shorten(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Input as a message may show it: control, format and separator characters (incl. newline,
    ANSI escapes, U+2028/U+2029, bidi overrides) and backslashes written as ``\\x1b``-style
    escapes, and cut at ``limit`` characters (escapes counted as written) with "…". Not markup:
    a view still escapes the message where it builds HTML.

    >>> shorten("a\\nb"), shorten("x" * 70, 5), shorten("\\u2028" * 10, 12)
    ('a\\\\nb', 'xxxxx…', '\\\\u2028\\\\u2028…')
    """
    raw = isinstance(value, str)
    s = value if isinstance(value, str) else _safe_repr(value, limit)
    return _escaped(s, limit, backslash=raw, keep_tab=False)


def _escaped(s: str, limit: int, *, backslash: bool, keep_tab: bool) -> str:
    out: list[str] = []
    n = 0
    for i, ch in enumerate(s):
        if ch == "\\" and backslash:
            piece = "\\\\"
        elif ch == "\n":
            piece = "\\n"
        elif ch == "\r":
            piece = "\\r"
        elif ch == "\t":
            piece = "\t" if keep_tab else "\\t"
        elif _hidden(ch):
            piece = _escape_char(ch)
        else:
            piece = ch
        if n + len(piece) > limit:
            return "".join(out) + "…"
        out.append(piece)
        n += len(piece)
        if n == limit and i + 1 < len(s):
            return "".join(out) + "…"
    return "".join(out)


_DEPTH = 8  # nested lists and objects shown this deep, then "…"


def _safe_repr(value: object, limit: int) -> str:
    """``repr(value)`` up to a little over ``limit`` characters (then cut by the caller), built
    piece by piece so that a huge or deeply nested value costs only what is shown: an integer
    too long to print (Python refuses over 4,300 digits) is written ``<a number of about N
    digits>``, and a value whose ``repr`` fails ``<a list that cannot be shown>``."""
    out: list[str] = []
    _repr_into(value, out, limit + 2, _DEPTH)
    return "".join(out)


def _repr_into(value: object, out: list[str], budget: int, depth: int) -> int:
    """Append pieces of ``repr(value)`` to ``out`` until ``budget`` characters are written;
    answer the budget left (negative: the value was cut)."""
    if budget <= 0:
        return budget
    if isinstance(value, int) and not isinstance(value, bool):
        # a 4,301-digit number cannot even be printed (Python's int_max_str_digits)
        if value.bit_length() > 4 * (QUOTE_LIMIT + 8):
            text = f"<a number of about {int(value.bit_length() * 0.30103) + 1} digits>"
        else:
            text = repr(value)
    elif isinstance(value, str):
        text = repr(value[:budget])
    elif isinstance(value, list | tuple | dict | set | frozenset) and type(value) in (
            list, tuple, dict, set, frozenset):
        return _container_into(value, out, budget, depth)
    else:
        try:
            text = repr(value)
        except Exception:  # any value from outside: a message never fails on it
            text = f"<a {type(value).__name__} that cannot be shown>"
    out.append(text[:budget + 1])
    return budget - len(text)


def _container_into(value: list[object] | tuple[object, ...] | dict[object, object]
                    | set[object] | frozenset[object], out: list[str], budget: int,
                    depth: int) -> int:
    if isinstance(value, dict):
        opening, closing = "{", "}"
    elif isinstance(value, list):
        opening, closing = "[", "]"
    elif isinstance(value, tuple):
        opening, closing = "(", ",)" if len(value) == 1 else ")"
    else:
        if not value:
            text = f"{type(value).__name__}()"
            out.append(text)
            return budget - len(text)
        opening, closing = ("{", "}") if type(value) is set else ("frozenset({", "})")
    out.append(opening)
    budget -= len(opening)
    if value and depth <= 0:
        out.append("…")
        return -1
    for i, item in enumerate(value):
        if budget <= 0:
            return budget
        if i:
            out.append(", ")
            budget -= 2
        budget = _repr_into(item, out, budget, depth - 1)
        if isinstance(value, dict) and budget > 0:
            out.append(": ")
            budget = _repr_into(value[item], out, budget - 2, depth - 1)
        if budget < 0:  # cut: the caller shows "…"
            return budget
    out.append(closing)
    return budget - len(closing)


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Input quoted in a message: a string in single quotes, anything else as its (bounded)
    ``repr``; both through :func:`shorten`, so at most ``limit`` characters and "…".

    >>> quote("7H\\n"), quote(["7H"]), quote(None)
    ("'7H\\\\n'", "['7H']", 'None')
    >>> quote(10 ** 5000), quote([["x" * 100]], 12)
    ('<a number of about 5001 digits>', "[['xxxxxxxxx…")
    """
    if isinstance(value, str):
        return f"'{shorten(value, limit)}'"
    return shorten(value, limit)


def listing(names: Sequence[str], limit: int = LIST_LIMIT) -> str:
    """Names from the code (options, choices) joined by ", " in a message: as many whole names
    as fit in ``limit`` characters, then "…" (docs/games.md lists them all).

    >>> listing(["hands", "draw_seed"]), listing(["a" * 15, "b" * 15, "c" * 15, "d"])
    ('hands, draw_seed', 'aaaaaaaaaaaaaaa, bbbbbbbbbbbbbbb, …')
    """
    out: list[str] = []
    n = 0
    for i, name in enumerate(names):
        if out and n + 2 + len(name) > limit:
            return ", ".join(out) + ", …"
        out.append(name)
        n += len(name) + (2 if i else 0)
    return ", ".join(out)


def one_line(message: str, limit: int = 1000) -> str:
    """A whole message for a one-line channel (the command line's standard error, a status
    line): every control character escaped (no colouring, clearing or new line in a
    terminal), at most ``limit`` characters.

    >>> one_line("round 1, play step 2: \\x1b[2J refused")
    'round 1, play step 2: \\\\x1b[2J refused'
    """
    return _escaped(message, limit, backslash=False, keep_tab=True)


def control_characters(text: str) -> list[str]:
    """The characters of ``text`` a name may not hold, each as an escape (``['\\\\x1b']``):
    C0/C1 controls (incl. tab and newline), format characters such as bidi overrides and
    zero-width marks (the zero-width joiners of emoji excepted), U+2028/U+2029, surrogates and
    private-use characters."""
    return [_escape_char(ch) for ch in dict.fromkeys(text) if _hidden(ch)]
