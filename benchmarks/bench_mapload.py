"""Load and validate time of every shipped map under maps/. Budget: under 50 ms per map.

"Load and validate" is what ``riotsim check-map`` does for one file
(``riotsim.core.checks.check_map``): the Tiled loader's inspection and conversion
(``riotsim.core.tiled.load_board``) plus the game's own ``check_board``. The first check in the
process (which also imports pytmx and the game's rules) is reported separately; the budget is
judged on the median of the following runs.

    python3 benchmarks/bench_mapload.py [MAP.tmx ...] [--runs 10] [--no-fail]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import _bench

BUDGET_MS = 50.0


def check(path: Path) -> list[Any]:
    """The problems ``riotsim check-map`` would report for this one map."""
    try:
        from riotsim.core.checks import check_map
    except ImportError:
        return _check_here(path)
    return list(check_map(path))


def _check_here(path: Path) -> list[Any]:
    # Same steps, for a build without riotsim.core.checks.
    from riotsim.core import registry
    from riotsim.core.problems import ContentError
    from riotsim.core.tiled import load_board

    try:
        board = load_board(path)
    except ContentError as err:
        return list(err.problems)
    try:
        ruleset: Any = registry.get(board.game)
    except (KeyError, ImportError, AttributeError):
        return []
    return list(ruleset.check_board(board, str(path)))


def game_of(path: Path) -> str:
    from riotsim.core.tiled import load_board

    try:
        return load_board(path).game
    except Exception:
        return "?"


def main(argv: list[str] | None = None) -> int:
    from riotsim.paths import maps_dir

    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("maps", nargs="*", type=Path, help="maps to time (default: every shipped map)")
    p.add_argument("--runs", type=int, default=10)
    args = p.parse_args(argv)
    paths = args.maps or sorted(maps_dir().rglob("*.tmx"))
    missed: list[str] = []
    rows = []
    if not paths:
        missed.append(f"no .tmx maps under {maps_dir()}")
    for path in paths:
        shown = (
            str(path.relative_to(maps_dir().parent))
            if path.is_relative_to(maps_dir())
            else str(path)
        )
        try:
            started = time.perf_counter()
            problems = len(check(path))
            first_ms = (time.perf_counter() - started) * 1000
            times = []
            for _ in range(args.runs):
                started = time.perf_counter()
                check(path)
                times.append((time.perf_counter() - started) * 1000)
        except Exception as err:
            missed.append(f"{shown}: cannot check: {type(err).__name__}: {err}")
            continue
        ms = _bench.median(times)
        ok = ms < BUDGET_MS and problems == 0
        rows.append(
            {
                "map": shown,
                "game": game_of(path),
                "first_ms": first_ms,
                "median_ms": ms,
                "max_ms": max(times),
                "problems": problems,
                "ok": ok,
            }
        )
        if ms >= BUDGET_MS:
            missed.append(f"{shown}: {ms:.1f} ms, budget < {BUDGET_MS} ms")
        if problems:
            missed.append(f"{shown}: {problems} validation problem(s) (run riotsim check-map)")
    keys = ["map", "game", "first_ms", "median_ms", "max_ms", "problems", "ok"]
    headers = ["map", "game", "first (ms)", "median (ms)", "max (ms)", "problems", "ok"]
    print(_bench.table(headers, [[r[k] for k in keys] for r in rows]))
    return _bench.finish("mapload", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
