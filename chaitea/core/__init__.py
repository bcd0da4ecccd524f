"""The core layer: the rules as values, importing nothing else of the kit.

Cards and decks (:mod:`~chaitea.core.cards`), rank orders and card values (``orders``,
``values``), trick rules and the trick's end (``tricks``), the follow rules (``following``),
seatings and setups (``seating``, ``setups``), contracts (``contracts``), deals (``deals``),
a round's tables (``round_tables``), card sets as bit masks (``bits``), the errors
(``errors``), safe markup (``markup``), the registry of drawings (``render``) and which
modules run compiled (``compiled``).
A core module imports only the core (tests/core/test_layers.py).
"""

from chaitea.core import compiled as _compiled

# Before any compiled module is imported (every import of the kit passes here first): load the
# compiled group, or run its Python sources (CHAITEA_PURE=1, or a source newer than the build).
_compiled.install()

