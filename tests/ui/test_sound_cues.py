"""Every sound has a visual equivalent (issue 17, A3): a table (``sound.CUES``) names the cue
of each sound, and playing a sound shows its cue (a flash or a line on the screen) whether the
sound is heard or not, sound off included."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from riotsim.ui import sound
from riotsim.ui import theme as T

PLAYED = re.compile(r"""sound\.play\(\s*["']([a-z_]+)["']""")


def sounds_the_app_plays() -> set[str]:
    """Every sound name the UI code passes to ``sound.play``."""
    root = Path(sound.__file__).resolve().parent
    names: set[str] = set()
    for path in root.rglob("*.py"):
        names.update(PLAYED.findall(path.read_text(encoding="utf-8")))
    return names


def test_every_sound_has_a_visual_cue():
    played = sounds_the_app_plays()
    assert played, "the scan found no sound.play call at all"
    assert played <= set(sound.CUES), f"no visual cue for {played - set(sound.CUES)}"
    assert set(sound._RECIPES) == set(sound.CUES)  # every sound that can be made, no stale cue
    for kind, text in sound.CUES.values():
        assert kind in sound.CUE_SECONDS and text


def _screen_after(app, name: str | None) -> pygame.Surface:
    if name is not None:
        sound.play(name)
    app.tick(0.016)
    return app.screen.copy()


@pytest.mark.parametrize("sound_on", [True, False])
@pytest.mark.parametrize("name", sorted(sound.CUES))
def test_playing_a_sound_shows_its_cue(app, name, sound_on):
    app.apply_settings(replace(app.settings, sound=sound_on))
    app.tick(0.016)
    before = _screen_after(app, None)
    after = _screen_after(app, name)
    assert app.cues.seen[-1] == name
    changed = sum(
        before.get_at((x, y)) != after.get_at((x, y))
        for x in range(0, app.screen.get_width(), 2)
        for y in range(0, app.screen.get_height(), 2)
    )
    assert changed > 100, f"the cue of {name!r} did not show"
    # and it goes away again by itself
    for _frame in range(120):
        app.tick(0.05)
    assert not app.cues.shown


def test_a_button_flashes_where_it_was_pressed(app):
    app.apply_settings(replace(app.settings, sound=False))
    scene = app.stack.top
    button = next(w for w in scene.widgets if type(w).__name__ == "Button" and w.enabled)
    seen: list = []
    recorder = _Recorder(seen)  # (listeners are weak: kept alive here)
    stop = sound.on_cue(recorder.heard)
    button.on_click = lambda: None  # pressed for real, without leaving the menu
    try:
        button.activate()
    finally:
        stop()
    assert seen == [("click", button.rect)]
    app.draw()
    ring = app.cues.shown[-1][1]
    assert ring == button.rect
    assert tuple(app.screen.get_at(ring.midtop))[:3] == T.ACCENT


def test_the_log_line_names_the_dice(app):
    sound.play("dice")
    app.tick(0.016)
    assert [c[0] for c in app.cues.shown] == ["dice"]
    assert sound.CUES["dice"][0] == "log"


class _Recorder:
    def __init__(self, into: list):
        self.into = into

    def heard(self, name, where):
        self.into.append((name, where))
