"""A push button: primary (accent) or plain, with hover and focus states."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from riotsim.ui import draw, sound
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget


class Button(Widget):
    focusable = True

    def __init__(
        self,
        label: str,
        on_click: Callable[[], object] | None = None,  # (what it returns is ignored)
        primary: bool = False,
        enabled: bool = True,
        hint: str = "",
        size: float = 17,
    ):
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.enabled = enabled
        self.hint = hint  # second, dimmer line (e.g. why a button is disabled)
        self.size = size
        self.selected = False  # a toggled-on look (tabs, chosen list entries)

    def colours(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """(fill, text) for the current state."""
        if not self.enabled:
            return T.DISABLED, T.DISABLED_TEXT
        if self.primary or self.selected:
            # keyboard focus on an accent button is a ring around it (see draw), not a colour
            fill = T.ACCENT_HI if self.hovered else T.ACCENT
            return fill, T.TEXT_DARK
        if self.hovered or self.focused:
            return T.BUTTON_HI, T.TEXT
        return T.BUTTON, T.TEXT

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        fill, ink = self.colours()
        radius = theme.px(8)
        accent = self.enabled and (self.primary or self.selected)
        border = T.ACCENT if self.focused and not accent else None
        if self.focused and accent:
            ring = self.rect.inflate(theme.px(8), theme.px(8))
            clear = (0, 0, 0, 0)
            draw.rounded_rect(surface, ring, clear, radius + theme.px(4), T.TEXT, theme.px(2))
        draw.rounded_rect(surface, self.rect, fill, radius, border, theme.px(2) if border else 0)
        pad = theme.px(10)
        font = theme.fonts.get(self.size, "Medium")
        if font.size(self.label)[0] > self.rect.w - 2 * pad:
            # a long label shrinks a little before it is cut
            font = theme.fonts.get(self.size * 0.85, "Medium")
        if self.hint:
            small = theme.fonts.get(self.size * 0.72)
            total = font.get_height() + small.get_height()
            top = self.rect.centery - total // 2
            draw.text(
                surface,
                self.label,
                font,
                ink,
                (self.rect.centerx, top),
                "midtop",
                self.rect.w - 2 * pad,
            )
            hint_ink = T.mix(ink, fill, 0.35)
            draw.text(
                surface,
                self.hint,
                small,
                hint_ink,
                (self.rect.centerx, top + font.get_height()),
                "midtop",
                self.rect.w - 2 * pad,
            )
        else:
            self._draw_label(surface, theme, font, ink, self.rect.w - 2 * pad)

    def _draw_label(self, surface: pygame.Surface, theme: Theme, font, ink, width: int) -> None:
        """The label on one line; a label too long even a size smaller goes on two lines where
        the button is tall enough, else smaller still, and only then is it cut."""
        if font.size(self.label)[0] > width:
            lines = draw.wrap(self.label, font, width)
            step = draw.line_step(font, 1.05)
            tall = step + font.get_height() <= self.rect.h - theme.px(4)
            if len(lines) == 2 and tall and all(font.size(x)[0] <= width for x in lines):
                top = self.rect.centery - (step + font.get_height()) // 2
                for i, line in enumerate(lines):
                    draw.text(
                        surface, line, font, ink, (self.rect.centerx, top + i * step), "midtop"
                    )
                return
            smaller = theme.fonts.get(self.size * 0.75, "Medium")
            if smaller.size(self.label)[0] <= width:
                font = smaller
        draw.text(surface, self.label, font, ink, self.rect.center, "center", width)

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        if button != 1 or not self.enabled or not self.rect.collidepoint(pos):
            return False
        self.activate()
        return True

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            sound.play("click", self.rect)
            self.on_click()
