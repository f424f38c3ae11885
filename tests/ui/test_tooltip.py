"""The shared tooltip: wrapped, inside the window, above its anchor unless there is no room."""

from __future__ import annotations

import pygame

from riotsim.ui.widgets.tooltip import draw_tooltip


def test_a_long_text_wraps_inside_the_window(app):
    surface = pygame.Surface((1024, 640))
    anchor = pygame.Rect(1000, 300, 20, 20)  # at the right edge
    box = draw_tooltip(surface, app.theme, anchor, "word " * 80, title="Riot Gear")
    assert surface.get_rect().contains(box)
    assert box.bottom <= anchor.top and box.h > 3 * app.theme.px(14)


def test_no_room_above_puts_it_below(app):
    surface = pygame.Surface((1024, 640))
    anchor = pygame.Rect(500, 0, 40, 20)
    box = draw_tooltip(surface, app.theme, anchor, "Out of range: the target is 5 hexes away")
    assert box.top >= anchor.bottom and surface.get_rect().contains(box)
