"""A Quodd board file as an ad-hoc scenario with its own objective (map properties
``objective``, ``target``, ``rounds``), and the check-map warning for objectives some skills
cannot reach (reference "A turn": every move starts with a natural tumble; "Skills": slide,
diagonal slide, dash, jump, tumble; walls block all but jumps)."""

from __future__ import annotations

from pathlib import Path

import pytest

from riotsim.core.checks import check_map
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.quodd import maps, scenario
from riotsim.games.quodd.board import Board
from riotsim.games.quodd.reachcheck import reachable, unreachable_objectives

B1A = Path(__file__).resolve().parents[2] / "maps" / "quodd" / "b1a.tmx"
TILESET = 'source="quodd_ground.tsx"'


def _object(oid: int, kind: str, x: int, y: int, number: int | None = None) -> str:
    props = (
        f'<properties><property name="number" type="int" value="{number}"/></properties>'
        if number is not None
        else ""
    )
    return (
        f'  <object id="{oid}" name="{kind} {x},{y}" type="{kind}" x="{x * 32}" y="{y * 32}" '
        f'width="32" height="32">{props}</object>\n'
    )


def board_file(
    tmp_path: Path, objects: list[str], props: dict[str, str], name: str = "mine.tmx"
) -> Path:
    """b1a (four walls, two respawn points) with more elements and map properties."""
    text = B1A.read_text().replace(TILESET, f'source="{B1A.parent / "quodd_ground.tsx"}"')
    extra = "".join(f'  <property name="{k}" value="{v}"/>\n' for k, v in props.items())
    text = text.replace(" </properties>\n <tileset", f"{extra} </properties>\n <tileset", 1)
    head, last, tail = text.rpartition(" </objectgroup>")  # into the last object layer
    text = head + "".join(objects) + last + tail
    text = text.replace('nextobjectid="7"', f'nextobjectid="{7 + len(objects)}"')
    path = tmp_path / name
    path.write_text(text)
    return path


CRYSTALS = [_object(7, "crystal", 4, 1), _object(8, "crystal", 0, 0), _object(9, "drop_zone", 4, 8)]


def test_the_map_properties_set_objective_target_and_rounds(tmp_path):
    path = board_file(tmp_path, CRYSTALS, {"objective": "crystals", "target": "1", "rounds": "9"})
    assert [p for p in check_map(path) if not p.is_warning] == []
    spec = scenario.sandbox(str(path))
    assert (spec.objective.type, spec.objective.target, spec.rounds) == ("crystals", 1, 9)
    players = (PlayerSpec("A", bot="random"), PlayerSpec("B", bot="random"))
    state = scenario.new_state(GameSetup(players, seed=1, map=str(path)))
    assert state.objective["type"] == "crystals" and state.objective["target"] == 1
    assert state.round_limit == 9


def test_without_properties_the_board_contents_choose_as_before(tmp_path):
    rally = [_object(7, "rally", 4, 0, 1), *CRYSTALS[:2]]
    spec = scenario.sandbox(str(board_file(tmp_path, rally, {})))
    assert (spec.objective.type, spec.objective.target, spec.rounds) == ("rally", 1, 12)


def test_objective_rally_on_a_bare_board_places_a_marker_on_the_far_edge(tmp_path):
    spec = scenario.sandbox(str(board_file(tmp_path, CRYSTALS, {"objective": "rally"})))
    assert spec.objective.type == "rally"
    assert [(t.kind, tuple(t.at)) for t in spec.tokens] == [("rally", (4, 0))]


@pytest.mark.parametrize(
    ("props", "objects", "words"),
    [
        ({"objective": "gold"}, [], "'gold' is not one of rally, crystals, treasure, sheep"),
        ({"rounds": "99"}, [], "99 is outside 1..40"),
        ({"target": "many"}, [], "'many' is not a whole number"),
        ({"objective": "crystals", "target": "3"}, CRYSTALS, "needs 3 crystal, the board has 2"),
        ({"objective": "crystals"}, CRYSTALS[:2], "a crystals objective needs a drop zone"),
        ({"objective": "rally", "target": "2"}, [], "needs them on the board"),
    ],
)
def test_check_map_refuses_bad_objective_properties(tmp_path, props, objects, words):
    problems = check_map(board_file(tmp_path, objects, props))
    found = [p for p in problems if words in p.message and not p.is_warning]
    assert found, [str(p) for p in problems]
    assert found[0].place.startswith("map property")


def _tried(path: Path) -> Board:
    layout, zone = maps.load_layout(str(path)), maps.load_layout("sz1a")
    return Board.compose([(layout, 0, 0, 0), (zone, 0, 9, 0)])


def test_a_drop_zone_on_a_wall_is_reached_only_by_jumps(tmp_path):
    """Walls block every skill except Jump; jumps may land on walls."""
    objects = [_object(7, "crystal", 4, 6), _object(8, "drop_zone", 3, 3)]
    path = board_file(tmp_path, objects, {}, "wall_drop.tmx")
    board = _tried(path)
    assert (3, 3) in reachable(board, board.find("start"), "jump")
    assert (3, 3) not in reachable(board, board.find("start"), "dash")
    warnings = unreachable_objectives(board, board.find("start"), str(path))
    assert [w.place for w in warnings] == ["cell (3, 3)"]
    assert "(only with jump)" in warnings[0].message
    assert "the dash skill" in warnings[0].message and warnings[0].is_warning


def test_a_square_open_only_diagonally_is_reached_by_diagonal_moves(tmp_path):
    walls = [_object(7 + i, "wall", x, y) for i, (x, y) in enumerate([(4, 0), (4, 2), (3, 1)])]
    # (4, 1): walls west, north (edge is row 0: a wall there), south; east is (5, 1) open
    rally = [_object(10, "rally", 4, 1, 1), _object(11, "wall", 5, 1)]
    board = _tried(board_file(tmp_path, walls + rally, {}, "corner.tmx"))
    starts = board.find("start")
    assert (4, 1) not in reachable(board, starts, None)
    assert (4, 1) in reachable(board, starts, "diagonal")
    assert (4, 1) in reachable(board, starts, "dash")
    (only,) = unreachable_objectives(board, starts, "x")
    assert "(only with jump, diagonal slide, dash)" in only.message


def test_shipped_boards_have_no_unreachable_objectives():
    for board_id in maps.board_ids():
        layout = maps.load_layout(board_id)
        if not layout.start_zone:
            assert maps.objective_reach(layout, board_id) == [], board_id


def test_check_data_warns_of_a_scenario_objective_only_jumps_reach():
    """The same warning for a scenario (its composed board and start squares), with the
    scenario's line in scenarios.yaml; a clean scenario gets none."""
    from riotsim.core.content import read_yaml
    from riotsim.games.quodd import catalog, checks
    from riotsim.games.quodd.board import Token
    from riotsim.paths import data_dir

    doc = read_yaml(data_dir() / "quodd" / "scenarios.yaml")
    index = [s.id for s in catalog.scenarios().values()].index("tutorial_1")
    spec = catalog.scenarios()["tutorial_1"]
    board = scenario._shipped_board("tutorial_1").copy()
    starts = board.find("start")
    loc = ["scenarios", index]
    assert [p for p in checks._check_objective(doc, loc, spec, board, starts) if p.is_warning] == []
    x, y = 4, 5  # rally marker 2: wall it in on four sides
    for cell in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        board.add(cell, Token.make("wall"))
    found = [p for p in checks._check_objective(doc, loc, spec, board, starts) if p.is_warning]
    assert len(found) == 1 and "rally marker at (4, 5)" in found[0].message
    assert "(only with jump, diagonal slide, dash)" in found[0].message
    assert found[0].path.endswith("scenarios.yaml") and found[0].place
