"""Information-set Monte Carlo tree search (single observer, with determinization).

Every iteration plays in a determinization of the bot's view (hidden cards at random) with a
fresh dice stream (a :class:`~riotsim.ai.base.SearchRng`, several times faster than the
portable one: nothing drawn in a search is saved). A deal is reused for ``reuse`` iterations
in a row (each on its own copy, with its own dice), since dealing the hidden cards costs far
more than copying a state. It walks the shared tree with UCB over the actions legal in that
deal (counting each child's availability, as ISMCTS does), expands one new action, plays a
rollout (each step from the rule set's ``rollout_action``: uniformly random unless the game
knows better) and backs the result up. With ``widen`` set, a node grows a new child only
while it has fewer than ``widen * sqrt(visits)`` of them (progressive widening), so that where
the branching is large the visits go deeper into the moves already tried. Rollouts stop at
``max_rollout`` plies and are then scored by the rule set's ``evaluate``. The search stops at
``iterations`` or at the time budget, whichever comes first; the clock is checked inside
rollouts too, so a slow game cannot overrun it by more than one rules call.

With ``keep_tree`` (the default) the subtree under the move played is kept for the seat's
next decision when that follows at once and the view is exactly the one the search expected
(a Riot Quest activation, a Quodd movement phase): the search goes on where it stopped.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, ClassVar

from riotsim.ai.base import (
    Bot,
    SearchRng,
    outcome_reward,
    require_choice,
    sample_state,
    search_rng,
    squash,
)
from riotsim.core.contract import Action, IllegalAction, Ruleset, canonical_json
from riotsim.core.rng import Rng

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
        reuse: int = 1,
        widen: float | None = None,
        keep_tree: bool = True,
    ):
        super().__init__(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.max_rollout = max_rollout
        self.reuse = max(1, reuse)
        self.widen = widen
        self.keep_tree = keep_tree
        # The subtree under the last move, and the view it expects next (see _keep).
        self._kept: tuple[str, int, str, _Node] | None = None
        self.last_reused = 0  # visits the last choice inherited from the previous one
        self.last_root: _Node | None = None  # the last search's tree (benchmarks, tests)
        self.last_iterations = 0  # how many iterations the last choice ran (tests, stats)
        self._playout_rng: Rng = SearchRng(seed)

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
        root = self._reused_root(ruleset, view_state, seat) or _Node(None, None, None)
        self.last_reused = root.visits
        root_legal = list(legal)  # a list, not a set: the order must not depend on hashing
        self._playout_rng = SearchRng(self.rng.next_u64() >> 1)  # the rollouts' choices
        allowed = frozenset(root_legal)
        deal: Any = None
        done = 0
        while self.iterations is None or done < self.iterations:
            if done and time.perf_counter() >= deadline:
                break
            if done % self.reuse == 0:
                dice = self.rng.next_u64() >> 1
                deal = search_rng(sample_state(ruleset, view_state, seat, dice), dice)
                state = deal if self.reuse == 1 else self._redeal_dice(ruleset, deal)
            else:
                state = self._redeal_dice(ruleset, deal)
            self._iterate(ruleset, state, root, root_legal, allowed, deadline)
            done += 1
            if time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self.last_root = root
        best = [root.children[a] for a in legal if a in root.children]
        if not best:
            return legal[self.rng.below(len(legal))]
        most = max(node.visits for node in best)
        top = [node for node in best if node.visits == most]
        choice = max(top, key=lambda n: n.reward / max(1, n.visits))
        assert choice.action is not None
        if self.keep_tree:
            self._keep(ruleset, view_state, seat, choice)
        return choice.action

    def _keep(self, ruleset: Ruleset[Any], view_state: Any, seat: int, child: _Node) -> None:
        """Keep ``child``'s subtree for the seat's next decision if that follows at once:
        the move played on the view must leave the same seat to move, and the view then
        seen must be exactly this one's (nothing revealed, no dice that may have differed)."""
        assert child.action is not None
        if not child.children:
            return
        after = ruleset.copy(view_state)
        try:
            ruleset.apply(after, child.action)
            if ruleset.to_move(after) != seat:
                return
            key = canonical_json(ruleset.to_position(ruleset.view(after, seat)))
        except Exception:  # noqa: BLE001 - a view need not play on; then nothing is kept
            return
        self._kept = (ruleset.id, seat, key, child)

    def _reused_root(self, ruleset: Ruleset[Any], view_state: Any, seat: int) -> _Node | None:
        kept, self._kept = self._kept, None
        if kept is None or (kept[0], kept[1]) != (ruleset.id, seat):
            return None
        # viewed again: a game without hidden information hands bots its live state
        if canonical_json(ruleset.to_position(ruleset.view(view_state, seat))) != kept[2]:
            return None
        root = kept[3]
        root.parent, root.action, root.seat = None, None, None
        return root

    def _redeal_dice(self, ruleset: Ruleset[Any], deal: Any) -> Any:
        """A copy of ``deal`` (same hidden cards) with dice of its own."""
        state = ruleset.copy(deal)
        return search_rng(state, self.rng.next_u64() >> 1)

    def _iterate(
        self,
        ruleset: Ruleset[Any],
        state: Any,
        root: _Node,
        root_legal: list[Action],
        allowed: frozenset[Action],
        deadline: float,
    ) -> None:
        node = root
        # Selection and expansion.
        while True:
            mover = ruleset.to_move(state)
            if mover is None:
                break
            legal = ruleset.legal_actions(state)
            if node is root:
                # The caller's list is the truth about what this seat may do now.
                legal = [a for a in legal if a in allowed] or root_legal
            if not legal:
                break
            children = node.children
            untried = [a for a in legal if a not in children]
            for action in legal:
                child = children.get(action)
                if child is not None:
                    child.avail += 1
            if untried and len(untried) < len(legal) and not self._may_grow(node):
                untried = []
            if untried:
                action = untried[self.rng.below(len(untried))]
                child = _Node(action, node, mover)
                children[action] = child
            else:
                child = self._select(node, legal)
                assert child.action is not None
                action = child.action
            try:
                ruleset.apply(state, action)
            except IllegalAction:
                # Legal for the real state but not this deal: score nothing from this walk.
                if untried:
                    del children[action]
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

    def _may_grow(self, node: _Node) -> bool:
        """Whether ``node`` may take a new child (always, unless widening is on)."""
        if self.widen is None:
            return True
        return len(node.children) < max(1.0, self.widen * math.sqrt(node.visits))

    def _select(self, node: _Node, legal: list[Action]) -> _Node:
        best: _Node | None = None
        best_score = -math.inf
        children = node.children
        exploration = self.exploration
        for action in legal:
            child = children.get(action)
            if child is None:  # not grown yet (widening)
                continue
            score = child.reward / child.visits + exploration * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _rollout(
        self, ruleset: Ruleset[Any], state: Any, deadline: float
    ) -> Callable[[int], float]:
        to_move, legal_actions = ruleset.to_move, ruleset.legal_actions
        apply, pick, rng = ruleset.apply, ruleset.rollout_action, self._playout_rng
        plies = 0
        limit = self.max_rollout
        while plies < limit and to_move(state) is not None:
            if plies % _CLOCK_EVERY == _CLOCK_EVERY - 1 and time.perf_counter() >= deadline:
                break
            legal = legal_actions(state)
            if not legal:
                break
            apply(state, pick(state, legal, rng))
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
