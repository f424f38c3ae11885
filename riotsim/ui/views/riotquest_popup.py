"""A small pop-up menu for the Riot Quest screen (dice chooser, equip, several actions)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from riotsim.ui import draw as D
from riotsim.ui import theme as T

# ---------------------------------------------------------------------------------------------
# A small pop-up menu


class Popup:
    """Rows to pick from, anchored near a point; each row is (label, detail, callback)."""

    def __init__(
        self,
        title: str,
        rows: Sequence[tuple[str, str, Callable[[], None] | None]],
        anchor: tuple[int, int],
        subtitle: str = "",
        tips: Sequence[str] = (),
    ):
        self.title = title
        self.subtitle = subtitle
        self.tips = list(tips)  # a row's whole card text, shown on hover
        self.rows = list(rows)
        self.anchor = anchor
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []
        self.hot = -1

    def layout(self, theme: T.Theme, bounds: pygame.Rect) -> None:
        font = theme.fonts.get(14, "Medium")
        small = theme.fonts.get(12)
        row_h = theme.px(34)
        w = theme.px(150)
        for label, detail, _ in self.rows:
            w = max(w, font.size(label)[0] + small.size(detail)[0] + theme.px(56))
        w = max(w, theme.fonts.get(14, "Bold").size(self.title)[0] + theme.px(24))
        w = max(w, small.size(self.subtitle)[0] + theme.px(24))
        w = min(w, bounds.w)
        head = theme.px(30) + (small.get_height() if self.subtitle else 0)
        h = head + row_h * len(self.rows) + theme.px(8)
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (self.anchor[0], self.anchor[1] - theme.px(12))
        if rect.top < bounds.top:
            rect.midtop = (self.anchor[0], self.anchor[1] + theme.px(12))
        self.rect = rect.clamp(bounds)
        self.row_rects = [
            pygame.Rect(
                self.rect.left + theme.px(6),
                self.rect.top + head + i * row_h,
                self.rect.w - theme.px(12),
                row_h - theme.px(3),
            )
            for i in range(len(self.rows))
        ]

    def hover(self, pos) -> None:
        self.hot = next((i for i, r in enumerate(self.row_rects) if r.collidepoint(pos)), -1)

    def click(self, pos) -> bool:
        """True if the click landed inside (a row callback runs); False closes the pop-up."""
        for i, r in enumerate(self.row_rects):
            if r.collidepoint(pos):
                cb = self.rows[i][2]
                if cb is not None:
                    cb()
                return True
        return self.rect.collidepoint(pos)

    def hot_tip(self) -> tuple[pygame.Rect, str] | None:
        """The hovered row and its card text, if it has one."""
        if 0 <= self.hot < min(len(self.tips), len(self.row_rects)) and self.tips[self.hot]:
            return self.row_rects[self.hot], self.tips[self.hot]
        return None

    def pick(self, number: int) -> bool:
        actionable = [row[2] for row in self.rows if row[2] is not None]
        if 1 <= number <= len(actionable):
            actionable[number - 1]()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        D.rounded_rect(surface, self.rect.move(0, theme.px(3)), (0, 0, 0, 110), theme.px(10))
        D.rounded_rect(surface, self.rect, (28, 33, 46, 250), theme.px(10), T.ACCENT, 2)
        x = self.rect.left + theme.px(12)
        D.text(
            surface,
            self.title,
            theme.fonts.get(14, "Bold"),
            T.TEXT,
            (x, self.rect.top + theme.px(8)),
            max_width=self.rect.w - theme.px(24),
        )
        if self.subtitle:
            D.text(
                surface,
                self.subtitle,
                theme.fonts.get(12),
                T.TEXT_DIM,
                (x, self.rect.top + theme.px(27)),
                max_width=self.rect.w - theme.px(24),
            )
        font = theme.fonts.get(14, "Medium")
        small = theme.fonts.get(12)
        n = 0
        for i, ((label, detail, cb), r) in enumerate(zip(self.rows, self.row_rects, strict=True)):
            if cb is None:  # a header row
                D.text(
                    surface,
                    label,
                    theme.fonts.get(12, "Bold"),
                    (180, 200, 230),
                    (r.left + theme.px(4), r.centery),
                    "midleft",
                    r.w,
                )
                continue
            n += 1
            fill = T.BUTTON_HI if i == self.hot else T.BUTTON
            D.rounded_rect(surface, r, fill, theme.px(6))
            key_x = r.left + theme.px(6)
            if n <= 9:
                D.text(surface, str(n), small, T.TEXT_DIM, (key_x, r.centery), "midleft")
            D.text(surface, label, font, T.TEXT, (key_x + theme.px(14), r.centery), "midleft")
            if detail:
                D.text(
                    surface,
                    detail,
                    small,
                    (230, 210, 150),
                    (r.right - theme.px(8), r.centery),
                    "midright",
                )
