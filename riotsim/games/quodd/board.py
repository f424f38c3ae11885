"""The play area: 9x9 board sections and 2x9 start zones composed side by side.

Ground is ``floor``, ``water`` or ``pit``; everything else on a square is a :class:`Token`
(walls are tokens that sit on a square, not edges between squares). Sections remember where
they sit and how they were turned, so a rotate-board effect can turn one 9x9 section with
everything on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import PositionError
from riotsim.core.fields import Reader
from riotsim.core.squaregrid import rotate_cell, rotated_size
from riotsim.games.quodd.directions import ALL, Cell, rotate, step

GROUNDS = ("floor", "water", "pit")

# Token kinds the rules know. Scenario tokens are never destroyed or covered.
SCENARIO_KINDS = frozenset(
    {
        "respawn",
        "rally",
        "drop_zone",
        "start",
        "character",
        "crystal",
        "switch",
        "trap_door",
        "rotate_switch",
        "connection",
        "current",
        "whirlpool",
        "impassable",
    }
)
# Reveal tokens: taken off the board when a hero reaches them, with an effect.
REVEAL_KINDS = frozenset({"explore", "food", "item", "pet", "rune", "upgrade", "treasure"})
# Tokens a hero may place or that secret tokens may hide.
PLACEABLE_KINDS = frozenset(
    {
        "wall",
        "broken_wall",
        "spring",
        "super_spring",
        "teleporter",
        "super_teleporter",
        "tunnel",
        "pit",
        "q_token",
        "rearrange",
        "rotate_board",
        "secret",
    }
    | REVEAL_KINDS
)
KINDS = SCENARIO_KINDS | PLACEABLE_KINDS
# Movement flags of a square (Board.codes).
WALL, IMPASSABLE, PIT, ACTIVE = 1, 2, 4, 8
OPEN_DOOR, CLOSED_DOOR = 16, 32
# Tokens with an effect when a hero reaches their square (the engine's element handlers).
ACTIVE_KINDS = frozenset(
    {"crystal", "drop_zone", "rally", "character", "switch", "rotate_switch", "current"}
    | {"whirlpool", "spring", "super_spring", "teleporter", "super_teleporter", "tunnel"}
    | {"connection", "q_token", "rearrange", "secret", "rotate_board"}
    | REVEAL_KINDS
)
# Tokens that carry a direction and turn with their section.
DIRECTED_KINDS = frozenset({"current"})


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    props: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, kind: str, **props: Any) -> Token:
        return cls(kind, tuple(sorted((k, v) for k, v in props.items() if v is not None)))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.props:
            if k == key:
                return v
        return default

    def with_props(self, **changes: Any) -> Token:
        props = dict(self.props)
        props.update(changes)
        return Token.make(self.kind, **props)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **dict(self.props)}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Token:
        raw = dict(raw)
        return cls.make(str(raw.pop("kind")), **raw)

    def label(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.props)
        return f"{self.kind}({extra})" if extra else self.kind


@dataclass(frozen=True, slots=True)
class Layout:
    """One side of a board or start zone as drawn: ground rows and tokens, unrotated."""

    id: str
    width: int
    height: int
    ground: tuple[tuple[str, ...], ...]  # ground[y][x]
    tokens: tuple[tuple[Cell, Token], ...] = ()
    start_zone: bool = False


@dataclass(slots=True)
class Section:
    layout: str
    x: int
    y: int
    width: int
    height: int
    rotation: int = 0  # quarter turns clockwise from the drawn layout

    def contains(self, cell: Cell) -> bool:
        return self.x <= cell[0] < self.x + self.width and self.y <= cell[1] < self.y + self.height

    def to_json(self) -> dict[str, Any]:
        return {
            "layout": self.layout,
            "x": self.x,
            "y": self.y,
            "w": self.width,
            "h": self.height,
            "rotation": self.rotation,
        }


def rotate_local(cell: Cell, width: int, height: int, quarter_turns: int) -> tuple[Cell, int, int]:
    """Turn a cell of a width x height block clockwise; returns the cell and the new size."""
    w, h = rotated_size((width, height), quarter_turns)
    return rotate_cell(cell, quarter_turns, (width, height)), w, h


def rotate_token(token: Token, quarter_turns: int) -> Token:
    direction = token.get("direction")
    if direction in ALL:
        return token.with_props(direction=rotate(direction, quarter_turns))
    return token


@dataclass(slots=True)
class Board:
    width: int
    height: int
    ground: dict[Cell, str] = field(default_factory=dict)
    tokens: dict[Cell, tuple[Token, ...]] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    # Per-square movement flags (WALL, IMPASSABLE, PIT, ACTIVE), built lazily. The dict is never
    # edited in place once built (copy-on-write), so board copies may share it.
    _codes: dict[Cell, int] | None = field(default=None, repr=False, compare=False)

    # -- building ------------------------------------------------------------------------
    @classmethod
    def compose(cls, placements: Iterable[tuple[Layout, int, int, int]]) -> Board:
        """Place layouts at (x, y) turned ``rotation`` quarter turns clockwise."""
        board = cls(0, 0)
        for layout, ox, oy, rotation in placements:
            _, w, h = rotate_local((0, 0), layout.width, layout.height, rotation)
            section = Section(layout.id, ox, oy, w, h, rotation % 4)
            for other in board.sections:
                if _overlap(section, other):
                    raise ValueError(f"board {layout.id} at ({ox},{oy}) overlaps {other.layout}")
            board.sections.append(section)
            for y in range(layout.height):
                for x in range(layout.width):
                    (lx, ly), _, _ = rotate_local((x, y), layout.width, layout.height, rotation)
                    board.ground[(ox + lx, oy + ly)] = layout.ground[y][x]
            for (x, y), token in layout.tokens:
                (lx, ly), _, _ = rotate_local((x, y), layout.width, layout.height, rotation)
                board.add((ox + lx, oy + ly), rotate_token(token, rotation))
            board.width = max(board.width, ox + w)
            board.height = max(board.height, oy + h)
        return board

    def copy(self) -> Board:
        return Board(
            self.width,
            self.height,
            # Ground and sections change only by rotate_section, which replaces them, so
            # copies share them; tokens are edited in place and are copied.
            self.ground,
            dict(self.tokens),
            self.sections,
            self._codes,
        )

    # -- movement flags --------------------------------------------------------------------
    def _code_of(self, cell: Cell) -> int:
        tokens = self.tokens.get(cell, ())
        code = 0
        walled = False
        for token in tokens:
            kind = token.kind
            if kind == "wall":
                code |= WALL
                walled = True
            elif kind == "broken_wall":
                walled = True
            elif kind == "impassable":
                if token.get("state", "up") == "up":
                    code |= IMPASSABLE
            elif kind == "pit":
                code |= PIT
            elif kind == "trap_door":
                code |= OPEN_DOOR if token.get("open", 0) else CLOSED_DOOR
            if kind in ACTIVE_KINDS:
                code |= ACTIVE
        # A wall (whole or broken) bridges a pit; a closed trap door is ground over one.
        if walled:
            code &= ~PIT
        elif code & OPEN_DOOR or (
            not code & (PIT | CLOSED_DOOR) and self.ground.get(cell) == "pit"
        ):
            code |= PIT
        return code & ~(OPEN_DOOR | CLOSED_DOOR)

    def codes(self) -> dict[Cell, int]:
        """Movement flags of every square of the board."""
        codes = self._codes
        if codes is None:
            codes = self._codes = {cell: self._code_of(cell) for cell in self.ground}
        return codes

    def _touch(self, cell: Cell) -> None:
        if self._codes is not None:
            codes = dict(self._codes)
            codes[cell] = self._code_of(cell)
            self._codes = codes

    # -- queries -------------------------------------------------------------------------
    def on_board(self, cell: Cell) -> bool:
        return cell in self.ground

    def cells(self) -> Iterator[Cell]:
        return iter(sorted(self.ground, key=lambda c: (c[1], c[0])))

    def at(self, cell: Cell) -> tuple[Token, ...]:
        return self.tokens.get(cell, ())

    def has(self, cell: Cell, kind: str) -> bool:
        return any(t.kind == kind for t in self.tokens.get(cell, ()))

    def first(self, cell: Cell, kind: str) -> Token | None:
        for token in self.tokens.get(cell, ()):
            if token.kind == kind:
                return token
        return None

    def number(self, cell: Cell, kind: str, default: Any = None) -> Any:
        """The ``number`` of the ``kind`` token at ``cell`` (``default`` if it has none)."""
        token = self.first(cell, kind)
        if token is None:
            raise KeyError(f"no {kind} at {cell}")
        return token.get("number", default)

    def find(self, kind: str) -> list[Cell]:
        return sorted(
            (c for c, toks in self.tokens.items() if any(t.kind == kind for t in toks)),
            key=lambda c: (c[1], c[0]),
        )

    def is_pit(self, cell: Cell) -> bool:
        """A square you fall into: pit ground or a pit token, unless a wall bridges it; an open
        trap door; never a closed one."""
        return bool(self.codes().get(cell, 0) & PIT)

    def is_wall(self, cell: Cell) -> bool:
        return bool(self.codes().get(cell, 0) & WALL)

    def is_impassable(self, cell: Cell) -> bool:
        return bool(self.codes().get(cell, 0) & IMPASSABLE)

    def section_index(self, cell: Cell) -> int | None:
        for i, section in enumerate(self.sections):
            if section.contains(cell):
                return i
        return None

    def neighbours(self, cell: Cell, directions: Iterable[str]) -> list[tuple[str, Cell]]:
        return [(d, step(cell, d)) for d in directions if step(cell, d) in self.ground]

    # -- changes -------------------------------------------------------------------------
    def add(self, cell: Cell, token: Token) -> None:
        self.tokens[cell] = self.tokens.get(cell, ()) + (token,)
        self._touch(cell)

    def remove(self, cell: Cell, token: Token) -> None:
        tokens = list(self.tokens.get(cell, ()))
        tokens.remove(token)
        if tokens:
            self.tokens[cell] = tuple(tokens)
        else:
            self.tokens.pop(cell, None)
        self._touch(cell)

    def replace(self, cell: Cell, old: Token, new: Token) -> None:
        tokens = list(self.tokens.get(cell, ()))
        tokens[tokens.index(old)] = new
        self.tokens[cell] = tuple(tokens)
        self._touch(cell)

    def rotate_section(self, index: int, quarter_turns: int) -> dict[Cell, Cell]:
        """Turn a square section with its ground and tokens; returns old cell -> new cell."""
        section = self.sections[index]
        if section.width != section.height:
            raise ValueError("only square board sections can be rotated")
        size = section.width
        mapping: dict[Cell, Cell] = {}
        for y in range(size):
            for x in range(size):
                (nx, ny), _, _ = rotate_local((x, y), size, size, quarter_turns)
                mapping[(section.x + x, section.y + y)] = (section.x + nx, section.y + ny)
        ground = {mapping[c]: self.ground[c] for c in mapping}
        tokens = {
            mapping[c]: tuple(rotate_token(t, quarter_turns) for t in self.tokens[c])
            for c in mapping
            if c in self.tokens
        }
        for c in mapping:
            self.tokens.pop(c, None)
        self.ground = {**self.ground, **ground}  # a new dict: copies share the old one
        self.tokens.update(tokens)
        turned = Section(
            section.layout,
            section.x,
            section.y,
            section.width,
            section.height,
            (section.rotation + quarter_turns) % 4,
        )
        self.sections = [turned if i == index else s for i, s in enumerate(self.sections)]
        self._codes = None
        return mapping

    # -- serialisation -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        rows = []
        for y in range(self.height):
            row = "".join(
                _GROUND_CHAR.get(self.ground.get((x, y), ""), " ") for x in range(self.width)
            )
            rows.append(row)
        return {
            "width": self.width,
            "height": self.height,
            "ground": rows,
            "sections": [s.to_json() for s in self.sections],
            "tokens": [
                {"at": [c[0], c[1]], **t.to_json()}
                for c in self.cells()
                for t in self.tokens.get(c, ())
            ],
        }

    @classmethod
    def from_json(cls, raw: Any, path: str = "board") -> Board:
        """A board read from untrusted JSON: sizes in range, known ground and token kinds,
        every token and section on the board (PositionError names the field)."""
        r = Reader(raw, path)
        board = cls(r.int("width", low=1, high=MAX_SIZE), r.int("height", low=1, high=MAX_SIZE))
        rows = r.texts("ground")
        if len(rows) != board.height:
            raise r.fail("ground", f"{len(rows)} rows; the board is {board.height} high")
        for y, row in enumerate(rows):
            if len(row) > board.width:
                raise PositionError(f"{r.where('ground')}[{y}]: wider than {board.width}")
            for x, ch in enumerate(row):
                if ch == " ":
                    continue
                if ch not in _CHAR_GROUND:
                    raise PositionError(f"{r.where('ground')}[{y}]: {ch!r} is not a ground")
                board.ground[(x, y)] = _CHAR_GROUND[ch]
        for s in r.items("sections", [], most=MAX_SIZE):
            board.sections.append(_read_section(s, board))
        for t in r.items("tokens", [], most=MAX_TOKENS):
            at = t.pair("at")
            if at not in board.ground:
                raise t.fail("at", f"{list(at)} is not a square of the board")
            board.add(at, _read_token(t))
        return board


MAX_SIZE = 200
MAX_TOKENS = 20_000
TOKEN_PROPERTIES = ("direction", "link", "colour", "number", "hidden", "state", "open")


def _read_section(s: Reader, board: Board) -> Section:
    x = s.int("x", low=0, high=board.width - 1)
    y = s.int("y", low=0, high=board.height - 1)
    section = Section(
        s.text("layout"),
        x,
        y,
        s.int("w", low=1, high=board.width - x),
        s.int("h", low=1, high=board.height - y),
        s.int("rotation", 0, low=0, high=3),
    )
    for cy in range(section.y, section.y + section.height):
        for cx in range(section.x, section.x + section.width):
            if (cx, cy) not in board.ground:
                raise PositionError(f"{s.path}: square [{cx}, {cy}] of the section has no ground")
    return section


def _read_token(t: Reader) -> Token:
    kind = t.choice("kind", sorted(KINDS))
    props: dict[str, Any] = {}
    for key in t.data:
        if key in ("at", "kind"):
            continue
        if key not in TOKEN_PROPERTIES:
            raise t.fail(key, f"is not a token property ({', '.join(TOKEN_PROPERTIES)})")
        if key == "direction":
            props[key] = t.choice(key, ALL)
        elif key == "number":
            props[key] = t.int(key, low=-1000, high=1000)
        elif key == "open":
            props[key] = t.choice(key, (0, 1))
        elif key == "state":
            props[key] = t.choice(key, ("up", "down"))
        elif key == "hidden":
            props[key] = t.choice(key, sorted(KINDS - {"secret"}))
        else:  # link, colour: a name
            value = t.raw(key)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > 40
            ):
                raise t.fail(key, f"{value!r:.60} is not a short name")
            props[key] = value
    return Token.make(kind, **props)


_GROUND_CHAR = {"floor": ".", "water": "~", "pit": "#"}
_CHAR_GROUND = {v: k for k, v in _GROUND_CHAR.items()}


def _overlap(a: Section, b: Section) -> bool:
    return not (
        a.x + a.width <= b.x
        or b.x + b.width <= a.x
        or a.y + a.height <= b.y
        or b.y + b.height <= a.y
    )
