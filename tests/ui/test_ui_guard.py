"""Issue 10, "errors never cost the player their screen": a scene call that fails once is
logged, shown once and tried again, and the scene stays; only one failing every frame for
FALLBACK_AFTER frames is closed, with a message saying so. Nothing the app calls on a scene
runs outside the guard."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import frames, start_toy

from riotsim.ui import app as app_module
from riotsim.ui.app import FALLBACK_AFTER
from riotsim.ui.scene import Scene
from riotsim.ui.scenes.menu import MenuScene
from riotsim.ui.views import GenericView
from riotsim.ui.widgets.dialog import Dialog


class Flaky(Scene):
    """Raises from ``method`` the first ``times`` calls (``times=None``: always)."""

    def __init__(self, app, method: str, times: int | None = 1):
        super().__init__(app)
        self.method = method
        self.left = times
        self.calls: dict[str, int] = {}

    def _maybe_fail(self, method: str) -> None:
        self.calls[method] = self.calls.get(method, 0) + 1
        if method != self.method:
            return
        if self.left is None or self.left > 0:
            if self.left is not None:
                self.left -= 1
            raise RuntimeError(f"{method} glitched")

    def update(self, dt):
        self._maybe_fail("update")

    def draw(self, surface):
        surface.fill((20, 20, 20))
        self._maybe_fail("draw")

    def resume(self):
        self._maybe_fail("resume")

    def resize(self, w, h):
        self._maybe_fail("resize")

    def leave(self):
        self._maybe_fail("leave")

    def key(self, name):
        self._maybe_fail("key")

    def click(self, pos, button=1):
        self._maybe_fail("click")

    def hover(self, pos):
        self._maybe_fail("hover")

    def scroll(self, dy):
        self._maybe_fail("scroll")

    def text(self, chars):
        self._maybe_fail("text")


def error_dialogs(app) -> list[Dialog]:
    return [s for s in app.stack.scenes if isinstance(s, Dialog) and s.kind == "error"]


def close_dialogs(app) -> None:
    while isinstance(app.stack.top, Dialog):
        app.stack.top.key("escape")


def trigger(app, scene: Flaky, method: str) -> None:
    """One frame's worth of ``method`` reaching ``scene`` through the app."""
    if method == "resume":
        close_dialogs(app)  # the player closes the message; the screen beneath resumes
        cover = Scene(app)
        app.stack.push(cover)
        app.pop(cover)
    elif method == "resize":
        w, h = app.size
        app.window_resized((w + 2, h) if w % 4 else (w - 2, h))
    events = {
        "key": pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0),
        "click": pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1),
        "hover": pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0,) * 3),
        "scroll": pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1),
        "text": pygame.event.Event(pygame.TEXTINPUT, text="a"),
    }
    if method in events:
        app.stack.pop(app.stack.top) if isinstance(app.stack.top, Dialog) else None
        app.dispatch(events[method])
    app.tick(0.016)


PER_FRAME = ["update", "draw", "resume", "resize"]
INPUT = ["key", "click", "hover", "scroll", "text"]


@pytest.mark.parametrize("method", PER_FRAME + INPUT)
def test_a_call_that_fails_once_keeps_the_screen_and_tells_once(app, method):
    scene = Flaky(app, method, times=1)
    app.push(scene)
    app.tick(0.016)
    for _ in range(5):
        trigger(app, scene, method)
    assert scene in app.stack
    assert [e for e in app.errors if f"{method} glitched" in e] == [
        e for e in app.errors if "glitched" in e
    ]
    assert len([e for e in app.errors if "glitched" in e]) == 1
    assert f"Flaky.{method}" in (app_module._log_path() and _log_text())
    close_dialogs(app)
    assert app.stack.top is scene
    app.tick(0.016)
    assert scene.calls.get(method, 0) >= 2  # tried again, and it worked


def _log_text() -> str:
    path = app_module.user_data_dir() / "riotsim.log"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def test_a_failed_resume_is_tried_again_next_frame(app):
    scene = Flaky(app, "resume", times=2)
    app.push(scene)
    cover = Scene(app)
    app.stack.push(cover)
    app.pop(cover)
    frames(app, 3)
    assert scene.calls["resume"] == 1 and len(error_dialogs(app)) == 1
    close_dialogs(app)  # the message is read: the scene beneath is resumed again
    frames(app, 3)
    assert scene.calls["resume"] == 3  # failed again (not shown twice), then it worked
    assert app.stack.top is scene and error_dialogs(app) == []


def test_a_failed_resize_is_laid_out_again_next_frame(app):
    scene = Flaky(app, "resize", times=1)
    app.push(scene)
    app.window_resized((1100, 700))
    frames(app, 2)
    assert scene.calls["resize"] == 2
    app.window_resized((1100, 700))  # same size: nothing more to do
    assert scene.calls["resize"] == 2


@pytest.mark.parametrize("method", PER_FRAME)
def test_only_a_failure_every_frame_for_a_while_closes_the_screen(app, method):
    scene = Flaky(app, method, times=None)
    app.push(scene)
    app.tick(0.016)
    n = 0
    while scene in app.stack and n < FALLBACK_AFTER + 5:
        if n == FALLBACK_AFTER // 2:
            assert len(app.errors) == 1  # shown once while it kept failing
        trigger(app, scene, method)
        n += 1
    assert scene not in app.stack
    assert scene.calls[method] == FALLBACK_AFTER  # not before it failed for a while
    assert isinstance(app.stack.scenes[0], MenuScene)
    closed = [d for d in error_dialogs(app) if d.title == "Screen closed"]
    assert len(closed) == 1
    assert f"Flaky.{method}" in closed[0].message and "in a row" in closed[0].message
    close_dialogs(app)
    frames(app, 3)
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("method", INPUT)
def test_input_that_always_fails_never_closes_the_screen(app, method):
    scene = Flaky(app, method, times=None)
    app.push(scene)
    for _ in range(FALLBACK_AFTER + 10):
        trigger(app, scene, method)
    assert scene in app.stack
    assert len([e for e in app.errors if "glitched" in e]) == 1


def test_a_failing_leave_still_leaves(app):
    scene = Flaky(app, "leave", times=None)
    app.push(scene)
    above = Scene(app)
    app.stack.push(above)
    app.pop(scene)
    assert scene not in app.stack and above not in app.stack
    assert isinstance(app.stack.top, Dialog) and "leave glitched" in app.stack.top.message
    assert isinstance(app.stack.scenes[0], MenuScene)


def test_a_failing_enter_shows_the_message_and_keeps_the_screen_beneath(app):
    class NoEnter(Scene):
        def enter(self):
            raise RuntimeError("cannot open")

    menu = app.stack.top
    app.push(NoEnter(app))
    assert app.stack.scenes[0] is menu and "cannot open" in app.errors[-1]


def test_trouble_outside_every_scene_keeps_the_screen(app, monkeypatch):
    """An event the app itself fails on (here: naming a key) and a failed flip."""
    scene = Flaky(app, "nothing")
    app.push(scene)
    real_name = app_module.key_name
    monkeypatch.setattr(app_module, "key_name", lambda key, mod: 1 / 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0))
    flips = {"n": 0}
    real_flip = pygame.display.flip

    def flaky_flip():
        flips["n"] += 1
        if flips["n"] == 1:
            raise pygame.error("flip glitched")
        real_flip()

    monkeypatch.setattr(pygame.display, "flip", flaky_flip)
    app.run(frames=app.frame + 4)
    monkeypatch.setattr(app_module, "key_name", real_name)
    assert scene in app.stack and app.running
    close_dialogs(app)
    assert app.stack.top is scene


def test_a_glitch_in_a_games_view_keeps_its_own_board(app, monkeypatch):
    game = start_toy(app)
    view = game.view
    frames(app, 2)
    real = type(view).draw
    state = {"left": 1}

    def glitchy(self, surface):
        if state["left"]:
            state["left"] -= 1
            raise RuntimeError("board glitched")
        return real(self, surface)

    monkeypatch.setattr(type(view), "draw", glitchy)
    frames(app, 5)
    assert game.view is view and game in app.stack
    assert len([e for e in app.errors if "board glitched" in e]) == 1


def start_real(app, game_id: str):
    from riotsim.core import registry
    from riotsim.core.match import Match
    from riotsim.ui.scenes.game import start_match
    from riotsim.ui.scenes.setup import default_setup

    ruleset = registry.get(game_id)
    return start_match(app, Match(ruleset, default_setup(ruleset, seed=3), game_id=game_id))


def test_a_games_view_failing_every_frame_falls_back_and_says_so(app, monkeypatch):
    game = start_real(app, "quodd")
    assert type(game.view) is not GenericView
    monkeypatch.setattr(type(game.view), "draw", lambda self, surface: 1 / 0)
    frames(app, FALLBACK_AFTER // 2)
    assert type(game.view) is not GenericView
    frames(app, FALLBACK_AFTER)
    assert type(game.view) is GenericView and game in app.stack
    assert "goes on with the plain action list" in app.errors[-1]
    assert len(app.errors) == 2  # the first failure, then the fall-back


def test_a_views_input_failing_every_time_never_swaps_the_board(app, monkeypatch):
    game = start_real(app, "quodd")
    view = game.view
    monkeypatch.setattr(type(view), "hover", lambda self, pos: 1 / 0)
    for i in range(FALLBACK_AFTER + 10):
        app.dispatch(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(i, i), rel=(1, 1), buttons=(0, 0, 0))
        )
    frames(app, 2)
    assert game.view is view and len(app.errors) == 1


def test_a_views_failed_layout_is_tried_again_before_the_next_draw(app, monkeypatch):
    game = start_real(app, "quodd")
    view = game.view
    real = type(view).layout
    calls = {"n": 0}

    def flaky_layout(self, rect):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("layout glitched")
        return real(self, rect)

    monkeypatch.setattr(type(view), "layout", flaky_layout)
    app.window_resized((1100, 700))
    assert calls["n"] == 1
    frames(app, 2)
    assert calls["n"] == 2 and game.view is view
    assert view.rect.right <= 1100
