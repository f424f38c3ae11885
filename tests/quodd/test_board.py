"""Board model: 9x9 sections and 2x9 start zones composed by position and rotation."""

from __future__ import annotations

import pytest

from riotsim.games.quodd.ascii import layout_from_text
from riotsim.games.quodd.board import Board

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
