"""The Quodd time tracker on the side panel (riotsim/ui/views/quodd_time.py; issue 13 spec
K1, K2: *Character Token* "used with the Time Tracker for tracking progress in Rally
Scenarios"), drawn headless."""

from __future__ import annotations

import pygame

from riotsim.games.quodd import catalog
from riotsim.ui import theme as T
from riotsim.ui.views import quodd_time
from tests.ui.test_quodd_view import make_view


def _hex(text):
    text = text.lstrip("#")
    return tuple(int(text[i : i + 2], 16) for i in (0, 2, 4))


def _columns_of(surface, colour):
    w, h = surface.get_size()
    return sorted({x for x in range(w) for y in range(h) if surface.get_at((x, y))[:3] == colour})


def _draw(state):
    pygame.font.init()
    surface = pygame.Surface((360, 160))
    surface.fill((0, 0, 0))
    bottom = quodd_time.draw_tracker(
        surface, state, T.Theme(1280, 800), pygame.Rect(10, 10, 320, 140), 10
    )
    return surface, bottom


def test_k2_rally_tokens_move_with_progress():
    """K2: each hero's token (its colour) sits on the tracker at its rally progress."""
    host, view = make_view("solo_time_trial")
    state = host.match.state
    colour = _hex(catalog.heroes()[state.heroes[0].hero].colour)
    surface, bottom = _draw(state)
    assert bottom > 10
    start = _columns_of(surface, colour)
    state.heroes[0].rally = 2
    surface, _ = _draw(state)
    later = _columns_of(surface, colour)
    assert start and later and min(later) > min(start) + 50


def test_k1_time_pips_lit_while_time_is_left():
    """K1: the time left shows as lit pips; an untimed, non-rally scenario draws nothing."""
    host, view = make_view("solo_time_trial")
    state = host.match.state
    surface, _ = _draw(state)
    lit = len(_columns_of(surface, T.ACCENT))
    state.timer = 2
    surface, _ = _draw(state)
    assert 0 < len(_columns_of(surface, T.ACCENT)) < lit
    host, view = make_view("solo_treasure")
    assert _draw(host.match.state)[1] == 10


def test_panel_draws_with_the_tracker():
    """The side panel draws a timed scenario (the tracker under the round)."""
    host, view = make_view("solo_time_trial")
    surface = pygame.Surface((1280, 800))
    view.draw_panel(surface)
