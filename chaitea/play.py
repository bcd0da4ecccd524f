"""Dealing, play and scoring of a round, and ending a game by agreement (RULES P, F, R, S).

:class:`RoundPlay` is a part of :class:`~chaitea.game.GameState`: it starts a round's play with the
contract's trick rules and the follow rule bound to its trump, explains refused cards, scores
the round onto the pad and moves the barrel on. The hot path of play stays inline in
``GameState.apply_action``.
"""

from __future__ import annotations

from .cards import Card
from .contracts import Contract
from .deals import Deal, shuffled_indices
from .errors import DealError, IllegalAction, IllegalPlay
from .rounds import RoundResult, StateFields, _RoundLog, round_seed

__all__ = ["RoundPlay"]


class RoundPlay(StateFields):
    """Dealing (RULES P), starting play, following (RULES F), scoring (RULES S) and agreement
    to end (RULES S)."""

    def __getstate__(self) -> dict[str, object]:
        """For pickling: the bound follow rule's legal function is rebuilt from ``_follow``."""
        state = dict(self.__dict__)
        del state["_follow_legal"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._follow_legal = self._follow.legal

    # -- deals (RULES P, RECORD deal) --------------------------------------------------------------
    def apply_deal(self, deal: Deal | int) -> None:
        """Start the next round with ``deal`` (a :class:`Deal` or a seed). Raises
        :class:`DealError` for a deal that is not one whole deck in the right hand sizes, or
        :class:`IllegalAction` when no round is waiting for its deal."""
        if self._phase != "deal":
            raise IllegalAction("no round is waiting for a deal: " + (
                "the game is over" if self._phase == "end" else f"the {self._phase} phase is on"))
        self._deal_cards(deal)
        self._begin_picking()

    def _auto_deal(self) -> None:
        assert self._seed is not None
        self._deal_cards(round_seed(self._seed, len(self._logs)))
        self._begin_picking()

    def _deal_cards(self, deal: Deal | int) -> None:
        g = self.game
        if isinstance(deal, int) and not isinstance(deal, bool) and not g.seating.straw_stacks:
            # A seeded deal straight into masks; the Deal itself is built only when asked for.
            order = shuffled_indices(deal, g.n_cards)
            h = g.n_cards // g.players
            bit = (1).__lshift__  # distinct cards: the sum of their bits is their mask
            self._hands = [sum(map(bit, order[seat * h:(seat + 1) * h]))
                           for seat in range(g.players)]
            self._logs.append(_RoundLog(g, None, deal))
            self._acts = self._logs[-1].actions
            return
        if isinstance(deal, int) and not isinstance(deal, bool):
            deal = self._seeded_deal(deal)
        elif isinstance(deal, Deal):
            deal.validate(g.seating, g.deck)
        else:
            raise DealError("a deal is a Deal or an integer seed")
        idx = g.deck.index
        self._hands = [sum(1 << idx[c] for c in h) for h in deal.hands]
        n = g.players
        if deal.straw is not None and deal.set_aside is not None:
            cover = [-1] * g.n_cards
            self._straw_up = [0] * n
            self._straw_down = [0] * n
            for s, stacks in enumerate(deal.straw):
                for down, up in stacks:
                    cover[idx[up]] = idx[down]
                    self._straw_up[s] |= 1 << idx[up]
                    self._straw_down[s] |= 1 << idx[down]
            self._cover = tuple(cover)
            self._set_aside = tuple(idx[c] for c in deal.set_aside)
        self._logs.append(_RoundLog(g, deal, deal.seed))
        self._acts = self._logs[-1].actions

    def _seeded_deal(self, seed: int) -> Deal:
        return Deal.from_seed(seed, self.game.seating, self.game.deck)

    # -- play and scoring -------------------------------------------------------------------------
    def _start_play(self, declarer: int, row: int, contract: Contract, debt: int,
                    offer: int) -> None:
        g = self.game
        self._declarer, self._row, self._contract = declarer, row, contract
        self._debt, self._offer_bonus = debt, offer
        self._tables, self._follow = g.round_rules(contract)
        self._follow_legal = self._follow.legal
        self._trick = []
        self._led = -1
        self._trick_no = 0
        self._side_points = [0] * g.sides
        self._tricks_won = [0] * g.players
        self._tricks = []
        self._reveal = []
        self._leader = self._turn = declarer
        self._lm = -1
        self._phase = "play"

    def _legal_mask(self) -> int:
        """The legal mask of the seat to play, by the game's follow rule (RULES F; D7: the hand
        and the face-up straw cards)."""
        seat = self._turn
        return self._follow_legal(self._hands[seat] | self._straw_up[seat], self._led,
                                  self._trick)

    def _end_round(self, last: int) -> None:
        g = self.game
        side = g.side_of[self._declarer]
        if self._set_aside:  # D9: the last trick's winner takes the higher-ranked set-aside card
            a, b = self._set_aside
            rank = g.deck.rank_of
            high, low = (a, b) if rank[a] >= rank[b] else (b, a)
            self._side_points[g.side_of[last]] += g.deck.points[high]
            self._side_points[g.side_of[(last + 1) % 2]] += g.deck.points[low]
        card_points = self._side_points[side]
        bonus = g.seating.last_trick_bonus if g.side_of[last] == side else 0
        avoidance = self._row >= 0 and g.setup.rows[self._row].avoidance
        if avoidance:  # D13: a debt is always a cost, an offer always a gain
            score = card_points + bonus + self._debt - self._offer_bonus
        else:
            score = card_points + bonus + self._offer_bonus - self._debt
        assert self._contract is not None
        result = RoundResult(
            self._declarer, g.setup.rows[self._row].key if self._row >= 0 else "",
            self._contract, self._debt, self._offer_bonus, tuple(self._tricks_won), card_points,
            last, score, tuple(self._side_points))
        self._results.append(result)
        self._logs[-1].result = result
        if self._round_only:
            self._phase = "end"
            return
        self._pad.record(self._row, side, score)
        if g.match_point:  # RULES V: one side alone won every trick
            winners = {g.side_of[s] for s in range(g.players) if self._tricks_won[s]}
            if len(winners) == 1:
                self._pad.match_points[winners.pop()] += 1
        if self._pad.is_complete():
            self._phase = "end"
            return
        self._barrel = self._next_barrel()
        self._phase = "deal"
        if self._seed is not None:
            self._auto_deal()

    def _next_barrel(self) -> int:
        """The next eligible player clockwise from the barrel holder; else the holder keeps it."""
        g = self.game
        om = self._pad.open_masks
        for k in range(1, g.players):
            q = (self._barrel + k) % g.players
            if om[g.side_of[q]]:
                return q
        return self._barrel

    def _play_refusal(self, card: Card) -> IllegalPlay:
        g = self.game
        seat = self._turn
        i = g.deck.index.get(card)
        if i is None:
            return IllegalPlay(f"{card} refused: not a card of the {g.deck.describe()}")
        bit = 1 << i
        if self._straw_down[seat] & bit:
            return IllegalPlay(f"{card} refused: a face-down straw card cannot be played (D7)")
        playable = self._hands[seat] | self._straw_up[seat]
        if not playable & bit:
            return IllegalPlay(f"{card} refused: {self.names[seat]} does not hold it")
        why = self._follow.refusal(i, playable, self._led, self._trick)
        return IllegalPlay(why or f"{card} refused (RULES F)")

    def can_end_by_agreement(self) -> bool:
        """True between rounds when the leader can no longer be overtaken (RULES S); also on a
        finished game, where nobody can overtake anyone (an agreement there changes nothing)."""
        if self._phase == "end" and not self._round_only:
            return True
        if self._phase != "deal" or self._round_only or not self._results:
            return False
        return self._leader_is_safe()

    def _leader_is_safe(self) -> bool:
        pad = self._pad
        g = self.game
        ranking = pad.standings()
        leader = ranking[0]
        fin = {s: i for i, s in enumerate(pad.finish_order)}
        open_cells = [(r, s) for r in range(len(pad.rows)) for s in range(g.sides)
                      if pad.is_open(r, s)]
        rounds_left = len(open_cells)
        if pad.meta in ("cumulative-most", "cumulative-least"):
            # Each open cell may still take any score in its range (RULES S, cumulative bound).
            lo, hi = self._cell_ranges()
            most = pad.meta == "cumulative-most"
            cum = pad.cumulative
            low = [cum[s] + sum(lo[r] for r, t in open_cells if t == s) for s in range(g.sides)]
            high = [cum[s] + sum(hi[r] for r, t in open_cells if t == s) for s in range(g.sides)]
            for c in ranking[1:]:
                gap = low[leader] - high[c] if most else low[c] - high[leader]
                if gap < 0 or (gap == 0 and not fin.get(leader, 99) < fin.get(c, 99)):
                    return False
            return True
        gp = pad.game_points
        swing = sum(r.value for i, r in enumerate(pad.rows) if not pad.is_row_complete(i))
        for c in ranking[1:]:
            gap = gp[leader] - swing - (gp[c] + swing + (rounds_left if g.match_point else 0))
            if gap < 0 or (gap == 0 and not fin.get(leader, 99) < fin.get(c, 99)):
                return False
        return True

    def _cell_ranges(self) -> tuple[list[int], list[int]]:
        """Per row, the lowest and highest round score a cell can still receive."""
        g = self.game
        top = g.deck.total_points + g.seating.last_trick_bonus
        offer = g.max_debt if g.passing_the_barrel else 0
        lo = [-offer if r.avoidance else -g.max_debt for r in g.setup.rows]
        hi = [top + (g.max_debt if r.avoidance else offer) for r in g.setup.rows]
        return lo, hi

    def end_by_agreement(self) -> None:
        """End the game now by agreement; refused unless :meth:`can_end_by_agreement`."""
        if not self.can_end_by_agreement():
            raise IllegalAction("ending by agreement refused: the last round must be complete and"
                                " the leader must be impossible to overtake (RULES S)")
        self._agreed = self._agreed or not self._pad.is_complete()
        self._phase = "end"

    @property
    def ended_by_agreement(self) -> bool:
        return self._agreed
