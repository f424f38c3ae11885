"""Moving platforms on the Quodd board (issue 12 part C): each platform's edge and arrow
drawn over the board, and the animation of a platform sliding or turning with the heroes
riding it."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytweening

from riotsim.core.contract import Event
from riotsim.games.quodd.directions import Cell
from riotsim.games.quodd.events import PlatformBlocked, PlatformMoved, PlatformRotated
from riotsim.ui.anim import Animation, Flash
from riotsim.ui.views import quodd_art as art

PLANK = (150, 112, 70)
EDGE = (92, 64, 36)
EVENTS = (PlatformMoved, PlatformRotated, PlatformBlocked)


def draw(view: Any, surface: pygame.Surface) -> None:
    """Every platform: a wooden rim round its squares, its arrow or its turning token."""
    moving = {a.platform for a in view.anims.active if isinstance(a, PlatformMove)}
    for platform in view.state.board.platforms:
        if platform.id in moving:
            continue  # the animation draws it
        cells = set(platform.cells)
        for cell in cells:
            _rim(view, surface, cell, cells)
        if platform.motion == "slide" and platform.direction:
            rect = view.cell_rect(platform.cells[0]).inflate(-view.cell // 2, -view.cell // 2)
            rect.topleft = view.cell_rect(platform.cells[0]).topleft
            art.arrow(surface, rect, platform.direction, EDGE, 2)
        elif platform.motion == "rotate" and platform.pivot:
            rect = view.cell_rect(platform.pivot)
            pygame.draw.circle(surface, EDGE, rect.center, view.cell * 0.18, 3)
            tip = (rect.centerx + view.cell * 0.18, rect.centery)
            side = -1 if platform.spin == "ccw" else 1
            pygame.draw.circle(surface, EDGE, (tip[0], tip[1] + side * 3), 3)


def _rim(view: Any, surface: pygame.Surface, cell: Cell, cells: set[Cell]) -> None:
    rect = view.cell_rect(cell)
    x, y = cell
    width = max(2, view.cell // 12)
    sides = {
        (x, y - 1): (rect.topleft, rect.topright),
        (x, y + 1): (rect.bottomleft, rect.bottomright),
        (x - 1, y): (rect.topleft, rect.bottomleft),
        (x + 1, y): (rect.topright, rect.bottomright),
    }
    for near, (a, b) in sides.items():
        if near not in cells:
            pygame.draw.line(surface, EDGE, a, b, width)


class PlatformMove(Animation):
    """A platform's planks on their way from the old squares to the new: a slide in a
    straight line, a turn as a quarter circle about the pivot."""

    def __init__(self, view: Any, event: Event, duration: float = 0.45):
        super().__init__(duration)
        self.view = view
        self.platform = event.data["id"]
        self.pairs = [((m[0], m[1]), (m[2], m[3])) for m in event.data["mapping"]]
        pivot = event.data.get("pivot")
        self.pivot = (pivot[0], pivot[1]) if pivot else None
        self.spin = 1 if event.data.get("spin") == "cw" else -1

    def point(self, start: Cell, end: Cell) -> tuple[float, float]:
        t = pytweening.easeInOutQuad(self.progress)
        a, b = self.view.centre(start), self.view.centre(end)
        if self.pivot is None:
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        c = self.view.centre(self.pivot)
        angle = self.spin * t * math.pi / 2
        dx, dy = a[0] - c[0], a[1] - c[1]
        cos, sin = math.cos(angle), math.sin(angle)
        return (c[0] + dx * cos - dy * sin, c[1] + dx * sin + dy * cos)

    def draw(self, surface: pygame.Surface) -> None:
        side = self.view.cell
        for start, end in self.pairs:
            x, y = self.point(start, end)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (int(x), int(y))
            pygame.draw.rect(surface, PLANK, rect)
            pygame.draw.rect(surface, EDGE, rect, max(2, side // 12))


def animate(view: Any, event: Event, riders: Any) -> None:
    """A platform event: the planks move and every hero on them rides along (``riders``
    makes the hero's glide: ``riders(seat, start_cell, end_cell)``)."""
    if isinstance(event, PlatformBlocked):
        board = view.state.board
        for platform in board.platforms:
            if platform.id == event.data["id"]:
                for cell in platform.cells:
                    view.anims.add(Flash(view.cell_rect(cell), art.GOLD, 0.3), parallel=True)
        return
    view.anims.add(PlatformMove(view, event))
    ends = {end for _, end in [((m[0], m[1]), (m[2], m[3])) for m in event.data["mapping"]]}
    starts = {(m[2], m[3]): (m[0], m[1]) for m in event.data["mapping"]}
    for hero in view.state.heroes:
        if hero.pos in ends:
            riders(hero.seat, starts[hero.pos], hero.pos)
