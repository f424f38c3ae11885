"""Beam walls and gadgets on the Quodd board (issue 12 part C): the parts' pictures, the
light drawn over the lit squares every frame (so it follows the state as emitters switch and
reflectors turn), and the animations of the beam events."""

from __future__ import annotations

import math
import time
from typing import Any

import pygame
import pytweening

from riotsim.core.contract import Event
from riotsim.games.quodd.board import BEAM_KINDS, Token
from riotsim.games.quodd.directions import DELTA, ORTHOGONAL, Cell, split_diagonal
from riotsim.games.quodd.events import (
    BeamBurned,
    BeamChanged,
    CrystalPlaced,
    CrystalTaken,
    EmitterSwitched,
    GadgetActed,
    ReflectorTurned,
)
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation, Flash, reduced_motion
from riotsim.ui.views import quodd_art as art

LIGHT = (255, 236, 120)
CORE = (255, 252, 220)
METAL = (120, 128, 140)
EVENTS: tuple[type[Event], ...] = (BeamChanged, EmitterSwitched, ReflectorTurned, GadgetActed)
EVENTS += (BeamBurned, CrystalPlaced, CrystalTaken)


# -- the parts -------------------------------------------------------------------------------


def token(surface: pygame.Surface, tok: Token, rect: pygame.Rect) -> bool:
    """Draw a beam part or power block; False for any other token (art.token draws it)."""
    kind = tok.kind
    if kind not in BEAM_KINDS and kind != "power_block":
        return False
    inner = rect.inflate(-rect.w * 0.16, -rect.h * 0.16)
    if kind == "power_block":
        pygame.draw.rect(surface, (70, 74, 90), inner, border_radius=4)
        pygame.draw.rect(surface, LIGHT, inner.inflate(-inner.w * 0.5, -inner.h * 0.5), 2)
        art.letter(surface, str(tok.get("link", "")), rect, art.LIGHT, 0.3)
        return True
    pygame.draw.rect(surface, METAL, inner, border_radius=5)
    on = bool(tok.get("on", 0))
    if kind == "emitter":
        lens = LIGHT if on else (70, 70, 70)
        dx, dy = DELTA[tok.get("direction", "S")]
        tip = (rect.centerx + dx * rect.w * 0.3, rect.centery + dy * rect.h * 0.3)
        pygame.draw.circle(surface, art.DARK, rect.center, rect.w * 0.22)
        pygame.draw.circle(surface, lens, tip, rect.w * 0.14)
    elif kind == "reflector":
        _mirror(surface, rect, tok.get("direction", "NE"), LIGHT if on else (90, 90, 90))
    elif kind == "rotator":
        art.token(surface, Token.make("rotate_switch"), rect)
        if tok.get("spin") == "ccw":
            pygame.draw.line(surface, art.LIGHT, rect.midleft, rect.midright, 1)
    elif kind == "mover":
        art.arrow(surface, rect, tok.get("direction", "E"), art.LIGHT)
    return True


def _mirror(surface: pygame.Surface, rect: pygame.Rect, front: str, colour) -> None:
    """A reflector: a bright diagonal face towards its front, dark behind."""
    a, b = split_diagonal(front) if len(front) == 2 else ("N", "E")
    (ax, ay), (bx, by) = DELTA[a], DELTA[b]
    cx, cy = rect.center
    r = rect.w * 0.34
    # the mirror runs across the square, perpendicular to the front's diagonal
    p1 = (cx + (ax - bx) * r * 0.7, cy + (ay - by) * r * 0.7)
    p2 = (cx - (ax - bx) * r * 0.7, cy - (ay - by) * r * 0.7)
    back = (cx - (ax + bx) * r * 0.6, cy - (ay + by) * r * 0.6)
    pygame.draw.polygon(surface, art.DARK, [p1, p2, back])
    pygame.draw.line(surface, colour, p1, p2, max(2, int(rect.w * 0.08)))


# -- the light -------------------------------------------------------------------------------


def draw(view: Any, surface: pygame.Surface) -> None:
    """The beams: a glow over each lit square and a bright core joining it to its lit (or
    beam part) neighbours, flickering a little."""
    board = view.state.board
    if not board.lit:
        return
    hit = {c for c, _ in board.hits}
    flicker = 0.85 + 0.15 * math.sin(time.monotonic() * 9.0)
    if reduced_motion():
        flicker = 1.0  # a steady light
    glow = pygame.Surface((view.cell, view.cell), pygame.SRCALPHA)
    glow.fill((*LIGHT, int(70 * flicker)))
    width = max(2, view.cell // 8)
    for cell in board.lit:
        rect = view.cell_rect(cell)
        surface.blit(glow, rect.topleft)
        centre = rect.center
        for d in ORTHOGONAL:
            dx, dy = DELTA[d]
            near: Cell = (cell[0] + dx, cell[1] + dy)
            if near in board.lit or near in hit or _emits_into(board, near, cell):
                end = (centre[0] + dx * view.cell / 2, centre[1] + dy * view.cell / 2)
                pygame.draw.line(surface, CORE, centre, end, width)


def _emits_into(board: Any, cell: Cell, lit: Cell) -> bool:
    emitter = board.first(cell, "emitter")
    if emitter is None or not emitter.get("on", 0):
        return False
    dx, dy = DELTA[emitter.get("direction", "S")]
    return (cell[0] + dx, cell[1] + dy) == lit


class LightUp(Animation):
    """Squares newly lit (or gone dark) flare in the order the beam runs, nearest first."""

    def __init__(self, view: Any, cells: list[Cell], colour, duration: float = 0.5):
        super().__init__(duration)
        self.view = view
        self.cells = cells
        self.colour = colour

    def draw(self, surface: pygame.Surface) -> None:
        n = max(1, len(self.cells))
        for i, cell in enumerate(self.cells):
            p = min(1.0, max(0.0, self.progress * 2 - i / n))
            alpha = int(200 * math.sin(math.pi * pytweening.easeOutQuad(p)))
            if alpha <= 0:
                continue
            rect = self.view.cell_rect(cell)
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            layer.fill((*self.colour, alpha))
            surface.blit(layer, rect.topleft)


def animate(view: Any, event: Event) -> None:
    """One beam event: the light flaring on or fading, a part switching or turning."""
    if isinstance(event, BeamChanged):
        added = [(c[0], c[1]) for c in event.added]
        removed = [(c[0], c[1]) for c in event.removed]
        if added:
            view.anims.add(LightUp(view, added, LIGHT))
        if removed:
            view.anims.add(LightUp(view, removed, (40, 40, 60), 0.35), parallel=bool(added))
        return
    at = event.data.get("at")
    if not isinstance(at, list):
        return
    rect = view.cell_rect((at[0], at[1]))
    colour = T.BAD if isinstance(event, BeamBurned) else LIGHT
    if isinstance(event, GadgetActed):
        colour = T.ACCENT
    view.anims.add(Flash(rect.inflate(view.cell // 2, view.cell // 2), colour, 0.4, circle=True))
