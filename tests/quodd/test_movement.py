"""Phase 2: Movement - natural tumble, the five skills, distance, stealing, pushing, landing."""

from __future__ import annotations

import pytest

from riotsim.core.contract import IllegalAction
from tests.quodd.helpers import do, kinds, legal, position

# front faces north at the start: tumbling N brings "back" up, S "front", E "left", W "right"
SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 9] * 9


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


def test_worked_movement_example():
    """'Example: Moving and Interacting with the Board': tumble, current, whirlpool, tumble
    skill, current, whirlpool, then a jump clearing one wall and landing on the next."""
    s = position([".........", ".>@>@WW..", "........."], [hero((0, 1))])
    ev = do(s, "tumble dir=E")
    assert kinds(ev) == ["tumbled", "carried"] and s.current.pos == (2, 1)
    assert legal(s) == {"choose spin=cw", "choose spin=ccw"}
    ev = do(s, "choose spin=cw")
    assert s.turn.skill == "tumble"  # the spin did not change the face on top
    ev = do(s, "roll dir=E")
    assert kinds(ev) == ["tumbled", "carried"] and s.current.pos == (4, 1)
    ev = do(s, "choose spin=ccw")
    assert "skill_activated" in kinds(ev) and s.turn.skill == "jump"
    assert "jump dir=E over=1" in legal(s)
    do(s, "jump dir=E over=1")
    assert s.current.pos == (6, 1) and s.board.is_wall((6, 1))
    assert s.phase == "recovery"


def test_natural_tumble_is_orthogonal_and_never_in_place():
    """Step 1, Natural Tumble: one orthogonal square; blocked squares cannot be chosen."""
    s = position([".....", "..W..", "..P..", ".....", "....."], [hero((2, 2))])
    assert legal(s) == {"tumble dir=E", "tumble dir=S", "tumble dir=W"}
    with pytest.raises(IllegalAction):
        do(s, "tumble dir=N")


def test_natural_tumble_activates_the_new_top_face():
    """Step 2: the skill on the face now on top activates, in any direction you like."""
    s = position(OPEN, [hero((4, 4))])
    do(s, "tumble dir=N")  # back comes up: jump
    assert s.turn.skill == "jump"
    s = position(OPEN, [hero((4, 4))])
    do(s, "tumble dir=S")  # front comes up: slide
    assert s.turn.skill == "slide"
    assert {"step dir=N", "step dir=E", "step dir=S", "step dir=W"} <= legal(s)


def test_slide_moves_in_one_straight_line_and_may_stop_early():
    """Slide skill: orthogonal straight line; Step 3: never forced to use the full distance."""
    s = position(OPEN, [hero((4, 4), track=[["rok_stride", "a"], ["rok_pick", "b"]])])
    do(s, "tumble dir=S")  # slide with 1 + 2 movement
    assert s.turn.remaining == 3
    do(s, "step dir=E")
    assert legal(s) >= {"step dir=E", "stop"} and "step dir=N" not in legal(s)
    do(s, "stop")
    assert s.current.pos == (5, 5) and s.phase == "recovery"


def test_diagonal_slide_and_dash():
    """Diagonal Slide moves diagonally in a line; Dash may change direction every step."""
    s = position(OPEN, [hero((4, 4), track=[["rok_stride", "a"]])])
    do(s, "tumble dir=W")  # right comes up: diagonal
    assert s.turn.skill == "diagonal"
    assert {"step dir=NE", "step dir=SE", "step dir=SW", "step dir=NW"} <= legal(s)
    assert "step dir=N" not in legal(s)
    do(s, "step dir=NE")
    assert legal(s) == {"step dir=NE", "stop"}
    dash = dict(SK, right="dash", feet="diagonal")
    s = position(
        OPEN, [{"hero": "rok", "at": [4, 4], "skills": dash, "track": [["rok_stride", "a"]]}]
    )
    do(s, "tumble dir=W", "step dir=N")
    assert "step dir=E" in legal(s) and "step dir=SW" in legal(s)


def test_walls_block_every_skill_but_jump():
    """Walls: they block movement (here a slide) but can be jumped over."""
    s = position(["....", "..W.", "...."], [hero((1, 0))])
    do(s, "tumble dir=S")  # slide at (1,1)
    assert "step dir=E" not in legal(s) and "step dir=W" in legal(s)


def test_jump_must_clear_a_square_and_may_land_on_walls():
    """Jump Skill: a jump of 1 goes over one square; landing on walls is allowed."""
    s = position(["........", "........", "...WW..."], [hero((1, 1))])
    do(s, "tumble dir=N")  # jump at (1, 0)
    s.current.pos = (2, 2)
    s.turn.remaining = 1
    opts = legal(s)
    assert "jump dir=E over=1" in opts and "jump dir=E over=0" not in opts
    do(s, "jump dir=E over=1")
    assert s.current.pos == (4, 2) and s.board.is_wall((4, 2))


def test_jump_of_zero_only_when_nothing_else_is_possible():
    """Jump Skill: a jump clears at least one square *if possible*; otherwise it may hop."""
    s = position(["..", ".."], [hero((0, 1))])
    do(s, "tumble dir=N")  # jump at (0,0): every 1-square jump lands off the board
    assert {a for a in legal(s) if a.startswith("jump")} == {
        "jump dir=E over=0",
        "jump dir=S over=0",
    }


def test_hero_on_a_wall_moves_along_the_wall_tops():
    """Walls: after landing on a wall by jumping you may move along the top of walls."""
    s = position(["..WWW.", "......"], [hero((2, 0))])
    assert "tumble dir=E" in legal(s)  # wall top to wall top
    s = position(["..WWW.", "......"], [hero((1, 0))])
    assert "tumble dir=E" not in legal(s)  # from the ground a wall blocks


def test_tumble_skill_activates_the_face_on_top_at_its_end():
    """Tumble Skill: like the natural tumble, it activates the new top face at its end."""
    s = position(OPEN, [hero((4, 4))])
    do(s, "tumble dir=E")  # left comes up: tumble skill
    assert s.turn.skill == "tumble"
    ev = do(s, "roll dir=E")  # feet comes up: dash activates
    assert s.current.cube.top == "feet" and s.turn.skill == "dash"
    assert kinds(ev)[-2:] == ["skill_finished", "skill_activated"]


def test_each_skill_only_once_per_turn():
    """Step 2 note / Tumble Skill: each skill once per turn - rolling all the way round to
    the tumble face again does not start a second tumble."""
    track = [["rok_stride", "a"], ["rok_pick", "b"], ["rok_mason", "b"]]  # movement 4
    s = position(OPEN, [hero((2, 4), track=track)])
    do(s, "tumble dir=E")
    assert s.turn.skill == "tumble" and s.turn.remaining == 4
    ev = do(s, "roll dir=E", "roll dir=E", "roll dir=E", "roll dir=E")
    assert s.current.cube.top == "left"
    assert "skill_spent" in kinds(ev) and s.phase == "recovery"


def test_stopping_the_tumble_skill_early_still_activates_the_top():
    """Tumble Skill: the face on top activates at the end of the tumble, even a short one."""
    track = [["rok_stride", "a"]]
    s = position(OPEN, [hero((2, 4), track=track)])
    do(s, "tumble dir=E", "roll dir=E", "stop")
    assert s.turn.skill == "dash"


def test_distance_counts_track_and_power_up_boosts():
    """Step 3: movement symbols on the upgrade track plus Power-Up cards (Rok: 3 + 2 = 5)."""
    s = position(
        OPEN,
        [hero((4, 4), hand=["swiftgrass_juice"], track=[["rok_stride", "a"], ["rok_pick", "b"]])],
        phase="powerup",
    )
    do(s, "play card=swiftgrass_juice", "move", "tumble dir=S")
    assert s.turn.skill == "slide" and s.turn.remaining == 5


def test_gold_skill_tile_adds_one_and_explores_after():
    """Back/Upgrade side: +1 movement with that skill and explore right after moving with it."""
    s = position(OPEN, [hero((4, 4), upgraded=["slide"])], lineup=["honey_bun"], deck=["compass"])
    do(s, "tumble dir=S")
    assert s.turn.remaining == 2
    do(s, "step dir=S", "step dir=S")
    assert s.pending and s.pending[-1].kind == "explore"
    do(s, "choose src=lineup i=0")
    assert s.current.hand == ["honey_bun"] and s.phase == "recovery"


def test_gold_skill_explore_is_optional_and_follows_a_jump():
    """Back/Upgrade side: "you *may* also explore immediately after" - not exploring is one
    of the choices; a jump with a gold Jump tile counts as moving with it."""
    s = position(OPEN, [hero((4, 6), upgraded=["jump"])], deck=["compass"])
    do(s, "tumble dir=N")  # the back (jump) comes up: 1 + 1 gold
    do(s, "jump dir=N over=1")
    assert s.pending[-1].kind == "explore"
    assert legal(s) == {"choose src=none", "choose src=deck"}
    do(s, "choose src=none")
    assert s.current.hand == [] and s.deck == ["compass"] and s.phase == "recovery"


def test_gold_skill_explore_when_the_move_ends_early():
    """Back/Upgrade side: the explore follows moving with the gold skill even when a board
    element ends the move before the skill is used up (Teleporter: "Using a Teleporter ends
    your movement")."""
    rows = ["..........", "...T......", ".........."]
    s = position(rows, [hero((2, 0), upgraded=["slide"])], deck=["compass"])
    s.rng.script("1")
    do(s, "tumble dir=S")  # slide: 1 + 1 gold; the hero is at (2,1)
    do(s, "step dir=E")  # onto the teleporter at (3,1) with a point left: rolled 1
    do(s, "choose to=(4,1)")
    assert s.pending and s.pending[-1].kind == "explore"
    assert legal(s) == {"choose src=none", "choose src=deck"}
    do(s, "choose src=deck")
    assert s.current.hand == ["compass"] and s.phase == "recovery"


def test_stealing_adjacent_including_diagonal_once_per_hero():
    """Stealing: adjacent (diagonals count), once from each hero per turn, collectibles only."""
    s = position(
        OPEN,
        [hero((4, 4)), hero((6, 4), carrying=["crystal:red", "crystal:blue"], hand=["honey_bun"])],
    )
    do(s, "tumble dir=E")  # now at (5,4), next to (6,4)
    steals = {a for a in legal(s) if a.startswith("steal")}
    assert steals == {"steal from=1 item=crystal:blue", "steal from=1 item=crystal:red"}
    do(s, "steal from=1 item=crystal:red")
    assert s.heroes[0].carrying == ["crystal:red"]
    assert not any(a.startswith("steal") for a in legal(s))
    assert s.heroes[1].hand == ["honey_bun"]  # cards are never stolen


def test_diagonal_neighbour_can_be_robbed_but_not_two_away():
    """Stealing: diagonal adjacency counts."""
    s = position(OPEN, [hero((4, 4)), hero((6, 5), carrying=["crystal:red"])])
    do(s, "tumble dir=E")
    assert "steal from=1 item=crystal:red" in legal(s)
    s = position(OPEN, [hero((4, 4)), hero((7, 5), carrying=["crystal:red"])])
    do(s, "tumble dir=E")
    assert "steal from=1 item=crystal:red" not in legal(s)


def test_delivered_crystals_are_locked():
    """Stealing: locked collectibles (delivered to a drop zone) cannot be stolen."""
    s = position(OPEN, [hero((4, 4)), hero((6, 4), carrying=[], delivered=3)])
    do(s, "tumble dir=E")
    assert not any(a.startswith("steal") for a in legal(s))


def test_pushing_a_hero_in_the_direction_of_movement():
    """Pushing Other Heroes: moving into a hero pushes it one square the same way."""
    s = position(OPEN, [hero((4, 4)), hero((5, 4))])
    ev = do(s, "tumble dir=E")
    assert s.heroes[0].pos == (5, 4) and s.heroes[1].pos == (6, 4)
    assert "pushed" in kinds(ev)


def test_cannot_push_a_hero_into_a_wall():
    """Pushing Other Heroes: a hero against a wall cannot be pushed into it."""
    s = position([".........", "......W..", "........."], [hero((4, 1)), hero((5, 1))])
    assert "tumble dir=E" not in legal(s)


def test_pusher_chooses_for_the_pushed_hero_on_elements():
    """Pushing: the pusher chooses where the pushed hero goes on elements (whirlpool spin)."""
    s = position([".........", ".....@...", "........."], [hero((3, 1)), hero((4, 1))])
    do(s, "tumble dir=E")
    assert s.pending[-1].kind == "whirlpool" and s.pending[-1].seat == 0


def test_landing_on_a_hero_pushes_it_one_square():
    """Landing on Other Heroes: a jump onto a hero pushes that hero one square."""
    s = position(OPEN, [hero((4, 6)), hero((4, 3))])
    do(s, "tumble dir=N")  # jump at (4,5)
    do(s, "jump dir=N over=1")
    assert s.pending and s.pending[-1].kind == "bump" and s.pending[-1].seat == 0
    do(s, "choose dir=W")
    assert s.heroes[0].pos == (4, 3) and s.heroes[1].pos == (3, 3)


def test_rooted_hero_controller_chooses_the_landing_square():
    """Landing on Other Heroes: on a rooted hero, its controller picks where you land."""
    s = position(OPEN, [hero((4, 6)), hero((4, 3), items=["anchor_boots"])])
    do(s, "tumble dir=N", "jump dir=N over=1")
    assert s.pending[-1].kind == "rooted_landing" and s.pending[-1].seat == 1
    do(s, "choose at=(5,3)")
    assert s.heroes[0].pos == (5, 3) and s.heroes[1].pos == (4, 3)


def test_rooted_hero_cannot_be_pushed():
    """Landing on Other Heroes: rooted heroes are unmovable."""
    s = position(OPEN, [hero((4, 4)), hero((5, 4), items=["anchor_boots"])])
    assert "tumble dir=E" not in legal(s)


def test_walled_in_hero_respawns_and_then_moves():
    """FAQ 1 / Respawn Points: blocked on all four sides at the start -> respawn, then move."""
    rows = [".W...", "W.W..", ".W...", ".....", "...R."]
    s = position(rows, [hero((1, 1))], phase="powerup")
    s.turn.walled_at_start = True
    ev = do(s, "move")
    assert "walled_in" in kinds(ev) and "respawned" in kinds(ev)
    assert s.current.pos == (3, 4) and s.turn.stage == "natural"


def test_walling_yourself_in_during_power_up_ends_movement_after_respawn():
    """FAQ 1: if you block yourself in during Phase 1 your movement ends once you respawn."""
    rows = [".W...", "W.W..", ".W...", ".....", "...R."]
    s = position(rows, [hero((1, 1))], phase="powerup")
    s.turn.walled_at_start = False
    do(s, "move")
    assert s.current.pos == (3, 4) and s.phase == "recovery"


def test_stop_before_moving_ends_movement():
    """Step 3: you are never required to move."""
    s = position(OPEN, [hero((4, 4))])
    do(s, "tumble dir=S", "stop")
    assert s.phase == "recovery" and s.current.pos == (4, 5)


def test_teleport_skill_upgrade():
    """Teleport Skill upgrade: teleport up to your maximum movement instead of moving."""
    s = position(
        OPEN,
        [
            {
                "hero": "forest",
                "at": [4, 4],
                "skills": dict(SK),
                "track": [["forest_aim", "b"], ["forest_roots", "a"]],
            }
        ],
    )
    do(s, "tumble dir=S")  # slide with 2 movement
    assert "warp to=(6,5)" in legal(s) and "warp to=(7,5)" not in legal(s)
    do(s, "warp to=(6,5)")
    assert s.current.pos == (6, 5) and s.phase == "recovery"


def test_steal_comes_before_board_elements():
    """Movement: Priority - 1 stealing, 2 board elements, 3 skills: arriving next to a hero
    on a current, you may steal before the current carries you away."""
    rows = [".........", ".....>...", "........."]
    s = position(rows, [hero((4, 1)), hero((6, 2), carrying=["crystal:red"])])
    do(s, "tumble dir=E")  # onto the current at (5,1), next to the carrier
    assert s.pending[-1].kind == "steal_first"
    assert legal(s) == {"choose item=none", "choose from=1 item=crystal:red"}
    do(s, "choose from=1 item=crystal:red")
    assert s.heroes[0].carrying == ["crystal:red"] and s.heroes[0].pos == (6, 1)


def test_no_steal_offer_on_a_plain_square():
    """Movement: Priority - with no element on the square, the steal is an ordinary action."""
    s = position(OPEN, [hero((4, 4)), hero((6, 4), carrying=["crystal:red"])])
    do(s, "tumble dir=E")
    assert not s.pending and "steal from=1 item=crystal:red" in legal(s)


@pytest.mark.parametrize(
    ("rows", "texts", "reason"),
    [
        ([".....", "..W..", ".P..."], ["tumble dir=N"], "wall blocks"),
        ([".....", ".....", "....."], ["tumble dir=S"], "off the board"),
        ([".....", ".....", "....."], ["step dir=N"], "natural tumble"),
        ([".....", ".....", "....."], ["tumble dir=N", "tumble dir=N"], "already done"),
    ],
)
def test_illegal_moves_explain_why(rows, texts, reason):
    """Illegal actions raise IllegalAction with a reason in a player's words."""
    s = position(rows, [hero((2, 2))])
    *setup, last = texts
    do(s, *setup)
    with pytest.raises(IllegalAction, match=reason):
        do(s, last)
