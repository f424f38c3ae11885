"""MCTS options measured without the clock: iterations per second and the cost in strength.

Speed: each variant (``--variant reuse=4``, ``--variant widen=2,reuse=4``; always also the
plain search) and, with ``--against REV``, the search as it was at git revision REV, run
``--iterations`` iterations on the same ``--positions`` positions of each game
(``bench_bots.py``'s), alternating, best of ``--rounds`` per position.

Strength (``--regret N``): a reference search of N iterations scores every root move of each
position; each variant then chooses with ``--iterations`` iterations from ``--seeds`` seeds,
and its regret is the reference's value of its best move minus that of the move chosen (mean
over the choices; 0 is perfect). No budget: a report for choosing a game's ``bot_levels``.

    python3 benchmarks/bench_search.py [GAME ...] [--variant reuse=4 ...] [--against b54bf43]
        [--iterations 60] [--rounds 3] [--positions 8] [--regret 1500 --seeds 4]
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _bench
from bench_bots import positions

MAX_ROLLOUT = 40  # the Hard level's


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    options: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        key, _sep, value = part.partition("=")
        number = float(value)
        options[key] = int(number) if number.is_integer() and key != "widen" else number
    return text, options


def old_search(rev: str) -> type:
    """The MCTSBot class of ``riotsim/ai/mcts.py`` at git revision ``rev``."""
    source = subprocess.run(
        ["git", "-C", str(_bench.ROOT), "show", f"{rev}:riotsim/ai/mcts.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    folder = Path(tempfile.mkdtemp(prefix="bench-search-"))
    path = folder / f"mcts_{rev}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.MCTSBot  # type: ignore[no-any-return]


def speed(ruleset: Any, states: list[Any], makers: dict[str, Callable[[int], Any]], args: Any):
    best_total = dict.fromkeys(makers, 0.0)
    for index, state in enumerate(states):
        seat = ruleset.to_move(state)
        view, legal = ruleset.view(state, seat), ruleset.legal_actions(state)
        best = dict.fromkeys(makers, float("inf"))
        for _ in range(args.rounds):
            for name, make in makers.items():
                started = time.perf_counter()
                make(index).choose(ruleset, view, legal, 1e9)
                best[name] = min(best[name], time.perf_counter() - started)
        for name in makers:
            best_total[name] += best[name]
    return {name: len(states) * args.iterations / t for name, t in best_total.items()}


def root_values(ruleset: Any, view: Any, legal: list[Any], iterations: int) -> dict[Any, float]:
    """Each root move's mean reward in a search of ``iterations`` iterations."""
    from riotsim.ai.mcts import MCTSBot

    bot = MCTSBot(99, iterations=iterations, max_rollout=MAX_ROLLOUT)
    bot.choose(ruleset, view, legal, 1e9)
    assert bot.last_root is not None
    return {a: c.reward / c.visits for a, c in bot.last_root.children.items() if c.visits}


def regret(ruleset: Any, states: list[Any], variants: dict[str, dict[str, Any]], args: Any):
    from riotsim.ai.mcts import MCTSBot

    total = dict.fromkeys(variants, 0.0)
    choices = 0
    for state in states:
        seat = ruleset.to_move(state)
        view, legal = ruleset.view(state, seat), ruleset.legal_actions(state)
        values = root_values(ruleset, view, legal, args.regret)
        top, bottom = max(values.values()), min(values.values())
        for seed in range(args.seeds):
            choices += 1
            for name, options in variants.items():
                bot = MCTSBot(seed, iterations=args.iterations, max_rollout=MAX_ROLLOUT, **options)
                action = bot.choose(ruleset, view, legal, 1e9)
                total[name] += top - values.get(action, bottom)
    return {name: value / choices for name, value in total.items()}


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--variant", action="append", default=[], help="options, e.g. reuse=4")
    p.add_argument("--against", metavar="REV", help="also time the search at git revision REV")
    p.add_argument("--iterations", type=int, default=60)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--positions", type=int, default=8)
    p.add_argument("--regret", type=int, default=0, help="reference iterations (0: skip)")
    p.add_argument("--seeds", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    from riotsim.ai.mcts import MCTSBot

    variants = dict([("plain", {})] + [parse_variant(v) for v in args.variant])
    makers: dict[str, Callable[[int], Any]] = {}
    if args.against:
        old = old_search(args.against)
        makers[args.against] = lambda i: old(i, iterations=args.iterations, max_rollout=40)
    for name, options in variants.items():
        makers[name] = lambda i, o=options: MCTSBot(
            i, iterations=args.iterations, max_rollout=MAX_ROLLOUT, **o
        )
    games, missed = _bench.available_games(list(args.games))
    rows = []
    for game, ruleset in games:
        states = positions(ruleset, args.positions, args.seed)
        row: dict[str, Any] = {"game": game}
        row["iterations_per_s"] = speed(ruleset, states, makers, args)
        if args.regret:
            row["regret"] = regret(ruleset, states, variants, args)
        rows.append(row)
        print(f"{game}: done", file=sys.stderr, flush=True)
    headers = ["game", *(f"it/s {name}" for name in makers)]
    cells = [[r["game"], *(r["iterations_per_s"][n] for n in makers)] for r in rows]
    if args.regret:
        headers += [f"regret {name}" for name in variants]
        for cell, r in zip(cells, rows, strict=True):
            cell += [f"{r['regret'][n]:.4f}" for n in variants]
    print(_bench.table(headers, cells))
    return _bench.finish("search", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
