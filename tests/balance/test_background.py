"""The Map Lab's background balance report: the same report as a serial run, progress game
by game, cancellable, and games a rules error stopped named instead of breaking the report."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("matplotlib")

from riotsim.balance import background, report  # noqa: E402
from riotsim.balance.batch import Batch, run  # noqa: E402

BATCH = Batch("riotquest", ("random", "random"), 3, seed=7, map="thunderhead")


def test_the_background_report_is_the_serial_runs_report(tmp_path):
    job = background.BackgroundReport(BATCH, tmp_path / "out").start()
    assert job.wait(120) and job.error == "" and job.done == 3 and job.fraction == 1.0
    assert job.page == tmp_path / "out" / "report.html" and job.page.is_file()
    written = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(report.build(BATCH, [run(BATCH)])))


def test_a_game_stopped_by_a_rules_error_is_named_and_left_out(tmp_path, monkeypatch):
    real = background.play_one

    def flaky(batch, index):
        if index == 1:
            return {"seed": batch.seed + index, "error": "RuntimeError: stuck"}
        return real(batch, index)

    monkeypatch.setattr(background, "play_one", flaky)
    job = background.BackgroundReport(BATCH, tmp_path / "out").start()
    assert job.wait(120) and job.page is not None
    assert job.error == "1 of 3 games stopped on a rules error (seed 8: RuntimeError: stuck)"
    written = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert written["maps"][0]["games"] == 2


def test_a_run_cancelled_writes_nothing(tmp_path):
    job = background.BackgroundReport(Batch("riotquest", ("random", "random"), 10_000), tmp_path)
    job.cancel()  # before it starts: it stops before its first game
    job.start()
    assert job.wait(30) and job.cancelled and job.done == 0 and job.page is None
    assert not (tmp_path / "report.json").exists()
