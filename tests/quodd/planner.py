"""A test-only planner that plays a solo scenario turn by turn to show it can be won.

Each Movement phase is searched exhaustively (every legal action sequence until the phase
ends, within a node budget) and the end position with the best objective score is played.
Other phases take simple choices: explore from the deck, keep movement upgrades.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from riotsim.core.contract import Action
from riotsim.games.quodd import RULESET, scenario
from riotsim.games.quodd.directions import ORTHOGONAL, Cell, step
from riotsim.games.quodd.state import State


def distances(state: State, target: Cell) -> dict[Cell, int]:
    """Steps from every square to ``target`` moving one square or jumping one over."""
    board = state.board

    def ok(c: Cell) -> bool:
        return board.on_board(c) and not board.is_impassable(c) and not board.is_pit(c)

    dist = {target: 0}
    queue = deque([target])
    while queue:
        cell = queue.popleft()
        for d in ORTHOGONAL:
            for k, cost in ((1, 1), (2, 2)):
                near = step(cell, d, k)
                if not ok(near) or near in dist or (k == 1 and board.is_wall(near)):
                    continue
                dist[near] = dist[cell] + cost
                queue.append(near)
    return dist


def targets(state: State, index: int = 0) -> list[Cell]:
    """Where hero ``index`` heads next for the objective."""
    hero = state.heroes[index]
    kind = state.objective["type"]
    if kind in ("rally", "escape"):
        cell = scenario.next_target(state, hero)
        return [cell] if cell else []
    if kind == "crystals":
        return state.board.find("drop_zone" if hero.carrying else "crystal")
    if kind == "sheep":
        herding = any(c.startswith("sheep") for c in hero.carrying)
        return state.board.find("drop_zone" if herding else "sheep")
    return state.board.find("treasure")


def score(state: State, cache: dict[Cell, dict[Cell, int]]) -> float:
    """Objective progress first, then closeness to the next thing to reach. Distances are
    measured on the board as it was when the search started (cached per target)."""
    hero = state.heroes[0]
    if state.phase == "over":
        return 1e9 if state.winners else -1e9
    value = 1000.0 * scenario.team_progress(state) + 300.0 * len(hero.carrying)
    best = 0
    cells = targets(state)
    if cells:
        for cell in cells:
            if cell not in cache:
                cache[cell] = distances(state, cell)
        best = min(cache[c].get(hero.pos, 99) for c in cells)
    return value - best


Score = Callable[[State, dict[Cell, dict[Cell, int]]], float]


def plan_movement(state: State, budget: int = 4000, value: Score = score) -> list[Action]:
    """The best end of this Movement phase for the active hero by ``value`` (every legal
    action sequence searched, within ``budget`` nodes; the skill layout kept)."""
    index = state.active
    best: tuple[float, list[Action]] = (-1e18, [])
    stack: list[tuple[State, list[Action]]] = [(state, [])]
    nodes = 0
    cache: dict[Cell, dict[Cell, int]] = {}
    while stack and nodes < budget:
        s, path = stack.pop()
        nodes += 1
        if s.phase != "movement" or s.active != index:
            end = value(s, cache)
            if end > best[0]:
                best = (end, path)
            continue
        for action in RULESET.legal_actions(s):
            if action.kind == "choose" and action.get("swap") not in (None, "done"):
                continue  # keep the skill layout while planning
            child = RULESET.copy(s)
            RULESET.apply(child, action)
            stack.append((child, path + [action]))
    return best[1]


def simple_choice(state: State) -> Action:
    actions = RULESET.legal_actions(state)
    texts = {str(a): a for a in actions}
    for preferred in ("choose swap=done", "move", "explore", "draw src=deck", "done"):
        if preferred in texts:
            return texts[preferred]
    for action in actions:
        if action.kind == "upgrade" and action["tile"].endswith(
            ("stride", "pace", "roots", "breath", "glide", "gears")
        ):
            return action
    return actions[0]


def play_solo(state: State, max_actions: int = 3000) -> State:
    for _ in range(max_actions):
        if state.phase == "over":
            break
        if state.phase == "movement" and not state.pending:
            plan = plan_movement(state)
            if plan:
                for action in plan:
                    RULESET.apply(state, action)
                continue
        RULESET.apply(state, simple_choice(state))
    return state
