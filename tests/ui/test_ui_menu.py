"""Main menu and Load: playable games only, Continue, broken saves never break the menu."""

from __future__ import annotations

import json

from ui_helpers import button, frames, start_toy

from riotsim.core import registry
from riotsim.core.saves import new_autosave_path, saves_dir
from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.load import LoadScene
from riotsim.ui.scenes.menu import MenuScene
from riotsim.ui.scenes.setup import SetupScene
from riotsim.ui.widgets.dialog import Dialog


def test_menu_offers_only_playable_rulesets(app):
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    shown = [gid for gid, _ in menu.games]
    assert "uitoy" in shown
    assert "uitoy-wip" not in shown
    assert set(shown) <= set(registry.playable())
    setup = SetupScene(app)
    assert "uitoy-wip" not in [gid for gid, _ in setup.games]


def test_setup_refuses_an_unplayable_game(app):
    setup = SetupScene(app, "uitoy-wip")
    assert setup.game_id != "uitoy-wip"
    assert "not a playable game" in setup.problem


def test_continue_is_disabled_without_an_autosave(app):
    menu = app.stack.top
    assert not button(menu, "Continue").enabled
    assert button(menu, "New game").enabled


def test_continue_resumes_the_autosave(app):
    game = start_toy(app)
    game.reveal()
    game.submit(game.match.legal_actions()[0])
    played = [str(a) for a in game.match.log]
    app.open_menu()
    menu = app.stack.top
    menu.catalog.wait()
    frames(app, 1)  # the menu fills in the game's name when the catalog answers
    cont = button(menu, "Continue")
    assert cont.enabled
    assert cont.hint == "Card Sprint - Rosa, Dez"
    menu.click(cont.rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, GameScene)
    assert [str(a) for a in resumed.match.log] == played


def test_corrupt_autosave_shows_a_message_and_the_menu_still_works(app):
    path = new_autosave_path("uitoy")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "game": "uitoy", "actions": [', encoding="utf-8")
    app.open_menu()
    menu = app.stack.top
    menu.continue_game()
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    assert path.name in dialog.message and "corrupt" in dialog.message
    dialog.key("escape")
    assert app.stack.top is menu
    frames(app, 2)
    menu.new_game()
    assert isinstance(app.stack.top, SetupScene)


def test_edited_save_names_the_problem(app):
    game = start_toy(app)
    game.reveal()
    game.submit(game.match.legal_actions()[0])
    path = game.save_as("test")
    raw = json.loads(path.read_text())
    raw["actions"] = ["teleport to=(9,9)"]
    path.write_text(json.dumps(raw))
    app.open_menu()
    app.push(LoadScene(app))
    load = app.stack.top
    row = next(r for r in load.list.rows if r.value.path == path)
    load._open(row)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    assert "action 0" in dialog.message
    dialog.key("escape")
    assert app.stack.top is load


def test_load_lists_saves_with_game_players_and_date(app):
    game = start_toy(app)
    path = game.save_as()
    assert path is not None and path.parent == saves_dir()
    app.open_menu()
    app.push(LoadScene(app))
    load = app.stack.top
    row = next(r for r in load.list.rows if r.value.path == path)
    assert "Card Sprint" in row.detail and "Rosa, Dez" in row.detail
    assert any(ch.isdigit() for ch in row.detail)
    load.list.selected = load.list.rows.index(row)
    load.load_selected()
    assert isinstance(app.stack.top, GameScene)


def test_replay_viewer_steps_through_a_saved_game(app):
    from riotsim.core.contract import Action
    from riotsim.ui.scenes.replay import ReplayScene

    game = start_toy(app, game="uitoy-open")
    for action in (Action.make("play", card=1), Action.make("roll"), Action.make("play", card=3)):
        game.submit(action)
    path = game.save_as()
    app.open_menu()
    app.push(LoadScene(app))
    load = app.stack.top
    load.list.selected = next(i for i, r in enumerate(load.list.rows) if r.value.path == path)
    load.watch_selected()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.match.log == [] and replay.match.autosave_path is None
    assert replay.submit(Action.make("roll")) is False
    replay.key("right")
    replay.key("right")
    assert replay.index == 2 and replay.match.log == game.match.log[:2]
    # the bar names the last move as it was labelled before it was played
    assert replay._last_move_text() == replay.labels[1]
    replay.key("left")
    assert replay.index == 1 and replay.match.log == game.match.log[:1]
    replay.key("end")
    assert replay.match.state_hash() == game.match.state_hash()
    replay.key("home")
    replay.key("space")  # play
    for _ in range(100):
        frames(app, 1, dt=0.2)
        replay.view.fast_forward()
        if replay.index == 3:
            break
    assert replay.index == 3 and not replay.playing
    replay.key("escape")
    assert app.stack.top is load


def test_replay_of_a_broken_file_is_a_message(app, tmp_path):
    from riotsim.ui.scenes.replay import open_replay

    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    assert open_replay(app, bad) is None
    assert isinstance(app.stack.top, Dialog) and "bad.json" in app.stack.top.message


def test_a_replay_offers_no_moves(app):
    from riotsim.core.contract import Action
    from riotsim.ui.scenes.replay import open_replay

    game = start_toy(app, game="uitoy-open")
    game.submit(Action.make("roll"))
    path = game.save_as()
    replay = open_replay(app, path)
    assert replay.spectating and not game.spectating
    frames(app, 1)
    assert replay.view.action_buttons == []  # nothing to click: it is a replay
    assert [b.hint for b in replay.buttons] == ["Home", "Left", "Space", "Right", "Esc"]


def test_load_screen_explains_broken_files_and_keeps_the_good_ones(app):
    """Issue 10: the Load screen explains each broken file (a FIFO, a link to /dev/zero, a
    truncated file) and keeps listing the good saves; nothing hangs; a broken row cannot be
    loaded, only deleted."""
    import os

    game = start_toy(app)
    good = game.save_as("good")
    folder = saves_dir()
    (folder / "cut.json").write_text('{"format": 1, "game": "uitoy", "setup": {', encoding="utf-8")
    (folder / "zero.json").symlink_to("/dev/zero")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.json")
    app.open_menu()
    app.push(LoadScene(app))
    load = app.stack.top
    frames(app, 2)
    rows = {row.value.path.name: row for row in load.list.rows}
    assert good.name in rows and rows[good.name].value.problem is None
    for name, reason in (("cut.json", "corrupt"), ("zero.json", "pipe or device")):
        assert rows[name].detail.startswith("cannot be loaded") and reason in rows[name].detail
    load.list.select(load.list.rows.index(rows["zero.json"]))
    assert not button(load, "Load").enabled and not button(load, "Watch replay").enabled
    assert button(load, "Delete").enabled
    load._open(rows["zero.json"])
    assert isinstance(app.stack.top, Dialog) and "pipe or device" in app.stack.top.message


def test_load_screen_deletes_and_renames(app):
    game = start_toy(app)
    first = game.save_as("first")
    game.save_as("second")
    app.open_menu()
    app.push(LoadScene(app))
    load = app.stack.top
    index = next(i for i, r in enumerate(load.list.rows) if r.value.path == first)
    load.list.select(index)
    load.key("f2")
    prompt = app.stack.top
    prompt.input.value = "Friday"
    prompt.key("return")
    assert app.stack.top is load
    assert not first.exists()
    assert load.list.current.value.name == "Friday"  # the renamed save stays selected
    load.key("delete")
    confirm = app.stack.top
    assert isinstance(confirm, Dialog) and "Friday" in confirm.message
    confirm.buttons[0].activate()
    assert app.stack.top is load
    assert "Friday" not in [row.value.name for row in load.list.rows]
    assert not (saves_dir() / "Friday.json").exists()
    frames(app, 1)


def test_autosaves_of_two_games_are_both_listed(app):
    """Starting a second game never overwrites the first one's autosave."""
    first = start_toy(app)
    first.reveal()
    first.submit(first.match.legal_actions()[0])
    second = start_toy(app, seed=9)
    second.reveal()
    second.submit(second.match.legal_actions()[0])
    assert first.match.autosave_path.is_file() and second.match.autosave_path.is_file()
    assert first.match.autosave_path != second.match.autosave_path
    app.open_menu()
    app.push(LoadScene(app))
    titles = [(row.title, row.value.path) for row in app.stack.top.list.rows]
    autos = [path for title, path in titles if title.startswith("Autosave")]
    assert set(autos) >= {first.match.autosave_path, second.match.autosave_path}
    assert titles[0] == ("Autosave (latest game)", second.match.autosave_path)
