"""The Quodd play screen with buddies and B-side boards (issue 13 part C): a buddy's cube
shows its controller's marker and a buddy mark; on a buddy's turn the panel shows the
buddy's board to its controller; a B-side board lists its six face slots."""

from __future__ import annotations

import pygame

from riotsim.core.contract import Action
from riotsim.games.quodd import buddies
from riotsim.ui.views import quodd_bar
from tests.ui.test_quodd_view import make_view


def _with_buddy():
    host, view = make_view("solo_buddy_rescue")
    state = host.match.state
    while state.pending:
        legal = [str(a) for a in host.match.legal_actions()]
        host.submit(Action.parse("choose swap=done" if "choose swap=done" in legal else legal[0]))
    hero = state.heroes[0]
    free = buddies.free_squares(state, hero.pos)[0]
    buddies.add_buddy(state, hero, "trixie", free, [])
    view.fast_forward()
    return host, view, state


def test_a_buddys_turn_is_its_controllers_and_shows_the_buddys_board():
    """Y4: on the buddy's turn the controlling seat decides, and the panel shows the buddy
    (no hand of its own) rather than the player's hero."""
    host, view, state = _with_buddy()
    assert view.board_hero() == 0
    state.active = 1
    state.memo.clear()
    assert host.match.to_move() == 0 and view._my_turn()
    assert view.board_hero() == 1
    surface = pygame.Surface((1280, 800))
    view.draw(surface)


def test_a_buddy_cube_draws_with_its_controllers_marker():
    """A buddy's cube is drawn with seat 0's marker colour and the buddy mark."""
    host, view, state = _with_buddy()
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    buddy = state.heroes[1]
    x, y = view.centre(buddy.pos)
    assert surface.get_at((int(x), int(y))) != surface.get_at((5, 5))


def test_b_side_face_slots_are_listed():
    """S1: the player board panel lists the six face slots with their tiles."""
    host, view, state = _with_buddy()
    hero = state.heroes[0]
    hero.side = "b"
    hero.slots = {"feet": ("rok_stride", "a")}
    lines = dict(quodd_bar.face_slot_lines(hero))
    assert len(lines) == 6
    assert lines["feet"] == f"Feet ({hero.skills['feet']}): +1 movement"
    assert lines["q"] == "Q (Q-Powers): -"
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
