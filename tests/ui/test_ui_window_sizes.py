"""Issue 10: a window of any size keeps the game running. Below the smallest size the screens
are made for (MIN_WINDOW) a "window too small" card shows instead of them; at every size at or
above it they draw. The window is resized for real (dummy video driver) and frames are run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest
from ui_helpers import frames, start_toy

from riotsim.core.contract import Action
from riotsim.ui import app as app_module
from riotsim.ui.settings import MIN_WINDOW
from riotsim.ui.widgets import toosmall

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "maps"
GAMES = ["riotquest", "riot", "riot-pm", "quodd"]
TINY = [(1, 1), (2, 2), (100, 50), (300, 200), (799, 500), (800, 499), (3000, 40), (40, 3000)]
LARGE_ENOUGH = [MIN_WINDOW, (801, 1600), (2400, 500), (1366, 768)]


def start_real(app, game_id: str):
    from riotsim.core import registry
    from riotsim.core.match import Match
    from riotsim.ui.scenes.game import start_match
    from riotsim.ui.scenes.setup import default_setup

    ruleset = registry.get(game_id)
    return start_match(app, Match(ruleset, default_setup(ruleset, seed=3), game_id=game_id))


def open_scene(app, kind: str, tmp_path: Path):
    from riotsim.ui.scenes.lab import MapLabScene
    from riotsim.ui.scenes.settings import SettingsScene
    from riotsim.ui.scenes.setup import SetupScene

    if kind == "menu":
        return app.stack.top
    if kind == "setup":
        return app.push(SetupScene(app, "quodd"))
    if kind == "settings":
        return app.push(SettingsScene(app))
    if kind.startswith("game-"):
        return start_real(app, kind[5:])
    if kind == "pause":
        start_toy(app).pause()
        return app.stack.top
    if kind == "summary":
        game = start_toy(app, game="uitoy-open", length=6)
        while not game.match.outcome().finished:
            game.submit(Action.make("roll"))
            game.view.fast_forward()
        frames(app, 2)
        return app.stack.top
    if kind == "lab":
        for name in ("ortho9.tmx", "squares.tsx", "squares.png"):
            shutil.copy(FIXTURES / name, tmp_path / name)
        return app.push(MapLabScene(app, tmp_path / "ortho9.tmx"))
    if kind == "dialog":
        app.message("Hello", "A message over the menu.")
        return app.stack.top
    raise AssertionError(kind)


def resize(app, size: tuple[int, int]) -> None:
    """What the player's window manager does: a new window surface, then the event."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run(frames=app.frame + 2)


SCENES = ["menu", "setup", "settings", *[f"game-{g}" for g in GAMES], "pause", "summary", "lab"]
SCENES.append("dialog")


@pytest.mark.parametrize("kind", SCENES)
def test_every_scene_survives_every_window_size(app, tmp_path, monkeypatch, kind):
    shown: list[list[str]] = []
    real_card = toosmall.draw_too_small

    def spy(surface, theme, minimum):
        shown.append(real_card(surface, theme, minimum))
        return shown[-1]

    monkeypatch.setattr(app_module, "draw_too_small", spy)
    scene = open_scene(app, kind, tmp_path)
    frames(app, 2)
    for size in TINY + LARGE_ENOUGH + [(1, 1), (1280, 800)]:
        shown.clear()
        resize(app, size)
        assert app.window_size == size and app.screen.get_size() == size
        assert app.errors == [], f"{kind} at {size}: {app.errors}"
        assert scene in app.stack, f"{kind} lost at {size}"
        if size[0] < MIN_WINDOW[0] or size[1] < MIN_WINDOW[1]:
            assert app.too_small and shown, f"no card at {size}"
            assert app.size == (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
        else:
            assert not app.too_small and not shown and app.size == size
    assert app.stack.top is scene


def test_the_card_says_what_is_wrong_where_there_is_room():
    from riotsim.ui.theme import Theme

    pygame.display.init()
    pygame.font.init()
    theme = Theme(*MIN_WINDOW)
    for size in [(1, 1), (2, 2), (17, 17)]:
        assert toosmall.draw_too_small(pygame.Surface(size), theme, MIN_WINDOW) == []
    lines = toosmall.draw_too_small(pygame.Surface((300, 200)), theme, MIN_WINDOW)
    assert lines[0] == "Window too small"
    assert "300 x 200" in lines[1] and "800 x 500" in lines[1]
    narrow = toosmall.draw_too_small(pygame.Surface((100, 50)), theme, MIN_WINDOW)
    assert len(narrow) <= 1  # only what fits


def test_the_game_goes_on_while_the_window_is_too_small(app):
    game = start_toy(app, bots=("random", "random"))
    resize(app, (100, 50))
    before = len(game.match.log)
    for _ in range(20):
        game.wait_for_bots()
        frames(app, 3, dt=0.1)
    assert len(game.match.log) > before and app.errors == []
    resize(app, (1280, 800))
    assert app.stack.top is game or game in app.stack


def test_the_pointer_is_ignored_while_the_card_shows(app):
    menu = app.stack.top
    frames(app, 1)
    target = menu.new_button.rect.center
    resize(app, (300, 200))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    app.run(frames=app.frame + 1)
    assert app.stack.top is menu
    resize(app, (1280, 800))
    assert menu.new_button.rect.center == target  # laid out again at the real size


@pytest.mark.parametrize("kind", ["menu", "game-quodd"])
def test_the_largest_window_draws(app, tmp_path, kind):
    scene = open_scene(app, kind, tmp_path)
    resize(app, (3840, 2160))
    assert app.errors == [] and scene in app.stack and not app.too_small


def test_a_window_the_display_cannot_give_is_shrunk_to_it(monkeypatch):
    monkeypatch.setattr(app_module, "display_limit", lambda: (1920, 1080))
    assert app_module.fit_to_display((3840, 2160)) == (1920, 1080)
    assert app_module.fit_to_display((100, 50)) == (100, 50)
    monkeypatch.setattr(app_module, "display_limit", lambda: None)
    w, h = app_module.fit_to_display((100_000, 100_000))
    assert w * h <= app_module.MAX_PIXELS


def test_the_app_opens_at_a_tiny_size_with_the_card(monkeypatch, tmp_path):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path))
    assert app_module.run(frames=3, size=(1, 1)) == 0


def test_window_size_problem_asks_the_display(monkeypatch):
    monkeypatch.setattr(app_module, "display_limit", lambda: (1920, 1080))
    monkeypatch.setattr(app_module, "_has_display", lambda: True)
    assert app_module.window_size_problem((1920, 1080)) is None
    assert "does not fit on this display (1920x1080" in app_module.window_size_problem((2560, 1080))
    assert app_module.window_size_problem((2560, 1440), headless=True) is None  # a screenshot
    assert "larger than riotsim draws" in app_module.window_size_problem((100_000, 100_000))
    assert "at least 1 pixel" in app_module.window_size_problem((0, 5))


def test_settings_offer_only_sizes_the_display_can_show(app, monkeypatch):
    from riotsim.ui.scenes import settings as settings_scene

    monkeypatch.setattr(app_module, "display_limit", lambda: (1600, 1000))
    assert max(settings_scene.window_sizes()) == (1600, 1000)
    monkeypatch.setattr(app_module, "display_limit", lambda: None)
    assert (2560, 1440) in settings_scene.window_sizes()
