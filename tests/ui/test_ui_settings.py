"""Settings persist as JSON; a corrupt file gives the defaults and a message, never a crash."""

from __future__ import annotations

import json

from riotsim.ui.app import App
from riotsim.ui.scenes.settings import SettingsScene
from riotsim.ui.settings import Settings, load_settings, save_settings, settings_path
from riotsim.ui.widgets.dialog import Dialog


def test_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    wanted = Settings(
        width=1600, height=1000, fullscreen=True, ui_scale=1.25, anim_speed=2.0, sound=False
    )
    save_settings(wanted, path)
    loaded, problem = load_settings(path)
    assert problem is None
    assert loaded == wanted


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "nope.json") == (Settings(), None)


def test_corrupt_file_gives_defaults_and_a_message(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{ this is not json", encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded == Settings()
    assert str(path) in problem and "defaults" in problem


def test_wrong_types_are_ignored_by_name(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"width": "wide", "sound": 3, "ui_scale": 9.0}), encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.width == 1280 and loaded.sound is True
    assert loaded.ui_scale == 2.0  # clamped into range (75%-200%, issue 17 A3)
    assert "width" in problem and "sound" in problem


def test_app_starts_with_a_corrupt_settings_file(monkeypatch, tmp_path):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    settings_path().write_text("[1, 2", encoding="utf-8")
    app = App(headless=True)
    app.open_menu()
    app.run(frames=2)
    assert isinstance(app.stack.top, Dialog)
    assert "defaults" in app.stack.top.message


def test_settings_screen_applies_and_persists(app):
    scene = SettingsScene(app)
    app.push(scene)
    scene.sound.activate()
    scene.speed.key("right")
    scene.size_choice.step(-1)
    app.tick(0.016)
    scene.apply_button.activate()
    saved, problem = load_settings()
    assert problem is None
    assert saved.sound is False
    assert saved.anim_speed == 3.0  # already at the maximum in the test app
    assert (saved.width, saved.height) == (1024, 640)
    assert app.size == (1024, 640)
    assert app.stack.top is not scene


def test_the_settings_screen_shows_the_window_as_it_is_now(app):
    """Review: after resizing the window by hand, Settings showed the size last saved."""
    import pygame

    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
    assert tuple(app.size) == (1100, 700)
    scene = SettingsScene(app)
    app.push(scene)
    assert scene.size_choice.value == tuple(app.size)
