"""Bots answer within their time budget, on real positions of every rules core.

For each game, positions are taken along a random playout; at each, every bot is asked for a
move with ``--budget`` seconds and the wall time of ``choose`` is recorded. Budget: no answer
later than the budget plus 10% (and 20 ms for the clock checks' granularity).

    python3 benchmarks/bench_bots.py [GAME ...] [--budget 0.25] [--positions 8] [--no-fail]
"""

from __future__ import annotations

import sys
import time
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
    from riotsim.ai import BOT_NAMES, get_bot

    games, missed = _bench.available_games(list(args.games))
    limit = args.budget * (1 + MARGIN) + SLACK_S
    rows = []
    for game, ruleset in games:
        try:
            states = positions(ruleset, args.positions, args.seed)
        except Exception as err:
            missed.append(f"{game}: cannot build positions: {type(err).__name__}: {err}")
            continue
        for name in BOT_NAMES:
            bot = get_bot(name, args.seed)
            times = []
            try:
                for state in states:
                    seat = ruleset.to_move(state)
                    view = ruleset.view(state, seat)
                    legal = ruleset.legal_actions(state)
                    started = time.perf_counter()
                    action = bot.choose(ruleset, view, legal, args.budget)
                    times.append(time.perf_counter() - started)
                    if action not in legal:
                        missed.append(f"{game}/{name}: answered an illegal action {action}")
            except Exception as err:
                missed.append(f"{game}/{name}: failed: {type(err).__name__}: {err}")
                continue
            worst = max(times) if times else 0.0
            ok = worst <= limit
            rows.append(
                {
                    "game": game,
                    "bot": name,
                    "positions": len(times),
                    "median_s": _bench.median(times),
                    "max_s": worst,
                    "ok": ok,
                }
            )
            if not ok:
                missed.append(f"{game}/{name}: took {worst:.3f} s, budget {args.budget} s")
    keys = ["game", "bot", "positions", "median_s", "max_s", "ok"]
    headers = ["game", "bot", "positions", "median (s)", "max (s)", "ok"]
    print(_bench.table(headers, [[r[k] for k in keys] for r in rows]))
    return _bench.finish("bots", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
