"""A round's rules as tables: the one value the play paths, the kernels and the batch
simulator read.

Per trick, :class:`TrickTables` holds the trump in force, the strength tables by led suit
(0..3; index 4: no suit led yet), the card points and the follow rule bound to that trump
(its ``legal`` mask function and its refusals). :func:`trick_tables` builds one from a deck, a
:class:`~chaitea.core.tricks.TrickRule`, a follow rule and the trump in force, cached, so every
reader shares the same tuples; :func:`round_tables` gives a whole round's when every trick's
trump is known at the deal, and :class:`PlayPlan` is a round's play as the play step starts it.
Every state's play step (:mod:`chaitea.engine.play_step`: per trick a ``TrickTables``, from the
game's ``play_plan`` or, for a trump named or set in play, ``JassGame.trick_tables_of``), the
solver's kernel rules (``Game.tables_for``, ``JassGame.plan``) and the batch simulator's arrays
(:func:`chaitea.analysis.rules.batch_tables`) are all read from here.

>>> from chaitea.core.cards import JASS
>>> from chaitea.core.contracts import JASS_FAMILY, Contract
>>> from chaitea.core.following import FOLLOW_RULES
>>> rules = Contract.parse("trump(H)", family=JASS_FAMILY).trick_rules(9)
>>> rt = round_tables(JASS, rules, FOLLOW_RULES["jass"])
>>> t = rt.tricks[0]
>>> t.trump, t.points[JASS.index_of("JH")], t.points[JASS.index_of("JC")]
(2, 20, 2)
>>> rt.tricks[1] is t and round_tables(JASS, rules, FOLLOW_RULES["jass"]) is rt
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from chaitea.core.cards import Deck
from chaitea.core.following import Follow, FollowRule, Lead, Legal, lead_masks
from chaitea.core.tricks import (
    TrickRule,
    TrumpSetting,
    strength_tables,
    trump_in_force,
)

__all__ = ["PlayPlan", "RoundTables", "TrickTables", "round_tables", "trick_tables"]


@dataclass(frozen=True, eq=False)
class TrickTables:
    """One trick's tables: ``trump`` in force (-1: none), ``strength[led]`` (card id ->
    strength; of equal strengths the later-played card wins, D2), ``points`` (card id ->
    points) and ``follow`` (the follow rule bound to ``trump``: ``follow.legal(hand, led,
    trick)`` is the mask of the legal cards) and ``leads``, the follow rule as masks by led suit
    (:func:`chaitea.core.following.lead_masks`; ``None`` for a rule not of that shape), which
    the play step (:mod:`chaitea.engine.play_step`) keeps the next seat's legal mask from."""

    trump: int
    strength: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    follow: Follow
    leads: tuple[Lead, ...] | None = None

    @property
    def legal(self) -> Legal:
        """The legal-mask function of the bound follow rule."""
        return self.follow.legal


@cache
def trick_tables(deck: Deck, rule: TrickRule, follow: FollowRule, trump: int) -> TrickTables:
    """The tables of a trick under ``rule`` with ``trump`` in force (cached: one value per
    deck, rule, follow rule and trump)."""
    bound = follow.bind(deck, trump)
    return TrickTables(trump, strength_tables(deck, rule, trump),
                       rule.values.for_deck(deck, trump), bound, lead_masks(bound))


@dataclass(frozen=True, eq=False)
class RoundTables:
    """A round's :class:`TrickTables`, one per trick."""

    tricks: tuple[TrickTables, ...]

    @property
    def strength(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per trick, the strength tables by led suit (the play path's ``tables[trick][led]``)."""
        return tuple(t.strength for t in self.tricks)


@dataclass(frozen=True, eq=False)
class PlayPlan:
    """A round's play as the play step starts it (:mod:`chaitea.engine.play_step`):
    the contract's trick rules, every trick's :class:`TrickTables` when each trick's trump is
    known at the deal (``tricks``; ``None`` when a player names one, 3x3, or a card sets it,
    Tutti: the step then asks the game for each trick's tables) and the last trick's bonus
    (RULES J's 5; none in Chai Tea Jazz, RULES S). Each game builds one per contract
    (``Game.play_plan``, ``JassGame.play_plan``, cached).

    >>> from chaitea.core.cards import JASS
    >>> from chaitea.core.contracts import JASS_FAMILY, Contract
    >>> rules = Contract.parse("3x3(tou)", family=JASS_FAMILY).trick_rules(9)
    >>> PlayPlan(rules, None, 5).chosen((2, 0, 1))  # its three trump tricks' named trumps
    (2, 0, 1, -1, -1, -1, -1, -1, -1)
    """

    rules: tuple[TrickRule, ...]
    tricks: tuple[TrickTables, ...] | None
    bonus: int

    unchosen: tuple[int, ...] = field(init=False, repr=False)  # per trick -1: none named

    def __post_init__(self) -> None:
        object.__setattr__(self, "unchosen", (-1,) * len(self.rules))

    def chosen(self, trumps: Sequence[int] = ()) -> tuple[int, ...]:
        """Per trick the trump a player named (3x3: ``trumps`` in the order named, 0 for one
        not yet named), else -1."""
        if self.tricks is not None:  # no trick's trump is chosen
            return self.unchosen
        named = iter(trumps)
        return tuple(next(named, 0) if r.trump_setting is TrumpSetting.CHOSEN else -1
                     for r in self.rules)


def known_trump(rule: TrickRule, deck: Deck) -> int | None:
    """The trump in force in a trick of ``rule`` when it is known at the deal (fixed or none),
    else ``None`` (a player chooses it, or an earlier trick sets it)."""
    if rule.trump_setting is TrumpSetting.FIXED:
        return rule.trump
    if rule.trump_setting is TrumpSetting.NONE:
        return -1
    return None


@cache
def _round_tables(deck: Deck, rules: tuple[TrickRule, ...], follow: FollowRule,
                  trumps: tuple[int, ...]) -> RoundTables:
    return RoundTables(tuple(trick_tables(deck, r, follow, t)
                             for r, t in zip(rules, trumps, strict=True)))


def round_tables(deck: Deck, rules: Sequence[TrickRule], follow: FollowRule,
                 trumps: Sequence[int] | None = None) -> RoundTables:
    """A round's tables under ``rules`` (one per trick); ``trumps`` gives the trump in force per
    trick where a player chose it (3x3) — by default each trick's known trump
    (:func:`chaitea.core.tricks.trump_in_force` with nothing played). Cached."""
    rs = tuple(rules)
    if trumps is None:
        trumps = tuple(trump_in_force(r, (), deck) for r in rs)
    return _round_tables(deck, rs, follow, tuple(trumps))
