"""Bombs and cannons on the Quodd play screen (issue 12 part A).

Resting bombs are drawn over the board layer (not in it), so a bomb rolling along its path
(:class:`BombRoll`, from a ``bomb_moved`` event) is never shown twice; an explosion is a ring
growing to its radius (:class:`BlastRing`); thrown sheep and crystals hop (:class:`PieceHop`),
thrown heroes hop through the view's own hero animation (``blasted``). Cannons are drawn in
the board layer as a barrel pointing their way. Everything is driven by the typed events.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytweening

from riotsim.core.contract import Event
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.directions import DELTA
from riotsim.games.quodd.events import (
    BombLeft,
    BombLost,
    BombMoved,
    CannonFired,
    CardBurned,
    CrystalThrown,
    Exploded,
    SheepThrown,
    SkillsFrozen,
)
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation, Flash
from riotsim.ui.dice import render_face

BLAST = {"fire": (235, 120, 30), "ice": (140, 210, 245), "standard": (245, 215, 70)}
CRYSTAL_BLAST = (170, 110, 235)
ICE = (150, 215, 250)
CANNON = (58, 58, 66)
CANNON_RIM = (150, 150, 160)
SHEEP_WOOL = (235, 235, 228)
CRYSTAL = (90, 160, 230)
STEP_TIME = 0.13  # seconds a bomb takes per square


def _xy(square: Any) -> tuple[int, int]:
    return int(square[0]), int(square[1])


# -- the board layer ---------------------------------------------------------------------------


def draw_token(surface: pygame.Surface, tok: Token, rect: pygame.Rect) -> bool:
    """Draw a cannon in the board layer; True also for a bomb, which the layer leaves out
    (:func:`draw_bombs` draws it on top). False: not a kind of this module."""
    if tok.kind == "bomb":
        return True
    if tok.kind != "cannon":
        return False
    base = rect.inflate(-rect.w * 0.3, -rect.h * 0.3)
    pygame.draw.circle(surface, CANNON_RIM, base.center, base.w * 0.5)
    pygame.draw.circle(surface, CANNON, base.center, base.w * 0.42)
    direction = tok.get("direction")
    if direction in DELTA:
        dx, dy = DELTA[direction]
        cx, cy = base.center
        muzzle = (cx + dx * rect.w * 0.42, cy + dy * rect.h * 0.42)
        pygame.draw.line(surface, CANNON, (cx, cy), muzzle, max(3, int(rect.w * 0.22)))
        pygame.draw.circle(surface, CANNON_RIM, muzzle, max(2, int(rect.w * 0.12)), 2)
    return True


def bomb_image(bomb: str, size: int, angle: float = 0.0) -> pygame.Surface:
    img = render_face("bomb", bomb, max(8, size))
    return pygame.transform.rotozoom(img, angle, 1.0) if angle else img


def draw_bomb(
    surface: pygame.Surface, bomb: str, centre: tuple[float, float], size: int, angle: float = 0.0
) -> None:
    img = bomb_image(bomb, size, angle)
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_bombs(view: Any, surface: pygame.Surface) -> None:
    """The resting bombs, each with a small arrow showing the way it rolls next; a bomb
    whose roll is still to be animated is drawn where the roll starts (or not at all while
    it rolls)."""
    rolling = {a.number: a for step in view.anims.steps for a in step if isinstance(a, BombRoll)}
    size = int(view.cell * 0.72)
    board = view.state.board
    for cell in board.find("bomb"):
        for tok in board.at(cell):
            if tok.kind != "bomb":
                continue
            roll = rolling.get(tok.get("number"))
            if roll is not None:
                if roll not in view.anims.active:
                    draw_bomb(surface, roll.bomb, roll.points[0], size)
                continue
            centre = view.centre(cell)
            draw_bomb(surface, tok.get("bomb", "standard"), centre, size)
            direction = tok.get("direction")
            if direction in DELTA:
                dx, dy = DELTA[direction]
                tip = (centre[0] + dx * view.cell * 0.45, centre[1] + dy * view.cell * 0.45)
                pygame.draw.line(surface, T.ACCENT_HI, centre, tip, 2)


# -- animations -------------------------------------------------------------------------------


class BombRoll(Animation):
    """A bomb die rolling square by square along its path, turning as it goes."""

    def __init__(self, view: Any, number: int, bomb: str, cells: list[tuple[int, int]]):
        super().__init__(STEP_TIME * max(1, len(cells) - 1) + 0.05)
        self.view = view
        self.number = number
        self.bomb = bomb
        self.points = [view.centre(c) for c in cells]
        self.turn = -90.0 if cells[-1][0] >= cells[0][0] else 90.0

    def pos(self) -> tuple[float, float]:
        legs = len(self.points) - 1
        if legs <= 0:
            return self.points[0]
        t = min(self.progress * legs, legs - 1e-9)
        i = int(t)
        f = pytweening.easeInOutSine(t - i)
        (ax, ay), (bx, by) = self.points[i], self.points[i + 1]
        return ax + (bx - ax) * f, ay + (by - ay) * f

    def draw(self, surface: pygame.Surface) -> None:
        legs = max(1, len(self.points) - 1)
        draw_bomb(
            surface,
            self.bomb,
            self.pos(),
            int(self.view.cell * 0.72),
            self.turn * legs * self.progress,
        )


class BlastRing(Animation):
    """An explosion: a flash over the blasted squares and a ring growing to the radius."""

    def __init__(self, view: Any, centre: tuple[int, int], colour, reach: int = 1):
        super().__init__(0.5)
        self.view = view
        self.centre = view.centre(centre)
        self.colour = colour
        self.reach = reach

    def draw(self, surface: pygame.Surface) -> None:
        cell = self.view.cell
        p = pytweening.easeOutQuad(self.progress)
        radius = cell * (self.reach + 0.5) * p + 2
        alpha = int(200 * (1 - self.progress))
        if alpha <= 0:
            return
        side = int(cell * (2 * self.reach + 2))
        layer = pygame.Surface((side, side), pygame.SRCALPHA)
        mid = (side / 2, side / 2)
        pygame.draw.circle(layer, (*self.colour[:3], alpha // 3), mid, radius)
        pygame.draw.circle(layer, (*self.colour[:3], alpha), mid, radius, max(2, cell // 8))
        for k in range(8):  # sparks flying out
            a = k * math.pi / 4 + p
            spark = (mid[0] + math.cos(a) * radius, mid[1] + math.sin(a) * radius)
            pygame.draw.circle(layer, (255, 250, 220, alpha), spark, max(2, cell // 12))
        surface.blit(layer, (self.centre[0] - side / 2, self.centre[1] - side / 2))


class PieceHop(Animation):
    """A sheep or a crystal thrown over a square by an explosion."""

    def __init__(self, view: Any, start, end, colour):
        super().__init__(0.32)
        self.view = view
        self.start = view.centre(start)
        self.end = view.centre(end)
        self.colour = colour

    def draw(self, surface: pygame.Surface) -> None:
        t = pytweening.easeInOutQuad(self.progress)
        lift = self.view.cell * 0.8 * (1 - (2 * self.progress - 1) ** 2)
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t - lift
        r = self.view.cell * 0.28
        pygame.draw.circle(surface, (40, 40, 40), (x, y), r + 2)
        pygame.draw.circle(surface, self.colour, (x, y), r)


def animate(view: Any, event: Event) -> bool:
    """Queue the animation of one bomb event on ``view``; False when it is not one."""
    if isinstance(event, BombMoved):
        cells = [_xy(event.start)] + [_xy(c) for c in event.path]
        view.anims.add(BombRoll(view, event.id, event.bomb, cells))
    elif isinstance(event, Exploded):
        colour = BLAST.get(event.bomb or "standard", BLAST["standard"])
        if event.range:
            colour = CRYSTAL_BLAST
        view.anims.add(BlastRing(view, _xy(event.at), colour, event.range or 1))
    elif isinstance(event, (BombLeft, BombLost)):
        view.anims.add(Flash(view.cell_rect(_xy(event.at)), (30, 30, 36), 0.3, circle=True))
    elif isinstance(event, CannonFired):
        rect = view.cell_rect(_xy(event.at)).inflate(view.cell // 2, view.cell // 2)
        view.anims.add(Flash(rect, BLAST["standard"], 0.25, circle=True))
    elif isinstance(event, SheepThrown):
        view.anims.add(PieceHop(view, _xy(event.start), _xy(event.to), SHEEP_WOOL), parallel=True)
    elif isinstance(event, CrystalThrown):
        view.anims.add(PieceHop(view, _xy(event.start), _xy(event.to), CRYSTAL), parallel=True)
    elif isinstance(event, (SkillsFrozen, CardBurned)):
        hero = view.state.heroes[event.hero]
        colour = ICE if isinstance(event, SkillsFrozen) else BLAST["fire"]
        view.anims.add(Flash(view.cell_rect(hero.pos), colour, 0.4, circle=True), parallel=True)
    else:
        return False
    return True
