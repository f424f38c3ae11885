"""Difficulty levels: Easy, Normal and Hard, and bot names with a time cap (``mcts:500``).

A level names a bot and its options, and the share of the move's time budget it may use. A
rule set may play a level with another bot where that measures stronger
(``Ruleset.bot_levels``), so a level is only resolved to a bot once it meets its game.

>>> [level.label for level in LEVELS.values()]
['Easy', 'Normal', 'Hard']
>>> split_spec("mcts:500")
('mcts', 0.5)
>>> split_spec("hard")
('hard', None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from riotsim.ai.base import Bot
from riotsim.core.contract import Action, Ruleset
from riotsim.i18n import N_


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    label: str
    bot: str
    options: Mapping[str, Any] = field(default_factory=dict)
    budget_share: float = 1.0  # of the seconds a move may take
    blurb: str = ""


LEVELS: dict[str, Level] = {
    "easy": Level(
        "easy",
        N_("Easy"),
        "greedy",
        {"noise": 0.3, "samples": 2},
        0.25,
        N_("Looks one move ahead and often blunders."),
    ),
    "normal": Level(
        "normal",
        N_("Normal"),
        "planner",
        {"width": 6, "samples": 2},
        0.4,
        N_("Plays with a plan, thinking briefly."),
    ),
    # mcts also takes reuse=, widen= and keep_tree= (riotsim.ai.mcts): measured in
    # benchmarks/README.md, left at their defaults here; a game may set them in bot_levels.
    "hard": Level(
        "hard",
        N_("Hard"),
        "mcts",
        {"max_rollout": 40},
        1.0,
        N_("Uses all its thinking time and plays its strongest."),
    ),
}
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)


def split_spec(spec: str) -> tuple[str, float | None]:
    """A bot spec's name and its cap in seconds per move (``name:ms``), if any."""
    name, sep, ms = spec.partition(":")
    if not sep:
        return name, None
    try:
        cap = int(ms)
    except ValueError:
        raise ValueError(f"bot {spec!r}: the time after ':' is in ms (e.g. mcts:500)") from None
    if cap <= 0:
        raise ValueError(f"bot {spec!r}: the time per move must be above 0 ms")
    return name, cap / 1000.0


def level_for(ruleset: Ruleset[Any], name: str) -> Level:
    """The level ``name`` as ``ruleset`` plays it (its own bot choice, else the default)."""
    base = LEVELS[name]
    own = ruleset.bot_levels.get(name)
    if own is None:
        return base
    bot, options = own
    return Level(base.name, base.label, bot, dict(options), base.budget_share, base.blurb)


class LevelBot(Bot):
    """A bot made when it first meets its game (a level's bot depends on the rule set), and
    held to a share of each move's budget and an optional cap in seconds."""

    name: ClassVar[str] = "level"

    def __init__(
        self,
        spec: str,
        seed: int,
        make: Callable[[Ruleset[Any]], tuple[Bot, float]],
        cap_s: float | None = None,
    ):
        super().__init__(seed)
        self.spec = spec
        self._make = make
        self.cap_s = cap_s
        self.inner: Bot | None = None
        self.share = 1.0
        self._game = ""

    def bot_for(self, ruleset: Ruleset[Any]) -> Bot:
        """The bot that decides in ``ruleset`` (made on first use, again if the game changes)."""
        if self.inner is None or self._game != ruleset.id:
            self.inner, self.share = self._make(ruleset)
            self._game = ruleset.id
        return self.inner

    def budget(self, budget_s: float) -> float:
        seconds = budget_s * self.share
        return seconds if self.cap_s is None else min(seconds, self.cap_s)

    def choose(
        self, ruleset: Ruleset[Any], view_state: Any, legal: list[Action], budget_s: float = 1.0
    ) -> Action:
        bot = self.bot_for(ruleset)
        return bot.choose(ruleset, view_state, legal, self.budget(budget_s))

    def __repr__(self) -> str:
        return f"LevelBot({self.spec!r}, seed={self.seed})"
