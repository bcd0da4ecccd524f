"""The course's lessons in order: the index the welcome page shows and the links at the foot
of each notebook.

>>> from chaitea_widgets.course import COURSE, next_links
>>> COURSE[1].title
'Tricks and following suit'
>>> next_links("00_welcome.ipynb")
'[Course index](00_welcome.ipynb) · [Tricks and following suit](01_tricks_and_following.ipynb) ▶'
"""

from __future__ import annotations

from dataclasses import dataclass

from chaitea.core.markup import escape

__all__ = ["COMING", "COURSE", "Lesson", "index_html", "next_links"]


@dataclass(frozen=True)
class Lesson:
    file: str  # notebook file name, e.g. "01_tricks_and_following.ipynb" ("" while coming)
    title: str
    summary: str


COURSE: list[Lesson] = [
    Lesson("00_welcome.ipynb", "Welcome", "what the game is and how to use these notebooks"),
    Lesson("01_tricks_and_following.ipynb", "Tricks and following suit",
           "the deck, card points, leading, following suit, who wins a trick"),
    Lesson("02_contracts_and_rankings.ipynb", "The contracts and their rankings",
           "Trump, Under, Slalom and Joker, and which card beats which"),
    Lesson("03_picking_and_bet_debt.ipynb", "Picking and Bet Debt",
           "the barrel, Hard Pass, raising the Bet Debt; the rulebook's four examples"),
    Lesson("04_playing_a_round.ipynb", "Playing a round",
           "the rulebook's trick example, then a whole round at the trick table"),
    Lesson("05_scoring_and_the_pad.ipynb", "Scoring and the Paper Pad",
           "round scores, game points of a complete row, the tie-break"),
    Lesson("06_full_game.ipynb", "A full game against bots",
           "the game dashboard; save and load the game record"),
    Lesson("07_two_four_six_players.ipynb", "Two, four and six players",
           "straw-piles, teams, Jokers and the double deck"),
    Lesson("08_variants_and_setups.ipynb", "Variants and custom setups",
           "Passing the Barrel, match point, meta contracts, Avoidance, Short and Long"),
    Lesson("09_rules_lab.ipynb", "The rules lab",
           "simulations of many deals: summaries with 95% intervals, plots, worked questions"),
    # the Jass roots: the engine's Jass games, with the Swiss cards
    Lesson("10_swiss_cards_and_values.ipynb", "Jass: the Swiss cards and their values",
           "Acorns, Shields, Bells and Roses; the trump order J 9 A K Q 10 8 7 6; 157 a hand; "
           "Obenabe and Undenufe"),
    Lesson("11_following_in_jass.ipynb", "Following in Jass",
           "follow or trump, no undertrumping, the Puur exception: the undertrumping lab"),
    Lesson("12_weis_and_stoeck.ipynb", "Weis and Stöck",
           "the melds of a hand, which team scores them, Stöck"),
    Lesson("13_schieber_at_the_table.ipynb", "Schieber at the table",
           "against the bots: pushing, multipliers, the chalk board, to 3000 or 1000"),
    Lesson("14_coiffeur_and_the_pad.ipynb", "Coiffeur-Schieber, Coiffeur and the pad",
           "every mode once: rows, Palitos and Batatas, the four-player multipliers"),
    Lesson("15_one_deal_two_rulebooks.ipynb", "One deal, two rulebooks",
           "the same cards under Schieber and under Chai Tea Jazz, decision by decision"),
]

COMING: list[Lesson] = [
    # lessons still to come are listed here (index_html marks them "coming")
]


def index_html() -> str:
    """The course index as HTML: relative links work in Voilà (``/voila/render/...``) and in
    JupyterLab alike."""
    rows = []
    for i, lesson in enumerate(COURSE):
        rows.append(f'<li><a href="{escape(lesson.file)}" class="ctj-lesson-link">'
                    f"{i:02d} {escape(lesson.title)}</a>: {escape(lesson.summary)}</li>")
    for lesson in COMING:
        rows.append(f'<li class="ctj-coming">{escape(lesson.title)} <i>(coming)</i>: '
                    f"{escape(lesson.summary)}</li>")
    return '<ol start="0" class="ctj-index">' + "".join(rows) + "</ol>"


def next_links(current: str) -> str:
    """Markdown for the foot of a notebook: previous, index, next."""
    files = [lesson.file for lesson in COURSE]
    i = files.index(current)
    parts = []
    if i > 0:
        parts.append(f"◀ [{COURSE[i - 1].title}]({files[i - 1]})")
    parts.append("[Course index](00_welcome.ipynb)")
    if i + 1 < len(COURSE):
        parts.append(f"[{COURSE[i + 1].title}]({files[i + 1]}) ▶")
    return " · ".join(parts)
