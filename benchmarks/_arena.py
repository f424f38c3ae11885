"""Bot-against-bot games for bench_strength.py and bench_sides.py: one game per job, each
decision timed, played serially or in worker processes (``--jobs``).

A job names its game, setup and the bot of every seat; its record depends only on the job
(seeds come from it), so a batch gives the same games however many processes play it, as in
``riotsim.balance.batch`` - except where a bot's search is cut by the clock, which is what a
time budget means.

A long batch (100 games at 1 s a move is hours on two cores) can be played in slices: with a
game log (``--log FILE``) every finished game is appended to the file at once, and a later run
of the same command plays only the jobs the log does not hold yet for the same code (a digest
of ``riotsim/`` less the UI and the translations, :func:`code_digest`); ``--minutes M`` stops
starting games after M minutes and ``--shard K/N`` plays every Nth job from the Kth, so slices
can run on several machines and their logs be joined with ``cat``. The report covers the games
logged so far and says how many of the batch those are.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
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


def run(
    jobs: Sequence[Job],
    workers: int = 1,
    progress: bool = True,
    log: GameLog | None = None,
    deadline: float | None = None,
    shard: tuple[int, int] = (0, 1),
) -> list[dict[str, Any]]:
    """The records of ``jobs`` in the jobs' order: those ``log`` holds, then those played now
    (this run's shard of the rest; none started after ``deadline``, a ``time.monotonic()``).
    Jobs neither logged nor played are left out, so the list can be shorter than ``jobs``."""
    known = log.records(jobs) if log is not None else {}
    part, parts = shard
    todo = [j for i, j in enumerate(jobs) if job_key(j) not in known and i % parts == part]
    if deadline is not None and time.monotonic() > deadline:
        todo = []
    games: Iterable[dict[str, Any]]
    games = _in_processes(todo, workers) if workers > 1 else (play(job) for job in todo)
    started = time.monotonic()
    played: dict[str, dict[str, Any]] = {}
    for done, (job, record) in enumerate(zip(todo, games, strict=False), 1):
        played[job_key(job)] = record
        if log is not None:
            log.append(job, record)
        if progress:
            left = (time.monotonic() - started) / done * (len(todo) - done)
            print(
                f"\r{done}/{len(todo)} games ({len(known)} logged), ~{left / 60:.0f} min left",
                end="",
                file=sys.stderr,
                flush=True,
            )
        if deadline is not None and time.monotonic() > deadline:
            break
    if progress and todo:
        print(file=sys.stderr)
    found = {**known, **played}
    out = [found[k] for k in (job_key(j) for j in jobs) if k in found]
    if progress and len(out) < len(jobs):
        print(f"partial: {len(out)} of {len(jobs)} games played or logged", file=sys.stderr)
    return out


def job_key(job: Job) -> str:
    """The job as one string (every field: a changed budget or seat order is another job)."""
    return json.dumps(asdict(job), sort_keys=True)


def code_digest(root: Path | None = None) -> str:
    """A digest of what decides a game: the rules, bots, content and maps under ``riotsim/``
    (the UI and the translations left out), so a log's games count only for that code."""
    base = root or Path(__file__).resolve().parent.parent / "riotsim"
    h = hashlib.sha256()
    for path in sorted(base.rglob("*")):
        rel = path.relative_to(base).as_posix()
        if not path.is_file() or rel.startswith(("ui/", "locale/")) or "__pycache__" in rel:
            continue
        if path.suffix in (".pyc", ".mo", ".po"):
            continue
        h.update(rel.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


class GameLog:
    """Finished games, one JSON line each (``{"key", "code", "record"}``), appended as they end.

    A line that does not parse (a run killed mid-write) is skipped, and so are games with an
    error, which are played again."""

    def __init__(self, path: str | Path, code: str | None = None):
        self.path = Path(path)
        self.code = code or code_digest()

    def records(self, jobs: Sequence[Job]) -> dict[str, dict[str, Any]]:
        wanted = {job_key(j) for j in jobs}
        out: dict[str, dict[str, Any]] = {}
        if not self.path.exists():
            return out
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
                key, code, record = entry["key"], entry["code"], entry["record"]
            except (ValueError, KeyError, TypeError):
                continue
            if code == self.code and key in wanted and "error" not in record:
                out[key] = record
        return out

    def append(self, job: Job, record: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = json.dumps({"key": job_key(job), "code": self.code, "record": record})
        with self.path.open("a", encoding="utf-8") as f:
            f.write(line + "\n")


def add_slice_options(p: Any) -> None:
    """The game-log options of bench_strength.py and bench_sides.py."""
    p.add_argument("--log", metavar="FILE", help="game log: keep finished games, skip logged ones")
    p.add_argument("--minutes", type=float, help="start no game after this many minutes")
    p.add_argument("--shard", default="0/1", metavar="K/N", help="play every Nth job from the Kth")


def slice_options(args: Any) -> dict[str, Any]:
    """``run``'s log, deadline (one for the whole command) and shard from the options."""
    part, _sep, parts = str(args.shard).partition("/")
    try:
        shard = (int(part), int(parts or 1))
    except ValueError:
        raise SystemExit(f"--shard {args.shard!r}: expected K/N, e.g. 0/2") from None
    if not 0 <= shard[0] < shard[1]:
        raise SystemExit(f"--shard {args.shard!r}: K must be 0..N-1")
    log = GameLog(args.log) if args.log else None
    deadline = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    return {"log": log, "deadline": deadline, "shard": shard}


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
