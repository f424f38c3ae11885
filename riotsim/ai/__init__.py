"""Game-agnostic bots over the rules contract: ``get_bot(name, seed).choose(...)``.

* ``random`` - a uniformly random legal action.
* ``greedy`` - one-ply lookahead scored by ``ruleset.evaluate`` (chance sampled a few times).
* ``planner`` - a beam search over the seat's whole turn (``ruleset.turn_key``).
* ``mcts`` - information-set MCTS with determinization and rollouts, within a time budget
  (and an optional iteration limit).
* ``easy``, ``normal``, ``hard`` - the difficulty levels people choose (see
  :mod:`riotsim.ai.levels`): each is one of the bots above as its game plays it best.

Any name may carry a cap in milliseconds per move: ``mcts:500``, ``hard:2000``. Each bot has
its own :class:`riotsim.core.rng.Rng` stream seeded from ``seed``.
"""

from __future__ import annotations

from typing import Any

from riotsim.ai.base import Bot
from riotsim.ai.greedy import GreedyBot
from riotsim.ai.levels import LEVEL_NAMES, LEVELS, Level, LevelBot, level_for, split_spec
from riotsim.ai.mcts import MCTSBot
from riotsim.ai.planner import PlannerBot
from riotsim.ai.random_bot import RandomBot
from riotsim.core.contract import Ruleset

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "planner": PlannerBot,
    "mcts": MCTSBot,
}
BOT_NAMES: tuple[str, ...] = (*BOTS, *LEVEL_NAMES)


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot playing ``seat`` in a game of ``game_seed`` (the app's bots): the
    same game gives the same bots, so a lesson against a random bot replays move for move."""
    return (game_seed * 7919 + seat * 104729 + 17) & 0x7FFFFFFF


def is_bot_spec(spec: str) -> bool:
    """Whether ``spec`` names a bot or a level, with or without a time cap (``mcts:500``)."""
    try:
        name, _cap = split_spec(spec)
    except ValueError:
        return False
    return name in BOTS or name in LEVELS


def get_bot(spec: str, seed: int, **options: Any) -> Bot:
    """A new bot by name or level, optionally capped (``mcts:500``); ``options`` go to its
    constructor (e.g. ``iterations`` for mcts; not for levels, which carry their own)."""
    name, cap = split_spec(spec)
    if name in LEVELS:
        if options:
            raise ValueError(f"level {name!r} takes no bot options")

        def make(ruleset: Ruleset[Any]) -> tuple[Bot, float]:
            level = level_for(ruleset, name)
            return BOTS[level.bot](seed, **level.options), level.budget_share

        return LevelBot(spec, seed, make, cap)
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}") from None
    bot = cls(seed, **options)
    if cap is None:
        return bot
    return LevelBot(spec, seed, lambda _ruleset: (bot, 1.0), cap)


__all__ = [
    "BOTS",
    "BOT_NAMES",
    "LEVELS",
    "LEVEL_NAMES",
    "Bot",
    "GreedyBot",
    "Level",
    "LevelBot",
    "MCTSBot",
    "PlannerBot",
    "RandomBot",
    "get_bot",
    "is_bot_spec",
    "seat_seed",
]
