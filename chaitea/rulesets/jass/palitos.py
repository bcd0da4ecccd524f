"""Palitos and Batatas by the card points of a hand: the ordered scoring rules of Mittlere,
Molotow and Plus-Minus ("anote o correspondente apenas ao item da lista acima que vier antes":
only the first rule that applies, the text) and the Palitos game's thresholds (rules A to D),
as hand rules of the tally part (:mod:`chaitea.rulesets.jass.tally`), with their end rule.

A scoring rule is a value (:class:`EveryTrick`, :class:`NoTrick`, :class:`AtLeast`,
:class:`ByPlaces`); a game lists its rules in the text's order and :class:`FirstThatApplies`
writes the first that applies. :class:`ByPlaces` reads the places of the card points: the sizes
of the groups of equal points, highest first (``(1, 2)``: a top score and a tie below it), each
mapped to what each group gets (a :class:`~chaitea.rulesets.jass.tallies.Tally` for every seat
of the group, a :class:`Draw` for one seat of it drawn by card, or a :class:`Carry`).

The text's Mittlere example: A 120, B 37, C no trick: C 2 Batatas, A and B 1 Palito (item 2,
before item 3's 100 points):

>>> rules = (NoTrick("2", Tally(0, 2), Tally(1)), AtLeast("3", 100, Tally(0, 2), Tally(1)))
>>> award = first_award(rules, (120, 37, 0), (8, 4, 0))
>>> award.rule, [str(t) for t in award.tallies]
('2', ['1P', '1P', '2B'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from chaitea.core.errors import SetupError
from chaitea.engine.hand import Hand
from chaitea.rulesets.jass.tallies import Tally, draw_cards
from chaitea.rulesets.jass.tally import HandScore, TallyState, match_seat

__all__ = ["AtLeast", "Award", "ByPlaces", "Carry", "Draw", "EveryTrick", "FirstThatApplies",
           "FirstTo", "HandFacts", "NoTrick", "PlaceRule", "Thresholds", "first_award",
           "places"]

_NONE = Tally()


@dataclass(frozen=True)
class Award:
    """What a hand's scoring rule gives: a :class:`Tally` per seat, the rule's name (its item
    in the text), the extra Palitos it carries to the next hand (Plus-Minus) and the "draw a
    card" it made, ``(seat, card)`` best first (Molotow)."""

    tallies: tuple[Tally, ...]
    rule: str
    carry: int = 0
    draw: tuple[tuple[int, str], ...] = ()


class PlaceRule(Protocol):
    """One scoring rule: the award of a hand, or ``None`` where the rule does not apply."""

    @property
    def name(self) -> str: ...
    def award(self, points: Sequence[int], tricks: Sequence[int], seed: int) -> Award | None: ...


@dataclass(frozen=True)
class EveryTrick:
    """A seat took every trick: ``mine`` to it, ``others`` to each other seat (Mittlere 1)."""

    name: str
    mine: Tally
    others: Tally

    def award(self, points: Sequence[int], tricks: Sequence[int], seed: int) -> Award | None:
        seat = match_seat(tricks)
        if seat is None:
            return None
        return Award(tuple(self.mine if s == seat else self.others for s in range(len(tricks))),
                     self.name)


@dataclass(frozen=True)
class NoTrick:
    """A seat took no trick: ``mine`` to each such seat, ``others`` to the rest (Mittlere 2)."""

    name: str
    mine: Tally
    others: Tally

    def award(self, points: Sequence[int], tricks: Sequence[int], seed: int) -> Award | None:
        if 0 not in tricks:
            return None
        return Award(tuple(self.mine if t == 0 else self.others for t in tricks), self.name)


@dataclass(frozen=True)
class AtLeast:
    """A seat with ``points`` card points or more: ``mine`` to it, ``others`` to each other
    seat, and ``lowest`` more to the seats with the fewest points (Mittlere 3, Molotow 1 and 2,
    Plus-Minus 2).

    >>> a = AtLeast("2", 100, Tally(), Tally(), lowest=Tally(1)).award((110, 30, 17), (), 0)
    >>> [str(t) for t in a.tallies]
    ['0', '0', '1P']
    """

    name: str
    points: int
    mine: Tally
    others: Tally
    lowest: Tally = _NONE

    def award(self, points: Sequence[int], tricks: Sequence[int], seed: int) -> Award | None:
        if max(points) < self.points:
            return None
        low = min(points)
        return Award(tuple((self.mine if p >= self.points else self.others)
                           + (self.lowest if p == low else _NONE) for p in points), self.name)


@dataclass(frozen=True)
class Draw:
    """A group's award drawn by card: the seat of the group drawing the highest card gets
    ``tally``, the others nothing (Molotow 5, RULES J's seeded "draw a card")."""

    tally: Tally


@dataclass(frozen=True)
class Carry:
    """Nobody scores, and whoever wins Palitos in the next hand gets ``extra`` more
    (Plus-Minus, four players, a tie at the top or bottom; how long the extra waits:
    :class:`FirstThatApplies`'s ``carry_adds``)."""

    extra: int = 1


GroupAward = Tally | Draw


def places(points: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The seats grouped by equal card points, highest first.

    >>> places((40, 57, 40, 20))
    ((1,), (0, 2), (3,))
    """
    return tuple(tuple(s for s, p in enumerate(points) if p == v)
                 for v in sorted(set(points), reverse=True))


@dataclass(frozen=True)
class ByPlaces:
    """A rule read from the places of the card points: ``table`` maps the sizes of the groups
    of equal points, highest first, to what each group gets (or a :class:`Carry`); a pattern
    not in the table: the rule does not apply.

    Molotow 3, a tie in the middle: the tied 1 Batata each, the others 1 Palito:

    >>> rule = ByPlaces("3", {(1, 2, 1): (Tally(1), Tally(0, 1), Tally(1))})
    >>> [str(t) for t in rule.award((60, 40, 40, 17), (), 0).tallies]
    ['1P', '1B', '1B', '1P']
    >>> rule.award((60, 41, 39, 17), (), 0) is None
    True
    """

    name: str
    table: Mapping[tuple[int, ...], tuple[GroupAward, ...] | Carry]

    def __post_init__(self) -> None:
        for pattern, given in self.table.items():
            if not isinstance(given, Carry) and len(given) != len(pattern):
                raise SetupError(f"scoring rule {self.name}: {len(given)} awards for the "
                                 f"{len(pattern)} places of {pattern} (the text)")

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.table.items())))

    def award(self, points: Sequence[int], tricks: Sequence[int], seed: int) -> Award | None:
        groups = places(points)
        given = self.table.get(tuple(len(g) for g in groups))
        if given is None:
            return None
        n = len(points)
        if isinstance(given, Carry):
            return Award((_NONE,) * n, self.name, carry=given.extra)
        out = [_NONE] * n
        drawn: tuple[tuple[int, str], ...] = ()
        for group, g in zip(groups, given, strict=True):
            if isinstance(g, Draw):
                order = draw_cards(group, seed)
                drawn = tuple((s, str(c)) for s, c in order)
                out[order[0][0]] = g.tally
            else:
                for s in group:
                    out[s] = g
        return Award(tuple(out), self.name, draw=drawn)


def first_award(rules: Sequence[PlaceRule], points: Sequence[int], tricks: Sequence[int],
                seed: int = 0) -> Award:
    """The award of the first of ``rules`` that applies (the text: "apenas o item da lista
    que vier antes"); none: nothing to anybody (rule ``"-"``)."""
    for rule in rules:
        got = rule.award(points, tricks, seed)
        if got is not None:
            return got
    return Award((_NONE,) * len(points), "-")


@dataclass(frozen=True)
class HandFacts:
    """What the next hand and the end rule read of a hand (the tally state's ``carry``): the
    extra Palitos still pending (Plus-Minus) and the hand's points per seat (Plus-Minus: at 7
    Palitos the most points wins)."""

    extra: int = 0
    points: tuple[int, ...] = ()


def _net_tallies(state: TallyState, delta: Sequence[int]) -> dict[str, tuple[int, ...]]:
    """The change of each seat's standing after each Batata cancels a Palito (the text: "não
    conte Palitos anulados por Batatas"), so the tallies show what is left on the pad."""
    old = state.totals
    new = [a + b for a, b in zip(old, delta, strict=True)]
    return {"palitos": tuple(max(b, 0) - max(a, 0) for a, b in zip(old, new, strict=True)),
            "batatas": tuple(max(-b, 0) - max(-a, 0) for a, b in zip(old, new, strict=True))}


@dataclass(frozen=True)
class FirstThatApplies:
    """The hand rule of Mittlere, Molotow and Plus-Minus: the first of ``rules`` that applies
    to the hand's card points and tricks. A seat's score is its Palitos less its Batatas (each
    Batata cancels a Palito); with ``batatas`` the tallies are the Palitos and Batatas left
    after cancelling, else the Palitos alone (Plus-Minus). ``draw_seed``: the seed of the "draw
    a card" (hand ``k``: ``draw_seed * 1000 + k``). The round's fields: ``rule``, the hand's
    ``palitos`` (and ``batatas``), ``draw`` and ``carry`` (the extra Palitos pending for the
    next hand) where they occur.

    A :class:`Carry` (Plus-Minus: "ninguém ganha Palitos, mas o(s) jogador(es) que ganhar(em)
    Palitos na próxima mão ganhará(ão) 1 Palito a mais") gives its extra Palitos to each seat
    that wins Palitos in the next hand. By default the extra lives for that hand only: when
    nobody wins Palitos in it (another tie) it lapses, and that tie gives its own extra to the
    hand after, so ties in a row never make more than 1. With ``carry_adds`` (a reading of
    "1 Palito a mais" as owed until somebody wins) the extras wait until a hand in which
    somebody wins Palitos and add up over ties in a row.

    Two ties at the top, then a hand whose highest and lowest win 1 each:

    >>> rules = (ByPlaces("1", {(2, 1, 1): Carry()}),
    ...          ByPlaces("3", {(1, 1, 1, 1): (Tally(1), _NONE, _NONE, Tally(1))}))
    >>> def third(rule: FirstThatApplies) -> list[int]:
    ...     state = TallyState((0,) * 4)
    ...     for pts in ((60, 60, 30, 7), (50, 50, 40, 17), (60, 50, 30, 17)):
    ...         hand = Hand(0, None, "trump(H)", (3, 3, 3, 0), pts, (0,) * 4, (0,) * 4)
    ...         got = rule.score(hand, state)
    ...         state = TallyState(got.score, carry=got.carry)
    ...     return got.fields["palitos"]
    >>> third(FirstThatApplies(rules)), third(FirstThatApplies(rules, carry_adds=True))
    ([2, 0, 0, 2], [3, 0, 0, 3])
    """

    rules: tuple[PlaceRule, ...]
    batatas: bool = True
    draw_seed: int = 0
    carry_adds: bool = False

    def score(self, hand: Hand, state: TallyState) -> HandScore:
        points = hand.card_points
        award = first_award(self.rules, points, hand.tricks, self.draw_seed * 1000 + state.hands)
        pending = state.carry.extra if isinstance(state.carry, HandFacts) else 0
        palitos = [t.palitos for t in award.tallies]
        unclaimed = pending
        if pending and any(palitos):  # this hand's winners take the pending extra
            palitos = [p + pending if p > 0 else p for p in palitos]
            unclaimed = 0
        # pending after this hand: this hand's own tie, and with carry_adds the extras nobody
        # won (by default they lapse: they were for this hand only)
        extra = award.carry + (unclaimed if self.carry_adds else 0)
        batatas = [t.batatas for t in award.tallies]
        delta = tuple(p - b for p, b in zip(palitos, batatas, strict=True))
        fields: dict[str, object] = {"rule": award.rule, "palitos": palitos}
        if self.batatas:
            fields["batatas"] = batatas
            tallies = _net_tallies(state, delta)
        else:
            tallies = {"palitos": delta}
        if award.draw:
            fields["draw"] = [list(d) for d in award.draw]
        if pending or extra:
            fields["carry"] = extra
        return HandScore(delta, tallies, fields, HandFacts(extra, tuple(points)))


@dataclass(frozen=True)
class Thresholds:
    """The Palitos game's rules A to D (the text), ``threshold`` points (21; 26 with three
    players): A one seat at or above it 2 Palitos; B two such seats 1 each; C more than two:
    a single highest 1, and a single second highest 1 more; two tied highest 1 each; three or
    more tied highest nothing; D besides, each seat below it loses 1 Palito (``below_zero``:
    the count may go below 0, a reading; else a seat without Palitos loses none).
    ``declarations``: Weis and Stöck count with the card points (an option; the text scores
    card points).

    >>> rule = Thresholds(21)
    >>> [rule.palitos(p) for p in ((120, 20, 10, 7), (60, 60, 30, 7), (50, 40, 40, 27))]
    [((2, -1, -1, -1), 'A+D'), ((1, 1, 0, -1), 'C+D'), ((1, 0, 0, 0), 'C')]
    """

    threshold: int
    declarations: bool = False
    below_zero: bool = True

    def palitos(self, points: Sequence[int]) -> tuple[tuple[int, ...], str]:
        """Each seat's Palitos won or lost and the rules applied (``"A+D"``)."""
        t = self.threshold
        above = [s for s, p in enumerate(points) if p >= t]
        out = [0 if p >= t else -1 for p in points]  # D
        if len(above) == 1:  # A
            out[above[0]] += 2
            rule = "A"
        elif len(above) == 2:  # B
            for s in above:
                out[s] += 1
            rule = "B"
        else:  # C: the highest and second highest among those at or above the threshold
            groups = [g for g in places(points) if points[g[0]] >= t]
            rule = "C"
            if len(groups[0]) <= 2:
                for s in groups[0]:
                    out[s] += 1
            if len(groups[0]) == 1 and len(groups) > 1 and len(groups[1]) == 1:
                out[groups[1][0]] += 1
        return tuple(out), rule + ("+D" if len(above) < len(points) else "")

    def score(self, hand: Hand, state: TallyState) -> HandScore:
        points = hand.card_points
        if self.declarations:
            points = tuple(c + w + s for c, w, s in zip(points, hand.weis, hand.stoeck,
                                                        strict=True))
        delta, rule = self.palitos(points)
        if not self.below_zero:
            delta = tuple(max(d, -t) for d, t in zip(delta, state.totals, strict=True))
        return HandScore(delta, {"palitos": delta}, {"rule": rule, "points": list(points)},
                         HandFacts(0, tuple(points)))


@dataclass(frozen=True)
class FirstTo:
    """Plus-Minus's end (the text): the first seat at ``limit`` Palitos or more wins; when
    several reach it in the same hand, the most points in that hand wins (``tie``
    ``"card-points"``, a reading of "o que tiver mais pontos"; ``"palitos"``: the most
    Palitos first, then the hand's points); still tied: extra hands, until one seat wins.

    >>> end = FirstTo(7)
    >>> end.outcome(TallyState((7, 8, 2), carry=HandFacts(0, (60, 50, 47))))
    (True, 0)
    >>> FirstTo(7, tie="palitos").outcome(TallyState((7, 8, 2), carry=HandFacts(0, (60, 50, 47))))
    (True, 1)
    >>> end.outcome(TallyState((7, 7, 2), carry=HandFacts(0, (55, 55, 47))))
    (False, None)
    """

    limit: int = 7
    tie: str = "card-points"
    lowest: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        if self.tie not in ("card-points", "palitos"):
            raise SetupError(f"option reach_tie must be card-points or palitos, not {self.tie!r}")

    def outcome(self, state: TallyState) -> tuple[bool, int | None]:
        totals = state.totals
        reached = [s for s, t in enumerate(totals) if t >= self.limit]
        if len(reached) > 1 and self.tie == "palitos":
            top = max(totals[s] for s in reached)
            reached = [s for s in reached if totals[s] == top]
        if len(reached) > 1 and isinstance(state.carry, HandFacts) and state.carry.points:
            pts = state.carry.points
            top = max(pts[s] for s in reached)
            reached = [s for s in reached if pts[s] == top]
        if len(reached) == 1:
            return True, reached[0]
        return False, None
