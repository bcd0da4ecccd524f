"""Reading a Chai Tea Jazz game: the readers, the record and the observation of one seat, as
the part :class:`PadView` of its flow (:class:`chaitea.engine.game.PadFlow`; each reader takes
the state, :class:`chaitea.engine.state.State`, which answers it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chaitea.core.cards import Card, Suit
from chaitea.core.contracts import Contract, trick_winner
from chaitea.core.deals import Deal
from chaitea.core.tricks import winning_position
from chaitea.engine.pad import Pad
from chaitea.engine.rounds import TrickRecord

if TYPE_CHECKING:
    from chaitea.engine.state import State

__all__ = ["PadView"]


RECORD_FORMAT = "chaitea-record/1"


class PadView:
    """The reading side of a Chai Tea Jazz game: pad, barrel, picking so far, hands, tricks,
    results, observation."""

    def pad(self, st: State) -> Pad:
        """The Paper Pad (a copy is not made: do not mutate it)."""
        pad: Pad = st._score
        return pad

    def barrel(self, st: State) -> int:
        """The seat holding the barrel this round (RULES B)."""
        return st._barrel

    def round_number(self, st: State) -> int:
        """1-based number of the round in progress (or the last one, between rounds)."""
        return len(st._logs)

    def deal(self, st: State) -> Deal | None:
        return st._logs[-1].deal if st._logs else None

    def declarer(self, st: State) -> int | None:
        return st._declarer if st._phase == "play" else None

    def contract(self, st: State) -> Contract | None:
        return st._contract if st._phase == "play" else None

    def row(self, st: State) -> str | None:
        """The pad key of the row being played."""
        p = st._picked
        return st.game.setup.rows[p.row].key if st._phase == "play" and p is not None \
            and p.row >= 0 else None

    def bet_debt(self, st: State) -> int:
        """The Bet Debt in force (picking: the Current Bet's; play: the declarer's)."""
        p = st._picked
        return p.debt if st._phase == "play" and p is not None else int(st._situation.bet_debt)

    def current_bet(self, st: State) -> tuple[int, str] | None:
        """During picking: (seat holding the Current Bet card, the pick as written, with its
        debt, e.g. ``"10 under"``)."""
        b = st._situation
        if st._phase != "picking" or b.bet_seat < 0:
            return None
        return b.bet_seat, str(st.game.actions[b.bet_pick])

    def passed(self, st: State) -> list[int]:
        return [s for s in range(st.game.players) if st._situation.passed >> s & 1]

    def eligible(self, st: State) -> list[int]:
        return [s for s in range(st.game.players) if st._situation.eligible >> s & 1]

    def offer(self, st: State) -> int:
        """The amount offered (Passing the Barrel) or accepted this round, 0 if none."""
        p = st._picked
        return p.offer if st._phase == "play" and p is not None else int(st._situation.offer)

    def offer_stage(self, st: State) -> str:
        return ("none", "answering", "all-declined", "accepted",
                "rescinded")[st._situation.offer_stage]

    def forced(self, st: State) -> bool:
        """True when everyone passed and the barrel holder must pick (RULES B)."""
        return bool(st._situation.forced)

    def straw(self, st: State, seat: int) -> list[tuple[Card | None, Card | None]]:
        """Two players: a seat's stacks as (face-down card or None, top face-up card or None)."""
        if not st._cover:
            return []
        d = st._logs[-1].deal
        assert d.straw is not None
        idx = st.game.deck.index
        out: list[tuple[Card | None, Card | None]] = []
        face_up = st._straw_up[seat] & st._hands[seat]  # not played in this trick
        for down, up in d.straw[seat]:
            iu, idn = idx[up], idx[down]
            top: Card | None = None
            if face_up >> iu & 1:
                top = up
            elif face_up >> idn & 1:
                top = down
            under = down if st._straw_down[seat] >> idn & 1 else None
            out.append((under, top))
        return out

    def playable(self, st: State, seat: int) -> list[Card]:
        """Cards a seat could play from (hand plus face-up straw cards)."""
        cards: list[Card] = st.game.deck.cards_of(st._hands[seat])
        return cards

    def led_suit(self, st: State) -> Suit | None:
        return Suit(st._led) if st._led >= 0 else None

    def tricks(self, st: State) -> list[TrickRecord]:
        """The completed tricks of the current round (or of the last round, between rounds)."""
        deck = st.game.deck
        out = []
        for k, (leader, cards, winner) in enumerate(st._tricks):
            assert st._contract is not None
            res = trick_winner(st._contract, k, [deck.cards[c] for c in cards], deck,
                               st.game.n_tricks)
            out.append(TrickRecord(leader, tuple(deck.cards[c] for c in cards), winner,
                                   res.reason))
        return out

    def trick_winner_so_far(self, st: State) -> int | None:
        """The seat currently winning the trick in progress, if any card is down."""
        if not st._trick or st._contract is None:
            return None
        pos = winning_position(st._strength[st._led], st._trick)
        seat: int = (st._leader + pos) % st.game.players
        return seat

    def game_points(self, st: State) -> list[int]:
        """Each seat's game points (RULES S)."""
        points: list[int] = st._score.game_points
        return points

    def record(self, st: State) -> dict[str, Any]:
        """This game as a ``chaitea-record/1`` object (RECORD)."""
        g = st.game
        rounds = []
        for log in st._logs:
            rounds.append({
                "deal": log.deal.to_json(),
                "picking": [str(g.actions[a]) for a in log.actions if a >= g.n_cards],
                "plays": [str(g.actions[a]) for a in log.actions if a < g.n_cards],
            })
        rec: dict[str, Any] = {"format": RECORD_FORMAT, "players": g.players,
                               "names": list(st.names), "setup": g.setup.spec,
                               "options": g.options_json()}
        if st.first_barrel:
            rec["barrel"] = st.first_barrel
        rec["rounds"] = rounds
        if st._agreed:
            rec["end"] = "agreed"
        return rec

    def observation(self, st: State, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, every face-up card, the picking so far, the trick,
        won tricks, the pad. Hidden: other hands and face-down straw cards (shown as ``None``)."""
        g = st.game
        obs: dict[str, Any] = {
            "seat": seat, "phase": st._phase, "round": st.round_number,
            "barrel": st._barrel, "to_act": st.current_player(),
            "hand": [str(c) for c in st.hand(seat)] if st._logs else [],
            "hand_sizes": [bin(h & ~u).count("1") for h, u in zip(st._hands, st._straw_up,
                                                                  strict=True)],
            "picking": [str(g.actions[a]) for a in st._logs[-1].actions if a >= g.n_cards]
            if st._logs else [],
            "game_points": st._score.game_points,
            "pad": st._score.to_json(g.side_names),
        }
        if st._cover:  # two players: face-up straw cards are public, face-down ones hidden
            obs["straw"] = [[{"down": d is not None, "up": None if u is None else str(u)}
                             for d, u in st.straw(s)] for s in range(g.players)]
        if st._phase == "play":
            obs.update(
                declarer=st._declarer, contract=str(st._contract), bet_debt=st.bet_debt,
                trick=[str(g.deck.cards[c]) for c in st._trick], leader=st._leader,
                trick_number=st._trick_no, tricks_won=list(st._tricks_won),
                tricks=[{"leader": ld, "cards": [str(g.deck.cards[c]) for c in cs], "winner": w}
                        for ld, cs, w in st._tricks],
                side_points=list(st._side_points))
        if st.current_player() == seat:
            obs["legal"] = st.legal_moves()
        return obs

    def equal(self, st: State, other: State) -> bool:
        """The same game at the same point: every field (a refused action must leave them)."""
        return st.game is other.game and self._key(st) == self._key(other)

    def hash(self, st: State) -> int:
        raise TypeError("unhashable type: a Chai Tea Jazz state (it compares by its fields)")

    def _key(self, st: State) -> tuple[Any, ...]:
        """Everything that makes up the state, for equality (a refused action must leave it)."""
        p = st._score
        picked = st._picked  # row, Bet Debt and offer of the round (none before the first)
        row_debt_offer = (-1, 0, 0) if picked is None else (picked.row, picked.debt, picked.offer)
        return (
            st._phase, st._barrel, st._turn, st._situation, st._declarer,
            row_debt_offer, st._contract, tuple(st._hands),
            tuple(st._straw_up), tuple(st._straw_down), st._cover, st._set_aside,
            tuple(st._trick), st._leader, st._led, st._trick_no, tuple(st._side_points),
            tuple(st._tricks_won), tuple(st._tricks),
            tuple((lg.deal, tuple(lg.actions), lg.result) for lg in st._logs),
            tuple(st._results), st._agreed, st._round_only, tuple(st.names),
            repr((p.scores, p.order, p.row_points, p.match_points, p.finish_order)),
            st._seed,
        )

    def repr(self, st: State) -> str:
        g = st.game
        return (f"<GameState {g.players}p round {st.round_number} {st._phase}, "
                f"to act: {st.current_player()}>")
