"""Random-playout throughput of each rules core against python-chess, measured in one run.

Budget (docs/DESIGN.md): every rules core plays random legal actions at least twice as fast,
in plies per second, as python-chess plays random legal moves from the start position.

    python3 benchmarks/bench_playout.py [GAME ...] [--seconds 3] [--no-fail] [--toy]
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
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--toy", action="store_true", help="also measure the tests' toy game")
    args = p.parse_args(argv)
    if args.toy:
        _bench.use_toy_games()
    requested = list(args.games)
    games, missed = _bench.available_games(requested)

    chess_rate, chess_games = chess_plies_per_second(args.seconds, args.seed)
    rows = [
        {
            "game": "python-chess",
            "plies_per_s": chess_rate,
            "playouts": chess_games,
            "ratio": 1.0,
            "ok": "-",
        }
    ]
    for game, ruleset in games:
        try:
            rate, count, capped = game_plies_per_second(ruleset, args.seconds, args.seed)
        except Exception as err:  # report a broken core and go on measuring the others
            missed.append(f"{game}: playout failed: {type(err).__name__}: {err}")
            continue
        ratio = rate / chess_rate
        ok = ratio >= MIN_RATIO and not capped
        rows.append(
            {"game": game, "plies_per_s": rate, "playouts": count, "ratio": ratio, "ok": ok}
        )
        if capped:
            missed.append(f"{game}: {capped} playout(s) reached {PLY_CAP} plies without ending")
        if ratio < MIN_RATIO:
            missed.append(f"{game}: {ratio:.2f}x python-chess, budget >= {MIN_RATIO}x")
    headers = ["game", "plies/s", "playouts", "x chess", "ok"]
    print(
        _bench.table(
            headers,
            [[r["game"], r["plies_per_s"], r["playouts"], r["ratio"], r["ok"]] for r in rows],
        )
    )
    return _bench.finish("playout", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
