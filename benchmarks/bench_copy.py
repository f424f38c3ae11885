"""State copy time per game. Budget: under 20 microseconds per ``ruleset.copy(state)``.

The state measured is taken some random plies into a game, so it looks like a real position.
Games with hidden information also show one ``determinize`` of seat 0's view (no budget: a
searching bot pays it once per iteration, next to its copies).

    python3 benchmarks/bench_copy.py [GAME ...] [--plies 40] [--no-fail] [--toy]
"""

from __future__ import annotations

import sys
import timeit
from typing import Any

import _bench

BUDGET_US = 20.0


def mid_game_state(ruleset: Any, plies: int, seed: int) -> Any:
    from riotsim.core.rng import Rng

    rng = Rng(seed)
    state = ruleset.new_state(_bench.default_setup(ruleset, seed))
    for _ in range(plies):
        if ruleset.to_move(state) is None:
            break
        before = ruleset.copy(state)
        legal = ruleset.legal_actions(state)
        ruleset.apply(state, legal[rng.below(len(legal))])
        if ruleset.to_move(state) is None:  # keep a live position, not a finished one
            return before
    return state


def copy_us(ruleset: Any, state: Any) -> float:
    return _best_us(lambda: ruleset.copy(state))


def determinize_us(ruleset: Any, state: Any) -> float | None:
    """What a searching bot pays per iteration besides copies: one determinized view (seat 0's
    view of ``state``, its hidden parts filled in); None for a game without hidden parts."""
    if not ruleset.hidden_information:
        return None
    view = ruleset.view(state, 0)
    seeds = iter(range(10**9))
    return _best_us(lambda: ruleset.determinize(view, 0, next(seeds)))


def _best_us(fn: Any) -> float:
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    best = min(timer.repeat(repeat=5, number=number))
    return best / number * 1e6


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--plies", type=int, default=40, help="random plies before measuring")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--toy", action="store_true", help="also measure the tests' toy game")
    args = p.parse_args(argv)
    if args.toy:
        _bench.use_toy_games()
    requested = list(args.games)
    games, missed = _bench.available_games(requested)
    rows = []
    for game, ruleset in games:
        try:
            state = mid_game_state(ruleset, args.plies, args.seed)
            us = copy_us(ruleset, state)
            det = determinize_us(ruleset, state)
            same = ruleset.state_hash(ruleset.copy(state)) == ruleset.state_hash(state)
        except Exception as err:
            missed.append(f"{game}: cannot measure: {type(err).__name__}: {err}")
            continue
        ok = us < BUDGET_US and same
        rows.append(
            {"game": game, "copy_us": us, "determinize_us": det, "same_hash": same, "ok": ok}
        )
        if us >= BUDGET_US:
            missed.append(f"{game}: copy takes {us:.1f} us, budget < {BUDGET_US} us")
        if not same:
            missed.append(f"{game}: a copy does not hash like its original")
    print(
        _bench.table(
            ["game", "copy (us)", "determinize (us)", "same hash", "ok"],
            [
                [r["game"], r["copy_us"], _or_dash(r["determinize_us"]), r["same_hash"], r["ok"]]
                for r in rows
            ],
        )
    )
    return _bench.finish("copy", rows, missed, args)


def _or_dash(value: float | None) -> Any:
    return "-" if value is None else value


if __name__ == "__main__":
    sys.exit(main())
