"""Questions the rulebook leaves open, settled by riotsim (data/quodd/reference.md, "Our
rulings"), and two close readings of its text. Each test names the section it reads."""

from __future__ import annotations

import json

from riotsim.games.quodd import RULESET
from riotsim.games.quodd.board import Token
from tests.quodd.helpers import do, kinds, legal, position

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


def test_ruling_a_lit_respawn_point_is_passed_over():
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
