"""What taking JSON off the hot paths gained: ``ruleset.copy`` against the JSON round trip that
Match (undo snapshots) and the bots (detaching each determinization) used before the
conformance suite proved copies independent. Each figure is a ratio to an anchor measured in
the same run, on the same positions:

* detach - one JSON round trip (``json.dumps(to_position)``, ``from_position(json.loads)``)
  against one ``ruleset.copy`` of a mid-game state (best of 5 ``timeit`` repeats each);
* match - ``Match.apply`` replaying a random game (``--plies``), against a copy of the old
  ``Match.apply`` that keeps each undo state as position JSON text;
* mcts - ``--iterations`` MCTS iterations on each of up to 8 positions of that game, against
  the same bot whose ``sample_state`` first detaches the view through JSON (the old code).
  The work is identical (same seeds, same trees), so the time ratio is the speed-up.

Match and MCTS (per position) run ``--repeats`` rounds, old and new alternating; each side's
best round counts (the machine is shared: the fastest round is the least disturbed). Budgets:
detach >= 2x, Match >= 1.2x, MCTS >= 0.97x (no slowdown: rollouts dominate its iterations).

    python3 benchmarks/bench_hotpath.py [GAME ...] [--repeats 5] [--iterations 100] [--no-fail]
"""

from __future__ import annotations

import gc
import json
import sys
import time
import timeit
from collections.abc import Callable
from typing import Any

import _bench

# Budgets: the copy-based code is faster than the JSON anchor. MCTS gains least (its rollouts,
# not the detach, dominate an iteration), so its budget only guards against a slowdown.
MIN_RATIO = {"detach": 2.0, "match": 1.2, "mcts": 0.97}


def _best_us(fn: Callable[[], Any]) -> float:
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=5, number=number)) / number * 1e6


def json_round_trip(ruleset: Any, state: Any) -> Any:
    """The old ``riotsim.core.match.detached_copy``."""
    return ruleset.from_position(json.loads(json.dumps(ruleset.to_position(state))))


def random_log(ruleset: Any, seed: int, plies: int) -> tuple[Any, list[Any], list[Any]]:
    """A setup, up to ``plies`` random actions from it, and copies of states along the way."""
    from riotsim.core.rng import Rng

    setup = _bench.default_setup(ruleset, seed)
    state = ruleset.new_state(setup)
    rng = Rng(seed)
    log, states = [], []
    while len(log) < plies and ruleset.to_move(state) is not None:
        legal = ruleset.legal_actions(state)
        if len(legal) > 1 and len(states) < 8 and rng.below(8) == 0:
            states.append(ruleset.copy(state))
        action = legal[rng.below(len(legal))]
        ruleset.apply(state, action)
        log.append(action)
    return setup, log, states or [ruleset.new_state(setup)]


def legacy_match_class() -> type:
    """Match whose apply keeps the state before each action as position JSON text, as the
    old code did (and restores from it on undo)."""
    from riotsim.core.match import Match

    class JsonMatch(Match):
        def apply(self, action: Any) -> list[Any]:
            mover = self.to_move()
            before = json.dumps(self.ruleset.to_position(self.state), separators=(",", ":"))
            try:
                events = self.ruleset.apply(self.state, action)
            except BaseException:
                self.state = self.ruleset.from_position(json.loads(before))
                raise
            self.log.append(action)
            self.history.append(list(events))
            self._movers.append(mover)
            self._before.append(before)
            if self.undo_blocker() is not None:
                for index in range(self._kept_from, len(self._before)):
                    self._before[index] = None
                self._kept_from = len(self._before)
            self._autosave()
            return events

    return JsonMatch


def match_seconds(cls: type, ruleset: Any, setup: Any, log: list[Any]) -> float:
    started = time.perf_counter()
    match = cls(ruleset, setup)
    for action in log:
        match.apply(action)
    return time.perf_counter() - started


def legacy_sample_state(ruleset: Any, view_state: Any, seat: int, seed: int) -> Any:
    """The old ``riotsim.ai.base.sample_state``: detach through JSON, then determinize."""
    from riotsim.core.rng import Rng

    state = ruleset.determinize(json_round_trip(ruleset, view_state), seat, seed)
    if isinstance(getattr(state, "rng", None), Rng):
        state.rng = Rng(seed)
    return state


def mcts_seconds(ruleset: Any, state: Any, iterations: int, old: bool) -> float:
    """Wall time of a fixed number of MCTS iterations on ``state`` (the same work for old and
    new code: same seeds, same tree)."""
    from riotsim.ai import mcts
    from riotsim.ai.base import sample_state

    mcts.sample_state = legacy_sample_state if old else sample_state
    view = ruleset.view(state, ruleset.to_move(state))
    legal = ruleset.legal_actions(state)
    gc.collect()  # the last search's tree (parent links: cycles) is not collected in here
    try:
        started = time.perf_counter()
        mcts.MCTSBot(1, iterations=iterations).choose(ruleset, view, legal, 1e9)
        return time.perf_counter() - started
    finally:
        mcts.sample_state = sample_state


def measure(ruleset: Any, args: Any) -> dict[str, Any]:
    from riotsim.core.match import Match

    setup, log, states = random_log(ruleset, args.seed, args.plies)
    state = states[len(states) // 2]
    legacy = legacy_match_class()
    json_us = _best_us(lambda: json_round_trip(ruleset, state))
    copy_us = _best_us(lambda: ruleset.copy(state))
    # old and new alternate; the best round of each counts (per position for MCTS)
    match_old, match_new = [], []
    for _ in range(args.repeats):
        match_old.append(match_seconds(legacy, ruleset, setup, log))
        match_new.append(match_seconds(Match, ruleset, setup, log))
    best = {"match_old": min(match_old), "match_new": min(match_new)}
    best["mcts_old"] = best["mcts_new"] = 0.0
    for position in states:
        old, new = [], []
        for _ in range(args.repeats):
            old.append(mcts_seconds(ruleset, position, args.iterations, old=True))
            new.append(mcts_seconds(ruleset, position, args.iterations, old=False))
        best["mcts_old"] += min(old)
        best["mcts_new"] += min(new)
    searched = args.iterations * len(states)
    return {
        "plies": len(log),
        "positions": len(states),
        "json_us": json_us,
        "copy_us": copy_us,
        "detach_ratio": json_us / copy_us,
        "match_old": len(log) / best["match_old"],
        "match_new": len(log) / best["match_new"],
        "match_ratio": best["match_old"] / best["match_new"],
        "mcts_old": searched / best["mcts_old"],
        "mcts_new": searched / best["mcts_new"],
        "mcts_ratio": best["mcts_old"] / best["mcts_new"],
    }


def main(argv: list[str] | None = None) -> int:
    p = _bench.parser(__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--iterations", type=int, default=100, help="MCTS iterations per position")
    p.add_argument("--plies", type=int, default=300, help="random plies replayed by Match")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--toy", action="store_true", help="also measure the tests' toy game")
    args = p.parse_args(argv)
    if args.toy:
        _bench.use_toy_games()
    games, missed = _bench.available_games(list(args.games))
    rows = []
    for game, ruleset in games:
        try:
            row = {"game": game, **measure(ruleset, args)}
        except Exception as err:
            missed.append(f"{game}: cannot measure: {type(err).__name__}: {err}")
            continue
        row["ok"] = all(row[f"{k}_ratio"] >= low for k, low in MIN_RATIO.items())
        rows.append(row)
        for k, low in MIN_RATIO.items():
            if row[f"{k}_ratio"] < low:
                missed.append(f"{game}: {k} is {row[f'{k}_ratio']:.2f}x the anchor (< {low})")
    headers = ["game", "JSON trip (us)", "copy (us)", "detach x"]
    headers += ["Match plies/s old", "new", "Match x", "MCTS it/s old", "new", "MCTS x", "ok"]
    keys = ["game", "json_us", "copy_us", "detach_ratio", "match_old", "match_new"]
    keys += ["match_ratio", "mcts_old", "mcts_new", "mcts_ratio", "ok"]
    print(_bench.table(headers, [[r[k] for k in keys] for r in rows]))
    return _bench.finish("hotpath", rows, missed, args)


if __name__ == "__main__":
    sys.exit(main())
