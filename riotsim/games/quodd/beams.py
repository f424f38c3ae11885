"""Beam walls and gadgets (issue 12 part C, spec section 7).

An emitter that is on shoots a beam: an impassable wall from it to the next wall or the board
edge (L386, L576). Reflectors turn it (L392), rotators turn what they sit on when it hits them
(L394, L584), movers push their platform each round (L388), power blocks holding a crystal turn
their emitters on (L390, L578). The squares lit by the last trace are ``Board.lit`` (movement
flags make them impassable); whenever the trace changes, a ``beams`` cascade frame gives the
newly lit squares their effects (W5) and lets newly hit gadgets act (W9, W10, W12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event, PositionError
from riotsim.core.frames import Field
from riotsim.games.quodd import elements, engine, platforms, resolving
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import (
    BEAM_KINDS,
    PIECE_KINDS,
    SCENARIO_KINDS,
    Board,
    Token,
    rotate_local,
)
from riotsim.games.quodd.directions import (
    DIAGONAL,
    OPPOSITE,
    Cell,
    as_cell,
    cell_json,
    chebyshev,
    rotate,
    split_diagonal,
    step,
)
from riotsim.games.quodd.events import (
    BeamBurned,
    BeamChanged,
    CrystalPlaced,
    CrystalTaken,
    EmitterSwitched,
    GadgetActed,
    ReflectorTurned,
    UpkeepStep,
)
from riotsim.games.quodd.state import Hero, State

Events = list[Event]
Hit = tuple[Cell, str]

# A piece caught on a newly lit square, by kind (part B registers "sheep": S23). Without a
# handler a non-scenario piece is destroyed like any token (a resting bomb).
CAUGHT: dict[str, Callable[[State, Cell, Token, Events], None]] = {}


# -- tracing ---------------------------------------------------------------------------------


def _order(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


def _stops(token: Token) -> bool:
    """A wall the beam stops before, unlit (W2)."""
    return token.kind == "wall" or (token.kind == "impassable" and token.get("state", "up") == "up")


def _component(board: Board, cell: Cell) -> Token | None:
    """The component a beam hits on ``cell``: a beam part or an active power block."""
    tokens = board.at(cell)
    for token in tokens:
        if token.kind in BEAM_KINDS:
            return token
        if token.kind == "power_block" and any(t.kind == "crystal" for t in tokens):
            return token
    return None


def reflect(front: str, travel: str) -> str | None:
    """Where a beam travelling ``travel`` leaves a reflector facing ``front``, or None when it
    arrives on the back (W9): it arrives from the side opposite its travel."""
    parts = split_diagonal(front) if front in DIAGONAL else ()
    came_from = OPPOSITE[travel]
    if came_from not in parts:
        return None
    return parts[1] if came_from == parts[0] else parts[0]


def trace(board: Board) -> tuple[frozenset[Cell], frozenset[Hit]]:
    """The squares the on emitters light and the components they hit (W2), as the emitters'
    ``on`` sides show (linked ones are synced first by :func:`sync_emitters`)."""
    lit: set[Cell] = set()
    hits: set[Hit] = set()
    for cell in board.find("emitter"):
        emitter = board.first(cell, "emitter")
        assert emitter is not None
        if emitter.get("on", 0):
            _run(board, cell, emitter.get("direction", "S"), lit, hits)
    return frozenset(lit), frozenset(hits)


def _run(board: Board, cell: Cell, direction: str, lit: set[Cell], hits: set[Hit]) -> None:
    seen: set[tuple[Cell, str]] = set()
    while True:
        cell = step(cell, direction)
        if cell not in board.ground or (cell, direction) in seen:
            return  # the board edge, or a loop through reflectors (our ruling)
        seen.add((cell, direction))
        if any(_stops(t) for t in board.at(cell)):
            return
        part = _component(board, cell)
        if part is not None:
            out = reflect(part.get("direction"), direction) if part.kind == "reflector" else None
            hits.add((cell, "back" if part.kind == "reflector" and out is None else "front"))
            if out is None or not part.get("on", 0):
                return
            direction = out
            continue
        lit.add(cell)


def linked_on(board: Board, link: Any) -> bool:
    """W7: a linked emitter is on while one of its power blocks holds a crystal."""
    return any(
        block.get("link") == link and board.has(cell, "crystal")
        for cell in board.find("power_block")
        for block in board.at(cell)
        if block.kind == "power_block"
    )


def sync_emitters(board: Board, events: Events | None = None) -> bool:
    """Turn each linked emitter to the side its power blocks give it; True if one changed."""
    changed = False
    for cell in board.find("emitter"):
        emitter = board.first(cell, "emitter")
        assert emitter is not None
        link = emitter.get("link")
        if link is None:
            continue
        on = int(linked_on(board, link))
        if emitter.get("on", 0) != on:
            board.replace(cell, emitter, emitter.with_props(on=on))
            changed = True
            if events is not None:
                events.append(EmitterSwitched.of(at=cell_json(cell), on=on))
    return changed


def has_beam_parts(board: Board) -> bool:
    return bool(board.lit or board.hits) or not BEAM_KINDS.isdisjoint(board.kinds_present())


def stale(board: Board) -> bool:
    """Does the stored trace disagree with the board (an emitter to sync, a changed beam)?"""
    if not has_beam_parts(board):
        return False
    probe = board.copy()
    if sync_emitters(probe):
        return True
    return trace(probe) != (board.lit, board.hits)


def trace_quietly(board: Board) -> None:
    """Store a fresh trace without its effects (readable test positions, map checks)."""
    sync_emitters(board)
    board.set_beams(*trace(board))


# -- the cascade -------------------------------------------------------------------------------


def refresh(state: State, events: Events) -> bool:
    """Retrace the beams when anything changed them: push the ``beams`` cascade (W12)."""
    if not stale(state.board):
        return False
    hits = sorted(state.board.hits, key=lambda h: (_order(h[0]), h[1]))
    before = [[c[0], c[1], side] for c, side in hits]
    engine.push_frame(
        state, {"type": "beams", "before": before, "turned": [], "asked": [], "passes": 0}
    )
    return True


def settled(state: State, events: Events) -> bool:
    return refresh(state, events)


def cascade_pass(state: State, frame: dict[str, Any], events: Events) -> None:
    """One pass of the cascade: retrace; newly lit squares burn (W5); then the first newly
    hit rotator turns (W10) or the first newly back-hit reflector asks (W9); each of these
    is followed by another pass. Done when a pass changes nothing."""
    board = state.board
    frame["passes"] += 1
    sync_emitters(board, events)
    lit, hits = trace(board)
    old_lit = board.lit
    if frame["passes"] > engine.MAX_HOPS:
        state.resolving.remove(frame)
        return
    if (lit, hits) != (old_lit, board.hits):
        board.set_beams(lit, hits)
        board.beam_version += 1
        events.append(
            BeamChanged.of(
                lit=_cells(lit), added=_cells(lit - old_lit), removed=_cells(old_lit - lit)
            )
        )
        burn(state, sorted(lit - old_lit, key=_order), events)
        if state.resolving[-1] is not frame:
            return  # respawns first; the next pass goes on
    if _turn_rotator(state, frame, events) or _ask_reflector(state, frame):
        return
    state.resolving.remove(frame)


def _cells(cells: frozenset[Cell]) -> list[list[int]]:
    return [cell_json(c) for c in sorted(cells, key=_order)]


def burn(state: State, cells: list[Cell], events: Events) -> None:
    """W5: a newly lit square loses its non-wall non-scenario tokens; a hero on it respawns
    at the nearest respawn point, keeping what it carries (queued north to south)."""
    board = state.board
    heroes = []
    for cell in cells:
        gone = []
        for token in list(board.at(cell)):
            if token.kind in SCENARIO_KINDS or token.kind in ("wall", "broken_wall"):
                continue
            if token.kind in PIECE_KINDS and token.kind in CAUGHT:
                CAUGHT[token.kind](state, cell, token, events)
                continue
            board.remove(cell, token)
            gone.append(token.kind)
        if gone:
            events.append(BeamBurned.of(at=cell_json(cell), tokens=gone))
        hero = state.hero_at(cell)
        if hero is not None:
            heroes.append(hero)
    for hero in reversed(heroes):  # a stack: the northern-most respawns first
        engine.push_frame(
            state, {"type": "respawn", "hero": hero.seat, "from": cell_json(hero.pos)}
        )


def _newly(state: State, frame: dict[str, Any], kind: str, side: str, done: str) -> Cell | None:
    before = {(as_cell(h[:2]), h[2]) for h in frame["before"]}
    done_cells = {as_cell(c) for c in frame[done]}
    for cell, hit_side in sorted(state.board.hits, key=lambda h: _order(h[0])):
        if hit_side != side or (cell, side) in before or cell in done_cells:
            continue
        if state.board.first(cell, kind) is not None:
            frame[done].append(cell_json(cell))
            return cell
    return None


def _turn_rotator(state: State, frame: dict[str, Any], events: Events) -> bool:
    cell = _newly(state, frame, "rotator", "front", "turned")
    if cell is None:
        return False
    mapping = rotator_acts(state, cell, events)
    if mapping:  # what the cascade remembers moved with the platform or section
        frame["turned"] = [_moved(c, mapping) for c in frame["turned"]]
        frame["asked"] = [_moved(c, mapping) for c in frame["asked"]]
        frame["before"] = [[*_moved(h[:2], mapping), h[2]] for h in frame["before"]]
    return True


def _moved(cell: Any, mapping: dict[Cell, Cell]) -> list[int]:
    return cell_json(mapping.get(as_cell(cell), as_cell(cell)))


def _ask_reflector(state: State, frame: dict[str, Any]) -> bool:
    cell = _newly(state, frame, "reflector", "back", "asked")
    if cell is None:
        return False
    options = [{"spin": "cw"}, {"spin": "ccw"}]
    engine.decide(state, "reflector_turn", chooser(state), options, at=cell_json(cell))
    return True


def chooser(state: State) -> int:
    """W14/U4: the active player; in upkeep the first player."""
    if any(f["type"] == "upkeep" for f in state.resolving):
        return state.first
    return state.active


def turn_reflector(state: State, cell: Cell, spin: str, events: Events) -> None:
    board = state.board
    reflector = board.first(cell, "reflector")
    if reflector is None:
        return
    turned = reflector.with_props(direction=rotate(reflector.get("direction"), engine.SPIN[spin]))
    board.replace(cell, reflector, turned)
    events.append(
        ReflectorTurned.of(
            at=cell_json(cell), direction=turned.get("direction"), on=turned.get("on", 0)
        )
    )


def rotator_acts(state: State, cell: Cell, events: Events) -> dict[Cell, Cell] | None:
    """W10: turn the rotator's platform about its square, or else its 9x9 section; the
    mapping of what moved (None: nothing, obstructed or not turnable)."""
    board = state.board
    rotator = board.first(cell, "rotator")
    if rotator is None:
        return None
    spin = rotator.get("spin", "cw")
    index = board.platform_at(cell)
    if index is not None:
        cells = board.platforms[index].cells
        mapping = platforms.rotate_mapping(cells, cell, spin)
        how = {"pivot": cell_json(cell), "spin": spin}
        if not platforms.try_move(state, index, mapping, engine.SPIN[spin], events, **how):
            return None
    else:
        section = board.section_index(cell)
        if section is None or not board.section_turnable(section):
            return None
        mapping = _section_mapping(board, section, engine.SPIN[spin])
        elements.rotate_section(state, section, spin, events)
    events.append(GadgetActed.of(fields={"at": cell_json(cell), "kind": "rotator"}))
    return mapping


def _section_mapping(board: Board, index: int, turns: int) -> dict[Cell, Cell]:
    """Where each square of a square section goes when it turns (as ``Board.rotate_section``)."""
    section = board.sections[index]
    size = section.width
    out = {}
    for y in range(size):
        for x in range(size):
            (nx, ny), _, _ = rotate_local((x, y), size, size, turns)
            out[(section.x + x, section.y + y)] = (section.x + nx, section.y + ny)
    return out


def mover_acts(state: State, cell: Cell, events: Events) -> dict[Cell, Cell] | None:
    """W11: push the mover's platform one square along its arrow (obstructed: nothing)."""
    board = state.board
    mover = board.first(cell, "mover")
    index = board.platform_at(cell)
    if mover is None or index is None:
        return None
    direction = mover.get("direction", "E")
    mapping = platforms.slide_mapping(board.platforms[index].cells, direction)
    if not platforms.try_move(state, index, mapping, 0, events, direction=direction):
        return None
    events.append(GadgetActed.of(fields={"at": cell_json(cell), "kind": "mover"}))
    return mapping


@resolving.FRAMES.register
class Beams(resolving.ResolvingKind):
    """A retrace cascade (W12): ``before`` the hits when it began, ``turned`` the rotators
    and ``asked`` the reflectors that acted in it (each once), ``passes`` its guard."""

    kind = "beams"
    fields = {
        "type": Field(check.one_of("beams")),
        "before": Field(check.beam_hits),
        "turned": Field(check.cells),
        "asked": Field(check.cells),
        "passes": Field(check.count(10_000)),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        cascade_pass(state, frame, events)


# -- upkeep: the beam-element step -------------------------------------------------------------


def upkeep(state: State, events: Events) -> None:
    """Board Upkeep: beams (G-1): queue the rotators and movers by square as they stand now;
    nothing when there are none: no event."""
    board = state.board
    queue = sorted(board.find("rotator") + board.find("mover"), key=_order)
    if not queue:
        return
    events.append(UpkeepStep.of(fields={"kind": "beams"}))
    engine.push_frame(state, {"type": "gadgets", "queue": [cell_json(c) for c in queue]})


@resolving.FRAMES.register
class Gadgets(resolving.ResolvingKind):
    """The beam-element step (G-2, G-3): the next gadget of ``queue`` acts when a beam hits
    it, then the beams are retraced."""

    kind = "gadgets"
    fields = {"type": Field(check.one_of("gadgets")), "queue": Field(check.cells)}

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        queue = frame["queue"]
        while queue:
            cell = as_cell(queue.pop(0))
            if (cell, "front") not in state.board.hits:
                continue
            if state.board.has(cell, "rotator"):
                mapping = rotator_acts(state, cell, events)
            else:
                mapping = mover_acts(state, cell, events)
            if mapping:  # gadgets riding the moved platform are still queued where they went
                frame["queue"] = [cell_json(mapping.get(as_cell(c), as_cell(c))) for c in queue]
            refresh(state, events)
            return
        state.resolving.remove(frame)


# -- switches and power blocks -------------------------------------------------------------------


def switch_hook(state: State, frame: dict[str, Any], colour: Any, events: Events) -> bool:
    """W6: a coloured switch flips its unlinked emitters and its reflectors."""
    board = state.board
    flipped = False
    for kind in ("emitter", "reflector"):
        for cell in board.find(kind):
            token = board.first(cell, kind)
            assert token is not None
            if token.get("colour") is None or token.get("colour") != colour:
                continue
            if token.get("link") is not None:
                continue
            on = 0 if token.get("on", 0) else 1
            board.replace(cell, token, token.with_props(on=on))
            flipped = True
            if kind == "emitter":
                events.append(EmitterSwitched.of(at=cell_json(cell), on=on))
            else:
                direction = token.get("direction")
                events.append(ReflectorTurned.of(at=cell_json(cell), direction=direction, on=on))
    return flipped and refresh(state, events)


def _used(cell: Cell) -> str:
    return f"block:{cell[0]},{cell[1]}"


def block_options(state: State, hero: Hero) -> list[dict[str, Any]]:
    """W8 (our ruling): next to a power block (eight neighbours), once per block a turn, the
    moving hero may put a carried crystal on an empty block or take one off an active one."""
    board = state.board
    out: list[dict[str, Any]] = []
    if "power_block" not in board.kinds_present():
        return out
    crystal = any(item.startswith("crystal:") for item in hero.carrying)
    for cell in board.find("power_block"):
        if chebyshev(cell, hero.pos) != 1 or _used(cell) in state.turn.activated:
            continue
        if board.has(cell, "crystal"):
            out.append({"take": cell})
        elif crystal:
            out.append({"put": cell})
    return out


def use_block(state: State, hero: Hero, option: dict[str, Any], events: Events) -> None:
    board = state.board
    state.turn.activated.append(_used(option.get("put") or option["take"]))
    if option.get("put"):
        cell = as_cell(option["put"])
        item = next(i for i in hero.carrying if i.startswith("crystal:"))
        hero.carrying.remove(item)
        colour = item.split(":", 1)[1]
        board.add(cell, Token.make("crystal", colour=colour))
        events.append(CrystalPlaced.of(hero=hero.seat, at=cell_json(cell), colour=colour))
    else:
        cell = as_cell(option["take"])
        crystal = board.first(cell, "crystal")
        assert crystal is not None
        board.remove(cell, crystal)
        colour = crystal.get("colour", "white")
        hero.carrying.append(f"crystal:{colour}")
        events.append(CrystalTaken.of(hero=hero.seat, at=cell_json(cell), colour=colour))
    refresh(state, events)


# -- saves ---------------------------------------------------------------------------------------


def check_saved(state: State) -> None:
    """W19: a position at rest whose stored lit squares disagree with its components is
    damaged (mid-resolution the trace may lag one step behind, so it is not checked then)."""
    if state.resolving or state.pending or not has_beam_parts(state.board):
        return
    if stale(state.board):
        raise PositionError("board.lit: the lit squares do not match the beams of the board")


engine.UPKEEP["beams"] = upkeep
settled.kinds = BEAM_KINDS  # type: ignore[attr-defined]  # beams need an emitter to exist
engine.SETTLED_HOOKS.append(settled)
elements.SWITCH_HOOKS.append(switch_hook)
