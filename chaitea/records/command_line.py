"""The command line's shared parts and its Jass-family forms.

The option checks every subcommand of ``python -m chaitea`` uses (this module sits in the
records layer, below ``ai`` and ``analysis``, which add the ``tournament`` and ``explore``
subcommands): argparse ``type=`` functions that refuse a bad value while the command line is
parsed (exit 64, the subcommand's usage and one line naming the option), :class:`UsageError`
for a value only checked later (a contract, read in the ruleset's own terms), and the caps on
counts (:data:`MAX_DEALS`, :data:`MAX_SAMPLES`, :data:`MAX_WORKERS`). Then
``random-game --ruleset R`` and ``deal --ruleset R``.

>>> Count(1, MAX_DEALS)("250"), seed_value("-7"), ruleset_name("schieber")
(250, -7, 'schieber')
>>> Count(1, 10)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a whole number from 1 to 10, not '0'

>>> import contextlib, io, json
>>> buf = io.StringIO()
>>> with contextlib.redirect_stdout(buf):
...     code = random_game("schieber", None, 3)
>>> code, json.loads(buf.getvalue())["options"]
(0, {'ruleset': 'schieber'})
"""

from __future__ import annotations

import argparse
import json
import random

from chaitea.core.cards import Card
from chaitea.core.contracts import JASS_FAMILY, Contract
from chaitea.core.deals import Deal
from chaitea.core.errors import ChaiTeaError
from chaitea.core.markup import quote
from chaitea.core.orders import rank_strength
from chaitea.engine.validate import MAX_SEED_DIGITS, seed_argument
from chaitea.rulesets import find_ruleset, jass_game

__all__ = ["MAX_DEALS", "MAX_SAMPLES", "MAX_WORKERS", "Count", "UsageError", "deal",
           "random_game", "ruleset_name", "seed_value"]


MAX_HANDS = 200  # random play may never end a game: Sticheln's totals fall (exact is rare)
MAX_DEALS = 10_000_000  # --deals of explore and tournament: days of play already
MAX_SAMPLES = 10_000  # --samples of the pimc bot: worlds sampled per move
MAX_WORKERS = 256  # --workers of explore: processes


class UsageError(ValueError):
    """A bad option value found after parsing (``--contract nonsense``, read in the terms of
    the ruleset played): ``python -m chaitea`` prints the subcommand's usage and this message
    on one line, and exits 64. The message names the option (``argument --contract: ...``)."""


class Count:
    """An argparse ``type``: a whole number from ``low`` to ``high`` (a count such as
    ``--deals``); anything else is refused as a usage error naming the option."""

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high

    def __call__(self, text: str) -> int:
        try:
            n: int | None = int(text)
        except ValueError:  # not a number, or more digits than Python reads
            n = None
        if n is None or not self.low <= n <= self.high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {self.low:,} to "
                                             f"{self.high:,}, not {quote(text, 30)}")
        return n

    def __repr__(self) -> str:
        return f"Count({self.low}, {self.high})"


def seed_value(text: str) -> int:
    """An argparse ``type`` for ``--seed``: any whole number of at most
    :data:`~chaitea.engine.validate.MAX_SEED_DIGITS` digits (what a record may hold)."""
    try:
        n = int(text)
        seed_argument(n)
    except ValueError:  # not a number, too long for Python, or a SetupError: too long
        raise argparse.ArgumentTypeError(f"must be a whole number of at most "
                                         f"{MAX_SEED_DIGITS:,} digits, not "
                                         f"{quote(text, 30)}") from None
    return n


def ruleset_name(text: str) -> str:
    """An argparse ``type`` for ``--ruleset``: a ruleset of the kit (RECORD options.ruleset)."""
    try:
        find_ruleset(text)
    except ChaiTeaError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def random_game(ruleset: str, players: int | None, seed: int, deck: str | None = None,
                max_hands: int = MAX_HANDS) -> int:
    """Play a whole game of uniformly random legal actions and print its record; a game
    still going after ``max_hands`` hands stops there, unfinished (random announcements in
    Sticheln are rarely exact, so no total may ever reach the target)."""
    game = jass_game(ruleset, players, deck=deck)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.round_results) < max_hands:
        state.apply_action(rng.choice(state.legal_actions()))
    print(json.dumps(state.record(), indent=1, ensure_ascii=False))
    return 0


def deal(ruleset: str, players: int | None, seed: int, contract: str | None,
         deck: str | None = None) -> int:
    """Print a readable seeded deal, hands sorted for ``contract`` (default Obenabe) with the
    cards' values under it (six-player Schieber: the two 24-card decks, ``9S'`` the second
    copy, unless ``deck`` is ``jass``). A contract this ruleset does not know raises
    :class:`UsageError` (the command line's exit 64)."""
    game = jass_game(ruleset, players, deck=deck)
    jass = game.deck
    d = Deal.from_seed(seed, game.seating, jass)
    text = contract or "obenabe"  # a table's alias (Misère) is sorted as the contract it plays
    try:
        c = Contract.parse(game.table.play_as.get(text, text), family=JASS_FAMILY)
    except ChaiTeaError as e:
        raise UsageError(f"argument --contract: {e}") from None
    rule = c.trick_rules(game.n_tricks)[0]
    trump = rule.trump
    plain = rank_strength(rule.plain_order, jass.ranks)
    strong = rank_strength(rule.trump_order, jass.ranks)
    values = rule.values.for_deck(jass, trump)

    def key(card: Card) -> tuple[int, int, int]:
        assert card.suit is not None
        if card.suit == trump:
            return (0, -strong[card.rank], card.copy)
        return (1 + int(card.suit), -plain[card.rank], card.copy)

    print(f"Deal of seed {seed} for {game.ruleset.title} ({game.players} players, "
          f"{jass.describe()}), sorted for {c.title}:")
    for seat, hand in enumerate(d.hands):
        pts = sum(values[jass.index[x]] for x in hand)
        team = f" team {game.side_names[game.side_of[seat]]}" if game.side_names else ""
        swiss = " ".join(f"{x}" for x in sorted(hand, key=key))
        print(f"  seat {seat}{team}: {swiss}   ({pts} card points)")
    first = game.table.first_forehand.card(jass)
    if first is not None:
        holder = next(s for s, h in enumerate(d.hands) if jass.parse(first) in h)
        name = "the Roses 7" if first == "7S" else "the Roses 9 of the first deck: no 7s"
        print(f"  forehand of the first hand: seat {holder} (holds {first}, {name})")
    return 0
