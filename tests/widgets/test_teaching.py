"""The teaching table gives the engine's result of a teaching deal in words (the deals' claims:
tests/records/test_teaching_deals.py)."""

from __future__ import annotations

import pytest

from chaitea.records.teaching import careless_round
from chaitea_widgets.lesson_deal import TeachingTable
from tests.widgets.conftest import assert_clean


def test_teaching_table_gives_the_engines_result_in_words() -> None:
    lesson = TeachingTable("defence-keeps-points")
    assert "Your task:" in lesson.story.value and lesson.feedback.value == ""
    unmade = lesson.table
    assert unmade is None  # made on request: the lesson page loads fast
    assert lesson.start()
    table = lesson.table
    assert table is not None
    assert not lesson.start() and "Play it again" in lesson.message
    while table.legal():
        assert table.play(table.legal()[0]), table.message
    text = lesson.feedback.value
    result = table.state.round_results[-1]
    assert f"Leo scored {result.score}" in text and "careless defence" in text
    assert str(careless_round(lesson.deal).score) in text
    assert lesson.again() and lesson.feedback.value == ""
    fresh = TeachingTable("defence-keeps-points")
    assert fresh.start() and fresh.table is not None
    assert lesson.table is not None
    assert lesson.table.state.history() == fresh.table.state.history()
    assert_clean(lesson)
    with pytest.raises(Exception, match="no teaching deal"):
        TeachingTable("nope")
