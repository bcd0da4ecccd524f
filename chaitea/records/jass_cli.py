"""The command line's Jass-family forms: ``random-game --ruleset R`` and ``deal --ruleset R``.

>>> import contextlib, io, json
>>> buf = io.StringIO()
>>> with contextlib.redirect_stdout(buf):
...     code = random_game("schieber", None, 3)
>>> code, json.loads(buf.getvalue())["options"]
(0, {'ruleset': 'schieber'})
"""

from __future__ import annotations

import json
import random

from chaitea.core.cards import Card
from chaitea.core.contracts import JASS_FAMILY, Contract
from chaitea.core.deals import Deal
from chaitea.core.orders import rank_strength
from chaitea.rulesets import jass_game

__all__ = ["deal", "random_game"]


MAX_HANDS = 200  # random play may never end a game: Sticheln's totals fall (exact is rare)


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
    copy, unless ``deck`` is ``jass``)."""
    game = jass_game(ruleset, players, deck=deck)
    jass = game.deck
    d = Deal.from_seed(seed, game.seating, jass)
    text = contract or "obenabe"  # a table's alias (Misère) is sorted as the contract it plays
    c = Contract.parse(game.table.play_as.get(text, text), family=JASS_FAMILY)
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
