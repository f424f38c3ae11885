"""Questions the rulebook leaves open, settled by riotsim (data/quodd/reference.md, "Our
rulings"), and two close readings of its text. Each test names the section it reads."""

from __future__ import annotations

import json

from riotsim.games.quodd import RULESET
from riotsim.games.quodd.board import Token
from tests.quodd.helpers import do, kinds, legal, position, upkeep

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 9] * 9


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


def test_ruling_a_fall_into_a_pit_ends_the_movement():
    """Our ruling (Pit / Pits and Respawning are silent on the rest of the move): after a fall
    the hero respawns Q-up and its Movement phase is over, even with movement left."""
    rows = ["R........", ".........", "....#....", "........."]
    # front faces north: tumbling S brings "front" (slide) up
    s = position(rows, [hero((4, 0), track=[["rok_stride", "a"]])])
    do(s, "tumble dir=S")
    assert s.turn.skill == "slide" and s.turn.remaining == 2
    ev = do(s, "step dir=S")
    assert "fell" in kinds(ev) and "respawned" in kinds(ev)
    assert s.current.pos == (0, 0) and s.phase == "recovery"


def test_reading_dash_goes_in_any_of_eight_directions():
    """Dash Skill ("move 1 space in any direction", where Slide says orthogonally and
    Diagonal Slide diagonally): each dash step may go to any of the eight neighbours."""
    from riotsim.games.quodd.cube import Cube

    s = position(OPEN, [hero((4, 5), track=[["rok_stride", "a"]])])
    s.current.cube = Cube("front", "q", "right", "feet", "left", "back")  # N brings feet up
    do(s, "tumble dir=N")
    assert s.turn.skill == "dash"
    steps = {a for a in legal(s) if a.startswith("step")}
    assert steps == {f"step dir={d}" for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")}
    do(s, "step dir=NE", "step dir=S")  # and it may turn after every step
    assert s.current.pos == (5, 4)


def test_reading_teleporter_goes_up_to_the_roll_counted_orthogonally():
    """Teleporter (Phase 2: "up to the die result ... does not have to be a straight line";
    Reference: never back onto the teleporter): any square 1..roll orthogonal steps away,
    round corners too, but not walls, heroes or the teleporter itself."""
    rows = [".........", ".........", "...T.W...", ".........", "........."]
    s = position(rows, [hero((2, 2))])
    s.rng.script("3")
    do(s, "tumble dir=E")
    dests = {a for a in legal(s)}
    assert "choose to=(5,3)" in dests  # 2 east + 1 south: not a straight line
    assert "choose to=(4,4)" in dests and "choose to=(3,5)" not in dests  # 1+2 yes, 0+3 off
    assert "choose to=(5,2)" not in dests  # a wall
    assert "choose to=(3,2)" not in dests  # the teleporter itself
    assert "choose to=(6,2)" in dests  # walls in between do not block the count


def test_ruling_no_chain_pushes():
    """Our ruling (Pushing Other Heroes: "normal movement rules apply", silent on a row of
    heroes): a hero with another hero right behind it cannot be pushed that way."""
    s = position(OPEN, [hero((3, 4)), hero((4, 4)), hero((5, 4))])
    assert "tumble dir=E" not in legal(s)
    assert "tumble dir=W" in legal(s)
    s = position(OPEN, [hero((3, 4)), hero((4, 4))])
    assert "tumble dir=E" in legal(s)  # a single hero is pushed


TRACK3 = [["rok_stride", "a"], ["rok_pick", "b"]]  # movement 3


def test_jumping_over_a_hero_is_no_chance_to_steal():
    """Stealing: not while jumping over a hero - before the jump or upon landing only."""
    s = position(OPEN, [hero((1, 5), track=TRACK3), hero((3, 4), carrying=["crystal:red"])])
    do(s, "tumble dir=N")  # back (jump) on top, at (1,4); the other hero two squares east
    assert s.turn.skill == "jump"
    assert not any(a.startswith("steal") for a in legal(s))
    ev = do(s, "jump dir=E over=3")  # over (2,4), the hero at (3,4) and (4,4), to (5,4)
    assert "stolen" not in kinds(ev) and s.current.pos == (5, 4)
    assert s.phase == "recovery"  # two squares away: nothing to steal, the move is over


def test_steal_upon_landing_with_no_movement_left():
    """Stealing: "upon landing" - a jump that uses every point still lets the hero rob the
    neighbour it lands next to before the move ends."""
    s = position(OPEN, [hero((1, 5), track=TRACK3), hero((3, 4), carrying=["crystal:red"])])
    do(s, "tumble dir=N", "jump dir=E over=2")  # lands at (4,4), next to (3,4)
    assert s.phase == "movement" and s.turn.remaining == 0
    assert legal(s) == {"stop", "steal from=1 item=crystal:red"}
    do(s, "steal from=1 item=crystal:red")
    assert s.heroes[0].carrying == ["crystal:red"] and s.phase == "recovery"


def test_ruling_a_current_does_not_push_a_hero_in_its_way():
    """Our ruling (Water Current: "pushes you 1 space", silent on a hero in the way): the
    current only carries a hero onto a free square; the other hero is not pushed."""
    rows = [".........", "...>.....", "........."]
    s = position(rows, [hero((2, 1)), hero((4, 1))])
    ev = do(s, "tumble dir=E")
    assert "carried" not in kinds(ev) and "pushed" not in kinds(ev)
    assert s.heroes[0].pos == (3, 1) and s.heroes[1].pos == (4, 1)


def test_coming_up_under_a_hero_pushes_it():
    """Landing on Other Heroes: "The same applies when your Hero comes up beneath another
    Hero!" - no ruling is needed: an occupied tunnel or water-connection exit may be taken,
    and the hero there is pushed one square as under a jump."""
    s = position([".U..U..U."], [hero((0, 0)), hero((4, 0))])
    do(s, "tumble dir=E")
    assert legal(s) == {"choose to=stay", "choose to=(4,0)", "choose to=(7,0)"}
    do(s, "choose to=(4,0)", "choose dir=E")
    assert s.heroes[0].pos == (4, 0) and s.heroes[1].pos == (5, 0)
    rows = [".C...C...", "........."]
    s = position(rows, [hero((0, 0)), hero((5, 0))])
    do(s, "tumble dir=E", "choose dir=S")
    assert s.heroes[0].pos == (5, 0) and s.heroes[1].pos == (5, 1)


def test_ruling_a_closed_loop_of_currents_carries_you_round_once():
    """Our ruling (Water Current: "move your Hero 1 space in the direction indicated by the
    arrow", silent on arrows that lead round in a circle): a current never carries a hero back
    onto a square of the same ride, so the hero goes round the loop once and stops on its last
    new square; the log shows the whole ride as one event."""
    rows = ["......", ".>v...", ".^<...", "......"]
    s = position(rows, [hero((0, 1))])
    ev = do(s, "tumble dir=E")
    assert s.current.pos == (1, 2)  # (1,1) -> (2,1) -> (2,2) -> (1,2), not back onto (1,1)
    rides = [e for e in ev if e.kind == "carried"]
    assert len(rides) == 1
    assert rides[0].data["from"] == [1, 1] and rides[0].data["to"] == [1, 2]
    assert rides[0].data["path"] == [[2, 1], [2, 2], [1, 2]]
    # the move goes on as usual from where the ride stopped
    assert s.phase == "movement" and s.turn.stage in ("skill", "q")


def test_ruling_a_loop_through_a_water_connection_carries_you_round_once():
    """Our ruling, Water Current loop, for Water Connections too ("you must move to another
    Water Connection with a matching letter. You may continue your move after"): a connection
    hop is part of the ride, and no current takes the hero back onto a square of it - here
    the square the hero reached, where the loop began."""
    rows = ["......", ".C<<C.", "......"]
    s = position(rows, [hero((0, 1))])
    s.board.add((4, 1), Token.make("current", direction="W"))  # the exit flows back west
    ev = do(s, "tumble dir=E")  # onto the connection at (1,1)
    assert s.current.pos == (2, 1)  # (1,1) -> (4,1) -> (3,1) -> (2,1), not onto (1,1)
    assert [e.kind for e in ev if e.kind in ("connected", "carried")] == ["connected", "carried"]
    assert [e for e in ev if e.kind == "carried"][0].data["path"] == [[3, 1], [2, 1]]
    assert s.phase == "movement" and s.turn.stage in ("skill", "q")


def test_ruling_a_water_connection_does_not_take_you_back_onto_your_ride():
    """Our ruling, Water Current loop: a water connection whose only partner is a square of
    the ride (here where the ride began) does not carry the hero back there; the hero stays
    on the connection it was carried onto."""
    s = position(["......", ".C<<<.", "......"], [hero((4, 0))])
    s.board.add((4, 1), Token.make("connection", link="A"))  # under the first current
    ev = do(s, "tumble dir=S")
    assert s.current.pos == (1, 1)
    assert "connected" not in kinds(ev)


def test_ruling_a_ride_goes_on_after_coming_up_beneath_a_hero():
    """Landing on Other Heroes ("the same applies when your Hero comes up beneath another
    Hero") with our loop ruling: the push at the connection's exit does not start a new ride,
    so the loop still stops before the square the ride began on."""
    rows = ["......", ".C<<C.", "......"]
    s = position(rows, [hero((0, 1)), hero((4, 1))])
    s.board.add((4, 1), Token.make("current", direction="W"))
    do(s, "tumble dir=E")
    assert s.pending[-1].kind == "bump"  # the hero on the exit may go several ways
    assert s.resolving[-1]["ride"] == [[1, 1], [4, 1]]  # the waiting landing keeps the ride
    saved = json.dumps(RULESET.to_position(s))  # and so does a save made meanwhile
    s = RULESET.load_position(json.loads(saved), 2)
    assert json.dumps(RULESET.to_position(s)) == saved
    do(s, "choose dir=N")
    assert s.heroes[1].pos == (4, 0)
    assert s.heroes[0].pos == (2, 1)


def test_ruling_each_step_onto_a_loop_is_a_new_ride():
    """Our ruling, Water Current loop: the next step onto the loop starts a new ride, which
    again goes round once; nothing runs on by itself."""
    rows = ["......", ".>v...", ".^<...", "......"]
    s = position(rows, [hero((1, 0), track=[["rok_stride", "a"]])])
    do(s, "tumble dir=S")  # lands on (1,1) with slide on top: round to (1,2)
    assert s.current.pos == (1, 2) and s.turn.skill == "slide"
    ev = do(s, "step dir=N")  # back onto (1,1): round again to (1,2)
    assert s.current.pos == (1, 2) and kinds(ev).count("carried") == 1


def test_ruling_no_impulse_cards_once_exploring_starts():
    """Our ruling (Phase 4: "Once you begin exploring, you can no longer play cards", read as
    closing the turn to everyone's cards): the last Impulse window is on "Explore"; while the
    active player explores nobody is asked."""
    s = position(
        OPEN,
        [hero((5, 5), track=[["rok_stride", "b"]]), hero((8, 8), hand=["gust_fan"])],
        phase="recovery",
        deck=["compass"] * 8,
    )
    do(s, "explore")
    assert s.pending[-1].kind == "impulse" and s.pending[-1].seat == 1
    do(s, "choose card=pass", "draw src=deck")
    assert s.phase == "explore" and s.turn.explores_left == 1 and not s.pending


# -- bombs and cannons (issue 12 part A; docs/quodd-moving-board.md sections 2-4) -------------


def _rok(at, **kw):
    return {"hero": "rok", "at": list(at), **kw}


def _play_until(state, round_, phase="powerup"):
    """Play on (first legal action, "done" when offered) until ``round_`` reaches ``phase``."""
    for _ in range(200):
        if state.round >= round_ and state.phase == phase and not state.pending:
            return
        actions = sorted(legal(state))
        do(state, "done" if "done" in actions else actions[0])
    raise AssertionError("the game did not get there")


def test_ruling_bomb_die_has_two_faces_of_each_bomb():
    """Box contents (L74) lists bomb dice but not their faces; our design B2: two standard,
    two fire, two ice faces, valued by their speeds (4, 3, 3)."""
    from riotsim.core.dice import die

    bomb = die("bomb")
    assert sorted(bomb.faces) == ["fire", "fire", "ice", "ice", "standard", "standard"]
    assert [bomb.value(f) for f in ("standard", "fire", "ice")] == [4, 3, 3]


def test_ruling_no_eleventh_bomb():
    """Box contents (L74: ten bomb dice), our ruling B3: with ten bombs on the board a
    cannon fires nothing - no die is rolled, no bomb appears."""
    rows = ["*.*.*.*.*.", "..........", "*.*.*.*.*.", ".K........", ".........."]
    s = position(
        rows,
        [_rok((1, 4))],
        extra={f"{x},{y}": {"direction": "N"} for x in range(0, 10, 2) for y in (0, 2)},
    )
    events = do(s, "tumble dir=N")
    assert s.heroes[0].pos == (1, 3)
    assert "dice_rolled" not in kinds(events) and "bomb_supply_empty" in kinds(events)
    assert len(s.board.find("bomb")) == 10


def test_ruling_impassable_and_beam_parts_are_walls_to_a_bomb():
    """How Bombs Work (L603) names only walls; our ruling B5: a raised impassable wall, a
    beam component and a lit square stop a bomb like a wall - and the explosion leaves them."""
    rows = ["*..I.....", ".........", "*..E.....", ".........", "*........", "........."]
    s = position(rows, [_rok((8, 5))], extra={"3,2": {"direction": "N"}})
    s.board.set_beams([(3, 4)], [])
    events = upkeep(s)
    assert [e.at for e in events if e.kind == "exploded"] == [[3, 0], [3, 2], [3, 4]]
    assert s.board.has((3, 0), "impassable") and s.board.has((3, 2), "emitter")


def test_ruling_a_pit_swallows_a_bomb():
    """Our ruling B5: a bomb rolling into a pit is gone without exploding (as one rolling
    off the edge, L603); a wall bridging a pit is a wall it explodes against."""
    rows = ["*.#......", "*.w......", "........."]
    s = position(rows, [_rok((8, 2))])
    events = upkeep(s)
    assert "bomb_lost" in kinds(events)
    assert [e.at for e in events if e.kind == "exploded"] == [[2, 1]]
    assert not s.board.find("bomb")


def test_ruling_bombs_ignore_board_elements():
    """Our ruling B5: bombs are not heroes - they roll over currents, springs and teleporters
    without anything acting and without a die being rolled."""
    rows = ["*>sT.....", "........."]
    s = position(rows, [_rok((8, 1))])
    events = upkeep(s)
    assert "dice_rolled" not in kinds(events)
    assert s.board.find("bomb") == [(4, 0)]
    assert s.board.has((3, 0), "teleporter") and s.board.has((2, 0), "spring")


def test_ruling_a_resting_bomb_stops_a_moving_one():
    """Our ruling B5/B7: a moving bomb stops before a resting one, no explosion; the order
    of the step is fixed when it begins (U2), so the second then rolls too."""
    s = position(["*..*.....", "........."], [_rok((8, 1))])
    events = upkeep(s)
    assert "exploded" not in kinds(events)
    assert sorted(s.board.find("bomb")) == [(2, 0), (7, 0)]


def test_ruling_a_resting_bomb_blocks_but_can_be_jumped():
    """Our ruling B7: a resting bomb is a solid die - no step onto it, no landing on it, but
    a jump may pass over it."""
    rows = [".........", ".*.......", "........."]
    s = position(rows, [_rok((1, 2))])
    assert "tumble dir=N" not in legal(s)
    turn = {"natural_done": True, "stage": "skill", "skill": "jump", "remaining": 1}
    s = position([".........", "..*......", "........."], [_rok((1, 1))], turn=turn)
    assert "jump dir=E over=1" in legal(s)
    assert "jump dir=E over=0" not in legal(s)


def test_ruling_explosions_throw_sheep():
    """Basic Explosions (L610) names heroes; our ruling B8: sheep in the radius are thrown
    the same way (and resolve their landing through piece_arrive)."""
    rows = ["." * 9 for _ in range(9)]
    rows[4] = "*...W...."
    rows[5] = "....g...."
    s = position(rows, [_rok((8, 8))])
    events = upkeep(s)
    thrown = [(e.start, e.to) for e in events if e.kind == "sheep_thrown"]
    assert thrown == [([4, 5], [4, 7])]  # then the sheep step walks it on (U1)


def test_ruling_a_thrown_sheep_never_lands_on_a_wall():
    """Our ruling B8 (sheep never stand on walls, S6): a sheep whose landing square is a wall
    stays; a hero may land on a wall top."""
    rows = ["." * 9 for _ in range(9)]
    rows[4] = "*...W...."
    rows[5] = "....g...."
    rows[7] = "....W..W."
    s = position(rows, [_rok((5, 5))])
    events = upkeep(s)
    assert "sheep_thrown" not in kinds(events)
    assert [e.start for e in events if e.kind == "sheep_moved"] in ([], [[4, 5]])
    assert s.heroes[0].pos == (7, 7)


def test_ruling_a_fire_bomb_burns_the_hero_it_hits():
    """Fire Bomb (L594) burns the heroes in the radius; our ruling B11: the hero the bomb
    hits burns a random card too."""
    rows = ["." * 9 for _ in range(5)]
    rows[2] = "*........"
    s = position(rows, [_rok((3, 2), hand=["honey_bun"])], extra={"0,2": {"bomb": "fire"}})
    events = upkeep(s)
    assert s.heroes[0].pos == (5, 2) and s.heroes[0].hand == []
    assert "card_burned" in kinds(events) and s.discard[-1] == "honey_bun"


def test_ruling_ice_lasts_through_the_next_turn():
    """Ice Bomb (L596 "until their next turn"), our ruling B12: frozen during its own turn
    (by a cannon it set off), the tile is out for the rest of this turn and the whole next
    one, and comes back when that one ends."""
    rows = [".........", ".........", ".........", "...KW....", ".........", "........."]
    s = position(rows, [_rok((3, 4))])
    s.rng.script("ice")
    events = do(s, "tumble dir=N")
    rok = s.heroes[0]
    assert [e.at for e in events if e.kind == "exploded"] == [[4, 3]]
    assert rok.pos == (1, 3)
    assert rok.frozen == ["diagonal"] and rok.frozen_turns == 2
    assert set(rok.frozen) <= set(s.turn.used)
    frozen = list(rok.frozen)
    _play_until(s, 2)
    assert rok.frozen == frozen and set(frozen) <= set(s.turn.used)
    _play_until(s, 3)
    assert rok.frozen == [] and not set(frozen) & set(s.turn.used)


def test_ruling_the_bomber_chooses_for_heroes_it_throws():
    """Pushing (L305: the pusher chooses), our ruling B14: the player who set off the cannon
    chooses for the heroes its bomb throws onto board elements; in upkeep the first player."""
    rows = [
        ".........",
        ".........",
        ".........",
        ".K..W....",
        ".........",
        ".........",
        "....@....",
        ".........",
    ]
    s = position(rows, [_rok((1, 2)), {"hero": "trixie", "at": [4, 4]}])
    s.rng.script("standard")
    do(s, "tumble dir=S")
    assert s.heroes[1].pos == (4, 6)
    assert s.pending[-1].kind == "whirlpool" and s.pending[-1].seat == 0
    rows[3] = "*...W...."
    s = position(rows, [_rok((8, 0)), {"hero": "trixie", "at": [4, 4]}], first=1, active=1)
    upkeep(s)
    assert s.pending[-1].kind == "whirlpool" and s.pending[-1].seat == 1


def test_ruling_an_explosion_removes_bombs_without_setting_them_off():
    """Our ruling B15: resting bombs and cannons in the radius are destroyed, not set off:
    one explosion, no die."""
    rows = [".........", "...*.....", "*...W....", "...K.....", "........."]
    s = position(rows, [_rok((8, 4))], extra={"3,1": {"direction": "S"}})
    events = upkeep(s)
    assert [e.at for e in events if e.kind == "exploded"] == [[4, 2]]
    assert "dice_rolled" not in kinds(events)
    assert not s.board.find("bomb") and not s.board.find("cannon")


def test_ruling_landings_resolve_after_the_explosion():
    """Bombs & Explosions (L608) orders the jump and the explosion; our ruling (spec 10):
    the explosion is one instant - the hit hero's landing square (a spring) acts only after
    the walls around have broken."""
    rows = ["." * 9 for _ in range(9)]
    rows[3] = "..W......"
    rows[4] = "*....s..."
    s = position(rows, [_rok((3, 4))])
    upkeep(s)
    assert s.heroes[0].pos == (5, 4)
    assert s.board.has((2, 3), "broken_wall")
    assert s.pending[-1].kind == "spring"


def test_ruling_a_bomb_that_cannot_leave_the_hero_goes_back_to_the_box():
    """Our ruling (spec 11.3: a hero and a bomb never share a square): a bomb made under a
    hero that cannot roll away (a resting bomb in front) goes back to the box."""
    rows = [".........", ".........", ".........", ".K*......", "........."]
    s = position(rows, [_rok((1, 2))])
    s.rng.script("standard")
    events = do(s, "tumble dir=S")
    assert "bomb_lost" in kinds(events)
    assert s.board.find("bomb") == [(2, 3)]


def test_ruling_a_goal_reached_in_upkeep_wins_before_time_runs_out():
    """Time tracker (L364) ends a timed game at step 3; our ruling U5: a bomb in upkeep
    throwing the hero onto its last rally marker wins first."""
    rows = [".........", ".........", ".........", ".........", "*..W..1..", "........."]
    s = position(rows, [_rok((4, 4))], objective={"type": "rally", "target": 1}, round_limit=1)
    upkeep(s)
    assert s.heroes[0].pos == (6, 4) and s.heroes[0].rally == 1
    assert s.phase == "over" and s.winners == [0]


def test_ruling_a_hero_never_respawns_onto_a_resting_bomb():
    """Pits and Respawning (L311) with our ruling B7 (a resting bomb is solid; spec X8): a
    respawn point a bomb rests on is taken - the hero comes back on a free square beside it."""
    rows = ["R........", ".........", "...#.....", "........."]
    s = position(
        rows,
        [_rok((3, 3))],
        tokens=[{"at": [0, 0], "kind": "bomb", "bomb": "ice", "direction": "S", "number": 0}],
    )
    do(s, "tumble dir=N")
    assert s.pending[-1].kind == "respawn_beside"
    spots = {tuple(o["at"]) for o in s.pending[-1].data["options"]}
    assert spots == {(1, 0), (0, 1), (1, 1)}


def test_ruling_forced_moves_stop_at_bombs():
    """Our ruling B7 with X6: a resting bomb stops winds and slides like a wall - a strong
    wind blows the hero up to the bomb, not onto or past it."""
    rows = ["." * 9 for _ in range(5)]
    rows[2] = "....*...."
    s = position(rows, [_rok((2, 2), hand=["storm_bottle"])], phase="powerup")
    do(s, "play card=storm_bottle", "choose dir=E")
    assert s.heroes[0].pos == (3, 2)
    assert s.board.find("bomb") == [(4, 2)]


def test_ruling_push_bomb_only_after_pushes_by_your_own_move():
    """Push Bomb (L520) says "push"; our ruling K4: only pushes made by the hero's own
    movement (stepping into a hero, landing a jump on one), not a push made by a teleport."""
    skills = {
        "front": "dash",
        "back": "tumble",
        "left": "slide",
        "right": "jump",
        "feet": "diagonal",
    }
    aang = {"hero": "aang", "at": [2, 4], "skills": skills, "track": [["aang_breath", "b"]]}
    s = position(OPEN, [{**aang, "at": [3, 4]}, {"hero": "trixie", "at": [2, 2]}])
    do(s, "tumble dir=W", "jump dir=N over=1")  # the jump lands on Trixie: she is pushed
    assert s.pending[-1].kind == "bump"
    do(s, "choose dir=N")
    assert s.pending[-1].kind == "push_bomb" and s.heroes[1].pos == (2, 1)
    rows = list(OPEN)
    rows[4] = "...T....."
    s = position(rows, [{**aang, "at": [2, 4]}, {"hero": "trixie", "at": [3, 2]}])
    s.rng.script("2")
    do(s, "tumble dir=E")  # onto the teleporter
    do(s, "choose to=(3,2)")  # comes up beneath Trixie: she is pushed, not by Aang's move
    assert s.pending[-1].kind == "bump"
    do(s, "choose dir=N")
    assert all(d.kind != "push_bomb" for d in s.pending)
    assert s.heroes[0].pos == (3, 2) and s.heroes[1].pos == (3, 1)
    assert not any(f.get("do") == "push_bomb" for f in s.resolving)


# -- moving platforms and beams (issue 12 part C; docs/quodd-moving-board.md sections 6-7) --


def _upkeep(state):
    from tests.quodd.helpers import upkeep

    return upkeep(state)


def _slide_east(rows, **kw):
    return position(
        rows,
        kw.pop("heroes", [hero((0, 0))]),
        platforms=[{"cells": [[1, 1]], "motion": "slide", "direction": "E"}],
        **kw,
    )


def test_ruling_what_obstructs_a_platform():
    """Our ruling for How Platforms Work L646 ("obstructed (e.g. by another platform)";
    spec P4): the boards' floor, walls, impassable walls (up or down), beam parts, power
    blocks, crystals, heroes, another platform, the edge and a lit square stop a sliding
    platform; it stays and its arrow turns round."""
    s = _slide_east(["....", "#..#", "...."])  # the boards' own floor
    _upkeep(s)
    assert s.board.platforms[0].cells == ((1, 1),) and s.board.platforms[0].direction == "W"
    solids = [
        {"kind": "wall"},
        {"kind": "broken_wall"},
        {"kind": "impassable", "state": "up"},
        {"kind": "impassable", "state": "down"},
        {"kind": "power_block", "link": "A"},
        {"kind": "rotator", "spin": "cw"},
        {"kind": "mover", "direction": "N"},
        {"kind": "crystal", "colour": "red"},
    ]
    for solid in solids:  # each on the pit square the platform would slide onto
        s = _slide_east(["....", "#.##", "...."], tokens=[{"at": [2, 1], **solid}])
        _upkeep(s)
        assert s.board.platforms[0].cells == ((1, 1),), solid
        assert s.board.platforms[0].direction == "W", solid
    from riotsim.games.quodd import platforms

    for piece in (
        Token.make("sheep", colour="grey", direction="E", number=0),
        Token.make("bomb", bomb="standard", direction="E", number=0),
    ):
        s = _slide_east(["....", "#.##", "...."])
        s.board.add((2, 1), piece)  # (their own upkeep steps are parts A and B)
        assert platforms.obstructed(s, 0, {(1, 1): (2, 1)}), piece.kind
    s = _slide_east(["....", "#.##", "...."])  # and a free pit lets it go
    _upkeep(s)
    assert s.board.platforms[0].cells == ((2, 1),)
    s = _slide_east(["....", "~.~~", "...."], heroes=[hero((2, 1))])  # a hero in water
    _upkeep(s)
    assert s.board.platforms[0].direction == "W"
    s = _slide_east(["..", "#.", ".."])
    _upkeep(s)  # the board edge
    assert s.board.platforms[0].direction == "W"
    s = position(
        ["....", "#..#", "...."],
        [hero((0, 0))],
        platforms=[
            {"cells": [[1, 1]], "motion": "slide", "direction": "E"},
            {"cells": [[2, 1]], "motion": "slide", "direction": "E"},
        ],
    )
    _upkeep(s)  # the west one goes first and is blocked by the east one, which then moves
    assert [p.direction for p in s.board.platforms] == ["W", "E"]
    assert s.board.platforms[1].cells == ((3, 1),)
    s = _slide_east(["..E.", "#.##", "...."], extra={"2,0": {"direction": "S"}})
    assert (2, 1) in s.board.lit
    _upkeep(s)
    assert s.board.platforms[0].cells == ((1, 1),) and s.board.platforms[0].direction == "W"


def test_ruling_a_platform_slides_over_a_current_and_covers_it():
    """Our rulings P4, P9 (How Platforms Work L644-646): a current does not stop a platform;
    covered, it does nothing; uncovered again, it works."""
    s = position(
        ["#.~~#", "....."],
        [hero((0, 1))],
        tokens=[{"at": [2, 0], "kind": "current", "direction": "S"}],
        platforms=[{"cells": [[1, 0]], "motion": "slide", "direction": "E", "base": "water"}],
    )
    _upkeep(s)
    assert s.board.platforms[0].cells == ((2, 0),)
    assert not s.board.has((2, 0), "current") and s.board.ground[(2, 0)] == "floor"
    assert s.board.platforms[0].beneath[0][2][0].kind == "current"
    assert s.board.ground[(1, 0)] == "water"
    s = RULESET.from_position(s.to_json())  # what lies beneath is saved
    _upkeep(s)
    assert s.board.platforms[0].cells == ((3, 0),)
    assert s.board.has((2, 0), "current") and s.board.ground[(2, 0)] == "water"


def test_ruling_a_section_turns_with_the_platforms_inside_it():
    """Our ruling P13 (Rotate Board L430 with platforms): a platform wholly inside a turning
    section turns with it: squares, arrow, what lies beneath."""
    rows = ["#" * 9] + ["." * 9] * 8
    s = position(
        rows,
        [hero((4, 7))],
        tokens=[{"at": [4, 8], "kind": "rotate_switch"}],
        platforms=[{"cells": [[1, 0], [2, 0]], "motion": "slide", "direction": "E"}],
    )
    do(s, "tumble dir=S")
    from tests.quodd.helpers import answer

    answer(s, spin="cw")
    platform = s.board.platforms[0]
    assert platform.cells == ((8, 1), (8, 2)) and platform.direction == "S"
    assert [c for c, _, _ in platform.beneath] == [(8, 1), (8, 2)]
    assert s.board.ground[(8, 3)] == "pit"


def test_ruling_a_platform_across_two_sections_stops_the_rotation():
    """Our ruling P13: a platform lying across a section's edge keeps the section from
    turning; the rotation is not offered (a rotate-board token is still used up)."""
    from riotsim.games.quodd import scenario  # noqa: F401
    from riotsim.games.quodd.board import Board, Layout, Platform

    s = position(OPEN, [hero((4, 7))], tokens=[{"at": [4, 8], "kind": "rotate_board"}])
    layout = Layout("b", 9, 9, tuple(tuple(["pit"] * 9) for _ in range(9)))
    board = Board.compose([(layout, 0, 0, 0), (layout, 9, 0, 0)])
    for cell, tokens in s.board.tokens.items():
        for t in tokens:
            board.add(cell, t)
    for cell in list(s.board.ground):
        board.ground[cell] = s.board.ground[cell]
    board.ground[(8, 0)] = board.ground[(9, 0)] = "floor"
    board.platforms.append(
        Platform("p1", ((8, 0), (9, 0)), "none", beneath=(((8, 0), "pit", ()), ((9, 0), "pit", ())))
    )
    s.board = board
    events = do(s, "tumble dir=S")
    assert not s.pending and "board_rotated" not in kinds(events)
    assert not s.board.has((4, 8), "rotate_board")


def test_ruling_beams_cross_and_never_loop():
    """Our rulings W2 (Beam Emitter L386): beams cross each other; a beam sent back round
    by reflectors stops at a component (its own emitter) - with quarter-turn reflectors a
    beam can never run round a loop, and the trace guards against one anyway."""
    s = position(
        ["....E....", ".........", "E........"] + ["........."] * 6,
        [hero((8, 8))],
        extra={"0,2": {"direction": "E"}},
    )
    assert (4, 2) in s.board.lit and (5, 2) in s.board.lit and (4, 3) in s.board.lit
    rows = [".........", ".Z.E.Z...", ".........", ".........", ".........", ".Z...Z..."]
    rows += ["........."] * 3
    extra = {
        "3,1": {"direction": "E"},
        "5,1": {"direction": "SW"},
        "5,5": {"direction": "NW"},
        "1,5": {"direction": "NE"},
        "1,1": {"direction": "SE"},
    }
    s = position(rows, [hero((8, 8))], extra=extra)
    loop = {(4, 1), (2, 1)} | {(5, y) for y in range(2, 5)}
    loop |= {(x, 5) for x in range(2, 5)} | {(1, y) for y in range(2, 5)}
    assert s.board.lit == loop
    assert ((3, 1), "front") in s.board.hits


def test_ruling_a_broken_wall_lets_the_beam_on_and_it_lights_anew():
    """Our rulings W5, W16 (L386 "if a Hero is in the path of the beam when it is turned
    on"): a wall that stopped the beam breaks in an explosion (a teleporter's Q); the beam
    runs on, burns the spring and sends the hero in its path to the respawn point."""
    rows = ["." * 9] * 9
    rows = [list(r) for r in rows]
    for (x, y), ch in {(0, 2): "E", (4, 2): "W", (6, 2): "s", (4, 3): "T", (0, 8): "R"}.items():
        rows[y][x] = ch
    s = position(
        ["".join(r) for r in rows],
        [hero((4, 4)), hero((7, 2))],
        extra={"0,2": {"direction": "E"}},
    )
    assert (5, 2) not in s.board.lit
    s.rng.script("Q")
    events = do(s, "tumble dir=N")
    assert "teleporter_exploded" in kinds(events)
    assert s.board.lit == {(x, 2) for x in range(1, 9)}
    assert not s.board.has((6, 2), "spring")
    assert s.heroes[1].pos == (0, 8)


def test_ruling_crystals_go_on_power_blocks_from_next_to_them():
    """Our ruling W8 (Power Block L390 "placed on", L578 "removed"): offered from any of
    the eight neighbours while moving, once per block a turn; not from on top of the block
    (an inactive block is ordinary ground, W1)."""
    rows = ["J....", ".....", "....."]
    s = position(rows, [hero((1, 1), carrying=["crystal:red"])])
    assert "block put=(0,0)" in legal(s)
    s = position(rows, [hero((0, 0), carrying=["crystal:red"])])
    assert not any(a.startswith("block") for a in legal(s))
    s = position(rows, [hero((2, 1), carrying=["crystal:red"])])
    assert not any(a.startswith("block") for a in legal(s))
    s = position(rows, [hero((1, 1))])
    assert not any(a.startswith("block") for a in legal(s))  # nothing to put on it
    s = position(rows, [hero((1, 0), carrying=["crystal:red"])])
    do(s, "block put=(0,0)")
    assert s.board.has((0, 0), "crystal") and s.board.is_impassable((0, 0))
    assert "block take=(0,0)" not in legal(s)


def test_ruling_teleports_count_around_beams():
    """Our ruling W13 (L576 "cannot be crossed"): teleport distances are counted around the
    beam, like range."""
    rows = ["....E....", ".........", ".........", "...T.....", "........."] + ["....W...."]
    rows += ["........."] * 3
    s = position(rows, [hero((2, 3))], extra={"4,0": {"direction": "S"}})
    s.rng.script("3")
    do(s, "tumble dir=E")
    targets = {a for a in legal(s) if a.startswith("choose to=")}
    assert "choose to=(2,3)" in targets or "choose to=(3,2)" in targets
    assert "choose to=(5,3)" not in targets  # 2 as the crow flies, 10 around the beam
    assert not any(f"({4},{y})" in t for t in targets for y in range(1, 5))


def test_ruling_a_lit_respawn_point_is_passed_over():
    """Our ruling X8 (Pits and Respawning L311): a respawn point under a beam is passed
    over for the next nearest."""
    rows = ["R...E....", ".........", "....R....", ".........", "..#......", "........."]
    s = position(rows, [hero((2, 3))], extra={"4,0": {"direction": "S"}})
    assert (4, 2) in s.board.lit
    do(s, "tumble dir=S")
    assert s.heroes[0].pos == (0, 0)


def test_ruling_reflectors_hit_from_behind_ask_once_per_cascade():
    """Our ruling W9 (Beam Reflector L392): a reflector turned after a back hit that is
    still hit on its back is not turned again in the same cascade."""
    rows = ["..J......", ".........", "E...Z...."] + ["........."] * 6
    s = position(
        rows,
        [hero((1, 0), carrying=["crystal:blue"])],
        extra={"0,2": {"direction": "E", "on": 0, "link": "A"}, "4,2": {"direction": "SE"}},
    )
    do(s, "block put=(2,0)")
    from tests.quodd.helpers import answer

    answer(s, spin="ccw")
    assert s.board.first((4, 2), "reflector").get("direction") == "NE"
    assert not s.pending
    assert s.board.lit == {(1, 2), (2, 2), (3, 2)}


def test_ruling_no_token_on_a_beam_or_a_beam_part():
    """Our ruling W21 (token placement L384): no token on a lit square, a beam part, a power
    block, a sheep or a resting bomb."""
    from riotsim.games.quodd import moves

    rows = ["E..J.", ".....", ".G..."]
    s = position(rows, [hero((4, 2))], extra={"0,0": {"direction": "S"}})
    assert (0, 1) in s.board.lit
    for cell in ((0, 1), (0, 0), (3, 0), (1, 2)):
        assert not moves.token_placeable(s, cell, "spring"), cell
    assert moves.token_placeable(s, (2, 1), "spring")


def test_ruling_upkeep_choices_fall_to_the_first_player_for_reflectors():
    """Our ruling U4 with Beam Reflector L392 ("the active player rotates it"; spec W14): in
    upkeep nobody is taking a turn, so the first player turns a reflector a platform's move
    brought under a beam's back."""
    s = position(
        ["#E.......", "##...Z...", "........."],
        [hero((7, 2)), hero((0, 2))],
        extra={"1,0": {"direction": "E"}, "5,1": {"direction": "NE"}},
        platforms=[{"cells": [[1, 0]], "motion": "slide", "direction": "S"}],
        first=1,
    )
    _upkeep(s)
    assert s.board.first((1, 1), "emitter") is not None
    assert s.pending and s.pending[-1].kind == "reflector_turn"
    assert s.pending[-1].seat == 1


# ---------------------------------------------------------------------------------------
# sheep: Managing the Flock (issue 12 part B, docs/quodd-moving-board.md section 5)
# ---------------------------------------------------------------------------------------


def _sheep(state):
    return {
        cell: (t.get("colour"), t.get("direction"))
        for cell, tokens in state.board.tokens.items()
        for t in tokens
        if t.kind == "sheep"
    }


def test_ruling_upkeep_choices_fall_to_the_first_player():
    """U4, S19 (our ruling, after L358 and L622): a black sheep pushes seat 0's hero onto a
    whirlpool in upkeep; the pusher's whirlpool choice (L466) is the first player's."""
    from tests.quodd.helpers import answer, upkeep

    s = position(["......", "b.@...", "......"], [hero((1, 1)), hero((5, 2))], first=1)
    upkeep(s)
    assert s.pending[-1].kind == "sheep_pickup" and s.pending[-1].seat == 0
    answer(s, pickup="no")
    assert s.heroes[0].pos == (2, 1)
    assert s.pending[-1].kind == "whirlpool" and s.pending[-1].seat == 1


def test_ruling_upkeep_order_is_fixed_when_the_step_begins():
    """U2, S20 (our ruling): E5's flock - the grey sheep pushed on by the black one still
    moves once, in its place in the order fixed when the sheep step began."""
    from tests.quodd.helpers import upkeep

    s = position(
        [".......", "b.g.c..", "......."], [hero((6, 2))], extra={"2,1": {"direction": "N"}}
    )
    events = upkeep(s)
    assert _sheep(s) == {(2, 1): ("black", "S"), (3, 0): ("grey", "N")}
    # the black sheep's walk is logged in two parts around its push; the grey one's once
    assert [e.data["id"] for e in events if e.kind == "sheep_moved"] == [0, 0, 1]


def test_ruling_a_pushed_hero_is_stopped_by_a_sheep():
    """S9 (our ruling: only a hero's own move may end on a sheep, which picks it up): a hero
    that would be pushed onto a sheep cannot be pushed, so the push is not offered."""
    s = position(OPEN, [hero((3, 4)), hero((4, 4))])
    s.board.add((5, 4), Token.make("sheep", colour="grey", direction="N", number=0))
    s.next_id = 1
    assert "tumble dir=E" not in legal(s)
    s.board.remove((5, 4), s.board.first((5, 4), "sheep"))
    assert "tumble dir=E" in legal(s)


def test_ruling_forced_moves_stop_at_sheep_and_bombs():
    """X6 (our ruling): winds, currents and other forced moves never push, and a sheep or
    resting bomb blocks them like a hero; a crystal does not (the hero collects it)."""
    for kind, props in (("sheep", {"colour": "grey", "direction": "N"}), ("bomb", {})):
        s = position(OPEN, [hero((5, 5), items=["wind_horn"]), hero((1, 1))], phase="powerup")
        s.board.add((6, 6), Token.make(kind, number=0, **props))
        s.next_id = 1
        s.rng.script("SE")
        do(s, "activate card=wind_horn")
        assert s.heroes[0].pos == (5, 5) and s.heroes[1].pos == (2, 2)
    s = position([".>g.", "....", "...."], [hero((0, 0))])
    do(s, "tumble dir=E")  # onto the current, which cannot carry it onto the sheep
    assert s.heroes[0].pos == (1, 0) and _sheep(s) == {(2, 0): ("grey", "E")}
    # a blast would throw the hero two squares east, onto the sheep: it stays
    from riotsim.games.quodd import elements

    s = position(["......", "......", "......"], [hero((2, 1))])
    s.board.add((4, 1), Token.make("sheep", colour="grey", direction="N", number=0))
    s.next_id = 1
    elements.explosion(s, (1, 1), 0, [])
    assert s.heroes[0].pos == (2, 1)


def test_ruling_a_lit_respawn_point_is_passed_over_for_the_next_along_a_row():
    """X8 (our ruling): a respawn point a beam lights is passed over for the next nearest;
    squares with sheep are not respawn squares either."""
    s = position(["R...#...R"], [hero((3, 0), track=[["rok_stride", "a"]])])
    s.board.set_beams([(0, 0)], [])
    do(s, "tumble dir=E")  # into the pit at (4,0)
    assert s.heroes[0].pos == (8, 0)


def test_ruling_a_sheep_caught_in_a_beam_goes_to_the_nearest_respawn_point():
    """S23 (our ruling; L386 speaks only of heroes): a sheep on a newly lit square goes to
    the nearest respawn point keeping its facing; beside it when it is taken, the first
    player choosing."""
    from riotsim.games.quodd import sheep
    from tests.quodd.helpers import answer

    s = position(["R..g....R", "........."], [hero((7, 1))])
    s.board.set_beams([(3, 0)], [])
    events: list = []
    sheep.caught_in_beam(s, 0, events)
    assert _sheep(s) == {(0, 0): ("grey", "E")}
    s = position(["R..g.....", "........."], [hero((0, 0)), hero((8, 1))], first=1)
    sheep.caught_in_beam(s, 0, events)
    assert s.pending[-1].kind == "sheep_respawn" and s.pending[-1].seat == 1
    answer(s, at=[1, 0])
    assert _sheep(s) == {(1, 0): ("grey", "E")}


def test_ruling_respawning_beside_a_taken_point_avoids_sheep_and_crystals():
    """X8 (our ruling): coming back beside a taken respawn point, a hero never lands on a
    square holding a sheep, a bomb or a crystal."""
    s = position(["R.......", "c.......", "....#..."], [hero((3, 2)), hero((0, 0))], first=0)
    s.board.add((1, 0), Token.make("sheep", colour="grey", direction="N", number=0))
    s.next_id = 1
    do(s, "tumble dir=E")  # into the pit at (4,2); the only point (0,0) is taken
    assert s.pending[-1].kind == "respawn_beside"
    assert [o["at"] for o in s.pending[-1].data["options"]] == [[1, 1]]


def test_ruling_teleport_destinations_avoid_pieces_beam_parts_and_beams():
    """Spec X7 (Teleporter L446 with Beam Walls + Gadgets L578-584 and Sheep L620-636): a
    hero's teleport never ends on a sheep, a resting bomb, a beam part or a lit square."""
    from riotsim.games.quodd.elements import teleport_destinations

    s = position([".g.", "*..", "G.."], [hero((0, 0))], extra={"0,1": {"direction": "N"}})
    assert sorted(teleport_destinations(s, s.heroes[0], 2)) == [(1, 1), (2, 0)]
    s = position(["...E", "....", "...."], [hero((0, 0))])
    assert s.board.lit == {(3, 1), (3, 2)}
    near = teleport_destinations(s, s.heroes[0], 3)
    assert not {(3, 0), (3, 1), (3, 2)} & set(near) and (2, 1) in near


def test_ruling_a_crystal_on_the_respawn_point_sends_the_hero_beside_it():
    """Pits and Respawning (L311) with spec X8 (our ruling): a hero falls carrying a crystal
    and drops it on the respawn point beside the pit; the point then counts as taken, so the
    hero comes back on a free square next to it, never on the crystal (found by the
    moving-board fuzz)."""
    s = position(["R#......", "........", "........"], [hero((2, 0), carrying=["crystal:blue"])])
    do(s, "tumble dir=W")  # into the pit at (1,0)
    assert s.pending[-1].kind == "drop"
    do(s, "choose at=(0,0)")  # the crystal goes onto the respawn point
    assert s.board.has((0, 0), "crystal") and s.pending[-1].kind == "respawn_beside"
    options = [o["at"] for o in s.pending[-1].data["options"]]
    assert [0, 0] not in options and [0, 1] in options
    do(s, "choose at=(0,1)")
    assert s.heroes[0].pos == (0, 1) and s.board.has((0, 0), "crystal")
