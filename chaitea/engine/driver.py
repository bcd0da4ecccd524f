"""The table's game and flow: a game of any :class:`~chaitea.engine.ruleset.Ruleset` (every Jass
ruleset, Oh Hell) on the one state (:class:`chaitea.engine.state.State`), with the table's flow
part (:class:`TableFlow`).

A round is dealt (a chance node), its contract chosen by the ruleset's choice phase
(:mod:`chaitea.rulesets.jass.choice`), played on the core's trick rules and follow rule
(:mod:`chaitea.core.tricks`, :mod:`chaitea.core.following`) and written by its scoring part
(:mod:`chaitea.rulesets.jass.scores`); Weis and Stöck are automatic (RULES J,
:mod:`chaitea.rulesets.jass`;
option: Weis declared by hand, :mod:`chaitea.rulesets.jass.declaring`). Every deck plays on the one
state class, the 36-card deck and six-player Schieber's two 24-card decks alike (the deal step,
:mod:`chaitea.engine.deal_step`, and the play step read the deck); a table may name its own
flow part by deck (``Table.flows``: the renounce penalty's,
:mod:`chaitea.rulesets.jass.renounce`).

>>> from chaitea.rulesets import find_ruleset
>>> game = JassGame(find_ruleset("schieber"))
>>> state = game.new_initial_state(seed=1)
>>> state.phase, state.current_player() == state.forehand
('picking', True)
>>> state.legal_moves()
['trump(C)', 'trump(D)', 'trump(H)', 'trump(S)', 'obenabe', 'undenufe', 'push']
>>> state.apply_action("push"); state.apply_action("obenabe")
>>> state.phase, state.contract, state.declarer == (state.forehand + 2) % 4
('play', 'obenabe', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chaitea.core.cards import Card, deck_named
from chaitea.core.contracts import FRENCH_FAMILY, JASS_FAMILY, Contract
from chaitea.core.errors import IllegalAction, IllegalPick, IllegalPlay, SetupError
from chaitea.core.following import follow_rule
from chaitea.core.markup import quote, shorten
from chaitea.core.round_tables import PlayPlan, TrickTables, trick_tables
from chaitea.core.tricks import TrickRule, TrumpSetting, last_trick_bonus, late_trump_points
from chaitea.engine.base_game import BaseGame
from chaitea.engine.flow import Flow
from chaitea.engine.hand import Hand
from chaitea.engine.hand_scoring import HandScoring
from chaitea.engine.machine import CHANCE, TERMINAL, round_seed
from chaitea.engine.pick_items import PASS_ITEM, PUSH_ITEM, Choose, parse_pick
from chaitea.engine.registry import register_maker
from chaitea.engine.ruleset import Ruleset, Table
from chaitea.engine.spellings import ActionSpellings
from chaitea.engine.state import State
from chaitea.engine.state_views import TableView
from chaitea.engine.status_picking import IDLE, StatusPicking, TablePicking
from chaitea.engine.table_dealing import TableDealing
from chaitea.engine.validate import names_or_none

__all__ = ["CHANCE", "TABLE_FLOW", "TERMINAL", "JassGame", "JassState", "TableFlow", "round_seed"]


class JassGame(BaseGame):
    """The rules of one Jass-family game as data: its ruleset, players, seating and options.

    Use ``chaitea.Game(ruleset="schieber")`` or :func:`chaitea.rulesets.jass_game`.
    ``options`` are the ruleset's own (listed per game in docs/games.md; an unknown one is
    refused).
    """

    def __init__(self, ruleset: Ruleset, players: int | None = None, *, deck: str | None = None,
                 options: Mapping[str, object] | None = None) -> None:
        opts = dict(options or {})
        self.ruleset = ruleset
        self.family = ruleset.family  # the game family its ruleset declares (core.contracts)
        self.options: dict[str, Any] = ruleset.resolve(opts)
        self.given_options = {k: self.options[k] for k in opts}
        self.table: Table = ruleset.table(players, opts)
        t = self.table
        decks = t.seating.decks
        if deck is not None and deck not in decks:
            shown = shorten(deck) if isinstance(deck, str) else quote(deck)
            raise SetupError(f"the {shown} deck does not fit {ruleset.name}"
                             f"{'' if len(ruleset.players) == 1 else f' ({t.players} players)'}"
                             f"; use {' or '.join(decks)} (RECORD options.deck)")
        self.deck_given: str | None = deck
        self.name = ruleset.name
        # players, seating, deck, tricks (every card dealt, or the hands of a seating that
        # leaves a stock: Oh Hell), sides and card-set tables (engine.base_game)
        self._seat(t.players, t.seating, deck_named(deck or decks[0]))
        # Weis declared by hand (chaitea.rulesets.jass.declaring)
        self.by_hand = t.declaring is not None and t.declaring.by_hand
        self.value_options = t.value_options | t.deck_value_options.get(self.deck.name,
                                                                         frozenset())
        spellings = [*t.contracts, *t.score.pick_spellings(t.contracts), str(PUSH_ITEM),
                     str(PASS_ITEM)]  # the picking items' record spellings (RECORD Jass)
        if t.declaring is not None:
            spellings += t.declaring.spellings(self.deck)
        spellings += t.choice.spellings(self.deck)  # a phase's own items (a guess, a bid...)
        self.spellings: tuple[str, ...] = tuple(dict.fromkeys(spellings))
        self.action_ids: dict[str, int] = {s: self.n_cards + i
                                           for i, s in enumerate(self.spellings)}
        self.flow: Flow = t.flows.get(self.deck.name, TABLE_FLOW)  # what the one state hands
        # the table (engine.flow; the renounce penalty's on the 36-card deck)
        self.follow = follow_rule(t.follow)  # the table's (RULES J: "jass")
        self.picking = StatusPicking(t.choice)  # the pick step's protocol (engine.pick_step)
        self.scoring = HandScoring(t.score)  # the score step's protocol (engine.score_step)
        self._plans: dict[tuple[str, int, int], TrickTables] = {}
        self._rules: dict[str, tuple[TrickRule, ...]] = {}
        self._static: dict[str, tuple[TrickTables, ...] | None] = {}
        self._play_plans: dict[str, PlayPlan] = {}

    # -- tables -------------------------------------------------------------------------------
    item_of = staticmethod(parse_pick)  # a picking spelling's item (cached), pick_items

    def contract_of(self, spelling: str) -> Contract:
        """The contract a spelling plays (its item's: ``joker=X`` plays X; the table's aliases,
        e.g. Misère, play as their mode)."""
        item = parse_pick(spelling)
        text = item.contract if type(item) is Choose else spelling
        return Contract.parse(self.table.play_as.get(text, text), family=self.family)

    def trick_rules(self, spelling: str) -> tuple[TrickRule, ...]:
        rules = self._rules.get(spelling)
        if rules is None:
            rules = self.contract_of(spelling).trick_rules(self.n_tricks, self.value_options)
            self._rules[spelling] = rules
        return rules

    def trick_tables_of(self, spelling: str, k: int, trump: int) -> TrickTables:
        """Trick ``k`` of a contract with ``trump`` in force: its tables
        (:class:`~chaitea.core.round_tables.TrickTables`; cached per game)."""
        key = (spelling, k, trump)
        t = self._plans.get(key)
        if t is None:
            t = self._plans[key] = trick_tables(self.deck, self.trick_rules(spelling)[k],
                                                self.follow, trump)
        return t

    def plan(self, spelling: str, k: int, trump: int) -> tuple[Any, tuple[tuple[int, ...], ...],
                                                               tuple[int, ...]]:
        """Trick ``k`` of a contract with ``trump`` in force: the follow rule's legal function,
        the strength tables by led suit and the card values (:meth:`trick_tables_of`'s)."""
        t = self.trick_tables_of(spelling, k, trump)
        return t.legal, t.strength, t.points

    def static_tables(self, spelling: str) -> tuple[TrickTables, ...] | None:
        """Every trick's tables of a contract whose trumps are known at the deal (fixed or none
        in every trick); ``None`` when a player chooses or sets one (cached per game)."""
        if spelling in self._static:
            return self._static[spelling]
        out: list[TrickTables] | None = []
        for k, rule in enumerate(self.trick_rules(spelling)):
            if rule.trump_setting is TrumpSetting.FIXED:
                t = rule.trump
            elif rule.trump_setting is TrumpSetting.NONE:
                t = -1
            else:
                out = None
                break
            assert out is not None
            out.append(self.trick_tables_of(spelling, k, t))
        tables = None if out is None else tuple(out)
        self._static[spelling] = tables
        return tables

    def play_plan(self, spelling: str) -> PlayPlan:
        """A round's play plan of a contract (:class:`~chaitea.core.round_tables.PlayPlan`: its
        trick rules, :meth:`static_tables`, the last trick's bonus, RULES J; cached per game)."""
        plan = self._play_plans.get(spelling)
        if plan is None:
            rules = self.trick_rules(spelling)
            plan = self._play_plans[spelling] = PlayPlan(
                rules, self.static_tables(spelling), last_trick_bonus(rules[-1]))
        return plan

    def static_plans(self, spelling: str) -> tuple[tuple[Any, tuple[tuple[int, ...], ...],
                                                          tuple[int, ...], int], ...] | None:
        """:meth:`static_tables` as :meth:`plan` tuples with the trump: (legal, strength,
        points, trump) per trick, or ``None``."""
        tables = self.static_tables(spelling)
        return None if tables is None else tuple((t.legal, t.strength, t.points, t.trump)
                                                 for t in tables)

    def action_to_string(self, action_id: int) -> str:
        if 0 <= action_id < self.n_cards:
            return str(self.deck.cards[action_id])
        try:
            return self.spellings[action_id - self.n_cards]
        except IndexError:
            raise IllegalAction(f"no action has id {action_id}") from None

    def new_initial_state(self, seed: int | None = None, *, forehand: int | None = None,
                          names: Sequence[str] | None = None) -> State:
        """A new game; with ``seed`` every round is dealt from it (else :meth:`JassState.
        apply_deal` deals each round). ``forehand`` overrides the first round's first speaker.
        Bad arguments are a :class:`SetupError` naming them: ``names`` are checked as a record's
        and a save's are (:func:`chaitea.engine.validate.check_names`), ``seed`` as a record's
        deal seed (:func:`chaitea.engine.machine.round_seed`)."""
        return State(self, seed=seed, forehand=forehand, names=names_or_none(names, self))

    # the record's options (BaseGame.options_json): the ruleset, the deck when one was named,
    # and the options given (RECORD Jass options)
    def _record_ruleset(self) -> str | None:
        return self.name

    def _chosen_deck(self) -> str | None:
        return self.deck_given

    def _chosen_options(self) -> dict[str, Any]:
        return dict(self.given_options)

    def __repr__(self) -> str:
        return f"Game(players={self.players}, ruleset={self.name!r})"


def _make_jass_game(ruleset: Ruleset, players: int | None = None, *, setup: object = None,
                    deck: str | None = None, options: Mapping[str, object] | None = None,
                    **kw: Any) -> JassGame:
    """The Jass family's game maker (``chaitea.Game(ruleset="schieber", ...)``): the options
    as ``options`` or keywords; ``setup`` is ignored (a Jass game has no Paper Pad setup,
    RECORD Jass)."""
    return JassGame(ruleset, players, deck=deck, options={**(options or {}), **kw})


# The table driver runs the rulesets of the Jass family and of the French deck (Oh Hell).
register_maker(JASS_FAMILY, _make_jass_game)
register_maker(FRENCH_FAMILY, _make_jass_game)


class TableFlow(TableDealing, TablePicking, ActionSpellings, TableView, Flow):
    """The table's flow part (:mod:`chaitea.engine.flow`; every Jass ruleset and Oh Hell): the
    first forehand and the deals kept (RECORD Jass ``deal``, ``forehand``), the choice phase's
    outcome that starts play with Weis and Stöck or throws the hand in, the played hand handed
    to the table's scoring part, and the actions read as cards or record spellings, each
    refusal worded by the follow rule or the choice phase (RULES J)."""

    copied = ("_results", "_deals", "_done", "_acts", "_hands", "_trick", "_side_points",
              "_tricks_won", "_tricks")

    def start(self, st: State, *, forehand: int | None = None) -> None:
        """A new game's fields: the first forehand when given (RECORD Jass ``forehand``)."""
        n = st.game.players
        if forehand is not None and (type(forehand) is not int or not 0 <= forehand < n):
            raise SetupError(f"forehand must be a seat 0..{n - 1} (RECORD forehand)")
        st.forehand_override = forehand
        st._deals = []  # a seeded deal is kept as its seed
        st._done = []  # finished rounds: their picking items and action ids
        st._first = -1
        st._dealt = [0] * n
        st._turned_up = None
        st._turned_up_card = None  # basic Jass: the card itself, shown to all
        st._situation = IDLE  # the picking situation (chaitea.engine.pick_step)

    def reset_play(self, st: State) -> None:
        st._contract = ""
        st._declarer = None
        st._forehand = -1
        st._weis = (0,) * st.game.sides
        st._stoeck = (0,) * st.game.sides
        st._weis_json = None

    # legal_actions and apply_action: chaitea.engine.play_step.PlayStep

    def apply_slow(self, st: State, action: int | str | Card) -> None:
        if st._phase == "deal":
            raise IllegalAction("the next round waits for its deal (apply_deal)")
        if st._phase == "end":
            raise IllegalAction("the game is over; no action may follow")
        if st._phase == "play":
            self._play(st, self._card_id(st, action))
            return
        st._pick_id(self.verify_action(st, action))  # refused unless legal: nothing changes

    def verify_action(self, st: State, action: int | str | Card) -> int:
        """The id of ``action`` if it is legal now; else the refusal is raised (nothing
        changes)."""
        if st._phase == "play":
            c = self._card_id(st, action)
            self._check_play(st, c)
            return c
        if st._phase != "picking":
            raise IllegalAction("no action is legal now (phase " + st._phase + ")")
        if not isinstance(action, int | str | Card) or type(action) is bool:
            # as Chai Tea Jazz's flow says it (PadFlow.verify_action)
            raise IllegalPick(f"{quote(action)} is not an action")
        s = self._spelling(st, action)
        ps = st._situation.status
        assert ps is not None
        if s not in ps.legal:
            raise st._pick_refusal(s)  # the phase's own reason (StatusPicking.refusal)
        aid: int = st.game.action_ids[s]
        return aid

    def history(self, st: State) -> list[int]:
        """The action ids applied so far, once each (deals are chance events, not listed): the
        finished rounds', then the round in progress' (a finished round's ids are kept in
        ``_done`` and stay in ``_acts`` until the next deal)."""
        live = st._acts if len(st._done) < len(st._deals) else []
        return [a for _, acts in st._done for a in acts] + live

    # deals: chaitea/engine/deal_step.py (DealStep) and table_dealing.py (TableDealing); picking:
    # chaitea/engine/status_picking.py (TablePicking)

    # -- play (the step: chaitea.engine.play_step.PlayStep) ----------------------------------
    def _check_play(self, st: State, c: int) -> None:
        seat = st._turn
        hand = st._hands[seat]
        deck = st.game.deck  # the 36-card deck, or six-player Schieber's 48 cards
        card = deck.cards[c]
        if not hand >> c & 1:
            raise IllegalPlay(f"{card} refused: {st.names[seat]} does not hold it "
                              f"(it is seat {seat}'s turn)")
        if not st._legal_mask() >> c & 1:
            assert st._tt is not None  # in play: the trick's tables and bound follow rule
            why = st._tt.follow.refusal(c, hand, st._led, st._trick)
            raise IllegalPlay(why or f"{card} refused (RULES J)")

    def _play(self, st: State, c: int) -> None:
        if not (st._legal_mask() >> c & 1):
            self._check_play(st, c)
        st._do_play(c)

    def round_over(self, st: State, winner: int) -> None:
        """The last trick is taken: Tutti's points at the trump it set (reading), then the
        scoring part writes the hand."""
        rules = st._rules
        if rules[0].trump_setting is TrumpSetting.FIRST_NON_FOLLOWER:  # Tutti (reading)
            st._side_points = late_trump_points(rules[0], st.game.deck, st._known,
                                                st._tricks, st._side_of,
                                                st.game.sides, st._bonus)
        self._finish_round(st, Hand(st._forehand, st._declarer, st._contract,
                                    tuple(st._tricks_won), tuple(st._side_points),
                                    st._weis, st._stoeck, items=st._situation.items,
                                    log=tuple(st._tricks)))

    def _finish_round(self, st: State, hand: Hand) -> None:
        """The hand is played, or ends before play (a target reached on Weis and Stöck, a hand
        thrown in): the score step has the table's scoring part write it
        (:mod:`chaitea.engine.score_step`, :class:`~chaitea.engine.hand_scoring.HandScoring`)."""
        st._score_round(hand)

    def round_scored(self, st: State, result: dict[str, Any]) -> None:
        """The score step's: the finished round's items and action ids are kept."""
        st._done.append((st._situation.items, tuple(st._acts)))


TABLE_FLOW = TableFlow()  #: the table's flow part (a table's ``flow`` unless it names one)
JassState = State  # a table's state: the one state class
