"""What the Map Lab shows about a board, decided by the rules and never by the UI.

A game offers a *lab* (``riotsim.games.<pkg>.lab.make(board)``): its overlays (pure data:
tinted cells, labels and lines in map pixels), the pieces a designer may place, and the legal
moves of a placed piece under the real rule set (a position built with the game's
``from_position``). This module holds the shared shapes, the grid geometry and the reading of
a problem's place (``object 3 'Gate'``, ``cell (2, 1)``, ``3 cells (0,1), (1,1)``).
"""

from __future__ import annotations

import importlib
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from riotsim.i18n import _

Cell = tuple[int, int]
Point = tuple[float, float]
Spot = Cell | str  # where a piece stands: a cell, or a RIOT space by id

LAB_MODULES = {
    "riotquest": "riotsim.games.riotquest.lab",
    "quodd": "riotsim.games.quodd.lab",
    "riot": "riotsim.games.riot.lab",
    "riot-pm": "riotsim.games.riot.lab",
}


@dataclass
class Layer:
    """One overlay: cells tinted 0..1 (or -1 for "cannot go"), labels and lines, in pixels."""

    tints: dict[Cell, float] = field(default_factory=dict)
    labels: list[tuple[Point, str]] = field(default_factory=list)
    lines: list[tuple[Point, Point, bool]] = field(default_factory=list)  # (a, b, arrow head)
    note: str = ""


@dataclass(frozen=True)
class Overlay:
    key: str  # the key that toggles it
    name: str


@dataclass(frozen=True)
class PieceKind:
    id: str
    label: str
    seat: int


@dataclass
class Piece:
    kind: str  # a PieceKind id
    seat: int
    cell: Spot
    label: str


@dataclass(frozen=True)
class Move:
    action: Any  # an Action of the game
    text: str
    to: Spot | None


class Lab(Protocol):
    game: str
    board: Any

    def overlays(self) -> list[Overlay]: ...

    def layer(self, key: str, point: Point | None) -> Layer: ...

    def palette(self) -> list[PieceKind]: ...

    def spot_at(self, point: Point) -> Spot | None: ...

    def point_of(self, spot: Spot) -> Point: ...

    def moves(self, pieces: Sequence[Piece], index: int) -> tuple[list[Move], str]: ...

    def play(self, pieces: Sequence[Piece], index: int, move: Move) -> list[Piece]: ...


def lab_for(board: Any) -> tuple[Lab | None, str]:
    """The game's lab for a board that loaded, or None and why (a board its game refuses)."""
    name = LAB_MODULES.get(getattr(board, "game", ""))
    if name is None:
        return None, _("no lab for game {game!r}").format(game=getattr(board, "game", ""))
    try:
        module = importlib.import_module(name)
        return module.make(board), ""
    except Exception as exc:  # noqa: BLE001 - a map its game cannot read: still drawn
        return None, f"{type(exc).__name__}: {exc}"


# -- geometry --------------------------------------------------------------------------------


def cell_centre(board: Any, cell: Cell) -> Point:
    """The pixel centre of a cell as Tiled draws it."""
    if board.orientation == "hexagonal":
        x, y = board.hex_grid().cell_to_pixel(cell)
        return float(x), float(y)
    return (cell[0] + 0.5) * board.tile_width, (cell[1] + 0.5) * board.tile_height


def cell_at(board: Any, point: Point) -> Cell | None:
    """The cell under a map pixel, or None off the map."""
    x, y = point
    if board.orientation == "hexagonal":
        hexed: Cell | None = board.hex_grid().pixel_to_cell(x, y)
        return hexed
    cell = (int(x // board.tile_width), int(y // board.tile_height))
    return cell if board.in_bounds(cell) else None


def as_cell(spot: Spot) -> Cell:
    """A spot of a grid game (a cell); a space id here is a bug of the caller."""
    if isinstance(spot, str):
        raise TypeError(_("{spot!r} is a space, not a cell").format(spot=spot))
    return spot


class GridSpots:
    """Pieces of a grid game stand on cells (Riot Quest hexes, Quodd squares)."""

    board: Any
    # The game's overlays: (key, legend text, name of the method drawing it); each method
    # takes the hovered cell (None off the map) and returns the Layer.
    OVERLAYS: tuple[tuple[str, str, str], ...] = ()

    def overlays(self) -> list[Overlay]:
        return [Overlay(key, text) for key, text, _ in self.OVERLAYS]

    def layer(self, key: str, point: Point | None) -> Layer:
        hover = None if point is None else cell_at(self.board, point)
        for known, _label, method in self.OVERLAYS:
            if known == key:
                drawn: Layer = getattr(self, method)(hover)
                return drawn
        return Layer()

    def spot_at(self, point: Point) -> Spot | None:
        return cell_at(self.board, point)

    def point_of(self, spot: Spot) -> Point:
        return cell_centre(self.board, as_cell(spot))


def all_cells(board: Any) -> list[Cell]:
    return [(c, r) for r in range(board.height) for c in range(board.width)]


# -- where a problem is ----------------------------------------------------------------------

_OBJECT = re.compile(r"\bobject (\d+)\b")
_CELL = re.compile(r"\((-?\d+),\s*(-?\d+)\)")


def problem_points(board: Any, problem: Any) -> list[Point]:
    """The map pixels a problem is about: its object's centre, or each cell it names (in its
    place, else in its message); [] for a problem about the whole file."""
    place = str(getattr(problem, "place", "") or "")
    message = str(getattr(problem, "message", problem))
    for text in (place, message):
        found = _OBJECT.search(text)
        if found:
            for obj in getattr(board, "objects", ()):
                if obj.id == int(found.group(1)):
                    return [(float(obj.centre[0]), float(obj.centre[1]))]
        cells = [(int(a), int(b)) for a, b in _CELL.findall(text)]
        cells = [c for c in cells if board.in_bounds(c)]
        if cells:
            return [cell_centre(board, c) for c in cells]
    return []


def split_problems(problems: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """(errors, warnings): a plain string counts as an error."""
    warnings = [p for p in problems if getattr(p, "is_warning", False)]
    return [p for p in problems if not getattr(p, "is_warning", False)], warnings


def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


_SNAPSHOTS = itertools.count(1)


def map_id(board: Any, snapshot: bool = False) -> tuple[str | None, str]:
    """(the map id a game or balance batch plays this board by, or None and why not).

    ``snapshot`` gives this reading of the board an id of its own for this process, so a
    batch running in the background keeps playing it while the designer saves new versions.
    """
    name = LAB_MODULES.get(getattr(board, "game", ""))
    if name is None:
        return None, _("unknown game")
    tag = f"{next(_SNAPSHOTS)}" if snapshot else ""
    try:
        result: tuple[str | None, str] = importlib.import_module(name).map_id(board, tag)
        return result
    except Exception as exc:  # noqa: BLE001 - a map its game refuses
        return None, f"{type(exc).__name__}: {exc}"
