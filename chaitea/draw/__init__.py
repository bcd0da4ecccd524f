"""Drawing: SVG and HTML for cards, hands, tricks, the Paper Pad and the Jass views.

Importing this package registers its drawers in :mod:`chaitea.core.render`, which the
``_repr_svg_``/``_repr_html_`` methods of the lower layers call (``import chaitea`` does it).
"""

from __future__ import annotations

from chaitea.core.render import register
from chaitea.draw.card_views import JassHand, JassTrick
from chaitea.draw.svg import card_svg, pad_html, state_html

register("card", card_svg)
register("pad", pad_html)
register("state", state_html)
register("jass-hand", JassHand)
register("jass-trick", JassTrick.of)

__all__ = ["JassHand", "JassTrick", "card_svg", "pad_html", "state_html"]
