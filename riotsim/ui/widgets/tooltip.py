"""A hover tooltip: a card's text or why an action is refused, wrapped and kept on screen.

Every view shows card text and refusal reasons through :func:`draw_tooltip`, so they look and
wrap the same in every game and at every UI scale.
"""

from __future__ import annotations

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme


def tooltip_rect(
    theme: Theme, anchor: pygame.Rect, lines: list[str], bounds: pygame.Rect, size: float
) -> pygame.Rect:
    font = theme.fonts.get(size)
    pad = theme.px(8)
    width = max((draw.text_size(font, line)[0] for line in lines), default=0) + 2 * pad
    height = len(lines) * draw.line_step(font) + 2 * pad
    box = pygame.Rect(0, 0, width, height)
    box.midbottom = (anchor.centerx, anchor.top - theme.px(4))
    if box.top < bounds.top:  # no room above: below the anchor
        box.midtop = (anchor.centerx, anchor.bottom + theme.px(4))
    box.clamp_ip(bounds)
    return box


def draw_tooltip(
    surface: pygame.Surface,
    theme: Theme,
    anchor: pygame.Rect,
    text: str,
    bounds: pygame.Rect | None = None,
    title: str = "",
    size: float = 14,
) -> pygame.Rect:
    """Draw ``text`` (and a bold ``title``) in a box above ``anchor`` (below when there is no
    room), wrapped to at most a third of the window's width; returns the box."""
    bounds = bounds or surface.get_rect()
    font = theme.fonts.get(size)
    bold = theme.fonts.get(size, "Bold")
    width = max(theme.px(180), min(theme.px(420), bounds.w // 3))
    lines = draw.wrap(text, font, width) if text else []
    heads = draw.wrap(title, bold, width) if title else []
    box = tooltip_rect(theme, anchor, heads + lines, bounds, size)
    draw.rounded_rect(surface, box, (*T.BG_DEEP, 240), theme.px(6), T.LINE, 1)
    pad = theme.px(8)
    y = box.top + pad
    for line, f, ink in [(h, bold, T.TEXT) for h in heads] + [(t, font, T.TEXT) for t in lines]:
        surface.blit(draw.render_text(f, line, ink), (box.left + pad, y))
        y += draw.line_step(f)
    return box
