"""Layout from 1024x640 to 2560x1440 and UI scale 75-150%: widgets stay on screen and apart."""

from __future__ import annotations

import itertools

import pygame
import pytest

from riotsim.ui.app import App
from riotsim.ui.scenes.load import LoadScene
from riotsim.ui.scenes.menu import MenuScene
from riotsim.ui.scenes.settings import SettingsScene
from riotsim.ui.scenes.setup import SetupScene
from riotsim.ui.settings import Settings

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


def make_scenes(app):
    setup = SetupScene(app, "uitoy")
    app.stack.push(setup)
    setup._add_player()
    setup._add_player()
    return [app.stack.scenes[0], setup, SettingsScene(app), LoadScene(app)]


def check(scene, size):
    screen = pygame.Rect((0, 0), size)
    rects = [(w, w.rect) for w in scene.widgets if w.visible and w.rect.w > 0]
    for widget, rect in rects:
        assert screen.contains(rect), f"{type(scene).__name__}: {widget} off screen at {size}"
    for (a, ra), (b, rb) in itertools.combinations(rects, 2):
        assert not ra.colliderect(rb), f"{type(scene).__name__}: {a} overlaps {b} at {size}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ui_scale", [0.75, 1.0, 1.5])
def test_screens_fit_without_overlap(monkeypatch, tmp_path, size, ui_scale):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    app = App(size=size, settings=Settings(*size, ui_scale=ui_scale, sound=False), headless=True)
    app.open_menu()
    for scene in make_scenes(app):
        if scene not in app.stack:
            app.stack.push(scene)
        scene.layout(*app.size)
        check(scene, size)
        scene.draw(app.screen)
    assert isinstance(app.stack.scenes[0], MenuScene)


def test_ui_scale_never_outgrows_the_window():
    from riotsim.ui.theme import Theme

    assert Theme(1024, 640, 1.5).scale <= 1024 / 1100
    assert Theme(2560, 1440, 1.5).scale > Theme(2560, 1440, 1.0).scale
