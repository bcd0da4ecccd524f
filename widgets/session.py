"""The controller behind the picking panel, the trick table and the dashboard: one engine
state, the seats people play, the bots for the others, and the recorded steps to move back and
forward through. It holds no rules: every legality, winner and score comes from the engine."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import ipywidgets as w

from chaitea import ChaiTeaError, Game, GameState, IllegalAction, TrickRecord
from chaitea.ai.bots import Bot, RuleBot, make_bot
from chaitea.draw.svg import card_name
from chaitea.engine.actions import Accept, Decline, Offer, Pass, Pick, Play, Rescind

from .base import Refusal, View, button, pick_title
from .words import plain_reason

__all__ = ["BOT_CHOICES", "Runner", "Scheduler", "Session", "Step", "background_runner",
           "bot_named", "kept_bots", "make_bots"]


log = logging.getLogger(__name__)
Scheduler = Callable[[float, Callable[[], None]], object]
# runs ``work()`` somewhere and hands its result (or the exception it raised) to ``done``
Runner = Callable[[Callable[[], object], Callable[[object], None]], None]


def background_runner() -> Runner:
    """Slow work (a Hint, Advice, a review) off the kernel's event loop: in the running
    asyncio loop's default executor (a thread), ``done`` called back on the loop, so the page
    never freezes; outside a running loop (plain Python, the tests) the work runs at once."""
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        loop = None
    if loop is None or not loop.is_running():
        def now(work: Callable[[], object], done: Callable[[object], None]) -> None:
            try:
                result = work()
            except Exception as e:  # handed on: the view shows it in words
                result = e
            done(result)

        return now
    running = loop

    def threaded(work: Callable[[], object], done: Callable[[object], None]) -> None:
        future = running.run_in_executor(None, work)

        def finished(f: asyncio.Future[object]) -> None:
            try:
                result = f.result()
            except Exception as e:
                result = e
            done(result)

        future.add_done_callback(finished)

    return threaded


def _loop_scheduler() -> Scheduler | None:
    """``loop.call_later`` of the asyncio loop running this kernel (Jupyter, Voilà), or
    ``None`` outside one (plain Python, the tests): pacing never blocks the kernel."""
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    if not loop.is_running():
        return None

    def later(seconds: float, callback: Callable[[], None]) -> object:
        return loop.call_later(seconds, callback)

    return later


@dataclass(frozen=True)
class Step:
    """A recorded point of the game: the state after an action, with words for it."""

    state: GameState
    caption: str
    seat: int | None = None  # who acted (None: the start or a deal)


# the bots a learner may choose for a bot seat (``chaitea.ai.bots.make_bot`` names)
BOT_CHOICES = {"rule": "Rule-based", "random": "Random", "pimc": "Monte Carlo"}
DEFAULT_BOT = "rule"
PIMC_SAMPLES = 12  # a Monte Carlo bot chosen at the table: a short budget per card


def bot_named(name: str, seed: int) -> Bot:
    """A bot by its :data:`BOT_CHOICES` name, seeded; an unknown name is refused."""
    if name not in BOT_CHOICES:
        raise Refusal(f"a bot is one of {', '.join(BOT_CHOICES)}, not {name!r}")
    if name == "pimc":
        return make_bot(name, seed, samples=PIMC_SAMPLES)
    return make_bot(name, seed)


def make_bots(players: int, bots: object = None, seed: int = 0) -> dict[int, Bot]:
    """Bots per seat: ``None`` gives each seat a :class:`~chaitea.ai.bots.RuleBot`; a name
    (``"random"``, ``"rule"``, ``"pimc"``) or one object with ``act(state)`` plays every bot
    seat; a sequence or mapping gives them per seat (names or objects)."""
    out: dict[int, Bot] = {}
    for s in range(players):
        bot: object
        if bots is None:
            bot = None
        elif isinstance(bots, str):
            bot = bots
        elif isinstance(bots, Mapping):
            bot = bots.get(s)
        elif isinstance(bots, Sequence):
            bot = bots[s] if s < len(bots) else None
        else:
            bot = bots
        if bot is None:
            bot = RuleBot(seed * 7919 + s)
        elif isinstance(bot, str):
            bot = bot_named(bot, seed * 7919 + s)
        if not callable(getattr(bot, "act", None)):
            raise Refusal(f"a bot needs a method act(state) -> action id; {bot!r} has none")
        out[s] = bot  # type: ignore[assignment]
    return out


class Session:
    """A game (or one round) in progress with its history.

    ``humans`` are the seats people play; bots play the others (``bots_pick=True`` lets the bots
    pick for every seat, people included: the trick table on its own). Steps are recorded after
    every action so a view can go back and forward (``back``, ``forward``, ``goto``); acting at an
    earlier step continues the game from there. ``pause_at_round_end`` stops the bots after a
    round until :meth:`resume` (so the round summary can be read). ``autoplay=False`` lets the
    bots act only one step at a time (:meth:`step_bot`), to watch an all-bot table.
    """

    def __init__(self, state: GameState, *, humans: Iterable[int] = (0,), bots: object = None,
                 seed: int = 0, bots_pick: bool = False, pause_at_round_end: bool = True,
                 autoplay: bool = True, max_steps: int = 20000) -> None:
        self.game: Game = state.game
        n = self.game.players
        self.humans = tuple(sorted({h for h in humans if 0 <= h < n}))
        self.bots = make_bots(n, bots, seed)
        self.bots_pick = bots_pick
        self.pause_at_round_end = pause_at_round_end
        self.autoplay = autoplay
        self.paused = False
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
        self.moves_by_people = 0  # a view's message stays until a person acts again
        self.step_by_step = False  # presenter: bots' cards one at a time (picking goes on)
        self.run_bots()

    # -- reading ---------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The state shown (the step at the cursor). Do not change it: use :meth:`act`."""
        return self.steps[self.cursor].state

    @property
    def live_state(self) -> GameState:
        return self.steps[-1].state

    @property
    def is_live(self) -> bool:
        return self.cursor == len(self.steps) - 1

    @property
    def caption(self) -> str:
        return self.steps[self.cursor].caption

    def is_bot_turn(self, state: GameState | None = None) -> bool:
        s = self.state if state is None else state
        seat = s.current_player()
        if seat < 0:
            return False
        return seat not in self.humans or (self.bots_pick and s.phase == "picking")

    def is_human_turn(self, state: GameState | None = None) -> bool:
        s = self.state if state is None else state
        return s.current_player() >= 0 and not self.is_bot_turn(s)

    def names(self) -> list[str]:
        return list(self.state.names)

    def bot_name(self, seat: int) -> str:
        """The :data:`BOT_CHOICES` name of the bot playing ``seat`` (``""`` for another
        kind of bot object)."""
        bot = self.bots.get(seat)
        for name, cls in (("rule", "RuleBot"), ("random", "RandomBot"), ("pimc", "PimcBot")):
            if type(bot).__name__ == cls:
                return name
        return ""

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
        self._push(Step(new, describe(state, new), seat))
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
                seed = self.rng.getrandbits(31)
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
                self._push(Step(new, describe(state, new), seat))
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
        self.hold = min(3.0, 2.5 * self.delay) if hold is None else max(0.0, float(hold))
        self.scheduler = scheduler if scheduler is not None else _loop_scheduler()

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
        except Exception:  # a failing bot: the game waits (the Bot move button says why)
            log.exception("a paced bot move failed")
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
        not complete), in the same round; ``None`` when there is nothing to take back."""
        live = self.steps[-1].state
        for i in range(len(self.steps) - 1, 0, -1):
            step = self.steps[i]
            before = self.steps[i - 1].state
            if before.round_number != live.round_number or \
                    len(before.round_results) != len(live.round_results):
                return None  # a round ended since: the card or pick is scored
            if before.trick_number != live.trick_number:
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
                          "complete, a pick until the first trick is")
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


def describe(before: GameState, after: GameState) -> str:
    """Words for the step from ``before`` to ``after`` (one action), from the engine's state."""
    g = before.game
    names = before.names
    seat = before.current_player()
    who = names[seat]
    hist = after.history()
    a = g.action(hist[-1]) if hist else None
    text = ""
    if isinstance(a, Play):
        text = f"{who} plays {a.card} ({card_name(a.card)})."
        if after.trick_number > before.trick_number or len(after.round_results) > len(
                before.round_results):
            trick = _last_trick(after)
            if trick is not None:
                why = plain_reason(trick.reason, before.contract, after.trick_number - 1,
                                   g.n_tricks)
                text += f" {names[trick.winner]} takes the trick ({why})."
    elif isinstance(a, Pass):
        text = f"{who} passes (Hard Pass: out for the rest of this picking phase)."
    elif isinstance(a, Pick):
        title = pick_title(g, a.spelling)
        if before.offer_stage == "accepted":
            text = f"{who} took the offer and picks {title} (no Bet Debt)."
        elif before.forced:
            text = f"Everyone passed, so {who}, holding the barrel, must pick: {title}."
        elif a.debt:
            text = (f"{who} takes on {a.debt} Bet Debt to pick {title} and takes the Current "
                    f"Bet card; the Barrel card turns to {a.debt}.")
        else:
            text = f"{who} picks {title} and takes the Current Bet card (no Bet Debt)."
    elif isinstance(a, Offer):
        text = f"{who} offers {a.amount} points to whoever takes the pick (Passing the Barrel)."
    elif isinstance(a, Accept):
        text = f"{who} accepts the offer of {before.offer} points and will pick."
    elif isinstance(a, Decline):
        text = f"{who} declines the offer."
    elif isinstance(a, Rescind):
        text = f"{who} rescinds the offer and must pick."
    if after.phase == "picking" and after.forced and not before.forced:
        text += f" Everyone has passed: {names[after.barrel]} holds the barrel and must pick."
    if before.phase == "picking" and after.phase == "play" and after.contract is not None:
        d = after.declarer
        assert d is not None
        debt = f" with Bet Debt {after.bet_debt}" if after.bet_debt else ""
        row = next((r for r in g.setup.rows if r.key == after.row), None)
        title = after.contract.title
        if row is not None and row.is_joker:
            title = f"Joker: {title}"
        text += (f" {title} is the contract: {names[d]} declares{debt}"
                 " and leads the first trick.")
    if len(after.round_results) > len(before.round_results):
        r = after.round_results[-1]
        text += (f" Round over: {names[r.declarer]} scores {r.score} in the "
                 f"{_row_title(g, r.row)} row.")
        if after.is_terminal() and not getattr(after, "_round_only", False):
            text += " The game is over."
    return text.strip()


def _over(state: GameState) -> str:
    return "the round is over" if getattr(state, "_round_only", False) else "the game is over"


def _last_trick(state: GameState) -> TrickRecord | None:
    tricks = state.tricks
    return tricks[-1] if tricks else None


def _row_title(game: Game, key: str) -> str:
    for row in game.setup.rows:
        if row.key == key:
            return row.title
    return key or "round"


class SteppedView(View):
    """A view over a :class:`Session` whose recorded steps can be walked (the picking panel and
    the trick table): back, forward, first, live. ``_after_move`` says what the status line
    shows after a step."""

    session: Session

    def _after_move(self) -> None:
        self.status.set("")

    def _move(self, run: Callable[[], object]) -> bool:
        ok = self._attempt(run)
        if ok:
            self._after_move()
            self._notify()
        return ok

    def back(self) -> bool:
        """One step back (the state before the latest action shown)."""
        return self._move(self.session.back)

    def forward(self) -> bool:
        """One step forward again."""
        return self._move(self.session.forward)

    def live(self) -> bool:
        """Back to the game as it stands now."""
        return self._move(self.session.to_live)

    def first(self) -> bool:
        """The first step of the round shown."""
        return self._move(lambda: self.session.goto(self.session.round_start()))

    def undo(self) -> bool:
        """Practice: take back your latest card or pick (until its trick is complete); the
        game goes on from there, and any bot move in progress is cancelled."""
        def run() -> None:
            if not self.practice:
                raise Refusal("taking back is for practice: this game counts every card")
            if getattr(self, "example_number", None) is not None:
                raise Refusal("a rulebook example is stepped through, not taken back: use "
                              "◀ Back")
            self.session.undo()

        ok = self._attempt(run)
        if ok:
            self._notify()
            self.status.ok(f"Taken back. {_your_turn(self.session)}".strip())
            self._after_undo()
        return ok

    def _after_undo(self) -> None:
        """Hook: redraw what the status line's new words change (the caption line)."""

    practice = True

    def _undo_button(self) -> w.Button:
        b = button("↶ Take back", "ctj-undo", tooltip="Take back your last card or pick "
                   "(until its trick is complete)", quiet=True)
        b.on_click(lambda _b: self.undo())
        return b


def _your_turn(session: Session) -> str:
    s = session.state
    seat = s.current_player()
    if seat < 0:
        return ""
    return f"{s.names[seat]} is to {'play' if s.phase == 'play' else 'speak'} again."
