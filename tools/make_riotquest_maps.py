"""Generate the Riot Quest arenas: Tiled .tmx maps, external .tsx tilesets and tileset PNGs.

Run from the repository root:  python3 tools/make_riotquest_maps.py [--preview DIR]

The output under maps/riotquest/ is a pure function of this file, so the arenas can be
rebuilt and reviewed as code. Arenas are designed in "doubled" hex coordinates relative to the
centre hex, (a, b): ``b`` counts rows (stagger axis y) or columns (stagger axis x) and ``a``
counts half-hexes along the other axis. Neighbours are (a +- 2, b) and (a +- 1, b +- 1), and
both mirror images (a -> -a, b -> -b) are hex symmetries, which makes symmetric layouts easy.

Thunderhead Fortress (stagger axis y, pointy hexes) is symmetric under both mirrors, so every
seat of a 2-4 player game sees the same fortress. Scrapyard (stagger axis x, flat hexes) is a
pinwheel: symmetric under a half turn only.

This tool may import pygame (it draws the tileset art); the game code never does.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

Cell = tuple[int, int]  # (a, b) doubled coordinates relative to the centre hex
RGB = tuple[int, int, int]

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "maps" / "riotquest"
TILED_VERSION = "1.10.2"
SIDE = 32  # hex side length in pixels
NARROW = 56  # the hex's width across flats, sqrt(3) * SIDE rounded
SS = 4  # supersampling factor for anti-aliased tile art

# Tile ids inside each tileset (same order in both tilesets).
FLOOR, FLOOR_ALT, OBSTACLE, BARRIER, VOID, GATE, BEACON, CENTRE = range(8)
TILE_TERRAIN = {
    FLOOR: ("open", "floor"),
    FLOOR_ALT: ("open", "floor"),
    OBSTACLE: ("obstacle", "rubble"),
    BARRIER: ("barrier", "wall"),
    VOID: ("void", "void"),
    GATE: ("open", "spawn_gate_pad"),
    BEACON: ("open", "beacon_pad"),
    CENTRE: ("open", "centre_emblem"),
}


# ---------------------------------------------------------------------------------------------
# Arena specifications
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Palette:
    floor: RGB
    floor_alt: RGB
    grout: RGB
    obstacle: RGB
    obstacle_bits: tuple[RGB, ...]
    barrier: RGB
    barrier_top: RGB
    void: RGB
    void_detail: RGB
    gate: RGB
    beacon: RGB
    emblem: RGB
    emblem_ring: RGB


@dataclass
class ArenaSpec:
    id: str
    title: str
    description: str
    stagger_axis: str  # "y": rows staggered (pointy hexes); "x": columns staggered (flat)
    stagger_index: str  # "odd" or "even"
    width: int  # tiles
    height: int
    centre: tuple[int, int]  # (col, row) of the centre hex
    playable: Callable[[int, int], bool]  # (a, b) relative -> inside the arena
    gates: list[Cell]  # numbered 1-6 in this order
    beacons: list[Cell]
    obstacles: set[Cell]
    barriers: set[Cell]
    palette: Palette
    style: str  # "fortress" or "scrapyard": selects the tile art motifs
    seed: int
    names: dict[str, str] = field(default_factory=dict)

    # -- geometry ------------------------------------------------------------------------
    @property
    def tile_size(self) -> tuple[int, int]:
        return (NARROW, 2 * SIDE) if self.stagger_axis == "y" else (2 * SIDE, NARROW)

    def shifted(self, b_abs: int) -> bool:
        odd = b_abs % 2 == 1
        return odd if self.stagger_index == "odd" else not odd

    def abs_ab(self, col: int, row: int) -> tuple[int, int]:
        if self.stagger_axis == "y":
            return 2 * col + self.shifted(row), row
        return 2 * row + self.shifted(col), col

    def rel(self, col: int, row: int) -> Cell:
        a, b = self.abs_ab(col, row)
        a0, b0 = self.abs_ab(*self.centre)
        return a - a0, b - b0

    def to_colrow(self, cell: Cell) -> tuple[int, int]:
        a0, b0 = self.abs_ab(*self.centre)
        a, b = cell[0] + a0, cell[1] + b0
        major = (a - self.shifted(b)) // 2
        return (major, b) if self.stagger_axis == "y" else (b, major)

    def pixel_centre(self, col: int, row: int) -> tuple[float, float]:
        """Centre of a hex in map pixels, exactly as Tiled lays out staggered hex tiles."""
        tw, th = self.tile_size
        if self.stagger_axis == "y":
            x = col * tw + (tw / 2 if self.shifted(row) else 0)
            y = row * (th + SIDE) / 2
        else:
            x = col * (tw + SIDE) / 2
            y = row * th + (th / 2 if self.shifted(col) else 0)
        return x + tw / 2, y + th / 2

    def pixel_size(self) -> tuple[int, int]:
        tw, th = self.tile_size
        if self.stagger_axis == "y":
            return self.width * tw + tw // 2, self.height * (th + SIDE) // 2 + (th - SIDE) // 2
        return self.width * (tw + SIDE) // 2 + (tw - SIDE) // 2, self.height * th + th // 2


def neighbours(cell: Cell) -> list[Cell]:
    a, b = cell
    return [(a + 2, b), (a - 2, b), (a + 1, b + 1), (a - 1, b + 1), (a + 1, b - 1), (a - 1, b - 1)]


def distance(p: Cell, q: Cell) -> int:
    da, db = abs(p[0] - q[0]), abs(p[1] - q[1])
    return db + max(0, (da - db) // 2)


def mirror4(cells: Iterable[Cell]) -> set[Cell]:
    """A quadrant's cells with both mirror images (Thunderhead's fourfold symmetry)."""
    out: set[Cell] = set()
    for a, b in cells:
        out |= {(a, b), (-a, b), (a, -b), (-a, -b)}
    return out


def mirror2(cells: Iterable[Cell]) -> set[Cell]:
    """Cells plus their half-turn images (Scrapyard's pinwheel symmetry)."""
    out: set[Cell] = set()
    for a, b in cells:
        out |= {(a, b), (-a, -b)}
    return out


THUNDERHEAD_PALETTE = Palette(
    floor=(104, 116, 132),
    floor_alt=(94, 106, 122),
    grout=(54, 60, 72),
    obstacle=(122, 104, 86),
    obstacle_bits=((150, 132, 110), (96, 82, 70), (170, 156, 136)),
    barrier=(60, 62, 80),
    barrier_top=(150, 154, 170),
    void=(18, 20, 36),
    void_detail=(44, 52, 96),
    gate=(64, 156, 255),
    beacon=(242, 190, 64),
    emblem=(232, 72, 60),
    emblem_ring=(246, 206, 96),
)

SCRAPYARD_PALETTE = Palette(
    floor=(140, 128, 108),
    floor_alt=(128, 117, 99),
    grout=(76, 68, 58),
    obstacle=(112, 86, 62),
    obstacle_bits=((160, 96, 52), (90, 96, 104), (184, 140, 80)),
    barrier=(40, 120, 122),
    barrier_top=(74, 160, 160),
    void=(22, 36, 26),
    void_detail=(70, 128, 52),
    gate=(64, 156, 255),
    beacon=(242, 190, 64),
    emblem=(230, 120, 40),
    emblem_ring=(240, 220, 180),
)


def thunderhead() -> ArenaSpec:
    """A walled keep around the centre, four corner towers, gates on the outer wall."""

    def playable(a: int, b: int) -> bool:
        return abs(b) <= 5 and abs(a) <= 12 and abs(a) + abs(b) <= 14

    gates = [(-7, -5), (7, -5), (12, 0), (7, 5), (-7, 5), (-12, 0)]
    beacons = [(0, -4), (6, -2), (6, 2), (0, 4), (-6, 2), (-6, -2)]
    # Quadrant (a >= 0, b >= 0) features, mirrored to all four quadrants.
    barriers = mirror4(
        [
            (3, 1), (2, 2),  # the keep's broken ring around the centre
            (9, 3), (10, 4), (11, 3),  # corner tower
            (3, 5),  # gatehouse pillar on the long wall
        ]
    )  # fmt: skip
    obstacles = mirror4(
        [
            (5, 3), (8, 2),  # rubble beside the side beacons
            (2, 4),  # cover near the long-wall beacon
            (6, 0),  # rubble on the road from the side gates
            (0, 2),  # collapsed stretch of the keep wall
        ]
    )  # fmt: skip
    return ArenaSpec(
        id="thunderhead",
        title="Thunderhead Fortress",
        description=(
            "A storm-lashed keep: a broken inner wall rings the centre, towers guard the "
            "corners and the six gates open onto the outer ramparts."
        ),
        stagger_axis="y",
        stagger_index="odd",
        width=15,
        height=13,
        centre=(7, 6),
        playable=playable,
        gates=gates,
        beacons=beacons,
        obstacles=obstacles,
        barriers=barriers,
        palette=THUNDERHEAD_PALETTE,
        style="fortress",
        seed=1717,
    )


def scrapyard() -> ArenaSpec:
    """Container stacks make crooked alleys; scrap heaps give cover on every route."""

    def playable(a: int, b: int) -> bool:
        # Stagger axis x: b counts columns (across), a counts half-hexes (down).
        return abs(b) <= 7 and abs(a) <= 11 and abs(a) + abs(b) <= 16

    gates = [(-11, 1), (-5, 7), (5, 7), (11, -1), (5, -7), (-5, -7)]
    beacons = [(-7, 3), (-1, 5), (6, 2), (7, -3), (1, -5), (-6, -2)]
    barriers = mirror2(
        [
            (-3, -1), (-4, -2), (-5, -3),  # container stack running out from the crane
            (0, -4), (2, -4),  # crane counterweights
            (-1, -7), (1, -7),  # wrecked van on the west fence
            (-9, -1),  # crusher block by the north gate
        ]
    )  # fmt: skip
    obstacles = mirror2(
        [
            (-1, 3), (-8, 2),  # scrap heaps beside beacons
            (-6, 0), (-2, 2),  # tyre piles
            (3, -3),  # crates
            (-10, -4), (-8, 6),  # barrels in the corners
        ]
    )  # fmt: skip
    return ArenaSpec(
        id="scrapyard",
        title="Rustbucket Scrapyard",
        description=(
            "A junkyard arena of our own design: container stacks bend every route into "
            "crooked alleys and scrap heaps give cover around each treasure beacon."
        ),
        stagger_axis="x",
        stagger_index="even",
        width=17,
        height=13,
        centre=(8, 6),
        playable=playable,
        gates=gates,
        beacons=beacons,
        obstacles=obstacles,
        barriers=barriers,
        palette=SCRAPYARD_PALETTE,
        style="scrapyard",
        seed=4242,
    )


ARENAS: list[Callable[[], ArenaSpec]] = [thunderhead, scrapyard]


# ---------------------------------------------------------------------------------------------
# Layout and validation
# ---------------------------------------------------------------------------------------------


def layout(spec: ArenaSpec) -> list[list[int]]:
    """Tile id per (row, col)."""
    special = {c: GATE for c in spec.gates} | {c: BEACON for c in spec.beacons}
    special[(0, 0)] = CENTRE
    rng = random.Random(spec.seed)
    grid: list[list[int]] = []
    for row in range(spec.height):
        line = []
        for col in range(spec.width):
            cell = spec.rel(col, row)
            if not spec.playable(*cell):
                tile = VOID
            elif cell in special:
                tile = special[cell]
            elif cell in spec.barriers:
                tile = BARRIER
            elif cell in spec.obstacles:
                tile = OBSTACLE
            else:
                tile = FLOOR_ALT if rng.random() < 0.22 else FLOOR
            line.append(tile)
        grid.append(line)
    return grid


def validate(spec: ArenaSpec) -> list[str]:
    """The generator's own sanity checks (the tests check the written files again)."""
    problems: list[str] = []
    cells = {spec.rel(c, r) for r in range(spec.height) for c in range(spec.width)}
    inside = {c for c in cells if spec.playable(*c)}
    features = [*spec.gates, *spec.beacons, (0, 0)]
    for cell in [*features, *spec.obstacles, *spec.barriers]:
        if cell not in inside:
            problems.append(f"{spec.id}: {cell} is outside the arena")
        if (cell[0] + cell[1]) % 2:
            problems.append(f"{spec.id}: {cell} is not a hex (a + b must be even)")
    if len(set(features)) != len(features):
        problems.append(f"{spec.id}: two features share a hex")
    clash = (set(features) & (spec.obstacles | spec.barriers)) | (spec.obstacles & spec.barriers)
    if clash:
        problems.append(f"{spec.id}: overlapping terrain at {sorted(clash)}")
    blocked = set(spec.gates) | set(spec.beacons) | spec.barriers
    walkable = inside - blocked
    start = next(iter(sorted(walkable)))
    seen = {start}
    todo = deque([start])
    while todo:
        for n in neighbours(todo.popleft()):
            if n in walkable and n not in seen:
                seen.add(n)
                todo.append(n)
    if seen != walkable:
        problems.append(f"{spec.id}: unreachable hexes {sorted(walkable - seen)}")
    for i, gate in enumerate(spec.gates, 1):
        free = [n for n in neighbours(gate) if n in walkable]
        if len(free) < 2:
            problems.append(f"{spec.id}: gate {i} has {len(free)} free neighbours")
    return problems


# ---------------------------------------------------------------------------------------------
# Tile art
# ---------------------------------------------------------------------------------------------


def hex_points(w: float, h: float, axis: str, inset: float = 0.0) -> list[tuple[float, float]]:
    cx, cy = w / 2, h / 2
    if axis == "y":  # pointy top
        pts = [(w / 2, 0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0, 3 * h / 4), (0, h / 4)]
    else:  # flat top
        pts = [(w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h), (0, h / 2)]
    if not inset:
        return pts
    out = []
    for x, y in pts:
        dx, dy = x - cx, y - cy
        length = math.hypot(dx, dy)
        k = (length - inset) / length
        out.append((cx + dx * k, cy + dy * k))
    return out


def shade(colour: RGB, k: float) -> RGB:
    if k >= 0:
        return tuple(round(c + (255 - c) * k) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * (1 + k)) for c in colour)  # type: ignore[return-value]


class TilePainter:
    """Draws one arena's eight tiles, supersampled, into a tileset image."""

    def __init__(self, spec: ArenaSpec):
        self.spec = spec
        self.pal = spec.palette
        self.axis = spec.stagger_axis
        self.w, self.h = spec.tile_size
        self.W, self.H = self.w * SS, self.h * SS
        self.rng = random.Random(spec.seed * 7 + 1)

    # helpers working in supersampled pixels
    def hexagon(self, inset: float = 0.0) -> list[tuple[float, float]]:
        return hex_points(self.W, self.H, self.axis, inset * SS)

    def base(self, colour: RGB) -> pygame.Surface:
        surf = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pygame.draw.polygon(surf, (*self.pal.grout, 255), self.hexagon())
        pygame.draw.polygon(surf, (*colour, 255), self.hexagon(1.5))
        # bevel: light upper edges, dark lower edges
        pts = self.hexagon(2.5)
        n = len(pts)
        for i in range(n):
            p, q = pts[i], pts[(i + 1) % n]
            upper = (p[1] + q[1]) / 2 < self.H / 2
            pygame.draw.line(
                surf, (*shade(colour, 0.18 if upper else -0.22), 255), p, q, int(1.5 * SS)
            )
        return surf

    def speckle(self, surf: pygame.Surface, colour: RGB, count: int, spread: float) -> None:
        for _ in range(count):
            x = self.rng.uniform(0.15, 0.85) * self.W
            y = self.rng.uniform(0.15, 0.85) * self.H
            k = self.rng.uniform(-spread, spread)
            r = self.rng.uniform(0.4, 1.2) * SS
            pygame.draw.circle(surf, (*shade(colour, k), 255), (x, y), r)

    def clip(self, surf: pygame.Surface, inset: float = 1.5) -> pygame.Surface:
        mask = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), self.hexagon(inset))
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return surf

    def finish(self, surf: pygame.Surface) -> pygame.Surface:
        return pygame.transform.smoothscale(surf, (self.w, self.h))

    # the tiles
    def floor(self, colour: RGB) -> pygame.Surface:
        surf = self.base(colour)
        detail = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        self.speckle(detail, colour, 60, 0.08)
        if self.spec.style == "fortress":
            # flagstone seams
            for _ in range(3):
                x0 = self.rng.uniform(0.2, 0.8) * self.W
                y0 = self.rng.uniform(0.25, 0.75) * self.H
                ang = self.rng.uniform(0, math.pi)
                ln = self.rng.uniform(0.15, 0.3) * self.W
                p = (x0 - math.cos(ang) * ln, y0 - math.sin(ang) * ln)
                q = (x0 + math.cos(ang) * ln, y0 + math.sin(ang) * ln)
                pygame.draw.line(detail, (*shade(colour, -0.18), 255), p, q, SS)
        else:
            # riveted deck plate seam
            y = self.H * self.rng.uniform(0.42, 0.58)
            pygame.draw.line(detail, (*shade(colour, -0.2), 255), (0, y), (self.W, y), SS)
            for fx in (0.3, 0.5, 0.7):
                pygame.draw.circle(
                    detail, (*shade(colour, 0.25), 255), (fx * self.W, y - 3 * SS), 1.3 * SS
                )
            if colour == self.pal.floor_alt:  # oil stain
                pygame.draw.ellipse(
                    detail,
                    (*shade(colour, -0.2), 90),
                    (0.3 * self.W, 0.55 * self.H, 0.35 * self.W, 0.18 * self.H),
                )
        surf.blit(self.clip(detail, 3), (0, 0))
        return self.finish(surf)

    def hazard_rim(self, surf: pygame.Surface) -> None:
        """Black and yellow hazard stripes along the rim: obstacles are marked this way."""
        stripes = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        stripes.fill((30, 28, 24, 255))
        step = 7 * SS
        for i in range(-self.H, self.W + self.H, step * 2):
            pygame.draw.polygon(
                stripes,
                (236, 190, 40, 255),
                [(i, 0), (i + step, 0), (i + step + self.H, self.H), (i + self.H, self.H)],
            )
        ring = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pygame.draw.polygon(ring, (255, 255, 255, 255), self.hexagon(1.5))
        pygame.draw.polygon(ring, (0, 0, 0, 0), self.hexagon(5.5))
        stripes.blit(ring, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(stripes, (0, 0))

    def obstacle(self) -> pygame.Surface:
        surf = self.base(shade(self.pal.floor, -0.1))
        self.hazard_rim(surf)
        heap = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        cx, cy = self.W / 2, self.H / 2
        for _ in range(14):
            colour = self.rng.choice(self.pal.obstacle_bits)
            r = self.rng.uniform(0.07, 0.13) * min(self.W, self.H)
            x = cx + self.rng.uniform(-0.2, 0.2) * self.W
            y = cy + self.rng.uniform(-0.16, 0.2) * self.H
            sides = self.rng.randint(4, 6) if self.spec.style == "fortress" else 4
            ang0 = self.rng.uniform(0, math.pi)
            pts = [
                (
                    x + r * math.cos(ang0 + k * 2 * math.pi / sides) * self.rng.uniform(0.7, 1.2),
                    y + r * math.sin(ang0 + k * 2 * math.pi / sides) * self.rng.uniform(0.7, 1.2),
                )
                for k in range(sides)
            ]
            shadow = [(px, py + SS) for px, py in pts]
            pygame.draw.polygon(heap, (*shade(colour, -0.35), 255), shadow)
            pygame.draw.polygon(heap, (*colour, 255), pts)
        surf.blit(self.clip(heap, 6), (0, 0))
        return self.finish(surf)

    def barrier(self) -> pygame.Surface:
        pal = self.pal
        surf = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pygame.draw.polygon(surf, (*shade(pal.barrier, -0.5), 255), self.hexagon())
        body = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        body.fill((*pal.barrier, 255))
        if self.spec.style == "fortress":
            # masonry courses
            brick_h = 8 * SS
            for i, y in enumerate(range(0, self.H, brick_h)):
                pygame.draw.line(body, (*shade(pal.barrier, -0.3), 255), (0, y), (self.W, y), SS)
                off = (i % 2) * 9 * SS
                for x in range(off, self.W, 18 * SS):
                    pygame.draw.line(
                        body, (*shade(pal.barrier, -0.3), 255), (x, y), (x, y + brick_h), SS
                    )
        else:
            # corrugated container side
            for x in range(0, self.W, 5 * SS):
                pygame.draw.line(
                    body, (*shade(pal.barrier, -0.25), 255), (x, 0), (x, self.H), int(1.5 * SS)
                )
            pygame.draw.rect(
                body, (*shade(pal.barrier, -0.35), 255), (0, 0.42 * self.H, self.W, 2 * SS)
            )
        surf.blit(self.clip(body, 1.5), (0, 0))
        # raised top face, lighter, offset upwards for a sense of height
        top = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pts = [(x, y - 5 * SS) for x, y in self.hexagon(7)]
        pygame.draw.polygon(top, (*pal.barrier_top, 255), pts)
        lines = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        mortar = (*shade(pal.barrier_top, -0.35), 255)
        if self.spec.style == "fortress":
            course = 7 * SS
            for i, y in enumerate(range(-course, self.H, course)):
                pygame.draw.line(lines, mortar, (0, y), (self.W, y), SS)
                for x in range((i % 2) * 6 * SS, self.W, 12 * SS):
                    pygame.draw.line(lines, mortar, (x, y), (x, y + course), SS)
        else:
            for x in range(2 * SS, self.W, 6 * SS):
                pygame.draw.line(lines, mortar, (x, 0), (x, self.H), SS)
        mask = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
        lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        top.blit(lines, (0, 0))
        pygame.draw.polygon(top, (*shade(pal.barrier_top, 0.3), 255), pts, int(1.2 * SS))
        surf.blit(self.clip(top, 1.5), (0, 0))
        return self.finish(surf)

    def void(self) -> pygame.Surface:
        pal = self.pal
        surf = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pygame.draw.polygon(surf, (*pal.void, 255), self.hexagon())
        detail = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        if self.spec.style == "fortress":
            for _ in range(10):  # distant storm clouds
                x, y = self.rng.uniform(0, self.W), self.rng.uniform(0, self.H)
                r = self.rng.uniform(0.08, 0.18) * self.W
                pygame.draw.circle(detail, (*pal.void_detail, 60), (x, y), r)
        else:
            for _ in range(9):  # bubbles of sludge
                x, y = self.rng.uniform(0, self.W), self.rng.uniform(0, self.H)
                r = self.rng.uniform(0.03, 0.08) * self.W
                pygame.draw.circle(detail, (*pal.void_detail, 110), (x, y), r, int(SS))
        surf.blit(self.clip(detail, 0), (0, 0))
        return self.finish(surf)

    def pad(self, colour: RGB) -> pygame.Surface:
        surf = self.base(shade(self.pal.floor, -0.05))
        cx, cy = self.W / 2, self.H / 2
        r = 0.34 * min(self.W, self.H)
        glow = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        for k in range(6, 0, -1):
            pygame.draw.circle(glow, (*colour, 18 * k), (cx, cy), r + (7 - k) * 1.2 * SS)
        pygame.draw.circle(glow, (*shade(colour, -0.45), 255), (cx, cy), r)
        pygame.draw.circle(glow, (*colour, 255), (cx, cy), r, int(2.5 * SS))
        pygame.draw.circle(glow, (*shade(colour, 0.5), 255), (cx, cy), r * 0.62, int(1.2 * SS))
        surf.blit(self.clip(glow, 2), (0, 0))
        return self.finish(surf)

    def centre(self) -> pygame.Surface:
        pal = self.pal
        surf = self.base(shade(pal.floor, 0.06))
        cx, cy = self.W / 2, self.H / 2
        r = 0.36 * min(self.W, self.H)
        emb = pygame.Surface((self.W, self.H), pygame.SRCALPHA)
        pygame.draw.circle(emb, (*pal.emblem_ring, 255), (cx, cy), r)
        pygame.draw.circle(emb, (*pal.emblem, 255), (cx, cy), r * 0.82)
        # an eight-pointed burst: the arena's emblem
        spikes = []
        for k in range(16):
            ang = k * math.pi / 8 - math.pi / 2
            rad = r * (0.68 if k % 2 == 0 else 0.3)
            spikes.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
        pygame.draw.polygon(emb, (*pal.emblem_ring, 255), spikes)
        pygame.draw.circle(emb, (*pal.emblem, 255), (cx, cy), r * 0.18)
        surf.blit(emb, (0, 0))
        return self.finish(surf)

    def sheet(self) -> pygame.Surface:
        pal = self.pal
        tiles = [
            self.floor(pal.floor),
            self.floor(pal.floor_alt),
            self.obstacle(),
            self.barrier(),
            self.void(),
            self.pad(pal.gate),
            self.pad(pal.beacon),
            self.centre(),
        ]
        sheet = pygame.Surface((self.w * 4, self.h * 2), pygame.SRCALPHA)
        sheet.fill((0, 0, 0, 0))
        for i, tile in enumerate(tiles):
            sheet.blit(tile, ((i % 4) * self.w, (i // 4) * self.h))
        return sheet


# ---------------------------------------------------------------------------------------------
# Writing Tiled files
# ---------------------------------------------------------------------------------------------


def write_tsx(spec: ArenaSpec, image_name: str, path: Path) -> None:
    tw, th = spec.tile_size
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="{TILED_VERSION}" name="{spec.id}" '
        f'tilewidth="{tw}" tileheight="{th}" tilecount="8" columns="4">',
        f' <image source="{image_name}" width="{tw * 4}" height="{th * 2}"/>',
    ]
    for tile_id, (terrain, look) in TILE_TERRAIN.items():
        lines += [
            f' <tile id="{tile_id}">',
            "  <properties>",
            f'   <property name="terrain" value="{terrain}"/>',
            f'   <property name="look" value="{look}"/>',
            "  </properties>",
            " </tile>",
        ]
    lines.append("</tileset>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_tmx(spec: ArenaSpec, grid: list[list[int]], tsx_name: str, path: Path) -> None:
    tw, th = spec.tile_size
    objects: list[tuple[str, str, int | None, tuple[float, float]]] = []

    def at(cell: Cell) -> tuple[float, float]:
        return spec.pixel_centre(*spec.to_colrow(cell))

    for i, cell in enumerate(spec.gates, 1):
        objects.append(("spawn_gate", f"Spawn Gate {i}", i, at(cell)))
    for i, cell in enumerate(spec.beacons, 1):
        objects.append(("beacon", f"Treasure Beacon {i}", i, at(cell)))
    objects.append(("centre", "Arena Centre", None, at((0, 0))))

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="{TILED_VERSION}" orientation="hexagonal" '
        f'renderorder="right-down" width="{spec.width}" height="{spec.height}" '
        f'tilewidth="{tw}" tileheight="{th}" infinite="0" hexsidelength="{SIDE}" '
        f'staggeraxis="{spec.stagger_axis}" staggerindex="{spec.stagger_index}" '
        f'nextlayerid="3" nextobjectid="{len(objects) + 1}">',
        " <properties>",
        '  <property name="game" value="riotquest"/>',
        f'  <property name="title" value={quoteattr(spec.title)}/>',
        f'  <property name="description" value={quoteattr(spec.description)}/>',
        '  <property name="players" value="2-4"/>',
        " </properties>",
        f' <tileset firstgid="1" source="{tsx_name}"/>',
        f' <layer id="1" name="ground" width="{spec.width}" height="{spec.height}">',
        '  <data encoding="csv">',
    ]
    rows = [",".join(str(t + 1) for t in row) for row in grid]
    lines.append(",\n".join(rows))
    lines += ["</data>", " </layer>", ' <objectgroup id="2" name="features">']
    for oid, (kind, name, number, (x, y)) in enumerate(objects, 1):
        lines.append(f'  <object id="{oid}" name="{name}" type="{kind}" x="{x:g}" y="{y:g}">')
        if number is not None:
            lines += [
                "   <properties>",
                f'    <property name="number" type="int" value="{number}"/>',
                "   </properties>",
            ]
        lines += ["   <point/>", "  </object>"]
    lines += [" </objectgroup>", "</map>"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def render_preview(spec: ArenaSpec, grid: list[list[int]], sheet: pygame.Surface) -> pygame.Surface:
    """The whole arena as Tiled would draw it, with gate/beacon numbers (for review only)."""
    tw, th = spec.tile_size
    surf = pygame.Surface(spec.pixel_size(), pygame.SRCALPHA)
    surf.fill((12, 12, 16, 255))
    for row in range(spec.height):
        for col in range(spec.width):
            tile = grid[row][col]
            cx, cy = spec.pixel_centre(col, row)
            src = pygame.Rect((tile % 4) * tw, (tile // 4) * th, tw, th)
            surf.blit(sheet, (cx - tw / 2, cy - th / 2), src)
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    for label, cells in (("G", spec.gates), ("B", spec.beacons)):
        for i, cell in enumerate(cells, 1):
            text = font.render(f"{label}{i}", True, (255, 255, 255))
            cx, cy = spec.pixel_centre(*spec.to_colrow(cell))
            surf.blit(text, text.get_rect(center=(cx, cy)))
    return surf


def build(spec: ArenaSpec, out_dir: Path, preview_dir: Path | None) -> None:
    problems = validate(spec)
    if problems:
        raise SystemExit("\n".join(problems))
    grid = layout(spec)
    sheet = TilePainter(spec).sheet()
    out_dir.mkdir(parents=True, exist_ok=True)
    image_name = f"{spec.id}_tiles.png"
    tsx_name = f"{spec.id}.tsx"
    pygame.image.save(sheet, str(out_dir / image_name))
    write_tsx(spec, image_name, out_dir / tsx_name)
    write_tmx(spec, grid, tsx_name, out_dir / f"{spec.id}.tmx")
    if preview_dir is not None:
        preview_dir.mkdir(parents=True, exist_ok=True)
        pygame.image.save(render_preview(spec, grid, sheet), str(preview_dir / f"{spec.id}.png"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder")
    parser.add_argument("--preview", type=Path, default=None, help="also write preview PNGs here")
    args = parser.parse_args(argv)
    started = not pygame.display.get_init()  # leave pygame as we found it (tests share it)
    pygame.display.init()
    pygame.font.init()
    try:
        for make in ARENAS:
            spec = make()
            build(spec, args.out, args.preview)
            print(f"wrote {args.out / spec.id}.tmx")
    finally:
        if started:
            pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
