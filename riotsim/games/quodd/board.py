"""The play area: 9x9 board sections and 2x9 start zones composed side by side.

Ground is ``floor``, ``water`` or ``pit``; everything else on a square is a :class:`Token`
(walls are tokens that sit on a square, not edges between squares). Sections remember where
they sit and how they were turned, so a rotate-board effect can turn one 9x9 section with
everything on it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import PositionError
from riotsim.core.fields import Reader
from riotsim.core.squaregrid import rotate_cell, rotated_size
from riotsim.games.quodd.directions import ALL, DIAGONAL, ORTHOGONAL, Cell, rotate, step
from riotsim.i18n import _

_new = object.__new__

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
        "emitter",
        "reflector",
        "rotator",
        "mover",
        "power_block",
    }
)
# Beam walls and gadgets (spec 11.1): impassable, never destroyed.
BEAM_KINDS = frozenset({"emitter", "reflector", "rotator", "mover"})
# Pieces that move in upkeep and block like heroes (spec 11.1): a resting bomb, a sheep.
PIECE_KINDS = frozenset({"bomb", "sheep"})
# Tokens whose reaching a square is resolved by a piece_arrive frame (engine.piece_arrive).
ARRIVING_PIECES = ("sheep", "crystal")
# End-of-Round Board Upkeep moves these kinds, in this order (L345-352).
UPKEEP_ORDER = ("bombs", "platforms", "beams", "sheep")
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
        "cannon",
    }
    | REVEAL_KINDS
)
KINDS = SCENARIO_KINDS | PLACEABLE_KINDS | PIECE_KINDS
# Movement flags of a square (Board.codes).
WALL, IMPASSABLE, PIT, ACTIVE = 1, 2, 4, 8
OPEN_DOOR, CLOSED_DOOR = 16, 32
PIECE = 64  # a sheep or a resting bomb on the square
# Tokens with an effect when a hero reaches their square (the engine's element handlers;
# parts A and B add cannon and sheep here together with their handlers).
ACTIVE_KINDS = frozenset(
    {"crystal", "drop_zone", "rally", "character", "switch", "rotate_switch", "current"}
    | {"whirlpool", "spring", "super_spring", "teleporter", "super_teleporter", "tunnel"}
    | {"connection", "q_token", "rearrange", "secret", "rotate_board"}
    | {"cannon"}
    | {"sheep"}  # part B: a hero landing on a sheep picks it up (sheep.h_sheep)
    | REVEAL_KINDS
)
# Tokens that carry a direction and turn with their section.
DIRECTED_KINDS = frozenset({"current", "bomb", "sheep", "cannon", "emitter", "reflector", "mover"})
# Directions each directed kind may hold (reflectors face a diagonal: their front).
ORTHOGONAL_KINDS = frozenset({"bomb", "sheep", "cannon", "emitter", "mover"})
BOMB_TYPES = ("standard", "fire", "ice")
SHEEP_COLOURS = ("grey", "white", "black")
SPINS = ("cw", "ccw")
MOTIONS = ("slide", "rotate", "none")


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
    # Moving platforms drawn on the map (spec 11.5), in layout squares; ``beneath`` holds each
    # square's base ground (the map's tile), the platform's own ground is floor.
    platforms: tuple[Platform, ...] = ()


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


@dataclass(frozen=True, slots=True)
class Platform:
    """A moving platform (spec 11.2): the squares it covers now and how it moves; ``beneath``
    keeps what it covers (base ground and tokens) per square, restored when it moves off."""

    id: str
    cells: tuple[Cell, ...]  # sorted (y, x)
    motion: str  # MOTIONS: "slide" | "rotate" | "none"
    direction: str | None = None  # slide: the arrow (N E S W)
    spin: str | None = None  # rotate: "cw" | "ccw"
    pivot: Cell | None = None  # rotate: the rotating token's square (one of cells)
    beneath: tuple[tuple[Cell, str, tuple[Token, ...]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "cells": [[c[0], c[1]] for c in self.cells],
            "motion": self.motion,
        }
        if self.direction is not None:
            out["direction"] = self.direction
        if self.spin is not None:
            out["spin"] = self.spin
        if self.pivot is not None:
            out["pivot"] = [self.pivot[0], self.pivot[1]]
        out["beneath"] = [
            {"at": [c[0], c[1]], "ground": g, "tokens": [t.to_json() for t in toks]}
            for c, g, toks in self.beneath
        ]
        return out


@dataclass(slots=True)
class Board:
    width: int
    height: int
    ground: dict[Cell, str] = field(default_factory=dict)
    tokens: dict[Cell, tuple[Token, ...]] = field(default_factory=dict)
    sections: list[Section] = field(default_factory=list)
    # Beams (spec 11.3): the squares lit by the last trace and the parts it hits, as
    # (cell, "front" | "back") pairs; empty means no beam. Change them through set_beams.
    lit: frozenset[Cell] = frozenset()
    hits: frozenset[tuple[Cell, str]] = frozenset()
    # Bumped by every change that may change a beam, so beams are retraced only when needed.
    beam_version: int = 0
    # Moving platforms (spec 11.2), replaced (never edited) when they move; empty means none.
    platforms: list[Platform] = field(default_factory=list)
    # Per-square movement flags (WALL, IMPASSABLE, PIT, ACTIVE), built lazily. The dict is never
    # edited in place once built (copy-on-write), so board copies may share it.
    _codes: dict[Cell, int] | None = field(default=None, repr=False, compare=False)
    # How many tokens of each kind the board holds, built lazily and kept by add, remove and
    # replace (moving tokens, as platforms and section turns do, changes no count); never
    # edited in place once built, so copies may share it, like the flags.
    _counts: dict[str, int] | None = field(default=None, repr=False, compare=False)

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
            for platform in layout.platforms:
                board._lay_platform(platform, layout, ox, oy, rotation)
        return board

    def _lay_platform(
        self, platform: Platform, layout: Layout, ox: int, oy: int, turns: int
    ) -> None:
        """A layout's platform placed with its layout: squares, pivot, arrow turned."""

        def place(cell: Cell) -> Cell:
            (lx, ly), _, _ = rotate_local(cell, layout.width, layout.height, turns)
            return (ox + lx, oy + ly)

        mapping = {c: place(c) for c in platform.cells}
        beneath = tuple((mapping[c], g, toks) for c, g, toks in platform.beneath)
        ident = f"p{len(self.platforms) + 1}"
        moved = _moved(platform, mapping, turns, beneath)
        self.platforms.append(
            Platform(
                ident, moved.cells, moved.motion, moved.direction, moved.spin, moved.pivot, beneath
            )
        )
        ground = dict(self.ground)
        for cell in mapping.values():
            ground[cell] = "floor"
        self.ground = ground
        self._codes = None

    def copy(self) -> Board:
        out = _new(Board)  # every slot set here (bots copy a state for every action they try)
        out.width = self.width
        out.height = self.height
        # Ground and sections change only by rotate_section, which replaces them, so copies
        # share them; tokens are edited in place and are copied.
        out.ground = self.ground
        out.tokens = self.tokens.copy()
        out.sections = self.sections
        out.lit = self.lit
        out.hits = self.hits
        out.beam_version = self.beam_version
        out.platforms = self.platforms[:]
        out._codes = self._codes
        out._counts = self._counts
        return out

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
            elif kind in BEAM_KINDS:
                code |= IMPASSABLE
            elif kind in PIECE_KINDS:
                code |= PIECE
            elif kind == "power_block" and any(t.kind == "crystal" for t in tokens):
                code |= IMPASSABLE  # an active power block
            if kind in ACTIVE_KINDS:
                code |= ACTIVE
        if cell in self.lit:
            code |= IMPASSABLE
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

    def kinds_present(self) -> Collection[str]:
        """Every kind of token on the board (the upkeep steps and hooks ask it first, so a
        board without sheep or beams costs them no scan)."""
        counts = self._counts
        if counts is None:
            counts = {}
            for tokens in self.tokens.values():
                for t in tokens:
                    counts[t.kind] = counts.get(t.kind, 0) + 1
            self._counts = counts
        return counts.keys()

    def _count(self, kind: str, delta: int) -> None:
        if self._counts is None:
            return  # counted when first asked
        counts = dict(self._counts)
        left = counts.get(kind, 0) + delta
        if left:
            counts[kind] = left
        else:
            counts.pop(kind, None)
        self._counts = counts

    def _touch(self, cell: Cell) -> None:
        if self._codes is not None:
            codes = dict(self._codes)
            codes[cell] = self._code_of(cell)
            self._codes = codes

    def set_beams(self, lit: Iterable[Cell], hits: Iterable[tuple[Cell, str]]) -> None:
        """Store a new beam trace (the lit squares are impassable)."""
        self.lit = frozenset(lit)
        self.hits = frozenset(hits)
        self._codes = None

    def platform_at(self, cell: Cell) -> int | None:
        """The index in ``platforms`` of the platform covering ``cell``, if any."""
        for i, platform in enumerate(self.platforms):
            if cell in platform.cells:
                return i
        return None

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
        """The squares holding a ``kind`` token, north to south then west to east."""
        if kind not in self.kinds_present():  # most boards have no bombs, sheep or beams
            return []
        return sorted(
            (c for c, toks in self.tokens.items() if any(t.kind == kind for t in toks)),
            key=lambda c: (c[1], c[0]),
        )

    def is_pit(self, cell: Cell) -> bool:
        """A square you fall into: pit ground or a pit token, unless a wall bridges it; an open
        trap door; never a closed one."""
        codes = self._codes  # (codes() inlined: a hot path)
        return bool((self.codes() if codes is None else codes).get(cell, 0) & PIT)

    def is_wall(self, cell: Cell) -> bool:
        codes = self._codes
        return bool((self.codes() if codes is None else codes).get(cell, 0) & WALL)

    def is_impassable(self, cell: Cell) -> bool:
        codes = self._codes
        return bool((self.codes() if codes is None else codes).get(cell, 0) & IMPASSABLE)

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
        self._count(token.kind, 1)

    def remove(self, cell: Cell, token: Token) -> None:
        tokens = list(self.tokens.get(cell, ()))
        tokens.remove(token)
        if tokens:
            self.tokens[cell] = tuple(tokens)
        else:
            self.tokens.pop(cell, None)
        self._touch(cell)
        self._count(token.kind, -1)

    def replace(self, cell: Cell, old: Token, new: Token) -> None:
        tokens = list(self.tokens.get(cell, ()))
        tokens[tokens.index(old)] = new
        self.tokens[cell] = tuple(tokens)
        self._touch(cell)
        if old.kind != new.kind:
            self._count(old.kind, -1)
            self._count(new.kind, 1)

    def section_turnable(self, index: int) -> bool:
        """May this section turn: square, and no platform lying partly inside it (P13)?"""
        section = self.sections[index]
        if section.width != section.height:
            return False
        for platform in self.platforms:
            inside = [section.contains(c) for c in platform.cells]
            if any(inside) and not all(inside):
                return False
        return True

    def move_platform(self, index: int, mapping: dict[Cell, Cell], quarter_turns: int = 0) -> None:
        """Move platform ``index`` by ``mapping`` (each of its squares -> its new square), its
        floor and tokens riding, turned ``quarter_turns`` clockwise (spec 11.2): the squares it
        leaves get back what lay beneath, those it newly covers keep theirs beneath it."""
        platform = self.platforms[index]
        old = {c: (g, toks) for c, g, toks in platform.beneath}
        top = {c: (self.ground[c], self.tokens.get(c, ())) for c in platform.cells}
        ground = dict(self.ground)  # a new dict: copies share the old one
        beneath = []
        for cell in mapping.values():
            if cell in old:
                beneath.append((cell, *old[cell]))
            else:
                beneath.append((cell, ground[cell], self.tokens.get(cell, ())))
        for cell in platform.cells:
            if cell not in mapping.values():
                ground[cell], tokens = old[cell]
                self._set_tokens(cell, tokens)
        for cell, (g, tokens) in top.items():
            dest = mapping[cell]
            ground[dest] = g
            self._set_tokens(dest, tuple(rotate_token(t, quarter_turns) for t in tokens))
        self.ground = ground
        self.platforms[index] = _moved(platform, mapping, quarter_turns, tuple(beneath))
        self._codes = None

    def _set_tokens(self, cell: Cell, tokens: tuple[Token, ...]) -> None:
        if tokens:
            self.tokens[cell] = tokens
        else:
            self.tokens.pop(cell, None)

    def rotate_section(self, index: int, quarter_turns: int) -> dict[Cell, Cell]:
        """Turn a square section with its ground, tokens and the platforms wholly inside it
        (refused when one lies partly inside, P13); returns old cell -> new cell."""
        section = self.sections[index]
        if section.width != section.height:
            raise ValueError("only square board sections can be rotated")
        if not self.section_turnable(index):
            raise ValueError("a platform lies across the edge of this section")
        size = section.width
        mapping: dict[Cell, Cell] = {}
        for y in range(size):
            for x in range(size):
                (nx, ny), _, _ = rotate_local((x, y), size, size, quarter_turns)
                mapping[(section.x + x, section.y + y)] = (section.x + nx, section.y + ny)
        self.platforms = [
            _turned_in_section(p, mapping, quarter_turns) if p.cells[0] in mapping else p
            for p in self.platforms
        ]
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
            **self._extra_json(),
        }

    def _extra_json(self) -> dict[str, Any]:
        """Beams and platforms, written only when there are some (older saves stay as they were)."""
        out: dict[str, Any] = {}
        order = sorted(self.lit, key=lambda c: (c[1], c[0]))
        if self.lit:
            out["lit"] = [[c[0], c[1]] for c in order]
        if self.hits:
            hits = sorted(self.hits, key=lambda h: (h[0][1], h[0][0], h[1]))
            out["hits"] = [[c[0], c[1], side] for c, side in hits]
        if self.beam_version:
            out["beam_version"] = self.beam_version
        if self.platforms:
            out["platforms"] = [p.to_json() for p in self.platforms]
        return out

    @classmethod
    def from_json(cls, raw: Any, path: str = "board") -> Board:
        """A board read from untrusted JSON: sizes in range, known ground and token kinds,
        every token and section on the board (PositionError names the field)."""
        r = Reader(raw, path)
        board = cls(r.int("width", low=1, high=MAX_SIZE), r.int("height", low=1, high=MAX_SIZE))
        rows = r.texts("ground")
        if len(rows) != board.height:
            raise r.fail(
                "ground",
                _("{n} rows; the board is {height} high").format(n=len(rows), height=board.height),
            )
        for y, row in enumerate(rows):
            if len(row) > board.width:
                raise PositionError(
                    _("{ground}[{y}]: wider than {width}").format(
                        ground=r.where("ground"), y=y, width=board.width
                    )
                )
            for x, ch in enumerate(row):
                if ch == " ":
                    continue
                if ch not in _CHAR_GROUND:
                    raise PositionError(
                        _("{ground}[{y}]: {ch!r} is not a ground").format(
                            ground=r.where("ground"), y=y, ch=ch
                        )
                    )
                board.ground[(x, y)] = _CHAR_GROUND[ch]
        for s in r.items("sections", [], most=MAX_SIZE):
            board.sections.append(_read_section(s, board))
        for t in r.items("tokens", [], most=MAX_TOKENS):
            at = t.pair("at")
            if at not in board.ground:
                raise t.fail("at", _("{at} is not a square of the board").format(at=list(at)))
            board.add(at, read_token(t))
        _read_beams(r, board)
        for p in r.items("platforms", [], most=MAX_SIZE):
            board.platforms.append(_read_platform(p, board))
        return board


MAX_SIZE = 200
MAX_TOKENS = 20_000
TOKEN_PROPERTIES = (
    "direction",
    "link",
    "colour",
    "number",
    "hidden",
    "state",
    "open",
    "bomb",
    "on",
    "spin",
    "hero",  # a character token's hero (issue 13 part C)
)


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
                raise PositionError(
                    _("{path}: square [{cx}, {cy}] of the section has no ground").format(
                        path=s.path, cx=cx, cy=cy
                    )
                )
    return section


def read_token(t: Reader) -> Token:
    """A token read from untrusted JSON, its properties checked by kind (``at`` ignored)."""
    kind = t.choice("kind", sorted(KINDS))
    props: dict[str, Any] = {}
    for key in t.data:
        if key in ("at", "kind"):
            continue
        if key not in TOKEN_PROPERTIES:
            raise t.fail(
                key,
                _("is not a token property ({TOKEN_PROPERTIES})").format(
                    TOKEN_PROPERTIES=", ".join(TOKEN_PROPERTIES)
                ),
            )
        if key == "direction":
            props[key] = t.choice(key, _directions(kind))
        elif key == "number":
            props[key] = t.int(key, low=-1000, high=1000)
        elif key in ("open", "on"):
            props[key] = t.choice(key, (0, 1))
        elif key == "bomb":
            props[key] = t.choice(key, BOMB_TYPES)
        elif key == "spin":
            props[key] = t.choice(key, SPINS)
        elif key == "colour" and kind == "sheep":
            props[key] = t.choice(key, SHEEP_COLOURS)
        elif key == "state":
            props[key] = t.choice(key, ("up", "down"))
        elif key == "hidden":
            props[key] = t.choice(key, sorted(KINDS - {"secret"}))
        else:  # link, colour: a name
            value = t.raw(key)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, (str, int)) or len(str(value)) > 40
            ):
                raise t.fail(key, _("{value!r:.60} is not a short name").format(value=value))
            props[key] = value
    return Token.make(kind, **props)


def _directions(kind: str) -> tuple[str, ...]:
    if kind in ORTHOGONAL_KINDS:
        return ORTHOGONAL
    if kind == "reflector":
        return DIAGONAL
    return ALL


def _read_beams(r: Reader, board: Board) -> None:
    lit = []
    for i, pair in enumerate(r.list("lit", [], most=MAX_TOKENS)):
        lit.append(_square(pair, f"{r.where('lit')}[{i}]", board))
    hits = []
    for i, data in enumerate(r.list("hits", [], most=MAX_TOKENS)):
        where = f"{r.where('hits')}[{i}]"
        if not isinstance(data, list) or len(data) != 3 or data[2] not in ("front", "back"):
            raise PositionError(
                _("{where}: {data!r:.60} is not [x, y, front|back]").format(where=where, data=data)
            )
        hits.append((_square(data[:2], where, board), data[2]))
    board.beam_version = r.int("beam_version", 0, low=0, high=2**62)
    if lit or hits:
        board.set_beams(lit, hits)


def _square(data: Any, where: str, board: Board) -> Cell:
    if (
        not isinstance(data, list)
        or len(data) != 2
        or not all(type(v) is int for v in data)
        or (data[0], data[1]) not in board.ground
    ):
        raise PositionError(
            _("{where}: {data!r:.60} is not a square of the board").format(where=where, data=data)
        )
    return (data[0], data[1])


def _read_platform(p: Reader, board: Board) -> Platform:
    ident = p.text("id")
    if any(other.id == ident for other in board.platforms):
        raise p.fail("id", _("{ident!r}: another platform has this id").format(ident=ident))
    where = p.where("cells")
    cells = [
        _square(c, f"{where}[{i}]", board) for i, c in enumerate(p.list("cells", most=MAX_TOKENS))
    ]
    if not cells or len(set(cells)) != len(cells):
        raise p.fail("cells", _("a platform covers one or more distinct squares"))
    for cell in cells:
        if board.platform_at(cell) is not None:
            raise p.fail(
                "cells", _("{cell} is covered by another platform").format(cell=list(cell))
            )
    motion = p.choice("motion", MOTIONS)
    direction = p.choice("direction", ORTHOGONAL) if motion == "slide" else None
    spin = p.choice("spin", SPINS) if motion == "rotate" else None
    pivot = None
    if motion == "rotate":
        pivot = _square(p.raw("pivot"), p.where("pivot"), board)
        if pivot not in cells:
            raise p.fail(
                "pivot", _("{pivot} is not one of the platform's squares").format(pivot=list(pivot))
            )
    for key in ("direction", "spin", "pivot"):
        if key in p.data and {"direction": direction, "spin": spin, "pivot": pivot}[key] is None:
            raise p.fail(key, _("a {motion} platform has no {key}").format(motion=motion, key=key))
    beneath = []
    for b in p.items("beneath", [], most=MAX_TOKENS):
        at = _square(b.raw("at"), b.where("at"), board)
        ground = b.choice("ground", GROUNDS)
        tokens = tuple(read_token(t) for t in b.items("tokens", [], most=MAX_TOKENS))
        beneath.append((at, ground, tokens))
    if sorted(c for c, _, _ in beneath) != sorted(cells):
        raise p.fail("beneath", _("must give exactly the platform's squares, once each"))
    order = sorted(cells, key=lambda c: (c[1], c[0]))
    return Platform(ident, tuple(order), motion, direction, spin, pivot, tuple(beneath))


def _moved(
    platform: Platform,
    mapping: dict[Cell, Cell],
    quarter_turns: int,
    beneath: tuple[tuple[Cell, str, tuple[Token, ...]], ...],
) -> Platform:
    cells = tuple(sorted(mapping.values(), key=lambda c: (c[1], c[0])))
    direction = platform.direction
    if direction is not None:
        direction = rotate(direction, quarter_turns)
    pivot = None if platform.pivot is None else mapping[platform.pivot]
    return Platform(platform.id, cells, platform.motion, direction, platform.spin, pivot, beneath)


def _turned_in_section(platform: Platform, mapping: dict[Cell, Cell], turns: int) -> Platform:
    """A platform wholly inside a turning section, turned with it (what lies beneath too)."""
    beneath = tuple(
        (mapping[c], g, tuple(rotate_token(t, turns) for t in toks))
        for c, g, toks in platform.beneath
    )
    moved = {c: mapping[c] for c in platform.cells}
    return _moved(platform, moved, turns, beneath)


_GROUND_CHAR = {"floor": ".", "water": "~", "pit": "#"}
_CHAR_GROUND = {v: k for k, v in _GROUND_CHAR.items()}


def _overlap(a: Section, b: Section) -> bool:
    return not (
        a.x + a.width <= b.x
        or b.x + b.width <= a.x
        or a.y + a.height <= b.y
        or b.y + b.height <= a.y
    )
