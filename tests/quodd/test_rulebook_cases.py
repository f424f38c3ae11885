"""Rulebook cases the rules got wrong or got stuck on (issue 9): walled-in respawn points,
"reveal until a card of that type", trap doors, coming up beneath a hero, occupied respawn
points. Each test names the section it checks."""

from __future__ import annotations

from riotsim.games.quodd import RULESET
from riotsim.games.quodd.board import Token
from tests.quodd.helpers import do, kinds, legal, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


# The hero at (2,1) is walled in, and so is the nearer respawn point (5,1).
WALLED = [
    "..W..W...",
    ".W.WWRW..",
    "..W..W...",
    ".........",
    "........R",
]


# ---------------------------------------------------------------------------------------
# FAQ: walled in
# ---------------------------------------------------------------------------------------


def test_faq_walled_in_respawn_skips_a_walled_in_point():
    """FAQ (tumble in place): blocked on all four sides -> respawn, "then go about your
    movement phase as normal": a respawn point that is itself walled in gives no way on, so
    the hero comes back at the nearest point it can tumble away from."""
    s = position(WALLED, [hero((2, 1))], phase="powerup")
    s.turn.walled_at_start = True
    ev = do(s, "move")
    assert "respawned" in kinds(ev)
    assert s.current.pos == (8, 4) and s.turn.stage == "natural"
    assert {"tumble dir=N", "tumble dir=W"} <= legal(s)


def test_faq_walled_in_everywhere_ends_the_movement_instead_of_sticking():
    """FAQ (tumble in place): when every respawn point is walled in too, the hero respawns
    at the nearest one and, unable to make its natural tumble, its movement ends - the turn
    goes on (never a seat to move with nothing to do)."""
    rows = WALLED[:4]  # only the walled-in respawn point (5,1)
    s = position(rows, [hero((2, 1))], phase="powerup")
    s.turn.walled_at_start = True
    ev = do(s, "move")
    assert s.current.pos == (5, 1) and "no_way_on" in kinds(ev)
    assert s.phase == "recovery"
    assert RULESET.to_move(s) == 0 and RULESET.legal_actions(s)


def test_faq_walled_in_respawn_beside_an_occupied_point_leaves_a_way_on():
    """FAQ (walled in) with Pits and Respawning: the respawn point is taken by a hero, so the
    walled-in hero comes back beside it - only on squares it can tumble away from."""
    rows = [
        "..W..W...",
        ".W.WW.W..",
        "..W.WR...",
        ".....W...",
        ".........",
    ]
    s = position(rows, [hero((2, 1)), hero((5, 2))], phase="powerup")
    s.turn.walled_at_start = True
    do(s, "move")
    decision = s.pending[-1]
    assert decision.kind == "respawn_beside" and decision.seat == 0
    spots = {tuple(o["at"]) for o in decision.data["options"]}
    assert (5, 1) not in spots  # free, but walled in (walls W, N, E; the other hero S)
    assert spots == {(6, 2), (4, 3), (6, 3)}
    do(s, "choose at=(4,3)")
    assert s.heroes[0].pos == (4, 3) and s.turn.stage == "natural" and legal(s)


# ---------------------------------------------------------------------------------------
# Food / Item / Pet / Rune tokens and "reveal until a card of that type"
# ---------------------------------------------------------------------------------------


def test_food_token_with_no_food_left_anywhere_ends():
    """Food token: "reveal cards ... until a food card is revealed" - with no Food card in
    the deck or the discard the reveal ends at once (it used to go round for ever)."""
    s = position(
        [".....", ".f...", "....."],
        [hero((0, 1))],
        lineup=["earth_rune"],
        deck=["pickaxe", "compass"],
    )
    s.discard = ["mole"]
    ev = do(s, "tumble dir=E")
    assert "no_card_of_type" in kinds(ev)
    assert s.current.hand == [] and s.deck == ["pickaxe", "compass"] and s.discard == ["mole"]
    assert not s.board.has((1, 1), "food") and s.phase == "movement"


def test_item_pet_rune_tokens_with_none_left_end():
    """Item / Pet / Rune tokens: the same reveal ends when no card of the type exists in the
    deck or the discard."""
    for kind in ("item", "pet", "rune"):
        s = position([".....", ".....", "....."], [hero((0, 1))], deck=["honey_bun"])
        s.discard = ["swiftgrass_juice"]
        s.board.add((1, 1), Token.make(kind))
        ev = do(s, "tumble dir=E")
        assert "no_card_of_type" in kinds(ev), kind
        assert s.current.hand == [], kind


def test_reveal_until_reshuffles_the_discard_to_find_one():
    """Explore: Food (card effect): the deck runs out, the discard is shuffled in and the
    reveal goes on until the Food card in it turns up; the others revealed are discarded."""
    s = position(
        [".....", ".....", "....."],
        [hero((2, 1), hand=["picnic_basket"])],
        phase="powerup",
        deck=["pickaxe"],
    )
    s.discard = ["honey_bun"]
    do(s, "play card=picnic_basket")
    assert s.current.hand == ["honey_bun"]
    assert sorted(s.deck + s.discard) == ["pickaxe", "picnic_basket"]


def test_picnic_basket_with_no_food_anywhere_ends():
    """Explore: Food (card effect): no Food card in deck or discard -> nothing is revealed,
    the card is still used up and the game goes on."""
    s = position(
        [".....", ".....", "....."],
        [hero((2, 1), hand=["picnic_basket"])],
        phase="powerup",
        deck=["pickaxe", "compass"],
    )
    ev = do(s, "play card=picnic_basket")
    assert "no_card_of_type" in kinds(ev) and s.current.hand == []
    assert s.discard == ["picnic_basket"] and s.phase == "powerup" and legal(s)


# ---------------------------------------------------------------------------------------
# Trap Door
# ---------------------------------------------------------------------------------------


def test_trap_doors_lose_everything_on_every_door_that_opens():
    """Trap Door: "Any Hero, Sheep, or crystal on the door when it opens is lost" - all of
    them, on every door the switch opens, not only the first."""
    rows = ["R.......R", ".k...x.xx", "........."]
    s = position(rows, [hero((0, 1)), hero((5, 1)), hero((7, 1))])
    s.board.add((8, 1), Token.make("crystal", colour="red"))
    ev = do(s, "tumble dir=E")
    assert [e.data["hero"] for e in ev if e.kind == "fell"] == [1, 2]
    assert "crystal_lost" in kinds(ev) and not s.board.has((8, 1), "crystal")
    assert all(s.board.is_pit(c) for c in ((5, 1), (7, 1), (8, 1)))
    # hero 1 took (8,0); hero 2 comes back beside it
    assert s.heroes[1].pos == (8, 0)
    assert s.pending[-1].kind == "respawn_beside" and s.pending[-1].seat == 2
    do(s, "choose at=(7,0)")
    assert s.heroes[2].pos == (7, 0) and s.heroes[0].pos == (1, 1)
    assert len({h.pos for h in s.heroes}) == 3


def test_trap_doors_lose_sheep_too():
    """S18, Trap Door L450: "Any Hero, Sheep, or crystal on the door when it opens is lost"."""
    s = position(["R.......", ".k..x.x.", "........"], [hero((0, 1))])
    s.board.add((6, 1), Token.make("sheep", colour="white", direction="N", number=7))
    s.next_id = 8
    events = do(s, "tumble dir=E")
    assert [e.data for e in events if e.kind == "sheep_lost"] == [{"id": 7, "at": [6, 1]}]
    assert not s.board.find("sheep")


# ---------------------------------------------------------------------------------------
# Landing on Other Heroes: coming up beneath another hero
# ---------------------------------------------------------------------------------------


def test_tunnel_exit_under_a_hero_pushes_it():
    """Landing on Other Heroes: "The same applies when your Hero comes up beneath another
    Hero" - a tunnel exit with a hero on it may be taken; that hero is pushed one square in
    a direction the mover picks, and the tunnel still ends the movement."""
    s = position([".U..U..U."], [hero((0, 0)), hero((4, 0))])
    do(s, "tumble dir=E")
    assert legal(s) == {"choose to=stay", "choose to=(4,0)", "choose to=(7,0)"}
    do(s, "choose to=(4,0)")
    assert s.pending[-1].kind == "bump" and s.pending[-1].seat == 0
    assert legal(s) == {"choose dir=E", "choose dir=W"}
    ev = do(s, "choose dir=W")
    assert "tunnelled" in kinds(ev) and "pushed" in kinds(ev)
    assert s.heroes[0].pos == (4, 0) and s.heroes[1].pos == (3, 0)
    assert s.phase == "recovery"


def test_water_connection_exit_under_a_hero_pushes_it():
    """Landing on Other Heroes: a water connection bringing you up under a hero pushes it;
    your movement then goes on as after any connection."""
    s = position([".C...C...", "........."], [hero((0, 0)), hero((5, 0))])
    do(s, "tumble dir=E")
    assert s.pending[-1].kind == "bump"
    assert legal(s) == {"choose dir=E", "choose dir=W", "choose dir=S"}
    ev = do(s, "choose dir=S")
    assert "connected" in kinds(ev)
    assert s.heroes[0].pos == (5, 0) and s.heroes[1].pos == (5, 1)
    assert s.phase == "movement"


def test_connection_exit_with_one_way_out_pushes_without_asking():
    """Landing on Other Heroes: "push that Hero 1 space in any available direction" - with
    only one direction open there is nothing to choose."""
    s = position([".C..WCW..", ".....W..."], [hero((0, 0)), hero((5, 0))])
    do(s, "tumble dir=E")
    # the hero at (5,0) has walls E, W and S: it cannot be pushed, so no way through
    assert s.heroes[0].pos == (1, 0) and s.heroes[1].pos == (5, 0)
    s = position([".C..WCW..", "........."], [hero((0, 0)), hero((5, 0))])
    do(s, "tumble dir=E")
    assert s.heroes[0].pos == (5, 0) and s.heroes[1].pos == (5, 1)


def test_teleporting_onto_a_hero_pushes_it():
    """Landing on Other Heroes / Teleporter: a teleport may end on a hero, which is pushed
    one square (the teleporting player picks where)."""
    s = position(["........", "..T.....", "........"], [hero((1, 1)), hero((4, 1))])
    s.rng.script("2")
    do(s, "tumble dir=E")
    assert "choose to=(4,1)" in legal(s)
    do(s, "choose to=(4,1)")
    assert s.pending[-1].kind == "bump"
    do(s, "choose dir=N")
    assert s.heroes[0].pos == (4, 1) and s.heroes[1].pos == (4, 0)


def test_coming_up_beneath_a_rooted_hero_its_controller_picks_the_square():
    """Landing on Other Heroes: if the hero beneath is rooted, its controller decides which
    adjacent square you actually come up on."""
    s = position([".U..U..U.", "........."], [hero((0, 0)), hero((4, 0), items=["anchor_boots"])])
    do(s, "tumble dir=E", "choose to=(4,0)")
    assert s.pending[-1].kind == "rooted_landing" and s.pending[-1].seat == 1
    do(s, "choose at=(4,1)")
    assert s.heroes[0].pos == (4, 1) and s.heroes[1].pos == (4, 0)


# ---------------------------------------------------------------------------------------
# Pits and Respawning: an occupied respawn point
# ---------------------------------------------------------------------------------------


def test_occupied_respawn_point_free_adjacent_squares_only():
    """Pits and Respawning: "If the respawn point is occupied by another Hero, respawn in a
    space of your choice adjacent to that point": the falling player chooses among the free
    squares around it - not pits, walls or other heroes."""
    rows = ["#W.......", ".R......R", "W........", "....#...."]
    s = position(rows, [hero((4, 2)), hero((1, 1)), hero((2, 2))])
    do(s, "tumble dir=S")  # into the pit at (4,3); (1,1) is the nearest point
    decision = s.pending[-1]
    assert decision.kind == "respawn_beside" and decision.seat == 0
    spots = {tuple(o["at"]) for o in decision.data["options"]}
    assert spots == {(2, 0), (0, 1), (2, 1), (1, 2)}
    do(s, "choose at=(2,1)")
    assert s.heroes[0].pos == (2, 1) and s.heroes[0].cube.top == "q"


def test_occupied_respawn_point_with_no_free_square_uses_the_next_point():
    """Pits and Respawning: two heroes never share a square - a taken respawn point with no
    free square around it is passed over for the next nearest one."""
    rows = ["#W.......", "WR......R", "WW.......", "....#...."]
    s = position(rows, [hero((4, 2)), hero((1, 1)), hero((2, 1)), hero((2, 0)), hero((2, 2))])
    do(s, "tumble dir=S")
    assert s.heroes[0].pos == (8, 1) and not s.pending
    assert len({h.pos for h in s.heroes}) == 5


def test_respawn_choice_is_the_respawning_players_on_anothers_turn():
    """Pits and Respawning: pushed into a pit on someone else's turn, the pushed hero's
    player picks the square beside the taken respawn point."""
    rows = [".R.......", "........#", "........."]
    s = position(rows, [hero((6, 1)), hero((7, 1)), hero((1, 0))])
    do(s, "tumble dir=E")  # pushes hero 1 into the pit at (8,1)
    assert s.pending[-1].kind == "respawn_beside" and s.pending[-1].seat == 1
    do(s, "choose at=(0,0)")
    assert s.heroes[1].pos == (0, 0)
