"""The picking panel: step through a picking phase, with the Barrel and Current Bet cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import ipywidgets as w

from chaitea import Game, GameState
from chaitea.core.markup import escape
from chaitea.draw.svg import barrel_svg, bet_card_svg
from chaitea.engine.actions import Accept, Decline, Offer, Pass, Pick, Rescind

from .base import Refusal, button, default_names, html, pick_title, show, sort_cards
from .session import Runner, Session
from .stepped import SteppedView
from .strip import CardStrip

if TYPE_CHECKING:  # the coach (and pandas) load on the first Advice, not with the page
    from chaitea.ai.coach import Advice

ADVICE_SAMPLES = 40  # sampled deals per Advice (about a second on this machine, in a thread)

__all__ = ["EXAMPLES", "PickingPanel"]

# The rulebook's four picking examples (Aslan = seat 0, Leo = 1, Mufasa = 2; Aslan holds the
# barrel), as record actions, with the rulebook's words.
EXAMPLES: dict[int, tuple[list[str], str]] = {
    1: (["trump(D)", "pass", "pass"],
        "Aslan has the Barrel card and decides to pick Trump as the contract, with Diamonds as "
        "the trump suit. The other players all pass. Trump (Diamonds) is the contract and "
        "players move to the Trick-Taking phase."),
    2: (["pass", "pass", "pass", "under"],
        "Aslan has the Barrel card and decides to pass. All the other players pass. Aslan is "
        "forced to pick a contract, and he chooses Under. Under is the contract and players "
        "move to the Trick-Taking phase."),
    3: (["pass", "under", "5 trump(H)", "10 under", "20 trump(H)", "pass"],
        "Aslan has the Barrel card and decides to pass. Leo picks Under as the contract, taking "
        "the Current Bet card. Mufasa picks Trump (Hearts) as the contract. He increases the Bet "
        "Debt to 5 points and takes the Current Bet card. Aslan passed, so he is skipped. Leo "
        "takes on 10 Bet Debt to pick Under. Mufasa takes on 20 Bet Debt to pick Trump "
        "(Hearts). Aslan passed, so he is skipped. Leo passes. Trump (Hearts) is the contract."),
    4: (["joker=under", "pass", "5 slalom(high)", "10 under", "pass"],
        "Aslan has the Barrel card and decides to pick Joker (Under) as the contract. Leo "
        "passes. Mufasa takes on 5 Bet Debt to pick Slalom as the contract. Aslan takes on 10 "
        "Bet Debt to pick Under as the contract. Notice Aslan changed their contract, which is "
        "allowed. Mufasa passes. Under is the contract."),
}

HARD_PASS = (
    "<p><b>Hard Pass:</b> a player who passes is out for the rest of this picking phase. "
    "The first pick carries no Bet Debt; every later pick must raise it, in steps of the "
    "Barrel card, up to its maximum. When play comes back round to the holder of the Current "
    "Bet, they declare. If everyone passes, the barrel holder must pick (no Bet Debt).</p>")


class PickingPanel(SteppedView):
    """Step through a picking phase: who holds the Barrel and the Current Bet card, the Bet
    Debt, and only the legal choices for the seat to speak. Every seat is played by the user
    (hot seat) unless ``humans`` names some seats; bots play the others.

    >>> from chaitea_widgets import PickingPanel
    >>> panel = PickingPanel(players=3, seed=1)
    >>> panel.pass_()          # Aslan passes (Hard Pass)
    True
    >>> panel.pick("under")    # Leo picks Under: the first pick carries no Bet Debt
    True
    >>> panel.pick("trump(H)", debt=5)
    True
    >>> panel.example(3)       # replay the rulebook's third example, then step through it
    >>> _ = panel.forward(); print(panel.caption)
    Aslan passes (Hard Pass: out for the rest of this picking phase).

    Actions: :meth:`pick`, :meth:`pass_`, :meth:`offer`, :meth:`accept`, :meth:`decline`,
    :meth:`rescind`; moving: :meth:`back`, :meth:`forward`, :meth:`first`, :meth:`live`;
    :meth:`example` (1-4) and :meth:`new_round`. Each returns True when it went through;
    a refusal is shown in words in the status line (``panel.message``).
    """

    css_class = "ctj-picking-panel"

    def __init__(self, players: int = 3, seed: int = 1, *, setup: str = "standard",
                 names: Sequence[str] | None = None, humans: Iterable[int] | None = None,
                 bots: object = None, passing_the_barrel: bool = False,
                 match_point: bool = False, barrel: int = 0, example: int | None = None,
                 session: Session | None = None, show_examples: bool = True,
                 four_colour: bool = False, branch_examples: bool = False) -> None:
        super().__init__()
        # a rulebook example is watched, not played: its live buttons are off, unless
        # ``branch_examples`` lets a learner try their own choice from any of its steps
        self.branch_examples = branch_examples
        self._seed = seed
        self._players = players
        self._setup = setup
        self._names = list(names) if names else None
        self._humans = None if humans is None else tuple(humans)
        self._bots = bots
        self._ptb = passing_the_barrel
        self._match_point = match_point
        self._barrel = barrel
        self.title = html("", "ctj-title")
        self.seats = html("", "ctj-seats")
        self.cards = html("", "ctj-bet-cards")
        self.prompt = html("", "ctj-prompt")
        self.contract = w.Dropdown(options=[], description="Contract")
        self.contract.add_class("ctj-contract")
        self.debt = w.IntSlider(value=0, min=0, max=35, step=5, description="Bet Debt",
                                continuous_update=False)
        self.debt.add_class("ctj-debt")
        # the Bet Debt as buttons, one per legal amount (a slider is hard to set on a phone):
        # the slider stays as the value's holder (and for code), hidden
        self.debt_choice = w.ToggleButtons(options=[("0", 0)], value=0, description="Bet Debt",
                                           style={"button_width": "auto"})
        self.debt_choice.add_class("ctj-debt-choice")
        self.debt.layout.display = "none"
        self.pick_button = button("Pick", "ctj-pick", primary=True,
                                  tooltip="Pick this contract with this Bet Debt")
        self.pass_button = button("Pass", "ctj-pass", tooltip="Hard Pass: out for this phase")
        self.offer_amount = w.Dropdown(options=[], description="Offer")
        self.offer_amount.add_class("ctj-offer-amount")
        self.offer_button = button("Offer", "ctj-offer", tooltip="Passing the Barrel: offer points")
        self.accept_button = button("Accept", "ctj-accept", primary=True)
        self.decline_button = button("Decline", "ctj-decline")
        self.rescind_button = button("Rescind and pick", "ctj-rescind")
        # the coach: Advice at your pick (worked out off the kernel's loop); its one HTML
        # line is made on the first Advice (a page's load sends only what it shows)
        self.advice_button = button("Advice", "ctj-advice", quiet=True,
                                    tooltip="The coach's expected round score of each pick")
        self.advice_button.on_click(lambda _b: self.request_advice())
        self._advice_line: w.HTML | None = None
        self._advice_at: tuple[int, int, int] | None = None
        self.choices = w.HBox([self.contract, self.debt, self.debt_choice, self.pick_button,
                               self.pass_button, self.advice_button])
        self.choices.add_class("ctj-choices")
        self.offers = w.HBox([self.offer_amount, self.offer_button, self.accept_button,
                              self.decline_button, self.rescind_button])
        self.offers.add_class("ctj-offers")
        self.hand_title = html("", "ctj-heading")
        self.hand = CardStrip(interactive=False, size="small", label="hand",
                              four_colour=four_colour, css_class="ctj-picking-hand")
        self.first_button = button("« Start", "ctj-first", tooltip="First step", quiet=True)
        self.back_button = button("◀ Back", "ctj-back", tooltip="One step back", quiet=True)
        self.step_label = html("", "ctj-step-label")
        self.forward_button = button("Forward ▶", "ctj-forward", tooltip="One step forward",
                                     quiet=True)
        self.live_button = button("Latest »", "ctj-live", tooltip="Latest step", quiet=True)
        self.undo_button = self._undo_button()
        self.nav = w.HBox([self.undo_button, self.first_button, self.back_button,
                           self.step_label, self.forward_button, self.live_button])
        self.nav.add_class("ctj-nav")
        self.caption_line = html("", "ctj-caption-line")
        self.log = html("", "ctj-log", "ctj-note")
        self.example_buttons = [button(f"Example {k}", f"ctj-example-{k}", quiet=True,
                                       tooltip=f"Replay the rulebook's picking example {k}")
                                for k in EXAMPLES]
        self.new_round_button = button("New round", "ctj-new-round",
                                       tooltip="Deal a new round and start picking")
        self.example_bar = w.HBox([*self.example_buttons, self.new_round_button])
        self.example_bar.add_class("ctj-examples")
        self.example_text = html("", "ctj-note", "ctj-example-text")
        self.help = html(HARD_PASS, "ctj-note", "ctj-help")
        felt = w.VBox([self.seats, self.cards, self.hand_title, self.hand])
        felt.add_class("ctj-felt")
        self._finish(self.title, self.example_bar, self.example_text, felt, self.prompt,
                     self.choices, self.offers, self.status.widget, self.nav, self.caption_line,
                     self.log, self.help)
        show(self.example_bar, show_examples)

        self.pick_button.on_click(lambda _b: self.pick())
        self.debt_choice.observe(self._guard(self._debt_chosen), "value")
        self.debt.observe(self._guard(self._debt_moved), "value")
        self.pass_button.on_click(lambda _b: self.pass_())
        self.offer_button.on_click(lambda _b: self.offer())
        self.accept_button.on_click(lambda _b: self.accept())
        self.decline_button.on_click(lambda _b: self.decline())
        self.rescind_button.on_click(lambda _b: self.rescind())
        self.first_button.on_click(lambda _b: self.first())
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.live_button.on_click(lambda _b: self.live())
        self.new_round_button.on_click(lambda _b: self.new_round())
        for k, b in zip(EXAMPLES, self.example_buttons, strict=True):
            b.on_click(lambda _b, k=k: self.example(k))
        self.example_number: int | None = None
        self._shown: tuple[int, int, int] = (0, -1, 0)
        self.session: Session
        self._own = session is None
        if session is not None:
            self.attach(session)
        elif example is not None:
            self.example(example)
        else:
            self.attach(self._new_session(seed))

    # -- sessions --------------------------------------------------------------------------------
    def _new_session(self, seed: int) -> Session:
        names = self._names or default_names(self._players)
        game = Game(players=self._players, setup=self._setup,
                    passing_the_barrel=self._ptb, match_point=self._match_point)
        state = game.new_initial_state(seed=seed, barrel=self._barrel, names=names)
        humans = range(self._players) if self._humans is None else self._humans
        return Session(state, humans=humans, bots=self._bots, seed=seed)

    def attach(self, session: Session, *, listen: bool = True) -> None:
        """Show (and act on) ``session``: the dashboard shares one session between views."""
        self.session = session
        if listen and self.refresh not in session.listeners:
            session.listeners.append(self.refresh)
        self.refresh()

    # -- actions (each also a button) ------------------------------------------------------------
    def _act(self, action: str) -> bool:
        def run() -> None:
            if self.example_number is not None and not self.branch_examples:
                raise Refusal(f"this is the rulebook's example {self.example_number}: step "
                              "through it with Forward ▶, or press New round to pick yourself")
            if self.session.state.phase != "picking":
                raise Refusal(f"{action} refused: this is not the picking phase"
                              f" (phase: {self.session.state.phase})")
            self.session.act(action)

        start = self.session.cursor
        ok = self._attempt(run)
        if ok and self.example_number is not None:  # the learner's own line from here on
            self.example_text.value = (f"<p><b>Your own line</b>, from step {start} of the "
                                       f"rulebook's example {self.example_number}. Press "
                                       f"Example {self.example_number} to see the rulebook's "
                                       "again.</p>")
            self.example_number = None
        if ok:
            captions = [s.caption for s in self.session.steps[start + 1:]]
            # redraw first, then say what happened: the message never runs ahead of the panel
            self._notify()
            self.status.ok(" ".join(captions[-4:]) or self.session.caption)
            self.refresh_nav()
        return ok

    def pick(self, spelling: str | None = None, debt: int | None = None) -> bool:
        """Pick a contract (its record spelling, e.g. ``trump(H)``, ``joker=under``) with
        ``debt`` Bet Debt (default: the controls' values)."""
        sp = spelling if spelling is not None else self.contract.value
        if not sp:
            self.status.error("No contract can be picked now.")
            return False
        d = self.debt.value if debt is None else debt
        if not isinstance(d, int) or isinstance(d, bool):
            self.status.error(f"Bet Debt must be a whole number, not {d!r}.")
            return False
        return self._act(str(Pick(str(sp), d)))

    def pass_(self) -> bool:
        """Pass (a Hard Pass: out for the rest of this picking phase)."""
        return self._act(str(Pass()))

    def offer(self, amount: int | None = None) -> bool:
        """Passing the Barrel: offer ``amount`` points to whoever takes the pick."""
        x = self.offer_amount.value if amount is None else amount
        if x is None:
            self.status.error("No offer can be made now (Passing the Barrel).")
            return False
        if not isinstance(x, int) or isinstance(x, bool):
            self.status.error(f"An offer is a whole number of points, not {x!r}.")
            return False
        return self._act(str(Offer(x)))

    def accept(self) -> bool:
        return self._act(str(Accept()))

    def decline(self) -> bool:
        return self._act(str(Decline()))

    def rescind(self) -> bool:
        return self._act(str(Rescind()))

    def _after_move(self) -> None:
        self.status.set("")  # the caption line under the buttons says what this step was

    def _debt_chosen(self, change: dict[str, object]) -> None:
        v = change["new"]
        if isinstance(v, int) and self.debt.min <= v <= self.debt.max and self.debt.value != v:
            self.debt.value = v

    def _debt_moved(self, change: dict[str, object]) -> None:
        v = change["new"]
        values = [x for _l, x in self.debt_choice.options]
        if v in values and self.debt_choice.value != v:
            self.debt_choice.value = v

    def example(self, number: int) -> None:
        """Replay the rulebook's picking example ``number`` (1-4) with Aslan, Leo and Mufasa,
        then show its first step; step through with :meth:`forward`."""
        def run() -> None:
            if number not in EXAMPLES:
                raise Refusal(f"the rulebook has picking examples 1 to 4, not {number!r}")
            actions, text = EXAMPLES[number]
            game = Game(players=3, setup="standard")
            state = game.new_initial_state(seed=number, names=["Aslan", "Leo", "Mufasa"])
            session = Session(state, humans=range(3), seed=number)
            for a in actions:
                session.act(a)
            session.goto(0)
            self.example_number = number
            self.example_text.value = (f"<p><b>Rulebook example {number}:</b> "
                                       f"<i>{escape(text)}</i></p>"
                                       "<p>Step through it with Forward ▶.</p>")
            self.attach(session)
            self.status.info(f"Example {number}: {len(actions)} steps. Press Forward ▶.")

        self._attempt(run)

    def new_round(self, seed: int | None = None) -> bool:
        """Deal a new round (seed ``seed``, default the next one) and start its picking."""
        if not self._own:
            self.status.error("This panel shows the dashboard's game: use its New game button.")
            return False

        def run() -> None:
            self._seed = self._seed + 1 if seed is None else seed
            self.example_number = None
            self.example_text.value = ""
            self.attach(self._new_session(self._seed))
            self.status.info(f"New round (seed {self._seed}): {self.session.caption}")
            self.refresh_nav()

        return self._attempt(run)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def state(self) -> object:
        return self.session.state

    @property
    def caption(self) -> str:
        return self.session.caption

    def legal(self) -> list[str]:
        """The legal picking actions shown (record spellings)."""
        s = self.session.state
        if s.phase != "picking" or not self.session.is_human_turn(s):
            return []
        return s.legal_moves()

    # -- drawing ---------------------------------------------------------------------------------
    def _after_error(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        s = self.session.state
        g = s.game
        legal_ids = s.legal_actions() if self.session.is_human_turn(s) else []
        acts = [g.action(a) for a in legal_ids]
        picks = [a for a in acts if isinstance(a, Pick)]
        spellings: list[str] = []
        for p in picks:
            if p.spelling not in spellings:
                spellings.append(p.spelling)
        debts = sorted({p.debt for p in picks})
        offers = [a.amount for a in acts if isinstance(a, Offer)]
        kinds = {type(a) for a in acts}
        widgets = [self.title, self.seats, self.cards, self.prompt, self.contract, self.debt,
                   self.debt_choice,
                   self.pick_button, self.pass_button, self.offer_amount, self.offer_button,
                   self.accept_button, self.decline_button, self.rescind_button, self.hand,
                   self.hand_title, self.step_label, self.caption_line, self.log]
        with self._hold(*widgets):
            self.title.value = (f"Picking phase <small>round {s.round_number}"
                                f" · {g.players} players · Bet Debt in steps of {g.step}</small>")
            self.seats.value = self._seats_html()
            self.cards.value = self._cards_html()
            self.prompt.value = self._prompt_html(picks, debts)
            old = self.contract.value
            self.contract.options = [(pick_title(g, sp), sp) for sp in spellings]
            if spellings:
                self.contract.value = old if old in spellings else spellings[0]
            self.contract.disabled = not spellings
            if debts:
                lo, hi = debts[0], debts[-1]
                self.debt.step = g.step
                if hi > self.debt.max:
                    self.debt.max = hi
                self.debt.min = lo
                self.debt.max = hi
                moved = self._shown != (id(self.session), self.session.cursor,
                                        len(self.session.steps))
                if moved or not lo <= self.debt.value <= hi:
                    self.debt.value = lo  # a new decision starts at the smallest raise
                self.debt.disabled = lo == hi
            else:
                self.debt.min = 0
                self.debt.value = 0
                self.debt.disabled = True
            amounts = debts or [0]
            options = [(str(x), x) for x in amounts]
            if list(self.debt_choice.options) != options:
                self.debt_choice.options = options
            if self.debt_choice.value != self.debt.value and self.debt.value in amounts:
                self.debt_choice.value = self.debt.value
            self.debt_choice.disabled = self.debt.disabled
            self.pick_button.disabled = not picks
            self.pass_button.disabled = Pass not in kinds
            self.offer_amount.options = [(str(x), x) for x in offers]
            self.offer_amount.disabled = not offers
            self.offer_button.disabled = not offers
            self.accept_button.disabled = Accept not in kinds
            self.decline_button.disabled = Decline not in kinds
            self.rescind_button.disabled = Rescind not in kinds
            if self.example_number is not None:  # a rulebook example is watched, not played
                for b in (self.pick_button, self.pass_button, self.offer_button,
                          self.accept_button, self.decline_button, self.rescind_button):
                    b.disabled = True
                self.contract.disabled = self.debt.disabled = True
                self.debt_choice.disabled = True
            show(self.choices, s.phase == "picking" and bool(picks or Pass in kinds))
            show(self.advice_button, bool(picks) and self.session.is_live
                 and self.example_number is None)

            show(self.offers, bool(offers or kinds & {Accept, Decline, Rescind}))
            self._draw_hand()
            self.refresh_nav()
            self.log.value = self._log_html()
        self._shown = (id(self.session), self.session.cursor, len(self.session.steps))

    # -- the coach -------------------------------------------------------------------------------
    @property
    def advice_line(self) -> w.HTML:
        """Where the Advice is shown (made on first use, under the choices)."""
        if self._advice_line is None:
            self._advice_line = html("", "ctj-advice-line", "ctj-note")
            kids = list(self.widget.children)
            kids.insert(kids.index(self.choices) + 1, self._advice_line)
            self.widget.children = tuple(kids)
        return self._advice_line

    def _advice_state(self) -> GameState:
        ses = self.session
        s = ses.state
        if not ses.is_live:
            raise Refusal("Advice is for the game as it stands: press Latest » first")
        if s.phase != "picking" or not ses.is_human_turn(s) or \
                not any(isinstance(s.game.action(a), Pick) for a in s.legal_actions()):
            raise Refusal("Advice is for your turn to pick a contract")
        return s.clone()

    def advise(self, samples: int = ADVICE_SAMPLES, seed: int = 0) -> Advice | None:
        """The coach's Advice at your pick, worked out at once (``chaitea.ai.coach.advise``: the
        expected round score of each pick with its 95% interval, the Bet Debt above which
        passing is better, the recommended action); shown and returned (``None`` when
        refused, with the reason in the message)."""
        from chaitea.ai.coach import advise as coach_advise

        out: list[Advice] = []

        def run() -> None:
            result = coach_advise(self._advice_state(), samples=samples, seed=seed)
            self._show_advice(result)
            out.append(result)

        return out[0] if self._attempt(run) and out else None

    def request_advice(self, runner: Runner | None = None, samples: int = ADVICE_SAMPLES,
                       seed: int = 0) -> bool:
        """What the Advice button does: a "thinking…" line at once, the Advice worked out in
        a thread (``runner``) and shown when done, unless the game moved meanwhile."""
        from chaitea.ai.coach import advise as coach_advise

        def run() -> None:
            state = self._advice_state()
            self._advice_at = self.session.mark()
            line = self.advice_line
            line.value = '<span class="ctj-thinking">The coach is thinking…</span>'
            show(line, True)
            self.advice_button.disabled = True
            self.session.start_job(
                lambda: coach_advise(state, samples=samples, seed=seed),
                self._advice_done, runner)

        return self._attempt(run)

    def _advice_done(self, result: object) -> None:
        self.advice_button.disabled = False
        if isinstance(result, Exception):
            show(self.advice_line, False)
            self.status.error(f"The coach could not work out Advice ({type(result).__name__}:"
                              f" {escape(str(result))}).")
            return
        self._show_advice(result)  # type: ignore[arg-type]

    def _show_advice(self, a: Advice) -> None:
        g = self.session.game
        t = a.table
        rows = []
        for sp, debt, mean, low, high, above in zip(t["pick"], t["debt"], t["mean"], t["low"],
                                                     t["high"], t["pass_above"], strict=True):
            iv = f"{float(low):.0f} to {float(high):.0f}" if low == low else "—"
            rows.append(f"<tr><td>{escape(pick_title(g, str(sp)))}</td><td>{int(debt)}</td>"
                        f"<td>{float(mean):.1f}</td><td>{iv}</td><td>{float(above):.1f}</td>"
                        "</tr>")
        rec = "Pass" if a.recommended == "pass" else escape(a.recommended)
        self.advice_line.value = (
            f"Advice: <b>{rec}</b>. <table class='ctj-advice-table'><tr><th>Pick</th>"
            "<th>Bet Debt</th><th>Expected score</th><th>95%</th><th>Pass above Bet Debt</th>"
            f"</tr>{''.join(rows)}</table>")
        self._advice_at = self.session.mark()
        show(self.advice_line, True)

    def refresh_nav(self) -> None:
        """Redraw the step label, the moving buttons and the caption line (cheap: the dashboard
        calls it on every update, even while the panel is hidden)."""
        ses = self.session
        with self._hold(self.step_label, self.caption_line, self.first_button,
                        self.back_button, self.forward_button, self.live_button):
            self.step_label.value = f"step {ses.cursor} of {len(ses.steps) - 1}"
            if self._advice_at is not None and self._advice_at != ses.mark():
                self._advice_at = None  # the game moved on: the Advice (or its wait) is gone
                show(self.advice_line, False)
                self.advice_button.disabled = False
            self.first_button.disabled = self.back_button.disabled = ses.cursor == 0
            self.forward_button.disabled = self.live_button.disabled = ses.is_live
            self.undo_button.disabled = (self.example_number is not None
                                         or ses.undo_point() is None)
            # the step's words once: not again when the status line has just said them
            cap = ses.caption
            said = bool(cap) and cap.lower() in self.status.text.lower()
            self.caption_line.value = "" if said else escape(cap)
            show(self.caption_line, not said)

    def _draw_hand(self) -> None:
        s = self.session.state
        seat = s.current_player()
        if seat < 0 or seat not in self.session.humans:
            seat = self.session.humans[0] if self.session.humans else -1
        if seat < 0 or s.phase not in ("picking", "play"):
            self.hand_title.value = ""
            self.hand.set_items([])
            return
        cards = sort_cards(s.playable(seat), None, s.game.deck)
        self.hand_title.value = f"{escape(s.names[seat])}'s hand"
        self.hand.set_cards(cards)

    def _seats_html(self) -> str:
        s = self.session.state
        g = s.game
        bet = s.current_bet
        turn = s.current_player() if s.phase == "picking" else -1
        eligible = set(s.eligible) if s.phase == "picking" else set(range(g.players))
        passed = set(s.passed) if s.phase == "picking" else set()
        out = ['<div class="ctj-seat-chips">']
        for seat in range(g.players):
            badges = []
            if seat == turn:
                badges.append('<span class="ctj-badge ctj-badge-turn">to speak</span>')
            if seat == s.barrel:
                badges.append('<span class="ctj-badge ctj-badge-barrel">Barrel</span>')
            if bet is not None and bet[0] == seat:
                badges.append('<span class="ctj-badge ctj-badge-bet">Current Bet</span>')
            if s.phase == "play" and s.declarer == seat:
                badges.append('<span class="ctj-badge ctj-badge-bet">declarer</span>')
            if seat in passed:
                badges.append('<span class="ctj-badge ctj-badge-passed">passed</span>')
            if seat not in eligible:
                badges.append('<span class="ctj-badge ctj-badge-passed">no open row</span>')
            if seat in self.session.humans and len(self.session.humans) < g.players:
                badges.append('<span class="ctj-badge ctj-badge-you">you</span>')
            team = f" ({g.side_names[g.side_of[seat]]})" if g.side_names else ""
            cls = "ctj-seat-chip ctj-turn" if seat == turn else "ctj-seat-chip"
            out.append(f'<span class="{cls}" data-seat="{seat}"><b>{escape(s.names[seat])}</b>'
                       f"{team} {''.join(badges)}</span>")
        out.append("</div>")
        return "".join(out)

    def _cards_html(self) -> str:
        s = self.session.state
        g = s.game
        names = s.names
        bet = s.current_bet
        if s.phase == "play" and s.contract is not None and s.declarer is not None:
            debt = s.bet_debt
            title: str | None = s.contract.title
            bet_holder: str | None = names[s.declarer]
        elif bet is not None:
            debt = s.bet_debt
            title = pick_title(g, bet[1].split(" ")[-1])
            bet_holder = names[bet[0]]
        else:
            debt, title, bet_holder = 0, None, None
        barrel_holder = names[s.barrel]
        words = [f"Barrel: <b>{escape(barrel_holder)}</b>",
                 f"Current Bet: <b>{escape(bet_holder) if bet_holder else 'not taken yet'}</b>"
                 + (f" ({escape(title)})" if title else ""),
                 f"Bet Debt: <b>{debt}</b> (max {g.max_debt})"]
        if s.phase == "picking" and s.offer_stage != "none":
            words.append(f"Offer: <b>{s.offer}</b> ({s.offer_stage})")
        return ('<div class="ctj-bet-row">'
                f'<div class="ctj-bet-card">{barrel_svg(debt, g.step, holder=barrel_holder)}'
                f"<div>held by {escape(barrel_holder)}</div></div>"
                f'<div class="ctj-bet-card">{bet_card_svg(title, holder=bet_holder)}'
                f"<div>{'held by ' + escape(bet_holder) if bet_holder else 'on the table'}</div>"
                f'</div><div class="ctj-bet-words">{"<br>".join(words)}</div></div>')

    def _prompt_html(self, picks: list[Pick], debts: list[int]) -> str:
        s = self.session.state
        names = s.names
        if s.phase == "play" and s.contract is not None and s.declarer is not None:
            debt = f" with Bet Debt {s.bet_debt}" if s.bet_debt else ""
            return (f"<b>Picking is over:</b> {escape(names[s.declarer])} declares "
                    f"{escape(s.contract.title)}{debt}.")
        if s.phase != "picking":
            return "<b>No picking phase is on.</b>"
        seat = s.current_player()
        who = escape(names[seat])
        if not self.session.is_human_turn(s):
            return f"<b>{who}</b> (a bot) is to speak…"
        if s.offer_stage == "answering":
            return f"<b>{who}</b>: accept or decline the offer of {s.offer} points."
        if s.offer_stage == "all-declined":
            return f"<b>{who}</b>: everyone declined; offer more or rescind and pick."
        if s.offer_stage == "accepted":
            return f"<b>{who}</b> accepted the offer: pick any open contract (no Bet Debt)."
        if s.forced:
            return (f"<b>{who}</b>: everyone passed, so the barrel holder must pick "
                    "(no Bet Debt)" + (" or offer points (Passing the Barrel)."
                                       if s.game.passing_the_barrel else "."))
        if s.current_bet is None:
            return (f"<b>{who}</b> to speak: pass, or pick a contract (the first pick has no "
                    "Bet Debt).")
        if not picks:
            return f"<b>{who}</b> to speak: the Bet Debt is at its maximum, so only pass is left."
        span = f"{debts[0]}" if debts[0] == debts[-1] else f"{debts[0]}–{debts[-1]}"
        return (f"<b>{who}</b> to speak: pass, or pick a contract and raise the Bet Debt to "
                f"{span}.")

    def _log_html(self) -> str:
        ses = self.session
        start = ses.round_start()
        r = ses.state.round_number
        items = []
        for i in range(max(start, 1), len(ses.steps)):
            prev = ses.steps[i - 1].state
            if prev.round_number != r or prev.phase != "picking":
                if i > ses.cursor:
                    break
                continue
            style = ' style="font-weight:700"' if i == ses.cursor else (
                ' style="opacity:.5"' if i > ses.cursor else "")
            items.append(f"<li{style}>{escape(ses.steps[i].caption)}</li>")
        if not items:
            return ""
        return "<b>This picking phase</b><ol>" + "".join(items) + "</ol>"
