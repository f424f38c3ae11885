"""Game-agnostic bots over the rules contract: ``get_bot(name, seed).choose(...)``.

* ``random`` - a uniformly random legal action.
* ``greedy`` - one-ply lookahead scored by ``ruleset.evaluate`` (chance sampled a few times).
* ``mcts`` - information-set MCTS with determinization and random rollouts, within a time
  budget (and an optional iteration limit).

Each bot has its own :class:`riotsim.core.rng.Rng` stream seeded from ``seed``.
"""

from __future__ import annotations

from typing import Any

from riotsim.ai.base import Bot
from riotsim.ai.greedy import GreedyBot
from riotsim.ai.mcts import MCTSBot
from riotsim.ai.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}
BOT_NAMES: tuple[str, ...] = tuple(BOTS)


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot playing ``seat`` in a game of ``game_seed`` (the app's bots): the
    same game gives the same bots, so a lesson against a random bot replays move for move."""
    return (game_seed * 7919 + seat * 104729 + 17) & 0x7FFFFFFF


def get_bot(name: str, seed: int, **options: Any) -> Bot:
    """A new bot by name; ``options`` go to its constructor (e.g. ``iterations`` for mcts)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None
    return cls(seed, **options)


__all__ = ["BOTS", "BOT_NAMES", "Bot", "GreedyBot", "MCTSBot", "RandomBot", "get_bot"]
