"""A round's cards, play and scoring, and ending a game by agreement (RULES P, F, R, S).

:class:`RoundPlay` is a part of :class:`~chaitea.engine.game.GameState`: it starts a round's play
with the contract's trick rules and the follow rule bound to its trump, explains refused cards, and
at the round's end hands it to the game's scoring part (``game.scoring``: the score, the pad, the
end rule) and the barrel to the choice phase (``game.picking.next_barrel``). The hot path of play
stays inline in ``GameState.apply_action``. :class:`PlayTables` is a part of
:class:`~chaitea.engine.game.Game`: the per-contract strength tables and bound follow rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chaitea.core.bits import masks_of
from chaitea.core.cards import Card, Deck
from chaitea.core.contracts import Contract
from chaitea.core.deals import Deal
from chaitea.core.errors import IllegalAction, IllegalPlay
from chaitea.core.following import FollowRule
from chaitea.core.round_tables import PlayPlan, round_tables
from chaitea.engine.machine import fields_of, set_fields
from chaitea.engine.rounds import Picked, PlayedRound, RoundResult, StateFields, _RoundLog

__all__ = ["PlayTables", "RoundPlay"]


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



class RoundPlay(StateFields):
    """Laying out a round's cards (RULES P; the deal step's ``_lay_out``), starting play,
    following (RULES F), the round's end (RULES S, by the scoring part) and agreement to end
    (RULES S)."""

    def __getstate__(self) -> dict[str, object]:
        """For pickling: the fields (a compiled base's too: ``fields_of``); the trick's
        legal function is rebuilt from its tables."""
        state = fields_of(self)
        del state["_legal"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        set_fields(self, state)
        tt = self._tt
        self._legal = self.game.idle_follow.legal if tt is None else tt.follow.legal

    # -- deals (RULES P, RECORD deal): the deal step (chaitea.engine.deal_step) ------------------
    def _lay_out(self, deal: Deal | int, aside: Sequence[int],
                 downs: tuple[Sequence[int], ...], ups: tuple[Sequence[int], ...],
                 hands: tuple[Sequence[int], ...]) -> None:
        """A round's cards as masks: the hands and, two players, the straw-piles (the face-up
        straw cards are playable cards of the hand, each covering its face-down card, D7) and
        the set-aside cards; the round's log keeps the deal (a seeded deal only its seed: the
        Deal itself is built when asked for)."""
        g = self.game
        held = masks_of(hands)
        if ups:  # two players: the straw-piles and the set-aside cards (RULES P, D7)
            cover = [-1] * g.n_cards
            for ds, us in zip(downs, ups, strict=True):
                for d, u in zip(ds, us, strict=True):
                    cover[u] = d
            self._straw_up = masks_of(ups)
            self._straw_down = masks_of(downs)
            held = [h | u for h, u in zip(held, self._straw_up, strict=True)]
            self._cover = tuple(cover)
            self._set_aside = tuple(aside)
        self._hands = held
        if type(deal) is int:
            self._logs.append(_RoundLog(g, None, deal))
        else:
            assert isinstance(deal, Deal)
            self._logs.append(_RoundLog(g, deal, deal.seed))
        self._acts = self._logs[-1].actions

    # -- play and scoring -------------------------------------------------------------------------
    def _start_play(self, picked: Picked) -> None:
        """Play starts on the contract's plan; the declarer leads (RULES R)."""
        self._picked = picked  # row, debt, offer: the round's picking outcome
        self._declarer, self._contract = picked.declarer, picked.contract
        self._start_tricks(self.game.play_plan(picked.contract), picked.declarer)

    def _round_over(self, last: int) -> None:
        """The round is over (``last`` won its last trick; the play step's): the table is
        cleared and ``last`` leads, as after every trick; the score step has its scoring part
        score it and write it on the pad (a new pad: clones share theirs), and the game ends or
        the barrel moves on (:meth:`_round_scored`). A state of one round
        (``Game.round_state``) only scores it."""
        self._trick = []
        self._led = -1
        self._leader = self._turn = last
        g = self.game
        assert self._picked is not None  # set as the round's play started
        hand = PlayedRound(self._picked, tuple(self._tricks_won), tuple(self._side_points), last,
                           self._set_aside)
        if self._round_only:
            result = g.scoring.round_result(g, hand)
            self._results.append(result)
            self._round_scored(result)
            self._phase = "end"
            return
        self._score_round(hand)  # chaitea.engine.score_step

    def _round_scored(self, result: RoundResult) -> None:
        """The score step's: the round's side points with the set-aside cards given out (D9),
        its log's result, and between rounds the barrel moved on (RULES B)."""
        self._side_points = list(result.side_points)
        self._logs[-1].result = result
        if self._phase == "deal":
            g = self.game
            self._barrel = g.picking.next_barrel(g, self._score, self._barrel)

    def _play_refusal(self, card: Card) -> IllegalPlay:
        g = self.game
        seat = self._turn
        i = g.deck.index.get(card)
        if i is None:
            return IllegalPlay(f"{card} refused: not a card of the {g.deck.describe()}")
        bit = 1 << i
        if self._straw_down[seat] & bit:
            return IllegalPlay(f"{card} refused: a face-down straw card cannot be played (D7)")
        playable = self._hands[seat]  # the hand and the face-up straw cards (D7)
        if not playable & bit:
            return IllegalPlay(f"{card} refused: {self.names[seat]} does not hold it")
        assert self._tt is not None  # in play
        why = self._tt.follow.refusal(i, playable, self._led, self._trick)
        return IllegalPlay(why or f"{card} refused (RULES F)")

    def can_end_by_agreement(self) -> bool:
        """True between rounds when the leader can no longer be overtaken (RULES S); also on a
        finished game, where nobody can overtake anyone (an agreement there changes nothing)."""
        if self._phase == "end" and not self._round_only:
            return True
        if self._phase != "deal" or self._round_only or not self._results:
            return False
        safe: bool = self.game.scoring.leader_is_safe(self.game, self._score)
        return safe

    def end_by_agreement(self) -> None:
        """End the game now by agreement; refused unless :meth:`can_end_by_agreement`."""
        if not self.can_end_by_agreement():
            raise IllegalAction("ending by agreement refused: the last round must be complete and"
                                " the leader must be impossible to overtake (RULES S)")
        self._agreed = self._agreed or not self._score.is_complete()
        self._phase = "end"

    @property
    def ended_by_agreement(self) -> bool:
        return self._agreed
