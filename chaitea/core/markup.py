"""The one place where text becomes markup, and where input is quoted in a message.

Every view of ``chaitea_widgets``, :mod:`chaitea.draw.svg` and the course helpers build their HTML
and SVG with these functions (issue 8): text that can come from outside the code (players'
names, file names, record fields, error messages quoting input, exercise answers) goes through
:func:`escape` where the markup is built, so it shows as text and never as an element or an
attribute. :func:`shorten` and :func:`quote` show input inside a message: invisible and control
characters written as ``\\x1b``-style escapes, long input cut at ``limit`` characters with "…".

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

__all__ = ["QUOTE_LIMIT", "control_characters", "element", "escape", "one_line", "quote",
           "shorten"]

QUOTE_LIMIT = 60
"""How many characters of an input a message quotes (then "…")."""

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


def _safe_repr(value: object, limit: int) -> str:
    # a 4,301-digit number cannot even be printed (Python's int_max_str_digits)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * (
            limit + 8):
        return f"<a number of about {int(value.bit_length() * 0.30103) + 1} digits>"
    try:
        return repr(value)
    except (ValueError, RecursionError):
        return f"<a {type(value).__name__} that cannot be shown>"


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Input quoted in a message: a string in single quotes, anything else as its (bounded)
    ``repr``; both through :func:`shorten`.

    >>> quote("7H\\n"), quote(["7H"]), quote(None)
    ("'7H\\\\n'", "['7H']", 'None')
    """
    if isinstance(value, str):
        return f"'{shorten(value, limit)}'"
    return shorten(value, limit)


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
