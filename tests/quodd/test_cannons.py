"""Cannons (rulebook Token reference L400, Cannon Token L614-618; docs/quodd-moving-board.md
section 3): placing and landing on a cannon fires a rolled bomb at once."""

from __future__ import annotations

from tests.quodd.helpers import answer, do, kinds, legal, position

OPEN7 = ["." * 9] * 7


def hero(at, name="rok", **kw):
    return {"hero": name, "at": list(at), **kw}


def test_cannon_placement_follows_the_placement_rules():
    """Token placement (L384) and Cannon Token (L616; spec C1): a cannon is a placeable token -
    never on a respawn point, a scenario token, a pit, another token or under a hero - and it
    points orthogonally only."""
    rows = [".........", ".R#s.....", ".........", ".........", "........."]
    s = position(
        rows, [hero((1, 2), hand=["cannon_rune"]), hero((2, 2), "trixie")], phase="recovery"
    )
    do(s, "play card=cannon_rune")
    options = legal(s)
    for closed in ((1, 1), (2, 1), (3, 1), (2, 2), (1, 2)):
        assert not any(o.startswith(f"choose at=({closed[0]},{closed[1]})") for o in options)
    assert {o.split(" dir=")[1] for o in options if o.startswith("choose at=(4,1)")} == {
        "N",
        "E",
        "S",
        "W",
    }


def test_placing_a_cannon_fires_a_rolled_bomb_at_once():
    """Cannon Token (L602, L616; spec C2): its placer points it and rolls the bomb die; the
    bomb starts on the cannon and rolls by its speed at once (a standard bomb: 4)."""
    rows = list(OPEN7)
    rows[3] = "......W.."
    s = position(rows, [hero((1, 3), hand=["cannon_rune"])], phase="powerup")
    s.rng.script("standard")
    do(s, "play card=cannon_rune")
    events = do(s, "choose at=(2,3) dir=E")
    moved = next(e for e in events if e.kind == "bomb_moved")
    assert moved.path == [[3, 3], [4, 3], [5, 3]]
    assert [e.at for e in events if e.kind == "exploded"] == [[6, 3]]
    assert s.board.has((6, 3), "broken_wall") and s.board.has((2, 3), "cannon")
    assert not s.board.find("bomb")


def test_a_pushed_hero_fires_the_cannon_it_lands_on():
    """Token reference, Cannon (L400 "when played or landed on"), our ruling C3: a hero
    pushed onto a cannon fires it; the pusher rolls and chooses (C5, B14)."""
    rows = [".........", ".........", "....K....", ".........", "........."]
    s = position(rows, [hero((2, 2)), hero((3, 2), "trixie")])
    s.rng.script("ice")
    events = do(s, "tumble dir=E")
    assert s.heroes[1].pos == (4, 2)
    fired = next(e for e in events if e.kind == "cannon_fired")
    assert fired.by == 0 and fired.at == [4, 2]
    created = next(e for e in events if e.kind == "bomb_created")
    assert created.bomb == "ice" and created.by == 0
    assert s.board.first((7, 2), "bomb") is not None


def test_jumping_over_a_cannon_does_not_fire_it_landing_on_it_does():
    """Spec C3: only ending a step or a jump on the cannon fires it, not passing over it."""
    rows = [".........", ".........", "...K.....", ".........", ".........", "........."]
    s = position(rows, [hero((3, 4))])
    events = do(s, "tumble dir=N")  # the back face (jump) comes up
    assert "cannon_fired" not in kinds(events)
    events = do(s, "jump dir=N over=1")
    assert s.heroes[0].pos == (3, 1) and "cannon_fired" not in kinds(events)
    rows = [".........", "...K.....", ".........", ".........", ".........", "........."]
    s = position(rows, [hero((3, 4))])
    do(s, "tumble dir=N")
    s.rng.script("standard")
    events = do(s, "jump dir=N over=1")
    assert s.heroes[0].pos == (3, 1) and "cannon_fired" in kinds(events)


def test_a_cannon_turns_with_its_board():
    """Cannon Token (L616) and Rotate Switch (L434; spec C4): the cannon's direction is kept
    and turns with its board section."""
    rows = ["." * 9 for _ in range(9)]
    rows[4] = "....o...."
    rows[1] = ".K......."
    s = position(rows, [hero((4, 5))])
    do(s, "tumble dir=N")
    answer(s, spin="cw")
    cells = s.board.find("cannon")
    assert cells == [(7, 1)]
    assert s.board.first((7, 1), "cannon").get("direction") == "S"


def test_secret_token_hiding_a_cannon_fires_it():
    """Secret token (L436): a revealed token that is placed on the board goes under the hero
    and acts at once - a hidden cannon is pointed by its revealer and fires (spec C6)."""
    rows = [".........", ".........", ".........", "....?....", ".........", "........."]
    s = position(rows, [hero((4, 4))], extra={"4,3": {"hidden": "cannon"}})
    s.rng.script("standard")
    do(s, "tumble dir=N")
    assert s.pending[-1].kind == "cannon_direction" and s.pending[-1].seat == 0
    events = answer(s, dir="W")
    assert s.board.first((4, 3), "cannon").get("direction") == "W"
    assert next(e for e in events if e.kind == "bomb_moved").path[-1] == [0, 3]


def test_fire_bomb_breaks_the_wall_it_hits_and_every_wall_next_to_it():
    """Cannon Token example (L618; E2): the fire bomb moves three spaces and hits a wall:
    that wall and every wall next to it (diagonals too) break; walls two away stay whole;
    the cannon stays."""
    rows = [
        ".........",
        ".........",
        "....WW...",
        ".K..WWW..",
        "...W.W...",
        "....W....",
        ".........",
    ]
    s = position(rows, [hero((1, 2))])
    s.rng.script("fire")
    events = do(s, "tumble dir=S")
    assert [e.at for e in events if e.kind == "exploded"] == [[4, 3]]
    broken = set(s.board.find("broken_wall"))
    assert broken == {(4, 2), (5, 2), (4, 3), (5, 3), (3, 4), (5, 4)}
    assert s.board.has((6, 3), "wall") and s.board.has((4, 5), "wall")
    assert s.board.has((1, 3), "cannon")
