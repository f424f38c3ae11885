"""An on/off switch with a label."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget


class Toggle(Widget):
    focusable = True

    def __init__(
        self, label: str, value: bool = False, on_change: Callable[[bool], None] | None = None
    ):
        super().__init__()
        self.label = label
        self.value = value
        self.on_change = on_change

    def activate(self) -> None:
        if not self.enabled:
            return
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        if button == 1 and self.enabled and self.rect.collidepoint(pos):
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        h = self.rect.h
        track = pygame.Rect(0, 0, int(h * 1.7), int(h * 0.62))
        track.midright = (self.rect.right - theme.px(4), self.rect.centery)
        on_colour = T.ACCENT if self.enabled else T.DISABLED_TEXT
        draw.rounded_rect(surface, track, on_colour if self.value else T.LINE, track.h // 2)
        knob_r = track.h * 0.4
        kx = track.right - track.h / 2 if self.value else track.left + track.h / 2
        draw.aa_circle(surface, T.TEXT, (kx, track.centery), knob_r)
        if self.focused:
            draw.rounded_rect(
                surface,
                track.inflate(theme.px(6), theme.px(6)),
                (0, 0, 0, 0),
                track.h,
                T.ACCENT,
                theme.px(2),
            )
        font = theme.fonts.get(16)
        ink = T.TEXT if (self.enabled and (self.hovered or self.focused)) else T.TEXT_DIM
        if not self.enabled:
            ink = T.DISABLED_TEXT
        draw.text(
            surface,
            self.label,
            font,
            ink,
            (self.rect.left, self.rect.centery),
            "midleft",
            track.left - self.rect.left - theme.px(8),
        )
