"""Reading a game state: the public properties and the observation of one seat.

:class:`StateView` is a part of :class:`~chaitea.engine.game.GameState` (which see for examples).
"""

from __future__ import annotations

from typing import Any

from chaitea.core.cards import Card, Suit
from chaitea.core.contracts import Contract, trick_winner
from chaitea.core.deals import Deal
from chaitea.core.tricks import winning_position
from chaitea.engine.machine import Field
from chaitea.engine.pad import Pad
from chaitea.engine.rounds import StateFields, TrickRecord

__all__ = ["StateView"]


RECORD_FORMAT = "chaitea-record/1"


class StateView(StateFields):
    """The reading side of a game state: pad, barrel, picking so far, hands, tricks, results,
    observation."""

    pad = Field[Pad]("_score", "The Paper Pad (a copy is not made: do not mutate it).")

    barrel = Field[int]("_barrel", "The seat holding the barrel this round (RULES B).")

    @property
    def round_number(self) -> int:
        """1-based number of the round in progress (or the last one, between rounds)."""
        return len(self._logs)

    @property
    def deal(self) -> Deal | None:
        return self._logs[-1].deal if self._logs else None

    @property
    def declarer(self) -> int | None:
        return self._declarer if self._phase == "play" else None

    @property
    def contract(self) -> Contract | None:
        return self._contract if self._phase == "play" else None

    @property
    def row(self) -> str | None:
        """The pad key of the row being played."""
        p = self._picked
        return self.game.setup.rows[p.row].key if self._phase == "play" and p is not None \
            and p.row >= 0 else None

    @property
    def bet_debt(self) -> int:
        """The Bet Debt in force (picking: the Current Bet's; play: the declarer's)."""
        p = self._picked
        return p.debt if self._phase == "play" and p is not None else int(self._situation.bet_debt)

    @property
    def current_bet(self) -> tuple[int, str] | None:
        """During picking: (seat holding the Current Bet card, the pick as written, with its
        debt, e.g. ``"10 under"``)."""
        b = self._situation
        if self._phase != "picking" or b.bet_seat < 0:
            return None
        return b.bet_seat, str(self.game.actions[b.bet_pick])

    @property
    def passed(self) -> list[int]:
        return [s for s in range(self.game.players) if self._situation.passed >> s & 1]

    @property
    def eligible(self) -> list[int]:
        return [s for s in range(self.game.players) if self._situation.eligible >> s & 1]

    @property
    def offer(self) -> int:
        """The amount offered (Passing the Barrel) or accepted this round, 0 if none."""
        p = self._picked
        return p.offer if self._phase == "play" and p is not None else int(self._situation.offer)

    @property
    def offer_stage(self) -> str:
        return ("none", "answering", "all-declined", "accepted",
                "rescinded")[self._situation.offer_stage]

    @property
    def forced(self) -> bool:
        """True when everyone passed and the barrel holder must pick (RULES B)."""
        return bool(self._situation.forced)

    def straw(self, seat: int) -> list[tuple[Card | None, Card | None]]:
        """Two players: a seat's stacks as (face-down card or None, top face-up card or None)."""
        if not self._cover:
            return []
        d = self._logs[-1].deal
        assert d.straw is not None
        idx = self.game.deck.index
        out: list[tuple[Card | None, Card | None]] = []
        face_up = self._straw_up[seat] & self._hands[seat]  # not played in this trick
        for down, up in d.straw[seat]:
            iu, idn = idx[up], idx[down]
            top: Card | None = None
            if face_up >> iu & 1:
                top = up
            elif face_up >> idn & 1:
                top = down
            under = down if self._straw_down[seat] >> idn & 1 else None
            out.append((under, top))
        return out

    def playable(self, seat: int) -> list[Card]:
        """Cards a seat could play from (hand plus face-up straw cards)."""
        cards: list[Card] = self.game.deck.cards_of(self._hands[seat])
        return cards

    @property
    def led_suit(self) -> Suit | None:
        return Suit(self._led) if self._led >= 0 else None

    @property
    def tricks(self) -> list[TrickRecord]:
        """The completed tricks of the current round (or of the last round, between rounds)."""
        deck = self.game.deck
        out = []
        for k, (leader, cards, winner) in enumerate(self._tricks):
            assert self._contract is not None
            res = trick_winner(self._contract, k, [deck.cards[c] for c in cards], deck,
                               self.game.n_tricks)
            out.append(TrickRecord(leader, tuple(deck.cards[c] for c in cards), winner,
                                   res.reason))
        return out

    def trick_winner_so_far(self) -> int | None:
        """The seat currently winning the trick in progress, if any card is down."""
        if not self._trick or self._contract is None:
            return None
        pos = winning_position(self._strength[self._led], self._trick)
        seat: int = (self._leader + pos) % self.game.players
        return seat

    def game_points(self) -> list[int]:
        return self._score.game_points

    def record(self) -> dict[str, Any]:
        """This game as a ``chaitea-record/1`` object (RECORD)."""
        state: Any = self  # a GameState: first_barrel, ended_by_agreement
        g = state.game
        rounds = []
        for log in state._logs:
            rounds.append({
                "deal": log.deal.to_json(),
                "picking": [str(g.actions[a]) for a in log.actions if a >= g.n_cards],
                "plays": [str(g.actions[a]) for a in log.actions if a < g.n_cards],
            })
        rec: dict[str, Any] = {"format": RECORD_FORMAT, "players": g.players,
                               "names": list(state.names), "setup": g.setup.spec,
                               "options": g.options_json()}
        if state.first_barrel:
            rec["barrel"] = state.first_barrel
        rec["rounds"] = rounds
        if state.ended_by_agreement:
            rec["end"] = "agreed"
        return rec

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, every face-up card, the picking so far, the trick,
        won tricks, the pad. Hidden: other hands and face-down straw cards (shown as ``None``)."""
        g = self.game
        obs: dict[str, Any] = {
            "seat": seat, "phase": self._phase, "round": self.round_number,
            "barrel": self._barrel, "to_act": self.current_player(),
            "hand": [str(c) for c in self.hand(seat)] if self._logs else [],
            "hand_sizes": [bin(h & ~u).count("1") for h, u in zip(self._hands, self._straw_up,
                                                                  strict=True)],
            "picking": [str(g.actions[a]) for a in self._logs[-1].actions if a >= g.n_cards]
            if self._logs else [],
            "game_points": self._score.game_points,
            "pad": self._score.to_json(g.side_names),
        }
        if self._cover:  # two players: face-up straw cards are public, face-down ones hidden
            obs["straw"] = [[{"down": d is not None, "up": None if u is None else str(u)}
                             for d, u in self.straw(s)] for s in range(g.players)]
        if self._phase == "play":
            obs.update(
                declarer=self._declarer, contract=str(self._contract), bet_debt=self.bet_debt,
                trick=[str(g.deck.cards[c]) for c in self._trick], leader=self._leader,
                trick_number=self._trick_no, tricks_won=list(self._tricks_won),
                tricks=[{"leader": ld, "cards": [str(g.deck.cards[c]) for c in cs], "winner": w}
                        for ld, cs, w in self._tricks],
                side_points=list(self._side_points))
        if self.current_player() == seat:
            obs["legal"] = self.legal_moves()
        return obs

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StateView):
            return NotImplemented
        return self.game is other.game and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[Any, ...]:
        """Everything that makes up the state, for equality (a refused action must leave it)."""
        p = self._score
        picked = self._picked  # row, Bet Debt and offer of the round (none before the first)
        row_debt_offer = (-1, 0, 0) if picked is None else (picked.row, picked.debt, picked.offer)
        return (
            self._phase, self._barrel, self._turn, self._situation, self._declarer,
            row_debt_offer, self._contract, tuple(self._hands),
            tuple(self._straw_up), tuple(self._straw_down), self._cover, self._set_aside,
            tuple(self._trick), self._leader, self._led, self._trick_no, tuple(self._side_points),
            tuple(self._tricks_won), tuple(self._tricks),
            tuple((lg.deal, tuple(lg.actions), lg.result) for lg in self._logs),
            tuple(self._results), self._agreed, self._round_only, tuple(self.names),
            repr((p.scores, p.order, p.row_points, p.match_points, p.finish_order)),
            self._seed,
        )

    def __repr__(self) -> str:
        g = self.game
        return (f"<GameState {g.players}p round {self.round_number} {self._phase}, "
                f"to act: {self.current_player()}>")
