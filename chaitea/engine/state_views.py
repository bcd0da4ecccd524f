"""What a table's state shows (every Jass ruleset, Oh Hell): its readers, observation, record
and drawings, as the part :class:`TableView` of the table's flow
(:class:`chaitea.engine.driver.TableFlow`; each reader takes the state,
:class:`chaitea.engine.state.State`, which answers it).

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
from functools import partial
from typing import TYPE_CHECKING, Any

from chaitea.core.errors import SetupError
from chaitea.core.render import draw
from chaitea.core.tricks import TrumpSetting, trick_result, trump_at_start, trump_in_force
from chaitea.engine.pick_items import PickItem, legal_items, pick_items
from chaitea.engine.picking import PickView
from chaitea.engine.rounds import TrickRecord

if TYPE_CHECKING:
    from chaitea.engine.state import State

__all__ = ["TableView"]


class TableView:
    """The readers of a table's state."""

    def _open_to(self, st: State, seat: int) -> Sequence[str]:
        raise NotImplementedError

    def forehand(self, st: State) -> int:
        """This round's first speaker (before the choice) or the seat that leads trick 1."""
        return st._forehand if st._forehand >= 0 else st._first

    def contract(self, st: State) -> str | None:
        return st._contract or None

    def declarer(self, st: State) -> int | None:
        """The seat that chose the contract (None before)."""
        out: int | None = st._declarer
        return out

    def round_number(self, st: State) -> int:
        return len(st._deals)

    def trump(self, st: State) -> int:
        """The trump suit in force (0..3 for C D H S), -1 for none."""
        out: int = st._trump
        return out

    def chosen(self, st: State) -> tuple[int, ...]:
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
        return st._chosen

    def score_state(self, st: State) -> Any:
        """The scoring part's state (totals, pad, tallies)."""
        out: Any = st._score
        return out

    def weis_points(self, st: State) -> tuple[int, ...]:
        """The hand's Weis points per side, before any multiplier (0 before the
        play and without Weis)."""
        out: tuple[int, ...] = st._weis
        return out

    def stoeck_points(self, st: State) -> tuple[int, ...]:
        """The hand's Stöck points per side, before any multiplier (RULES J)."""
        out: tuple[int, ...] = st._stoeck
        return out

    def weis_declared(self, st: State) -> Any:
        """The hand's Weis as declared (melds per seat, best per side, who
        scores: a WeisResult), or None before the play."""
        out: Any = st._weis_json
        return out

    def pick_items(self, st: State) -> tuple[PickItem, ...]:
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
        return pick_items(st._situation.items)

    def legal_items(self, st: State) -> tuple[PickItem, ...]:
        """While picking, the legal moves as values in the round's context (after a 3x3 pick:
        the suits it may name, :class:`~chaitea.engine.pick_items.NameTrump`); else ``()``."""
        if st._phase != "picking":
            return ()
        return legal_items(st._situation.items, st.legal_moves())

    def tricks(self, st: State) -> list[TrickRecord]:
        """The completed tricks of the current round (or of the last round, between rounds),
        as Chai Tea Jazz's ``GameState.tricks``: who led, the cards in play order, who won and
        why, under the trump in force at that trick (3x3's named trump, Tutti's once set)."""
        g = st.game
        deck = g.deck
        rules = g.trick_rules(st._contract) if st._tricks else ()
        out: list[TrickRecord] = []
        known = -1  # Tutti: the suit of the first non-follower, once a trick has set it
        for k, (leader, ids, winner) in enumerate(st._tricks):
            rule = rules[k]
            start = trump_at_start(rule, st._chosen[k] if k < len(st._chosen) else -1, known)
            cards = tuple(deck.cards[c] for c in ids)
            res = trick_result(rule, cards, deck, start)
            if rule.trump_setting is TrumpSetting.FIRST_NON_FOLLOWER and known < 0:
                known = trump_in_force(rule, ids, deck, -1)
            out.append(TrickRecord(leader, cards, winner, res.reason))
        return out

    def totals(self, st: State) -> tuple[int, ...]:
        return tuple(st.game.table.score.totals(st._score))

    def observation(self, st: State, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its hand, the trick, the contract, the picking items it may
        see (Differenzler: its own guess, not the others' until the hand ends), the turned-up
        trump suit and card (basic Jass: the dealer's last card, shown to all and kept),
        totals, whose turn and (its own turn) the legal moves."""
        if not (type(seat) is int and 0 <= seat < st._n):
            raise SetupError(f"seat must be 0..{st._n - 1}, not {seat!r}")
        out: dict[str, Any] = {
            "seat": seat, "phase": st._phase, "round": st.round_number,
            "hand": [str(c) for c in st.hand(seat)],
            "trick": [str(c) for c in st.trick], "trick_leader": st._leader,
            "forehand": st.forehand, "contract": st.contract, "declarer": st._declarer,
            "picking": self._shown_items(st, seat), "totals": list(self.totals(st)),
            "to_act": st.current_player(),
        }
        if st.game.table.first_forehand.turns_up:
            out["turned_up"] = st._turned_up
            out["turned_up_card"] = st._turned_up_card  # the dealer keeps it (RULES J)
        if st.current_player() == seat:
            out["legal"] = st.legal_moves()
        return out

    def _shown_items(self, st: State, seat: int) -> list[str]:
        """The round's picking items ``seat`` may see: all of them, but while the hand is
        picked and played a choice phase with secret items (Differenzler's guesses, written
        face down) shows each seat its own only (its ``shown_to``)."""
        shown = getattr(st.game.table.choice, "shown_to", None)
        if shown is None or st._phase not in ("picking", "play"):
            return list(st._situation.items)
        return list(shown(PickView(st._n, st._first, st._situation.items,
                                   turned_up=st._turned_up), seat))

    def next_picking(self, st: State) -> tuple[int | None, list[str]] | None:
        """Between rounds: the next round's first speaker and what it may write (basic Jass:
        nothing, its trump is turned up at the deal; Differenzler: its guess; Schieber's first
        hand: the holder of 7S, unknown before the deal, is ``None``); ``None`` when the game
        is over."""
        if st._phase == "end":
            return None
        if st._deals:
            first = (st._first + 1) % st._n
        elif st.forehand_override is not None:
            first = st.forehand_override
        elif not st.game.table.first_forehand.known_before_deal:
            return (None, list(st.game.table.choice.status(
                PickView(st._n, 0, (), partial(self._open_to, st), None)).legal))
        else:
            first = st.game.table.first_forehand.first(st.game.deck, ())
        if st.game.table.first_forehand.turns_up:  # the phase's own items (guesses), if any
            return (first, list(st.game.table.choice.spellings(st.game.deck)))
        ps = st.game.table.choice.status(PickView(st._n, first, (), partial(self._open_to, st),
                                                  None))
        if ps.done:  # nobody chooses (FixedContract): the next round's forehand leads
            return (ps.forehand, [])
        return (ps.seat, list(ps.legal))

    def record(self, st: State) -> dict[str, Any]:
        """The game as a ``chaitea-record/1`` object (RECORD's Jass section): ``players``,
        ``names``, ``options`` (the ruleset and the options given), ``forehand`` when it was
        set, and per round the deal, the picking items and the cards played."""
        g = st.game
        rec: dict[str, Any] = {"format": "chaitea-record/1", "players": g.players,
                               "names": list(st.names), "options": g.options_json()}
        if st.forehand_override is not None:
            rec["forehand"] = st.forehand_override
        logs = st._done + ([(st._situation.items, tuple(st._acts))]
                             if len(st._done) < len(st._deals) else [])
        cards, n_cards = g.deck.cards, g.n_cards
        rec["rounds"] = [
            {"deal": {"seed": deal} if isinstance(deal, int) else deal.to_json(),
             "picking": list(picking), "plays": [str(cards[c]) for c in acts if c < n_cards]}
            for deal, (picking, acts) in zip(st._deals, logs, strict=True)
        ]
        return rec

    def hand_view(self, st: State, seat: int) -> Any:
        """``seat``'s hand as a drawing (``_repr_svg_``, Swiss suits; the lazy drawing import)."""
        return draw("jass-hand", st.hand(seat))

    def trick_view(self, st: State, index: int | None = None) -> Any:
        """The trick on the table (or trick ``index`` of this round) as a drawing."""
        return draw("jass-trick", st, index)

    def repr_html(self, st: State) -> str:
        """The trick on the table as HTML (the drawing :meth:`repr_svg` gives)."""
        return self.repr_svg(st)

    def repr_svg(self, st: State) -> str:
        return str(self.trick_view(st)._repr_svg_())

    def repr(self, st: State) -> str:
        return (f"<JassState {st.game.name} round {st.round_number} {st._phase} "
                f"totals {list(self.totals(st))}>")
