"""Token & Board Elements Reference: one or more tests per element."""

from __future__ import annotations

from riotsim.games.quodd.board import Token
from tests.quodd.helpers import do, kinds, legal, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


def test_broken_wall_is_ground():
    """Broken Walls: can be moved through like any other ground square."""
    s = position(["..B..", "....."], [hero((1, 0))])
    assert "tumble dir=E" in legal(s)


def test_impassable_wall_up_blocks_jumps_and_down_is_ground():
    """Impassable Wall (up/down): up blocks all movement (even jumps); down is ground."""
    s = position([".....", "..I..", ".....", "....."], [hero((2, 3))])
    do(s, "tumble dir=N")  # jump at (2,2)
    assert not any(a.startswith("jump dir=N") for a in legal(s))
    s = position([".....", "..i..", "....."], [hero((2, 2))])
    assert "tumble dir=N" in legal(s)


def test_pit_respawns_at_nearest_safe_point_q_up():
    """Pit / Pits and Respawning: fall in, respawn Q-up at the nearest safe respawn point."""
    s = position(["R.....", "......", "..#...", "......", ".....R"], [hero((2, 3))])
    ev = do(s, "tumble dir=N")
    assert kinds(ev)[:3] == ["tumbled", "fell", "respawned"]
    assert s.current.pos == (0, 0) and s.current.cube.top == "q"
    assert s.phase == "recovery"  # falling ends the movement


def test_unsafe_respawn_point_is_skipped():
    """Respawn Point: safe only with an orthogonally adjacent non-pit square."""
    s = position(["#R#...", ".#....", "..#...", "......", ".....R"], [hero((2, 3))])
    do(s, "tumble dir=N")
    assert s.current.pos == (5, 4)


def test_respawn_point_occupied_choose_an_adjacent_square():
    """Pits and Respawning: if the respawn point is occupied, respawn next to it."""
    s = position(["R.....", "......", "..#...", "......"], [hero((2, 3)), hero((0, 0))])
    do(s, "tumble dir=N")
    assert s.pending[-1].kind == "respawn_beside"
    do(s, "choose at=(1,0)")
    assert s.heroes[0].pos == (1, 0)


def test_falling_drops_collectibles_next_to_the_pit():
    """Pits and Respawning: drop carried collectibles on a safe spot next to the pit."""
    s = position(["R.....", "......", "..#...", "......"], [hero((2, 3), carrying=["crystal:red"])])
    do(s, "tumble dir=N")
    assert s.pending[-1].kind == "drop"
    do(s, "choose at=(3,2)")
    assert s.board.first((3, 2), "crystal").get("colour") == "red"
    assert s.current.carrying == [] and s.current.pos == (0, 0)


def test_never_respawn_ahead_in_a_race():
    """Respawn Points: in a race you may not respawn ahead of where you were."""
    rows = ["R...#...R.1"]
    s = position(rows, [hero((3, 0))], objective={"type": "rally", "target": 1, "mode": "solo"})
    do(s, "tumble dir=E")  # falls at (4,0); (8,0) is nearer the marker but ahead
    assert s.current.pos == (0, 0)


def test_spring_jumps_one_square_in_a_chosen_direction():
    """Spring: jump over 1 square in any orthogonal direction."""
    s = position([".....", ".....", "..s..", ".....", "....."], [hero((2, 3))])
    do(s, "tumble dir=N")
    assert s.pending[-1].kind == "spring"
    do(s, "choose dir=E")
    assert s.current.pos == (4, 2)


def test_super_spring_jumps_two():
    """Super Spring: a 2-square jump in the chosen direction."""
    s = position(["......", "......", ".S....", "......"], [hero((1, 3))])
    do(s, "tumble dir=N", "choose dir=E")
    assert s.current.pos == (4, 2)


def test_spring_over_a_pit():
    """Phase 1 example: a spring lets you clear a pit."""
    s = position(["......", ".s#...", "......"], [hero((0, 1))])
    do(s, "tumble dir=E", "choose dir=E")
    assert s.current.pos == (3, 1)


def test_teleporter_moves_up_to_the_roll_and_ends_movement():
    """Teleporter: roll a d6, move up to that far (orthogonal count); movement ends."""
    s = position(["........", "..T.....", "........"], [hero((1, 1))])
    s.rng.script("2")
    ev = do(s, "tumble dir=E")
    assert "dice_rolled" in kinds(ev)
    dests = {a for a in legal(s)}
    assert "choose to=(4,1)" in dests and "choose to=(5,1)" not in dests
    assert "choose to=(2,1)" not in dests  # no staying on the teleporter
    do(s, "choose to=(4,1)")
    assert s.current.pos == (4, 1) and s.phase == "recovery"


def test_teleporter_q_explodes_and_you_stay():
    """Teleporter: a Q destroys the teleporter (an explosion) and the hero goes nowhere;
    Basic Explosions: walls nearby break, heroes nearby jump one square away."""
    rows = [".......", ".......", "..TW...", ".......", ".......", ".......", "......."]
    s = position(rows, [hero((1, 2)), hero((3, 3))])
    s.rng.script("Q")
    ev = do(s, "tumble dir=E")
    assert "teleporter_exploded" in kinds(ev)
    assert s.heroes[0].pos == (2, 2) and not s.board.has((2, 2), "teleporter")
    assert s.board.has((3, 2), "broken_wall") and not s.board.is_wall((3, 2))
    assert s.heroes[1].pos == (5, 5)
    assert s.phase == "recovery"


def test_pushed_onto_teleporter_pusher_rolls_and_chooses():
    """Teleporter: a pushed hero is teleported where the pusher chooses."""
    s = position(["........", ".....T..", "........"], [hero((3, 1)), hero((4, 1))])
    s.rng.script("1")
    do(s, "tumble dir=E")
    assert s.pending[-1].kind == "teleport" and s.pending[-1].seat == 0
    do(s, "choose to=(5,0)")
    assert s.heroes[1].pos == (5, 0)


def test_teleporter_landing_activates_the_next_element():
    """Teleporter: activate any element you land on, including another teleporter."""
    s = position(["........", "..T.T...", "........"], [hero((1, 1))])
    s.rng.script("2", "1")
    do(s, "tumble dir=E", "choose to=(4,1)")
    assert s.pending[-1].kind == "teleport"


def test_super_teleporter_doubles_destroy_it():
    """Super Teleporter: two dice added; doubles destroy it."""
    s = position(["..........", "..X.......", ".........."], [hero((1, 1))])
    s.rng.script("3", "4")
    do(s, "tumble dir=E")
    assert "choose to=(9,1)" in legal(s)
    s = position(["..........", "..X.......", ".........."], [hero((1, 1))])
    s.rng.script("2", "2")
    ev = do(s, "tumble dir=E")
    assert "teleporter_exploded" in kinds(ev)


def test_tunnel_is_optional_and_ends_movement():
    """Tunnel: on your own turn you may go to any other tunnel; movement then ends."""
    s = position([".U....U."], [hero((0, 0))])
    do(s, "tumble dir=E")
    assert legal(s) == {"choose to=stay", "choose to=(6,0)"}
    do(s, "choose to=(6,0)")
    assert s.current.pos == (6, 0) and s.phase == "recovery"
    s = position([".U....U."], [hero((0, 0))])
    do(s, "tumble dir=E", "choose to=stay")
    assert s.phase == "movement" and s.current.pos == (1, 0)


def test_pushed_onto_tunnel_has_no_effect():
    """Tunnel: being pushed onto a tunnel does nothing."""
    s = position(["..U...U."], [hero((0, 0)), hero((1, 0))])
    do(s, "tumble dir=E")
    assert s.heroes[1].pos == (2, 0) and not s.pending


def test_water_current_pushes_one_square_each():
    """Water Current: moving over or landing on one pushes you 1 square with the flow."""
    s = position(["......", ".>>~..", "......"], [hero((0, 1))])
    do(s, "tumble dir=E")
    assert s.current.pos == (3, 1)


def test_current_into_a_wall_does_nothing():
    """Water Current: a wall in the way stops the push."""
    s = position(["......", ".>W...", "......"], [hero((0, 1))])
    do(s, "tumble dir=E")
    assert s.current.pos == (1, 1)


def test_whirlpool_spins_without_changing_the_top():
    """Whirlpool: rotate 90 degrees either way - a spin, not a tumble."""
    s = position(["......", ".@....", "......"], [hero((0, 1))])
    do(s, "tumble dir=E")
    top = s.current.cube.top
    north = s.current.cube.north
    do(s, "choose spin=cw")
    assert s.current.cube.top == top and s.current.cube.east == north


def test_water_connection_moves_and_movement_continues():
    """Water Connections: move to the matching connection, then continue moving."""
    s = position(["C.......", "........", "......C."], [hero((1, 0))], extra={})
    do(s, "tumble dir=W")
    assert s.current.pos == (6, 2) and s.phase == "movement"


def test_switch_flips_trap_doors_and_drops_heroes_on_them():
    """Switch / Trap Door: a switch flips its trap doors; a hero on an opened door falls."""
    s = position(["R.......", "..k..x..", "........"], [hero((1, 1)), hero((5, 1))])
    ev = do(s, "tumble dir=E")
    assert "switched" in kinds(ev)
    assert s.board.is_pit((5, 1))
    assert s.heroes[1].pos == (0, 0)


def test_coloured_switch_only_flips_its_colour():
    """Switch (Coloured): linked to the matching coloured trap doors."""
    extra = {"2,1": {"colour": "red"}, "5,1": {"colour": "red"}, "6,1": {"colour": "blue"}}
    s = position(["R.......", "..k..xx.", "........"], [hero((1, 1))], extra=extra)
    do(s, "tumble dir=E")
    assert s.board.is_pit((5, 1)) and not s.board.is_pit((6, 1))


def test_q_token_lets_you_use_q_powers_mid_move():
    """Q token: moving over or landing on it you may activate your Q-Powers."""
    s = position([".....", ".q...", "....."], [hero((0, 1))])
    do(s, "tumble dir=E")
    assert legal(s) == {"choose power=skip", "choose power=place_terrain", "choose power=rearrange"}


def test_rearrange_token():
    """Rearrange Skills token: you may reassign your skills to different faces."""
    s = position([".....", ".r...", "....."], [hero((0, 1))])
    do(s, "tumble dir=E")
    assert "choose swap=done" in legal(s)
    do(s, "choose swap=front/back", "choose swap=done")
    assert s.current.skills["front"] == "jump"


def test_secret_token_reveals_and_activates():
    """Secret Token: revealed into its element, which activates at once."""
    s = position([".....", ".?...", "....."], [hero((0, 1))], extra={"1,1": {"hidden": "spring"}})
    ev = do(s, "tumble dir=E")
    assert "secret_revealed" in kinds(ev) and s.board.has((1, 1), "spring")
    assert s.pending[-1].kind == "spring"


def test_secret_pit_swallows_the_hero():
    """Secret Token: a hidden pit acts at once - the hero falls."""
    s = position(["R....", ".?...", "....."], [hero((0, 1))], extra={"1,1": {"hidden": "pit"}})
    ev = do(s, "tumble dir=E")
    assert "fell" in kinds(ev) and s.current.pos == (0, 0)


def test_reveal_tokens_explore_by_type():
    """Food/Item/Pet/Rune tokens: take one of that type from the lineup or dig the deck."""
    s = position(
        [".....", ".f...", "....."],
        [hero((0, 1))],
        lineup=["earth_rune"],
        deck=["pickaxe", "honey_bun", "compass"],
    )
    do(s, "tumble dir=E")
    assert s.current.hand == ["honey_bun"] and s.deck == ["compass"]
    assert not s.board.has((1, 1), "food")


def test_explore_token():
    """Explore token: explore 1 card from the lineup or the deck."""
    s = position(
        [".....", ".e...", "....."], [hero((0, 1))], lineup=["earth_rune"], deck=["pickaxe"]
    )
    do(s, "tumble dir=E")
    assert legal(s) == {"choose src=lineup i=0", "choose src=deck"}


def test_treasure_token():
    """Treasure: taken and counted for the scenario."""
    s = position([".....", ".t...", "....."], [hero((0, 1))])
    do(s, "tumble dir=E")
    assert s.current.treasure == 1


def test_upgrade_token():
    """Upgrade token: choose and place an upgrade at once."""
    s = position([".....", ".u...", "....."], [hero((0, 1))])
    do(s, "tumble dir=E")
    assert s.pending[-1].kind == "choose_upgrade"
    do(s, "choose tile=rok_stride side=a")
    assert s.current.track == [("rok_stride", "a")]


def test_rotate_board_token_turns_the_section_with_everything():
    """Rotate Board: turn the 9x9 board you are on 90 degrees, token removed."""
    rows = ["." * 9 for _ in range(9)]
    rows[4] = "...O....."
    rows[0] = "W........"
    s = position(rows, [hero((2, 4))])
    do(s, "tumble dir=E")
    assert s.pending[-1].kind == "rotate_section"
    top = s.current.cube.top
    do(s, "choose spin=cw")
    assert s.board.is_wall((8, 0))  # top-left corner went to the top-right
    assert s.current.pos == (4, 3) and s.current.cube.top == top
    assert not s.board.find("rotate_board")


def test_crystals_and_drop_zones():
    """Crystal / Drop Zone: pick up crystals by landing on them, deliver them at drop zones."""
    s = position(["......", ".cD...", "......"], [hero((0, 1))])
    do(s, "tumble dir=E")
    assert s.current.carrying == ["crystal:blue"] and not s.board.has((1, 1), "crystal")
    do(s, "roll dir=E")
    assert s.current.carrying == [] and s.current.delivered == 1


def test_rally_markers_in_order():
    """Rally Marker: reached in numerical order."""
    obj = {"type": "rally", "target": 2, "mode": "solo"}
    s = position(["2.1..."], [hero((1, 0))], objective=obj)
    do(s, "tumble dir=W")  # marker 2 before marker 1 does not count
    assert s.current.rally == 0
    s = position(["2.1..."], [hero((3, 0))], objective=obj)
    do(s, "tumble dir=W")
    assert s.current.rally == 1


def test_character_token_collected():
    """Character Token: collected and tracked."""
    s = position([".h..."], [hero((0, 0))])
    do(s, "tumble dir=E")
    assert s.current.characters == 1


def test_placing_tokens_follows_the_placement_rules():
    """Token placement rules: never on respawn points, scenario tokens, pits (except walls)
    or under heroes."""
    from riotsim.games.quodd.moves import token_placeable

    s = position(["R#1..", "....."], [hero((4, 1))])
    assert not token_placeable(s, (0, 0), "spring")
    assert not token_placeable(s, (1, 0), "spring")
    assert token_placeable(s, (1, 0), "wall")
    assert not token_placeable(s, (2, 0), "wall")
    assert not token_placeable(s, (4, 1), "spring")
    assert token_placeable(s, (3, 0), "spring")


def test_wall_in_pit_broken_becomes_a_bridge():
    """FAQ 3: a wall placed in a pit, once broken, is a passable square."""
    s = position(["..#.."], [hero((1, 0))])
    wall = Token.make("wall")
    s.board.add((2, 0), wall)
    assert not s.board.is_pit((2, 0)) and "tumble dir=E" not in legal(s)
    s.board.replace((2, 0), wall, Token.make("broken_wall"))
    assert "tumble dir=E" in legal(s)
    do(s, "tumble dir=E")
    assert s.current.pos == (2, 0)


def test_rotate_switch_turns_the_board_it_is_on():
    """Switch - Rotate: landing on it rotates its board 90 degrees either way."""
    rows = ["." * 9 for _ in range(9)]
    rows[4] = "...o....."
    rows[8] = "........W"
    s = position(rows, [hero((2, 4))])
    do(s, "tumble dir=E", "choose spin=ccw")
    assert s.board.is_wall((8, 0)) and s.board.has((4, 5), "rotate_switch")
    assert s.current.pos == (4, 5)


def test_coloured_switch_lowers_impassable_walls():
    """Impassable Wall: cannot be destroyed, must be deactivated (by its switch)."""
    extra = {"2,1": {"colour": "red"}, "5,1": {"colour": "red"}}
    s = position(["........", "..k..I..", "........"], [hero((1, 1))], extra=extra)
    do(s, "tumble dir=E")
    assert not s.board.is_impassable((5, 1))


def test_water_connection_with_several_partners_asks_which():
    """Water Connections: go to another connection with the matching letter (your choice)."""
    extra = {"5,0": {"link": "B"}}
    s = position(["C....C..", "........", "......C."], [hero((1, 0))], extra=extra)
    do(s, "tumble dir=W")
    assert s.current.pos == (6, 2)  # (5,0) has another letter
    s = position(["C.......", "........", "...C..C."], [hero((1, 0))])
    do(s, "tumble dir=W")
    assert legal(s) == {"choose to=(3,2)", "choose to=(6,2)"}
    do(s, "choose to=(3,2)")
    assert s.current.pos == (3, 2)


def test_item_pet_and_rune_tokens_take_their_type():
    """Item / Pet / Rune tokens: take a card of that type at once."""
    for ch, card in (("I", "pickaxe"), ("P", "mole"), ("R", "earth_rune")):
        kind = {"I": "item", "P": "pet", "R": "rune"}[ch]
        s = position(
            [".....", ".....", "....."], [hero((0, 1))], deck=["honey_bun", card, "compass"]
        )
        s.board.add((1, 1), Token.make(kind))
        do(s, "tumble dir=E")
        assert s.current.hand == [card] and s.discard == ["honey_bun"]
