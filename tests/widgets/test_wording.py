"""Wording defects, one test each (each failed before its fix): a single round's end
said "in the round row", a hint alone read "Not quite: Hint: ...", the dashboard showed a paced
deal's "Round N is dealt (seed ...)" twice, and the welcome page listed Jass as coming though
the engine plays it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from chaitea import Game
from chaitea.rulesets import find_ruleset
from chaitea_widgets import GameDashboard
from chaitea_widgets.captions import describe
from tests.widgets.conftest import NOTEBOOKS
from tests.widgets.test_dashboard import _play_some

NAMES = ["Aslan", "Leo", "Mufasa"]



def test_a_round_on_its_own_names_its_contract_not_a_round_row() -> None:
    s = Game(3).round_state(1, 0, "under", names=NAMES)
    before = s
    while not s.is_terminal():
        before = s.clone()
        s.apply_action(s.legal_actions()[0])
    text = describe(before, s)
    assert "round row" not in text
    assert f"Round over: Aslan scores {s.round_results[-1].score} for Under, a round on its own" \
        in text


def test_a_round_of_a_game_names_its_row() -> None:
    s = Game(3).new_initial_state(seed=2, names=NAMES)
    before = s
    while not s.round_results:
        before = s.clone()
        s.apply_action(s.legal_actions()[0])
    text = describe(before, s)
    row = next(r for r in s.game.setup.rows if r.key == s.round_results[-1].row)
    assert f"scores {s.round_results[-1].score} in the {row.title} row." in text


def test_a_hint_alone_has_one_prefix(course: Any) -> None:
    ex = course.Exercise("Who?", lambda seed: course.Problem(
        "Who leads?", solution="Leo", hint="the declarer leads"), seed=1)
    assert not ex.answer("Mufasa")
    assert ex.message == "Not quite. Hint: the declarer leads. Try again (2 tries left)."


def _texts(root: w.Widget) -> list[str]:
    """The text of every widget shown under ``root`` (hidden ones left out)."""
    found: list[str] = []
    seen: set[int] = set()

    def walk(x: Any) -> None:
        if id(x) in seen or not isinstance(x, w.Widget):
            return
        seen.add(id(x))
        if getattr(getattr(x, "layout", None), "display", None) == "none":
            return
        v = getattr(x, "value", None)
        if isinstance(v, str):
            found.append(v)
        for c in getattr(x, "children", ()) or ():
            walk(c)

    walk(root)
    return found


def test_a_paced_deal_is_said_once() -> None:
    """A loaded game (no seed: each next round is a deal) with paced bots: Next round deals at
    once, and the deal's words showed in the shared message line and the caption line."""
    dash = GameDashboard(players=3, seed=3)
    for _ in range(2000):
        if dash.state.round_results and dash.session.paused:
            break
        _play_some(dash, 1)
    loaded = GameDashboard(players=3, seed=9)
    assert loaded.load_bytes(json.dumps(dash.state.record()).encode(), "g.json")
    queue: list[Callable[[], None]] = []
    loaded.table._scheduler = lambda _t, cb: queue.append(cb)
    loaded.table.speed.value = "fast"
    assert loaded.session.paced
    seen = 0
    for _ in range(600):
        if queue:
            queue.pop(0)()
        else:
            _play_some(loaded, 1)
        n = sum(t.count("is dealt (seed") for t in _texts(loaded.widget))
        assert n <= 1, [t for t in _texts(loaded.widget) if "is dealt" in t]
        seen += n
        if seen and len(loaded.state.round_results) > len(dash.state.round_results):
            break
    assert seen, "no deal was captioned"


def test_welcome_says_what_exists_of_jass(course: Any) -> None:
    text = "".join("".join(c["source"]) for c in
                   json.loads((NOTEBOOKS / "00_welcome.ipynb").read_text())["cells"])
    for name in ("jass", "schieber", "coiffeur-schieber", "coiffeur"):
        find_ruleset(name)  # the engine plays it
    assert "the engine already plays basic Jass, Schieber, Coiffeur-Schieber and Coiffeur" \
        in " ".join(text.split())
    assert "Coiffeur-Jass and its family" not in text
    # the Jass lessons exist now (lessons 10 to 15): linked, and nothing listed as coming
    assert course.COMING == [] and "(coming)" not in text
    assert "Jass: the Swiss cards" in course.index_html()


# ------------------------------------------------------------------ Jass and course wording
def _weis_view(ruleset: str) -> Any:
    """A Jass table view at the start of play of a hand with a Weis that scores."""
    from chaitea.rulesets import jass_game
    from chaitea_widgets.jass_table import JassTable

    for seed in range(1, 120):
        s = jass_game(ruleset).new_initial_state(seed=seed)
        while s.phase == "picking":
            s.apply_action(s.legal_moves()[0])
        decl = s.weis_declared
        if s.phase == "play" and decl is not None and decl.winner is not None \
                and any(decl.points) and any(s.stoeck_points):
            view = JassTable(ruleset, seed=1, humans=tuple(range(s.game.players)))
            view.state = s
            view._render()
            return view, s
    raise AssertionError(f"no {ruleset} hand with Weis and Stöck in 120 seeds")


def test_a_team_scores_its_weis_as_team_a_not_as_an_ace() -> None:
    """"A scores its Weis: 20" read as an Ace: the side is a team, "Team A"."""
    view, s = _weis_view("schieber")
    decl = s.weis_declared
    text = view.weis.value
    assert f"Team {'AB'[decl.winner]} scores {decl.points[decl.winner]} for Weis" in text
    assert "its Weis" not in text
    side = next(i for i, p in enumerate(s.stoeck_points) if p)
    assert f"Stöck (trump King and Ober): 20 for Team {'AB'[side]}" in text


def test_a_player_scores_a_weis_in_words_for_a_player() -> None:
    """Basic Jass, each for themselves: "Aslan scores 20 for Weis", not "scores its Weis"."""
    view, s = _weis_view("jass")
    decl = s.weis_declared
    text = view.weis.value
    assert f"{s.names[decl.winner]} scores {decl.points[decl.winner]} for Weis" in text
    assert "its Weis" not in text and "Team" not in text


def test_four_unders_not_four_jacks_and_no_stray_cards() -> None:
    """Lesson 12 says Under, Ober and Banner: four of a kind in those words, and the text's
    example printed as "four 9s (150)", not with its cards strung after it."""
    from chaitea.records.teaching_deals import WEIS
    from chaitea.rulesets.jass import best_melds
    from chaitea_widgets.value_words import meld_words

    assert meld_words(best_melds("JC JD JH JS 6D 7D 8D 9D 10D")[0]) == "four Unders (200)"
    assert meld_words(best_melds("QC QD QH QS")[0]) == "four Obers (100)"
    assert meld_words(best_melds("10C 10D 10H 10S")[0]) == "four Banners (100)"
    assert meld_words(best_melds("JC JD JH JS")[0], "french") == "four Jacks (200)"
    assert [meld_words(m) for m in best_melds("9C 9D 9H 9S 7D 8D AH")] == ["four 9s (150)"]
    assert all("Jack" not in w.title for w in WEIS.values())
    nb = json.loads((NOTEBOOKS / "12_weis_and_stoeck.ipynb").read_text(encoding="utf-8"))
    shown = "".join("".join(o.get("text", "")) for c in nb["cells"] if c["cell_type"] == "code"
                    for o in c.get("outputs", []))
    assert "four 9s (150)" in shown and "9S 9H" not in shown


def test_one_card_is_one_card_in_lesson_6() -> None:
    """Lesson 6's table: a bot's hidden hand of one card says "1 card", not "1 cards"."""
    from chaitea_widgets import GameDashboard

    dash = GameDashboard(players=3, seed=3)
    dash.table.open_hands.value = False
    seen: dict[int, str] = {}
    for _ in range(400):
        s = dash.state
        if s.is_terminal() or 1 in seen:
            break
        for seat in range(1, 3):
            items = dash.table.seat_hands[seat].items
            if len(items) == 1 and items[0].kind == "back":
                seen[len(s.hand(seat))] = items[0].caption
        _play_some(dash, 1)
    assert seen.get(1) == "1 card", seen
    assert all(caption == f"{n} card" + "s" * (n != 1) for n, caption in seen.items())


def test_lesson_15_says_in_words_which_cards_schieber_also_allows() -> None:
    """Lesson 15's "Schieber allows 9C, AD, Chai Tea Jazz would not: ... or a card Chai Tea
    Jazz must follow with." reads as a player reads it: the cards named, the reasons plain."""
    from chaitea_widgets.course.compare import Decision, _differences

    d = Decision(number=1, trick_number=1, leader=1, before=("6H",), hand=("9C", "AD", "7H"),
                 jass_legal=("9C", "AD", "7H"), ctj_legal=("7H",), played="7H",
                 trick=("6H", "7H", "8H", "9H"), jass_winner="9H", ctj_winner="9H")
    said = " ".join(_differences(d, "trump(H)"))
    assert "In Schieber you may also play the 9 of Acorns (9C) or the Ace of Shields (AD)" \
        in said
    assert "Chai Tea Jazz would not let you" in said
    assert "must follow with." not in said and "9C, AD" not in said


def test_the_rules_lab_says_answered_only_after_an_answer_and_where_the_data_is() -> None:
    """"Answered from the data above" showed where no data was above: the status line sits
    above the answer's table and plot, and says so only once it has answered."""
    from chaitea_widgets.course.lab import WorkedQuestion

    view = WorkedQuestion("barrel", n=4)
    assert view.message == "" and "Answered" not in view.status.widget.value
    assert view.answer(), view.message
    assert "data above" not in view.message
    assert view.message.startswith("Answered from 4 whole games of ")
    assert "table and plot below" in view.message
