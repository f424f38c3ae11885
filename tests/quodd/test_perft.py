"""Perft-style counts: legal action counts in fixed positions catch silent rule drift."""

from __future__ import annotations

from riotsim.games.quodd import RULESET
from tests.quodd.helpers import do, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
ROWS = [".........", ".W..~~...", ".W.>@~.s.", "....#....", "..T..U..U", "........."]


def perft(state, depth: int) -> int:
    """Action sequences of ``depth`` plies within one movement phase (stops at its end)."""
    if depth == 0 or state.phase != "movement":
        return 1
    total = 0
    for action in RULESET.legal_actions(state):
        child = RULESET.copy(state)
        RULESET.apply(child, action)
        total += perft(child, depth - 1)
    return total


def fresh():
    track = [["rok_stride", "a"], ["rok_pick", "b"]]
    return position(
        ROWS,
        [
            {"hero": "rok", "at": [3, 3], "skills": dict(SK), "track": track},
            {"hero": "aang", "at": [6, 3]},
        ],
    )


def test_perft_counts():
    """Counted by hand: 4 tumbles; then N -> current -> whirlpool (2 spins), E -> pit, where
    the fallen hero picks one of 4 equally near squares (this board has no respawn point) and
    its movement ends, S -> slide (4 steps + stop), W -> diagonal (3 steps + stop) = 15; at
    depth 3 the jump after each spin has 9 landings + stop, and the slide onto the teleporter
    rolls a 2 (seed 1: 11 destinations) - 48 in all."""
    assert [perft(fresh(), d) for d in (1, 2, 3)] == [4, 15, 48]


def test_perft_slide_branch():
    """Slide Skill after a natural tumble south: 4 steps + stop, then the counted replies."""
    s = fresh()
    do(s, "tumble dir=S")
    assert s.turn.skill == "slide" and s.turn.remaining == 3
    assert perft(s, 1) == 5
    assert perft(s, 2) == 2 + 2 + 1 + 11 + 1


def test_perft_wall_builder_leaves_on_every_move():
    """Wall Builder (a choice on every move): 4 natural tumbles, each with or without a wall
    left behind = 8; after tumbling north (jump on top, 1 movement) on a 5x5 board: jumps
    east, south and west (north would leave the board), each with or without a wall, + stop
    = 7, with the wall left on the start square or not."""
    rows = ["....."] * 5
    hero = {"hero": "tobin", "at": [2, 2], "skills": dict(SK), "track": [["tobin_springs", "a"]]}
    assert perft(position(rows, [hero]), 1) == 8
    for first in ("tumble dir=N", "tumble dir=N leave=wall"):
        s = position(rows, [dict(hero)])
        do(s, first)
        assert s.turn.skill == "jump" and perft(s, 1) == 7
