"""A round's rules as tables: the one value the play paths, the kernels and the batch
simulator read (issue 20).

Per trick, :class:`TrickTables` holds the trump in force, the strength tables by led suit
(0..3; index 4: no suit led yet), the card points and the follow rule bound to that trump
(its ``legal`` mask function and its refusals). :func:`trick_tables` builds one from a deck, a
:class:`~chaitea.core.tricks.TrickRule`, a follow rule and the trump in force, cached, so every
reader shares the same tuples; :func:`round_tables` gives a whole round's when every trick's
trump is known at the deal. Every state's play step (:mod:`chaitea.engine.play_step`: per trick
a ``TrickTables``, from ``Game.round_plans`` or ``JassGame.trick_tables_of``), the solver's
kernel rules (``Game.tables_for``, ``JassGame.plan``) and the batch simulator's arrays
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
from dataclasses import dataclass
from functools import cache

from chaitea.core.cards import Deck
from chaitea.core.following import Follow, FollowRule, Lead, Legal, lead_masks
from chaitea.core.tricks import (
    TrickRule,
    TrumpSetting,
    strength_tables,
    trump_in_force,
)

__all__ = ["RoundTables", "TrickTables", "round_tables", "trick_tables"]


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
