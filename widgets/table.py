"""The trick table: play a round at one or more seats against bots."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import ipywidgets as w

from chaitea import Card, ChaiTeaError, Game, GameState
from chaitea.core.markup import escape
from chaitea.draw.svg import side_labels

from .base import Refusal, button, default_names, html, seat_widgets, show, sort_cards
from .session import BOT_CHOICES, Runner, Scheduler, Session, kept_bots
from .stepped import SteppedView

if TYPE_CHECKING:  # the coach (and pandas) load on the first Hint, not with the page
    import pandas as pd

    from chaitea.ai.coach import Hint
from .strip import CardStrip, StripItem
from .words import cite_links, plain_reason

__all__ = ["TrickTable"]

MAX_SEATS = 6
HINT_SAMPLES = 20  # sampled worlds per Hint (about 0.1 s on this machine)
REVIEW_TRICKS = 5  # the review solves each of your plays with at most this many tricks left
# seconds between two bot actions (a complete trick is held 2.5 times as long, at most 3 s)
SPEEDS = {"instant": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.5}


class TrickTable(SteppedView):
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
        if speed not in SPEEDS:
            raise Refusal(f"speed is one of {', '.join(SPEEDS)}, not {speed!r}")
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
        self.title = html("", "ctj-title")
        self.info = html("", "ctj-note", "ctj-info")
        # seat widgets are made when a game first needs them (each card strip costs page-load
        # time; see _ensure_seats), then kept and updated move after move
        self.seat_heads: list[w.HTML] = []
        self.seat_hands: list[CardStrip] = []
        self.seat_straws: list[CardStrip] = []
        self.seat_boxes: list[w.VBox] = []
        self.opponents = w.HBox([])
        self.opponents.add_class("ctj-opponents")
        self.mine = w.VBox([])
        self.mine.add_class("ctj-mine")
        self.trick_title = html("Current trick", "ctj-heading")
        self.trick_strip = CardStrip(interactive=False, label="current trick", empty="—",
                                     four_colour=four_colour, css_class="ctj-trick")
        self.last_title = html("Last trick", "ctj-heading")
        self.last_strip = CardStrip(interactive=False, size="small", label="last trick",
                                    empty="—", four_colour=four_colour,
                                    css_class="ctj-last-trick")
        self.last_reason = html("", "ctj-reason")
        centre = w.HBox([w.VBox([self.trick_title, self.trick_strip]),
                         w.VBox([self.last_title, self.last_strip, self.last_reason])])
        centre.add_class("ctj-centre")
        felt = w.VBox([self.opponents, centre, self.mine])
        felt.add_class("ctj-felt")
        self.summary = html("", "ctj-summary", "ctj-panel")
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
        # bot pacing: each bot card shown a moment, a complete trick held a little longer
        # (or until Bot move ▶ is pressed); "instant" lets them answer at once
        self.speed = w.Dropdown(options=[(k, k) for k in SPEEDS], value=speed,
                                description="Bots", layout=w.Layout(width="auto"))
        self.speed.add_class("ctj-speed")
        # presenter: for a projector, every hand open, larger cards, the bots one step at a
        # time (Bot move ▶ moves them on)
        self.presenter_box = w.Checkbox(value=False, description="Presenter", indent=False,
                                        layout=w.Layout(width="auto"))
        self.presenter_box.add_class("ctj-presenter-box")
        # the end-of-round review: the button beside Next round, its panel made on first use
        self.review_button = button("Review my round", "ctj-review", quiet=True,
                                    tooltip="The double-dummy points each of your cards lost")
        self.review_button.on_click(lambda _b: self.request_review())
        self._review_box: w.HTML | None = None
        self._review_at: tuple[int, int, int] | None = None
        self.actions_bar = w.HBox([self.next_round_button, self.review_button, self.step_button,
                                   self.new_round_button, self.speed, self.open_hands,
                                   self.four_colour_box, self.presenter_box])
        # the bot of each bot seat (a Dropdown per seat, made when a game first shows it)
        self.bot_choices: dict[int, w.Dropdown] = {}
        self.bot_bar = w.HBox([])
        self.bot_bar.add_class("ctj-bot-bar")
        # the coach: Hint (your turn in play), worked out off the kernel's loop
        self.hint_button = button("Hint", "ctj-hint", quiet=True,
                                  tooltip="The coach's best card and its expected value")
        self.hint_button.on_click(lambda _b: self.request_hint())
        self.hint_line = html("", "ctj-hint-line", "ctj-note")
        show(self.hint_line, False)
        self._hint_at: tuple[int, int, int] | None = None
        self._hint_runner: Runner | None = None
        self.first_button = button("« Start", "ctj-first", tooltip="Start of the round",
                                   quiet=True)
        self.back_button = button("◀ Back", "ctj-back", tooltip="One step back", quiet=True)
        self.step_label = html("", "ctj-step-label")
        self.forward_button = button("Forward ▶", "ctj-forward", quiet=True)
        self.live_button = button("Latest »", "ctj-live", tooltip="Back to the game",
                                  quiet=True)
        self.undo_button = self._undo_button()
        show(self.undo_button, practice)
        self.nav = w.HBox([self.undo_button, self.hint_button, self.first_button, self.back_button,
                           self.step_label, self.forward_button, self.live_button])
        self.nav.add_class("ctj-nav")
        self.caption_line = html("", "ctj-caption-line")
        self._finish(self.title, self.info, self.status.widget, self.hint_line, felt,
                     self.summary, self.actions_bar, self.bot_bar, self.nav, self.caption_line)
        self.step_button.on_click(lambda _b: self.step())
        self.next_round_button.on_click(lambda _b: self.next_round())
        self.new_round_button.on_click(lambda _b: self.new_round())
        self.open_hands.observe(self._guard(lambda _ch: self.refresh()), "value")
        self.speed.observe(self._guard(lambda _ch: self._apply_speed()), "value")
        self.presenter_box.observe(self._guard(lambda ch: self._presenter(ch["new"])), "value")
        self.four_colour_box.observe(self._guard(lambda ch: self._set_colours(ch["new"])),
                                     "value")
        self.first_button.on_click(lambda _b: self.first())
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.live_button.on_click(lambda _b: self.live())
        self.session: Session
        self._scheduler: Scheduler | None = None
        self._own = session is None
        show(self.new_round_button, self._own)
        if session is not None:
            self.attach(session)
        else:
            self.attach(self._new_session(seed))
        if presenter:
            self.presenter_box.value = True

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

    def set_presenter(self, on: bool = True) -> bool:
        """Presenter mode (a projector): every hand open, larger cards, and the bots one
        step at a time (press Bot move ▶); off again restores the table as it was."""
        return self._attempt(lambda: setattr(self.presenter_box, "value", bool(on)))

    def _presenter(self, on: bool) -> None:
        self.presenter = bool(on)
        ses = self.session
        if on:
            self._hands_before = bool(self.open_hands.value)
            self.widget.add_class("ctj-presenter")
            ses.step_by_step = True
            self.open_hands.value = True
        else:
            self.widget.remove_class("ctj-presenter")
            ses.step_by_step = False
            self.open_hands.value = getattr(self, "_hands_before", False)
            ses.continue_bots()
        self._notify()

    def set_bot(self, seat: int, bot: str) -> bool:
        """Choose the bot playing ``seat``: ``"rule"`` (Rule-based, the default),
        ``"random"`` or ``"pimc"`` (Monte Carlo); it plays from the seat's next action on."""
        def run() -> None:
            self.session.set_bot(seat, bot)
            box = self.bot_choices.get(seat)
            if box is not None:
                with self._hold(box):
                    box.value = bot

        ok = self._attempt(run, ok=f"Seat {seat} is played by the {BOT_CHOICES.get(bot, bot)}"
                           " bot.")
        if ok:
            self.session.continue_bots()
            self._notify()
        return ok

    # -- the coach -------------------------------------------------------------------------------
    def _hint_state(self) -> GameState:
        ses = self.session
        s = ses.state
        if not ses.is_live:
            raise Refusal("a Hint is for the game as it stands: press Latest » first")
        if s.phase != "play" or not ses.is_human_turn(s):
            raise Refusal("a Hint is for your turn to play a card")
        return s.clone()

    def hint(self, samples: int = HINT_SAMPLES, seed: int = 0) -> Hint | None:
        """The coach's Hint for your turn, worked out at once (``chaitea.ai.coach.hint``: every
        legal card's expected final card points for your side over sampled deals of the
        cards you cannot see, with 95% intervals); shown under the message line and returned
        (``None`` when refused, with the reason in the message)."""
        from chaitea.ai.coach import hint as coach_hint

        out: list[Hint] = []

        def run() -> None:
            result = coach_hint(self._hint_state(), samples=samples, seed=seed)
            self._show_hint(result)
            out.append(result)

        return out[0] if self._attempt(run) and out else None

    def request_hint(self, runner: Runner | None = None, samples: int = HINT_SAMPLES,
                     seed: int = 0) -> bool:
        """What the Hint button does: a "thinking…" line at once, the Hint worked out in a
        thread (``runner``, default the kernel loop's executor; at once without a running
        loop) and shown when done, unless the game moved meanwhile (an undo, a card, a step
        back): then the result is dropped."""
        from chaitea.ai.coach import hint as coach_hint

        def run() -> None:
            state = self._hint_state()
            self._hint_at = self.session.mark()
            self.hint_line.value = '<span class="ctj-thinking">The coach is thinking…</span>'
            show(self.hint_line, True)
            self.hint_button.disabled = True
            self.session.start_job(lambda: coach_hint(state, samples=samples, seed=seed),
                                   self._hint_done, runner or self._hint_runner)

        return self._attempt(run)

    def _hint_done(self, result: object) -> None:
        self.hint_button.disabled = False
        if isinstance(result, Exception):
            self.hint_line.value = ""
            show(self.hint_line, False)
            self.status.error(f"The coach could not work out a Hint ({type(result).__name__}:"
                              f" {escape(str(result))}).")
            return
        self._show_hint(result)  # type: ignore[arg-type]

    def _show_hint(self, h: Hint) -> None:
        rows = [(str(c), float(m), float(lo), float(hi)) for c, m, lo, hi in
                zip(h.table["card"], h.table["mean"], h.table["low"], h.table["high"],
                    strict=True)]
        _card, mean, low, high = rows[0]
        s = self.session.state
        row = next((r for r in s.game.setup.rows if r.key == s.row), None)
        aim = "an Avoidance row: the fewest points" if row is not None and row.avoidance else ""
        iv = f" (95%: {low:.0f} to {high:.0f})" if low == low else ""  # NaN with one sample
        others = ", ".join(f"{escape(c)} {m:.1f}" for c, m, _lo, _hi in rows[1:4])
        self.hint_line.value = (f"Hint: play <b>{escape(h.best)}</b>: about "
                                f"<b>{mean:.1f}</b> card points for your side at the "
                                f"round's end{iv}" + (f"; then {others}" if others else "")
                                + (f" ({aim} is best here)" if aim else "") + ".")
        self._hint_at = self.session.mark()
        show(self.hint_line, True)

    @property
    def review_box(self) -> w.HTML:
        """Where the round's review is shown (made on first use, under the summary)."""
        if self._review_box is None:
            self._review_box = html("", "ctj-review-box", "ctj-panel")
            kids = list(self.widget.children)
            kids.insert(kids.index(self.summary) + 1, self._review_box)
            self.widget.children = tuple(kids)
        return self._review_box

    def _review_plays(self, seat: int | None) -> tuple[int, list[tuple[int, GameState, int]]]:
        """The seat (default: your first seat) and its plays in the round just finished, from
        the recorded steps: (step in the round, state before the card, action id)."""
        ses = self.session
        if seat is None:
            if not ses.humans:
                raise Refusal("a review is of a person's cards: this table has bots only")
            seat = ses.humans[0]
        n = ses.game.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise Refusal(f"there is no seat {seat!r}: seats are 0..{n - 1}")
        steps = ses.steps[:ses.cursor + 1]
        end = next((i for i in range(len(steps) - 1, 0, -1)
                    if len(steps[i].state.round_results) > len(steps[i - 1].state.round_results)),
                   None)
        if end is None or steps[end].state.phase == "play":
            raise Refusal("a review comes at a round's end: finish the round first")
        rn = steps[end - 1].state.round_number
        plays: list[tuple[int, GameState, int]] = []
        k = 0
        for i in range(1, end + 1):
            before = steps[i - 1].state
            if before.round_number != rn or before.phase != "play":
                continue
            k += 1
            if before.current_player() == seat:
                plays.append((k, before, steps[i].state.history()[-1]))
        if not plays:
            raise Refusal("this seat played no card in the round's record kept here")
        return seat, plays

    def review(self, seat: int | None = None,
               max_tricks: int = REVIEW_TRICKS) -> pd.DataFrame | None:
        """After a round: each card ``seat`` (default: yours) played with the double-dummy
        points it lost against the best card, hands open (``chaitea.ai.coach.review_plays``;
        cards with more than ``max_tricks`` tricks left are listed unsolved). Shown under the
        summary and returned (``None`` when refused, with the reason in the message)."""
        from chaitea.ai.coach import review_plays

        out: list[pd.DataFrame] = []

        def run() -> None:
            who, plays = self._review_plays(seat)
            table = review_plays(plays, max_tricks=max_tricks)
            self._show_review(who, table)
            out.append(table)

        return out[0] if self._attempt(run) and out else None

    def request_review(self, runner: Runner | None = None, seat: int | None = None,
                       max_tricks: int = REVIEW_TRICKS) -> bool:
        """What the Review button does: the review worked out in a thread (``runner``), a
        "thinking…" line meanwhile; dropped if the game moves on before it is done."""
        from chaitea.ai.coach import review_plays

        def run() -> None:
            who, plays = self._review_plays(seat)
            self._review_at = self.session.mark()
            box = self.review_box
            box.value = '<span class="ctj-thinking">The coach is reviewing the round…</span>'
            show(box, True)
            self.review_button.disabled = True

            def done(result: object) -> None:
                self.review_button.disabled = False
                if isinstance(result, Exception):
                    show(self.review_box, False)
                    self.status.error(f"The coach could not review the round "
                                      f"({type(result).__name__}: {escape(str(result))}).")
                    return
                self._show_review(who, result)  # type: ignore[arg-type]

            self.session.start_job(lambda: review_plays(plays, max_tricks=max_tricks), done,
                                   runner)

        return self._attempt(run)

    def _show_review(self, seat: int, table: pd.DataFrame) -> None:
        rows = []
        lost_total = 0.0
        for _step, trick, card, best, played, lost, best_cards in zip(
                table["step"], table["trick"], table["card"], table["best"], table["played"],
                table["lost"], table["best_cards"], strict=True):
            solved = lost == lost  # NaN: too many tricks left to solve
            if solved:
                lost_total += float(lost)
            mark = ' class="ctj-review-lost"' if solved and lost > 0 else ""
            rows.append(f"<tr{mark}><td>{int(trick)}</td><td>{escape(str(card))}</td>"
                        + (f"<td>{float(played):.0f}</td><td>{float(best):.0f}</td>"
                           f"<td>{float(lost):.0f}</td><td>{escape(str(best_cards))}</td>"
                           if solved else "<td colspan='4'>not solved (too early)</td>")
                        + "</tr>")
        name = escape(self.session.state.names[seat])
        self.review_box.value = (
            f"<b>Review of {name}'s cards</b> (hands open, best play from each card on): "
            f"<b>{lost_total:.0f}</b> points lost in the tricks solved."
            "<table class='ctj-review-table'><tr><th>Trick</th><th>Card</th><th>After it</th>"
            f"<th>Best</th><th>Lost</th><th>Best cards</th></tr>{''.join(rows)}</table>")
        self._review_at = self.session.mark()
        show(self.review_box, True)

    def _ensure_bot_choices(self, s: GameState) -> None:
        """One Dropdown per bot seat (made once per seat, kept and updated after that)."""
        ses = self.session
        seats = [seat for seat in range(s.game.players) if seat not in ses.humans]
        for seat in seats:
            if seat not in self.bot_choices:
                box = w.Dropdown(options=[(v, k) for k, v in BOT_CHOICES.items()],
                                 value="rule", layout=w.Layout(width="auto"))
                box.add_class("ctj-bot-choice")
                box.observe(self._guard(lambda ch, seat=seat: self._chose(seat, ch["new"])),
                            "value")
                self.bot_choices[seat] = box
            box = self.bot_choices[seat]
            name = ses.bot_name(seat)
            with self._hold(box):
                box.description = s.names[seat]
                if name:
                    box.value = name
        shown = [self.bot_choices[seat] for seat in seats]
        if list(self.bot_bar.children) != shown:
            self.bot_bar.children = shown

    def _chose(self, seat: int, name: str) -> None:
        if self.session.bot_name(seat) != name:
            self.set_bot(seat, name)

    def set_speed(self, speed: str, scheduler: Scheduler | None = None) -> bool:
        """How fast the bots play: ``instant``, ``fast``, ``normal`` or ``slow`` (paced only
        in a running kernel, or with a ``scheduler(seconds, callback)`` given)."""
        def run() -> None:
            if speed not in SPEEDS:
                raise Refusal(f"speed is one of {', '.join(SPEEDS)}, not {speed!r}")
            self._scheduler = scheduler
            if self.speed.value == speed:
                self._apply_speed()
            self.speed.value = speed

        return self._attempt(run)

    def _apply_speed(self) -> None:
        session = getattr(self, "session", None)
        if session is not None:
            session.set_pace(SPEEDS[self.speed.value], scheduler=self._scheduler)

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

    def _set_colours(self, on: bool) -> None:
        self.four_colour = bool(on)
        for strip in (*self.seat_hands, *self.seat_straws, self.trick_strip, self.last_strip):
            strip.four_colour = self.four_colour
            strip.html = strip.render()

    def set_open_hands(self, on: bool = True) -> bool:
        return self._attempt(lambda: setattr(self.open_hands, "value", bool(on)))

    # -- reading ---------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    def legal(self) -> list[str]:
        """The cards you may play now (empty when it is not a person's turn)."""
        s = self.session.state
        if s.phase != "play" or not self.session.is_human_turn(s):
            return []
        return s.legal_moves()

    # -- drawing ---------------------------------------------------------------------------------
    def _ensure_seats(self, players: int) -> None:
        """Make the seat widgets up to ``players`` (once: a bigger game adds the missing ones,
        a smaller one leaves the extra seats out of the felt)."""
        for i in range(len(self.seat_boxes), players):
            head, hand, straw, box = seat_widgets(i, f"hand of seat {i}",
                                                  f"straw-pile of seat {i}",
                                                  four_colour=self.four_colour)
            hand.on_click(self.play)
            straw.on_click(self.play)
            self.seat_heads.append(head)
            self.seat_hands.append(hand)
            self.seat_straws.append(straw)
            self.seat_boxes.append(box)

    def _after_error(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        ses = self.session
        s = ses.state
        g = s.game
        n = g.players
        playing = s.phase == "play"
        turn = s.current_player() if playing else -1
        human_turn = playing and ses.is_human_turn(s)
        legal = set(s.legal_moves()) if human_turn else set()
        contract = s.contract
        self._ensure_seats(n)
        self._ensure_bot_choices(s)
        widgets: list[w.Widget] = [self.title, self.info, self.trick_strip, self.last_strip,
                                   self.last_reason, self.summary, self.step_label,
                                   self.caption_line, *self.seat_heads, *self.seat_hands,
                                   *self.seat_straws]
        names = s.names
        humans = ses.humans
        with self._hold(*widgets):
            # title and running figures
            if playing and contract is not None and s.declarer is not None:
                debt = f", Bet Debt {s.bet_debt}" if s.bet_debt else ""
                self.title.value = (f"Round {max(s.round_number, 1)}: <b>"
                                    f"{escape(self._contract_title(s))}"
                                    f"</b> <small>declarer {escape(names[s.declarer])}{debt}"
                                    f" · trick {min(s.trick_number + 1, g.n_tricks)} of "
                                    f"{g.n_tricks}</small>")
            elif s.is_terminal():
                over = "the round is over" if _one_round(s) else "the game is over"
                self.title.value = f"Trick table <small>{over}</small>"
            else:
                self.title.value = f"Trick table <small>round {s.round_number}</small>"
            self.info.value = self._info_html(s)
            # seats: people at the bottom, bots at the top
            opp: list[w.Widget] = []
            mine: list[w.Widget] = []
            for seat in range(n):
                box = self.seat_boxes[seat]
                (mine if seat in humans else opp).append(box)
                self._draw_seat(s, seat, seat == turn, legal if seat == turn else set(),
                                seat in humans)
                if seat == turn:
                    box.add_class("ctj-turn")
                else:
                    box.remove_class("ctj-turn")
            if list(self.opponents.children) != opp:
                self.opponents.children = opp
            if list(self.mine.children) != mine:
                self.mine.children = mine
            # the trick and the last trick
            if playing and s.trick:
                lead = s.trick_leader
                win = s.trick_winner_so_far()
                self.trick_strip.set_items([
                    StripItem(card=c, caption=names[(lead + i) % n],
                              highlight="win" if (lead + i) % n == win else "")
                    for i, c in enumerate(s.trick)])
            else:
                self.trick_strip.set_items([])
            tricks = s.tricks if s.round_number else []
            if tricks:
                last = tricks[-1]
                self.last_strip.set_items([
                    StripItem(card=c, caption=names[(last.leader + i) % n],
                              highlight="win" if (last.leader + i) % n == last.winner else "")
                    for i, c in enumerate(last.cards)])
                played = contract if contract is not None else (
                    s.round_results[-1].contract if s.round_results else None)
                why = plain_reason(last.reason, played, len(tricks) - 1, g.n_tricks)
                self.last_reason.value = (f"<b>{escape(names[last.winner])}</b> won trick "
                                          f"{len(tricks)}: <i>{cite_links(why)}</i>")
            else:
                self.last_strip.set_items([])
                self.last_reason.value = ""
            # the summary of the round just played
            self.summary.value = self._summary_html(s)
            show(self.summary, bool(self.summary.value))
            show(self.next_round_button, ses.paused and ses.is_live)
            bots_exist = len(humans) < n
            # at a round's end only Next round goes on (one way forward, not two)
            self.step_button.disabled = ses.paused or not (
                ses.is_live and (s.is_chance_node() or ses.is_bot_turn(s)))
            show(self.step_button, bots_exist)
            steps = len(ses.steps) - 1
            self.step_label.value = f"step {ses.cursor} of {steps}"
            self.first_button.disabled = self.back_button.disabled = ses.cursor == 0
            self.forward_button.disabled = self.live_button.disabled = ses.is_live
            self.undo_button.disabled = ses.undo_point() is None
            show(self.hint_button, human_turn and ses.is_live)
            show(self.review_button, bool(self.summary.value) and bool(humans))
            if self._review_at is not None and self._review_at != ses.mark():
                self._review_at = None  # the next round (or a step): the review is put away
                show(self.review_box, False)
                self.review_button.disabled = False
            if self._hint_at is not None and self._hint_at != ses.mark():
                # the game moved on (an undo, a card, a step): the Hint (or its wait) is gone
                self._hint_at = None
                self.hint_line.value = ""
                show(self.hint_line, False)
                self.hint_button.disabled = False
            self._draw_caption()

    def _draw_caption(self) -> None:
        """The step's words once: not again when the status line has just said them."""
        ses = self.session
        review = "" if ses.is_live else "<b>Reviewing</b> (Latest » returns to the game): "
        cap = ses.caption
        said = ses.is_live and bool(cap) and cap.lower() in self.status.text.lower()
        self.caption_line.value = "" if said else review + cite_links(cap)
        show(self.caption_line, not said)

    def _draw_seat(self, s: GameState, seat: int, is_turn: bool, legal: set[str],
                   human: bool) -> None:
        g = s.game
        ses = self.session
        playing = s.phase == "play"
        hand_strip = self.seat_hands[seat]
        straw_strip = self.seat_straws[seat]
        open_view = human or self.open_hands.value
        badges = []
        if is_turn:
            badges.append('<span class="ctj-badge ctj-badge-turn">to play</span>')
        if playing and s.declarer == seat:
            badges.append('<span class="ctj-badge ctj-badge-bet">declarer</span>')
        if human and len(ses.humans) < g.players:
            badges.append('<span class="ctj-badge ctj-badge-you">you</span>')
        elif not human:
            badges.append('<span class="ctj-badge">bot</span>')
        team = f" · team {g.side_names[g.side_of[seat]]}" if g.side_names else ""
        won = s.tricks_won[seat] if s.round_number else 0
        self.seat_heads[seat].value = (f"<b>{escape(s.names[seat])}</b>{team} "
                                       f"{''.join(badges)} · tricks won: <b>{won}</b>")
        if not playing:
            hand_strip.set_items([])
            straw_strip.set_items([])
            show(hand_strip, False)
            show(straw_strip, False)
            return
        show(hand_strip, True)
        cards = s.hand(seat)
        active = is_turn and human and ses.is_live
        hand_strip.interactive = human
        straw_strip.interactive = human
        if open_view:
            cards = sort_cards(cards, s.contract, g.deck, 0, g.n_tricks)
            items = [StripItem(card=c, playable=(str(c) in legal) if active else None,
                               note=(self._why(s, str(c), legal) if active
                                     else "" if not human else "not your turn"))
                     for c in cards]
            hand_strip.set_items(items)
        else:
            hand_strip.set_items([StripItem(kind="back", caption=f"{len(cards)} cards")]
                                 if cards else [])
        stacks = s.straw(seat)
        if stacks:
            show(straw_strip, True)
            sitems = []
            for down, up in stacks:
                p = (str(up) in legal) if (active and up is not None) else None
                why = self._why(s, str(up), legal) if p is False else ""
                sitems.append(StripItem(kind="stack", card=up, down=down, playable=p,
                                        key=str(up) if up is not None else "", note=why))
            straw_strip.set_items(sitems)
        else:
            straw_strip.set_items([])
            show(straw_strip, False)

    @staticmethod
    def _why(s: GameState, card: str, legal: set[str]) -> str:
        """Why ``card`` cannot be played now: the engine's refusal, worked out without changing
        the state (``verify_action`` raises and leaves it as it was)."""
        if card in legal:
            return ""
        try:
            s.verify_action(card)
        except ChaiTeaError as e:
            return str(e)
        return ""

    @staticmethod
    def _contract_title(s: GameState) -> str:
        """The contract in play, with its row when that says more: ``Joker: Under``."""
        assert s.contract is not None
        row = next((r for r in s.game.setup.rows if r.key == s.row), None)
        if row is not None and row.is_joker:
            return f"Joker: {s.contract.title}"
        if row is not None and row.avoidance:
            return f"Avoidance ({s.contract.title})"
        return s.contract.title

    def _info_html(self, s: GameState) -> str:
        g = s.game
        if not s.round_number or s.phase != "play":
            return ""
        labels = side_labels(s)
        pts = s.side_points
        parts = [f"{escape(labels[i])}: <b>{pts[i]}</b>" for i in range(g.sides)]
        return "Card points won this round: " + " · ".join(parts)

    def _summary_html(self, s: GameState) -> str:
        ses = self.session
        results = s.round_results
        if not results or s.phase == "play":
            return ""
        # only right after a round (or at the end): the round just finished
        r = results[-1]
        g = s.game
        names = s.names
        bonus = g.seating.last_trick_bonus
        declarer_side = g.side_of[r.declarer]
        last_side = g.side_of[r.last_trick]
        row_title = next((row.title for row in g.setup.rows if row.key == r.row), "")
        played = escape(r.contract.title)
        rows = [("Declarer", escape(names[r.declarer])),
                ("Contract", f"{played} (the {escape(row_title)} row)"
                 if r.row and row_title and row_title != r.contract.title else played),
                ("Card points", str(r.card_points)),
                ("Last trick", f"{escape(names[r.last_trick])}"
                 + (f" (+{bonus} for the declarer)" if last_side == declarer_side else
                    " (no bonus for the declarer)")),
                ("Bet Debt", str(r.bet_debt))]
        if r.offer:
            rows.append(("Offer accepted", f"+{r.offer}"))
        rows.append(("Score", f"<b>{r.score}</b>"))
        tricks = ", ".join(f"{escape(names[i])} {t}" for i, t in enumerate(r.tricks))
        rows.append(("Tricks won", tricks))
        body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
        if s.is_terminal():
            head = "The round is over" if _one_round(s) else "The game is over"
        else:
            head = f"Round {len(results)} is over"
        more = "" if s.is_terminal() else (" Press <b>Next round ▶</b> to go on."
                                           if ses.paused and ses.is_live else "")
        return f"<b>{head}.</b>{more}<table>{body}</table>"


def _one_round(state: GameState) -> bool:
    """Whether the state plays a single round (``game.round_state``): its end is the round's,
    not a game's."""
    return bool(getattr(state, "_round_only", False))
