"""Drawing for the Quodd view: ground, board elements and skill icons (cubes: quodd_cube).

Everything is drawn with vector shapes sized from the square, so boards scale with the window.
Colours follow the Okabe-Ito palette where they carry meaning, and every element also has a
distinct shape or letter, so nothing relies on colour alone.
"""

from __future__ import annotations

import math

import pygame

from riotsim.games.quodd.board import Token
from riotsim.games.quodd.directions import DELTA
from riotsim.i18n import N_
from riotsim.ui import draw

GROUND = {"floor": (188, 205, 150), "water": (86, 150, 205), "pit": (32, 28, 38)}
GRID = (120, 135, 100)
WALL = (120, 88, 62)
WALL_TOP = (160, 122, 90)
DARK = (30, 30, 36)
LIGHT = (245, 245, 240)
PURPLE = (150, 90, 200)
GOLD = (230, 180, 40)
SKILL_NAMES = {
    "tumble": N_("Tumble"),
    "jump": N_("Jump"),
    "slide": N_("Slide"),
    "diagonal": N_("Diagonal Slide"),
    "dash": N_("Dash"),
    "q": N_("Q-Powers"),
}


def _font(size: int, bold: bool = True) -> pygame.font.Font:
    from riotsim.ui import theme as T

    return T._font(max(8, size), "Bold" if bold else "Regular")


def letter(surface: pygame.Surface, text: str, rect: pygame.Rect, colour, scale=0.6) -> None:
    font = _font(int(rect.h * scale))
    draw.text(surface, text, font, colour, rect.center, anchor="center")


def ground(surface: pygame.Surface, kind: str, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, GROUND.get(kind, GROUND["floor"]), rect)
    if kind == "water":
        y = rect.centery
        for dx in (-0.25, 0.15):
            x = rect.centerx + dx * rect.w
            pygame.draw.arc(surface, (150, 200, 235), (x - 6, y - 3, 12, 8), 0, math.pi, 1)
    pygame.draw.rect(surface, GRID, rect, 1)


def arrow(surface, rect: pygame.Rect, direction: str, colour, width: int = 3) -> None:
    dx, dy = DELTA[direction]
    cx, cy = rect.center
    r = rect.w * 0.32
    start = (cx - dx * r, cy - dy * r)
    end = (cx + dx * r, cy + dy * r)
    pygame.draw.line(surface, colour, start, end, width)
    angle = math.atan2(dy, dx)
    for side in (2.5, -2.5):
        tip = (end[0] + math.cos(angle + side) * r * 0.6, end[1] + math.sin(angle + side) * r * 0.6)
        pygame.draw.line(surface, colour, end, tip, width)


def token(surface: pygame.Surface, tok: Token, rect: pygame.Rect) -> None:
    """One board element drawn inside its square."""
    k = tok.kind
    inner = rect.inflate(-rect.w * 0.2, -rect.h * 0.2)
    if k == "wall":
        pygame.draw.rect(surface, WALL, rect.inflate(-2, -2))
        top = rect.inflate(-rect.w * 0.15, -rect.h * 0.15)
        pygame.draw.rect(surface, WALL_TOP, top)
        for i in (1, 2):
            y = top.top + top.h * i // 3
            pygame.draw.line(surface, WALL, (top.left, y), (top.right, y), 1)
    elif k == "broken_wall":
        for i, (fx, fy) in enumerate(((0.3, 0.35), (0.65, 0.4), (0.45, 0.7))):
            c = (rect.left + rect.w * fx, rect.top + rect.h * fy)
            pygame.draw.circle(surface, WALL_TOP if i % 2 else WALL, c, rect.w * 0.12)
    elif k == "impassable":
        up = tok.get("state", "up") == "up"
        colour = (90, 90, 110) if up else (150, 150, 165)
        pygame.draw.rect(surface, colour, inner)
        if up:
            for i in range(4):
                x = inner.left + inner.w * i // 4
                pygame.draw.line(
                    surface, LIGHT, (x, inner.bottom), (x + inner.w // 4, inner.top), 2
                )
    elif k == "pit":
        pygame.draw.ellipse(surface, GROUND["pit"], inner)
    elif k in ("respawn", "start"):
        pygame.draw.circle(surface, LIGHT, rect.center, rect.w * 0.32, 2)
        if k == "respawn":
            pygame.draw.line(
                surface, LIGHT, (rect.centerx, inner.top), (rect.centerx, inner.bottom), 2
            )
            pygame.draw.line(
                surface, LIGHT, (inner.left, rect.centery), (inner.right, rect.centery), 2
            )
        else:
            letter(surface, str(tok.get("number", "")), rect, LIGHT, 0.4)
    elif k in ("spring", "super_spring"):
        turns = 3 if k == "spring" else 5
        n = turns * 2
        pts = [
            (inner.left + inner.w * (0.25 if i % 2 else 0.75), inner.bottom - inner.h * i / n)
            for i in range(n + 1)
        ]
        pygame.draw.lines(surface, (90, 90, 90), False, pts, 3)
    elif k in ("teleporter", "super_teleporter"):
        pygame.draw.circle(surface, PURPLE, rect.center, rect.w * 0.36, 4)
        if k == "super_teleporter":
            pygame.draw.circle(surface, PURPLE, rect.center, rect.w * 0.2, 3)
    elif k == "tunnel":
        pygame.draw.ellipse(surface, DARK, inner.inflate(0, -inner.h * 0.3))
    elif k == "current":
        arrow(surface, rect, tok.get("direction", "N"), LIGHT)
    elif k == "whirlpool":
        for i in range(3):
            r = rect.w * (0.12 + 0.1 * i)
            pygame.draw.arc(
                surface, LIGHT, (rect.centerx - r, rect.centery - r, 2 * r, 2 * r), i, i + 4.2, 2
            )
    elif k == "connection":
        pygame.draw.circle(surface, (20, 80, 140), rect.center, rect.w * 0.34)
        letter(surface, str(tok.get("link", "?")), rect, LIGHT, 0.45)
    elif k == "switch":
        colour = _named(tok.get("colour"))
        pygame.draw.rect(surface, colour, inner.inflate(-inner.w * 0.3, -inner.h * 0.3))
        pygame.draw.line(surface, DARK, rect.center, (inner.right, inner.top), 3)
    elif k == "trap_door":
        colour = _named(tok.get("colour"))
        if tok.get("open", 0):
            pygame.draw.rect(surface, GROUND["pit"], rect.inflate(-4, -4))
            pygame.draw.rect(surface, colour, rect.inflate(-4, -4), 2)
        else:
            pygame.draw.rect(surface, (140, 110, 70), rect.inflate(-4, -4))
            pygame.draw.rect(surface, colour, rect.inflate(-4, -4), 2)
            pygame.draw.line(
                surface, DARK, rect.inflate(-4, -4).topleft, rect.inflate(-4, -4).bottomright, 1
            )
    elif k == "crystal":
        c = rect.center
        r = rect.w * 0.3
        pts = [(c[0], c[1] - r), (c[0] + r * 0.7, c[1]), (c[0], c[1] + r), (c[0] - r * 0.7, c[1])]
        draw.aa_polygon(surface, _named(tok.get("colour")), pts)
        pygame.draw.polygon(surface, DARK, pts, 1)
    elif k == "drop_zone":
        pygame.draw.rect(surface, GOLD, rect.inflate(-6, -6), 3)
    elif k == "rally":
        pole = (rect.left + rect.w * 0.3, rect.top + rect.h * 0.15)
        pygame.draw.line(surface, DARK, pole, (pole[0], rect.bottom - rect.h * 0.12), 2)
        flag = [
            pole,
            (rect.right - rect.w * 0.15, rect.top + rect.h * 0.3),
            (pole[0], rect.top + rect.h * 0.48),
        ]
        pygame.draw.polygon(surface, (213, 94, 0), flag)
        letter(
            surface,
            str(tok.get("number", "")),
            pygame.Rect(rect.left, rect.centery, rect.w, rect.h // 2),
            DARK,
            0.8,
        )
    elif k in ("rotate_board", "rotate_switch", "rearrange"):
        colour = {"rotate_board": (204, 121, 167), "rotate_switch": (86, 60, 140)}.get(
            k, (0, 114, 178)
        )
        pygame.draw.circle(surface, colour, rect.center, rect.w * 0.32)
        r = rect.w * 0.18
        box = pygame.Rect(rect.centerx - r, rect.centery - r, 2 * r, 2 * r)
        if k == "rearrange":  # two opposed arrows: swap
            arrow(surface, box.move(0, -r * 0.5), "E", LIGHT, 2)
            arrow(surface, box.move(0, r * 0.5), "W", LIGHT, 2)
        else:  # a turning arrow
            pygame.draw.arc(surface, LIGHT, box, 0.3, 5.2, 2)
            tip = (box.right, box.centery)
            pygame.draw.polygon(
                surface,
                LIGHT,
                [(tip[0] - 4, tip[1] - 5), (tip[0] + 4, tip[1] - 5), (tip[0], tip[1] + 2)],
            )
    else:
        labels = {
            "q_token": ("Q", GOLD),
            "secret": ("?", (80, 80, 90)),
            "explore": ("E", (0, 158, 115)),
            "food": ("F", (0, 158, 115)),
            "item": ("I", (0, 158, 115)),
            "pet": ("P", (0, 158, 115)),
            "rune": ("R", (0, 158, 115)),
            "upgrade": ("U", (0, 158, 115)),
            "treasure": ("$", GOLD),
            "character": ("C", (204, 121, 167)),
        }
        text, colour = labels.get(k, (k[:1].upper(), DARK))
        pygame.draw.circle(surface, colour, rect.center, rect.w * 0.32)
        letter(surface, text, rect, LIGHT, 0.42)


def _named(colour) -> tuple[int, int, int]:
    return {
        "red": (213, 94, 0),
        "blue": (0, 114, 178),
        "yellow": (240, 228, 66),
        "green": (0, 158, 115),
        "white": (235, 235, 235),
    }.get(str(colour), (230, 230, 230))


def face_skill(cube_face: str, skills: dict[str, str]) -> str:
    return "q" if cube_face == "q" else skills.get(cube_face, "?")
