"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from typing import Any, ClassVar

from riotsim.ai.base import Bot, require_choice
from riotsim.core.contract import Action, Ruleset


class RandomBot(Bot):
    name: ClassVar[str] = "random"

    def choose(
        self, ruleset: Ruleset[Any], view_state: Any, legal: list[Action], budget_s: float = 1.0
    ) -> Action:
        require_choice(legal)
        return legal[self.rng.below(len(legal))]
