"""The rules lab (notebook 09): run many seeded deals, read summaries with 95% intervals, plots,
and download the table; and three worked questions answered from data.

It holds no rules: every figure comes from :func:`chaitea.analysis.explore.explore` and its
summaries.

>>> from chaitea_widgets.course import RulesLab
>>> lab = RulesLab()
>>> lab.deals.value = 60
>>> lab.run()
True
>>> len(lab.df), lab.table.index.name
(180, 'contract')
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w
import pandas as pd

from chaitea.analysis import explore as ex
from chaitea.analysis.rules import is_table_ruleset
from chaitea_widgets.base import Refusal, View, button, html, show
from chaitea_widgets.strip import SaveButton

__all__ = ["JASS_BOTS", "JASS_SUMMARIES", "QUESTIONS", "SUMMARIES", "Answer", "Questions",
           "RulesLab", "WorkedQuestion", "bot_names", "figure_png"]

MAX_DEALS = 200_000  # per run from the page (a run of the state API takes ~1 ms a round)
MAX_DOWNLOAD_ROWS = 300_000


def bot_names() -> list[str]:
    """The bots ``explore`` can seat: ``random``, and the rule-based ones where
    ``chaitea.ai.bots`` has them (``make_bot``)."""
    from chaitea.ai import bots
    names = list(getattr(bots, "BOT_NAMES", {}) or ["random"])
    return ["random", *[n for n in names if n != "random"]]


def figure_png(fig: Any) -> bytes:
    """A matplotlib Figure as PNG bytes (the Agg canvas; no pyplot)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    return buf.getvalue()


def _table_html(table: pd.DataFrame) -> str:
    shown = table.copy()
    for c in shown.columns:
        if shown[c].dtype.kind == "f":
            shown[c] = shown[c].map(lambda x: "" if pd.isna(x) else f"{x:.3f}")
    return shown.to_html(classes="ctj-lab-table", escape=True, border=0)


SUMMARIES: dict[str, tuple[str, Callable[[pd.DataFrame], pd.DataFrame],
                           Callable[[pd.DataFrame], Any]]] = {
    "contract": ("Declarer's score by contract", lambda d: ex.declarer_score(d, "contract"),
                 lambda d: ex.plot_declarer_score(d, "contract")),
    "seat": ("Declarer's score by seat", lambda d: ex.declarer_score(d, "seat"),
             lambda d: ex.plot_declarer_score(d, "seat")),
    "row": ("Declarer's score by row", lambda d: ex.declarer_score(d, "row"),
            lambda d: ex.plot_declarer_score(d, "row")),
    "picks": ("How often each contract is picked", ex.pick_frequency, ex.plot_pick_frequency),
    "balance": ("Balance of the setup (score per row)", ex.setup_balance,
                ex.plot_setup_balance),
    "debt": ("Bet Debt step and maximum", ex.bet_debt_effect, ex.plot_bet_debt_effect),
    "barrel": ("Value of holding the Barrel (whole games)", ex.barrel_value,
               ex.plot_barrel_value),
}


# The Jass rulesets' questions (chaitea.analysis.tables)
JASS_SUMMARIES: dict[str, tuple[str, Callable[[pd.DataFrame], pd.DataFrame],
                                Callable[[pd.DataFrame], Any]]] = {
    "match": ("How often a Match is made, by mode", ex.match_rate, ex.plot_match_rate),
    "push": ("The forehand's choice against a pushed one", ex.push_value, ex.plot_push_value),
    "weis": ("Weis points per hand, by mode", ex.weis_points, ex.plot_weis_points),
    "mode": ("Obenabe or trump with this hand (by the declarer's aces)", ex.mode_value,
             ex.plot_mode_value),
    "tricks": ("Tricks per hand by place from the forehand", ex.seat_tricks,
               ex.plot_seat_tricks),
}
JASS_BOTS = ["random", "rule", "pimc"]


class RulesLab(View):
    """Choose a ruleset, player count, setup, options and bots; run N deals with a progress bar;
    see a summary table and its plot; download the DataFrame as CSV.

    Actions: :meth:`run` (the Run button), :meth:`show_summary` (the summary menu). The data
    of the last run: :attr:`df`; the summary shown: :attr:`table` and :attr:`figure`.
    """

    css_class = "ctj-rules-lab"

    def __init__(self, deals: int = 200, seed: int = 1) -> None:
        super().__init__()
        lay = w.Layout(width="260px")
        self.title = html("Rules lab <small>simulations with 95% intervals</small>",
                          "ctj-title")
        # the rulesets explore can run, and each one's player counts: asked of the code, so the
        # menu grows when explore learns more rulesets
        self.ruleset = w.Dropdown(options=list(ex.explore_rulesets()), value="chai-tea-jazz",
                                  description="Ruleset", layout=lay)
        self.players = w.Dropdown(options=list(ex.ruleset_players(self.ruleset.value)), value=3,
                                  description="Players", layout=lay)
        self.setup = w.Dropdown(options=["standard", "short", "long", "custom"],
                                value="standard", description="Setup", layout=lay)
        self.custom = w.Textarea(
            value='[{"row": "under", "value": 2}, {"row": "slalom", "value": 2}, '
                  '{"row": "middle", "value": 2}]',
            description="Rows", layout=w.Layout(width="540px", height="60px"))
        self.custom.add_class("ctj-lab-custom")
        show(self.custom, False)
        self.barrel_pass = w.Checkbox(value=False, description="Passing the Barrel",
                                      indent=False)
        self.match_point = w.Checkbox(value=False, description="Match point", indent=False)
        self.step = w.Dropdown(options=[("rulebook", 0), ("3", 3), ("5", 5)], value=0,
                               description="Debt step", layout=lay)
        self.max_debt = w.BoundedIntText(value=35, min=1, max=100, description="Max debt",
                                         layout=lay)
        self.bots = w.Dropdown(options=bot_names(), value="random", description="Bots",
                               layout=lay)
        self.mode = w.ToggleButtons(options=[("rounds", "rounds"), ("whole games", "games")],
                                    value="rounds", description="Play")
        self.deals = w.BoundedIntText(value=deals, min=1, max=MAX_DEALS, description="Deals",
                                      layout=lay)
        self.deals.add_class("ctj-lab-deals")
        self.seed = w.IntText(value=seed, description="Seed", layout=lay)
        self.run_button = button("Run ▶", "ctj-lab-run", primary=True)
        self.progress = w.IntProgress(value=0, min=0, max=1, description="",
                                      layout=w.Layout(width="540px"))
        self.progress.add_class("ctj-lab-progress")
        self.summary = w.Dropdown(options=[(v[0], k) for k, v in SUMMARIES.items()],
                                  value="contract", description="Summary",
                                  layout=w.Layout(width="420px"))
        self.summary.add_class("ctj-lab-summary")
        self.table_box = html("", "ctj-lab-table-box")
        self.plot = w.Image(format="png", layout=w.Layout(max_width="640px"))
        self.plot.add_class("ctj-lab-plot")
        self.note = html("", "ctj-note", "ctj-lab-note")
        self.save = SaveButton(label="Download CSV", filename="chaitea-explore.csv")
        self.save.add_class("ctj-lab-download")
        show(self.save, False)
        self.save.on_saved(lambda name: self.status.ok(
            f"Saved {name} (in your browser's downloads)."))
        self.results = w.VBox([self.summary, self.table_box, self.plot, self.save])
        show(self.results, False)
        controls = w.VBox([
            w.HBox([self.ruleset, self.players, self.setup]), self.custom,
            w.HBox([self.bots, self.step, self.max_debt]),
            w.HBox([self.barrel_pass, self.match_point]), self.mode,
            w.HBox([self.deals, self.seed, self.run_button]),
        ])
        self._finish(self.title, controls, self.progress, self.status.widget, self.note,
                     self.results)
        self.run_button.on_click(lambda _b: self.run())
        self.setup.observe(lambda _c: show(self.custom, self.setup.value == "custom"), "value")
        self.ruleset.observe(lambda _c: self._follow_ruleset(), "value")
        self.players.observe(lambda _c: self._follow_questions(), "value")
        self.summary.observe(lambda _c: self._summary_chosen(), "value")
        self.df: pd.DataFrame | None = None
        self.table: pd.DataFrame | None = None
        self.figure: Any = None
        self._ctj_only = (self.setup, self.barrel_pass, self.match_point, self.step,
                          self.max_debt)
        for control in self._ctj_only:  # each its own layout: hiding one hides no other
            control.layout = w.Layout(width=control.layout.width)

    @property
    def jass(self) -> bool:
        """Whether the chosen ruleset is a Jass game (its own bots, options and questions)."""
        return bool(is_table_ruleset(self.ruleset.value))

    @property
    def summaries(self) -> dict[str, tuple[str, Callable[[pd.DataFrame], pd.DataFrame],
                                           Callable[[pd.DataFrame], Any]]]:
        """The questions the Summary menu offers for the chosen ruleset and player count: a
        Jass ruleset's are those that fit it (:func:`chaitea.analysis.explore.jass_questions`:
        no Match, push or Weis question where the ruleset has none; at least one always)."""
        if not self.jass:
            return SUMMARIES
        fits = ex.jass_questions(self.ruleset.value, int(self.players.value))
        return {k: JASS_SUMMARIES[k] for k in fits}

    def _follow_ruleset(self) -> None:
        """The Players menu offers the chosen ruleset's player counts (keeping the count chosen
        if the ruleset allows it, else its smallest); a Jass ruleset hides Chai Tea Jazz's
        setup and options, seats the Jass bots and offers the Jass questions."""
        allowed = list(ex.ruleset_players(self.ruleset.value))
        keep = self.players.value if self.players.value in allowed else allowed[0]
        self.players.options = allowed
        self.players.value = keep
        jass = self.jass
        for control in self._ctj_only:
            show(control, not jass)
        show(self.custom, not jass and self.setup.value == "custom")
        bots = JASS_BOTS if jass else bot_names()
        if list(self.bots.options) != bots:
            keep_bot = self.bots.value if self.bots.value in bots else "random"
            self.bots.options = bots
            self.bots.value = keep_bot
        self._follow_questions()

    def _follow_questions(self) -> None:
        """The Summary menu offers the questions that fit the chosen ruleset and player count;
        the last run's results stay only while they answer the same questions."""
        options = [(v[0], k) for k, v in self.summaries.items()]
        if list(self.summary.options) != options:
            self._clear_results()  # the last run's rows answer the other ruleset's questions
            self.summary.options = options
            self.summary.value = options[0][1]

    def _summary_chosen(self) -> None:
        """The Summary menu moved: show that question for the last run (nothing before one)."""
        if self.df is not None:
            self.show_summary()

    def _clear_results(self) -> None:
        """Forget the last run: no table, plot, note or download until the next run's."""
        self.df = None
        self.table = None
        self.figure = None
        with self._hold(self.table_box, self.plot, self.note):
            self.table_box.value = ""
            self.plot.value = b""
            self.note.value = ""
            show(self.results, False)
            self.save.payload = ""

    # -- actions ---------------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {}
        if self.jass:  # the Jass rulesets' own options keep their defaults here
            return opts
        if self.barrel_pass.value:
            opts["passing_the_barrel"] = True
        if self.match_point.value:
            opts["match_point"] = True
        if self.step.value:
            opts["bet_debt_step"] = int(self.step.value)
        if self.max_debt.value != 35:
            opts["max_bet_debt"] = int(self.max_debt.value)
        return opts

    def _setup_value(self) -> Any:
        if self.setup.value != "custom":
            return self.setup.value
        try:
            rows = json.loads(self.custom.value)
        except json.JSONDecodeError as e:
            raise Refusal(f"the custom rows are not valid JSON ({e.msg}); write a list such as "
                          '[{"row": "under", "value": 2}]') from None
        return rows

    def run(self, deals: int | None = None) -> bool:
        """Run the chosen number of deals (rounds, or whole games) and show the summary."""
        def go() -> None:
            n = int(self.deals.value if deals is None else deals)
            if not 1 <= n <= MAX_DEALS:
                raise Refusal(f"run between 1 and {MAX_DEALS:,} deals from this page")
            self._clear_results()  # what shows after this run is this run's, or nothing
            self.progress.max = n
            self.progress.value = 0
            mode = self.mode.value
            unit = "games" if mode == "games" else "rounds"
            self.status.info(f"Running {n:,} {unit}…")

            def tick(done: int, total: int) -> None:
                self.progress.value = done

            setup = "standard" if self.jass else self._setup_value()
            df = ex.explore(n, ruleset=self.ruleset.value, players=int(self.players.value),
                            setup=setup, options=self.options(),
                            bots=self.bots.value, seed=int(self.seed.value), mode=mode,
                            progress=tick)
            self.df = df
            bots = ("random bots (uniform among the legal moves)" if self.bots.value == "random"
                    else f"the {escape(self.bots.value)} bots")
            self.note.value = (f"{n:,} {unit}, {len(df):,} rows (one per round and seat), "
                               f"played by {bots}, seed {int(self.seed.value)}; "
                               f"{df.attrs['seconds']:.1f} s.")
            if mode != "games" and self.summary.value == "barrel":
                self.summary.value = "contract"
            if self.summary.value not in self.summaries:
                self.summary.value = next(iter(self.summaries))
            self._prepare_download()
            show(self.results, True)
            if self.show_summary():
                self.status.ok(f"Done: {n:,} {unit}.")
            else:  # show_summary's words say why; the rows are there to download
                self.status.error(f"Ran {n:,} {unit}, but the summary failed: "
                                  f"{self.status.text}")

        return self._attempt(go)

    def show_summary(self, name: str | None = None) -> bool:
        """Show one summary (``contract``, ``seat``, ``row``, ``picks``, ``balance``, ``debt``,
        ``barrel``) of the last run: its table and its plot."""
        def go() -> None:
            if self.df is None:
                raise Refusal("run some deals first (the Run button)")
            key = self.summary.value if name is None else name
            if key not in self.summaries:
                raise Refusal(f"no summary {key!r} for {self.ruleset.value}")
            _title, table_of, plot_of = self.summaries[key]
            with self._hold(self.table_box, self.plot):  # no other question's table stays
                self.table, self.figure = None, None
                self.table_box.value = ""
                self.plot.value = b""
            self.table = table_of(self.df)
            self.figure = plot_of(self.df)
            with self._hold(self.table_box, self.plot):
                self.table_box.value = _table_html(self.table)
                self.plot.value = figure_png(self.figure)

        return self._attempt(go)

    def _prepare_download(self) -> None:
        assert self.df is not None
        if len(self.df) > MAX_DOWNLOAD_ROWS:
            show(self.save, False)
            self.note.value += (f" The table is too large to download from the page (over "
                                f"{MAX_DOWNLOAD_ROWS:,} rows): use <code>python -m chaitea "
                                "explore --out results.csv</code>.")
            return
        self.save.payload = self.df.to_csv(index=False)
        show(self.save, True)


# ------------------------------------------------------------------ worked questions
@dataclass(frozen=True)
class Answer:
    """A worked question's answer: the table it rests on, its verdict and the words for it."""

    table: pd.DataFrame
    verdict: bool
    words: str
    figure: Any


def _fmt(m: float, lo: float, hi: float) -> str:
    return f"{m:.1f} (95% CI {lo:.1f} to {hi:.1f})"


def question_bots() -> str:
    """The worked questions' bots: the rule-based ones where ``chaitea.ai.bots`` has them, else
    random bots (the page says which)."""
    return "rule" if "rule" in bot_names() else "random"


def slalom_question(n: int, seed: int) -> Answer:
    """Is Slalom worth 2? Its declarer's mean score beside Under's (worth 2) and Trump's (1);
    criterion: Slalom's mean inside Under's 95% interval means yes."""
    df = ex.explore(n, setup="standard", seed=seed, bots=question_bots(), progress=False)
    t = ex.declarer_score(df, "row")
    s: Any = t.loc["slalom"]
    u: Any = t.loc["under"]
    tr: Any = t.loc["trump"]
    yes = bool(u["ci_low"] <= s["mean"] <= u["ci_high"])
    words = (f"Slalom's declarer scores {_fmt(s['mean'], s['ci_low'], s['ci_high'])}, Under's "
             f"{_fmt(u['mean'], u['ci_low'], u['ci_high'])}, Trump's "
             f"{_fmt(tr['mean'], tr['ci_low'], tr['ci_high'])}. "
             + ("Slalom's mean lies inside Under's interval: as hard as Under, so worth 2: "
                "<b>yes</b>." if yes else
                "Slalom's mean lies outside Under's interval: <b>no</b>, not worth the same as "
                "Under by this criterion."))
    return Answer(t.loc[["trump", "under", "slalom"]], yes, words,
                  ex.plot_declarer_score(df[df["row"].isin(["trump", "under", "slalom"])],
                                         "row"))


def barrel_question(n: int, seed: int) -> Answer:
    """What is the Barrel worth? The mean game-point difference of holding it first (whole
    games); criterion: an interval that excludes 0 means it is worth something."""
    df = ex.explore(n, setup="standard", mode="games", seed=seed, bots=question_bots(),
                    progress=False)
    t = ex.barrel_value(df)
    r: Any = t.loc["barrel"]
    worth = bool(r["ci_low"] > 0 or r["ci_high"] < 0)
    words = (f"Over {int(r['n'])} games the first barrel holder ends "
             f"{_fmt(r['mean'], r['ci_low'], r['ci_high'])} game points above the mean of the "
             "others. " + ("The interval excludes 0: holding the Barrel first <b>is worth</b> "
                           "about that much." if worth else
                           "The interval includes 0: no measurable value at this size "
                           "(<b>worth about nothing</b>)."))
    return Answer(t, worth, words, ex.plot_barrel_value(df))


CUSTOM_SETUP: list[dict[str, Any]] = [
    {"row": "under", "value": 2}, {"row": "over", "value": 2}, {"row": "middle", "value": 2},
    {"row": "trump-under", "value": 2},
]


def balance_question(n: int, seed: int) -> Answer:
    """Is a custom setup balanced? Criterion: no row's mean declarer score outside the 95%
    interval of the other rows pooled."""
    df = ex.explore(n, setup=CUSTOM_SETUP, seed=seed, bots=question_bots(), progress=False)
    t = ex.setup_balance(df)
    yes = bool(t["balanced"].all())
    off = [str(k) for k in t.index[~t["balanced"]]]
    rows = ", ".join(f"{k} {_fmt(r['mean'], r['ci_low'], r['ci_high'])}" for k, r in t.iterrows())
    words = (f"Declarer's score per row: {rows}. " + (
        "Every row's mean lies inside the others' interval: <b>balanced</b>." if yes else
        f"Outside the others' interval: {', '.join(off)}: <b>not balanced</b>."))
    return Answer(t, yes, words, ex.plot_setup_balance(df))


QUESTIONS: dict[str, tuple[str, Callable[[int, int], Answer], int]] = {
    "slalom": ("Is Slalom worth 2?", slalom_question, 3000),
    "barrel": ("What is the Barrel worth?", barrel_question, 200),
    "balance": ("Is this custom setup balanced (Under, Over, Middle, Trump Under, all 2)?",
                balance_question, 3000),
}


class WorkedQuestion(View):
    """One of the rules lab's worked questions, answered from data when asked (:meth:`answer`),
    with its table, plot and verdict under a stated criterion."""

    css_class = "ctj-question-view"

    def __init__(self, key: str, n: int | None = None, seed: int = 1,
                 main: bool = True) -> None:
        super().__init__()
        title, self._solve, default = QUESTIONS[key]
        self.key = key
        self.n = default if n is None else n
        self.seed = seed
        unit = "whole games" if key == "barrel" else "rounds"
        who = "random bots" if question_bots() == "random" else f"{question_bots()} bots"
        self.title = html(f"{escape(title)} <small>{who}</small>", "ctj-heading")
        self.button = button(f"Answer from {self.n:,} {unit} ▶", f"ctj-answer-{key}")
        self.button.layout = w.Layout(align_self="flex-start")  # its own layout
        self.words = html("", "ctj-lab-answer")
        self.table_box = html("", "ctj-lab-table-box")
        self.plot = w.Image(format="png", layout=w.Layout(max_width="560px"))
        show(self.plot, False)
        self._finish(self.title, self.button, self.status.widget, self.words, self.table_box,
                     self.plot)
        if not main:
            self.widget.remove_class("ctj-main")
        self.widget.add_class(f"ctj-question-{key}")
        self.button.on_click(lambda _b: self.answer())
        self.result: Answer | None = None

    def answer(self) -> bool:
        def go() -> None:
            self.status.info("Simulating…")
            res = self._solve(self.n, self.seed)
            self.result = res
            with self._hold(self.words, self.table_box, self.plot):
                self.words.value = res.words
                self.table_box.value = _table_html(res.table)
                self.plot.value = figure_png(res.figure)
                show(self.plot, True)
            unit = "whole games" if self.key == "barrel" else "rounds"
            self.status.ok(f"Answered from {self.n:,} {unit} of {question_bots()} bots: the "
                           "table and plot below.")

        return self._attempt(go)


class Questions(View):
    """The three worked questions in one box."""

    css_class = "ctj-questions"

    def __init__(self, seed: int = 1) -> None:
        super().__init__()
        self.views = {k: WorkedQuestion(k, seed=seed, main=False) for k in QUESTIONS}
        self._finish(*(v.widget for v in self.views.values()))
