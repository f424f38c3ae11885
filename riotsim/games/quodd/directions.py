"""Compass directions on a Quodd board: x grows east, y grows south."""

from __future__ import annotations

from typing import Any

Cell = tuple[int, int]

ORTHOGONAL = ("N", "E", "S", "W")
DIAGONAL = ("NE", "SE", "SW", "NW")
ALL = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

DELTA: dict[str, Cell] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}

OPPOSITE = {d: ALL[(i + 4) % 8] for i, d in enumerate(ALL)}


def cell_json(cell: Cell) -> list[int]:
    """A cell as saves and events write it: ``[x, y]``."""
    return [cell[0], cell[1]]


def as_cell(value: Any) -> Cell:
    """A cell from its saved or option form (``[x, y]`` or ``(x, y)``)."""
    return (int(value[0]), int(value[1]))


def step(cell: Cell, direction: str, distance: int = 1) -> Cell:
    dx, dy = DELTA[direction]
    return (cell[0] + dx * distance, cell[1] + dy * distance)


def rotate(direction: str, quarter_turns: int) -> str:
    """Turn a direction clockwise by ``quarter_turns`` (negative: counter-clockwise)."""
    return ALL[(ALL.index(direction) + 2 * quarter_turns) % 8]


def split_diagonal(direction: str) -> tuple[str, ...]:
    """A diagonal as its two orthogonal parts, north/south first (FAQ: "north, then west")."""
    if direction in ORTHOGONAL:
        return (direction,)
    return (direction[0], direction[1])


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def direction_between(a: Cell, b: Cell) -> str | None:
    """The compass direction from ``a`` to an adjacent (8-neighbour) cell ``b``."""
    delta = (b[0] - a[0], b[1] - a[1])
    for name, d in DELTA.items():
        if d == delta:
            return name
    return None
