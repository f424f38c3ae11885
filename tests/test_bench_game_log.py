"""The benchmarks' game log: a long bot-against-bot batch played in slices (benchmarks/_arena.py).

A batch of 100 games at 1 s a move takes hours on two cores, so bench_strength.py and
bench_sides.py keep each finished game in a log and a second run plays only what is missing.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))

import _arena  # noqa: E402
import toy_game  # noqa: E402


@pytest.fixture(autouse=True)
def _toy() -> None:
    toy_game.register_all()


def _jobs(n: int) -> list[_arena.Job]:
    return [_arena.Job("toy", ("random", "greedy"), seed, 0.01) for seed in range(n)]


def test_a_second_run_plays_only_what_the_log_lacks(tmp_path: Path) -> None:
    log = _arena.GameLog(tmp_path / "games.jsonl", code="abc")
    first = _arena.run(_jobs(3), progress=False, log=log)
    assert len(first) == 3
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 3
    # the same three jobs and two more: only the two new ones are played and logged
    both = _arena.run(_jobs(5), progress=False, log=log)
    assert [r["seed"] for r in both] == [0, 1, 2, 3, 4]
    assert both[:3] == first
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 5


def test_games_of_other_code_or_with_errors_are_played_again(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    _arena.run(_jobs(2), progress=False, log=_arena.GameLog(path, code="old"))
    assert _arena.GameLog(path, code="new").records(_jobs(2)) == {}
    job = _jobs(1)[0]
    broken = {"key": _arena.job_key(job), "code": "new", "record": {"error": "boom"}}
    with path.open("a") as f:
        f.write(json.dumps(broken) + "\n")
        f.write('{"key": "cut off mid-wri')  # a run killed while writing
    assert _arena.GameLog(path, code="new").records(_jobs(2)) == {}


def test_shards_split_the_batch_and_join_into_it(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    even = _arena.run(_jobs(4), progress=False, log=_arena.GameLog(path, code="c"), shard=(0, 2))
    assert [r["seed"] for r in even] == [0, 2]
    joined = _arena.run(_jobs(4), progress=False, log=_arena.GameLog(path, code="c"), shard=(1, 2))
    assert [r["seed"] for r in joined] == [0, 1, 2, 3]


def test_no_game_starts_after_the_deadline(tmp_path: Path) -> None:
    log = _arena.GameLog(tmp_path / "games.jsonl", code="c")
    assert _arena.run(_jobs(3), progress=False, log=log, deadline=time.monotonic() - 1) == []
    assert not (tmp_path / "games.jsonl").exists()


def test_the_code_digest_follows_the_rules_not_the_ui(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "ui").mkdir()
    (tmp_path / "games" / "rules.py").write_text("A = 1\n")
    (tmp_path / "ui" / "screen.py").write_text("B = 1\n")
    before = _arena.code_digest(tmp_path)
    (tmp_path / "ui" / "screen.py").write_text("B = 2\n")
    assert _arena.code_digest(tmp_path) == before
    (tmp_path / "games" / "rules.py").write_text("A = 2\n")
    assert _arena.code_digest(tmp_path) != before
