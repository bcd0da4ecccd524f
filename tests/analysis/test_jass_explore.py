"""Rules exploration for the Jass rulesets: the rows agree with the engine and with
independent counts, the seeds hold across workers, and the Jass questions' tables compute what
they say on frames built by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from chaitea.analysis import explore as ex
from chaitea.analysis.tables import share_interval
from chaitea.core.cards import JASS
from chaitea.core.deals import shuffled_indices
from chaitea.rulesets.jass import declarations


@pytest.fixture(scope="module")
def schieber() -> pd.DataFrame:
    return ex.explore(120, ruleset="schieber", bots="rule", seed=4, progress=False)


def test_one_row_per_round_and_seat_with_157_card_points_a_hand(schieber: pd.DataFrame) -> None:
    assert len(schieber) == 120 * 4 and schieber["players"].eq(4).all()
    per_round = schieber.drop_duplicates(["unit", "side"]).groupby("unit")["card_points"].sum()
    assert (per_round == 157).all()
    assert (schieber.groupby("unit")["tricks"].sum() == 9).all()
    # the forehand moves round the table, one round each (rounds mode)
    first = schieber[schieber["is_forehand"]]
    assert list(first["forehand"]) == [u % 4 for u in first["unit"]]


def test_the_match_column_is_a_side_taking_all_nine_tricks(schieber: pd.DataFrame) -> None:
    side_tricks = schieber.groupby(["unit", "side"])["tricks"].sum().reset_index()
    for unit, side, t in side_tricks.itertuples(index=False):
        rows = schieber[(schieber["unit"] == unit) & (schieber["side"] == side)]
        assert bool(rows["match"].iloc[0]) == (t == 9)


def test_weis_and_stoeck_are_the_deals_own(schieber: pd.DataFrame) -> None:
    """Independently: each round's deal from its seed (the portable shuffle, dealt in blocks of
    nine) and the declarations of those hands in the contract played."""
    for _, g in schieber.groupby("unit"):
        ids = shuffled_indices(int(g["deal_seed"].iloc[0]), 36)
        hands = [[JASS.cards[i] for i in ids[s * 9:s * 9 + 9]] for s in range(4)]
        contract = str(g["contract"].iloc[0])
        d = declarations(hands, contract, sides=(0, 1, 0, 1), forehand=int(g["forehand"].iloc[0]))
        for side in (0, 1):
            row = g[g["side"] == side].iloc[0]
            assert row["weis"] == d.weis.points[side]
            assert row["stoeck"] == d.stoeck[side]


def test_workers_give_the_same_rows() -> None:
    one = ex.explore(60, ruleset="coiffeur-schieber", players=3, bots="random", seed=2,
                     progress=False)
    two = ex.explore(60, ruleset="coiffeur-schieber", players=3, bots="random", seed=2,
                     workers=2, progress=False)
    pd.testing.assert_frame_equal(one, two)
    # the Coiffeur family writes the forehand's row score only
    assert one.loc[~one["is_forehand"], "score"].isna().all()
    assert one.loc[one["is_forehand"], "score"].notna().all()


def test_whole_games_end_as_the_games_do() -> None:
    df = ex.explore(2, ruleset="schieber", bots="random", seed=1, mode="games", progress=False)
    for _, g in df.groupby("unit"):
        totals = g.drop_duplicates(["round", "side"]).groupby("side")["score"].sum()
        assert totals.max() >= 3000  # Schieber to 3000 (RULES J)


def _hand_frame() -> pd.DataFrame:
    rows = []
    # unit 0: forehand 0 chose trump, side 0 made 120 and a Weis of 50; unit 1: pushed, Obenabe
    for unit, mode, pushed, pts, weis in ((0, "trump", False, (120, 37), (50, 0)),
                                          (1, "obenabe", True, (60, 97), (0, 20)),
                                          (2, "obenabe", False, (100, 57), (0, 0))):
        for seat in range(4):
            side = seat % 2
            rows.append({"unit": unit, "round": 1, "seat": seat, "side": side,
                         "is_forehand": seat == 0, "on_declarer_side": side == 0,
                         "declarer": 2 if pushed else 0, "pushed": pushed, "mode": mode,
                         "match": False, "weis": weis[side], "card_points": pts[side],
                         "score": pts[side] + weis[side], "aces": 2})
    return pd.DataFrame(rows)


def test_the_jass_questions_compute_what_they_say() -> None:
    df = _hand_frame()
    push = ex.push_value(df)
    assert push.loc["forehand chose", "n"] == 2
    assert push.loc["forehand chose", "mean"] == (170 + 100) / 2
    assert push.loc["pushed", "mean"] == 60
    weis = ex.weis_points(df)
    assert weis.loc["trump", "mean"] == 50 and weis.loc["obenabe", "mean"] == 10
    mode = ex.mode_value(df)  # the declarer's aces (2) and the mode
    assert mode.loc[(2, "obenabe"), "n"] == 2 and mode.loc[(2, "obenabe"), "mean"] == 80
    rate = ex.match_rate(df)
    assert rate.loc["obenabe", "share"] == 0 and rate.loc["obenabe", "n"] == 2
    assert 0 < rate["ci_high"].to_dict()["obenabe"] < 1
    p, lo, hi = share_interval(5, 10)  # Wilson: 0.5 with (0.2366, 0.7634)
    assert math.isclose(p, 0.5) and math.isclose(lo, 0.2366, abs_tol=1e-4)
    assert math.isclose(hi, 0.7634, abs_tol=1e-4)


def test_a_chai_tea_jazz_frame_is_refused_by_the_jass_questions() -> None:
    ctj = ex.explore(3, seed=1, progress=False)
    from chaitea.core.errors import SetupError
    with pytest.raises(SetupError, match="needs a Jass exploration"):
        ex.push_value(ctj)
