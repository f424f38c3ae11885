"""A greedy-bot balance report on a shipped Riot Quest arena with worker processes.

Goal (issue 15): a 1,000-game greedy report with ``--jobs 2`` in under 60 s on a 2-core
machine. The machine these run on is shared, so this plays a smaller batch (``--games``,
100 by default) through the same code as ``riotsim simulate --report --jobs N`` (the batch
runner, then report.json, the charts and report.html), and measures an anchor in the same
run: python-chess random playouts (plies/s, one process), before and after the batch. The
1,000-game time is extrapolated linearly from the batch (plus the report writing, measured
apart; the worker pool's start-up, paid once per batch, is measured apart too by a first
batch of one game per worker and counted once), and also scaled to the anchor's rate on the
quiet reference run of benchmarks/README.md (28 995 plies/s), which assumes the load slowed
both alike.

    python3 benchmarks/bench_balance.py [--games 100] [--jobs 2] [--arena thunderhead]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import _bench
from bench_playout import chess_plies_per_second

GOAL_GAMES = 1000
GOAL_SECONDS = 60.0
QUIET_CHESS_RATE = 28_995.0  # plies/s, benchmarks/README.md, 30 Nov 2026 (load 0.7-0.9)


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--arena", default="thunderhead", help="shipped Riot Quest arena")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--anchor-seconds", type=float, default=2.0)
    args = p.parse_args(argv)

    from riotsim.balance import report
    from riotsim.balance.batch import Batch, run

    batch = Batch("riotquest", ("greedy", "greedy"), args.games, args.seed, map=args.arena)
    chess_before, _ = chess_plies_per_second(args.anchor_seconds, 1)
    # one game per worker: the pool's start-up (spawned workers importing everything) plus
    # one game's time, so the start-up is counted once in the 1,000-game figure, not per batch
    small = Batch("riotquest", ("greedy", "greedy"), args.jobs, args.seed, map=args.arena)
    started = time.perf_counter()
    run(small, jobs=args.jobs)
    warm = time.perf_counter() - started
    started = time.perf_counter()
    records = run(batch, jobs=args.jobs)
    played = time.perf_counter() - started
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-balance-") as folder:
        data = report.build(batch, [records])
        files = report.write(Path(folder), batch, data)
    written = time.perf_counter() - started
    chess_after, _ = chess_plies_per_second(args.anchor_seconds, 2)
    chess = (chess_before + chess_after) / 2

    # played = start-up + games * per_game; warm = start-up + (jobs games in parallel)
    per_game = max(0.0, (played - warm) / max(1, args.games - args.jobs))
    startup = max(0.0, played - per_game * args.games)
    extrapolated = startup + per_game * GOAL_GAMES + written
    quiet = extrapolated * chess / QUIET_CHESS_RATE
    actions = sum(r["actions"] for r in records)
    rows = [
        {
            "games": args.games,
            "jobs": args.jobs,
            "arena": args.arena,
            "play_s": played,
            "report_s": written,
            "files": len(files),
            "s_per_game": per_game,
            "startup_s": startup,
            "actions_per_s": actions / played,
            "chess_plies_per_s": chess,
            "anchor_vs_quiet": chess / QUIET_CHESS_RATE,
            "extrapolated_1000_s": extrapolated,
            "extrapolated_1000_quiet_s": quiet,
        }
    ]
    print(
        f"{args.games} greedy games on {args.arena} with --jobs {args.jobs}: {played:.1f} s "
        f"({per_game * 1000:.0f} ms a game after a start-up of {startup:.1f} s), report "
        f"{written:.1f} s ({len(files)} files)"
    )
    print(
        f"anchor: python-chess {chess:,.0f} plies/s (before {chess_before:,.0f}, after "
        f"{chess_after:,.0f}) = {chess / QUIET_CHESS_RATE:.2f}x the quiet reference"
    )
    headers = ["games", "jobs", "play s", "report s", "s/game", "1000 games s", "quiet s"]
    keys = ["games", "jobs", "play_s", "report_s", "s_per_game", "extrapolated_1000_s"]
    print(
        _bench.table(
            headers, [[r[k] for k in keys] + [r["extrapolated_1000_quiet_s"]] for r in rows]
        )
    )
    missed = []
    if quiet > GOAL_SECONDS:
        missed.append(
            f"a {GOAL_GAMES}-game report extrapolates to {extrapolated:.0f} s here, about "
            f"{quiet:.0f} s on the quiet machine; goal < {GOAL_SECONDS:.0f} s"
        )
    return _bench.finish("balance", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
