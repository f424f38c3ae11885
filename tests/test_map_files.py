"""Issue 15, "Play and simulate any map file": ``play``/``simulate GAME --map PATH.tmx`` take
a map from anywhere on disk for all four games, games and saves carry the file's path, and a
bad file gives one clear message (exit 2), never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from riotsim.cli import main
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.mapfiles import located, relocate
from riotsim.core.match import Match
from riotsim.core.saves import SaveError

MAPS = Path(__file__).resolve().parents[1] / "maps"
# game -> (shipped map, the files it needs beside it)
SHIPPED = {
    "riot": ("riot/city.tmx", ()),
    "riot-pm": ("riot-pm/city.tmx", ()),
    "riotquest": ("riotquest/thunderhead.tmx", ("thunderhead.tsx", "thunderhead_tiles.png")),
    "quodd": ("quodd/b1a.tmx", ("quodd_ground.tsx", "quodd_ground.png")),
}
GAMES = list(SHIPPED)


def copy_map(game: str, folder: Path, name: str = "mine.tmx", edit=None) -> Path:
    """A shipped map copied outside the repository (with its tileset), optionally edited."""
    source, extras = SHIPPED[game]
    folder.mkdir(parents=True, exist_ok=True)
    for extra in extras:
        shutil.copy(MAPS / Path(source).parent / extra, folder / extra)
    text = (MAPS / source).read_text()
    target = folder / name
    target.write_text(edit(text) if edit else text)
    return target


def one_line_error(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("riotsim: error: "), lines[0]
    return lines[0]


def setup_on(path: Path, seats: int = 2) -> GameSetup:
    players = tuple(PlayerSpec(f"P{i + 1}", bot="random") for i in range(seats))
    return GameSetup(players, seed=3, map=str(path))


def board_map_of(match: Match) -> str:
    """What the game's state says it is played on."""
    state = match.state
    if match.game_id == "riotquest":
        return str(state.arena.id)
    if match.game_id == "quodd":
        return str(state.scenario)
    return str(state.map_id)


@pytest.fixture
def fake_app(monkeypatch):
    calls: list = []
    app = types.ModuleType("riotsim.ui.app")
    app.run = lambda **kw: calls.append(kw) or 0
    app.window_size_problem = lambda size: None
    monkeypatch.setitem(sys.modules, "riotsim.ui.app", app)
    return calls


@pytest.mark.parametrize("game", GAMES)
def test_simulate_plays_a_map_file_from_outside_the_repository(game, tmp_path, capsys):
    path = copy_map(game, tmp_path / "designs")
    out = tmp_path / "games.json"
    argv = ["simulate", game, "--map", str(path), "--games", "2", "--quiet"]
    code = main([*argv, "--json", str(out), "--verify-replay"])
    assert code == 0, capsys.readouterr().err
    assert len(json.loads(out.read_text())["games"]) == 2


@pytest.mark.parametrize("game", GAMES)
def test_play_takes_a_relative_map_path_and_passes_it_on_absolute(
    game, tmp_path, monkeypatch, fake_app
):
    path = copy_map(game, tmp_path / "designs")
    monkeypatch.chdir(tmp_path)
    assert main(["play", game, "--map", "designs/mine.tmx", "--bots", "human,random"]) == 0
    setup = fake_app[-1]["setup"]
    assert setup.map == str(path) and Path(setup.map).is_absolute()
    assert fake_app[-1]["start_game"] == game


def _retitled(text: str) -> str:
    return text.replace('name="title" value="Thunderhead Fortress"', 'name="title" value="Mine"')


@pytest.mark.parametrize("game", GAMES)
def test_a_game_on_a_map_file_is_played_on_that_file(game, tmp_path):
    path = copy_map(game, tmp_path / "designs", edit=_retitled)
    match = Match.new(game, setup_on(path))
    if game == "quodd":  # "Try a board": the board file above the first start zone
        assert board_map_of(match) == "try_mine"
        assert match.setup.map == str(path)
    else:
        assert board_map_of(match) == str(path)
    if game == "riotquest":
        assert match.state.arena.title == "Mine"  # read from the file, not the shipped arena


def _played(game: str, path: Path, actions: int = 6) -> Match:
    match = Match.new(game, setup_on(path))
    for _ in range(actions):
        legal = match.legal_actions()
        if not legal or match.outcome().finished:
            break
        match.apply(legal[0])
    return match


@pytest.mark.parametrize("game", GAMES)
def test_a_save_records_the_map_file_and_loads_from_elsewhere(game, tmp_path):
    path = copy_map(game, tmp_path / "designs")
    match = _played(game, path)
    save = tmp_path / "saves" / "game.json"
    save.parent.mkdir()
    match.save(save)
    raw = json.loads(save.read_text())
    assert raw["map"] == str(path) and raw["map_file"]["path"] == str(path)
    loaded = Match.load(save)  # the map is not next to the save: its recorded path is used
    assert loaded.state_hash() == match.state_hash()
    assert loaded.setup.map == str(path)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_says_when_its_map_file_is_gone_or_changed(game, tmp_path):
    path = copy_map(game, tmp_path / "designs")
    save = tmp_path / "saves" / "game.json"
    save.parent.mkdir()
    _played(game, path).save(save)
    path.write_text(path.read_text().replace("</map>", "<!-- edited --></map>"))
    with pytest.raises(SaveError, match="has changed since the game was saved") as err:
        Match.load(save)
    assert str(path) in str(err.value)
    path.unlink()
    with pytest.raises(SaveError, match="which is gone") as err:
        Match.load(save)
    assert str(path) in str(err.value) and str(save) in str(err.value)


def test_a_save_sent_with_its_map_loads_from_beside_the_save(tmp_path):
    path = copy_map("riot", tmp_path / "designs")
    match = _played("riot", path)
    save = tmp_path / "sent" / "game.json"
    save.parent.mkdir()
    match.save(save)
    moved = save.parent / path.name
    shutil.move(path, moved)
    loaded = Match.load(save)
    # the game still names its recorded path (its state hash holds it); the board is read
    # from the file beside the save
    assert loaded.state_hash() == match.state_hash()
    assert loaded.state.map_id == str(path) and located(str(path)) == str(moved)
    again = save.parent / "again.json"  # saving the loaded game again (and loading it) works
    loaded.save(again)
    assert Match.load(again).state_hash() == match.state_hash()
    relocate(str(path), path)  # forget the move for later tests


def _broken(tmp_path: Path) -> Path:
    bad = tmp_path / "broken.tmx"
    bad.write_text("<map version='1.10'")
    return bad


BAD_FILES = {
    "missing": (lambda tmp: tmp / "nowhere.tmx", "no such map file"),
    "not a tmx": (lambda tmp: _text(tmp / "notes.txt"), "not a Tiled map"),
    "broken": (_broken, "not a playable map: malformed XML"),
    "folder": (lambda tmp: tmp, "a folder, not a map file"),
}


def _text(path: Path) -> Path:
    path.write_text("hello")
    return path


@pytest.mark.parametrize("case", list(BAD_FILES))
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_bad_map_file_gives_one_message_and_exit_2(case, command, tmp_path, capsys, fake_app):
    make, words = BAD_FILES[case]
    path = make(tmp_path)
    extra = ["--games", "1", "--quiet"] if command == "simulate" else []
    code = main([command, "riot", "--map", str(path), *extra])
    line = one_line_error(capsys.readouterr().err)
    assert code == 2 and words in line and str(path.absolute()) in line
    assert fake_app == []


def test_a_map_for_another_game_is_refused(tmp_path, capsys):
    path = copy_map("quodd", tmp_path)
    assert main(["simulate", "riot", "--map", str(path), "--games", "1", "--quiet"]) == 2
    assert "a map for quodd, not for riot" in one_line_error(capsys.readouterr().err)


def test_a_map_with_check_map_errors_is_refused_naming_the_problem(tmp_path, capsys):
    path = copy_map("riotquest", tmp_path, edit=lambda t: t.replace('type="centre"', "", 1))
    assert main(["simulate", "riotquest", "--map", str(path), "--games", "1", "--quiet"]) == 2
    line = one_line_error(capsys.readouterr().err)
    assert "not a playable map" in line and "has no kind" in line and "check-map" in line


def test_compare_takes_a_map_file_too(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = copy_map("riot", tmp_path / "designs")
    argv = ["simulate", "riot", "--games", "1", "--quiet", "--compare", str(path)]
    assert main([*argv, "--report", str(tmp_path / "report")]) == 0, capsys.readouterr().err
    assert (tmp_path / "report" / "report.json").is_file()


def test_a_map_with_warnings_only_plays(tmp_path, capsys):
    """Warnings are advice (check-map --strict fails on them); a game still starts."""
    corpus = Path(__file__).resolve().parent / "fixtures" / "broken-maps"
    walled = corpus / "quodd" / "objective_walled_in.tmx"
    argv = ["simulate", "quodd", "--map", str(walled), "--games", "1", "--quiet"]
    assert main(argv) == 0, capsys.readouterr().err


@pytest.mark.parametrize("game", ["riot", "riot-pm"])
def test_riot_boards_are_the_maps_of_their_folder_not_only_city(game, tmp_path, monkeypatch):
    """RIOT boards are not hard-coded to the box's city: every map in maps/<game>/ is a
    choice (city first, the default), and a game on one carries its id in the state."""
    from riotsim.core import registry
    from riotsim.games.riot import city_maps, common

    folder = tmp_path / "maps"
    copy_map(game, folder / game, "city.tmx")
    copy_map(game, folder / game, "harbour.tmx")
    (folder / game / "not a map id.tmx").write_text("<map/>")  # not a plain name: not listed
    monkeypatch.setattr(common, "maps_dir", lambda: folder)
    monkeypatch.setattr(city_maps, "maps_dir", lambda: folder)
    ruleset = registry.get(game)
    assert ruleset.maps() == ["city", "harbour"]
    players = tuple(PlayerSpec(f"P{i + 1}", bot="random") for i in range(2))
    match = Match.new(game, GameSetup(players, seed=2, map="harbour"))
    assert match.state.map_id == "harbour"
    assert ruleset.to_position(match.state)["map" if game == "riot" else "map_id"] == "harbour"


def test_the_real_command_refuses_a_bad_map_file_without_a_traceback(tmp_path):
    bad = _broken(tmp_path)
    env = {**os.environ, "RIOTSIM_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-m", "riotsim", "simulate", "quodd", "--map", str(bad), "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert done.returncode == 2
    line = one_line_error(done.stderr)
    assert str(bad) in line and "malformed XML" in line


def test_a_quodd_board_file_and_a_scenario_are_not_given_together(tmp_path, capsys):
    path = copy_map("quodd", tmp_path)
    argv = ["simulate", "quodd", "--map", str(path), "--scenario", "tutorial_1", "--games", "1"]
    assert main(argv) == 2
    assert "give --map or --scenario, not both" in one_line_error(capsys.readouterr().err)
