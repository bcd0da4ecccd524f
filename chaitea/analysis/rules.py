"""The one place where rules exploration reads the rules (for the integrator to repoint).

Everything :mod:`chaitea.analysis.explore` and :mod:`chaitea.analysis.batch` know about the game
comes from here:
the :class:`~chaitea.engine.game.Game` they play (with the exploration options of the Bet Debt step
and maximum), the contracts a setup's rows may play, hand features at the deal, and the numeric
tables of the batch simulator, read from the engine's interface for kernels
(:mod:`chaitea.core.tricks`: trick rules, strength tables, value tables).

>>> g = make_game(3, "standard", {"bet_debt_step": 3, "max_bet_debt": 20})
>>> g.step, g.max_debt, g.debts[:3]
(3, 18, (0, 3, 6))
>>> t = batch_tables(g, [c for _row, _sp, c in row_choices(g)])
>>> t.strength.shape, int(t.points[0].sum())
((14, 12, 5, 36), 100)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from chaitea.core.cards import Card, Deck
from chaitea.core.contracts import Contract, Order, rank_strength
from chaitea.core.errors import SetupError
from chaitea.core.round_tables import round_tables
from chaitea.core.setups import Setup
from chaitea.core.tricks import TrumpSetting
from chaitea.engine.game import RULESETS, Game
from chaitea.engine.registry import registered
from chaitea.engine.ruleset import Ruleset
from chaitea.rulesets import find_ruleset
from chaitea.rulesets.chai_tea_jazz import JASS_RULESETS

__all__ = [
    "ENGINE_OPTIONS",
    "EXPLORE_OPTIONS",
    "BatchTables",
    "batch_tables",
    "check_ruleset",
    "explore_rulesets",
    "hand_features",
    "is_table_ruleset",
    "make_game",
    "row_choices",
    "ruleset_players",
]

ENGINE_OPTIONS = ("deck", "passing_the_barrel", "match_point", "meta", "same_contract_raise")
# Exploration-only options: the barrel card's amounts (RULES B: step 5 or 3, maximum 35).
EXPLORE_OPTIONS = ("bet_debt_step", "max_bet_debt")


def is_table_ruleset(name: object) -> bool:
    """Whether ``name`` is a registered ruleset built as a :class:`~chaitea.engine.ruleset.Table`
    (its choice phase, scoring part and contracts, run by the generic driver: the Jass family,
    Oh Hell), explored with the table's columns and questions; Chai Tea Jazz's games are a
    setup's rows on the Paper Pad instead (RULES B, S), and a name no ruleset has is neither.

    >>> is_table_ruleset("schieber"), is_table_ruleset("chai-tea-jazz"), is_table_ruleset(3)
    (True, False, False)
    """
    return isinstance(registered(name), Ruleset)


def check_ruleset(ruleset: str) -> None:
    """Refuse a ruleset the engine cannot play yet, as :class:`Game` does (a ruleset built as a
    Table is explored with the table's columns, :func:`is_table_ruleset`).

    >>> try:
    ...     check_ruleset("no-such-game")
    ... except SetupError as e:
    ...     print(e)
    unknown ruleset 'no-such-game' (RECORD options.ruleset)
    """
    if is_table_ruleset(ruleset):
        return
    if ruleset in JASS_RULESETS:
        raise SetupError(f"ruleset {ruleset!r} (the Jass family) is not available yet for rules"
                         " exploration; use \"chai-tea-jazz\"")
    if ruleset not in RULESETS:
        raise SetupError(f"unknown ruleset {ruleset!r} (RECORD options.ruleset)")


def explore_rulesets() -> tuple[str, ...]:
    """The rulesets rules exploration can run now: those :func:`check_ruleset` accepts, in the
    record's order (what a menu of rulesets should offer: the rules lab's).

    >>> explore_rulesets()[:3]
    ('chai-tea-jazz', 'jass', 'schieber')
    """
    names = []
    for name in (*RULESETS, *JASS_RULESETS):
        try:
            check_ruleset(name)
        except SetupError:
            continue
        names.append(name)
    return tuple(names)


def ruleset_players(ruleset: str) -> tuple[int, ...]:
    """The player counts ``ruleset`` allows, ascending (its default first in
    ``find_ruleset(ruleset).players``); a :class:`SetupError` for an unknown name.

    >>> ruleset_players("chai-tea-jazz"), ruleset_players("schieber")
    ((2, 3, 4, 6), (4, 6))
    """
    return tuple(sorted(find_ruleset(ruleset).players))


def make_game(players: int, setup: Setup | str | list[dict[str, Any]],
              options: Mapping[str, Any] | None = None, ruleset: str = "chai-tea-jazz") -> Game:
    """The :class:`Game` an exploration plays: the engine options of RECORD ``options`` plus
    ``bet_debt_step`` and ``max_bet_debt`` (the barrel card's amounts; the maximum is rounded down
    to a multiple of the step, as RULES B does with 35)."""
    check_ruleset(ruleset)
    if is_table_ruleset(ruleset):
        raise SetupError(f"{ruleset} is a Jass ruleset: explore it with explore(..., "
                         f"ruleset={ruleset!r}) (chaitea.analysis.explore)")
    opts = dict(options or {})
    unknown = [k for k in opts if k not in ENGINE_OPTIONS + EXPLORE_OPTIONS]
    if unknown:
        raise SetupError(f"unknown option {unknown[0]!r}: use "
                         f"{', '.join(ENGINE_OPTIONS + EXPLORE_OPTIONS)}")
    step = opts.pop("bet_debt_step", None)
    top = opts.pop("max_bet_debt", None)
    game = Game(players, setup, **opts)
    if step is None and top is None:
        return game
    step = game.step if step is None else step
    top = game.max_debt if top is None else top
    if type(step) is not int or step < 1:
        raise SetupError(f"option bet_debt_step must be a positive whole number, not {step!r}")
    if type(top) is not int or top < step:
        raise SetupError(f"option max_bet_debt must be a whole number of at least the step "
                         f"{step}, not {top!r}")
    game.step = step
    game.max_debt = top // step * step
    game.debts = tuple(range(0, game.max_debt + 1, step))
    game._build_actions()
    game._pick_cache = {}
    return game


def row_choices(game: Game) -> list[tuple[int, str, Contract]]:
    """Every (row index, pick spelling, contract) a pick of the setup can make (RULES B)."""
    return [(i, sp, c) for i, row in enumerate(game.setup.rows)
            for sp, c in zip(row.spellings, row.contracts, strict=True)]


def hand_features(cards: Sequence[Card], deck: Deck, contract: Contract,
                  n_tricks: int) -> tuple[int, int, int, int]:
    """(trump length, high cards, card points held, voids) of the cards a seat was dealt.

    High cards are the Jokers and the cards of the three strongest ranks under the order of
    the round's first trick (Over 9 8 7, Under 1 2 3, Middle 5 4 6); voids count the suits
    held by no card.

    >>> from chaitea.core.cards import STANDARD
    >>> hand = [STANDARD.parse(t) for t in ("9H", "1H", "5C", "8S")]
    >>> hand_features(hand, STANDARD, Contract.parse("trump(H)"), 12)
    (2, 2, 15, 1)
    """
    order: Order = contract.order_for(0, n_tricks)
    strength = rank_strength(order, deck.ranks)
    rule = contract.trick_rules(n_tricks)[0]
    values = rule.values.for_deck(deck, rule.trump)
    top = sorted(strength, key=strength.__getitem__, reverse=True)[:3]
    trump = contract.trump
    trumps = high = points = 0
    suits = set()
    for c in cards:
        points += values[deck.index_of(c)]
        if c.suit is None:
            high += 1
            continue
        suits.add(c.suit)
        trumps += c.suit == trump
        high += c.rank in top
    return trumps, high, points, 4 - len(suits)


@dataclass(frozen=True)
class BatchTables:
    """The numeric rules of a batch of rounds (RULES R, F, S) for :mod:`chaitea.analysis.batch`.

    ``strength[k, t, led, card]``: card strength in trick ``t`` of contract ``k`` with the led
    suit ``led`` (0..3, 4 = no suit yet); ties go to the later card (D2, D6). ``trump[k]`` is the
    trump suit or -1; ``points[k, card]`` the card values in force. ``suit[card]`` is -1 for a
    Joker.
    """

    strength: npt.NDArray[np.int16]
    trump: npt.NDArray[np.int8]
    suit: npt.NDArray[np.int8]
    rank: npt.NDArray[np.int8]
    points: npt.NDArray[np.int16]
    side_of: npt.NDArray[np.int8]
    n_tricks: int
    last_trick_bonus: int


def batch_tables(game: Game, contracts: Sequence[Contract]) -> BatchTables:
    """The batch simulator's tables for ``contracts`` under ``game``: the adapter. Every rule the
    batch simulator applies is read here from the round's tables
    (:mod:`chaitea.core.round_tables`: ``contract.trick_rules``, the strength tables by led
    suit, the trump in force and the card points per trick, as the play paths read them).
    Trick rules whose trump is chosen or set during play (the Jass family's) are refused until
    the batch kernel learns them."""
    deck = game.deck
    k, t, c = len(contracts), game.n_tricks, deck.size
    strength = np.zeros((k, t, 5, c), dtype=np.int16)
    trump = np.full(k, -1, dtype=np.int8)
    points = np.zeros((k, c), dtype=np.int16)
    for i, contract in enumerate(contracts):
        rules = contract.trick_rules(t)
        suits = {r.trump for r in rules}
        if any(r.trump_setting not in (TrumpSetting.NONE, TrumpSetting.FIXED) for r in rules) \
                or len(suits) > 1 or len({r.values for r in rules}) > 1:
            raise SetupError(f"the batch engine cannot play {contract.spelling} yet (its trump"
                             " or card values change during the round)")
        trump[i] = rules[0].trump
        rt = round_tables(deck, rules, game.follow)  # chaitea.core.round_tables
        for trick, tt in enumerate(rt.tricks):  # led 0..3, then -1 (no suit yet)
            strength[i, trick] = np.asarray(tt.strength, dtype=np.int16)
        points[i] = np.asarray(rt.tricks[0].points, dtype=np.int16)
    return BatchTables(
        strength=strength, trump=trump,
        suit=np.asarray(deck.suit_of, dtype=np.int8),
        rank=np.asarray(deck.rank_of, dtype=np.int8),
        points=points,
        side_of=np.asarray(game.side_of, dtype=np.int8),
        n_tricks=t, last_trick_bonus=game.seating.last_trick_bonus,
    )
