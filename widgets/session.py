"""The controller behind the picking panel, the trick table and the dashboard: one engine
state, the seats people play, the bots for the others, and the recorded steps to move back and
forward through. It holds no rules: every legality, winner and score comes from the engine.

The parts it uses live beside it: the bots of the seats (:mod:`.seat_bots`), the words of each
step (:mod:`.captions`), the threads and timers of slow work and paced moves (:mod:`.runners`);
their names stay importable from here."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from chaitea import ChaiTeaError, Game, IllegalAction, State
from chaitea.ai.bots import Bot

from .base import Refusal
from .captions import describe
from .runners import Runner, Scheduler, background_runner, loop_scheduler, trick_hold
from .seat_bots import BOT_CHOICES, bot_named, choice_name, make_bots

__all__ = ["BOT_CHOICES", "Runner", "Scheduler", "Session", "Step", "background_runner",
           "bot_named", "kept_bots", "make_bots"]


log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """A recorded point of the game: the state after an action, with words for it."""

    state: State
    caption: str
    seat: int | None = None  # who acted (None: the start or a deal)



class Session:
    """A game (or one round) in progress with its history.

    ``humans`` are the seats people play; bots play the others (``bots_pick=True`` lets the bots
    pick for every seat, people included: the trick table on its own). Steps are recorded after
    every action so a view can go back and forward (``back``, ``forward``, ``goto``); acting at an
    earlier step continues the game from there. ``pause_at_round_end`` stops the bots after a
    round until :meth:`resume` (so the round summary can be read); a game given between rounds
    (a loaded record) waits there too. ``autoplay=False`` lets the bots act only one step at a
    time (:meth:`step_bot`), to watch an all-bot table. ``deal_seed(n)`` gives the seed of the
    deal after ``n`` rounds (default: the session's own generator). ``take_back_until``: a
    person's action may be taken back until its ``"trick"`` is complete, or for the whole
    ``"round"`` (the Jass table's hand). ``captions(before, after)`` words each step (default
    :func:`~.captions.describe`).
    """

    def __init__(self, state: State, *, humans: Iterable[int] = (0,), bots: object = None,
                 seed: int = 0, bots_pick: bool = False, pause_at_round_end: bool = True,
                 autoplay: bool = True, max_steps: int = 20000,
                 deal_seed: Callable[[int], int] | None = None,
                 take_back_until: str = "trick",
                 captions: Callable[[State, State], str] = describe) -> None:
        if take_back_until not in ("trick", "round"):
            raise Refusal(f"take_back_until is 'trick' or 'round', not {take_back_until!r}")
        self.game: Game = state.game
        n = self.game.players
        self.humans = tuple(sorted({h for h in humans if 0 <= h < n}))
        self.bots = make_bots(n, bots, seed)
        self.bots_pick = bots_pick
        self.pause_at_round_end = pause_at_round_end
        self.autoplay = autoplay
        # a game between rounds (a loaded record) waits for resume, as after a round
        self.paused = pause_at_round_end and state.is_chance_node() and bool(state.round_results)
        self.deal_seed = deal_seed
        self.take_back_until = take_back_until
        self.describe = captions
        self.rng = random.Random(seed * 1_000_003 + 17)
        self.max_steps = max_steps
        self.steps: list[Step] = [Step(state.clone(), "The game starts."
                                       if state.round_number <= 1 else "Game loaded.")]
        self.cursor = 0
        self.listeners: list[Callable[[], None]] = []
        # moves on whenever the game is changed by a take-back or a new game: a paced bot move
        # (or, later, a Hint) scheduled before it sees a different epoch and does nothing
        self.epoch = 0
        self.delay = 0.0
        self.hold = 0.0
        self.scheduler: Scheduler | None = None
        self.pending = False  # a paced bot move is waiting for its moment
        self.failure = ""  # why the last paced bot move failed (the game waits for it)
        self.moves_by_people = 0  # a view's message stays until a person acts again
        self.step_by_step = False  # presenter: bots' cards one at a time (picking goes on)
        self.run_bots()

    # -- reading ---------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state shown (the step at the cursor). Do not change it: use :meth:`act`."""
        return self.steps[self.cursor].state

    @property
    def live_state(self) -> State:
        return self.steps[-1].state

    @property
    def is_live(self) -> bool:
        return self.cursor == len(self.steps) - 1

    @property
    def caption(self) -> str:
        return self.steps[self.cursor].caption

    def is_bot_turn(self, state: State | None = None) -> bool:
        s = self.state if state is None else state
        seat = s.current_player()
        if seat < 0:
            return False
        return seat not in self.humans or (self.bots_pick and s.phase == "picking")

    def is_human_turn(self, state: State | None = None) -> bool:
        s = self.state if state is None else state
        return s.current_player() >= 0 and not self.is_bot_turn(s)

    def names(self) -> list[str]:
        return list(self.state.names)

    def bot_name(self, seat: int) -> str:
        """The :data:`BOT_CHOICES` name of the bot playing ``seat`` (``""`` for another
        kind of bot object)."""
        return choice_name(self.bots.get(seat))

    def set_bot(self, seat: int, bot: str | Bot) -> None:
        """Let ``bot`` (a :data:`BOT_CHOICES` name or an object with ``act(state)``) play
        ``seat`` from its next action on; a bot move waiting for its moment is re-planned."""
        n = self.game.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise Refusal(f"there is no seat {seat!r}: seats are 0..{n - 1}")
        if seat in self.humans and not self.bots_pick:
            raise Refusal(f"{self.state.names[seat]} is played by a person, not a bot")
        if isinstance(bot, str):
            new = bot_named(bot, self.rng.getrandbits(31))
        elif callable(getattr(bot, "act", None)):
            new = bot
        else:
            raise Refusal(f"a bot needs a method act(state) -> action id; {bot!r} has none")
        self.bots[seat] = new

    # -- acting ----------------------------------------------------------------------------------
    def act(self, action: int | str, *, by_bot: bool = False) -> None:
        """Apply ``action`` for the seat to act (a person's seat unless ``by_bot``), then let the
        bots reply. A refusal raises the engine's error; nothing changes then."""
        state = self.state
        seat = state.current_player()
        if seat < 0:
            raise IllegalAction(_over(state) if state.is_terminal() else
                                "no one is to act: the next round is being dealt")
        if not by_bot and self.is_bot_turn(state):
            who = state.names[seat]
            raise Refusal(f"it is {who}'s turn, and a bot plays {who}"
                          + ("" if self.is_live else "; press Latest » to return to the game"))
        new = state.clone()
        new.apply_action(action)  # raises the engine's refusal; `state` is untouched
        self.paused = False
        self._push(Step(new, self.describe(state, new), seat))
        if not by_bot:
            self.moves_by_people += 1
        self.epoch += 1  # a bot move scheduled before this action is out of date
        self.continue_bots()

    def _push(self, step: Step) -> None:
        del self.steps[self.cursor + 1:]
        self.steps.append(step)
        if len(self.steps) > self.max_steps:
            del self.steps[1:len(self.steps) - self.max_steps]
        self.cursor = len(self.steps) - 1
        prev = self.steps[-2].state if len(self.steps) > 1 else None
        if (self.pause_at_round_end and prev is not None
                and len(step.state.round_results) > len(prev.round_results)
                and not step.state.is_terminal()):
            self.paused = True

    def run_bots(self, limit: int | None = None) -> int:
        """Let bots act (and deal a waiting round) until a person is to act, the round ends
        (when pausing), the game ends, or ``limit`` actions. Returns how many were taken."""
        done = 0
        if not self.autoplay and limit is None:
            return 0
        while self.is_live and not self.paused and (limit is None or done < limit):
            state = self.state
            if self.step_by_step and limit is None and state.phase == "play" and \
                    self.is_bot_turn(state):
                break  # presenter: each bot card waits for Bot move ▶
            if state.is_chance_node():
                new = state.clone()
                seed = (self.rng.getrandbits(31) if self.deal_seed is None
                        else self.deal_seed(state.round_number))
                new.apply_deal(seed)
                self._push(Step(new, f"Round {new.round_number} is dealt (seed {seed})."))
            elif self.is_bot_turn(state):
                seat = state.current_player()
                who = state.names[seat]
                try:
                    aid = self.bots[seat].act(state.clone())
                except Exception as e:
                    raise Refusal(f"the bot playing {who} failed ({type(e).__name__}: {e}); "
                                  "the game waits for it") from None
                new = state.clone()
                try:
                    new.apply_action(aid)
                except ChaiTeaError as e:
                    raise Refusal(f"the bot playing {who} chose {aid!r}, which the rules refuse "
                                  f"({e}); the game waits for it") from None
                self._push(Step(new, self.describe(state, new), seat))
            else:
                break
            done += 1
        return done

    def step_bot(self) -> None:
        """One bot action (or a deal), even at a round-end pause."""
        if not self.is_live:
            raise Refusal("you are looking at an earlier step: press Latest » to return to the"
                          " game")
        state = self.state
        if not (state.is_chance_node() or self.is_bot_turn(state)):
            if state.is_terminal():
                raise IllegalAction(_over(state))
            raise Refusal(f"it is {state.names[state.current_player()]}'s turn: a person plays"
                          " this seat")
        self.paused = False
        self.epoch += 1  # "continue now": the move waiting for its moment goes at once
        self.run_bots(limit=1)
        self.continue_bots()

    def resume(self) -> None:
        """Continue after a round-end pause: the bots pick and play on."""
        self.paused = False
        self.cursor = len(self.steps) - 1
        self.epoch += 1
        self.continue_bots()

    # -- pacing ----------------------------------------------------------------------------------
    def set_pace(self, delay: float, hold: float | None = None,
                 scheduler: Scheduler | None = None) -> None:
        """Pace the bots: each bot action ``delay`` seconds after the one before, and
        ``hold`` seconds (default ``2.5 × delay``, at most 3 s) after a trick is complete, so
        the learner sees it. ``delay=0`` is instant. ``scheduler(seconds, callback)`` runs a
        callback later without blocking (default: the running asyncio loop's ``call_later``,
        as in a Jupyter or Voilà kernel); without one, the bots act at once (the synchronous
        path the tests use)."""
        self.delay = max(0.0, float(delay))
        self.hold = trick_hold(self.delay) if hold is None else max(0.0, float(hold))
        self.scheduler = scheduler if scheduler is not None else loop_scheduler()

    def stop(self) -> None:
        """The game is left (a view starts another): a bot move waiting does nothing, and no
        listener is told any more."""
        self.epoch += 1
        self.pending = False
        self.listeners.clear()

    def replan(self) -> None:
        """The bot move waiting for its moment is dropped and planned again at the pace now
        set (``instant``: the bots act at once)."""
        self.epoch += 1
        self.pending = False
        self.continue_bots()

    @property
    def paced(self) -> bool:
        return self.delay > 0 and self.scheduler is not None

    def continue_bots(self) -> None:
        """After a person's action: the bots reply, at once or paced (one action per moment,
        the listeners told after each)."""
        if not self.paced:
            self.run_bots()
            return
        self._schedule(self.epoch)

    def _schedule(self, epoch: int) -> None:
        if not self.is_live or self.paused or not self.autoplay:
            return
        state = self.state
        if state.is_chance_node():  # a deal needs no moment to be seen
            self.run_bots(limit=1)
            self.changed()
            state = self.state
        if not self.is_bot_turn(state) or self.paused or (
                self.step_by_step and state.phase == "play"):
            return
        prev = self.steps[-2].state if len(self.steps) > 1 else None
        # (trick_number counts the completed tricks: cheaper than building ``tricks``)
        just_completed = prev is not None and state.trick_number > prev.trick_number \
            and state.phase == "play"
        wait = self.hold if just_completed else self.delay
        self.pending = True
        assert self.scheduler is not None
        self.scheduler(wait, lambda: self._paced_step(epoch))

    def _paced_step(self, epoch: int) -> None:
        if epoch != self.epoch:  # taken back, continued by hand or a new action since
            return
        self.pending = False
        try:
            self.run_bots(limit=1)
        except Exception as e:  # a failing bot: the game waits (the Bot move button says why)
            log.exception("a paced bot move failed")
            self.failure = str(e)  # for a view without that button to say
            return
        finally:
            self.changed()
        self._schedule(epoch)

    # -- slow work (the coach) ------------------------------------------------------------------
    def mark(self) -> tuple[int, int, int]:
        """Where the game stands: a job started here is out of date once this changes (an
        undo or a new action moves ``epoch`` on; a step back or forward moves the cursor)."""
        return self.epoch, self.cursor, len(self.steps)

    def start_job(self, work: Callable[[], object], done: Callable[[object], None],
                  runner: Runner | None = None) -> None:
        """Run ``work`` (by ``runner``, default :func:`background_runner`) and hand its result
        to ``done``, unless the game has moved since (then the result is dropped: a Hint in
        progress is cancelled by an undo)."""
        mark = self.mark()

        def finish(result: object) -> None:
            if self.mark() == mark:
                done(result)

        (runner or background_runner())(work, finish)

    # -- taking back (practice) -------------------------------------------------------------------
    def undo_point(self) -> int | None:
        """The step to go back to for a take-back: the state before the latest action of a
        person, while its trick is not complete (for a pick: while the round's first trick is
        not complete; with ``take_back_until="round"``, while the round is on), in the same
        round; ``None`` when there is nothing to take back."""
        live = self.steps[-1].state
        for i in range(len(self.steps) - 1, 0, -1):
            step = self.steps[i]
            before = self.steps[i - 1].state
            if before.round_number != live.round_number or \
                    len(before.round_results) != len(live.round_results):
                return None  # a round ended since: the card or pick is scored
            if before.trick_number != live.trick_number and self.take_back_until == "trick":
                return None  # its trick is complete
            if step.seat is not None and step.seat in self.humans and \
                    not self.is_bot_turn(before):
                return i - 1
        return None

    def undo(self) -> None:
        """Take back the latest card or pick of a person (a real undo: the game goes on from
        the state before it; the bots' replies after it are taken back too). Refused once its
        trick is complete. Any bot move in progress is cancelled (``epoch`` moves on)."""
        point = self.undo_point()
        if point is None:
            raise Refusal("nothing to take back: a card can be taken back until its trick is "
                          "complete, a pick until the first trick is"
                          if self.take_back_until == "trick" else
                          "nothing to take back: you have not acted in this hand yet")
        self.epoch += 1
        self.moves_by_people += 1
        del self.steps[point + 1:]
        self.cursor = point
        self.paused = False

    # -- moving through the record ---------------------------------------------------------------
    def goto(self, index: int) -> None:
        if not 0 <= index < len(self.steps):
            raise Refusal(f"there is no step {index}: steps are 0..{len(self.steps) - 1}")
        self.cursor = index

    def back(self) -> None:
        if self.cursor == 0:
            raise Refusal("this is the first step")
        self.cursor -= 1

    def forward(self) -> None:
        if self.is_live:
            raise Refusal("this is the latest step")
        self.cursor += 1

    def to_live(self) -> None:
        self.cursor = len(self.steps) - 1

    def round_start(self) -> int:
        """Index of the first step of the round shown."""
        r = self.state.round_number
        i = self.cursor
        while i > 0 and self.steps[i - 1].state.round_number == r:
            i -= 1
        return i

    # -- listeners -------------------------------------------------------------------------------
    def changed(self) -> None:
        for f in list(self.listeners):
            f()


def kept_bots(bots: object, old: Session | None) -> object:
    """The bots for a new game or round: those given, else the choice made per seat in the
    game before (a learner who chose Random for Leo keeps it after New game)."""
    if bots is not None or old is None:
        return bots
    return {seat: old.bot_name(seat) or None for seat in old.bots}


def _over(state: State) -> str:
    return "the round is over" if getattr(state, "_round_only", False) else "the game is over"
