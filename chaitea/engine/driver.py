"""The generic Jass-family driver: a game of any :class:`~chaitea.engine.ruleset.Ruleset`
through the same state API as Chai Tea Jazz's ``GameState`` (issue 9).

A round is dealt (a chance node), its contract chosen by the ruleset's choice phase
(:mod:`chaitea.rulesets.jass.choice`), played on the core's trick rules and follow rule
(:mod:`chaitea.core.tricks`, :mod:`chaitea.core.following`) and written by its scoring part
(:mod:`chaitea.rulesets.jass.scores`); Weis and Stöck are automatic (RULES J,
:mod:`chaitea.rulesets.jass`;
option: Weis declared by hand, :mod:`chaitea.rulesets.jass.declaring`). A deck other than the
36-card one (six-player Schieber's two 24-card decks) plays on the state class its table names
(:mod:`chaitea.rulesets.jass.double_deck`).

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
from typing import TYPE_CHECKING, Any

from chaitea.core.bits import IDS0 as _IDS0
from chaitea.core.bits import IDS12 as _IDS12
from chaitea.core.bits import IDS24 as _IDS24
from chaitea.core.bits import ids
from chaitea.core.cards import JASS, Card, Deck, deck_named
from chaitea.core.contracts import JASS_FAMILY, Contract
from chaitea.core.deals import Deal
from chaitea.core.errors import IllegalAction, SetupError
from chaitea.core.following import follow_rule
from chaitea.core.round_tables import trick_tables
from chaitea.core.seating import Seating
from chaitea.core.tricks import TrickRule, TrumpSetting
from chaitea.engine.hand import Hand
from chaitea.engine.jass_dealing import JassDealing
from chaitea.engine.jass_picking import JassPicking
from chaitea.engine.machine import CHANCE, TERMINAL, round_seed
from chaitea.engine.pick_items import PASS_ITEM, PUSH_ITEM, Choose, parse_pick
from chaitea.engine.picking import PickStatus, refuse
from chaitea.engine.registry import register_maker
from chaitea.engine.ruleset import Ruleset, Table
from chaitea.engine.spellings import ActionSpellings
from chaitea.engine.state_views import StateViews
from chaitea.engine.trick_play import TrickPlay

if TYPE_CHECKING:
    from typing_extensions import TypeIs

__all__ = ["CHANCE", "TERMINAL", "JassGame", "JassState", "is_jass", "round_seed"]


def is_jass(state: object) -> TypeIs[JassState]:
    """Whether ``state`` is a Jass-family game in progress, as its game says (``game.family``,
    issue 20: the layers above ask the game, not the state's class).

    >>> from chaitea import Game
    >>> is_jass(Game(ruleset="schieber").new_initial_state()), is_jass(Game().new_initial_state())
    (True, False)
    """
    return getattr(getattr(state, "game", None), "family", None) == JASS_FAMILY


class JassGame:
    """The rules of one Jass-family game as data: its ruleset, players, seating and options.

    Use ``chaitea.Game(ruleset="schieber")`` or :func:`chaitea.rulesets.jass_game`.
    ``options`` are the ruleset's own (named in the README; an unknown one is refused).
    """

    family = JASS_FAMILY  # the game family (chaitea.core.contracts): the Jass driver runs it

    def __init__(self, ruleset: Ruleset, players: int | None = None, *, deck: str | None = None,
                 options: Mapping[str, object] | None = None) -> None:
        opts = dict(options or {})
        self.ruleset = ruleset
        self.options: dict[str, Any] = ruleset.resolve(opts)
        self.given_options = {k: self.options[k] for k in opts}
        self.table: Table = ruleset.table(players, opts)
        t = self.table
        decks = t.seating.decks
        if deck is not None and deck not in decks:
            raise SetupError(f"the {deck} deck does not fit {ruleset.name}"
                             f"{'' if len(ruleset.players) == 1 else f' ({t.players} players)'}"
                             f"; use {' or '.join(decks)} (RECORD options.deck)")
        self.deck_given: str | None = deck
        self.name = ruleset.name
        self.players = t.players
        self.seating: Seating = t.seating
        self.deck: Deck = deck_named(deck or decks[0])
        self.n_cards = self.deck.size
        self.n_tricks = self.n_cards // t.players
        # Weis declared by hand (chaitea.rulesets.jass.declaring)
        self.by_hand = t.declaring is not None and t.declaring.by_hand
        self.value_options = t.value_options | t.deck_value_options.get(self.deck.name,
                                                                         frozenset())
        self.side_of: tuple[int, ...] = tuple(t.seating.side_of(s) for s in range(t.players))
        self.sides = t.seating.sides
        self.side_names: list[str] | None = (
            ["AB"[i] for i in range(self.sides)] if t.seating.teams else None)
        spellings = [*t.contracts, *t.score.pick_spellings(t.contracts), str(PUSH_ITEM),
                     str(PASS_ITEM)]  # the picking items' record spellings (RECORD Jass)
        if t.declaring is not None:
            spellings += t.declaring.spellings(self.deck)
        spellings += t.choice.spellings(self.deck)  # a phase's own items (a guess, a bid...)
        self.spellings: tuple[str, ...] = tuple(dict.fromkeys(spellings))
        self.action_ids: dict[str, int] = {s: self.n_cards + i
                                           for i, s in enumerate(self.spellings)}
        self.follow = follow_rule(t.follow)  # the table's (RULES J: "jass")
        self._plans: dict[tuple[str, int, int], tuple[Any, tuple[tuple[int, ...], ...],
                                                     tuple[int, ...]]] = {}
        self._rules: dict[str, tuple[TrickRule, ...]] = {}
        self._static: dict[str, tuple[tuple[Any, tuple[tuple[int, ...], ...],
                                             tuple[int, ...], int], ...] | None] = {}

    # -- tables -------------------------------------------------------------------------------
    item_of = staticmethod(parse_pick)  # a picking spelling's item (cached), pick_items

    def contract_of(self, spelling: str) -> Contract:
        """The contract a spelling plays (its item's: ``joker=X`` plays X; the table's aliases,
        e.g. Misère, play as their mode)."""
        item = parse_pick(spelling)
        text = item.contract if type(item) is Choose else spelling
        return Contract.parse(self.table.play_as.get(text, text), family=JASS_FAMILY)

    def trick_rules(self, spelling: str) -> tuple[TrickRule, ...]:
        rules = self._rules.get(spelling)
        if rules is None:
            rules = self.contract_of(spelling).trick_rules(self.n_tricks, self.value_options)
            self._rules[spelling] = rules
        return rules

    def plan(self, spelling: str, k: int, trump: int) -> tuple[Any, tuple[tuple[int, ...], ...],
                                                               tuple[int, ...]]:
        """Trick ``k`` of a contract with ``trump`` in force: the follow rule's legal function,
        the strength tables by led suit and the card values (cached per game)."""
        key = (spelling, k, trump)
        p = self._plans.get(key)
        if p is None:
            t = trick_tables(self.deck, self.trick_rules(spelling)[k], self.follow, trump)
            p = (t.legal, t.strength, t.points)  # chaitea.core.round_tables
            self._plans[key] = p
        return p

    def static_plans(self, spelling: str) -> tuple[tuple[Any, tuple[tuple[int, ...], ...],
                                                          tuple[int, ...], int], ...] | None:
        """Every trick's :meth:`plan` and trump of a contract whose trumps are known at the
        deal (fixed or none in every trick); ``None`` when a player chooses or sets one
        (cached per game)."""
        if spelling in self._static:
            return self._static[spelling]
        out: list[tuple[Any, tuple[tuple[int, ...], ...], tuple[int, ...], int]] | None = []
        for k, rule in enumerate(self.trick_rules(spelling)):
            if rule.trump_setting is TrumpSetting.FIXED:
                t = rule.trump
            elif rule.trump_setting is TrumpSetting.NONE:
                t = -1
            else:
                out = None
                break
            assert out is not None
            out.append((*self.plan(spelling, k, t), t))
        plans = None if out is None else tuple(out)
        self._static[spelling] = plans
        return plans

    def action_to_string(self, action_id: int) -> str:
        if 0 <= action_id < self.n_cards:
            return str(self.deck.cards[action_id])
        try:
            return self.spellings[action_id - self.n_cards]
        except IndexError:
            raise IllegalAction(f"no action has id {action_id}") from None

    def new_initial_state(self, seed: int | None = None, *, forehand: int | None = None,
                          names: Sequence[str] | None = None) -> JassState:
        """A new game; with ``seed`` every round is dealt from it (else :meth:`JassState.
        apply_deal` deals each round). ``forehand`` overrides the first round's first speaker."""
        state_type = self.table.state_types.get(self.deck.name, JassState)
        state: JassState = state_type(self, seed=seed, forehand=forehand, names=names)
        return state

    def options_json(self) -> dict[str, Any]:
        """The record's ``options``: the ruleset, the deck when one was named, and the options
        given."""
        deck = {"deck": self.deck_given} if self.deck_given is not None else {}
        return {"ruleset": self.name, **deck, **self.given_options}

    def __repr__(self) -> str:
        return f"Game(players={self.players}, ruleset={self.name!r})"


def _make_jass_game(ruleset: Ruleset, players: int | None = None, *, setup: object = None,
                    deck: str | None = None, options: Mapping[str, object] | None = None,
                    **kw: Any) -> JassGame:
    """The Jass family's game maker (``chaitea.Game(ruleset="schieber", ...)``): the options
    as ``options`` or keywords; ``setup`` is ignored (a Jass game has no Paper Pad setup,
    RECORD Jass)."""
    return JassGame(ruleset, players, deck=deck, options={**(options or {}), **kw})


register_maker(JASS_FAMILY, _make_jass_game)


class JassState(JassDealing, JassPicking, ActionSpellings, TrickPlay, StateViews):
    """One Jass-family game in progress; the state API of Chai Tea Jazz's ``GameState``:
    :meth:`current_player`, :meth:`legal_actions` (ids), :meth:`legal_moves` (record
    spellings), :meth:`apply_action` (ids, strings or cards; a refusal raises
    :class:`~chaitea.core.errors.IllegalPlay` or :class:`~chaitea.core.errors.IllegalPick` naming
    the rule and leaves the state unchanged), :meth:`verify_action`, :meth:`can_apply`,
    :meth:`clone`, :meth:`is_terminal`, :meth:`returns` (each seat's side score),
    :meth:`history`, :meth:`observation` and :meth:`record`."""

    game: JassGame

    def __init__(self, game: JassGame, *, seed: int | None = None, forehand: int | None = None,
                 names: Sequence[str] | None = None) -> None:
        n = game.players
        if forehand is not None and (type(forehand) is not int or not 0 <= forehand < n):
            raise SetupError(f"forehand must be a seat 0..{n - 1} (RECORD forehand)")
        self.game = game
        self.names: list[str] = list(names) if names else [f"Seat {i}" for i in range(n)]
        self.forehand_override = forehand
        self._seed = seed
        score = game.table.score
        self._score: Any = score.initial()
        self._phase = "deal"
        self._results: list[dict[str, Any]] = []
        self._deals: list[Deal | int] = []  # a seeded deal is kept as its seed
        self._done: list[tuple[tuple[str, ...], tuple[int, ...]]] = []  # finished rounds
        self._acts: list[int] = []  # the action ids of the round in progress
        self._first = -1
        self._n = n
        self._side_of = game.side_of
        self._hands = [0] * n
        self._dealt = [0] * n
        self._own_deal = False  # apply_deal: the masks were dealt or checked here
        self._turned_up: str | None = None
        self._turned_up_card: str | None = None  # basic Jass: the card itself, shown to all
        self._items: tuple[str, ...] = ()
        self._status: PickStatus | None = None
        self._reset_play()
        if seed is not None:
            self._auto_deal()

    def _reset_play(self) -> None:
        g = self.game
        self._contract = ""
        self._declarer: int | None = None
        self._forehand = -1
        self._rules: tuple[TrickRule, ...] = ()
        self._trick: list[int] = []
        self._leader = 0
        self._turn = 0
        self._led = -1
        self._trick_no = 0
        self._known = -1
        self._trump = -1
        self._dynamic = False
        self._side_points = [0] * g.sides
        self._tricks_won = [0] * self._n
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._legal: Any = None
        self._tables: tuple[tuple[int, ...], ...] = ()
        self._values: tuple[int, ...] = ()
        self._lm = -1  # the legal mask of the seat to play; -1: not known, or not in play
        self._leads: Any = None
        self._fl: Any = None
        self._fb = 0
        self._weis: tuple[int, ...] = (0,) * g.sides
        self._stoeck: tuple[int, ...] = (0,) * g.sides
        self._weis_json: Any = None
        self._chosen: tuple[int, ...] = ()
        self._static: tuple[tuple[Any, tuple[tuple[int, ...], ...], tuple[int, ...], int],
                            ...] | None = None

    # -- the state API (the rest: chaitea.engine.machine.StateMachine)
    # ---------------------------------
    _copied = ("_results", "_deals", "_done", "_acts", "_hands", "_trick", "_side_points",
               "_tricks_won", "_tricks")

    def _picking_seat(self) -> int:
        assert self._status is not None
        return self._status.seat

    def legal_actions(self) -> list[int]:
        """The ids of the legal actions of the seat to act: card ids 0..35 in play, picking
        spellings from 36 (``game.spellings``); empty at a chance or terminal node."""
        m = self._lm  # in play, kept by apply_action (-1: not known, or not in play)
        if m < 0:
            if self._phase != "play":
                if self._phase == "picking":
                    assert self._status is not None
                    ids = self.game.action_ids
                    return [ids[s] for s in self._status.legal]
                return []
            m = self._legal_mask()
        return [*_IDS0[m & 4095], *_IDS12[m >> 12 & 4095], *_IDS24[m >> 24]]

    def legal_moves(self) -> list[str]:
        """The legal actions as the record spells them."""
        if self._phase == "play":
            return [str(JASS.cards[i]) for i in ids(self._legal_mask())]
        if self._phase == "picking":
            assert self._status is not None
            return list(self._status.legal)
        return []

    def apply_action(self, action: int | str | Card) -> None:
        """Apply one action (an id, a record spelling or a card); a refusal raises and leaves
        the state unchanged."""
        m = self._lm  # >= 0 only in play: the seat's legal mask
        if m >= 0 and type(action) is int and action >= 0 and m >> action & 1:
            # the hot path: a legal card id, played inline up to the trick's last card
            leads = self._leads
            trick = self._trick
            k = len(trick)
            n = self._n
            if leads is None or k == n - 1:  # no static plan (Tutti, 3x3), or the trick's end
                self._do_play(action)
                return
            seat = self._turn
            hands = self._hands
            hands[seat] ^= 1 << action  # a legal card is held: its bit is set
            trick.append(action)
            self._acts.append(action)
            seat = self._turn = (seat + 1) % n
            if k:  # a follower: no undertrumping of a trump now in the trick
                fm, px, tm, weaker = self._fl
                fb = self._fb = self._fb | weaker[action]
            else:  # the lead: the led suit's masks (phases.play.follow_tables)
                led = self._led = action // 9
                fm, px, tm, _ = self._fl = leads[led]
                fb = self._fb = 0
            h = hands[seat]  # the next seat's legal mask (TrickPlay._follow_mask, inlined)
            f = h & fm
            m = f | h & tm if f and f != px else h
            if fb and h & tm != h:
                m &= ~fb
            self._lm = m
            return
        self._apply_slow(action)

    def _apply_slow(self, action: int | str | Card) -> None:
        if self._phase == "deal":
            raise IllegalAction("the next round waits for its deal (apply_deal)")
        if self._phase == "end":
            raise IllegalAction("the game is over; no action may follow")
        if self._phase == "play":
            self._play(self._card_id(action))
            return
        self._pick(self._spelling(action))

    def verify_action(self, action: int | str | Card) -> int:
        """The id of ``action`` if it is legal now; else the refusal is raised (nothing
        changes)."""
        if self._phase == "play":
            c = self._card_id(action)
            self._check_play(c)
            return c
        if self._phase != "picking":
            raise IllegalAction("no action is legal now (phase " + self._phase + ")")
        s = self._spelling(action)
        assert self._status is not None
        if s not in self._status.legal:
            raise refuse(self._status, s)
        return self.game.action_ids[s]

    def returns(self) -> list[float]:
        """Each seat's side score (Schieber: its team's total; Coiffeur: net Palitos or row
        points; basic Jass: its points)."""
        totals = self.game.table.score.totals(self._score)
        return [float(totals[self._side_of[s]]) for s in range(self._n)]

    def history(self) -> list[int]:
        """The action ids applied so far (deals are chance events, not listed)."""
        return [a for _, acts in self._done for a in acts] + self._acts

    # deals: chaitea/engine/jass_dealing.py (JassDealing); picking:
    # chaitea/engine/jass_picking.py (JassPicking)

    # -- play ---------------------------------------------------------------------------------
    def _finish_round(self, hand: Hand) -> None:
        self._lm = -1  # out of play: apply_action's hot path is closed
        g = self.game
        t = g.table
        self._score, fields = t.score.write(self._score, hand)
        self._done.append((self._items, tuple(self._acts)))
        res: dict[str, Any] = {
            "forehand": hand.forehand, "declarer": hand.declarer,
            "contract": hand.contract or None,  # None: a hand thrown in (_throw_in)
            "tricks": list(hand.tricks), "card_points": hand.card_points, "weis": hand.weis,
            "stoeck": hand.stoeck, **fields}
        if not hand.played:
            res["played"] = False
        self._results.append(res)
        self._phase = "end" if t.score.finished(self._score) else "deal"
        if self._phase == "deal" and self._seed is not None:
            self._auto_deal()
