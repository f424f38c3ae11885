"""Moving platforms (docs/quodd-moving-board.md section 6; rulebook *Moving Platforms*,
*How Platforms Work* L638-654): sliding and rotating platforms in the End-of-Round Board
Upkeep, riders, obstruction, and the worked examples "Blocked" (E6) and "Moving" (E7)."""

from __future__ import annotations

from riotsim.games.quodd import RULESET
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.cube import Cube
from tests.quodd.helpers import do, kinds, position, upkeep

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
LANE = ["..#..", "..#..", ".....", ".....", "..#..", "..#..", "..#.."]


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


def cells(state, i=0):
    return [list(c) for c in state.board.platforms[i].cells]


def test_blocked_platform_turns_its_arrow_and_moves_next_round():
    """How Platforms Work L646, example "Blocked" L652 (spec E6, P4, P5): an obstructed
    sliding platform spins its arrow 180 degrees and moves that way next upkeep."""
    s = position(
        LANE,
        [hero((2, 3))],
        platforms=[
            {"cells": [[2, 2]], "motion": "slide", "direction": "E"},
            {"cells": [[2, 3]], "motion": "slide", "direction": "N"},
        ],
    )
    upkeep(s)
    top, low = s.board.platforms
    assert (top.cells, top.direction) == (((2, 2),), "W")  # floor at (3,2): not a lane
    assert (low.cells, low.direction) == (((2, 3),), "S")  # TOP is in the way
    assert s.heroes[0].pos == (2, 3)
    upkeep(s)
    top, low = s.board.platforms
    assert (top.cells, top.direction) == (((2, 2),), "E")  # floor at (1,2)
    assert low.cells == ((2, 4),)
    assert s.heroes[0].pos == (2, 4)
    assert s.board.ground[(2, 3)] == "pit" and s.board.is_pit((2, 3))


def test_two_unobstructed_platforms_each_move_one_square():
    """Example "Moving" L654 and the order of L644 (spec E7, P2, P3, P7, U2): A (north)
    moves first and frees the square B needs; B slides along its length with its riders."""
    rows = list(LANE)
    rows[4] = "..c.."
    s = position(
        rows,
        [hero((2, 3))],
        platforms=[
            {"cells": [[2, 2]], "motion": "slide", "direction": "N"},
            {"cells": [[2, 3], [2, 4]], "motion": "slide", "direction": "N"},
        ],
    )
    events = upkeep(s)
    assert cells(s, 0) == [[2, 1]]
    assert cells(s, 1) == [[2, 2], [2, 3]]
    assert s.heroes[0].pos == (2, 2)
    assert s.board.has((2, 3), "crystal") and not s.board.has((2, 4), "crystal")
    assert s.board.is_pit((2, 4))
    assert kinds(events).count("platform_moved") == 2


def test_rotating_platform_turns_about_its_token():
    """How Platforms Work L648, L650 (spec P6, P8): a quarter turn clockwise about the
    rotating token; the hero on it rides and its cube spins with it."""
    s = position(
        ["#####", "#####", "#...#", "#####", "#####"],
        [hero((1, 2), cube=list(Cube.start("N").as_tuple()))],
        platforms=[
            {"cells": [[1, 2], [2, 2], [3, 2]], "motion": "rotate", "spin": "cw", "pivot": [2, 2]}
        ],
    )
    before = s.heroes[0].cube
    upkeep(s)
    assert cells(s) == [[2, 1], [2, 2], [2, 3]]
    assert s.heroes[0].pos == (2, 1)
    assert s.heroes[0].cube == before.spin(1)
    assert s.board.is_pit((1, 2)) and s.board.is_pit((3, 2))


def test_obstructed_rotating_platform_waits():
    """L648 ("simply do nothing until it is no longer obstructed"; spec P6): a wall on a
    square it would cover stops it, its arrow unchanged; with the wall gone it turns."""
    s = position(
        ["#####", "##w##", "#...#", "#####", "#####"],
        [hero((0, 0))],
        platforms=[
            {"cells": [[1, 2], [2, 2], [3, 2]], "motion": "rotate", "spin": "cw", "pivot": [2, 2]}
        ],
    )
    events = upkeep(s)
    assert cells(s) == [[1, 2], [2, 2], [3, 2]] and s.board.platforms[0].spin == "cw"
    assert "platform_blocked" in kinds(events)
    s.board.remove((2, 1), Token.make("wall"))
    upkeep(s)
    assert cells(s) == [[2, 1], [2, 2], [2, 3]]


def test_riders_move_with_the_platform():
    """L644 (spec P8, our ruling): everything on the platform rides; a rider does not step,
    so the spring under the hero does not throw it."""
    rows = ["#####", "#####", "#####", "##s##", "##c##", "#####"]
    s = position(
        rows,
        [hero((2, 3))],
        platforms=[{"cells": [[2, 3], [2, 4]], "motion": "slide", "direction": "N"}],
    )
    events = upkeep(s)
    assert s.heroes[0].pos == (2, 2)
    assert s.board.has((2, 2), "spring") and s.board.has((2, 3), "crystal")
    assert s.board.is_pit((2, 4)) and not s.board.at((2, 4))
    assert "sprung" not in kinds(events) and "collected" not in kinds(events)


def test_directed_tokens_ride_and_turn_with_a_rotating_platform():
    """Spec P8: tokens with a direction on a rotating platform turn with it (a current, a
    cannon - a cannon that rides does not fire: riders trigger nothing). Resting bombs and
    sheep turn the same way (their own upkeep steps are parts A and B)."""
    s = position(
        ["#####", "#####", "#...#", "#####", "#####"],
        [hero((0, 0))],
        tokens=[
            {"at": [3, 2], "kind": "current", "direction": "E"},
            {"at": [1, 2], "kind": "cannon", "direction": "N"},
        ],
        platforms=[
            {"cells": [[1, 2], [2, 2], [3, 2]], "motion": "rotate", "spin": "cw", "pivot": [2, 2]}
        ],
    )
    events = upkeep(s)
    assert s.board.first((2, 3), "current").get("direction") == "S"
    assert s.board.first((2, 1), "cannon").get("direction") == "E"
    assert "cannon_fired" not in kinds(events)


def test_platforms_move_before_beam_elements_and_only_present_kinds_open_a_step():
    """End-of-Round Phase, 1. Board Upkeep (L345-352; spec U1, U6): the platform step comes
    before the beam-element step, and each opens with an upkeep_step event only when its
    kind is on the board."""
    rows = ["...E.....", ".........", ".........", "...M###..", "#########"]
    s = position(
        rows,
        [hero((0, 0))],
        extra={"3,0": {"direction": "S"}},
        platforms=[
            {"cells": [[3, 3]], "motion": "none"},
            {"cells": [[0, 4]], "motion": "slide", "direction": "E"},
        ],
    )
    events = upkeep(s)
    order = [
        (e.kind, e.data.get("id")) for e in events if e.kind in ("platform_moved", "gadget_acted")
    ]
    # the sliding platform (p2) in the platform step, then the mover's platform (p1)
    assert order == [("platform_moved", "p2"), ("platform_moved", "p1"), ("gadget_acted", None)]
    steps = [e.data["kind"] for e in events if e.kind == "upkeep_step"]
    assert steps == ["platforms", "beams"]
    s = position(LANE, [hero((0, 0))])
    assert "upkeep_step" not in kinds(upkeep(s))


def test_stepping_off_a_platform_into_the_pit_falls():
    """Spec P11: a platform is ordinary floor; stepping off it onto a pit is a fall."""
    s = position(
        [".##..", ".#...", "....."],
        [hero((1, 1))],
        platforms=[{"cells": [[1, 1]], "motion": "slide", "direction": "S"}],
    )
    events = do(s, "tumble dir=N")
    assert "fell" in kinds(events)
    assert s.heroes[0].pos != (1, 0)


def test_platform_saves_round_trip_after_moving():
    """Spec 11.2: a moved platform (and what it covers) saves and loads unchanged."""
    s = position(
        LANE, [hero((0, 0))], platforms=[{"cells": [[2, 2]], "motion": "slide", "direction": "N"}]
    )
    upkeep(s)
    loaded = RULESET.from_position(s.to_json())
    assert loaded.board.platforms == s.board.platforms
    assert loaded.board.ground == s.board.ground


def test_platform_kinds_read_from_a_map():
    """Moving Platforms (L638-650; spec P1, 11.5): sliding, rotating (with its pivot) and
    fixed platforms are read from Tiled maps, which check-map finds clean; composed into a
    board, a platform's squares are floor over the map's pits."""
    from riotsim.games.quodd import maps
    from riotsim.games.quodd.board import Board

    crossing = maps.load_layout("platform_crossing")
    works = maps.load_layout("beam_puzzle")
    motions = [p.motion for p in crossing.platforms + works.platforms]
    assert sorted(set(motions)) == ["none", "rotate", "slide"]
    assert crossing.platforms[0].direction == "S" and crossing.platforms[1].spin == "cw"
    board = Board.compose([(crossing, 0, 0, 1)])  # a quarter turn clockwise
    slide = board.platforms[0]
    assert slide.direction == "W"  # turned with its layout
    assert all(board.ground[c] == "floor" for c in slide.cells)
    assert all(g == "pit" for _, g, _ in slide.beneath)
    for board_id in ("platform_crossing", "beam_puzzle"):
        layout = maps.load_layout(board_id)
        assert layout.platforms


def test_resting_bombs_ride_and_turn_with_a_rotating_platform():
    """Spec B16 with P8 (Moving Platforms L646: everything on a platform moves with it): two
    bombs that stop each other (Bombs & Explosions, B5) rest on a rotating platform in the
    bombs step; the platform step then carries them, their directions turning with it."""
    s = position(
        ["#####", "#####", "#**.#", "#####", "#####"],
        [hero((0, 0))],
        extra={"2,2": {"direction": "W"}},
        platforms=[
            {"cells": [[1, 2], [2, 2], [3, 2]], "motion": "rotate", "spin": "cw", "pivot": [2, 2]}
        ],
    )
    events = upkeep(s)
    assert "bomb_moved" not in kinds(events) and "platform_rotated" in kinds(events)
    bombs = {c: s.board.first(c, "bomb").get("direction") for c in s.board.find("bomb")}
    assert bombs == {(2, 1): "S", (2, 2): "N"}
