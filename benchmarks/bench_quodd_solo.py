"""Quodd Heroes solo scenarios: how often each bot level wins each one, over seeded games.

Every shipped solo scenario is played ``--games`` times (seeds 1..N) by one bot seat per
``--level`` (levels or bot names: easy, normal, hard, greedy, planner...), ``--budget``
seconds a move; a win rate per scenario and level is printed. Target (issue 16): Hard wins
every solo scenario in at least 70% of the seeded runs.

    python3 benchmarks/bench_quodd_solo.py [SCENARIO ...] [--games 10] [--budget 1.0]
        [--level hard --level greedy] [--jobs 2]
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import _bench

TARGET = 0.70


def solo_scenarios() -> list[str]:
    from riotsim.games.quodd import catalog

    return [s.id for s in catalog.scenarios().values() if s.mode == "solo"]


def play_one(job: tuple[str, str, int, float]) -> tuple[str, str, int, bool, int, float]:
    """One seeded game: (scenario, level, seed, won, rounds, seconds)."""
    from riotsim.ai import get_bot
    from riotsim.ai.play import play_game
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.games.quodd import RULESET

    scenario, level, seed, budget = job
    setup = GameSetup((PlayerSpec("Solo", bot=level),), seed=seed, scenario=scenario)
    started = time.perf_counter()
    result = play_game(RULESET, setup, [get_bot(level, seed)], budget_s=budget)
    won = result.winner == (0,)
    return scenario, level, seed, won, result.rounds, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("scenarios", nargs="*", help="solo scenario ids (default: every one)")
    p.add_argument("--games", type=int, default=10, help="seeded games per scenario and level")
    p.add_argument("--budget", type=float, default=1.0, help="seconds a move")
    p.add_argument("--level", action="append", help="bot level or name (default: hard)")
    p.add_argument("--jobs", type=int, default=1, help="games played at once")
    args = p.parse_args(argv)
    known = solo_scenarios()
    unknown = [s for s in args.scenarios if s not in known]
    if unknown:
        p.error(f"not a solo scenario: {', '.join(unknown)}; solo scenarios: {', '.join(known)}")
    scenarios = list(args.scenarios) or known
    levels = args.level or ["hard"]
    seeds = range(1, args.games + 1)
    jobs = [(s, lv, seed, args.budget) for s in scenarios for lv in levels for seed in seeds]
    results: list[tuple[str, str, int, bool, int, float]] = []
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for result in pool.map(play_one, jobs):
            results.append(result)
            scenario, level, seed, won, rounds, seconds = result
            print(
                f"  {scenario} {level} seed {seed}: {'won' if won else 'lost'} in round "
                f"{rounds} ({seconds:.1f} s)",
                flush=True,
            )
    rows, missed = _rows(results, scenarios, levels)
    print(_bench.table(list(rows[0]) if rows else ["scenario"], [list(r.values()) for r in rows]))
    return _bench.finish("quodd_solo", rows, missed, args)


def _rows(
    results: list[tuple[str, str, int, bool, int, float]], scenarios: list[str], levels: list[str]
) -> tuple[list[dict[str, Any]], list[str]]:
    rows: list[dict[str, Any]] = []
    missed: list[str] = []
    for scenario in scenarios:
        for level in levels:
            mine = [r for r in results if r[0] == scenario and r[1] == level]
            if not mine:
                continue
            wins = sum(1 for r in mine if r[3])
            rate = wins / len(mine)
            rows.append(
                {
                    "scenario": scenario,
                    "level": level,
                    "games": len(mine),
                    "wins": wins,
                    "win rate": rate,
                    "rounds (median)": _bench.median([r[4] for r in mine]),
                    "s/game": _bench.median([r[5] for r in mine]),
                }
            )
            if level.startswith("hard") and rate < TARGET:
                missed.append(f"{scenario}: {level} wins {rate:.0%} (< {TARGET:.0%})")
    return rows, missed


if __name__ == "__main__":
    sys.exit(main())
