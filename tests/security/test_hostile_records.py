"""A shared game record must not run its own markup in the learner's page.

Every view and dashboard is fed the hostile-record corpus (``corpus.py``) through its Python
method; the rendered HTML/SVG is parsed and must hold no element or attribute from the input
(the same elements and attribute names as the view drawn with plain names), and the names must
show as text. Names that break the name rule are refused with the exact prefix.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

import chaitea
from chaitea.core.markup import control_characters
from chaitea.draw import svg
from chaitea_widgets import (
    CardStrip,
    DealExplorer,
    GameDashboard,
    PickingPanel,
    Quiz,
    ScorePad,
    TrickLab,
    TrickTable,
)
from tests.security.corpus import (
    LEGAL,
    REFUSED,
    check_markup,
    hostile_names,
    played_record,
    record_bytes,
    shows_as_text,
    skeleton,
)

PLAIN = ["Aslan", "Leo", "Mufasa", "Nala", "Sarabi", "Simba"]
TOP = "round 0, picking step 0: "


def view_markup(root: Any) -> list[str]:
    """Every piece of markup a view sends to the page: HTML widgets' values and the card
    strips' HTML, in widget-tree order (hidden widgets too)."""
    out: list[str] = []
    seen: set[int] = set()

    def walk(x: Any) -> None:
        if id(x) in seen:
            return
        seen.add(id(x))
        if isinstance(x, w.HTML | w.HTMLMath):
            out.append(str(x.value))
        if isinstance(x, CardStrip):
            out.append(x.html)
        for c in getattr(x, "children", ()):
            walk(c)

    walk(root.widget if hasattr(root, "widget") else root)
    return out


def check_view(hostile: Any, plain: Any, names: list[str], *, prefix: int | None = None) -> None:
    """The hostile view's markup has the plain view's elements and attribute names, piece by
    piece, and every name shows as text somewhere."""
    got, base = view_markup(hostile), view_markup(plain)
    assert len(got) == len(base)
    sks = [check_markup(g, baseline=b) for g, b in zip(got, base, strict=True)]
    for name in names:
        assert any(shows_as_text(sk, name, prefix) for sk in sks), f"{name!r} not shown as text"


# ------------------------------------------------------------------ the loader
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_legal_hostile_names_are_kept_as_given(players: int) -> None:
    """Names within 40 characters and without control characters are legal, however
    markup-like: the record keeps them exactly, and replay accepts them."""
    names = hostile_names(players, players)
    rec = played_record(players, names, seed=players, actions=None)
    state = chaitea.loads(record_bytes(rec))
    assert state.names == names
    assert chaitea.replay(rec)["finished"] is True


@pytest.mark.parametrize("name", list(REFUSED), ids=lambda n: repr(n[:12]))
def test_refused_names_name_the_field(name: str, tmp_path: Path) -> None:
    """RECORD names: over 40 characters, control characters (C0, C1, U+2028/2029, bidi
    overrides and isolates, zero-width marks) and empty names are refused by loads, replay
    and load at ``round 0, picking step 0: names[1] ...``; the message quotes the name
    escaped and shortened."""
    rec = played_record(3, PLAIN[:3], seed=1, actions=5)
    rec["names"][1] = name
    data = record_bytes(rec)
    path = tmp_path / "r.json"
    path.write_bytes(data)
    for load in (chaitea.loads, chaitea.replay, lambda d: chaitea.load(path)):
        with pytest.raises(chaitea.RecordError) as e:
            load(data)
        msg = str(e.value)
        assert msg.startswith(TOP + "names[1] "), msg
        assert REFUSED[name] in msg
        assert control_characters(msg) == [] and "\n" not in msg
        assert len(msg) < 200


def test_names_must_be_one_per_seat() -> None:
    rec = played_record(3, PLAIN[:3], seed=1, actions=0)
    for bad, field in ((PLAIN[:2], "names must give one name per seat"),
                       ("Aslan", "names must be a list"), ([1, 2, 3], "names[0] must be a string")):
        rec["names"] = bad
        with pytest.raises(chaitea.RecordError, match="^" + re.escape(TOP + field)):
            chaitea.loads(rec)


def test_api_refuses_bad_names_with_setup_error() -> None:
    """Game.new_initial_state and round_state check names as the loader does (so a saved game
    can always be loaded again); fewer names than players is refused at once, not with an
    IndexError at a later refusal."""
    g = chaitea.Game(players=3)
    with pytest.raises(chaitea.SetupError, match=r"names\[2\] .*control character"):
        g.new_initial_state(seed=1, names=["a", "b", "c\u2028"])
    with pytest.raises(chaitea.SetupError, match="3 names, not 2"):
        g.new_initial_state(seed=1, names=["a", "b"])
    with pytest.raises(chaitea.SetupError, match="3 names, not 1"):
        g.round_state(1, 0, "under", names=["a"])
    assert g.new_initial_state(seed=1, names=LEGAL[:3]).names == LEGAL[:3]


# ------------------------------------------------------------------ the engine's reprs
def states(names: list[str], players: int = 3) -> list[chaitea.State]:
    """A game at the phases the reprs draw differently: picking, mid-trick, after a trick,
    between rounds, finished."""
    out = []
    for actions in (0, 6, 13, 40, None):
        rec = played_record(players, names, seed=11, actions=actions)
        out.append(chaitea.loads(rec))
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_engine_reprs_show_names_as_text(players: int) -> None:
    names = hostile_names(players)
    plain = PLAIN[:players]
    for s, p in zip(states(names, players), states(plain, players), strict=True):
        pairs = [
            (s._repr_html_(), p._repr_html_(), False),
            (s.pad._repr_html_(), p.pad._repr_html_(), False),
            (svg.PadView(s)._repr_html_(), svg.PadView(p)._repr_html_(), False),
            (svg.pad_html(s), svg.pad_html(p), False),
            (svg.barrel_svg(5, holder=names[0]), svg.barrel_svg(5, holder=plain[0]), True),
            # the title wraps into up to 4 lines: no baseline of the same shape
            (svg.bet_card_svg(names[1], holder=names[2]), None, True),
        ]
        for k in range(len(s.tricks)):
            pairs.append((svg.Trick.from_record(s.tricks[k], names=s.names)._repr_svg_(),
                          svg.Trick.from_record(p.tricks[k], names=p.names)._repr_svg_(), True))
        for got, base, is_svg in pairs:
            check_markup(got, baseline=base, svg=is_svg)
        sk = skeleton(s._repr_html_())
        for name in names:
            assert shows_as_text(sk, name), name


def test_trick_svg_captions_and_labels_are_text() -> None:
    names = LEGAL[:3]
    t = svg.Trick(["9C", "2H", "7C"], winner=1, names=names)._repr_svg_()
    sk = check_markup(t, svg=True)
    label = next(v for tag, k, v in sk.attrs if tag == "svg" and k == "aria-label")
    assert all(n in label for n in names)
    assert all(shows_as_text(sk, n, 12) for n in names)


# ------------------------------------------------------------------ the widgets
@pytest.mark.parametrize(("players", "actions"),
                         [(3, 0), (3, 7), (3, 40), (3, None), (4, 12), (2, 9), (6, 20)])
def test_dashboard_load_bytes_shows_hostile_names_as_text(players: int,
                                                          actions: int | None) -> None:
    """GameDashboard.load_bytes of a hostile record: every HTML widget and card strip has the
    same elements and attributes as with plain names; the names show as text."""
    names = hostile_names(players, actions or 0)
    views = []
    for ns in (names, PLAIN[:players]):
        # every seat human: no bot moves (from a random seed) after the load
        dash = GameDashboard(players=3, seed=1, humans=range(6))
        assert dash.load_bytes(record_bytes(played_record(players, ns, 5, actions)),
                               name="shared.json"), dash.message
        assert dash.unexpected == []
        views.append(dash)
    check_view(views[0], views[1], names, prefix=12)
    # with bots at the other seats (they play on after the load): no baseline of the same
    # state, but still no foreign markup
    dash = GameDashboard(players=3, seed=1)
    assert dash.load_bytes(record_bytes(played_record(players, names, 5, actions)))
    for m in view_markup(dash):
        check_markup(m)


def test_dashboard_refuses_bad_names_with_a_short_clean_message() -> None:
    dash = GameDashboard(players=3, seed=1)
    before = dash.save_bytes()
    for name in REFUSED:
        rec = played_record(3, PLAIN[:3], 2, 3)
        rec["names"][2] = name
        assert not dash.load_bytes(record_bytes(rec), name="shared.json")
        msg = dash.message
        assert "names[2]" in msg and len(msg) < 300, msg
        assert control_characters(msg) == []
        check_markup(dash.status.widget.value)
    assert dash.save_bytes() == before  # the current game went on untouched


def upload(dash: GameDashboard, content: bytes, name: str) -> None:
    """What the front end sends when a file is chosen: the Load game button (a LoadButton)
    sends the file's name and size with its bytes as a message buffer."""
    dash.upload._handle_custom_msg({"event": "file", "name": name, "size": len(content)},
                                   [memoryview(content)])


def test_dashboard_upload_quotes_a_hostile_file_name_as_short_text() -> None:
    dash = GameDashboard(players=3, seed=1)
    fname = '<img src=x onerror="window.__pwned=1">\x1b[2J' * 40 + ".json"
    upload(dash, b"not json at", fname)
    msg = dash.message
    assert msg.startswith("Could not load <img src=x"), msg
    assert "…" in msg and len(msg) < 300 and "\x1b" not in msg
    sk = check_markup(dash.status.widget.value)
    assert shows_as_text(sk, '<img src=x onerror="window.__pwned=1">')
    # a hostile legal record, uploaded: loaded, and the status line names the file as text
    data = record_bytes(played_record(3, LEGAL[:3], 3, 4))
    upload(dash, data, LEGAL[0] + ".json")
    assert dash.message.startswith("Loaded " + LEGAL[0]), dash.message
    check_markup(dash.status.widget.value)


def test_views_built_with_hostile_names() -> None:
    """Every view that takes names: the trick table, the picking panel, the score pad (live and
    hand-filled), the deal explorer, the trick lab and the quiz."""
    n3 = LEGAL[:3]
    p3 = PLAIN[:3]
    cases = [
        (lambda ns: TrickTable(players=3, seed=2, contract="trump(H)", names=ns), None),
        (lambda ns: TrickTable(players=3, seed=2, names=ns), None),
        (lambda ns: PickingPanel(players=3, seed=1, names=ns), None),
        (lambda ns: ScorePad(players=3, names=ns), None),
        (lambda ns: ScorePad(players=4, names=ns + ["Nala"]), None),
        (lambda ns: ScorePad(state=chaitea.loads(played_record(3, ns, 4, None))), None),
        (lambda ns: DealExplorer(players=3, seed=3, names=ns), None),
        (lambda ns: TrickLab("trump(H)", names=ns), None),
        (lambda ns: Quiz(seed=1, names=ns), None),
    ]
    for make, prefix in cases:
        hostile, plain = make(list(n3)), make(list(p3))
        assert hostile.unexpected == []
        got, base = view_markup(hostile), view_markup(plain)
        assert len(got) == len(base)
        sks = [check_markup(g, baseline=b) for g, b in zip(got, base, strict=True)]
        assert any(shows_as_text(sk, n, prefix) for sk in sks for n in n3), make


def test_pad_write_and_table_play_keep_names_as_text() -> None:
    pad = ScorePad(players=3, names=LEGAL[:3])
    assert pad.write("under", LEGAL[0], 59)
    assert pad.write("under", 1, 75)
    assert pad.write("under", 2, 33)
    for m in view_markup(pad):
        check_markup(m)
    assert LEGAL[1] in pad.message  # "The Under row is complete: ..." in words
    check_markup(pad.status.widget.value)
    table = TrickTable(players=3, seed=2, contract="trump(H)", names=LEGAL[3:6])
    table.play("JK1")  # refused or not, the answer names a player as text
    for m in view_markup(table):
        check_markup(m)


def test_exercise_answers_and_questions_are_text() -> None:
    """The course's exercises: a typed or clicked answer quoted in a refusal, and a question
    built from names, show as text."""
    from chaitea_widgets import course

    ex = course.Exercise("<i>Warm-up</i>", lambda seed: course.Problem(
        "2 + 2?", solution=4, number=True))
    assert not ex.answer('<img src=x onerror="window.__pwned=1">' * 30)
    assert len(ex.message) < 450
    for m in view_markup(ex):
        check_markup(m)
    problem = course.may_play_problem(1, contract="trump(H)", names=LEGAL[:3])
    sk = check_markup(problem.question)
    assert any(shows_as_text(sk, n) for n in LEGAL[:3])
    ex2 = course.Exercise("t", lambda seed: course.may_play_problem(seed, names=LEGAL[3:6]))
    ex2.answer("<script>window.__pwned=1</script>")
    for m in view_markup(ex2):
        check_markup(m)


def test_record_errors_quote_input_short_and_escaped() -> None:
    """Messages that quote input (a bad action, format tag, end, card) show it with control
    characters escaped and cut at 60 characters."""
    rec = played_record(3, PLAIN[:3], 1, 2)
    long_action = "\x1b[31m" + "A" * 900_000
    cases = [
        ("format", "\x1b]0;pwned\x07" + "f" * 1000, TOP + "'format' must be"),
        ("end", "\u2028" * 5000, TOP + "'end' may only be"),
    ]
    for key, value, prefix in cases:
        bad = json.loads(json.dumps(rec))
        bad[key] = value
        with pytest.raises(chaitea.RecordError) as e:
            chaitea.loads(bad)
        msg = str(e.value)
        assert msg.startswith(prefix) and len(msg) < 200 and control_characters(msg) == []
    bad = json.loads(json.dumps(rec))
    bad["rounds"][0]["picking"].append(long_action)
    with pytest.raises(chaitea.RecordError) as e:
        chaitea.loads(bad)
    msg = str(e.value)
    assert msg.startswith("round 1, picking step 3: the action '\\x1b[31mAAA"), msg
    assert len(msg) < 200 and control_characters(msg) == []
