"""Scenario previews for the setup screen: one Tiled board composed like the rules' board."""

from __future__ import annotations

from collections import Counter

import pytest

from riotsim.core.squaregrid import Placement
from riotsim.core.tiled import Board as TiledBoard
from riotsim.core.tiled import load_board
from riotsim.games.quodd import RULESET, catalog, maps, scenario
from riotsim.games.quodd.preview import turned_flips

SCENARIOS = list(catalog.scenarios())


def _rules_board(scenario_id: str):
    return scenario._shipped_board(scenario_id)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_ground_lands_where_the_rules_put_it(scenario_id):
    """Scenario setup (boards placed and turned): every square of the rules' composed board
    has the same ground in the preview, and the preview has no tile anywhere else."""
    rules = _rules_board(scenario_id)
    board = RULESET.preview(scenario_id)
    assert isinstance(board, TiledBoard)
    assert (board.width, board.height) == (rules.width, rules.height)
    for y in range(board.height):
        for x in range(board.width):
            ground = board.tile_property((x, y), "ground")
            assert ground == rules.ground.get((x, y)), (scenario_id, (x, y))


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_elements_and_scenario_tokens_match_the_rules(scenario_id):
    """Board elements and the scenario's own tokens sit on the rules' squares; a current's
    arrow turns with its board."""
    rules = _rules_board(scenario_id)
    board = RULESET.preview(scenario_id)
    expected = Counter(
        (cell, token.kind, token.get("direction"), token.get("number"))
        for cell, tokens in rules.tokens.items()
        for token in tokens
    )
    shown = Counter(
        (obj.cell, obj.kind, obj.get("direction"), obj.get("number")) for obj in board.objects
    )
    assert shown == expected
    scenario_tokens = [o for o in board.objects if o.layer == "scenario"]
    assert len(scenario_tokens) == len(catalog.scenarios()[scenario_id].tokens)
    assert len({o.id for o in board.objects}) == len(board.objects)


@pytest.mark.parametrize(
    ("scenario_id", "board_id"), [("solo_treasure", "b5b"), ("solo_springs", "b4b")]
)
def test_turned_boards_agree_with_squaregrid(scenario_id, board_id):
    """A board placed with a rotation: each drawn cell lands on Placement.to_world of its
    local cell (riotsim.core.squaregrid), and its tile picture is turned with Tiled flags."""
    placed = next(p for p in catalog.scenarios()[scenario_id].boards if p.board == board_id)
    assert placed.rotation
    source = load_board(maps.map_path(board_id))
    turns = placed.rotation // 90
    placement = Placement(board_id, source.width, source.height, (placed.x, placed.y), turns)
    board = RULESET.preview(scenario_id)
    flags = turned_flips(False, False, False, turns)
    for (x, y), tile in source.tile_layers[0].cells():
        world = placement.to_world((x, y))
        moved = board.tile_layers[0].at(world)
        assert moved is not None and moved.properties == tile.properties
        ref = moved.ref
        assert (ref.flipped_d, ref.flipped_h, ref.flipped_v) == flags
    for obj in source.objects:
        twin = [
            o
            for o in board.objects
            if o.layer == obj.layer and o.name == obj.name and o.kind == obj.kind
        ]
        assert placement.to_world(obj.cell) in {o.cell for o in twin}


def test_turned_rect_objects_stay_on_their_square():
    """An element turned with its board still covers exactly its world square."""
    board = RULESET.preview("solo_treasure")
    tw, th = board.tile_width, board.tile_height
    for obj in board.objects:
        assert obj.shape == "rect" and obj.rotation == 0
        assert (int(obj.x // tw), int(obj.y // th)) == obj.cell
        assert (obj.width, obj.height) == (tw, th)


def test_flip_flags_of_quarter_turns():
    """Tiled draws a tile turned a quarter clockwise with the diagonal and horizontal flips,
    a half turn with both flips, three quarters with the diagonal and vertical flips."""
    assert turned_flips(False, False, False, 1) == (True, True, False)
    assert turned_flips(False, False, False, 2) == (False, True, True)
    assert turned_flips(False, False, False, 3) == (True, False, True)
    for flags in [(False, True, False), (True, False, False), (True, True, True)]:
        assert turned_flips(*flags, 4) == flags
        assert turned_flips(*turned_flips(*flags, 1), 3) == flags


def test_single_boards_and_unknown_choices():
    """A board id previews that board; a designer's .tmx path too; anything else has none."""
    board = RULESET.preview("b1a")
    assert board is not None and (board.width, board.height) == (9, 9)
    assert board.path.endswith("b1a.tmx")
    assert RULESET.preview(str(maps.map_path("sz1a"))).height == 2
    assert RULESET.preview("no_such_thing") is None
    assert RULESET.preview(None) is None
    assert RULESET.preview("/nowhere/missing.tmx") is None
