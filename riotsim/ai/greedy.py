"""The greedy bot: one-ply lookahead scored by the rule set's ``evaluate``.

One sampled world is dealt for the decision (hidden cards at random, a fresh dice stream) and
every legal action is tried on its own copy of it (or valued by the game without playing it,
where ``Ruleset.quick_values`` can: the same value), so the actions are compared on the same
cards and dice (common random numbers) and the costly determinization runs once, not once per
action. Actions whose events revealed chance are tried again on a few more sampled worlds
(one new world per round, shared by those actions) and averaged. Ties are broken at random.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from riotsim.ai.base import Bot, require_choice, sample_state
from riotsim.core.contract import Action, IllegalAction, Ruleset


class GreedyBot(Bot):
    name: ClassVar[str] = "greedy"

    def __init__(self, seed: int, samples: int = 4, noise: float = 0.0):
        super().__init__(seed)
        self.samples = max(1, samples)
        self.noise = min(1.0, max(0.0, noise))

    def choose(
        self, ruleset: Ruleset[Any], view_state: Any, legal: list[Action], budget_s: float = 1.0
    ) -> Action:
        require_choice(legal)
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.below(len(legal))]
        deadline = time.perf_counter() + max(0.0, budget_s) * 0.9
        seat = ruleset.to_move(view_state)
        if seat is None:
            return legal[self.rng.below(len(legal))]
        order = list(legal)
        self.rng.shuffle(order)  # random tie-breaks and a fair cut when time runs out
        # by position in ``order`` (tried in that order): no hashing of actions
        tried: list[Action] = []
        sums: list[float] = []
        counts: list[int] = []
        chancy: list[int] = []
        world = self._world(ruleset, view_state, seat)
        # the values the game can give without playing (bit for bit what playing gives)
        quick = ruleset.quick_values(world, seat, order)
        for index, action in enumerate(order):
            if tried and time.perf_counter() > deadline:
                break
            known = quick.get(index)
            if known is None:
                value, chance = self._try(ruleset, world, seat, action)
            else:
                value, chance = known, False
            if value is None:
                continue
            if chance:
                chancy.append(len(tried))
            tried.append(action)
            sums.append(value)
            counts.append(1)
        for _ in range(self.samples - 1):
            if not chancy or time.perf_counter() > deadline:
                break
            world = self._world(ruleset, view_state, seat)
            for i in chancy:
                if time.perf_counter() > deadline:
                    break
                value, _chance = self._try(ruleset, world, seat, tried[i])
                if value is not None:
                    sums[i] += value
                    counts[i] += 1
        if not tried:
            return order[0]
        best = 0
        best_mean = sums[0] / counts[0]
        for i in range(1, len(tried)):
            mean = sums[i] / counts[i]
            if mean > best_mean:  # the first of equal means, as max() picks
                best, best_mean = i, mean
        return tried[best]

    def _world(self, ruleset: Ruleset[Any], view_state: Any, seat: int) -> Any:
        """A full state consistent with what ``seat`` sees (never the view itself)."""
        return sample_state(ruleset, view_state, seat, self.rng.next_u64() >> 1)

    def _try(
        self, ruleset: Ruleset[Any], world: Any, seat: int, action: Action
    ) -> tuple[float | None, bool]:
        state = ruleset.copy(world)
        try:
            events = ruleset.apply(state, action)
        except IllegalAction:  # legal in the real game, not in this sampled one
            return None, False
        for e in events:
            if e.reveals:
                return float(ruleset.evaluate(state, seat)), True
        return float(ruleset.evaluate(state, seat)), False
