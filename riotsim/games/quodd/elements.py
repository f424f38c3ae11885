"""Board elements: what each token does when a hero reaches its square (the ``HANDLERS``
the engine calls while resolving an arrival), and the effects that move many things at once:
explosions, turning a board section, forced tumbles and winds.

A handler returns True when resolution must pause (a choice was asked, or the hero moved and
its new square is resolved from the start).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event
from riotsim.core.dice import total
from riotsim.games.quodd import abilities, effects, engine, moves, timetrack
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.directions import (
    ORTHOGONAL,
    Cell,
    cell_json,
    manhattan,
    split_diagonal,
    step,
)
from riotsim.games.quodd.events import (
    BoardRotated,
    Carried,
    Collected,
    Connected,
    CrystalLost,
    Delivered,
    ImpassableSwitched,
    RallyReached,
    SecretRevealed,
    SheepDelivered,
    Slid,
    SpringBlocked,
    Switched,
    TeleporterExploded,
    TokenTaken,
    Tumbled,
)
from riotsim.games.quodd.state import Hero, State

Events = list[Event]


def _may_flow(state: State, hero: Hero) -> bool:
    return abilities.has(hero, "flow") and state.board.ground.get(hero.pos) == "water"


def _own_turn_move(state: State, frame: dict[str, Any], hero: Hero) -> bool:
    return bool(frame["own"]) and hero.seat == state.active and state.phase == "movement"


def h_crystal(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if not engine.may_carry(hero):
        return False  # a buddy already carrying two collectibles leaves it (FAQ, spec Y3)
    state.board.remove(hero.pos, token)
    frame["cursor"] -= 1
    item = f"crystal:{token.get('colour', 'white')}"
    hero.carrying.append(item)
    events.append(Collected.of(hero=hero.seat, item=item, at=cell_json(hero.pos)))
    return False


def h_drop_zone(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    crystals = [c for c in hero.carrying if c.startswith("crystal")]
    if crystals:
        hero.carrying = [c for c in hero.carrying if not c.startswith("crystal")]
        hero.delivered += len(crystals)
        events.append(Delivered.of(hero=hero.seat, items=crystals, total=hero.delivered))
        timetrack.on_delivery(state, hero, len(crystals), events)
    sheep = [c for c in hero.carrying if c.startswith("sheep")]
    if sheep:  # Managing the Flock: carried sheep are herded into the pen (spec S21)
        hero.carrying = [c for c in hero.carrying if not c.startswith("sheep")]
        hero.herded += len(sheep)
        events.append(SheepDelivered.of(hero=hero.seat, count=len(sheep), total=hero.herded))
    return False


def h_rally(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if token.get("number", 0) == hero.rally + 1:
        hero.rally += 1
        events.append(RallyReached.of(hero=hero.seat, number=hero.rally))
        timetrack.on_rally(state, hero, events)
    return False


def h_character(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    state.board.remove(hero.pos, token)
    frame["cursor"] -= 1
    hero.characters += 1
    events.append(Collected.of(hero=hero.seat, item="character", at=cell_json(hero.pos)))
    return False


def h_reveal(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    """Explore/food/item/pet/rune/upgrade/treasure tokens are taken and used at once."""
    state.board.remove(hero.pos, token)
    frame["cursor"] -= 1
    events.append(TokenTaken.of(hero=hero.seat, kind=token.kind, at=cell_json(hero.pos)))
    if token.kind == "treasure":
        hero.treasure += 1
        from riotsim.games.quodd import treasure

        treasure.draw(state, hero, events)  # spec R1: with treasure cards, the top one
        return False
    if token.kind == "explore":
        engine.effect(state, hero.seat, "explore", n=1)
    elif token.kind == "upgrade":
        engine.effect(state, hero.seat, "choose_upgrade")
    else:
        engine.effect(state, hero.seat, "explore_type", kind=token.kind)
    return True


# Called by every switch a hero reaches, after the doors and impassable walls of its colour
# flipped: part B loses sheep on opened doors, part C flips emitters and reflectors.
# hook(state, frame, colour, events) returns True when it pushed frames (the switch's
# arrival then pauses; falls through opened doors resolve before them).
SWITCH_HOOKS: list[Callable[[State, dict, Any, Events], bool]] = []


def h_switch(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    colour = token.get("colour")
    board = state.board
    flipped = []
    for cell in board.find("trap_door"):
        door = board.first(cell, "trap_door")
        assert door is not None
        if door.get("colour") != colour:
            continue
        opened = 0 if door.get("open", 0) else 1
        board.replace(cell, door, door.with_props(open=opened))
        flipped.append((cell, opened))
    # Impassable walls of the switch's colour are raised or lowered by it too.
    lowered = []
    for cell in board.find("impassable"):
        wall = board.first(cell, "impassable")
        assert wall is not None
        if wall.get("colour") != colour:
            continue
        up = wall.get("state", "up") == "up"
        if not up and state.hero_at(cell) is not None:
            continue  # a wall cannot rise under a hero
        board.replace(cell, wall, wall.with_props(state="down" if up else "up"))
        lowered.append([cell[0], cell[1], 0 if up else 1])
    if lowered:
        events.append(ImpassableSwitched.of(walls=lowered))
    events.append(
        Switched.of(
            at=cell_json(hero.pos), colour=colour, doors=[[c[0], c[1], o] for c, o in flipped]
        )
    )
    # Trap Door: everything on a door that opens is lost - on every door, not just the first.
    victims = []
    for cell, opened in flipped:
        if not opened:
            continue
        for crystal in [t for t in board.at(cell) if t.kind == "crystal"]:
            board.remove(cell, crystal)
            events.append(CrystalLost.of(at=cell_json(cell)))
        victim = state.hero_at(cell)
        if victim is not None:
            victims.append(victim)
    hooked = False
    for hook in SWITCH_HOOKS:
        hooked = hook(state, frame, colour, events) or hooked
    # frames are a stack: queue the last door first so the falls resolve in board order
    for victim in reversed(victims):
        engine.arrival(state, victim, chooser=frame["chooser"], own=False)
    return bool(victims) or hooked


def h_rotate(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    index = state.board.section_index(hero.pos)
    if index is None or state.board.sections[index].width != state.board.sections[index].height:
        return False
    if token.kind == "rotate_board":
        state.board.remove(hero.pos, token)
        frame["cursor"] -= 1
    if not state.board.section_turnable(index):
        return False  # P13: a platform lies across its edge (a rotate-board token still goes)
    engine.decide(
        state, "rotate_section", frame["chooser"], [{"spin": "cw"}, {"spin": "ccw"}], section=index
    )
    return True


def _ride(frame: dict, hero: Hero) -> list[list[int]]:
    """The squares of the ride the hero is on: where it arrived, then every square a current
    or a water connection carried it to. Our ruling: neither carries a hero back onto one of
    them, so a closed loop takes it round once (the list is replaced, never edited: frames
    share it with copies and saved decisions)."""
    return frame.get("ride") or [cell_json(hero.pos)]


def h_current(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if _may_flow(state, hero) or frame["hops"] >= engine.MAX_HOPS:
        return False
    direction = token.get("direction", "N")
    dest = step(hero.pos, direction)
    if not moves.can_enter(state, hero, dest, hero.pos) or state.hero_at(dest) is not None:
        return False
    ride = _ride(frame, hero)
    if cell_json(dest) in ride:
        return False
    frame["ride"] = ride + [cell_json(dest)]
    origin = hero.pos
    engine.place_hero(state, hero, dest)
    _log_carried(hero, origin, dest, direction, events)
    engine.relocate(frame, hero)
    return True


def _log_carried(hero: Hero, origin: Cell, dest: Cell, direction: str, events: Events) -> None:
    """One ``carried`` event per ride: a push that goes straight on from the last one extends
    it (``path`` lists every square reached) instead of adding a line per square."""
    last = events[-1] if events else None
    if (
        last is not None
        and last.kind == "carried"
        and last.data["hero"] == hero.seat
        and last.data["to"] == cell_json(origin)
    ):
        data = dict(last.data)
        data["to"] = cell_json(dest)
        data["direction"] = direction
        data["path"] = list(last.data["path"]) + [cell_json(dest)]
        events[-1] = Carried.of(fields=data)
        return
    events.append(
        Carried.of(
            fields={
                "hero": hero.seat,
                "from": cell_json(origin),
                "to": cell_json(dest),
                "direction": direction,
                "path": [cell_json(dest)],
            }
        )
    )


def h_whirlpool(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if _may_flow(state, hero):
        return False
    engine.decide(
        state, "whirlpool", frame["chooser"], [{"spin": "cw"}, {"spin": "ccw"}], hero=hero.seat
    )
    return True


def h_spring(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    over = 2 if token.kind == "super_spring" else 1
    dirs = [d for d in ORTHOGONAL if moves.jump_ok(state, hero, d, over)]
    if not dirs:
        events.append(SpringBlocked.of(hero=hero.seat, at=cell_json(hero.pos)))
        return False
    state.resolving.remove(frame)
    engine.decide(
        state,
        "spring",
        frame["chooser"],
        [{"dir": d} for d in dirs],
        hero=hero.seat,
        over=over,
        own=frame["own"],
    )
    return True


def h_teleporter(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    from riotsim.games.quodd import icons

    super_ = token.kind == "super_teleporter"
    n = 2 if super_ else 1
    faces = icons.rolled(
        state, hero.seat, "quodd_d6", n, "teleporter", {"kind": token.kind}, events
    )
    if _own_turn_move(state, frame, hero) and not abilities.has(hero, "teleport_mastery"):
        state.turn.stage = "done"
        state.turn.remaining = 0
    if faces is None:
        return True  # Re-roll a Die: its owner decides first (icons.SITES carries on)
    return teleport_result(state, frame, hero, token, faces, events)


def teleport_result(
    state: State, frame: dict, hero: Hero, token: Token, faces: list[str], events: Events
) -> bool:
    """A teleporter's roll stands: it explodes on a Q (doubles), else the hero's controller
    picks a square up to the roll away."""
    super_ = token.kind == "super_teleporter"
    exploded = faces[0] == faces[1] if super_ else faces[0] == "Q"
    if exploded:
        state.board.remove(hero.pos, token)
        frame["cursor"] -= 1
        events.append(TeleporterExploded.of(at=cell_json(hero.pos)))
        explosion(state, hero.pos, frame["chooser"], events)
        return True
    distance = total("quodd_d6", faces)
    if abilities.has(hero, "teleport_plus2"):
        distance += 2
    options = teleport_destinations(state, hero, distance)
    if not options:
        return False
    state.resolving.remove(frame)
    engine.decide(
        state,
        "teleport",
        frame["chooser"],
        [{"to": cell_json(c)} for c in options],
        hero=hero.seat,
        roll=distance,
    )
    return True


def teleport_destinations(state: State, hero: Hero, distance: int) -> list[Cell]:
    board = state.board
    if board.lit:  # W13 (our ruling): teleports count around beams too
        near = moves.distances_around_beams(state, hero.pos, distance)
        return [c for c in board.cells() if near.get(c, 0) >= 1 and _teleport_ok(state, hero, c)]
    return [
        c
        for c in board.cells()
        if 1 <= manhattan(c, hero.pos) <= distance
        and not board.is_impassable(c)
        and not board.is_wall(c)
        and moves.landing_ok(state, hero, c)  # a hero there is pushed (Landing on Other Heroes)
    ]


def _teleport_ok(state: State, hero: Hero, cell: Cell) -> bool:
    board = state.board
    return (
        not board.is_impassable(cell)
        and not board.is_wall(cell)
        and moves.landing_ok(state, hero, cell)
    )


def h_tunnel(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if not _own_turn_move(state, frame, hero):
        return False  # being pushed onto a tunnel does nothing; only on your own turn
    # an exit under a hero pushes that hero (Landing on Other Heroes), if it can go anywhere
    others = [
        c for c in state.board.find("tunnel") if c != hero.pos and moves.landing_ok(state, hero, c)
    ]
    if not others:
        return False
    state.resolving.remove(frame)
    engine.decide(
        state,
        "tunnel",
        hero.seat,
        [{"to": "stay"}] + [{"to": cell_json(c)} for c in others],
        hero=hero.seat,
        frame=frame,
    )
    return True


def h_connection(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    link = token.get("link")
    board = state.board
    ride = _ride(frame, hero)
    others = [
        c
        for c in board.find("connection")
        if c != hero.pos
        and cell_json(c) not in ride
        and moves.landing_ok(state, hero, c)
        and any(t.kind == "connection" and t.get("link") == link for t in board.at(c))
    ]
    if not others or frame["hops"] >= engine.MAX_HOPS:
        return False
    if len(others) == 1:
        move_through_connection(state, frame, hero, others[0], events)
        return True
    state.resolving.remove(frame)
    engine.decide(
        state,
        "connection",
        frame["chooser"],
        [{"to": cell_json(c)} for c in others],
        hero=hero.seat,
        frame=frame,
    )
    return True


def move_through_connection(
    state: State, frame: dict, hero: Hero, dest: Cell, events: Events
) -> None:
    origin = hero.pos
    ride = _ride(frame, hero) + [cell_json(dest)]
    if state.hero_at(dest) not in (None, hero):
        # coming up beneath a hero pushes it, as a jump landing does (Landing on Other Heroes)
        if state.resolving and state.resolving[-1] is frame:
            state.resolving.pop()
        engine.land_jump(
            state,
            hero,
            dest,
            chooser=frame["chooser"],
            own=frame["own"],
            events=events,
            origin=origin,
            kind="connected",
            skip=("connection",),
            hops=frame["hops"] + 1,
            ride=ride,
        )
        return
    frame["ride"] = ride
    engine.place_hero(state, hero, dest)
    events.append(
        Connected.of(fields={"hero": hero.seat, "from": cell_json(origin), "to": cell_json(dest)})
    )
    engine.relocate(frame, hero, skip=("connection",))


def h_q_token(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if not _own_turn_move(state, frame, hero):
        return False
    options = effects.q_power_options(state, hero, [])
    engine.decide(state, "q_token", hero.seat, [{"power": "skip"}] + options, used=[])
    return True


def h_rearrange(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if not _own_turn_move(state, frame, hero):
        return False
    engine.effect(state, hero.seat, "rearrange", optional=1)
    return True


def h_secret(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    hidden = token.get("hidden", "explore")
    if hidden == "bomb":  # Bomb token (L396): it explodes around the hero who revealed it
        state.board.remove(hero.pos, token)
        frame["cursor"] -= 1
        events.append(SecretRevealed.of(at=cell_json(hero.pos), kind=hidden, reveals=True))
        explosion(state, hero.pos, frame["chooser"], events)
        return True
    new = Token.make(hidden)
    state.board.replace(hero.pos, token, new)
    events.append(SecretRevealed.of(at=cell_json(hero.pos), kind=hidden, reveals=True))
    if hidden == "pit":
        engine.relocate(frame, hero)
        frame["hops"] -= 1
    else:
        frame["cursor"] -= 1  # the revealed token activates now
    return True


HANDLERS = {
    "crystal": h_crystal,
    "drop_zone": h_drop_zone,
    "rally": h_rally,
    "character": h_character,
    "explore": h_reveal,
    "food": h_reveal,
    "item": h_reveal,
    "pet": h_reveal,
    "rune": h_reveal,
    "upgrade": h_reveal,
    "treasure": h_reveal,
    "switch": h_switch,
    "rotate_switch": h_rotate,
    "rotate_board": h_rotate,
    "current": h_current,
    "whirlpool": h_whirlpool,
    "spring": h_spring,
    "super_spring": h_spring,
    "teleporter": h_teleporter,
    "super_teleporter": h_teleporter,
    "tunnel": h_tunnel,
    "connection": h_connection,
    "q_token": h_q_token,
    "rearrange": h_rearrange,
    "secret": h_secret,
}


# ---------------------------------------------------------------------------------------
# explosions, rotation, forced moves
# ---------------------------------------------------------------------------------------


def explosion(state: State, centre: Cell, chooser: int, events: Events) -> None:
    """A basic explosion triggered by a hero (B13: teleporter Q, Jump Shockwave): see
    :func:`riotsim.games.quodd.bombs.explode`."""
    from riotsim.games.quodd import bombs

    bombs.explode(state, centre, chooser, events)


def rotate_section(state: State, index: int, spin: str, events: Events) -> None:
    turns = engine.SPIN[spin]
    mapping = state.board.rotate_section(index, turns)
    for hero in state.heroes:
        if hero.pos in mapping:
            hero.pos = mapping[hero.pos]
            hero.cube = hero.cube.spin(turns)
    for frame in state.resolving:
        if frame["type"] == "arrive":
            frame["at"] = cell_json(state.heroes[frame["hero"]].pos)
    events.append(BoardRotated.of(section=index, spin=spin))


def forced_tumble(state: State, hero: Hero, direction: str, chooser: int, events: Events) -> None:
    """Queue a tumble forced on a hero outside its own movement (earthquake): no skill
    activates (FAQ). A diagonal is tumbled as two single tumbles, north/south first, skipping a
    blocked part (FAQ); each part is a step whose board elements resolve before the next part
    (Phase 2: elements act at every step). A fall into a pit cancels what is left."""
    parts = list(split_diagonal(direction))
    engine.effect(state, chooser, "forced_tumble", hero=hero.seat, parts=parts)


def forced_tumble_step(
    state: State, hero: Hero, parts: list[str], chooser: int, events: Events
) -> None:
    """Tumble the first open part of a forced tumble now; queue its square and the rest."""
    while parts:
        part = parts.pop(0)
        dest = step(hero.pos, part)
        if not moves.can_enter(state, hero, dest, hero.pos) or state.hero_at(dest) is not None:
            continue  # blocked (heroes are not pushed by a forced tumble): try the other part
        origin = hero.pos
        before = hero.cube.top
        hero.pos = dest
        hero.cube = hero.cube.tumble(part)
        events.append(
            Tumbled.of(
                fields={
                    "hero": hero.seat,
                    "from": cell_json(origin),
                    "to": cell_json(dest),
                    "direction": part,
                    "top": hero.cube.top,
                    "from_top": before,
                    "cube": list(hero.cube.as_tuple()),
                }
            )
        )
        if parts:
            engine.effect(state, chooser, "forced_tumble", hero=hero.seat, parts=parts)
        engine.arrival(state, hero, chooser=chooser, own=False)
        return


def front_first(heroes: list[Hero], direction: str) -> list[Hero]:
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}.get(
        direction,
        {"NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}.get(direction, (0, 0)),
    )
    return sorted(heroes, key=lambda h: -(h.pos[0] * dx + h.pos[1] * dy))


def slide_all(state: State, direction: str, chooser: int, events: Events) -> None:
    for hero in front_first(list(state.heroes), direction):
        dest = moves.slide_destination(state, hero, direction)
        if dest is None:
            continue
        origin = hero.pos
        engine.place_hero(state, hero, dest)
        events.append(
            Slid.of(
                fields={
                    "hero": hero.seat,
                    "from": cell_json(origin),
                    "to": cell_json(dest),
                    "direction": direction,
                }
            )
        )
        engine.arrival(state, hero, chooser=chooser, own=False)
