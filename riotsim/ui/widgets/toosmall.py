"""The card shown instead of the screens while the window is smaller than they are made for.

It draws on a surface of any size, down to 1x1: the lines that do not fit are left out.
"""

from __future__ import annotations

import pygame

from riotsim.i18n import _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.theme import Theme


def too_small_lines(size: tuple[int, int], minimum: tuple[int, int]) -> list[str]:
    return [
        _("Window too small"),
        _("{w} x {h}; make it at least {min_w} x {min_h}.").format(
            w=size[0], h=size[1], min_w=minimum[0], min_h=minimum[1]
        ),
        _("The game goes on meanwhile."),
    ]


def draw_too_small(surface: pygame.Surface, theme: Theme, minimum: tuple[int, int]) -> list[str]:
    """Fill ``surface`` with the card; returns the lines it could show (tests read them)."""
    surface.fill(T.BG_DEEP)
    w, h = surface.get_size()
    pad = 6
    if w < 3 * pad or h < 3 * pad:
        return []
    card = surface.get_rect().inflate(-2 * pad, -2 * pad)
    pygame.draw.rect(surface, T.PANEL, card)
    pygame.draw.rect(surface, T.ACCENT, card, 1)
    fonts = (theme.fonts.bold(16), theme.fonts.get(13), theme.fonts.get(13))
    # the lines that fit the card (a narrow window still gets the shorter ones), stacked in
    # its middle
    fitting: list[tuple[str, pygame.font.Font, int]] = []
    room = card.h - 2 * pad
    for line, font in zip(too_small_lines((w, h), minimum), fonts, strict=True):
        line_w, line_h = draw.text_size(font, line)
        if line_w > card.w - 2 * pad or line_h > room:
            continue
        fitting.append((line, font, line_h))
        room -= line_h + pad // 2
    total = sum(line_h for _, _, line_h in fitting) + pad // 2 * max(0, len(fitting) - 1)
    y = card.centery - total // 2
    for i, (line, font, line_h) in enumerate(fitting):
        ink = T.TEXT if i == 0 else T.TEXT_DIM
        draw.text(surface, line, font, ink, (card.centerx, y), "midtop")
        y += line_h + pad // 2
    return [line for line, _, _ in fitting]
