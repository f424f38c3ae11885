"""A scrollable list of rows (title + detail), one selected; Up/Down and Enter when focused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget


@dataclass
class Row:
    title: str
    detail: str = ""
    value: Any = None


class ListView(Widget):
    focusable = True

    def __init__(
        self,
        rows: list[Row] | None = None,
        on_select: Callable[[Row], None] | None = None,
        on_activate: Callable[[Row], None] | None = None,
        empty_text: str | None = None,
    ):
        super().__init__()
        self.rows: list[Row] = list(rows or [])
        self.selected = 0 if self.rows else -1
        self.on_select = on_select
        self.on_activate = on_activate
        self.empty_text = _("Nothing here yet.") if empty_text is None else empty_text

        self.offset = 0  # first visible row
        self.row_h = 56
        self.hover_row = -1

    def set_rows(self, rows: list[Row]) -> None:
        self.rows = list(rows)
        self.selected = 0 if self.rows else -1
        self.offset = 0

    @property
    def current(self) -> Row | None:
        return self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None

    def _visible_count(self) -> int:
        return max(1, self.rect.h // max(1, self.row_h))

    def select(self, index: int) -> None:
        """Select row ``index`` (clamped to the list) and scroll it into view."""
        self._select(index)

    def _select(self, index: int) -> None:
        if not self.rows:
            return
        index = max(0, min(len(self.rows) - 1, index))
        self.selected = index
        count = self._visible_count()
        if index < self.offset:
            self.offset = index
        elif index >= self.offset + count:
            self.offset = index - count + 1
        if self.on_select is not None:
            self.on_select(self.rows[index])

    def _row_at(self, pos: tuple[int, int]) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        i = self.offset + (pos[1] - self.rect.top) // max(1, self.row_h)
        return i if 0 <= i < len(self.rows) else -1

    def hover(self, pos: tuple[int, int]) -> None:
        super().hover(pos)
        self.hover_row = self._row_at(pos)

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        i = self._row_at(pos)
        if i < 0:
            return self.rect.collidepoint(pos)
        if i == self.selected and self.on_activate is not None:
            self.on_activate(self.rows[i])
        else:
            self._select(i)
        return True

    def key(self, name: str) -> bool:
        if not self.rows:
            return False
        if name == "down" and self.selected < len(self.rows) - 1:
            self._select(self.selected + 1)
            return True
        if name == "up" and self.selected > 0:
            self._select(self.selected - 1)
            return True
        return False

    def activate(self) -> None:
        if self.current is not None and self.on_activate is not None:
            self.on_activate(self.current)

    def scroll(self, dy: int) -> bool:
        limit = max(0, len(self.rows) - self._visible_count())
        self.offset = max(0, min(limit, self.offset - dy))
        return True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        self.row_h = theme.px(58)
        border = T.ACCENT if self.focused else T.LINE
        draw.rounded_rect(surface, self.rect, T.BG_DEEP, theme.px(8), border, theme.px(1))
        title_font = theme.fonts.get(17, "Medium")
        detail_font = theme.fonts.get(14)
        pad = theme.px(14)
        if not self.rows:
            draw.text(
                surface,
                self.empty_text,
                detail_font,
                T.TEXT_DIM,
                self.rect.center,
                "center",
                self.rect.w - 2 * pad,
            )
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2))
        for n in range(self._visible_count() + 1):
            i = self.offset + n
            if i >= len(self.rows):
                break
            row = self.rows[i]
            r = pygame.Rect(
                self.rect.left + 4,
                self.rect.top + n * self.row_h + 4,
                self.rect.w - 8,
                self.row_h - 6,
            )
            if i == self.selected:
                draw.rounded_rect(surface, r, T.PANEL_HI, theme.px(6), T.ACCENT, theme.px(2))
            elif i == self.hover_row:
                draw.rounded_rect(surface, r, T.PANEL, theme.px(6))
            draw.text(
                surface,
                row.title,
                title_font,
                T.TEXT,
                (r.left + pad, r.top + theme.px(8)),
                "topleft",
                r.w - 2 * pad,
            )
            if row.detail:
                draw.text(
                    surface,
                    row.detail,
                    detail_font,
                    T.TEXT_DIM,
                    (r.left + pad, r.bottom - theme.px(8)),
                    "bottomleft",
                    r.w - 2 * pad,
                )
        surface.set_clip(clip)
        if len(self.rows) > self._visible_count():
            _scrollbar(
                surface, self.rect, self.offset, self._visible_count(), len(self.rows), theme
            )


def _scrollbar(surface, rect, offset, visible, total, theme) -> None:
    bar_h = max(theme.px(24), rect.h * visible // max(1, total))
    span = rect.h - bar_h - 8
    top = rect.top + 4 + (span * offset // max(1, total - visible))
    bar = pygame.Rect(rect.right - theme.px(7), top, theme.px(4), bar_h)
    draw.rounded_rect(surface, bar, T.LINE, 2)
