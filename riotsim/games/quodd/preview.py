"""A scenario as one plain Tiled board, for the setup screen's picture.

A scenario places several 9x9 boards and start zones at world squares, some of them turned,
and adds its own tokens on top. :func:`scenario_board` composes the boards' Tiled maps the
same way the rules compose their layouts (``riotsim.games.quodd.board.Board.compose``, cells
turned with ``riotsim.core.squaregrid.rotate_cell``): every tile layer's tiles land on their
world cells with Tiled flip flags that turn their pictures with the board, every object is
moved and turned into place (a current's ``direction`` turns too), and the scenario's tokens
become objects of a ``scenario`` layer. The result is a :class:`riotsim.core.tiled.Board` any
board renderer can draw.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import product

from riotsim.core.squaregrid import Placement
from riotsim.core.tiled import Board, MapObject, Tile, TileLayer, TileRef, Tileset
from riotsim.games.quodd import catalog
from riotsim.games.quodd.directions import ALL, rotate
from riotsim.i18n import _
from riotsim.paths import data_dir

Matrix = tuple[int, int, int, int]  # (a, b, c, d): (u, v) -> (a*u + b*v, c*u + d*v)

_IDENTITY: Matrix = (1, 0, 0, 1)
_DIAGONAL: Matrix = (0, 1, 1, 0)  # Tiled's diagonal flip swaps x and y
_FLIP_H: Matrix = (-1, 0, 0, 1)
_FLIP_V: Matrix = (1, 0, 0, -1)
_QUARTER_CW: Matrix = (0, -1, 1, 0)  # y grows downwards: the top edge turns to the right


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """``m`` after ``n``."""
    a, b, c, d = m
    e, f, g, h = n
    return (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)


def _flips_matrix(d: bool, h: bool, v: bool) -> Matrix:
    # Tiled flips diagonally first, then horizontally, then vertically.
    out = _DIAGONAL if d else _IDENTITY
    if h:
        out = _mul(_FLIP_H, out)
    if v:
        out = _mul(_FLIP_V, out)
    return out


_FLAGS_OF: dict[Matrix, tuple[bool, bool, bool]] = {
    _flips_matrix(d, h, v): (d, h, v) for d, h, v in product((False, True), repeat=3)
}


def turned_flips(d: bool, h: bool, v: bool, quarter_turns: int) -> tuple[bool, bool, bool]:
    """Tiled's (diagonal, horizontal, vertical) flip flags of a tile picture that was drawn
    with flags ``d, h, v`` and is then turned ``quarter_turns`` clockwise."""
    out = _flips_matrix(d, h, v)
    for _turn in range(quarter_turns & 3):
        out = _mul(_QUARTER_CW, out)
    return _FLAGS_OF[out]


def _turn_ref(ref: TileRef | None, quarter_turns: int) -> TileRef | None:
    if ref is None or not quarter_turns & 3:
        return ref
    d, h, v = turned_flips(ref.flipped_d, ref.flipped_h, ref.flipped_v, quarter_turns)
    return replace(ref, flipped_d=d, flipped_h=h, flipped_v=v)


class _PixelTurn:
    """Map pixels of one placed board -> world pixels (turned clockwise, then offset)."""

    def __init__(self, placement: Placement, tile_w: int, tile_h: int):
        self.turns = placement.quarter_turns & 3
        self.size = (placement.width * tile_w, placement.height * tile_h)
        self.offset = (placement.offset[0] * tile_w, placement.offset[1] * tile_h)

    def __call__(self, point: tuple[float, float]) -> tuple[float, float]:
        x, y = point
        w, h = self.size
        for _turn in range(self.turns):
            x, y = h - y, x  # one clockwise quarter turn of a w x h picture
            w, h = h, w
        return x + self.offset[0], y + self.offset[1]


def _turn_object(
    obj: MapObject, turn: _PixelTurn, new_id: int, board: Board, world: tuple[int, int]
) -> MapObject:
    turns = turn.turns
    centre = turn(obj.centre)
    cell = (int(centre[0] // board.tile_width), int(centre[1] // board.tile_height))
    inside = 0 <= cell[0] < world[0] and 0 <= cell[1] < world[1]
    props = dict(obj.properties)
    direction = props.get("direction")
    if turns and direction in ALL:
        props["direction"] = rotate(str(direction), turns)
    moved = replace(
        obj,
        id=new_id,
        points=tuple(turn(p) for p in obj.points),
        centre=centre,
        cell=cell if inside else None,
        properties=props,
        tile=_turn_ref(obj.tile, turns),
    )
    if turns and obj.shape in ("rect", "ellipse") and not obj.rotation:
        # an upright box stays an upright box: its corners' bounding box
        corners = [turn(c) for c in ((obj.x, obj.y), (obj.x + obj.width, obj.y + obj.height))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return replace(
            moved, x=min(xs), y=min(ys), width=max(xs) - min(xs), height=max(ys) - min(ys)
        )
    # anything else turns about its anchor, as Tiled turns objects
    x, y = turn((obj.x, obj.y))
    return replace(moved, x=x, y=y, rotation=(obj.rotation + 90 * turns) % 360)


def compose(placements: list[tuple[Board, Placement]], path: str, title: str) -> Board:
    """One board holding every placed board's layers and objects at their world cells."""
    first = placements[0][0]
    tw, th = first.tile_width, first.tile_height
    width = max(p.offset[0] + p.world_size[0] for _, p in placements)
    height = max(p.offset[1] + p.world_size[1] for _, p in placements)
    names: list[str] = []
    layer_props: dict[str, dict] = {}
    grids: dict[str, list[list[Tile | None]]] = {}
    objects: list[MapObject] = []
    object_layers: list[str] = []
    tilesets: dict[str, Tileset] = {}
    shell = replace(first, width=width, height=height)
    floors: set[tuple[int, int]] = set()
    for board, placement in placements:
        if (board.tile_width, board.tile_height) != (tw, th):
            raise ValueError(
                _(
                    "{path}: tiles are {w}x{h} pixels, but {first} has {tw}x{th}; boards of "
                    "one scenario must match"
                ).format(
                    path=board.path,
                    w=board.tile_width,
                    h=board.tile_height,
                    first=first.path,
                    tw=tw,
                    th=th,
                )
            )
        for tileset in board.tilesets:
            tilesets.setdefault(tileset.source or tileset.name, tileset)
        turns = placement.quarter_turns & 3
        for layer in board.tile_layers:
            if layer.name not in grids:
                names.append(layer.name)
                layer_props[layer.name] = dict(layer.properties)
                grids[layer.name] = [[None] * width for _ in range(height)]
            grid = grids[layer.name]
            for (x, y), tile in layer.cells():
                wx, wy = placement.to_world((x, y))
                ref = _turn_ref(tile.ref, turns)
                grid[wy][wx] = tile if ref is tile.ref else replace(tile, ref=ref)
        turn = _PixelTurn(placement, tw, th)
        floors |= {placement.to_world(c) for c in _platform_cells(board)}
        for obj in board.objects:
            if obj.kind in ("platform", "pivot"):
                continue  # a platform shows as the floor it lays over the pits
            objects.append(_turn_object(obj, turn, len(objects) + 1, shell, (width, height)))
        object_layers += [n for n in board.object_layers if n not in object_layers]
    _floor_platforms(grids, floors)
    layers = tuple(
        TileLayer(name, layer_props[name], tuple(tuple(row) for row in grids[name]))
        for name in names
    )
    return replace(
        first,
        path=path,
        width=width,
        height=height,
        properties={**first.properties, "title": title},
        tile_layers=layers,
        objects=tuple(objects),
        object_layers=tuple(object_layers),
        tilesets=tuple(tilesets.values()),
        image_layers=(),
    )


def _platform_cells(board: Board) -> list[tuple[int, int]]:
    """The squares of a map's moving platforms (rectangle objects, spec 11.5)."""
    out = []
    tw, th = board.tile_width, board.tile_height
    for obj in board.objects:
        if obj.kind == "platform" and obj.shape == "rect":
            x0, y0 = int(obj.x // tw), int(obj.y // th)
            for y in range(y0, y0 + int(obj.height // th)):
                out += [(x, y) for x in range(x0, x0 + int(obj.width // tw))]
    return out


def _floor_platforms(
    grids: dict[str, list[list[Tile | None]]], floors: set[tuple[int, int]]
) -> None:
    """Platform squares show a floor tile (the platform's own ground), as the rules have it."""
    floor = next(
        (t for g in grids.values() for row in g for t in row if t and t.get("ground") == "floor"),
        None,
    )
    if floor is None or not floors:
        return
    for grid in grids.values():
        for x, y in floors:
            tile = grid[y][x] if 0 <= y < len(grid) and 0 <= x < len(grid[y]) else None
            if tile is not None and tile.get("ground") is not None:
                grid[y][x] = floor


def _token_object(token: catalog.TokenSpec, new_id: int, tw: int, th: int) -> MapObject:
    x, y = token.at
    props: dict[str, str | int | float | bool] = {
        key: value
        for key, value in (
            ("number", token.number),
            ("colour", token.colour),
            ("hidden", token.hidden),
            ("direction", token.direction),
        )
        if value is not None
    }
    name = token.kind + (f" {token.number}" if token.number is not None else "")
    return MapObject(
        id=new_id,
        kind=token.kind,
        name=name,
        shape="rect",
        x=float(x * tw),
        y=float(y * th),
        width=float(tw),
        height=float(th),
        rotation=0.0,
        points=(),
        centre=(x * tw + tw / 2, y * th + th / 2),
        cell=(x, y),
        properties=props,
        layer="scenario",
    )


@cache
def scenario_board(scenario_id: str) -> Board:
    """The composed Tiled board of a shipped scenario (raises KeyError for an unknown id)."""
    from riotsim.core.tiled import load_board
    from riotsim.games.quodd import maps

    spec = catalog.scenarios()[scenario_id]
    placements = []
    for placed in spec.boards:
        board = load_board(maps.map_path(placed.board))
        placements.append(
            (
                board,
                Placement(
                    placed.board,
                    board.width,
                    board.height,
                    (placed.x, placed.y),
                    placed.rotation // 90,
                ),
            )
        )
    path = f"{data_dir() / 'quodd' / 'scenarios.yaml'}#{scenario_id}"
    composed = compose(placements, path, spec.name)
    if not spec.tokens:
        return composed
    tw, th = composed.tile_width, composed.tile_height
    extra = [
        _token_object(t, len(composed.objects) + i + 1, tw, th) for i, t in enumerate(spec.tokens)
    ]
    return replace(
        composed,
        objects=composed.objects + tuple(extra),
        object_layers=(*composed.object_layers, "scenario"),
    )
