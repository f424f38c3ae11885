"""Shared drawing is cheap: text, sizes, fits, wraps and veils are cached, and the caches give
the same answers as drawing from scratch."""

from __future__ import annotations

import pygame

from riotsim.ui import draw
from riotsim.ui.theme import Theme


def test_rendered_text_is_reused_and_matches_a_fresh_render(app):
    font = app.theme.fonts.get(16)
    first = draw.render_text(font, "Pass to Rosa", (240, 240, 240))
    again = draw.render_text(font, "Pass to Rosa", (240, 240, 240))
    assert first is again
    fresh = font.render("Pass to Rosa", True, (240, 240, 240))
    assert first.get_size() == fresh.get_size()
    other = draw.render_text(font, "Pass to Rosa", (10, 10, 10))
    assert other is not first  # colour is part of the key


def test_cached_fit_and_wrap_equal_the_uncached_answers(app):
    font = app.theme.fonts.get(15)
    text = "A tabletop that knows the rules and never copies a rulebook sentence."
    for width in (60, 140, 300, 2000):
        assert draw.wrap(text, font, width) == draw._wrap(text, font, width)
        fitted = draw.fit(text, font, width)
        assert font.size(fitted)[0] <= width or len(fitted) <= 4
        assert draw.fit(text, font, width) == fitted
    lines = draw.wrap(text, font, 140)
    lines.append("changed")  # a caller's list is its own
    assert draw.wrap(text, font, 140) == draw._wrap(text, font, 140)


def test_caches_stay_bounded(app, monkeypatch):
    monkeypatch.setattr(draw, "_CACHE_LIMIT", 50)
    font = app.theme.fonts.get(14)
    for i in range(200):
        draw.render_text(font, f"line {i}", (200, 200, 200))
    assert len(draw._rendered) <= 50


def test_veil_is_made_once_per_size_and_colour(app):
    a = draw.veil((1280, 800), (0, 0, 0, 150))
    assert draw.veil((1280, 800), (0, 0, 0, 150)) is a
    assert draw.veil((1024, 640), (0, 0, 0, 150)) is not a
    surface = pygame.Surface((40, 30))
    surface.fill((200, 200, 200))
    draw.shade(surface, 128)
    assert surface.get_at((5, 5))[0] < 120  # darkened


def test_theme_scale_follows_window_and_setting():
    theme = Theme(1280, 800)
    assert theme.scale == 1.0
    theme.resize(1920, 1200)
    assert theme.scale == 1.5
    theme.ui_scale = 1.2
    theme.resize(1280, 800)
    assert abs(theme.scale - min(1280 / 1100, 800 / 690)) < 1e-9
