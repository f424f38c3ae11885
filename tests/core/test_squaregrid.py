"""Square grids for Quodd Heroes: directions, rotation, ranges and composed boards."""

from __future__ import annotations

import pytest

from riotsim.core.squaregrid import (
    ALL_DIRECTIONS,
    DIAGONAL,
    ORTHOGONAL,
    BoardLayoutError,
    ComposedBoard,
    Direction,
    Placement,
    SquareGrid,
    chebyshev,
    direction_between,
    manhattan,
    rotate_cell,
    rotate_direction,
    rotated_size,
    step,
)

SIZES = [9, (2, 9), (9, 2), (3, 5)]


def _cells(size):
    w, h = (size, size) if isinstance(size, int) else size
    return [(x, y) for y in range(h) for x in range(w)]


def test_direction_vectors_names_and_turns():
    assert Direction.N.delta == (0, -1)
    assert Direction.E.delta == (1, 0)
    assert Direction.SW.delta == (-1, 1)
    assert [d.name for d in ORTHOGONAL] == ["N", "E", "S", "W"]
    assert [d.name for d in DIAGONAL] == ["NE", "SE", "SW", "NW"]
    for d in ALL_DIRECTIONS:
        assert d.opposite.opposite == d
        assert d.opposite.delta == (-d.dx, -d.dy)
        assert d.right.left == d
        assert d.right.right == d.opposite
        assert d.is_diagonal == (d.dx != 0 and d.dy != 0)
    assert Direction.N.right == Direction.E
    assert Direction.N.left == Direction.W


def test_direction_numbers_match_the_direction_die():
    """Quodd Heroes "Components": the d8 direction die's faces are the eight compass points."""
    from riotsim.core.dice import die

    direction_die = die("direction")
    for face in direction_die.faces:
        assert Direction[face] == direction_die.value(face)


def test_parse_directions():
    assert Direction.parse("n") == Direction.N
    assert Direction.parse("North-East") == Direction.NE
    assert Direction.parse("south west") == Direction.SW
    assert Direction.parse(6) == Direction.W
    with pytest.raises(ValueError, match="unknown direction"):
        Direction.parse("up")
    with pytest.raises(ValueError, match="0..7"):
        Direction.parse(9)


@pytest.mark.parametrize("size", SIZES)
def test_rotating_four_times_is_identity(size):
    for cell in _cells(size):
        assert rotate_cell(cell, 4, size) == cell
        assert rotate_cell(rotate_cell(cell, 1, size), -1, rotated_size(size, 1)) == cell
        assert rotate_cell(rotate_cell(cell, 2, size), 2, rotated_size(size, 2)) == cell
    for d in ALL_DIRECTIONS:
        assert rotate_direction(d, 4) == d
        assert rotate_direction(rotate_direction(d, 3), 1) == d


@pytest.mark.parametrize("size", SIZES)
def test_rotated_cells_stay_on_the_rotated_board(size):
    for turns in range(4):
        w, h = rotated_size(size, turns)
        image = {rotate_cell(c, turns, size) for c in _cells(size)}
        assert image == {(x, y) for y in range(h) for x in range(w)}


def test_quarter_turn_is_clockwise():
    # The top-left corner of a 9x9 board goes to the top-right.
    assert rotate_cell((0, 0), 1, 9) == (8, 0)
    assert rotate_cell((8, 0), 1, 9) == (8, 8)
    # A 2x9 start zone standing upright lies down as 9x2.
    assert rotate_cell((1, 0), 1, (2, 9)) == (8, 1)
    assert rotate_direction(Direction.N, 1) == Direction.E
    assert rotate_direction(Direction.NE, -1) == Direction.NW


@pytest.mark.parametrize("size", SIZES)
def test_rotation_of_directions_agrees_with_rotation_of_cells(size):
    cells = set(_cells(size))
    for turns in range(-2, 5):
        for cell in cells:
            for d in ALL_DIRECTIONS:
                nxt = step(cell, d)
                if nxt not in cells:
                    continue
                a = rotate_cell(cell, turns, size)
                b = rotate_cell(nxt, turns, size)
                assert step(a, rotate_direction(d, turns)) == b


def test_neighbours_orthogonal_diagonal_and_edges():
    grid = SquareGrid.rect(9, 9)
    assert set(grid.orthogonal_neighbours((4, 4))) == {(4, 3), (5, 4), (4, 5), (3, 4)}
    assert set(grid.diagonal_neighbours((4, 4))) == {(5, 3), (5, 5), (3, 5), (3, 3)}
    assert len(grid.neighbours((4, 4))) == 8
    assert set(grid.orthogonal_neighbours((0, 0))) == {(1, 0), (0, 1)}
    assert len(grid.neighbours((0, 0))) == 3
    assert grid.step((0, 0), Direction.N) is None
    assert grid.step((0, 0), Direction.SE, 3) == (3, 3)
    for cell in grid.cells:
        for other in grid.neighbours(cell):
            assert cell in grid.neighbours(other)
            assert chebyshev(cell, other) == 1


def test_direction_between_straight_lines_only():
    assert direction_between((2, 2), (2, 0)) == Direction.N
    assert direction_between((2, 2), (5, 5)) == Direction.SE
    assert direction_between((2, 2), (3, 4)) is None
    assert direction_between((2, 2), (2, 2)) is None


def test_ray_runs_to_the_edge():
    grid = SquareGrid.rect(9, 9)
    assert grid.ray((4, 4), Direction.E) == [(5, 4), (6, 4), (7, 4), (8, 4)]
    assert grid.ray((4, 4), Direction.NW, limit=2) == [(3, 3), (2, 2)]
    assert grid.ray((0, 0), Direction.N) == []


def test_orthogonal_range_routes_round_a_wall():
    """Quodd Heroes "Range": counted orthogonally; a wall must be walked round."""
    grid = SquareGrid.rect(9, 9)
    # A wall across column 4 from row 0 to row 6; the gap is at rows 7-8.
    wall = {(4, y) for y in range(7)}
    start = (3, 0)
    reach = grid.orthogonal_range(start, 16, wall)
    assert not wall & set(reach)
    assert reach[start] == 0
    # Straight across is 2 steps without the wall, but the way round is via row 7.
    assert manhattan(start, (5, 0)) == 2
    assert reach[(5, 0)] == 7 + 2 + 7
    assert (5, 0) not in grid.orthogonal_range(start, 15, wall)
    # Without blockers the range is the Manhattan diamond clipped to the board.
    free = grid.orthogonal_range((4, 4), 3)
    assert set(free) == set(grid.within_manhattan((4, 4), 3))
    assert all(d == manhattan((4, 4), c) for c, d in free.items())
    # A callable works as the blocked test too.
    assert grid.orthogonal_range(start, 16, lambda c: c in wall) == reach


def test_walk_ends_never_backtrack():
    """Quodd Heroes "Teleporter": move exactly the roll, orthogonally, never revisiting."""
    grid = SquareGrid.rect(9, 9)
    ends = grid.walk_ends((4, 4), 2)
    assert (4, 4) not in ends  # coming straight back is a revisit
    assert ends == {c for c in grid.cells if manhattan(c, (4, 4)) == 2}
    # Three steps can end one away (round a corner), but never on the start.
    three = grid.walk_ends((4, 4), 3)
    assert (4, 5) in three and (4, 4) not in three
    upto = grid.walk_ends((4, 4), 2, exact=False)
    assert upto == {c for c in grid.cells if 1 <= manhattan(c, (4, 4)) <= 2}
    # In a dead-end corridor there is no walk long enough.
    corridor = SquareGrid([(0, 0), (1, 0), (2, 0)])
    assert corridor.walk_ends((0, 0), 3) == set()
    assert grid.walk_ends((4, 4), 0) == set()


def test_composed_boards_map_cells_and_directions():
    """Two 9x9 sections side by side, the second turned a quarter, and a 2x9 start zone."""
    layout = ComposedBoard(
        [
            Placement("start", 2, 9, (0, 0)),
            Placement("A", 9, 9, (2, 0)),
            Placement("B", 9, 9, (11, 0), quarter_turns=1),
        ]
    )
    assert len(layout.grid) == 2 * 9 + 81 + 81
    assert layout.to_world("A", (0, 0)) == (2, 0)
    assert layout.to_world("B", (0, 0)) == (19, 0)  # top-left turned to the top-right
    assert layout.to_local((19, 0)) == ("B", (0, 0))
    assert layout.board_at((1, 8)) == "start"
    assert layout.to_local((40, 40)) is None
    # A current printed pointing north on B points east in the world.
    assert layout.world_direction("B", Direction.N) == Direction.E
    assert layout.local_direction("B", Direction.E) == Direction.N
    # Every board cell maps to the world and back.
    for name, placement in layout.placements.items():
        for y in range(placement.height):
            for x in range(placement.width):
                assert layout.to_local(layout.to_world(name, (x, y))) == (name, (x, y))
    # Boards join: the last column of A borders the first world column of B.
    assert (11, 4) in layout.grid.orthogonal_neighbours((10, 4))
    assert layout.bounds() == ((0, 0), (19, 8))


def test_composed_board_local_steps_agree_with_world_steps():
    layout = ComposedBoard([Placement("A", 9, 9, (0, 0), 3), Placement("Z", 2, 9, (9, 0), 2)])
    for name, placement in layout.placements.items():
        for y in range(placement.height):
            for x in range(placement.width):
                for d in ALL_DIRECTIONS:
                    nxt = step((x, y), d)
                    if not (0 <= nxt[0] < placement.width and 0 <= nxt[1] < placement.height):
                        continue
                    world = layout.to_world(name, (x, y))
                    assert step(world, layout.world_direction(name, d)) == layout.to_world(
                        name, nxt
                    )


def test_overlapping_boards_are_refused_with_names():
    with pytest.raises(BoardLayoutError, match="'B' overlaps board 'A'"):
        ComposedBoard([Placement("A", 9, 9, (0, 0)), Placement("B", 9, 9, (8, 8))])
    with pytest.raises(BoardLayoutError, match="placed twice"):
        ComposedBoard([Placement("A"), Placement("A", offset=(9, 0))])


def test_turning_one_board_moves_its_cells_and_keeps_the_rest():
    """Quodd Heroes "Rotate Board": the board turns 90 degrees with everything on it."""
    layout = ComposedBoard([Placement("A", 9, 9, (0, 0)), Placement("B", 9, 9, (9, 0))])
    turned, moved = layout.turn_board("B", 1)
    assert turned.placements["B"].quarter_turns == 1
    assert turned.placements["A"] == layout.placements["A"]
    assert set(moved) == set(layout.cells_of("B")) == set(turned.cells_of("B"))
    assert moved[(9, 0)] == (17, 0)
    back, _ = turned.turn_board("B", -1)
    assert back.placements["B"] == layout.placements["B"]
    # Turning the whole composed region uses the same rule on its bounding box.
    (x0, y0), (x1, y1) = layout.bounds()
    size = (x1 - x0 + 1, y1 - y0 + 1)
    assert rotate_cell((0, 0), 1, size) == (8, 0)
    assert rotate_cell((17, 8), 1, size) == (0, 17)
