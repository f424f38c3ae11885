"""L3 (docs/i18n-and-access.md): the language is a setting, switched on the Settings screen
without a restart; ``--lang`` wins over it; a bad value in settings.json is named and replaced."""

from __future__ import annotations

import json
import sys
import types

import pytest

from riotsim import i18n
from riotsim.ui.scenes.menu import MenuScene
from riotsim.ui.scenes.settings import SettingsScene
from riotsim.ui.settings import Settings, load_settings, settings_path


@pytest.fixture
def italian(speak_italian):
    """A small Italian catalog, for the test to speak."""
    speak_italian(
        {
            "New game": "Nuova partita",
            "Settings": "Impostazioni",
            "Language": "Lingua",
            "Apply": "Applica",
            "Undo": "Annulla",
            "Close": "Chiudi",
            "Pause": "Pausa",
            "Reload": "Ricarica",
        },
        now=False,
    )


def _labels(scene) -> list[str]:
    return [getattr(w, "label", None) for w in scene.widgets]


def test_language_row_switches_every_open_screen_at_once(app, italian):
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.new_button.label == "New game"
    scene = SettingsScene(app)
    app.push(scene)
    scene.fullscreen.activate()  # a change not applied yet: it must survive the switch
    assert scene.language.value == "system" and ("Language", scene.language) in scene.rows
    scene.focus.focus(scene.language)
    scene.key("right")  # system -> en
    scene.key("right")  # en -> it
    assert i18n.language() == "it" and app.settings.language == "it"
    assert menu.new_button.label == "Nuova partita"  # the menu beneath, laid out again
    assert scene.rows[0] == ("Lingua", scene.language) and scene.language.value == "it"
    assert scene.apply_button.label == "Applica" and scene.focus.current is scene.language
    assert scene.draft.fullscreen is True and scene.fullscreen.value is True
    app.tick(0.0)  # draws in Italian without a failure
    assert app.errors == []
    assert load_settings()[0].language == "it"  # kept for next time at once
    scene.key("right")  # it -> system (English under the tests' RIOTSIM_LANG)
    assert i18n.language() == "en" and menu.new_button.label == "New game"


def test_the_game_and_a_replay_relabel_their_bars_when_the_language_changes(app, italian):
    from ui_helpers import frames, start_toy, toy_setup

    from riotsim.core import registry

    game = start_toy(app)
    frames(app, 2)
    i18n.set_language("it")
    assert game.undo_button.label == "Annulla"
    replay = app.make_scene("replay", registry.get("uitoy"), toy_setup(), [], "uitoy")
    app.push(replay)
    i18n.set_language("en")
    i18n.set_language("it")
    assert replay.close_button.label == "Chiudi" and len(replay.buttons) == 5
    frames(app, 2)
    assert app.errors == []


def test_the_map_lab_relabels_its_bar_when_the_language_changes(app, italian, tmp_path):
    from riotsim.ui.scenes.lab import MapLabScene

    lab = MapLabScene(app, tmp_path / "nope.tmx")
    app.push(lab)
    app.tick(0.016)
    lab.wait()
    i18n.set_language("it")
    assert lab.reload_button.label == "Ricarica" and lab.close_button.label == "Chiudi"
    app.tick(0.016)
    assert app.errors == []


def test_the_rules_reference_reads_its_twin_in_the_language_spoken(
    app, italian, tmp_path, monkeypatch
):
    """L2's reference.it.md, read when Italian is spoken (also by an open reference)."""
    from riotsim.core import registry
    from riotsim.ui.scenes import reference

    folder = tmp_path / "data" / "uitoy"
    folder.mkdir(parents=True)
    (folder / "reference.md").write_text("## Turn\n- Move.\n", encoding="utf-8")
    (folder / "reference.it.md").write_text("## Turno\n- Muovi.\n", encoding="utf-8")
    monkeypatch.setattr(reference, "data_dir", lambda: tmp_path / "data")
    scene = app.stack.push("reference", "uitoy", registry.get("uitoy-open"))
    assert [b.label for _i, b in scene.contents] == ["Turn"]
    i18n.set_language("it")
    assert [b.label for _i, b in scene.contents] == ["Turno"]
    assert scene.close.label == "Chiudi"
    assert reference.reference_path("uitoy").name == "reference.it.md"
    i18n.set_language("en")
    assert reference.reference_path("uitoy").name == "reference.md"


def test_a_bad_language_in_settings_is_named_and_replaced(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "klingon", "sound": False}), encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.language == "system" and loaded.sound is False
    assert problem is not None and 'language ("klingon")' in problem
    assert Settings(language="xx").clamp().language == "system"


def test_the_saved_language_is_spoken_at_start(monkeypatch, tmp_path, italian):
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path / "home"))
    from riotsim.ui import app as app_module

    settings_path().write_text(json.dumps({"language": "it"}), encoding="utf-8")
    assert app_module.run(frames=1) == 0
    assert i18n.language() == "it"
    i18n.set_language("en")
    assert app_module.run(frames=1, lang="en") == 0  # --lang wins over the setting
    assert i18n.language() == "en"


def test_cli_tells_the_app_when_lang_was_given(monkeypatch):
    from riotsim.cli import main

    calls: list[dict] = []
    fake = types.ModuleType("riotsim.ui.app")
    fake.run = lambda **kw: calls.append(kw) or 0  # type: ignore[attr-defined]
    fake.window_size_problem = lambda size: None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "riotsim.ui.app", fake)
    assert main(["--lang", "en"]) == 0 and main([]) == 0
    assert calls[0]["lang"] == "en" and "lang" not in calls[1]
