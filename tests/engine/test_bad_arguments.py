"""Bad arguments to ``new_initial_state``, ``apply_action`` and a Jass game's options are refused
as docs/engine.md documents (Shared records and bad input): a ``SetupError`` naming the argument
(never a bare ``TypeError``, ``OverflowError`` or ``ValueError``), the value quoted through
``chaitea.core.markup.quote`` (cut at 60 characters), for every ruleset; and nothing accepted
here fails later when the game is saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chaitea import Game, IllegalAction, SetupError, save
from chaitea.rulesets import RULESETS, jass_game

BIG = 10 ** 5000  # Python will not print it (int_max_str_digits)
# every ruleset at its default player count: Chai Tea Jazz (3) and each Jass-family game
GAMES = ["chai-tea-jazz", *RULESETS]


def game_of(ruleset: str) -> Any:
    return Game() if ruleset == "chai-tea-jazz" else Game(ruleset=ruleset)


BAD_NAMES: list[tuple[object, str]] = [
    (True, r"^names must be a list of \d names, not True$"),
    ("abcd", r"^names must be a list of \d names, not 'abcd'$"),
    (["a\x1bb"], r"^names\[0\] 'a\\x1bb' holds a control character \(\\x1b\): a name is plain"),
    (["x" * 80], r"^names\[0\] 'x{60}…' is 80 characters long: a name has at most 40$"),
    ([1], r"^names\[0\] must be a string, not 1$"),
    ([BIG], r"^names\[0\] must be a string, not <a number of about 5001 digits>$"),
]


@pytest.mark.parametrize("ruleset", GAMES)
@pytest.mark.parametrize(("names", "message"), BAD_NAMES, ids=range(len(BAD_NAMES)))
def test_new_initial_state_checks_names_in_every_ruleset(ruleset: str, names: object,
                                                         message: str) -> None:
    """Names are checked by the one rule records and ``save`` use (validate.check_names)."""
    game = game_of(ruleset)
    if isinstance(names, list):  # one bad name among good ones, one per seat
        names = names + [f"P{i}" for i in range(1, game.players)]
    with pytest.raises(SetupError, match=message):
        game.new_initial_state(seed=1, names=names)


@pytest.mark.parametrize("ruleset", GAMES)
def test_names_accepted_at_the_start_can_be_saved(ruleset: str, tmp_path: Path) -> None:
    game = game_of(ruleset)
    names = [f'<b>"P{i}" & co</b>' for i in range(game.players)]
    state = game.new_initial_state(seed=1, names=names)
    save(state, tmp_path / "g.json")
    assert state.names == names


@pytest.mark.parametrize("ruleset", GAMES)
@pytest.mark.parametrize(("seed", "shown"), [
    (2.5, "2.5"), ("3", "'3'"), (b"3", "b'3'"), ([], r"\[\]"), (True, "True"), (False, "False"),
])
def test_a_seed_that_is_not_an_integer_is_refused(ruleset: str, seed: object,
                                                  shown: str) -> None:
    """A seed is an integer, not a bool, as a record's ``{"seed": N}`` (RECORD deal)."""
    with pytest.raises(SetupError, match=rf"^seed must be an integer, not {shown}$"):
        game_of(ruleset).new_initial_state(seed=seed)


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_seed_of_more_than_4000_digits_is_refused(ruleset: str) -> None:
    with pytest.raises(SetupError, match=r"^seed <a number of about 5001 digits> is too long: "
                       r"a seed has at most 4,000 digits$"):
        game_of(ruleset).new_initial_state(seed=BIG)
    state = game_of(ruleset).new_initial_state(seed=-(10 ** 3999))  # 4,000 digits: dealt
    assert state.phase in ("picking", "play")


@pytest.mark.parametrize("ruleset", GAMES)
@pytest.mark.parametrize("action", [True, False, 2.5, None, [1]])
def test_apply_action_of_a_non_action_says_so_in_both_families(ruleset: str,
                                                               action: object) -> None:
    """``True`` is not the action id 1: both families say "not an action", the state is
    unchanged."""
    state = game_of(ruleset).new_initial_state(seed=3)
    before = state.clone()
    with pytest.raises(IllegalAction, match=r"^(True|False|2\.5|None|\[1\]) is not an action$"):
        state.apply_action(action)
    assert state.history() == before.history() and state.legal_moves() == before.legal_moves()


@pytest.mark.parametrize("players", [BIG, "x" * 1000, [4] * 1000], ids=["big", "text", "list"])
def test_jass_player_counts_are_quoted_short(players: object) -> None:
    with pytest.raises(SetupError, match=r"^schieber is played by 4 or 6 players, not .{1,64} "
                       r"\(RECORD players\)$"):
        jass_game("schieber", players)  # type: ignore[arg-type]


@pytest.mark.parametrize(("ruleset", "option"), [
    ("bells-avoidance", "hands"), ("differenzler", "hands"), ("schieber", "target"),
    ("sticheln", "target"), ("rosenober", "limit"), ("plus-minus", "palitos"),
    ("coiffeur", "draw_seed"), ("sidi-barrani", "slalom_multiplier"),
])
@pytest.mark.parametrize("value", [BIG, 10 ** 7], ids=["big", "ten-million"])
def test_whole_number_options_are_bounded(ruleset: str, option: str, value: int) -> None:
    """An absurd option is refused when the game is built, not when it is saved."""
    with pytest.raises(SetupError, match=rf"^option {option} must be a whole number of at most "
                       r"1,000,000, not (10000000|<a number of about 5001 digits>)$"):
        jass_game(ruleset, options={option: value})
    jass_game(ruleset, options={option: 1_000_000})


@pytest.mark.parametrize(("options", "message"), [
    ({"push_back": "x" * 1000}, r"^option push_back must be true or false, not 'x{60}…'$"),
    ({"declare": ["x" * 1000]}, r"^option declare must be one of 'auto', 'hand', not \['x{58}…$"),
    ({"x" * 1000: 1}, r"^unknown option 'x{60}…' for schieber \(its options: [^)]*; RECORD "
                      r"options\)$"),
    ({"target": "9" * 1000}, r"^option target must be a whole number of at least 1, not '9{60}…'$"),
])
def test_jass_option_values_and_names_are_quoted_short(options: dict[str, object],
                                                       message: str) -> None:
    with pytest.raises(SetupError, match=message) as e:
        jass_game("schieber", options=options)
    assert len(str(e.value)) <= 200


def test_a_jass_deck_is_quoted_short() -> None:
    with pytest.raises(SetupError, match=r"^the x{60}… deck does not fit schieber \(4 players\)"):
        jass_game("schieber", deck="x" * 400_000)
