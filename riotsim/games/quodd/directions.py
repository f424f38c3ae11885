"""Compass directions on a Quodd board, by name, over the core's square grid.

Actions, saves and events name directions as words (``"N"``, ``"NE"`` ...), so this module keeps
those names and maps them onto :class:`riotsim.core.squaregrid.Direction` (x grows east, y grows
south, numbered clockwise from north) for the geometry.
"""

from __future__ import annotations

from typing import Any

from riotsim.core import squaregrid
from riotsim.core.squaregrid import Cell, Direction, chebyshev, manhattan

__all__ = [
    "ALL",
    "DELTA",
    "DIAGONAL",
    "ORTHOGONAL",
    "OPPOSITE",
    "Cell",
    "as_cell",
    "cell_json",
    "chebyshev",
    "direction_between",
    "manhattan",
    "rotate",
    "split_diagonal",
    "step",
]

BY_NAME: dict[str, Direction] = {d.name: d for d in squaregrid.ALL_DIRECTIONS}
ORTHOGONAL = tuple(d.name for d in squaregrid.ORTHOGONAL)
DIAGONAL = tuple(d.name for d in squaregrid.DIAGONAL)
ALL = tuple(BY_NAME)

DELTA: dict[str, Cell] = {name: d.delta for name, d in BY_NAME.items()}

OPPOSITE = {name: d.opposite.name for name, d in BY_NAME.items()}


def cell_json(cell: Cell) -> list[int]:
    """A cell as saves and events write it: ``[x, y]``."""
    return [cell[0], cell[1]]


def as_cell(value: Any) -> Cell:
    """A cell from its saved or option form (``[x, y]`` or ``(x, y)``)."""
    return (int(value[0]), int(value[1]))


def step(cell: Cell, direction: str, distance: int = 1) -> Cell:
    dx, dy = DELTA[direction]  # squaregrid.step by the direction's name (a hot path)
    return (cell[0] + dx * distance, cell[1] + dy * distance)


def rotate(direction: str, quarter_turns: int) -> str:
    """Turn a direction clockwise by ``quarter_turns`` (negative: counter-clockwise)."""
    if direction not in BY_NAME:  # a ValueError, as callers reading map properties expect
        raise ValueError(f"{direction!r} is not a direction")
    return squaregrid.rotate_direction(BY_NAME[direction], quarter_turns).name


def split_diagonal(direction: str) -> tuple[str, ...]:
    """A diagonal as its two orthogonal parts, north/south first (FAQ: "north, then west")."""
    if direction in ORTHOGONAL:
        return (direction,)
    return (direction[0], direction[1])


def direction_between(a: Cell, b: Cell) -> str | None:
    """The compass direction from ``a`` to an adjacent (8-neighbour) cell ``b``."""
    if chebyshev(a, b) != 1:
        return None
    found = squaregrid.direction_between(a, b)
    return None if found is None else found.name
