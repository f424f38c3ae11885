"""Part 0 of issue 12 (docs/quodd-moving-board.md, sections 1, 11 and 12): the resumable
End-of-Round Board Upkeep, the shared board fields, flags and hooks the bombs, sheep and
platform/beam parts build on. The kinds' own movement is tested by those parts."""

from __future__ import annotations

import re

import pytest

from riotsim.core.contract import PositionError
from riotsim.games.quodd import ascii, elements, engine, moves
from riotsim.games.quodd.board import IMPASSABLE, PIECE, Board, Platform, Token
from riotsim.games.quodd.state import State
from tests.quodd.helpers import answer, do, kinds, legal, position, upkeep

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 9] * 9


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


def test_upkeep_runs_the_kinds_in_rulebook_order_each_finished_first(monkeypatch):
    """End-of-Round Phase, 1. Board Upkeep (L345-352; spec U1, 12 step 2): bombs, moving
    platforms, beam elements, sheep - a kind starts only when everything the previous one
    pushed is resolved (here a crystal the platforms step throws into a pit is lost first)."""
    s = position(["..#..", "....."], [hero((0, 1))])
    s.board.add((2, 0), Token.make("crystal", colour="blue"))
    ran: list[tuple[str, bool]] = []

    def hook(name, push=False):
        def run(state, events):
            ran.append((name, state.board.has((2, 0), "crystal")))
            if push:
                engine.piece_arrive(state, "crystal", (2, 0), chooser=state.first)

        return run

    for name in ("sheep", "beams", "bombs"):
        monkeypatch.setitem(engine.UPKEEP, name, hook(name))
    monkeypatch.setitem(engine.UPKEEP, "platforms", hook("platforms", push=True))
    events = upkeep(s)
    assert ran == [("bombs", True), ("platforms", True), ("beams", False), ("sheep", False)]
    assert kinds(events)[:2] == ["crystal_lost", "round_ended"]


def test_upkeep_with_nothing_on_the_board_only_ends_the_round():
    """Spec U1 edge: a kind with nothing on the board does nothing and emits no event, so
    today's games end their rounds exactly as before."""
    s = position(OPEN, [hero((1, 1))])
    events = upkeep(s)
    assert kinds(events)[0] == "round_ended"
    assert "upkeep_step" not in kinds(events)
    assert not s.resolving and s.phase == "upgrade" and s.upgrading == [0]


def test_upkeep_waits_for_a_choice_and_resumes(monkeypatch):
    """Spec U3: upkeep runs as frames and pauses on a decision; after the answer the later
    kinds run and the round ends. A save taken while it waits plays on the same."""
    rows = list(OPEN)
    rows[4] = "....o...."
    s = position(rows, [hero((4, 4))])
    ran: list[str] = []

    def platforms(state, events):
        ran.append("platforms")
        engine.arrival(state, state.heroes[0], chooser=state.first, own=False)

    monkeypatch.setitem(engine.UPKEEP, "platforms", platforms)
    monkeypatch.setitem(engine.UPKEEP, "sheep", lambda state, events: ran.append("sheep"))
    upkeep(s)
    assert ran == ["platforms"]
    assert s.pending[-1].kind == "rotate_section"
    assert [f["type"] for f in s.resolving] == ["upkeep", "arrive"]
    saved = State.from_json(s.to_json())
    assert legal(saved) == legal(s)
    events = answer(s, spin="cw")
    assert ran == ["platforms", "sheep"]
    assert kinds(events) == ["board_rotated", "round_ended"] and s.phase == "upgrade"


def test_ruling_the_objective_is_checked_after_board_upkeep(monkeypatch):
    """Spec U5 (our ruling; L364 ends a timed game at step 3): the objective is checked after
    Board Upkeep, before the time tracker, so a goal reached in upkeep wins (reference.md,
    "Our rulings")."""
    s = position(
        OPEN,
        [hero((1, 1))],
        round_limit=1,
        objective={"type": "rally", "target": 1, "mode": "solo"},
    )

    def reach(state, events):
        state.heroes[0].rally = 1

    monkeypatch.setitem(engine.UPKEEP, "sheep", reach)
    events = upkeep(s)
    assert s.phase == "over" and s.winners == [0]
    assert "round_ended" not in kinds(events)


def test_piece_arrive_loses_a_sheep_in_a_pit_and_hands_the_rest_to_its_kind(monkeypatch):
    """Sheep (L626: pits lose them) - the part common to pieces reaching a square; anything
    else is the kind's own handler (spec 12, S-3)."""
    s = position(["#g..", "...."], [hero((3, 1))])
    pit_sheep = Token.make("sheep", colour="grey", direction="E", number=5)
    s.board.add((0, 0), pit_sheep)
    s.next_id = 6
    seen = []
    monkeypatch.setitem(
        engine.PIECE_ARRIVALS, "sheep", lambda st, fr, tok, ev: seen.append(tok.get("number"))
    )
    events: list = []
    engine.piece_arrive(s, "sheep", (0, 0), chooser=0, number=5, direction="W")
    engine.piece_arrive(s, "sheep", (1, 0), chooser=0, number=0)
    engine.settle(s, events)
    assert seen == [0]
    assert [(e.kind, e.data) for e in events if e.kind == "sheep_lost"] == [
        ("sheep_lost", {"id": 5, "at": [0, 0]})
    ]
    assert not s.board.has((0, 0), "sheep") and s.board.has((1, 0), "sheep")


def test_switch_hooks_run_for_every_switch(monkeypatch):
    """Switch (token reference): parts plug their switch effects into SWITCH_HOOKS."""
    extra = {"2,1": {"colour": "red"}}
    s = position(["........", "..k.....", "........"], [hero((1, 1))], extra=extra)
    heard = []
    monkeypatch.setattr(
        elements, "SWITCH_HOOKS", [lambda st, fr, colour, ev: heard.append(colour) or False]
    )
    do(s, "tumble dir=E")
    assert heard == ["red"]


def test_new_kinds_set_the_movement_flags_and_block_pieces():
    """Spec 11.1, S3, B5: beam parts, lit squares and a power block holding a crystal are
    impassable; a sheep or resting bomb sets PIECE; blocks_piece reads them."""
    s = position(["E*gJ.G", "M.Z..#"], [hero((4, 0))])
    s.board.add((3, 0), Token.make("crystal", colour="blue"))
    s.board.set_beams({(1, 1), (3, 1)}, {((2, 1), "back")})
    codes = s.board.codes()
    for cell in [(0, 0), (3, 0), (5, 0), (0, 1), (1, 1), (2, 1), (3, 1)]:
        assert codes[cell] & IMPASSABLE, cell
    assert codes[(1, 0)] & PIECE and codes[(2, 0)] & PIECE
    assert not codes[(4, 1)] & (IMPASSABLE | PIECE)
    closed = [c for c in s.board.cells() if moves.blocks_piece(s, c)]
    assert closed == [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
        (5, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (5, 1),
    ]
    assert not moves.blocks_piece(s, (5, 1), pits=False)
    assert moves.blocks_piece(s, (9, 9))
    assert not moves.token_placeable(s, (1, 0), "spring")


def test_legend_numbers_pieces_in_reading_order_and_reads_back():
    """Spec 11.4: the new legend characters, pieces numbered in reading order."""
    rows = ["*Kgl", "bEZJ", "GM.."]
    layout = ascii.layout_from_text("t", rows, {(2, 0): {"direction": "N"}})
    tokens = dict(layout.tokens)
    assert tokens[(0, 0)] == Token.make("bomb", bomb="standard", direction="E", number=0)
    assert tokens[(2, 0)] == Token.make("sheep", colour="grey", direction="N", number=1)
    assert tokens[(3, 0)].get("colour") == "white" and tokens[(0, 1)].get("number") == 3
    assert tokens[(2, 1)] == Token.make("reflector", direction="NE", on=1)
    assert [tokens[(0, 2)].kind, tokens[(1, 2)].kind] == ["rotator", "mover"]
    assert ascii.layout_to_text(layout) == rows


def test_readable_tokens_platforms_and_first_player():
    """Spec 11.4: the readable keys ``tokens``, ``platforms`` and ``first``; numbered pieces
    make ``next_id``."""
    s = position(
        [".g..", "....", "...."],
        [hero((0, 0)), hero((3, 2))],
        tokens=[{"at": [3, 0], "kind": "power_block", "link": "A"}],
        platforms=[{"cells": [[1, 1], [2, 1]], "motion": "slide", "direction": "E"}],
        first=1,
    )
    assert s.first == 1 and s.next_id == 1
    assert s.board.has((3, 0), "power_block")
    (platform,) = s.board.platforms
    assert platform.cells == ((1, 1), (2, 1)) and platform.direction == "E"
    assert [g for _, g, _ in platform.beneath] == ["pit", "pit"]
    assert s.board.platform_at((2, 1)) == 0 and s.board.platform_at((3, 1)) is None


def _moving_board() -> Board:
    s = position(["E..Z", "....", "g..."], [hero((3, 2))])
    board = s.board
    board.set_beams({(0, 1), (0, 2)}, {((3, 0), "front")})
    board.beam_version = 7
    board.platforms = [
        Platform("p1", ((1, 1), (2, 1)), "slide", direction="W", beneath=_under((1, 1), (2, 1))),
        Platform("p2", ((3, 1),), "rotate", spin="ccw", pivot=(3, 1), beneath=_under((3, 1))),
    ]
    return board


def _under(*cells):
    return tuple((c, "pit", (Token.make("crystal", colour="red"),)) for c in cells)


def test_board_beams_and_platforms_round_trip():
    """Spec 11.2-11.3: lit, hits, beam_version and platforms are saved and read back; a copy
    is independent of its platforms list; a board without them saves as before."""
    board = _moving_board()
    again = Board.from_json(board.to_json())
    assert again.to_json() == board.to_json()
    assert again.lit == board.lit and again.hits == board.hits and again.beam_version == 7
    assert again.platforms == board.platforms
    copy = board.copy()
    copy.platforms.pop()
    assert len(board.platforms) == 2
    plain = position(OPEN, [hero((1, 1))]).board.to_json()
    assert not {"lit", "hits", "beam_version", "platforms"} & set(plain)


@pytest.mark.parametrize(
    "path, value, where",
    [
        (("lit", 0), [9, 9], "board.lit[0]"),
        (("hits", 0), [3, 0, "side"], "board.hits[0]"),
        (("platforms", 1, "pivot"), [0, 0], "board.platforms[1].pivot"),
        (("platforms", 1, "cells"), [[2, 1]], "board.platforms[1].cells"),
        (("platforms", 1, "id"), "p1", "board.platforms[1].id"),
        (("platforms", 0, "motion"), "spin", "board.platforms[0].motion"),
        (("platforms", 0, "direction"), "NE", "board.platforms[0].direction"),
        (("platforms", 0, "spin"), "cw", "board.platforms[0].spin"),
        (("platforms", 0, "beneath"), [], "board.platforms[0].beneath"),
        (("platforms", 0, "beneath", 0, "ground"), "lava", "board.platforms[0].beneath[0]"),
        (("tokens", 0, "direction"), "SE", "board.tokens[0].direction"),
        (("tokens", 1, "direction"), "N", "board.tokens[1].direction"),
        (("tokens", 2, "colour"), "blue", "board.tokens[2].colour"),
        (("tokens", 0, "on"), 2, "board.tokens[0].on"),
    ],
)
def test_board_refuses_bad_beams_platforms_and_piece_properties(path, value, where):
    """Spec 11.2-11.3: every new field is checked on load, the error naming its path."""
    raw = position(["E..Z", "....", "g..."], [hero((3, 2))]).to_json()
    raw["board"] = _moving_board().to_json()
    node = raw["board"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(PositionError, match="^" + re.escape(where)):
        State.from_json(raw)


def test_piece_numbers_are_checked_against_next_id():
    """Spec 11.3: piece numbers are unique and below ``next_id``; a hero never shares a
    square with a sheep or bomb."""
    raw = position(["g.g.", "...."], [hero((3, 1))]).to_json()
    assert raw["next_id"] == 2
    raw["next_id"] = 1
    with pytest.raises(PositionError, match="next_id"):
        State.from_json(raw)
    raw["next_id"] = 2
    raw["heroes"][0]["pos"] = [0, 0]
    with pytest.raises(PositionError, match=r"board.tokens at \[0, 0\]"):
        State.from_json(raw)


def test_settled_hooks_run_when_the_stack_empties(monkeypatch):
    """Spec 12, beam refresh: hooks in SETTLED_HOOKS run whenever the resolution stack is
    empty (part C retraces beams there); frames they push resolve before play goes on."""
    s = position(["..#..", "....."], [hero((0, 1))])
    s.board.add((2, 0), Token.make("crystal", colour="blue"))
    calls = []

    def hook(state, events):
        calls.append(len(calls))
        if len(calls) == 1:
            engine.piece_arrive(state, "crystal", (2, 0), chooser=0)
            return True
        return False

    monkeypatch.setattr(engine, "SETTLED_HOOKS", [hook])
    events: list = []
    engine.settle(s, events)
    assert calls == [0, 1] and kinds(events) == ["crystal_lost"]
    assert not s.board.has((2, 0), "crystal")


def test_every_kind_has_an_upkeep_hook_that_moves_nothing_on_todays_boards():
    """Spec 12 step 2: the four kinds' hooks are registered by their own modules."""
    assert set(engine.UPKEEP) == set(engine.UPKEEP_ORDER)
    s = position(OPEN, [hero((1, 1))])
    for name in engine.UPKEEP_ORDER:
        events: list = []
        engine.UPKEEP[name](s, events)
        assert events == [] and s.resolving == []


def test_within_a_kind_north_to_south_then_west_to_east():
    """U2, rule 2 L623 ("from North to South, West to East"): the northern sheep takes the
    square both want; in one row the western one goes first."""
    s = position(
        ["....", "....", "...."],
        [hero((3, 2))],
        extra={},
        tokens=[
            {"at": [2, 0], "kind": "sheep", "colour": "grey", "direction": "S", "number": 0},
            {"at": [1, 1], "kind": "sheep", "colour": "grey", "direction": "E", "number": 1},
        ],
    )
    upkeep(s)
    assert _flock(s) == {(2, 1): ("grey", "S"), (1, 1): ("grey", "S")}
    s = position(["....", ".g.g", "...."], [hero((0, 2))], extra={"3,1": {"direction": "W"}})
    upkeep(s)
    assert _flock(s) == {(2, 1): ("grey", "E"), (3, 1): ("grey", "N")}


def _flock(state):
    """Every sheep on the board: square -> (colour, facing)."""
    return {
        cell: (t.get("colour"), t.get("direction"))
        for cell, tokens in state.board.tokens.items()
        for t in tokens
        if t.kind == "sheep"
    }


UPKEEP_KINDS = {"upkeep_step", "bomb_moved", "platform_moved", "gadget_acted", "sheep_moved"}


def test_upkeep_moves_bombs_platforms_beams_sheep_in_that_order():
    """End-of-Round Phase, 1. Board Upkeep (L345-354; spec U1, U2) with all four kinds on the
    board at once: first every bomb, then every moving platform, then every beam element,
    then every sheep; within each kind north to south, then west to east (platforms by their
    north-west square, each listed here south first)."""
    rows = [
        "*.....*.....",
        "*...........",
        "........E...",
        ".###........",
        ".##.........",
        "........M#..",
        "E.#G#.......",
        "...#......g.",
        "g...........",
    ]
    s = position(
        rows,
        [hero((11, 8))],
        extra={"0,6": {"direction": "E"}, "3,6": {"spin": "ccw"}, "10,7": {"direction": "W"}},
        platforms=[
            {"cells": [[1, 4]], "motion": "slide", "direction": "E"},
            {"cells": [[1, 3]], "motion": "slide", "direction": "E"},
            {"cells": [[8, 5]], "motion": "none"},
            {"cells": [[3, 6], [3, 7]], "motion": "none"},
        ],
    )
    assert s.board.hits == {((8, 5), "front"), ((3, 6), "front")}
    events = [e for e in upkeep(s) if e.kind in UPKEEP_KINDS]
    order = []
    for e in events:
        if e.kind == "upkeep_step":
            order.append(e.step)
        elif e.kind == "platform_moved":
            order.append(("platform", tuple(e.mapping[0][:2])))
        elif e.kind == "gadget_acted":
            order.append((e.gadget, tuple(e.at)))
        else:
            order.append((e.kind, tuple(e.start)))
    assert order == [
        "bombs",
        ("bomb_moved", (0, 0)),
        ("bomb_moved", (6, 0)),
        ("bomb_moved", (0, 1)),
        "platforms",
        ("platform", (1, 3)),
        ("platform", (1, 4)),
        "beams",
        ("platform", (8, 5)),  # the mover's platform, moved by the mover
        ("mover", (8, 5)),
        ("rotator", (3, 6)),
        "sheep",
        ("sheep_moved", (10, 7)),
        ("sheep_moved", (0, 8)),
    ]
    assert set(s.board.platforms[3].cells) == {(3, 6), (4, 6)}
    assert s.heroes[0].pos == (11, 8)


def test_settled_hooks_that_name_their_kinds_run_only_on_boards_with_them(monkeypatch):
    """Spec 12, beam refresh: a hook naming token kinds (``hook.kinds``) is skipped on a board
    without any of them; adding one of those tokens, or another hook to the list, is seen at
    once (the kinds of every hook are remembered per list, see engine._hook_kinds)."""
    s = position(OPEN, [hero((1, 1))])
    calls: list[str] = []

    def crystals(state, events):
        calls.append("crystals")
        return False

    crystals.kinds = frozenset({"crystal"})  # type: ignore[attr-defined]
    monkeypatch.setattr(engine, "SETTLED_HOOKS", [crystals])
    engine.settle(s, [])
    assert calls == []
    s.board.add((4, 4), Token.make("crystal", colour="blue"))  # the board changes
    engine.settle(s, [])
    assert calls == ["crystals"]

    def always(state, events):
        calls.append("always")
        return False

    s.board.remove((4, 4), s.board.tokens[(4, 4)][0])
    engine.SETTLED_HOOKS.append(always)  # the list grows: a hook naming no kinds runs always
    engine.settle(s, [])
    assert calls == ["crystals", "always"]
    monkeypatch.setattr(engine, "SETTLED_HOOKS", [crystals])  # a new list: seen again
    engine.settle(s, [])
    assert calls == ["crystals", "always"]
