"""What a Jass-family state shows: its readers, observation, record and drawings, as a mixin
of :class:`chaitea.engine.driver.JassState`.

>>> from chaitea.rulesets import jass_game
>>> state = jass_game("coiffeur-schieber", 3).new_initial_state(seed=1)
>>> obs = state.observation(state.current_player())
>>> len(obs["hand"]), obs["phase"], "pass" in obs["legal"]
(12, 'picking', True)
>>> state.record()["options"]
{'ruleset': 'coiffeur-schieber'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chaitea.core.deals import Deal
from chaitea.core.errors import SetupError
from chaitea.core.render import draw
from chaitea.core.tricks import TrumpSetting, trick_result, trump_at_start, trump_in_force
from chaitea.engine.machine import Field, StateMachine
from chaitea.engine.pick_items import PickItem, legal_items, pick_items
from chaitea.engine.picking import PickView
from chaitea.engine.rounds import TrickRecord

__all__ = ["StateViews"]


class StateViews(StateMachine[dict[str, Any]]):
    """Readers over the state's fields (declared here for the type checker; the shared state
    API and readers: :class:`chaitea.engine.machine.StateMachine`)."""

    game: Any  # a JassGame (chaitea.engine.driver.JassState narrows it)
    names: list[str]
    forehand_override: int | None
    _n: int
    _phase: str
    _first: int
    _forehand: int
    _contract: str
    _declarer: int | None
    _deals: list[Deal | int]
    _done: list[tuple[tuple[str, ...], tuple[int, ...]]]
    _acts: list[int]
    _situation: Any  # the picking situation (chaitea.engine.status_picking.Said)
    _results: list[dict[str, Any]]
    _score: Any
    _hands: list[int]
    _trick: list[int]
    _tricks: list[tuple[int, tuple[int, ...], int]]
    _leader: int
    _trump: int
    _chosen: tuple[int, ...]
    _turned_up: str | None
    _turned_up_card: str | None

    def _open_to(self, seat: int) -> Sequence[str]:
        raise NotImplementedError

    @property
    def forehand(self) -> int:
        """This round's first speaker (before the choice) or the seat that leads trick 1."""
        return self._forehand if self._forehand >= 0 else self._first

    @property
    def contract(self) -> str | None:
        return self._contract or None

    declarer = Field[int | None]("_declarer", "The seat that chose the contract (None before).")

    @property
    def round_number(self) -> int:
        return len(self._deals)

    trump = Field[int]("_trump", "The trump suit in force (0..3 for C D H S), -1 for none.")

    @property
    def chosen(self) -> tuple[int, ...]:
        """Per trick of the round in play, the trump suit the picker named for it (3x3's
        chosen-trump tricks, RULES J; 0..3 for C D H S), -1 where the trick's trump is not
        chosen; ``()`` before the play starts. Read-only (a tuple); the solver's kernel reads it
        (:func:`chaitea.ai.kernel.jass_rules_for`'s ``chosen``).

        >>> from chaitea.rulesets import jass_game
        >>> state = jass_game("coiffeur").new_initial_state(seed=1)
        >>> state.chosen
        ()
        >>> for move in ("3x3(tou)", "trump(C)", "trump(D)", "trump(H)"):
        ...     state.apply_action(move)
        >>> state.phase, state.chosen  # trump tricks 1-3 in C, D, H; then Obenabe, Undenufe
        ('play', (0, 1, 2, -1, -1, -1, -1, -1, -1))
        """
        return self._chosen

    score_state = Field[Any]("_score", "The scoring part's state (totals, pad, tallies).")
    weis_points = Field[tuple[int, ...]]("_weis", "The hand's Weis points per side, before any "
                                         "multiplier (0 before the play and without Weis).")
    stoeck_points = Field[tuple[int, ...]]("_stoeck", "The hand's Stöck points per side, before "
                                           "any multiplier (RULES J).")
    weis_declared = Field[Any]("_weis_json", "The hand's Weis as declared (melds per seat, best "
                               "per side, who scores: a WeisResult), or None before the play.")

    def pick_items(self) -> tuple[PickItem, ...]:
        """The picking items of the round in progress as values
        (:mod:`chaitea.engine.pick_items`; ``str()`` of each is its record spelling).

        >>> from chaitea.rulesets import jass_game
        >>> state = jass_game("coiffeur").new_initial_state(seed=1)
        >>> state.apply_action("3x3(tou)"); state.apply_action("trump(C)")
        >>> state.pick_items()
        (Choose(contract='3x3(tou)', joker=False), NameTrump(suit=<Suit.CLUBS: 0>))
        >>> [str(i) for i in state.legal_items()]
        ['trump(D)', 'trump(H)', 'trump(S)']
        """
        return pick_items(self._situation.items)

    def legal_items(self) -> tuple[PickItem, ...]:
        """While picking, the legal moves as values in the round's context (after a 3x3 pick:
        the suits it may name, :class:`~chaitea.engine.pick_items.NameTrump`); else ``()``."""
        if self._phase != "picking":
            return ()
        return legal_items(self._situation.items, self.legal_moves())

    @property
    def tricks(self) -> list[TrickRecord]:
        """The completed tricks of the current round (or of the last round, between rounds),
        as Chai Tea Jazz's ``GameState.tricks``: who led, the cards in play order, who won and
        why, under the trump in force at that trick (3x3's named trump, Tutti's once set)."""
        g = self.game
        deck = g.deck
        rules = g.trick_rules(self._contract) if self._tricks else ()
        out: list[TrickRecord] = []
        known = -1  # Tutti: the suit of the first non-follower, once a trick has set it
        for k, (leader, ids, winner) in enumerate(self._tricks):
            rule = rules[k]
            start = trump_at_start(rule, self._chosen[k] if k < len(self._chosen) else -1, known)
            cards = tuple(deck.cards[c] for c in ids)
            res = trick_result(rule, cards, deck, start)
            if rule.trump_setting is TrumpSetting.FIRST_NON_FOLLOWER and known < 0:
                known = trump_in_force(rule, ids, deck, -1)
            out.append(TrickRecord(leader, cards, winner, res.reason))
        return out

    def totals(self) -> tuple[int, ...]:
        return tuple(self.game.table.score.totals(self._score))

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its hand, the trick, the contract, the picking items it may
        see (Differenzler: its own guess, not the others' until the hand ends), the turned-up
        trump suit and card (basic Jass: the dealer's last card, shown to all and kept),
        totals, whose turn and (its own turn) the legal moves."""
        if not (type(seat) is int and 0 <= seat < self._n):
            raise SetupError(f"seat must be 0..{self._n - 1}, not {seat!r}")
        out: dict[str, Any] = {
            "seat": seat, "phase": self._phase, "round": self.round_number,
            "hand": [str(c) for c in self.hand(seat)],
            "trick": [str(c) for c in self.trick], "trick_leader": self._leader,
            "forehand": self.forehand, "contract": self.contract, "declarer": self._declarer,
            "picking": self._shown_items(seat), "totals": list(self.totals()),
            "to_act": self.current_player(),
        }
        if self.game.table.first_forehand.turns_up:
            out["turned_up"] = self._turned_up
            out["turned_up_card"] = self._turned_up_card  # the dealer keeps it (RULES J)
        if self.current_player() == seat:
            out["legal"] = self.legal_moves()
        return out

    def _shown_items(self, seat: int) -> list[str]:
        """The round's picking items ``seat`` may see: all of them, but while the hand is
        picked and played a choice phase with secret items (Differenzler's guesses, written
        face down) shows each seat its own only (its ``shown_to``)."""
        shown = getattr(self.game.table.choice, "shown_to", None)
        if shown is None or self._phase not in ("picking", "play"):
            return list(self._situation.items)
        return list(shown(PickView(self._n, self._first, self._situation.items,
                                   turned_up=self._turned_up), seat))

    def next_picking(self) -> tuple[int | None, list[str]] | None:
        """Between rounds: the next round's first speaker and what it may write (basic Jass:
        nothing, its trump is turned up at the deal; Differenzler: its guess; Schieber's first
        hand: the holder of 7S, unknown before the deal, is ``None``); ``None`` when the game
        is over."""
        if self._phase == "end":
            return None
        if self._deals:
            first = (self._first + 1) % self._n
        elif self.forehand_override is not None:
            first = self.forehand_override
        elif not self.game.table.first_forehand.known_before_deal:
            return (None, list(self.game.table.choice.status(
                PickView(self._n, 0, (), self._open_to, None)).legal))
        else:
            first = self.game.table.first_forehand.first(self.game.deck, ())
        if self.game.table.first_forehand.turns_up:  # the phase's own items (guesses), if any
            return (first, list(self.game.table.choice.spellings(self.game.deck)))
        st = self.game.table.choice.status(PickView(self._n, first, (), self._open_to, None))
        if st.done:  # nobody chooses (FixedContract): the next round's forehand leads
            return (st.forehand, [])
        return (st.seat, list(st.legal))

    def record(self) -> dict[str, Any]:
        """The game as a ``chaitea-record/1`` object (RECORD's Jass section): ``players``,
        ``names``, ``options`` (the ruleset and the options given), ``forehand`` when it was
        set, and per round the deal, the picking items and the cards played."""
        g = self.game
        rec: dict[str, Any] = {"format": "chaitea-record/1", "players": g.players,
                               "names": list(self.names), "options": g.options_json()}
        if self.forehand_override is not None:
            rec["forehand"] = self.forehand_override
        logs = self._done + ([(self._situation.items, tuple(self._acts))]
                             if len(self._done) < len(self._deals) else [])
        cards, n_cards = g.deck.cards, g.n_cards
        rec["rounds"] = [
            {"deal": {"seed": deal} if isinstance(deal, int) else deal.to_json(),
             "picking": list(picking), "plays": [str(cards[c]) for c in acts if c < n_cards]}
            for deal, (picking, acts) in zip(self._deals, logs, strict=True)
        ]
        return rec

    def hand_view(self, seat: int) -> Any:
        """``seat``'s hand as a drawing (``_repr_svg_``, Swiss suits; the lazy drawing import)."""
        return draw("jass-hand", self.hand(seat))

    def trick_view(self, index: int | None = None) -> Any:
        """The trick on the table (or trick ``index`` of this round) as a drawing."""
        return draw("jass-trick", self, index)

    def _repr_svg_(self) -> str:
        return str(self.trick_view()._repr_svg_())

    def __repr__(self) -> str:
        return (f"<JassState {self.game.name} round {self.round_number} {self._phase} "
                f"totals {list(self.totals())}>")
