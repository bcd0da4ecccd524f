"""The picking panel: step through a picking phase, with the Barrel and Current Bet cards.

:class:`PickingPanel` is composed of parts, each in its own module over a shared base
(:mod:`.picking_base`): the drawing of the panel (:mod:`.picking_drawing`) and the coach's
Advice (:mod:`.picking_coach`). This module builds the layout from them, wires the callbacks,
and holds the sessions, the picking actions and the rulebook's four examples."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import ipywidgets as w

from chaitea import Game
from chaitea.core.markup import escape
from chaitea.engine.actions import Accept, Decline, Offer, Pass, Pick, Rescind

from .base import Refusal, button, close, default_names, html, show
from .picking_coach import ADVICE_SAMPLES as ADVICE_SAMPLES
from .picking_coach import PickingCoach
from .picking_drawing import PickingDrawing
from .session import Session

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


class PickingPanel(PickingCoach, PickingDrawing):
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
        felt = self._build_felt(four_colour)
        self._build_choices()
        self._build_coach()
        self.choices = w.HBox([self.contract, self.debt, self.debt_choice, self.pick_button,
                               self.pass_button, self.advice_button])
        self.choices.add_class("ctj-choices")
        self.offers = w.HBox([self.offer_amount, self.offer_button, self.accept_button,
                              self.decline_button, self.rescind_button])
        self.offers.add_class("ctj-offers")
        self._build_nav()
        self._build_examples()
        self.help = html(HARD_PASS, "ctj-note", "ctj-help")
        self._finish(self.title, self.example_bar, self.example_text, felt, self.prompt,
                     self.choices, self.offers, self.status.widget, self.nav, self.caption_line,
                     self.log, self.help)
        show(self.example_bar, show_examples)
        self._wire()
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

    # -- the layout ------------------------------------------------------------------------------
    def _build_choices(self) -> None:
        """The controls of a pick (contract, Bet Debt, Pick, Pass) and of Passing the Barrel."""
        self.contract = w.Dropdown(options=[], description="Contract")
        self.contract.add_class("ctj-contract")
        self.debt = w.IntSlider(value=0, min=0, max=35, step=5, description="Bet Debt",
                                continuous_update=False)
        self.debt.add_class("ctj-debt")
        # the Bet Debt as buttons, one per legal amount (a slider is hard to set on a phone):
        # the slider stays as the value's holder (and for code), hidden
        self.debt_choice = self._make_debt_choice([("0", 0)], 0)
        show(self.debt, False)
        self.pick_button = button("Pick", "ctj-pick", primary=True,
                                  tooltip="Pick this contract with this Bet Debt")
        self.pass_button = button("Pass", "ctj-pass", tooltip="Hard Pass: out for this phase")
        self.offer_amount = w.Dropdown(options=[], description="Offer")
        self.offer_amount.add_class("ctj-offer-amount")
        self.offer_button = button("Offer", "ctj-offer", tooltip="Passing the Barrel: offer points")
        self.accept_button = button("Accept", "ctj-accept", primary=True)
        self.decline_button = button("Decline", "ctj-decline")
        self.rescind_button = button("Rescind and pick", "ctj-rescind")

    def _build_nav(self) -> None:
        """The navigation bar: take back, and the moves through the recorded steps."""
        (self.first_button, self.back_button, self.step_label, self.forward_button,
         self.live_button) = self._nav_buttons("First step")
        self.undo_button = self._undo_button()
        self.nav = w.HBox([self.undo_button, self.first_button, self.back_button,
                           self.step_label, self.forward_button, self.live_button])
        self.nav.add_class("ctj-nav")

    def _build_examples(self) -> None:
        """The bar of the rulebook's examples (and New round), and the example's words."""
        self.example_buttons = [button(f"Example {k}", f"ctj-example-{k}", quiet=True,
                                       tooltip=f"Replay the rulebook's picking example {k}")
                                for k in EXAMPLES]
        self.new_round_button = button("New round", "ctj-new-round",
                                       tooltip="Deal a new round and start picking")
        self.example_bar = w.HBox([*self.example_buttons, self.new_round_button])
        self.example_bar.add_class("ctj-examples")
        self.example_text = html("", "ctj-note", "ctj-example-text")

    def _wire(self) -> None:
        """The callbacks of the choices, the offers, the navigation and the examples."""
        self.pick_button.on_click(lambda _b: self.pick())
        self.debt.observe(self._guard(self._debt_moved), "value")
        self.pass_button.on_click(lambda _b: self.pass_())
        self.offer_button.on_click(lambda _b: self.offer())
        self.accept_button.on_click(lambda _b: self.accept())
        self.decline_button.on_click(lambda _b: self.decline())
        self.rescind_button.on_click(lambda _b: self.rescind())
        self.new_round_button.on_click(lambda _b: self.new_round())
        for k, b in zip(EXAMPLES, self.example_buttons, strict=True):
            b.on_click(lambda _b, k=k: self.example(k))

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

    def _make_debt_choice(self, options: list[tuple[str, int]], value: int) -> w.ToggleButtons:
        """The Bet Debt buttons, one per amount in ``options``, wired to the slider.

        A change of amounts gets a new ToggleButtons (see :meth:`_replace_debt_choice`): the
        front end redraws a ToggleButtons' buttons only when a label differs from its button's
        index, so the single label "0" (the first pick's) left the buttons of the last
        decision on the page (5..35), and a click on one of them failed."""
        choice = w.ToggleButtons(options=options, value=value, description="Bet Debt",
                                 style={"button_width": "auto"})
        choice.add_class("ctj-debt-choice")
        choice.observe(self._guard(self._debt_chosen), "value")
        return choice

    def _replace_debt_choice(self, options: list[tuple[str, int]], value: int) -> None:
        """Put new Bet Debt buttons in the old ones' place (same classes, same callback) and
        close the old ones, their layout and style with them (no model is left behind)."""
        old = self.debt_choice
        new = self._make_debt_choice(options, value)
        new.disabled = old.disabled
        self.debt_choice = new
        self.choices.children = tuple(new if c is old else c for c in self.choices.children)
        close(old)

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
