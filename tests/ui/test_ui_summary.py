"""The summary screen: headlines for every kind of ending, and the next game of a chain."""

from __future__ import annotations

from dataclasses import replace

from ui_helpers import button, frames, start_toy

from riotsim.core import registry
from riotsim.core.contract import Action, Outcome
from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.summary import SummaryScene


def finish(app, game: GameScene) -> SummaryScene:
    while not game.match.outcome().finished:
        game.submit(Action.make("roll"))
        game.view.fast_forward()
    frames(app, 2)
    summary = app.stack.top
    assert isinstance(summary, SummaryScene)
    return summary


def test_follow_up_offers_the_next_game_first(app, monkeypatch):
    ruleset = registry.get("uitoy-open")
    chained = []

    def follow_up(state, setup):
        chained.append(setup)
        return replace(setup, scenario="step_two", options={**setup.options, "carry": 1})

    monkeypatch.setattr(ruleset, "follow_up", follow_up)
    summary = finish(app, start_toy(app, game="uitoy-open", length=6))
    first = summary.buttons[0]
    assert first.label == "Next: Step two" and first.primary
    assert not button(summary, "Rematch").primary
    first.activate()
    nxt = app.stack.top
    assert isinstance(nxt, GameScene) and nxt.match.log == []
    assert nxt.match.setup.scenario == "step_two"
    assert nxt.match.setup.options["carry"] == 1
    assert nxt.match.setup.players == chained[0].players


def test_no_follow_up_keeps_rematch_first(app):
    summary = finish(app, start_toy(app, game="uitoy-open", length=6))
    assert summary.buttons[0].label == "Rematch" and summary.buttons[0].primary


def test_headline_never_calls_a_lost_solo_game_a_draw(app):
    summary = finish(app, start_toy(app, game="uitoy-open", length=6))
    summary.outcome = Outcome(True, (), (0, 0), reason="time ran out")
    assert summary._headline() == "No winner"
    summary.outcome = Outcome(True, (), (3, 3), reason="a draw on every tie-breaker")
    assert summary._headline() == "A draw"
    one = replace(summary.match.setup, players=summary.match.setup.players[:1])
    summary.match.setup = one
    summary.outcome = Outcome(True, (), (0,), reason="the time tracker ran out")
    assert summary._headline() == "Not this time"


def test_every_seat_sharing_the_win_is_a_draw_not_a_joint_victory(app):
    """Review: a 0-0 game read "Rosa and Ugo win!"."""
    summary = finish(app, start_toy(app, game="uitoy-open", length=6))
    summary.outcome = Outcome(True, (0, 1), (0, 0), reason="tied on VP")
    assert summary._headline() == "A draw"


def test_a_long_next_label_is_not_cut_off_at_1024x640(app, monkeypatch):
    """Review: "Next: Tutorial 2: Skills an..." was cut off."""
    import pygame

    ruleset = registry.get("uitoy-open")
    monkeypatch.setattr(
        ruleset,
        "follow_up",
        lambda state, setup: replace(setup, scenario="tutorial_2_skills_and_tiles"),
    )
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640)))
    summary = finish(app, start_toy(app, game="uitoy-open", length=6))
    first = summary.buttons[0]
    font = app.theme.fonts.get(first.size, "Medium")
    assert first.label == "Next: Tutorial 2 skills and tiles"
    assert font.size(first.label)[0] <= first.rect.w - 2 * app.theme.px(10)
    rects = [b.rect for b in summary.buttons]
    assert all(pygame.Rect(0, 0, 1024, 640).contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
