"""A scrollable panel of rich text: headings, paragraphs and bullet lines.

Content is a list of ``(style, text)`` blocks with style ``h1``, ``h2``, ``p``, ``li``, ``dim``
or ``mono``; it is wrapped to the panel width and rendered once per width.
"""

from __future__ import annotations

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget

_STYLES = {
    "h1": (24, "Bold", T.ACCENT),
    "h2": (19, "Bold", T.TEXT),
    "p": (16, "Regular", T.TEXT),
    "li": (16, "Regular", T.TEXT),
    "dim": (15, "Regular", T.TEXT_DIM),
    "mono": (15, "Regular", T.TEXT),
}


def markdown_blocks(text: str) -> list[tuple[str, str]]:
    """Very small Markdown subset: ``#``/``##`` headings, ``-``/``*`` bullets, paragraphs."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            blocks.append(("h1" if level == 1 else "h2", line.lstrip("#").strip()))
        elif line[:2] in ("- ", "* "):
            flush()
            blocks.append(("li", line[2:].strip()))
        else:
            para.append(line.replace("**", "").replace("`", ""))
    flush()
    return blocks


class ScrollPanel(Widget):
    focusable = True

    def __init__(self, blocks: list[tuple[str, str]] | None = None, framed: bool = True):
        super().__init__()
        self.blocks = list(blocks or [])
        self.offset = 0
        self.framed = framed
        self._cache: tuple[int, float, int, pygame.Surface] | None = None
        self.stick_to_bottom = False

    def set_blocks(self, blocks: list[tuple[str, str]]) -> None:
        self.blocks = list(blocks)
        self._cache = None
        if self.stick_to_bottom:
            self.offset = 10**9

    def _render(self, theme: Theme, width: int) -> pygame.Surface:
        key = (width, theme.scale, id(self.blocks))
        if self._cache is not None and self._cache[:3] == key:
            return self._cache[3]
        items: list[tuple[pygame.Surface, int]] = []
        y = 0
        for style, text in self.blocks:
            size, weight, colour = _STYLES.get(style, _STYLES["p"])
            font = theme.fonts.get(size, weight)
            indent = theme.px(18) if style == "li" else 0
            if style in ("h1", "h2") and items:
                y += theme.px(10)
            lines = draw.wrap(text, font, width - indent)
            for n, line in enumerate(lines):
                img = font.render(line, True, colour)
                items.append((img, y, indent))
                if style == "li" and n == 0:
                    items.append((None, y + font.get_height() // 2, 0))
                y += font.get_linesize()
            y += theme.px(8 if style in ("p", "h1", "h2") else 3)
        surf = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
        for img, iy, indent in items:
            if img is None:
                draw.aa_circle(surf, T.ACCENT, (theme.px(6), iy), theme.px(3))
            else:
                surf.blit(img, (indent, iy))
        self._cache = (*key, surf)
        return surf

    def _inner(self, theme: Theme) -> pygame.Rect:
        pad = theme.px(18) if self.framed else 0
        return self.rect.inflate(-2 * pad, -2 * pad)

    def content_height(self, theme: Theme) -> int:
        return self._render(theme, max(10, self._inner(theme).w)).get_height()

    def scroll(self, dy: int) -> bool:
        self.offset -= dy * 40
        self.stick_to_bottom = False
        return True

    def key(self, name: str) -> bool:
        steps = {"up": 1, "down": -1, "pageup": 8, "pagedown": -8}
        if name in steps:
            self.scroll(steps[name])
            return True
        if name == "home":
            self.offset = 0
            return True
        if name == "end":
            self.offset = 10**9
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if self.framed:
            border = T.ACCENT if self.focused else T.LINE
            draw.rounded_rect(surface, self.rect, T.BG_DEEP, theme.px(10), border, 1)
        inner = self._inner(theme)
        if inner.w < 10 or inner.h < 10:
            return
        content = self._render(theme, inner.w)
        limit = max(0, content.get_height() - inner.h)
        self.offset = max(0, min(limit, self.offset))
        surface.blit(content, inner.topleft, pygame.Rect(0, self.offset, inner.w, inner.h))
        if limit > 0:
            bar_h = max(theme.px(24), inner.h * inner.h // content.get_height())
            top = self.rect.top + 6 + (self.rect.h - 12 - bar_h) * self.offset // limit
            bar = pygame.Rect(self.rect.right - theme.px(8), top, theme.px(4), bar_h)
            draw.rounded_rect(surface, bar, T.LINE, 2)
