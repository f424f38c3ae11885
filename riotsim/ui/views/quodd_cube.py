"""Hero cubes drawn in three-quarter view from real 3D vertices.

A hero cube is modelled in its own body frame (the Q face up, the front face north at the
start) and turned into the board's frame by a rotation matrix read off the rules'
:class:`~riotsim.games.quodd.cube.Cube`. A tumble animation rotates the eight vertices (and the
face frames) about the bottom edge in the direction of travel, then projects them with a fixed
oblique projection: the ground stays top-down, height goes up and a little to the left, so the
top, south and east faces of a resting cube show. Only faces turned towards the viewer are
drawn, each with its skill icon mapped onto it, so the icons turn with their faces and the roll
ends exactly on the new top face.

World axes (in pixels): x east, y south, z up.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

import pygame

from riotsim.games.quodd.cube import Cube

Vec = tuple[float, float, float]
Mat = tuple[Vec, Vec, Vec]  # rows

# Screen offset per pixel of height: up and a little to the left.
VX, VY = -0.3, -0.55
EYE: Vec = (-VX, -VY, 1.0)  # towards the viewer; faces with normal . EYE > 0 are visible
LIGHT: Vec = (-0.35, 0.45, 0.82)
OUTLINE = (30, 30, 36)

# Body frame of each face: outward normal, icon "right" (u) and icon "down" (v).
_SIDE_DOWN: Vec = (0.0, 0.0, -1.0)


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


NORMALS: dict[str, Vec] = {
    "q": (0.0, 0.0, 1.0),
    "feet": (0.0, 0.0, -1.0),
    "front": (0.0, -1.0, 0.0),
    "back": (0.0, 1.0, 0.0),
    "right": (1.0, 0.0, 0.0),
    "left": (-1.0, 0.0, 0.0),
}
FRAMES: dict[str, tuple[Vec, Vec, Vec]] = {}
for _face, _n in NORMALS.items():
    if _face == "q":
        FRAMES[_face] = (_n, (1.0, 0.0, 0.0), (0.0, 1.0, 0.0))
    elif _face == "feet":
        FRAMES[_face] = (_n, (1.0, 0.0, 0.0), (0.0, -1.0, 0.0))
    else:
        FRAMES[_face] = (_n, _cross(_SIDE_DOWN, _n), _SIDE_DOWN)

SLOT_NORMALS: dict[str, Vec] = {"top": (0.0, 0.0, 1.0), "north": (0.0, -1.0, 0.0)}
SLOT_NORMALS["east"] = (1.0, 0.0, 0.0)
DIRECTION: dict[str, tuple[float, float]] = {
    "N": (0.0, -1.0),
    "E": (1.0, 0.0),
    "S": (0.0, 1.0),
    "W": (-1.0, 0.0),
}


def _mat_vec(m: Mat, v: Vec) -> Vec:
    return (_dot(m[0], v), _dot(m[1], v), _dot(m[2], v))


@cache
def orientation(faces: tuple[str, ...]) -> Mat:
    """The rotation taking the body frame to the board frame for a cube given as its
    (top, north, east, south, west, bottom) faces."""
    top, north, east = faces[0], faces[1], faces[2]
    pairs = (
        (SLOT_NORMALS["top"], NORMALS[top]),
        (SLOT_NORMALS["north"], NORMALS[north]),
        (SLOT_NORMALS["east"], NORMALS[east]),
    )  # three orthonormal pairs
    # R = sum of world (outer) body over three orthonormal pairs
    rows = []
    for i in range(3):
        rows.append(tuple(sum(w[i] * b[j] for w, b in pairs) for j in range(3)))
    return rows[0], rows[1], rows[2]  # type: ignore[return-value]


def _tumble_point(p: Vec, d: tuple[float, float], half: float, angle: float) -> Vec:
    """Rotate ``p`` (cube centred at the origin, resting on z=0) about the bottom edge on the
    ``d`` side, so the top goes towards ``d``."""
    c, s = math.cos(angle), math.sin(angle)
    a = p[0] * d[0] + p[1] * d[1] - half  # along d, from the pivot edge
    perp = (p[0] - (a + half) * d[0], p[1] - (a + half) * d[1])
    a2 = a * c + p[2] * s
    z2 = -a * s + p[2] * c
    a2 += half
    return (perp[0] + a2 * d[0], perp[1] + a2 * d[1], z2)


def _tumble_dir(v: Vec, d: tuple[float, float], angle: float) -> Vec:
    c, s = math.cos(angle), math.sin(angle)
    a = v[0] * d[0] + v[1] * d[1]
    perp = (v[0] - a * d[0], v[1] - a * d[1])
    a2 = a * c + v[2] * s
    z2 = -a * s + v[2] * c
    return (perp[0] + a2 * d[0], perp[1] + a2 * d[1], z2)


def _spin_dir(v: Vec, angle: float) -> Vec:
    c, s = math.cos(angle), math.sin(angle)
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c, v[2])


def _shade(colour: tuple[int, int, int], normal: Vec) -> tuple[int, int, int]:
    k = 0.55 + 0.45 * max(0.0, _dot(normal, LIGHT))
    return (
        min(255, int(colour[0] * k)),
        min(255, int(colour[1] * k)),
        min(255, int(colour[2] * k)),
    )


@cache
def _shadow(w: int, h: int) -> pygame.Surface:
    blob = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.ellipse(blob, (0, 0, 0, 70), blob.get_rect())
    return blob


def project(origin: tuple[float, float], p: Vec) -> tuple[float, float]:
    return (origin[0] + p[0] + VX * p[2], origin[1] + p[1] + VY * p[2])


# -- icons in face coordinates (-1..1 across, v pointing down the face) --------------------

Stroke = tuple[str, tuple[tuple[float, float], ...]]  # ("line" | "poly", points)


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 10):
    return tuple(
        (cx + r * math.cos(a0 + (a1 - a0) * i / n), cy + r * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    )


ICONS: dict[str, tuple[Stroke, ...]] = {
    "slide": (
        ("line", ((-0.62, 0.0), (0.38, 0.0))),
        ("poly", ((0.3, -0.28), (0.68, 0.0), (0.3, 0.28))),
    ),
    "diagonal": (
        ("line", ((-0.55, 0.55), (0.3, -0.3))),
        ("poly", ((0.6, -0.6), (0.08, -0.44), (0.44, -0.08))),
    ),
    "dash": (("line", ((-0.62, 0.3), (-0.22, -0.3), (0.18, 0.3), (0.6, -0.3))),),
    "jump": (
        ("poly", ((-0.2, 0.2), (0.2, 0.2), (0.2, 0.7), (-0.2, 0.7))),
        ("line", _arc(0.0, 0.55, 0.58, math.pi, 1.93 * math.pi, 12)),
        ("poly", ((0.36, 0.3), (0.78, 0.32), (0.6, 0.68))),
    ),
    "tumble": (
        ("line", _arc(0.0, 0.0, 0.5, -1.2, 3.9, 14)),
        ("poly", ((0.02, -0.72), (0.36, -0.5), (0.02, -0.28))),
    ),
    "q": (
        ("line", _arc(0.0, -0.05, 0.5, 0.0, 2 * math.pi, 16)),
        ("line", ((0.12, 0.25), (0.6, 0.68))),
    ),
}


def draw_cube(
    surface: pygame.Surface,
    base: tuple[float, float],
    side: float,
    cube: Cube,
    labels: dict[str, str],
    colour: tuple[int, int, int],
    gold: set[str] | frozenset[str] = frozenset(),
    *,
    tumble: tuple[str, float] | None = None,
    spin: float = 0.0,
    lift: float = 0.0,
    scale: float = 1.0,
) -> None:
    """Draw a hero cube whose bottom face is centred on screen point ``base``.

    ``labels`` maps each face to the icon drawn on it (a skill id or ``q``); faces whose label
    is in ``gold`` get a gold icon. ``tumble`` = (direction, angle 0..pi/2) rolls the cube part
    way over its bottom edge that way; ``spin`` turns it about the vertical axis (radians,
    clockwise seen from above); ``lift`` raises it (pixels, for hops); ``scale`` shrinks it
    (teleports). A cube at rest is drawn once and then reused (see ``_resting``)."""
    s = side * scale
    if s < 2:
        return
    if tumble is None and not spin and not lift:
        image, offset = _resting(
            round(s),
            cube.as_tuple(),
            tuple(sorted(labels.items())),
            tuple(colour),
            frozenset(gold),
        )
        surface.blit(image, (round(base[0]) - offset[0], round(base[1]) - offset[1]))
        return
    _draw(surface, base, s, cube, labels, colour, gold, tumble, spin, lift)


@lru_cache(maxsize=64)
def _resting(
    side: int,
    faces: tuple[str, ...],
    labels: tuple[tuple[str, str], ...],
    colour: tuple[int, int, int],
    gold: frozenset[str],
) -> tuple[pygame.Surface, tuple[int, int]]:
    """A resting cube drawn on its own transparent image, and where its base point is."""
    w, h = side * 3, side * 3
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    base = (side * 1.5, side * 2.0)
    _draw(image, base, side, Cube(*faces), dict(labels), colour, gold, None, 0.0, 0.0)
    return image, (round(base[0]), round(base[1]))


def _draw(
    surface: pygame.Surface,
    base: tuple[float, float],
    s: float,
    cube: Cube,
    labels: dict[str, str],
    colour: tuple[int, int, int],
    gold: set[str] | frozenset[str],
    tumble: tuple[str, float] | None,
    spin: float,
    lift: float,
) -> None:
    half = s / 2
    rot = orientation(cube.as_tuple())
    d = DIRECTION[tumble[0]] if tumble else (0.0, 0.0)
    angle = tumble[1] if tumble else 0.0

    def place(p: Vec) -> Vec:
        if spin:
            p = _spin_dir(p, spin)
        if tumble:
            p = _tumble_point(p, d, half, angle)
        return (p[0], p[1], p[2] + lift)

    def turn(v: Vec) -> Vec:
        if spin:
            v = _spin_dir(v, spin)
        if tumble:
            v = _tumble_dir(v, d, angle)
        return v

    # a soft shadow on the ground under the cube (it stays down while the cube hops)
    ground = place((0.0, 0.0, 0.0))
    blob = _shadow(round(s * 1.2), round(s * 0.7))
    surface.blit(
        blob,
        (
            round(base[0] + ground[0] - blob.get_width() / 2),
            round(base[1] + ground[1] - blob.get_height() / 2 - s * 0.05),
        ),
    )
    width = max(1, round(s / 18))
    for face, (n_body, u_body, v_body) in FRAMES.items():
        normal = turn(_mat_vec(rot, n_body))
        facing = _dot(normal, EYE)
        if facing <= 1e-3:
            continue
        u = turn(_mat_vec(rot, u_body))
        v = turn(_mat_vec(rot, v_body))
        # the face centre of a resting cube: half a side out from the cube centre (z = half)
        centre_body = _mat_vec(rot, (n_body[0] * half, n_body[1] * half, n_body[2] * half))
        centre = place((centre_body[0], centre_body[1], centre_body[2] + half))
        # the projection is linear: map face coordinates (a, b) straight to the screen
        cx, cy = project(base, centre)
        ux, uy = (u[0] + VX * u[2]) * half, (u[1] + VY * u[2]) * half
        vx, vy = (v[0] + VX * v[2]) * half, (v[1] + VY * v[2]) * half

        def at(a: float, b: float, cx=cx, cy=cy, ux=ux, uy=uy, vx=vx, vy=vy):
            return (cx + a * ux + b * vx, cy + a * uy + b * vy)

        corners = [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)]
        fill = _shade(colour, normal)
        pygame.draw.polygon(surface, fill, corners)
        pygame.draw.polygon(surface, OUTLINE, corners, width)
        if facing < 0.12:
            continue  # nearly edge-on: the icon would be a smear
        label = labels.get(face, "q")
        # dark ink on light faces, light ink on dark ones; gold for upgraded skill tiles
        bright = 0.3 * fill[0] + 0.59 * fill[1] + 0.11 * fill[2] > 120
        ink = (250, 205, 60) if label in gold else OUTLINE if bright else (250, 250, 245)
        for kind, points in ICONS.get(label, ()):
            pts = [at(a * 0.78, b * 0.78) for a, b in points]
            if kind == "poly":
                pygame.draw.polygon(surface, ink, pts)
            else:
                pygame.draw.lines(surface, ink, False, pts, max(1, round(s / 11)))


def draw_icon(surface: pygame.Surface, label: str, rect: pygame.Rect, ink) -> None:
    """A face icon drawn flat in ``rect`` (the cube net on the player board)."""
    half = min(rect.w, rect.h) / 2
    cx, cy = rect.center
    width = max(1, round(half / 5.5))
    for kind, points in ICONS.get(label, ()):
        pts = [(cx + a * half * 0.85, cy + b * half * 0.85) for a, b in points]
        if kind == "poly":
            pygame.draw.polygon(surface, ink, pts)
        else:
            pygame.draw.lines(surface, ink, False, pts, width)
