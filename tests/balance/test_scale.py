"""Scale (issue 15): `--jobs N` and `--cluster ADDRESS` give the same report.json as a serial
run with the same seeds."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from riotsim.balance.batch import Batch, run
from riotsim.cli import main

ARGS = ["simulate", "riotquest", "--map", "scrapyard", "--games", "6", "--seed", "11", "--quiet"]


def _report_json(capsys, folder: Path, *extra: str) -> str:
    code = main([*ARGS, "--report", str(folder), *extra])
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    return (folder / "report.json").read_text(encoding="utf-8")


def test_jobs_give_the_same_report_as_a_serial_run(tmp_path, capsys):
    serial = _report_json(capsys, tmp_path / "serial")
    parallel = _report_json(capsys, tmp_path / "jobs", "--jobs", "2")
    assert parallel == serial
    assert json.loads(serial)["maps"][0]["games"] == 6


@pytest.mark.parametrize("game", ["riot", "riot-pm", "quodd"])
def test_records_come_back_in_seed_order_from_worker_processes(game):
    """Worker processes have their own string-hash seeds: a game's record must not depend on
    them (nor on which worker played it)."""
    batch = Batch(game=game, bots=("random", "random"), games=5, seed=40)
    parallel = run(batch, jobs=2)
    assert [r["seed"] for r in parallel] == [40, 41, 42, 43, 44]
    assert parallel == run(batch)


def test_cluster_gives_the_same_report_as_a_serial_run(tmp_path, capsys):
    from distributed import LocalCluster

    serial = _report_json(capsys, tmp_path / "serial")
    with LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        on_cluster = _report_json(
            capsys, tmp_path / "cluster", "--cluster", cluster.scheduler_address
        )
    assert on_cluster == serial


def test_an_unreachable_scheduler_is_one_line_error(capsys):
    code = main([*ARGS[:5], "1", "--quiet", "--cluster", "tcp://127.0.0.1:9",
                 "--cluster-timeout", "1"])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 1
    assert "riotsim: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err


def test_a_missing_dask_names_the_extra_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    code = main([*ARGS[:5], "1", "--quiet", "--cluster", "tcp://127.0.0.1:8786"])
    err = capsys.readouterr().err
    assert code == 1
    assert 'pip install "riotsim[cluster]"' in err


def test_jobs_and_cluster_together_are_refused(capsys):
    code = main([*ARGS, "--jobs", "2", "--cluster", "tcp://127.0.0.1:8786"])
    assert code == 2
    assert "give --jobs or --cluster, not both" in capsys.readouterr().err
