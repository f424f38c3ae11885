"""Vector art for the Riot Quest screen: class icons, hero tokens, chests, loot, bounty tokens.

Everything is drawn with pygame primitives at four times the size and scaled down smoothly,
then cached by size and colour, so tokens stay crisp at every window size and cost one blit.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from riotsim.ui import draw as D
from riotsim.ui import theme as T

Colour = tuple[int, int, int]
SS = 4
WHITE = (245, 246, 250)
DARK = (20, 22, 30)
DAMAGE = (220, 50, 47)
LOOT_GOLD = (246, 196, 60)

CLASS_COLOURS: dict[str, Colour] = {
    "fighter": (226, 88, 64),
    "guard": (96, 150, 230),
    "gunner": (236, 170, 60),
    "rogue": (150, 110, 210),
    "scout": (90, 190, 120),
    "specialist": (80, 200, 210),
}

CHEST_COLOURS: dict[str, Colour] = {
    "fighter": (150, 150, 160),  # iron
    "guard": (70, 110, 190),
    "gunner": (200, 130, 50),
    "rogue": (120, 70, 150),
    "scout": (60, 140, 80),
    "specialist": (40, 160, 170),
}


def _big(size: int) -> pygame.Surface:
    return pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)


def _down(surf: pygame.Surface, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (size, size))


def _poly(surf: pygame.Surface, colour, pts, width: int = 0) -> None:
    pygame.draw.polygon(surf, colour, [(round(x), round(y)) for x, y in pts], width)


@lru_cache(maxsize=256)
def class_icon(cls: str, size: int, colour: Colour = WHITE) -> pygame.Surface:
    """A simple pictogram per hero class (sword, shield, crosshair, mask, arrow, cog)."""
    s = size * SS
    surf = _big(size)
    c = s / 2
    w = max(2, round(s * 0.09))
    if cls == "fighter":  # sword
        _poly(
            surf,
            colour,
            [
                (c, s * 0.08),
                (c + s * 0.09, s * 0.22),
                (c + s * 0.09, s * 0.64),
                (c - s * 0.09, s * 0.64),
                (c - s * 0.09, s * 0.22),
            ],
        )
        pygame.draw.rect(surf, colour, (s * 0.24, s * 0.64, s * 0.52, s * 0.09))
        pygame.draw.rect(surf, colour, (c - s * 0.05, s * 0.72, s * 0.1, s * 0.16))
        pygame.draw.circle(surf, colour, (c, s * 0.9), s * 0.07)
    elif cls == "guard":  # shield
        pts = [
            (s * 0.18, s * 0.14),
            (s * 0.82, s * 0.14),
            (s * 0.82, s * 0.5),
            (c, s * 0.9),
            (s * 0.18, s * 0.5),
        ]
        _poly(surf, colour, pts)
        _poly(
            surf,
            (*DARK, 255),
            [(c, s * 0.22), (s * 0.72, s * 0.22), (s * 0.72, s * 0.5), (c, s * 0.78)],
        )
    elif cls == "gunner":  # crosshair
        pygame.draw.circle(surf, colour, (c, c), s * 0.34, w)
        pygame.draw.circle(surf, colour, (c, c), s * 0.08)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            pygame.draw.line(
                surf,
                colour,
                (c + dx * s * 0.16, c + dy * s * 0.16),
                (c + dx * s * 0.48, c + dy * s * 0.48),
                w,
            )
    elif cls == "rogue":  # eye mask
        pygame.draw.ellipse(surf, colour, (s * 0.08, s * 0.3, s * 0.84, s * 0.4))
        pygame.draw.ellipse(surf, (0, 0, 0, 0), (s * 0.2, s * 0.4, s * 0.22, s * 0.16))
        pygame.draw.ellipse(surf, (0, 0, 0, 0), (s * 0.58, s * 0.4, s * 0.22, s * 0.16))
        _poly(surf, colour, [(s * 0.3, s * 0.64), (s * 0.22, s * 0.88), (s * 0.4, s * 0.68)])
        _poly(surf, colour, [(s * 0.7, s * 0.64), (s * 0.78, s * 0.88), (s * 0.6, s * 0.68)])
    elif cls == "scout":  # arrow heading up-right
        pygame.draw.line(surf, colour, (s * 0.18, s * 0.82), (s * 0.7, s * 0.3), w + SS)
        _poly(surf, colour, [(s * 0.86, s * 0.14), (s * 0.5, s * 0.24), (s * 0.76, s * 0.5)])
        _poly(
            surf,
            colour,
            [(s * 0.14, s * 0.66), (s * 0.1, s * 0.9), (s * 0.34, s * 0.86), (s * 0.28, s * 0.72)],
        )
    elif cls == "specialist":  # cog
        teeth = 8
        pts = []
        for i in range(teeth * 2):
            a = i * math.pi / teeth
            r = s * (0.44 if i % 2 == 0 else 0.33)
            for da in (-0.16, 0.16):
                pts.append((c + r * math.cos(a + da), c + r * math.sin(a + da)))
        _poly(surf, colour, pts)
        pygame.draw.circle(surf, (0, 0, 0, 0), (c, c), s * 0.14)
    else:  # unknown class: a question mark keeps it readable
        font = pygame.font.Font(None, s)
        img = font.render("?", True, colour)
        surf.blit(img, img.get_rect(center=(c, c)))
    return _down(surf, size)


@lru_cache(maxsize=256)
def hero_token(
    shape: str, colour: Colour, cls: str, size: int, spent: bool = False
) -> pygame.Surface:
    """A hero: the seat's shape in its colour, a dark plate with the class icon."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size * 0.47
    centre = (size / 2, size / 2)
    body = T.mix(colour, (90, 90, 90), 0.55) if spent else colour
    big = _big(size)
    pts = D.shape_points(shape, (size * SS / 2, size * SS / 2), r * SS)
    if shape == "circle":
        pygame.draw.circle(big, (*DARK, 255), (size * SS / 2, size * SS / 2), (r + 1.5) * SS)
        pygame.draw.circle(big, (*body, 255), (size * SS / 2, size * SS / 2), r * SS)
    else:
        outline = D.shape_points(shape, (size * SS / 2, size * SS / 2), (r + 1.8) * SS)
        _poly(big, (*DARK, 255), outline)
        _poly(big, (*body, 255), pts)
    surf.blit(_down(big, size), (0, 0))
    plate_r = r * (0.5 if shape == "triangle" else 0.62)
    plate_y = centre[1] + (r * 0.12 if shape == "triangle" else 0)
    D.aa_circle(surf, DARK, (centre[0], plate_y), plate_r)
    icon_size = max(6, round(plate_r * 1.45))
    icon = class_icon(cls, icon_size, WHITE if not spent else (170, 170, 178))
    surf.blit(icon, icon.get_rect(center=(round(centre[0]), round(plate_y))))
    return surf


@lru_cache(maxsize=64)
def chest_token(cls: str, size: int) -> pygame.Surface:
    """A treasure chest, tinted by its type (the class that raids it for free)."""
    colour = CHEST_COLOURS.get(cls, (160, 120, 60))
    s = size * SS
    big = _big(size)
    body = pygame.Rect(s * 0.12, s * 0.4, s * 0.76, s * 0.46)
    lid = pygame.Rect(s * 0.12, s * 0.16, s * 0.76, s * 0.3)
    pygame.draw.rect(big, (*DARK, 255), body.inflate(SS * 3, SS * 3), border_radius=SS * 2)
    pygame.draw.rect(
        big,
        (*DARK, 255),
        lid.inflate(SS * 3, SS * 3),
        border_top_left_radius=s // 5,
        border_top_right_radius=s // 5,
    )
    pygame.draw.rect(big, (*colour, 255), body, border_radius=SS * 2)
    pygame.draw.rect(
        big,
        (*T.mix(colour, WHITE, 0.25), 255),
        lid,
        border_top_left_radius=s // 5,
        border_top_right_radius=s // 5,
    )
    band = (*LOOT_GOLD, 255)
    pygame.draw.rect(big, band, (s * 0.12, s * 0.42, s * 0.76, s * 0.06))
    pygame.draw.rect(big, band, (s * 0.44, s * 0.36, s * 0.12, s * 0.22), border_radius=SS)
    return _down(big, size)


@lru_cache(maxsize=32)
def loot_token(size: int) -> pygame.Surface:
    s = size * SS
    big = _big(size)
    c = s / 2
    pygame.draw.circle(big, (*DARK, 255), (c, c), s * 0.48)
    pygame.draw.circle(big, (*LOOT_GOLD, 255), (c, c), s * 0.43)
    pygame.draw.circle(big, (*T.mix(LOOT_GOLD, DARK, 0.35), 255), (c, c), s * 0.3, SS * 2)
    _poly(
        big,
        (*T.mix(LOOT_GOLD, WHITE, 0.5), 255),
        [(c, c - s * 0.16), (c + s * 0.12, c), (c, c + s * 0.16), (c - s * 0.12, c)],
    )
    return _down(big, size)


BOUNTY_TOKEN_COLOURS: dict[str, Colour] = {
    "turret": (200, 80, 70),
    "gremlin": (110, 190, 80),
    "malfunction": (90, 170, 240),
    "cortex": (220, 120, 200),
    "mysterious": (160, 120, 230),
    "trap": (200, 160, 60),
    "bomb": (70, 70, 80),
    "target": (230, 70, 70),
}


@lru_cache(maxsize=128)
def bounty_token(kind: str, size: int) -> pygame.Surface:
    """A round token with a pictogram per Bounty token kind."""
    colour = BOUNTY_TOKEN_COLOURS.get(kind, (180, 180, 180))
    s = size * SS
    c = s / 2
    big = _big(size)
    pygame.draw.circle(big, (*DARK, 255), (c, c), s * 0.49)
    pygame.draw.circle(big, (*colour, 255), (c, c), s * 0.44)
    ink = (*WHITE, 255)
    w = max(2, round(s * 0.07))
    if kind == "turret":
        pygame.draw.rect(big, ink, (s * 0.28, s * 0.5, s * 0.44, s * 0.22), border_radius=SS)
        pygame.draw.circle(big, ink, (c, s * 0.5), s * 0.14)
        pygame.draw.line(big, ink, (c, s * 0.46), (s * 0.78, s * 0.3), w)
    elif kind == "gremlin":
        pygame.draw.circle(big, ink, (c, s * 0.56), s * 0.2)
        _poly(big, ink, [(s * 0.3, s * 0.5), (s * 0.2, s * 0.24), (s * 0.42, s * 0.42)])
        _poly(big, ink, [(s * 0.7, s * 0.5), (s * 0.8, s * 0.24), (s * 0.58, s * 0.42)])
        pygame.draw.circle(big, (*colour, 255), (s * 0.43, s * 0.54), s * 0.04)
        pygame.draw.circle(big, (*colour, 255), (s * 0.57, s * 0.54), s * 0.04)
    elif kind == "malfunction":  # lightning bolt
        _poly(
            big,
            ink,
            [
                (s * 0.56, s * 0.14),
                (s * 0.3, s * 0.54),
                (s * 0.48, s * 0.54),
                (s * 0.4, s * 0.86),
                (s * 0.7, s * 0.42),
                (s * 0.52, s * 0.42),
            ],
        )
    elif kind == "cortex":  # a brain-ish swirl
        pygame.draw.circle(big, ink, (c, c), s * 0.24, w)
        pygame.draw.arc(big, ink, (s * 0.36, s * 0.36, s * 0.28, s * 0.28), 0.5, 4.5, w)
        pygame.draw.line(big, ink, (c, s * 0.26), (c, s * 0.74), w)
    elif kind == "mysterious":
        font = pygame.font.Font(None, round(s * 0.8))
        img = font.render("?", True, ink)
        big.blit(img, img.get_rect(center=(c, c + s * 0.03)))
    elif kind == "trap":  # jaws
        for i in range(4):
            x = s * (0.24 + i * 0.14)
            _poly(big, ink, [(x, s * 0.42), (x + s * 0.07, s * 0.22), (x + s * 0.14, s * 0.42)])
            _poly(big, ink, [(x, s * 0.58), (x + s * 0.07, s * 0.78), (x + s * 0.14, s * 0.58)])
        pygame.draw.line(big, ink, (s * 0.2, c), (s * 0.8, c), w)
    elif kind == "bomb":
        pygame.draw.circle(big, ink, (s * 0.46, s * 0.58), s * 0.22)
        pygame.draw.line(big, ink, (s * 0.58, s * 0.38), (s * 0.7, s * 0.22), w)
        pygame.draw.circle(big, (250, 200, 60, 255), (s * 0.72, s * 0.2), s * 0.07)
    elif kind == "target":
        for k, col in ((0.34, ink), (0.24, (*colour, 255)), (0.14, ink)):
            pygame.draw.circle(big, col, (c, c), s * k)
    else:
        pygame.draw.circle(big, ink, (c, c), s * 0.15)
    return _down(big, size)


def damage_pips(
    surface: pygame.Surface, centre: tuple[float, float], damage: int, stamina: int, size: float
) -> None:
    """A row of small pips under a token: red for damage taken, dark for stamina left."""
    if stamina <= 0:
        return
    gap = size * 1.25
    x0 = centre[0] - gap * (stamina - 1) / 2
    for i in range(stamina):
        colour = DAMAGE if i < damage else (60, 66, 80)
        c = (x0 + i * gap, centre[1])
        D.aa_circle(surface, DARK, c, size / 2 + 1)
        D.aa_circle(surface, colour, c, size / 2)
