"""Shared pieces of the menu-like screens: a widget scene base and the table background."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import Scene
from riotsim.ui.widgets.base import FocusGroup, Widget

if TYPE_CHECKING:
    from riotsim.ui.app import App


@lru_cache(maxsize=2)
def _backdrop(w: int, h: int, palette: str = "standard") -> pygame.Surface:
    """A dark table with a faint hex pattern and soft vignette (cached per window size; two
    kept, so a window dragged through many sizes up to the largest holds little memory).
    The high-contrast theme's table is plain black."""
    if T.STRONG_OUTLINES:
        plain = pygame.Surface((w, h))
        plain.fill(T.BG)
        return plain
    top, bottom = (27, 32, 46), T.BG_DEEP
    strip = pygame.Surface((1, 64))
    for i in range(64):
        strip.set_at((0, i), T.mix(top, bottom, i / 63))
    surf = pygame.transform.smoothscale(strip, (w, h))  # a vertical gradient, cheaply
    pattern = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(18, min(w, h) // 22)
    dx, dy = r * math.sqrt(3), r * 1.5
    row = 0
    y: float = -r
    while y < h + r:
        x = -r + (dx / 2 if row % 2 else 0)
        while x < w + r:
            pts = [
                (x + r * math.cos(math.radians(a + 30)), y + r * math.sin(math.radians(a + 30)))
                for a in range(0, 360, 60)
            ]
            pygame.draw.aalines(pattern, (255, 255, 255, 9), True, pts)
            x += dx
        y += dy
        row += 1
    surf.blit(pattern, (0, 0))
    return surf


def backdrop(surface: pygame.Surface) -> None:
    surface.blit(_backdrop(*surface.get_size(), T.palette()), (0, 0))


def heading(surface: pygame.Surface, theme: T.Theme, title: str, subtitle: str = "") -> int:
    """A screen title at the top left; returns the y below it."""
    x, y = theme.px(48), theme.px(34)
    rect = draw.text(surface, title, theme.fonts.title(34), T.TEXT, (x, y))
    bar = pygame.Rect(x, rect.bottom + theme.px(6), theme.px(56), theme.px(4))
    draw.rounded_rect(surface, bar, T.ACCENT, 2)
    y = bar.bottom + theme.px(10)
    if subtitle:
        r = draw.text(
            surface,
            subtitle,
            theme.fonts.get(16),
            T.TEXT_DIM,
            (x, y),
            max_width=surface.get_width() - 2 * x,
        )
        y = r.bottom
    return y + theme.px(16)


def heading_bottom(theme: T.Theme, subtitle: bool = True) -> int:
    """The y :func:`heading` returns, without drawing (for layouts made before drawing)."""
    y = theme.px(34) + theme.fonts.title(34).get_height() + theme.px(20)
    if subtitle:
        y += theme.fonts.get(16).get_height()
    return y + theme.px(16)


class WidgetScene(Scene):
    """A screen made of widgets: subclasses fill ``self.widgets`` in ``build()`` and place them
    in ``layout(w, h)``; focus, hover, click, keys and drawing are handled here."""

    title = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.focus = FocusGroup()

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
        # back from a dialog or sub-screen: keyboard focus returns to the same control
        label = getattr(self.focus.current, "label", None)
        self.rebuild()
        if label is not None:
            again = next((w for w in self.widgets if getattr(w, "label", None) == label), None)
            if again is not None and again.enabled:
                self.focus.focus(again)

    def rebuild(self) -> None:
        self.widgets = []
        self.build()
        self.focus.set(self.widgets, keep=False)
        self.layout(*self.app.size)

    def language_changed(self) -> None:
        """The language changed: build the widgets again (their texts), focus kept in place."""
        current = self.focus.current
        index = self.widgets.index(current) if current in self.widgets else None
        self.rebuild()
        if index is not None and index < len(self.widgets) and self.widgets[index].enabled:
            self.focus.focus(self.widgets[index])

    def build(self) -> None:
        pass

    def layout(self, w: int, h: int) -> None:
        pass

    def resize(self, w: int, h: int) -> None:
        self.layout(w, h)

    def back(self) -> None:
        self.app.pop(self)

    # input
    def hover(self, pos):
        self.focus.hover(pos)

    def click(self, pos, button=1):
        self.focus.click(pos, button)

    def scroll(self, dy):
        self.focus.scroll(dy)

    def text(self, chars):
        self.focus.text(chars)

    def key(self, name):
        if self.focus.key(name):
            return
        if name == "escape":
            self.back()

    def draw_background(self, surface: pygame.Surface) -> None:
        backdrop(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_content(surface)
        self.focus.draw(surface, self.theme)

    def draw_content(self, surface: pygame.Surface) -> None:
        pass
