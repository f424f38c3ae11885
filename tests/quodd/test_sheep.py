"""Sheep: Managing the Flock (rulebook L620-636; docs/quodd-moving-board.md section 5, rules
S1-S24, examples E3-E5). Positions are readable boards (``g``/``l``/``b``: grey, white and
black sheep facing E unless ``extra`` says otherwise); "upkeep" ends the round from there."""

from __future__ import annotations

import pytest

from riotsim.games.quodd import elements, engine
from riotsim.games.quodd.directions import Cell
from riotsim.games.quodd.state import State
from tests.quodd.helpers import answer, check_scenarios, do, kinds, legal, position, upkeep

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


def sheep(state: State) -> dict[Cell, tuple[str, str | None]]:
    """Every sheep on the board: square -> (colour, facing)."""
    return {
        cell: (t.get("colour"), t.get("direction"))
        for cell, tokens in state.board.tokens.items()
        for t in tokens
        if t.kind == "sheep"
    }


FAR = hero((8, 8))


def board(rows: list[str], heroes=None, **extra) -> State:
    """``rows`` padded into a 9x9 board (the hero out of the way at (8,8) by default)."""
    full = [r.ljust(9, ".") for r in rows] + ["." * 9] * (9 - len(rows))
    return position(full, heroes or [FAR], **extra)


# ---------------------------------------------------------------------------------------
# S1, S2, S3: colours, movement points, blocking
# ---------------------------------------------------------------------------------------


def test_sheep_move_one_two_three_by_colour():
    """S1, Grey/White/Black Sheep L632-636: 1, 2 and 3 spaces per turn (per upkeep)."""
    s = position([".......", "g......", "l......", "b......"], [hero((6, 0))])
    events = upkeep(s)
    assert sheep(s) == {(1, 1): ("grey", "E"), (2, 2): ("white", "E"), (3, 3): ("black", "E")}
    assert kinds(events)[:4] == ["upkeep_step", "sheep_moved", "sheep_moved", "sheep_moved"]
    moved = [e for e in events if e.kind == "sheep_moved"]
    assert moved[2].data == {
        "id": 2,
        "from": [0, 3],
        "path": [[1, 3], [2, 3], [3, 3]],
        "facing": "E",
    }
    assert s.phase == "upgrade"


def test_blocked_sheep_spend_the_point_turning_clockwise():
    """S2, Grey Sheep L632 ("turns to the right"): the board edge ahead; it turns N and
    stays."""
    s = position(["...", "g..", "..."], [hero((2, 2))], extra={"0,1": {"direction": "W"}})
    events = upkeep(s)
    assert sheep(s) == {(0, 1): ("grey", "N")}
    assert [e.data for e in events if e.kind == "sheep_turned"] == [
        {"id": 0, "at": [0, 1], "facing": "N", "spin": "cw"}
    ]


@pytest.mark.parametrize(
    "ahead, extra",
    [
        ("W", {}),  # a whole wall
        ("I", {}),  # an impassable wall that is up
        ("#", {}),  # a pit (L626: they will not purposely fall in)
        ("p", {}),  # a pit token
        ("x", {"2,1": {"open": 1}}),  # an open trap door
        ("g", {"2,1": {"direction": "N"}}),  # another sheep (facing into the edge above)
        ("c", {}),  # a crystal
        # resting bombs: in upkeep bombs roll before sheep walk (U1), and two bombs rolling
        # into each other both stop (B5), so this pair still rests there when the sheep walks
        ("**", {"2,1": {"direction": "E"}, "3,1": {"direction": "W"}}),
        ("E", {"2,1": {"on": 0}}),  # a beam component
        ("H", {}),  # a hero (who will not take it)
    ],
)
@pytest.mark.parametrize("colour", ["g", "l"])
def test_grey_and_white_sheep_are_blocked_by_everything_solid(ahead, extra, colour):
    """S3, Grey/White Sheep L632, L634: "Blocked by all normal obstacles, Heroes, Sheep,
    Walls, Pits, Crystals, etc." - the sheep turns S and stays (a white sheep then spends
    its second point stepping S)."""
    heroes = [hero((8, 2))]
    row = ("." + colour + ahead + "." * 9)[:9]
    if ahead == "H":
        row = "." + colour + "......."
        heroes = [hero((2, 1))]
    s = position(["." * 9, row, "." * 9], heroes, extra=extra)
    upkeep(s)
    if ahead == "H":
        assert s.pending[-1].kind == "sheep_pickup"
        answer(s, pickup="no")
    if colour == "g":
        assert sheep(s)[(1, 1)] == ("grey", "S")
    else:
        assert sheep(s)[(1, 2)] == ("white", "S") and (1, 1) not in sheep(s)


def test_a_lit_beam_square_blocks_a_sheep():
    """S3, S23 (beams are impassable walls, L386): a lit square turns the sheep away."""
    s = position(["." * 5, ".g...", "." * 5], [hero((4, 2))])
    s.board.set_beams([(2, 1)], [])
    upkeep(s)
    assert sheep(s) == {(1, 1): ("grey", "S")}


def test_sheep_walk_over_broken_walls_water_and_tokens():
    """S3 (our ruling: sheep cross water as heroes do): broken walls, water, a lowered
    impassable wall and a closed trap door are open to a black sheep's three points."""
    s = position(["." * 7, "bB~i...", "." * 7], [hero((6, 2))])
    upkeep(s)
    assert sheep(s) == {(3, 1): ("black", "E")}
    s = position(["." * 7, "lx.....", "." * 7], [hero((6, 2))])
    upkeep(s)
    assert sheep(s) == {(2, 1): ("white", "E")}


# ---------------------------------------------------------------------------------------
# E3, E4, E5: the rulebook's examples
# ---------------------------------------------------------------------------------------


def test_grey_sheep_example():
    """E3, Grey Sheep L632 (read over two rounds, our ruling S2): forward, then blocked by
    the wall and turning right, then on in its new facing."""
    s = position([".....", ".g.W.", "....."], [hero((4, 2))])
    upkeep(s)
    assert sheep(s) == {(2, 1): ("grey", "E")}
    upkeep(s)
    assert sheep(s) == {(2, 1): ("grey", "S")}
    upkeep(s)
    assert sheep(s) == {(2, 2): ("grey", "S")}


def test_white_sheep_example():
    """E4, White Sheep L634: each moves one space, then is blocked (A by B, B by the wall)
    and rotates 90 degrees clockwise. A, the western one, goes first (L623)."""
    s = position(["......", "l.l.W.", "......"], [hero((5, 2))])
    upkeep(s)
    assert sheep(s) == {(1, 1): ("white", "S"), (3, 1): ("white", "S")}


def test_black_sheep_example_moves_three():
    """E5, Black Sheep L636: "unobstructed and is able to move the 3 spaces"."""
    s = position([".......", "b......", "......."], [hero((6, 2))])
    upkeep(s)
    assert sheep(s) == {(3, 1): ("black", "E")}


def test_black_sheep_pushes_a_hero_as_it_moves():
    """E5, Black Sheep L636 ("If a Hero were in its way, the Sheep would push them") with
    rule 4 L625: before each push the hero may pick the sheep up."""
    s = position([".......", "b......", "......."], [hero((2, 1))])
    upkeep(s)
    assert s.pending[-1].kind == "sheep_pickup" and s.pending[-1].seat == 0
    events = answer(s, pickup="no")
    assert s.heroes[0].pos == (3, 1) and sheep(s) == {(2, 1): ("black", "E")}
    assert "sheep_shoved" in kinds(events)
    assert s.pending[-1].kind == "sheep_pickup"
    answer(s, pickup="no")
    assert s.heroes[0].pos == (4, 1) and sheep(s) == {(3, 1): ("black", "E")}
    assert s.phase == "upgrade"
    # variant: yes at the first question
    s = position([".......", "b......", "......."], [hero((2, 1))])
    upkeep(s)
    events = answer(s, pickup="yes")
    assert s.heroes[0].carrying == ["sheep:black"] and sheep(s) == {}
    assert s.heroes[0].pos == (2, 1) and "sheep_picked_up" in kinds(events)


def test_black_sheep_pushes_sheep_and_crystals():
    """E5 "flock", Black Sheep L636 ("can also push other Sheep, and Crystals"): the grey
    sheep is pushed on one square; the next push fails (the crystal right behind: no chain
    pushes), so the black sheep turns; the grey sheep still moves once (S20, U2)."""
    s = position(
        [".......", "b.g.c..", "......."], [hero((6, 2))], extra={"2,1": {"direction": "N"}}
    )
    events = upkeep(s)
    assert sheep(s) == {(2, 1): ("black", "S"), (3, 0): ("grey", "N")}
    assert s.board.has((4, 1), "crystal")
    shoves = [e.data for e in events if e.kind == "sheep_shoved"]
    assert shoves == [{"by": 0, "piece": "sheep", "from": [2, 1], "to": [3, 1], "pushed": 1}]


def test_black_sheep_pushes_a_crystal():
    """S4, L636: a crystal in the way is pushed one square on."""
    s = position([".......", "bc.....", "......."], [hero((6, 2))])
    upkeep(s)
    assert sheep(s) == {(3, 1): ("black", "E")} and s.board.has((4, 1), "crystal")


def test_black_sheep_cannot_push_into_a_wall_and_turns():
    """S4 (our ruling): an impossible push blocks the black sheep like the others."""
    s = position(
        [".......", "bgW....", "......."], [hero((6, 2))], extra={"1,1": {"direction": "N"}}
    )
    upkeep(s)
    # point 1: the grey sheep cannot go into the wall: turns S; point 2 steps S; point 3
    # meets the board edge and turns W. The grey sheep then turns (N is free: it steps).
    assert sheep(s) == {(0, 2): ("black", "W"), (1, 0): ("grey", "N")}


def test_black_sheep_pushes_a_sheep_into_a_pit():
    """S4, S13, Managing the Flock rule 5 L626 ("they can be pushed in"): the grey sheep is
    lost; the black sheep never walks into the pit itself and turns."""
    s = position([".....", "bg#..", "....."], [hero((4, 2))], extra={"1,1": {"direction": "N"}})
    events = upkeep(s)
    assert [e.data for e in events if e.kind == "sheep_lost"] == [{"id": 1, "at": [2, 1]}]
    assert sheep(s) == {(1, 2): ("black", "S")}


def test_a_sheep_pushed_into_a_pit_is_lost():
    """S13 (our ruling: lost, as L450 says of trap doors): S4's position."""
    s = position([".....", "bg#..", "....."], [hero((4, 2))], extra={"1,1": {"direction": "N"}})
    upkeep(s)
    assert len(sheep(s)) == 1 and not s.board.has((2, 1), "sheep")


# ---------------------------------------------------------------------------------------
# S7: spawning; S8, S9: picking sheep up; S10 stealing; S17 falling; S21 delivering
# ---------------------------------------------------------------------------------------


def test_first_player_chooses_the_facing_of_spawned_sheep():
    """S7, Managing the Flock rule 1 L622: "When spawning Sheep, the current first-player
    chooses their direction" - one choice per sheep, north to south, for seat 1."""
    s = position(
        [".....", "...g.", ".l...", "....."],
        [hero((0, 0)), hero((4, 3))],
        first=1,
        extra={"3,1": {"direction": None}, "1,2": {"direction": None}},
    )
    assert sheep(s)[(3, 1)] == ("grey", None)
    events: list = []
    engine.settle(s, events)
    decision = s.pending[-1]
    assert decision.kind == "sheep_facing" and decision.seat == 1
    assert decision.data["at"] == [3, 1]
    assert legal(s) == {"choose facing=N", "choose facing=E", "choose facing=S", "choose facing=W"}
    events = answer(s, facing="W")
    assert [e.data for e in events if e.kind == "sheep_spawned"] == [
        {"id": 0, "colour": "grey", "at": [3, 1], "direction": "W"}
    ]
    assert s.pending[-1].kind == "sheep_facing" and s.pending[-1].data["at"] == [1, 2]
    answer(s, facing="N")
    assert sheep(s) == {(3, 1): ("grey", "W"), (1, 2): ("white", "N")}
    assert not s.pending


def test_a_sheep_with_a_direction_asks_nothing():
    """S7 (our ruling, L382: scenarios may change how tokens work): a sheep placed with a
    facing keeps it; nothing is asked."""
    s = position([".....", "...g.", "....."], [hero((0, 0))])
    events: list = []
    engine.settle(s, events)
    assert not s.pending and sheep(s) == {(3, 1): ("grey", "E")}


def test_sheep_walking_onto_a_hero_may_be_picked_up():
    """S8, Managing the Flock rule 4 L625: "When a Sheep moves onto a Hero, that Hero may
    choose to pick up the Sheep"; no: the hero blocks it and it turns."""
    s = position(["....", ".g..", "...."], [hero((3, 0)), hero((2, 1))])
    upkeep(s)
    assert s.pending[-1].kind == "sheep_pickup" and s.pending[-1].seat == 1
    events = answer(s, pickup="yes")
    assert s.heroes[1].carrying == ["sheep:grey"] and sheep(s) == {}
    assert [e.data for e in events if e.kind == "sheep_picked_up"] == [
        {"hero": 1, "id": 0, "colour": "grey", "at": [1, 1]}
    ]
    s = position(["....", ".g..", "...."], [hero((3, 0)), hero((2, 1))])
    upkeep(s)
    answer(s, pickup="no")
    assert sheep(s) == {(1, 1): ("grey", "S")} and s.heroes[1].carrying == []
    assert s.phase == "upgrade"


def test_upkeep_pauses_on_a_sheep_pickup_and_resumes_after_a_save():
    """U3 with S8: upkeep waits on the hero's choice; a save taken then plays on the same."""
    s = position(["....", ".g..", "...."], [hero((2, 1))])
    upkeep(s)
    saved = State.from_json(s.to_json())
    assert legal(saved) == legal(s) == {"choose pickup=yes", "choose pickup=no"}
    answer(saved, pickup="no")
    assert sheep(saved) == {(1, 1): ("grey", "S")} and saved.phase == "upgrade"


def test_landing_on_a_sheep_picks_it_up_jumping_over_does_not():
    """S9, rule 9 L630: "To pick up a Sheep, you must land on the space occupied by the
    Sheep" - a jump over it leaves it; a jump landing on it or a slide step onto it picks
    it up, and the slide may go on."""
    s = position(["......", "......", ".g....", "......"], [hero((0, 3))])
    do(s, "tumble dir=N")  # jump
    do(s, "jump dir=E over=1")
    assert s.current.pos == (2, 2) and s.current.carrying == [] and (1, 2) in sheep(s)
    s = position(["......", "......", "..g...", "......"], [hero((0, 3))])
    do(s, "tumble dir=N")
    events = do(s, "jump dir=E over=1")
    assert "sheep_picked_up" in kinds(events) and s.current.carrying == ["sheep:grey"]
    s = position(
        ["......", "..g...", "......"],
        [hero((0, 0), track=[["rok_stride", "a"], ["rok_pick", "b"]])],
    )
    do(s, "tumble dir=S")  # slide, three squares
    do(s, "step dir=E", "step dir=E")
    assert s.current.carrying == ["sheep:grey"] and sheep(s) == {}
    assert "step dir=E" in legal(s)
    do(s, "step dir=E")
    assert s.current.pos == (3, 1)


def test_a_carried_sheep_can_be_stolen():
    """S10, Stealing L224 (sheep are collectibles): a neighbour's sheep may be stolen."""
    s = position(["." * 9] * 9, [hero((4, 4)), hero((6, 4), carrying=["sheep:white"])])
    do(s, "tumble dir=E")
    assert "steal from=1 item=sheep:white" in legal(s)
    do(s, "steal from=1 item=sheep:white")
    assert s.heroes[0].carrying == ["sheep:white"] and s.heroes[1].carrying == []


def test_a_falling_hero_drops_its_sheep_and_the_first_player_faces_it():
    """S17, Pits and Respawning L311 (a falling hero drops what it carries beside the pit)
    with rule 1 L622: the dropped sheep is spawned, the first player choosing its facing.
    Squares with sheep are not drop squares."""
    s = position(
        ["R....", "..#g.", ".g..."],
        [hero((1, 1), carrying=["sheep:black"]), hero((4, 0))],
        first=1,
        extra={"3,1": {"direction": "N"}, "1,2": {"direction": "N"}},
    )
    do(s, "tumble dir=E")
    assert s.pending[-1].kind == "drop"
    offered = {o["at"][0] * 10 + o["at"][1] for o in s.pending[-1].data["options"]}
    assert 31 not in offered and 12 not in offered  # the two sheep squares
    do(s, "choose at=(2,0)")
    assert sheep(s)[(2, 0)] == ("black", None)
    assert s.pending[-1].kind == "sheep_facing" and s.pending[-1].seat == 1
    answer(s, facing="S")
    assert sheep(s)[(2, 0)] == ("black", "S")
    assert s.heroes[0].carrying == [] and s.heroes[0].pos == (0, 0)


def test_delivering_sheep_at_a_drop_zone():
    """S21 (content): a hero arriving on a drop zone delivers the sheep it carries; they
    count in ``herded`` and cannot be stolen any more."""
    s = position(["....", "D...", "...."], [hero((0, 0), carrying=["sheep:grey", "crystal:red"])])
    events = do(s, "tumble dir=S")
    assert s.current.carrying == [] and s.current.herded == 1 and s.current.delivered == 1
    assert [e.data for e in events if e.kind == "sheep_delivered"] == [
        {"hero": 0, "count": 1, "total": 1}
    ]
    assert State.from_json(s.to_json()).heroes[0].herded == 1


# ---------------------------------------------------------------------------------------
# S11-S16: board elements act on sheep
# ---------------------------------------------------------------------------------------


def test_a_current_carries_a_sheep_without_turning_it():
    """S11 and S5, rule 3 L624 ("affected by board elements ... such as water currents"):
    the current carries it one square at no cost; it goes on facing E."""
    s = position([".....", "lv...", ".~...", "....."], [hero((4, 3))])
    events = upkeep(s)
    assert sheep(s) == {(2, 2): ("white", "E")}
    assert [e.data for e in events if e.kind == "sheep_carried"] == [
        {"id": 0, "from": [1, 1], "to": [1, 2], "how": "current"}
    ]
    assert kinds(events).index("sheep_carried") > kinds(events).index("sheep_moved")


def test_whirlpool_spins_a_sheep_first_player_chooses():
    """S12 (our ruling U4), rule 3 L624: a whirlpool turns the sheep a quarter; the first
    player chooses the way. The spin costs no point."""
    s = position([".....", "l@...", "....."], [hero((4, 2)), hero((0, 0))], first=1)
    upkeep(s)
    assert s.pending[-1].kind == "sheep_whirlpool" and s.pending[-1].seat == 1
    answer(s, spin="cw")
    assert sheep(s) == {(1, 2): ("white", "S")}


def test_sheep_teleporter_rolls_distance_and_direction():
    """S14, rule 6 L627: "roll both dice to determine distance and direction"."""
    s = board(["", "", "", "", "gT"])
    s.rng.script("3", "NE")
    events = upkeep(s)
    assert sheep(s) == {(4, 1): ("grey", "E")}
    assert [e.data["die"] for e in events if e.kind == "dice_rolled"] == ["quodd_d6", "direction"]


def test_sheep_teleporter_shortens_to_the_last_open_square():
    """S14 (our ruling): a closed destination sends it back along the line."""
    s = board(["", "", "", "", "gT....W"])
    s.rng.script("5", "E")
    upkeep(s)
    assert sheep(s) == {(5, 4): ("grey", "E")}


def test_sheep_teleporter_q_explodes_under_the_sheep():
    """S14 with the Teleporter token: on a Q it explodes; the sheep stays."""
    s = board(["", "", "", "", "gT"])
    s.rng.script("Q")
    events = upkeep(s)
    assert not s.board.has((1, 4), "teleporter") and sheep(s) == {(1, 4): ("grey", "E")}
    assert {"at": [1, 4]} in [e.data for e in events if e.kind == "exploded"]


def test_teleporting_ends_the_sheep_movement():
    """S14 (our ruling, as for heroes L282): a black sheep teleported spends no more points."""
    s = board(["", "", "", "", "bT"])
    s.rng.script("2", "N")
    upkeep(s)
    assert sheep(s) == {(1, 2): ("black", "E")}


def test_sheep_springs_in_its_direction_of_movement():
    """S15, rule 7 L628: "it will spring in the direction of movement (which could result
    in the sheep landing in a pit)"."""
    s = position([".....", "gs...", "....."], [hero((4, 2))])
    upkeep(s)
    assert sheep(s) == {(3, 1): ("grey", "E")}
    s = position([".....", "gs.#.", "....."], [hero((4, 2))])
    events = upkeep(s)
    assert sheep(s) == {} and "sheep_lost" in kinds(events)


def test_a_sheep_spring_onto_a_hero_asks_the_hero():
    """S15 with S8: a spring landing on a hero is that hero's pick-up question."""
    s = position([".....", "gs.R.", "....."], [hero((3, 1))])
    upkeep(s)
    assert s.pending[-1].kind == "sheep_pickup"
    answer(s, pickup="no")
    assert sheep(s) == {(1, 1): ("grey", "E")}


def test_sheep_ignore_tunnels_and_hero_tokens():
    """S16, rule 8 L629 ("Sheep cannot use Tunnels") and our ruling on "and tokens": a
    black sheep crosses a tunnel, a Q token, a cannon, a secret token and a switch over two
    rounds: nothing happens, no die is rolled, the secret stays hidden, no door opens."""
    s = position(["........", "bUqK?kx.", "........"], [hero((7, 2))])
    events = upkeep(s)
    assert sheep(s) == {(3, 1): ("black", "E")}
    events += upkeep(s)
    assert sheep(s) == {(6, 1): ("black", "E")}  # on the closed trap door
    assert s.board.has((4, 1), "secret") and s.board.has((1, 1), "tunnel")
    assert s.board.first((6, 1), "trap_door").get("open") == 0
    assert not {"dice_rolled", "switched", "secret_revealed"} & set(kinds(events))
    assert not s.pending and s.phase == "upgrade"


def test_a_water_connection_carries_a_sheep():
    """S16 (water connections move what stands in them, L462): the sheep comes out at the
    partner and walks on from there."""
    s = position(["......", "lC....", "......", "....C."], [hero((0, 3))])
    events = upkeep(s)
    assert sheep(s) == {(5, 3): ("white", "E")}
    assert {"id": 0, "from": [1, 1], "to": [4, 3], "how": "connection"} in [
        e.data for e in events if e.kind == "sheep_carried"
    ]


def test_a_sheep_turns_with_its_board():
    """X2, S22 (Rotate Board L430): a turned section carries its sheep and turns their
    facing."""
    s = board(["", "g"])
    elements.rotate_section(s, 0, "cw", [])
    assert sheep(s) == {(7, 0): ("grey", "S")}


# ---------------------------------------------------------------------------------------
# the scenario: solo_sheep_herding (objective ``sheep``)
# ---------------------------------------------------------------------------------------


def _new(scenario: str, seed: int = 1) -> State:
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.games.quodd import RULESET

    return RULESET.new_state(GameSetup((PlayerSpec("P0"),), seed=seed, scenario=scenario))


def test_solo_sheep_herding_can_be_won():
    """S21 and the ``sheep`` objective (spec 11.7): the planner picks the three sheep up
    and herds them into the pen before time runs out. At the start the first player gives
    the map's sheep their facings (S7)."""
    from riotsim.games.quodd import RULESET
    from tests.quodd.planner import play_solo

    state = _new("solo_sheep_herding")
    while state.pending and state.pending[-1].kind != "sheep_facing":
        RULESET.apply(state, RULESET.legal_actions(state)[0])
    assert state.pending[-1].kind == "sheep_facing" and state.pending[-1].seat == 0
    state = play_solo(state)
    assert state.phase == "over" and state.winners == [0], state.reason
    assert state.heroes[0].herded >= 3
    assert RULESET.outcome(state).stats["sheep herded"] == (state.heroes[0].herded,)


def test_solo_sheep_herding_can_be_lost():
    """The time tracker runs out when no sheep is herded (the hero only stops)."""
    from riotsim.games.quodd import RULESET

    state = _new("solo_sheep_herding")
    while state.phase != "over":
        actions = RULESET.legal_actions(state)
        texts = [str(a) for a in actions]
        pick = next((t for t in ("choose swap=done", "move", "stop", "done") if t in texts), None)
        if "choose pickup=no" in texts:
            pick = "choose pickup=no"
        RULESET.apply(state, actions[texts.index(pick)] if pick else actions[0])
    assert state.winners == [] and "time" in state.reason
    assert state.heroes[0].herded == 0


# ---------------------------------------------------------------------------------------
# more edges of S8, S14, S16 and the saved fields
# ---------------------------------------------------------------------------------------


def test_super_teleporter_rolls_two_dice_and_doubles_explode():
    """S14, Super Teleporter: two d6 for the distance; doubles destroy it (it explodes)."""
    s = board(["", "", "", "", "gX"])
    s.rng.script("1", "2", "E")
    upkeep(s)
    assert sheep(s) == {(4, 4): ("grey", "E")}
    s = board(["", "", "", "", "gX"])
    s.rng.script("2", "2")
    events = upkeep(s)
    assert not s.board.has((1, 4), "super_teleporter") and "exploded" in kinds(events)
    assert sheep(s) == {(1, 4): ("grey", "E")}


def test_a_teleport_onto_a_hero_asks_and_a_no_shortens_it():
    """S14 with S8: a hero on the destination square may take the sheep; if not, the sheep
    goes to the next open square back along the line."""
    s = board(["", "", "", "", "gT..."], [hero((4, 4))])
    s.rng.script("3", "E")
    upkeep(s)
    assert s.pending[-1].kind == "sheep_pickup" and s.pending[-1].data["distance"] == 3
    answer(s, pickup="no")
    assert sheep(s) == {(3, 4): ("grey", "E")} and s.phase == "upgrade"


def test_a_current_onto_a_hero_asks_and_a_no_leaves_the_sheep_on_it():
    """S11 with S8: the current would carry the sheep onto a hero; no: the sheep is not
    carried, and its second point walks on east as usual (the refusal was for the current's
    move only)."""
    s = position([".....", "lv...", ".....", "....."], [hero((1, 2))])
    upkeep(s)
    assert s.pending[-1].kind == "sheep_pickup" and s.pending[-1].data["at"] == [1, 1]
    events = answer(s, pickup="no")
    assert "sheep_carried" not in kinds(events)
    assert sheep(s) == {(2, 1): ("white", "E")} and s.phase == "upgrade"


def test_a_connection_with_several_partners_is_the_first_players_choice():
    """S16 (water connections, L462): with several partners the first player picks one."""
    s = position(["C....", "lC...", ".....", "....C"], [hero((0, 3)), hero((4, 0))], first=1)
    upkeep(s)
    assert s.pending[-1].kind == "sheep_connection" and s.pending[-1].seat == 1
    assert legal(s) == {"choose to=(0,0)", "choose to=(4,3)"}
    answer(s, to=[4, 3])
    # its second point meets the board edge: it turns (the exit does not send it on again)
    assert sheep(s) == {(4, 3): ("white", "S")}


def test_carried_sheep_and_herded_counts_are_checked_in_positions():
    """Spec 11.3: ``carrying`` holds ``sheep:<colour>`` items; anything else is refused."""
    from riotsim.core.contract import PositionError

    s = position(["..."], [hero((0, 0), carrying=["sheep:black"], herded=2)])
    assert s.heroes[0].carrying == ["sheep:black"] and s.heroes[0].herded == 2
    with pytest.raises(PositionError, match="carrying"):
        position(["..."], [hero((0, 0), carrying=["sheep:pink"])])


def test_positions_refuse_sheep_on_walls_or_pits_and_more_than_ten():
    """S6, S13 and the box's ten sheep (L73): a position may not hold a sheep on a wall or
    in a pit, nor more than ten sheep."""
    from riotsim.core.contract import PositionError

    with pytest.raises(PositionError, match="a sheep on a wall"):
        position(
            ["....."],
            [hero((0, 0))],
            tokens=[{"at": [2, 0], "kind": "wall"}, {"at": [2, 0], "kind": "sheep"}],
        )
    with pytest.raises(PositionError, match="a sheep on a pit"):
        position(["..#.."], [hero((0, 0))], tokens=[{"at": [2, 0], "kind": "sheep"}])
    with pytest.raises(PositionError, match="at most 10"):
        position(["g" * 11, "."], [hero((0, 1))])


def test_check_data_reports_a_sheep_objective_without_enough_sheep(tmp_path, monkeypatch):
    """check-data (spec 11.7): an objective ``sheep`` needs at least ``target`` sheep on its
    boards and a drop zone."""
    problems = check_scenarios(
        tmp_path,
        monkeypatch,
        "scenarios:\n"
        "  - id: flockless\n"
        "    name: Flockless\n"
        "    mode: solo\n"
        "    rounds: 5\n"
        "    summary: x\n"
        "    boards: [{board: b1a, x: 0, y: 0}, {board: sz1a, x: 0, y: 9}]\n"
        "    tokens: [{kind: sheep, at: [4, 4], colour: white}]\n"
        "    objective: {type: sheep, target: 2}\n",
    )
    assert any("2 sheep needed, 1 placed" in p for p in problems), problems
    assert any("no drop zone" in p for p in problems), problems


def test_a_saved_sheep_step_is_read_field_by_field():
    """Positions are input from strangers (spec 11.3): the sheep frames and the pickup choice
    read back through their declarations; a damaged field is refused by its path."""
    from riotsim.core.contract import PositionError

    s = position(["....", "b...", "...."], [hero((2, 1))])
    upkeep(s)
    raw = s.to_json()
    assert [f["type"] for f in raw["resolving"]] == ["upkeep", "sheep_step", "sheep"]
    again = State.from_json(raw)
    assert legal(again) == {"choose pickup=yes", "choose pickup=no"}
    raw["resolving"][2]["left"] = 9
    with pytest.raises(PositionError, match=r"resolving\[2\]\.left"):
        State.from_json(raw)
    raw = s.to_json()
    raw["resolving"][1]["queue"] = ["zero"]
    with pytest.raises(PositionError, match=r"resolving\[1\]\.queue\[0\]"):
        State.from_json(raw)


def test_a_hero_picks_up_a_sheep_standing_on_a_spring_before_it_springs():
    """S9 with Spring: a sheep whose spring failed (a wall on the landing) stands on it;
    a hero stepping there picks the sheep up first, then the spring throws the hero."""
    s = position(["....", ".gsW", "...."], [hero((2, 0)), hero((3, 2))])
    upkeep(s)
    assert sheep(s) == {(2, 1): ("grey", "E")}
    assert s.board.at((2, 1))[0].kind == "sheep"  # on top of the spring
    s.phase = "movement"
    s.active = 0
    do(s, "tumble dir=S")  # hero 0 from (2,0) onto the spring square
    assert s.heroes[0].carrying == ["sheep:grey"]
    assert s.pending[-1].kind == "spring"


def test_a_black_sheep_never_follows_a_hero_onto_a_wall():
    """S4, S6 (our ruling): a hero standing on a wall top is not pushed by a black sheep,
    which could not step onto the wall after it; the sheep turns."""
    s = position([".....", "bW...", "....."], [hero((1, 1))])
    upkeep(s)
    answer(s, pickup="no")
    # point 1 turns S, point 2 steps S, point 3 meets the edge and turns W
    assert s.heroes[0].pos == (1, 1) and sheep(s) == {(0, 2): ("black", "W")}


def test_a_hero_on_a_sheep_it_is_picking_up_saves_and_loads():
    """Movement priority (stealing first) with S9: a hero stepping onto a sheep next to a
    hero it may rob is asked about the steal before the pickup; saved then, the position
    (hero and sheep on one square, the arrival to come) loads and plays on."""
    s = position(["....", ".g..", "...."], [hero((1, 0)), hero((2, 2), carrying=["crystal:red"])])
    do(s, "tumble dir=S")
    assert s.pending[-1].kind == "steal_first" and s.heroes[0].pos == (1, 1)
    again = State.from_json(s.to_json())
    assert legal(again) == legal(s)
    do(again, "choose item=none")
    assert again.heroes[0].carrying == ["sheep:grey"] and sheep(again) == {}


def test_a_sheep_ride_is_saved_with_its_arrival():
    """S11 (a loop of currents carries it round once): the squares a sheep rode over are
    part of its arrival frame, so a saved position keeps the ride."""
    s = position([".....", "l>v..", ".^<..", "....."], [hero((4, 3))])
    events = upkeep(s)
    # a closed loop of four currents: round once to (1,2); the second point steps onto
    # (2,2), a new ride, round once more to (2,1)
    rides = [e.data["to"] for e in events if e.kind == "sheep_carried"]
    assert rides == [[2, 1], [2, 2], [1, 2], [1, 2], [1, 1], [2, 1]]
    assert sheep(s) == {(2, 1): ("white", "E")}
    raw = {
        "type": "piece_arrive",
        "piece": "sheep",
        "at": [1, 1],
        "chooser": 0,
        "hops": 1,
        "id": 0,
        "ride": [[1, 1], [2, 1]],
    }
    s2 = position([".....", ".>v..", "....."], [hero((4, 2))])
    data = s2.to_json()
    data["resolving"] = [raw]
    assert State.from_json(data).resolving[0]["ride"] == [[1, 1], [2, 1]]
