"""chaitea.analysis.explore: the DataFrame's columns and dtypes, reproducibility across worker
counts and runs, interruption, bad arguments, and the summaries on constructed DataFrames with known
answers."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
import pytest

import chaitea.analysis.explore as ex
from chaitea import SetupError
from chaitea.analysis.explore import (
    COLUMNS,
    barrel_value,
    bet_debt_effect,
    declarer_score,
    explore,
    interval,
    pick_frequency,
    setup_balance,
)


def test_columns_and_dtypes_state_engine():
    df = explore(40, players=3, setup="long", seed=3, progress=False)
    assert list(df.columns) == list(COLUMNS)
    for name, dtype in COLUMNS.items():
        assert str(df[name].dtype) == dtype, name
    assert len(df) == 40 * 3
    dec = df[df["is_declarer"]]
    assert len(dec) == 40 and (dec["seat"] == dec["declarer"]).all()
    # the defenders have no round score (RULES S: only the declarer scores)
    assert df.loc[~df["is_declarer"], "score"].isna().all()
    assert dec["score"].notna().all()
    # rounds mode: one round per deal, seats rotate the barrel, nothing from whole games
    assert (df["round"] == 1).all() and df["game_points"].isna().all()
    assert (df.groupby("unit")["barrel"].first() == np.arange(40) % 3).all()
    # every round's card points and tricks add up (RULES C, P)
    per = df.groupby("unit")
    assert (per["tricks"].sum() == 12).all() and (per["card_points"].sum() == 100).all()
    assert (per["hand_points"].sum() == 100).all() and (per["voids"].max() <= 3).all()
    assert set(df["kind"].cat.categories) <= {"trump", "under", "over", "slalom", "pyramid"}
    assert df["ruleset"].iloc[0] == "chai-tea-jazz" and df["setup"].iloc[0] == "long"


def test_a_row_is_the_engine_round_of_its_deal_seed():
    from chaitea import Game
    from chaitea.ai.bots import RandomBot

    df = explore(5, players=3, seed=11, progress=False)
    row = df[df["is_declarer"]].iloc[2]
    game = Game(3)
    state = game.new_initial_state(barrel=int(row["barrel"]))
    state.apply_deal(int(row["deal_seed"]))
    bots = [RandomBot(ex._bot_seed(ex.unit_seed(11, 2), s)) for s in range(3)]
    while state.phase != "deal":
        state.apply_action(bots[state.current_player()].act(state))
    r = state.round_results[0]
    assert (r.declarer, r.contract.spelling, r.score, r.bet_debt) == (
        row["declarer"], row["contract"], row["score"], row["bet_debt"])


def test_games_mode_gives_game_points():
    df = explore(6, players=3, setup="short", mode="games", seed=2, progress=False)
    assert set(df["round"]) == set(range(1, 7))  # short: 2 rows x 3 players
    dec = df[df["is_declarer"]]
    assert dec["game_points"].notna().all()
    # each game: the side totals of the final game points are those of the rows
    for _unit, g in dec.groupby("unit"):
        per_side = g.groupby("side")["game_points"].sum()
        final = df[(df["unit"] == _unit) & (df["round"] == 1)].set_index("side")[
            "final_game_points"]
        assert all(per_side[s] == final[s] for s in per_side.index)
    assert barrel_value(df)["n"].iloc[0] == 6


@pytest.mark.parametrize("players", [2, 4, 6])
def test_other_player_counts(players):
    df = explore(12, players=players, seed=4, progress=False)
    assert len(df) == 12 * players
    assert (df.groupby("unit")["card_points"].first() >= 0).all()


def test_same_seed_same_frame_whatever_the_workers():
    one = explore(450, seed=9, setup="long", progress=False, workers=1)
    two = explore(450, seed=9, setup="long", progress=False, workers=2)
    again = explore(450, seed=9, setup="long", progress=False)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, again)
    other = explore(450, seed=10, setup="long", progress=False)
    assert not other["score"].equals(one["score"])


def test_batch_engine_frame_and_workers(monkeypatch):
    monkeypatch.setitem(ex.CHUNK, "batch", 8_000)  # three chunks: seeded by chunk, not worker
    one = explore(20_000, seed=2, setup="long", engine="batch", progress=False)
    two = explore(20_000, seed=2, setup="long", engine="batch", progress=False, workers=2)
    pd.testing.assert_frame_equal(one, two)
    assert list(one.columns) == list(COLUMNS)
    for name, dtype in COLUMNS.items():
        assert str(one[name].dtype) == dtype, name
    per = one.groupby("unit")
    assert (per["tricks"].sum() == 12).all() and (per["hand_points"].sum() == 100).all()
    # every contract of the long setup is played (rows drawn uniformly)
    assert set(one["kind"]) == {"trump", "under", "over", "slalom", "pyramid"}
    assert (one["bet_debt"] == 0).all()


def test_progress_callback_and_interrupt(monkeypatch):
    seen = []
    df = explore(500, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (500, 500) and df.attrs["completed"] == 500

    real = ex.run_chunk
    calls = {"n": 0}

    def flaky(spec, a, b):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(spec, a, b)

    monkeypatch.setattr(ex, "run_chunk", flaky)
    cut = explore(1000, seed=1, progress=False)
    assert cut.attrs["interrupted"] and cut.attrs["completed"] == 2 * ex.CHUNK["rounds"]
    assert len(cut) == 3 * 2 * ex.CHUNK["rounds"]
    pd.testing.assert_frame_equal(cut, df.iloc[: len(cut)].reset_index(drop=True))


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"ruleset": "coiffeur", "engine": "batch"}, "cannot play coiffeur.s tutti, 3x3"),
    ({"ruleset": "schieber", "engine": "batch", "bots": "rule"}, "random cards only"),
    ({"ruleset": "schieber", "engine": "batch", "mode": "games"}, "single rounds"),
    ({"ruleset": "schieber", "bots": "genius"}, "bots: one of random, rule, pimc"),
    ({"ruleset": "schieber", "players": 5}, "played by 4 or 6 players"),
    ({"ruleset": "schieber", "options": {"speed": 1}}, "unknown option 'speed' for schieber"),
    ({"ruleset": "poker"}, "unknown ruleset"),
    ({"players": 5}, "players must be"),
    ({"setup": "huge"}, "unknown setup"),
    ({"options": {"speed": 1}}, "unknown option 'speed'"),
    ({"options": {"bet_debt_step": 0}}, "bet_debt_step"),
    ({"bots": ["random"]}, "one name for every seat"),
    ({"bots": "genius"}, "unknown bot"),
    ({"mode": "games", "engine": "batch"}, "single rounds"),
    ({"workers": 0}, "workers must be"),
])
def test_bad_arguments_name_the_field(kwargs, words):
    with pytest.raises(SetupError, match=words):
        explore(3, progress=False, **kwargs)


def test_bet_debt_options_change_the_game():
    df = explore(200, seed=1, options={"bet_debt_step": 3, "max_bet_debt": 20}, progress=False)
    assert set(df["step"]) == {3} and set(df["max_debt"]) == {18}
    assert set(df["bet_debt"]) <= set(range(0, 19, 3))
    base = explore(200, seed=1, progress=False)
    both = pd.concat([df, base], ignore_index=True)
    t = bet_debt_effect(both)
    assert list(t.index) == [(3, 18), (5, 35)]
    assert _at(t, (3, 18), "debt") <= 18


# ------------------------------------------------------------------ summaries, known answers
def _at(table: Any, key: Any, column: str) -> Any:
    return table.loc[key, column]


def _frame(rows):
    """A constructed exploration frame: (unit, seat, declarer, contract, kind, row, score, ...)."""
    df = pd.DataFrame(rows)
    for k in ("contract", "kind", "row"):
        if k in df:
            df[k] = df[k].astype("category")
    return df


def test_interval_known_values():
    n, mean, sd, lo, hi = interval([2, 4, 4, 4, 5, 5, 7, 9])
    assert (n, mean) == (8, 5.0)
    assert sd == pytest.approx(2.138089935)
    assert hi - mean == pytest.approx(1.959963985 * 2.138089935 / math.sqrt(8))
    assert lo == pytest.approx(2 * mean - hi)


def test_declarer_score_by_contract_known_answer():
    rows = []
    for i, (c, s) in enumerate([("under", 10), ("under", 20), ("trump(H)", 40),
                                ("trump(H)", 60), ("trump(H)", 80)]):
        rows.append({"unit": i, "seat": i % 3, "is_declarer": True, "contract": c, "score": s})
        rows.append({"unit": i, "seat": (i + 1) % 3, "is_declarer": False, "contract": c,
                     "score": None})
    t = declarer_score(_frame(rows))
    assert t.loc["under", "n"] == 2 and t.loc["under", "mean"] == 15
    assert t.loc["trump(H)", "mean"] == 60
    assert _at(t, "trump(H)", "ci_high") - 60 == pytest.approx(1.959963985 * 20 / math.sqrt(3))
    by_seat = declarer_score(_frame(rows), by="seat")
    assert by_seat.loc[0, "mean"] == pytest.approx((10 + 60) / 2)


def test_pick_frequency_known_answer():
    rows = [{"is_declarer": True, "kind": k} for k in ["trump"] * 3 + ["under"]]
    t = pick_frequency(_frame(rows))
    assert t.loc["trump", "share"] == 0.75 and t.loc["under", "n"] == 1
    assert _at(t, "trump", "ci_high") - 0.75 == pytest.approx(
        1.959963985 * math.sqrt(0.75 * 0.25 / 4))


def test_barrel_value_known_answer():
    rows = []
    # game 0: barrel seat 0 ends +3, others 0 and -3 -> +4.5; game 1: barrel seat 1 ends -1,
    # others +1 and 0 -> -1.5
    for unit, barrel, finals in [(0, 0, [3, 0, -3]), (1, 1, [1, -1, 0])]:
        for seat in range(3):
            rows.append({"unit": unit, "round": 1, "barrel": barrel, "seat": seat,
                         "side": seat, "final_game_points": finals[seat]})
    t = barrel_value(pd.DataFrame(rows))
    assert t.loc["barrel", "n"] == 2 and t.loc["barrel", "mean"] == pytest.approx(1.5)


def test_setup_balance_known_answer():
    rng = np.random.default_rng(0)
    rows = []
    for row, centre in [("a", 40.0), ("b", 40.0), ("c", 40.0), ("d", 80.0)]:
        for x in rng.normal(centre, 5, 200):
            rows.append({"is_declarer": True, "row": row, "score": x, "game_points": None,
                         "row_value": 1})
    t = setup_balance(_frame(rows))
    assert not t.loc["d", "balanced"]  # 80 lies far outside the others' pooled interval
    assert t.loc["d", "mean"] == pytest.approx(80, abs=1.5)
    assert t.attrs["value"] == "score"


def test_plots_return_figures_without_pyplot():
    import sys

    df = explore(150, seed=1, progress=False)
    games = explore(4, seed=1, mode="games", setup="short", progress=False)
    figs = [ex.plot_declarer_score(df), ex.plot_declarer_score(df, "seat"),
            ex.plot_pick_frequency(df), ex.plot_setup_balance(df),
            ex.plot_bet_debt_effect(df), ex.plot_barrel_value(games)]
    from matplotlib.figure import Figure

    for fig in figs:
        assert isinstance(fig, Figure) and fig.axes and fig.axes[0].patches
        fig.canvas.draw()
    assert "matplotlib.pyplot" not in sys.modules or not __import__(
        "matplotlib.pyplot").pyplot.get_fignums()


def test_named_bots_come_from_make_bot_when_it_exists(monkeypatch):
    """chaitea.ai.bots.make_bot(name, seed) seats rule-based bots by name."""
    import chaitea.ai.bots as bots

    made = []

    def make_bot(name, seed=None):
        if name != "first":
            raise ValueError(f"unknown bot {name!r}: use random or first")
        made.append(seed)

        class First:
            def act(self, state):
                return state.legal_actions()[0]

        return First()

    monkeypatch.setattr(bots, "make_bot", make_bot, raising=False)
    df = explore(4, bots=["first", "random", "first"], seed=1, progress=False)
    # two bots made up front (the argument check), then 4 deals x 2 "first" seats
    assert len(made) == 2 + 8 and len(df) == 12
    assert df["bots"].iloc[0] == "first,random,first"
    with pytest.raises(SetupError, match="unknown bot 'clever'"):
        explore(2, bots="clever", progress=False)
