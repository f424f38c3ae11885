"""Main menu and Load: playable games only, Continue, broken saves never break the menu."""

from __future__ import annotations

import json

from ui_helpers import button, frames, start_toy

from riotsim.core import registry
from riotsim.core.saves import autosave_path, saves_dir
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
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "game": "uitoy", "actions": [', encoding="utf-8")
    app.open_menu()
    menu = app.stack.top
    menu.continue_game()
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    assert "latest.json" in dialog.message and "corrupt" in dialog.message
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
    row = next(r for r in load.list.rows if r.value == path)
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
    row = next(r for r in load.list.rows if r.value == path)
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
    load.list.selected = next(i for i, r in enumerate(load.list.rows) if r.value == path)
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
