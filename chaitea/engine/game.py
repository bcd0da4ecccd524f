"""Chai Tea Jazz's game and flow: the game as a state machine with an OpenSpiel-style API on the
one state (:class:`chaitea.engine.state.State`).

:class:`Game` holds the rules as data: the parts of the Chai Tea Jazz ruleset
(:data:`chaitea.rulesets.chai_tea_jazz.CHAI_TEA_JAZZ`: seating, deck, setup, the choice phase
``game.picking`` and the scoring part ``game.scoring``) and the table of action ids.
:class:`~chaitea.engine.state.State` is one game in progress: the driver's steps deal, play its
cards on the contract's plan (``game.play_plan``), hand each picking action to ``game.picking``
(:class:`~chaitea.rulesets.barrel.BarrelPicking`) and each finished round to ``game.scoring``
(:class:`~chaitea.rulesets.paper_pad.PaperPadScore`). Every operation checks legality first and
raises a specific :class:`~chaitea.core.errors.IllegalAction` whose message names the rule; after a
refusal the state is exactly as it was. What Chai Tea Jazz does around the steps (the barrel, the
straw-piles, the record's spellings) is its flow part, :class:`PadFlow`.

>>> from chaitea import Game
>>> game = Game(players=3, setup="standard")
>>> state = game.new_initial_state(seed=7)
>>> state.phase, state.current_player()
('picking', 0)
>>> state.apply("under"); state.apply("pass"); state.apply("pass")
>>> state.phase, state.declarer, str(state.contract)
('play', 0, 'under')
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> state.is_terminal(), len(state.round_results)
(True, 12)

Actions are small ints: ids ``0..deck.size-1`` play that card of the deck; larger ids are picking
actions (:meth:`Game.action` gives the value, ``str()`` of which is the record's spelling).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import chaitea.engine.validate as validate
from chaitea.core.contracts import CTJ_FAMILY, Contract
from chaitea.core.deals import Deal
from chaitea.core.errors import (
    IllegalAction,
    IllegalPick,
    IllegalPlay,
    SetupError,
)
from chaitea.core.following import Follow, FollowRule
from chaitea.core.render import draw
from chaitea.core.round_tables import PlayPlan
from chaitea.core.setups import SEATINGS, Setup
from chaitea.engine.actions import (
    Accept,
    Action,
    ActionTable,
    Decline,
    Offer,
    Pass,
    Pick,
    Play,
    Rescind,
)
from chaitea.engine.base_game import BaseGame
from chaitea.engine.flow import Flow
from chaitea.engine.machine import CHANCE, TERMINAL
from chaitea.engine.registry import (
    RECORD_RULESETS,
    Parts,
    make_game,
    maker_of,
    register_maker,
    registered,
)
from chaitea.engine.round_play import PadRounds, PlayTables
from chaitea.engine.rounds import Picked, RoundResult, TrickRecord, round_seed
from chaitea.engine.state import State
from chaitea.engine.view import PadView

__all__ = ["CHANCE", "PAD_FLOW", "TERMINAL", "Game", "GameState", "PadFlow", "RoundResult",
           "TrickRecord", "round_seed"]


RULESETS = ("chai-tea-jazz",)

class Game(BaseGame, ActionTable, PlayTables):
    """The rules of one game as data: players, seating, deck, setup and options.

    Options (RECORD ``options``): ``deck`` (``standard``; ``six-player`` or ``double`` for six
    players), ``passing_the_barrel`` (RULES V, D11), ``match_point`` (RULES V), ``meta``
    (``second-place``, ``cumulative-most``, ``cumulative-least``), ``ruleset`` (``chai-tea-jazz``),
    and the engine option ``same_contract_raise`` (D12: ``True`` lets a raise name the contract of
    the Current Bet; ``False`` refuses that).

    >>> g = Game(players=4, setup="short")
    >>> g.step, g.max_debt, g.n_tricks, g.sides, g.family
    (3, 33, 9, 2, 'chai-tea-jazz')
    """

    family = CTJ_FAMILY  # the game family (chaitea.core.contracts); Jass: chaitea.engine.driver
    # the record's options besides the deck, each written when not its default
    # (BaseGame.options_json; RULES V, D11, D12)
    option_defaults: ClassVar[dict[str, object]] = {
        "passing_the_barrel": False, "match_point": False, "meta": None,
        "same_contract_raise": True}

    def __new__(cls, *args: Any, **kw: Any) -> Any:
        # a ruleset another game class builds (a table's): its maker (registry.MAKERS)
        name = kw.get("ruleset")
        maker = maker_of(name)
        if isinstance(name, str) and maker is not None and maker is not _make:
            kw.pop("ruleset")
            return make_game(name, *args, **kw)
        return super().__new__(cls)

    def __init__(
        self,
        players: int = 3,
        setup: Setup | str | list[dict[str, Any]] = "standard",
        *,
        deck: str | None = None,
        passing_the_barrel: bool = False,
        match_point: bool = False,
        meta: str | None = None,
        ruleset: str = "chai-tea-jazz",
        same_contract_raise: bool = True,
    ) -> None:
        validate.game_arguments(players, setup, deck, passing_the_barrel, match_point, meta,
                                ruleset, same_contract_raise)  # SetupError naming the argument
        if type(players) is not int or players not in SEATINGS:
            raise SetupError(f"players must be 2, 3, 4 or 6, not {players!r} (RECORD players)")
        if ruleset in RECORD_RULESETS:
            raise SetupError(f"ruleset {ruleset!r} (the Jass family) is not available yet;"
                             " use \"chai-tea-jazz\"")
        if ruleset not in RULESETS:
            raise SetupError(f"unknown ruleset {ruleset!r} (RECORD options.ruleset)")
        # the ruleset's parts, the rules' own checks (SetupError)
        parts = registered("chai-tea-jazz").parts(
            players, setup, deck=deck, passing_the_barrel=passing_the_barrel,
            match_point=match_point, meta=meta, same_contract_raise=same_contract_raise)
        self.parts: Parts = parts
        self.setup: Setup = parts.setup
        seating = parts.seating
        the_deck = parts.deck
        # players, seating, deck, tricks, sides and card-set tables (engine.base_game)
        self._seat(players, seating, the_deck)
        self.passing_the_barrel = passing_the_barrel
        self.match_point = match_point
        self.meta = meta
        self.ruleset = ruleset
        self.name = ruleset
        self.flow: Flow = PAD_FLOW  # what the one state hands the ruleset (engine.flow)
        self.same_contract_raise = same_contract_raise
        self.picking = parts.picking  # the choice phase (RULES B, V)
        self.scoring = parts.scoring  # the pad and the end rule (RULES S)
        self.follow: FollowRule = parts.follow  # RULES F
        self.idle_follow: Follow = self.follow.bind(the_deck)  # before any trump is in force
        self.step = seating.step
        self.max_debt = seating.max_debt
        self.debts: tuple[int, ...] = tuple(range(0, self.max_debt + 1, self.step))
        self._build_actions()
        self._pick_cache: dict[tuple[int, int, Contract | None], tuple[int, ...]] = {}
        self._menu: tuple[tuple[str, int, dict[int, int]], ...] | None = None  # see _picks
        self._table_cache: dict[Contract, list[tuple[tuple[int, ...], ...]]] = {}
        self._round_cache: dict[int, tuple[Contract, PlayPlan]] = {}
        self._plans_cache: dict[Contract, PlayPlan] = {}

    def _picks(self, open_mask: int, debt_from: int, debt_to: int,
               exclude: Contract | None, with_pass: bool = False) -> tuple[int, ...]:
        """Pick ids of the open rows' spellings (:func:`chaitea.rulesets.barrel.pick_menu`)."""
        menu: tuple[int, ...] = self.picking.menu(self, open_mask, debt_from, debt_to, exclude,
                                                  with_pass)
        return menu

    # -- states ----------------------------------------------------------------------------------
    def new_initial_state(
        self, seed: int | None = None, *, barrel: int = 0, names: Sequence[str] | None = None
    ) -> State:
        """A new game. With ``seed``, every round is dealt automatically, round *r* from the seed
        :func:`round_seed` (seed, r) (recorded as ``{"seed": N}``); without, the state waits at
        each round's start for :meth:`State.apply_deal`."""
        return State(self, seed=seed, barrel=barrel, names=validate.names_or_none(names, self))

    def round_state(
        self, deal: Deal | int, declarer: int, contract: Contract | str, *, debt: int = 0,
        names: Sequence[str] | None = None,
    ) -> State:
        """A state at the start of one round's play: ``deal`` (or a seed), the declarer and the
        contract. Bots, the solver and simulations start here. ``returns()`` at its end gives the
        declarer side's round score to its seats and its negation to the others."""
        validate.round_arguments(self, deal, declarer, contract, debt)
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        st = State(self, seed=None, round_only=True, names=validate.names_or_none(names, self))
        st._deal_cards(deal)
        PAD_FLOW._start_play(st, Picked(declarer, -1, c, debt, 0, st._situation))
        return st

    @classmethod
    def from_options(cls, players: object, setup: object, options: object) -> Game:
        """Build a game from a record's ``players``, ``setup`` and ``options`` values, refusing
        anything unknown with a :class:`SetupError` that names the field."""
        ctj = registered("chai-tea-jazz")
        return cls(players, setup, **ctj.record_options(players, setup, options))  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return (f"Game(players={self.players}, setup={self.setup.spec!r}, "
                f"deck={self.deck.name!r}, options={self.options_json()!r})")


def _make(_ruleset: Any, *args: Any, **kw: Any) -> Game:
    """Chai Tea Jazz's game maker (registry.MAKERS): this class, with the keywords given."""
    return Game(*args, **kw)


register_maker(CTJ_FAMILY, _make)


class PadFlow(PadRounds, PadView, Flow):
    """Chai Tea Jazz's flow part (:mod:`chaitea.engine.flow`): the barrel and the round logs
    of a game (RULES B), its straw-piles (RULES P), the picking outcome that starts play
    (a row, a debt and an offer), the played round handed to the Paper Pad, the record's
    spellings (:class:`~chaitea.engine.actions.ActionTable`) and every refusal's wording."""

    copied = ("_results", "_hands", "_straw_up", "_straw_down", "_trick", "_side_points",
              "_tricks_won", "_tricks", "names")

    def start(self, st: State, *, barrel: int = 0, round_only: bool = False) -> None:
        """A new game's fields: the first barrel holder (RECORD barrel), the round logs."""
        game = st.game
        if type(barrel) is not int or not 0 <= barrel < game.players:
            raise SetupError(f"barrel must be a seat 0..{game.players - 1} (RECORD barrel)")
        st.first_barrel = barrel
        st._round_only = round_only
        st._barrel = barrel
        st._agreed = False
        st._logs = []
        st._set_aside = ()  # the two players' set-aside cards (RULES P)
        # picking: one immutable situation (chaitea.rulesets.barrel.Bidding), shared by clones
        st._turn = barrel
        st._situation = game.picking.idle(barrel)
        # play: the round's picking outcome, declarer and contract (set as play starts)
        st._picked = None
        st._declarer = -1
        st._contract = None
        st._legal = game.idle_follow.legal  # before any trump is in force
        st._values = game.deck.points

    def apply_slow(self, st: State, action: int | Action | str) -> None:
        """Every action but a legal card or picking id (the play step's): an illegal id, a
        spelling or a value; a refusal raises :class:`IllegalAction` (:class:`IllegalPlay`,
        :class:`IllegalPick`) naming the rule, and the state is unchanged."""
        aid = self.verify_action(st, action)
        if aid < st.game.n_cards:
            st.apply_action(aid)  # verified legal: takes the play fast path
        else:
            st._pick_id(aid)

    def verify_action(self, st: State, action: int | Action | str) -> int:
        """Return the id of ``action`` if it is legal now, else raise the error that names the rule
        it breaks. Never changes the state."""
        g = st.game
        if isinstance(action, str):
            value = g.parse_action(action)
        elif isinstance(action, int) and not isinstance(action, bool):
            if not 0 <= action < g.num_distinct_actions:
                raise IllegalAction(f"no action has id {action}")
            value = g.actions[action]
        elif isinstance(action, Pass | Pick | Play | Offer | Accept | Decline | Rescind):
            value = action
        else:
            raise IllegalAction(f"{action!r} is not an action")
        aid: int | None = g.action_id(value)
        if aid is not None and aid in st.legal_actions():
            return aid
        raise self._refusal(st, value)

    def clone_into(self, st: State, c: State) -> None:
        # the pad is shared: the scoring part writes a new one (PaperPadScore.write)
        c._logs = st._logs[:-1] + [st._logs[-1].copy()] if st._logs else []
        c._acts = c._logs[-1].actions if c._logs else []

    def history(self, st: State) -> list[int]:
        """Every action id applied so far, in order (deals are not actions)."""
        return [a for log in st._logs for a in log.actions]

    # deals: chaitea/engine/deal_step.py (DealStep), the cards laid out by PadRounds.lay_out

    # -- picking (RULES B, V): chaitea/rulesets/barrel.py (BarrelPicking), run by the pick step
    # (chaitea.engine.pick_step.PickStep)
    def choice_made(self, st: State, outcome: Picked) -> None:
        st._situation = outcome.last  # what the readers passed and current_bet show
        self._start_play(st, outcome)

    # play (RULES F, R) and scoring (RULES S): chaitea/engine/round_play.py (PadRounds)

    # -- refusals: the rule each illegal action breaks -------------------------------------------
    def _refusal(self, st: State, a: Action) -> IllegalAction:
        if st._phase == "end":
            return IllegalAction(f"{a} refused: the game is over")
        if st._phase == "deal":
            return IllegalAction(f"{a} refused: the next round has not been dealt")
        if isinstance(a, Play):
            if st._phase != "play":
                return IllegalPlay(f"{a} refused: picking has not ended "
                                   f"({st.names[st._turn]} to speak)")
            return self._play_refusal(st, a.card)
        if st._phase == "play":
            return IllegalPick(f"{a} refused: picking has ended; "
                               f"{st.names[st._turn]} plays a card")
        return st._pick_refusal(a)

    # reading the state: chaitea/engine/view.py (PadView)

    # ending early (RULES S, RECORD end): chaitea/engine/round_play.py (PadRounds)

    # -- between rounds --------------------------------------------------------------------------
    def next_picking(self, st: State) -> tuple[int | None, list[str]] | None:
        """Between rounds: the next barrel holder and the picking actions they will have."""
        if st._phase != "deal":
            return None
        c = st.clone()
        c._begin_picking()
        return c._turn, c.legal_moves()

    def repr_html(self, st: State) -> str:
        return str(draw("state", st))


PAD_FLOW = PadFlow()  #: Chai Tea Jazz's flow part (every Chai Tea Jazz game's ``flow``)
GameState = State  # Chai Tea Jazz's state: the one state class
