"""Square grids for Quodd Heroes: directions, rotation and boards composed from 9x9 sections.

Cells are ``(x, y)`` with ``y`` growing southwards (downwards on screen, as in Tiled), so north
is ``(0, -1)``. Directions are numbered clockwise from north, ``N=0 NE=1 E=2 ... NW=7``, the same
numbers as the direction die's faces in ``data/dice.yaml``. A positive quarter turn is clockwise
seen from above.

A scenario lays several boards (9x9 sections, 2x9 start zones) at offsets in one world, each
turned by some quarter turns; :class:`ComposedBoard` maps cells and directions between a board's
own coordinates (what its Tiled map and element properties use) and the world.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum

from riotsim.i18n import _

Cell = tuple[int, int]
Size = int | tuple[int, int]
Blocked = None | Container[Cell] | Callable[[Cell], bool]


class Direction(IntEnum):
    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def delta(self) -> Cell:
        return DELTAS[self]

    @property
    def dx(self) -> int:
        return DELTAS[self][0]

    @property
    def dy(self) -> int:
        return DELTAS[self][1]

    @property
    def is_diagonal(self) -> bool:
        return bool(self & 1)

    @property
    def opposite(self) -> Direction:
        return Direction((self + 4) & 7)

    @property
    def right(self) -> Direction:
        """A quarter turn clockwise (N -> E)."""
        return Direction((self + 2) & 7)

    @property
    def left(self) -> Direction:
        """A quarter turn anticlockwise (N -> W)."""
        return Direction((self + 6) & 7)

    def rotated(self, quarter_turns: int) -> Direction:
        return Direction((self + 2 * quarter_turns) & 7)

    @classmethod
    def parse(cls, text: str | int | Direction) -> Direction:
        """``"n"``, ``"North"``, ``"NE"``, ``"north-east"``, ``2`` ... -> a Direction."""
        if isinstance(text, int):
            if not 0 <= text <= 7:
                raise ValueError(_("direction number {text} is not 0..7").format(text=text))
            return cls(text)
        key = str(text).strip().upper().replace("-", "").replace("_", "").replace(" ", "")
        key = _LONG_NAMES.get(key, key)
        try:
            return cls[key]
        except KeyError:
            raise ValueError(
                _("unknown direction {text!r}: use N, NE, E, SE, S, SW, W or NW").format(text=text)
            ) from None


DELTAS: tuple[Cell, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
ORTHOGONAL: tuple[Direction, ...] = (Direction.N, Direction.E, Direction.S, Direction.W)
DIAGONAL: tuple[Direction, ...] = (Direction.NE, Direction.SE, Direction.SW, Direction.NW)
ALL_DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
_ORTHO_DELTAS = tuple(DELTAS[d] for d in ORTHOGONAL)
_DIAG_DELTAS = tuple(DELTAS[d] for d in DIAGONAL)
_LONG_NAMES = {
    "NORTH": "N",
    "EAST": "E",
    "SOUTH": "S",
    "WEST": "W",
    "NORTHEAST": "NE",
    "SOUTHEAST": "SE",
    "SOUTHWEST": "SW",
    "NORTHWEST": "NW",
}


def step(cell: Cell, direction: int, distance: int = 1) -> Cell:
    dx, dy = DELTAS[direction]
    return cell[0] + dx * distance, cell[1] + dy * distance


def direction_between(a: Cell, b: Cell) -> Direction | None:
    """The direction of a straight (orthogonal or diagonal) line from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    unit = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    return Direction(DELTAS.index(unit))


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _size(size: Size) -> tuple[int, int]:
    if isinstance(size, int):
        return size, size
    return int(size[0]), int(size[1])


def rotated_size(size: Size, quarter_turns: int) -> tuple[int, int]:
    w, h = _size(size)
    return (h, w) if quarter_turns & 1 else (w, h)


def rotate_cell(cell: Cell, quarter_turns: int, size: Size) -> Cell:
    """Where ``cell`` of a ``size`` board lands when the board turns in place.

    ``size`` is the board's width and height *before* turning (an int for a square board).
    After an odd number of quarter turns a ``w x h`` board is ``h x w``.
    """
    w, h = _size(size)
    x, y = cell
    for _turn in range(quarter_turns & 3):
        x, y = h - 1 - y, x  # one clockwise quarter turn
        w, h = h, w
    return x, y


def rotate_direction(direction: int, quarter_turns: int) -> Direction:
    return Direction((direction + 2 * quarter_turns) & 7)


def _blocked_test(blocked: Blocked) -> Callable[[Cell], bool]:
    if blocked is None:
        return lambda _c: False
    if callable(blocked):
        return blocked
    return blocked.__contains__


class SquareGrid:
    """A set of square cells (a rectangle or any composed shape) with neighbour tables."""

    __slots__ = ("cells", "cell_set", "orthogonal_table", "diagonal_table", "neighbour_table")

    def __init__(self, cells: Iterable[Cell]):
        ordered = sorted(set(cells), key=lambda c: (c[1], c[0]))
        self.cells: tuple[Cell, ...] = tuple(ordered)
        self.cell_set: frozenset[Cell] = frozenset(ordered)
        inside = self.cell_set
        ortho: dict[Cell, tuple[Cell, ...]] = {}
        diag: dict[Cell, tuple[Cell, ...]] = {}
        both: dict[Cell, tuple[Cell, ...]] = {}
        for x, y in ordered:
            o = tuple(c for c in ((x + dx, y + dy) for dx, dy in _ORTHO_DELTAS) if c in inside)
            d = tuple(c for c in ((x + dx, y + dy) for dx, dy in _DIAG_DELTAS) if c in inside)
            ortho[(x, y)] = o
            diag[(x, y)] = d
            both[(x, y)] = tuple(c for c in ((x + dx, y + dy) for dx, dy in DELTAS) if c in inside)
        # Public for hot loops (e.g. as ``neighbours`` for riotsim.core.pathing).
        self.orthogonal_table = ortho
        self.diagonal_table = diag
        self.neighbour_table = both

    @classmethod
    def rect(cls, width: int, height: int, origin: Cell = (0, 0)) -> SquareGrid:
        if width < 1 or height < 1:
            raise ValueError(
                _("a board needs at least 1x1 cells, not {width}x{height}").format(
                    width=width, height=height
                )
            )
        ox, oy = origin
        return cls((ox + x, oy + y) for y in range(height) for x in range(width))

    def __contains__(self, cell: object) -> bool:
        return cell in self.cell_set

    def __len__(self) -> int:
        return len(self.cells)

    def in_bounds(self, cell: Cell) -> bool:
        return cell in self.cell_set

    def step(self, cell: Cell, direction: int, distance: int = 1) -> Cell | None:
        """The cell ``distance`` steps away, or None if it is off the grid."""
        target = step(cell, direction, distance)
        return target if target in self.cell_set else None

    def orthogonal_neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return self.orthogonal_table[cell]

    def diagonal_neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return self.diagonal_table[cell]

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """All eight (fewer at edges), orthogonal and diagonal."""
        return self.neighbour_table[cell]

    def ray(self, start: Cell, direction: int, limit: int | None = None) -> list[Cell]:
        """Cells in a straight line from ``start`` (not included) until the grid's edge."""
        dx, dy = DELTAS[direction]
        x, y = start
        out: list[Cell] = []
        inside = self.cell_set
        while limit is None or len(out) < limit:
            x += dx
            y += dy
            if (x, y) not in inside:
                break
            out.append((x, y))
        return out

    def orthogonal_range(
        self, start: Cell, radius: int, blocked: Blocked = None
    ) -> dict[Cell, int]:
        """Cells within ``radius`` orthogonal steps of ``start``, routing round blocked cells.

        Returns step counts (``start`` at 0). Blocked cells are never entered or reported.
        """
        is_blocked = _blocked_test(blocked)
        table = self.orthogonal_table
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            d = dist[cell]
            if d >= radius:
                continue
            for nxt in table[cell]:
                if nxt not in dist and not is_blocked(nxt):
                    dist[nxt] = d + 1
                    queue.append(nxt)
        return dist

    def within_manhattan(self, start: Cell, radius: int) -> list[Cell]:
        """Cells within ``radius`` counted orthogonally, ignoring anything in between."""
        sx, sy = start
        inside = self.cell_set
        return [
            (sx + dx, sy + dy)
            for dy in range(-radius, radius + 1)
            for dx in range(-(radius - abs(dy)), radius - abs(dy) + 1)
            if (sx + dx, sy + dy) in inside
        ]

    def walk_ends(
        self, start: Cell, steps: int, blocked: Blocked = None, exact: bool = True
    ) -> set[Cell]:
        """Ends of orthogonal walks of ``steps`` steps that never revisit a cell.

        For "move exactly N spaces, no backtracking" (Quodd Heroes teleporters); with
        ``exact=False`` walks of 1..N steps count too.
        """
        if steps <= 0:
            return set()
        is_blocked = _blocked_test(blocked)
        table = self.orthogonal_table
        ends: set[Cell] = set()
        on_path = {start}

        def extend(cell: Cell, left: int) -> None:
            if left == 0:
                ends.add(cell)
                return
            if not exact and cell != start:
                ends.add(cell)
            for nxt in table[cell]:
                if nxt in on_path or is_blocked(nxt):
                    continue
                on_path.add(nxt)
                extend(nxt, left - 1)
                on_path.discard(nxt)

        extend(start, steps)
        return ends


# ---------------------------------------------------------------------------------------------
# Composing boards into one world


class BoardLayoutError(ValueError):
    """Boards that overlap or are described wrongly in a scenario."""


@dataclass(frozen=True, slots=True)
class Placement:
    """One board in the world.

    ``offset`` is where the board's top-left corner lands *after* it is turned by
    ``quarter_turns`` (clockwise); ``width`` x ``height`` is its size before turning.
    """

    board: str
    width: int = 9
    height: int = 9
    offset: Cell = (0, 0)
    quarter_turns: int = 0

    @property
    def world_size(self) -> tuple[int, int]:
        return rotated_size((self.width, self.height), self.quarter_turns)

    def to_world(self, local: Cell) -> Cell:
        x, y = rotate_cell(local, self.quarter_turns, (self.width, self.height))
        return x + self.offset[0], y + self.offset[1]

    def to_local(self, world: Cell) -> Cell:
        w, h = self.world_size
        x, y = world[0] - self.offset[0], world[1] - self.offset[1]
        return rotate_cell((x, y), -self.quarter_turns & 3, (w, h))

    def contains(self, world: Cell) -> bool:
        w, h = self.world_size
        x, y = world[0] - self.offset[0], world[1] - self.offset[1]
        return 0 <= x < w and 0 <= y < h


class ComposedBoard:
    """Several boards placed into one world grid; maps cells and directions both ways."""

    __slots__ = ("placements", "grid", "_owner")

    def __init__(self, placements: Iterable[Placement]):
        self.placements: dict[str, Placement] = {}
        owner: dict[Cell, str] = {}
        problems: list[str] = []
        for placement in placements:
            if placement.board in self.placements:
                problems.append(_("board {board!r} is placed twice").format(board=placement.board))
                continue
            if placement.width < 1 or placement.height < 1:
                problems.append(
                    _("board {board!r} has size {width}x{height}").format(
                        board=placement.board, width=placement.width, height=placement.height
                    )
                )
                continue
            self.placements[placement.board] = placement
            clash: dict[str, Cell] = {}
            for y in range(placement.height):
                for x in range(placement.width):
                    world = placement.to_world((x, y))
                    other = owner.get(world)
                    if other is not None:
                        clash.setdefault(other, world)
                    else:
                        owner[world] = placement.board
            for other, cell in clash.items():
                problems.append(
                    _("board {board!r} overlaps board {other!r} (first at cell {cell})").format(
                        board=placement.board, other=other, cell=cell
                    )
                )
        if problems:
            raise BoardLayoutError("; ".join(problems))
        self._owner = owner
        self.grid = SquareGrid(owner)

    def board_at(self, world: Cell) -> str | None:
        return self._owner.get(world)

    def to_world(self, board: str, local: Cell) -> Cell:
        return self._placement(board).to_world(local)

    def to_local(self, world: Cell) -> tuple[str, Cell] | None:
        board = self._owner.get(world)
        if board is None:
            return None
        return board, self.placements[board].to_local(world)

    def world_direction(self, board: str, local_direction: int) -> Direction:
        """A direction printed on a board (a current's arrow) as seen in the world."""
        return rotate_direction(local_direction, self._placement(board).quarter_turns)

    def local_direction(self, board: str, world_direction: int) -> Direction:
        return rotate_direction(world_direction, -self._placement(board).quarter_turns)

    def cells_of(self, board: str) -> list[Cell]:
        p = self._placement(board)
        return [p.to_world((x, y)) for y in range(p.height) for x in range(p.width)]

    def bounds(self) -> tuple[Cell, Cell]:
        """Top-left and bottom-right world cells of the bounding box."""
        xs = [c[0] for c in self._owner]
        ys = [c[1] for c in self._owner]
        return (min(xs), min(ys)), (max(xs), max(ys))

    def turn_board(
        self, board: str, quarter_turns: int
    ) -> tuple[ComposedBoard, Mapping[Cell, Cell]]:
        """The layout after one board turns in place (a "rotate board" effect).

        The board keeps the centre of its footprint. Returns the new layout and where each of
        that board's world cells went, so pieces standing on it can be moved with it.
        """
        old = self._placement(board)
        turns = (old.quarter_turns + quarter_turns) & 3
        ow, oh = old.world_size
        nw, nh = rotated_size((old.width, old.height), turns)
        # Keep the footprint centred (square boards stay exactly where they were).
        offset = (old.offset[0] + (ow - nw) // 2, old.offset[1] + (oh - nh) // 2)
        new = Placement(old.board, old.width, old.height, offset, turns)
        layout = ComposedBoard(new if p.board == board else p for p in self.placements.values())
        moved = {
            old.to_world((x, y)): new.to_world((x, y))
            for y in range(old.height)
            for x in range(old.width)
        }
        return layout, moved

    def _placement(self, board: str) -> Placement:
        try:
            return self.placements[board]
        except KeyError:
            raise BoardLayoutError(
                _("no board named {board!r} in this layout").format(board=board)
            ) from None
