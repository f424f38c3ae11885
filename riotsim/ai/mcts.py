"""Information-set Monte Carlo tree search (single observer, with determinization).

Every iteration deals a fresh determinization of the bot's view (hidden cards at random and a
fresh dice stream), walks the shared tree with UCB over the actions legal in that deal
(counting each child's availability, as ISMCTS does), expands one new action, plays a
rollout (each step from the rule set's ``rollout_action``: uniformly random unless the game
knows better) and backs the result up. Rollouts stop at ``max_rollout`` plies and are then
scored by the rule set's ``evaluate``. The search stops at ``iterations`` or at the time
budget, whichever comes first; the clock is checked inside rollouts too, so a slow game cannot
overrun it by more than one rules call.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, ClassVar

from riotsim.ai.base import Bot, outcome_reward, require_choice, sample_state, squash
from riotsim.core.contract import Action, IllegalAction, Ruleset

# Fraction of the budget kept back for bookkeeping and the answer's trip back to the caller.
_SAFETY = 0.05
_CLOCK_EVERY = 8  # rollout plies between clock checks


class _Node:
    __slots__ = ("action", "parent", "seat", "children", "visits", "reward", "avail")

    def __init__(self, action: Action | None, parent: _Node | None, seat: int | None):
        self.action = action
        self.parent = parent
        self.seat = seat  # the seat that chose ``action``
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class MCTSBot(Bot):
    name: ClassVar[str] = "mcts"

    def __init__(
        self,
        seed: int,
        iterations: int | None = None,
        exploration: float = 0.7,
        max_rollout: int = 200,
    ):
        super().__init__(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.max_rollout = max_rollout
        self.last_iterations = 0  # how many iterations the last choice ran (tests, stats)

    def choose(
        self, ruleset: Ruleset[Any], view_state: Any, legal: list[Action], budget_s: float = 1.0
    ) -> Action:
        require_choice(legal)
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        seat = ruleset.to_move(view_state)
        if seat is None:
            return legal[self.rng.below(len(legal))]
        start = time.perf_counter()
        deadline = start + max(0.0, budget_s) * (1.0 - _SAFETY)
        root = _Node(None, None, None)
        root_legal = list(legal)  # a list, not a set: the order must not depend on hashing
        done = 0
        while self.iterations is None or done < self.iterations:
            if done and time.perf_counter() >= deadline:
                break
            self._iterate(ruleset, view_state, seat, root, root_legal, deadline)
            done += 1
            if time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        best = [root.children[a] for a in legal if a in root.children]
        if not best:
            return legal[self.rng.below(len(legal))]
        most = max(node.visits for node in best)
        top = [node for node in best if node.visits == most]
        choice = max(top, key=lambda n: n.reward / max(1, n.visits))
        assert choice.action is not None
        return choice.action

    def _iterate(
        self,
        ruleset: Ruleset[Any],
        view_state: Any,
        seat: int,
        root: _Node,
        root_legal: list[Action],
        deadline: float,
    ) -> None:
        state = sample_state(ruleset, view_state, seat, self.rng.next_u64() >> 1)
        node = root
        # Selection and expansion.
        while True:
            mover = ruleset.to_move(state)
            if mover is None:
                break
            legal = ruleset.legal_actions(state)
            if node is root:
                # The caller's list is the truth about what this seat may do now.
                allowed = set(root_legal)
                legal = [a for a in legal if a in allowed] or root_legal
            if not legal:
                break
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[self.rng.below(len(untried))]
                child = _Node(action, node, mover)
                node.children[action] = child
            else:
                child = self._select(node, legal)
                assert child.action is not None
                action = child.action
            try:
                ruleset.apply(state, action)
            except IllegalAction:
                # Legal for the real state but not this deal: score nothing from this walk.
                if untried:
                    del node.children[action]
                return
            node = child
            if untried:
                break
        rewards = self._rollout(ruleset, state, deadline)
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            if walk.seat is not None:
                walk.reward += rewards(walk.seat)
            walk = walk.parent

    def _select(self, node: _Node, legal: list[Action]) -> _Node:
        best: _Node | None = None
        best_score = -math.inf
        for action in legal:
            child = node.children[action]
            score = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _rollout(
        self, ruleset: Ruleset[Any], state: Any, deadline: float
    ) -> Callable[[int], float]:
        plies = 0
        while ruleset.to_move(state) is not None and plies < self.max_rollout:
            if plies % _CLOCK_EVERY == _CLOCK_EVERY - 1 and time.perf_counter() >= deadline:
                break
            legal = ruleset.legal_actions(state)
            if not legal:
                break
            ruleset.apply(state, ruleset.rollout_action(state, legal, self.rng))
            plies += 1
        outcome = ruleset.outcome(state)
        memo: dict[int, float] = {}

        def reward(seat: int) -> float:
            if seat not in memo:
                if outcome.finished:
                    memo[seat] = outcome_reward(outcome, seat)
                else:
                    memo[seat] = squash(float(ruleset.evaluate(state, seat)))
            return memo[seat]

        return reward
