"""Side balance: every seat played by the same level, the win share of each side.

RIOT with 2, 3 and 4 players and RIOT Politics & Media by default (the games whose seats are
different sides: Police and the protester groups). Game ``i`` uses seed ``--seed + i``; a
side's share is its wins over all games (a shared win counts for each side in it; games
nobody wins are listed apart), with a 95% Wilson interval.

Budget (issue 16): no side wins more than 65% of the games.

    python3 benchmarks/bench_sides.py [CONFIG ...] [--level hard] [--games 200]
        [--budget 1.0] [--jobs 2] [--no-fail] [--log FILE] [--minutes M] [--shard K/N]

A CONFIG is ``game:seats`` (``riot:3``); the default is riot:2 riot:3 riot:4 riot-pm:2.
"""

from __future__ import annotations

import sys
from typing import Any

import _arena
import _bench

MAX_SHARE = 0.65
DEFAULT_CONFIGS = ("riot:2", "riot:3", "riot:4", "riot-pm:2")


def parse_config(text: str) -> tuple[str, int]:
    game, _sep, seats = text.partition(":")
    return game, int(seats or 2)


def sides(records: list[dict[str, Any]], seats: int) -> list[dict[str, Any]]:
    from riotsim.core.stats import wilson

    played = [r for r in records if "error" not in r]
    out = []
    for seat in range(seats):
        wins = sum(seat in r["winners"] for r in played)
        role = played[0]["roles"][seat] if played else ""
        out.append(
            {
                "seat": seat,
                "side": role or f"seat {seat + 1}",
                "wins": wins,
                "share": wins / len(played) if played else 0.0,
                "interval": wilson(wins, len(played)),
            }
        )
    return out


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("configs", nargs="*", metavar="CONFIG", help="game:seats (riot:3)")
    p.add_argument("--level", default="hard", help="the level (or bot) on every seat")
    p.add_argument("--games", type=int, default=200, help="games per configuration")
    p.add_argument("--budget", type=float, default=1.0, help="seconds per move")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--seed", type=int, default=0)
    _arena.add_slice_options(p)
    args = p.parse_args(argv)
    slices = _arena.slice_options(args)
    configs = [parse_config(c) for c in args.configs or DEFAULT_CONFIGS]
    games, missed = _bench.available_games(sorted({game for game, _ in configs}))
    known = {game for game, _ in games}
    rows: list[dict[str, Any]] = []
    lines = []
    for game, seats in configs:
        if game not in known:
            continue
        print(f"{game}, {seats} seats: {args.level} on every seat, {args.games} games")
        bots = (args.level,) * seats
        jobs = [_arena.Job(game, bots, args.seed + g, args.budget) for g in range(args.games)]
        records = _arena.run(jobs, args.jobs, **slices)
        played = [r for r in records if "error" not in r]
        row = {
            "game": game,
            "seats": seats,
            "level": args.level,
            "games": len(played),
            "planned": len(jobs),
            "no_winner": sum(not r["winners"] for r in played),
            "mean_rounds": _arena.mean([r["rounds"] for r in played]),
            "mean_actions": _arena.mean([r["actions"] for r in played]),
            "sides": sides(records, seats),
            "timing": _arena.timing(records, args.level),
        }
        rows.append(row)
        if row["games"] < row["planned"]:
            missed.append(f"{game}:{seats}: {row['games']} of {row['planned']} games so far")
        missed += [f"{game}:{seats}: {r['error']}" for r in records if "error" in r][:3]
        for side in row["sides"]:
            lines.append(
                [
                    f"{game}:{seats}",
                    side["side"],
                    f"{side['wins']}/{row['games']}"
                    + (f" (of {row['planned']})" if row["games"] < row["planned"] else ""),
                    f"{side['share']:.0%}",
                    _arena.percent(side["interval"]),
                    row["no_winner"],
                    row["mean_rounds"],
                    row["mean_actions"],
                ]
            )
            if row["games"] and side["share"] > MAX_SHARE:
                missed.append(
                    f"{game}:{seats}: {side['side']} won {side['share']:.0%} (at most 65%)"
                )
    headers = ["config", "side", "wins", "share", "95% CI", "no winner", "rounds", "actions"]
    print(_bench.table(headers, lines))
    return _bench.finish("sides", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
