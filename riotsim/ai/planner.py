"""The turn planner: a beam search over the deciding seat's own decisions to the end of its turn.

Where one turn is many small decisions (a Riot Quest activation, a Quodd movement phase),
judging each decision alone misses the plan: a step back that opens a charge, a card played
before the tumble it pays for. The planner deals a sampled world (hidden cards at random, a
fresh dice stream), tries every sequence of decisions the seat can take while the rule set's
``turn_key`` stays the same, keeps the ``width`` best partial turns by ``evaluate`` at each
depth, and scores each finished turn the same way.

Every plan is scored at the same point, the end of the seat's turn: a plan does not stop where
chance is revealed (a die, a draw) but goes on in that world with the world's own dice, so a
turn that draws a card and stops is never weighed against turns played to the end (whose value
already holds what the next seat gets at the start of its turn). Since what follows a roll is
only right for that world's roll, each first decision is judged by its best turn in each of
several worlds, averaged over the same worlds for every candidate (common random numbers): the
first world picks the ``finalists``, the others re-plan each of them. The first action of the
best one is played; :func:`plan_turn` gives its plan up to the first revealed chance (what can
be decided before seeing it; the Quodd Heroes hint).

A position reached twice within the search (the rule set's ``transposition_key``: cards
played in either order) is searched once. What a decision costs beyond the state it leaves
(``plan_cost``: a Quodd fall) is charged to the plan. ``max_nodes`` caps each world's search
by positions rather than the clock, so bot strength can be measured the same on any machine;
the bot then plays the rest of its plan while it stays legal in the same turn.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from riotsim.ai.base import Bot, require_choice, sample_state, search_rng
from riotsim.core.contract import Action, IllegalAction, Ruleset
from riotsim.core.rng import Rng

MAX_DEPTH = 64  # decisions in one turn, far above any real turn (a guard against loops)


@dataclass(slots=True)
class Plan:
    """A sequence of decisions for one seat, its mean value over the worlds it was scored in,
    and whether it reaches the end of the turn (not cut by chance, the clock or the depth).
    The actions stop at the first revealed chance; the value is that of the whole turn."""

    actions: list[Action] = field(default_factory=list)
    value: float = float("-inf")
    complete: bool = False
    worlds: int = 0


@dataclass(slots=True)
class _Node:
    """A partial turn in one world: its state, decisions, cost so far and where chance was
    first revealed (the length of the decisions that come before it; None: not yet)."""

    state: Any
    path: list[Action]
    cost: float
    chance_at: int | None

    def plan(self, value: float, ends: bool) -> Plan:
        if self.chance_at is None:
            return Plan(self.path, value, ends, 1)
        return Plan(self.path[: self.chance_at], value, False, 1)


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
    stop: float = float("inf"),
) -> list[Plan]:
    """Every finished plan found on ``world``; when time or the node budget runs out, the
    best partial turns are played out to the turn's end (:func:`_finish`). Revealed chance
    does not end a plan: the world's own dice play on. Positions reached twice
    (``transposition_key``) are kept once."""
    key = ruleset.turn_key(world)
    done: list[Plan] = []
    seen: set[Any] = set()
    frontier = [_Node(world, [], 0.0, None)]
    nodes = 0
    for depth in range(MAX_DEPTH):
        grown: list[tuple[float, int, _Node]] = []
        for index, node in enumerate(frontier):
            options = list(legal) if depth == 0 else ruleset.legal_actions(node.state)
            rng.shuffle(options)  # random tie-breaks, and a fair cut when time runs out
            for action in options:
                child = ruleset.copy(node.state)
                try:
                    events = ruleset.apply(child, action)
                except IllegalAction:  # legal in the real game, not in this sampled world
                    continue
                nodes += 1
                ends = _ends(ruleset, child, seat, key)
                if not ends and not _first_visit(ruleset, child, seen):
                    continue
                chance_at = node.chance_at
                if chance_at is None and any(e.reveals for e in events):
                    chance_at = depth + 1
                grown_node = _Node(
                    child,
                    [*node.path, action],
                    node.cost + ruleset.plan_cost(events, seat),
                    chance_at,
                )
                value = float(ruleset.evaluate(child, seat)) - grown_node.cost
                if ends:
                    done.append(grown_node.plan(value, True))
                else:
                    grown.append((value, len(grown), grown_node))
                out_of_time = time.perf_counter() > deadline or 0 < max_nodes <= nodes
                if out_of_time and (done or grown):
                    rest = [g[2] for g in _keep(grown, width)] + frontier[index + 1 :]
                    return done + _finish(ruleset, rest, seat, key, rng, stop, bool(done))
        if not grown:
            break
        kept = _keep(grown, width)
        frontier = [g[2] for g in kept]
        if depth == MAX_DEPTH - 1:
            done.extend(g[2].plan(g[0], False) for g in kept)
    return done


def _finish(
    ruleset: Ruleset[Any],
    rest: list[_Node],
    seat: int,
    key: Any,
    rng: Rng,
    stop: float = float("inf"),
    have_some: bool = False,
) -> list[Plan]:
    """The partial turns left when the clock or the node budget runs out, each played on to
    the end of the turn by the game's fast playout step (``rollout_action``), so that they
    are scored at the same point as the turns that ended (else only the turns that end
    soonest would be weighed).
    A plan's actions stop where the search stopped: the playout's steps are not planned.
    Past ``stop`` (the move's own budget) the partial turns left are dropped, best first
    kept, once there is something to choose from (``have_some``: turns that ended)."""
    plans: list[Plan] = []
    for node in rest:
        if (plans or have_some) and time.perf_counter() > stop:
            break
        state, chance_at, cost = ruleset.copy(node.state), node.chance_at, node.cost
        path = list(node.path)
        while len(path) < MAX_DEPTH and not _ends(ruleset, state, seat, key):
            legal = ruleset.legal_actions(state)
            if not legal:
                break
            action = ruleset.rollout_action(state, legal, rng)
            events = ruleset.apply(state, action)
            path.append(action)
            cost += ruleset.plan_cost(events, seat)
            if chance_at is None and any(e.reveals for e in events):
                chance_at = len(path)
        searched = len(node.path) if chance_at is None else min(chance_at, len(node.path))
        value = float(ruleset.evaluate(state, seat)) - cost
        plans.append(Plan(path[:searched], value, False, 1))
    return plans


def _keep(grown: list[Any], width: int) -> list[Any]:
    """The ``width`` best partial turns, and the best one of every first decision left out
    (up to ``width`` more): a card played before moving is a step behind a turn that moved
    at once at every depth, yet it may end further, so each first choice is played out."""
    grown.sort(key=lambda g: (-g[0], g[1]))
    kept = grown[:width]
    firsts = {g[2].path[0] for g in kept}
    for g in grown[width:]:
        if len(kept) >= 2 * width:
            break
        first = g[2].path[0]
        if first not in firsts:
            firsts.add(first)
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


def _best_by_first(plans: list[Plan]) -> dict[Action, Plan]:
    """Each first decision's best plan, best first."""
    by_first: dict[Action, Plan] = {}
    for plan in sorted(plans, key=lambda p: -p.value):
        if plan.actions:
            by_first.setdefault(plan.actions[0], plan)
    return by_first


def _world(ruleset: Ruleset[Any], view_state: Any, seat: int, rng: Rng) -> Any:
    seed = rng.next_u64() >> 1
    return search_rng(sample_state(ruleset, view_state, seat, seed), seed)


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
    ``finalists`` first decisions re-planned on ``samples - 1`` more sampled worlds and
    judged by their mean. ``max_nodes`` (0: none) also caps the positions searched in each
    world, a limit that does not depend on the clock."""
    started = time.perf_counter()
    deadline = started + max(0.0, budget_s) * 0.5
    final_deadline = started + max(0.0, budget_s) * 0.8
    first = legal if legal is not None else ruleset.legal_actions(view_state)
    width = max(1, width)
    world = _world(ruleset, view_state, seat, rng)
    stop = started + max(0.0, budget_s) * 0.95
    plans = _search(ruleset, world, seat, first, rng, width, deadline, max_nodes, stop)
    if not plans:
        return Plan()
    best = list(_best_by_first(plans).values())[: max(1, finalists)]
    left = max(0, samples - 1)
    while left and len(best) > 1 and time.perf_counter() < final_deadline:
        now = time.perf_counter()
        world_deadline = now + (final_deadline - now) / left
        _replan(
            ruleset,
            _world(ruleset, view_state, seat, rng),
            seat,
            best,
            rng,
            width,
            (world_deadline, stop),
            max_nodes,
        )
        left -= 1
    return max(best, key=lambda p: p.value)


def _replan(
    ruleset: Ruleset[Any],
    world: Any,
    seat: int,
    best: list[Plan],
    rng: Rng,
    width: int,
    deadlines: tuple[float, float],
    max_nodes: int,
) -> None:
    """Each finalist's first decision planned again to the end of the turn on ``world``, its
    best value there averaged into the finalist's. The world counts for all of them or for
    none (one that could not be played out there would be judged on other luck)."""
    firsts = [plan.actions[0] for plan in best]
    deadline, stop = deadlines  # the search's, and the last moment to finish cut turns
    plans = _search(ruleset, world, seat, firsts, rng, width, deadline, max_nodes, stop)
    found = _best_by_first(plans)
    if any(first not in found for first in firsts):
        return
    for plan in best:
        value = found[plan.actions[0]].value
        plan.value = (plan.value * plan.worlds + value) / (plan.worlds + 1)
        plan.worlds += 1


class PlannerBot(Bot):
    """Plays the first action of :func:`plan_turn`'s plan (the Normal level by default), then
    the plan's next actions while they stay legal in the same turn (``follow``): a plan's
    actions stop at the next revealed chance (what it played after that in its sampled world
    was chosen for that world's roll or draw), so what it expects is what happens."""

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
