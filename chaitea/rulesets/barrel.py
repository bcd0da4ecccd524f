"""Chai Tea Jazz's choice phase: Barrel picking with Bet Debts, and Passing the Barrel's offers
(RULES B, V; D8, D11, D12), a part the Chai Tea Jazz ruleset composes (issue 9).

:class:`BarrelPicking` is a value (its options: ``passing_the_barrel``, ``same_contract_raise``)
whose methods act on a :class:`~chaitea.engine.game.GameState` handed to it: the driver calls
:meth:`~BarrelPicking.begin` at each deal, asks :meth:`~BarrelPicking.legal` for the picking
actions, hands each verified picking action to :meth:`~BarrelPicking.apply` and asks
:meth:`~BarrelPicking.refusal` for the rule an illegal one breaks. The picking fields stay on the
state (its readers, equality and clone see them); once a contract is picked the phase starts the
round's play (``state._start_play``).

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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from chaitea.core.errors import IllegalPick
from chaitea.engine.actions import Accept, Action, Decline, Offer, Pass, Pick, Rescind

if TYPE_CHECKING:  # types only: the state and game modules import this one
    from chaitea.core.contracts import Contract
    from chaitea.engine.game import Game
    from chaitea.engine.rounds import StateFields

__all__ = [
    "ACCEPTED",
    "ALL_DECLINED",
    "ANSWERING",
    "NO_OFFER",
    "RESCINDED",
    "BarrelPicking",
    "pick_menu",
]

# Offer stages of Passing the Barrel (RULES V, D11).
NO_OFFER, ANSWERING, ALL_DECLINED, ACCEPTED, RESCINDED = range(5)


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

    def begin(self, st: StateFields) -> None:
        """A round's picking starts: the eligible seats (a side with an open row), the barrel
        holder to speak."""
        g = st.game
        om = st._pad.open_masks
        self.reset(st, sum(1 << s for s in range(g.players) if om[g.side_of[s]]))
        st._turn = st._barrel
        st._pl = None
        st._phase = "picking"

    @staticmethod
    def reset(st: StateFields, eligible: int = 0) -> None:
        """The picking fields at the start of a round's picking (``eligible``: a bit per seat
        whose side has an open row)."""
        st._eligible = eligible
        st._passed = 0
        st._bet_seat = -1
        st._bet_pick = -1
        st._bet_debt = 0
        st._forced = False
        st._offer = 0
        st._offer_stage = NO_OFFER
        st._offer_queue = ()

    @staticmethod
    def next_barrel(st: StateFields) -> int:
        """The next eligible player clockwise from the barrel holder; else the holder keeps it
        (RULES B)."""
        g = st.game
        om = st._pad.open_masks
        for k in range(1, g.players):
            q: int = (st._barrel + k) % g.players
            if om[g.side_of[q]]:
                return q
        return st._barrel

    @staticmethod
    def _lone(st: StateFields) -> bool:
        e = st._eligible
        return e & (e - 1) == 0

    @staticmethod
    def opponents(st: StateFields) -> tuple[int, ...]:
        """The barrel holder's eligible opponents, clockwise from the holder (D11)."""
        g = st.game
        h = st._barrel
        side = g.side_of[h]
        seats = ((h + k) % g.players for k in range(1, g.players))
        return tuple(s for s in seats if st._eligible >> s & 1 and g.side_of[s] != side)

    def legal(self, st: StateFields) -> tuple[int, ...]:
        """The ids of the legal picking actions of the seat to speak (one cached tuple per
        picking situation, :func:`pick_menu`)."""
        g = st.game
        stage = st._offer_stage
        if stage == ANSWERING:
            return (g.ACCEPT, g.DECLINE)
        if stage == ALL_DECLINED:
            return (*(g.offer_ids[x] for x in g.debts[1:] if x > st._offer), g.RESCIND)
        om = st._pad.open_masks[g.side_of[st._turn]]
        if stage != NO_OFFER or st._forced:
            out = pick_menu(g, om, 0, 1, None)
            if st._forced and stage == NO_OFFER and self.passing_the_barrel \
                    and self.opponents(st):
                out += tuple(g.offer_ids.values())
            return out
        if st._bet_seat < 0:  # the first pick carries no Bet Debt (D8)
            return pick_menu(g, om, 0, 1, None, not self._lone(st))
        k = st._bet_debt // g.step + 1  # later picks must raise it (D8)
        exclude = None
        if not self.same_contract_raise:  # D12's other reading, as an option
            exclude = g.spelling_contract[pick_of(g, st._bet_pick).spelling]
        return pick_menu(g, om, k, len(g.debts), exclude, True)

    def _advance(self, st: StateFields, seat: int) -> None:
        n = st.game.players
        nxt = -1
        for k in range(1, n + 1):
            q = (seat + k) % n
            if st._eligible >> q & 1 and not st._passed >> q & 1:
                nxt = q
                break
        if st._bet_seat >= 0:
            if nxt == st._bet_seat:  # play came back round to the Current Bet: it stands
                pick = pick_of(st.game, st._bet_pick)
                self._finish(st, st._bet_seat, pick.spelling, pick.debt, 0)
            else:
                st._turn = nxt
        elif nxt < 0:  # everyone passed: the barrel holder must pick (or offer, RULES V)
            st._forced = True
            st._turn = st._barrel
        else:
            st._turn = nxt

    @staticmethod
    def _finish(st: StateFields, declarer: int, spelling: str, debt: int, offer: int) -> None:
        g = st.game
        side = g.side_of[declarer]
        row = next(r for r in g.spelling_rows[spelling] if st._pad.is_open(r, side))
        st._start_play(declarer, row, g.spelling_contract[spelling], debt, offer)

    def apply(self, st: StateFields, aid: int) -> None:
        """Apply the picking action id ``aid`` (already verified legal) for the seat to
        speak."""
        g = st.game
        seat = st._turn
        kind = g.kinds[aid]
        if kind is Pass:
            st._passed |= 1 << seat
            self._advance(st, seat)
        elif kind is Pick:
            a = pick_of(g, aid)
            if st._offer_stage == ACCEPTED:
                self._finish(st, seat, a.spelling, 0, st._offer)
            elif st._forced:
                self._finish(st, seat, a.spelling, 0, 0)
            else:
                st._bet_seat, st._bet_pick, st._bet_debt = seat, aid, a.debt
                self._advance(st, seat)
        elif kind is Offer:
            offer = g.actions[aid]
            assert isinstance(offer, Offer)
            st._offer = offer.amount
            st._offer_queue = self.opponents(st)
            st._offer_stage = ANSWERING
            st._turn = st._offer_queue[0]
        elif kind is Decline:
            st._offer_queue = st._offer_queue[1:]
            if st._offer_queue:
                st._turn = st._offer_queue[0]
            else:
                st._offer_stage = ALL_DECLINED
                st._turn = st._barrel
        elif kind is Accept:
            st._offer_stage = ACCEPTED
        elif kind is Rescind:
            st._offer_stage = RESCINDED
            st._offer = 0

    # -- refusals: the rule each illegal picking action breaks --------------------------------
    def refusal(self, st: StateFields, a: Action) -> IllegalPick:
        """The refusal of the picking action ``a``, naming the rule it breaks (RULES B, V)."""
        g = st.game
        who = st.names[st._turn]
        stage = st._offer_stage
        if stage == ANSWERING:
            return IllegalPick(f"{a} refused: {who} must accept or decline the offer of "
                               f"{st._offer} (RULES V, D11)")
        if stage == ALL_DECLINED:
            if isinstance(a, Offer) and a.amount <= st._offer:
                return IllegalPick(f"{a} refused: a new offer must be larger than {st._offer}"
                                   " (RULES V)")
            if isinstance(a, Offer) and st._offer >= g.max_debt:
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
            if not st._forced or stage != NO_OFFER:
                return IllegalPick(f"{a} refused: only the barrel holder may offer, and only when"
                                   " everyone has passed (RULES V)")
            if not self.opponents(st):
                return IllegalPick(f"{a} refused: no eligible opponent to offer to (RULES V)")
            return _amount_refusal(g, a, a.amount, "offer")
        if isinstance(a, Pass):
            if st._forced or stage != NO_OFFER:
                return IllegalPick("pass refused: everyone passed, so the barrel holder must pick"
                                   " (RULES B)")
            return IllegalPick(f"pass refused: {who} is the only eligible player and picks at "
                               "once (RULES B)")
        assert isinstance(a, Pick)
        return self._pick_refusal(st, a)

    @staticmethod
    def _pick_refusal(st: StateFields, a: Pick) -> IllegalPick:
        g = st.game
        who = st.names[st._turn]
        rows = g.spelling_rows.get(a.spelling)
        if rows is None:
            return IllegalPick(f"{a} refused: no row of this setup is picked as {a.spelling!r} "
                               "(RECORD picking spellings)")
        side = g.side_of[st._turn]
        if not any(st._pad.is_open(r, side) for r in rows):
            keys = ", ".join(g.setup.rows[r].key for r in rows)
            return IllegalPick(f"{a} refused: {who} has already completed the row {keys}; only "
                               "open rows may be picked (RULES B)")
        if a.debt % g.step or a.debt > g.max_debt:
            return _amount_refusal(g, a, a.debt, "Bet Debt")
        if st._offer_stage == ACCEPTED:
            return IllegalPick(f"{a} refused: the pick after an accepted offer carries no Bet "
                               "Debt (RULES V, D11)")
        if st._forced:
            return IllegalPick(f"{a} refused: the forced pick carries no Bet Debt (RULES B)")
        if st._bet_seat < 0:
            return IllegalPick(f"{a} refused: the first pick of a phase carries no Bet Debt "
                               "(RULES B, D8)")
        if a.debt <= st._bet_debt:
            return IllegalPick(f"{a} refused: a later pick must raise the Bet Debt above "
                               f"{st._bet_debt} (RULES B, D8)")
        return IllegalPick(f"{a} refused: a raise must change contract (D12 option "
                           "same_contract_raise=false)")


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
    number of rows (issue 13)."""
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
