"""Chai Tea Jazz's choice phase: Barrel picking with Bet Debts, and Passing the Barrel's offers
(RULES B, V; D8, D11, D12), a part the Chai Tea Jazz ruleset composes under the driver's
picking protocol (:mod:`chaitea.engine.pick_step`).

:class:`BarrelPicking` is a value (its options: ``passing_the_barrel``, ``same_contract_raise``)
with pure methods over an immutable picking situation, :class:`Bidding` (who speaks, who passed,
the Current Bet, the offer), as the Jass choice phases are pure over their items: it speaks the
driver's picking protocol (:class:`chaitea.engine.pick_step.Picking`), as the Jass choice phases
do through their adapter: the pick step asks :meth:`~BarrelPicking.begin` for the first
situation of a round, :meth:`~BarrelPicking.legal` for the picking actions,
:meth:`~BarrelPicking.step` for the situation after a verified action (or the :class:`Picked`
choice that ends the phase) and :meth:`~BarrelPicking.refusal` for the rule an illegal one
breaks. A state keeps the situation as one value, so a clone shares it and a refused action
cannot have changed it.

>>> from chaitea import Game
>>> game = Game(players=3, passing_the_barrel=True)
>>> game.picking
BarrelPicking(passing_the_barrel=True, same_contract_raise=True)
>>> state = game.new_initial_state(seed=7)
>>> for move in ("pass", "pass", "pass"):
...     state.apply(move)
>>> state.forced, state.legal_moves()[-2:]
(True, ['offer 30', 'offer 35'])
>>> state.apply("offer 10"); state.offer_stage, state.current_player(), state.legal_moves()
('answering', 1, ['accept', 'decline'])
>>> fresh = game.new_initial_state(seed=7)
>>> b = game.picking.begin(fresh)
>>> b.seat, b.passed, b.done, game.picking.step(fresh, b, game.PASS).passed
(0, 0, False, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from chaitea.core.errors import IllegalPick
from chaitea.engine.actions import Accept, Action, Decline, Offer, Pass, Pick, Rescind
from chaitea.engine.registry import Picked

if TYPE_CHECKING:  # types only: the state and game modules import this one
    from collections.abc import Sequence

    from chaitea.core.contracts import Contract
    from chaitea.engine.game import Game
    from chaitea.engine.pad import Pad

__all__ = [
    "ACCEPTED",
    "ALL_DECLINED",
    "ANSWERING",
    "NO_OFFER",
    "RESCINDED",
    "BarrelPicking",
    "Bidding",
    "Picked",
    "pick_menu",
]

# Offer stages of Passing the Barrel (RULES V, D11).
NO_OFFER, ANSWERING, ALL_DECLINED, ACCEPTED, RESCINDED = range(5)


@dataclass(slots=True)
class Bidding:
    """A picking situation (RULES B, V): the barrel ``holder``, the seat to speak (``seat``), a
    bit per ``eligible`` seat (its side has an open row) and per seat that ``passed``, the
    Current Bet (``bet_seat``, its pick id ``bet_pick``, ``bet_debt``; -1 when none), ``forced``
    (everyone passed: the holder must pick), and Passing the Barrel's ``offer``, ``offer_stage``
    and the opponents still to answer (``offer_queue``).

    A value the picking never changes: each action makes a new one (:meth:`BarrelPicking.step`),
    so clones share it and a refused action cannot have changed it. It carries its own legal
    menu, ``legal_ids``, which :meth:`BarrelPicking.legal` fills once (a round's open rows do
    not change while it is picked), so asking again costs one attribute read, not a hash of the
    situation. A class with slots rather than a tuple: CPython reads its fields on its fast
    path."""

    done: ClassVar[bool] = False  # a situation, not the outcome (Picked)
    holder: int
    seat: int
    eligible: int = 0
    passed: int = 0
    bet_seat: int = -1
    bet_pick: int = -1
    bet_debt: int = 0
    forced: bool = False
    offer: int = 0
    offer_stage: int = NO_OFFER
    offer_queue: tuple[int, ...] = ()
    legal_ids: tuple[int, ...] | None = field(default=None, init=False, repr=False,
                                               compare=False)


@dataclass(frozen=True)
class BarrelPicking:
    """Barrel picking (RULES B) and, with ``passing_the_barrel``, the offers (RULES V);
    ``same_contract_raise=False`` refuses a raise that names the Current Bet's contract (D12's
    other reading)."""

    passing_the_barrel: bool = False
    same_contract_raise: bool = True

    def menu(self, g: Game, open_mask: int, debt_from: int, debt_to: int,
             exclude: Contract | None, with_pass: bool = False) -> tuple[int, ...]:
        """:func:`pick_menu` (the pick ids of a picking situation)."""
        return pick_menu(g, open_mask, debt_from, debt_to, exclude, with_pass)

    @staticmethod
    def idle(holder: int) -> Bidding:
        """The situation outside picking (no seat eligible, nothing said)."""
        return Bidding(holder, holder)

    @staticmethod
    def begin(state: Any) -> Bidding:
        """A round's picking starts: the eligible seats (a side with an open row), the barrel
        holder to speak."""
        g: Game = state.game
        om = state._score.open_masks
        holder: int = state._barrel
        eligible = sum(1 << s for s in range(g.players) if om[g.side_of[s]])
        return Bidding(holder, holder, eligible)

    @staticmethod
    def next_barrel(g: Game, pad: Pad, holder: int) -> int:
        """The next eligible player clockwise from the barrel holder; else the holder keeps it
        (RULES B)."""
        om = pad.open_masks
        for k in range(1, g.players):
            q: int = (holder + k) % g.players
            if om[g.side_of[q]]:
                return q
        return holder

    @staticmethod
    def _lone(b: Bidding) -> bool:
        e = b.eligible
        return e & (e - 1) == 0

    @staticmethod
    def opponents(g: Game, b: Bidding) -> tuple[int, ...]:
        """The barrel holder's eligible opponents, clockwise from the holder (D11)."""
        h = b.holder
        side = g.side_of[h]
        seats = ((h + k) % g.players for k in range(1, g.players))
        return tuple(s for s in seats if b.eligible >> s & 1 and g.side_of[s] != side)

    def legal(self, state: Any, b: Bidding) -> tuple[int, ...]:
        """The ids of the legal picking actions of the seat to speak, kept on the situation
        (``b.legal_ids``) once computed (:func:`pick_menu`)."""
        hit = b.legal_ids
        if hit is None:
            g: Game = state.game
            hit = b.legal_ids = self._legal(g, state._score.open_masks[g.side_of[b.seat]], b)
        return hit

    def _legal(self, g: Game, om: int, b: Bidding) -> tuple[int, ...]:
        stage = b.offer_stage
        if stage == ANSWERING:
            return (g.ACCEPT, g.DECLINE)
        if stage == ALL_DECLINED:
            return (*(g.offer_ids[x] for x in g.debts[1:] if x > b.offer), g.RESCIND)
        if stage != NO_OFFER or b.forced:
            out = pick_menu(g, om, 0, 1, None)
            if b.forced and stage == NO_OFFER and self.passing_the_barrel \
                    and self.opponents(g, b):
                out += tuple(g.offer_ids.values())
            return out
        if b.bet_seat < 0:  # the first pick carries no Bet Debt (D8)
            return pick_menu(g, om, 0, 1, None, not self._lone(b))
        k = b.bet_debt // g.step + 1  # later picks must raise it (D8)
        exclude = None
        if not self.same_contract_raise:  # D12's other reading, as an option
            exclude = g.spelling_contract[pick_of(g, b.bet_pick).spelling]
        return pick_menu(g, om, k, len(g.debts), exclude, True)

    @staticmethod
    def _advance(g: Game, pad: Pad, b: Bidding, seat: int, passed: int, bet_seat: int,
                 bet_pick: int, bet_debt: int) -> Bidding | Picked:
        """The next eligible seat that has not passed speaks; back at the Current Bet it
        stands; everyone passed: the holder must pick (one new situation, built at once)."""
        n = g.players
        eligible = b.eligible
        nxt = -1
        for k in range(1, n + 1):
            q = (seat + k) % n
            if eligible >> q & 1 and not passed >> q & 1:
                nxt = q
                break
        forced = b.forced
        if bet_seat >= 0:
            if nxt == bet_seat:  # play came back round to the Current Bet: it stands
                pick = pick_of(g, bet_pick)
                last = Bidding(b.holder, b.seat, eligible, passed, bet_seat, bet_pick, bet_debt,
                               forced, b.offer, b.offer_stage, b.offer_queue)
                return _finish(g, pad, last, bet_seat, pick.spelling, pick.debt, 0)
        elif nxt < 0:  # everyone passed: the barrel holder must pick (or offer, RULES V)
            forced, nxt = True, b.holder
        return Bidding(b.holder, nxt, eligible, passed, bet_seat, bet_pick, bet_debt, forced,
                       b.offer, b.offer_stage, b.offer_queue)

    def step(self, state: Any, b: Bidding, aid: int) -> Bidding | Picked:
        """The situation after the picking action id ``aid`` (already verified legal) of the
        seat to speak, or the :class:`Picked` choice that ends the phase."""
        g: Game = state.game
        pad: Pad = state._score
        seat = b.seat
        kind = g.kinds[aid]
        if kind is Pass:
            return self._advance(g, pad, b, seat, b.passed | 1 << seat, b.bet_seat, b.bet_pick,
                                 b.bet_debt)
        if kind is Pick:
            a = pick_of(g, aid)
            if b.offer_stage == ACCEPTED:
                return _finish(g, pad, b, seat, a.spelling, 0, b.offer)
            if b.forced:
                return _finish(g, pad, b, seat, a.spelling, 0, 0)
            return self._advance(g, pad, b, seat, b.passed, seat, aid, a.debt)
        if kind is Offer:
            offer = g.actions[aid]
            assert isinstance(offer, Offer)
            queue = self.opponents(g, b)
            return replace(b, offer=offer.amount, offer_queue=queue, offer_stage=ANSWERING,
                              seat=queue[0])
        if kind is Decline:
            queue = b.offer_queue[1:]
            if queue:
                return replace(b, offer_queue=queue, seat=queue[0])
            return replace(b, offer_queue=queue, offer_stage=ALL_DECLINED, seat=b.holder)
        if kind is Accept:
            return replace(b, offer_stage=ACCEPTED)
        assert kind is Rescind
        return replace(b, offer_stage=RESCINDED, offer=0)

# -- refusals: the rule each illegal picking action breaks --------------------------------
    def refusal(self, state: Any, b: Bidding, a: Action) -> IllegalPick:
        """The refusal of the picking action ``a``, naming the rule it breaks (RULES B, V)."""
        g: Game = state.game
        pad: Pad = state._score
        names: Sequence[str] = state.names
        who = names[b.seat]
        stage = b.offer_stage
        if stage == ANSWERING:
            return IllegalPick(f"{a} refused: {who} must accept or decline the offer of "
                               f"{b.offer} (RULES V, D11)")
        if stage == ALL_DECLINED:
            if isinstance(a, Offer) and a.amount <= b.offer:
                return IllegalPick(f"{a} refused: a new offer must be larger than {b.offer}"
                                   " (RULES V)")
            if isinstance(a, Offer) and b.offer >= g.max_debt:
                return IllegalPick(f"{a} refused: the maximum offer was declined; rescind and "
                                   "pick (RULES V)")
            if isinstance(a, Offer):
                return _amount_refusal(g, a, a.amount, "offer")
            return IllegalPick(f"{a} refused: every opponent declined; {who} offers more or "
                               "rescinds (RULES V, D11)")
        if isinstance(a, Accept | Decline | Rescind):
            return IllegalPick(f"{a} refused: no offer is waiting for an answer (RULES V)")
        if isinstance(a, Offer):
            if not self.passing_the_barrel:
                return IllegalPick(f"{a} refused: Passing the Barrel is not in play "
                                   "(options.passing_the_barrel, RULES V)")
            if not b.forced or stage != NO_OFFER:
                return IllegalPick(f"{a} refused: only the barrel holder may offer, and only when"
                                   " everyone has passed (RULES V)")
            if not self.opponents(g, b):
                return IllegalPick(f"{a} refused: no eligible opponent to offer to (RULES V)")
            return _amount_refusal(g, a, a.amount, "offer")
        if isinstance(a, Pass):
            if b.forced or stage != NO_OFFER:
                return IllegalPick("pass refused: everyone passed, so the barrel holder must pick"
                                   " (RULES B)")
            return IllegalPick(f"pass refused: {who} is the only eligible player and picks at "
                               "once (RULES B)")
        assert isinstance(a, Pick)
        return self._pick_refusal(g, pad, b, a, who)

    @staticmethod
    def _pick_refusal(g: Game, pad: Pad, b: Bidding, a: Pick, who: str) -> IllegalPick:
        rows = g.spelling_rows.get(a.spelling)
        if rows is None:
            return IllegalPick(f"{a} refused: no row of this setup is picked as {a.spelling!r} "
                               "(RECORD picking spellings)")
        side = g.side_of[b.seat]
        if not any(pad.is_open(r, side) for r in rows):
            keys = ", ".join(g.setup.rows[r].key for r in rows)
            return IllegalPick(f"{a} refused: {who} has already completed the row {keys}; only "
                               "open rows may be picked (RULES B)")
        if a.debt % g.step or a.debt > g.max_debt:
            return _amount_refusal(g, a, a.debt, "Bet Debt")
        if b.offer_stage == ACCEPTED:
            return IllegalPick(f"{a} refused: the pick after an accepted offer carries no Bet "
                               "Debt (RULES V, D11)")
        if b.forced:
            return IllegalPick(f"{a} refused: the forced pick carries no Bet Debt (RULES B)")
        if b.bet_seat < 0:
            return IllegalPick(f"{a} refused: the first pick of a phase carries no Bet Debt "
                               "(RULES B, D8)")
        if a.debt <= b.bet_debt:
            return IllegalPick(f"{a} refused: a later pick must raise the Bet Debt above "
                               f"{b.bet_debt} (RULES B, D8)")
        return IllegalPick(f"{a} refused: a raise must change contract (D12 option "
                           "same_contract_raise=false)")


def _finish(g: Game, pad: Pad, b: Bidding, declarer: int, spelling: str, debt: int,
            offer: int) -> Picked:
    """The choice made: the first open row of the declarer's side that takes ``spelling``."""
    side = g.side_of[declarer]
    row = next(r for r in g.spelling_rows[spelling] if pad.is_open(r, side))
    return Picked(declarer, row, g.spelling_contract[spelling], debt, offer, b)


def _amount_refusal(g: Game, a: Action, amount: int, what: str) -> IllegalPick:
    if amount % g.step or (amount < g.step and what == "offer"):
        return IllegalPick(f"{a} refused: {what} must be a multiple of the step {g.step} "
                           f"(at least {g.step}) (RULES B)")
    if amount > g.max_debt:
        return IllegalPick(f"{a} refused: {what} {amount} is above the maximum {g.max_debt} "
                           "(RULES B)")
    return IllegalPick(f"{a} refused (RULES B)")


def pick_of(g: Game, aid: int) -> Pick:
    """The :class:`~chaitea.engine.actions.Pick` value of a pick id."""
    a = g.actions[aid]
    assert isinstance(a, Pick)
    return a


def pick_menu(g: Game, open_mask: int, debt_from: int, debt_to: int,
              exclude: Contract | None, with_pass: bool = False) -> tuple[int, ...]:
    """Pick ids for the spellings of the open rows, with debts ``debts[debt_from:debt_to]``
    (and Pass first when ``with_pass``): one cached tuple per picking situation
    (``Game._picks``).

    The spellings come in setup order (by the first open row that takes each, then its
    place in that row). A cache miss costs one step per distinct spelling of the setup
    (bit operations on the rows' masks), not per row: its cost does not grow with the
    number of rows (a setup with many rows cannot slow picking down)."""
    key = (open_mask, debt_from * 1000 + debt_to + (100_000 if with_pass else 0), exclude)
    hit = g._pick_cache.get(key)
    if hit is not None:
        return hit
    menu = g._menu
    if menu is None:
        menu = g._menu = _spelling_menu(g)
    ranked: list[tuple[int, int, str]] = []
    for sp, rows_mask, places in menu:
        m = rows_mask & open_mask
        if m and g.spelling_contract[sp] != exclude:
            first = (m & -m).bit_length() - 1  # the first open row that takes it
            ranked.append((first, places[first], sp))
    ranked.sort()
    debts = g.debts[debt_from:debt_to]
    ids = g.pick_ids
    out = ((g.PASS,) if with_pass else ()) + tuple(
        ids[(sp, d)] for _r, _p, sp in ranked for d in debts)
    g._pick_cache[key] = out
    return out


def _spelling_menu(g: Game) -> tuple[tuple[str, int, dict[int, int]], ...]:
    """Per distinct pick spelling: the mask of the rows it fills and its place in each."""
    masks: dict[str, int] = {}
    places: dict[str, dict[int, int]] = {}
    for r, row in enumerate(g.setup.rows):
        for k, sp in enumerate(row.spellings):
            masks[sp] = masks.get(sp, 0) | 1 << r
            places.setdefault(sp, {}).setdefault(r, k)
    return tuple((sp, masks[sp], places[sp]) for sp in masks)
