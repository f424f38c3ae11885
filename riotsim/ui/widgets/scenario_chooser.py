"""A scenario chooser: the scenarios grouped under headings on the left, the chosen one's
name, objective, player count, rounds and a preview picture on the right.

Keyboard when focused: Up/Down move through the scenarios (across the groups), Page Up /
Page Down jump to the previous or next group, Home/End to the first or last; Return picks
(``on_activate``). Mouse: a click selects, a click on the selected one picks; the wheel
scrolls the list.
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

# (entry id, picture size) -> a picture or None; the caller caches as it likes
Preview = Callable[[str, tuple[int, int]], pygame.Surface | None]


class ScenarioChooser(Widget):
    """``entries`` have ``id``, ``group``, ``name``, ``objective``, ``players``, ``rounds``
    and ``summary`` (see :class:`riotsim.ui.quodd_modes.ScenarioEntry`); ``groups`` names
    the groups in order as (group id, heading)."""

    focusable = True

    def __init__(
        self,
        entries: Sequence[Any],
        groups: Sequence[tuple[str, str]],
        value: str | None = None,
        on_change: Callable[[Any], None] | None = None,
        on_activate: Callable[[Any], None] | None = None,
        preview: Preview | None = None,
    ):
        super().__init__()
        order = [g for g, _ in groups]
        self.headings = dict(groups)
        known = [e for e in entries if e.group in self.headings]
        self.entries = sorted(known, key=lambda e: order.index(e.group))
        ids = [e.id for e in self.entries]
        self.index = ids.index(value) if value in ids else 0
        self.on_change = on_change
        self.on_activate = on_activate
        self.preview = preview
        self.offset = 0  # the first list line shown
        self.hover_index = -1
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.detail_rect = pygame.Rect(0, 0, 0, 0)
        self.line_h = 28
        self._picture: tuple[Any, pygame.Surface | None] = (None, None)

    # -- the list as lines: a heading per group, then its scenarios ----------------------------
    def lines(self) -> list[tuple[str, int]]:
        """("heading", -1) or ("entry", index) per list line, top to bottom."""
        out: list[tuple[str, int]] = []
        group = None
        for i, e in enumerate(self.entries):
            if e.group != group:
                group = e.group
                out.append((self.headings[group], -1))
            out.append((e.name, i))
        return out

    def groups(self) -> list[tuple[str, list[str]]]:
        """(heading, entry ids) per group shown, in order."""
        out: list[tuple[str, list[str]]] = []
        for e in self.entries:
            if not out or out[-1][0] != self.headings[e.group]:
                out.append((self.headings[e.group], []))
            out[-1][1].append(e.id)
        return out

    @property
    def current(self) -> Any | None:
        return self.entries[self.index] if self.entries else None

    @property
    def value(self) -> str | None:
        current = self.current
        return current.id if current is not None else None

    def select(self, index: int) -> None:
        if not self.entries:
            return
        index = max(0, min(len(self.entries) - 1, index))
        changed = index != self.index
        self.index = index
        self._scroll_into_view()
        if changed and self.on_change is not None:
            self.on_change(self.entries[index])

    def select_id(self, entry_id: str) -> None:
        ids = [e.id for e in self.entries]
        if entry_id in ids:
            self.select(ids.index(entry_id))

    def _visible(self) -> int:
        """List lines shown whole (the box's border and margin left out)."""
        return max(1, (self.list_rect.h - 6) // max(1, self.line_h))

    def _scroll_into_view(self) -> None:
        lines = self.lines()
        at = next((n for n, (_, i) in enumerate(lines) if i == self.index), 0)
        top = at - 1 if at > 0 and lines[at - 1][1] == -1 else at  # keep its heading in sight
        if top < self.offset:
            self.offset = top
        elif at >= self.offset + self._visible():
            self.offset = at - self._visible() + 1
        self.offset = max(0, min(self.offset, max(0, len(lines) - self._visible())))

    def _group_start(self, step: int) -> int:
        """The first entry of the next (step 1) or previous (step -1) group."""
        group = self.entries[self.index].group
        starts = [
            i for i, e in enumerate(self.entries) if i == 0 or self.entries[i - 1].group != e.group
        ]
        mine = max(s for s in starts if s <= self.index)
        pos = starts.index(mine) + step
        if step < 0 and self.index != mine and self.entries[mine].group == group:
            pos = starts.index(mine)  # first back to the start of this group
        return starts[max(0, min(len(starts) - 1, pos))]

    # -- input -----------------------------------------------------------------------------------
    def key(self, name: str) -> bool:
        if not self.entries:
            return False
        moves = {
            "down": lambda: self.index + 1,
            "up": lambda: self.index - 1,
            "page down": lambda: self._group_start(1),
            "page up": lambda: self._group_start(-1),
            "home": lambda: 0,
            "end": lambda: len(self.entries) - 1,
        }
        if name not in moves:
            return False
        target = moves[name]()
        if not 0 <= target < len(self.entries):
            return False  # past either end: Tab/arrows move focus on as usual
        self.select(target)
        return True

    def activate(self) -> None:
        if self.current is not None and self.on_activate is not None:
            self.on_activate(self.current)

    def _line_at(self, pos: tuple[int, int]) -> int:
        """The entry index under ``pos`` in the list (-1: none, or a heading)."""
        if not self.list_rect.collidepoint(pos):
            return -1
        n = self.offset + (pos[1] - self.list_rect.top) // max(1, self.line_h)
        lines = self.lines()
        return lines[n][1] if 0 <= n < len(lines) else -1

    def hover(self, pos: tuple[int, int]) -> None:
        super().hover(pos)
        self.hover_index = self._line_at(pos)

    def click(self, pos: tuple[int, int], button: int = 1) -> bool:
        if button != 1 or not self.rect.collidepoint(pos):
            return False
        i = self._line_at(pos)
        if i < 0:
            return True
        if i == self.index:
            self.activate()
        else:
            self.select(i)
        return True

    def scroll(self, dy: int) -> bool:
        limit = max(0, len(self.lines()) - self._visible())
        self.offset = max(0, min(limit, self.offset - dy))
        return True

    # -- drawing ---------------------------------------------------------------------------------
    def _layout(self, theme: Theme) -> None:
        gap = theme.px(14)
        list_w = max(theme.px(200), int(self.rect.w * 0.42))
        self.list_rect = pygame.Rect(self.rect.left, self.rect.top, list_w, self.rect.h)
        self.detail_rect = pygame.Rect(
            self.list_rect.right + gap, self.rect.top, self.rect.w - list_w - gap, self.rect.h
        )
        self.line_h = theme.px(30)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        self._layout(theme)
        self._scroll_into_view()
        self._draw_list(surface, theme)
        self._draw_detail(surface, theme)

    def _draw_list(self, surface: pygame.Surface, theme: Theme) -> None:
        rect = self.list_rect
        border = T.ACCENT if self.focused else T.LINE
        draw.rounded_rect(surface, rect, T.BG_DEEP, theme.px(8), border, theme.px(1))
        head = theme.fonts.get(13, "Bold")
        font = theme.fonts.get(15)
        pad = theme.px(12)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-2, -2).clip(clip))
        lines = self.lines()
        for n, (text, i) in enumerate(lines[self.offset : self.offset + self._visible()]):
            r = pygame.Rect(rect.left + 4, rect.top + 3 + n * self.line_h, rect.w - 8, self.line_h)
            if i < 0:
                at = (r.left + pad // 2, r.bottom - theme.px(6))
                draw.text(surface, text.upper(), head, T.ACCENT_HI, at, "bottomleft", r.w - pad)
                continue
            box = r.inflate(0, -3)
            if i == self.index:
                draw.rounded_rect(surface, box, T.PANEL_HI, theme.px(6), T.ACCENT, theme.px(2))
            elif i == self.hover_index:
                draw.rounded_rect(surface, box, T.PANEL, theme.px(6))
            ink = T.TEXT if i == self.index else T.TEXT_DIM
            draw.text(surface, text, font, ink, (r.left + pad, r.centery), "midleft", r.w - 2 * pad)
        surface.set_clip(clip)
        if len(lines) > self._visible():
            _scrollbar(surface, rect, self.offset, self._visible(), len(lines), theme)

    def _draw_detail(self, surface: pygame.Surface, theme: Theme) -> None:
        rect = self.detail_rect
        draw.rounded_rect(surface, rect, T.PANEL, theme.px(8), T.LINE, 1)
        e = self.current
        pad = theme.px(14)
        inner = rect.inflate(-2 * pad, -2 * pad)
        if e is None:
            draw.text(
                surface, _("No scenario"), theme.fonts.get(15), T.TEXT_DIM, inner.center, "center"
            )
            return
        y = inner.top
        group = self.headings.get(e.group, e.group).upper()
        y = draw.text(
            surface, group, theme.fonts.get(12, "Bold"), T.ACCENT_HI, (inner.left, y)
        ).bottom
        title = theme.fonts.bold(20)
        for line in draw.wrap(e.name, title, inner.w)[:2]:
            y = draw.text(
                surface, line, title, T.TEXT, (inner.left, y + 2), max_width=inner.w
            ).bottom
        y += theme.px(6)
        small = theme.fonts.get(14)
        facts = [
            (_("Objective"), e.objective, T.TEXT),
            (_("Players"), e.players, T.TEXT_DIM),
            (_("Time"), e.rounds, T.TEXT_DIM),
        ]
        label_font = theme.fonts.get(14, "Bold")
        label_w = max(draw.text_size(label_font, label + " ")[0] for label, _t, _i in facts)
        label_w += theme.px(6)
        for label, text, ink in facts:
            draw.text(surface, label, theme.fonts.get(14, "Bold"), T.TEXT_DIM, (inner.left, y))
            block = pygame.Rect(
                inner.left + label_w, y, inner.w - label_w, draw.line_step(small) * 2
            )
            used = draw.text_block(surface, text, small, ink, block)
            y += max(used, draw.line_step(small)) + theme.px(2)
        if e.summary:
            y += theme.px(4)
            block = pygame.Rect(inner.left, y, inner.w, draw.line_step(small) * 3)
            y += draw.text_block(surface, e.summary, small, T.TEXT_DIM, block) + theme.px(8)
        self._draw_picture(surface, theme, pygame.Rect(inner.left, y, inner.w, inner.bottom - y))

    def _draw_picture(self, surface: pygame.Surface, theme: Theme, area: pygame.Rect) -> None:
        if area.h < theme.px(48) or self.preview is None or self.current is None:
            return
        draw.rounded_rect(surface, area, T.BG_DEEP, theme.px(8), T.LINE, 1)
        key = (self.current.id, area.size)
        if self._picture[0] != key:
            picture = None
            try:
                picture = self.preview(self.current.id, area.inflate(-8, -8).size)
            except Exception:  # noqa: BLE001 - no picture: the frame stays empty
                picture = None
            self._picture = (key, picture)
        picture = self._picture[1]
        if picture is not None:
            surface.blit(picture, picture.get_rect(center=area.center))
        else:
            font = theme.fonts.get(13)
            draw.text(surface, _("no preview"), font, T.DISABLED_TEXT, area.center, "center")


def _scrollbar(surface, rect, offset, visible, total, theme) -> None:
    bar_h = max(theme.px(24), rect.h * visible // max(1, total))
    span = rect.h - bar_h - 8
    top = rect.top + 4 + (span * offset // max(1, total - visible))
    bar = pygame.Rect(rect.right - theme.px(7), top, theme.px(4), bar_h)
    draw.rounded_rect(surface, bar, T.LINE, 2)
