"""The trick table: play a round at one or more seats against bots.

:class:`TrickTable` is composed of parts, each in its own module over a shared base
(:mod:`.table_base`): the drawing of the table (:mod:`.table_drawing`), the bots with their
pacing and the presenter mode (:mod:`.table_bots`), the coach's Hint and review
(:mod:`.table_coach`). This module builds the layout from them, wires the callbacks, and holds
the sessions and the actions (play, step, next round, new round)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import ipywidgets as w

from chaitea import Card, Game, State

from .base import Refusal, button, default_names, show
from .session import Session, kept_bots
from .table_bots import TableBots, check_speed
from .table_coach import HINT_SAMPLES as HINT_SAMPLES
from .table_coach import REVIEW_TRICKS as REVIEW_TRICKS
from .table_coach import TableCoach
from .table_drawing import TableDrawing

__all__ = ["TrickTable"]

MAX_SEATS = 6


class TrickTable(TableCoach, TableBots, TableDrawing):
    """Play a round at the ``humans`` seats against bots: your legal cards are highlighted and
    a refused card is answered with the rule in words (the engine's message). Step back and
    forward through the recorded round; see tricks won, running card points and the round's
    summary (declarer, contract, card points, last trick, Bet Debt, score).

    Without ``contract`` the round starts with the bots picking for every seat; with one
    (``"trump(H)"``) the round starts at once with ``declarer`` (Bet Debt ``debt``).
    ``bots``: a name (``"rule"``, ``"random"``, ``"pimc"``) or one object with ``act(state) ->
    action id`` for every bot seat, or one per seat (default :class:`chaitea.ai.bots.RuleBot`);
    each bot seat's bot can be chosen at the table (a Dropdown, or :meth:`set_bot`).

    >>> from chaitea_widgets import TrickTable
    >>> table = TrickTable(players=3, seed=1, humans=(0,), contract="under")
    >>> card = table.legal()[0]
    >>> table.play(card)       # your card; the bots reply at once
    True
    >>> table.play("JK1")      # refused, in words
    False
    >>> table.message
    'JK1 is not a card of the standard deck (ranks 1-9 in C, D, H, S)'
    >>> table.set_bot(1, "random")   # Leo: Rule-based (the default), Random or Monte Carlo
    True
    >>> table.hint(samples=4).best in table.legal()   # the coach's card (your turn)
    True

    Actions: :meth:`play`, :meth:`step` (one bot action), :meth:`next_round`,
    :meth:`new_round`, :meth:`back`, :meth:`forward`, :meth:`first`, :meth:`live`,
    :meth:`set_open_hands`, :meth:`set_four_colour`, :meth:`set_bot`.
    """

    css_class = "ctj-trick-table"

    def __init__(self, players: int = 3, seed: int = 1, humans: Iterable[int] = (0,),
                 contract: str | None = None, *, declarer: int = 0, debt: int = 0,
                 setup: str = "standard", names: Sequence[str] | None = None,
                 bots: object = None, open_hands: bool = False, four_colour: bool = False,
                 session: Session | None = None, practice: bool = True,
                 speed: str = "normal", presenter: bool = False) -> None:
        super().__init__()
        self.practice = practice
        check_speed(speed)
        self._players = players
        self._seed = seed
        self._humans = tuple(humans)
        self._contract = contract
        self._declarer = declarer
        self._debt = debt
        self._setup = setup
        self._names = list(names) if names else None
        self._bots = bots
        self.four_colour = four_colour
        felt = self._build_felt(four_colour)
        self._build_actions(open_hands, four_colour)
        self._build_bot_controls(speed)
        self._build_coach()
        self.actions_bar = w.HBox([self.next_round_button, self.review_button, self.step_button,
                                   self.new_round_button, self.speed, self.open_hands,
                                   self.four_colour_box, self.presenter_box])
        self._build_nav(practice)
        self._finish(self.title, self.info, self.status.widget, self.hint_line, felt,
                     self.summary, self.actions_bar, self.bot_bar, self.nav, self.caption_line)
        self._wire()
        self.session: Session
        self._own = session is None
        show(self.new_round_button, self._own)
        if session is not None:
            self.attach(session)
        else:
            self.attach(self._new_session(seed))
        if presenter:
            self.presenter_box.value = True

    # -- the layout ------------------------------------------------------------------------------
    def _build_actions(self, open_hands: bool, four_colour: bool) -> None:
        """The buttons and boxes of the actions bar (the bots' and the coach's aside)."""
        self.step_button = button("Bot move ▶", "ctj-step", tooltip="Let the next bot act")
        self.next_round_button = button("Next round ▶", "ctj-next-round", primary=True,
                                        tooltip="Go on to the next round")
        self.new_round_button = button("New round", "ctj-new-round",
                                       tooltip="Deal a new round with the next seed")
        self.open_hands = w.Checkbox(value=open_hands, description="Show every hand",
                                     indent=False)
        self.open_hands.add_class("ctj-open-hands")
        self.four_colour_box = w.Checkbox(value=four_colour, description="Four-colour suits",
                                          indent=False)
        self.four_colour_box.add_class("ctj-four-colour")

    def _build_nav(self, practice: bool) -> None:
        """The navigation bar: take back, Hint, and the moves through the recorded round."""
        (self.first_button, self.back_button, self.step_label, self.forward_button,
         self.live_button) = self._nav_buttons("Start of the round")
        self.undo_button = self._undo_button()
        show(self.undo_button, practice)
        self.nav = w.HBox([self.undo_button, self.hint_button, self.first_button, self.back_button,
                           self.step_label, self.forward_button, self.live_button])
        self.nav.add_class("ctj-nav")

    def _wire(self) -> None:
        """The callbacks of the actions bar and the navigation bar."""
        self.step_button.on_click(lambda _b: self.step())
        self.next_round_button.on_click(lambda _b: self.next_round())
        self.new_round_button.on_click(lambda _b: self.new_round())
        self.open_hands.observe(self._guard(lambda _ch: self.refresh()), "value")
        self.speed.observe(self._guard(lambda _ch: self._apply_speed()), "value")
        self.presenter_box.observe(self._guard(lambda ch: self._presenter(ch["new"])), "value")
        self.four_colour_box.observe(self._guard(lambda ch: self._set_colours(ch["new"])),
                                     "value")

    # -- sessions --------------------------------------------------------------------------------
    def _new_session(self, seed: int) -> Session:
        bots = kept_bots(self._bots, getattr(self, "session", None))
        names = self._names or default_names(self._players)
        game = Game(players=self._players, setup=self._setup)
        if self._contract is not None:
            state = game.round_state(seed, self._declarer, self._contract, debt=self._debt)
            state.names = list(names)  # round_state takes no names (engine gap): set them here
            return Session(state, humans=self._humans, bots=bots, seed=seed,
                           autoplay=bool(self._humans))
        state = game.new_initial_state(seed=seed, names=names)
        return Session(state, humans=self._humans, bots=bots, seed=seed, bots_pick=True,
                       autoplay=bool(self._humans))

    def attach(self, session: Session, *, listen: bool = True) -> None:
        """Show (and play in) ``session``; the dashboard shares one between its views."""
        self.session = session
        self._apply_speed()
        session.step_by_step = bool(getattr(self, "presenter", False))
        if listen and self.refresh not in session.listeners:
            session.listeners.append(self.refresh)
        self.refresh()

    # -- actions ---------------------------------------------------------------------------------
    def _report(self, start: int) -> None:
        captions = [s.caption for s in self.session.steps[start + 1:]]
        text = " ".join(captions[-6:]) if captions else self.session.caption
        self.status.ok(text)
        self._draw_caption()

    def play(self, card: Card | str) -> bool:
        """Play ``card`` (``"7H"``) for the seat to play; the bots reply. A refusal is shown in
        words and changes nothing. (A double click in the browser sends one click: the card
        strip ignores clicks until the table has redrawn.)"""
        start = self.session.cursor

        def run() -> None:
            # Read the card in the deck's context first: the engine reads an unknown word as a
            # pick spelling and would answer "picking has ended" for "JK1" in a standard deck.
            text = card if isinstance(card, str) else str(card)
            if not isinstance(text, str):
                raise Refusal(f"{card!r} is not a card")
            c = self.session.game.deck.parse(text)
            self.session.act(str(c))

        ok = self._attempt(run)
        if ok:
            self._notify()  # redraw first: the message never runs ahead of the table
            self._report(start)
        return ok

    def step(self) -> bool:
        """Let the next bot act (one card or one picking action)."""
        start = self.session.cursor
        ok = self._attempt(self.session.step_bot)
        if ok:
            self._notify()  # redraw first: the message never runs ahead of the table
            self._report(start)
        return ok

    def next_round(self) -> bool:
        """After a round's summary: go on (the bots pick and play until it is your turn)."""
        def run() -> None:
            if not self.session.paused:
                raise Refusal("the round is not over yet" if not self.session.state.is_terminal()
                              else "the game is over")
            self.session.resume()

        start = len(self.session.steps) - 1
        ok = self._attempt(run)
        if ok:
            self._notify()  # redraw first: the message never runs ahead of the table
            self._report(start)
        return ok

    def new_round(self, seed: int | None = None) -> bool:
        """A new round with ``seed`` (default: the next seed)."""
        if not self._own:
            self.status.error("This table shows the dashboard's game: use its New game button.")
            return False

        def run() -> None:
            self._seed = self._seed + 1 if seed is None else seed
            self.attach(self._new_session(self._seed))

        return self._attempt(run, ok="New round dealt.")

    def _after_move(self) -> None:
        self.status.info(self.session.caption)
        self._draw_caption()

    def _after_undo(self) -> None:
        self._draw_caption()

    def set_four_colour(self, on: bool = True) -> bool:
        """Draw the suits in four colours (clubs green, diamonds blue)."""
        return self._attempt(lambda: setattr(self.four_colour_box, "value", bool(on)))

    def set_open_hands(self, on: bool = True) -> bool:
        return self._attempt(lambda: setattr(self.open_hands, "value", bool(on)))

    # -- reading ---------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    def legal(self) -> list[str]:
        """The cards you may play now (empty when it is not a person's turn)."""
        s = self.session.state
        if s.phase != "play" or not self.session.is_human_turn(s):
            return []
        return s.legal_moves()
