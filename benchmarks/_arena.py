"""Bot-against-bot games for bench_strength.py and bench_sides.py: one game per job, each
decision timed, played serially or in worker processes (``--jobs``).

A job names its game, setup and the bot of every seat; its record depends only on the job
(seeds come from it), so a batch gives the same games however many processes play it, as in
``riotsim.balance.batch`` - except where a bot's search is cut by the clock, which is what a
time budget means.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import _bench  # noqa: F401 - puts this checkout first on sys.path (also in worker processes)


@dataclass(frozen=True)
class Job:
    game: str
    bots: tuple[str, ...]  # one spec per seat (a level, a bot, "mcts:500")
    seed: int
    budget_s: float
    scenario: str | None = None
    map: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    max_actions: int = 50_000


class TimedBot:
    """Times every ``choose`` of ``bot`` that had a real choice (more than one action)."""

    def __init__(self, bot: Any, budget_s: float):
        self.bot = bot
        self.budget_s = budget_s  # the seconds this bot may take (its level's share)
        self.times: list[float] = []

    def choose(self, ruleset: Any, view: Any, legal: list[Any], budget_s: float = 1.0) -> Any:
        started = time.perf_counter()
        action = self.bot.choose(ruleset, view, legal, budget_s)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - started)
        return action


def own_budget(bot: Any, budget_s: float) -> float:
    """The seconds ``bot`` allows itself of a move's ``budget_s`` (a level takes a share)."""
    share = getattr(bot, "budget", None)
    return float(share(budget_s)) if callable(share) else budget_s


def play(job: Job) -> dict[str, Any]:
    """Play ``job``: winners, rounds, actions, and each seat's decision times."""
    from riotsim.ai import get_bot
    from riotsim.ai.play import play_game
    from riotsim.core import registry
    from riotsim.core.contract import GameSetup, PlayerSpec

    ruleset = registry.get(job.game)
    players = tuple(PlayerSpec(f"{spec} {i + 1}", bot=spec) for i, spec in enumerate(job.bots))
    setup = GameSetup(players, job.seed, dict(job.options), job.map, job.scenario)
    bots = []
    for seat, spec in enumerate(job.bots):
        bot = get_bot(spec, job.seed * 64 + seat + 1)
        if hasattr(bot, "bot_for"):
            bot.bot_for(ruleset)  # a level learns its share of the budget from its game
        bots.append(TimedBot(bot, own_budget(bot, job.budget_s)))
    try:
        result = play_game(ruleset, setup, bots, budget_s=job.budget_s, max_actions=job.max_actions)
    except Exception as err:  # a rules or bot bug: reported with the seed that shows it
        return {"seed": job.seed, "bots": list(job.bots), "error": f"{type(err).__name__}: {err}"}
    return {
        "seed": job.seed,
        "bots": list(job.bots),
        "roles": ruleset.seat_roles(setup),
        "winners": list(result.winner),
        "rounds": result.rounds,
        "actions": result.actions,
        "reason": result.reason,
        "seconds": result.seconds,
        "times": [bot.times for bot in bots],
        "budgets": [bot.budget_s for bot in bots],
    }


def run(jobs: Sequence[Job], workers: int = 1, progress: bool = True) -> list[dict[str, Any]]:
    """Every job's record, in the jobs' order."""
    games: Iterable[dict[str, Any]]
    games = _in_processes(jobs, workers) if workers > 1 else (play(job) for job in jobs)
    records = []
    for done, record in enumerate(games, 1):
        records.append(record)
        if progress:
            print(f"\r{done}/{len(jobs)} games", end="", file=sys.stderr, flush=True)
    if progress and jobs:
        print(file=sys.stderr)
    return records


def _in_processes(jobs: Sequence[Job], workers: int) -> Iterator[dict[str, Any]]:
    import multiprocessing

    # spawn, as riotsim.balance.batch does: no forked copy of a parent's threads or caches
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap(play, list(jobs), 1)


def timing(records: Sequence[dict[str, Any]], spec: str) -> dict[str, float]:
    """Decision times of the seats ``spec`` played: p50, p99, max and that bot's budget."""
    times: list[float] = []
    budget = 0.0
    for record in records:
        if "error" in record:
            continue
        for seat, name in enumerate(record["bots"]):
            if name == spec:
                times += record["times"][seat]
                budget = record["budgets"][seat]
    return {
        "decisions": len(times),
        "p50_s": _bench.percentile(times, 50),
        "p99_s": _bench.percentile(times, 99),
        "max_s": max(times) if times else float("nan"),
        "budget_s": budget,
    }


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def percent(low_high: tuple[float, float]) -> str:
    return f"{100 * low_high[0]:.0f}-{100 * low_high[1]:.0f}%"
