"""A deck editor: one row per card (name, text, how many copies go in the deck), scrolled.

Keyboard when focused: Up/Down move through the cards, Left/Right take a copy out or put one
in, Space puts the card in (all its copies) or takes it out. Mouse: click the row's - or +,
or the row itself to put it in or take it out; the wheel scrolls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget


class DeckEditor(Widget):
    """``cards`` have ``id``, ``name``, ``text`` and ``count`` (copies in the full deck);
    ``counts`` is how many of each the deck holds now (changed in place)."""

    focusable = True

    def __init__(
        self,
        cards: Sequence[Any],
        counts: dict[str, int],
        on_change: Callable[[dict[str, int]], None] | None = None,
    ):
        super().__init__()
        self.cards = list(cards)
        self.counts = {c.id: int(counts.get(c.id, 0)) for c in self.cards}
        self.on_change = on_change
        self.index = 0
        self.offset = 0
        self.row_h = 50
        self.hover_index = -1
        self.buttons: list[tuple[pygame.Rect, int, int]] = []  # (rect, card index, step)

    def most(self, i: int) -> int:
        return max(1, int(getattr(self.cards[i], "count", 1)))

    def change(self, i: int, step: int) -> None:
        card = self.cards[i].id
        new = max(0, min(self.most(i), self.counts[card] + step))
        if new != self.counts[card]:
            self.counts[card] = new
            if self.on_change is not None:
                self.on_change(dict(self.counts))

    def flip(self, i: int) -> None:
        """All copies in, or (when any is in) all out."""
        card = self.cards[i].id
        self.change(i, -self.counts[card] if self.counts[card] else self.most(i))

    def set_all(self, full: bool) -> None:
        for i, card in enumerate(self.cards):
            self.counts[card.id] = self.most(i) if full else 0
        if self.on_change is not None:
            self.on_change(dict(self.counts))

    def _visible(self) -> int:
        return max(1, self.rect.h // max(1, self.row_h))

    def select(self, i: int) -> None:
        if not self.cards:
            return
        self.index = max(0, min(len(self.cards) - 1, i))
        if self.index < self.offset:
            self.offset = self.index
        elif self.index >= self.offset + self._visible():
            self.offset = self.index - self._visible() + 1

    def key(self, name: str) -> bool:
        if not self.cards:
            return False
        if name == "down" and self.index < len(self.cards) - 1:
            self.select(self.index + 1)
        elif name == "up" and self.index > 0:
            self.select(self.index - 1)
        elif name in ("left", "right"):
            self.change(self.index, 1 if name == "right" else -1)
        elif name == "space":
            self.flip(self.index)
        else:
            return False
        return True

    def activate(self) -> None:
        if self.cards:
            self.flip(self.index)

    def _row_at(self, pos: tuple[int, int]) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        i = self.offset + (pos[1] - self.rect.top) // max(1, self.row_h)
        return i if 0 <= i < len(self.cards) else -1

    def hover(self, pos: tuple[int, int]) -> None:
        super().hover(pos)
        self.hover_index = self._row_at(pos)

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        if button != 1 or not self.rect.collidepoint(pos):
            return False
        for rect, i, step in self.buttons:
            if rect.collidepoint(pos):
                self.select(i)
                self.change(i, step)
                return True
        i = self._row_at(pos)
        if i >= 0:
            self.select(i)
            self.flip(i)
        return True

    def scroll(self, dy: int) -> bool:
        limit = max(0, len(self.cards) - self._visible())
        self.offset = max(0, min(limit, self.offset - dy))
        return True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        self.row_h = self._row_height(theme)
        border = T.ACCENT if self.focused else T.LINE
        draw.rounded_rect(surface, self.rect, T.BG_DEEP, theme.px(8), border, theme.px(1))
        self.buttons = []
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2).clip(clip))
        for n in range(self._visible() + 1):
            i = self.offset + n
            if i >= len(self.cards):
                break
            r = pygame.Rect(
                self.rect.left + 4,
                self.rect.top + n * self.row_h + 3,
                self.rect.w - 14,
                self.row_h - 5,
            )
            self._draw_row(surface, theme, i, r)
        surface.set_clip(clip)
        total, shown = len(self.cards), self._visible()
        if total > shown:  # where the list stands
            bar_h = max(theme.px(24), self.rect.h * shown // total)
            top = self.rect.top + 4 + (self.rect.h - bar_h - 8) * self.offset // (total - shown)
            bar = pygame.Rect(self.rect.right - theme.px(7), top, theme.px(4), bar_h)
            draw.rounded_rect(surface, bar, T.LINE, 2)

    @staticmethod
    def _text_width(theme: Theme, row_w: int) -> int:
        """Room for a row's card text: left of the -/count/+ controls."""
        side = theme.px(54) - 5 - theme.px(16)
        return row_w - theme.px(10) - 2 * side - theme.px(44) - 2 * theme.px(10)

    def _row_height(self, theme: Theme) -> int:
        """Rows grow by a line when a card text (Italian runs longer) would not fit on one."""
        small, room = theme.fonts.get(12), self._text_width(theme, self.rect.w - 14)
        long = any(draw.text_size(small, _(str(c.text)))[0] > room for c in self.cards if c.text)
        return theme.px(54) + (small.get_linesize() if long else 0)

    def _draw_row(self, surface: pygame.Surface, theme: Theme, i: int, r: pygame.Rect) -> None:
        card = self.cards[i]
        count = self.counts[card.id]
        if i == self.index and self.focused:
            draw.rounded_rect(surface, r, T.PANEL_HI, theme.px(6), T.ACCENT, theme.px(2))
        elif i == self.hover_index or i == self.index:
            draw.rounded_rect(surface, r, T.PANEL, theme.px(6))
        pad = theme.px(10)
        side = theme.px(54) - 5 - theme.px(16)
        minus = pygame.Rect(0, 0, side, side)
        plus = pygame.Rect(0, 0, side, side)
        plus.midright = (r.right - pad, r.centery)
        count_w = theme.px(44)
        minus.midright = (plus.left - count_w, r.centery)
        for rect, sign, step in ((minus, "-", -1), (plus, "+", 1)):
            live = (count > 0) if step < 0 else (count < self.most(i))
            fill = T.BUTTON_HI if live else T.DISABLED
            draw.rounded_rect(surface, rect, fill, theme.px(5))
            ink = T.TEXT if live else T.DISABLED_TEXT
            draw.text(surface, sign, theme.fonts.get(16, "Bold"), ink, rect.center, "center")
            self.buttons.append((rect, i, step))
        words = f"{count}/{self.most(i)}"
        ink = T.TEXT if count else T.DISABLED_TEXT
        centre = ((minus.right + plus.left) // 2, r.centery)
        draw.text(surface, words, theme.fonts.get(14, "Medium"), ink, centre, "center")
        text_w = minus.left - r.left - 2 * pad
        title_ink = T.TEXT if count else T.TEXT_DIM
        title = theme.fonts.get(15, "Medium")
        draw.text(
            surface,
            _(card.name) if card.name else "",  # content texts are msgids (L2)
            title,
            title_ink,
            (r.left + pad, r.top + theme.px(5)),
            max_width=text_w,
        )
        small = theme.fonts.get(12)
        at = (r.left + pad, r.bottom - theme.px(5))
        text = str(card.text)
        lines = draw.wrap(_(text), small, text_w)[:2] if text else []
        y = r.top + theme.px(5) + title.get_linesize()  # under the name
        for line in lines:  # two lines at most: the row has room
            y = draw.text(surface, line, small, T.TEXT_DIM, (at[0], y), max_width=text_w).bottom
