"""The game dashboard: a whole game against bots, with picking panel, trick table and pad."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as w

import chaitea
from chaitea import Game, State
from chaitea.core.markup import escape, shorten
from chaitea.records.record import MAX_RECORD_BYTES

from .base import Refusal, View, button, close, default_names, friendly, html, show
from .pad import ScorePad
from .picking import PickingPanel
from .session import Session, kept_bots
from .strip import LoadButton, SaveButton
from .table import TrickTable

__all__ = ["GameDashboard"]


class GameDashboard(View):
    """A whole game of Chai Tea Jazz against bots: any player count (2, 3, 4, 6), setup
    (standard, short, long) and the variants Passing the Barrel and Match point. The picking
    panel, the trick table and the Paper Pad share one game. Save the game record as a download
    and load one by upload (resume a game after a kernel restart).

    >>> from chaitea_widgets import GameDashboard
    >>> dash = GameDashboard(players=3, seed=5)
    >>> data = dash.save_bytes()               # the chaitea-record/1 JSON, as bytes
    >>> dash.new_game(players=4, setup="short")
    True
    >>> dash.load_bytes(data)                  # back to the saved game
    True
    >>> dash.load_bytes(b"not a record")       # refused; the game is untouched
    False

    Actions: :meth:`new_game`, :meth:`load_bytes`, :meth:`save_bytes`, and the views'
    :meth:`play`, :meth:`pick`, :meth:`pass_`, :meth:`next_round` (also ``dash.table``,
    ``dash.picking``, ``dash.pad``).
    """

    css_class = "ctj-dashboard"

    def __init__(self, players: int = 3, setup: str = "standard", seed: int | None = None, *,
                 humans: Iterable[int] = (0,), passing_the_barrel: bool = False,
                 match_point: bool = False, names: Sequence[str] | None = None,
                 bots: object = None, four_colour: bool = False,
                 presenter: bool = False) -> None:
        super().__init__()
        self._humans = tuple(humans)
        self._names = list(names) if names else None
        self._bots = bots
        self.title = html("Chai Tea Jazz <small>a whole game against bots</small>", "ctj-title")
        self.players = w.Dropdown(options=[("2 players", 2), ("3 players", 3), ("4 players", 4),
                                           ("6 players", 6)], value=3, description="Players")
        self.players.add_class("ctj-players")
        self.setup = w.Dropdown(options=[("Standard", "standard"), ("Short", "short"),
                                         ("Long", "long")], value="standard",
                                description="Setup")
        self.setup.add_class("ctj-setup")
        # checkboxes as wide as their label (the default 300 px leaves big gaps in the bar)
        self.ptb = w.Checkbox(value=False, description="Passing the Barrel", indent=False,
                              layout=w.Layout(width="auto"))
        self.ptb.add_class("ctj-passing-the-barrel")
        self.match_point = w.Checkbox(value=False, description="Match point", indent=False,
                                      layout=w.Layout(width="auto"))
        self.match_point.add_class("ctj-match-point")
        self.new_button = button("New game", "ctj-new-game", primary=True)
        self.save = SaveButton(label="Save game")
        self.upload = LoadButton(label="Load game", max_bytes=MAX_RECORD_BYTES)
        self.game_bar = w.HBox([self.players, self.setup, self.ptb, self.match_point,
                                self.new_button])
        self.game_bar.add_class("ctj-game-bar")
        self.file_bar = w.HBox([self.save, self.upload])
        self.file_bar.add_class("ctj-file-bar")
        self.phase_line = html("", "ctj-phase", "ctj-note")
        self.seed = seed if seed is not None else random.randrange(1, 10**6)
        session = self._make_session(players, setup, self.seed, passing_the_barrel, match_point)
        self.session = session
        self._four_colour = four_colour
        self.picking = PickingPanel(session=session, show_examples=False,
                                    four_colour=four_colour)
        # the dashboard refreshes whichever of the two is shown (a hidden view waits); the
        # trick table is built when first shown (a page opens in the picking phase, and each
        # widget it does not show costs every learner's page load)
        session.listeners.remove(self.picking.refresh)
        self._table: TrickTable | None = None
        self.pad = ScorePad(session=session)
        for view in (self.picking, self.pad):
            self._subview(view)
        self.main_area = w.VBox([self.picking.widget])
        self.main_area.add_class("ctj-play-area")
        columns = w.HBox([self.main_area, self.pad.widget])
        columns.add_class("ctj-dash-columns")
        self._finish(self.title, self.game_bar, self.file_bar, self.status.widget,
                     self.phase_line, columns)
        self.new_button.on_click(lambda _b: self.new_game())
        self.upload.on_file(self._guard(self._uploaded))
        self.save.on_saved(self._saved)
        with self._hold(self.players, self.setup, self.ptb, self.match_point):
            self.players.value = players
            self.setup.value = setup
            self.ptb.value = passing_the_barrel
            self.match_point.value = match_point
        self._message_at: object = None
        session.listeners.append(self.refresh)
        if presenter:  # a projector: open hands, larger cards, bot cards step by step
            self.table.set_presenter(True)
        self.refresh()

    @staticmethod
    def _subview(view: View) -> None:
        view.widget.remove_class("ctj-main")
        view.widget.add_class("ctj-subview")
        view.widget.children = view.widget.children[1:]  # one style sheet is enough

    @property
    def table(self) -> TrickTable:
        """The trick table (built on first use: when the game first reaches a trick)."""
        if self._table is None:
            table = TrickTable(session=self.session, four_colour=self._four_colour)
            table.four_colour_box.observe(self._guard(self._colours), "value")
            # one message line for the picking panel and the trick table: only one of them is
            # shown, and the latest message (say a pick after which the bots play cards) must
            # be in the one shown, not left behind in the hidden one
            shared, old = self.picking.status, table.status.widget
            table.status = shared
            table.widget.children = tuple(shared.widget if c is old else c
                                          for c in table.widget.children)
            close(old)
            self.session.listeners.remove(table.refresh)
            self._subview(table)
            show(table.widget, False)
            self.main_area.children = (*self.main_area.children, table.widget)
            self._table = table
        return self._table

    # -- games -----------------------------------------------------------------------------------
    def _make_session(self, players: int, setup: str, seed: int, ptb: bool, mp: bool,
                      state: State | None = None) -> Session:
        if state is None:
            game = Game(players=players, setup=setup, passing_the_barrel=ptb, match_point=mp)
            names = self._names if self._names and len(self._names) >= players else \
                default_names(players)
            state = game.new_initial_state(seed=seed, names=names[:players])
        n = state.game.players
        humans = [h for h in self._humans if 0 <= h < n] or [0]
        return Session(state, humans=humans, bots=kept_bots(self._bots,
                                                            getattr(self, "session", None)),
                       seed=seed)

    def _attach(self, session: Session) -> None:
        self.session = session
        self.picking.status.set("")  # the views' message was about the old game
        self.picking.attach(session, listen=False)
        if self._table is not None:
            self._table.attach(session, listen=False)
        self.pad.attach(session)
        session.listeners.append(self.refresh)
        self.refresh()

    def new_game(self, players: int | None = None, setup: str | None = None,
                 seed: int | None = None, passing_the_barrel: bool | None = None,
                 match_point: bool | None = None) -> bool:
        """Start a new game (arguments default to the controls' values)."""
        def run() -> None:
            p = self.players.value if players is None else players
            st = self.setup.value if setup is None else setup
            ptb = self.ptb.value if passing_the_barrel is None else passing_the_barrel
            mp = self.match_point.value if match_point is None else match_point
            sd = random.randrange(1, 10**6) if seed is None else seed
            session = self._make_session(p, st, sd, bool(ptb), bool(mp))
            self.seed = sd
            with self._hold(self.players, self.setup, self.ptb, self.match_point):
                self.players.value = p
                self.setup.value = st
                self.ptb.value = bool(ptb)
                self.match_point.value = bool(mp)
            self._attach(session)

        ok = self._attempt(run)
        if ok:
            g = self.session.game
            self.status.ok(f"New game: {g.players} players, {g.setup.name} setup "
                           f"(seed {self.seed}).")
            self._note_message()
        return ok

    def save_bytes(self) -> bytes:
        """The game record (``chaitea-record/1``) as JSON bytes: what Save game downloads."""
        return json.dumps(self.session.live_state.record(), indent=1).encode("utf-8")

    def load_bytes(self, data: bytes, name: str = "the file") -> bool:
        """Load a saved game record; a corrupted or foreign file is refused with a message
        and the current game goes on untouched. ``name`` (the file's name) is quoted shortened
        in the messages."""
        name = shorten(name)

        def run() -> None:
            if not isinstance(data, bytes | bytearray | memoryview):
                raise Refusal("a saved game is the bytes of a .json file")
            raw = bytes(data)
            if len(raw) > MAX_RECORD_BYTES:
                raise Refusal(f"Could not load {name}: it is {len(raw):,} bytes; a saved game "
                              f"is at most {MAX_RECORD_BYTES:,} bytes. The current game goes on.")
            try:
                state = chaitea.loads(raw)
            except chaitea.ChaiTeaError as e:
                raise Refusal(f"Could not load {name}: {friendly(e)}. The current game "
                              "goes on.") from None
            if state.game.players not in (2, 3, 4, 6):
                raise Refusal(f"Could not load {name}: unsupported player count")
            sd = random.randrange(1, 10**6)
            session = self._make_session(state.game.players, str(state.game.setup.spec),
                                         sd, state.game.passing_the_barrel,
                                         state.game.match_point, state=state)
            self.seed = sd
            with self._hold(self.players, self.setup, self.ptb, self.match_point):
                self.players.value = state.game.players
                if state.game.setup.name in ("standard", "short", "long"):
                    self.setup.value = state.game.setup.name
                self.ptb.value = state.game.passing_the_barrel
                self.match_point.value = state.game.match_point
            self._attach(session)

        ok = self._attempt(run)
        if ok:
            s = self.session.live_state
            where = "the game is over" if s.is_terminal() else \
                f"round {s.round_number}, {s.phase}"
            self.status.ok(f"Loaded {name}: {s.game.players} players, {where}.")
            self._note_message()
        return ok

    def _colours(self, change: dict[str, Any]) -> None:
        self.picking.hand.four_colour = bool(change["new"])
        self.picking.hand.html = self.picking.hand.render()

    def _saved(self, name: str) -> None:
        self.status.ok(f"Saved the game as {name} (in your browser's downloads).")
        self._note_message()

    def _uploaded(self, name: str, size: int, content: bytes | None) -> None:
        name = shorten(name or "the file")
        if content is None or size > MAX_RECORD_BYTES:
            self.status.error(f"Could not load {name}: it is {size:,} bytes; a saved game "
                              f"is at most {MAX_RECORD_BYTES:,} bytes. The current game "
                              "goes on.")
            self._note_message()
            return
        self.load_bytes(bytes(content), name)

    # -- delegated actions -----------------------------------------------------------------------
    def play(self, card: str) -> bool:
        ok = self.table.play(card)
        self._echo(self.table)
        return ok

    def pick(self, spelling: str | None = None, debt: int | None = None) -> bool:
        ok = self.picking.pick(spelling, debt)
        self._echo(self.picking)
        return ok

    def pass_(self) -> bool:
        ok = self.picking.pass_()
        self._echo(self.picking)
        return ok

    def next_round(self) -> bool:
        ok = self.table.next_round()
        self._echo(self.table)
        return ok

    def hint(self, samples: int | None = None, seed: int = 0) -> Any:
        """The coach's Hint at your turn in play (see :meth:`TrickTable.hint`)."""
        h = self.table.hint(seed=seed) if samples is None else \
            self.table.hint(samples=samples, seed=seed)
        self._echo(self.table)
        return h

    def advise(self, samples: int | None = None, seed: int = 0) -> Any:
        """The coach's Advice at your pick (see :meth:`PickingPanel.advise`)."""
        a = self.picking.advise(seed=seed) if samples is None else \
            self.picking.advise(samples=samples, seed=seed)
        self._echo(self.picking)
        return a

    def review(self, seat: int | None = None) -> Any:
        """After a round: the coach's review of your cards (see :meth:`TrickTable.review`)."""
        r = self.table.review(seat)
        self._echo(self.table)
        return r

    def set_bot(self, seat: int, bot: str) -> bool:
        """Choose the bot playing ``seat`` (``"rule"``, the default, ``"random"`` or
        ``"pimc"``); the trick table shows the choice per bot seat."""
        ok = self._attempt(lambda: self.session.set_bot(seat, bot))
        if ok:
            self.session.continue_bots()
            self.session.changed()
        return ok

    def undo(self) -> bool:
        """Practice: take back your latest card or pick (until its trick is complete)."""
        view = self.picking if self.session.state.phase == "picking" and \
            not self.session.paused else self.table
        ok = view.undo()
        self._echo(view)
        return ok

    def _echo(self, view: View) -> None:
        # the view's own line (shared by the picking panel and the table) shows the words:
        # the dashboard keeps them as its message without showing them a second time
        self.status.remember(view.status.text, view.status.kind)
        self._note_message()
        # the words may have come after the views were redrawn (paced bots deal the next round
        # at once, during Next round): the step's caption line, drawn before them, is hidden
        # again if the shared line now says the same (not "Round 4 is dealt" twice)
        self.picking.refresh_nav()

    def _after_error(self) -> None:
        self._note_message()

    @property
    def state(self) -> State:
        return self.session.state

    # -- drawing ---------------------------------------------------------------------------------
    def _note_message(self) -> None:
        """Keep the dashboard's message until the game moves on (then the views speak)."""
        # paced bots move the game on by themselves: only a person's next move ends it
        self._message_at = id(self.session), self.session.moves_by_people

    def refresh(self) -> None:
        ses = self.session
        s = ses.state
        if self.status.text and self._message_at != (id(ses), ses.moves_by_people):
            self.status.set("")
        picking = s.phase == "picking" and not ses.paused
        (self.picking if picking else self.table).refresh()
        if not picking:
            self.picking.refresh_nav()  # its step label follows the game even while hidden
        with self._hold(self.phase_line, self.save):
            show(self.picking.widget, picking)
            if self._table is not None:
                show(self._table.widget, not picking)
            g = s.game
            variants = [v for v, on in (("Passing the Barrel", g.passing_the_barrel),
                                        ("Match point", g.match_point)) if on]
            bits = [f"{g.players} players", f"{g.setup.name} setup",
                    f"round {max(s.round_number, 1)}"]
            if variants:
                bits.append(" + ".join(variants))
            if s.is_terminal():
                w_side = s.winner()
                names = self.pad.side_names
                bits.append(f"game over: {names[w_side]} wins" if w_side is not None
                            else "game over")
            self.phase_line.value = escape(" · ".join(bits))  # a winner's name is input
            self.save.payload = json.dumps(ses.live_state.record())
            self.save.filename = f"chaitea-{g.players}p-round{s.round_number}.json"

