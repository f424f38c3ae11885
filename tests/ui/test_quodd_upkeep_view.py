"""The Quodd play screen's Board Upkeep (riotsim/ui/views/quodd_upkeep.py, issue 12): each
kind's step (bombs, platforms, beam elements, sheep) plays under its own caption, one kind
after the other, and any key or click fast-forwards it."""

from __future__ import annotations

import pygame

from riotsim.core.contract import Action
from riotsim.games.quodd import engine
from riotsim.ui.views.quodd_bombs import BombRoll
from riotsim.ui.views.quodd_platforms import PlatformMove
from riotsim.ui.views.quodd_sheep import SheepMove
from riotsim.ui.views.quodd_upkeep import CAPTIONS, CaptionCue, caption_of
from tests.ui.test_quodd_view import make_view

SANDBOX = "sandbox_moving_board"


def _ready(host):
    """Finish setup: first start square, the skill layout kept, sheep facing E."""
    state = host.match.state
    while state.pending:
        legal = [str(a) for a in host.match.legal_actions()]
        pick = next((t for t in legal if t in ("choose swap=done", "choose facing=E")), legal[0])
        host.submit(Action.parse(pick))


def _upkeep_events(state) -> list:
    events: list = []
    engine.end_round(state, events)
    engine.settle(state, events)
    return events


def _queue(view) -> list[str]:
    """The animation queue read as captions and the kinds' animations, in order."""
    out = []
    for step in view.anims.steps:
        for anim in step:
            if isinstance(anim, CaptionCue):
                out.append(anim.kind or "clear")
            elif isinstance(anim, BombRoll | PlatformMove | SheepMove):
                name = type(anim).__name__
                if not out or out[-1] != name:
                    out.append(name)
    return out


def test_upkeep_plays_kind_by_kind_under_its_caption():
    """End-of-Round Phase, 1. Board Upkeep (L345-352; spec U1, U6): on the sandbox holding
    every kind, the view queues the bombs' caption then their rolls, the platforms' caption
    then their moves, the beam elements' caption, the sheep's caption then their walks, and
    clears the caption when the round ends; every frame draws while the captions change."""
    host, view = make_view(SANDBOX)
    _ready(host)
    view.fast_forward()
    view.on_events(_upkeep_events(host.match.state))
    queue = _queue(view)
    assert queue[0] == "bombs" and queue[-1] == "clear"
    kinds = [q for q in queue if q in CAPTIONS]
    assert kinds == ["bombs", "platforms", "beams", "sheep"]
    at = {q: queue.index(q) for q in kinds}
    assert at["bombs"] < queue.index("BombRoll") < at["platforms"]
    assert at["platforms"] < queue.index("PlatformMove") < at["beams"]
    assert at["sheep"] < queue.index("SheepMove")
    surface = pygame.Surface((1280, 800))
    shown = []
    while view.animating() and len(shown) < 2000:
        view.update(1 / 30)
        view.draw(surface)
        text = caption_of(view).text
        if not shown or shown[-1] != text:
            shown.append(text)
    assert [t for t in shown if t] == [CAPTIONS[k] for k in kinds]
    assert shown[-1] is None and not view.animating()


def test_any_key_or_click_fast_forwards_the_upkeep(app):
    """Upkeep is fast-forwardable (issue 12): in the game scene a key, or a click, while the
    upkeep plays finishes every animation at once and the caption goes."""
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.core.match import Match
    from riotsim.games.quodd import RULESET
    from riotsim.ui.scenes.game import start_match

    match = Match(RULESET, GameSetup((PlayerSpec("Rosa"),), seed=3, scenario=SANDBOX))
    while match.state.pending:  # setup: first start square, skills kept, sheep facing E
        legal = [str(a) for a in match.legal_actions()]
        match.apply(Action.parse(next((t for t in legal if t.endswith(("done", "=E"))), legal[0])))
    game = start_match(app, match)
    view = game.view
    for press in (lambda: game.key("a"), lambda: game.click(view.board_rect.center)):
        state = match.state.copy()
        view.on_events(_upkeep_events(state))
        view.update(1 / 30)
        assert view.animating() and caption_of(view).text == CAPTIONS["bombs"]
        press()
        assert not view.animating() and caption_of(view).text is None


def test_an_upkeep_resumed_after_a_choice_names_its_step_again():
    """Managing the Flock rule 4 (a sheep moving onto a hero: it may be picked up): the
    upkeep pauses there; the events after the answer carry no new upkeep_step, so the
    view names the sheep step again while the rest of the flock walks, then clears it."""
    from riotsim.games.quodd.events import RoundEnded, SheepMoved

    host, view = make_view(SANDBOX)
    _ready(host)
    view.fast_forward()
    state = host.match.state
    cell = state.board.find("sheep")[0]
    number = state.board.first(cell, "sheep").get("number")
    x, y = cell
    walked = SheepMoved.of(id=number, path=[[x, y + 1]], facing="S", **{"from": [x, y]})
    view.on_events([walked, RoundEnded.of(round=1)])
    assert _queue(view) == ["sheep", "SheepMove", "clear"]
    view.fast_forward()
    view.on_events([walked])  # a sheep walking in play (no upkeep under way): no caption
    assert "sheep" not in _queue(view)
