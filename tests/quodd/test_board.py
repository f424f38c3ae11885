"""Board model: 9x9 sections and 2x9 start zones composed by position and rotation."""

from __future__ import annotations

import pytest

from riotsim.games.quodd.ascii import layout_from_text
from riotsim.games.quodd.board import Board, Token

ROWS = ["W........", ".>.......", *(["........."] * 6), "........#"]


def test_compose_with_rotation_turns_cells_and_directions():
    """Scenario setup: boards are placed by position and rotation; arrows turn with them."""
    layout = layout_from_text("t", ROWS)
    board = Board.compose([(layout, 0, 0, 1)])  # a quarter turn clockwise
    assert board.is_wall((8, 0))  # top-left corner -> top-right
    assert board.ground[(0, 8)] == "pit"  # bottom-right -> bottom-left
    current = board.first((7, 1), "current")
    assert current is not None and current.get("direction") == "S"  # east turns to south


def test_start_zone_turns_into_a_column():
    """Start-zone boards (2x9) may be placed turned."""
    zone = layout_from_text("z", ["PP.PP.PP.", "........."], start_zone=True)
    board = Board.compose([(zone, 0, 0, 1)])
    assert (board.width, board.height) == (2, 9)
    assert len(board.find("start")) == 6


def test_sections_may_not_overlap():
    """Composing boards: two boards never share a square."""
    layout = layout_from_text("t", ROWS)
    with pytest.raises(ValueError, match="overlaps"):
        Board.compose([(layout, 0, 0, 0), (layout, 4, 4, 0)])


def test_rotate_section_in_play_moves_everything_on_it():
    """Rotate Board: the whole 9x9 board turns with everything on it."""
    layout = layout_from_text("t", ROWS)
    board = Board.compose([(layout, 0, 0, 0), (layout, 9, 0, 0)])
    mapping = board.rotate_section(1, -1)  # the right-hand board, counter-clockwise
    assert mapping[(9, 0)] == (9, 8)
    assert board.is_wall((9, 8)) and board.is_wall((0, 0))
    assert board.first((10, 7), "current").get("direction") == "N"
    assert board.sections[1].rotation == 3


def test_json_round_trip():
    """Positions: a board writes and reads back unchanged."""
    layout = layout_from_text("t", ROWS)
    board = Board.compose([(layout, 0, 0, 2)])
    again = Board.from_json(board.to_json())
    assert again.to_json() == board.to_json()


def test_turning_a_copy_leaves_the_original_board_alone():
    """Rotate Board on a copied board (a bot's look-ahead, the view's preview): the original
    keeps its ground, tokens, section turn and movement flags."""
    layout = layout_from_text("t", ROWS)
    board = Board.compose([(layout, 0, 0, 0), (layout, 9, 0, 0)])
    before = board.to_json()
    walls = [c for c in board.cells() if board.is_wall(c)]
    clone = board.copy()
    clone.rotate_section(1, 1)
    clone.add((4, 4), Token.make("wall"))
    assert board.to_json() == before
    assert [c for c in board.cells() if board.is_wall(c)] == walls
    assert clone.to_json() != before


def test_movement_flags_follow_every_token_change():
    """Walls, pits (bridged by walls, broken or whole), trap doors and impassable walls:
    the per-square flags the rules read stay right after each change."""
    layout = layout_from_text("t", ["#.x", "..."])
    board = Board.compose([(layout, 0, 0, 0)])
    assert board.is_pit((0, 0)) and not board.is_pit((2, 0))
    board.add((0, 0), Token.make("wall"))
    assert board.is_wall((0, 0)) and not board.is_pit((0, 0))
    wall = board.first((0, 0), "wall")
    board.replace((0, 0), wall, Token.make("broken_wall"))
    assert not board.is_wall((0, 0)) and not board.is_pit((0, 0))
    door = board.first((2, 0), "trap_door")
    board.replace((2, 0), door, door.with_props(open=1))
    assert board.is_pit((2, 0))
    board.add((1, 1), Token.make("impassable", state="up"))
    assert board.is_impassable((1, 1))
    board.remove((1, 1), board.first((1, 1), "impassable"))
    assert not board.is_impassable((1, 1))


def test_every_element_with_a_handler_is_flagged_active():
    """Movement priority reads a square's ACTIVE flag to offer a steal before its elements
    act: the flag must cover exactly the token kinds that have an effect on arrival."""
    from riotsim.games.quodd import elements
    from riotsim.games.quodd.board import ACTIVE_KINDS

    assert set(ACTIVE_KINDS) == set(elements.HANDLERS)
