"""Movement-cost search over any grid: where can a mover end, and by which cheapest path.

The search is a Dijkstra with a bucket queue (step costs are small whole numbers), written so a
rules core can call it in hot loops. The rules are given as plain callables, so one search
covers every game:

* ``neighbours`` - a mapping ``cell -> cells`` (fastest; e.g. ``HexGrid.neighbour_table``) or a
  function. Cells off the map simply never appear, so movement stops at the edge.
* ``step_cost`` - ``None`` (every step costs 1), a mapping ``cell -> cost of entering it``
  (missing cells cost 1), or a function ``(from_cell, to_cell) -> cost | None`` where ``None``
  forbids that step (a wall between two squares, a barrier hex).
* ``can_pass(cell)`` - may the mover continue moving *out of* this cell (friendly model: yes;
  enemy model: no). The start is always left freely.
* ``can_end(cell)`` - may the mover *stop* here (occupied hexes and barriers: no).

A cell the mover can neither pass nor end on is never entered. A cell it may end on but not
pass is a dead end: reachable, but movement goes no further from it.

Riot Quest in these terms (rulebook "Movement" and "Terrain"): obstacle hexes cost 2 to enter,
barrier hexes are neither passable nor endable, a friendly model's hex is passable but not
endable, an enemy's hex is neither. LEAP-style placement ignores all of that and is plain
distance: :meth:`riotsim.core.hexgrid.HexGrid.within`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, TypeVar

C = TypeVar("C", bound=Hashable)

Neighbours = Mapping[Any, Iterable[Any]] | Callable[[Any], Iterable[Any]]
StepCost = None | Mapping[Any, int] | Callable[[Any, Any], int | None]
CellTest = None | Callable[[Any], bool]


def _always(_cell: Any) -> bool:
    return True


def _search(
    neighbours: Neighbours,
    start: C,
    budget: int,
    step_cost: StepCost,
    can_pass: CellTest,
    can_end: CellTest,
    want_parents: bool,
    goal: Any = None,
) -> tuple[dict[C, int], dict[C, C | None]]:
    nbrs = neighbours.__getitem__ if isinstance(neighbours, Mapping) else neighbours
    passable = can_pass or _always
    endable = can_end or _always
    best: dict[C, int] = {start: 0}
    parents: dict[C, C | None] = {start: None} if want_parents else {}
    if budget < 0:
        return best, parents
    # What a cell allows, worked out once per cell: 2 = pass through (and maybe end),
    # 1 = end only (a dead end), 0 = keep out. The start is always left freely.
    allows: dict[C, int] = {start: 2}
    allows_get = allows.get

    # Entry costs come from a mapping (``{}`` when every step costs 1) or a step function.
    cost_fn = step_cost if callable(step_cost) and not isinstance(step_cost, Mapping) else None
    entries: Mapping[Any, int] = (
        {} if step_cost is None or cost_fn is not None else step_cost  # type: ignore[assignment]
    )
    entry_get = entries.get
    unit = step_cost is None

    buckets: list[list[C]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    best_get = best.get
    for cost in range(budget + 1):
        bucket = buckets[cost]
        i = 0
        while i < len(bucket):  # a zero-cost step may append to the bucket being read
            cell = bucket[i]
            i += 1
            if best[cell] != cost:
                continue  # reached more cheaply since it was queued
            if goal is not None and cell == goal:
                return best, parents
            if allows[cell] != 2:
                continue
            for nxt in nbrs(cell):
                if unit:
                    new = cost + 1
                elif cost_fn is None:
                    new = cost + entry_get(nxt, 1)
                else:
                    step = cost_fn(cell, nxt)
                    if step is None:
                        continue
                    new = cost + step
                if new > budget:
                    continue
                old = best_get(nxt)
                if old is not None and old <= new:
                    continue
                rule = allows_get(nxt)
                if rule is None:
                    rule = allows[nxt] = 2 if passable(nxt) else (1 if endable(nxt) else 0)
                if not rule:
                    continue
                best[nxt] = new
                if want_parents:
                    parents[nxt] = cell
                buckets[new].append(nxt)
    return best, parents


def reachable(
    neighbours: Neighbours,
    start: C,
    budget: int,
    step_cost: StepCost = None,
    can_pass: CellTest = None,
    can_end: CellTest = None,
    *,
    include_start: bool = False,
) -> dict[C, int]:
    """Every cell where the mover may END a move of at most ``budget``, with its cheapest cost.

    The start is left out unless ``include_start`` (staying put is usually not a move).
    """
    best, _ = _search(neighbours, start, budget, step_cost, can_pass, can_end, False)
    endable = can_end or _always
    out = {cell: cost for cell, cost in best.items() if cell != start and endable(cell)}
    if include_start:
        out[start] = 0
    return out


def reach_tree(
    neighbours: Neighbours,
    start: C,
    budget: int,
    step_cost: StepCost = None,
    can_pass: CellTest = None,
    can_end: CellTest = None,
) -> tuple[dict[C, int], dict[C, C | None]]:
    """Costs of every *entered* cell and the parent of each on one cheapest path.

    Use with :func:`trace` to preview paths to many destinations from one search (the UI does
    this while the pointer moves). Entered cells include pass-through-only ones; filter the
    ends with ``can_end`` or use :func:`reachable`.
    """
    return _search(neighbours, start, budget, step_cost, can_pass, can_end, True)


def trace(parents: Mapping[C, C | None], goal: C) -> list[C] | None:
    """The path ``[start, ..., goal]`` recorded in a :func:`reach_tree` parent map."""
    if goal not in parents:
        return None
    path = [goal]
    step = parents[goal]
    while step is not None:
        path.append(step)
        step = parents[step]
    path.reverse()
    return path


def path_to(
    neighbours: Neighbours,
    start: C,
    goal: C,
    budget: int,
    step_cost: StepCost = None,
    can_pass: CellTest = None,
    can_end: CellTest = None,
) -> list[C] | None:
    """One cheapest legal path ``[start, ..., goal]``, or None if the mover cannot end there.

    Deterministic: ties go to the path found first in neighbour order.
    """
    if goal == start:
        return [start]
    if can_end is not None and not can_end(goal):
        return None
    _, parents = _search(neighbours, start, budget, step_cost, can_pass, can_end, True, goal)
    return trace(parents, goal)


def path_cost(path: list[C], step_cost: StepCost = None) -> int | None:
    """Total cost of walking ``path`` (None if a step is forbidden)."""
    total = 0
    for a, b in zip(path, path[1:], strict=False):
        if step_cost is None:
            total += 1
        elif isinstance(step_cost, Mapping):
            total += step_cost.get(b, 1)
        else:
            step = step_cost(a, b)
            if step is None:
                return None
            total += step
    return total
