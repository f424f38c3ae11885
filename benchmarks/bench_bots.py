"""Bots answer within their time budget, on real positions of every rules core.

For each game, positions are taken along a random playout; at each, every bot and every level
is asked for a move with ``--budget`` seconds and the wall time of ``choose`` is recorded
against the seconds that bot may take (a level uses its share of the budget: Easy 25%,
Normal 40%, Hard all of it). Budgets: the p99 within 10% of the bot's own budget (issue 16),
and no answer later than that plus 20 ms (the clock checks' granularity).

The search bots (mcts, and the levels that play it) also report iterations per second, next
to the figure of the previous run (read from the results file before it is overwritten).

    python3 benchmarks/bench_bots.py [GAME ...] [--budget 0.25] [--positions 8] [--no-fail]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import _bench

MARGIN = 0.10
SLACK_S = 0.02


def positions(ruleset: Any, count: int, seed: int) -> list[Any]:
    from riotsim.core.rng import Rng

    rng = Rng(seed)
    state = ruleset.new_state(_bench.default_setup(ruleset, seed))
    found: list[Any] = []
    plies = 0
    while len(found) < count and ruleset.to_move(state) is not None and plies < 20_000:
        legal = ruleset.legal_actions(state)
        if len(legal) > 1 and rng.below(4) == 0:
            found.append(ruleset.copy(state))
        ruleset.apply(state, legal[rng.below(len(legal))])
        plies += 1
    return found


def previous_rates(path: str | None) -> dict[tuple[str, str], float]:
    """(game, bot) -> iterations per second in the last results file, if there is one."""
    file = _bench.RESULTS / "bots.json" if path is None else Path(path)
    try:
        rows = json.loads(file.read_text(encoding="utf-8"))["rows"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {
        (r["game"], r["bot"]): r["iterations_per_s"]
        for r in rows
        if isinstance(r, dict) and r.get("iterations_per_s")
    }


def searched(bot: Any) -> int | None:
    """Iterations the bot's last answer ran (mcts, or a level playing it), else None."""
    inner = getattr(bot, "inner", None) or bot
    return getattr(inner, "last_iterations", None)


def measure(ruleset: Any, name: str, states: list[Any], args: Any) -> dict[str, Any]:
    from riotsim.ai import get_bot

    bot = get_bot(name, args.seed)
    own = args.budget
    if hasattr(bot, "bot_for"):
        bot.bot_for(ruleset)
        own = bot.budget(args.budget)
    times, iterations, illegal = [], 0, []
    for state in states:
        seat = ruleset.to_move(state)
        view = ruleset.view(state, seat)
        legal = ruleset.legal_actions(state)
        started = time.perf_counter()
        action = bot.choose(ruleset, view, legal, args.budget)
        times.append(time.perf_counter() - started)
        iterations += searched(bot) or 0
        if action not in legal:
            illegal.append(str(action))
    rate = iterations / sum(times) if searched(bot) is not None and times else None
    return {
        "bot": name,
        "own_budget_s": own,
        "positions": len(times),
        "median_s": _bench.median(times),
        "p99_s": _bench.percentile(times, 99),
        "max_s": max(times) if times else 0.0,
        "iterations_per_s": rate,
        "illegal": illegal,
    }


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--budget", type=float, default=0.25, help="seconds per move")
    p.add_argument("--positions", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--toy", action="store_true", help="also measure the tests' toy game")
    args = p.parse_args(argv)
    if args.toy:
        _bench.use_toy_games()
    from riotsim.ai import BOT_NAMES

    before = previous_rates(args.json)
    games, missed = _bench.available_games(list(args.games))
    rows = []
    for game, ruleset in games:
        try:
            states = positions(ruleset, args.positions, args.seed)
        except Exception as err:
            missed.append(f"{game}: cannot build positions: {type(err).__name__}: {err}")
            continue
        for name in BOT_NAMES:
            try:
                row = {"game": game, **measure(ruleset, name, states, args)}
            except Exception as err:
                missed.append(f"{game}/{name}: failed: {type(err).__name__}: {err}")
                continue
            row["previous_iterations_per_s"] = before.get((game, name))
            own = row["own_budget_s"]
            row["ok"] = (
                row["p99_s"] <= own * (1 + MARGIN) and row["max_s"] <= own * (1 + MARGIN) + SLACK_S
            )
            rows.append(row)
            missed += [f"{game}/{name}: answered an illegal action {a}" for a in row["illegal"]]
            if not row["ok"]:
                missed.append(
                    f"{game}/{name}: p99 {row['p99_s']:.3f} s, max {row['max_s']:.3f} s,"
                    f" budget {own:.3f} s"
                )
    keys = ["game", "bot", "own_budget_s", "positions", "median_s", "p99_s", "max_s"]
    keys += ["iterations_per_s", "previous_iterations_per_s", "ok"]
    headers = ["game", "bot", "budget (s)", "positions", "median (s)", "p99 (s)", "max (s)"]
    headers += ["it/s", "it/s before", "ok"]
    cells = [["-" if r[k] is None else r[k] for k in keys] for r in rows]
    print(_bench.table(headers, cells))
    return _bench.finish("bots", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
