"""Pick one of several values with arrows: ``<  value  >`` (Left/Right when focused)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget


class Choice(Widget):
    focusable = True

    def __init__(
        self,
        values: Sequence[Any],
        value: Any = None,
        on_change: Callable[[Any], None] | None = None,
        label: Callable[[Any], str] = str,
        swatch: Callable[[Any], tuple[str, tuple[int, int, int]] | None] | None = None,
    ):
        super().__init__()
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.label = label
        self.swatch = swatch  # optional (shape, colour) drawn before the text

    @property
    def value(self) -> Any:
        return self.values[self.index] if self.values else None

    def step(self, delta: int) -> None:
        if not self.values or not self.enabled:
            return
        self.index = (self.index + delta) % len(self.values)
        if self.on_change is not None:
            self.on_change(self.value)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        w = min(int(self.rect.h * 0.75), self.rect.w // 5)
        left = pygame.Rect(self.rect.left, self.rect.top, w, self.rect.h)
        right = pygame.Rect(self.rect.right - w, self.rect.top, w, self.rect.h)
        return left, right

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        fill = T.BUTTON_HI if self.hovered else T.PANEL_HI
        if not self.enabled:
            fill = T.DISABLED
        border = T.ACCENT if self.focused else T.LINE
        draw.rounded_rect(
            surface, self.rect, fill, theme.px(8), border, theme.px(2 if self.focused else 1)
        )
        left, right = self._arrows()
        ink = T.TEXT if self.enabled else T.DISABLED_TEXT
        if len(self.values) > 1:
            _chevron(surface, left.center, left.h * 0.13, -1, theme.px(2))
            _chevron(surface, right.center, right.h * 0.13, 1, theme.px(2))
        font = theme.fonts.get(16, "Medium")
        text = self.label(self.value) if self.values else "-"
        inner_w = self.rect.w - left.w - right.w
        if draw.text_size(font, text)[0] > inner_w - theme.px(4):
            font = theme.fonts.get(16 * 0.82, "Medium")  # shrink a little before cutting
        mark = self.swatch(self.value) if self.swatch and self.values else None
        if mark is not None:
            shape, colour = mark
            rr = self.rect.h * 0.22
            if font.size(text)[0] > inner_w - int(rr * 3):
                text = ""  # too narrow for the name: the swatch alone says it
            tw = font.size(text)[0] + rr * 3 if text else rr * 2
            x0 = self.rect.centerx - tw / 2
            draw.seat_marker(surface, shape, colour, (x0 + rr, self.rect.centery), rr)
            draw.text(surface, text, font, ink, (int(x0 + rr * 3), self.rect.centery), "midleft")
        else:
            draw.text(surface, text, font, ink, self.rect.center, "center", inner_w)

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        if not self.enabled or not self.rect.collidepoint(pos):
            return False
        if button == 3:
            self.step(-1)
            return True
        left, _ = self._arrows()
        self.step(-1 if left.collidepoint(pos) else 1)
        return True

    def key(self, name: str) -> bool:
        if name == "left":
            self.step(-1)
            return True
        if name == "right":
            self.step(1)
            return True
        return False

    def activate(self) -> None:
        self.step(1)


def _chevron(surface: pygame.Surface, centre, r: float, direction: int, width: int) -> None:
    """A thin ``<`` or ``>`` (direction -1 or 1)."""
    cx, cy = centre
    tip = (cx + direction * r * 0.6, cy)
    top = (cx - direction * r * 0.6, cy - r)
    bottom = (cx - direction * r * 0.6, cy + r)
    pygame.draw.lines(surface, T.TEXT_DIM, False, [top, tip, bottom], width)
    pygame.draw.aalines(surface, T.TEXT_DIM, False, [top, tip, bottom])
