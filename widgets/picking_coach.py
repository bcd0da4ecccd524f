"""The coach at the picking panel: Advice at your pick (the expected round score of each pick
with its 95% interval, what it gains over passing, the recommended action, said in words by
:func:`advice_html`), worked out at once (:meth:`advise`) or in a thread while the page stays
live (the button: :meth:`request_advice`); Advice the game has moved past is put away. The
coach (and pandas) are not loaded with the page: in a running kernel a thread loads them and
works out the row baselines a moment after the panel is made, so the first Advice is as quick
as any other."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from chaitea import Game, State
from chaitea.core.markup import escape
from chaitea.engine.actions import Pick

from .base import Refusal, button, html, pick_title, show
from .picking_base import PickingBase
from .runners import Runner, background_runner, loop_scheduler

if TYPE_CHECKING:
    from chaitea.ai.coach import Advice

__all__ = ["ADVICE_SAMPLES", "PickingCoach", "advice_html"]

ADVICE_SAMPLES = 40  # sampled deals per Advice (about a second on this machine, in a thread)
# seconds after the panel is made (past the page's load): the coach's set-up starts (a thread)
WARM_UP_DELAY = 5.0
THINKING = '<span class="ctj-thinking">The coach is thinking…</span>'


class PickingCoach(PickingBase):
    """The picking panel's coach: the Advice button and its line (made on the first Advice)."""

    def _build_coach(self) -> None:
        """The Advice button (its line is made when first shown)."""
        # the coach: Advice at your pick (worked out off the kernel's loop); its one HTML
        # line is made on the first Advice (a page's load sends only what it shows)
        self.advice_button = button("Advice", "ctj-advice", quiet=True,
                                    tooltip="The coach's expected round score of each pick")
        self.advice_button.on_click(lambda _b: self.request_advice())
        self._advice_line: w.HTML | None = None
        self._advice_at: tuple[int, int, int] | None = None
        self._start_warm_up()

    @property
    def advice_line(self) -> w.HTML:
        """Where the Advice is shown (made on first use, under the choices)."""
        if self._advice_line is None:
            self._advice_line = html("", "ctj-advice-line", "ctj-note")
            kids = list(self.widget.children)
            kids.insert(kids.index(self.choices) + 1, self._advice_line)
            self.widget.children = tuple(kids)
        return self._advice_line

    def _advice_state(self) -> State:
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
        a thread (``runner``) and shown when done, unless the game moved meanwhile. The coach
        (and pandas) are loaded in the thread too: the "thinking…" line is sent to the page
        before any of the work starts."""

        def run() -> None:
            state = self._advice_state()

            def work() -> Advice:
                from chaitea.ai.coach import advise as coach_advise

                return coach_advise(state, samples=samples, seed=seed)

            self._advice_at = self.session.mark()
            line = self.advice_line
            line.value = THINKING
            show(line, True)
            self.advice_button.disabled = True
            self.session.start_job(work, self._advice_done, runner)

        return self._attempt(run)

    def _start_warm_up(self) -> None:
        """A moment after the panel is made in a running kernel (Jupyter, Voilà), the coach's
        one-time set-up (loading it and pandas, the row baselines of
        :func:`chaitea.ai.coach.warm_up`) in a thread, so the first Advice costs what any
        later one does. Outside a running loop (plain Python, the tests): nothing."""
        later = loop_scheduler()
        if later is None:
            return

        def work() -> object:
            from chaitea.ai.coach import warm_up

            # the panel's games are the Paper Pad's: the baselines of its setup's rows (the
            # runner hands an error to the callback, which drops it)
            return warm_up(self.session.game)

        later(WARM_UP_DELAY, lambda: background_runner()(work, lambda _r: None))

    def _advice_done(self, result: object) -> None:
        self.advice_button.disabled = False
        if isinstance(result, Exception):
            show(self.advice_line, False)
            self.status.error(f"The coach could not work out Advice ({type(result).__name__}:"
                              f" {escape(str(result))}).")
            return
        self._show_advice(result)  # type: ignore[arg-type]

    def _show_advice(self, a: Advice) -> None:
        self.advice_line.value = advice_html(self.session.game, a)
        self._advice_at = self.session.mark()
        show(self.advice_line, True)

    def _drop_stale_advice(self) -> None:
        """Put away the Advice (or its wait) once the game has moved on."""
        ses = self.session
        if self._advice_at is not None and self._advice_at != ses.mark():
            self._advice_at = None  # the game moved on: the Advice (or its wait) is gone
            show(self.advice_line, False)
            self.advice_button.disabled = False


def _minus(x: float) -> str:
    """``x`` to one decimal with its sign, a true minus sign: ``+0.8``, ``−16.0``."""
    return f"{x:+.1f}".replace("-", "\u2212")


def advice_html(game: Game, a: Advice) -> str:
    """The Advice line in a player's words: the recommended action named as the picking
    controls name it (``Trump (Diamonds)``, ``Pass``), what it is worth against the other
    choice, and the table (each pick's expected round score at its least Bet Debt with its 95%
    interval, its row's worth played later with an average hand, and the difference: the
    ``margin`` of :func:`chaitea.ai.coach.advise`, what the pick gains over passing)."""
    t = a.table
    best = t.iloc[0]  # the table is sorted by margin, the best pick first
    if a.recommended == "pass":
        head = (f"Advice: <b>Pass</b>. Passing is worth {-float(best['margin']):.1f} points "
                f"more than the best pick, {escape(pick_title(game, str(best['pick'])))}, at "
                f"its Bet Debt of {int(best['debt'])}.")
    else:
        act = game.action(a.action)
        sp, debt = (act.spelling, act.debt) if isinstance(act, Pick) else (a.recommended, 0)
        name = escape(pick_title(game, sp)) + (f" with {debt} Bet Debt" if debt else "")
        row = t[t["pick"] == sp].iloc[0] if (t["pick"] == sp).any() else best
        margin, above = float(row["margin"]), float(row["pass_above"])
        if margin > 0:
            head = (f"Advice: <b>{name}</b>. Picking it is worth {margin:.1f} points more "
                    f"than passing; passing is better only above a Bet Debt of {above:.1f}.")
        else:  # passing is not allowed now: the pick that loses least
            head = (f"Advice: <b>{name}</b>. You may not pass now; this pick is expected to "
                    f"score {-margin:.1f} points less than its row played later.")
    rows = []
    for sp, debt, mean, low, high, base, margin, above in zip(
            t["pick"], t["debt"], t["mean"], t["low"], t["high"], t["baseline"], t["margin"],
            t["pass_above"], strict=True):
        iv = f"{float(low):.0f} to {float(high):.0f}" if low == low else "—"
        against = _minus(float(margin)) + (f", up to Bet Debt {float(above):.1f}"
                                           if margin > 0 else "")
        rows.append(f"<tr><td>{escape(pick_title(game, str(sp)))}</td><td>{int(debt)}</td>"
                    f"<td>{float(mean):.1f}</td><td>{iv}</td><td>{float(base):.1f}</td>"
                    f"<td>{against}</td></tr>")
    avoid = " (an Avoidance row aims low)" if t["pick"].map(
        lambda x: pick_title(game, str(x)).startswith("Avoidance")).any() else ""
    return (f"{head} <table class='ctj-advice-table'><tr><th>Pick</th><th>Bet Debt</th>"
            "<th>Expected score</th><th>95%</th><th>Later, average hand</th>"
            f"<th>Against passing</th></tr>{''.join(rows)}</table>"
            "<p class='ctj-advice-key'>Against passing: how many points more (+) or fewer (−) "
            "the pick is expected to score at its Bet Debt than passing does. Passing keeps "
            "the row for later, worth what it scores on average with a hand of no known "
            f"quality (Later, average hand){avoid}.</p>")
