"""UI test fixtures: the toy rule sets registered, and an App on the dummy video driver."""

from __future__ import annotations

import pytest

from riotsim.core import registry

TOYS = {
    "uitoy": "ui_toy:RULESET",
    "uitoy-open": "ui_toy:RULESET_OPEN",
    "uitoy-wip": "ui_toy:RULESET_WIP",
}


@pytest.fixture(autouse=True)
def toy_rulesets(monkeypatch):
    """Register the toy games for one test only, so other parts' tests never see them."""
    for ruleset_id, target in TOYS.items():
        monkeypatch.setitem(registry._RULESETS, ruleset_id, target)
    registry.get.cache_clear()
    yield
    registry.get.cache_clear()


@pytest.fixture
def app(tmp_path, monkeypatch, toy_rulesets):
    """A fresh App (1280x800, default settings) with its own user folder."""
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path / "home"))
    from riotsim.ui.app import App
    from riotsim.ui.settings import Settings

    application = App(size=(1280, 800), settings=Settings(anim_speed=3.0), headless=True)
    application.open_menu()
    yield application
    for scene in list(application.stack.scenes):
        scene.leave()
