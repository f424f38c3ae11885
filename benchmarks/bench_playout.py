"""Random-playout throughput of each rules core against python-chess, measured in one run.

Budget (docs/DESIGN.md): every rules core plays random legal actions at least twice as fast,
in plies per second, as python-chess plays random legal moves from the start position.

Each of ``--repeats`` rounds measures python-chess and then every core for ``--seconds``
each; the reported rate is the median over rounds, and a core's ratio the median of its
per-round ratios to chess (same round, same machine load).

    python3 benchmarks/bench_playout.py [GAME ...] [--seconds 1] [--repeats 5] [--no-fail]
"""

from __future__ import annotations

import sys
import time
from typing import Any

import _bench

MIN_RATIO = 2.0
PLY_CAP = 100_000  # a playout that long is a rules bug


def chess_plies_per_second(seconds: float, seed: int) -> tuple[float, int]:
    import random

    import chess

    rng = random.Random(seed)
    plies = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        games += 1
    return plies / (time.perf_counter() - started), games


def game_plies_per_second(ruleset: Any, seconds: float, seed: int) -> tuple[float, int, int]:
    from riotsim.core.rng import Rng

    rng = Rng(seed)
    plies = games = capped = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = ruleset.new_state(_bench.default_setup(ruleset, seed + games))
        count = 0
        while ruleset.to_move(state) is not None:
            legal = ruleset.legal_actions(state)
            ruleset.apply(state, legal[rng.below(len(legal))])
            count += 1
            if count >= PLY_CAP:
                capped += 1
                break
        plies += count
        games += 1
    return plies / (time.perf_counter() - started), games, capped


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    p.add_argument("--repeats", type=int, default=5, help="interleaved rounds (median is kept)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--toy", action="store_true", help="also measure the tests' toy game")
    args = p.parse_args(argv)
    if args.toy:
        _bench.use_toy_games()
    requested = list(args.games)
    games, missed = _bench.available_games(requested)

    # Fairness: python-chess and every core are measured in turn inside each round, so a
    # change in machine load hits all of them alike; each game's ratio is the median of its
    # per-round ratios against the chess rate of the same round.
    chess_rates: list[float] = []
    chess_games = 0
    rates: dict[str, list[float]] = {game: [] for game, _ in games}
    playouts: dict[str, int] = {game: 0 for game, _ in games}
    capped: dict[str, int] = {game: 0 for game, _ in games}
    ratios: dict[str, list[float]] = {game: [] for game, _ in games}
    broken: set[str] = set()
    for round_ in range(args.repeats):
        seed = args.seed + 1000 * round_
        chess_rate, count = chess_plies_per_second(args.seconds, seed)
        chess_rates.append(chess_rate)
        chess_games += count
        for game, ruleset in games:
            if game in broken:
                continue
            try:
                rate, count, cap = game_plies_per_second(ruleset, args.seconds, seed)
            except Exception as err:  # report a broken core and go on measuring the others
                missed.append(f"{game}: playout failed: {type(err).__name__}: {err}")
                broken.add(game)
                continue
            rates[game].append(rate)
            playouts[game] += count
            capped[game] += cap
            ratios[game].append(rate / chess_rate)

    chess_median = _bench.median(chess_rates)
    rows = [
        {
            "game": "python-chess",
            "plies_per_s": chess_median,
            "min": min(chess_rates),
            "max": max(chess_rates),
            "playouts": chess_games,
            "ratio": 1.0,
            "ok": "-",
        }
    ]
    for game, _ in games:
        if game in broken or not rates[game]:
            continue
        ratio = _bench.median(ratios[game])
        ok = ratio >= MIN_RATIO and not capped[game]
        rows.append(
            {
                "game": game,
                "plies_per_s": _bench.median(rates[game]),
                "min": min(rates[game]),
                "max": max(rates[game]),
                "playouts": playouts[game],
                "ratio": ratio,
                "ok": ok,
            }
        )
        if capped[game]:
            missed.append(f"{game}: {capped[game]} playout(s) reached {PLY_CAP} plies")
        if ratio < MIN_RATIO:
            missed.append(f"{game}: {ratio:.2f}x python-chess, budget >= {MIN_RATIO}x")
    print(f"{args.repeats} interleaved rounds of {args.seconds:g} s per measurement; medians")
    headers = ["game", "plies/s", "min", "max", "playouts", "x chess", "ok"]
    keys = ["game", "plies_per_s", "min", "max", "playouts", "ratio", "ok"]
    print(_bench.table(headers, [[r[k] for k in keys] for r in rows]))
    return _bench.finish("playout", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
