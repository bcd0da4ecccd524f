"""A round's cards, play and scoring, and ending a game by agreement (RULES P, F, R, S).

:class:`PadRounds` is a part of Chai Tea Jazz's flow (:class:`chaitea.engine.game.PadFlow`,
each method taking the state, :class:`chaitea.engine.state.State`): it starts a round's play
with the contract's trick rules and the follow rule bound to its trump, explains refused cards, and
at the round's end hands it to the game's scoring part (``game.scoring``: the score, the pad, the
end rule) and the barrel to the choice phase (``game.picking.next_barrel``). The hot path of play
stays inline in the play step (``State.apply_action``). :class:`PlayTables` is a part of
:class:`~chaitea.engine.game.Game`: the per-contract strength tables and bound follow rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chaitea.core.bits import masks_of
from chaitea.core.cards import Card, Deck
from chaitea.core.contracts import Contract
from chaitea.core.deals import Deal
from chaitea.core.errors import IllegalAction, IllegalPlay
from chaitea.core.following import FollowRule
from chaitea.core.round_tables import PlayPlan, round_tables
from chaitea.engine.machine import fields_of, set_fields
from chaitea.engine.rounds import Picked, PlayedRound, RoundResult, _RoundLog

if TYPE_CHECKING:
    from chaitea.engine.state import State

__all__ = ["PadRounds", "PlayTables"]


class PlayTables:
    """A game's play tables (a part of :class:`chaitea.Game`): per contract the strength tables
    of its tricks and the follow rule bound to its trump (RULES F, R), built once and cached."""

    deck: Deck
    n_tricks: int
    follow: FollowRule
    _table_cache: dict[Contract, list[tuple[tuple[int, ...], ...]]]
    _round_cache: dict[int, tuple[Contract, PlayPlan]]
    _plans_cache: dict[Contract, PlayPlan]

    def tables_for(self, contract: Contract) -> list[tuple[tuple[int, ...], ...]]:
        """Per trick, the strength tables indexed by led suit (0..3; index 4 = -1: no suit yet)."""
        hit = self._table_cache.get(contract)
        if hit is None:
            hit = list(round_tables(self.deck, contract.trick_rules(self.n_tricks),
                                    self.follow).strength)  # chaitea.core.round_tables
            self._table_cache[contract] = hit
        return hit

    def play_plan(self, contract: Contract) -> PlayPlan:
        """A round's play plan (:class:`~chaitea.core.round_tables.PlayPlan`): the contract's
        trick rules, one :class:`~chaitea.core.round_tables.TrickTables` per trick (strength by
        led suit as :meth:`tables_for`, the card points, the follow rule bound to the trump) and
        no last-trick bonus (RULES S), cached by the contract object: the per-round set-up of
        the play step."""
        hit = self._round_cache.get(id(contract))
        if hit is None or hit[0] is not contract:
            plan = self._plans_cache.get(contract)  # an equal contract parsed afresh
            if plan is None:
                rules = contract.trick_rules(self.n_tricks)
                plan = self._plans_cache[contract] = PlayPlan(
                    tuple(rules), round_tables(self.deck, rules, self.follow).tricks, 0)
            hit = (contract, plan)
            if len(self._round_cache) < 512:  # the entry holds the contract: its id stays its own
                self._round_cache[id(contract)] = hit
        return hit[1]

    def __getstate__(self) -> dict[str, Any]:
        """For pickling: the cache keyed by object ids starts afresh in the new process."""
        return {**self.__dict__, "_round_cache": {}}



class PadRounds:
    """Laying out a round's cards (RULES P; the deal step's ``_lay_out``), starting play,
    following (RULES F), the round's end (RULES S, by the scoring part) and agreement to end
    (RULES S)."""

    def fields(self, st: State) -> dict[str, object]:
        """For pickling: the fields (a compiled base's too: ``fields_of``); the trick's
        legal function is rebuilt from its tables."""
        state = fields_of(st)
        del state["_legal"]
        return state

    def set_fields(self, st: State, state: dict[str, object]) -> None:
        set_fields(st, state)
        tt = st._tt
        st._legal = st.game.idle_follow.legal if tt is None else tt.follow.legal

    # -- deals (RULES P, RECORD deal): the deal step (chaitea.engine.deal_step) ------------------
    def lay_out(self, st: State, deal: Deal | int, aside: Sequence[int],
                 downs: tuple[Sequence[int], ...], ups: tuple[Sequence[int], ...],
                 hands: tuple[Sequence[int], ...]) -> None:
        """A round's cards as masks: the hands and, two players, the straw-piles (the face-up
        straw cards are playable cards of the hand, each covering its face-down card, D7) and
        the set-aside cards; the round's log keeps the deal (a seeded deal only its seed: the
        Deal itself is built when asked for)."""
        g = st.game
        held = masks_of(hands)
        if ups:  # two players: the straw-piles and the set-aside cards (RULES P, D7)
            cover = [-1] * g.n_cards
            for ds, us in zip(downs, ups, strict=True):
                for d, u in zip(ds, us, strict=True):
                    cover[u] = d
            st._straw_up = masks_of(ups)
            st._straw_down = masks_of(downs)
            held = [h | u for h, u in zip(held, st._straw_up, strict=True)]
            st._cover = tuple(cover)
            st._set_aside = tuple(aside)
        st._hands = held
        if type(deal) is int:
            st._logs.append(_RoundLog(g, None, deal))
        else:
            assert isinstance(deal, Deal)
            st._logs.append(_RoundLog(g, deal, deal.seed))
        st._acts = st._logs[-1].actions

    # -- play and scoring -------------------------------------------------------------------------
    def _start_play(self, st: State, picked: Picked) -> None:
        """Play starts on the contract's plan; the declarer leads (RULES R)."""
        st._picked = picked  # row, debt, offer: the round's picking outcome
        st._declarer, st._contract = picked.declarer, picked.contract
        st._start_tricks(st.game.play_plan(picked.contract), picked.declarer)

    def round_over(self, st: State, last: int) -> None:
        """The round is over (``last`` won its last trick; the play step's): the table is
        cleared and ``last`` leads, as after every trick; the score step has its scoring part
        score it and write it on the pad (a new pad: clones share theirs), and the game ends or
        the barrel moves on (:meth:`round_scored`). A state of one round
        (``Game.round_state``) only scores it."""
        st._trick = []
        st._led = -1
        st._leader = st._turn = last
        g = st.game
        assert st._picked is not None  # set as the round's play started
        hand = PlayedRound(st._picked, tuple(st._tricks_won), tuple(st._side_points), last,
                           st._set_aside)
        if st._round_only:
            result = g.scoring.round_result(g, hand)
            st._results.append(result)
            self.round_scored(st, result)
            st._phase = "end"
            return
        st._score_round(hand)  # chaitea.engine.score_step

    def round_scored(self, st: State, result: RoundResult) -> None:
        """The score step's: the round's side points with the set-aside cards given out (D9),
        its log's result, and between rounds the barrel moved on (RULES B)."""
        st._side_points = list(result.side_points)
        st._logs[-1].result = result
        if st._phase == "deal":
            g = st.game
            st._barrel = g.picking.next_barrel(g, st._score, st._barrel)

    def _play_refusal(self, st: State, card: Card) -> IllegalPlay:
        g = st.game
        seat = st._turn
        i = g.deck.index.get(card)
        if i is None:
            return IllegalPlay(f"{card} refused: not a card of the {g.deck.describe()}")
        bit = 1 << i
        if st._straw_down[seat] & bit:
            return IllegalPlay(f"{card} refused: a face-down straw card cannot be played (D7)")
        playable = st._hands[seat]  # the hand and the face-up straw cards (D7)
        if not playable & bit:
            return IllegalPlay(f"{card} refused: {st.names[seat]} does not hold it")
        assert st._tt is not None  # in play
        why = st._tt.follow.refusal(i, playable, st._led, st._trick)
        return IllegalPlay(why or f"{card} refused (RULES F)")

    def can_end_by_agreement(self, st: State) -> bool:
        """True between rounds when the leader can no longer be overtaken (RULES S); also on a
        finished game, where nobody can overtake anyone (an agreement there changes nothing)."""
        if st._phase == "end" and not st._round_only:
            return True
        if st._phase != "deal" or st._round_only or not st._results:
            return False
        safe: bool = st.game.scoring.leader_is_safe(st.game, st._score)
        return safe

    def end_by_agreement(self, st: State) -> None:
        """End the game now by agreement; refused unless :meth:`can_end_by_agreement`."""
        if not self.can_end_by_agreement(st):
            raise IllegalAction("ending by agreement refused: the last round must be complete and"
                                " the leader must be impossible to overtake (RULES S)")
        st._agreed = st._agreed or not st._score.is_complete()
        st._phase = "end"

    def ended_by_agreement(self, st: State) -> bool:
        return st._agreed
