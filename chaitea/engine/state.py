"""The one game state: a game in progress of any ruleset, dealt, picked, played and scored by the
four steps, with what its ruleset does differently handed to the game's flow part.

:class:`State` is the one state class of the kit: ``type(chaitea.Game(ruleset=r).
new_initial_state())`` is :class:`State` for every registered ruleset. It has the state API of
:class:`~chaitea.engine.machine.StateMachine` (OpenSpiel's ``legal_actions``, ``apply_action``,
``clone``, ``is_terminal``, ``returns``) and a round's four steps, each a protocol its game's
parts speak:

- the deal (:mod:`chaitea.engine.deal_step`): ``core.deals.deal_layout`` puts each card;
- the picking (:mod:`chaitea.engine.pick_step`): ``game.picking`` (Chai Tea Jazz's Barrel
  picking, every Jass choice phase, Oh Hell's bids);
- the play (:mod:`chaitea.engine.play_step`): the contract's
  :class:`~chaitea.core.round_tables.PlayPlan` (``game.play_plan``), per trick one
  ``TrickTables``;
- the score (:mod:`chaitea.engine.score_step`): ``game.scoring`` (the Paper Pad, every Jass
  scoring part).

What a ruleset's games do differently around the steps is the game's flow part
(``game.flow``, a :class:`~chaitea.engine.flow.Flow`): how a deal is laid out and logged, what
starts play once the choice is made, what the scoring part is handed at a round's end, how an
action is read and refused, the record, the observation and the readers only its games have
(Chai Tea Jazz's ``pad``, ``barrel``, ``row``; a table's ``forehand``, ``weis_points``). A
reader the flow does not have is an ``AttributeError``, as for any attribute an object lacks.

>>> from chaitea import Game
>>> for game in (Game(players=3), Game(ruleset="schieber"), Game(ruleset="oh-hell")):
...     state = game.new_initial_state(seed=3)
...     while not state.is_terminal() and not state.round_results:
...         state.apply_action(state.legal_actions()[0])
...     type(state).__name__, len(state.round_results), state.phase
('State', 1, 'picking')
('State', 1, 'picking')
('State', 1, 'end')
>>> hasattr(Game(ruleset="schieber").new_initial_state(), "barrel")
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from chaitea.core.cards import Card, Suit
from chaitea.core.deals import Deal
from chaitea.core.round_tables import TrickTables
from chaitea.core.tricks import TrickRule
from chaitea.engine.deal_step import DealStep
from chaitea.engine.machine import StateMachine
from chaitea.engine.pad import Pad
from chaitea.engine.pick_step import PickStep
from chaitea.engine.play_step import PlayStep
from chaitea.engine.rounds import TrickRecord, _RoundLog
from chaitea.engine.score_step import ScoreStep

__all__ = ["RoundState", "State"]


def _reader(name: str, doc: str) -> Any:
    """A reader of the state its game's flow part answers (``flow.<name>(state)``); an
    ``AttributeError`` where the flow has none (a Jass game has no ``barrel``)."""

    def get(st: State) -> Any:
        return _flow_attr(st, name)(st)

    return property(get, doc=doc)


def _method(name: str, doc: str) -> Any:
    """A method of the state its game's flow part answers (``flow.<name>(state, ...)``)."""

    def get(st: State) -> Any:
        f = _flow_attr(st, name)
        return lambda *args: f(st, *args)

    return property(get, doc=doc)


def _flow_attr(st: State, name: str) -> Callable[..., Any]:
    f: Callable[..., Any] | None = getattr(st.game.flow, name, None)
    if f is None:
        raise AttributeError(f"a {st.game.name} state has no {name!r}")
    return f


class State(PlayStep, PickStep, DealStep, ScoreStep, StateMachine[Any]):
    """One game in progress, of any ruleset. Create with ``Game.new_initial_state``.

    The API: :meth:`current_player`, :meth:`legal_actions`, :meth:`legal_moves`,
    :meth:`apply_action` (validates; a refusal raises the error naming the rule and leaves the
    state unchanged), :meth:`verify_action`, :meth:`can_apply`, :meth:`clone`,
    :meth:`is_terminal`, :meth:`returns`, :meth:`history`, :meth:`observation`, :meth:`record`.
    ``phase`` is ``deal``, ``picking``, ``play`` or ``end``. ``start`` are the flow part's
    keywords of a new game (Chai Tea Jazz: ``barrel``; a table: ``forehand``)."""

    # the fields every flow part sets or reads (the steps declare their own)
    names: list[str]
    _score: Any  # the scoring part's state (Chai Tea Jazz: the Paper Pad)
    _results: list[Any]
    _declarer: Any  # the declarer (Chai Tea Jazz: -1 before play; a table: None)
    _round_only: bool
    # Chai Tea Jazz's flow (chaitea.engine.round_play, chaitea.engine.view)
    _barrel: int
    first_barrel: int
    _agreed: bool
    _logs: list[_RoundLog]
    _set_aside: tuple[int, ...]
    _picked: Any
    # a table's flow (chaitea.engine.table_dealing, status_picking, state_views)
    forehand_override: int | None
    _deals: list[Deal | int]
    _done: list[tuple[tuple[str, ...], tuple[int, ...]]]
    _first: int
    _dealt: list[int]
    _turned_up: str | None
    _turned_up_card: str | None
    _forehand: int
    _weis: tuple[int, ...]
    _stoeck: tuple[int, ...]
    _weis_json: Any
    _pending: tuple[tuple[int, int], ...]  # the renounce penalty's (chaitea.rulesets.jass)
    _renounced: bool

    def __init__(self, game: Any, *, seed: int | None = None,
                 names: Sequence[str] | None = None, **start: Any) -> None:
        n = game.players
        self.game = game
        self.names = list(names) if names else [f"Seat {i}" for i in range(n)]
        self._seed = seed
        self._round_only = False  # a state of one round's play (Game.round_state)
        self._score = game.scoring.start(game)  # the score state (score_step)
        self._phase = "deal"
        self._results = []
        self._acts = []  # the action ids of the round in progress
        # immutable game data, copied here for the hot path
        self._n = n
        self._n_tricks = game.n_tricks
        self._side_of = game.side_of
        self._suit_of = game.deck.suit_of
        self._bits = game.bit_tables
        # cards: the playable cards per seat; the straw-piles (Chai Tea Jazz's two players, D7)
        self._hands = [0] * n
        self._straw_up = [0] * n
        self._straw_down = [0] * n
        self._cover = ()  # per card id the straw card under it (D7), else ()
        self._situation = None  # the flow sets the picking situation and the contract
        self._contract = None
        self._reset_play()
        game.flow.start(self, **start)  # the flow's fields (SetupError for a bad keyword)
        if seed is not None:
            self._auto_deal()

    apply = PlayStep.apply_action  # the short name, one call (compiled: the native method)

    def _reset_play(self) -> None:
        """The play step's fields before a round's play (the plan: ``_start_tricks``), and the
        flow's."""
        self._trick: list[int] = []
        self._leader = 0
        self._turn = 0
        self._led = -1
        self._trick_no = 0
        self._known = -1
        self._trump = -1
        self._dynamic = False
        self._side_points = [0] * self.game.sides
        self._tricks_won = [0] * self._n
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._tt: TrickTables | None = None
        self._legal: Any = None
        self._strength: tuple[tuple[int, ...], ...] = ()
        self._values: tuple[int, ...] = ()
        self._bonus = 0
        self._lm = -1  # the legal mask of the seat to play; -1: not known, or not in play
        self._leads: Any = None
        self._fl: Any = None
        self._fb = 0
        self._rules: tuple[TrickRule, ...] = ()
        self._chosen: tuple[int, ...] = ()
        self._static: tuple[TrickTables, ...] | None = None
        self.game.flow.reset_play(self)

    def legal_moves(self) -> list[str]:
        """The legal actions in the record's spelling (``7H``, ``pass``, ``5 under``,
        ``trump(H)``)."""
        text = self.game.action_to_string
        return [text(a) for a in self.legal_actions()]

    def _do_play(self, c: int) -> None:
        """A legal card off the play step's inline path (a Joker lead, Tutti, a follow rule
        without masks; every card of the slow path): the play step's, or the flow's own when
        it watches every play (the renounce penalty's, :attr:`Flow.watch`)."""
        if self.game.flow.watch:
            self.game.flow.do_play(self, c)
        else:
            PlayStep._do_play(self, c)

    # -- the steps' hooks: the flow part's ----------------------------------------------------
    def _lay_out(self, deal: Deal | int, aside: Sequence[int],
                 downs: tuple[Sequence[int], ...], ups: tuple[Sequence[int], ...],
                 hands: tuple[Sequence[int], ...]) -> None:
        self.game.flow.lay_out(self, deal, aside, downs, ups, hands)

    def _choice_made(self, outcome: Any) -> None:
        self.game.flow.choice_made(self, outcome)

    def _round_over(self, winner: int) -> None:
        self.game.flow.round_over(self, winner)

    def _round_scored(self, result: Any) -> None:
        self.game.flow.round_scored(self, result)

    def _apply_slow(self, action: Any) -> None:
        """Every action but a legal card or picking id (the play step's fast paths): the flow
        reads it (a spelling, a value, an illegal id) and refuses it, or applies it."""
        self.game.flow.apply_slow(self, action)

    def verify_action(self, action: Any) -> int:
        """The id of ``action`` if it is legal now; else the error that names the rule it breaks
        is raised. Never changes the state."""
        aid: int = self.game.flow.verify_action(self, action)
        return aid

    def history(self) -> list[int]:
        """Every action id applied so far, in order (deals are chance events, not listed)."""
        out: list[int] = self.game.flow.history(self)
        return out

    def record(self) -> dict[str, Any]:
        """The game as a ``chaitea-record/1`` object (RECORD; RECORD's Jass section)."""
        out: dict[str, Any] = self.game.flow.record(self)
        return out

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, every public card and item, whose turn and (its
        own turn) the legal moves; never another seat's hidden cards."""
        out: dict[str, Any] = self.game.flow.observation(self, seat)
        return out

    def next_picking(self) -> tuple[int | None, list[str]] | None:
        """Between rounds: the next round's first speaker and what it may pick."""
        out: tuple[int | None, list[str]] | None = self.game.flow.next_picking(self)
        return out

    def _clone_into(self, copy: Any) -> None:
        self.game.flow.clone_into(self, copy)

    @property
    def _copied(self) -> tuple[str, ...]:  # type: ignore[override]
        copied: tuple[str, ...] = self.game.flow.copied
        return copied

    def winner(self) -> int | None:
        """The winning side (a seat, or a team index 0=A, 1=B) once the game is over, as the
        game's scoring part says (``game.scoring.winner``, the score step's protocol)."""
        if self._phase != "end" or self._round_only:
            return None
        winner: int | None = self.game.scoring.winner(self._score)
        return winner

    def returns(self) -> list[float]:
        """Per seat: its side's total so far, the final result once terminal (the scoring
        part's ``totals``: Chai Tea Jazz's game points, RULES S; a Jass table's side score:
        Schieber's team total, Coiffeur's net Palitos or row points, basic Jass's points). A
        state of one round's play (Chai Tea Jazz's ``Game.round_state``) returns the scoring
        part's ``round_returns``: the declarer side's round score (negated for the other seats)
        at its end and zeros before."""
        g = self.game
        if self._round_only:
            out: list[float] = g.scoring.round_returns(g, self._results)
            return out
        totals = g.scoring.totals(self._score)
        side_of = self._side_of
        return [float(totals[side_of[s]]) for s in range(self._n)]

    def __getstate__(self) -> dict[str, object]:
        """For pickling: the instance's fields and a compiled base's (the flow's ``fields``)."""
        out: dict[str, object] = self.game.flow.fields(self)
        return out

    def __setstate__(self, state: dict[str, object]) -> None:
        state["game"].flow.set_fields(self, state)  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        same: bool = self.game.flow.equal(self, other)
        return same

    def __hash__(self) -> int:
        h: int = self.game.flow.hash(self)
        return h

    def __repr__(self) -> str:
        out: str = self.game.flow.repr(self)
        return out

    def _repr_html_(self) -> str:
        out: str = self.game.flow.repr_html(self)
        return out

    def _repr_svg_(self) -> str | None:
        out: str | None = self.game.flow.repr_svg(self)
        return out

    # -- the readers (each reads the state's fields; what a flow alone has, its flow's) -------
    contract: Any = _reader("contract", "The contract in force (Chai Tea Jazz: a Contract in "
                            "play, else None; a table: its spelling, or None before the choice).")
    declarer: int | None = _reader("declarer", "The seat that chose the contract (None before; "
                                   "Chai Tea Jazz: in play only).")
    round_number: int = _reader("round_number", "1-based number of the round in progress (or "
                                "the last one, between rounds).")
    tricks: list[TrickRecord] = _reader(
        "tricks", "The completed tricks of the current round (or of the last round, between "
        "rounds): who led, the cards in play order, who won and why.")
    # Chai Tea Jazz's (chaitea.engine.view: the Paper Pad game)
    pad: Pad = _reader("pad", "The Paper Pad (a copy is not made: do not mutate it).")
    barrel: int = _reader("barrel", "The seat holding the barrel this round (RULES B).")
    deal: Deal | None = _reader("deal", "The deal of the round in progress (or the last one).")
    row: str | None = _reader("row", "The pad key of the row being played.")
    bet_debt: int = _reader("bet_debt", "The Bet Debt in force (picking: the Current Bet's; "
                            "play: the declarer's).")
    current_bet: tuple[int, str] | None = _reader(
        "current_bet", "During picking: (seat holding the Current Bet card, the pick as "
        "written, with its debt, e.g. ``\"10 under\"``).")
    passed: list[int] = _reader("passed", "The seats that passed this round's picking.")
    eligible: list[int] = _reader("eligible", "The seats that may still pick this round.")
    offer: int = _reader("offer", "The amount offered (Passing the Barrel) or accepted this "
                         "round, 0 if none.")
    offer_stage: str = _reader("offer_stage", "``none``, ``answering``, ``all-declined``, "
                               "``accepted`` or ``rescinded`` (Passing the Barrel).")
    forced: bool = _reader("forced", "True when everyone passed and the barrel holder must pick "
                           "(RULES B).")
    led_suit: Suit | None = _reader("led_suit", "The suit led in the trick in progress.")
    ended_by_agreement: bool = _reader("ended_by_agreement", "Whether the game ended by "
                                       "agreement (RULES S).")
    straw: Callable[[int], list[tuple[Card | None, Card | None]]] = _method(
        "straw", "Two players: a seat's stacks as (face-down card or None, top face-up card or "
        "None).")
    playable: Callable[[int], list[Card]] = _method(
        "playable", "Cards a seat could play from (hand plus face-up straw cards).")
    trick_winner_so_far: Callable[[], int | None] = _method(
        "trick_winner_so_far", "The seat currently winning the trick in progress, if any card "
        "is down.")
    game_points: Callable[[], list[int]] = _method("game_points", "Each seat's game points.")
    can_end_by_agreement: Callable[[], bool] = _method(
        "can_end_by_agreement", "True between rounds when the leader can no longer be "
        "overtaken (RULES S).")
    end_by_agreement: Callable[[], None] = _method(
        "end_by_agreement", "End the game now by agreement; refused unless "
        "``can_end_by_agreement()``.")
    # a table's (chaitea.engine.state_views: the Jass family's and Oh Hell's games)
    forehand: int = _reader("forehand", "This round's first speaker (before the choice) or "
                            "the seat that leads trick 1.")
    trump: int = _reader("trump", "The trump suit in force (0..3 for C D H S), -1 for none.")
    chosen: tuple[int, ...] = _reader(
        "chosen", "Per trick of the round in play, the trump suit the picker named for it "
        "(3x3's chosen-trump tricks, RULES J), -1 where it is not chosen; () before play.")
    score_state: Any = _reader("score_state", "The scoring part's state (totals, pad, "
                               "tallies).")
    weis_points: tuple[int, ...] = _reader(
        "weis_points", "The hand's Weis points per side, before any multiplier (0 before the "
        "play and without Weis).")
    stoeck_points: tuple[int, ...] = _reader(
        "stoeck_points", "The hand's Stöck points per side, before any multiplier (RULES J).")
    weis_declared: Any = _reader(
        "weis_declared", "The hand's Weis as declared (melds per seat, best per side, who "
        "scores: a WeisResult), or None before the play.")
    pick_items: Callable[[], tuple[Any, ...]] = _method(
        "pick_items", "The picking items of the round in progress as values "
        "(chaitea.engine.pick_items).")
    legal_items: Callable[[], tuple[Any, ...]] = _method(
        "legal_items", "While picking, the legal moves as values in the round's context.")
    totals: Callable[[], tuple[int, ...]] = _method("totals", "Each side's total so far.")
    hand_view: Callable[[int], Any] = _method("hand_view", "A seat's hand as a drawing.")
    trick_view: Callable[..., Any] = _method(
        "trick_view", "The trick on the table (or trick ``index`` of this round) as a drawing.")
    renounces: Callable[[], tuple[tuple[int, int], ...]] = _method(
        "renounces", "The renounces of this hand not proven yet (the renounce penalty).")


RoundState = State  # the driver's former name
