"""Scenarios: every one builds, validates, and each solo scenario can be won and lost."""

from __future__ import annotations

import pytest

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.quodd import RULESET, catalog, checks, maps
from tests.quodd.helpers import check_scenarios
from tests.quodd.planner import play_solo

SOLO = [s.id for s in catalog.scenarios().values() if s.mode in ("solo", "tutorial")]


def new(scenario: str, seats: int = 1, seed: int = 1):
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    return RULESET.new_state(GameSetup(players, seed=seed, scenario=scenario))


def test_scenario_list():
    """Scenario Types: a tutorial, at least six solo scenarios and free-for-all."""
    ids = RULESET.scenarios()
    assert len([i for i in ids if i.startswith("solo")]) >= 6
    assert "ffa_scramble" in ids and "tutorial_1" in ids


def test_shipped_content_has_no_problems():
    """check-data: every shipped Quodd file and scenario validates."""
    assert RULESET.check_content() == []


def test_every_board_loads_and_is_clean():
    """Contents: the double-sided 9x9 boards and start zones ship as maps that load."""
    ids = maps.board_ids()
    assert len([b for b in ids if not b.startswith("sz")]) >= 16
    assert len([b for b in ids if b.startswith("sz")]) >= 4
    for board_id in ids:
        maps.load_layout(board_id)


def test_catalogue_has_the_boxs_boards_and_start_zones():
    """Components: "Nine double-sided 9x9 game boards and 4 double-sided 2x9 start-zone
    boards" - 18 board sides and 8 start-zone sides, each a clean map of the right size."""
    catalogue = maps.board_catalogue()
    boards = {k: v for k, v in catalogue.items() if k[:1] == "b" and k[1:].isdigit()}
    zones = {k: v for k, v in catalogue.items() if k.startswith("sz")}
    assert sorted(boards) == [f"b{i}" for i in range(1, 10)]
    assert sorted(zones) == [f"sz{i}" for i in range(1, 5)]
    box = {**boards, **zones}  # designer maps (e.g. bomb_alley) are boards of their own
    assert all(sides == (k + "a", k + "b") for k, sides in box.items())
    assert sum(len(s) for s in boards.values()) == 18
    assert sum(len(s) for s in zones.values()) == 8
    for base, sides in box.items():
        for side in sides:
            layout = maps.load_layout(side)
            size = (layout.width, layout.height)
            assert size == (9, 9) if base in boards else size in ((9, 2), (2, 9)), side
            assert layout.start_zone == (base in zones), side
            if base in zones:
                assert len([t for _, t in layout.tokens if t.kind == "start"]) == 6, side


# Double-sided 9x9 boards made for the issue-12 scenarios (not in the box).
SCENARIO_BOARDS = {"sheep1"}


def test_scenario_boards_are_double_sided_9x9_boards():
    """The moving board's own maps (tools/make_quodd_maps.py) are made like the box's
    boards: two 9x9 sides, no start squares."""
    ids = set(maps.board_ids())
    for base in SCENARIO_BOARDS:
        assert {base + "a", base + "b"} <= ids and base not in maps.board_catalogue()
        for side in (base + "a", base + "b"):
            layout = maps.load_layout(side)
            assert (layout.width, layout.height) == (9, 9) and not layout.start_zone, side
            assert not any(t.kind == "start" for _, t in layout.tokens), side


@pytest.mark.parametrize(
    "board_id,zone",
    [("b9a", "sz3a"), ("b9b", "sz3b"), ("b9a", "sz4a"), ("b9b", "sz4b")],
)
def test_new_board_sides_play(board_id, zone):
    """The sides added for the full box play: heroes on the start squares of a new start zone
    below a new 9x9 side take 300 random actions with no square shared and always something
    to do."""
    from riotsim.core.rng import Rng
    from riotsim.games.quodd import scenario
    from riotsim.games.quodd.board import Board
    from riotsim.games.quodd.state import State
    from tests.quodd.test_fuzz import check_invariants

    board = Board.compose(
        [(maps.load_layout(board_id), 0, 0, 0), (maps.load_layout(zone), 0, 9, 0)]
    )
    starts = sorted(board.find("start"), key=lambda c: board.first(c, "start").get("number", 0))
    heroes = [scenario.make_hero(i, h, starts[i], "N") for i, h in enumerate(("rok", "forest"))]
    state = State(rng=Rng(3), board=board, heroes=heroes)
    state.deck = list(catalog.deck_list())
    chooser = Rng(3)
    for _ in range(300):
        RULESET.apply(state, chooser.choice(RULESET.legal_actions(state)))
        check_invariants(state)


def test_check_board_reports_a_bad_map(tmp_path):
    """check-map: an unknown element kind is reported with the map and object."""
    from riotsim.core.tiled import load_board

    text = maps.map_path("b1a").read_text()
    text = text.replace('type="respawn"', 'type="bogus"')
    bad = tmp_path / "bad.tmx"
    bad.write_text(text)
    (tmp_path / "quodd_ground.tsx").write_text(
        (maps.map_path("b1a").parent / "quodd_ground.tsx").read_text()
    )
    (tmp_path / "quodd_ground.png").write_bytes(
        (maps.map_path("b1a").parent / "quodd_ground.png").read_bytes()
    )
    problems = RULESET.check_board(load_board(bad), str(bad))
    assert any("unknown element kind 'bogus'" in str(p) for p in problems)


def test_unreachable_objective_is_reported():
    """check-data: objectives must be reachable by steps and jumps."""
    from riotsim.games.quodd.ascii import layout_from_text
    from riotsim.games.quodd.board import Board

    layout = layout_from_text("x", ["P.###.", "..###1", "..###."])
    board = Board.compose([(layout, 0, 0, 0)])
    assert (5, 1) not in checks.reachable(board, (0, 0))
    assert (1, 2) in checks.reachable(board, (0, 0))


def test_ffa_for_six():
    """Free-For-All: six heroes on distinct start squares."""
    state = new("ffa_scramble", seats=6)
    assert len({h.pos for h in state.heroes}) == 6
    assert len({h.hero for h in state.heroes}) == 6


def test_setup_places_heroes_then_arranges_skills():
    """General Setup 6-7: from the player right of the first player round to the first player,
    each hero takes a start square; then each player assigns skills to the cube's faces."""
    from riotsim.core.contract import Action

    state = new("ffa_race", seats=3)
    asked = []
    while state.pending and state.pending[-1].kind == "start_square":
        asked.append(RULESET.to_move(state))
        options = RULESET.legal_actions(state)
        RULESET.apply(state, options[-1])
    assert asked == [2, 1, 0]
    assert len({h.pos for h in state.heroes}) == 3
    for seat in (0, 1, 2):
        assert state.pending[-1].kind == "rearrange" and RULESET.to_move(state) == seat
        RULESET.apply(state, Action.parse("choose swap=done"))
    assert state.phase == "powerup" and RULESET.to_move(state) == 0


@pytest.mark.parametrize("scenario", SOLO)
def test_solo_scenario_can_be_won(scenario):
    """Solo scenarios are winnable: a planner wins each within its round limit."""
    state = play_solo(new(scenario))
    assert state.phase == "over"
    # the one player wins, with every hero on its side (its buddies: spec Y6)
    assert RULESET.outcome(state).winners == (0,), f"{scenario}: {state.reason} at {state.round}"
    assert state.winners == [h.seat for h in state.heroes]


@pytest.mark.parametrize("scenario", SOLO)
def test_solo_scenario_can_be_lost(scenario):
    """Doing nothing useful until the time tracker runs out loses."""
    state = new(scenario)
    while state.phase != "over":
        actions = RULESET.legal_actions(state)
        texts = [str(a) for a in actions]
        for pick in ("choose swap=done", "move", "stop", "explore", "done"):
            if pick in texts:
                action = actions[texts.index(pick)]
                break
        else:
            action = actions[0]
        RULESET.apply(state, action)
    assert state.winners == [] and "time" in state.reason


def test_malformed_scenario_file_names_file_line_and_field(tmp_path, monkeypatch):
    """Bad input gives file:line: field: problem, never a traceback."""
    problems = check_scenarios(
        tmp_path,
        monkeypatch,
        "scenarios:\n"
        "  - id: broken\n"
        "    name: Broken\n"
        "    mode: solo\n"
        "    rounds: 0\n"
        "    summary: x\n"
        "    boards: [{board: nowhere, x: 0, y: 0}]\n"
        "    objective: {type: rally, target: 1}\n",
    )
    assert any("scenarios.yaml:5: scenarios[0].rounds" in p for p in problems), problems


def test_scenario_naming_a_missing_board(tmp_path, monkeypatch):
    """check-data: a scenario naming a board that does not exist is reported."""
    problems = check_scenarios(
        tmp_path,
        monkeypatch,
        "scenarios:\n"
        "  - id: broken\n"
        "    name: Broken\n"
        "    mode: solo\n"
        "    rounds: 5\n"
        "    summary: x\n"
        "    boards: [{board: nowhere, x: 0, y: 0}]\n"
        "    objective: {type: rally, target: 1}\n",
    )
    assert any("no board map maps/quodd/nowhere.tmx" in p for p in problems), problems


def test_tutorial_hints_explain_new_things_once():
    """Tutorials teach the mechanics one by one with scripted hints."""
    from tests.quodd.helpers import do, position

    obj = {"type": "rally", "target": 1, "mode": "tutorial", "hints": ["start"]}
    s = position(["......", ".>....", "......"], [{"hero": "rok", "at": [0, 1]}], objective=obj)
    do(s, "tumble dir=E")
    assert "current" in s.hint
    copy = RULESET.copy(s)
    copy.objective["hinted"] = []
    assert s.objective["hinted"] == ["carried"]


def test_try_a_single_board():
    """Map designers can play any one board (a shipped id or a .tmx path) above a start zone."""
    from riotsim.games.quodd import RULESET as R
    from riotsim.paths import maps_dir

    for map_id in ("b3a", str(maps_dir() / "quodd" / "b7b.tmx")):
        state = R.new_state(GameSetup((PlayerSpec("A"), PlayerSpec("B")), 1, map=map_id))
        assert state.scenario.startswith("try_")
        assert state.board.find("rally"), "a bare board gets a far-edge marker to race to"
        assert (state.board.width, state.board.height) == (9, 11)


def _copy_map(tmp_path, board_id: str, edit) -> str:
    folder = maps.map_path(board_id).parent
    for name in ("quodd_ground.tsx", "quodd_ground.png"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    path = tmp_path / f"{board_id}.tmx"
    path.write_text(edit(maps.map_path(board_id).read_text()))
    return str(path)


def _problems(path: str) -> list[str]:
    from riotsim.core.problems import ContentError
    from riotsim.core.tiled import load_board

    try:
        board = load_board(path)
    except ContentError as exc:
        return [str(p) for p in exc.problems]
    return [str(p) for p in RULESET.check_board(board, path)]


def test_board_checks_name_the_problem(tmp_path):
    """check-map: broken Quodd boards are reported with file, place and problem."""
    lonely = _copy_map(
        tmp_path, "b7a", lambda t: t.replace('type="connection"', 'type="tunnel"', 1)
    )
    assert any("water connection has no partner" in p for p in _problems(lonely))
    no_dir = _copy_map(
        tmp_path,
        "b3a",
        lambda t: t.replace('<property name="direction" value="E"/>', "", 1),
    )
    assert any("a current needs a direction" in p for p in _problems(no_dir))
    no_respawn = _copy_map(tmp_path, "b1a", lambda t: t.replace('type="respawn"', 'type="spring"'))
    assert any("needs at least one respawn point" in p for p in _problems(no_respawn))


def test_check_data_refuses_more_than_ten_bombs(tmp_path, monkeypatch):
    """Box contents (L74: ten bomb dice), our ruling B3: a scenario whose boards hold more
    than ten bombs is reported by check-data."""
    from riotsim.games.quodd import scenario
    from riotsim.games.quodd.board import Token

    real = scenario.build_board

    def crowded(spec, layouts):
        board = real(spec, layouts)
        if spec.id == "solo_bomb_alley":
            for x in range(9):
                if not board.at((x, 8)):
                    board.add((x, 8), Token.make("bomb", bomb="fire", direction="N", number=x))
                if not board.at((x, 10)):
                    board.add((x, 10), Token.make("bomb", bomb="ice", direction="N", number=9 + x))
        return board

    monkeypatch.setattr(scenario, "build_board", crowded)
    problems = checks.check_content()
    assert [p for p in problems if "more than ten bombs" in str(p)]
    monkeypatch.setattr(scenario, "build_board", real)
    assert not checks.check_content()


# -- moving platforms and beams on maps (issue 12 part C; spec 11.5, 11.6, P12) -------------


def test_check_board_reports_bad_moving_board_elements(tmp_path):
    """check-map (spec 11.6): every bad platform or beam part is reported with the map file
    and the object, one bad map per message."""
    cases = [
        ("beam_puzzle", ('value="SE"', 'value="E"'), "reflector 5,2", "a reflector's front faces"),
        ("beam_puzzle", ('type="power_block"', 'type="spring"'), "emitter 8,8", "no power block"),
        (
            "beam_puzzle",
            ('name="spin" value="cw"', 'name="spun" value="cw"'),
            "rotator 2,5",
            "a rotator needs spin",
        ),
        (
            "beam_puzzle",
            ('type="emitter" x="64"', 'type="mover" x="64"'),
            "emitter 2,0",
            "a mover must lie on a platform",
        ),
        ("platform_crossing", ('value="slide"', 'value="fly"'), "platform 1", "motion must be"),
        (
            "beam_puzzle",
            ('name="on" type="int" value="1"', 'name="on" type="int" value="7"'),
            "emitter 2,0",
            "needs on = 0 or 1",
        ),
        (
            "platform_crossing",
            ('x="208" y="144"', 'x="16" y="16"'),
            "pivot 2",
            "lies on no platform",
        ),
        (
            "platform_crossing",
            ('x="208" y="144"', 'x="16" y="16"'),
            "platform 2",
            "exactly one pivot",
        ),
        (
            "platform_crossing",
            ('x="128" y="128" width="32" height="32"', 'x="128" y="224" width="32" height="32"'),
            "platform 3",
            "is not pit or water",
        ),
        (
            "platform_crossing",
            ('width="32" height="128"', 'width="40" height="128"'),
            "platform 1",
            "whole squares",
        ),
    ]
    for board_id, (old, new), obj, message in cases:
        path = _copy_map(tmp_path, board_id, lambda t, o=old, n=new: t.replace(o, n, 1))
        problems = _problems(path)
        found = [p for p in problems if message in p]
        assert found, (board_id, message, problems)
        assert all(board_id in p for p in found), found
        assert obj in found[0], found
    rotating = _copy_map(
        tmp_path, "platform_crossing", lambda t: t.replace('type="pivot"', 'type="platform"')
    )
    assert any("unrotated rectangle" in p and "object 6" in p for p in _problems(rotating))


def test_check_board_refuses_a_respawn_point_on_a_platform(tmp_path):
    """Our ruling P12 (respawn points are fixed places, L248, L426): check-map refuses a
    respawn point on a platform."""
    path = _copy_map(
        tmp_path,
        "platform_crossing",
        lambda t: t.replace(
            'name="respawn 4,7" type="respawn" x="128" y="224"',
            'name="respawn 4,7" type="respawn" x="64" y="96"',
        ),
    )
    problems = _problems(path)
    assert any("respawn square cannot lie on a platform" in p for p in problems), problems


def test_moving_board_maps_load_with_their_platforms_and_beams():
    """The new maps (spec 11.5) load clean with their platforms; their scenarios' boards
    are lit as their emitters stand once play begins."""
    for board_id in ("platform_crossing", "beam_puzzle"):
        assert _problems(str(maps.map_path(board_id))) == []
    crossing = maps.load_layout("platform_crossing")
    assert [p.motion for p in crossing.platforms] == ["slide", "rotate", "slide"]
    assert crossing.platforms[1].pivot == (6, 4)


def test_check_data_finds_emitters_and_power_blocks_without_partners():
    """check-data (spec 11.7): on a scenario's composed board every emitter link has a power
    block and every power block link an emitter (links may cross boards)."""
    from riotsim.games.quodd import checks
    from riotsim.games.quodd.ascii import layout_from_text
    from riotsim.games.quodd.board import Board

    class Doc:
        def problem(self, where, text):
            return f"{where}: {text}"

    rows = ["E...J", "....."]
    extra = {(0, 0): {"link": "A", "on": 0}, (4, 0): {"link": "B"}}
    board = Board.compose([(layout_from_text("x", rows, extra), 0, 0, 0)])
    problems = checks._check_beams(Doc(), ["scenarios", 0], board)
    assert any("emitter has link 'A'" in p for p in problems), problems
    assert any("power_block has link 'B'" in p for p in problems), problems
    extra[(4, 0)] = {"link": "A"}
    board = Board.compose([(layout_from_text("x", rows, extra), 0, 0, 0)])
    assert checks._check_beams(Doc(), ["scenarios", 0], board) == []
