"""Hardening, the API's edge cases: bad Game(...) and round_state(...) arguments, action
values with unhashable fields, numbers too long to read. Each is a ChaiTeaError naming the
argument or field; none is a bare TypeError, OverflowError, ValueError or IndexError."""

from __future__ import annotations

from typing import Any

import pytest

import chaitea
from chaitea import Game, IllegalAction, IllegalPick, Offer, Pick, Play, SetupError
from chaitea.core.markup import control_characters

HUGE = 10**5000  # more digits than Python will print


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"players": "3"}, "players"), ({"players": [3]}, "players"), ({"players": HUGE}, "players"),
    ({"players": 3.0}, "players"), ({"players": True}, "players"),
    ({"setup": 5}, "setup"), ({"setup": None}, "setup"), ({"setup": "x" * 5000}, "setup"),
    ({"deck": ["jass"]}, "deck"), ({"deck": HUGE}, "deck"), ({"deck": "tarot"}, "deck"),
    ({"passing_the_barrel": "yes"}, "passing_the_barrel"), ({"match_point": 1}, "match_point"),
    ({"same_contract_raise": None}, "same_contract_raise"),
    ({"meta": []}, "meta"), ({"meta": HUGE}, "meta"), ({"meta": "m" * 900}, "meta"),
    ({"ruleset": []}, "ruleset"), ({"ruleset": {"a": 1}}, "ruleset"),
    ({"ruleset": HUGE}, "ruleset"), ({"ruleset": "r" * 900}, "ruleset"),
])
def test_game_arguments_raise_setup_error_naming_the_argument(kwargs: dict[str, Any],
                                                              field: str) -> None:
    with pytest.raises(SetupError) as e:
        Game(**kwargs)
    msg = str(e.value)
    assert field in msg and len(msg) < 250, msg


@pytest.mark.parametrize(("args", "kwargs", "field"), [
    (("x", 0, "under"), {}, "deal"), ((1.5, 0, "under"), {}, "deal"),
    ((HUGE, 0, "under"), {}, "deal"), ((True, 0, "under"), {}, "deal"),
    ((1, "0", "under"), {}, "declarer"), ((1, 3, "under"), {}, "declarer"),
    ((1, 0, ["under"]), {}, "contract"), ((1, 0, None), {}, "contract"),
    ((1, 0, "under"), {"debt": "5"}, "debt"), ((1, 0, "under"), {"debt": 5.0}, "debt"),
    ((1, 0, "under"), {"debt": -5}, "debt"), ((1, 0, "under"), {"debt": True}, "debt"),
    ((1, 0, "under"), {"debt": HUGE}, "debt"), ((1, 0, "under"), {"debt": 36}, "debt"),
    ((1, 0, "under"), {"names": "abc"}, "names"), ((1, 0, "under"), {"names": ["a"]}, "names"),
])
def test_round_state_arguments(args: tuple[Any, ...], kwargs: dict[str, Any], field: str) -> None:
    """round_state with a non-numeric Bet Debt used to start and fail when the round ended."""
    with pytest.raises(SetupError) as e:
        Game(players=3).round_state(*args, **kwargs)
    assert str(e.value).startswith(field), str(e.value)


def test_round_state_still_plays_a_round_with_debt() -> None:
    s = Game(players=3).round_state(4, 1, "trump(H)", debt=10)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.round_results[0].bet_debt == 10


BAD_FIELDS: list[tuple[type, tuple[Any, ...], str]] = [
    (Pick, (["under"],), "Pick.spelling"), (Pick, ({"a": 1},), "Pick.spelling"),
    (Pick, ("under", [5]), "Pick.debt"), (Pick, ("under", 5.0), "Pick.debt"),
    (Pick, ("under", True), "Pick.debt"), (Offer, ([10],), "Offer.amount"),
    (Offer, (None,), "Offer.amount"), (Play, ("7H",), "Play.card"),
    (Play, (["7H"],), "Play.card"),
]


@pytest.mark.parametrize(("cls", "args", "field"), BAD_FIELDS)
def test_action_values_with_bad_fields_are_refused_when_made(cls: Any, args: tuple[Any, ...],
                                                             field: str) -> None:
    with pytest.raises(IllegalAction, match="^" + field.replace(".", r"\.")):
        cls(*args)


def test_action_values_are_hashable_and_long_numbers_refused() -> None:
    state = Game(players=3).new_initial_state(seed=1)
    before = state.history()
    for bad in ("9" * 4301 + " under", "offer " + "9" * 5000, "0" * 5000 + "1" * 10 + " under"):
        with pytest.raises(IllegalPick) as e:
            state.apply_action(bad)
        assert len(str(e.value)) < 200 and "digits" in str(e.value)
    assert state.game.parse_action("0" * 5000 + "5 under") == Pick("under", 5)  # RECORD
    with pytest.raises(IllegalPick, match="far above"):
        Pick("under", HUGE)
    assert {Pick("under", 5), Offer(10), Play(chaitea.Card.parse("7H"))}
    assert state.history() == before  # refusals left the state unchanged


@pytest.mark.parametrize(("text", "clean"), [
    ("pass\n", "pass"), ("5 under\n", "5 under"), (" 5 under", "5 under"),
    ("5 under ", "5 under"), ("\u0665 under", "5 under"), ("\uff15 under", "5 under"),
    ("5  under", "5 under"), ("1\u0660 under", "10 under"), ("pass\r\n", "pass"),
])
def test_action_strings_are_read_strictly(text: str, clean: str) -> None:
    """RECORD: one space after DEBT, ASCII digits, nothing after the spelling (no trailing
    newline); a loose string is refused (IllegalAction), not read as the action it resembles,
    while its strict spelling is legal."""
    state = Game(players=3).new_initial_state(seed=1)
    state.apply("under")  # seat 1 may now raise: 5 under, 10 under, ... or pass
    assert state.can_apply(clean)
    with pytest.raises(IllegalAction):
        state.apply_action(text)


def test_names_shorter_than_players_no_longer_index_error() -> None:
    with pytest.raises(SetupError, match="3 names, not 2"):
        Game(players=3).new_initial_state(seed=2, names=["Aslan", "Leo"])


def test_messages_quote_huge_values_briefly() -> None:
    with pytest.raises(SetupError) as e:
        Game(players=HUGE)
    assert "digits" in str(e.value) and control_characters(str(e.value)) == []
