"""Hex grids in Tiled's four offset layouts: adjacency, distance, ranges, pixels, pushes."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from riotsim.core.hexgrid import (
    AXIAL_DIRECTIONS,
    HexGrid,
    HexGridError,
    axial_to_offset,
    cube_to_offset,
    offset_to_axial,
    offset_to_cube,
)

KINDS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
SIZES = [(1, 1), (2, 3), (5, 4), (7, 9), (10, 6)]
# Tile geometries: Tiled's two example maps, a regular-ish hex, an odd tile size that Tiled
# rounds down, and a side length that does not halve evenly.
GEOMETRIES = [(14, 12, 6), (60, 60, 30), (64, 56, 28), (33, 29, 13)]


def grids():
    for axis, index in KINDS:
        for width, height in SIZES:
            yield HexGrid(width, height, axis, index, 64, 56, 28)


def _bfs(grid: HexGrid, start):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nxt in grid.neighbours(cell):
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                queue.append(nxt)
    return dist


@pytest.mark.parametrize("axis,index", KINDS)
def test_offset_axial_cube_round_trip(axis, index):
    for col in range(-6, 7):
        for row in range(-6, 7):
            axial = offset_to_axial((col, row), axis, index)
            assert axial_to_offset(axial, axis, index) == (col, row)
            cube = offset_to_cube((col, row), axis, index)
            assert sum(cube) == 0
            assert cube_to_offset(cube, axis, index) == (col, row)


def test_offset_conventions_match_tiled():
    """Tiled shifts odd rows right for stagger y/odd: (0,1) touches (0,0) and (1,0)."""
    odd_r = HexGrid(3, 3, "y", "odd")
    assert set(odd_r.neighbours((0, 1))) == {(0, 0), (1, 0), (1, 1), (0, 2), (1, 2)}
    even_r = HexGrid(3, 3, "y", "even")
    # Even rows shifted right: (1,1) on an odd row touches (0,0) and (1,0) above it.
    assert set(even_r.neighbours((1, 1))) == {(0, 0), (1, 0), (0, 1), (2, 1), (0, 2), (1, 2)}
    odd_q = HexGrid(3, 3, "x", "odd")
    # Odd columns shifted down: (1,0) touches (0,0) and (0,1) on its left.
    assert set(odd_q.neighbours((1, 0))) == {(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)}
    even_q = HexGrid(3, 3, "x", "even")
    assert set(even_q.neighbours((1, 1))) == {(0, 0), (0, 1), (1, 0), (1, 2), (2, 0), (2, 1)}


def test_neighbours_symmetric_in_bounds_and_at_most_six():
    for grid in grids():
        for cell in grid.cells:
            nbrs = grid.neighbours(cell)
            assert len(nbrs) == len(set(nbrs)) <= 6
            for other in nbrs:
                assert grid.in_bounds(other)
                assert cell in grid.neighbours(other)
                assert grid.distance(cell, other) == 1
                d = grid.direction_between(cell, other)
                assert grid.step(cell, d) == other
                assert grid.step(other, (d + 3) % 6) == cell


def test_distance_matches_breadth_first_search():
    for grid in grids():
        for start in grid.cells:
            bfs = _bfs(grid, start)
            assert len(bfs) == len(grid.cells)
            for cell, d in bfs.items():
                assert grid.distance(start, cell) == d, (grid, start, cell)


def test_within_is_the_distance_ball():
    for grid in grids():
        for start in grid.cells[:: max(1, len(grid.cells) // 7)]:
            for radius in range(0, 5):
                expect = {c for c in grid.cells if grid.distance(start, c) <= radius}
                got = grid.within(start, radius)
                assert len(got) == len(set(got))
                assert set(got) == expect


@pytest.mark.parametrize("axis,index", KINDS)
def test_ring_sizes_are_six_r_away_from_edges(axis, index):
    grid = HexGrid(15, 15, axis, index)
    centre = (7, 7)
    assert grid.ring(centre, 0) == [centre]
    for radius in range(1, 7):
        ring = grid.ring(centre, radius)
        assert len(ring) == len(set(ring)) == 6 * radius
        assert all(grid.distance(centre, c) == radius for c in ring)
    # Near the edge a ring is clipped to the map.
    corner_ring = grid.ring((0, 0), 2)
    assert set(corner_ring) == {c for c in grid.cells if grid.distance((0, 0), c) == 2}


@pytest.mark.parametrize("axis,index", KINDS)
@pytest.mark.parametrize("geometry", GEOMETRIES)
def test_pixel_round_trip_every_cell(axis, index, geometry):
    grid = HexGrid(9, 8, axis, index, *geometry)
    for cell in grid.cells:
        x, y = grid.cell_to_pixel(cell)
        assert grid.pixel_to_cell(x, y) == cell


@pytest.mark.parametrize("axis,index", KINDS)
@pytest.mark.parametrize("geometry", GEOMETRIES)
def test_neighbours_share_an_edge_on_screen(axis, index, geometry):
    """The offset neighbour rule and the pixel layout describe the same adjacency."""
    grid = HexGrid(6, 6, axis, index, *geometry)
    for cell in grid.cells:
        corners = set(grid.hex_polygon(cell))
        for other in grid.cells:
            if other == cell:
                continue
            shared = corners & set(grid.hex_polygon(other))
            if other in grid.neighbours(cell):
                # Edges coincide exactly when the rounded side offsets tile (even leftover).
                along = grid.tile_height if axis == "y" else grid.tile_width
                if (along - grid.hex_side_length) % 2 == 0:
                    assert len(shared) == 2, (cell, other)
            else:
                assert len(shared) == 0, (cell, other)


def _toward(point, centre, amount):
    dx, dy = centre[0] - point[0], centre[1] - point[1]
    length = (dx * dx + dy * dy) ** 0.5
    return point[0] + dx / length * amount, point[1] + dy / length * amount


@pytest.mark.parametrize("axis,index", KINDS)
@pytest.mark.parametrize("geometry", [(14, 12, 6), (60, 60, 30), (64, 56, 28)])
def test_pixel_to_cell_exact_on_borders(axis, index, geometry):
    """Just inside every corner and edge midpoint is the cell; just outside is the neighbour."""
    grid = HexGrid(7, 6, axis, index, *geometry)
    for cell in grid.cells:
        centre = grid.cell_to_pixel(cell)
        poly = grid.hex_polygon(cell)
        for i, corner in enumerate(poly):
            nxt = poly[(i + 1) % len(poly)]
            mid = ((corner[0] + nxt[0]) / 2, (corner[1] + nxt[1]) / 2)
            assert grid.pixel_to_cell(*_toward(corner, centre, 1.0)) == cell
            assert grid.pixel_to_cell(*_toward(mid, centre, 0.5)) == cell
            outside = _toward(mid, centre, -0.5)
            across = grid.pixel_to_cell(*outside)
            assert across != cell
            if across is not None:
                assert across in grid.neighbours(cell)


def test_pixel_outside_the_map_is_none():
    grid = HexGrid(5, 5, "y", "odd", 64, 56, 28)
    assert grid.pixel_to_cell(-5, -5) is None
    w, h = grid.map_pixel_size()
    assert grid.pixel_to_cell(w + 3, h + 3) is None
    # The left half-hex gap on a shifted row is outside the map too.
    x, y = grid.cell_to_pixel((0, 1))
    assert grid.pixel_to_cell(x - 33, y) is None


def test_tiled_pixel_layout_known_values():
    """Positions computed by hand from Tiled's hexagonal renderer formulas."""
    # hexagonal-mini.tmx: 14x12 tiles, side 6, stagger y odd -> row pitch 9, shift 7.
    mini = HexGrid.from_tiled(
        {
            "orientation": "hexagonal",
            "width": "20",
            "height": "20",
            "tilewidth": "14",
            "tileheight": "12",
            "hexsidelength": "6",
            "staggeraxis": "y",
            "staggerindex": "odd",
        }
    )
    assert mini.cell_to_pixel((0, 0)) == (7, 6)
    assert mini.cell_to_pixel((0, 1)) == (14, 15)
    assert mini.cell_to_pixel((3, 2)) == (49, 24)
    assert mini.map_pixel_size() == (20 * 14 + 7, 20 * 9 + 3)
    # test_hexagonal_tile_60x60x30.tmx: stagger x odd -> column pitch 45, shift 30.
    big = HexGrid.from_tiled(
        {
            "width": 20,
            "height": 20,
            "tilewidth": 60,
            "tileheight": 60,
            "hexsidelength": 30,
            "staggeraxis": "x",
            "staggerindex": "odd",
        }
    )
    assert big.cell_to_pixel((0, 0)) == (30, 30)
    assert big.cell_to_pixel((1, 0)) == (75, 60)
    assert big.cell_to_pixel((2, 3)) == (120, 210)
    # Odd tile sizes are rounded down to even, as Tiled does.
    odd = HexGrid(3, 3, "y", "even", 15, 13, 6)
    assert (odd.tile_width, odd.tile_height) == (14, 12)
    assert odd.cell_to_pixel((0, 0)) == (14, 6)


def test_from_tiled_rejects_bad_maps_with_reasons():
    base = {"width": 4, "height": 4, "tilewidth": 32, "tileheight": 32, "hexsidelength": 16}
    with pytest.raises(HexGridError, match="orientation"):
        HexGrid.from_tiled({**base, "orientation": "orthogonal"})
    with pytest.raises(HexGridError, match="stagger axis"):
        HexGrid.from_tiled({**base, "staggeraxis": "z"})
    with pytest.raises(HexGridError, match="hexsidelength"):
        HexGrid.from_tiled({k: v for k, v in base.items() if k != "hexsidelength"})
    with pytest.raises(HexGridError, match="whole number"):
        HexGrid.from_tiled({**base, "width": "lots"})
    with pytest.raises(HexGridError, match="side length"):
        HexGrid.from_tiled({**base, "hexsidelength": 40})
    with pytest.raises(HexGridError, match="1x1"):
        HexGrid(0, 3)


@pytest.mark.parametrize("axis,index", KINDS)
def test_push_directly_away_along_a_line_is_unique(axis, index):
    grid = HexGrid(15, 15, axis, index)
    source = (7, 7)
    for d in range(6):
        target = grid.step(grid.step(source, d), d)
        assert grid.away_directions(source, target) == [d]
        assert grid.away_from(source, target) == [grid.step(target, d)]
        assert grid.toward_directions(source, target) == [(d + 3) % 6]


def test_push_between_two_lines_is_a_tie_with_both_candidates():
    grid = HexGrid(15, 15, "y", "odd")
    source = (7, 7)
    q, r = grid.to_axial(source)
    target = grid.from_axial((q + 1, r + 1))  # exactly between directions 0 and 5
    assert grid.away_directions(source, target) == [0, 5]
    assert len(grid.away_from(source, target)) == 2
    # Off the line but not on a tie: the straighter step wins.
    target = grid.from_axial((q + 2, r + 1))
    assert grid.away_directions(source, target) == [0]
    assert grid.away_directions(source, source) == []


def test_push_at_map_edge_stops():
    """Riot Quest "Movement": a model pushed past the map edge stops at the edge."""
    grid = HexGrid(5, 5, "y", "odd")
    # Source right of target on the top row: away is west, off the map from column 0.
    assert grid.away_directions((1, 0), (0, 0)) == [3]
    assert grid.away_from((1, 0), (0, 0)) == []


def test_repeated_pushes_follow_the_straight_line():
    grid = HexGrid(15, 15, "x", "even")
    source = (3, 7)
    target = grid.step(source, 1)
    for _ in range(4):
        (target,) = grid.away_from(source, target)
    assert target == grid.from_axial(
        tuple(a + 5 * d for a, d in zip(grid.to_axial(source), AXIAL_DIRECTIONS[1], strict=True))
    )


@pytest.mark.parametrize("axis,index", KINDS)
def test_line_steps_through_adjacent_cells(axis, index):
    grid = HexGrid(9, 9, axis, index)
    for a in grid.cells[::5]:
        for b in grid.cells[::7]:
            path = grid.line(a, b)
            assert path[0] == a and path[-1] == b
            assert len(path) == grid.distance(a, b) + 1
            for x, y in zip(path, path[1:], strict=False):
                assert grid.distance(x, y) == 1


def test_from_tiled_accepts_riotsim_board_attribute_names():
    """riotsim.core.tiled.Board spells the map attributes in snake_case."""
    from types import SimpleNamespace

    board = SimpleNamespace(
        orientation="hexagonal",
        width=15,
        height=13,
        tile_width=56,
        tile_height=64,
        hex_side_length=32,
        stagger_axis="y",
        stagger_index="odd",
    )
    grid = HexGrid.from_tiled(board)
    assert (grid.width, grid.height, grid.hex_side_length) == (15, 13, 32)
    # A spawn gate drawn as a point at (224, 80) in Thunderhead Fortress sits on hex (3, 1).
    assert grid.pixel_to_cell(224, 80) == (3, 1)
    assert grid.cell_to_pixel((3, 1)) == (224, 80)


def test_tile_images_are_anchored_bottom_left_like_tiled():
    """hexagonal-mini.tmx draws 18x18 images on 14x12 hexes with a tile offset of (0, 1)."""
    grid = HexGrid(20, 20, "y", "odd", 14, 12, 6)
    assert grid.tile_image_origin((0, 0), 12) == grid.cell_origin((0, 0))
    assert grid.tile_image_origin((0, 1), 18, (0, 1)) == (7, 9 + 12 - 18 + 1)


# -- brute force on Tiled-shaped grids ------------------------------------------------------------

REPO = Path(__file__).resolve().parents[2]
TILED_EXAMPLES = REPO / "tests" / "fixtures" / "tiled-examples"


def _tiled_centre(attrs: dict, cell) -> tuple[float, float]:
    """Tiled's HexagonalRenderer::tileToScreenCoords plus half a tile, written out again here
    (independently of riotsim.core.hexgrid): the centre of ``cell`` in map pixels."""
    x, y = cell
    stagger_x = attrs["staggeraxis"] == "x"
    stagger_even = attrs["staggerindex"] == "even"
    tile_w, tile_h = int(attrs["tilewidth"]) & ~1, int(attrs["tileheight"]) & ~1
    side = int(attrs["hexsidelength"])
    side_x, side_y = (side, 0) if stagger_x else (0, side)
    column_width = (tile_w - side_x) // 2 + side_x
    row_height = (tile_h - side_y) // 2 + side_y
    if stagger_x:
        px, py = x * column_width, y * (tile_h + side_y)
        if (x & 1) ^ stagger_even:
            py += row_height
    else:
        px, py = x * (tile_w + side_x), y * row_height
        if (y & 1) ^ stagger_even:
            px += column_width
    return px + tile_w / 2, py + tile_h / 2


def _map_attributes(path: Path) -> dict:
    import defusedxml.ElementTree as SafeET

    return dict(SafeET.parse(path).getroot().attrib)


def _tiled_shaped_grids() -> list[tuple[str, dict]]:
    """The <map> attributes of every hexagonal map we have (shipped arenas, Tiled's examples),
    each with both stagger indices: both stagger axes and both indices are covered."""
    examples = sorted(TILED_EXAMPLES.glob("*.tmx"))
    # both of Tiled's hexagonal examples must be there: a missing folder fails, never skips
    names = {path.name for path in examples}
    assert {"hexagonal-mini.tmx", "test_hexagonal_tile_60x60x30.tmx"} <= names, TILED_EXAMPLES
    files = sorted((REPO / "maps").rglob("*.tmx")) + examples
    out = []
    for path in files:
        attrs = _map_attributes(path)
        if attrs.get("orientation") != "hexagonal":
            continue
        for index in ("odd", "even"):
            out.append(
                (f"{path.name}/{attrs['staggeraxis']}-{index}", {**attrs, "staggerindex": index})
            )
    return out


def _brute_force_adjacency(attrs: dict, cells) -> dict:
    """Neighbours from the picture alone: the six nearest centres of an inner cell fix the
    neighbour distance; any two cells at most that far apart touch."""
    import math

    centres = {cell: _tiled_centre(attrs, cell) for cell in cells}
    inner = (int(attrs["width"]) // 2, int(attrs["height"]) // 2)
    dists = sorted(math.dist(centres[inner], centres[c]) for c in cells if c != inner)
    reach = dists[5] + 0.5
    assert dists[6] > reach, "the six nearest hexes must stand apart from the rest"
    return {
        a: [b for b in cells if b != a and math.dist(centres[a], centres[b]) <= reach]
        for a in cells
    }


def test_brute_force_covers_both_stagger_axes_and_indices():
    kinds = {name.split("/")[1] for name, _ in _tiled_shaped_grids()}
    assert kinds == {"x-odd", "x-even", "y-odd", "y-even"}, kinds


@pytest.mark.parametrize(
    "name, attrs", _tiled_shaped_grids(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_distance_matches_brute_force_on_tiled_shaped_grids(name, attrs):
    """Issue 2, "Rules core": on the grids of real Tiled hexagonal maps (both stagger axes and
    both indices), cell centres agree with Tiled's renderer formulas and distance() equals a
    breadth-first search over neighbours found from the picture alone."""
    grid = HexGrid.from_tiled(attrs)
    cells = list(grid.cells)
    for cell in cells:
        assert grid.cell_to_pixel(cell) == pytest.approx(_tiled_centre(attrs, cell)), cell
    adjacency = _brute_force_adjacency(attrs, cells)
    for cell in cells:
        assert set(grid.neighbours(cell)) == set(adjacency[cell]), cell
    step = max(1, len(cells) // 60)  # 60 start cells are plenty on the 20x20 examples
    for start in cells[::step]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in adjacency[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        assert len(dist) == len(cells)
        for cell, d in dist.items():
            assert grid.distance(start, cell) == d, (start, cell)
