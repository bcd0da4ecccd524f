"""``explore(..., engine="batch")`` for the Jass rulesets against the state path.

- Rows: batch rounds replayed card by card through the state API (the same hands, forehand and
  contract), written by the state path's own row builder (``chunks._rows``), give the same
  values in every column the batch fills (``score`` where the batch computes it: Schieber and
  basic Jass; NA elsewhere).
- Summaries: over many rounds, the batch's random play and the state path's random bots give
  the same Match rate, Weis points and declaring side's card points by mode
  (:mod:`chaitea.analysis.tables`). Tolerance: each difference of two independent
  estimates within 4 standard errors of the difference, as tests/analysis/test_batch.py (the
  seeds are fixed, so the test is deterministic).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
import pytest

from chaitea.analysis import chunks as je
from chaitea.analysis import explore as ex
from chaitea.analysis.batch_rows import batch_columns, batch_rounds, batch_spec
from chaitea.analysis.explore import explore, match_rate, weis_points
from chaitea.core.deals import Deal
from chaitea.core.errors import SetupError

CASES = [("schieber", 4), ("schieber", 6), ("jass", 4), ("coiffeur-schieber", 3),
         ("coiffeur-schieber", 4), ("rosenober", 4), ("guggitaler", 4)]


def _replayed_rows(game, out, units):
    """The state path's rows of the batch's rounds, replayed through the state API."""
    deck = game.deck
    skip = ("ruleset", "options", "bots", "mode_run", "players")
    cols: dict[str, list[Any]] = {k: [] for k in je.TABLE_COLUMNS if k not in skip}
    for d, unit in enumerate(units):
        spelling = out.spellings[out.contract[d]]
        fh = int(out.forehand[d])
        hands = [[deck.cards[c] for c in range(deck.size) if out.owner[d, c] == s]
                 for s in range(game.players)]
        dealer = (fh - 1) % game.players  # basic Jass: trump is the dealer's last card's suit
        hands[dealer].sort(key=lambda c: str(c)[-1] == spelling[-2] if "trump" in spelling
                           else 0)
        st = game.new_initial_state(forehand=fh)
        st.apply_deal(Deal(tuple(tuple(h) for h in hands)))
        dealt = [deck.mask_of(h) for h in hands]
        if st.phase == "picking":
            st.apply_action(spelling)
        assert st.contract == spelling
        for card in out.plays[d]:
            st.apply_action(int(card))
        res = st.round_results[-1]
        je._rows(cols, game, int(unit), 0, int(unit), res, st.record()["rounds"][-1]["picking"],
                 dealt)
    return cols


@pytest.mark.parametrize(("ruleset", "players"), CASES)
def test_batch_rows_are_the_state_paths_rows_of_the_same_rounds(ruleset, players):
    spec = batch_spec(ex.check_table_spec(150, ruleset, players, None, "random", 4, "rounds"))
    game = spec.game()
    out = batch_rounds(spec, game, 0, 150, keep=150)
    units = np.arange(150)
    mine = batch_columns(game, out, units)
    theirs = _replayed_rows(game, out, units)
    for key, values in theirs.items():
        got = mine[key]
        if isinstance(got, tuple):  # a category: (values, codes)
            got = [got[0][i] for i in got[1]]
        got = list(np.asarray(got).tolist()) if not isinstance(got, list) else got
        if key == "score" and not (np.asarray(got) != je._NA).any():
            continue  # NA: the pads' and tallies' scores are left to the state path
        assert got == list(values), key
    if ruleset == "schieber":  # Weis and Stöck do occur, and every multiplier
        assert max(mine["weis"]) > 0 and max(mine["stoeck"]) >= 20  # 40: two pairs, six players
        assert set(mine["multiplier"].tolist()) == {1, 2, 3, 4}


def _close(a: float, se_a: float, b: float, se_b: float) -> bool:
    return abs(a - b) <= 4 * math.sqrt(se_a ** 2 + se_b ** 2) + 1e-9


def test_batch_summaries_agree_with_the_state_paths_random_play():
    batch = explore(60_000, ruleset="schieber", engine="batch", seed=1, progress=False)
    state = explore(6_000, ruleset="schieber", seed=2, progress=False)
    assert list(batch.columns) == list(state.columns)
    for col in batch.columns:
        assert batch[col].dtype == state[col].dtype, col
    mb, ms = match_rate(batch), match_rate(state)
    assert set(mb.index) == set(ms.index) == {"obenabe", "trump", "undenufe"}
    for mode in mb.index:
        pb, nb = mb.loc[mode, "share"], mb.loc[mode, "n"]
        ps, ns = ms.loc[mode, "share"], ms.loc[mode, "n"]
        p = max((pb * nb + ps * ns) / (nb + ns), 1 / ns)
        assert _close(pb, math.sqrt(p * (1 - p) / nb), ps, math.sqrt(p * (1 - p) / ns)), mode
    wb, ws = weis_points(batch), weis_points(state)
    for mode in wb.index:
        se_b, se_s = wb.loc[mode, "sd"] / math.sqrt(wb.loc[mode, "n"]), \
            ws.loc[mode, "sd"] / math.sqrt(ws.loc[mode, "n"])
        assert _close(wb.loc[mode, "mean"], se_b, ws.loc[mode, "mean"], se_s), mode

    def declaring(df: pd.DataFrame) -> pd.DataFrame:
        d = df[df["seat"] == df["declarer"]]
        return d.groupby("mode", observed=True)["card_points"].agg(["mean", "sem"])

    cb, cs = declaring(batch), declaring(state)
    for mode in cb.index:
        assert _close(cb.loc[mode, "mean"], cb.loc[mode, "sem"], cs.loc[mode, "mean"],
                      cs.loc[mode, "sem"]), mode
    assert not batch["pushed"].any() and state["pushed"].any()  # the batch does not pick


def test_batch_explore_is_reproducible_over_worker_counts_and_chunks(monkeypatch):
    monkeypatch.setitem(ex.CHUNK, "batch", 500)  # three chunks
    one = explore(1200, ruleset="schieber", engine="batch", seed=3, progress=False)
    two = explore(1200, ruleset="schieber", engine="batch", seed=3, progress=False, workers=2)
    pd.testing.assert_frame_equal(one, two)
    assert one.attrs["engine"] == "batch" and len(one) == 4 * 1200
    other = explore(1200, ruleset="schieber", engine="batch", seed=4, progress=False)
    assert not one["tricks"].equals(other["tricks"])


def test_tables_with_a_trump_set_in_play_are_refused_by_name():
    with pytest.raises(SetupError, match=r"coiffeur's tutti, 3x3\(tou\)"):
        explore(10, ruleset="coiffeur", engine="batch", progress=False)


def test_a_round_reaching_the_target_by_itself_has_no_batch_score():
    """Option ``target`` (RULES J: the first side to reach it wins; the state path caps the
    score there, or ends the game on Weis and Stöck before the cards): such rounds are NA."""
    spec = batch_spec(ex.check_table_spec(400, "schieber", None, {"target": 300}, "random", 5,
                                         "rounds"))
    game = spec.game()
    out = batch_rounds(spec, game, 0, 400, keep=400)
    cols = batch_columns(game, out, np.arange(400))
    score = cols["score"].reshape(400, 4)
    na = (score == je._NA).all(1)
    assert na.any() and not na.all() and ((score == je._NA).any(1) == na).all()
    deck = game.deck
    for d in range(400):
        hands = tuple(tuple(deck.cards[c] for c in range(deck.size) if out.owner[d, c] == s)
                      for s in range(4))
        st = game.new_initial_state(forehand=int(out.forehand[d]))
        st.apply_deal(Deal(hands))
        st.apply_action(out.spellings[out.contract[d]])
        for card in out.plays[d] if st.phase == "play" else ():
            st.apply_action(int(card))
        res = st.round_results[-1]
        reached = max(st.returns()) >= 300
        assert reached == na[d], d
        if not reached:
            assert list(res["score"]) == score[d, :2].tolist()
