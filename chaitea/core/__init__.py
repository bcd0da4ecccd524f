"""The core layer: the rules as values, importing nothing else of the kit.

Cards and decks (:mod:`~chaitea.core.cards`), rank orders and card values (``orders``,
``values``), trick rules and the trick's end (``tricks``), the follow rules (``following``),
seatings and setups (``seating``, ``setups``), contracts (``contracts``), deals (``deals``),
a round's tables (``round_tables``), card sets as bit masks (``bits``), the errors
(``errors``), safe markup (``markup``) and the registry of drawings (``render``).
A core module imports only the core (tests/core/test_layers.py).
"""
