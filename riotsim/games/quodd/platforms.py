"""Moving platforms (issue 12 part C, spec section 6).

A platform is floor lying over pits or water (``Board.platforms``). In the End-of-Round Board
Upkeep (L644-654) every sliding platform moves one square along its arrow, reversing the arrow
when obstructed; every rotating platform turns a quarter turn about its rotating token, waiting
when obstructed. Everything on it rides (P8). Beam movers and rotators move platforms too
(:mod:`riotsim.games.quodd.beams`, through :func:`try_move`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from riotsim.core.contract import Event
from riotsim.core.frames import Field
from riotsim.games.quodd import engine, resolving
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import BEAM_KINDS, PIECE_KINDS, Board, Platform
from riotsim.games.quodd.directions import OPPOSITE, Cell, cell_json, step
from riotsim.games.quodd.events import (
    PlatformBlocked,
    PlatformMoved,
    PlatformRotated,
    UpkeepStep,
)
from riotsim.games.quodd.state import State

Events = list[Event]

# Tokens on a square a platform would cover that stop it (P4, our ruling).
OBSTACLES = BEAM_KINDS | PIECE_KINDS | {"wall", "broken_wall", "impassable", "power_block"}
OBSTACLES |= {"crystal"}
BASES = ("pit", "water")


def slide_mapping(cells: tuple[Cell, ...], direction: str) -> dict[Cell, Cell]:
    return {c: step(c, direction) for c in cells}


def rotate_mapping(cells: tuple[Cell, ...], pivot: Cell, spin: str) -> dict[Cell, Cell]:
    """Each square about ``pivot`` a quarter turn (P6): clockwise (dx, dy) -> (-dy, dx)."""
    px, py = pivot
    out = {}
    for x, y in cells:
        dx, dy = x - px, y - py
        out[(x, y)] = (px - dy, py + dx) if spin == "cw" else (px + dy, py - dx)
    return out


def obstructed(state: State, index: int, mapping: dict[Cell, Cell]) -> bool:
    """Would a square the platform newly covers stop it (P4)?"""
    board = state.board
    own = set(board.platforms[index].cells)
    heroes = {h.pos for h in state.heroes}
    return any(
        cell not in own and square_obstructs(board, index, cell, heroes)
        for cell in mapping.values()
    )


def square_obstructs(board: Board, index: int, cell: Cell, heroes: set[Cell]) -> bool:
    if cell not in board.ground or board.ground[cell] not in BASES:
        return True  # off the board, or the boards' own floor (platforms cross holes only)
    other = board.platform_at(cell)
    if (other is not None and other != index) or cell in board.lit or cell in heroes:
        return True
    return any(t.kind in OBSTACLES for t in board.at(cell))


def try_move(
    state: State, index: int, mapping: dict[Cell, Cell], turns: int, events: Events, **how: Any
) -> bool:
    """Move platform ``index`` by ``mapping`` unless obstructed; riders go with it."""
    if obstructed(state, index, mapping):
        return False
    move_with_riders(state, index, mapping, turns)
    platform = state.board.platforms[index]
    pairs = [[a[0], a[1], b[0], b[1]] for a, b in sorted(mapping.items(), key=_order)]
    if turns:
        events.append(PlatformRotated.of(id=platform.id, mapping=pairs, **how))
    else:
        events.append(PlatformMoved.of(id=platform.id, mapping=pairs, **how))
    return True


def _order(item: tuple[Cell, Cell]) -> tuple[int, int]:
    return (item[0][1], item[0][0])


def move_with_riders(state: State, index: int, mapping: dict[Cell, Cell], turns: int) -> None:
    """``Board.move_platform`` plus the heroes on it (cubes spun by a rotation) and the
    positions frames hold (as ``elements.rotate_section`` does). Riders trigger nothing (P8)."""
    state.board.move_platform(index, mapping, turns)
    for hero in state.heroes:
        if hero.pos in mapping:
            hero.pos = mapping[hero.pos]
            if turns:
                hero.cube = hero.cube.spin(turns)
    for frame in state.resolving:
        if frame["type"] == "arrive":
            frame["at"] = cell_json(state.heroes[frame["hero"]].pos)


def act(state: State, index: int, events: Events) -> None:
    """One platform's own upkeep move (P3-P6)."""
    platform = state.board.platforms[index]
    if platform.motion == "slide":
        assert platform.direction is not None
        mapping = slide_mapping(platform.cells, platform.direction)
        if not try_move(state, index, mapping, 0, events, direction=platform.direction):
            turned = OPPOSITE[platform.direction]
            board = state.board
            board.platforms[index] = _with_direction(platform, turned)
            events.append(PlatformBlocked.of(id=platform.id, direction=turned))
    elif platform.motion == "rotate":
        assert platform.pivot is not None and platform.spin is not None
        mapping = rotate_mapping(platform.cells, platform.pivot, platform.spin)
        turns = engine.SPIN[platform.spin]
        pivot = cell_json(platform.pivot)
        if not try_move(state, index, mapping, turns, events, pivot=pivot, spin=platform.spin):
            events.append(PlatformBlocked.of(id=platform.id, direction=platform.spin))


def _with_direction(platform: Platform, direction: str) -> Platform:
    return replace(platform, direction=direction)


def upkeep(state: State, events: Events) -> None:
    """Board Upkeep: platforms (P-1): queue the moving platforms by their north-west-most
    square as they stand now (U2, P2); nothing when there are none: no event."""
    queue = [p.id for p in sorted(state.board.platforms, key=_north_west) if p.motion != "none"]
    if not queue:
        return
    events.append(UpkeepStep.of(fields={"kind": "platforms"}))
    engine.push_frame(state, {"type": "platforms", "queue": queue})


def _north_west(platform: Platform) -> tuple[int, int]:
    return min((c[1], c[0]) for c in platform.cells)


def index_of(board: Board, ident: str) -> int | None:
    for i, platform in enumerate(board.platforms):
        if platform.id == ident:
            return i
    return None


@resolving.FRAMES.register
class Platforms(resolving.ResolvingKind):
    """The platform step of upkeep (P-2, P-3): the next platform of ``queue`` moves, then the
    beams are retraced (their cascade resolves before the next platform)."""

    kind = "platforms"
    fields = {
        "type": Field(check.one_of("platforms")),
        "queue": Field(check.platform_ids),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        from riotsim.games.quodd import beams

        while frame["queue"]:
            index = index_of(state.board, frame["queue"].pop(0))
            if index is None:
                continue
            act(state, index, events)
            beams.refresh(state, events)
            return
        state.resolving.remove(frame)


engine.UPKEEP["platforms"] = upkeep
