"""What just changed on a board: hexes or spaces a piece left and reached, an attack's target.

A view adds a :class:`ChangeMark` per place after a move (a bot's as a human's). The marks wait
while the move's animations play (so the glide is seen first), then fade out over
:data:`FADE_S`. They are not animations of the view's queue: they never delay input or the
next bot move. Each mark asks for its outline when drawn (``shape()``), so a zoom, a pan or a
resize keeps it on its place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

Point = tuple[float, float]
Shape = Callable[[], Sequence[Point]]

FADE_S = 1.0
LEFT = (226, 232, 240)  # the place a piece left: pale
ATTACKED = (236, 72, 60)  # the target of an attack: red


class ChangeMark:
    """One outlined, tinted place that fades once its move's animations are over."""

    def __init__(self, shape: Shape, colour: tuple[int, int, int], fade: float = FADE_S):
        self.shape = shape
        self.colour = colour
        self.fade = fade
        self.t = 0.0
        self.fading = (
            False  # once started, a fade goes on (a newer move's glide holds only its own)
        )

    @property
    def alpha(self) -> float:
        if not self.fading:
            return 1.0
        return max(0.0, 1.0 - self.t / self.fade) if self.fade > 0 else 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.fade


class ChangeMarks:
    """The marks of the latest moves (an older move's keep fading under a newer one's)."""

    def __init__(self) -> None:
        self.marks: list[ChangeMark] = []

    def show(self, marks: list[ChangeMark]) -> None:
        self.marks = [m for m in self.marks if m.fading] + list(marks)

    def clear(self) -> None:
        self.marks = []

    @property
    def showing(self) -> bool:
        return bool(self.marks)

    def update(self, dt: float, held: bool) -> None:
        """``held``: the move's animations still play; marks not yet fading wait for them."""
        for m in self.marks:
            if held and not m.fading:
                continue
            m.fading = True
            m.t = min(m.fade, m.t + dt)
        self.marks = [m for m in self.marks if not m.done]

    def draw(self, surface: pygame.Surface, width: int) -> None:
        """Outlined and tinted, full until the fade starts."""
        if not self.marks:
            return
        shapes = [(m, [(float(x), float(y)) for x, y in m.shape()]) for m in self.marks]
        shapes = [(m, pts) for m, pts in shapes if len(pts) >= 3]
        if not shapes:
            return
        xs = [x for _, pts in shapes for x, _ in pts]
        ys = [y for _, pts in shapes for _, y in pts]
        box = pygame.Rect(int(min(xs)) - width, int(min(ys)) - width, 0, 0)
        box.size = (int(max(xs) - box.left) + 2 * width + 1, int(max(ys) - box.top) + 2 * width + 1)
        box = box.clip(surface.get_rect())
        if box.w <= 0 or box.h <= 0:
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)  # only the marks' bounds
        for m, pts in shapes:
            moved = [(x - box.left, y - box.top) for x, y in pts]
            a = m.alpha
            pygame.draw.polygon(layer, (*m.colour, round(70 * a)), moved)
            pygame.draw.polygon(layer, (*m.colour, round(230 * a)), moved, width)
        surface.blit(layer, box.topleft)
