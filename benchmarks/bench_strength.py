"""Level against level: win rates with 95% Wilson intervals, game length and decision times.

For each game and each pair ``A:B``, ``--games`` games are played. With two seats A and B
swap seats every game (each seed is played both ways); with more seats A plays one seat,
rotating, and B every other. A game counts for A when A's seat wins and no B seat does
(draws, shared wins and games with no winner count against A and are listed apart). Quodd
plays a free-for-all scenario by default (its solo and co-op scenarios have no opponent).

Budgets (issue 16): Hard beats Normal in at least 65% of the games, Hard beats random in at
least 95%, Normal beats greedy in at least 60%; and every bot's decisions keep to its budget
(p99 within 10% of the seconds its level may take of ``--budget``).

    python3 benchmarks/bench_strength.py [GAME ...] [--pair hard:normal ...] [--games 100]
        [--budget 1.0] [--jobs 2] [--seats N] [--scenario ID] [--no-fail]
        [--log FILE] [--minutes M] [--shard K/N]

With ``--log`` a batch can be played in slices (``_arena``): each finished game is kept in the
log, and running the same command again plays only what is missing, for the same code.
"""

from __future__ import annotations

import sys
from typing import Any

import _arena
import _bench

# (A, B) -> the share of the games A must win, from the issue
THRESHOLDS: dict[tuple[str, str], float] = {
    ("hard", "normal"): 0.65,
    ("hard", "random"): 0.95,
    ("normal", "greedy"): 0.60,
}
TIME_MARGIN = 0.10
# Games whose default setup has no opponent to beat: a competitive scenario instead.
SCENARIOS = {"quodd": "ffa_scramble"}


def jobs_for(game: str, pair: tuple[str, str], args: Any, seats: int) -> list[_arena.Job]:
    a, b = pair
    scenario = args.scenario or SCENARIOS.get(game)
    jobs = []
    for g in range(args.games):
        seat_a = g % seats
        bots = tuple(a if seat == seat_a else b for seat in range(seats))
        jobs.append(_arena.Job(game, bots, args.seed + g // seats, args.budget, scenario))
    return jobs


def score(records: list[dict[str, Any]], pair: tuple[str, str]) -> dict[str, Any]:
    from riotsim.core.stats import wilson

    a, b = pair
    played = [r for r in records if "error" not in r]
    wins = draws = 0
    by_side: dict[str, list[int]] = {}  # A's side (its seat's role) -> [wins, games]
    for r in played:
        a_seats = {s for s, name in enumerate(r["bots"]) if name == a}
        b_seats = {s for s, name in enumerate(r["bots"]) if name == b} - a_seats
        winners = set(r["winners"])
        won = bool(winners & a_seats and not winners & b_seats)
        wins += won
        if not won and (not winners or (winners & a_seats and winners & b_seats)):
            draws += 1
        seat = min(a_seats)
        side = by_side.setdefault(r["roles"][seat] or f"seat {seat + 1}", [0, 0])
        side[0] += won
        side[1] += 1
    return {
        "games": len(played),
        "errors": len(records) - len(played),
        "wins": wins,
        "draws": draws,
        "rate": wins / len(played) if played else 0.0,
        "interval": wilson(wins, len(played)),
        "mean_rounds": _arena.mean([r["rounds"] for r in played]),
        "mean_actions": _arena.mean([r["actions"] for r in played]),
        "by_side": by_side,
    }


def seat_count(ruleset: Any, wanted: int | None, scenario: str | None) -> int:
    """``wanted``, else the fewest seats (at least 2) the game or its scenario is played by."""
    if wanted:
        return wanted
    from riotsim.core.contract import GameSetup, PlayerSpec

    for seats in range(max(2, ruleset.min_players), ruleset.max_players + 1):
        players = tuple(PlayerSpec(f"P{i + 1}") for i in range(seats))
        try:
            ruleset.new_state(GameSetup(players, 0, scenario=scenario))
        except ValueError:
            continue
        return seats
    raise ValueError(f"{ruleset.id}: no number of seats fits scenario {scenario}")


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("games_", nargs="*", metavar="GAME", help="game ids (default: every game)")
    p.add_argument("--pair", action="append", help="A:B (default: the three with thresholds)")
    p.add_argument("--games", type=int, default=100, help="games per game and pair")
    p.add_argument("--budget", type=float, default=1.0, help="seconds per move")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--seats", type=int, default=0, help="seats (default: 2, or the minimum)")
    p.add_argument("--scenario", help="scenario id (Quodd default: ffa_scramble)")
    p.add_argument("--seed", type=int, default=0)
    _arena.add_slice_options(p)
    args = p.parse_args(argv)
    slices = _arena.slice_options(args)
    pairs = [tuple(text.split(":", 1)) for text in args.pair or []] or list(THRESHOLDS)
    games, missed = _bench.available_games(list(args.games_))
    rows: list[dict[str, Any]] = []
    for game, ruleset in games:
        seats = seat_count(ruleset, args.seats or None, args.scenario or SCENARIOS.get(game))
        for pair in pairs:
            print(f"{game}: {pair[0]} vs {pair[1]}, {seats} seats, {args.games} games")
            jobs = jobs_for(game, pair, args, seats)
            records = _arena.run(jobs, args.jobs, **slices)
            row = {"game": game, "seats": seats, "a": pair[0], "b": pair[1], **score(records, pair)}
            row["planned"] = len(jobs)
            row["need"] = THRESHOLDS.get(pair)
            row["timing"] = {name: _arena.timing(records, name) for name in pair}
            row["errors_seen"] = [r["error"] for r in records if "error" in r][:3]
            rows.append(row)
            missed += problems(row)
    print(report(rows))
    return _bench.finish("strength", rows, missed, args)


def problems(row: dict[str, Any]) -> list[str]:
    name = f"{row['game']} {row['a']} vs {row['b']}"
    out = [f"{name}: {e}" for e in row["errors_seen"]]
    if row["games"] < row["planned"]:
        out.append(f"{name}: {row['games']} of {row['planned']} games so far (--log continues)")
    if row["need"] is not None and row["rate"] < row["need"]:
        out.append(f"{name}: won {row['rate']:.0%}, needs {row['need']:.0%}")
    for bot, t in row["timing"].items():
        if t["decisions"] and t["p99_s"] > t["budget_s"] * (1 + TIME_MARGIN):
            out.append(f"{name}: {bot} p99 {t['p99_s']:.3f} s, budget {t['budget_s']:.3f} s")
    return out


def report(rows: list[dict[str, Any]]) -> str:
    headers = ["game", "seats", "A vs B", "games of", "A won", "95% CI", "draws", "need"]
    headers += ["A won as", "rounds", "actions", "A p50/p99 (s)", "B p50/p99 (s)"]
    headers += ["budgets A/B (s)"]
    lines = []
    for r in rows:
        ta, tb = r["timing"][r["a"]], r["timing"][r["b"]]
        lines.append(
            [
                r["game"],
                r["seats"],
                f"{r['a']} vs {r['b']}",
                f"{r['games']}/{r.get('planned', r['games'])}",
                f"{r['rate']:.0%}",
                _arena.percent(r["interval"]),
                r["draws"],
                "-" if r["need"] is None else f"{r['need']:.0%}",
                ", ".join(f"{side} {w}/{n}" for side, (w, n) in r["by_side"].items()),
                r["mean_rounds"],
                r["mean_actions"],
                f"{ta['p50_s']:.3f}/{ta['p99_s']:.3f}",
                f"{tb['p50_s']:.3f}/{tb['p99_s']:.3f}",
                f"{ta['budget_s']:.3g}/{tb['budget_s']:.3g}",
            ]
        )
    return _bench.table(headers, lines)


if __name__ == "__main__":
    sys.exit(main())
