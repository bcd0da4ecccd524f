"""A setup's row count is bounded, and a picking menu's cost does not grow
with it (the 15,000-row record that blocked a kernel for 75 s is refused at once)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

import chaitea
from chaitea.core.setups import MAX_ROWS, ROW_KINDS, parse_setup

KINDS = list(ROW_KINDS)


def rows_spec(n: int) -> list[dict[str, Any]]:
    return [{"row": KINDS[i % len(KINDS)], "value": 1 + i % 5} for i in range(n)]


def old_menu(game: chaitea.Game, open_mask: int, debt_from: int, debt_to: int,
             exclude: chaitea.Contract | None, with_pass: bool) -> tuple[int, ...]:
    """The menu as the engine built it before (a walk over every row): the reference order."""
    spellings: list[str] = []
    for r, row in enumerate(game.setup.rows):
        if open_mask >> r & 1:
            for sp in row.spellings:
                if sp not in spellings and game.spelling_contract[sp] != exclude:
                    spellings.append(sp)
    return ((game.PASS,) if with_pass else ()) + tuple(
        game.pick_ids[(sp, d)] for sp in spellings for d in game.debts[debt_from:debt_to])


@pytest.mark.parametrize("setup", ["standard", "short", "long", "rows-19", "rows-64",
                                   "shuffled-40"])
def test_picking_menus_keep_the_setup_order(setup: str) -> None:
    rng = random.Random(7)
    if setup.startswith("rows-"):
        spec: Any = rows_spec(int(setup[5:]))
    elif setup.startswith("shuffled-"):
        spec = rows_spec(int(setup[9:]))
        rng.shuffle(spec)
        spec = [r for r in spec if r["row"] != "joker"] + [{"row": "joker", "value": 3}]
    else:
        spec = setup
    game = chaitea.Game(players=3, setup=spec)
    n = len(game.setup.rows)
    contracts = [None, *list(dict.fromkeys(game.spelling_contract.values()))[:6]]
    for _ in range(200):
        mask = rng.getrandbits(n)
        lo = rng.randrange(len(game.debts))
        hi = rng.randrange(lo, len(game.debts) + 1)
        exclude = rng.choice(contracts)
        with_pass = rng.random() < 0.5
        game._pick_cache.clear()
        assert game._picks(mask, lo, hi, exclude, with_pass) == old_menu(
            game, mask, lo, hi, exclude, with_pass)


def test_setups_have_at_most_64_rows() -> None:
    assert len(parse_setup(rows_spec(MAX_ROWS)).rows) == MAX_ROWS
    for n in (MAX_ROWS + 1, 15_000):
        with pytest.raises(chaitea.SetupError, match=f"at most 64 rows, not {n:,}"):
            parse_setup(rows_spec(n))
        with pytest.raises(chaitea.SetupError, match="at most 64 rows"):
            chaitea.Game(players=3, setup=rows_spec(n))


def test_a_15000_row_record_is_refused_quickly_and_64_rows_replay_fast() -> None:
    """The fuzzing case: a legal-looking record under 1 MB with 15,000 rows is refused at
    round 0 (it took 58 s of CPU to replay); a 64-row game replays (no timing is asserted: the
    figures are in benchmarks/bench_setup_rows.py)."""
    game = chaitea.Game(players=3, setup=rows_spec(64))
    state = game.new_initial_state(seed=3)
    rng = random.Random(3)
    while len(state.round_results) < 4:
        state.apply_action(rng.choice(state.legal_actions()))
    rec = state.record()
    assert chaitea.replay(rec)["rounds"] == chaitea.records.record.report(state)["rounds"]
    assert len(chaitea.replay(rec)["rounds"]) == 4
    big = json.loads(json.dumps(rec))
    big["setup"] = rows_spec(15_000)
    text = json.dumps(big)
    assert len(text) < chaitea.records.record.MAX_RECORD_BYTES
    start = time.process_time()
    with pytest.raises(chaitea.RecordError, match=r"^round 0, picking step 0: a custom setup "
                       r"has at most 64 rows, not 15,000"):
        chaitea.replay(text)
    assert time.process_time() - start < 5  # generous: 58 s before; ~0.02 s here


def test_row_values_are_bounded() -> None:
    with pytest.raises(chaitea.SetupError, match=r"setup row 1: 'value' must be .* at most"):
        parse_setup([{"row": "under", "value": 10**30}, {"row": "over", "value": 1}])
