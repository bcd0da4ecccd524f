"""Words for players: the engine's messages with their rule citations as small links to the
project's rules document, and trick reasons that name the rule the way a player says it.

The engine's refusal and trick texts stay exactly as the engine writes them (tests match on
them); the views only *render* them: first the whole text is escaped, then each citation
(``D6``, ``RULES R``, ``RULES.md``, ``RECORD.md``) inside the escaped text becomes a link. No
part of the input is ever put into markup unescaped: the text goes through
:func:`chaitea.core.markup.escape`, the links are built from fixed strings.

>>> from chaitea_widgets.words import cite_links
>>> html = cite_links("a Joker may be played at any time (RULES R, D6) <b>")
>>> html.endswith(') &lt;b&gt;'), 'href="rules.ipynb#d6"' in html, ">D6</a>" in html
(True, True, True)
>>> 'href="rules.ipynb#r"' in html
True
"""

from __future__ import annotations

import math
import re

from chaitea import Contract
from chaitea.core.markup import escape

__all__ = ["DOCS_PAGE", "RECORD_DOC", "RULES_DOC", "cite_links", "message_html", "order_words",
           "plain_reason"]

# Where a dashboard's citation links go: the rules dashboard next to the course notebooks
# (notebooks/rules.ipynb shows docs/rules.md and docs/record.md with an anchor per D-number).
# In JupyterLab and on GitHub the same anchors are in docs/rules.md and docs/record.md.
DOCS_PAGE = "rules.ipynb"
RULES_DOC = "docs/rules.md"
RECORD_DOC = "docs/record.md"

# Applied to *escaped* text only: none of these patterns can match inside an entity.
_CITE = re.compile(r"\bRULES\.md\b|\bRECORD\.md\b|\bRULES ([A-Z])\b|\bD(1[0-4]|[1-9])\b")
_SECTIONS = {"C": "cards", "P": "seats and deals", "R": "contracts and card strength",
             "F": "following", "B": "picking and Bet Debt", "S": "scoring", "V": "variants",
             "J": "the Jass family"}


def _link(anchor: str, text: str, title: str, page: str) -> str:
    return (f'<a class="ctj-cite" href="{escape(page)}#{escape(anchor)}" target="_blank" '
            f'rel="noopener" title="{escape(title)}">{escape(text)}</a>')


def cite_links(text: str, page: str = DOCS_PAGE) -> str:
    """``text`` escaped, with each rule citation turned into a small link to its entry."""
    safe = escape(text)  # the one escaping helper (no outside text is markup); links after it

    def sub(m: re.Match[str]) -> str:
        whole = m.group(0)
        if whole == "RULES.md":
            return _link("rules", "the rules", "the project's rules document", page)
        if whole == "RECORD.md":
            return _link("record", "the game record", "the game record format", page)
        if m.group(1):
            sec = m.group(1)
            about = f": {_SECTIONS[sec]}" if sec in _SECTIONS else ""
            return _link(sec.lower(), f"rules {sec}", f"the rules, section {sec}{about}", page)
        return _link(f"d{m.group(2)}", whole, f"rule decision {whole}", page)

    return _CITE.sub(sub, safe)


def message_html(text: str, kind: str = "info") -> str:
    """A status message as markup: escaped, citations as links, with its ARIA role."""
    role = "alert" if kind == "error" else "status"
    return (f'<span class="ctj-msg ctj-msg-{escape(kind)}" role="{role}" aria-live="polite">'
            f"{cite_links(text)}</span>")


def order_words(contract: Contract, trick: int, n_tricks: int) -> str:
    """Why the order of trick ``trick`` (0-based) is what it is, in a player's words:
    ``trick 6 is an even trick, so low wins`` for a Slalom started high.

    >>> from chaitea import Contract
    >>> order_words(Contract.parse("slalom(high)"), 5, 12)
    'trick 6 is an even trick of a Slalom started high, so low wins (the 1 is strongest)'
    >>> order_words(Contract.parse("trump(H)"), 0, 12)
    'the highest rank is strongest'
    """
    order = contract.order_for(trick, n_tricks)
    way = {"over": "high wins (the 9 is strongest)", "under": "low wins (the 1 is strongest)",
           "middle": "the middle ranks are strongest"}.get(order.value, order.describe)
    kind = contract.kind
    start = contract.start
    if "slalom" in kind and start is not None:
        parity = "an odd" if (trick + 1) % 2 else "an even"
        return f"trick {trick + 1} is {parity} trick of a Slalom started {start}, so {way}"
    if "pyramid" in kind and start is not None:
        first = math.ceil(n_tricks / 2)
        half = "first" if trick < first else "second"
        return (f"trick {trick + 1} is in the {half} part of a Pyramid started {start} "
                f"(tricks 1-{first} one way, the rest the other, D3), so {way}")
    _name, _, rule = order.describe.partition(": ")
    return rule or order.describe


def plain_reason(reason: str, contract: Contract | None, trick: int = 0,
                 n_tricks: int = 12) -> str:
    """The engine's trick reason with its ``under <order>`` part said the way a player would:
    in a trump contract where no trump fell, "no trump was played"; in Slalom and Pyramid, which
    way this trick goes and why.

    >>> from chaitea import Contract
    >>> plain_reason("9C wins: strongest clubs (the led suit) under Over: the highest rank is "
    ...              "strongest", Contract.parse("trump(H)"))
    '9C wins: no trump was played, so the strongest clubs (the led suit) wins; the highest rank \
is strongest'
    """
    if contract is None:
        return reason
    order = contract.order_for(trick, n_tricks)
    tail = f" under {order.describe}"
    if tail not in reason:
        return reason
    words = order_words(contract, trick, n_tricks)
    head, sep, rest = reason.partition(" wins: ")
    if sep and contract.trump is not None and rest.startswith("strongest ") and \
            "(the led suit)" in rest:
        rest = rest.replace(tail, "", 1)
        main, semi, more = rest.partition("; ")
        out = f"{head} wins: no trump was played, so the {main} wins; {words}"
        return out + (f"; {more}" if semi else "")
    return reason.replace(tail, f"; {words}", 1)
