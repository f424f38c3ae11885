"""Movement reach on bit masks: every arena cell is one bit of a Python int.

Cells are laid out row by row in axial coordinates ``(q, r)`` with one spare column after
each row, so the six hex neighbours of every cell are the same six bit shifts (``1``, ``w``
and ``w - 1`` each way) and a shift off the edge of a row lands in the spare column, which
no mask ever contains. One movement step of a whole search is then a handful of shifts on
one int instead of a loop over cells and their neighbours.

``layers[c]`` is the set of cells whose cheapest entry cost is at most ``c``. Entering a
cell costs 1 (open) or 2 (obstacle; Nimble pays 1), so a cell joins layer ``c + 1`` when a
neighbour is in layer ``c`` (cost 1) or in layer ``c - 1`` (cost 2). This is exactly the
bucketed Dijkstra search of ``riotsim.core.pathing.reachable`` (the tests compare the two).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from riotsim.core.hexgrid import offset_to_axial

Cell = tuple[int, int]


class ArenaBits:
    """Bit layout of one arena (immutable, shared by every state on that arena)."""

    __slots__ = (
        "bit",
        "cell_at",
        "w",
        "w1",
        "nbytes",
        "walk_open",
        "walk_obstacle",
        "_byte_cells",
        "tables",
        "walkable",
        "box",
        "_within",
    )

    def __init__(
        self,
        cells: Iterable[Cell],
        stagger_axis: str,
        stagger_index: str,
        blocked: Iterable[Cell],
        obstacles: Iterable[Cell],
    ):
        cells = tuple(cells)
        axial = {c: offset_to_axial(c, stagger_axis, stagger_index) for c in cells}
        qmin = min(q for q, _ in axial.values())
        qmax = max(q for q, _ in axial.values())
        rmin = min(r for _, r in axial.values())
        self.w = w = qmax - qmin + 2  # one spare column per row
        self.w1 = w - 1
        self.bit: dict[Cell, int] = {c: (r - rmin) * w + (q - qmin) for c, (q, r) in axial.items()}
        self.cell_at: dict[int, Cell] = {b: c for c, b in self.bit.items()}
        self.nbytes = max(self.bit.values()) // 8 + 1
        rows = max(self.bit.values()) // w + 1
        row = (1 << (w - 1)) - 1  # a row without its spare column
        self.box = sum(row << (r * w) for r in range(rows))
        blocked = set(blocked)
        obstacles = set(obstacles)
        self.walk_open = self.mask(c for c in cells if c not in blocked and c not in obstacles)
        self.walk_obstacle = self.mask(c for c in cells if c not in blocked and c in obstacles)
        self.walkable = self.walk_open | self.walk_obstacle  # not barrier
        self._within: dict[tuple[Cell, int], int] = {}
        self._byte_cells: list[tuple[tuple[Cell, ...], ...]] | None = None
        # ByteTables of interned actions by (kind, hero), filled by the rules
        self.tables: dict[Any, ByteTable] = {}

    def mask(self, cells: Iterable[Cell]) -> int:
        bit = self.bit
        m = 0
        for c in cells:
            m |= 1 << bit[c]
        return m

    def within(self, cell: Cell, radius: int) -> int:
        """Cells at most ``radius`` hexes from ``cell`` (counted straight, ``cell`` included):
        ``radius`` shift steps inside the layout's whole axial box (a straight hex line between
        two cells never leaves the box they span, so void hexes cannot cut it short)."""
        key = (cell, radius)
        found = self._within.get(key)
        if found is None:
            found = 1 << self.bit[cell]
            for _ in range(radius):
                found = self.expand(found) & self.box
            self._within[key] = found
        return found

    def expand(self, m: int) -> int:
        """``m`` and every hex next to a cell of ``m`` (spare-column bits included)."""
        w, w1 = self.w, self.w1
        return m | m << 1 | m >> 1 | m << w | m >> w | m << w1 | m >> w1

    def layers(self, start: Cell, budget: int, nimble: bool, barred: int) -> list[int]:
        """Cells reachable from ``start`` for at most ``c`` movement, for c = 0..budget;
        ``barred`` are cells that may not be entered (enemies)."""
        w, w1 = self.w, self.w1
        open_ = self.walk_open & ~barred
        rough = self.walk_obstacle & ~barred
        if nimble:
            open_ |= rough
            rough = 0
        r = 1 << self.bit[start]
        out = [r]
        prev = 0  # neighbours of layer c - 1
        for _ in range(budget):
            near = r << 1 | r >> 1 | r << w | r >> w | r << w1 | r >> w1
            nxt = r | (near & open_) | (prev & rough)
            out.append(nxt)
            r = nxt
            prev = near
        return out

    def cells_of(self, m: int) -> list[Cell]:
        """The cells of a mask, in bit order."""
        out: list[Cell] = []
        if m:
            table = self.byte_cells()
            for k, v in _bytes(m):
                if v:
                    out.extend(table[k][v])
        return out

    def byte_cells(self) -> list[tuple[tuple[Cell, ...], ...]]:
        """For byte ``k`` of a mask and its value ``v``: the cells of those bits."""
        table = self._byte_cells
        if table is None:
            at = self.cell_at
            table = self._byte_cells = [
                tuple(
                    tuple(at[8 * k + j] for j in range(8) if v >> j & 1 and 8 * k + j in at)
                    for v in range(256)
                )
                for k in range(self.nbytes)
            ]
        return table


class ByteTable:
    """Items (e.g. interned actions) for the cells of a mask, cached per (byte, value)."""

    __slots__ = ("bits", "make", "rows")

    def __init__(self, bits: ArenaBits, make: Callable[[Cell], Any]):
        self.bits = bits
        self.make = make
        self.rows: list[dict[int, tuple[Any, ...]]] = [{} for _ in range(bits.nbytes)]

    def extend(self, out: list[Any], m: int) -> None:
        if not m:
            return
        bits = self.bits
        for k, v in _bytes(m):
            if v:
                row = self.rows[k]
                got = row.get(v)
                if got is None:
                    make = self.make
                    got = row[v] = tuple(make(c) for c in bits.byte_cells()[k][v])
                out.extend(got)


def _bytes(m: int) -> enumerate[int]:
    """(byte number, byte) of a non-zero mask, from its lowest to its highest set byte."""
    lo = ((m & -m).bit_length() - 1) >> 3
    return enumerate((m >> (lo << 3)).to_bytes(((m.bit_length() + 7) >> 3) - lo, "little"), lo)
