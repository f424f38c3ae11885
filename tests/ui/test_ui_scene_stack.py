"""The scene stack: push, pop, replace, queued changes, lazy resume, opaque drawing."""

from __future__ import annotations

import pygame

from riotsim.ui.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, app, name: str, opaque: bool = True, calls: list | None = None):
        super().__init__(app)
        self.name = name
        self.opaque = opaque
        self.calls = calls if calls is not None else []

    def enter(self):
        self.calls.append(("enter", self.name))

    def resume(self):
        self.calls.append(("resume", self.name))

    def leave(self):
        self.calls.append(("leave", self.name))

    def update(self, dt):
        self.calls.append(("update", self.name))

    def draw(self, surface):
        self.calls.append(("draw", self.name))

    def key(self, name):
        self.calls.append(("key", self.name, name))


def test_push_pop_replace_order():
    calls: list = []
    stack = SceneStack()
    a, b, c = (Probe(None, n, calls=calls) for n in "abc")
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    stack.replace(c)
    assert stack.scenes == [a, c]
    assert ("leave", "b") in calls
    assert stack.pop() is c
    assert stack.top is a


def test_resume_is_lazy_and_only_once():
    calls: list = []
    stack = SceneStack()
    a, b = Probe(None, "a", calls=calls), Probe(None, "b", calls=calls)
    stack.push(a)
    stack.push(b)
    stack.pop()
    assert ("resume", "a") not in calls  # not yet: only when it next handles something
    stack.resume_if_needed()
    stack.resume_if_needed()
    assert calls.count(("resume", "a")) == 1


def test_resume_skipped_when_covered_again_before_the_frame():
    calls: list = []
    stack = SceneStack()
    a, b, c = (Probe(None, n, calls=calls) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.pop()
    stack.push(c)
    stack.resume_if_needed()
    assert ("resume", "a") not in calls
    stack.pop()
    stack.resume_if_needed()
    assert ("resume", "a") in calls


def test_pop_a_scene_from_the_middle_removes_those_above():
    stack = SceneStack()
    a, b, c = (Probe(None, n) for n in "abc")
    for s in (a, b, c):
        stack.push(s)
    stack.pop(b)
    assert stack.scenes == [a]


def test_queued_change_waits_for_the_frame_boundary():
    stack = SceneStack()
    a, b = Probe(None, "a"), Probe(None, "b")
    stack.push(a)
    stack.queue(lambda: stack.push(b))
    assert stack.top is a
    stack.apply_queued()
    assert stack.top is b


def test_visible_starts_at_the_topmost_opaque_scene():
    stack = SceneStack()
    a = Probe(None, "a")
    b = Probe(None, "b")
    overlay = Probe(None, "overlay", opaque=False)
    dialog = Probe(None, "dialog", opaque=False)
    for s in (a, b, overlay, dialog):
        stack.push(s)
    assert stack.visible() == [b, overlay, dialog]


def test_app_draws_only_visible_scenes_and_routes_input_to_the_top(app):
    calls: list = []
    base = Probe(app, "base", calls=calls)
    top = Probe(app, "top", opaque=False, calls=calls)
    app.stack.clear_to(base)
    app.stack.push(top)
    app.tick(0.016)
    assert ("draw", "base") in calls and ("draw", "top") in calls
    menu_drawn = [c for c in calls if c[0] == "draw"]
    assert len(menu_drawn) == 2
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    assert ("key", "top", "space") in calls
    assert ("key", "base", "space") not in calls


def test_app_resumes_the_revealed_scene_before_the_next_frame(app):
    calls: list = []
    base = Probe(app, "base", calls=calls)
    top = Probe(app, "top", calls=calls)
    app.stack.clear_to(base)
    app.stack.push(top)
    app.pop(top)
    app.tick(0.016)
    assert calls.index(("resume", "base")) < len(calls) - 1
    assert calls[-1] == ("draw", "base")


def test_keyboard_focus_comes_back_after_a_dialog(app):
    from ui_helpers import start_toy

    from riotsim.ui.scenes.pause import PauseScene

    game = start_toy(app)
    game.pause()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.key("down")
    assert pause.focus.current.label == "Save"
    pause.key("return")  # the save prompt
    app.stack.top.key("return")  # save under the default name
    app.stack.top.key("return")  # close "Game saved"
    app.tick(0.02)
    assert app.stack.top is pause
    assert pause.focus.current.label == "Save"
