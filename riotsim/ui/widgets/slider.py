"""A horizontal slider over a numeric range with a step; Left/Right when focused."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget


class Slider(Widget):
    focusable = True

    def __init__(
        self,
        label: str,
        lo: float,
        hi: float,
        value: float,
        step: float = 0.1,
        on_change: Callable[[float], None] | None = None,
        fmt: Callable[[float], str] = lambda v: f"{v:.2f}",
    ):
        super().__init__()
        self.label = label
        self.lo, self.hi, self.step_size = lo, hi, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.fmt = fmt
        # the label's width: 40% of the row, or more when a row of sliders (``align``)
        # or the label's own words need it; the value's: 16%, or more when its words need it
        self._label_w = 0
        self._value_w = 0

    def _snap(self, v: float) -> float:
        v = max(self.lo, min(self.hi, v))
        steps = round((v - self.lo) / self.step_size)
        return round(self.lo + steps * self.step_size, 6)

    def set(self, v: float) -> None:
        v = self._snap(v)
        if v != self.value:
            self.value = v
            if self.on_change is not None:
                self.on_change(v)

    def _track(self, label_w: int | None = None) -> pygame.Rect:
        # the label takes 40% of the row, more when its words need it (a long Italian label
        # at a large text size), leaving the track at least a quarter of the row
        if label_w is None:
            label_w = self._label_w or int(self.rect.w * 0.4)
        label_w = min(max(label_w, int(self.rect.w * 0.4)), int(self.rect.w * 0.6))
        value_w = min(max(self._value_w, int(self.rect.w * 0.16)), int(self.rect.w * 0.3))
        return pygame.Rect(
            self.rect.left + label_w,
            self.rect.centery - 3,
            self.rect.w - label_w - value_w,
            6,
        )

    def label_width(self, theme: Theme) -> int:
        return draw.text_size(theme.fonts.get(16), self.label)[0] + theme.px(10)

    def value_width(self, theme: Theme) -> int:
        """The room the value takes: its widest text at either end or now."""
        font = theme.fonts.get(16, "Medium")
        texts = {self.fmt(self.lo), self.fmt(self.hi), self.fmt(self.value)}
        return max(draw.text_size(font, t)[0] for t in texts) + theme.px(12)

    @staticmethod
    def align(sliders: list[Slider], theme: Theme) -> None:
        """Give a column of sliders one track: from the widest label's end to the widest
        value's start."""
        widest = max((s.label_width(theme) for s in sliders), default=0)
        value = max((s.value_width(theme) for s in sliders), default=0)
        for slider in sliders:
            slider._label_w, slider._value_w = widest, value

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        if button != 1 or not self.enabled or not self.rect.collidepoint(pos):
            return False
        track = self._track()
        t = (pos[0] - track.left) / max(1, track.w)
        self.set(self.lo + t * (self.hi - self.lo))
        return True

    def key(self, name: str) -> bool:
        if name == "left":
            self.set(self.value - self.step_size)
            return True
        if name == "right":
            self.set(self.value + self.step_size)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        font = theme.fonts.get(16)
        ink = T.TEXT if (self.hovered or self.focused) else T.TEXT_DIM
        self._label_w = max(self._label_w, self.label_width(theme))
        track = self._track(self._label_w)
        draw.text(
            surface,
            self.label,
            font,
            ink,
            (self.rect.left, self.rect.centery),
            "midleft",
            track.left - self.rect.left - theme.px(10),
        )
        draw.rounded_rect(surface, track, T.LINE, 3)
        t = (self.value - self.lo) / max(1e-9, self.hi - self.lo)
        filled = pygame.Rect(track.left, track.top, max(6, int(track.w * t)), track.h)
        draw.rounded_rect(surface, filled, T.ACCENT, 3)
        knob = (track.left + track.w * t, track.centery)
        if self.focused:
            draw.aa_circle(surface, T.ACCENT_HI, knob, theme.px(12))
        draw.aa_circle(surface, T.TEXT, knob, theme.px(9))
        draw.text(
            surface,
            self.fmt(self.value),
            theme.fonts.get(16, "Medium"),
            T.TEXT,
            (self.rect.right, self.rect.centery),
            "midright",
        )
