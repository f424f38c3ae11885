"""Movement search with Riot Quest's movement semantics on small hand-built hex positions."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riotsim.core.hexgrid import HexGrid
from riotsim.core.pathing import path_cost, path_to, reach_tree, reachable, trace

GRID = HexGrid(7, 7, "y", "odd")


def _line(start, direction, n):
    cells = [start]
    for _ in range(n):
        cells.append(GRID.step(cells[-1], direction))
    return cells


class Position:
    """A hand-built Riot Quest position: terrain sets and who stands where."""

    def __init__(self, obstacles=(), barriers=(), friends=(), enemies=(), grid=GRID):
        self.grid = grid
        self.obstacles = set(obstacles)
        self.barriers = set(barriers)
        self.friends = set(friends)
        self.enemies = set(enemies)

    def step_cost(self, _frm, to):
        return 2 if to in self.obstacles else 1

    def can_pass(self, cell):
        return cell not in self.barriers and cell not in self.enemies

    def can_end(self, cell):
        return not (cell in self.barriers or cell in self.enemies or cell in self.friends)

    def reach(self, start, budget):
        return reachable(
            self.grid.neighbour_table, start, budget, self.step_cost, self.can_pass, self.can_end
        )


def test_open_ground_reach_is_the_distance_ball():
    """Riot Quest "Movement": each hex entered costs one point of movement."""
    start = (3, 3)
    for budget in range(4):
        got = reachable(GRID.neighbour_table, start, budget)
        expect = {c: GRID.distance(start, c) for c in GRID.within(start, budget) if c != start}
        assert got == expect
    assert reachable(GRID.neighbour_table, start, 2, include_start=True)[start] == 0


def test_obstacle_costs_two_to_enter():
    """Riot Quest "Terrain": an obstacle hex counts twice when a model moves into it."""
    start = (3, 3)
    obstacle = GRID.step(start, 0)
    pos = Position(obstacles={obstacle})
    assert pos.reach(start, 1).get(obstacle) is None
    assert pos.reach(start, 2)[obstacle] == 2
    beyond = GRID.step(obstacle, 0)
    # Going round the obstacle (3 steps) is as cheap as going through it (2 + 1).
    assert pos.reach(start, 3)[beyond] == 3
    # Beatback example: pushed 2 spaces, the first being an obstacle, stops there.
    path = path_to(GRID.neighbour_table, start, obstacle, 2, pos.step_cost)
    assert path == [start, obstacle]
    assert path_cost(path, pos.step_cost) == 2


def test_barrier_blocks_entering_and_crossing():
    """Riot Quest "Terrain": models can neither enter nor cross barrier hexes."""
    start = (0, 3)
    # A wall of barriers across the whole column 2 (every row): nothing beyond is reachable.
    wall = {(2, r) for r in range(7)} | {(1, r) for r in range(7) if r % 2 == 1}
    pos = Position(barriers=wall)
    reach = pos.reach(start, 10)
    assert reach
    assert all(cell[0] < 2 and cell not in wall for cell in reach)


def test_friends_may_be_passed_but_not_ended_on():
    """Riot Quest "Movement": a model may move through its own crew but not stop there."""
    start = (3, 3)
    friend = GRID.step(start, 0)
    behind = GRID.step(friend, 0)
    pos = Position(friends={friend})
    reach = pos.reach(start, 2)
    assert friend not in reach
    assert reach[behind] == 2
    assert path_to(
        GRID.neighbour_table, start, behind, 2, pos.step_cost, pos.can_pass, pos.can_end
    ) == [start, friend, behind]
    assert (
        path_to(GRID.neighbour_table, start, friend, 2, pos.step_cost, pos.can_pass, pos.can_end)
        is None
    )


def test_enemies_cannot_be_passed_through():
    """Riot Quest "Movement": no moving through an enemy's hex."""
    start = (3, 3)
    enemy = GRID.step(start, 0)
    behind = GRID.step(enemy, 0)
    pos = Position(enemies={enemy})
    reach = pos.reach(start, 2)
    assert enemy not in reach
    assert behind not in reach  # the only 2-step route is through the enemy
    assert pos.reach(start, 3)[behind] == 3  # around it


def test_surrounded_by_enemies_cannot_move():
    start = (3, 3)
    pos = Position(enemies=set(GRID.neighbours(start)))
    assert pos.reach(start, 6) == {}


def test_friend_blocking_the_last_hex_of_a_corridor():
    """Never end on an occupied hex, even when it is the only hex within reach."""
    start = (0, 0)
    corridor = _line(start, 0, 3)
    walls = set(GRID.cells) - set(corridor)
    pos = Position(barriers=walls, friends={corridor[1], corridor[3]})
    assert pos.reach(start, 3) == {corridor[2]: 2}


def test_movement_stops_at_the_map_edge():
    """Riot Quest "Movement": models cannot leave the arena; off-map hexes do not exist."""
    start = (0, 0)
    reach = reachable(GRID.neighbour_table, start, 20)
    assert set(reach) == set(GRID.cells) - {start}


def test_leap_ignores_barriers_placing_is_not_moving():
    """Riot Quest "Movement" example (LEAP): placement counts plain hexes through barriers."""
    start = (3, 3)
    wall = set(GRID.neighbours(start))
    pos = Position(barriers=wall)
    assert pos.reach(start, 2) == {}
    landing = [c for c in GRID.within(start, 2) if c != start and pos.can_end(c)]
    assert len(landing) == 12  # the ring of radius 2


def test_dead_end_cells_are_reachable_but_not_expanded():
    start = (3, 3)
    trap = GRID.step(start, 0)
    beyond = GRID.step(trap, 0)
    neighbours = GRID.neighbour_table
    reach = reachable(neighbours, start, 3, None, lambda c: c != trap, None)
    assert reach[trap] == 1
    assert reach[beyond] == 3  # the straight route through the trap is closed; round it is 3
    only_route = reachable(
        neighbours, start, 2, None, lambda c: c != trap, lambda c: c in (trap, beyond)
    )
    assert only_route == {trap: 1}


def test_step_cost_function_may_forbid_steps():
    """A wall between two cells (Quodd-style edges) is a step the cost function forbids."""
    start = (3, 3)
    east = GRID.step(start, 0)

    def cost(a, b):
        return None if {a, b} == {start, east} else 1

    reach = reachable(GRID.neighbour_table, start, 3, cost)
    assert reach[east] == 2
    assert path_to(GRID.neighbour_table, start, east, 1, cost) is None
    path = path_to(GRID.neighbour_table, start, east, 2, cost)
    assert len(path) == 3 and path_cost(path, cost) == 2


def test_mapping_costs_and_callable_neighbours_agree_with_functions():
    pos = Position(obstacles={(2, 2), (4, 4), (3, 5)}, friends={(3, 2)}, enemies={(5, 3)})
    entry = {c: 2 for c in pos.obstacles}
    for start in [(3, 3), (0, 0), (6, 6)]:
        a = reachable(GRID.neighbour_table, start, 4, pos.step_cost, pos.can_pass, pos.can_end)
        b = reachable(GRID.neighbours, start, 4, entry, pos.can_pass, pos.can_end)
        assert a == b


@pytest.mark.parametrize("budget", [1, 2, 3, 5])
def test_paths_are_cheapest_legal_and_match_costs(budget):
    pos = Position(
        obstacles={(2, 2), (4, 4), (3, 5), (1, 3)},
        barriers={(4, 2), (2, 4)},
        friends={(3, 2), (4, 3)},
        enemies={(5, 3), (2, 3)},
    )
    start = (3, 3)
    args = (pos.step_cost, pos.can_pass, pos.can_end)
    reach = reachable(GRID.neighbour_table, start, budget, *args)
    costs, parents = reach_tree(GRID.neighbour_table, start, budget, *args)
    for cell, cost in reach.items():
        path = path_to(GRID.neighbour_table, start, cell, budget, *args)
        assert path[0] == start and path[-1] == cell
        assert path_cost(path, pos.step_cost) == cost == costs[cell]
        assert all(pos.can_pass(c) for c in path[1:-1])
        assert trace(parents, cell)[-1] == cell
    # Brute force: every simple path within budget that respects the rules ends in ``reach``.
    for cell in GRID.cells:
        if cell == start or not pos.can_end(cell) or GRID.distance(start, cell) > budget:
            continue
        best = _brute_force(start, cell, budget, pos)
        assert reach.get(cell) == best


def _brute_force(start, goal, budget, pos):
    """Cheapest cost over every simple legal path (positive costs: the cheapest is simple)."""
    best = None
    stack = [(start, 0, {start})]
    while stack:
        cell, cost, seen = stack.pop()
        if cell == goal:
            best = cost if best is None else min(best, cost)
            continue
        if cell != start and not pos.can_pass(cell):
            continue
        for nxt in pos.grid.neighbours(cell):
            new = cost + pos.step_cost(cell, nxt)
            if nxt in seen or new > budget:
                continue
            if not (pos.can_pass(nxt) or pos.can_end(nxt)):
                continue
            stack.append((nxt, new, seen | {nxt}))
    return best


def test_zero_and_negative_budgets():
    assert reachable(GRID.neighbour_table, (3, 3), 0) == {}
    assert reachable(GRID.neighbour_table, (3, 3), -1) == {}
    assert path_to(GRID.neighbour_table, (3, 3), (3, 3), 0) == [(3, 3)]


def test_search_is_fast_enough_for_playouts():
    """A 6-point move on a 15x15 arena with blockers: well under a millisecond on average."""
    import time

    grid = HexGrid(15, 15, "y", "odd")
    obstacles = set(itertools.islice(grid.cells, 3, None, 11))
    enemies = set(itertools.islice(grid.cells, 5, None, 17))
    cost = {c: 2 for c in obstacles}
    runs = 200
    t0 = time.perf_counter()
    for _ in range(runs):
        reachable(
            grid.neighbour_table,
            (7, 7),
            6,
            cost,
            lambda c: c not in enemies,
            lambda c: c not in enemies,
        )
    per_call = (time.perf_counter() - t0) / runs
    assert per_call < 0.002


KINDS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    marks=st.lists(st.sampled_from("..ooBFE"), min_size=36, max_size=36),
    start=st.tuples(st.integers(0, 5), st.integers(0, 5)),
    budget=st.integers(0, 4),
)
def test_reachable_matches_brute_force_on_random_positions(kind, marks, start, budget):
    """Random 6x6 positions of obstacles (o), barriers (B), friends (F) and enemies (E)."""
    grid = HexGrid(6, 6, *kind)
    layout = {cell: marks[i] for i, cell in enumerate(grid.cells)}
    layout[start] = "."
    pos = Position(
        obstacles={c for c, m in layout.items() if m == "o"},
        barriers={c for c, m in layout.items() if m == "B"},
        friends={c for c, m in layout.items() if m == "F"},
        enemies={c for c, m in layout.items() if m == "E"},
        grid=grid,
    )
    reach = pos.reach(start, budget)
    expect = {}
    for cell in grid.cells:
        if cell != start and pos.can_end(cell):
            best = _brute_force(start, cell, budget, pos)
            if best is not None:
                expect[cell] = best
    assert reach == expect
    for cell, cost in reach.items():
        path = path_to(
            grid.neighbour_table, start, cell, budget, pos.step_cost, pos.can_pass, pos.can_end
        )
        assert path_cost(path, pos.step_cost) == cost
