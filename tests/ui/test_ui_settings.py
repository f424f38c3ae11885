"""Settings persist as JSON; a corrupt file gives the defaults and a message, never a crash."""

from __future__ import annotations

import json

import pytest

from riotsim.ui.app import App
from riotsim.ui.scenes.settings import SettingsScene
from riotsim.ui.settings import (
    AUTO,
    FORMAT,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
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


@pytest.mark.parametrize("ui_scale", [AUTO, 0.75, 1.0, 1.25, 2.0])
def test_the_ui_scale_round_trips(tmp_path, ui_scale):
    path = tmp_path / "settings.json"
    save_settings(Settings(ui_scale=ui_scale), path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["ui_scale"] == ui_scale and saved["format"] == FORMAT
    assert load_settings(path) == (Settings(ui_scale=ui_scale), None)


@pytest.mark.parametrize(("old", "loaded"), [(1.0, AUTO), (1, AUTO), (1.25, 1.25), (0.75, 0.75)])
def test_an_old_file_s_ui_scale_of_1_meant_fill_the_window_and_loads_as_auto(tmp_path, old, loaded):
    """Before format 2, a UI scale of 1.0 (the default) filled the window, which is Auto now;
    other numbers were sizes relative to that and load as the sizes they are."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"ui_scale": old, "sound": False}), encoding="utf-8")
    assert load_settings(path) == (Settings(ui_scale=loaded, sound=False), None)
    # saved again, the file is format 2: a 100% chosen later stays 100%
    save_settings(Settings(ui_scale=1.0), path)
    assert load_settings(path)[0].ui_scale == 1.0


@pytest.mark.parametrize("bad", ['"big"', '"AUTO"', "true", "null", "[1.0]", "-1", "NaN", "50"])
def test_a_bad_ui_scale_gets_the_default_and_is_named(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(f'{{"format": 2, "ui_scale": {bad}, "sound": false}}', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded == Settings(sound=False) and loaded.ui_scale == AUTO
    assert "ui_scale" in problem and "sound" not in problem and str(path) in problem


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
