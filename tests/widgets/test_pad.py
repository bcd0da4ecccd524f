"""The score pad: the rulebook's scoring example, the tie-break, live games, DataFrames."""

from __future__ import annotations

import re

import pandas as pd

import chaitea
from chaitea.ai.bots import RandomBot, play_out
from chaitea_widgets import ScorePad
from tests.widgets.conftest import assert_clean

NAMES = ["Aslan", "Leo", "Mufasa"]


def _row_html(pad: ScorePad, key: str) -> str:
    found = re.search(rf'data-row="{key}".*?</tr>', pad.html)
    assert found is not None
    return found.group(0)


def test_rulebook_scoring_example_by_the_controls():
    """Under: Leo 75, Aslan 59, Mufasa 33 -> +2, 0, -2 (Leo completed it last)."""
    pad = ScorePad(players=3, names=NAMES)
    for side, score in (("Aslan", 59), ("Mufasa", 33), ("Leo", 75)):
        pad.row.value = "under"
        pad.side.value = NAMES.index(side)
        pad.score.value = score
        pad.write_button.click()
        assert pad.status.kind == "ok", pad.message
    assert pad.game_points == {"Aslan": 0, "Leo": 2, "Mufasa": -2}
    row = _row_html(pad, "under")
    assert re.search(r">59</b> <small[^>]*>1st<", row)
    assert re.search(r">33</b> <small[^>]*>2nd<", row)
    assert re.search(r">75</b> <small[^>]*>3rd<", row)
    assert "+2" in row and "−2" in row and "±0" in row
    assert "Under row is complete: Aslan 0, Leo +2, Mufasa −2." in pad.message
    df = pad.to_dataframe()
    assert df.loc["under", ("Leo", "points")] == 2
    assert df.loc["under", ("Aslan", "place")] == 1
    assert pd.isna(df.loc["trump", ("Leo", "score")])
    assert df.attrs["game_points"] == {"Aslan": 0, "Leo": 2, "Mufasa": -2}
    assert_clean(pad)


def test_rulebook_tie_break_goes_to_the_earlier_finisher():
    """If Leo had 59 too, Aslan (who completed Under first) would get the +2."""
    pad = ScorePad(players=3, names=NAMES)
    assert pad.write("under", "Aslan", 59)
    assert pad.write("under", "Mufasa", 33)
    assert pad.write("under", "Leo", 59)
    assert pad.game_points == {"Aslan": 2, "Leo": 0, "Mufasa": -2}


def test_manual_pad_refusals_and_finish_positions():
    pad = ScorePad(players=3, names=NAMES)
    assert not pad.write("under", "Aslan", 10.5)  # type: ignore[arg-type]
    assert not pad.write("nope", "Aslan", 1)
    assert "rows are trump, under, slalom, joker" in pad.message
    assert not pad.write("under", "Nobody", 1)
    assert pad.write("under", 0, 10)
    assert not pad.write("under", 0, 10)
    assert "already scored" in pad.message
    for key in ("trump", "slalom", "joker"):
        assert pad.write(key, "Aslan", 20)
    finish = re.search(r'class="ctj-pad-finish"[^>]*>([^<]*)<', pad.html)
    assert finish is not None and finish.group(1) == "1st"
    assert pad.to_dataframe().attrs["finish_order"] == {"Aslan": 1}
    pad.clear_button.click()
    assert pad.game_points == {"Aslan": 0, "Leo": 0, "Mufasa": 0}
    assert_clean(pad)


def test_second_place_meta_row_is_tagged():
    setup = [{"row": "trump", "value": 1, "meta": "second-place"}, {"row": "under", "value": 2}]
    pad = ScorePad(players=3, setup=setup, names=NAMES)
    assert "2nd place" in _row_html(pad, "trump")
    assert "2nd place" not in _row_html(pad, "under")
    for side, score in (("Aslan", 59), ("Mufasa", 33), ("Leo", 75)):
        assert pad.write("trump", side, score)
    # the second best (Aslan) gains the row's value, the best (Leo) loses it
    assert "Trump row is complete: Aslan +1, Leo −1, Mufasa 0." in pad.message


def test_team_pad_has_team_columns():
    pad = ScorePad(players=4)
    assert "Team A (Aslan &amp; Mufasa)" in pad.html
    assert pad.write("under", "A", 50) and pad.write("under", "B", 40)
    assert pad.game_points == {"Team A (Aslan & Mufasa)": 2, "Team B (Leo & Nala)": -2}


def test_live_pad_follows_a_game_and_matches_the_engine():
    state = chaitea.Game(players=3).new_initial_state(seed=3, names=NAMES)
    pad = ScorePad(state)
    assert pad.entry.layout.display == "none"
    play_out(state, [RandomBot(1), RandomBot(2), RandomBot(3)])
    pad.update(state)
    gp = state.pad.game_points
    assert pad.game_points == dict(zip(NAMES, gp, strict=True))
    df = pad.to_dataframe()
    for r, row in enumerate(state.pad.rows):
        for s, name in enumerate(NAMES):
            assert df.loc[row.key, (name, "score")] == state.pad.scores[r][s]
    w = state.winner()
    assert w is not None
    winner = NAMES[w]
    assert f"{winner} wins the game" in pad.note.value
    assert not pad.write("under", "Aslan", 1)
    assert "follows a game" in pad.message
