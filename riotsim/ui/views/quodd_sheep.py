"""Sheep on the Quodd board (issue 12 part B): drawn above the board layer each frame, and
animated from the sheep events - walking along their path, turning, carried or sprung by
board elements, pushed by a black sheep, picked up by a hero, lost in a pit.

The view only shows what the events report: every rule is decided in
:mod:`riotsim.games.quodd.sheep`.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytweening

from riotsim.core.contract import Event
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.directions import Cell
from riotsim.games.quodd.events import (
    SheepCarried,
    SheepLost,
    SheepMoved,
    SheepPickedUp,
    SheepShoved,
    SheepSpawned,
    SheepTurned,
)
from riotsim.games.quodd.sheep import SPEED
from riotsim.i18n import _, ngettext
from riotsim.ui.anim import Animation, Flash

WOOL = {"grey": (165, 165, 160), "white": (242, 240, 232), "black": (52, 48, 54)}
FACE = {"grey": (70, 66, 62), "white": (90, 80, 72), "black": (20, 18, 22)}
OUTLINE = (30, 28, 26)
ANGLE = {"N": -90.0, "E": 0.0, "S": 90.0, "W": 180.0}
SHEEP_EVENTS = (
    SheepMoved,
    SheepTurned,
    SheepCarried,
    SheepShoved,
    SheepPickedUp,
    SheepLost,
    SheepSpawned,
)
STEP_SECONDS = 0.28


def draw_sheep(
    surface: pygame.Surface,
    colour: str,
    angle: float,
    centre: tuple[float, float],
    cell: int,
    *,
    scale: float = 1.0,
    lift: float = 0.0,
    step: float = 0.0,
) -> None:
    """A sheep seen from above: a woolly body, its head towards ``angle`` (degrees, 0 = east,
    90 = south), legs that swing with ``step`` (0..1 through a stride)."""
    size = cell * 0.36 * scale
    if size < 1:
        return
    cx, cy = centre[0], centre[1] - lift
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    swing = math.sin(step * 2 * math.pi) * size * 0.25
    for side in (-1, 1):  # legs, front pair and back pair
        for along, phase in ((0.45, 1), (-0.45, -1)):
            lx = cx + ux * (size * along + swing * phase * side) - uy * size * 0.55 * side
            ly = cy + uy * (size * along + swing * phase * side) + ux * size * 0.55 * side
            pygame.draw.circle(surface, FACE[colour], (lx, ly), max(1.0, size * 0.14))
    if lift:
        shadow = pygame.Rect(0, 0, size * 1.8, size * 0.8)
        shadow.center = (int(centre[0]), int(centre[1] + size * 0.6))
        pygame.draw.ellipse(surface, (40, 40, 40), shadow, 1)
    for k in range(5):  # the fleece: a ring of puffs round the body
        a = k * 2 * math.pi / 5
        puff = (cx + math.cos(a) * size * 0.45, cy + math.sin(a) * size * 0.45)
        pygame.draw.circle(surface, WOOL[colour], puff, size * 0.55)
    pygame.draw.circle(surface, OUTLINE, (cx, cy), size * 1.0, 1)
    head = (cx + ux * size * 0.95, cy + uy * size * 0.95)
    pygame.draw.circle(surface, FACE[colour], head, size * 0.38)
    for side in (-1, 1):  # eyes
        eye = (
            head[0] + ux * size * 0.15 - uy * size * 0.16 * side,
            head[1] + uy * size * 0.15 + ux * size * 0.16 * side,
        )
        pygame.draw.circle(surface, (235, 235, 225), eye, max(1.0, size * 0.08))


class SheepMove(Animation):
    """One sheep on its way: ``mode`` is ``walk`` (step by step along ``cells``), ``glide``
    (a current, a push), ``hop`` (a spring), ``warp`` (a teleporter, a connection, a
    respawn), ``turn`` (from ``angle`` to ``end_angle``), ``pickup`` (shrinking into the
    hero) or ``lost`` (shrinking into a pit)."""

    def __init__(
        self,
        view: Any,
        key: int,
        colour: str,
        cells: list[Cell],
        angle: float,
        mode: str = "walk",
        end_angle: float | None = None,
        target: Cell | None = None,
        duration: float | None = None,
    ):
        steps = max(1, len(cells) - 1)
        super().__init__(duration if duration is not None else STEP_SECONDS * steps)
        self.view = view
        self.key = key
        self.colour = colour
        self.cells = cells
        self.angle = angle
        self.end_angle = angle if end_angle is None else end_angle
        self.mode = mode
        self.target = target

    def start(self) -> tuple[float, float]:
        return self.view.centre(self.cells[0])

    def pos(self) -> tuple[float, float]:
        view = self.view
        if self.mode in ("turn", "lost") or len(self.cells) == 1 and self.target is None:
            return view.centre(self.cells[0])
        if self.mode == "warp":
            return view.centre(self.cells[0 if self.progress < 0.5 else -1])
        if self.mode == "pickup":
            a, b = view.centre(self.cells[0]), view.centre(self.target or self.cells[0])
            t = pytweening.easeInQuad(self.progress)
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        span = self.progress * (len(self.cells) - 1)
        i = min(int(span), len(self.cells) - 2)
        t = pytweening.easeInOutQuad(span - i) if self.mode == "walk" else span - i
        a, b = view.centre(self.cells[i]), view.centre(self.cells[i + 1])
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.progress
        angle = self.angle + (self.end_angle - self.angle) * pytweening.easeInOutQuad(p)
        scale, lift, stride = 1.0, 0.0, 0.0
        if self.mode == "walk":
            stride = p * max(1, len(self.cells) - 1)
        elif self.mode == "hop":
            lift = self.view.cell * 0.9 * (1 - (2 * p - 1) ** 2)
        elif self.mode == "warp":
            scale = abs(1 - 2 * p)
        elif self.mode in ("pickup", "lost"):
            scale = 1 - p
        draw_sheep(
            surface,
            self.colour,
            angle,
            self.pos(),
            self.view.cell,
            scale=scale,
            lift=lift,
            step=stride,
        )


def tooltip(token: Token) -> str:
    """``Black sheep, 3 squares a round, facing north: land on it to pick it up``."""
    colour = token.get("colour", "grey")
    facing = token.get("direction")
    words = {"N": _("north"), "E": _("east"), "S": _("south"), "W": _("west")}
    looks = (
        _(", facing {way}").format(way=words[facing])
        if facing in words
        else _(", about to be given a facing")
    )
    n = SPEED.get(colour, 1)
    names = {"grey": _("Grey sheep"), "white": _("White sheep"), "black": _("Black sheep")}
    sheep = names.get(colour, f"{colour.capitalize()} sheep")
    pace = ngettext("{n} square a round", "{n} squares a round", n).format(n=n)
    return _("{sheep}, {pace}{facing}: land on it to pick it up").format(
        sheep=sheep, pace=pace, facing=looks
    )


def flock(view: Any) -> dict[int, tuple[Cell, str, str]]:
    """The sheep on the board: number -> (square, colour, facing)."""
    out = {}
    for cell, tokens in view.state.board.tokens.items():
        for token in tokens:
            if token.kind == "sheep":
                out[token.get("number", 0)] = (
                    cell,
                    token.get("colour", "grey"),
                    token.get("direction") or "S",
                )
    return out


def _first_anim(view: Any, key: int) -> SheepMove | None:
    for step_ in view.anims.steps:
        for anim in step_:
            if isinstance(anim, SheepMove) and anim.key == key:
                return anim
    return None


def draw_flock(view: Any, surface: pygame.Surface) -> None:
    """Every sheep, north to south: at rest on its square, or (waiting for its turn in the
    animation queue) where its first animation starts; moving ones draw themselves."""
    sheep = flock(view)
    keys = set(sheep)
    for step_ in view.anims.steps:
        keys |= {a.key for a in step_ if isinstance(a, SheepMove)}
    shown = []
    active = view.anims.active
    for key in keys:
        anim = _first_anim(view, key)
        if anim is not None:
            if anim not in active:
                shown.append((anim.start(), anim.colour, anim.angle))
            continue
        cell, colour, facing = sheep[key]
        shown.append((view.centre(cell), colour, ANGLE[facing]))
    for centre, colour, angle in sorted(shown, key=lambda s: (s[0][1], s[0][0])):
        draw_sheep(surface, colour, angle, centre, view.cell)


def _known(view: Any, key: int) -> tuple[str, float]:
    """A sheep's colour and the angle it faces as last animated (or on the board now)."""
    last = None
    for step_ in view.anims.steps:
        for anim in step_:
            if isinstance(anim, SheepMove) and anim.key == key:
                last = anim
    if last is not None:
        return last.colour, last.end_angle
    here = flock(view).get(key)
    if here is None:
        return "grey", 90.0
    return here[1], ANGLE[here[2]]


def _cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


def animate(view: Any, event: Event) -> None:
    """Queue the animation of one sheep event."""
    anims = view.anims
    if isinstance(event, SheepSpawned):
        rect = view.cell_rect(_cell(event.at)).inflate(view.cell // 3, view.cell // 3)
        anims.add(Flash(rect, WOOL["white"], 0.35, circle=True))
        return
    if isinstance(event, SheepShoved):
        if event.pushed is not None:
            colour, angle = _known(view, event.pushed)
            cells = [_cell(event.start), _cell(event.to)]
            anims.add(SheepMove(view, event.pushed, colour, cells, angle, "glide"))
        return
    key = event.data["id"]
    colour, angle = _known(view, key)
    if isinstance(event, SheepMoved):
        cells = [_cell(event.start)] + [_cell(c) for c in event.path]
        anims.add(SheepMove(view, key, colour, cells, ANGLE[event.facing], "walk"))
    elif isinstance(event, SheepTurned):
        end = ANGLE[event.facing]
        start = end - 90.0 if event.spin == "cw" else end + 90.0
        cells = [_cell(event.at)]
        anims.add(SheepMove(view, key, colour, cells, start, "turn", end, duration=0.3))
    elif isinstance(event, SheepCarried):
        mode = {"current": "glide", "spring": "hop"}.get(event.how, "warp")
        cells = [_cell(event.start), _cell(event.to)]
        anims.add(SheepMove(view, key, colour, cells, angle, mode, duration=0.34))
    elif isinstance(event, SheepPickedUp):
        hero = view.state.heroes[event.hero].pos
        cells = [_cell(event.at)]
        anims.add(SheepMove(view, key, colour, cells, angle, "pickup", target=hero, duration=0.4))
    elif isinstance(event, SheepLost):
        cells = [_cell(event.at)]
        anims.add(SheepMove(view, key, colour, cells, angle, "lost", duration=0.4))
