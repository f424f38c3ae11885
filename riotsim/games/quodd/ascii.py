"""Boards written as text, one character a square: for tests and the map generator.

Ground: ``.`` floor, ``~`` water, ``#`` pit. Every other character is floor (or water for
water elements) with a token on it, following :data:`LEGEND`. Rally markers are the digits.
Extra token properties (links, colours, hidden kinds) are given separately by cell.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riotsim.games.quodd.board import Layout, Token
from riotsim.games.quodd.directions import Cell

# char -> (ground, token kind, token properties)
LEGEND: dict[str, tuple[str, str | None, dict[str, Any]]] = {
    ".": ("floor", None, {}),
    "~": ("water", None, {}),
    "#": ("pit", None, {}),
    "W": ("floor", "wall", {}),
    "w": ("pit", "wall", {}),  # a wall bridging a pit
    "B": ("floor", "broken_wall", {}),
    "I": ("floor", "impassable", {"state": "up"}),
    "i": ("floor", "impassable", {"state": "down"}),
    "R": ("floor", "respawn", {}),
    "s": ("floor", "spring", {}),
    "S": ("floor", "super_spring", {}),
    "T": ("floor", "teleporter", {}),
    "X": ("floor", "super_teleporter", {}),
    "U": ("floor", "tunnel", {}),
    "^": ("water", "current", {"direction": "N"}),
    ">": ("water", "current", {"direction": "E"}),
    "v": ("water", "current", {"direction": "S"}),
    "<": ("water", "current", {"direction": "W"}),
    "@": ("water", "whirlpool", {}),
    "C": ("water", "connection", {"link": "A"}),
    "q": ("floor", "q_token", {}),
    "r": ("floor", "rearrange", {}),
    "k": ("floor", "switch", {}),
    "x": ("floor", "trap_door", {"open": 0}),
    "o": ("floor", "rotate_switch", {}),
    "O": ("floor", "rotate_board", {}),
    "c": ("floor", "crystal", {"colour": "blue"}),
    "D": ("floor", "drop_zone", {}),
    "P": ("floor", "start", {}),
    "?": ("floor", "secret", {"hidden": "spring"}),
    "e": ("floor", "explore", {}),
    "f": ("floor", "food", {}),
    "t": ("floor", "treasure", {}),
    "u": ("floor", "upgrade", {}),
    "h": ("floor", "character", {}),
    "p": ("floor", "pit", {}),
    # the moving board (issue 12): pieces, cannons, beam walls and gadgets
    "*": ("floor", "bomb", {"bomb": "standard", "direction": "E"}),
    "K": ("floor", "cannon", {"direction": "E"}),
    "g": ("floor", "sheep", {"colour": "grey", "direction": "E"}),
    "l": ("floor", "sheep", {"colour": "white", "direction": "E"}),
    "b": ("floor", "sheep", {"colour": "black", "direction": "E"}),
    "E": ("floor", "emitter", {"direction": "S", "on": 1}),
    "Z": ("floor", "reflector", {"direction": "NE", "on": 1}),
    "J": ("floor", "power_block", {"link": "A"}),
    "G": ("floor", "rotator", {"spin": "cw"}),
    "M": ("floor", "mover", {"direction": "E"}),
}
# Pieces are numbered in reading order from 0 (unless ``extra`` gives a number).
NUMBERED_KINDS = frozenset({"bomb", "sheep"})
for _digit in "123456789":
    LEGEND[_digit] = ("floor", "rally", {"number": int(_digit)})


def layout_from_text(
    layout_id: str,
    rows: Sequence[str],
    extra: Mapping[Cell, Mapping[str, Any]] | None = None,
    start_zone: bool = False,
) -> Layout:
    """Build a :class:`Layout`; ``extra`` adds properties to the token at a cell."""
    rows = [r for r in rows]
    height = len(rows)
    width = max(len(r) for r in rows)
    ground: list[tuple[str, ...]] = []
    tokens: list[tuple[Cell, Token]] = []
    starts = 0
    pieces = 0
    for y, row in enumerate(rows):
        line = []
        for x, ch in enumerate(row.ljust(width, ".")):
            if ch not in LEGEND:
                raise ValueError(f"board {layout_id} row {y + 1}: unknown square {ch!r}")
            g, kind, props = LEGEND[ch]
            line.append(g)
            if kind is not None:
                props = dict(props)
                if kind == "start":
                    starts += 1
                    props["number"] = starts
                elif kind in NUMBERED_KINDS:
                    props["number"] = pieces
                    pieces += 1
                props.update((extra or {}).get((x, y), {}))
                tokens.append(((x, y), Token.make(kind, **props)))
        ground.append(tuple(line))
    return Layout(layout_id, width, height, tuple(ground), tuple(tokens), start_zone)


# The characters of the moving board's kinds whatever their properties (layout_to_text).
_NEW = {"bomb": "*", "cannon": "K", "emitter": "E", "reflector": "Z", "power_block": "J"}
_NEW.update(rotator="G", mover="M", grey="g", white="l", black="b")


def layout_to_text(layout: Layout) -> list[str]:
    """The text form of a layout (first token per square; properties beyond the legend lost)."""
    reverse: dict[tuple[str, str | None, tuple], str] = {}
    for ch, (g, kind, props) in LEGEND.items():
        reverse.setdefault((g, kind, tuple(sorted(props.items()))), ch)
    by_cell: dict[Cell, Token] = {}
    for cell, first in layout.tokens:
        by_cell.setdefault(cell, first)
    rows = []
    for y in range(layout.height):
        row = ""
        for x in range(layout.width):
            g = layout.ground[y][x]
            token = by_cell.get((x, y))
            if token is None:
                row += {"floor": ".", "water": "~", "pit": "#"}[g]
                continue
            keys = ("direction", "state", "open") + (("colour",) if token.kind == "sheep" else ())
            props = {k: v for k, v in token.props if k in keys}
            key = (g, token.kind, tuple(sorted(props.items())))
            row += reverse.get(
                key,
                reverse.get(
                    ("floor", token.kind, ()),
                    _NEW.get(token.get("colour") if token.kind == "sheep" else token.kind, "?"),
                ),
            )
        rows.append(row)
    return rows
