"""Random clicks and keys all over the app never raise: no error dialog, a scene always shown."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riotsim.ui.app import App
from riotsim.ui.settings import Settings

KEYS = [
    "tab",
    "shift+tab",
    "up",
    "down",
    "left",
    "right",
    "return",
    "space",
    "escape",
    "backspace",
    "ctrl+z",
    "f1",
    "f2",
    "1",
    "2",
    "a",
    "home",
    "end",
]

steps = st.lists(
    st.one_of(
        st.tuples(st.just("click"), st.integers(0, 1279), st.integers(0, 799)),
        st.tuples(st.just("key"), st.sampled_from(KEYS), st.just(0)),
        st.tuples(st.just("scroll"), st.integers(-3, 3), st.just(0)),
        st.tuples(st.just("tick"), st.just(0), st.just(0)),
    ),
    max_size=60,
)


def drive(app, plan) -> None:
    for kind, a, b in plan:
        top = app.stack.top
        if kind == "click":
            app.safely(top, "hover", (a, b))
            app.safely(top, "click", (a, b), 1)
        elif kind == "key":
            if a == "escape" and type(top).__name__ == "MenuScene":
                continue
            app.safely(top, "key", a)
        elif kind == "scroll":
            app.safely(top, "scroll", a)
        else:
            app.tick(0.1)
        if type(app.stack.top).__name__ == "GameScene":
            game = app.stack.top
            game.wait_for_bots(5)
        app.tick(0.05)
    assert app.errors == [], app.errors
    assert app.stack.scenes


STARTS = ["menu", "setup", "hot-seat", "with-bot", "open"]


def make_app(tmp_path_factory, start: str):
    import os

    from ui_helpers import start_toy

    from riotsim.ui.scenes.setup import SetupScene

    os.environ["RIOTSIM_HOME"] = str(tmp_path_factory.mktemp("fuzz"))
    app = App(size=(1280, 800), settings=Settings(anim_speed=3.0, sound=False), headless=True)
    app.open_menu()
    app.quit = lambda: None  # the Quit button must not end the fuzzing
    if start == "setup":
        app.push(SetupScene(app, "uitoy"))
    elif start == "hot-seat":
        start_toy(app)
    elif start == "with-bot":
        start_toy(app, bots=(None, "random"))
    elif start == "open":
        start_toy(app, game="uitoy-open", length=6)
    return app


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(start=st.sampled_from(STARTS), plan=steps)
def test_random_input_never_breaks_the_app(tmp_path_factory, toy_rulesets, start, plan):
    drive(make_app(tmp_path_factory, start), plan)


@pytest.mark.slow
@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(start=st.sampled_from(STARTS), plan=steps)
def test_random_input_never_breaks_the_app_long(tmp_path_factory, toy_rulesets, start, plan):
    drive(make_app(tmp_path_factory, start), plan)
