"""Map Lab tools: the last good map kept on a broken save, errors and warnings apart, problem
markers and the list that centres them, overlays by key, pieces placed and moved under the
real rules, Play this map and the background balance report."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from riotsim.core import maplab
from riotsim.ui.scenes.lab import MapLabScene

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "broken-maps"


@pytest.fixture
def maps(tmp_path):
    """A copy of the shipped maps folder (templates use another folder's tileset)."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    return tmp_path / "maps"


def open_lab(app, path: Path) -> MapLabScene:
    lab = MapLabScene(app, path)
    app.push(lab)
    app.tick(0.016)
    lab.wait()
    app.tick(0.016)
    return lab


def save(path: Path, text: str) -> None:
    """Write like an editor does, with a new modification time the lab's poll will see."""
    path.write_text(text, encoding="utf-8")
    stamp = time.time() + 5
    import os

    os.utime(path, (stamp, stamp))


def follow(app, lab: MapLabScene) -> None:
    app.tick(0.6)  # one poll: the lab sees the new file and starts checking it
    lab.wait()
    app.tick(0.016)


def test_a_broken_save_keeps_the_last_good_map_with_the_problem_then_a_fix_reloads(app, maps):
    path = maps / "templates" / "riotquest_arena.tmx"
    good_text = path.read_text(encoding="utf-8")
    lab = open_lab(app, path)
    good = lab.board
    assert good is not None and not lab.broken and lab.banner() == ""
    save(path, good_text.replace("</map>", ""))  # Tiled crashed half way through a save
    follow(app, lab)
    assert lab.broken and lab.board is good and lab.picture is not None
    banner = lab.banner()
    assert "cannot be read" in banner and "showing the last good map" in banner
    assert "riotquest_arena.tmx" not in banner.split("cannot be read: ")[1]  # place, not path
    assert lab.status()[0].count("1 error") == 1 and lab.banner_rect.h > 0
    save(path, good_text.replace("Empty arena", "Fixed arena"))
    follow(app, lab)
    assert not lab.broken and lab.board is not good and lab.banner() == ""
    assert lab.board.properties["title"] == "Fixed arena" and app.errors == []


def test_warnings_are_counted_apart_from_errors(app):
    lab = open_lab(app, CORPUS / "riotquest" / "lopsided_gate.tmx")  # (only read)
    errors, warnings = lab.counts()
    assert errors == 0 and warnings >= 1
    text, _ = lab.status()
    assert "no errors" in text and "warning" in text and "problems found" not in text
    assert ("h2", f"{warnings} warning" + ("s" if warnings > 1 else "")) in lab.panel.blocks
    lab2 = open_lab(app, CORPUS / "riotquest" / "unused_property.tmx")
    assert lab2.counts()[0] >= 1 and "1 error" in lab2.status()[0]


def _screen_pos_of_block(app, lab: MapLabScene, index: int) -> tuple[int, int]:
    rect = lab.panel.rect
    for y in range(rect.top, rect.bottom):
        if lab.panel.block_at(lab.theme, (rect.centerx, y)) == index:
            return rect.centerx, y + 2
    raise AssertionError(f"block {index} is not on screen")


def test_problems_are_marked_and_clicking_one_centres_the_map_on_it(app):
    lab = open_lab(app, CORPUS / "riotquest" / "unused_property.tmx")
    markers = [m for m in lab.markers() if m]
    assert markers, "a problem with a place is marked on the map"
    index, problem = next(
        (i, t[1])
        for i, t in lab.block_targets.items()
        if t[0] == "problem" and maplab.problem_points(lab.board, t[1])
    )
    target = maplab.problem_points(lab.board, problem)[0]
    obj = next(o for o in lab.board.objects if f"object {o.id}" in problem.place)
    assert target == (float(obj.centre[0]), float(obj.centre[1]))
    lab.click(_screen_pos_of_block(app, lab, index))
    assert lab.map.zoom >= 2.0 and lab.map.to_screen(target) == lab.map_rect.center
    app.tick(0.016)
    lab.key("p")  # markers off
    assert lab.markers() == [] and app.errors == []


def test_overlays_toggle_by_key_and_the_legend_lists_them(app, maps):
    lab = open_lab(app, maps / "riotquest" / "thunderhead.tmx")
    keys = [o.key for o in lab.lab.overlays()]
    assert keys == ["c", "d", "n"]
    assert lab.layers() == []
    lab.key("c")
    (costs,) = lab.layers()
    arena = lab.lab.arena
    obstacle = next(iter(arena.obstacles))
    assert costs.labels[arena.cells.index(obstacle)][1] == "2"  # rulebook "Terrain"
    assert ("C  terrain costs", True) in lab.legend_lines()
    lab.key("n")
    assert any(text == "G1" for _, text in lab.layers()[1].labels)
    lab.hover(lab.map.to_screen(maplab.cell_centre(lab.board, arena.centre)))
    assert lab.map.hover == arena.centre  # ringed on the map while an overlay is shown
    lab.key("d")
    note = lab.layers()[1].note  # (in the legend's order: c, d, n)
    assert note == f"movement cost from {arena.centre}"
    app.tick(0.016)
    lab.key("c")
    lab.key("n")
    lab.key("d")
    assert lab.layers() == [] and ("C  terrain costs", False) in lab.legend_lines()


def test_quodd_and_riot_overlays(app, maps):
    lab = open_lab(app, maps / "quodd" / "beam_puzzle.tmx")
    lab.key("e")
    (elements,) = lab.layers()
    assert any(arrow for _, _, arrow in elements.lines)  # emitters point their beams
    lab.key("escape")
    city = open_lab(app, maps / "riot" / "city.tmx")
    city.key("a")
    (graph,) = city.layers()
    assert {text for _, text in graph.labels} >= {"hq", "n_street"} and graph.lines
    app.tick(0.016)


def test_a_placed_hero_shows_its_legal_runs_and_one_is_played(app, maps):
    lab = open_lab(app, maps / "riotquest" / "thunderhead.tmx")
    arena = lab.lab.arena
    start = arena.centre
    lab.pick_tool(next(k for k in lab.lab.palette() if k.id == "dez"))
    lab.click(lab.map.to_screen(maplab.cell_centre(lab.board, start)))
    assert [(p.kind, p.cell) for p in lab.pieces] == [("dez", start)]
    runs = [m for m in lab.moves if m.action.kind == "run"]
    assert runs and all(m.to not in arena.blocked for m in runs)
    # the runs are the rule set's own legal actions for Dez, activated on that hex
    rules = lab.lab.rules
    state = lab.lab._activated(lab.pieces, 0)
    assert [m.action for m in lab.moves] == rules.legal_actions(state)
    app.tick(0.016)
    target = runs[-1].to
    lab.click(lab.map.to_screen(maplab.cell_centre(lab.board, target)))
    assert lab.pieces[0].cell == target and lab.selected == 0
    # drag to move freely, right-click to remove
    other = next(c for c in arena.cells if c not in arena.blocked and c != target)
    lab.click(lab.map.to_screen(maplab.cell_centre(lab.board, target)))
    lab.hover(lab.map.to_screen(maplab.cell_centre(lab.board, other)))
    lab.release(lab.map.to_screen(maplab.cell_centre(lab.board, other)))
    assert lab.pieces[0].cell == other
    lab.click(lab.map.to_screen(maplab.cell_centre(lab.board, other)), 3)
    assert lab.pieces == [] and lab.moves == [] and app.errors == []


def test_a_quodd_cube_tumbles_under_the_real_rules(app, maps):
    lab = open_lab(app, maps / "templates" / "quodd_board.tmx")
    kind = lab.lab.palette()[0]
    lab.pick_tool(kind)
    lab.click(lab.map.to_screen(maplab.cell_centre(lab.board, (4, 4))))
    tumbles = {m.text: m.to for m in lab.moves}
    assert tumbles == {
        "Tumble north": (4, 3),
        "Tumble east": (5, 4),
        "Tumble south": (4, 5),
        "Tumble west": (3, 4),
    }
    east = next(m for m in lab.moves if m.to == (5, 4))
    index = next(i for i, t in lab.block_targets.items() if t == ("move", east))
    assert lab.panel.blocks[index] == ("li", "Tumble east")  # the line clicked is that move
    app.tick(0.016)
    lab.click(_screen_pos_of_block(app, lab, index))
    assert lab.pieces[0].cell == (5, 4)


def test_play_this_map_starts_a_game_on_it_above_the_lab(app, maps):
    from riotsim.ui.scenes.game import GameScene

    lab = open_lab(app, maps / "templates" / "riotquest_arena.tmx")
    lab.play_button.activate()
    top = app.stack.top
    assert isinstance(top, GameScene) and lab in app.stack
    assert top.match.setup.map == "lab-riotquest_arena"
    assert top.match.state.arena.title == "Empty arena"


def test_the_balance_button_runs_a_report_in_the_background(app, maps, monkeypatch):
    import riotsim.ui.scenes.lab as lab_module

    monkeypatch.setattr(lab_module, "BALANCE_BOT", "random")
    lab = open_lab(app, maps / "riotquest" / "thunderhead.tmx")
    lab.balance_games = 3
    lab.balance_button.activate()
    run = lab.balance
    assert run is not None and lab.balance_button.label == "Cancel"
    app.tick(0.016)  # frames keep coming while it plays
    assert run.wait(120)
    assert run.fraction == 1.0 and run.done == 3 and run.error == ""
    app.tick(0.016)
    assert lab.balance is None and lab.balance_button.label == "Balance"
    assert run.page is not None and run.page.is_file() and str(run.page) in lab.report_note
    assert (run.page.parent / "report.json").is_file()
    opened = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    index = next(i for i, t in lab.block_targets.items() if t[0] == "report")
    assert lab.panel.blocks[index] == ("li", "Open the report in a browser")
    app.tick(0.016)
    lab.click(_screen_pos_of_block(app, lab, index))
    assert opened == [run.page.resolve().as_uri()]


def test_a_balance_run_can_be_cancelled(app, maps):
    lab = open_lab(app, maps / "riotquest" / "thunderhead.tmx")
    lab.balance_games = 500
    lab.start_balance()
    run = lab.balance
    lab.toggle_balance()  # the same button, now "Cancel"
    assert run.wait(60) and run.cancelled and run.page is None
    app.tick(0.016)
    assert "Cancelled" in lab.report_note and lab.balance_button.label == "Balance"


@pytest.mark.parametrize("game", ["riot", "riot-pm"])
def test_a_unit_placed_on_a_space_shows_its_moves_and_one_is_played(app, maps, game):
    """RIOT units stand on spaces: their moves are the move phase's legal ``move`` actions."""
    lab = open_lab(app, maps / game / "city.tmx")
    city = lab.lab.city
    street = next(s for s in city.spaces if city.kind(s) == "street")
    kind = next(k for k in lab.lab.palette() if k.seat == 1)
    lab.pick_tool(kind)
    lab.click(lab.map.to_screen(city.spaces[street].centre))
    assert [(p.kind, p.cell) for p in lab.pieces] == [(kind.id, street)]
    assert lab.moves and all(m.action.kind == "move" for m in lab.moves)
    assert {m.to for m in lab.moves} <= set(city.adjacent[street])  # one step along a border
    target = lab.moves[0].to
    app.tick(0.016)
    lab.click(lab.map.spot_on_screen(target))
    assert lab.pieces[0].cell == target and app.errors == []


def test_a_city_file_plays_from_the_lab(app, maps):
    from riotsim.ui.scenes.game import GameScene

    lab = open_lab(app, maps / "templates" / "riot_city.tmx")
    lab.play_button.activate()
    top = app.stack.top
    assert isinstance(top, GameScene)
    assert top.match.setup.map == str((maps / "templates" / "riot_city.tmx").resolve())


def test_a_lone_quodd_board_plays_as_a_scenario_of_its_own(app, maps):
    """Issue 15, "Play and simulate any map file": a Quodd board file plays as an ad-hoc
    scenario (the board above a start zone, a race to its rally markers or what the board
    holds), from the lab too; the game plays the board as it was read, not a cached copy."""
    from riotsim.ui.scenes.game import GameScene

    lab = open_lab(app, maps / "templates" / "quodd_board.tmx")
    lab.play_button.activate()
    top = app.stack.top
    assert isinstance(top, GameScene) and lab in app.stack and not app.errors
    assert top.match.setup.map == "lab-quodd_board" and top.match.setup.scenario is None
    assert top.match.state.scenario == "try_lab_quodd_board"
    assert top.match.legal_actions()


def test_a_quodd_board_bigger_than_nine_squares_says_why_it_cannot_play_alone(
    app, maps, monkeypatch
):
    import dataclasses

    from riotsim.games.quodd import lab as quodd_lab

    lab = open_lab(app, maps / "templates" / "quodd_board.tmx")
    layout, problems = quodd_lab.maps._layout_problems(lab.board, str(lab.board.path))
    wide = dataclasses.replace(layout, width=18)  # as a two-board file would read
    monkeypatch.setattr(quodd_lab.maps, "_layout_problems", lambda b, p: (wide, problems))
    ident, why = quodd_lab.map_id(lab.board)
    assert ident is None and "9x9" in why


def test_a_quodd_balance_run_plays_the_board(app, maps, monkeypatch):
    import riotsim.ui.scenes.lab as lab_module

    monkeypatch.setattr(lab_module, "BALANCE_BOT", "random")
    lab = open_lab(app, maps / "templates" / "quodd_board.tmx")
    lab.balance_games = 2
    lab.balance_button.activate()
    run = lab.balance
    assert run is not None and run.wait(120)
    assert run.fraction == 1.0 and run.done == 2 and run.error == ""


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_the_lab_screenshot_with_overlays(tmp_path, size):
    import pygame

    from riotsim.ui.screenshot import render

    out = tmp_path / "lab.png"
    render(
        "lab", out, size=size, map=str(ROOT / "maps" / "riotquest" / "thunderhead.tmx"), keys="cn"
    )
    pygame.init()
    assert pygame.image.load(str(out)).get_size() == size
    with pytest.raises(ValueError, match="--map"):
        render("lab", tmp_path / "x.png")


def test_a_hovered_distance_is_searched_once_per_cell(app, maps, monkeypatch):
    lab = open_lab(app, maps / "riotquest" / "thunderhead.tmx")
    calls = []
    real = lab.lab.layer
    monkeypatch.setattr(lab.lab, "layer", lambda key, point: calls.append(key) or real(key, point))
    lab.key("d")
    centre = lab.map.to_screen(maplab.cell_centre(lab.board, lab.lab.arena.centre))
    lab.hover(centre)
    for _ in range(3):
        app.tick(0.016)
    lab.hover((centre[0] + 1, centre[1]))  # the same hex
    app.tick(0.016)
    assert calls == ["d"]


@pytest.mark.parametrize(
    ("game", "name", "title"),
    [("riotquest", "thunderhead.tmx", "Thunderhead Fortress"), ("riot", "city.tmx", "The City")],
)
def test_saves_during_a_balance_run_never_reach_its_games(
    app, maps, monkeypatch, game, name, title
):
    """A batch plays the map as it was when Balance was pressed (a snapshot id), while the
    lab goes on reloading every save and a game can be started on the new version."""
    import threading

    import riotsim.ui.scenes.lab as lab_module
    from riotsim.balance import background

    monkeypatch.setattr(lab_module, "BALANCE_BOT", "random")
    saved = threading.Event()
    real = background.play_one

    def after_the_save(batch, index):
        saved.wait(60)  # every game starts after the lab has read the next save
        return real(batch, index)

    monkeypatch.setattr(background, "play_one", after_the_save)
    path = maps / game / name
    lab = open_lab(app, path)
    lab.balance_games = 3
    lab.start_balance()
    run = lab.balance
    save(path, path.read_text(encoding="utf-8").replace(title, "Renamed"))
    follow(app, lab)
    assert lab.board.properties["title"] == "Renamed" and run.done == 0
    lab.play_map()  # the new version, started while the batch waits
    assert app.stack.top is not lab
    saved.set()
    assert run.wait(120) and run.error == "" and run.page is not None
    page = run.page.read_text(encoding="utf-8")
    assert title in page and "Renamed" not in page


@pytest.mark.parametrize("game", ["riotquest", "quodd", "riot", "riot-pm"])
def test_every_palette_label_fits_whole_in_a_small_window(app, maps, game):
    """Eight RIOT P&M unit kinds take two rows at 1024x640 rather than cutting "Demonstrator"."""
    app.window_resized((1024, 640))
    name = {"riotquest": "thunderhead", "quodd": "b1a"}.get(game, "city")
    lab = open_lab(app, maps / game / f"{name}.tmx")
    assert len(lab.palette_buttons) == len(lab.lab.palette()) + 1
    font = lab.theme.fonts.get(13, "Medium")
    for button, kind in lab.palette_buttons:
        assert kind is None or button.label == kind.label
        assert font.size(button.label)[0] <= button.rect.w - 2 * lab.theme.px(10), button.label
        assert button.rect.bottom <= 640 and not button.rect.colliderect(lab.map_rect)


def test_a_placement_the_rules_refuse_says_why(app, maps):
    lab = open_lab(app, maps / "riotquest" / "thunderhead.tmx")
    gate = lab.lab.arena.gates[1]
    lab.pick_tool(lab.lab.palette()[0])
    lab.click(lab.map.to_screen(maplab.cell_centre(lab.board, gate)))
    assert lab.pieces and lab.moves == [] and "not a free hex" in lab.moves_note
    assert ("dim", lab.moves_note) in lab.panel.blocks and app.errors == []


def test_the_screenshot_command_takes_the_lab_scene(tmp_path, capsys):
    from riotsim.cli import main

    out = tmp_path / "lab.png"
    game_map = str(ROOT / "maps" / "quodd" / "beam_puzzle.tmx")
    args = ["screenshot", "--scene", "lab", "--map", game_map, "--keys", "ce", "--out", str(out)]
    assert main([*args, "--size", "1024x640"]) == 0
    assert out.is_file() and "wrote" in capsys.readouterr().out
    assert main(["screenshot", "--scene", "lab", "--out", str(out)]) != 0
    assert "--map" in capsys.readouterr().err
