"""Game views: lookup with fallback, the generic view's buttons and keys, shared animations."""

from __future__ import annotations

import types

import pygame
import pytest
from ui_helpers import frames, start_toy

from riotsim.core.contract import Action, Event
from riotsim.ui.anim import Animator, Flash, FloatingText, Glide, Shake
from riotsim.ui.views import GenericView, _find_view, view_class
from riotsim.ui.views.base import ButtonRow, GameView, HoverHighlight, event_text
from riotsim.ui.views.generic import position_blocks


def test_unknown_or_missing_views_fall_back_to_generic():
    assert view_class("uitoy") is GenericView
    module = types.ModuleType("fake_view")

    class Mine(GameView):
        pass

    Mine.__module__ = "fake_view"
    module.Mine = Mine
    assert _find_view(module, "x", "Absent") is Mine  # its only GameView subclass
    module.VIEW = Mine
    assert _find_view(module, "x", "Absent") is Mine
    assert _find_view(types.ModuleType("empty"), "x", "Absent") is GenericView


def test_generic_view_buttons_use_describe_and_submit(app):
    game = start_toy(app, game="uitoy-open")
    frames(app, 1)
    view = game.view
    labels = [b.label for b in view.action_buttons]
    assert labels == [
        "Roll the die",
        "Play a 1-step card",
        "Play a 2-step card",
        "Play a 3-step card",
    ]
    target = view.action_buttons[2]
    view.hover(target.rect.center)
    game.click(target.rect.center)
    assert game.match.log == [Action.make("play", card=2)]


def test_generic_view_number_keys_and_arrows(app):
    game = start_toy(app, game="uitoy-open")
    frames(app, 1)
    game.key("2")
    assert game.match.log == [Action.make("play", card=1)]
    frames(app, 1)
    game.key("down")
    game.key("down")
    game.key("return")
    assert game.match.log[-1] == Action.make("play", card=1)  # Dez's first card


def test_position_outline():
    blocks = position_blocks(
        {"turn": 1, "pos": [3, 4], "hands": [[1, 2], [0]], "board": {"a": {"owner": 0}}}
    )
    assert ("h2", "Game") in blocks and ("li", "pos: 3, 4") in blocks
    assert ("li", "1.  [1, 2]") in blocks
    assert ("li", "a: owner: 0") in blocks


def test_event_text_names_the_player():
    names = ["Rosa", "Dez"]
    roll = Event("dice_rolled", {"die": "action", "faces": ["strike", "miss"]}, 1, True)
    assert event_text(roll, names) == "Dez rolled action: strike, miss"
    assert event_text(Event("moved", {"seat": 0, "to": 3}, 0), names) == "Rosa moved (to 3)"


def test_glide_follows_the_path_with_easing():
    glide = Glide([(0, 0), (10, 0), (10, 10)], seconds_per_step=0.5)
    assert glide.duration == 1.0 and glide.pos == (0.0, 0.0)
    glide.update(0.5)
    assert glide.pos == pytest.approx((10.0, 0.0))  # eased halfway = the middle point
    glide.update(0.5)
    assert glide.done and glide.pos == pytest.approx((10.0, 10.0))


def test_animator_runs_steps_in_order_and_parallel_together():
    anims = Animator()
    first = anims.add(Shake(duration=0.2))
    together = anims.add(Flash(pygame.Rect(0, 0, 10, 10), duration=0.2), parallel=True)
    last = anims.add(Glide([(0, 0), (5, 5)], seconds_per_step=0.1))
    anims.update(0.1)
    assert first.t == together.t == 0.1 and last.t == 0
    anims.update(0.1)
    assert anims.active == [last]
    assert first.offset == (0, 0)  # a finished shake rests
    anims.finish()
    assert not anims.busy and last.done


def test_floating_text_and_flash_draw(app):
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    text = FloatingText("-2", (100, 100), app.theme.fonts.bold(30), (255, 255, 255))
    text.draw(surface)
    Flash(pygame.Rect(0, 0, 20, 20), (255, 0, 0)).draw(surface)
    assert surface.get_at((10, 10))[0] > 100
    assert any(surface.get_at((x, 100))[0] > 100 for x in range(80, 120))


def test_hover_highlight_and_button_row(app):
    hits = HoverHighlight()
    go = Action.make("go", to=(1, 2))
    hits.add(pygame.Rect(0, 0, 10, 10), Action.make("stay"))
    hits.add([(20, 0), (40, 0), (30, 20)], go)
    assert hits.hover((30, 5)) == [go]
    assert hits.at((5, 5)) == [Action.make("stay")]
    hits.draw(app.screen)
    pressed = []
    row = ButtonRow([("A", lambda: pressed.append("a")), ("B", lambda: pressed.append("b"))])
    row.layout(pygame.Rect(0, 0, 210, 40), gap=10)
    assert row.click((150, 20)) and pressed == ["b"]


def test_generic_view_never_prints_the_random_seed():
    from riotsim.ui.views.generic import position_blocks

    blocks = position_blocks({"turn": 1, "rng": {"seed": 5, "counter": 2}, "hands": [[1, 2]]})
    text = " | ".join(t for _, t in blocks)
    assert "seed" not in text.lower() and "counter" not in text
    assert "turn: 1" in text


def test_event_whose_only_data_is_its_kind_reads_as_a_pair():
    assert event_text(Event("phase", {"phase": "cards"})) == "phase: cards"
    assert event_text(Event("phase", {"seat": 0, "phase": "move"}, 0), ["Rosa"]) == (
        "Rosa phase: move"
    )
