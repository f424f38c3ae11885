"""Load and validate time of every shipped map under maps/. Budget: under 50 ms per map.

"Load and validate" is what ``riotsim check-map`` does for one file: the Tiled loader's
inspection and conversion (``riotsim.core.tiled.load_board``) plus the game's own board checks
(``ruleset.check_board``) when that game's rules are installed. The first load in the process
(which also imports pytmx) is reported separately; the budget is judged on the median of the
following runs.

    python3 benchmarks/bench_mapload.py [MAP.tmx ...] [--runs 10] [--no-fail]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import _bench

BUDGET_MS = 50.0


def load_and_validate(path: Path) -> tuple[int, str]:
    """Returns (problems found, game id)."""
    from riotsim.core import registry
    from riotsim.core.problems import ContentError
    from riotsim.core.tiled import load_board

    try:
        board = load_board(path)
    except ContentError as err:
        return len(err.problems), "?"
    game = board.game
    try:
        ruleset: Any = registry.get(game)
    except (KeyError, ImportError, AttributeError):
        return 0, f"{game} (no rules installed: loader only)"
    return len(ruleset.check_board(board, str(path))), game


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
        try:
            started = time.perf_counter()
            problems, game = load_and_validate(path)
            first_ms = (time.perf_counter() - started) * 1000
            times = []
            for _ in range(args.runs):
                started = time.perf_counter()
                load_and_validate(path)
                times.append((time.perf_counter() - started) * 1000)
        except Exception as err:
            missed.append(f"{path}: cannot load: {type(err).__name__}: {err}")
            continue
        ms = _bench.median(times)
        ok = ms < BUDGET_MS and problems == 0
        shown = (
            str(path.relative_to(maps_dir().parent))
            if path.is_relative_to(maps_dir())
            else str(path)
        )
        rows.append(
            {
                "map": shown,
                "game": game,
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
    print(
        _bench.table(
            ["map", "game", "first (ms)", "median (ms)", "max (ms)", "problems", "ok"],
            [
                [
                    r["map"],
                    r["game"],
                    r["first_ms"],
                    r["median_ms"],
                    r["max_ms"],
                    r["problems"],
                    r["ok"],
                ]
                for r in rows
            ],
        )
    )
    return _bench.finish("mapload", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
