"""Hex grids laid out exactly like Tiled's hexagonal maps.

Cells are Tiled's offset coordinates ``(col, row)``. Tiled's two map attributes pick one of
four offset layouts:

* ``staggeraxis="y"`` (pointy-top hexes, rows shifted): ``staggerindex="odd"`` shifts odd rows
  half a hex to the right ("odd-r"), ``"even"`` shifts even rows ("even-r").
* ``staggeraxis="x"`` (flat-top hexes, columns shifted): ``"odd"`` shifts odd columns half a hex
  down ("odd-q"), ``"even"`` shifts even columns ("even-q").

Internally every cell also has axial coordinates ``(q, r)`` (cube ``s = -q - r``), in which
distances, rings and lines are simple arithmetic. Neighbour tables and axial coordinates are
computed once per grid, so the hot calls (:meth:`HexGrid.neighbours`, :meth:`HexGrid.distance`)
are a dictionary lookup plus a few integer operations.

Directions are numbered 0..5 in axial order ``(+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1)``;
``(d + 3) % 6`` is the opposite direction. Their compass names depend on the axis, see
:data:`DIRECTION_NAMES`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from riotsim.i18n import _

Cell = tuple[int, int]
Axial = tuple[int, int]
Cube = tuple[int, int, int]

AXIAL_DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# Screen directions (y grows downwards, as in Tiled) of the axial directions above.
DIRECTION_NAMES: dict[str, tuple[str, ...]] = {
    "y": ("E", "NE", "NW", "W", "SW", "SE"),
    "x": ("SE", "NE", "N", "NW", "SW", "S"),
}


class HexGridError(ValueError):
    """A hex grid that cannot exist (bad size, stagger setting or tile geometry)."""


# ---------------------------------------------------------------------------------------------
# Coordinate conversions (module level so they work without a grid, e.g. for loaders)


def _check_stagger(stagger_axis: str, stagger_index: str) -> None:
    if stagger_axis not in ("x", "y"):
        raise HexGridError(
            _("stagger axis must be 'x' or 'y', not {stagger_axis!r}").format(
                stagger_axis=stagger_axis
            )
        )
    if stagger_index not in ("odd", "even"):
        raise HexGridError(
            _("stagger index must be 'odd' or 'even', not {stagger_index!r}").format(
                stagger_index=stagger_index
            )
        )


def offset_to_axial(cell: Cell, stagger_axis: str, stagger_index: str) -> Axial:
    """Tiled offset ``(col, row)`` to axial ``(q, r)``."""
    col, row = cell
    if stagger_axis == "y":
        shift = (row + (row & 1)) >> 1 if stagger_index == "even" else (row - (row & 1)) >> 1
        return col - shift, row
    shift = (col + (col & 1)) >> 1 if stagger_index == "even" else (col - (col & 1)) >> 1
    return col, row - shift


def axial_to_offset(axial: Axial, stagger_axis: str, stagger_index: str) -> Cell:
    """Axial ``(q, r)`` to Tiled offset ``(col, row)``."""
    q, r = axial
    if stagger_axis == "y":
        shift = (r + (r & 1)) >> 1 if stagger_index == "even" else (r - (r & 1)) >> 1
        return q + shift, r
    shift = (q + (q & 1)) >> 1 if stagger_index == "even" else (q - (q & 1)) >> 1
    return q, r + shift


def offset_to_cube(cell: Cell, stagger_axis: str, stagger_index: str) -> Cube:
    q, r = offset_to_axial(cell, stagger_axis, stagger_index)
    return q, r, -q - r


def cube_to_offset(cube: Cube, stagger_axis: str, stagger_index: str) -> Cell:
    q, r, s = cube
    if q + r + s != 0:
        raise HexGridError(_("cube coordinates {cube} do not sum to zero").format(cube=cube))
    return axial_to_offset((q, r), stagger_axis, stagger_index)


def axial_distance(a: Axial, b: Axial) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def _axial_norm2(dq: int, dr: int) -> int:
    """Squared Euclidean length of an axial vector, in units where neighbours are 1 apart.

    The same for pointy- and flat-top layouts (they are rotations of one lattice), and an
    integer, so ties between "straight away" candidates are exact.
    """
    return dq * dq + dq * dr + dr * dr


# Tiled's XML attribute names and the snake_case names riotsim's own Board uses.
_SNAKE = {
    "tilewidth": "tile_width",
    "tileheight": "tile_height",
    "hexsidelength": "hex_side_length",
    "staggeraxis": "stagger_axis",
    "staggerindex": "stagger_index",
}


def _attr(source: Any, key: str) -> Any:
    for name in (key, _SNAKE.get(key)):
        if name is None:
            continue
        value = source.get(name) if isinstance(source, Mapping) else getattr(source, name, None)
        if value is not None:
            return value
    return None


# ---------------------------------------------------------------------------------------------


class HexGrid:
    """A rectangular Tiled hex map of ``width`` x ``height`` cells.

    Pixel geometry follows Tiled's hexagonal renderer: tile sizes are rounded down to even
    numbers, ``side_offset = (tile - side_length) // 2`` on the stagger axis, and the row (or
    column) pitch is ``side_offset + side_length``.
    """

    __slots__ = (
        "width",
        "height",
        "stagger_axis",
        "stagger_index",
        "tile_width",
        "tile_height",
        "hex_side_length",
        "cells",
        "neighbour_table",
        "_axial",
        "_from_axial",
        "_dir_table",
        "_side_x",
        "_side_y",
        "_side_offset_x",
        "_side_offset_y",
        "_column_width",
        "_row_height",
        "_stagger_even",
    )

    def __init__(
        self,
        width: int,
        height: int,
        stagger_axis: str = "y",
        stagger_index: str = "odd",
        tile_width: int = 64,
        tile_height: int = 64,
        hex_side_length: int = 32,
    ):
        _check_stagger(stagger_axis, stagger_index)
        if not (isinstance(width, int) and isinstance(height, int)) or width < 1 or height < 1:
            raise HexGridError(
                _("a hex map needs at least 1x1 cells, not {width}x{height}").format(
                    width=width, height=height
                )
            )
        tw = int(tile_width) & ~1
        th = int(tile_height) & ~1
        if tw < 2 or th < 2:
            raise HexGridError(
                _("tile size {tile_width}x{tile_height} is too small for hexes").format(
                    tile_width=tile_width, tile_height=tile_height
                )
            )
        along = th if stagger_axis == "y" else tw
        if not 0 <= hex_side_length <= along:
            raise HexGridError(
                (
                    _("hex side length {side} must be between 0 and the tile height ({along})")
                    if stagger_axis == "y"
                    else _("hex side length {side} must be between 0 and the tile width ({along})")
                ).format(side=hex_side_length, along=along)
            )
        self.width = width
        self.height = height
        self.stagger_axis = stagger_axis
        self.stagger_index = stagger_index
        self.tile_width = tw
        self.tile_height = th
        self.hex_side_length = int(hex_side_length)
        self._stagger_even = stagger_index == "even"
        self._side_x = self.hex_side_length if stagger_axis == "x" else 0
        self._side_y = self.hex_side_length if stagger_axis == "y" else 0
        self._side_offset_x = (tw - self._side_x) // 2
        self._side_offset_y = (th - self._side_y) // 2
        self._column_width = self._side_offset_x + self._side_x
        self._row_height = self._side_offset_y + self._side_y

        self.cells: tuple[Cell, ...] = tuple((c, r) for r in range(height) for c in range(width))
        self._axial: dict[Cell, Axial] = {
            cell: offset_to_axial(cell, stagger_axis, stagger_index) for cell in self.cells
        }
        self._from_axial: dict[Axial, Cell] = {a: c for c, a in self._axial.items()}
        from_axial = self._from_axial
        dir_table: dict[Cell, tuple[Cell | None, ...]] = {}
        nbrs: dict[Cell, tuple[Cell, ...]] = {}
        for cell, (q, r) in self._axial.items():
            row = tuple(from_axial.get((q + dq, r + dr)) for dq, dr in AXIAL_DIRECTIONS)
            dir_table[cell] = row
            nbrs[cell] = tuple(c for c in row if c is not None)
        self._dir_table = dir_table
        # Public for hot loops: ``grid.neighbour_table[cell]`` is the in-bounds neighbours.
        self.neighbour_table: dict[Cell, tuple[Cell, ...]] = nbrs

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def from_tiled(cls, source: Any) -> HexGrid:
        """Build from a Tiled map's attributes.

        ``source`` is a mapping of the ``<map>`` element's attributes (strings are fine:
        ``{"width": "20", "staggeraxis": "y", ...}``) or an object with those attribute names
        (a pytmx ``TiledMap``); the snake_case names of :class:`riotsim.core.tiled.Board`
        (``tile_width``, ``hex_side_length``, ``stagger_axis`` ...) work too.
        """
        orientation = _attr(source, "orientation")
        if orientation is not None and orientation != "hexagonal":
            raise HexGridError(
                _("map orientation is {orientation!r}, not 'hexagonal'").format(
                    orientation=orientation
                )
            )
        values: dict[str, int] = {}
        for key in ("width", "height", "tilewidth", "tileheight", "hexsidelength"):
            raw = _attr(source, key)
            if raw is None:
                raise HexGridError(_("hexagonal map has no {key!r} attribute").format(key=key))
            try:
                values[key] = int(raw)
            except (TypeError, ValueError):
                raise HexGridError(
                    _("map attribute {key}={raw!r} is not a whole number").format(key=key, raw=raw)
                ) from None
        axis = _attr(source, "staggeraxis") or "y"
        index = _attr(source, "staggerindex") or "odd"
        return cls(
            values["width"],
            values["height"],
            str(axis),
            str(index),
            values["tilewidth"],
            values["tileheight"],
            values["hexsidelength"],
        )

    def __repr__(self) -> str:
        return (
            f"HexGrid({self.width}x{self.height}, stagger {self.stagger_axis}/"
            f"{self.stagger_index}, tile {self.tile_width}x{self.tile_height}, "
            f"side {self.hex_side_length})"
        )

    # -- coordinates ------------------------------------------------------------------------

    def in_bounds(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def to_axial(self, cell: Cell) -> Axial:
        axial = self._axial.get(cell)
        if axial is None:
            return offset_to_axial(cell, self.stagger_axis, self.stagger_index)
        return axial

    def from_axial(self, axial: Axial) -> Cell:
        cell = self._from_axial.get(axial)
        if cell is None:
            return axial_to_offset(axial, self.stagger_axis, self.stagger_index)
        return cell

    def to_cube(self, cell: Cell) -> Cube:
        q, r = self.to_axial(cell)
        return q, r, -q - r

    def from_cube(self, cube: Cube) -> Cell:
        return cube_to_offset(cube, self.stagger_axis, self.stagger_index)

    @property
    def direction_names(self) -> tuple[str, ...]:
        return DIRECTION_NAMES[self.stagger_axis]

    # -- adjacency and distance -------------------------------------------------------------

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """In-bounds neighbours of an in-bounds cell, in direction order."""
        return self.neighbour_table[cell]

    def step(self, cell: Cell, direction: int) -> Cell | None:
        """The neighbour in ``direction`` (0..5), or None past the map edge."""
        row = self._dir_table.get(cell)
        if row is not None:
            return row[direction]
        q, r = self.to_axial(cell)
        dq, dr = AXIAL_DIRECTIONS[direction]
        target = (q + dq, r + dr)
        return self._from_axial.get(target)

    def direction_between(self, a: Cell, b: Cell) -> int | None:
        """The direction from ``a`` to its neighbour ``b``, or None if they are not adjacent."""
        qa, ra = self.to_axial(a)
        qb, rb = self.to_axial(b)
        try:
            return AXIAL_DIRECTIONS.index((qb - qa, rb - ra))
        except ValueError:
            return None

    def adjacent(self, a: Cell, b: Cell) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: Cell, b: Cell) -> int:
        """Hex distance (number of steps), ignoring everything on the map."""
        axial = self._axial
        pa = axial.get(a) or self.to_axial(a)
        pb = axial.get(b) or self.to_axial(b)
        dq = pa[0] - pb[0]
        dr = pa[1] - pb[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1

    def within(self, cell: Cell, radius: int) -> list[Cell]:
        """In-bounds cells at distance 0..radius of ``cell`` (itself included)."""
        if radius < 0:
            return []
        q0, r0 = self.to_axial(cell)
        from_axial = self._from_axial
        out: list[Cell] = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                found = from_axial.get((q0 + dq, r0 + dr))
                if found is not None:
                    out.append(found)
        return out

    def ring(self, cell: Cell, radius: int) -> list[Cell]:
        """In-bounds cells at exactly ``radius`` from ``cell`` (6 * radius away from edges)."""
        if radius < 0:
            return []
        if radius == 0:
            return [cell] if self.in_bounds(cell) else []
        q, r = self.to_axial(cell)
        # Start ``radius`` steps in direction 4 and walk the six sides.
        dq, dr = AXIAL_DIRECTIONS[4]
        q += dq * radius
        r += dr * radius
        from_axial = self._from_axial
        out: list[Cell] = []
        for side in range(6):
            sq, sr = AXIAL_DIRECTIONS[side]
            for _step in range(radius):
                found = from_axial.get((q, r))
                if found is not None:
                    out.append(found)
                q += sq
                r += sr
        return out

    def line(self, a: Cell, b: Cell) -> list[Cell]:
        """Cells on the straight line from ``a`` to ``b`` (both included), one per step.

        Points exactly between two hexes are nudged the same way every time, so the result is
        deterministic. Cells are returned even if the line leaves the map.
        """
        n = self.distance(a, b)
        qa, ra = self.to_axial(a)
        if n == 0:
            return [a]
        qb, rb = self.to_axial(b)
        eps_q, eps_r = 1e-6, 2e-6
        out: list[Cell] = []
        for i in range(n + 1):
            t = i / n
            out.append(
                self.from_axial(
                    _axial_round(qa + (qb - qa) * t + eps_q, ra + (rb - ra) * t + eps_r)
                )
            )
        return out

    # -- pushes and pulls -------------------------------------------------------------------

    def away_directions(self, source: Cell, target: Cell) -> list[int]:
        """Directions in which ``target`` moves *directly away* from ``source``.

        The best step increases the hex distance from ``source`` and, among those, ends
        farthest from ``source`` in straight-line distance. Usually one direction; two when the
        target sits exactly between two straight lines (a genuine tie, which the rules may let
        a player choose). Sorted by direction number. Empty if ``source == target``.
        Map edges are ignored here; see :meth:`away_from`.
        """
        return self._extreme_directions(source, target, away=True)

    def toward_directions(self, source: Cell, target: Cell) -> list[int]:
        """Directions in which ``target`` moves *directly towards* ``source`` (for pulls)."""
        return self._extreme_directions(source, target, away=False)

    def away_from(self, source: Cell, target: Cell) -> list[Cell]:
        """In-bounds cells ``target`` can be pushed into, directly away from ``source``.

        Empty when every straight-away step leaves the map: the pushed model stops at the edge.
        """
        out = []
        for d in self.away_directions(source, target):
            cell = self.step(target, d)
            if cell is not None:
                out.append(cell)
        return out

    def toward(self, source: Cell, target: Cell) -> list[Cell]:
        """In-bounds cells ``target`` can be pulled into, directly towards ``source``."""
        out = []
        for d in self.toward_directions(source, target):
            cell = self.step(target, d)
            if cell is not None:
                out.append(cell)
        return out

    def _extreme_directions(self, source: Cell, target: Cell, away: bool) -> list[int]:
        qs, rs = self.to_axial(source)
        qt, rt = self.to_axial(target)
        base_q = qt - qs
        base_r = rt - rs
        if base_q == 0 and base_r == 0:
            return []
        sign = 1 if away else -1
        best_key: tuple[int, int] | None = None
        best: list[int] = []
        for d, (dq, dr) in enumerate(AXIAL_DIRECTIONS):
            nq = base_q + dq
            nr = base_r + dr
            hex_d = (abs(nq) + abs(nr) + abs(nq + nr)) >> 1
            key = (sign * hex_d, sign * _axial_norm2(nq, nr))
            if best_key is None or key > best_key:
                best_key = key
                best = [d]
            elif key == best_key:
                best.append(d)
        return best

    # -- pixels -----------------------------------------------------------------------------

    def _staggered(self, index: int) -> bool:
        return bool((index & 1) ^ self._stagger_even)

    def cell_origin(self, cell: Cell) -> tuple[int, int]:
        """Top-left corner of the cell's tile rectangle in map pixels (as Tiled computes it)."""
        col, row = cell
        if self.stagger_axis == "x":
            y = row * (self.tile_height + self._side_y)
            if self._staggered(col):
                y += self._row_height
            return col * self._column_width, y
        x = col * (self.tile_width + self._side_x)
        if self._staggered(row):
            x += self._column_width
        return x, row * self._row_height

    def tile_image_origin(
        self, cell: Cell, image_height: int, tile_offset: tuple[int, int] = (0, 0)
    ) -> tuple[int, int]:
        """Top-left pixel where Tiled draws a tileset image of ``image_height`` on ``cell``.

        Tiled anchors tile images at the bottom-left of the cell's tile rectangle (so taller
        images grow upwards) and then adds the tileset's ``<tileoffset>``.
        """
        x, y = self.cell_origin(cell)
        return x + tile_offset[0], y + self.tile_height - image_height + tile_offset[1]

    def cell_to_pixel(self, cell: Cell) -> tuple[float, float]:
        """Centre of the hex in map pixels, where Tiled draws it."""
        x, y = self.cell_origin(cell)
        return x + self.tile_width / 2, y + self.tile_height / 2

    def hex_polygon(self, cell: Cell) -> list[tuple[float, float]]:
        """The hex outline in map pixels (six corners, clockwise from the top-left)."""
        x, y = self.cell_origin(cell)
        tw, th = self.tile_width, self.tile_height
        ox, oy = self._side_offset_x, self._side_offset_y
        corners = [
            (x, y + oy),
            (x + ox, y),
            (x + tw - ox, y),
            (x + tw, y + oy),
            (x + tw, y + th - oy),
            (x + tw - ox, y + th),
            (x + ox, y + th),
            (x, y + th - oy),
        ]
        # One of the two side lengths is zero, so two corners coincide: drop the repeats.
        out: list[tuple[float, float]] = []
        for point in corners:
            if not out or out[-1] != point:
                out.append((float(point[0]), float(point[1])))
        if out[0] == out[-1]:
            out.pop()
        return out

    def map_pixel_size(self) -> tuple[int, int]:
        """Width and height of the whole map in pixels (Tiled's ``mapSize``)."""
        if self.stagger_axis == "x":
            w = self.width * self._column_width + self._side_offset_x
            h = self.height * (self.tile_height + self._side_y)
            if self.width > 1:
                h += self._row_height
            return w, h
        w = self.width * (self.tile_width + self._side_x)
        h = self.height * self._row_height + self._side_offset_y
        if self.height > 1:
            w += self._column_width
        return w, h

    def _hex_norm(self, dx: float, dy: float) -> float:
        """Hexagonal gauge of a pixel offset from a centre: <= 1 inside that cell's hex.

        The hex used is the one that tiles the plane with Tiled's row/column pitch, so every
        point has exactly one cell with the smallest norm (ties only on shared borders).
        """
        if self.stagger_axis == "y":
            across, along = abs(dx), abs(dy)
            half_pitch = self.tile_width / 2
            side = self._side_y
            reach = self._row_height - side / 2
        else:
            across, along = abs(dy), abs(dx)
            half_pitch = self.tile_height / 2
            side = self._side_x
            reach = self._column_width - side / 2
        t = across / half_pitch
        return max(t, (along + (reach - side / 2) * t) / reach)

    def pixel_to_cell(self, x: float, y: float) -> Cell | None:
        """The cell whose hex contains map pixel ``(x, y)``, or None outside the map."""
        tw, th = self.tile_width, self.tile_height
        if self.stagger_axis == "y":
            pitch = self._row_height
            base = math.floor((y - th / 2) / pitch)
            candidates: list[tuple[int, int]] = []
            for row in range(base - 1, base + 3):
                shift = self._column_width if self._staggered(row) else 0
                col0 = math.floor((x - shift) / tw)
                candidates.extend((c, row) for c in (col0 - 1, col0, col0 + 1))
        else:
            pitch = self._column_width
            base = math.floor((x - tw / 2) / pitch)
            candidates = []
            for col in range(base - 1, base + 3):
                shift = self._row_height if self._staggered(col) else 0
                row0 = math.floor((y - shift) / th)
                candidates.extend((col, r) for r in (row0 - 1, row0, row0 + 1))
        best: Cell | None = None
        best_norm = math.inf
        for cell in candidates:
            cx, cy = self.cell_to_pixel(cell)
            norm = self._hex_norm(x - cx, y - cy)
            if norm < best_norm - 1e-12:
                best, best_norm = cell, norm
        if best is None or not self.in_bounds(best):
            return None
        return best


def _axial_round(fq: float, fr: float) -> Axial:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r
