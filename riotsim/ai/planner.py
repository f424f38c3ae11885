"""The turn planner: a beam search over the deciding seat's own decisions to the end of its turn.

Where one turn is many small decisions (a Riot Quest activation, a Quodd movement phase),
judging each decision alone misses the plan: a step back that opens a charge, a card played
before the tumble it pays for. The planner deals one sampled world (hidden cards at random, a
fresh dice stream), tries every sequence of decisions the seat can take while the rule set's
``turn_key`` stays the same, keeps the ``width`` best partial turns by ``evaluate`` at each
depth, and scores each finished turn the same way. A plan also ends where chance is revealed
(a die, a draw): nobody plans past a roll they have not seen. The best few plans are then
replayed on more sampled worlds and averaged, so a plan that only works with this deal's dice
does not win. The first action of the best plan is played; :func:`plan_turn` gives the whole
plan (the Quodd Heroes hint).

A position reached twice within the search (the rule set's ``transposition_key``: cards
played in either order) is searched once. What a decision costs beyond the state it leaves
(``plan_cost``: a Quodd fall) is charged to the plan. ``max_nodes`` caps the search by
positions rather than the clock, so bot strength can be measured the same on any machine;
the bot then plays the rest of its plan while it stays legal in the same turn.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from riotsim.ai.base import Bot, require_choice, sample_state
from riotsim.core.contract import Action, IllegalAction, Ruleset
from riotsim.core.rng import Rng

MAX_DEPTH = 64  # decisions in one turn, far above any real turn (a guard against loops)


@dataclass(slots=True)
class Plan:
    """A sequence of decisions for one seat, its mean value over the worlds it was scored in,
    and whether it reaches the end of the turn (not cut by chance, the clock or the depth)."""

    actions: list[Action] = field(default_factory=list)
    value: float = float("-inf")
    complete: bool = False
    worlds: int = 0


def _ends(ruleset: Ruleset[Any], state: Any, seat: int, key: Any) -> bool:
    if ruleset.to_move(state) != seat:
        return True
    return key is None or ruleset.turn_key(state) != key


def _search(
    ruleset: Ruleset[Any],
    world: Any,
    seat: int,
    legal: list[Action],
    rng: Rng,
    width: int,
    deadline: float,
    max_nodes: int = 0,
) -> list[Plan]:
    """Every finished plan found on ``world`` (and the best unfinished ones if time or the
    node budget ran out). Positions reached twice (``transposition_key``) are kept once."""
    key = ruleset.turn_key(world)
    done: list[Plan] = []
    seen: set[Any] = set()
    frontier: list[tuple[Any, list[Action], float]] = [(world, [], 0.0)]
    nodes = 0
    for depth in range(MAX_DEPTH):
        grown: list[tuple[float, int, Any, list[Action], float]] = []
        for state, actions, spent in frontier:
            options = list(legal) if depth == 0 else ruleset.legal_actions(state)
            rng.shuffle(options)  # random tie-breaks, and a fair cut when time runs out
            for action in options:
                child = ruleset.copy(state)
                try:
                    events = ruleset.apply(child, action)
                except IllegalAction:  # legal in the real game, not in this sampled world
                    continue
                nodes += 1
                path = [*actions, action]
                cost = spent + ruleset.plan_cost(events, seat)
                ends = _ends(ruleset, child, seat, key)
                if not ends and not _first_visit(ruleset, child, seen):
                    continue
                value = float(ruleset.evaluate(child, seat)) - cost
                if ends:
                    done.append(Plan(path, value, True, 1))
                elif any(e.reveals for e in events):
                    done.append(Plan(path, value, False, 1))
                else:
                    grown.append((value, len(grown), child, path, cost))
                out_of_time = time.perf_counter() > deadline or 0 < max_nodes <= nodes
                if out_of_time and (done or grown):
                    return done or [Plan(g[3], g[0], False, 1) for g in grown]
        if not grown:
            break
        kept = _keep(grown, width)
        frontier = [(g[2], g[3], g[4]) for g in kept]
        if depth == MAX_DEPTH - 1:
            done.extend(Plan(g[3], g[0], False, 1) for g in kept)
    return done


def _keep(grown: list[Any], width: int) -> list[Any]:
    """The ``width`` best partial turns, and the best one of every first decision left out
    (up to ``width`` more): a card played before moving is a step behind a turn that moved
    at once at every depth, yet it may end further, so each first choice is played out."""
    grown.sort(key=lambda g: (-g[0], g[1]))
    kept = grown[:width]
    firsts = {g[3][0] for g in kept}
    for g in grown[width:]:
        if len(kept) >= 2 * width:
            break
        if g[3][0] not in firsts:
            firsts.add(g[3][0])
            kept.append(g)
    return kept


def _first_visit(ruleset: Ruleset[Any], state: Any, seen: set[Any]) -> bool:
    """False when the planner has already reached this very position another way."""
    name = ruleset.transposition_key(state)
    if name is None:
        return True
    if name in seen:
        return False
    seen.add(name)
    return True


def _rescore(ruleset: Ruleset[Any], world: Any, seat: int, plan: Plan) -> float | None:
    """The plan's value replayed on another sampled world (None: it is not legal there)."""
    state = ruleset.copy(world)
    cost = 0.0
    for action in plan.actions:
        if ruleset.to_move(state) != seat:
            return None
        try:
            cost += ruleset.plan_cost(ruleset.apply(state, action), seat)
        except IllegalAction:
            return None
    return float(ruleset.evaluate(state, seat)) - cost


def plan_turn(
    ruleset: Ruleset[Any],
    view_state: Any,
    seat: int,
    rng: Rng,
    budget_s: float,
    *,
    legal: list[Action] | None = None,
    width: int = 8,
    samples: int = 3,
    finalists: int = 4,
    max_nodes: int = 0,
) -> Plan:
    """The best plan for ``seat`` from ``view_state`` (a view: nothing hidden is used) within
    about ``budget_s`` seconds: up to ``width`` partial turns kept per depth, the best
    ``finalists`` plans re-scored on ``samples - 1`` more sampled worlds. ``max_nodes``
    (0: none) also caps the positions searched, a limit that does not depend on the clock."""
    started = time.perf_counter()
    deadline = started + max(0.0, budget_s) * 0.6
    final_deadline = started + max(0.0, budget_s) * 0.9
    first = legal if legal is not None else ruleset.legal_actions(view_state)
    world = sample_state(ruleset, view_state, seat, rng.next_u64() >> 1)
    plans = _search(ruleset, world, seat, first, rng, max(1, width), deadline, max_nodes)
    if not plans:
        return Plan()
    plans.sort(key=lambda p: -p.value)
    by_first: dict[Action, Plan] = {}
    for plan in plans:  # the finalists start differently: they are the choices to weigh
        by_first.setdefault(plan.actions[0], plan)
    best = list(by_first.values())[: max(1, finalists)]
    for _ in range(max(0, samples - 1)):
        if len(best) < 2 or time.perf_counter() > final_deadline:
            break
        other = sample_state(ruleset, view_state, seat, rng.next_u64() >> 1)
        for plan in best:
            value = _rescore(ruleset, other, seat, plan)
            if value is None:
                continue
            plan.value = (plan.value * plan.worlds + value) / (plan.worlds + 1)
            plan.worlds += 1
    return max(best, key=lambda p: p.value)


class PlannerBot(Bot):
    """Plays the first action of :func:`plan_turn`'s plan (the Normal level by default), then
    the plan's next actions while they stay legal in the same turn (``follow``): a plan only
    runs to the next revealed chance, so what it expects is what happens."""

    name: ClassVar[str] = "planner"

    def __init__(
        self,
        seed: int,
        width: int = 8,
        samples: int = 3,
        finalists: int = 4,
        max_nodes: int = 0,
        follow: bool = True,
    ):
        super().__init__(seed)
        self.width = width
        self.samples = samples
        self.finalists = finalists
        self.max_nodes = max_nodes
        self.follow = follow
        self.last_plan: Plan | None = None  # the plan behind the last answer (tests, hints)
        self._rest: list[Action] = []  # the plan's actions still to play
        self._key: Any = None  # the turn they belong to

    def choose(
        self, ruleset: Ruleset[Any], view_state: Any, legal: list[Action], budget_s: float = 1.0
    ) -> Action:
        require_choice(legal)
        followed = self._next_planned(ruleset, view_state, legal)
        if followed is not None:
            return followed
        self.last_plan = None
        if len(legal) == 1:
            return legal[0]
        seat = ruleset.to_move(view_state)
        if seat is None:
            return legal[self.rng.below(len(legal))]
        plan = plan_turn(
            ruleset,
            view_state,
            seat,
            self.rng,
            budget_s,
            legal=legal,
            width=self.width,
            samples=self.samples,
            finalists=self.finalists,
            max_nodes=self.max_nodes,
        )
        self.last_plan = plan
        if plan.actions and plan.actions[0] in legal:
            if self.follow:
                self._rest = list(plan.actions[1:])
                self._key = ruleset.turn_key(view_state)
            return plan.actions[0]
        return legal[self.rng.below(len(legal))]

    def _next_planned(
        self, ruleset: Ruleset[Any], view_state: Any, legal: list[Action]
    ) -> Action | None:
        """The plan's next action if it is legal here and the turn is still the planned one."""
        if not self._rest:
            return None
        action = self._rest.pop(0)
        key = ruleset.turn_key(view_state)
        if key is None or key != self._key or action not in legal:
            self._rest = []
            return None
        return action
