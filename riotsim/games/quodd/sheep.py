"""Sheep: Managing the Flock (issue 12 part B, spec section 5).

Sheep are pieces: a ``sheep`` token with a ``colour`` (grey, white, black), a ``direction``
(its facing, N/E/S/W; absent until spawned) and a ``number``. In End-of-Round Board Upkeep
(``engine.UPKEEP["sheep"]``) each sheep spends 1, 2 or 3 movement points (S1): a step ahead,
or a clockwise quarter turn when the square ahead is closed (S2, S3); a black sheep pushes
heroes, sheep and crystals (S4). The squares it reaches are resolved by ``piece_arrive``
frames (``engine.PIECE_ARRIVALS["sheep"]``): currents, whirlpools, springs, teleporters and
water connections act on it (S11-S16). A hero picks a sheep up by landing on it (S9, the
``sheep`` arrival handler) or when a sheep walks onto it (S8, the ``sheep_pickup`` choice).
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Event
from riotsim.core.dice import roll, total
from riotsim.core.events import DiceRolled
from riotsim.core.frames import Field
from riotsim.games.quodd import elements, engine, moves
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import IMPASSABLE, PIECE, PIT, WALL, Token
from riotsim.games.quodd.directions import (
    ALL,
    ORTHOGONAL,
    Cell,
    as_cell,
    cell_json,
    manhattan,
    step,
)
from riotsim.games.quodd.events import (
    SheepCarried,
    SheepLost,
    SheepMoved,
    SheepPickedUp,
    SheepShoved,
    SheepSpawned,
    SheepTurned,
    TeleporterExploded,
    UpkeepStep,
)
from riotsim.games.quodd.resolving import FRAMES, ResolvingKind, _type
from riotsim.games.quodd.state import Hero, State

Events = list[Event]

SPEED = {"grey": 1, "white": 2, "black": 3}  # movement points per upkeep (S1)
CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}
ANTICLOCKWISE = {v: k for k, v in CLOCKWISE.items()}
MAX_SHEEP_ID = 10**6


# ---------------------------------------------------------------------------------------
# finding sheep
# ---------------------------------------------------------------------------------------


def find(state: State, number: int) -> tuple[Cell, Token] | None:
    """The square and token of sheep ``number``, if it is on the board."""
    for cell, tokens in state.board.tokens.items():
        for token in tokens:
            if token.kind == "sheep" and token.get("number") == number:
                return cell, token
    return None


def flock(state: State) -> list[tuple[Cell, Token]]:
    """Every sheep on the board, north to south then west to east (U2)."""
    if "sheep" not in state.board.kinds_present():
        return []
    out = [
        (cell, token)
        for cell, tokens in state.board.tokens.items()
        for token in tokens
        if token.kind == "sheep"
    ]
    return sorted(out, key=lambda ct: (ct[0][1], ct[0][0], ct[1].get("number", 0)))


def _set(state: State, cell: Cell, token: Token, **changes: Any) -> Token:
    new = token.with_props(**changes)
    state.board.replace(cell, token, new)
    return new


def _move(state: State, origin: Cell, token: Token, dest: Cell) -> None:
    state.board.remove(origin, token)
    put(state, dest, token)


def put(state: State, cell: Cell, token: Token) -> None:
    """Place a sheep on top of the square's tokens: a hero arriving there picks it up
    before the square's elements act (a spring it stands on still throws the hero)."""
    board = state.board
    rest = board.at(cell)
    for other in rest:
        board.remove(cell, other)
    board.add(cell, token)
    for other in rest:
        board.add(cell, other)


def _sheep_frame(state: State, number: int) -> dict[str, Any] | None:
    for frame in state.resolving:
        if frame["type"] == "sheep" and frame["id"] == number:
            return frame
    return None


def _arrive(state: State, cell: Cell, token: Token, direction: str | None, hops: int = 0) -> None:
    engine.piece_arrive(
        state,
        "sheep",
        cell,
        chooser=state.first,
        number=token.get("number", 0),
        direction=direction,
        hops=hops,
    )


# ---------------------------------------------------------------------------------------
# spawning (S7)
# ---------------------------------------------------------------------------------------


def spawn_hook(state: State, events: Events) -> bool:
    """Settled hook: number sheep that have no number yet, and queue the first player's
    facing choice for sheep that have no facing (placed without one, or just dropped)."""
    unfaced = []
    seen: set[int] = set()
    for cell, token in flock(state):
        if state.board.at(cell)[0] != token:  # placed under other tokens (maps, drops)
            state.board.remove(cell, token)
            put(state, cell, token)
        number = token.get("number")
        if number is None or number in seen:  # unnumbered, or two boards' sheep 0
            token = _set(state, cell, token, number=max(state.next_id, max(seen, default=-1) + 1))
            number = token.get("number")
        seen.add(number)
        state.next_id = max(state.next_id, number + 1)
        if token.get("direction") is None:
            unfaced.append(token.get("number"))
    if not unfaced or state.phase == "over":
        return False
    engine.push_frame(state, {"type": "sheep_spawn", "queue": unfaced})
    return True


@FRAMES.register
class SheepSpawn(ResolvingKind):
    """Sheep come onto the board: the first player gives each in ``queue`` its facing."""

    kind = "sheep_spawn"
    fields = {"type": _type("sheep_spawn"), "queue": Field(check.numbers(MAX_SHEEP_ID))}

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        while frame["queue"]:
            number = frame["queue"].pop(0)
            found = find(state, number)
            if found is None or found[1].get("direction") is not None:
                continue
            options: list[dict[str, Any]] = [{"facing": d} for d in ORTHOGONAL]
            engine.decide(
                state, "sheep_facing", state.first, options, id=number, at=cell_json(found[0])
            )
            return
        state.resolving.remove(frame)


def face(state: State, number: int, facing: str, events: Events) -> None:
    found = find(state, number)
    if found is None:
        return
    cell, token = found
    _set(state, cell, token, direction=facing)
    events.append(
        SheepSpawned.of(
            id=number, colour=token.get("colour", "grey"), at=cell_json(cell), direction=facing
        )
    )


# ---------------------------------------------------------------------------------------
# the sheep step of upkeep (S-1 .. S-4)
# ---------------------------------------------------------------------------------------


def upkeep(state: State, events: Events) -> None:
    """Board Upkeep: sheep (S-1: queue every sheep by its square now; nothing when none)."""
    queue = [t.get("number", 0) for _, t in flock(state)]
    if not queue:
        return
    events.append(UpkeepStep.of(fields={"kind": "sheep"}))
    engine.push_frame(state, {"type": "sheep_step", "queue": queue})


def step_resume(state: State, frame: dict[str, Any], events: Events) -> None:
    """S-2: the next sheep of the queue still on the board moves; then the step is over."""
    while frame["queue"]:
        number = frame["queue"].pop(0)
        found = find(state, number)
        if found is None or found[1].get("direction") is None:
            continue
        left = SPEED.get(found[1].get("colour", "grey"), 1)
        engine.push_frame(
            state, {"type": "sheep", "id": number, "left": left, "path": [], "from": None}
        )
        return
    state.resolving.remove(frame)


def _flush(frame: dict[str, Any], token: Token, events: Events) -> None:
    """Emit the squares walked since the last event as one ``sheep_moved``."""
    if frame["path"]:
        events.append(
            SheepMoved.of(
                fields={
                    "id": frame["id"],
                    "from": frame["from"],
                    "path": list(frame["path"]),
                    "facing": token.get("direction", "N"),
                }
            )
        )
    frame["path"] = []
    frame["from"] = None


def sheep_resume(state: State, frame: dict[str, Any], events: Events) -> None:
    """S-3: spend the sheep's next movement point (a step, a push, or a turn)."""
    found = find(state, frame["id"])
    if found is None:  # picked up or lost
        frame["path"] = []
        state.resolving.remove(frame)
        return
    cell, token = found
    if frame["left"] <= 0:
        _flush(frame, token, events)
        state.resolving.remove(frame)
        return
    facing = token.get("direction", "N")
    ahead = step(cell, facing)
    hero = state.hero_at(ahead)
    if hero is not None and not frame.get("declined"):
        _flush(frame, token, events)
        ask_pickup(state, hero, token, cell, {"walk": 1})
        return
    frame.pop("declined", None)
    frame["left"] -= 1
    if token.get("colour") == "black" and _shove(state, frame, cell, token, ahead, events):
        return
    if not moves.blocks_piece(state, ahead):
        _walk(state, frame, cell, token, ahead)
        return
    _flush(frame, token, events)
    _set(state, cell, token, direction=CLOCKWISE[facing])
    events.append(
        SheepTurned.of(id=frame["id"], at=cell_json(cell), facing=CLOCKWISE[facing], spin="cw")
    )


def _walk(state: State, frame: dict[str, Any], cell: Cell, token: Token, ahead: Cell) -> None:
    if frame["from"] is None:
        frame["from"] = cell_json(cell)
    frame["path"] = list(frame["path"]) + [cell_json(ahead)]
    _move(state, cell, token, ahead)
    _arrive(state, ahead, token, token.get("direction"))


def _shove(
    state: State, frame: dict[str, Any], cell: Cell, token: Token, ahead: Cell, events: Events
) -> bool:
    """S4: a black sheep pushes the hero, sheep or crystal ahead one square on, then steps
    into the square it freed. False when there is nothing to push or it cannot be pushed."""
    facing = token.get("direction", "N")
    board = state.board
    hero = state.hero_at(ahead)
    other = board.first(ahead, "sheep") or board.first(ahead, "crystal")
    if hero is None and other is None:
        return False
    if board.codes().get(ahead, 0) & (WALL | IMPASSABLE | PIT):
        return False  # a hero on a wall top: the sheep could not follow it there (S6)
    dest = step(ahead, facing)
    if hero is not None:
        target = moves.push_destination(state, hero, facing)
        if target is None or board.codes().get(target, 0) & PIECE:
            return False
    else:
        code = board.codes().get(dest)
        if (
            code is None
            or code & (IMPASSABLE | PIECE)
            or board.is_wall(dest)
            or state.hero_at(dest) is not None
            or board.has(dest, "crystal")
        ):
            return False  # no chain pushes; pits are fine (it falls in)
    _flush(frame, token, events)
    fields: dict[str, Any] = {"by": frame["id"], "from": cell_json(ahead), "to": cell_json(dest)}
    _walk(state, frame, cell, token, ahead)  # the black sheep's square resolves last
    if hero is not None:
        hero.pos = dest
        events.append(SheepShoved.of(fields={**fields, "piece": "hero", "hero": hero.seat}))
        engine.arrival(state, hero, chooser=state.first, own=False)
    else:
        assert other is not None
        _move(state, ahead, other, dest)
        pushed = {"pushed": other.get("number", 0)} if other.kind == "sheep" else {}
        events.append(SheepShoved.of(fields={**fields, "piece": other.kind, **pushed}))
        engine.piece_arrive(
            state, other.kind, dest, state.first, number=other.get("number"), direction=facing
        )
    return True


# ---------------------------------------------------------------------------------------
# picking sheep up (S8, S9)
# ---------------------------------------------------------------------------------------


def ask_pickup(
    state: State, hero: Hero, token: Token, at: Cell, then: dict[str, Any] | None = None
) -> None:
    """S8: a sheep would enter ``hero``'s square: that hero's player may pick it up first
    (``then``: how a teleport goes on when the answer is no)."""
    options: list[dict[str, Any]] = [{"pickup": "yes"}, {"pickup": "no"}]
    if not engine.may_carry(hero):  # a buddy carrying two already (spec Y3)
        options = [{"pickup": "no"}]
    data: dict[str, Any] = {"hero": hero.seat, "id": token.get("number", 0), "at": cell_json(at)}
    if then:
        data.update(then)
    engine.decide(state, "sheep_pickup", hero.seat, options, **data)


def pick_up(state: State, hero: Hero, cell: Cell, token: Token, events: Events) -> None:
    state.board.remove(cell, token)
    colour = token.get("colour", "grey")
    hero.carrying.append(f"sheep:{colour}")
    events.append(
        SheepPickedUp.of(
            hero=hero.seat, id=token.get("number", 0), colour=colour, at=cell_json(cell)
        )
    )


def declined(state: State, data: dict[str, Any], events: Events) -> None:
    """The hero would not take the sheep: its square counts as occupied (S8)."""
    if "distance" in data:  # a teleport goes to the next square back along its line
        found = find(state, data["id"])
        if found is not None:
            teleport_to(state, found[0], found[1], data["dir"], data["distance"] - 1, events, 1)
        return
    frame = _sheep_frame(state, data["id"])
    if data.get("walk") and frame is not None and state.resolving[-1] is frame:
        frame["declined"] = 1  # its own step: the point goes to a turn (or a push)


def h_sheep(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    """S9: a hero ending a step or landing a jump on a sheep during its own movement picks
    it up (other moves never reach a sheep's square: it blocks them)."""
    if not frame["own"] or not engine.may_carry(hero):
        return False
    pick_up(state, hero, hero.pos, token, events)
    frame["cursor"] -= 1
    return False


# ---------------------------------------------------------------------------------------
# what the squares a sheep reaches do to it (S11-S16)
# ---------------------------------------------------------------------------------------


def arrive(state: State, frame: dict[str, Any], token: Token, events: Events) -> bool:
    """``PIECE_ARRIVALS["sheep"]``: the first element on the square that moves whatever
    stands on it acts; tunnels and the tokens a hero works do nothing (S16)."""
    cell = as_cell(frame["at"])
    if frame["hops"] >= engine.MAX_HOPS:
        return False
    for element in state.board.at(cell):
        act = ELEMENTS.get(element.kind)
        if act is not None:
            walking = _sheep_frame(state, token.get("number", 0))
            if walking is not None:  # the walk so far comes first in the log
                _flush(walking, token, events)
            act(state, frame, cell, token, element, events)
            return False
    return False


def _onto(
    state: State,
    frame: dict[str, Any],
    cell: Cell,
    token: Token,
    dest: Cell,
    how: str,
    events: Events,
    direction: str | None = None,
) -> None:
    """Move the sheep by an element onto ``dest`` (a hero there is asked first, S8)."""
    hero = state.hero_at(dest)
    if hero is not None:
        ask_pickup(state, hero, token, cell)
        return
    _move(state, cell, token, dest)
    events.append(
        SheepCarried.of(
            fields={
                "id": token.get("number", 0),
                "from": cell_json(cell),
                "to": cell_json(dest),
                "how": how,
            }
        )
    )
    _arrive(state, dest, token, direction or frame.get("direction"), frame["hops"] + 1)
    ride = frame.get("ride") or [cell_json(cell)]
    if how == "connection":  # the exit does not send it through again (as for heroes)
        ride = ride + [cell_json(c) for c in state.board.find("connection")]
    state.resolving[-1]["ride"] = ride + [cell_json(dest)]


def _open_to_element(state: State, dest: Cell) -> bool:
    """A square an element may move a sheep onto: pits swallow it, heroes are asked."""
    if state.hero_at(dest) is not None:
        return state.board.on_board(dest)
    return not moves.blocks_piece(state, dest, pits=False)


def e_current(
    state: State, frame: dict[str, Any], cell: Cell, token: Token, element: Token, events: Events
) -> None:
    """S11: carried one square with the arrow; a loop carries it round once."""
    direction = element.get("direction", "N")
    dest = step(cell, direction)
    if cell_json(dest) in (frame.get("ride") or []) or not _open_to_element(state, dest):
        return
    _onto(state, frame, cell, token, dest, "current", events, direction)


def e_whirlpool(
    state: State, frame: dict[str, Any], cell: Cell, token: Token, element: Token, events: Events
) -> None:
    """S12: a quarter turn, the first player choosing which way."""
    options: list[dict[str, Any]] = [{"spin": "cw"}, {"spin": "ccw"}]
    engine.decide(state, "sheep_whirlpool", state.first, options, id=token.get("number", 0))


def e_spring(
    state: State, frame: dict[str, Any], cell: Cell, token: Token, element: Token, events: Events
) -> None:
    """S15: over one square (super: two) in its direction of movement; fails when the
    landing is closed (a pit swallows it) or a square jumped over is impassable."""
    direction = frame.get("direction") or token.get("direction", "N")
    over = 2 if element.kind == "super_spring" else 1
    board = state.board
    for i in range(1, over + 1):
        c = step(cell, direction, i)
        if not board.on_board(c) or board.is_impassable(c):
            return
    land = step(cell, direction, over + 1)
    if not _open_to_element(state, land):
        return
    _onto(state, frame, cell, token, land, "spring", events, direction)


def e_teleporter(
    state: State, frame: dict[str, Any], cell: Cell, token: Token, element: Token, events: Events
) -> None:
    """S14: the d6 (two for a super teleporter) then the direction die; a Q (doubles)
    explodes it under the sheep; teleporting ends the sheep's movement."""
    from riotsim.games.quodd import icons

    super_ = element.kind == "super_teleporter"
    faces = roll(state.rng, "quodd_d6", 2 if super_ else 1)
    events.append(DiceRolled.of(die="quodd_d6", faces=faces, reveals=True))
    sheep_frame = _sheep_frame(state, token.get("number", 0))
    if sheep_frame is not None:
        sheep_frame["left"] = 0
    # Re-roll a Die (spec I4): a sheep die rolled for the move of the hero whose turn it is
    data = {"at": cell_json(cell), "id": token.get("number", 0), "kind": element.kind}
    data["hops"] = frame["hops"]
    if icons.offer_reroll(state, frame["chooser"], "quodd_d6", faces, "sheep_teleporter", data):
        return
    teleport_result(state, cell, token, element, faces, events, frame["hops"])


def teleport_result(
    state: State,
    cell: Cell,
    token: Token,
    element: Token,
    faces: list[str],
    events: Events,
    hops: int,
) -> None:
    """The sheep teleporter's d6 stands: a Q (doubles) explodes it, else the direction die
    says which way the sheep goes."""
    super_ = element.kind == "super_teleporter"
    if faces[0] == faces[1] if super_ else faces[0] == "Q":
        state.board.remove(cell, element)
        events.append(TeleporterExploded.of(at=cell_json(cell)))
        elements.explosion(state, cell, state.first, events)
        return
    direction = roll(state.rng, "direction")[0]
    events.append(DiceRolled.of(die="direction", faces=[direction], reveals=True))
    distance = total("quodd_d6", faces)
    teleport_to(state, cell, token, direction, distance, events, hops + 1)


def teleport_to(
    state: State,
    cell: Cell,
    token: Token,
    direction: str,
    distance: int,
    events: Events,
    hops: int = 1,
) -> None:
    """Put the sheep ``distance`` squares away, or on the nearest open square back along
    the line (a pit is open: it swallows the sheep); it stays when there is none."""
    for k in range(distance, 0, -1):
        dest = step(cell, direction, k)
        if not state.board.on_board(dest):
            continue
        hero = state.hero_at(dest)
        if hero is not None:
            then = {"dir": direction, "distance": k}
            ask_pickup(state, hero, token, cell, then)
            return
        if moves.blocks_piece(state, dest, pits=False):
            continue
        _move(state, cell, token, dest)
        fields = {"id": token.get("number", 0), "from": cell_json(cell), "to": cell_json(dest)}
        events.append(SheepCarried.of(fields={**fields, "how": "teleporter"}))
        _arrive(state, dest, token, None, hops)
        return


def e_connection(
    state: State, frame: dict[str, Any], cell: Cell, token: Token, element: Token, events: Events
) -> None:
    """S16: through a water connection to its partner (several: the first player chooses)."""
    ride = frame.get("ride") or [cell_json(cell)]
    partners = [
        c
        for c in state.board.find("connection")
        if c != cell
        and cell_json(c) not in ride
        and any(
            t.kind == "connection" and t.get("link") == element.get("link")
            for t in state.board.at(c)
        )
        and _open_to_element(state, c)
    ]
    if not partners:
        return
    if len(partners) == 1:
        _onto(state, frame, cell, token, partners[0], "connection", events)
        return
    engine.decide(
        state,
        "sheep_connection",
        state.first,
        [{"to": cell_json(c)} for c in partners],
        id=token.get("number", 0),
        ride=ride,
    )


def through_connection(state: State, data: dict[str, Any], to: Cell, events: Events) -> None:
    found = find(state, data["id"])
    if found is None:
        return
    frame = {"hops": 0, "ride": data.get("ride") or [], "direction": None}
    _onto(state, frame, found[0], found[1], to, "connection", events)


def spin(state: State, number: int, way: str, events: Events) -> None:
    found = find(state, number)
    if found is None:
        return
    cell, token = found
    facing = token.get("direction", "N")
    new = (CLOCKWISE if way == "cw" else ANTICLOCKWISE)[facing]
    _set(state, cell, token, direction=new)
    events.append(SheepTurned.of(id=number, at=cell_json(cell), facing=new, spin=way))


ELEMENTS = {
    "current": e_current,
    "whirlpool": e_whirlpool,
    "spring": e_spring,
    "super_spring": e_spring,
    "teleporter": e_teleporter,
    "super_teleporter": e_teleporter,
    "connection": e_connection,
}


# ---------------------------------------------------------------------------------------
# beams (S23)
# ---------------------------------------------------------------------------------------


def caught_in_beam(state: State, number: int, events: Events) -> None:
    """S23 (our ruling): a sheep on a square a beam now lights goes to the nearest respawn
    point, or beside it when it is taken (the first player choosing), keeping its facing.
    Part C's beam refresh calls this for each sheep on a newly lit square."""
    found = find(state, number)
    if found is None:
        return
    spots = respawn_spots(state, found[0])
    if not spots:
        state.board.remove(found[0], found[1])
        events.append(SheepLost.of(id=number, at=cell_json(found[0])))
        return
    if len(spots) == 1:
        put_back(state, number, spots[0], events)
        return
    options: list[dict[str, Any]] = [{"at": cell_json(c)} for c in spots]
    engine.decide(state, "sheep_respawn", state.first, options, id=number)


def _free(state: State, cell: Cell) -> bool:
    board = state.board
    return (
        board.on_board(cell)
        and not moves.blocks_piece(state, cell)
        and not board.is_wall(cell)
        and not board.has(cell, "crystal")
    )


def respawn_spots(state: State, origin: Cell) -> list[Cell]:
    """Where a sheep from ``origin`` may come back: the nearest respawn points (lit ones
    passed over) that are free, or the free squares beside the nearest taken ones."""
    board = state.board
    points = [
        p for p in (board.find("respawn") or board.find("start")) if not board.is_impassable(p)
    ]
    by_distance = sorted(points, key=lambda p: (manhattan(p, origin), p[1], p[0]))
    for point in by_distance:
        near = [p for p in by_distance if manhattan(p, origin) == manhattan(point, origin)]
        free = [p for p in near if _free(state, p)]
        if free:
            return free
        beside = [c for p in near for d in ALL if _free(state, c := step(p, d))]
        if beside:
            return sorted(set(beside), key=lambda c: (c[1], c[0]))
    return []


def put_back(state: State, number: int, cell: Cell, events: Events) -> None:
    found = find(state, number)
    if found is None:
        return
    _move(state, found[0], found[1], cell)
    fields = {"id": number, "from": cell_json(found[0]), "to": cell_json(cell)}
    events.append(SheepCarried.of(fields={**fields, "how": "respawn"}))


# ---------------------------------------------------------------------------------------
# trap doors (S18)
# ---------------------------------------------------------------------------------------


def switch_hook(state: State, frame: dict, colour: Any, events: Events) -> bool:
    """Trap Door: a sheep on a door of the switch's colour that is now open is lost."""
    board = state.board
    for cell in board.find("trap_door"):
        door = board.first(cell, "trap_door")
        if door is None or door.get("colour") != colour or not door.get("open", 0):
            continue
        for token in [t for t in board.at(cell) if t.kind == "sheep"]:
            board.remove(cell, token)
            events.append(SheepLost.of(id=token.get("number", 0), at=cell_json(cell)))
    return False


# ---------------------------------------------------------------------------------------
# frames and registrations
# ---------------------------------------------------------------------------------------


@FRAMES.register
class SheepStep(ResolvingKind):
    """The sheep step of upkeep: ``queue`` holds the sheep still to move, in the order of
    their squares when the step began (U2)."""

    kind = "sheep_step"
    fields = {"type": _type("sheep_step"), "queue": Field(check.numbers(MAX_SHEEP_ID))}

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        step_resume(state, frame, events)


@FRAMES.register
class SheepMoving(ResolvingKind):
    """One sheep spending its ``left`` movement points; ``path`` (from ``from``) holds the
    squares walked since its last event; ``declined``: the hero ahead would not take it."""

    kind = "sheep"
    fields = {
        "type": _type("sheep"),
        "id": Field(check.count(MAX_SHEEP_ID)),
        "left": Field(check.count(3)),
        "path": Field(check.cells),
        "from": Field(check.cell_or_none),
        "declined": Field(check.flag, required=False),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        sheep_resume(state, frame, events)


engine.UPKEEP["sheep"] = upkeep
engine.PIECE_ARRIVALS["sheep"] = arrive
spawn_hook.kinds = frozenset({"sheep"})  # type: ignore[attr-defined]
engine.SETTLED_HOOKS.append(spawn_hook)
elements.SWITCH_HOOKS.append(switch_hook)
elements.HANDLERS["sheep"] = h_sheep


def _caught(state: State, cell: Cell, token: Token, events: Events) -> None:
    """The beams' hook (``beams.CAUGHT``): a sheep on a newly lit square (S23)."""
    number = token.get("number")
    if number is not None:
        caught_in_beam(state, number, events)


def _register_with_beams() -> None:
    from riotsim.games.quodd import beams  # (beams imports engine too: no cycle at load)

    beams.CAUGHT["sheep"] = _caught


_register_with_beams()
