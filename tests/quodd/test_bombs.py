"""Bombs & Explosions (rulebook L588-618; docs/quodd-moving-board.md sections 2 and 4):
bombs rolling in Board Upkeep, their collisions, basic explosions, fire and ice, and the
explosions heroes trigger. Positions are readable boards; dice are scripted."""

from __future__ import annotations

from riotsim.games.quodd.cube import Cube
from tests.quodd.helpers import do, kinds, legal, position, upkeep

OPEN = ["." * 9] * 9


def rows_with(*changes: tuple[int, int, str], width: int = 9, height: int = 9) -> list[str]:
    grid = [["."] * width for _ in range(height)]
    for x, y, ch in changes:
        grid[y][x] = ch
    return ["".join(r) for r in grid]


def hero(at, name="rok", **kw):
    return {"hero": name, "at": list(at), **kw}


def bomb_cells(state):
    return {c: state.board.first(c, "bomb").get("bomb") for c in state.board.find("bomb")}


def test_bomb_speeds_standard_four_fire_and_ice_three():
    """Bombs & Explosions, the three bombs (L590-596): standard bombs roll 4, fire and ice
    bombs 3, each in its direction, in Board Upkeep (How Bombs Work L603)."""
    rows = rows_with((0, 0, "*"), (0, 1, "*"), (0, 2, "*"), width=9, height=5)
    s = position(rows, [hero((8, 4))], extra={"0,1": {"bomb": "fire"}, "0,2": {"bomb": "ice"}})
    events = upkeep(s)
    assert bomb_cells(s) == {(4, 0): "standard", (3, 1): "fire", (3, 2): "ice"}
    assert kinds(events)[0] == "upkeep_step"
    moved = [e for e in events if e.kind == "bomb_moved"]
    assert [m.path for m in moved][0] == [[1, 0], [2, 0], [3, 0], [4, 0]]


def test_resting_bomb_moves_again_every_upkeep():
    """How Bombs Work (L603): a bomb moves again every round by its speed, keeping its
    direction; one that rolls off the edge of the board is gone without exploding (B4, B6)."""
    s = position(["*........", "........."], [hero((0, 1))])
    upkeep(s)
    assert bomb_cells(s) == {(4, 0): "standard"}
    upkeep(s)
    assert bomb_cells(s) == {(8, 0): "standard"}
    events = upkeep(s)
    assert bomb_cells(s) == {}
    assert "bomb_left" in kinds(events) and "exploded" not in kinds(events)


def test_bomb_collides_with_hero_sheep_crystal_and_wall():
    """How Bombs Work (L603, L608): a bomb collides with a hero, a sheep, a crystal or a wall
    and explodes there; nothing else stops it (B5)."""
    rows = rows_with(
        (0, 0, "*"),
        (3, 0, "W"),
        (0, 3, "*"),
        (0, 6, "*"),
        (2, 6, "g"),
        (0, 9, "*"),
        (3, 9, "c"),
        height=11,
    )
    s = position(rows, [hero((2, 3))])
    events = upkeep(s)
    centres = [e.at for e in events if e.kind == "exploded"]
    # north to south: the wall at (3,0), the hero at (2,3), the sheep at (2,6), the crystal
    assert centres == [[3, 0], [2, 3], [2, 6], [3, 9]]
    assert bomb_cells(s) == {}


def test_basic_explosion_breaks_walls_removes_tokens_throws_pieces():
    """Basic Explosions (L610): radius 1 - every wall breaks, every non-scenario token goes
    (cannons and resting bombs too), every hero and sheep around jumps one square away;
    scenario tokens stay, a wall two away stays whole (B8)."""
    rows = [
        ".........",
        ".........",
        "....W....",
        "...gWs...",
        ".*.KW....",
        "...*Rc...",
        ".........",
        ".........",
        ".........",
    ]
    s = position(rows, [hero((5, 4))], extra={"3,5": {"direction": "W"}})
    events = upkeep(s)
    board = s.board
    assert board.has((4, 4), "broken_wall") and board.has((4, 3), "broken_wall")
    assert board.has((4, 2), "wall")
    assert not board.has((5, 3), "spring") and not board.has((3, 4), "cannon")
    assert bomb_cells(s) == {}  # the resting bomb was destroyed before its turn (U2)
    assert s.heroes[0].pos == (7, 4)
    thrown = [e for e in events if e.kind == "sheep_thrown"]
    assert [(e.start, e.to) for e in thrown] == [([3, 3], [1, 1])]
    # then, in the same upkeep, the sheep step (after the bombs, U1): the grey sheep walks on
    assert board.has((2, 1), "sheep") and not board.has((3, 3), "sheep")
    assert board.has((4, 5), "respawn") and board.has((5, 5), "crystal")
    assert kinds(events).count("bomb_moved") == 1
    assert [e.at for e in events if e.kind == "exploded"] == [[4, 4]]


def test_bomb_hitting_a_hero_throws_it_then_explodes_where_it_stood():
    """Bombs & Explosions (L608): the piece hit jumps directly away over one square, then the
    bomb explodes centred where it stood (B9)."""
    s = position(rows_with((0, 4, "*"), (4, 5, "W")), [hero((3, 4)), hero((2, 3), "trixie")])
    events = upkeep(s)
    moved = next(e for e in events if e.kind == "bomb_moved")
    assert moved.path == [[1, 4], [2, 4]]
    assert s.heroes[0].pos == (5, 4)
    assert s.heroes[1].pos == (0, 1)
    assert [e.at for e in events if e.kind == "exploded"] == [[3, 4]]
    assert s.board.has((4, 5), "broken_wall")
    assert bomb_cells(s) == {}


def test_bomb_hitting_a_sheep_throws_it_keeping_its_facing():
    """Bombs & Explosions (L608): a sheep hit jumps two squares on and keeps facing N (B9)."""
    s = position(
        rows_with((0, 4, "*"), (3, 4, "l")), [hero((8, 8))], extra={"3,4": {"direction": "N"}}
    )
    events = upkeep(s)
    thrown = [(e.start, e.to) for e in events if e.kind == "sheep_thrown"]
    assert thrown == [([3, 4], [5, 4])]
    # the sheep step comes after the bombs' (U1): it walks on from there, still facing N
    walked = next(e for e in events if e.kind == "sheep_moved")
    assert walked.start == [5, 4] and walked.facing == "N"


def test_bomb_hitting_a_crystal_throws_it_or_loses_it_in_a_pit():
    """Bombs & Explosions (L608): a crystal hit is moved, not collected; onto a pit it is
    lost (B9 edge)."""
    s = position(rows_with((0, 4, "*"), (3, 4, "c")), [hero((8, 8))])
    events = upkeep(s)
    assert s.board.has((5, 4), "crystal") and "crystal_thrown" in kinds(events)
    s = position(rows_with((0, 4, "*"), (3, 4, "c"), (5, 4, "#")), [hero((8, 8))])
    events = upkeep(s)
    assert not s.board.find("crystal") and "crystal_lost" in kinds(events)


def test_ice_bomb_takes_the_tiles_facing_the_blast_for_the_next_turn():
    """Ice Bomb (L596): the heroes in the radius lose the skill tiles facing the explosion
    until their next turn - our ruling B12: out for the whole of that turn, back after it."""
    rows = rows_with((4, 2, "W"), (1, 2, "*"))
    cube = list(Cube.start("N").as_tuple())
    s = position(rows, [hero((4, 3), cube=cube)], extra={"1,2": {"bomb": "ice"}})
    events = upkeep(s)
    assert [e.at for e in events if e.kind == "exploded"] == [[4, 2]]
    rok = s.heroes[0]
    assert rok.pos == (4, 5) and rok.frozen == ["tumble"]
    assert "skills_frozen" in kinds(events)
    # next round: the natural tumble is offered; a tumble bringing the tumble tile up ends it
    do(s, "upgrade tile=rok_stride side=a")
    do(s, "move")
    assert "tumble dir=S" in legal(s)
    events = do(s, "tumble dir=S")
    assert "skill_spent" in kinds(events)
    assert s.phase != "movement"
    while s.phase != "powerup" or s.round < 3:
        actions = sorted(legal(s))
        do(s, "done" if "done" in actions else actions[0])
    assert rok.frozen == [] and "tumble" not in s.turn.used


def test_ice_bomb_diagonal_neighbour_loses_both_faces():
    """Ice Bomb (L596), our ruling B12: a diagonal neighbour loses the tiles on both faces
    pointing along the diagonal towards the centre."""
    rows = rows_with((4, 2, "W"), (1, 2, "*"))
    cube = list(Cube.start("N").as_tuple())
    s = position(rows, [hero((5, 3), cube=cube)], extra={"1,2": {"bomb": "ice"}})
    upkeep(s)
    assert s.heroes[0].pos == (7, 5)
    assert sorted(s.heroes[0].frozen) == ["slide", "tumble"]


def test_hero_triggered_explosion_centres_on_the_hero_who_stays():
    """Basic Explosions (L610): an explosion a hero triggers (here a teleporter rolling Q)
    is centred on the hero, who stays; cannons and bombs around are removed, sheep and heroes
    thrown (B13)."""
    rows = rows_with((4, 4, "T"), (5, 5, "K"), (3, 5, "*"), (4, 3, "g"))
    s = position(rows, [hero((4, 5)), hero((8, 8), "trixie")])
    s.rng.script("Q")
    events = do(s, "tumble dir=N")
    assert "exploded" in kinds(events)
    assert s.heroes[0].pos == (4, 4)
    assert not s.board.find("cannon") and not s.board.find("bomb")
    assert s.board.has((4, 1), "sheep")


def test_secret_bomb_token_explodes_around_the_hero():
    """Token reference, Bomb (L396): revealed, it explodes at once - centred on the hero who
    revealed it (K7); no bomb die appears."""
    rows = rows_with((4, 4, "?"), (5, 4, "W"))
    s = position(rows, [hero((4, 5)), hero((3, 3), "trixie")], extra={"4,4": {"hidden": "bomb"}})
    events = do(s, "tumble dir=N")
    assert "secret_revealed" in kinds(events) and "exploded" in kinds(events)
    assert s.heroes[0].pos == (4, 4)
    assert s.heroes[1].pos == (1, 1)
    assert s.board.has((5, 4), "broken_wall") and not s.board.find("secret")
    assert not s.board.find("bomb")


def test_mayor_trixie_caught_in_a_fire_bomb():
    """Basic Explosions example (L612) with the Cannon Token (L616) and Fire Bomb (L594):
    Rok lands on a cannon, a fire bomb rolls three spaces - the third spent running into the
    wall - and explodes; Mayor Trixie is thrown and burns a random card (E1)."""
    rows = [
        ".........",
        ".........",
        ".........",
        ".K..W....",
        ".........",
        ".........",
        ".........",
    ]
    s = position(rows, [hero((1, 2)), hero((4, 4), "trixie", hand=["honey_bun"])])
    s.rng.script("fire")
    events = do(s, "tumble dir=S")
    order = [
        k
        for k in kinds(events)
        if k in ("dice_rolled", "bomb_moved", "exploded", "blasted", "card_burned")
    ]
    assert order == ["dice_rolled", "bomb_moved", "exploded", "blasted", "card_burned"]
    rolled = next(e for e in events if e.kind == "dice_rolled")
    assert rolled.data["die"] == "bomb" and rolled.data["faces"] == ["fire"]
    moved = next(e for e in events if e.kind == "bomb_moved")
    assert moved.path == [[2, 3], [3, 3]]
    assert [e.at for e in events if e.kind == "exploded"] == [[4, 3]]
    assert s.board.has((4, 3), "broken_wall")
    assert s.heroes[1].pos == (4, 6)
    assert s.heroes[1].hand == [] and s.discard[-1] == "honey_bun"
    assert s.heroes[0].pos == (1, 3) and s.board.has((1, 3), "cannon")
    assert bomb_cells(s) == {}


def test_jump_shockwave_throws_a_sheep():
    """Upgrades (L514) and Basic Explosions (L610: "Rok's upgraded jump skill"): Jump
    Shockwave's explosion is a basic explosion - sheep around the landing square are thrown
    too, cannons and resting bombs there removed (spec K3)."""
    rows = rows_with((3, 2, "g"), (5, 2, "K"), (5, 4, "*"))
    s = position(rows, [hero((4, 6), track=[["rok_greed", "b"]])])
    events = do(s, "tumble dir=N", "jump dir=N over=1")
    assert s.heroes[0].pos == (4, 3) and "exploded" in kinds(events)
    assert s.board.has((1, 0), "sheep") and not s.board.has((3, 2), "sheep")
    assert not s.board.find("cannon") and not s.board.find("bomb")


def test_bomb_alley_bomb_rolls_in_the_first_upkeep():
    """The bomb scenario (spec 11.7, solo_bomb_alley): its map's resting bomb rolls 4 east at
    the end of the first round; the map's cannons point across their alleys."""
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.games.quodd import RULESET

    s = RULESET.new_state(GameSetup((PlayerSpec("a"),), seed=3, scenario="solo_bomb_alley"))
    assert s.board.find("bomb") == [(0, 6)] and s.next_id == 1
    cannons = {c: s.board.first(c, "cannon").get("direction") for c in s.board.find("cannon")}
    assert cannons == {(0, 2): "E", (8, 4): "W"}
    assert {"cannon_rune", "fire_flask", "frost_flask"} <= set(s.deck + s.lineup)
    do(s, "choose at=(0,9)", "choose swap=done")  # setup: a start square, keep the layout
    events = upkeep(s)
    assert s.board.find("bomb") == [(4, 6)]
    assert kinds(events)[:2] == ["upkeep_step", "bomb_moved"]


def test_q_bomb_fires_a_standard_bomb_away_from_the_hero():
    """Upgrades and Q-Powers, Q: Bomb (L522; L600 hero powers make specific bombs), our
    ruling K1: a standard bomb, no die rolled, leaves the hero's square the way its player
    picks; once per Q activation."""
    cube = list(Cube.start("N").tumble("S").as_tuple())  # the natural tumble N brings Q up
    s = position(
        OPEN,
        [hero((4, 7), "tobin", cube=cube, track=[["tobin_springs", "b"]]), hero((4, 2), "trixie")],
    )
    do(s, "tumble dir=N")
    assert s.heroes[0].cube.top == "q" and "qpower power=bomb" in legal(s)
    events = do(s, "qpower power=bomb", "choose dir=N")
    assert "dice_rolled" not in kinds(events)
    moved = next(e for e in events if e.kind == "bomb_moved")
    assert moved.bomb == "standard" and moved.path == [[4, 5], [4, 4], [4, 3]]
    assert s.heroes[1].pos == (4, 0)
    assert [e.at for e in events if e.kind == "exploded"] == [[4, 2]]
    assert s.heroes[0].pos == (4, 6) and "bomb" in s.turn.q_used
    assert "qpower power=bomb" not in legal(s)


def test_push_bomb_may_explode_after_the_push():
    """Upgrades, Push Bomb (L520): after pushing a hero the pusher may set off a basic
    explosion centred on itself (B13); answering no does nothing."""
    skills = {
        "front": "dash",
        "back": "tumble",
        "left": "slide",
        "right": "jump",
        "feet": "diagonal",
    }
    for yes in (True, False):
        s = position(
            OPEN,
            [
                hero((2, 2), "aang", skills=skills, track=[["aang_breath", "b"]]),
                hero((3, 2), "trixie"),
            ],
        )
        do(s, "tumble dir=E")
        assert s.heroes[1].pos == (4, 2)
        assert s.pending[-1].kind == "push_bomb" and s.pending[-1].seat == 0
        events = do(s, f"choose bomb={'yes' if yes else 'no'}")
        if yes:
            assert [e.at for e in events if e.kind == "exploded"] == [[3, 2]]
            assert s.heroes[1].pos == (6, 2) and s.heroes[0].pos == (3, 2)
        else:
            assert "exploded" not in kinds(events) and s.heroes[1].pos == (4, 2)


def test_crystal_bomb_clears_range_four_and_throws_heroes():
    """Upgrades, Crystal Bomb (L482): destroy a carried crystal; every non-scenario token
    within range 4 goes, walls there break (L398), every other hero is thrown one square
    over directly away - off a line, along the nearest of eight directions (our ruling K5)."""
    rows = [
        ".........",
        "....R....",
        "..W......",
        ".........",
        "........s",
        "........s",
        ".........",
        ".........",
        ".........",
    ]
    s = position(
        rows,
        [
            hero((4, 4), "mirra", carrying=["crystal:red"], track=[["mirra_prism", "b"]]),
            hero((6, 5), "trixie"),
        ],
        phase="recovery",
    )
    assert "use icon=crystal_bomb" in legal(s)
    events = do(s, "use icon=crystal_bomb")
    assert [e.data.get("range") for e in events if e.kind == "exploded"] == [4]
    assert not s.board.has((8, 4), "spring") and s.board.has((8, 5), "spring")
    assert s.board.has((2, 2), "broken_wall") and s.board.has((4, 1), "respawn")
    assert s.heroes[1].pos == (8, 7) and s.heroes[0].pos == (4, 4)
    assert s.heroes[0].carrying == [] and s.heroes[0].delivered == 0
    assert "use icon=crystal_bomb" not in legal(s)  # once per turn, and no crystal left


def test_crystal_bomb_needs_a_carried_crystal_and_asks_which():
    """Crystal Bomb (L482) destroys a carried crystal: without one it is not offered; with
    several colours the player picks which (our ruling K5)."""
    mirra = hero((4, 4), "mirra", track=[["mirra_prism", "b"]])
    s = position(OPEN, [mirra], phase="recovery")
    assert "use icon=crystal_bomb" not in legal(s)
    s = position(OPEN, [{**mirra, "carrying": ["crystal:red", "crystal:blue"]}], phase="recovery")
    do(s, "use icon=crystal_bomb")
    assert s.pending[-1].kind == "crystal_bomb"
    do(s, "choose item=crystal:blue")
    assert s.heroes[0].carrying == ["crystal:red"]


def test_save_while_a_thrown_sheep_is_still_to_fall_into_a_pit():
    """Bombs & Explosions (L608, L610) and Managing the Flock (rule 5: a sheep can be pushed
    into a pit): the blast throws the hero into one pit and a sheep into another; the hero
    falls first and asks where to respawn beside the taken point while the sheep's fall is
    still to resolve. That position saves and reads back (found by the moving-board fuzz),
    and the sheep is lost."""
    from riotsim.games.quodd import RULESET

    rows = rows_with((0, 4, "*"), (3, 3, "g"), (3, 1, "#"), (5, 4, "#"), (7, 7, "R"))
    s = position(rows, [hero((3, 4)), hero((7, 7), "trixie")])
    upkeep(s)
    assert s.pending[-1].kind == "respawn_beside" and s.board.has((3, 1), "sheep")
    restored = RULESET.from_position(RULESET.to_position(s))
    assert RULESET.legal_actions(restored) == RULESET.legal_actions(s)
    events = do(restored, "choose at=(7,6)")
    assert "sheep_lost" in kinds(events) and not restored.board.find("sheep")
