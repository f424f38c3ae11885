"""Animations views share: gliding pieces, flashes and shakes, floating text.

Each animation has ``update(dt)``, ``done``, ``finish()`` and ``draw(surface)``; an
:class:`Animator` runs a queue of them (one after another, or together when started with
``parallel=True``). Easing comes from pytweening.

With reduced motion (the setting) an :class:`Animator` reduces each animation it is given:
it jumps to its resting frame (:meth:`Animation.still_at`: dice and cubes show their result
at once) and fades that in over :data:`FADE_S`; an animation that is itself a fade
(``fades = True``) plays no longer than :data:`FADE_S`, and a shake does not shake.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame
import pytweening

from riotsim.ui import theme as T

Point = tuple[float, float]

FADE_S = 0.15  # reduced motion: every animation is a fade this short (or shorter)
_reduced = [False]


def set_reduced_motion(on: bool) -> None:
    _reduced[0] = bool(on)


def reduced_motion() -> bool:
    return _reduced[0]


class Animation:
    duration = 0.5
    fades = False  # already a fade (a flash): reduced motion only shortens it
    reduced = False  # reduced by the Animator (see the module's docstring)

    def __init__(self, duration: float | None = None):
        if duration is not None:
            self.duration = duration
        self.t = 0.0
        self.fade = FADE_S

    def still_at(self) -> float:
        """The time of the frame reduced motion shows at once: the end, unless the animation
        rests on its result for a while (dice that land, then stay)."""
        return self.duration

    def reduce(self) -> None:
        """Reduced motion: no movement, a short fade (see the module's docstring)."""
        self.reduced = True
        if self.fades:
            self.duration = min(self.duration, FADE_S)
            return
        self.t = self.still_at()
        self.fade = 0.0 if self.duration > 0 else FADE_S

    @property
    def alpha(self) -> int:
        """255, or less while a reduced animation fades in."""
        return 255 if self.fade >= FADE_S else int(255 * self.fade / FADE_S)

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    @property
    def done(self) -> bool:
        return self.t >= self.duration and self.fade >= FADE_S

    def update(self, dt: float) -> None:
        if self.fade < FADE_S:
            self.fade = min(FADE_S, self.fade + dt)
            return  # the resting frame fades in; whatever follows it plays after
        self.t = min(self.duration, self.t + dt)

    def finish(self) -> None:
        self.t = self.duration
        self.fade = FADE_S

    def draw(self, surface: pygame.Surface) -> None:
        pass


A = TypeVar("A", bound=Animation)  # add() hands back the animation as given


class Glide(Animation):
    """A piece moving along a path of pixel points, eased over the whole path.

    ``draw_piece(surface, pos)`` draws the piece; views use :attr:`pos` to skip drawing the
    piece at its final place while it is still on its way.
    """

    def __init__(
        self,
        path: Sequence[Point],
        draw_piece: Callable[[pygame.Surface, Point], None] | None = None,
        seconds_per_step: float = 0.16,
        easing: Callable[[float], float] = pytweening.easeInOutQuad,
        key: object = None,
    ):
        steps = max(1, len(path) - 1)
        super().__init__(seconds_per_step * steps)
        self.path: list[Point] = [(float(p[0]), float(p[1])) for p in path] or [(0.0, 0.0)]
        self.draw_piece = draw_piece
        self.easing = easing
        self.key = key  # what is moving (a piece id), so the view can hide its resting copy

    @property
    def pos(self) -> Point:
        if len(self.path) == 1:
            return self.path[0]
        eased = self.easing(self.progress) * (len(self.path) - 1)
        i = min(len(self.path) - 2, int(eased))
        f = eased - i
        (x0, y0), (x1, y1) = self.path[i], self.path[i + 1]
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)

    def draw(self, surface: pygame.Surface) -> None:
        if self.draw_piece is not None:
            self.draw_piece(surface, self.pos)


class Flash(Animation):
    """A coloured flash over a rectangle or circle that fades out (damage, a hit)."""

    fades = True

    def __init__(
        self, rect: pygame.Rect, colour=None, duration: float = 0.45, circle: bool = False
    ):
        super().__init__(duration)
        self.rect = pygame.Rect(rect)
        self.colour = colour or T.BAD
        self.circle = circle

    def draw(self, surface: pygame.Surface) -> None:
        alpha = int(190 * (1 - pytweening.easeOutQuad(self.progress)))
        if alpha <= 0:
            return
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        if self.circle:
            r = min(self.rect.w, self.rect.h) / 2
            pygame.draw.circle(layer, (*self.colour[:3], alpha), (r, r), r)
        else:
            layer.fill((*self.colour[:3], alpha))
        surface.blit(layer, self.rect.topleft)


class Shake(Animation):
    """A horizontal shake; views add :attr:`offset` to whatever is shaking."""

    def __init__(self, amplitude: float = 8.0, duration: float = 0.35, key: object = None):
        super().__init__(duration)
        self.amplitude = amplitude
        self.key = key

    @property
    def offset(self) -> tuple[int, int]:
        if self.reduced:
            return (0, 0)
        decay = 1 - self.progress
        return (round(math.sin(self.t * 55) * self.amplitude * decay), 0)


class FloatingText(Animation):
    """Text that rises and fades (\"-2\", \"+3 VP\", \"Miss\")."""

    def __init__(
        self,
        text: str,
        pos: Point,
        font: pygame.font.Font,
        colour=None,
        duration: float = 1.0,
        rise: float = 40.0,
    ):
        super().__init__(duration)
        self.text = text
        self.start = pos
        self.font = font
        self.colour = colour or T.TEXT
        self.rise = rise

    fades = True

    def reduce(self) -> None:
        super().reduce()
        self.rise = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        p = pytweening.easeOutCubic(self.progress)
        alpha = int(255 * (1 - self.progress**2))
        img = self.font.render(self.text, True, self.colour[:3])
        shadow = self.font.render(self.text, True, (0, 0, 0))
        img.set_alpha(alpha)
        shadow.set_alpha(alpha // 2)
        x, y = self.start[0], self.start[1] - self.rise * p
        rect = img.get_rect(center=(round(x), round(y)))
        surface.blit(shadow, rect.move(2, 2))
        surface.blit(img, rect)


class Wait(Animation):
    """A pause between animations in a sequence (a pause, not a motion: reduced motion
    keeps it)."""

    def still_at(self) -> float:
        return 0.0


class Animator:
    """Runs animations: a sequence of steps, each step one or more animations together."""

    def __init__(self) -> None:
        self.steps: list[list[Animation]] = []
        self.speed = 1.0

    def add(self, animation: A, parallel: bool = False) -> A:
        if reduced_motion() and not animation.reduced:
            animation.reduce()
        if parallel and self.steps:
            self.steps[-1].append(animation)
        else:
            self.steps.append([animation])
        return animation

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def active(self) -> list[Animation]:
        return list(self.steps[0]) if self.steps else []

    def update(self, dt: float) -> None:
        """Advance the current step; the next step starts on the next frame."""
        if not self.steps:
            return
        step = self.steps[0]
        for anim in step:
            anim.update(dt * self.speed)
        if all(a.done for a in step):
            self.steps.pop(0)

    def finish(self) -> None:
        for step in self.steps:
            for anim in step:
                anim.finish()
        self.steps.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for anim in self.active:
            if anim.alpha >= 255:
                anim.draw(surface)
                continue
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            anim.draw(layer)
            layer.set_alpha(anim.alpha)
            surface.blit(layer, (0, 0))

    def find(self, kind: type, key: object = None) -> Animation | None:
        for anim in self.active:
            if isinstance(anim, kind) and (key is None or getattr(anim, "key", None) == key):
                return anim
        return None
