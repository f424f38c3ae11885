"""Issue 15, setup screen "Open map file...": the in-app file browser (folders and .tmx files,
keyboard, mouse, a path field), the chosen map's preview or problems, and recent map files
remembered in Settings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from ui_helpers import frames

from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.open_map import OpenMapScene, folder_entries
from riotsim.ui.scenes.setup import OPEN_MAP_FILE, SetupScene, _file_label

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.fixture
def designs(tmp_path) -> Path:
    """A folder outside the repository: a RIOT city, a Quodd board, a broken map, clutter."""
    folder = tmp_path / "designs"
    (folder / "old").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    shutil.copy(MAPS / "riot" / "city.tmx", folder / "mycity.tmx")
    for name in ("b1a.tmx", "quodd_ground.tsx", "quodd_ground.png"):
        shutil.copy(MAPS / "quodd" / name, folder / name)
    (folder / "broken.tmx").write_text("<map version='1.10'")
    (folder / "notes.txt").write_text("not a map")
    shutil.copy(MAPS / "riot" / "city.tmx", folder / "old" / "older.tmx")
    return folder


def browser(app, folder: Path, opened: list) -> OpenMapScene:
    scene = OpenMapScene(app, opened.append, folder)
    app.push(scene)
    frames(app)
    return scene


def titles(scene: OpenMapScene) -> list[str]:
    return [row.title for row in scene.list.rows]


def test_the_browser_lists_folders_and_maps_only(app, designs):
    scene = browser(app, designs, [])
    assert titles(scene) == ["..", "old/", "b1a.tmx", "broken.tmx", "mycity.tmx"]
    folders, files, problem = folder_entries(designs / "nowhere")
    assert (folders, files) == ([], []) and "cannot read" in problem


def test_keyboard_enters_folders_goes_up_and_opens_a_map(app, designs):
    opened: list = []
    scene = browser(app, designs, opened)
    scene.focus.focus(scene.list)
    scene.key("down")  # "old/"
    assert scene.path_input.value == str(designs / "old")
    scene.key("return")
    assert scene.folder == designs / "old" and titles(scene) == ["..", "older.tmx"]
    scene.key("backspace")
    assert scene.folder == designs
    scene.focus.focus(scene.list)
    for _ in range(4):
        scene.key("down")
    assert scene.list.current.title == "mycity.tmx"
    scene.key("return")
    assert opened == [designs / "mycity.tmx"] and app.stack.top is not scene


def test_mouse_selects_a_row_then_opens_it(app, designs):
    opened: list = []
    scene = browser(app, designs, opened)
    rect, step = scene.list.rect, scene.list.row_h
    row = (rect.left + 30, rect.top + 2 * step + step // 2)  # b1a.tmx
    scene.click(row)
    assert scene.list.current.title == "b1a.tmx" and opened == []
    scene.click(row)
    assert opened == [designs / "b1a.tmx"]


def test_the_path_field_takes_a_folder_or_a_file(app, designs):
    opened: list = []
    scene = browser(app, designs, opened)
    scene.focus.focus(scene.path_input)
    scene.key("ctrl+backspace")
    scene.text(str(designs / "notes.txt"))
    scene.key("return")
    assert "not a Tiled map" in scene.problem and opened == []
    frames(app)  # the problem is drawn
    scene.key("ctrl+backspace")
    scene.text(str(designs / "old"))
    scene.key("return")
    assert scene.folder == designs / "old"
    scene.focus.focus(scene.path_input)
    scene.key("ctrl+backspace")
    scene.text("older.tmx")  # relative to the folder shown
    scene.key("return")
    assert opened == [designs / "old" / "older.tmx"]


def test_escape_cancels_and_the_chooser_keeps_its_map(app, designs):
    setup = SetupScene(app, "riot")
    app.push(setup)
    assert setup.map_widget.values == ["city", OPEN_MAP_FILE]
    setup.map_widget.step(1)  # "Open map file..."
    scene = app.stack.top
    assert isinstance(scene, OpenMapScene)
    scene.key("escape")
    frames(app)
    assert app.stack.top is setup and setup.map_choice == "city"
    assert setup.map_widget.value == "city"


def _open_from_setup(app, game: str, path: Path) -> SetupScene:
    setup = SetupScene(app, game)
    app.push(setup)
    chooser = setup.map_widget or setup.scenario_widget
    chooser.step(len(chooser.values) - 1 - chooser.index)  # onto "Open map file..."
    scene = app.stack.top
    assert isinstance(scene, OpenMapScene)
    scene.choose(path)
    frames(app)
    assert app.stack.top is setup
    return setup


def test_an_opened_map_is_chosen_previewed_and_remembered(app, designs, tmp_path):
    path = designs / "mycity.tmx"
    setup = _open_from_setup(app, "riot", path)
    assert setup.build_setup().map == str(path)
    assert setup.map_widget.value == str(path)
    assert _file_label(setup.map_widget.value) == "File: mycity.tmx"
    assert setup._preview is not None and setup.map_file_lines() == []
    assert setup.form_problem() == ""
    assert app.settings.recent_maps == [f"riot:{path}"]
    saved = json.loads((tmp_path / "home" / "config" / "settings.json").read_text())
    assert saved["recent_maps"] == [f"riot:{path}"]
    # next time the chooser offers it, for this game only
    again = SetupScene(app, "riot")
    app.push(again)
    assert again.map_widget.values == ["city", str(path), OPEN_MAP_FILE]
    other = SetupScene(app, "riot-pm")
    app.push(other)
    assert other.map_widget.values == ["city", OPEN_MAP_FILE]


def test_a_broken_map_shows_its_problems_and_cannot_start(app, designs):
    setup = _open_from_setup(app, "riot", designs / "broken.tmx")
    lines = setup.map_file_lines()
    assert "not a playable map" in lines[0] and "malformed XML" in lines[0]
    assert setup.form_problem() and not setup.start_button.enabled
    frames(app)  # drawn where the preview goes


def test_a_map_of_another_game_is_refused_on_the_setup_screen(app, designs):
    setup = _open_from_setup(app, "riot", designs / "b1a.tmx")
    assert "a map for quodd, not for riot" in setup.map_file_lines()[0]
    assert not setup.start_button.enabled


def test_a_quodd_board_file_is_tried_from_the_scenario_chooser(app, designs):
    path = designs / "b1a.tmx"
    setup = _open_from_setup(app, "quodd", path)
    built = setup.build_setup()
    assert (built.map, built.scenario) == (str(path), None)
    assert setup.scenario_widget.value == str(path)
    setup.scenario_widget.step(-setup.scenario_widget.index)  # back to the first scenario
    built = setup.build_setup()
    assert built.map is None and built.scenario == setup.scenario_widget.values[0]


def test_start_plays_the_opened_map_file(app, designs):
    path = designs / "mycity.tmx"
    setup = _open_from_setup(app, "riot", path)
    setup.start_clicked()
    frames(app)
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.match.setup.map == str(path) and game.match.state.map_id == str(path)


def test_recent_maps_in_a_hostile_settings_file_are_dropped_quietly(tmp_path):
    """Only "game:path.tmx" strings are kept (at most eight, no duplicates); anything else in
    the list is dropped and a list that is not one is refused like any bad value."""
    from riotsim.ui.settings import MAX_RECENT_MAPS, load_settings

    path = tmp_path / "settings.json"
    good = [f"riot:/maps/m{i}.tmx" for i in range(10)]
    raw = {"recent_maps": [1, None, "riot", "riot:/x.txt", "x" * 5000, good[0], *good]}
    path.write_text(json.dumps(raw))
    settings, problem = load_settings(path)
    assert problem is None and settings.recent_maps == good[:MAX_RECENT_MAPS]
    path.write_text(json.dumps({"recent_maps": "riot:/x.tmx"}))
    settings, problem = load_settings(path)
    assert settings.recent_maps == [] and "recent_maps" in (problem or "")
    settings.remember_map("quodd", "/a/b.tmx")
    settings.remember_map("riot", "/c.tmx")
    settings.remember_map("quodd", "/a/b.tmx")
    assert settings.recent_maps == ["quodd:/a/b.tmx", "riot:/c.tmx"]
    assert settings.recent_maps_of("quodd") == ["/a/b.tmx"]
