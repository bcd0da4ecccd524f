"""The Jass table: play a whole game of any Jass ruleset at one or more seats against bots,
with Swiss-suited cards (or French), teams shown, the forehand's choice with the
push, the Weis and Stöck of the hand with their points and who scores them, and the score
board as players keep it (:mod:`.score_boards`). Views hold no rules: every legal move, refusal,
Weis and score is the engine's (:class:`chaitea.State`). The game runs on the shared
:class:`~.session.Session`, as on the Chai Tea Jazz table: the bots' turns and their pacing, the
take-back (your last action in the hand), the step captions.

>>> from chaitea_widgets.jass_table import JassTable
>>> table = JassTable("schieber", seed=3, humans=(0,))
>>> table.state.phase, table.to_act() == 0 or table.state.phase == "play"
('picking', True)
>>> table.pick("trump(X)")           # refused in words, the state unchanged
False
>>> table.message.startswith("Trump(X) refused") and "RULES J" in table.message
True
>>> table.pick(table.legal()[0])     # the forehand's choice (or the partner's after a push)
True
>>> table.play(table.legal()[0])     # a legal card; the bots answer (paced in a kernel)
True

In a running kernel (Jupyter, Voilà) the session paces the bots as on the Chai Tea Jazz table:
each bot action a moment after the one before and a complete trick held a little longer
(:data:`~.table_bots.SPEEDS`; ``speed="instant"`` or the Bots menu turns it off). Outside a
kernel, or with ``speed="instant"``, they answer at once; :meth:`JassTable.set_speed` takes a
``scheduler(seconds, callback)`` for tests.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

import ipywidgets as w

from chaitea import State
from chaitea.core.markup import escape
from chaitea.engine.machine import round_seed
from chaitea.engine.registry import registered
from chaitea.engine.ruleset import Ruleset
from chaitea.records.record import MAX_RECORD_BYTES
from chaitea.records.record import loads as loads_record
from chaitea.rulesets import jass_game

from .base import Refusal, button, default_names, html, show
from .captions import describe
from .practice import BOT_STRENGTH, JassPractice
from .runners import Scheduler
from .score_boards import board_html, pad_labels
from .session import Session
from .stepped import SteppedView
from .strip import CardStrip, LoadButton, SaveButton, StripItem
from .table_bots import SPEEDS, check_speed
from .value_words import item_words, meld_words, suit_words

__all__ = ["BOT_STRENGTH", "JassTable"]

MAX_CHOICES = 14  # more legal items than this (guesses, bids) go in a drop-down


class JassTable(JassPractice, SteppedView):
    """A whole game of the Jass ruleset ``ruleset`` (``"schieber"``, ``"coiffeur"``, ...) with
    ``players`` seats, the ``humans`` seats played here and the others by ``bots`` (``"rule"``,
    ``"pimc"`` or ``"random"``). ``faces``: ``"swiss"`` (Acorns, Shields, Bells, Roses) or
    ``"french"``. Each hand is dealt from ``seed`` (:func:`chaitea.engine.machine.round_seed`).

    Actions: :meth:`pick`, :meth:`play`, :meth:`next_hand`, :meth:`new_game`, :meth:`load`,
    and the practice ones (:class:`~.practice.JassPractice`): :meth:`hint`, :meth:`advice`,
    :meth:`review`, :meth:`same_deal`, :meth:`take_back`, :meth:`set_bot`; the steps of the
    game reviewed (:class:`~.stepped.SteppedView`): :meth:`first`, :meth:`back`,
    :meth:`forward`, :meth:`live`; readers:
    :meth:`legal`, :meth:`to_act`, :attr:`state`, :attr:`message`.
    """

    css_class = "ctj-jass-table"

    def __init__(self, ruleset: str = "schieber", players: int | None = None, *, seed: int = 1,
                 humans: Iterable[int] = (0,), bots: str = "rule", faces: str = "swiss",
                 options: dict[str, object] | None = None, names: Sequence[str] | None = None,
                 open_hands: bool = False, speed: str = "normal") -> None:
        super().__init__()
        if bots not in BOT_STRENGTH:
            raise Refusal(f"bots is one of {', '.join(BOT_STRENGTH)}, not {bots!r}")
        check_speed(speed)
        self._scheduler: Scheduler | None = None  # None: the running kernel's loop, if any
        self.speed = w.Dropdown(options=[(k, k) for k in SPEEDS], value=speed,
                                description="Bots", layout=w.Layout(width="auto"))
        self.speed.add_class("ctj-speed")
        self.faces = faces
        self._ruleset, self._players, self._options = ruleset, players, dict(options or {})
        self._bot_name = bots
        self.open_hands = open_hands
        self._names = list(names) if names else None
        self._humans = tuple(humans)
        self.header = html("", "ctj-jass-header")
        self.seats = html("", "ctj-jass-seats")
        self.weis = html("", "ctj-jass-weis")
        self.caption_line = html("", "ctj-caption-line", "ctj-jass-caption")  # the latest step
        self.trick = CardStrip(interactive=False, label="the trick", faces=faces,
                               empty="No card on the table yet.", css_class="ctj-jass-trick")
        self.last = CardStrip(interactive=False, label="the last trick", faces=faces,
                              css_class="ctj-jass-last")
        self.hand = CardStrip(label="your hand", faces=faces, css_class="ctj-jass-hand",
                              empty="No cards left: the hand is over.")
        self.hand.on_click(self._guard(self.play))
        self.picks = w.HBox([])
        self.picks.add_class("ctj-jass-picks")
        self.board = html("", "ctj-jass-board")
        self.next_button = button("Next hand", "ctj-jass-next", primary=True,
                                  tooltip="deal the next hand")
        self.next_button.on_click(self._guard(lambda _b: self.next_hand()))
        self.save = SaveButton(label="Save game")
        self.upload = LoadButton(label="Load game", max_bytes=MAX_RECORD_BYTES)
        self.upload.on_file(self._guard(self._uploaded))
        self._pick_key: tuple[str, ...] = ()
        practice = self._practice_widgets()
        self.nav = self._nav_bar()
        self.new_game(seed)
        self.bot_box = w.VBox([self._bot_menu_box()])
        self.speed.observe(self._guard(lambda _c: self._apply_speed()), "value")
        felt = w.HBox([w.VBox([self.seats, self.weis]), self.trick, self.last])
        felt.add_class("ctj-jass-felt")
        self._finish(self.header, felt, self.caption_line, self.picks,
                     self.hand, self.status.widget, practice, self.nav,
                     w.HBox([self.next_button, self.save, self.upload, self.speed]), self.board,
                     self.bot_box)

    def _nav_bar(self) -> w.HBox:
        """The steps of the game, reviewed: the hand's start, back, forward, the game now."""
        (self.first_button, self.step_back_button, self.step_label, self.forward_button,
         self.live_button) = buttons = self._nav_buttons("Start of the hand")
        nav = w.HBox(list(buttons))
        nav.add_class("ctj-nav")
        return nav

    def _after_move(self) -> None:
        """Back at the game: the bots go on (at the table's pace)."""
        self.status.set("")
        if self.session.is_live:
            self.session.replan()

    # -- the game ---------------------------------------------------------------------------
    def new_game(self, seed: int) -> None:
        """A new game of the same ruleset and seats, its hands dealt from ``seed``; each bot
        seat keeps the bot chosen for it."""
        game = jass_game(self._ruleset, self._players, options=self._options)
        n = game.players
        bad = [h for h in self._humans if type(h) is not int or not 0 <= h < n]
        if bad:
            raise Refusal(f"humans must be seats 0..{n - 1}, not {bad[0]!r}")
        self._seed = seed
        bots = self._bot_choices(n) if hasattr(self, "session") else dict.fromkeys(
            range(n), self._bot_name)
        self._start(game.new_initial_state(names=self._names or default_names(n)), bots)

    def _start(self, state: State, bots: dict[int, str]) -> None:
        """Play ``state`` in a new session: the ``bots`` by name at the seats not played here,
        each hand dealt from the table's seed (:func:`round_seed`), a take-back for the whole
        hand; the bots start at the table's pace (a paced move of the game before is void)."""
        old = getattr(self, "session", None)
        if old is not None:
            old.stop()
        seed = self._seed
        ses = Session(state, humans=self._humans, seed=seed, autoplay=False,
                      bots={s: b for s, b in bots.items() if s not in self._humans},
                      deal_seed=lambda k: round_seed(seed, k), take_back_until="round",
                      captions=partial(describe, faces=self.faces))
        self.session = ses
        ses.autoplay = True
        ses.set_pace(SPEEDS[self.speed.value], scheduler=self._scheduler)
        ses.listeners.append(self._render)
        ses.continue_bots()  # the deal, and the bots up to a person's turn
        self._render()

    @property
    def state(self) -> State:
        """The game as it stands (the session's)."""
        return self.session.state

    @state.setter
    def state(self, state: State) -> None:
        """Show and play ``state`` from here (a game set up elsewhere)."""
        self._start(state, self._bot_choices(state.game.players))

    def _bot_choices(self, players: int) -> dict[int, str]:
        """The bot of each seat by name, as chosen at this table (for a new session)."""
        ses = self.session
        return {s: ses.bot_name(s) or self._bot_name for s in range(players)}

    def next_hand(self) -> None:
        """Deal the next hand (between hands only)."""
        phase = self.session.live_state.phase
        if phase != "deal":
            raise Refusal("the hand is still on: finish it first" if phase != "end"
                          else "the game is over: start a new game")
        self.session.resume()
        self._render()

    def load(self, text: str) -> bool:
        """Load a saved Jass game (a ``chaitea-record/1`` record); the current game stays when
        the record is refused (the message says why)."""
        def run() -> None:
            state = loads_record(text)
            if not isinstance(registered(state.game.name), Ruleset):  # not a table's game
                raise Refusal("this is a Chai Tea Jazz record: open it on the Chai Tea Jazz table")
            n = state.game.players
            bots = self._bot_choices(n)
            self._ruleset, self._players = state.game.name, n
            self._humans = tuple(h for h in self._humans if h < n) or (0,)
            self._start(state, bots)
            self.bot_box.children = [self._bot_menu_box()]  # this game's bot seats
        return self._attempt(run, "Game loaded.")

    def _uploaded(self, name: str, size: int, data: bytes | None) -> None:
        if data is None:
            self.status.error(f"{name} is too large for a game record (at most "
                              f"{MAX_RECORD_BYTES:,} bytes). The current game goes on.")
            return
        self.load(data.decode("utf-8", errors="replace"))

    # -- actions ----------------------------------------------------------------------------
    def legal(self) -> list[str]:
        """The legal moves of the seat to act, when it is played here and the game is shown
        as it stands (else ``[]``)."""
        live = self.session.is_live
        return self.state.legal_moves() if live and self.to_act() in self._humans else []

    def to_act(self) -> int:
        """The seat to act (negative at a deal or the end)."""
        return int(self.state.current_player())

    def pick(self, item: str) -> bool:
        """Write a picking item for the seat to act (a contract, ``push``, ``pass``, ...)."""
        return self._act(item, "picking")

    def play(self, card: str) -> bool:
        """Play a card for the seat to act."""
        return self._act(card, "play")

    def _act(self, action: str, phase: str) -> bool:
        def run() -> None:
            if not self.session.is_live:
                raise Refusal("you are looking at an earlier step: press Latest » to return "
                              "to the game")
            if self.state.phase != phase:
                raise Refusal(f"it is not the time to {'pick' if phase == 'picking' else 'play'}"
                              f" (now: {self.state.phase})")
            self.session.act(action)  # a bot's turn or the engine's refusal: nothing changes
            self.status.set("")
            self.coach.value = ""
        ok = self._attempt(run)
        if ok:
            self._render()
        return ok

    def set_speed(self, speed: str, scheduler: Scheduler | None = None) -> bool:
        """How fast the bots play: ``instant``, ``fast``, ``normal`` or ``slow`` (paced in a
        running kernel, or with a ``scheduler(seconds, callback)`` given)."""
        def run() -> None:
            check_speed(speed)
            if scheduler is not None:
                self._scheduler = scheduler
            if self.speed.value == speed:
                self._apply_speed()
            self.speed.value = speed
        return self._attempt(run)

    def _apply_speed(self) -> None:
        """The session paces the bots at the speed chosen; a move waiting is planned again."""
        self.session.set_pace(SPEEDS[self.speed.value], scheduler=self._scheduler)
        self.session.replan()
        self._render()

    def _after_error(self) -> None:
        self._render()

    # -- drawing ----------------------------------------------------------------------------
    def _render(self) -> None:
        s = self.state
        g = s.game
        with self._hold(self.header, self.seats, self.weis, self.board, self.caption_line):
            self.header.value = self._header_html()
            self.seats.value = self._seats_html()
            self.weis.value = self._weis_html()
            self.board.value = board_html(s, self.faces)
            self.caption_line.value = escape(self._recent_steps())
        cards = g.deck.cards
        # the trick on the table while the hand is played; at the hand's end its last trick
        # is on the last-trick strip only (the engine keeps it as the current trick too)
        trick = s.trick if s.phase == "play" else []
        leader = s.trick_leader
        self.trick.set_items([StripItem(card=c, caption=s.names[(leader + i) % g.players])
                              for i, c in enumerate(trick)])
        done = s.trick_ids()
        if done:  # the last trick stays in view, its winner framed
            lead, ids, win = done[-1]
            self.last.set_items([StripItem(kind="label", text=f"Last trick, won by "
                                           f"{s.names[win]}:")] + [
                StripItem(card=cards[c], caption=s.names[(lead + i) % g.players],
                          highlight="win" if (lead + i) % g.players == win else "")
                for i, c in enumerate(ids)])
        show(self.last, bool(done))
        seat = self._shown_seat()
        legal = set(self.legal()) if s.phase == "play" and self.to_act() == seat else set()
        hand = self._sorted(s.hand(seat)) if seat is not None else []
        self.hand.label = f"{s.names[seat]}'s hand" if seat is not None else "your hand"
        self.hand.set_items([StripItem(card=c, playable=(str(c) in legal) if legal else None)
                             for c in hand])
        self._render_picks()
        self._update_practice()
        ses = self.session
        show(self.next_button, s.phase == "deal" and ses.is_live)
        live = ses.live_state  # saved as it stands, whichever step is shown
        self.save.payload = json.dumps(live.record())
        self.save.filename = f"chaitea-{g.name}-hand{live.round_number}.json"
        self.step_label.value = f"step {ses.cursor} of {len(ses.steps) - 1}"
        self.first_button.disabled = ses.cursor == ses.round_start()
        self.step_back_button.disabled = ses.cursor == 0
        self.forward_button.disabled = self.live_button.disabled = ses.is_live
        if s.phase == "end":
            self.status.ok(self._end_words())
        elif self.session.failure:  # a paced bot move failed: the game waits, and says why
            self.status.error(self.session.failure)
            self.session.failure = ""

    def _recent_steps(self, most: int = 6) -> str:
        """The steps since the latest action of a person here (theirs first) in words, the
        last ``most`` of them: the bots' replies, the trick taken, the hand written."""
        ses = self.session
        if not ses.is_live:
            return f"Reviewing (Latest » returns to the game): {ses.caption}"
        steps = ses.steps
        i = len(steps) - 1
        while i > 0 and steps[i].seat not in self._humans:
            i -= 1
        return " ".join(step.caption for step in steps[max(i, len(steps) - most):])

    def _sorted(self, cards: list[Any]) -> list[Any]:
        """A hand as players hold it: trumps first, then each suit, strongest first in the
        trick now played (the engine's strength tables); before the choice, in deck order."""
        s = self.state
        g = s.game
        index = g.deck.index_of
        if not s.contract or s.phase != "play" or g.deck.size != 36:  # (two decks: deck order)
            return sorted(cards, key=index)
        _legal, strength, _points = g.plan(s.contract, len(s.trick_ids()), s.trump)
        trump = s.trump

        def key(c: Any) -> tuple[int, int, int]:
            i = index(c)
            suit = i // 9
            return (0 if suit == trump else 1, suit, -strength[suit][i])
        return sorted(cards, key=key)

    def _shown_seat(self) -> int | None:
        seat = self.to_act()
        if seat in self._humans:
            return seat
        return self._humans[0] if self._humans else None

    def _render_picks(self) -> None:
        s = self.state
        legal = tuple(self.legal()) if s.phase == "picking" else ()
        if legal == self._pick_key:
            return
        self._pick_key = legal
        children: list[w.Widget] = []
        if legal and len(legal) > MAX_CHOICES:
            menu = w.Dropdown(options=[(item_words(x, self.faces), x) for x in legal],
                              description="Choose:")
            go = button("Write it", "ctj-jass-pick-go", primary=True)
            go.on_click(self._guard(lambda _b: self.pick(str(menu.value))))
            children = [menu, go]
        else:
            for x in legal:
                b = button(item_words(x, self.faces), "ctj-jass-pick", tooltip=x)
                b.on_click(self._guard(lambda _b, x=x: self.pick(x)))
                children.append(b)
        self.picks.children = children

    def _header_html(self) -> str:
        s = self.state
        g = s.game
        parts = [f"<b>{g.ruleset.title}</b>", f"hand {s.round_number}"]
        contract = s.contract
        if contract:
            parts.append(item_words(contract, self.faces))
            mult = getattr(g.table.score, "scoring", None)
            factor = mult.factor(contract) if mult is not None else 1
            if factor != 1:
                parts.append(f"×{factor}")
            if (s.phase == "play" and s.trump >= 0 and not contract.startswith("trump(")):
                # Tutti's trump once set, 3x3's chosen trump of this trick (RULES J)
                parts.append(f"trump now: {suit_words(s.trump, self.faces)}")
        fh = s.forehand
        line = " · ".join(parts)
        who = f"Forehand: {escape(s.names[fh])}"
        if s.declarer is not None and s.declarer != fh:
            who += f"; pushed, {escape(s.names[s.declarer])} chose"
        if s.phase == "picking":
            who += f" · {escape(s.names[self.to_act()])} to choose"
        summary = self._hand_summary() if s.phase in ("deal", "end") else ""
        return f"<div>{line}</div><div><small>{who}</small></div>{summary}"

    def _hand_summary(self) -> str:
        """The hand just finished in words: each side's card points, Weis, Stöck, the Match,
        the multiplier and what was written (the engine's round result)."""
        s = self.state
        g = s.game
        if not s.round_results:
            return ""
        res = s.round_results[-1]
        if res.get("played", True) is False:
            return ('<div class="ctj-jass-summary">The game was decided on Stöck and Weis: '
                    "the hand was not played (RULES J).</div>")
        sides = g.side_names or s.names
        parts = []
        for side, name in enumerate(sides):
            bits = [f"{res['card_points'][side]} card points"]
            if res["weis"][side]:
                bits.append(f"Weis {res['weis'][side]}")
            if res["stoeck"][side]:
                bits.append(f"Stöck {res['stoeck'][side]}")
            if res.get("match") == side:
                bits.append("Match +100")
            score = res.get("score")
            written = score[side] if isinstance(score, (list, tuple)) else None
            tail = f" → {written}" if written is not None else ""
            parts.append(f"{escape(name)}: {', '.join(bits)}{tail}")
        mult = res.get("multiplier", 1)
        times = f" (×{mult})" if mult != 1 else ""
        key = str(res.get("row"))
        row = (f"; row {escape(pad_labels(s, self.faces).get(key, key))}: {res['score']}"
               if "row" in res else "")
        return (f'<div class="ctj-jass-summary"><b>Hand {len(s.round_results)}'
                f"{times}:</b> {'; '.join(parts)}{row}</div>")

    def _seats_html(self) -> str:
        s = self.state
        g = s.game
        won = [0] * g.players
        for _lead, _ids, win in s.trick_ids():
            won[win] += 1
        rows = []
        for seat in range(g.players):
            team = (f"team {escape(g.side_names[g.side_of[seat]])}" if g.side_names else "")
            mark = " ◀" if seat == self.to_act() else ""
            who = "you" if seat in self._humans else "bot"
            hidden = "" if seat in self._humans or not self.open_hands else (
                " · " + " ".join(str(c) for c in s.hand(seat)))
            tricks = f"{won[seat]} trick" + ("" if won[seat] == 1 else "s")
            rows.append(f"<tr><td>{escape(s.names[seat])}{mark}</td><td>{who}</td><td>{team}</td>"
                        f"<td>{tricks}</td><td>{hidden}</td></tr>")
        return f'<table class="ctj-jass-seat-table">{"".join(rows)}</table>'

    def _weis_html(self) -> str:
        s = self.state
        g = s.game
        decl = s.weis_declared
        if s.phase not in ("play", "deal", "end") or decl is None:
            return ""
        lines = []
        for seat, melds in enumerate(decl.melds):
            if melds:
                words = ", ".join(meld_words(m, self.faces) for m in melds)
                lines.append(f"{escape(s.names[seat])}: {escape(words)}")
        sides = g.side_names or s.names
        if decl.winner is not None and any(decl.points):
            lines.append(f"{'Team ' if g.side_names else ''}{escape(sides[decl.winner])} "
                         f"scores {decl.points[decl.winner]} for Weis")
        elif any(decl.melds):
            lines.append("Equal best Weis: nobody scores them (RULES J)")
        for side, pts in enumerate(s.stoeck_points):
            if pts:
                lines.append(f"Stöck (trump King and Ober): {pts} for "
                             f"{'Team ' if g.side_names else ''}{escape(sides[side])}")
        return "<br>".join(lines)

    def _end_words(self) -> str:
        s = self.state
        g = s.game
        win = s.winner()
        sides = g.side_names or s.names
        if win is None:
            return "The game is over: a tie."
        return f"The game is over: {sides[win]} won ({', '.join(map(str, s.totals()))})."
