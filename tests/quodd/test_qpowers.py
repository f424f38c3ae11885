"""Q-Powers: each hero's unique power plus rearranging skills; default range 7."""

from __future__ import annotations

from riotsim.games.quodd.cube import Cube
from tests.quodd.helpers import do, legal, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 12] * 12


def q_ready(at, hero_id="rok", **kw):
    """A hero whose natural tumble north brings the Q back on top."""
    cube = list(Cube.start("N").tumble("S").as_tuple())
    return {"hero": hero_id, "at": list(at), "skills": dict(SK), "cube": cube, **kw}


def test_q_up_offers_unique_power_and_rearrange():
    """Q-Powers: activated when the Q faces up; use any or all of them."""
    s = position(OPEN, [q_ready((5, 6))])
    do(s, "tumble dir=N")
    assert s.current.cube.top == "q"
    assert legal(s) == {"qpower power=place_terrain", "qpower power=rearrange", "stop"}


def test_rok_places_wall_broken_wall_or_tunnel_within_seven():
    """Rok Gemstalker's Q-Power: place a wall, broken wall or tunnel (range 7)."""
    s = position(OPEN, [q_ready((5, 6))])
    do(s, "tumble dir=N", "qpower power=place_terrain")
    assert legal(s) == {"choose token=wall", "choose token=broken_wall", "choose token=tunnel"}
    do(s, "choose token=tunnel")
    spots = legal(s)
    assert "choose at=(5,0)" in spots  # 5 away
    assert "choose at=(11,11)" not in spots  # 12 away
    assert "choose at=(5,5)" not in spots  # never under a hero
    do(s, "choose at=(5,0)")
    assert s.board.has((5, 0), "tunnel")
    assert legal(s) == {"qpower power=rearrange", "stop"}


def test_rearrange_q_power():
    """Shared Q-Power: rearrange the skill tiles on the faces of your hero."""
    s = position(OPEN, [q_ready((5, 6))])
    do(s, "tumble dir=N", "qpower power=rearrange", "choose swap=feet/front", "choose swap=done")
    assert s.current.skills["feet"] == "slide" and s.current.skills["front"] == "dash"
    do(s, "stop")
    assert s.phase == "recovery"


def test_forest_places_a_teleporter():
    """Q: Place Teleporter (range 7)."""
    s = position(OPEN, [q_ready((5, 6), "forest")])
    do(s, "tumble dir=N", "qpower power=place_teleporter", "choose at=(2,2)")
    assert s.board.has((2, 2), "teleporter")


def test_aang_earthquake_tumbles_every_hero():
    """Q: Earthquake - roll the direction die and tumble all heroes that way; no skills."""
    s = position(OPEN, [q_ready((5, 6), "aang"), {"hero": "rok", "at": [8, 8]}])
    do(s, "tumble dir=N")
    s.rng.script("E")
    do(s, "qpower power=earthquake")
    assert s.heroes[0].pos == (6, 5) and s.heroes[1].pos == (9, 8)
    assert s.heroes[1].cube.top == "left"
    assert s.turn.skill == "q"  # nothing else activated


def test_trixie_rotates_her_board():
    """Q: Rotate Board - turn the board your hero is on 90 degrees either way."""
    rows = ["W........", *(["........."] * 8)]
    s = position(rows, [q_ready((4, 7), "trixie")])
    do(s, "tumble dir=N", "qpower power=rotate_board")
    do(s, "choose spin=ccw")
    assert s.board.is_wall((0, 8))
    assert s.current.pos == (6, 4)


def test_mirra_copies_another_heros_q_power():
    """Q: Copy Q-Power - use another hero's Q-Power in place of your own."""
    s = position(OPEN, [q_ready((5, 6), "mirra"), {"hero": "forest", "at": [9, 9]}])
    do(s, "tumble dir=N", "qpower power=copy_q")
    assert legal(s) == {"choose power=place_teleporter"}
    do(s, "choose power=place_teleporter", "choose at=(3,3)")
    assert s.board.has((3, 3), "teleporter")


def test_tobin_flips_an_upgrade():
    """Q: Flip Upgrade - turn one of your upgrade tiles over."""
    s = position(OPEN, [q_ready((5, 6), "tobin", track=[["tobin_gears", "a"]])])
    do(s, "tumble dir=N", "qpower power=flip_upgrade", "choose slot=0")
    assert s.current.track == [("tobin_gears", "b")]
