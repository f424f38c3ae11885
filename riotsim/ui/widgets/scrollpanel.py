"""A scrollable panel of rich text: headings, paragraphs and bullet lines.

Content is a list of ``(style, text)`` blocks with style ``h1``, ``h2``, ``p``, ``li``, ``dim``
or ``mono``; it is wrapped to the panel width and rendered once per width.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme
from riotsim.ui.widgets.base import Widget

_STYLES = {
    # (the colour by its theme name: read at draw time, so a theme switch shows at once)
    "h1": (24, "Bold", "ACCENT"),
    "h2": (19, "Bold", "TEXT"),
    "p": (16, "Regular", "TEXT"),
    "li": (16, "Regular", "TEXT"),
    "li2": (15, "Regular", "TEXT"),  # a bullet inside a bullet
    "ol": (16, "Regular", "TEXT"),  # a numbered step; its text starts with "1."
    "dim": (15, "Regular", "TEXT_DIM"),
    "mono": (15, "Regular", "TEXT"),
}

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])")
_CODE = re.compile(r"`([^`]*)`")
_NUMBERED = re.compile(r"^(\d+)[.)]\s+(.*)$")


def plain(text: str) -> str:
    """Inline Markdown markers removed: ``**bold**``, ``*italic*`` and ``code`` read as text."""
    return _ITALIC.sub(r"\1", _BOLD.sub(r"\1", _CODE.sub(r"\1", text)))


def markdown_blocks(text: str) -> list[tuple[str, str]]:
    """A small Markdown subset for the rules references.

    ``#``/``##`` headings; ``-``/``*`` bullets (indented ones nest); ``1.`` numbered steps;
    paragraphs; pipe tables (one line per row, the header dimmed). Lines that continue a
    bullet or paragraph (no blank line, no new marker) join it; inline markers are removed.
    """
    blocks: list[tuple[str, str]] = []
    current: list[str] = []  # the open block: [style, text]

    def flush() -> None:
        if current:
            blocks.append((current[0], plain(current[1])))
            current.clear()

    def start(style: str, body: str) -> None:
        flush()
        current.extend([style, body.strip()])

    for raw in text.splitlines():
        line = raw.strip()
        indent = len(raw) - len(raw.lstrip(" "))
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            blocks.append(("h1" if level == 1 else "h2", plain(line.lstrip("#").strip())))
        elif line.startswith("|"):
            flush()
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue  # the |---|---| line under a table's header
            is_header = not blocks or blocks[-1][0] not in ("row", "head")
            blocks.append(("head" if is_header else "row", plain("  |  ".join(cells))))
        elif line[:2] in ("- ", "* "):
            start("li2" if indent >= 2 else "li", line[2:])
        elif (numbered := _NUMBERED.match(line)) and indent < 2:
            number, body = numbered.groups()
            start("ol", f"{number}.  {body}")
        elif current:
            current[1] += " " + line  # a wrapped line of the open block
        else:
            start("p", line)
    flush()
    # table rows read like bullets; their header like a dim caption
    return [("dim" if s == "head" else "li" if s == "row" else s, t) for s, t in blocks]


@dataclass
class _Layout:
    key: tuple
    lines: list[tuple[str, str, int, int, bool]]
    height: int
    images: dict[int, pygame.Surface] = field(default_factory=dict)
    tops: list[int] = field(default_factory=list)
    block_tops: list[int] = field(default_factory=list)  # where each block starts

    def __post_init__(self) -> None:
        self.tops = [line[2] for line in self.lines]


class ScrollPanel(Widget):
    focusable = True

    def __init__(self, blocks: list[tuple[str, str]] | None = None, framed: bool = True):
        super().__init__()
        self.blocks = list(blocks or [])
        self.offset = 0
        self.framed = framed
        self._cache: _Layout | None = None
        self.stick_to_bottom = False

    def set_blocks(self, blocks: list[tuple[str, str]]) -> None:
        self.blocks = list(blocks)
        self._cache = None
        if self.stick_to_bottom:
            self.offset = 10**9

    def _layout_lines(self, theme: Theme, width: int) -> _Layout:
        """Wrap every block once per width; lines are rendered only when first shown."""
        key = (width, theme.scale, theme.text_scale, T.palette(), id(self.blocks))
        if self._cache is not None and self._cache.key == key:
            return self._cache
        lines: list[tuple[str, str, int, int, bool]] = []  # style, text, y, indent, bullet
        block_tops: list[int] = []
        y = 0
        for style, text in self.blocks:
            size, weight, _ = _STYLES.get(style, _STYLES["p"])
            font = theme.fonts.get(size, weight)
            indent = {"li": theme.px(18), "li2": theme.px(38), "ol": theme.px(4)}.get(style, 0)
            if style in ("h1", "h2") and lines:
                y += theme.px(10)
            block_tops.append(y)
            hang = theme.px(22) if style == "ol" else 0  # a step's later lines sit under its text
            for n, line in enumerate(draw.wrap(text, font, width - indent - hang)):
                bullet = style in ("li", "li2") and n == 0
                lines.append(
                    (
                        style,
                        line,
                        y,
                        indent if n == 0 else indent + hang,
                        bullet,
                    )
                )
                y += font.get_linesize()
            y += theme.px(8 if style in ("p", "h1", "h2") else 3)
        self._cache = _Layout(key, lines, max(1, y), block_tops=block_tops)
        return self._cache

    def _line_image(self, theme: Theme, layout: _Layout, index: int) -> pygame.Surface:
        img = layout.images.get(index)
        if img is None:
            style, text, _, _, _ = layout.lines[index]
            size, weight, colour = _STYLES.get(style, _STYLES["p"])
            img = theme.fonts.get(size, weight).render(text, True, getattr(T, colour))
            layout.images[index] = img
        return img

    def _inner(self, theme: Theme) -> pygame.Rect:
        pad = theme.px(18) if self.framed else 0
        return self.rect.inflate(-2 * pad, -2 * pad)

    def content_height(self, theme: Theme) -> int:
        return self._layout_lines(theme, max(10, self._inner(theme).w)).height

    def scroll_to_block(self, theme: Theme, index: int) -> None:
        """Scroll so that block ``index`` (of ``blocks``) is at the top."""
        layout = self._layout_lines(theme, max(10, self._inner(theme).w))
        if 0 <= index < len(layout.block_tops):
            self.offset = layout.block_tops[index]
            self.stick_to_bottom = False

    def block_at(self, theme: Theme, pos: tuple[int, int]) -> int | None:
        """The index of the block drawn at ``pos`` (a point on the screen), or None."""
        inner = self._inner(theme)
        if not inner.collidepoint(pos):
            return None
        layout = self._layout_lines(theme, max(10, inner.w))
        y = pos[1] - inner.top + self.offset
        index = bisect.bisect_right(layout.block_tops, y) - 1
        return index if 0 <= index < len(self.blocks) else None

    def first_visible_block(self, theme: Theme) -> int:
        """The block at the top of the panel now (for a table of contents' highlight)."""
        layout = self._layout_lines(theme, max(10, self._inner(theme).w))
        return max(0, bisect.bisect_right(layout.block_tops, self.offset + theme.px(4)) - 1)

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
        layout = self._layout_lines(theme, inner.w)
        limit = max(0, layout.height - inner.h)
        self.offset = max(0, min(limit, self.offset))
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        top, bottom = self.offset, self.offset + inner.h
        # lines are sorted by y: skip to the first visible one
        first = bisect.bisect_left(layout.tops, top - theme.px(40))
        for i in range(first, len(layout.lines)):
            style, _, y, indent, bullet = layout.lines[i]
            if y > bottom:
                break
            img = self._line_image(theme, layout, i)
            if y + img.get_height() < top:
                continue
            sy = inner.top + y - self.offset
            if bullet:
                nested = style == "li2"
                draw.aa_circle(
                    surface,
                    T.TEXT_DIM if nested else T.ACCENT,
                    (inner.left + indent - theme.px(12), sy + img.get_height() // 2),
                    theme.px(2 if nested else 3),
                )
            surface.blit(img, (inner.left + indent, sy))
        surface.set_clip(clip)
        if limit > 0:
            bar_h = max(theme.px(24), inner.h * inner.h // layout.height)
            top = self.rect.top + 6 + (self.rect.h - 12 - bar_h) * self.offset // limit
            bar = pygame.Rect(self.rect.right - theme.px(8), top, theme.px(4), bar_h)
            draw.rounded_rect(surface, bar, T.LINE, 2)
