"""Every FAQ answer of the rulebook that concerns this issue's rules."""

from __future__ import annotations

from riotsim.games.quodd import elements, engine
from riotsim.games.quodd.board import Token
from tests.quodd.helpers import do, kinds, legal, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 9] * 9


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


def test_faq_no_tumble_in_place():
    """FAQ: 'Can I tumble my hero in place?' No - choose another direction."""
    s = position(["..W..", ".W.W.", "....."], [hero((2, 1))])
    assert legal(s) == {"tumble dir=S"}


def test_faq_blocked_on_all_sides_respawn_then_move():
    """FAQ: blocked on all four sides at the start of your turn -> respawn at the nearest
    checkpoint, then move as normal."""
    s = position(["R.W..", ".W.W.", "..W..", "....."], [hero((2, 1))], phase="powerup")
    s.turn.walled_at_start = True
    do(s, "move")
    assert s.current.pos == (0, 0) and s.turn.stage == "natural"
    assert any(a.startswith("tumble") for a in legal(s))


def test_faq_blocking_yourself_in_during_phase_one_ends_movement():
    """FAQ note: blocked in on purpose during Phase 1 -> respawn, and movement ends there."""
    s = position(
        ["R.W..", ".W...", "..W..", "....."], [hero((2, 1), hand=["stone_rune"])], phase="powerup"
    )
    s.turn.walled_at_start = False
    do(s, "play card=stone_rune", "choose at=(3,1)", "move")
    assert s.current.pos == (0, 0) and s.phase == "recovery"


def test_faq_forced_tumble_outside_your_movement_activates_nothing():
    """FAQ: a tumble forced on you outside your own movement phase does not activate skills."""
    s = position(OPEN, [hero((4, 4)), hero((6, 6))])
    events = []
    elements.forced_tumble(s, s.heroes[1], "N", 0, events)
    engine.settle(s, events)
    assert s.heroes[1].pos == (6, 5) and s.heroes[1].cube.top == "back"
    assert "skill_activated" not in kinds(events)
    assert s.turn.skill is None


def test_faq_broken_wall_in_a_pit_is_passable():
    """FAQ: a wall placed in a pit and then broken is flipped and becomes a passable square."""
    s = position(["..w.."], [hero((1, 0))])
    wall = s.board.first((2, 0), "wall")
    s.board.replace((2, 0), wall, Token.make("broken_wall"))
    do(s, "tumble dir=E")
    assert s.current.pos == (2, 0) and s.phase == "movement"


def test_faq_diagonal_tumble_goes_north_then_west():
    """FAQ: a die roll of NW tumbles north first, then west."""
    s = position(OPEN, [hero((4, 4))])
    events = []
    elements.forced_tumble(s, s.current, "NW", 0, events)
    engine.settle(s, events)
    assert [e.data["direction"] for e in events if e.kind == "tumbled"] == ["N", "W"]
    assert s.current.pos == (3, 3)


def test_faq_diagonal_tumble_skips_a_blocked_part():
    """FAQ: if one of the two directions is blocked, tumble only in the open one."""
    s = position(["....", "..W.", "...."], [hero((2, 2))])
    events = []
    elements.forced_tumble(s, s.current, "NW", 0, events)
    engine.settle(s, events)
    assert s.current.pos == (1, 2)
    s = position(["....", ".WW.", ".W.."], [hero((2, 2))])
    events = []
    elements.forced_tumble(s, s.current, "NW", 0, events)
    engine.settle(s, events)
    assert s.current.pos == (2, 2) and "tumbled" not in kinds(events)


def test_faq_freeze_o_tron_with_crystal_extract_on_water():
    """FAQ: with Freeze-O-Tron in play, Crystal Extract's single dash goes as far as you like
    in a straight line over water."""
    rows = ["~~~~~~~~", "........"]
    s = position(
        rows, [hero((0, 0), items=["freeze_o_tron"], hand=["crystal_extract"])], phase="recovery"
    )
    do(s, "play card=crystal_extract")
    assert s.phase == "movement" and s.turn.free_move
    do(s, "step dir=E")
    for _ in range(5):
        assert "step dir=E" in legal(s)
        do(s, "step dir=E")
    assert s.current.pos == (6, 0)
    do(s, "stop")
    assert s.phase == "recovery"


def test_faq_without_freeze_o_tron_the_dash_is_one_square():
    """FAQ (Freeze-O-Tron): without it, Crystal Extract is a one-square dash."""
    rows = ["~~~~~~~~", "........"]
    s = position(rows, [hero((0, 0), hand=["crystal_extract"])], phase="recovery")
    do(s, "play card=crystal_extract", "step dir=E")
    assert s.phase == "recovery" and s.current.pos == (1, 0)


def test_faq_q_token_rearrange_mid_move_switches_skill_without_boosts():
    """FAQ: rearranging on a Q token mid-move -> spend the rest with the new top skill;
    boosts aimed at the old skill do not carry over."""
    s = position(
        ["........", "........", "...q...."],
        [hero((1, 1), hand=["slick_slug_soup"])],
        phase="powerup",
    )
    do(s, "play card=slick_slug_soup", "move", "tumble dir=S")  # front up: slide 1 + 2
    assert s.turn.skill == "slide" and s.turn.remaining == 3
    do(s, "step dir=E", "step dir=E")  # onto the Q token with 1 point left
    assert s.pending[-1].kind == "q_token"
    do(s, "choose power=rearrange")
    assert s.current.cube.top == "front"
    do(s, "choose swap=feet/front", "choose swap=done")
    # the slide-only soup's +2 leaves with the slide: nothing is left for the dash
    assert "dash" in s.turn.used and s.turn.remaining == 0


def test_faq_rearrange_mid_move_still_gives_the_gold_explore_of_the_old_skill():
    """Skill tiles, upgraded side: "When you move with this skill you may also explore
    immediately after", and FAQ (Q token mid-move): rearranging switches to the new top skill.
    The hero did move with its gold slide, so that exploration is offered at the switch."""
    s = position(
        ["........", "........", "...q...."],
        [hero((1, 1), upgraded=["slide"])],
        lineup=["honey_bun"],
        deck=["compass"],
    )
    do(s, "tumble dir=S")  # front up: slide 1 + 1 gold
    assert s.turn.skill == "slide" and s.turn.remaining == 2
    do(s, "step dir=E", "step dir=E")  # onto the Q token, the slide's points spent
    do(s, "choose power=rearrange", "choose swap=feet/front", "choose swap=done")
    assert s.turn.skill == "dash" and "dash" in s.turn.used
    assert s.pending and s.pending[-1].kind == "explore"
    assert legal(s) == {"choose src=none", "choose src=lineup i=0", "choose src=deck"}
    do(s, "choose src=lineup i=0")
    assert s.current.hand == ["honey_bun"]


def test_faq_rearrange_mid_move_with_a_basic_skill_gives_no_explore():
    """Skill tiles: only the upgraded (gold) side explores after moving; the same switch
    after moving with a basic slide offers nothing."""
    s = position(["........", "........", "..q....."], [hero((1, 1))], lineup=["honey_bun"])
    do(s, "tumble dir=S", "step dir=E")  # slide 1, onto the Q token
    do(s, "choose power=rearrange", "choose swap=feet/front", "choose swap=done")
    assert s.turn.skill == "dash"
    assert [d.kind for d in s.pending] == ["q_token"]  # the Q token's other power, no explore
    do(s, "choose power=skip")
    assert not s.pending and s.current.hand == []


def test_faq_q_token_rearrange_keeps_general_boosts():
    """FAQ: a general boost (all skills) is not tied to a skill, so it carries on."""
    s = position(
        ["........", "........", "...q...."],
        [hero((1, 1), hand=["swiftgrass_juice"])],
        phase="powerup",
    )
    do(s, "play card=swiftgrass_juice", "move", "tumble dir=S", "step dir=E", "step dir=E")
    do(s, "choose power=rearrange", "choose swap=feet/front", "choose swap=done")
    assert s.turn.skill == "dash" and s.turn.remaining == 1
    do(s, "choose power=skip")
    assert "step dir=NE" in legal(s)


def test_faq_multi_part_scenario_keeps_upgrades_and_allows_rearranging():
    """FAQ: between the parts of a multi-part scenario you may rearrange your skills, but all
    upgrades stay as they were."""
    from riotsim.core.contract import Action, GameSetup, PlayerSpec
    from riotsim.games.quodd import RULESET, catalog, scenario

    assert catalog.scenarios()["tutorial_1"].next == "tutorial_2"
    first = RULESET.new_state(GameSetup((PlayerSpec("A"),), 1, scenario="tutorial_1"))
    first.heroes[0].track = [("rok_stride", "a"), ("rok_lore", "b")]
    first.heroes[0].upgraded = ["jump"]
    carry = scenario.carry_over(first)
    second = RULESET.new_state(
        GameSetup((PlayerSpec("A"),), 2, {"carry": carry}, scenario="tutorial_2")
    )
    assert second.heroes[0].track == [("rok_stride", "a"), ("rok_lore", "b")]
    assert second.heroes[0].upgraded == ["jump"]
    RULESET.apply(second, RULESET.legal_actions(second)[0])  # start square
    assert second.pending[-1].kind == "rearrange"  # skills may be rearranged
    RULESET.apply(second, Action.parse("choose swap=front/back"))
    assert second.heroes[0].skills["front"] == "jump"


def test_faq_diagonal_tumble_resolves_the_first_square_before_the_second():
    """FAQ (diagonal tumble) with Phase 2 (elements act at every step): a NW tumble that
    lands north on a current is carried first, then tumbles west from there."""
    rows = ["......", "......", "..^...", "......"]
    s = position(rows, [hero((2, 3))])
    events: list = []
    elements.forced_tumble(s, s.current, "NW", 0, events)
    engine.settle(s, events)
    assert kinds(events) == ["tumbled", "carried", "tumbled"]
    assert s.current.pos == (1, 1)  # N to (2,2), carried N to (2,1), then W to (1,1)


def test_faq_diagonal_tumble_into_a_pit_loses_the_second_part():
    """FAQ (diagonal tumble) with Pit: falling on the first part ends the forced tumble; the
    hero respawns Q-up and does not tumble on."""
    rows = ["R.....", "......", "..#...", "......"]
    s = position(rows, [hero((2, 3))])
    events: list = []
    elements.forced_tumble(s, s.current, "NW", 0, events)
    engine.settle(s, events)
    assert kinds(events).count("tumbled") == 1
    assert "fell" in kinds(events) and s.current.pos == (0, 0) and s.current.cube.top == "q"
