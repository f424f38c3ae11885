"""Shared helpers for the bench_*.py scripts: tables, budgets, game setups, results files."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

# Measure the checkout these scripts live in, not whichever riotsim is installed (a worktree
# next to an editable install of another one would otherwise time the other's code).
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--no-fail", action="store_true", help="exit 0 even if a budget is missed")
    p.add_argument("--json", metavar="FILE", help=f"write results here (default: {RESULTS}/)")
    return p


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        if value >= 100:
            return f"{value:,.0f}"
        return f"{value:.3g}" if value < 1 else f"{value:.2f}"
    return str(value)


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def finish(name: str, rows: list[dict[str, Any]], missed: list[str], args: Any) -> int:
    """Write the results file, print missed budgets, return the exit status."""
    payload = {
        "benchmark": name,
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rows": rows,
        "missed": missed,
    }
    path = Path(args.json) if args.json else RESULTS / f"{name}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        print(f"results: {path}")
    except OSError as err:
        print(f"{name}: cannot write {path}: {err}", file=sys.stderr)
    for line in missed:
        print(f"BUDGET MISSED: {line}", file=sys.stderr)
    if missed and not args.no_fail:
        return 1
    return 0


def use_toy_games() -> None:
    """Register the test suite's toy game (ids toy, toy-open, toy-solo) for harness checks."""
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    import toy_game

    toy_game.register_all()


def default_setup(ruleset: Any, seed: int, bot: str | None = "random") -> Any:
    """Two seats (or the game's minimum), each played by ``bot`` (None: human seats)."""
    from riotsim.core.contract import GameSetup, PlayerSpec

    seats = max(ruleset.min_players, min(2, ruleset.max_players))
    players = tuple(PlayerSpec(f"Bench {i + 1}", bot=bot) for i in range(seats))
    return GameSetup(players, seed=seed)


def available_games(requested: Sequence[str]) -> tuple[list[tuple[str, Any]], list[str]]:
    """(id, ruleset) for each requested (or every registered) game that loads, and the
    problems for those that do not."""
    from riotsim.core import registry

    found: list[tuple[str, Any]] = []
    problems: list[str] = []
    for game in requested or registry.ids():
        try:
            found.append((game, registry.get(game)))
        except (ImportError, AttributeError, KeyError) as err:
            problems.append(f"{game}: not available ({err})")
    return found, problems
