"""A batch of bot games, played serially, in worker processes or on a Dask cluster.

Game ``i`` of a batch uses seed ``seed + i`` and its bots are seeded from it, so a game's
record depends only on the batch and ``i``: a batch gives the same records however it is
spread (``--jobs``, ``--cluster``). Records hold no wall-clock time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from riotsim.balance import need

Progress = Callable[[int], object]


@dataclass(frozen=True)
class Batch:
    """Everything a worker needs to play game ``i`` of the batch (picklable)."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    map: str | None = None
    scenario: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    budget_s: float = 3600.0
    max_actions: int = 50_000
    mcts_iterations: int = 100
    verify_replay: bool = False

    def on_map(self, map_id: str | None) -> Batch:
        return replace(self, map=map_id)


def play_one(batch: Batch, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``batch``; its record (``error`` set when the rules failed)."""
    from riotsim.ai import get_bot
    from riotsim.ai.play import play_game, replay_problem
    from riotsim.balance.collect import Collector
    from riotsim.core import registry
    from riotsim.core.contract import GameSetup, PlayerSpec

    ruleset = registry.get(batch.game)
    seed = batch.seed + index
    players = tuple(PlayerSpec(f"{name} {i + 1}", bot=name) for i, name in enumerate(batch.bots))
    setup = GameSetup(players, seed, dict(batch.options), batch.map, batch.scenario)
    bots = [
        get_bot(name, seed * 64 + seat + 1, **_bot_options(name, batch))
        for seat, name in enumerate(batch.bots)
    ]
    collector = Collector(ruleset, batch.map)
    try:
        result = play_game(
            ruleset,
            setup,
            bots,
            budget_s=batch.budget_s,
            max_actions=batch.max_actions,
            record=batch.verify_replay,
            observe=collector,
        )
    except Exception as err:  # a rules bug: the caller names the game so it can be replayed
        return {"seed": seed, "error": f"{type(err).__name__}: {err}"}
    record = result.to_json()
    record.update(collector.record())
    record["capped"] = result.capped
    if batch.verify_replay:
        record["replay_problem"] = replay_problem(ruleset, setup, result, game_id=batch.game)
    return record


def _bot_options(name: str, batch: Batch) -> dict[str, Any]:
    # An iteration limit keeps mcts games reproducible (the time budget is only a backstop).
    return {"iterations": batch.mcts_iterations} if name == "mcts" else {}


def _play_indexed(job: tuple[Batch, int]) -> dict[str, Any]:
    return play_one(*job)


def run(
    batch: Batch,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Progress | None = None,
    connect_timeout: float = 30.0,
) -> list[dict[str, Any]]:
    """Every game's record, in seed order. ``jobs`` > 1 plays in that many processes;
    ``cluster`` (a Dask scheduler address) plays on a Dask distributed cluster."""
    if cluster is not None:
        games = _on_cluster(batch, cluster, connect_timeout)
    elif jobs > 1:
        games = _in_processes(batch, jobs)
    else:
        games = (play_one(batch, i) for i in range(batch.games))
    records = []
    for record in games:
        records.append(record)
        if progress is not None:
            progress(1)
    return records


def _in_processes(batch: Batch, jobs: int) -> Iterator[dict[str, Any]]:
    import multiprocessing

    # spawn: the same on every platform, and no forked copy of a parent's threads or caches
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(8, batch.games // (jobs * 4)))
    with context.Pool(jobs) as pool:
        yield from pool.imap(_play_indexed, [(batch, i) for i in range(batch.games)], chunk)


def _on_cluster(batch: Batch, address: str, timeout: float) -> Iterator[dict[str, Any]]:
    need("distributed", "cluster", "--cluster")
    from distributed import Client

    try:
        client = Client(address, timeout=timeout)
    except OSError as err:
        raise ConnectionError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    with client:
        futures = client.map(play_one, [batch] * batch.games, range(batch.games), pure=False)
        # gathered in seed order, each as soon as it (and the ones before it) are done
        for future in futures:
            yield future.result()
