"""The Quodd play screen's sheep (riotsim/ui/views/quodd_sheep.py): upkeep's sheep events
play as walks, turns and pickups, one sheep after another, and every frame draws."""

from __future__ import annotations

import pygame

from riotsim.core.contract import Action
from riotsim.games.quodd import engine
from riotsim.ui.views.quodd_sheep import SheepMove, flock
from tests.ui.test_quodd_view import make_view


def _ready(host):
    """Finish setup: first start square, the skill layout kept, every sheep facing E."""
    state = host.match.state
    while state.pending:
        legal = [str(a) for a in host.match.legal_actions()]
        pick = next((t for t in legal if t in ("choose swap=done", "choose facing=E")), legal[0])
        host.submit(Action.parse(pick))


def test_sheep_walking_and_turning_in_upkeep_are_animated():
    """Managing the Flock rule 2: sheep move one after another, north to south - the view
    queues one walk (square by square) or turn per sheep event, in the log's order."""
    host, view = make_view("solo_sheep_herding")
    _ready(host)
    view.fast_forward()
    state = host.match.state
    events: list = []
    engine.end_round(state, events)
    engine.settle(state, events)
    view.on_events(events)
    moves = [a for step in view.anims.steps for a in step if isinstance(a, SheepMove)]
    expected = [e for e in events if e.kind in ("sheep_moved", "sheep_turned")]
    assert [m.mode for m in moves] == [
        "walk" if e.kind == "sheep_moved" else "turn" for e in expected
    ]
    black = next(m for m in moves if m.colour == "black")
    assert len(black.cells) == 4  # three squares walked
    surface = pygame.Surface((1280, 800))
    for _ in range(12):
        view.update(0.1)
        view.draw(surface)
    view.fast_forward()
    view.draw(surface)
    assert not view.anims.steps


def test_a_sheep_picked_up_shrinks_into_the_hero():
    """Rule 4 (a hero may pick up a sheep that moves onto it): the pickup event plays a
    shrinking sheep moving to the hero, drawn although the sheep left the board."""
    from riotsim.games.quodd.events import SheepPickedUp

    host, view = make_view("solo_sheep_herding")
    _ready(host)
    view.fast_forward()
    cell, colour, facing = next(iter(flock(view).values()))
    hero = host.match.state.heroes[0]
    view.on_events([SheepPickedUp.of(hero=0, id=0, colour=colour, at=list(cell))])
    move = view.anims.steps[-1][0]
    assert isinstance(move, SheepMove) and move.mode == "pickup" and move.target == hero.pos
    surface = pygame.Surface((1280, 800))
    view.update(0.2)
    view.draw(surface)


def test_hovering_a_sheep_names_its_colour_speed_and_facing():
    """The tooltip reads the sheep's token: colour, speed (L632-636) and facing."""
    host, view = make_view("solo_sheep_herding")
    _ready(host)
    cell, colour, facing = next(iter(flock(view).values()))
    view.hover_cell = cell
    text = view.hover_text()
    assert text.startswith(colour.capitalize() + " sheep") and "facing east" in text
