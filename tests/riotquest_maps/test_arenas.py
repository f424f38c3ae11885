"""The shipped Riot Quest arenas load cleanly and are playable.

Rulebook sections checked: "Arena" (hex spaces), "Spawning" (Spawn Gates numbered by d6, a hero
is placed on a free hex next to its gate), "Treasure Beacons, Treasure Chests & Raiding"
(Beacons numbered 1-6), "Terrain" (open, obstacles, barriers; gates and beacons are barrier
spaces; one open centre hex), "Cool Down" (evacuation on or next to the centre).
"""

from __future__ import annotations

import importlib.util
import sys
from collections import deque
from pathlib import Path

import pytest

from riotsim.core.hexgrid import HexGrid
from riotsim.core.tiled import load_board
from riotsim.paths import maps_dir

ARENAS = ["thunderhead", "scrapyard"]
TERRAINS = {"open", "obstacle", "barrier", "void"}
Cell = tuple[int, int]


def arena_path(arena_id: str) -> Path:
    return maps_dir() / "riotquest" / f"{arena_id}.tmx"


@pytest.fixture(scope="module", params=ARENAS)
def board(request):
    return load_board(arena_path(request.param))


def terrain_of(board) -> dict[Cell, str]:
    (layer,) = board.tile_layers
    out = {}
    for row in range(board.height):
        for col in range(board.width):
            tile = layer.at((col, row))
            assert tile is not None, f"{board.path}: empty cell {(col, row)}"
            out[(col, row)] = tile.properties["terrain"]
    return out


def features(board, kind: str) -> dict[int, Cell]:
    found = {}
    for obj in board.objects:
        if obj.kind == kind:
            number = obj.properties["number"]
            assert isinstance(number, int)
            assert number not in found, f"{kind} {number} twice"
            found[number] = obj.cell
    return found


def grid_of(board) -> HexGrid:
    return HexGrid(
        board.width,
        board.height,
        board.stagger_axis,
        board.stagger_index,
        board.tile_width,
        board.tile_height,
        board.hex_side_length,
    )


def test_map_properties(board):
    assert board.orientation == "hexagonal"
    assert board.properties["game"] == "riotquest"
    assert board.properties["title"]
    assert "name" not in board.properties
    assert [layer for layer in board.object_layers] == ["features"]
    (tileset,) = board.tilesets
    assert tileset.source and tileset.source.endswith(".tsx")
    assert tileset.image and Path(tileset.image).is_file()
    assert tileset.image_width > 0 and tileset.image_height > 0


def test_every_tile_has_terrain_and_art(board):
    for cell, terrain in terrain_of(board).items():
        assert terrain in TERRAINS, f"{cell}: {terrain}"
        tile = board.tile_layers[0].at(cell)
        assert tile.ref is not None and tile.ref.rect is not None


def test_six_numbered_gates_and_beacons_on_open_hexes(board):
    terrain = terrain_of(board)
    for kind in ("spawn_gate", "beacon"):
        table = features(board, kind)
        assert sorted(table) == [1, 2, 3, 4, 5, 6], kind
        for number, cell in table.items():
            assert terrain[cell] == "open", f"{kind} {number} at {cell}"
    centres = [obj.cell for obj in board.objects if obj.kind == "centre"]
    assert len(centres) == 1
    assert terrain[centres[0]] == "open"
    taken = set(features(board, "spawn_gate").values()) | set(features(board, "beacon").values())
    assert centres[0] not in taken
    assert len(taken) == 12


def walkable(board) -> set[Cell]:
    terrain = terrain_of(board)
    blocked = set(features(board, "spawn_gate").values()) | set(features(board, "beacon").values())
    return {c for c, t in terrain.items() if t in ("open", "obstacle") and c not in blocked}


def test_every_walkable_hex_is_reachable(board):
    grid = grid_of(board)
    cells = walkable(board)
    start = next(obj.cell for obj in board.objects if obj.kind == "centre")
    seen = {start}
    todo = deque([start])
    while todo:
        for n in grid.neighbours(todo.popleft()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == cells


def test_gates_have_free_neighbours_and_centre_room_to_evacuate(board):
    grid = grid_of(board)
    cells = walkable(board)
    for number, gate in features(board, "spawn_gate").items():
        free = [n for n in grid.neighbours(gate) if n in cells]
        assert len(free) >= 2, f"gate {number} has only {free}"
    centre = next(obj.cell for obj in board.objects if obj.kind == "centre")
    assert sum(n in cells for n in grid.neighbours(centre)) >= 4


def test_size_close_to_the_real_arena(board):
    terrain = terrain_of(board)
    playable = [c for c, t in terrain.items() if t != "void"]
    assert 120 <= len(playable) <= 200
    obstacles = sum(t == "obstacle" for t in terrain.values())
    barriers = sum(t == "barrier" for t in terrain.values())
    assert obstacles >= 8 and barriers >= 8


def test_gates_sit_near_the_edge_and_beacons_in_the_middle_ring(board):
    grid = grid_of(board)
    centre = next(obj.cell for obj in board.objects if obj.kind == "centre")
    gate_d = [grid.distance(centre, c) for c in features(board, "spawn_gate").values()]
    beacon_d = [grid.distance(centre, c) for c in features(board, "beacon").values()]
    assert min(gate_d) > max(beacon_d)
    assert all(3 <= d <= 5 for d in beacon_d)


def _relative(grid: HexGrid, centre: Cell, cell: Cell) -> tuple[int, int]:
    q0, r0 = grid.to_axial(centre)
    q, r = grid.to_axial(cell)
    return q - q0, r - r0


def _layout(board) -> dict[tuple[int, int], str]:
    """Terrain plus features by axial offset from the centre (for symmetry checks)."""
    grid = grid_of(board)
    centre = next(obj.cell for obj in board.objects if obj.kind == "centre")
    marks = {c: t for c, t in terrain_of(board).items() if t != "void"}
    for cell in features(board, "spawn_gate").values():
        marks[cell] = "gate"
    for cell in features(board, "beacon").values():
        marks[cell] = "beacon"
    return {_relative(grid, centre, c): m for c, m in marks.items()}


def test_arenas_are_fair_by_symmetry():
    """Every seat of a 2-4 player game faces the same arena (half-turn symmetry, and for
    Thunderhead Fortress both mirror images as well)."""
    for arena_id in ARENAS:
        layout = _layout(load_board(arena_path(arena_id)))
        half_turn = {(-q, -r): m for (q, r), m in layout.items()}
        assert half_turn == layout, arena_id
    thunder = _layout(load_board(arena_path("thunderhead")))
    # pointy hexes (stagger axis y): mirror left-right and top-bottom in axial coordinates
    assert {(-q - r, r): m for (q, r), m in thunder.items()} == thunder
    assert {(q + r, -r): m for (q, r), m in thunder.items()} == thunder


def test_both_stagger_axes_are_used():
    axes = {load_board(arena_path(a)).stagger_axis for a in ARENAS}
    assert axes == {"x", "y"}


def test_rules_accept_the_arenas():
    """The rules' own arena model builds from each map without a problem."""
    from riotsim.games.riotquest.arena import Arena, board_problems

    for arena_id in ARENAS:
        path = arena_path(arena_id)
        board = load_board(path)
        assert board_problems(board, str(path)) == []
        arena = Arena.from_board(board, arena_id)
        assert len(arena.gates) == 6 and len(arena.beacons) == 6


def test_generator_reproduces_the_shipped_files(tmp_path):
    """tools/make_riotquest_maps.py is the source of the maps: rerunning it changes nothing."""
    tool = Path(__file__).resolve().parents[2] / "tools" / "make_riotquest_maps.py"
    spec = importlib.util.spec_from_file_location("make_riotquest_maps", tool)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    try:
        spec.loader.exec_module(module)
        assert module.main(["--out", str(tmp_path)]) == 0
    finally:
        sys.modules.pop(spec.name, None)
    shipped = maps_dir() / "riotquest"
    made = sorted(p.name for p in tmp_path.iterdir())
    generated = (".tmx", ".tsx", ".png")
    assert made == sorted(p.name for p in shipped.iterdir() if p.suffix in generated)
    for name in made:
        new, old = tmp_path / name, shipped / name
        if name.endswith(".png"):  # compare pixels: PNG encoders may differ in bytes
            import pygame

            a, b = pygame.image.load(str(new)), pygame.image.load(str(old))
            assert a.get_size() == b.get_size(), name
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), name
        else:
            assert new.read_bytes() == old.read_bytes(), name


def test_check_map_reports_no_problem():
    """What `riotsim check-map maps/riotquest` runs: the loader plus the rules' arena checks."""
    from riotsim.core.checks import check_maps

    assert check_maps([maps_dir() / "riotquest"]) == []
