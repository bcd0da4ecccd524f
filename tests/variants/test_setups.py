"""Named and custom setups for every player count (RULES S/D10/D14, B; RECORD setup, picking)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import chaitea
from chaitea import SetupError

PLAYERS = [(2, None), (3, None), (4, None), (6, "six-player"), (6, "double")]
SIDES = {2: 2, 3: 3, 4: 2, 6: 2}

NAMED = {
    "standard": [("trump", 1), ("under", 2), ("slalom", 2), ("joker", 3)],  # D10
    "short": [("trump", 1), ("slalom/pyramid", 2)],  # D14
    "long": [("black-trump", 1), ("red-trump", 1), ("under", 2), ("over", 2), ("slalom", 2),
             ("pyramid", 2), ("joker", 3), ("joker#2", 3), ("joker#3", 3)],  # D14
}

# RECORD: each row's pick spelling(s).
SUITS = "CDHS"
SPELLINGS: dict[str, set[str]] = {
    "trump": {f"trump({s})" for s in SUITS},
    "clubs-trump": {"clubs-trump"}, "diamonds-trump": {"diamonds-trump"},
    "hearts-trump": {"hearts-trump"}, "spades-trump": {"spades-trump"},
    "black-trump": {"black-trump(C)", "black-trump(S)"},
    "red-trump": {"red-trump(D)", "red-trump(H)"},
    "over": {"over"}, "under": {"under"}, "middle": {"middle"},
    "slalom": {"slalom(high)", "slalom(low)"}, "pyramid": {"pyramid(high)", "pyramid(low)"},
    "slalom/pyramid": {"slalom(high)", "slalom(low)", "pyramid(high)", "pyramid(low)"},
    "trump-under": {f"trump-under({s})" for s in SUITS},
    "trump-middle": {f"trump-middle({s})" for s in SUITS},
    "trump-slalom": {f"trump-slalom({s},{st})" for s in SUITS for st in ("high", "low")},
    "trump-pyramid": {f"trump-pyramid({s},{st})" for s in SUITS for st in ("high", "low")},
}
# The contract each pick spelling plays (RULES R).
PLAYS = {"clubs-trump": "trump(C)", "diamonds-trump": "trump(D)", "hearts-trump": "trump(H)",
         "spades-trump": "trump(S)"}


def plays(spelling: str) -> str:
    if spelling in PLAYS:
        return PLAYS[spelling]
    for colour in ("black-trump(", "red-trump("):
        if spelling.startswith(colour):
            return "trump(" + spelling[len(colour):]
    return spelling


def random_game(game: chaitea.Game, seed: int) -> chaitea.State:
    rng = random.Random(seed)
    s = game.new_initial_state(seed=seed)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def check_finished(s: chaitea.State, rows: list[tuple[str, int, bool]]) -> None:
    """Every row played once per side; each complete row's game points per RULES S."""
    g = s.game
    sides = g.sides
    assert len(s.round_results) == len(rows) * sides
    assert sorted((r.row, g.side_of[r.declarer]) for r in s.round_results) == sorted(
        (key, side) for key, _, _ in rows for side in range(sides))
    for i, (key, value, avoid) in enumerate(rows):
        assert s.pad.rows[i].key == key and s.pad.rows[i].value == value
        scores = s.pad.scores[i]
        order = s.pad.order[i]
        sign = 1 if avoid else -1
        ranked = sorted(range(sides), key=lambda x: (sign * scores[x], order.index(x)))  # type: ignore[operator]
        awards = [value, 0, -value] if sides == 3 else [value, -value]
        exp = [0] * sides
        for place, side in enumerate(ranked):
            exp[side] = awards[place]
        assert s.pad.row_points[i] == exp, (key, scores, order)


@pytest.mark.parametrize(("players", "deck"), PLAYERS)
@pytest.mark.parametrize("name", ["standard", "short", "long"])
def test_named_setups_for_every_player_count(players: int, deck: str | None, name: str) -> None:
    """D10 / D14: the named setups' rows and values, the same for every player count."""
    g = chaitea.Game(players=players, setup=name, deck=deck)
    assert [(r.key, r.value) for r in g.setup.rows] == NAMED[name]
    s = random_game(g, players * 10 + len(name))
    check_finished(s, [(k, v, False) for k, v in NAMED[name]])
    assert s.record()["setup"] == name
    assert chaitea.replay(s.record())["game_points"] == (
        {"A": s.game_points()[0], "B": s.game_points()[1]} if players in (4, 6)
        else s.game_points())


@pytest.mark.parametrize(("players", "deck"), PLAYERS)
@pytest.mark.parametrize("row", sorted(SPELLINGS))
def test_every_custom_row_for_every_player_count(players: int, deck: str | None,
                                                 row: str) -> None:
    """RECORD setup: every row name works as a custom row, with its pick spellings; a Joker may
    name any contract another row plays, never a Joker (RULES B)."""
    value = 7
    setup = [{"row": row, "value": value}, {"row": "joker", "value": 0}]
    g = chaitea.Game(players=players, setup=setup, deck=deck)
    s = g.new_initial_state(seed=None)
    s.apply_deal(1)
    jokers = {"joker=" + plays(sp) for sp in SPELLINGS[row]}
    assert set(s.legal_moves()) == {"pass"} | SPELLINGS[row] | jokers
    s = random_game(g, players)
    check_finished(s, [(row, value, False), ("joker", 0, False)])
    for r in s.round_results:
        if r.row == row:
            assert r.contract.spelling in {plays(sp) for sp in SPELLINGS[row]}


@pytest.mark.parametrize(("players", "deck"), PLAYERS)
def test_avoidance_rows_for_every_player_count(players: int, deck: str | None) -> None:
    """RULES S: Avoidance rows rank the lowest score best; values are any non-negative ints."""
    setup: list[dict[str, Any]] = [
        {"row": "avoidance-over", "value": 5},
        {"row": "middle", "value": 0, "avoidance": True},
        {"row": "trump-slalom", "value": 4},
        {"row": "red-trump", "value": 10},
    ]
    g = chaitea.Game(players=players, setup=setup, deck=deck)
    keys = [r.key for r in g.setup.rows]
    assert keys == ["avoidance-over", "avoidance-middle", "trump-slalom", "red-trump"]
    s = g.new_initial_state(seed=None)
    s.apply_deal(2)
    assert {"avoidance-over", "avoidance-middle"} <= set(s.legal_moves())
    s = random_game(g, 40 + players)
    check_finished(s, [("avoidance-over", 5, True), ("avoidance-middle", 0, True),
                       ("trump-slalom", 4, False), ("red-trump", 10, False)])
    rec = s.record()
    assert rec["setup"][0] == {"row": "over", "value": 5, "avoidance": True}
    assert chaitea.replay(rec)["pad"].keys() == set(keys)


def test_a_pick_fills_only_rows_with_its_own_spelling() -> None:
    """RECORD: ``trump(H)`` never fills ``hearts-trump``."""
    g = chaitea.Game(players=3, setup=[{"row": "trump", "value": 1},
                                       {"row": "hearts-trump", "value": 2}])
    s = g.new_initial_state(seed=None)
    s.apply_deal(1)
    for a in ("trump(H)", "pass", "pass"):
        s.apply_action(a)
    assert s.row == "trump"
    while s.phase == "play":
        s.apply_action(s.legal_actions()[0])
    s.apply_deal(2)  # seat 1 holds the barrel; seat 0 may still pick hearts-trump
    s.apply_action("pass")
    s.apply_action("pass")
    legal = s.legal_moves()
    assert "hearts-trump" in legal and not any(m.startswith("trump(") for m in legal)
    s.apply_action("hearts-trump")
    assert (s.declarer, s.row, str(s.contract)) == (0, "hearts-trump", "trump(H)")


def test_first_open_row_in_setup_order() -> None:
    """RECORD: ``slalom(high)`` fills ``slalom`` or ``slalom/pyramid``, whichever comes first;
    of three Joker rows the first open one."""
    g = chaitea.Game(players=3, setup=[{"row": "slalom/pyramid", "value": 2},
                                       {"row": "slalom", "value": 1},
                                       {"row": "joker", "value": 3},
                                       {"row": "joker", "value": 3}])
    s = g.new_initial_state(seed=None)
    filled = []
    for k, pick in enumerate(["slalom(high)", "slalom(low)", "joker=slalom(high)",
                              "joker=pyramid(low)"]):
        s.apply_deal(k)
        while s.current_player() != 0:
            s.apply_action("pass")
        s.apply_action(pick)
        while s.phase == "picking":
            s.apply_action("pass")
        assert s.declarer == 0
        filled.append(s.row)
        while s.phase == "play":
            s.apply_action(s.legal_actions()[0])
    assert filled == ["slalom/pyramid", "slalom", "joker", "joker#2"]


def test_joker_alias_spelling() -> None:
    """RECORD: ``joker=black-trump(C)`` is accepted as an alias; ``legal`` lists the contract
    spelling ``joker=trump(C)``."""
    g = chaitea.Game(players=3, setup="long")
    s = g.new_initial_state(seed=None)
    s.apply_deal(3)
    legal = s.legal_moves()
    assert "joker=trump(C)" in legal and "joker=black-trump(C)" not in legal
    s.apply_action("joker=black-trump(C)")
    assert s.current_bet == (0, "joker=trump(C)")
    assert s.record()["rounds"][0]["picking"] == ["joker=trump(C)"]


@pytest.mark.parametrize("setup", [
    [], [{"row": "joker", "value": 3}], [{"row": "bogus", "value": 1}],
    [{"row": "under", "value": -1}], [{"row": "under", "value": 2.5}],
    [{"row": "under", "value": "2"}], [{"row": "under", "value": True}],
    [{"row": "under"}], [{"row": "joker", "value": 3, "avoidance": True},
                         {"row": "under", "value": 2}],
    [{"row": "avoidance-joker", "value": 3}, {"row": "under", "value": 2}],
    [{"row": "under", "value": 2, "meta": "first-place"}],
    [{"row": "under", "value": 2, "colour": "red"}], ["under"], "medium",
])
def test_bad_setups_are_refused(setup: Any) -> None:
    """RECORD setup / RULES B: malformed custom setups are a SetupError."""
    with pytest.raises(SetupError):
        chaitea.Game(players=3, setup=setup)


@pytest.mark.parametrize(("players", "deck"), [(2, "six-player"), (2, "double"),
                                               (3, "six-player"), (3, "double"),
                                               (4, "six-player"), (4, "double"),
                                               (6, "standard"), (3, "jass")])
def test_deck_must_fit_the_player_count(players: int, deck: str) -> None:
    """RECORD options.deck: standard for 2-4 players; six-player or double for 6."""
    with pytest.raises(SetupError):
        chaitea.Game(players=players, deck=deck)
