"""Beam walls and gadgets (docs/quodd-moving-board.md section 7; rulebook token reference
L386-394 and *Beam Walls + Gadgets* L574-586): tracing, switching on, power blocks,
reflectors, rotators, movers, range around beams, and the worked examples E8 and E9."""

from __future__ import annotations

from riotsim.games.quodd import RULESET, elements, moves
from tests.quodd.helpers import answer, do, kinds, legal, position, upkeep

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 9] * 9


def hero(at, who="rok", **kw):
    return {"hero": who, "at": list(at), "skills": dict(SK), **kw}


def row(y, x0, x1):
    return {(x, y) for x in range(x0, x1 + 1)}


def col(x, y0, y1):
    return {(x, y) for y in range(y0, y1 + 1)}


def board(rows_at: dict[tuple[int, int], str]) -> list[str]:
    rows = [list(r) for r in OPEN]
    for (x, y), ch in rows_at.items():
        rows[y][x] = ch
    return ["".join(r) for r in rows]


def test_a_beam_runs_to_the_next_wall_or_the_edge():
    """Beam Emitter (L386; spec W2): the beam is a wall up to the next wall or board edge;
    a broken wall does not stop it."""
    extra = {"0,4": {"direction": "E"}}
    s = position(board({(0, 4): "E"}), [hero((0, 0))], extra=extra)
    assert s.board.lit == row(4, 1, 8)
    s = position(board({(0, 4): "E", (6, 4): "W"}), [hero((0, 0))], extra=extra)
    assert s.board.lit == row(4, 1, 5)
    s = position(board({(0, 4): "E", (6, 4): "B"}), [hero((0, 0))], extra=extra)
    assert s.board.lit == row(4, 1, 8)


def test_a_beam_cannot_be_crossed_or_jumped():
    """Beam Walls + Gadgets L576 ("cannot be jumped over or crossed"; spec W3): no step or
    jump across a lit square; moving along it is fine."""
    s = position(board({(0, 4): "E"}), [hero((2, 3))], extra={"0,4": {"direction": "E"}})
    s.turn.stage, s.turn.skill, s.turn.remaining = "skill", "jump", 3
    assert not moves.step_ok(s, s.heroes[0], "S")
    assert all(d != "S" for d, _ in moves.jump_options(s, s.heroes[0], 3))
    assert moves.step_ok(s, s.heroes[0], "E")
    s = position(
        board({(0, 4): "E", (2, 3): "s"}), [hero((2, 2))], extra={"0,4": {"direction": "E"}}
    )
    do(s, "tumble dir=S")  # onto a spring: it may throw the hero any way but over the beam
    assert s.pending[-1].kind == "spring"
    assert {o["dir"] for o in s.pending[-1].data["options"]} == {"N", "E", "W"}


def test_beam_components_cannot_be_destroyed_or_entered():
    """Token reference L386-394 and L576 ("cannot be destroyed"; spec W1, our ruling):
    beam parts are impassable and survive explosions."""
    s = position(board({(4, 4): "G", (4, 3): "M"}), [hero((4, 5))])
    assert not moves.step_ok(s, s.heroes[0], "N")
    elements.explosion(s, (4, 4), 0, [])
    assert s.board.has((4, 4), "rotator") and s.board.has((4, 3), "mover")


def test_switching_on_destroys_tokens_and_respawns_heroes():
    """L386 ("destroys any non-wall, non-Scenario tokens it passes over. If a Hero is in the
    path ... respawns"; spec W5, W7, W8): a crystal put on the power block turns the emitter
    on; the spring burns, the hero in the path respawns Q-up, the crystal token stays."""
    rows = board({(0, 2): "E", (2, 0): "J", (3, 2): "s", (6, 2): "c", (8, 8): "R"})
    s = position(
        rows,
        [hero((1, 0), carrying=["crystal:blue"]), hero((5, 2), "forest")],
        extra={"0,2": {"direction": "E", "on": 0, "link": "A"}},
    )
    assert not s.board.lit
    assert "block put=(2,0)" in legal(s)
    events = do(s, "block put=(2,0)")
    assert s.board.lit == row(2, 1, 8)
    assert not s.board.has((3, 2), "spring")
    assert s.heroes[1].pos == (8, 8) and s.heroes[1].cube.top == "q"
    assert s.board.has((6, 2), "crystal")
    assert s.heroes[0].carrying == []
    assert kinds(events).index("emitter_switched") < kinds(events).index("respawned")


def test_a_power_block_with_a_crystal_turns_its_emitters_on():
    """Power Block L390, L578 (spec W7, W8): taking the crystal back off turns the emitter
    off; a block is used once a turn."""
    rows = board({(0, 2): "E", (2, 0): "J"})
    s = position(
        rows,
        [hero((1, 0), carrying=["crystal:blue"])],
        extra={"0,2": {"direction": "E", "on": 0, "link": "A"}},
    )
    do(s, "block put=(2,0)")
    assert s.board.lit and s.board.is_impassable((2, 0))
    assert not any(a.startswith("block") for a in legal(s))  # once per block per turn
    s.turn.activated.clear()  # next turn
    s.memo.clear()
    do(s, "block take=(2,0)")
    assert not s.board.lit and s.heroes[0].carrying == ["crystal:blue"]
    assert s.board.first((0, 2), "emitter").get("on") == 0


def test_a_crystal_on_a_block_is_not_delivered():
    """Spec W23: a crystal on a power block is not delivered."""
    s = position(
        board({(2, 0): "J", (0, 2): "E"}),
        [hero((1, 0), carrying=["crystal:red"])],
        extra={"0,2": {"link": "A", "on": 0}},
    )
    do(s, "block put=(2,0)")
    assert s.heroes[0].delivered == 0


def test_a_coloured_switch_flips_its_emitters_and_reflectors():
    """Switch (L442; spec W6, our addition): a switch flips emitters of its colour."""
    s = position(
        board({(0, 2): "E", (3, 4): "k"}),
        [hero((3, 5))],
        extra={"0,2": {"direction": "E", "on": 0, "colour": "red"}, "3,4": {"colour": "red"}},
    )
    assert not s.board.lit
    do(s, "tumble dir=N")
    assert s.board.lit == row(2, 1, 8)


def test_a_reflector_turns_the_beam():
    """Beam Reflector L392 (spec W9): a beam on the front turns 90 degrees."""
    s = position(
        board({(0, 2): "E", (4, 2): "Z"}),
        [hero((8, 8))],
        extra={"0,2": {"direction": "E"}, "4,2": {"direction": "NW"}},
    )
    assert s.board.lit == row(2, 1, 3) | {(4, 1), (4, 0)}
    s = position(
        board({(0, 2): "E", (4, 2): "Z"}),
        [hero((8, 8))],
        extra={"0,2": {"direction": "E"}, "4,2": {"direction": "NW", "on": 0}},
    )
    assert s.board.lit == row(2, 1, 3)  # an off reflector stops the beam (our ruling, W2)


def test_a_beam_on_the_back_of_a_reflector_lets_the_active_player_turn_it():
    """L392 ("If hit from behind, the active player rotates it"; spec W9, W14)."""
    s = position(
        board({(0, 2): "E", (4, 2): "Z", (2, 0): "J"}),
        [hero((1, 0), carrying=["crystal:blue"])],
        extra={"0,2": {"direction": "E", "on": 0, "link": "A"}, "4,2": {"direction": "SE"}},
    )
    do(s, "block put=(2,0)")
    assert s.pending and s.pending[-1].kind == "reflector_turn" and s.pending[-1].seat == 0
    answer(s, spin="cw")
    assert s.board.first((4, 2), "reflector").get("direction") == "SW"
    assert s.board.lit == row(2, 1, 3) | col(4, 3, 8)


def test_earth_rune_range_is_counted_around_the_beam():
    """Beam Walls + Gadgets L576, L580 (the Earth Rune example; spec E8, W13): range 7 is
    counted around the beam wall, never across it."""
    rows = ["....E...."] + ["........."] * 7 + ["....W...."]
    s = position(rows, [hero((3, 4), "aang", hand=["earth_rune"])], phase="powerup")
    assert s.board.lit == col(4, 1, 7)
    do(s, "play card=earth_rune")
    targets = {tuple(o["at"]) for o in s.pending[-1].data["options"]}
    east = {c for c in targets if c[0] > 4}
    assert east == {(5, 0), (6, 0), (5, 1), (5, 7), (5, 8), (6, 8)}
    assert not targets & col(4, 1, 7)
    west = {(x, y) for x in range(4) for y in range(9) if abs(x - 3) + abs(y - 4) <= 7}
    assert west - {(3, 4)} <= targets
    s = position(
        rows, [hero((3, 4), "aang", hand=["earth_rune"])], phase="powerup", extra={"4,0": {"on": 0}}
    )
    do(s, "play card=earth_rune")
    assert [5, 4] in [o["at"] for o in s.pending[-1].data["options"]]


def test_rotator_turns_its_platform_when_hit_and_each_upkeep():
    """Beam Rotator L394, L584 ("as soon as the beam hits it, and again each round"; spec
    E9, W10, P14): a beam-powered rotator turns its platform at once about its own square,
    again in upkeep, and waits when a beam is in the way."""
    rows = ["...E...", ".......", ".......", ".##G...", "...#...", "...#...", ".J....."]
    s = position(
        rows,
        [hero((0, 6), carrying=["crystal:blue"]), hero((5, 3), "forest")],
        extra={"3,0": {"on": 0, "link": "A"}, "1,6": {"link": "A"}, "3,3": {"spin": "cw"}},
        platforms=[{"cells": [[3, 3], [4, 3], [5, 3]], "motion": "none"}],
    )
    cube = s.heroes[1].cube
    do(s, "block put=(1,6)")
    assert s.board.lit == col(3, 1, 2)
    assert s.board.platforms[0].cells == ((3, 3), (3, 4), (3, 5))
    assert s.heroes[1].pos == (3, 5) and s.heroes[1].cube == cube.spin(1)
    assert s.board.is_pit((4, 3)) and s.board.is_pit((5, 3))
    events = upkeep(s)
    assert set(s.board.platforms[0].cells) == {(3, 3), (2, 3), (1, 3)}
    assert s.heroes[1].pos == (1, 3)
    assert "gadget_acted" in kinds(events)
    upkeep(s)
    assert set(s.board.platforms[0].cells) == {(3, 3), (2, 3), (1, 3)}  # (3,2) is lit


def test_a_mover_pushes_its_platform_each_upkeep_while_lit():
    """Beam Mover L388 ("each round"; spec W11, P14): the mover's platform moves one square
    along its arrow; off the beam it stays."""
    rows = [
        "...E.....",
        ".........",
        ".........",
        "...M###..",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ]
    for y in range(4, 9):
        rows[y] = rows[y][:3] + "#" + rows[y][4:]
    s = position(
        rows,
        [hero((0, 0))],
        extra={"3,0": {"direction": "S"}},
        platforms=[{"cells": [[3, 3]], "motion": "none"}],
    )
    assert s.board.lit == col(3, 1, 2)
    assert s.board.platforms[0].cells == ((3, 3),)  # hit, but a mover acts in upkeep only
    upkeep(s)
    assert s.board.platforms[0].cells == ((4, 3),)
    assert s.board.lit == col(3, 1, 8)
    upkeep(s)
    assert s.board.platforms[0].cells == ((4, 3),)


def test_an_emitter_riding_a_platform_lights_a_new_line():
    """Spec P10, W15: a platform carries an emitter; the beam is retraced from its new
    square, and the squares newly lit burn."""
    rows = [
        "#########",
        "E########",
        "#########",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        "...s.....",
    ]
    s = position(
        rows,
        [hero((8, 8))],
        extra={"0,1": {"direction": "S"}},
        platforms=[{"cells": [[0, 1]], "motion": "slide", "direction": "E"}],
    )
    assert s.board.lit == col(0, 2, 8)
    upkeep(s)
    assert s.board.first((1, 1), "emitter") is not None
    assert s.board.lit == col(1, 2, 8)


def test_rotating_a_section_turns_its_emitter_and_the_beam():
    """Rotate Switch (L434) with a beam (spec W15, W24, X2): the emitter turns with its
    section (E becomes S) and the beam is retraced from its new square."""
    s = position(
        board({(0, 4): "E", (4, 8): "o"}), [hero((4, 7))], extra={"0,4": {"direction": "E"}}
    )
    assert s.board.lit == row(4, 1, 8)
    do(s, "tumble dir=S")
    answer(s, spin="cw")
    assert s.board.first((4, 0), "emitter").get("direction") == "S"
    assert s.board.lit == col(4, 1, 8)
    assert s.heroes[0].pos == (0, 4)


def test_an_impassable_wall_raised_cuts_the_beam():
    """Spec W22: an impassable wall that rises on the beam stops it there."""
    s = position(
        board({(0, 4): "E", (5, 4): "i", (3, 6): "k"}),
        [hero((3, 7))],
        extra={"0,4": {"direction": "E"}, "5,4": {"colour": "red"}, "3,6": {"colour": "red"}},
    )
    assert s.board.lit == row(4, 1, 8)
    do(s, "tumble dir=N")
    assert s.board.lit == row(4, 1, 4)


def test_tunnels_and_water_connections_cross_a_beam():
    """Beam Walls + Gadgets L582, L586 ("only above ground"; spec W4): a water connection
    takes a hero across the beam, and a tunnel offers the tunnel beyond it."""
    rows = board({(0, 4): "E", (2, 3): "C", (2, 6): "C"})
    s = position(rows, [hero((2, 2))], extra={"0,4": {"direction": "E"}})
    assert (2, 4) in s.board.lit
    events = do(s, "tumble dir=S")
    assert "connected" in kinds(events) and s.heroes[0].pos == (2, 6)
    s = position(
        board({(0, 4): "E", (2, 3): "U", (2, 6): "U"}),
        [hero((2, 2))],
        extra={"0,4": {"direction": "E"}},
    )
    do(s, "tumble dir=S")
    assert "choose to=(2,6)" in legal(s)
    do(s, "choose to=(2,6)")
    assert s.heroes[0].pos == (2, 6)


def test_ghost_and_crush_do_not_pass_beams(monkeypatch):
    """Ghost (L502) ignores walls and Crush (L480) breaks them; neither passes a beam, an
    impassable wall (spec W17)."""
    from riotsim.games.quodd import abilities

    s = position(board({(0, 4): "E"}), [hero((2, 3))], extra={"0,4": {"direction": "E"}})
    h = s.heroes[0]
    real = abilities.has
    monkeypatch.setattr(
        abilities, "has", lambda hr, what: what in ("ghost", "crush") or real(hr, what)
    )
    assert not moves.can_enter(s, h, (2, 4), (2, 3))
    assert not moves.step_ok(s, h, "S")


def test_beams_are_lit_when_the_game_starts():
    """Spec W20: the beams are traced when the game starts (a readable position too)."""
    s = position(board({(0, 4): "E"}), [hero((0, 0))], extra={"0,4": {"direction": "E"}})
    assert s.board.lit == row(4, 1, 8)
    loaded = RULESET.from_position(s.to_json())
    assert loaded.board.lit == s.board.lit


def test_retrace_cascade_is_ordered_and_finite():
    """Spec W10, W12 (our ruling: a rotator acts at most once per cascade): a rotator in the
    middle of its board turns the whole board, emitter included, so the beam hits it again;
    it turns once, and the cascade ends."""
    rows = board({(4, 0): "E", (4, 4): "G", (0, 8): "J"})
    s = position(
        rows, [hero((1, 8), carrying=["crystal:blue"])], extra={"4,0": {"on": 0, "link": "A"}}
    )
    events = do(s, "block put=(0,8)")
    assert kinds(events).count("gadget_acted") == 1
    assert kinds(events).count("board_rotated") == 1
    assert s.board.first((8, 4), "emitter").get("direction") == "W"
    assert s.board.lit == row(4, 5, 7)
    assert ((4, 4), "front") in s.board.hits


def test_a_rotator_turned_with_its_board_acts_once_a_cascade():
    """Spec W10, W12: a rotator off the centre turns its 9x9 board, itself and the emitter
    with it; where the turned beam meets it again it does not turn the board again."""
    rows = board({(0, 4): "E", (4, 4): ".", (6, 4): "G", (0, 8): "J"})
    s = position(
        rows,
        [hero((1, 8), carrying=["crystal:blue"])],
        extra={"0,4": {"direction": "E", "on": 0, "link": "A"}},
    )
    events = do(s, "block put=(0,8)")
    assert kinds(events).count("board_rotated") == 1
    # emitter (0,4) E -> (4,0) S; rotator (6,4) -> (4,6): the beam hits it again
    assert s.board.first((4, 6), "rotator") is not None
    assert ((4, 6), "front") in s.board.hits
    assert s.board.lit == col(4, 1, 5)


def test_a_sheep_caught_by_a_beam_switching_on_goes_to_the_nearest_respawn_point():
    """S23 (our ruling; L386 speaks only of heroes) through the beams: when a crystal on the
    power block turns the emitter on, a sheep in the new beam is not destroyed like a token
    but goes to the nearest respawn point, keeping its facing (beams.CAUGHT -> sheep)."""
    rows = board({(0, 2): "E", (2, 0): "J", (4, 2): "g", (8, 8): "R"})
    s = position(
        rows,
        [hero((1, 0), carrying=["crystal:blue"])],
        extra={"0,2": {"direction": "E", "on": 0, "link": "A"}, "4,2": {"direction": "N"}},
    )
    do(s, "block put=(2,0)")
    assert (4, 2) in s.board.lit and not s.board.has((4, 2), "sheep")
    sheep = s.board.first((8, 8), "sheep")
    assert sheep is not None and sheep.get("direction") == "N"


def test_a_new_game_starts_with_its_beams_lit():
    """Beam Walls + Gadgets L578 (a beam is a wall while its emitter is on; spec W20): a new
    game of a beam scenario shows its beams lit already while the heroes choose their start
    squares, not only once the first turn begins (found by the moving-board fuzz)."""
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.games.quodd import beams

    for scenario in ("solo_beam_puzzle", "sandbox_moving_board"):
        s = RULESET.new_state(GameSetup((PlayerSpec("a"),), seed=1, scenario=scenario))
        assert s.pending and s.board.lit, scenario
        assert (s.board.lit, s.board.hits) == beams.trace(s.board.copy())
