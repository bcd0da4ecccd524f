"""The bots of the trick table: which bot plays each bot seat (a Dropdown per seat, or
:meth:`set_bot`), how fast they play (each card shown a moment, a complete trick held a little
longer), and the presenter mode for a projector (every hand open, larger cards, the bots one
step at a time)."""

from __future__ import annotations

import ipywidgets as w

from chaitea import State

from .base import Refusal
from .runners import Scheduler
from .seat_bots import BOT_CHOICES
from .table_base import TableBase

__all__ = ["SPEEDS", "TableBots", "check_speed"]

# seconds between two bot actions (a complete trick is held longer: runners.trick_hold)
SPEEDS = {"instant": 0.0, "fast": 0.35, "normal": 0.8, "slow": 1.5}


def check_speed(speed: str) -> None:
    """Refuse a bot speed that is not one of :data:`SPEEDS`, naming them (every table asks).

    >>> check_speed("slow")
    >>> try:
    ...     check_speed("warp")
    ... except Refusal as e:
    ...     print(e)
    speed is one of instant, fast, normal, slow, not 'warp'
    """
    if speed not in SPEEDS:
        raise Refusal(f"speed is one of {', '.join(SPEEDS)}, not {speed!r}")


class TableBots(TableBase):
    """The trick table's bot controls: the speed, the presenter box and the bot bar."""

    def _build_bot_controls(self, speed: str) -> None:
        """The speed Dropdown, the Presenter box and the (empty) bar of bot choices."""
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
        # the bot of each bot seat (a Dropdown per seat, made when a game first shows it)
        self.bot_choices: dict[int, w.Dropdown] = {}
        self.bot_bar = w.HBox([])
        self.bot_bar.add_class("ctj-bot-bar")
        self._scheduler: Scheduler | None = None

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

    def _ensure_bot_choices(self, s: State) -> None:
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
            check_speed(speed)
            self._scheduler = scheduler
            if self.speed.value == speed:
                self._apply_speed()
            self.speed.value = speed

        return self._attempt(run)

    def _apply_speed(self) -> None:
        session = getattr(self, "session", None)
        if session is not None:
            session.set_pace(SPEEDS[self.speed.value], scheduler=self._scheduler)

