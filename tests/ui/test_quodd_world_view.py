"""The Quodd play screen's world events (riotsim/ui/views/quodd_world.py, issue 13 part A):
a drawn World Event card shows over the board (its name and text) for a few seconds before
its effects play, and the log tells it."""

from __future__ import annotations

import pygame

from riotsim.games.quodd import catalog, engine
from riotsim.ui.views import quodd_log
from riotsim.ui.views.quodd_world import CARD_TIME, WorldCard, showing
from tests.ui.test_quodd_view import make_view


def _draw_world_event(host, card: str) -> list:
    """End the round with ``card`` on top of the World Event deck; the events."""
    state = host.match.state
    state.pending.clear()
    state.resolving.clear()
    state.world_deck = [card]
    state.rng.script("E")
    events: list = []
    engine.end_round(state, events)
    engine.settle(state, events)
    return events


def test_a_drawn_world_event_shows_its_card_then_goes():
    """End-of-Round step 2 (L356: the first player "reads it aloud"): the view queues the
    card, which is on screen with its name and text for CARD_TIME seconds, then leaves."""
    host, view = make_view("ffa_race", seats=2)
    view.fast_forward()
    events = _draw_world_event(host, "gale")
    view.on_events(events)
    surface = pygame.Surface((1280, 800))
    seen = []
    elapsed = 0.0
    while view.animating() and elapsed < 30:
        card = showing(view)
        if card is not None and not seen:
            seen.append((card.name, card.text, elapsed))
        view.draw(surface)
        view.update(1 / 30)
        elapsed += 1 / 30
    spec = catalog.world_events()["gale"]
    assert seen and seen[0][:2] == (spec.name, spec.text)
    assert elapsed >= CARD_TIME and showing(view) is None


def test_the_card_draws_over_the_board():
    """The card is drawn as a panel in the middle of the board (pixels change there)."""
    host, view = make_view("ffa_race", seats=2)
    view.fast_forward()
    plain = pygame.Surface((1280, 800))
    view.draw(plain)
    view.on_events(_draw_world_event(host, "quake"))
    while view.animating() and showing(view) is None:
        view.update(1 / 30)
    view.update(0.5)  # past its fade-in
    with_card = pygame.Surface((1280, 800))
    view.draw(with_card)
    centre = view.board_rect.center
    assert isinstance(showing(view), WorldCard)
    assert plain.get_at(centre) != with_card.get_at(centre)
    view.fast_forward()
    assert showing(view) is None


def test_the_log_tells_the_world_event():
    """The log names who drew the card and reads its text."""
    host, view = make_view("ffa_race", seats=2)
    events = _draw_world_event(host, "gale")
    drawn = next(e for e in events if e.kind == "world_event_drawn")
    line = quodd_log.LINES["world_event_drawn"](quodd_log.Words(host.match.state, str), drawn.data)
    assert "Gusty Gale" in line and catalog.world_events()["gale"].text in line
