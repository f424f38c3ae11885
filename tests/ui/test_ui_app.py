"""The app never dies: errors in scenes become dialogs; N-frame runs; key names."""

from __future__ import annotations

import pygame

from riotsim.ui import app as app_module
from riotsim.ui.app import key_name
from riotsim.ui.scene import Scene
from riotsim.ui.scenes.menu import MenuScene
from riotsim.ui.widgets.dialog import Dialog


class Exploding(Scene):
    def __init__(self, app, where: str):
        super().__init__(app)
        self.where = where

    def key(self, name):
        if self.where == "key":
            raise RuntimeError("the key handler broke")

    def draw(self, surface):
        if self.where == "draw":
            raise ValueError("cannot draw this")
        surface.fill((10, 10, 10))


def test_run_frames_returns_zero(monkeypatch, tmp_path):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    assert app_module.run(frames=3, size=(1024, 640)) == 0
    assert app_module.first_frame_at is not None


def test_error_in_a_handler_shows_a_dialog_and_keeps_the_scene(app):
    scene = Exploding(app, "key")
    app.push(scene)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0))
    assert isinstance(app.stack.top, Dialog)
    assert "the key handler broke" in app.stack.top.message
    assert scene in app.stack
    app.stack.top.key("escape")  # close the dialog
    assert app.stack.top is scene
    app.tick(0.016)


def test_one_failed_draw_keeps_the_scene_and_shows_the_message_once(app):
    """Issue 10 (this test used to expect the scene removed after one failed draw)."""
    scene = Exploding(app, "draw")
    app.push(scene)
    for _ in range(10):
        app.tick(0.016)
    assert scene in app.stack
    assert [e for e in app.errors if "cannot draw this" in e] == [app.errors[-1]]
    assert sum(isinstance(s, Dialog) for s in app.stack.scenes) == 1
    app.stack.top.key("return")
    assert app.stack.top is scene


def test_key_names():
    assert key_name(pygame.K_SPACE, 0) == "space"
    assert key_name(pygame.K_ESCAPE, 0) == "escape"
    assert key_name(pygame.K_UP, 0) == "up"
    assert key_name(pygame.K_a, 0) == "a"
    assert key_name(pygame.K_z, pygame.KMOD_LCTRL) == "ctrl+z"
    assert key_name(pygame.K_TAB, pygame.KMOD_LSHIFT) == "shift+tab"
    assert key_name(pygame.K_RETURN, 0) == "return"


def test_quit_button_stops_the_loop(app):
    menu = app.stack.top
    quit_button = next(b for b in menu.buttons if b.label == "Quit")
    menu.click(quit_button.rect.center)
    assert app.running is False


def test_play_opens_setup_or_starts_the_game(app):
    from ui_helpers import toy_setup

    from riotsim.ui.app import _open_game
    from riotsim.ui.scenes.game import GameScene
    from riotsim.ui.scenes.setup import SetupScene

    _open_game(app, "uitoy", None)
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.game_id == "uitoy"
    _open_game(app, "uitoy", toy_setup())
    assert isinstance(app.stack.top, GameScene)
    assert isinstance(app.stack.scenes[0], MenuScene)
    _open_game(app, "uitoy", toy_setup(bots=(None,)))  # one player: the rules refuse
    assert isinstance(app.stack.top, Dialog) and "2-4 players" in app.stack.top.message


def test_window_resize_relays_out_every_scene(app):
    from ui_helpers import start_toy

    game = start_toy(app)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640)))
    assert app.size == (1024, 640) and app.theme.scale == 0.8
    assert game.view_rect.right <= 1024 and game.bar_rect.w == 1024
    app.tick(0.016)


def test_no_sound_device_is_fine(monkeypatch, tmp_path):
    from riotsim.ui import sound
    from riotsim.ui.app import App
    from riotsim.ui.settings import Settings

    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    app = App(settings=Settings(), headless=True)
    app.open_menu()
    sound.play("click")  # silently nothing
    assert app.run(frames=2) == 0


def test_real_events_drive_the_menu_through_the_event_layer(app):
    from riotsim.ui.scenes.setup import SetupScene

    menu = app.stack.top
    app.tick(0.016)
    pos = menu.new_button.rect.center
    pygame.event.clear()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.run(frames=app.frame + 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.focus.focus(setup.seed_input)
    setup.seed_input.value = ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="77"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.run(frames=app.frame + 2)
    assert setup.seed_text == "77"
    assert isinstance(app.stack.top, MenuScene)


def test_a_dialog_that_cannot_draw_does_not_multiply(app, monkeypatch):
    monkeypatch.setattr(Dialog, "draw", lambda self, surface: 1 / 0)
    app.message("Hello", "world")
    app.tick(0.016)
    app.tick(0.016)
    assert isinstance(app.stack.top, MenuScene)
    assert len(app.stack.scenes) == 1
