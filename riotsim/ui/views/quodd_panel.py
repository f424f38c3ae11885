"""The Quodd Heroes side panel's room (issue 17): its texts wrap rather than being cut, and
where they need more height than the panel keeps above its choice buttons (a large text size
on a small window) they scroll - with the wheel over the panel, Page Up/Page Down, or the
focus ring coming to a card below the fold - while the buttons stay whole at the bottom.

Drawing helpers of :class:`riotsim.ui.views.quodd.QuoddView`; no rule is decided here.
"""

from __future__ import annotations

from typing import Any

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T

SCROLL_STEP = 40  # design pixels a wheel notch or an arrow scrolls the panel
SCROLLBAR = 5  # the width of the panel's scroll track (design pixels)
PAGE_KEYS = {"pageup": 1, "pagedown": -1}


def wrapped(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    colour: Any,
    pos: tuple[int, int],
    width: int,
) -> pygame.Rect:
    """``text`` wrapped to ``width`` from ``pos``; returns the rect of all its lines (a word
    longer than the line is still fitted to it)."""
    x, y = pos
    box = pygame.Rect(x, y, 0, 0)
    for line in draw.wrap(text, font, max(1, width)) or [""]:
        r = draw.text(surface, line, font, colour, (x, y), max_width=max(1, width))
        box.union_ip(r)
        y = r.bottom
    return box


def button_height(theme: Any, labels: list[str], width: int, size: float = 17) -> int:
    """How tall the panel's buttons must be for the longest of ``labels`` at ``width``: one
    line of the button's font (or its shrunk size), else two lines, as the button draws it."""
    pad = theme.px(10)
    room = max(1, width - 2 * pad)
    need = theme.px(22)
    for label in labels:
        font = theme.fonts.get(size, "Medium")
        if draw.text_size(font, label)[0] > room:
            font = theme.fonts.get(size * 0.85, "Medium")
        h = font.get_height() + theme.px(4)
        if draw.text_size(font, label)[0] > room and len(draw.wrap(label, font, room)) == 2:
            h = draw.line_step(font, 1.05) + font.get_height() + theme.px(4)
        need = max(need, h)
    return need


def clip_targets(view: Any, area: pygame.Rect) -> None:
    """Keep the panel's click and tooltip targets to the part of the panel on show (a card
    scrolled out of view is not clicked through the buttons or the board); the whole rects
    stay in ``panel_cards`` for the focus ring."""
    view.panel_cards = [pygame.Rect(r) for r, _a in [*view.card_targets, *view.refuse_targets]]

    def shown(targets: list) -> list:
        out = []
        for rect, *rest in targets:
            part = rect.clip(area)
            if part.w > 0 and part.h > 0:
                out.append((part, *rest))
        return out

    view.card_targets = shown(view.card_targets)
    view.refuse_targets = shown(view.refuse_targets)
    view.tip_targets = shown(view.tip_targets)


def scrollbar(surface: pygame.Surface, theme: Any, area: pygame.Rect, view: Any) -> None:
    """A thin track right of the panel's scrolling texts, its thumb the share on show."""
    total = area.h + view.panel_scroll_max
    bar = theme.px(SCROLLBAR)
    track = pygame.Rect(area.right + theme.px(6), area.top, bar, area.h)
    draw.rounded_rect(surface, track, (30, 35, 48), bar // 2)
    thumb_h = max(theme.px(20), round(area.h * area.h / max(1, total)))
    top = track.top + round((area.h - thumb_h) * view.panel_scroll / max(1, view.panel_scroll_max))
    draw.rounded_rect(surface, pygame.Rect(track.left, top, bar, thumb_h), T.TEXT_DIM, bar // 2)


def scroll_by(view: Any, notches: int) -> bool:
    """Scroll the panel's texts ``notches`` up (negative: down); True when it can scroll."""
    if not view.panel_scroll_max:
        return False
    step = view.theme.px(SCROLL_STEP)
    view.panel_scroll = max(0, min(view.panel_scroll - notches * step, view.panel_scroll_max))
    return True


def show(view: Any, rect: pygame.Rect) -> None:
    """Scroll so that ``rect`` (a card of the panel, where it was last drawn) is on show."""
    area = view.panel_view
    if not view.panel_scroll_max or area.contains(rect):
        return
    if rect.top < area.top:
        view.panel_scroll -= area.top - rect.top
    elif rect.bottom > area.bottom:
        view.panel_scroll += min(rect.bottom - area.bottom, rect.top - area.top)
    view.panel_scroll = max(0, min(view.panel_scroll, view.panel_scroll_max))
