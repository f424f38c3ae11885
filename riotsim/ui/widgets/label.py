"""Static text, one line or wrapped."""

from __future__ import annotations

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget


class Label(Widget):
    def __init__(
        self,
        text: str,
        size: float = 17,
        weight: str = "Regular",
        colour: tuple[int, int, int] | None = None,
        align: str = "left",
        wrap: bool = False,
    ):
        super().__init__()
        self.text_value = text
        self.size = size
        self.weight = weight
        self.colour = colour  # None: the theme's text colour at draw time
        self.align = align
        self.wrap = wrap

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        font = theme.fonts.get(self.size, self.weight)
        colour = self.colour or T.TEXT
        if self.wrap:
            draw.text_block(surface, self.text_value, font, colour, self.rect, self.align)
            return
        if self.align == "center":
            draw.text(
                surface, self.text_value, font, colour, self.rect.center, "center", self.rect.w
            )
        elif self.align == "right":
            draw.text(
                surface,
                self.text_value,
                font,
                colour,
                self.rect.midright,
                "midright",
                self.rect.w,
            )
        else:
            draw.text(
                surface,
                self.text_value,
                font,
                colour,
                self.rect.midleft,
                "midleft",
                self.rect.w,
            )
