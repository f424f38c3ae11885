"""The riotsim command, driven in-process through main(argv) with the toy game registered."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
from toy_game import registered

from riotsim.cli import main, tally
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.core.problems import Problem, warning


@pytest.fixture(autouse=True, scope="module")
def _toy_games():
    with registered():
        yield


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines, "expected an error message"
    assert "Traceback" not in err
    last = lines[-1]
    assert last.startswith("riotsim: error: "), last
    return last


# -- simulate ------------------------------------------------------------------------------------


def test_simulate_json_and_summary(capsys, tmp_path):
    out_file = tmp_path / "sim.json"
    code, out, _ = run(
        capsys,
        "simulate",
        "toy",
        "--games",
        "6",
        "--seed",
        "10",
        "--players",
        "3",
        "--bots",
        "greedy,random,random",
        "--json",
        str(out_file),
        "--quiet",
    )
    assert code == 0
    data = json.loads(out_file.read_text())
    # Issue 2, "Command line": exactly these keys, and these per game.
    assert set(data) == {"game", "seconds", "actions_per_second", "games"}
    assert data["game"] == "toy"
    assert data["seconds"] >= 0 and data["actions_per_second"] > 0
    assert [g["seed"] for g in data["games"]] == list(range(10, 16))
    for game in data["games"]:
        assert set(game) == {"seed", "winner", "scores", "rounds", "actions", "reason"}
        assert len(game["winner"]) == 1 and len(game["scores"]) == 3
        assert game["reason"] == "reached the finish"
    assert "seat 1 (greedy)" in out and "mean rounds" in out and "actions/s" in out
    assert "toy: 6 games, 3 players, seeds 10..15" in out and "no winner: 0" in out
    totals = tally(data["games"], 3)
    assert sum(totals["wins"]) == 6 and totals["no_winner"] == 0 and totals["games"] == 6
    assert totals["mean_actions"] == round(sum(g["actions"] for g in data["games"]) / 6, 2)
    assert len(totals["mean_scores"]) == 3
    for seat in range(3):
        wins = totals["wins"][seat]
        assert f"seat {seat + 1} ({['greedy', 'random', 'random'][seat]}): {wins} wins" in out


def test_simulate_same_arguments_same_results(tmp_path, capsys):
    def games(name: str) -> list:
        path = tmp_path / name
        argv = ["simulate", "toy", "--games", "4", "--seed", "3", "--bots", "mcts,greedy"]
        assert main([*argv, "--mcts-iterations", "10", "--json", str(path), "--quiet"]) == 0
        return json.loads(path.read_text())["games"]

    assert games("a.json") == games("b.json")
    capsys.readouterr()


def test_simulate_is_reproducible_across_processes(tmp_path):
    """Same arguments, same results, even with a different string-hash seed per process (a
    bot that iterated over a set of actions would not be)."""
    tests = Path(__file__).resolve().parent
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import toy_game; toy_game.register_all();"
        "from riotsim.cli import main; sys.exit(main(sys.argv[2:]))"
    )
    results = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"run{hash_seed}.json"
        argv = ["simulate", "toy", "--games", "3", "--players", "3", "--bots", "mcts,greedy,random"]
        argv += ["--mcts-iterations", "15", "--quiet", "--json", str(out)]
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code, str(tests), *argv],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr[-1500:]
        results.append(json.loads(out.read_text())["games"])
    assert results[0] == results[1]


def test_simulate_verify_replay(capsys):
    argv = ["simulate", "toy", "--games", "3", "--bots", "greedy,random", "--quiet"]
    assert main([*argv, "--verify-replay"]) == 0
    capsys.readouterr()


def test_simulate_game_i_uses_seed_s_plus_i(tmp_path, capsys):
    first = tmp_path / "first.json"
    later = tmp_path / "later.json"
    main(["simulate", "toy", "--games", "3", "--seed", "0", "--json", str(first), "--quiet"])
    main(["simulate", "toy", "--games", "1", "--seed", "2", "--json", str(later), "--quiet"])
    capsys.readouterr()
    assert json.loads(first.read_text())["games"][2] == json.loads(later.read_text())["games"][0]


def test_simulate_progress_bar_goes_to_stderr(capsys):
    code, out, err = run(capsys, "simulate", "toy", "--games", "2")
    assert code == 0 and "game/s" in err and "0/2" in err
    assert "game/s" not in out


def test_simulate_action_cap_is_reported_and_fails(capsys, tmp_path):
    path = tmp_path / "cap.json"
    code, _, err = run(
        capsys,
        "simulate",
        "toy",
        "--games",
        "2",
        "--max-actions",
        "3",
        "--json",
        str(path),
        "--quiet",
    )
    assert code == 1
    assert "cap of 3 actions" in one_line_error(err)
    assert [g["reason"] for g in json.loads(path.read_text())["games"]] == ["action cap"] * 2


def test_simulate_list_scenarios(capsys):
    code, out, _ = run(capsys, "simulate", "toy", "--list-scenarios")
    assert code == 0 and out.split() == ["sprint", "marathon"]


def test_simulate_scenario_and_option(capsys, tmp_path):
    path = tmp_path / "s.json"
    argv = ["simulate", "toy", "--games", "2", "--quiet", "--json", str(path)]
    assert main([*argv, "--scenario", "sprint"]) == 0
    assert max(max(g["scores"]) for g in json.loads(path.read_text())["games"]) == 10
    assert main([*argv, "--option", "length=7"]) == 0
    assert max(max(g["scores"]) for g in json.loads(path.read_text())["games"]) == 7
    capsys.readouterr()


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "nope", "--games", "1"], "unknown game 'nope'"),
        (["simulate", "toy", "--games", "0"], "must be at least 1"),
        (["simulate", "toy", "--games", "x"], "not a whole number"),
        (["simulate", "toy"], "needs --games"),
        (["simulate", "toy", "--games", "1", "--players", "9"], "takes 2-4 players, not 9"),
        (["simulate", "toy", "--games", "1", "--bots", "smart"], "unknown bot 'smart'"),
        (["simulate", "toy", "--games", "1", "--bots", "random,random,random"], "3 bots for 2"),
        (["simulate", "toy", "--games", "1", "--scenario", "x"], "no scenario 'x'"),
        (["simulate", "toy", "--games", "1", "--option", "speed=3"], "no option 'speed'"),
        (["simulate", "toy", "--games", "1", "--option", "length=99"], "outside 5..60"),
        (["simulate", "toy", "--games", "1", "--option", "length"], "key=value"),
        (["simulate", "toy", "--games", "1", "--json", "/no/such/dir/x.json"], "cannot write"),
        (["simulate", "toy", "--games", "1", "--budget", "0"], "positive number of seconds"),
        (["frobnicate"], "invalid choice"),
        (["screenshot", "--scene", "menu"], "required"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--size", "big"], "1280x800"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--size", "0x0"], "at least 1"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--size=-5x3"], "1280x800"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--size", "1e3x9"], "1280x800"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--size", "12x"], "1280x800"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--ui-scale", "big"], "auto or 75%"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--ui-scale", "250%"], "to 200%"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--ui-scale", "0.5"], "to 200%"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--ui-scale", "1.5%"], "to 200%"),
        (["screenshot", "--scene", "menu", "--out", "a.png", "--ui-scale", "nan"], "to 200%"),
        (["--size", "100000x100000"], "100000x100000 is larger than riotsim draws"),
        (["--size", "20000x10"], "larger than riotsim draws"),
        (["--size", "7681x4320"], "larger than riotsim draws"),
        (["--size", "99999999999999999999x1"], "1280x800"),
        (["--size", "\u0661\u0662x800"], "1280x800"),
        (["play", "toy", "--size", "0x800"], "at least 1"),
        (["lab", "x.tmx", "--size", "nanxnan"], "1280x800"),
    ],
)
def test_user_errors_are_one_line(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code != 0
    assert message in one_line_error(err)


def test_internal_errors_are_one_line_too(capsys, monkeypatch):
    import riotsim.ai.play as play

    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(play, "play_game", broken)
    code, _, err = run(capsys, "simulate", "toy", "--games", "1", "--quiet")
    assert code == 1
    assert "game 1 (seed 0) failed: ZeroDivisionError: boom" in one_line_error(err)


def test_help_and_version(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "simulate" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("riotsim ")


# -- replay ----------------------------------------------------------------------------------------


def saved_game(path: Path, actions: int = 200) -> Match:
    match = Match.new("toy", GameSetup((PlayerSpec("Ann"), PlayerSpec("Bo")), seed=4))
    for i in range(actions):
        legal = match.legal_actions()
        if not legal:
            break
        match.apply(legal[i % len(legal)])
    match.save(path)
    return match


def test_replay_prints_the_log_and_outcome(capsys, tmp_path):
    path = tmp_path / "g.json"
    match = saved_game(path)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    lines = out.splitlines()
    assert len([line for line in lines if "Runner" in line]) == len(match.log)
    assert lines[0].split()[0] == "1" and ("Ann:" in lines[0])
    assert "Finished after" in out and "won by" in out and "Scores: Ann" in out


def test_replay_with_events(capsys, tmp_path):
    path = tmp_path / "e.json"
    match = saved_game(path, actions=6)
    code, out, _ = run(capsys, "replay", str(path), "--events")
    assert code == 0
    expected = [str(e) for events in match.history for e in events]
    printed = [line.strip() for line in out.splitlines() if line.startswith("       ")]
    assert printed == expected and expected


def test_replay_of_a_game_in_progress(capsys, tmp_path):
    path = tmp_path / "p.json"
    saved_game(path, actions=3)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "In progress:" in out


def test_replay_verify(capsys, tmp_path):
    path = tmp_path / "v.json"
    saved_game(path)
    code, out, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and "OK" in out
    raw = json.loads(path.read_text())
    raw["snapshot"]["hash"] = "f" * 32
    path.write_text(json.dumps(raw))
    code, _, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and str(path) in one_line_error(err)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and "recorded ffff" in one_line_error(err)


def test_replay_missing_and_corrupt(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "none.json"))
    assert code == 1 and "no such save file" in one_line_error(err)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "game": "toy", "act')
    code, _, err = run(capsys, "replay", str(bad), "--verify")
    assert code == 1 and "corrupt or truncated" in one_line_error(err)


# -- checks ----------------------------------------------------------------------------------------


@pytest.fixture
def fake_checks(monkeypatch):
    """Stands in for riotsim.core.checks (written by the content engineer) to test the
    command's contract: print each problem, exit 1 if any."""
    module = types.ModuleType("riotsim.core.checks")
    module.calls = []
    module.problems = []

    def check_maps(paths):
        module.calls.append(("maps", list(paths)))
        return list(module.problems)

    def check_data(root=None):
        module.calls.append(("data", root))
        return list(module.problems)

    module.check_maps = check_maps
    module.check_data = check_data
    import riotsim.core

    monkeypatch.setitem(sys.modules, "riotsim.core.checks", module)
    monkeypatch.setattr(riotsim.core, "checks", module, raising=False)
    return module


def test_check_map_ok_and_problems(capsys, fake_checks):
    code, out, _ = run(capsys, "check-map", "a.tmx", "b.tmx")
    assert code == 0 and out.startswith("OK: 2 maps")
    assert fake_checks.calls == [("maps", [Path("a.tmx"), Path("b.tmx")])]
    fake_checks.problems = [
        Problem("a.tmx", "object 'gate'", "no number"),
        Problem("b.tmx", "", "x"),
    ]
    code, out, err = run(capsys, "check-map", "a.tmx", "b.tmx")
    assert code == 1
    assert out.splitlines() == ["a.tmx:object 'gate': no number", "b.tmx: x"]
    assert "2 problems" in err


def test_check_map_warnings_fail_only_with_strict(capsys, fake_checks):
    fake_checks.problems = [warning("a.tmx", "object 1 'Spawn Gate 1'", "lopsided")]
    code, out, err = run(capsys, "check-map", "a.tmx")
    assert code == 0
    assert out.splitlines() == [
        "a.tmx:object 1 'Spawn Gate 1': warning: lopsided",
        "OK: no errors, 1 warning",
    ]
    code, out, err = run(capsys, "check-map", "--strict", "a.tmx")
    assert code == 1 and "1 problem found" in err


def test_check_map_errors_fail_with_or_without_strict(capsys, fake_checks):
    fake_checks.problems = [Problem("a.tmx", "", "broken"), warning("a.tmx", "", "lopsided")]
    code, _, err = run(capsys, "check-map", "a.tmx")
    assert code == 1 and "1 problem found (and 1 warning)" in err
    assert run(capsys, "check-map", "--strict", "a.tmx")[0] == 1


BROKEN_MAPS = Path(__file__).parent / "fixtures" / "broken-maps"


@pytest.mark.parametrize("name", ["riotquest/lopsided_gate.tmx", "riot/area_without_entry.tmx"])
def test_check_map_strict_on_real_lopsided_maps(capsys, name):
    code, out, _ = run(capsys, "check-map", str(BROKEN_MAPS / name))
    assert code == 0 and ": warning: " in out
    code, _, err = run(capsys, "check-map", "--strict", str(BROKEN_MAPS / name))
    assert code == 1 and "found" in err


def test_check_data(capsys, fake_checks, tmp_path):
    (tmp_path / "dice.yaml").write_text("dice: {}\n")
    code, out, _ = run(capsys, "check-data")
    assert code == 0 and "OK" in out and fake_checks.calls[-1] == ("data", None)
    code, out, _ = run(capsys, "check-data", str(tmp_path))
    assert code == 0 and fake_checks.calls[-1] == ("data", tmp_path)
    fake_checks.problems = [Problem("data/x.yaml", "3", "bad")]
    code, out, _ = run(capsys, "check-data", str(tmp_path))
    assert code == 1 and out.strip() == "data/x.yaml:3: bad"
    code, _, err = run(capsys, "check-data", str(tmp_path / "missing"))
    assert code == 1 and "no such folder" in one_line_error(err)
    (tmp_path / "empty").mkdir()
    code, _, err = run(capsys, "check-data", str(tmp_path / "empty"))
    assert code == 1 and "not a content folder" in one_line_error(err)


# -- app, play, screenshot -------------------------------------------------------------------------


@pytest.fixture
def fake_ui(monkeypatch):
    """Records how the command calls the UI (riotsim.ui.app.run / riotsim.ui.screenshot.render)."""
    calls: list = []
    app = types.ModuleType("riotsim.ui.app")
    app.run = lambda **kw: calls.append(("run", kw)) or 0
    app.window_size_problem = lambda size: "4000x3000 does not fit" if 4000 in size else None

    def render(scene, out, **kw):
        if kw.get("actions") == 999:
            raise ValueError("the game ended before action 999")
        calls.append(("render", (scene, out), kw))

    shot = types.ModuleType("riotsim.ui.screenshot")
    shot.render = render
    monkeypatch.setitem(sys.modules, "riotsim.ui.app", app)
    monkeypatch.setitem(sys.modules, "riotsim.ui.screenshot", shot)
    return calls


def test_app_and_frames(capsys, fake_ui):
    assert main([]) == 0
    assert main(["--frames", "3", "--size", "800x600"]) == 0
    assert fake_ui == [
        ("run", {"frames": None, "size": None}),
        ("run", {"frames": 3, "size": (800, 600)}),
    ]


def test_a_size_the_display_cannot_give_is_refused_before_any_window(capsys, fake_ui):
    for argv in (["--size", "4000x3000"], ["play", "toy", "--size", "4000x3000"]):
        code, _, err = run(capsys, *argv)
        assert code != 0 and "--size 4000x3000 does not fit" in one_line_error(err)
    assert fake_ui == []


def test_play_opens_setup_or_starts_a_game(capsys, fake_ui):
    assert main(["play", "toy"]) == 0
    assert fake_ui[-1][1]["start_game"] == "toy" and fake_ui[-1][1]["setup"] is None
    assert (
        main(
            [
                "--frames",
                "2",
                "play",
                "toy",
                "--players",
                "3",
                "--bots",
                "human,greedy,mcts",
                "--seed",
                "5",
                "--option",
                "length=12",
            ]
        )
        == 0
    )
    kw = fake_ui[-1][1]
    setup = kw["setup"]
    assert kw["frames"] == 2
    assert setup.seed == 5 and setup.seats == 3 and setup.options == {"length": 12}
    assert [p.bot for p in setup.players] == [None, "greedy", "mcts"]
    code, _, err = run(capsys, "play", "toy", "--scenario", "ultra")
    assert code == 1 and "no scenario 'ultra'" in one_line_error(err)
    assert main(["play", "toy", "--scenario", "sprint"]) == 0
    assert fake_ui[-1][1]["setup"].scenario == "sprint"
    code, _, err = run(capsys, "play", "toy", "--players", "7")
    assert code == 1
    assert "takes 2-4 players" in one_line_error(err)


def test_play_refuses_an_unfinished_game(capsys, fake_ui, monkeypatch):
    from toy_game import RULESET

    monkeypatch.setattr(type(RULESET), "playable", False)
    code, _, err = run(capsys, "play", "toy")
    assert code == 1 and "not complete yet" in one_line_error(err)
    assert fake_ui == []


def test_screenshot_calls_render(capsys, fake_ui, tmp_path):
    out = tmp_path / "shot.png"
    argv = ["screenshot", "--scene", "game", "--out", str(out), "--game", "toy"]
    code, stdout, _ = run(capsys, *argv, "--seed", "3", "--actions", "5", "--size", "1280x800")
    assert code == 0 and "wrote" in stdout
    assert fake_ui[-1] == (
        "render",
        ("game", out),
        {"game": "toy", "seed": 3, "actions": 5, "size": (1280, 800)},
    )
    code, _, _ = run(capsys, "screenshot", "--scene", "menu", "--out", str(out))
    assert code == 0 and fake_ui[-1] == ("render", ("menu", out), {})
    code, _, err = run(capsys, "screenshot", "--scene", "menu", "--out", "/no/dir/x.png")
    assert code == 1 and "does not exist" in one_line_error(err)
    code, _, err = run(capsys, "screenshot", "--scene", "game", "--out", str(out), "--game", "x")
    assert code == 1 and "unknown game 'x'" in one_line_error(err)
    code, _, err = run(capsys, *argv, "--actions", "999")
    assert code == 1 and "ended before action 999" in one_line_error(err)


@pytest.mark.parametrize(
    ("given", "ui_scale"),
    [("auto", "auto"), ("AUTO", "auto"), ("150", 1.5), ("75%", 0.75), ("2", 2.0), ("1.25", 1.25)],
)
def test_screenshot_takes_a_ui_scale(capsys, fake_ui, tmp_path, given, ui_scale):
    """--ui-scale: auto, a percentage (with or without %) or a factor, as in Settings."""
    out = tmp_path / "shot.png"
    code, _, _ = run(
        capsys, "screenshot", "--scene", "settings", "--out", str(out), "--ui-scale", given
    )
    assert code == 0
    assert fake_ui[-1] == ("render", ("settings", out), {"ui_scale": ui_scale})


def test_missing_ui_is_a_clear_error(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "riotsim.ui.app", None)  # import fails
    code, _, err = run(capsys, "--frames", "1")
    assert code == 1 and "user interface is not available" in one_line_error(err)


def test_frames_runs_the_real_app_and_exits_0(tmp_path):
    """`riotsim --frames N` opens the real app headless (SDL dummy drivers from conftest)."""
    result = subprocess.run(
        [sys.executable, "-m", "riotsim", "--frames", "3", "--size", "640x400"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-1500:]
    assert "Traceback" not in result.stderr


def test_python_dash_m_runs_the_cli(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "riotsim", "simulate", "nope", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr.strip().startswith("riotsim: error: unknown game 'nope'")


# -- lab -------------------------------------------------------------------------------------------


def test_lab_once(capsys, fake_checks, tmp_path):
    path = tmp_path / "arena.tmx"
    path.write_text("<map/>")
    code, out, _ = run(capsys, "lab", str(path), "--once")
    assert code == 0 and f"{path}: OK" in out
    fake_checks.problems = [Problem(str(path), "object 'gate'", "needs a number")]
    code, out, _ = run(capsys, "lab", str(path), "--once")
    assert code == 1
    assert "1 problem" in out and f"  {path}:object 'gate': needs a number" in out
    code, _, err = run(capsys, "lab", str(tmp_path / "none.tmx"))
    assert code == 1 and "no such map file" in one_line_error(err)


def test_lab_once_passes_with_warnings_only(capsys, fake_checks, tmp_path):
    path = tmp_path / "arena.tmx"
    path.write_text("<map/>")
    fake_checks.problems = [warning(str(path), "object 1 'Spawn Gate 1'", "lopsided")]
    code, out, _ = run(capsys, "lab", str(path), "--once")
    assert code == 0 and f"  {path}:object 1 'Spawn Gate 1': warning: lopsided" in out


def test_lab_opens_the_map_lab_window(capsys, fake_checks, tmp_path, monkeypatch):
    import riotsim.cli as cli

    path = tmp_path / "arena.tmx"
    path.write_text("<map/>")
    calls = []

    class FakeApp:
        @staticmethod
        def run(**kwargs):
            calls.append(kwargs)
            return 0

    monkeypatch.setattr(cli, "_ui_module", lambda name: FakeApp)
    code, _, _ = run(capsys, "lab", str(path), "--frames", "2")
    assert code == 0
    assert calls == [{"frames": 2, "size": None, "lab": path}]


def test_lab_rechecks_when_the_map_is_saved(capsys, fake_checks, tmp_path, monkeypatch):
    import riotsim.cli as cli

    path = tmp_path / "arena.tmx"
    path.write_text("<map/>")
    edits = iter(["<map version='2'/>", None, "<map version='3'/>!", None, None])

    def sleep(_seconds):  # stands in for the designer saving in Tiled between looks
        text = next(edits, None)
        if text is not None:
            path.write_text(text)

    monkeypatch.setattr(cli.time, "sleep", sleep)
    code, out, _ = run(
        capsys, "lab", str(path), "--terminal", "--max-checks", "3", "--interval", "0"
    )
    assert code == 0
    assert out.count(f"{path}: OK") == 3
    assert [call[0] for call in fake_checks.calls] == ["maps"] * 3


# -- the real games, end to end (no toy, no fakes) ---------------------------------------------

REAL_GAMES = ("riotquest", "riot", "riot-pm", "quodd")
REPO = Path(__file__).resolve().parents[1]


def playable_real_games() -> list[str]:
    from riotsim.core import registry

    return [game for game in registry.playable() if game in REAL_GAMES]


def riotsim_process(*argv: str, hash_seed: str = "0", cwd: Path | None = None):
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run(
        [sys.executable, "-m", "riotsim", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=cwd,
    )


_SIMULATE_EACH = """
import json, sys
from riotsim.cli import main
out = {}
for game in sys.argv[2:]:
    path = sys.argv[1] + "/" + game + ".json"
    argv = ["simulate", game, "--games", "2", "--seed", "41", "--quiet", "--json", path]
    # greedy looks ahead through copies and sampled states: only in the short games (time)
    bots = "random,greedy" if game in ("riot-pm", "quodd") else "random"
    assert main(argv + ["--bots", bots]) == 0, game
    out[game] = json.load(open(path))
print(json.dumps(out))
"""


def test_simulate_every_playable_game_same_arguments_same_json(tmp_path):
    """Issue 2, "Command line": `riotsim simulate GAME --games N --seed S` gives the same JSON
    (timings aside) in two processes with different string-hash seeds, for every playable game;
    the JSON has exactly the keys the issue names."""
    games = playable_real_games()
    assert games, "no playable game"
    runs = []
    for hash_seed in ("11", "12"):
        folder = tmp_path / hash_seed
        folder.mkdir()
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _SIMULATE_EACH, str(folder), *games],
            capture_output=True,
            text=True,
            timeout=300,
            env=env,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        runs.append(json.loads(done.stdout.splitlines()[-1]))
    for game in games:
        first, second = runs[0][game], runs[1][game]
        assert set(first) == {"game", "seconds", "actions_per_second", "games"}
        assert first["game"] == game
        assert [g["seed"] for g in first["games"]] == [41, 42]
        for result in first["games"]:
            assert set(result) == {"seed", "winner", "scores", "rounds", "actions", "reason"}
            assert result["actions"] > 0 and result["reason"]
            assert all(0 <= seat < 2 for seat in result["winner"])
        for timing in ("seconds", "actions_per_second"):
            first.pop(timing), second.pop(timing)
        assert first == second, game


def _play_real_game(game: str, autosave: Path, cap: int) -> Match:
    """A real match of ``game`` between random bots, autosaving after every action."""
    from riotsim.ai import get_bot
    from riotsim.core import registry

    ruleset = registry.get(game)
    seats = max(ruleset.min_players, min(2, ruleset.max_players))
    setup = GameSetup(tuple(PlayerSpec(f"P{i + 1}", bot="random") for i in range(seats)), seed=9)
    match = Match.new(game, setup, autosave_path=autosave)
    bots = [get_bot("random", 500 + seat) for seat in range(seats)]
    while match.to_move() is not None and len(match.log) < cap:
        seat = match.to_move()
        assert seat is not None
        view = ruleset.view(match.state, seat) if ruleset.hidden_information else match.state
        match.apply(bots[seat].choose(ruleset, view, match.legal_actions()))
    return match


@pytest.mark.parametrize("game", REAL_GAMES)
def test_replay_verify_on_a_real_autosave_of_each_playable_game(game, tmp_path, capsys):
    """Issue 2, "Match": the autosave written after every action of a real game replays to
    the recorded state hash (`riotsim replay SAVE --verify`), and the printed replay ends with
    the same position; an edited copy is refused with a one-line message naming the file."""
    if game not in playable_real_games():
        pytest.skip(f"{game} is not playable")
    autosave = tmp_path / "autosave.json"
    match = _play_real_game(game, autosave, cap=80)
    assert autosave.is_file() and not match.last_autosave_error
    code, out, err = run(capsys, "replay", str(autosave), "--verify")
    assert code == 0, err
    assert out.strip() == (
        f"{autosave}: {len(match.log)} actions replayed, state hash {match.state_hash()} OK"
    )
    code, out, _ = run(capsys, "replay", str(autosave))
    assert code == 0 and len([line for line in out.splitlines() if line[:5].strip()]) >= 1
    raw = json.loads(autosave.read_text())
    assert raw["game"] == game and raw["seed"] == 9 and len(raw["actions"]) == len(match.log)
    raw["actions"] = raw["actions"][:-1]
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(raw))
    code, _, err = run(capsys, "replay", str(edited), "--verify")
    assert code == 1 and one_line_error(err).startswith(f"riotsim: error: {edited}: ")


def test_check_data_and_check_map_pass_on_everything_shipped():
    """Issue 2, "Command line": `riotsim check-data` and `riotsim check-map` over every shipped
    map exit 0 (run as CI runs them)."""
    done = riotsim_process("check-data", cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    maps = sorted(str(p.relative_to(REPO)) for p in (REPO / "maps").rglob("*.tmx"))
    assert len(maps) >= 4
    done = riotsim_process("check-map", *maps, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == f"OK: {len(maps)} maps, no problems"


PROBLEM_LINE = re.compile(r"^[^:\s][^:]*:[^:]+: .+$")


def test_check_data_on_a_broken_copy_names_file_line_and_field(tmp_path):
    """`riotsim check-data DIR` validates DIR with the games' schemas: a broken copy of the
    shipped data exits 1 with `file:line: field: message` lines, every problem of a file."""
    data = tmp_path / "data"
    shutil.copytree(REPO / "data", data)
    heroes = data / "riotquest" / "heroes.yaml"
    lines = heroes.read_text(encoding="utf-8").splitlines()
    spd = [i for i, line in enumerate(lines) if line.strip().startswith("spd:")]
    lines[spd[0]] = lines[spd[0]].replace(lines[spd[0]].split(":")[1], " banana")
    lines[spd[1]] = lines[spd[1]].replace(lines[spd[1]].split(":")[1], " 40")
    heroes.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dice = data / "dice.yaml"
    dice.write_text(dice.read_text().replace("faces: [miss, miss, miss,", "faces: [miss,", 1))
    dice.write_text(dice.read_text() + "  broken:\n    label: x\n")
    done = riotsim_process("check-data", str(data), cwd=tmp_path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    out = done.stdout.splitlines()
    assert all(PROBLEM_LINE.match(line) for line in out), out
    assert f"data/riotquest/heroes.yaml:{spd[0] + 1}: heroes[0].spd: " in done.stdout
    assert f"data/riotquest/heroes.yaml:{spd[1] + 1}: heroes[1].spd: " in done.stdout
    assert any(line.startswith("data/dice.yaml:") and "dice.broken" in line for line in out)
    assert done.stderr.strip() == f"riotsim: {len(out)} problems found"


def test_check_map_on_broken_maps_prints_one_line_per_problem():
    """`riotsim check-map` on every broken fixture map: exit 1, `path:place: problem` lines,
    no traceback."""
    broken = sorted(str(p) for p in (REPO / "tests" / "fixtures" / "maps").glob("broken_*.tmx"))
    assert len(broken) >= 10
    done = riotsim_process("check-map", *broken, cwd=REPO)
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    out = done.stdout.splitlines()
    assert all(line.startswith("tests/fixtures/maps/") and ": " in line for line in out), out
    named = {line.split(":", 1)[0].rsplit("/", 1)[1] for line in out}
    # every broken map is reported (nosize.tsx stands for the map that uses it)
    assert {Path(p).name for p in broken} - named <= {"broken_image_size.tmx"}
    assert "nosize.tsx" in named


@pytest.mark.parametrize(
    "game, extra, seats",
    [
        ("riotquest", ["--map", "thunderhead", "--players", "3"], 3),
        ("quodd", ["--scenario", "tutorial_1", "--players", "1"], 1),
        ("riot", ["--players", "3", "--option", "round_limit=12"], 3),
    ],
)
def test_simulate_real_games_with_map_scenario_players_and_options(game, extra, seats, tmp_path):
    """`--map`, `--scenario`, `--players` and `--option` reach the real rule sets: same
    arguments, same results; a different map gives a different game."""
    if game not in playable_real_games():
        pytest.skip(f"{game} is not playable")

    def games(name: str, *more: str) -> list:
        path = tmp_path / name
        argv = ["simulate", game, "--games", "1", "--seed", "3", "--quiet", "--json", str(path)]
        assert main([*argv, *extra, *more]) == 0
        return json.loads(path.read_text())["games"]

    first = games("a.json")
    assert len(first[0]["scores"]) == seats
    assert games("b.json") == first
    if "--map" in extra:
        other = [a if a != "thunderhead" else "scrapyard" for a in extra]
        path = tmp_path / "c.json"
        argv = ["simulate", game, "--games", "1", "--seed", "3", "--quiet", "--json", str(path)]
        assert main([*argv, *other]) == 0
        assert json.loads(path.read_text())["games"] != first


BAD_COMMANDS = [
    (["simulate", "riotquest", "--games", "1", "--map", "nowhere"], "has no map 'nowhere'"),
    (["simulate", "quodd", "--games", "1", "--scenario", "nope"], "has no scenario 'nope'"),
    (["simulate", "riot", "--games", "1", "--players", "9"], "takes 2-4 players, not 9"),
    (["simulate", "riot-pm", "--games", "1", "--option", "x=1"], "has no option 'x'"),
    (["simulate", "chess", "--games", "1"], "unknown game 'chess'"),
    (["play", "riotquest", "--frames", "2", "--map", "nowhere"], "has no map 'nowhere'"),
    (["replay", "README.md", "--verify"], "README.md:1:1: the save is corrupt or truncated"),
    (["replay", "no-such-save.json"], "no-such-save.json: no such save file"),
    (["check-data", "no-such-folder"], "no-such-folder: no such folder"),
    (["check-data", "docs"], "docs: not a content folder"),
    (["screenshot", "--scene", "game", "--game", "nope", "--out", "x.png"], "unknown game"),
    (["lab", "no-such.tmx", "--once"], "no-such.tmx: no such map file"),
    (["--frames", "0"], "must be at least 1"),
    (["simulate"], "the following arguments are required: game"),
]


@pytest.mark.parametrize("argv, message", BAD_COMMANDS, ids=[" ".join(a) for a, _ in BAD_COMMANDS])
def test_every_user_error_is_one_line_in_a_real_process(argv, message):
    """Issue 2, "Command line": the real command, in its own process, answers a mistake with
    one line on stderr (`riotsim: error: ...`), nothing on stdout, and no traceback."""
    done = riotsim_process(*argv, cwd=REPO)
    assert done.returncode in (1, 2)
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("riotsim: error: ") and message in lines[0], lines[0]


def test_the_app_commands_wait_for_their_own_daemon_threads_only(capsys, fake_ui, monkeypatch):
    """A daemon thread the app leaves running (the menu's game lookup) is joined before the
    command returns, so the interpreter never kills it mid-import; a thread that was already
    running before the command is not waited for."""
    import threading
    import time as _time

    older = threading.Event()
    threading.Thread(target=older.wait, daemon=True).start()
    finished = []

    def run_app(**kw):
        def slow():
            _time.sleep(0.3)
            finished.append(True)

        threading.Thread(target=slow, daemon=True).start()
        return 0

    monkeypatch.setattr(sys.modules["riotsim.ui.app"], "run", run_app)
    started = _time.monotonic()
    assert main(["--frames", "1"]) == 0
    assert finished == [True] and _time.monotonic() - started < 5
    older.set()
    capsys.readouterr()


# -- perft -----------------------------------------------------------------------------------------

PERFT_TOY = REPO / "tests" / "perft" / "toy.yaml"


def toy_perft_file(tmp_path: Path, counts: list[int]) -> Path:
    """A one-position perft file for the toy game (a two-runner start, seed 1)."""
    from toy_game import RULESET as TOY

    from riotsim.core import perft

    state = TOY.new_state(GameSetup((PlayerSpec("a"), PlayerSpec("b")), seed=1))
    entry = perft.Entry("start", TOY.to_position(state), tuple(counts))
    path = tmp_path / "toy.yaml"
    perft.write_file(path, "toy", [entry])
    return path


def test_perft_prints_the_counts_per_depth_and_checks_them(capsys):
    """`riotsim perft GAME FILE --depth N` (issue 11): leaves at each depth, each compared
    with the file's count; a depth past the file's counts is printed unchecked."""
    from riotsim.core import perft

    entry = perft.load_file(PERFT_TOY).entries[0]
    depth = len(entry.counts) + 1
    argv = ["perft", "toy", str(PERFT_TOY), "--position", entry.name, "--depth", str(depth)]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == entry.name
    expected = [f"  depth {d}: {n} ok" for d, n in enumerate(entry.counts, start=1)]
    assert lines[1:depth] == expected
    assert re.fullmatch(rf"  depth {depth}: \d+", lines[depth])
    assert int(lines[depth].split()[-1]) >= entry.counts[-1]


def test_perft_checks_every_position_of_the_file_by_default(capsys):
    from riotsim.core import perft

    data = perft.load_file(PERFT_TOY)
    code, out, _ = run(capsys, "perft", "toy", str(PERFT_TOY), "--depth", "3")
    assert code == 0
    assert [line for line in out.splitlines() if not line.startswith(" ")] == [
        e.name for e in data.entries
    ]
    assert out.count(" ok") == 3 * len(data.entries)


def test_perft_divide_splits_the_count_by_first_action(capsys, tmp_path):
    """Counted by hand: each runner holds one 2 card; playing it leaves roll or draw (2); a
    roll (seed 1: no six) or a draw hands the turn to runner 2, who may play, roll or draw
    (3 each)."""
    path = toy_perft_file(tmp_path, [3, 8])
    code, out, _ = run(capsys, "perft", "toy", str(path), "--divide")
    assert code == 0
    assert out.splitlines() == [
        "start",
        "  depth 1: 3 ok",
        "  depth 2: 8 ok",
        "  divide at depth 2:",
        "    play card=2: 2",
        "    roll: 3",
        "    draw: 3",
    ]


def test_perft_mismatch_fails_naming_the_depth(capsys, tmp_path):
    path = toy_perft_file(tmp_path, [3, 9])
    code, out, err = run(capsys, "perft", "toy", str(path))
    assert code == 1
    assert "  depth 1: 3 ok" in out and "  depth 2: 8 expected 9 MISMATCH" in out
    assert one_line_error(err) == f"riotsim: error: 1 count(s) differ from {path}"


def test_perft_refuses_bad_input_in_one_line(capsys, tmp_path):
    path = toy_perft_file(tmp_path, [3])
    cases = [
        (["perft", "toy-open", str(path)], "holds toy positions, not toy-open"),
        (["perft", "toy", str(tmp_path / "none.yaml")], "cannot read"),
        (["perft", "toy", str(path), "--position", "nope"], "has no position 'nope'"),
        (["perft", "toy", str(path), "--depth", "0"], "must be at least 1"),
        (["perft", "nogame", str(path)], "unknown game 'nogame'"),
    ]
    for argv, message in cases:
        code, _, err = run(capsys, *argv)
        assert code != 0 and message in one_line_error(err), (argv, err)
    bare = tmp_path / "bare.json"
    from toy_game import RULESET as TOY

    state = TOY.new_state(GameSetup((PlayerSpec("a"), PlayerSpec("b")), seed=1))
    bare.write_text(json.dumps(TOY.to_position(state)))
    code, _, err = run(capsys, "perft", "toy", str(bare))
    assert code == 1 and "give --depth N" in one_line_error(err)
    code, out, _ = run(capsys, "perft", "toy", str(bare), "--depth", "2")
    assert code == 0 and out.splitlines() == ["bare", "  depth 1: 3", "  depth 2: 8"]
    broken = dict(TOY.to_position(state), pos=[0, 99])
    bare.write_text(json.dumps(broken))
    code, _, err = run(capsys, "perft", "toy", str(bare), "--depth", "1")
    assert code == 1 and "bare: " in one_line_error(err) and "pos" in err
