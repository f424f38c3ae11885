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
) -> list[Plan]:
    """Every finished plan found on ``world`` (and the best unfinished ones if time ran out)."""
    key = ruleset.turn_key(world)
    done: list[Plan] = []
    frontier: list[tuple[Any, list[Action]]] = [(world, [])]
    for depth in range(MAX_DEPTH):
        grown: list[tuple[float, int, Any, list[Action]]] = []
        for state, actions in frontier:
            options = list(legal) if depth == 0 else ruleset.legal_actions(state)
            rng.shuffle(options)  # random tie-breaks, and a fair cut when time runs out
            for action in options:
                child = ruleset.copy(state)
                try:
                    events = ruleset.apply(child, action)
                except IllegalAction:  # legal in the real game, not in this sampled world
                    continue
                path = [*actions, action]
                value = float(ruleset.evaluate(child, seat))
                if _ends(ruleset, child, seat, key):
                    done.append(Plan(path, value, True, 1))
                elif any(e.reveals for e in events):
                    done.append(Plan(path, value, False, 1))
                else:
                    grown.append((value, len(grown), child, path))
                if time.perf_counter() > deadline and (done or grown):
                    return done or [Plan(p, v, False, 1) for v, _, _, p in grown]
        if not grown:
            break
        grown.sort(key=lambda g: (-g[0], g[1]))
        frontier = [(state, path) for _, _, state, path in grown[:width]]
        if depth == MAX_DEPTH - 1:
            done.extend(Plan(p, v, False, 1) for v, _, _, p in grown[:width])
    return done


def _rescore(ruleset: Ruleset[Any], world: Any, seat: int, plan: Plan) -> float | None:
    """The plan's value replayed on another sampled world (None: it is not legal there)."""
    state = ruleset.copy(world)
    for action in plan.actions:
        if ruleset.to_move(state) != seat:
            return None
        try:
            ruleset.apply(state, action)
        except IllegalAction:
            return None
    return float(ruleset.evaluate(state, seat))


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
) -> Plan:
    """The best plan for ``seat`` from ``view_state`` (a view: nothing hidden is used) within
    about ``budget_s`` seconds: up to ``width`` partial turns kept per depth, the best
    ``finalists`` plans re-scored on ``samples - 1`` more sampled worlds."""
    started = time.perf_counter()
    deadline = started + max(0.0, budget_s) * 0.6
    final_deadline = started + max(0.0, budget_s) * 0.9
    first = legal if legal is not None else ruleset.legal_actions(view_state)
    world = sample_state(ruleset, view_state, seat, rng.next_u64() >> 1)
    plans = _search(ruleset, world, seat, first, rng, max(1, width), deadline)
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
    """Plays the first action of :func:`plan_turn`'s plan (the Normal level by default)."""

    name: ClassVar[str] = "planner"

    def __init__(self, seed: int, width: int = 8, samples: int = 3, finalists: int = 4):
        super().__init__(seed)
        self.width = width
        self.samples = samples
        self.finalists = finalists
        self.last_plan: Plan | None = None  # the plan behind the last answer (tests, hints)

    def choose(
        self, ruleset: Ruleset[Any], view_state: Any, legal: list[Action], budget_s: float = 1.0
    ) -> Action:
        require_choice(legal)
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
        )
        self.last_plan = plan
        if plan.actions and plan.actions[0] in legal:
            return plan.actions[0]
        return legal[self.rng.below(len(legal))]
