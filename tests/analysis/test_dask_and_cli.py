"""The Dask path on a LocalCluster of two worker processes, and ``python -m chaitea explore``."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

from chaitea.__main__ import main
from chaitea.analysis.explore import explore


def test_dask_local_cluster_gives_the_same_frame():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    try:
        with distributed.Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == 2
            on_dask = explore(450, seed=4, setup="long", client=client, progress=False)
    finally:
        cluster.close()
    local = explore(450, seed=4, setup="long", progress=False)
    pd.testing.assert_frame_equal(on_dask, local)


def test_cli_writes_csv_and_parquet(tmp_path, capsys):
    out = tmp_path / "r.csv"
    assert main(["explore", "--players", "3", "--setup", "long", "--deals", "50",
                 "--bots", "random", "--seed", "3", "--out", str(out), "--no-progress"]) == 0
    assert "done: 50 rounds, 150 rows" in capsys.readouterr().out
    df = pd.read_csv(out)
    ref = explore(50, setup="long", seed=3, progress=False)
    assert list(df.columns) == list(ref.columns)
    assert df["score"].sum() == ref["score"].sum()
    pytest.importorskip("pyarrow")
    pq = tmp_path / "r.parquet"
    assert main(["explore", "--deals", "40", "--seed", "3", "--out", str(pq),
                 "--no-progress"]) == 0
    back = pd.read_parquet(pq)
    pd.testing.assert_frame_equal(back, explore(40, seed=3, progress=False),
                                  check_dtype=False, check_categorical=False)


@pytest.mark.parametrize(("args", "words", "code"), [
    (["--ruleset", "coiffeur", "--engine", "batch"], "cannot play coiffeur's tutti", 2),
    (["--ruleset", "schieber", "--bots", "genius"], "unknown bot 'genius'", 64),
    (["--out", "x.xlsx"], "must end in .csv or .parquet", 64),
    (["--options", "{bad"], "not valid JSON", 64),
    (["--options", '{"speed": 1}'], "unknown option", 2),
    (["--workers", "many"], "argument --workers: must be", 64),
])
def test_cli_errors_are_one_line(tmp_path, capsys, args, words, code):
    argv = ["explore", "--deals", "5", "--no-progress", "--out", str(tmp_path / "r.csv"), *args]
    if "--out" in args:
        argv = ["explore", "--deals", "5", "--no-progress", *args]
    assert main(argv) == code
    err = capsys.readouterr().err
    if code == 64:  # a usage error: the usage, then one line (tests/test_cli.py)
        assert err.startswith("usage: python -m chaitea explore ")
        err = err[err.index("\npython -m chaitea explore: error: ") + 1:]
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "r.csv").exists()


def test_cli_in_a_terminal(tmp_path):
    """The command line of ``python -m chaitea explore``, as a user types it (a fresh process,
    Parquet out)."""
    pytest.importorskip("pyarrow")
    out = tmp_path / "r.parquet"
    p = subprocess.run([sys.executable, "-m", "chaitea", "explore", "--ruleset",
                        "chai-tea-jazz", "--players", "3", "--setup", "long", "--deals", "500",
                        "--bots", "random", "--out", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert out.exists() and "done: 500 rounds" in p.stdout and "Traceback" not in p.stderr


def test_progress_bar_shows_after_its_delay(monkeypatch, capsys):
    import chaitea.analysis.explore as ex

    explore(30, seed=1)  # far shorter than the delay: no bar
    assert "explore:" not in capsys.readouterr().err
    monkeypatch.setattr(ex, "PROGRESS_DELAY", 0.0)
    explore(300, seed=1)
    err = capsys.readouterr().err
    assert "explore:" in err and "300/300" in err and "rounds" in err
