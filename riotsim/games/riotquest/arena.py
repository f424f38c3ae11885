"""The Riot Quest arena: hex terrain, Spawn Gates, Treasure Beacons and the centre hex.

An :class:`Arena` is immutable and shared by every copy of a state. It is built from a Tiled
board (``riotsim.core.tiled.load_board``) or from a plain dict (tests, positions)::

    {"id": "test", "width": 7, "height": 7, "stagger_axis": "y", "stagger_index": "odd",
     "rows": [".......", ".o.#...", ...],   # . open, o obstacle, # barrier, ~ void
     "gates": {1: [0, 0], ...}, "beacons": {1: [3, 3], ...}, "centre": [3, 3]}

Spawn Gates and Treasure Beacons are barrier spaces (rulebook "Terrain") whatever tile lies
under them; the centre is an open hex.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from riotsim.core.hexgrid import HexGrid
from riotsim.core.problems import Problem, warning
from riotsim.games.riotquest.reach import ArenaBits
from riotsim.i18n import N_, _, ngettext

Cell = tuple[int, int]
TERRAINS = ("open", "obstacle", "barrier", "void")
_CHARS = {".": "open", "o": "obstacle", "#": "barrier", "~": "void", " ": "void"}
_CHAR_OF = {"open": ".", "obstacle": "o", "barrier": "#", "void": "~"}


# the titles of the shipped maps (their ``title`` property), so the catalog has them
SHIPPED_TITLES = (N_("Thunderhead Fortress"), N_("Rustbucket Scrapyard"))


class ArenaError(ValueError):
    """An arena that cannot be played; the message lists every problem."""


class Said(str):
    """A map problem: its English as data (the checks read it back: ``_place_in``, the
    missing centre) and how to say it in the language spoken (``said``)."""

    say: Callable[[], str]

    def __new__(cls, english: str, say: Callable[[], str]) -> Said:
        self = super().__new__(cls, english)
        self.say = say
        return self


def _said(template: str, **params: Any) -> Said:
    """A problem from a marked template (``N_``) and its values."""
    return Said(template.format(**params), lambda: _(template).format(**params))


def said(problem: str) -> str:
    """A map problem in the language spoken (a plain text stays as it is)."""
    return problem.say() if isinstance(problem, Said) else problem


def _problems_error(problems: list[str]) -> ArenaError:
    return ArenaError("; ".join(said(p) for p in problems))


class Arena:
    __slots__ = (
        "id",
        "title",
        "grid",
        "terrain",
        "gates",
        "beacons",
        "centre",
        "cells",
        "nbrs",
        "blocked",
        "entry_cost",
        "obstacles",
        "gate_of",
        "beacon_of",
        "_within",
        "step_cost",
        "_dist",
        "bits",
        "near_centre",
    )

    def __init__(
        self,
        arena_id: str,
        grid: HexGrid,
        terrain: Mapping[Cell, str],
        gates: Mapping[int, Cell],
        beacons: Mapping[int, Cell],
        centre: Cell,
        title: str = "",
    ):
        self.id = arena_id
        self.title = title or arena_id
        self.grid = grid
        # playable cells only (void cells are not part of the arena)
        self.terrain: dict[Cell, str] = {c: t for c, t in terrain.items() if t != "void"}
        self.gates = dict(sorted(gates.items()))
        self.beacons = dict(sorted(beacons.items()))
        self.centre = centre
        self.cells: tuple[Cell, ...] = tuple(sorted(self.terrain))
        cellset = set(self.cells)
        self.nbrs: dict[Cell, tuple[Cell, ...]] = {
            c: tuple(n for n in grid.neighbours(c) if n in cellset) for c in self.cells
        }
        features = set(self.gates.values()) | set(self.beacons.values())
        self.blocked = frozenset(
            c for c, t in self.terrain.items() if t == "barrier" or c in features
        )
        self.obstacles = frozenset(c for c, t in self.terrain.items() if t == "obstacle")
        self.entry_cost = {c: 2 for c in self.obstacles}
        # the cost of entering a cell (walking paths back in rules.move_path)
        self.step_cost = {c: 2 if c in self.obstacles else 1 for c in self.cells}
        # cells as bits of an int: the movement search (see reach.py)
        self.bits = ArenaBits(
            self.cells, grid.stagger_axis, grid.stagger_index, self.blocked, self.obstacles
        )
        self._dist: dict[Cell, dict[Cell, int]] = {}
        # the centre and its neighbours (rulebook "Adjacent": evacuation, Bounty deliveries)
        self.near_centre = frozenset((centre, *self.nbrs.get(centre, ())))
        self.gate_of = {cell: n for n, cell in self.gates.items()}
        self.beacon_of = {cell: n for n, cell in self.beacons.items()}
        self._within: dict[tuple[Cell, int], tuple[Cell, ...]] = {}

    # -- geometry ----------------------------------------------------------------------------
    def distance(self, a: Cell, b: Cell) -> int:
        return self.grid.distance(a, b)

    def distances(self, a: Cell) -> dict[Cell, int]:
        """Hex distance from ``a`` to every arena cell (computed once per cell)."""
        found = self._dist.get(a)
        if found is None:
            d = self.grid.distance
            found = self._dist[a] = {c: d(a, c) for c in self.cells}
        return found

    def within(self, cell: Cell, radius: int) -> tuple[Cell, ...]:
        """Arena cells at most ``radius`` hexes away (counted straight, ignoring terrain)."""
        key = (cell, radius)
        found = self._within.get(key)
        if found is None:
            found = tuple(c for c in self.grid.within(cell, radius) if c in self.terrain)
            self._within[key] = found
        return found

    def adjacent(self, a: Cell, b: Cell) -> bool:
        """Rulebook "Adjacent": next to, or the same space."""
        return a == b or b in self.nbrs.get(a, ())

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Arena:
        rows = list(raw["rows"])
        height = int(raw.get("height", len(rows)))
        width = int(raw.get("width", max(len(r) for r in rows)))
        terrain: dict[Cell, str] = {}
        for row, line in enumerate(rows):
            for col, ch in enumerate(line.ljust(width, "~")):
                if ch not in _CHARS:
                    why = _("arena {arena}: row {row} col {col}: bad {char!r}")
                    raise ArenaError(why.format(arena=raw.get("id"), row=row, col=col, char=ch))
                terrain[(col, row)] = _CHARS[ch]
        grid = HexGrid(
            width,
            height,
            str(raw.get("stagger_axis", "y")),
            str(raw.get("stagger_index", "odd")),
            int(raw.get("tile_width", 64)),
            int(raw.get("tile_height", 64)),
            int(raw.get("hex_side_length", 32)),
        )
        arena = cls(
            str(raw.get("id", "custom")),
            grid,
            terrain,
            {int(k): _cell(v) for k, v in raw["gates"].items()},
            {int(k): _cell(v) for k, v in raw["beacons"].items()},
            _cell(raw["centre"]),
            str(raw.get("title", "")),
        )
        problems = arena.problems()
        if problems:
            raise _problems_error(problems)
        return arena

    def to_dict(self) -> dict[str, Any]:
        g = self.grid
        rows = []
        for row in range(g.height):
            rows.append(
                "".join(_CHAR_OF[self.terrain.get((col, row), "void")] for col in range(g.width))
            )
        return {
            "id": self.id,
            "title": self.title,
            "width": g.width,
            "height": g.height,
            "stagger_axis": g.stagger_axis,
            "stagger_index": g.stagger_index,
            "tile_width": g.tile_width,
            "tile_height": g.tile_height,
            "hex_side_length": g.hex_side_length,
            "rows": rows,
            "gates": {n: list(c) for n, c in self.gates.items()},
            "beacons": {n: list(c) for n, c in self.beacons.items()},
            "centre": list(self.centre),
        }

    @classmethod
    def from_board(cls, board: Any, arena_id: str) -> Arena:
        """Build from a loaded Tiled board (see riotsim.core.tiled); raises ArenaError."""
        problems, parts = _read_board(board)
        if problems:
            raise _problems_error(problems)
        grid, terrain, gates, beacons, centre, title = parts
        arena = cls(arena_id, grid, terrain, gates, beacons, centre, title)
        problems = arena.problems()
        if problems:
            raise _problems_error(problems)
        return arena

    # -- validation --------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Everything that makes this arena unplayable (empty when fine)."""
        out: list[str] = []
        for table, numbered, on_open in (
            (
                self.gates,
                N_("needs spawn gates numbered 1-6, found {found}"),
                N_("spawn gate {n} at {cell} must be on an open hex (found {terrain})"),
            ),
            (
                self.beacons,
                N_("needs beacons numbered 1-6, found {found}"),
                N_("beacon {n} at {cell} must be on an open hex (found {terrain})"),
            ),
        ):
            if sorted(table) != [1, 2, 3, 4, 5, 6]:
                out.append(_said(numbered, found=sorted(table)))
            for n, cell in table.items():
                t = self.terrain.get(cell)
                if t != "open":
                    out.append(_said(on_open, n=n, cell=cell, terrain=t))
        if self.centre not in self.terrain or self.terrain[self.centre] != "open":
            out.append(_said(N_("centre {cell} must be an open hex"), cell=self.centre))
        elif self.centre in self.blocked:
            out.append(_said(N_("centre {cell} may not be a gate or beacon"), cell=self.centre))
        free = [c for c in self.cells if c not in self.blocked]
        for n, cell in self.gates.items():
            if not any(x not in self.blocked for x in self.nbrs.get(cell, ())):
                why = N_("spawn gate {n} at {cell} has no free hex next to it")
                out.append(_said(why, n=n, cell=cell))
        if free and self.centre in self.terrain:
            seen = {self.centre}
            todo = [self.centre]
            while todo:
                c = todo.pop()
                for x in self.nbrs[c]:
                    if x not in seen and x not in self.blocked:
                        seen.add(x)
                        todo.append(x)
            cut = [c for c in free if c not in seen]
            if cut:
                out.append(_unreachable(cut))
        return out


def _unreachable(cut: list[Cell]) -> Said:
    # (the English has always said "hexes" for one as well)
    n, cells = len(cut), cut[:5]
    english = f"{n} walkable hexes unreachable from the centre: {cells}"
    return Said(
        english,
        lambda: ngettext(
            "{n} walkable hexes unreachable from the centre: {cells}",
            "{n} walkable hexes unreachable from the centre: {cells}",
            n,
        ).format(n=n, cells=cells),
    )


def _cell(raw: Any) -> Cell:
    col, row = raw
    return int(col), int(row)


def _get(obj: Any, key: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key, default)
    return getattr(obj, key, default)


def _read_board(board: Any) -> tuple[list[str], Any]:
    """Pull grid, terrain and features out of a tiled Board (duck-typed, plain data)."""
    problems: list[str] = []
    if getattr(board, "orientation", None) != "hexagonal":
        return [_said(N_("an arena must be a hexagonal map"))], None
    try:
        grid = board.hex_grid()
    except Exception as exc:  # the grid's own error text is the message we want
        return [_said(N_("not a usable hexagonal map: {problem}"), problem=exc)], None
    terrain: dict[Cell, str] = {}
    for row in range(grid.height):
        for col in range(grid.width):
            t = board.tile_property((col, row), "terrain")
            if t is None:
                continue
            if t not in TERRAINS:
                why = N_("tile at ({col},{row}): unknown terrain {terrain!r}")
                problems.append(_said(why, col=col, row=row, terrain=t))
                continue
            terrain[(col, row)] = t
    for row in range(grid.height):
        for col in range(grid.width):
            terrain.setdefault((col, row), "void")
    gates: dict[int, Cell] = {}
    beacons: dict[int, Cell] = {}
    centres: list[Cell] = []
    for obj in _get(board, "objects") or []:
        kind = _get(obj, "kind")
        cell = _get(obj, "cell")
        name = _get(obj, "name") or kind
        if kind not in ("spawn_gate", "beacon", "centre"):
            continue
        if cell is None:
            problems.append(
                _said(N_("object {name!r} ({kind}) is not on a hex"), name=name, kind=kind)
            )
            continue
        cell = _cell(cell)
        if kind == "centre":
            centres.append(cell)
            continue
        number = (_get(obj, "properties") or {}).get("number")
        if not isinstance(number, int) or not 1 <= number <= 6:
            why = N_("{kind} {name!r} needs an int property number 1-6 (got {number!r})")
            problems.append(_said(why, kind=kind, name=name, number=number))
            continue
        table = gates if kind == "spawn_gate" else beacons
        if number in table:
            problems.append(
                _said(N_("{kind} number {number} appears twice"), kind=kind, number=number)
            )
        table[number] = cell
    if len(centres) != 1:
        why = N_("needs exactly one centre object, found {n}")
        problems.append(_said(why, n=len(centres)))
    title = str((_get(board, "properties") or {}).get("title", ""))
    return problems, (grid, terrain, gates, beacons, centres[0] if centres else (0, 0), title)


# the object kinds of an arena map and the properties each uses
MAP_KINDS = {
    "spawn_gate": frozenset({"number"}),
    "beacon": frozenset({"number"}),
    "centre": frozenset[str](),
}


def board_problems(board: Any, path: str) -> list[Problem]:
    """Riot Quest checks of a loaded Tiled arena (``Ruleset.check_board``)."""
    from riotsim.core.checks import object_kind_problems, tiles_without

    problems, parts = _read_board(board)
    out = object_kind_problems(board, path, MAP_KINDS) + tiles_without(board, path, "terrain")
    # the arena's own checks run beside the reading ones (not around a missing centre)
    if parts is not None and not any("centre object" in p for p in problems):
        grid, terrain, gates, beacons, centre, title = parts
        try:
            arena = Arena("check", grid, terrain, gates, beacons, centre, title)
            problems = problems + [p for p in arena.problems() if p not in problems]
        except Exception as exc:
            problems = problems or [_said(N_("cannot build the arena: {problem}"), problem=exc)]
    out += [Problem(path, _place_in(board, p), said(p)) for p in problems]
    if not out and parts is not None:
        out += [warning(path, _place_in(board, w), said(w)) for w in lopsided_gates(arena)]
    return out


LOPSIDED = 2 / 3  # a gate this much nearer than the others' average is lopsided


def lopsided_gates(arena: Arena) -> list[str]:
    """Warnings for gates much nearer the centre, or their nearest beacon, than the others."""
    out: list[str] = []
    for warn, reach in (
        (
            N_(
                "spawn gate {n} is {d} hexes from the centre, the other gates {mean} on "
                "average: a lopsided design"
            ),
            lambda cell: arena.distance(cell, arena.centre),
        ),
        (
            N_(
                "spawn gate {n} is {d} hexes from a beacon, the other gates {mean} on "
                "average: a lopsided design"
            ),
            lambda cell: min(arena.distance(cell, b) for b in arena.beacons.values()),
        ),
    ):
        far = {n: reach(cell) for n, cell in arena.gates.items()}
        for n, d in sorted(far.items()):
            others = [v for m, v in far.items() if m != n]
            mean = sum(others) / len(others) if others else 0
            if others and d < LOPSIDED * mean:
                out.append(_said(warn, n=n, d=d, mean=f"{mean:.1f}"))
    return out


_FEATURE = re.compile(r"\b(spawn gate|spawn_gate|beacon) (?:number )?(\d)\b|\b(centre)\b")
_CELL = re.compile(r"\((\d+), ?(\d+)\)")


def _place_in(board: Any, message: str) -> str:
    """The place a Riot Quest message is about: the gate, beacon or centre object it names
    (``object 7 'Treasure Beacon 1'``), else the first cell it names, else the whole map."""
    from riotsim.core.checks import object_place

    found = _FEATURE.search(message)
    if found:
        kind = "centre" if found.group(3) else found.group(1).replace(" ", "_")
        for obj in _get(board, "objects") or []:
            number = (_get(obj, "properties") or {}).get("number")
            if obj.kind == kind and (kind == "centre" or str(number) == found.group(2)):
                return object_place(obj)
    cell = _CELL.search(message)
    return f"cell ({cell.group(1)},{cell.group(2)})" if cell else ""


# ---------------------------------------------------------------------------------------------
# Arenas by id: shipped Tiled maps under maps/riotquest/, plus arenas registered from positions.

_REGISTERED: dict[str, Arena] = {}


def register(arena: Arena) -> Arena:
    _REGISTERED[arena.id] = arena
    return arena


def arena_ids() -> list[str]:
    from riotsim.paths import maps_dir

    folder = maps_dir() / "riotquest"
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.tmx"))


@cache
def _load_shipped(arena_id: str) -> Arena:
    from riotsim.core import tiled
    from riotsim.paths import maps_dir

    path = maps_dir() / "riotquest" / f"{arena_id}.tmx"
    if not path.is_file():
        why = _("no arena {arena!r} (looked for {path})")
        raise ArenaError(why.format(arena=arena_id, path=path))
    board = tiled.load_board(path)
    return Arena.from_board(board, arena_id)


def get_arena(arena_id: str) -> Arena:
    """A shipped arena by id, a registered one, or a designer's map file by path (``.tmx``)."""
    if arena_id.endswith(".tmx"):
        return _load_file(arena_id)
    found = _REGISTERED.get(arena_id)
    if found is not None:
        return found
    return _load_shipped(arena_id)


_FILE_STAMPS: dict[str, tuple[int, int]] = {}


def _load_file(path_text: str) -> Arena:
    """An arena from a map file anywhere on disk, read again when the file changed. It is then
    registered under its path, so positions of a game on it may name it (and nothing else)."""
    from pathlib import Path

    from riotsim.core import tiled
    from riotsim.core.mapfiles import located

    path = Path(located(path_text))
    try:
        stat = path.stat()
    except OSError:
        raise ArenaError(_("{path}: no such map file").format(path=path)) from None
    stamp = (stat.st_mtime_ns, stat.st_size)
    found = _REGISTERED.get(path_text)
    if found is not None and _FILE_STAMPS.get(path_text) == stamp:
        return found
    arena = Arena.from_board(tiled.load_board(path), path_text)
    _FILE_STAMPS[path_text] = stamp
    return register(arena)


def arena_title(arena_id: str) -> str:
    """The display title of an arena (the map property ``title``), read without building the
    arena: the setup screen lists every map and must not load them all."""
    found = _REGISTERED.get(arena_id)
    if found is not None:
        return found.title
    return _shipped_title(arena_id)


@cache
def _shipped_title(arena_id: str) -> str:
    from xml.etree.ElementTree import ParseError

    from defusedxml.ElementTree import iterparse

    from riotsim.paths import maps_dir

    fallback = arena_id.replace("_", " ").replace("-", " ").strip().capitalize() or arena_id
    path = maps_dir() / "riotquest" / f"{arena_id}.tmx"
    if not path.is_file():
        return fallback
    depth = 0
    try:
        # only the map's own <properties>, which Tiled writes before any tileset or layer
        for event, el in iterparse(str(path), events=("start", "end")):
            if event == "start":
                depth += 1
                if depth == 2 and el.tag in ("tileset", "layer", "objectgroup", "group"):
                    break
                continue
            depth -= 1
            if el.tag == "property" and depth == 2 and el.get("name") == "title":
                return el.get("value") or el.text or fallback
            if el.tag == "properties" and depth == 1:
                break
    except (ParseError, OSError, ValueError):
        return fallback
    return fallback
