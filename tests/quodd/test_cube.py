"""The hero cube: tumbling over an edge, spinning in place, opposite faces stay opposite."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from riotsim.games.quodd.cube import OPPOSITE_FACE, Cube


def test_start_is_q_up_facing_into_the_board():
    """General Setup step 6: heroes start Q-up facing into the board."""
    cube = Cube.start("E")
    assert cube.top == "q" and cube.bottom == "feet"
    assert cube.east == "front" and cube.west == "back"
    cube.check()


def test_tumble_north_brings_the_south_face_up():
    """Step 1, Natural Tumble: rolling over the north edge puts the former south face on top."""
    cube = Cube.start("N")  # front faces north, back south
    rolled = cube.tumble("N")
    assert rolled.top == "back"
    assert rolled.north == "q"
    assert rolled.bottom == "front"
    assert rolled.east == cube.east and rolled.west == cube.west


def test_four_tumbles_one_way_come_back():
    """Natural Tumble: four tumbles the same way bring the cube back as it was."""
    cube = Cube.start("N")
    for d in "NESW":
        c = cube
        for _ in range(4):
            c = c.tumble(d)
        assert c == cube


def test_spin_keeps_the_top_face():
    """Whirlpool: a spin is not a tumble - the face on top stays on top."""
    cube = Cube.start("N").tumble("E")
    spun = cube.spin(1)
    assert spun.top == cube.top and spun.bottom == cube.bottom
    assert spun.east == cube.north and spun.north == cube.west
    assert cube.spin(1).spin(-1) == cube


@given(st.lists(st.sampled_from(["N", "E", "S", "W", "cw", "ccw"]), max_size=60))
def test_opposite_faces_stay_opposite(moves):
    """Invariant: over any sequence of tumbles and spins the cube stays a valid cube."""
    cube = Cube.start("S")
    for move in moves:
        cube = cube.spin(1 if move == "cw" else -1) if move in ("cw", "ccw") else cube.tumble(move)
        cube.check()
        assert OPPOSITE_FACE[cube.top] == cube.bottom
        assert OPPOSITE_FACE[cube.north] == cube.south
        assert OPPOSITE_FACE[cube.east] == cube.west


def test_tumble_then_back_is_identity():
    """Natural Tumble: tumbling back undoes a tumble."""
    cube = Cube.start("W")
    for d, back in (("N", "S"), ("E", "W"), ("S", "N"), ("W", "E")):
        assert cube.tumble(d).tumble(back) == cube
