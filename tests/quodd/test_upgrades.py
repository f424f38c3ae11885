"""Upgrades and Q-Powers reference: every upgrade icon the heroes' tiles carry."""

from __future__ import annotations

from riotsim.games.quodd.cube import Cube
from tests.quodd.helpers import do, kinds, legal, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 10] * 10


def hero(at, hero_id="rok", track=(), **kw):
    return {
        "hero": hero_id,
        "at": list(at),
        "skills": dict(SK),
        "track": [list(t) for t in track],
        **kw,
    }


def test_crush_breaks_walls_you_move_through():
    """Crush: break any walls you move through."""
    s = position([".....", "..W..", "....."], [hero((0, 1), "mirra", [("mirra_shards", "a")])])
    do(s, "tumble dir=E", "roll dir=E")
    assert s.current.pos == (2, 1) and s.board.has((2, 1), "broken_wall")


def test_ghost_ignores_walls():
    """Ghost: you may ignore walls."""
    s = position([".....", "..W..", "....."], [hero((1, 1), "aang", [("aang_spirit", "a")])])
    assert "tumble dir=E" in legal(s)
    do(s, "tumble dir=E")
    assert s.board.is_wall((2, 1))  # the wall stays


def test_greed_speed():
    """Greed Speed: +1 movement for each Crystal your Hero is carrying and/or has locked."""
    s = position(OPEN, [hero((4, 4), "rok", [("rok_greed", "a")], carrying=["crystal:red"] * 2)])
    do(s, "tumble dir=S")
    assert s.turn.remaining == 3


def test_greed_speed_counts_locked_crystals_too():
    """Upgrades and Q-Powers, Greed Speed ("carrying and/or has locked"): crystals delivered
    to a drop zone are locked (Stealing: they cannot be stolen) and still count."""
    s = position(
        OPEN,
        [hero((4, 4), "rok", [("rok_greed", "a")], carrying=["crystal:red"], delivered=2)],
    )
    do(s, "tumble dir=S")
    assert s.turn.remaining == 1 + 1 + 2


def test_hunger_boost_counts_food_in_hand():
    """Hunger-Boost: +1 movement for each Food card in your hand."""
    s = position(
        OPEN,
        [
            hero(
                (4, 4), "forest", [("forest_roots", "b")], hand=["honey_bun", "hopberry", "compass"]
            )
        ],
    )
    do(s, "tumble dir=N")  # forest's back is slide? forest uses rok's test skills here
    assert s.turn.remaining == 3


def test_wall_builder_and_trench_digger():
    """Wall Builder / Trench Digger: leave walls / pits on the squares you leave."""
    s = position(OPEN, [hero((4, 4), "tobin", [("tobin_springs", "a")])])
    do(s, "tumble dir=S")
    assert "step dir=E leave=wall" in legal(s)
    do(s, "step dir=E leave=wall")
    assert s.board.is_wall((4, 5))
    s = position(OPEN, [hero((4, 4), "aang", [("aang_spade", "a")])])
    do(s, "tumble dir=S", "step dir=E leave=pit")
    assert s.board.is_pit((4, 5))


def test_wall_builder_and_trench_digger_on_the_natural_tumble_and_jumps():
    """Wall Builder / Trench Digger ("As you move, you may place ... in the spaces you
    leave"): every move counts - the natural tumble and jumps too - and leaving nothing is
    always offered next to each move."""
    s = position(OPEN, [hero((4, 4), "tobin", [("tobin_springs", "a")])])
    assert {"tumble dir=N", "tumble dir=N leave=wall"} <= legal(s)
    do(s, "tumble dir=N leave=wall")  # the back (jump) comes up
    assert s.board.is_wall((4, 4)) and s.current.pos == (4, 3)
    assert {"jump dir=E over=1", "jump dir=E over=1 leave=wall"} <= legal(s)
    do(s, "jump dir=E over=1 leave=wall")
    assert s.board.is_wall((4, 3)) and s.current.pos == (6, 3)
    s = position(OPEN, [hero((4, 4), "aang", [("aang_spade", "a")])])
    do(s, "tumble dir=N leave=pit")
    assert s.board.is_pit((4, 4))


def test_flow_ignores_currents_on_water():
    """Flow: ignore whirlpools and currents when on water."""
    s = position(["......", ".>....", "......"], [hero((0, 1), "forest", [("forest_stream", "a")])])
    do(s, "tumble dir=E")
    assert s.current.pos == (1, 1)


def test_teleport_plus_two():
    """Teleport +2: add 2 to teleporter rolls."""
    s = position(
        ["..........", "..T.......", ".........."], [hero((1, 1), "forest", [("forest_aim", "a")])]
    )
    s.rng.script("1")
    do(s, "tumble dir=E")
    assert "choose to=(5,1)" in legal(s) and "choose to=(6,1)" not in legal(s)


def test_teleport_mastery_keeps_moving():
    """Teleport Mastery: continue moving after teleporting."""
    s = position(
        ["..........", "..T.......", ".........."],
        [hero((1, 1), "forest", [("forest_mastery", "a")])],
    )
    s.rng.script("1")
    do(s, "tumble dir=E", "choose to=(3,1)")
    assert s.phase == "movement"


def test_tunnel_mastery_keeps_moving():
    """Tunnel Mastery: continue moving after a tunnel."""
    s = position([".U....U."], [hero((0, 0), "aang", [("aang_burrow", "a")])])
    do(s, "tumble dir=E", "choose to=(6,0)")
    assert s.phase == "movement"


def test_good_fortune_explores_after_a_steal():
    """Good Fortune: when you steal you *may* also explore a card - from the lineup or the
    deck, like any exploring (Phase 4), or not at all."""
    s = position(
        OPEN,
        [hero((4, 4), "trixie", [("trixie_luck", "a")]), hero((6, 4), carrying=["crystal:red"])],
        deck=["compass"],
        lineup=["honey_bun"],
    )
    do(s, "tumble dir=E", "steal from=1 item=crystal:red")
    assert legal(s) == {"choose src=none", "choose src=lineup i=0", "choose src=deck"}
    do(s, "choose src=lineup i=0")
    assert s.current.hand == ["honey_bun"]
    s = position(
        OPEN,
        [hero((4, 4), "trixie", [("trixie_luck", "a")]), hero((6, 4), carrying=["crystal:red"])],
        deck=["compass"],
    )
    do(s, "tumble dir=E", "steal from=1 item=crystal:red", "choose src=none")
    assert s.current.hand == [] and s.deck == ["compass"] and not s.pending


def test_good_fortune_on_a_steal_before_the_natural_tumble():
    """Good Fortune on every kind of steal (Stealing: "at any point during your movement",
    so before the natural tumble too)."""
    s = position(
        OPEN,
        [hero((4, 4), "trixie", [("trixie_luck", "a")]), hero((5, 5), carrying=["crystal:red"])],
        deck=["compass"],
    )
    do(s, "steal from=1 item=crystal:red")
    assert s.pending[-1].kind == "explore" and {"choose src=none"} <= legal(s)
    do(s, "choose src=deck")
    assert s.current.hand == ["compass"] and s.turn.stage == "natural"


def test_change_directions():
    """Change Directions: turn with every movement skill."""
    s = position(OPEN, [hero((4, 4), "mirra", [("mirra_facets", "b"), ("mirra_glide", "a")])])
    do(s, "tumble dir=S", "step dir=E")
    assert "step dir=N" in legal(s)


def test_flame_grip_makes_thieves_pay():
    """Flame Grip: opponents must discard a card to steal from you."""
    s = position(
        OPEN,
        [
            hero((4, 4), hand=["honey_bun"]),
            hero((6, 4), "tobin", [("tobin_phase", "b")], carrying=["crystal:red"]),
        ],
    )
    do(s, "tumble dir=E")
    assert legal(s) >= {"steal from=1 item=crystal:red pay=honey_bun"}
    do(s, "steal from=1 item=crystal:red pay=honey_bun")
    assert s.heroes[0].hand == [] and s.heroes[0].carrying == ["crystal:red"]


def test_jump_shockwave():
    """Jump Shockwave: a basic explosion where you land."""
    s = position(OPEN, [hero((4, 6), "rok", [("rok_greed", "b")]), hero((5, 3))])
    s.board.add(
        (3, 4), __import__("riotsim.games.quodd.board", fromlist=["Token"]).Token.make("wall")
    )
    ev = do(s, "tumble dir=N", "jump dir=N over=1")
    assert "exploded" in kinds(ev)
    assert s.heroes[1].pos == (7, 3) and s.board.has((3, 4), "broken_wall")


def test_underdog_places_under_yourself_and_triggers():
    """Underdog: place tokens under your own hero; they act at once."""
    s = position(
        OPEN,
        [hero((4, 4), "mirra", [("mirra_shards", "b")], hand=["spring_rune"])],
        phase="powerup",
    )
    do(s, "play card=spring_rune")
    assert "choose at=(4,4)" in legal(s)
    do(s, "choose at=(4,4)")
    assert s.pending[-1].kind == "spring"


def test_spring_jump():
    """Spring Jump: a spring is placed where your jump lands, and acts."""
    s = position(OPEN, [hero((4, 6), "forest", [("forest_mastery", "b")])])
    do(s, "tumble dir=N", "jump dir=N over=1")
    assert s.board.has((4, 3), "spring") and s.pending[-1].kind == "spring"


def test_tumble_spring():
    """Tumble Spring: at the end of the tumble skill a spring throws you, then the top acts."""
    s = position(OPEN, [hero((2, 4), "aang", [("aang_spade", "b")])])
    do(s, "tumble dir=E", "roll dir=E")
    assert s.pending[-1].kind == "spring"
    do(s, "choose dir=S")
    assert s.current.pos == (4, 6) and s.turn.skill == "dash"


def test_q_upgrade_power():
    """Upgrade (Q-Power): place another upgrade when your Q is activated."""
    cube = list(Cube.start("N").tumble("S").as_tuple())
    s = position(OPEN, [hero((4, 6), "tobin", [("tobin_manual", "b")], cube=cube)])
    do(s, "tumble dir=N")
    assert "qpower power=upgrade" in legal(s)
    do(s, "qpower power=upgrade", "choose tile=tobin_gears side=a")
    assert s.current.track[-1] == ("tobin_gears", "a")


def test_good_aim():
    """Good Aim: discard a card to destroy a token or break a wall (range 5)."""
    rows = ["..........", "...W..s...", *([".........."] * 8)]
    s = position(
        rows, [hero((4, 4), "rok", [("rok_pick", "a")], hand=["compass"])], phase="powerup"
    )
    do(s, "use icon=good_aim discard=compass")
    assert legal(s) == {"choose at=(3,1) token=wall", "choose at=(6,1) token=spring"}
    do(s, "choose at=(3,1) token=wall")
    assert s.board.has((3, 1), "broken_wall")
    assert not any(a.startswith("use icon=good_aim") for a in legal(s))


def test_twister_upgrade_and_swap_skills():
    """Twister (discard a card) and Swap Skills upgrades."""
    s = position(
        OPEN,
        [hero((4, 4), "trixie", [("trixie_luck", "b")], hand=["compass"]), hero((8, 8))],
        phase="powerup",
    )
    do(s, "use icon=twister discard=compass", "choose spin=ccw")
    assert s.heroes[1].cube.top == "q" and s.heroes[1].cube.north == "right"
    s = position(
        OPEN, [hero((4, 4), "mirra", [("mirra_glide", "b")]), hero((8, 8))], phase="powerup"
    )
    do(s, "use icon=swap_skills", "choose hero=1 swap=left/right")
    assert s.heroes[1].skills["left"] == "diagonal"


def test_winds_wipe_and_deck_exploring():
    """Random Wind, Strong Wind, Wipe the Lineup and Explore From Deck upgrades."""
    s = position(
        OPEN,
        [hero((4, 4), "aang", [("aang_burrow", "b"), ("aang_wind", "b")]), hero((8, 8))],
        phase="powerup",
    )
    s.rng.script("W")
    do(s, "use icon=random_wind")
    assert s.heroes[0].pos == (3, 4) and s.heroes[1].pos == (7, 8)
    do(s, "use icon=strong_wind", "choose dir=N")
    assert s.heroes[0].pos == (3, 2)
    s = position(
        OPEN,
        [hero((4, 4), "trixie", [("trixie_parade", "b")])],
        phase="powerup",
        lineup=["compass"],
        deck=["mole"] * 6,
    )
    do(s, "use icon=wipe_lineup")
    assert s.lineup == ["mole"] * 5
    s = position(
        OPEN, [hero((4, 4), "tobin", [("tobin_gears", "b")])], phase="powerup", deck=["mole"]
    )
    do(s, "use icon=explore_deck")
    assert s.current.hand == ["mole"]


def test_crush_may_break_walls_you_jump_over_or_land_on():
    """Upgrades and Q-Powers, Crush: "you may break any Walls you move through" and "place
    Broken Wall tokens on any Walls you pass over or land on" - a jump asks, wall by wall in
    the order passed, whether to break it."""
    rows = ["........", "........", "........", "..W.....", "..W.....", "........", "........"]
    s = position(rows, [hero((2, 6), "mirra", [("mirra_shards", "a"), ("mirra_glide", "a")])])
    do(s, "tumble dir=N")  # the back (jump) comes up
    assert s.turn.skill == "jump"
    do(s, "jump dir=N over=1")  # over the wall at (2,4), onto the wall at (2,3)
    assert s.pending[-1].kind == "crush"
    assert legal(s) == {"choose at=(2,4) crush=break", "choose at=(2,4) crush=keep"}
    do(s, "choose at=(2,4) crush=break")
    assert legal(s) == {"choose at=(2,3) crush=break", "choose at=(2,3) crush=keep"}
    do(s, "choose at=(2,3) crush=keep")
    assert s.board.has((2, 4), "broken_wall") and s.board.is_wall((2, 3))
    assert s.current.pos == (2, 3)  # landed on top of the wall it kept


def test_crush_is_a_choice_on_wall_tops_too():
    """Crush ("may"): walking from a wall top onto a wall, the hero may break it or stay on
    top; stepping into a wall from the ground is only possible by breaking it."""
    rows = [".....", ".WW..", "....."]
    s = position(rows, [hero((0, 1), "mirra", [("mirra_shards", "a"), ("mirra_glide", "a")])])
    from riotsim.core.contract import Action
    from riotsim.games.quodd import RULESET

    label = RULESET.describe(s, Action.parse("tumble dir=E"))
    assert label == "Tumble east, breaking the wall"
    do(s, "tumble dir=E")  # from the ground into the wall at (1,1): it breaks
    assert s.board.has((1, 1), "broken_wall")
    s = position(rows, [hero((1, 1), "mirra", [("mirra_shards", "a"), ("mirra_glide", "a")])])
    do(s, "tumble dir=E")  # from the wall top at (1,1) onto the wall at (2,1)
    assert s.pending[-1].kind == "crush"
    do(s, "choose at=(2,1) crush=keep")
    assert s.board.is_wall((2, 1)) and s.board.is_wall((1, 1)) and s.current.pos == (2, 1)


def test_crush_is_for_your_own_moves_only():
    """Crush ("When you move ..."): being pushed or carried is not moving - a Crush hero
    against a wall cannot be pushed into it (Pushing Other Heroes), and a current does not
    carry it into one."""
    shards = [("mirra_shards", "a")]
    s = position([".....", "..W..", "....."], [hero((0, 1)), hero((1, 1), "mirra", shards)])
    assert "tumble dir=E" not in legal(s)
    s = position(["......", ".>W...", "......"], [hero((0, 1), "mirra", shards)])
    s.current.pos = (1, 0)
    do(s, "tumble dir=S")  # onto the current at (1,1), which points at the wall
    assert s.current.pos == (1, 1) and s.board.is_wall((2, 1))


def test_crush_on_a_spring_jump_of_your_own_move():
    """Crush ("any Walls you pass over") with a Spring ("jump over 1 space"): a spring's jump
    during your own move is a jump too, so the wall it clears may be broken."""
    rows = [".....", ".sW..", "....."]
    s = position(rows, [hero((0, 1), "mirra", [("mirra_shards", "a")])])
    do(s, "tumble dir=E", "choose dir=E")  # onto the spring at (1,1), thrown east over (2,1)
    assert legal(s) == {"choose at=(2,1) crush=break", "choose at=(2,1) crush=keep"}
    do(s, "choose at=(2,1) crush=break")
    assert s.board.has((2, 1), "broken_wall") and s.current.pos == (3, 1)


def test_the_icons_a_hero_has_follow_its_track_as_it_changes():
    """Upgrade track: a tile placed, flipped or taken off changes the hero's icons at once
    (the icons counted from the track are remembered per hero, abilities.track_icons)."""
    from riotsim.games.quodd import abilities

    s = position(OPEN, [hero((4, 4), "rok", [("rok_pick", "a")])])
    rok = s.current
    assert abilities.has(rok, "good_aim") and abilities.icon_count(rok, "movement") == 0
    rok.track.append(("rok_stride", "a"))  # placed
    assert abilities.icon_count(rok, "movement") == 1
    rok.track[0] = ("rok_pick", "b")  # flipped: +1 movement instead of Good Aim
    assert not abilities.has(rok, "good_aim") and abilities.icon_count(rok, "movement") == 2
    copy = s.copy()
    copy.heroes[0].track.pop()  # a copy's track changes, the original's does not
    assert abilities.icon_count(copy.heroes[0], "movement") == 1
    assert abilities.icon_count(rok, "movement") == 2
    rok.track = []  # taken off
    assert abilities.track_icons(rok) == {} and not abilities.has(rok, "good_aim")
