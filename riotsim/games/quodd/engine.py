"""The Quodd rules engine: turn phases, movement, board elements, cards and Q-Powers.

Everything that happens while a hero moves is resolved through a small stack of *frames* in
``state.resolving``: an ``arrive`` frame walks the tokens of the square a hero reached (in
priority order: pick-ups, then elements that move or turn the hero), ``effect`` frames carry
out card, upgrade and Q-Power effects, ``drop``/``respawn`` frames handle pits. A frame that
needs a choice pushes a :class:`Decision`; the answer (a ``choose`` action) resumes it. When the
stack is empty the turn advances: a finished tumble activates the new top face, a finished
skill ends the movement phase, and so on.
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Decision, Event, IllegalAction
from riotsim.core.dice import roll, total
from riotsim.games.quodd import abilities, catalog, moves
from riotsim.games.quodd.board import PLACEABLE_KINDS, Token
from riotsim.games.quodd.cube import SKILL_FACES, Cube
from riotsim.games.quodd.directions import (
    ALL,
    DIAGONAL,
    ORTHOGONAL,
    Cell,
    chebyshev,
    direction_between,
    manhattan,
    split_diagonal,
    step,
)
from riotsim.games.quodd.state import Hero, State, Turn

MAX_HOPS = 40  # currents that loop forever stop carrying a hero after this many pushes
DESTROYABLE = PLACEABLE_KINDS - {"wall", "broken_wall"}
SPIN = {"cw": 1, "ccw": -1}

Events = list[Event]


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------


def _pos(cell: Cell) -> list[int]:
    return [cell[0], cell[1]]


def _cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


def decide(state: State, what: str, seat: int, options: list[dict[str, Any]], **data: Any) -> None:
    """Ask ``seat`` to choose one of ``options`` (each becomes a ``choose`` action)."""
    state.pending.append(Decision(what, seat, {"options": options, **data}))


def push_frame(state: State, frame: dict[str, Any]) -> None:
    state.resolving.append(frame)


def arrival(state: State, hero: Hero, chooser: int, own: bool, skip: tuple[str, ...] = ()) -> None:
    """Queue the resolution of the square ``hero`` just reached."""
    push_frame(
        state,
        {
            "type": "arrive",
            "hero": hero.seat,
            "chooser": chooser,
            "own": own,
            "cursor": 0,
            "fresh": True,
            "hops": 0,
            "skip": list(skip),
        },
    )


def effect(state: State, seat: int, do: str, **params: Any) -> None:
    push_frame(state, {"type": "effect", "seat": seat, "do": do, **params})


def moving_hero(state: State) -> Hero | None:
    """The hero whose movement (or card move) is under way, if any."""
    if state.phase == "movement":
        return state.current
    return None


def place_hero(state: State, hero: Hero, cell: Cell) -> None:
    hero.pos = cell


def draw_card(state: State, events: Events) -> str | None:
    if not state.deck and state.discard:
        state.deck = list(state.discard)
        state.discard = []
        state.rng.shuffle(state.deck)
        events.append(Event("deck_shuffled", {"cards": len(state.deck)}, reveals=True))
    if not state.deck:
        return None
    return state.deck.pop(0)


def refill_lineup(state: State, events: Events) -> None:
    while len(state.lineup) < abilities.LINEUP_SIZE:
        card = draw_card(state, events)
        if card is None:
            return
        state.lineup.append(card)
        events.append(Event("lineup_card", {"card": card}, reveals=True))


def take_card(state: State, hero: Hero, src: str, index: int, events: Events) -> None:
    """Explore one card from the lineup (``index``) or the top of the deck."""
    if src == "lineup":
        if not 0 <= index < len(state.lineup):
            raise IllegalAction("there is no such card in the lineup")
        card = state.lineup.pop(index)
        hero.hand.append(card)
        events.append(Event("card_explored", {"seat": hero.seat, "card": card, "from": "lineup"}))
        return
    card = draw_card(state, events)
    if card is None:
        events.append(Event("deck_empty", {}))
        return
    hero.hand.append(card)
    events.append(
        Event(
            "card_explored",
            {"seat": hero.seat, "card": card, "from": "deck"},
            seat=hero.seat,
            reveals=True,
        )
    )


def explore_options(state: State) -> list[dict[str, Any]]:
    options: list[dict[str, Any]] = [{"src": "lineup", "i": i} for i in range(len(state.lineup))]
    if state.deck or state.discard:
        options.append({"src": "deck"})
    return options


def explore_type(state: State, hero: Hero, kind: str, events: Events) -> None:
    """Explore a card of one type: the lineup if it has one (hero's choice), else the deck."""
    cards = catalog.cards()
    in_lineup = [i for i, c in enumerate(state.lineup) if cards[c].type == kind]
    if in_lineup:
        if len(in_lineup) == 1:
            take_card(state, hero, "lineup", in_lineup[0], events)
        else:
            decide(state, "explore_type", hero.seat, [{"src": "lineup", "i": i} for i in in_lineup])
        return
    revealed = []
    while True:
        card = draw_card(state, events)
        if card is None:
            break
        if cards[card].type == kind:
            hero.hand.append(card)
            events.append(
                Event(
                    "card_explored", {"seat": hero.seat, "card": card, "from": "deck"}, reveals=True
                )
            )
            break
        revealed.append(card)
        state.discard.append(card)
    if revealed:
        events.append(Event("cards_discarded", {"cards": revealed}, reveals=True))


# ---------------------------------------------------------------------------------------
# turn flow
# ---------------------------------------------------------------------------------------


def start_turn(state: State, events: Events) -> None:
    hero = state.current
    state.phase = "powerup"
    state.turn = Turn(walled_at_start=moves.walled_in(state, hero))
    events.append(Event("turn_started", {"seat": hero.seat, "round": state.round}))


def begin_movement(state: State, events: Events) -> None:
    state.phase = "movement"
    turn = state.turn
    hero = state.current
    turn.stage = "natural"
    if moves.walled_in(state, hero):
        # FAQ: walled in at the start of movement -> respawn; if you walled yourself in during
        # Power-Up, the respawn ends your movement.
        events.append(Event("walled_in", {"hero": hero.seat, "at": _pos(hero.pos)}))
        turn.stage = "natural" if turn.walled_at_start else "done"
        push_frame(state, {"type": "respawn", "hero": hero.seat, "from": _pos(hero.pos)})


def end_movement(state: State, events: Events) -> None:
    turn = state.turn
    if turn.free_move:
        state.phase = turn.return_phase
        turn.free_move = False
        turn.skill = None
        turn.stage = "natural" if turn.return_phase == "powerup" else "over"
        events.append(Event("card_move_ended", {"hero": state.active}))
        return
    turn.stage = "over"
    turn.skill = None
    state.phase = "recovery"
    events.append(Event("movement_ended", {"hero": state.active}))


def begin_exploration(state: State, events: Events) -> None:
    state.phase = "explore"
    state.turn.explores_left = abilities.explore_count(state.current)
    finish_exploration_if_done(state, events)


def finish_exploration_if_done(state: State, events: Events) -> None:
    if state.turn.explores_left > 0 and explore_options(state):
        return
    refill_lineup(state, events)
    if len(state.current.hand) > abilities.HAND_LIMIT:
        state.phase = "discard"
    else:
        end_turn(state, events)


def end_turn(state: State, events: Events) -> None:
    from riotsim.games.quodd import scenario as scen

    events.append(Event("turn_ended", {"seat": state.active}))
    if scen.check_objective(state, events):
        return
    n = len(state.heroes)
    nxt = (state.active + 1) % n
    if nxt == state.first:
        end_round(state, events)
    else:
        state.active = nxt
        start_turn(state, events)


# Board upkeep hooks in rulebook order; later issues register bombs, platforms, beams, sheep.
UPKEEP_ORDER = ("bombs", "platforms", "beams", "sheep")
UPKEEP: dict[str, Any] = {}


def end_round(state: State, events: Events) -> None:
    from riotsim.games.quodd import scenario as scen

    for name in UPKEEP_ORDER:
        handler = UPKEEP.get(name)
        if handler is not None:
            handler(state, events)
    events.append(Event("round_ended", {"round": state.round}))
    if state.round_limit and state.round >= state.round_limit:
        scen.time_up(state, events)
        return
    n = len(state.heroes)
    state.upgrading = [
        (state.first + i) % n
        for i in range(n)
        if abilities.can_upgrade(state.heroes[(state.first + i) % n])
    ]
    state.phase = "upgrade"
    next_round_if_ready(state, events)


def next_round_if_ready(state: State, events: Events) -> None:
    if state.upgrading or state.resolving or state.pending:
        return
    from riotsim.games.quodd import scenario as scen

    n = len(state.heroes)
    state.first = (state.first + 1) % n
    state.round += 1
    state.active = state.first
    events.append(Event("first_player", {"seat": state.first, "round": state.round}))
    scen.update_hint(state)
    start_turn(state, events)


# ---------------------------------------------------------------------------------------
# skills
# ---------------------------------------------------------------------------------------


def activate_top(state: State, events: Events) -> None:
    """Activate the face now on top: a skill not yet used this turn, or the Q-Powers."""
    hero = state.current
    turn = state.turn
    turn.direction = None
    turn.steps = 0
    turn.last_dir = None
    if hero.cube.top == "q":
        turn.skill = "q"
        turn.stage = "q"
        turn.q_used = []
        events.append(Event("skill_activated", {"hero": hero.seat, "skill": "q"}))
        return
    skill = hero.skills[hero.cube.top]
    if skill in turn.used:
        events.append(Event("skill_spent", {"hero": hero.seat, "skill": skill}))
        turn.skill = None
        turn.stage = "done"
        return
    turn.used.append(skill)
    turn.skill = skill
    turn.remaining = abilities.skill_distance(hero, turn, skill)
    turn.stage = "skill"
    events.append(
        Event("skill_activated", {"hero": hero.seat, "skill": skill, "distance": turn.remaining})
    )


def finish_skill(state: State, events: Events) -> None:
    turn = state.turn
    hero = state.current
    skill = turn.skill
    moved = turn.steps > 0
    events.append(Event("skill_finished", {"hero": hero.seat, "skill": skill, "steps": turn.steps}))
    if turn.free_move:
        turn.stage = "done"
        return
    turn.stage = "activate" if skill == "tumble" and moved else "done"
    # Tumble Spring: a spring appears under the hero and throws it before the top acts
    if (
        skill == "tumble"
        and moved
        and abilities.has(hero, "tumble_spring")
        and moves.token_placeable(state, hero.pos, "spring", allow_hero=True)
    ):
        state.board.add(hero.pos, Token.make("spring"))
        events.append(
            Event("token_placed", {"kind": "spring", "at": _pos(hero.pos), "by": hero.seat})
        )
        arrival(state, hero, chooser=hero.seat, own=True)
    if skill in hero.upgraded and moved:
        # A gold skill tile lets you explore straight after moving with it.
        effect(state, hero.seat, "explore", n=1)


def step_cost(state: State, hero: Hero, direction: str) -> int:
    """Freeze-O-Tron: on water, carrying on in a straight line over water costs nothing."""
    turn = state.turn
    dest = step(hero.pos, direction)
    ground = state.board.ground
    if (
        abilities.passive_count(hero, "freeze")
        and turn.last_dir == direction
        and ground.get(hero.pos) == "water"
        and ground.get(dest) == "water"
    ):
        return 0
    return 1


def free_step_left(state: State) -> bool:
    turn = state.turn
    hero = state.current
    if turn.skill in (None, "jump", "q") or turn.last_dir is None:
        return False
    return step_cost(state, hero, turn.last_dir) == 0 and moves.step_ok(state, hero, turn.last_dir)


def advance(state: State, events: Events) -> bool:
    """Move the turn on once every frame is resolved. Returns True if something changed."""
    if state.phase != "movement":
        if state.phase == "upgrade":
            before = state.round
            next_round_if_ready(state, events)
            return state.round != before
        return False
    turn = state.turn
    if turn.stage == "activate":
        activate_top(state, events)
        return True
    if turn.stage == "skill" and turn.remaining <= 0 and not free_step_left(state):
        finish_skill(state, events)
        return True
    if turn.stage == "done":
        end_movement(state, events)
        return True
    return False


def settle(state: State, events: Events) -> None:
    """Resolve frames until a decision is needed or nothing is left, then advance the turn."""
    from riotsim.games.quodd import scenario as scen

    guard = 0
    while not state.pending and state.phase != "over":
        guard += 1
        if guard > 10_000:
            raise RuntimeError("quodd rules did not settle")
        if state.resolving:
            process_frame(state, events)
            continue
        if scen.check_objective(state, events):
            return
        if not advance(state, events):
            return


# ---------------------------------------------------------------------------------------
# moving
# ---------------------------------------------------------------------------------------


def push_victim(state: State, mover: Hero, victim: Hero, direction: str, events: Events) -> None:
    """Push ``victim`` one square onwards; the pusher makes its element choices."""
    target = step(victim.pos, direction)
    if not moves.can_enter(state, victim, target, victim.pos) or state.hero_at(target):
        raise IllegalAction(f"{victim.name} cannot be pushed {direction}")
    origin = victim.pos
    place_hero(state, victim, target)
    events.append(
        Event(
            "pushed",
            {
                "hero": victim.seat,
                "by": mover.seat,
                "from": _pos(origin),
                "to": _pos(target),
                "direction": direction,
            },
        )
    )
    arrival(state, victim, chooser=mover.seat, own=False)


def leave_token(state: State, hero: Hero, origin: Cell, kind: str, events: Events) -> None:
    if kind == "wall" and not abilities.has(hero, "wall_builder"):
        raise IllegalAction("you have no Wall Builder upgrade")
    if kind == "pit" and not abilities.has(hero, "trench_digger"):
        raise IllegalAction("you have no Trench Digger upgrade")
    if not moves.token_placeable(state, origin, kind, allow_hero=True):
        raise IllegalAction(f"a {kind} cannot be left on that square")
    state.board.add(origin, Token.make(kind))
    events.append(Event("token_placed", {"kind": kind, "at": _pos(origin), "by": hero.seat}))


def one_step(
    state: State,
    hero: Hero,
    direction: str,
    *,
    tumble: bool,
    own: bool,
    chooser: int,
    events: Events,
) -> None:
    """Move one square (stepping or tumbling), pushing a hero in the way, and queue elements."""
    origin = hero.pos
    dest = step(origin, direction)
    if (
        state.board.is_wall(dest)
        and abilities.has(hero, "crush")
        and not state.board.is_wall(origin)
    ):
        wall = state.board.first(dest, "wall")
        assert wall is not None
        state.board.replace(dest, wall, Token.make("broken_wall"))
        events.append(Event("wall_broken", {"at": _pos(dest), "by": hero.seat}))
    victim = state.hero_at(dest)
    # The mover's square is resolved after the pushed hero's (frames are a stack).
    place_hero(state, hero, dest)
    if tumble:
        before = hero.cube
        hero.cube = hero.cube.tumble(direction)
        events.append(
            Event(
                "tumbled",
                {
                    "hero": hero.seat,
                    "from": _pos(origin),
                    "to": _pos(dest),
                    "direction": direction,
                    "top": hero.cube.top,
                    "from_top": before.top,
                },
            )
        )
    else:
        events.append(
            Event(
                "moved",
                {"hero": hero.seat, "from": _pos(origin), "to": _pos(dest), "direction": direction},
            )
        )
    arrival(state, hero, chooser=chooser, own=own)
    if victim is not None and victim is not hero:
        push_victim(state, hero, victim, direction, events)


def land_jump(
    state: State,
    hero: Hero,
    land: Cell,
    *,
    chooser: int,
    own: bool,
    events: Events,
    origin: Cell,
    kind: str = "jumped",
) -> None:
    """Finish a jump on ``land``: bump a hero found there, or let a rooted one redirect us."""
    victim = state.hero_at(land)
    if victim is not None and victim is not hero and abilities.rooted(victim):
        options = [{"at": _pos(c)} for c in moves.rooted_landings(state, hero, land)]
        push_frame(
            state,
            {
                "type": "land",
                "hero": hero.seat,
                "chooser": chooser,
                "own": own,
                "origin": _pos(origin),
                "kind": kind,
            },
        )
        decide(state, "rooted_landing", victim.seat, options, hero=hero.seat)
        return
    dirs: list[str] = []
    if victim is not None and victim is not hero:
        dirs = moves.bump_directions(state, victim)
        if len(dirs) > 1:
            # the jumper waits in the air until its controller picks where the hero goes
            push_frame(
                state,
                {
                    "type": "land",
                    "hero": hero.seat,
                    "chooser": chooser,
                    "own": own,
                    "origin": _pos(origin),
                    "kind": kind,
                },
            )
            options = [{"dir": d} for d in dirs]
            decide(state, "bump", chooser, options, victim=victim.seat, jumper=hero.seat)
            return
    place_hero(state, hero, land)
    events.append(Event(kind, {"hero": hero.seat, "from": _pos(origin), "to": _pos(land)}))
    arrival(state, hero, chooser=chooser, own=own)
    if victim is not None and victim is not hero and dirs:
        bump(state, hero, victim, dirs[0], chooser, events)


def bump(
    state: State, jumper: Hero, victim: Hero, direction: str, chooser: int, events: Events
) -> None:
    target = step(victim.pos, direction)
    origin = victim.pos
    place_hero(state, victim, target)
    events.append(
        Event(
            "pushed",
            {
                "hero": victim.seat,
                "by": jumper.seat,
                "from": _pos(origin),
                "to": _pos(target),
                "direction": direction,
            },
        )
    )
    arrival(state, victim, chooser=chooser, own=False)


# ---------------------------------------------------------------------------------------
# pits and respawning
# ---------------------------------------------------------------------------------------


def fall(state: State, hero: Hero, events: Events) -> None:
    events.append(Event("fell", {"hero": hero.seat, "at": _pos(hero.pos)}))
    if state.phase == "movement" and hero.seat == state.active:
        state.turn.stage = "done"
        state.turn.remaining = 0
    push_frame(state, {"type": "respawn", "hero": hero.seat, "from": _pos(hero.pos)})
    if hero.carrying:
        push_frame(state, {"type": "drop", "hero": hero.seat, "from": _pos(hero.pos)})


def drop_spots(state: State, around: Cell) -> list[Cell]:
    board = state.board
    out = []
    for d in ALL:
        c = step(around, d)
        if not board.on_board(c) or board.is_pit(c) or board.is_wall(c) or board.is_impassable(c):
            continue
        if board.has(c, "crystal") or state.hero_at(c) is not None:
            continue
        out.append(c)
    return out


def respawn_points(state: State, hero: Hero, origin: Cell) -> list[Cell]:
    """The nearest safe respawn points, never ahead of ``origin`` in a race."""
    from riotsim.games.quodd import scenario as scen

    board = state.board
    points = board.find("respawn") or board.find("start")
    if not points:
        # a board without respawn points (test positions): the nearest solid ground
        points = [
            c
            for c in board.cells()
            if not board.is_pit(c) and not board.is_wall(c) and not board.is_impassable(c)
        ]
    safe = [
        p
        for p in points
        if any(board.on_board(step(p, d)) and not board.is_pit(step(p, d)) for d in ORTHOGONAL)
    ] or points
    target = scen.next_target(state, hero)
    if target is not None:
        behind = [p for p in safe if manhattan(p, target) >= manhattan(origin, target)]
        safe = behind or safe
    if not safe:
        return []
    best = min(manhattan(p, origin) for p in safe)
    return [p for p in safe if manhattan(p, origin) == best]


def respawn_at(state: State, hero: Hero, point: Cell, events: Events) -> None:
    other = state.hero_at(point)
    if other is not None and other is not hero:
        spots = [c for c in drop_spots(state, point) if not state.board.is_pit(c)]
        if spots:
            decide(
                state, "respawn_beside", hero.seat, [{"at": _pos(c)} for c in spots], hero=hero.seat
            )
            return
    finish_respawn(state, hero, point, events)


def finish_respawn(state: State, hero: Hero, cell: Cell, events: Events) -> None:
    origin = hero.pos
    hero.pos = cell
    hero.cube = Cube.start(hero.facing)
    events.append(
        Event("respawned", {"hero": hero.seat, "from": _pos(origin), "to": _pos(cell), "top": "q"})
    )


# ---------------------------------------------------------------------------------------
# frames
# ---------------------------------------------------------------------------------------


def process_frame(state: State, events: Events) -> None:
    frame = state.resolving[-1]
    kind = frame["type"]
    if kind == "arrive":
        process_arrival(state, frame, events)
    elif kind == "effect":
        state.resolving.pop()
        run_effect(state, frame, events)
    elif kind == "drop":
        hero = state.heroes[frame["hero"]]
        if not hero.carrying:
            state.resolving.pop()
            return
        spots = drop_spots(state, _cell(frame["from"]))
        if not spots:
            lost = list(hero.carrying)
            hero.carrying.clear()
            events.append(Event("collectibles_lost", {"hero": hero.seat, "items": lost}))
            state.resolving.pop()
            return
        decide(state, "drop", hero.seat, [{"at": _pos(c)} for c in spots], item=hero.carrying[-1])
    elif kind == "respawn":
        state.resolving.pop()
        hero = state.heroes[frame["hero"]]
        points = respawn_points(state, hero, _cell(frame["from"]))
        if not points:
            events.append(Event("no_respawn", {"hero": hero.seat}))
            return
        if len(points) == 1:
            respawn_at(state, hero, points[0], events)
        else:
            decide(state, "respawn", hero.seat, [{"at": _pos(p)} for p in points], hero=hero.seat)
    elif kind == "setup":
        if frame["place"]:
            seat = frame["place"].pop(0)
            placed = {tuple(state.heroes[p].pos) for p in frame["placed"]}
            frame["placed"].append(seat)
            options = [{"at": _pos(c)} for c in state.board.find("start") if c not in placed]
            decide(state, "start_square", seat, options)
        elif frame["arrange"]:
            seat = frame["arrange"].pop(0)
            decide(state, "rearrange", seat, rearrange_options(state.heroes[seat]))
        else:
            state.resolving.pop()
            state.turn.walled_at_start = moves.walled_in(state, state.current)
    elif kind == "impulse":
        seats = frame["seats"]
        while seats and not impulse_cards(state.heroes[seats[0]]):
            seats.pop(0)
        if not seats:
            state.resolving.pop()
            return
        seat = seats[0]
        options = [{"card": "pass"}] + [{"card": c} for c in impulse_cards(state.heroes[seat])]
        decide(state, "impulse", seat, options)
    elif kind == "land":
        raise RuntimeError("land frames wait for a rooted_landing decision")
    else:
        raise RuntimeError(f"unknown frame {kind}")


def process_arrival(state: State, frame: dict[str, Any], events: Events) -> None:
    hero = state.heroes[frame["hero"]]
    board = state.board
    if frame["fresh"] and not frame.get("offered") and _steal_first(state, frame, hero):
        return
    if frame["fresh"]:
        frame["fresh"] = False
        frame.pop("offered", None)
        frame["at"] = _pos(hero.pos)
        if board.is_pit(hero.pos):
            state.resolving.pop()
            fall(state, hero, events)
            return
    if frame["at"] != _pos(hero.pos):
        # The hero was moved by something else meanwhile (a rotated board keeps tokens with
        # it, so only a real move lands here): resolve the new square from the start.
        relocate(frame, hero)
        return
    tokens = board.at(hero.pos)
    while frame["cursor"] < len(tokens):
        token = tokens[frame["cursor"]]
        frame["cursor"] += 1
        if token.kind in frame["skip"]:
            continue
        handler = HANDLERS.get(token.kind)
        if handler is not None and handler(state, frame, hero, token, events):
            return
        tokens = board.at(hero.pos)
    if state.resolving and state.resolving[-1] is frame:
        state.resolving.pop()
    else:
        state.resolving.remove(frame)


def steal_options(state: State, hero: Hero) -> list[dict[str, Any]]:
    """Collectibles ``hero`` may steal now: from adjacent heroes (diagonals count), once each."""
    out = []
    for other in state.heroes:
        if other is hero or other.seat in state.turn.stolen_from:
            continue
        if chebyshev(other.pos, hero.pos) != 1:
            continue
        for item in sorted(set(other.carrying)):
            if abilities.has(other, "flame_grip"):
                # Flame Grip: a thief must first discard a card
                out.extend(
                    {"from": other.seat, "item": item, "pay": c} for c in sorted(set(hero.hand))
                )
            else:
                out.append({"from": other.seat, "item": item})
    return out


def steal(
    state: State, hero: Hero, victim_seat: int, item: str, events: Events, pay: str | None = None
) -> None:
    victim = state.heroes[victim_seat]
    if pay is not None:
        hero.hand.remove(pay)
        state.discard.append(pay)
        events.append(Event("card_discarded", {"seat": hero.seat, "card": pay}))
    victim.carrying.remove(item)
    hero.carrying.append(item)
    state.turn.stolen_from.append(victim.seat)
    events.append(Event("stolen", {"hero": hero.seat, "from": victim.seat, "item": item}))
    if abilities.has(hero, "good_fortune"):
        effect(state, hero.seat, "explore_deck", n=1)


def _steal_first(state: State, frame: dict[str, Any], hero: Hero) -> bool:
    """Movement priority: stealing comes before the square's board elements act."""
    if not _own_turn_move(state, frame, hero) or state.turn.free_move:
        return False
    board = state.board
    acts = board.is_pit(hero.pos) or any(t.kind in HANDLERS for t in board.at(hero.pos))
    if not acts:
        return False
    options = steal_options(state, hero)
    if not options:
        return False
    frame["offered"] = True
    decide(state, "steal_first", hero.seat, [{"item": "none"}] + options)
    return True


def relocate(frame: dict[str, Any], hero: Hero, skip: tuple[str, ...] = ()) -> None:
    """The hero was moved by an element: resolve its new square from the first token."""
    frame["cursor"] = 0
    frame["fresh"] = True
    frame["hops"] += 1
    frame["skip"] = list(skip)
    frame["at"] = _pos(hero.pos)


def _may_flow(state: State, hero: Hero) -> bool:
    return abilities.has(hero, "flow") and state.board.ground.get(hero.pos) == "water"


def _own_turn_move(state: State, frame: dict[str, Any], hero: Hero) -> bool:
    return bool(frame["own"]) and hero.seat == state.active and state.phase == "movement"


def h_crystal(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    state.board.remove(hero.pos, token)
    frame["cursor"] -= 1
    item = f"crystal:{token.get('colour', 'white')}"
    hero.carrying.append(item)
    events.append(Event("collected", {"hero": hero.seat, "item": item, "at": _pos(hero.pos)}))
    return False


def h_drop_zone(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    crystals = [c for c in hero.carrying if c.startswith("crystal")]
    if crystals:
        hero.carrying = [c for c in hero.carrying if not c.startswith("crystal")]
        hero.delivered += len(crystals)
        events.append(
            Event("delivered", {"hero": hero.seat, "items": crystals, "total": hero.delivered})
        )
    return False


def h_rally(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if token.get("number", 0) == hero.rally + 1:
        hero.rally += 1
        events.append(Event("rally_reached", {"hero": hero.seat, "number": hero.rally}))
    return False


def h_character(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    state.board.remove(hero.pos, token)
    frame["cursor"] -= 1
    hero.characters += 1
    events.append(
        Event("collected", {"hero": hero.seat, "item": "character", "at": _pos(hero.pos)})
    )
    return False


def h_reveal(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    """Explore/food/item/pet/rune/upgrade/treasure tokens are taken and used at once."""
    state.board.remove(hero.pos, token)
    frame["cursor"] -= 1
    events.append(
        Event("token_taken", {"hero": hero.seat, "kind": token.kind, "at": _pos(hero.pos)})
    )
    if token.kind == "treasure":
        hero.treasure += 1
        return False
    if token.kind == "explore":
        effect(state, hero.seat, "explore", n=1)
    elif token.kind == "upgrade":
        effect(state, hero.seat, "choose_upgrade")
    else:
        effect(state, hero.seat, "explore_type", kind=token.kind)
    return True


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
        events.append(Event("impassable_switched", {"walls": lowered}))
    events.append(
        Event(
            "switched",
            {
                "at": _pos(hero.pos),
                "colour": colour,
                "doors": [[c[0], c[1], o] for c, o in flipped],
            },
        )
    )
    for cell, opened in flipped:
        if not opened:
            continue
        for crystal in [t for t in board.at(cell) if t.kind == "crystal"]:
            board.remove(cell, crystal)
            events.append(Event("crystal_lost", {"at": _pos(cell)}))
        victim = state.hero_at(cell)
        if victim is not None:
            arrival(state, victim, chooser=frame["chooser"], own=False)
            return True
    return False


def h_rotate(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    index = state.board.section_index(hero.pos)
    if index is None or state.board.sections[index].width != state.board.sections[index].height:
        return False
    if token.kind == "rotate_board":
        state.board.remove(hero.pos, token)
        frame["cursor"] -= 1
    decide(
        state, "rotate_section", frame["chooser"], [{"spin": "cw"}, {"spin": "ccw"}], section=index
    )
    return True


def h_current(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if _may_flow(state, hero) or frame["hops"] >= MAX_HOPS:
        return False
    direction = token.get("direction", "N")
    dest = step(hero.pos, direction)
    if not moves.can_enter(state, hero, dest, hero.pos) or state.hero_at(dest) is not None:
        return False
    origin = hero.pos
    place_hero(state, hero, dest)
    events.append(
        Event(
            "carried",
            {"hero": hero.seat, "from": _pos(origin), "to": _pos(dest), "direction": direction},
        )
    )
    relocate(frame, hero)
    return True


def h_whirlpool(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if _may_flow(state, hero):
        return False
    decide(state, "whirlpool", frame["chooser"], [{"spin": "cw"}, {"spin": "ccw"}], hero=hero.seat)
    return True


def h_spring(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    over = 2 if token.kind == "super_spring" else 1
    dirs = [d for d in ORTHOGONAL if moves.jump_ok(state, hero, d, over)]
    if not dirs:
        events.append(Event("spring_blocked", {"hero": hero.seat, "at": _pos(hero.pos)}))
        return False
    state.resolving.remove(frame)
    decide(
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
    super_ = token.kind == "super_teleporter"
    faces = roll(state.rng, "quodd_d6", 2 if super_ else 1)
    events.append(
        Event("dice_rolled", {"die": "quodd_d6", "faces": faces, "hero": hero.seat}, reveals=True)
    )
    exploded = faces[0] == faces[1] if super_ else faces[0] == "Q"
    if _own_turn_move(state, frame, hero) and not abilities.has(hero, "teleport_mastery"):
        state.turn.stage = "done"
        state.turn.remaining = 0
    if exploded:
        state.board.remove(hero.pos, token)
        frame["cursor"] -= 1
        events.append(Event("teleporter_exploded", {"at": _pos(hero.pos)}))
        explosion(state, hero.pos, frame["chooser"], events)
        return True
    distance = total("quodd_d6", faces)
    if abilities.has(hero, "teleport_plus2"):
        distance += 2
    options = teleport_destinations(state, hero, distance)
    if not options:
        return False
    state.resolving.remove(frame)
    decide(
        state,
        "teleport",
        frame["chooser"],
        [{"to": _pos(c)} for c in options],
        hero=hero.seat,
        roll=distance,
    )
    return True


def teleport_destinations(state: State, hero: Hero, distance: int) -> list[Cell]:
    board = state.board
    return [
        c
        for c in board.cells()
        if 1 <= manhattan(c, hero.pos) <= distance
        and not board.is_impassable(c)
        and not board.is_wall(c)
        and state.hero_at(c) is None
    ]


def h_tunnel(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if not _own_turn_move(state, frame, hero):
        return False  # being pushed onto a tunnel does nothing; only on your own turn
    others = [c for c in state.board.find("tunnel") if c != hero.pos and state.hero_at(c) is None]
    if not others:
        return False
    state.resolving.remove(frame)
    decide(
        state,
        "tunnel",
        hero.seat,
        [{"to": "stay"}] + [{"to": _pos(c)} for c in others],
        hero=hero.seat,
        frame=frame,
    )
    return True


def h_connection(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    link = token.get("link")
    board = state.board
    others = [
        c
        for c in board.find("connection")
        if c != hero.pos
        and state.hero_at(c) is None
        and any(t.kind == "connection" and t.get("link") == link for t in board.at(c))
    ]
    if not others or frame["hops"] >= MAX_HOPS:
        return False
    if len(others) == 1:
        move_through_connection(state, frame, hero, others[0], events)
        return True
    state.resolving.remove(frame)
    decide(
        state,
        "connection",
        frame["chooser"],
        [{"to": _pos(c)} for c in others],
        hero=hero.seat,
        frame=frame,
    )
    return True


def move_through_connection(
    state: State, frame: dict, hero: Hero, dest: Cell, events: Events
) -> None:
    origin = hero.pos
    place_hero(state, hero, dest)
    events.append(Event("connected", {"hero": hero.seat, "from": _pos(origin), "to": _pos(dest)}))
    relocate(frame, hero, skip=("connection",))


def h_q_token(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if not _own_turn_move(state, frame, hero):
        return False
    options = q_power_options(state, hero, [])
    decide(state, "q_token", hero.seat, [{"power": "skip"}] + options, used=[])
    return True


def h_rearrange(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    if not _own_turn_move(state, frame, hero):
        return False
    effect(state, hero.seat, "rearrange", optional=1)
    return True


def h_secret(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    hidden = token.get("hidden", "explore")
    new = Token.make(hidden)
    state.board.replace(hero.pos, token, new)
    events.append(Event("secret_revealed", {"at": _pos(hero.pos), "kind": hidden}, reveals=True))
    if hidden == "pit":
        relocate(frame, hero)
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
    """Basic explosion, radius 1: walls break, other tokens go, heroes jump one square away."""
    board = state.board
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            cell = (centre[0] + dx, centre[1] + dy)
            for token in list(board.at(cell)):
                if token.kind == "wall":
                    board.replace(cell, token, Token.make("broken_wall"))
                elif token.kind in DESTROYABLE:
                    board.remove(cell, token)
    events.append(Event("exploded", {"at": _pos(centre)}))
    for hero in sorted(state.heroes, key=lambda h: -chebyshev(h.pos, centre)):
        if hero.pos == centre or chebyshev(hero.pos, centre) != 1:
            continue
        direction = direction_between(centre, hero.pos)
        assert direction is not None
        land = step(hero.pos, direction, 2)
        if board.on_board(land) and not board.is_impassable(land) and state.hero_at(land) is None:
            origin = hero.pos
            place_hero(state, hero, land)
            events.append(
                Event("blasted", {"hero": hero.seat, "from": _pos(origin), "to": _pos(land)})
            )
            arrival(state, hero, chooser=chooser, own=False)


def rotate_section(state: State, index: int, spin: str, events: Events) -> None:
    turns = SPIN[spin]
    mapping = state.board.rotate_section(index, turns)
    for hero in state.heroes:
        if hero.pos in mapping:
            hero.pos = mapping[hero.pos]
            hero.cube = hero.cube.spin(turns)
    for frame in state.resolving:
        if frame["type"] == "arrive":
            frame["at"] = _pos(state.heroes[frame["hero"]].pos)
    events.append(Event("board_rotated", {"section": index, "spin": spin}))


def forced_tumble(state: State, hero: Hero, direction: str, chooser: int, events: Events) -> None:
    """Tumble a hero outside its own movement (earthquake): no skill activates.

    A diagonal is tumbled north/south first, then east/west, skipping a blocked part (FAQ).
    """
    moved = False
    for part in split_diagonal(direction):
        dest = step(hero.pos, part)
        if not moves.can_enter(state, hero, dest, hero.pos) or state.hero_at(dest) is not None:
            continue
        origin = hero.pos
        hero.pos = dest
        hero.cube = hero.cube.tumble(part)
        moved = True
        events.append(
            Event(
                "tumbled",
                {
                    "hero": hero.seat,
                    "from": _pos(origin),
                    "to": _pos(dest),
                    "direction": part,
                    "top": hero.cube.top,
                },
            )
        )
        if state.board.is_pit(dest):
            break
    if moved:
        arrival(state, hero, chooser=chooser, own=False)


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
        place_hero(state, hero, dest)
        events.append(
            Event(
                "slid",
                {"hero": hero.seat, "from": _pos(origin), "to": _pos(dest), "direction": direction},
            )
        )
        arrival(state, hero, chooser=chooser, own=False)


# ---------------------------------------------------------------------------------------
# effects (cards, upgrades, Q-Powers)
# ---------------------------------------------------------------------------------------


def q_power_options(state: State, hero: Hero, used: list[str]) -> list[dict[str, Any]]:
    out = []
    unique = abilities.q_power(state, hero)
    if unique not in used:
        out.append({"power": unique})
    if "rearrange" not in used:
        out.append({"power": "rearrange"})
    if "upgrade" not in used and abilities.has(hero, "q_upgrade") and abilities.can_upgrade(hero):
        out.append({"power": "upgrade"})
    return out


def use_q_power(state: State, hero: Hero, power: str, events: Events) -> None:
    events.append(Event("q_power", {"hero": hero.seat, "power": power}))
    if power == "rearrange":
        effect(state, hero.seat, "rearrange", optional=1)
    elif power == "upgrade":
        effect(state, hero.seat, "choose_upgrade")
    elif power == "place_terrain":
        decide(
            state,
            "terrain_kind",
            hero.seat,
            [{"token": k} for k in ("wall", "broken_wall", "tunnel")],
        )
    elif power == "place_teleporter":
        effect(state, hero.seat, "place", kind="teleporter", range=abilities.Q_RANGE)
    elif power == "earthquake":
        faces = roll(state.rng, "direction")
        events.append(
            Event(
                "dice_rolled", {"die": "direction", "faces": faces, "hero": hero.seat}, reveals=True
            )
        )
        for other in front_first(list(state.heroes), faces[0]):
            forced_tumble(state, other, faces[0], hero.seat, events)
    elif power == "rotate_board":
        effect(state, hero.seat, "rotate_board")
    elif power == "copy_q":
        others = sorted(
            {abilities.q_power(state, h) for h in state.heroes if h is not hero} - {"copy_q"}
        )
        if others:
            decide(state, "copy_q", hero.seat, [{"power": p} for p in others])
    elif power == "flip_upgrade":
        if hero.track:
            decide(state, "flip_upgrade", hero.seat, [{"slot": i} for i in range(len(hero.track))])
    else:
        raise IllegalAction(f"unknown Q-Power {power}")


def rearrange_options(hero: Hero) -> list[dict[str, Any]]:
    faces = list(SKILL_FACES)
    out: list[dict[str, Any]] = [{"swap": "done"}]
    for i, a in enumerate(faces):
        for b in faces[i + 1 :]:
            out.append({"swap": f"{a}/{b}"})
    return out


def run_effect(state: State, frame: dict[str, Any], events: Events) -> None:
    seat = int(frame["seat"])
    hero = state.heroes[seat]
    do = frame["do"]
    n = int(frame.get("n", 1))
    if do == "boost":
        key = frame.get("skill") or "all"
        state.turn.boosts[key] = state.turn.boosts.get(key, 0) + n
        events.append(Event("boosted", {"hero": seat, "skill": key, "by": n}))
    elif do == "place":
        kind = frame["kind"]
        targets = moves.placement_targets(state, hero, kind, int(frame.get("range", 0)))
        if not targets:
            events.append(Event("no_target", {"hero": seat, "effect": do}))
            return
        options: list[dict[str, Any]]
        if kind == "current":
            options = [{"at": _pos(c), "dir": d} for c in targets for d in ORTHOGONAL]
        else:
            options = [{"at": _pos(c)} for c in targets]
        decide(state, "place", seat, options, kind=kind)
    elif do == "break_wall":
        reach = int(frame.get("range", 0))
        walls = [c for c in moves.cells_in_range(state, hero.pos, reach) if state.board.is_wall(c)]
        if walls:
            decide(state, "break_wall", seat, [{"at": _pos(c)} for c in walls])
        else:
            events.append(Event("no_target", {"hero": seat, "effect": do}))
    elif do == "destroy":
        reach = int(frame.get("range", 0))
        options = [
            {"at": _pos(c), "token": t.kind}
            for c in moves.cells_in_range(state, hero.pos, reach)
            for t in state.board.at(c)
            if t.kind in DESTROYABLE
        ]
        if options:
            decide(state, "destroy", seat, options)
        else:
            events.append(Event("no_target", {"hero": seat, "effect": do}))
    elif do == "explore":
        if n > 1:
            effect(state, seat, "explore", n=n - 1)
        options = explore_options(state)
        if options:
            decide(state, "explore", seat, options)
    elif do == "explore_deck":
        for _ in range(n):
            take_card(state, hero, "deck", 0, events)
    elif do == "explore_type":
        explore_type(state, hero, frame["kind"], events)
    elif do == "rearrange":
        decide(state, "rearrange", seat, rearrange_options(hero))
    elif do == "dash":
        turn = state.turn
        turn.return_phase = state.phase
        turn.free_move = True
        turn.skill = "dash"
        turn.stage = "skill"
        turn.remaining = n
        turn.steps = 0
        turn.direction = None
        turn.last_dir = None
        state.phase = "movement"
        events.append(Event("card_move", {"hero": seat, "skill": "dash", "distance": n}))
    elif do == "twister":
        decide(state, "twister", seat, [{"spin": "cw"}, {"spin": "ccw"}])
    elif do == "wind":
        faces = roll(state.rng, "direction")
        events.append(
            Event("dice_rolled", {"die": "direction", "faces": faces, "hero": seat}, reveals=True)
        )
        slide_all(state, faces[0], seat, events)
    elif do == "strong_wind":
        decide(state, "strong_wind", seat, [{"dir": d} for d in ORTHOGONAL], n=n)
    elif do == "slide_all":
        if n > 1:
            effect(state, seat, "slide_all", dir=frame["dir"], n=n - 1)
        slide_all(state, frame["dir"], seat, events)
    elif do == "slide_other":
        options = [
            {"hero": h.seat, "dir": d}
            for h in state.heroes
            if h is not hero
            for d in ORTHOGONAL
            if moves.slide_destination(state, h, d) is not None
        ]
        if options:
            decide(state, "slide_other", seat, options, n=n)
    elif do == "upgrade_skill":
        options = [{"skill": s} for s in catalog.SKILLS if s not in hero.upgraded]
        if options:
            decide(state, "upgrade_skill", seat, options)
    elif do == "wipe_lineup":
        state.discard.extend(state.lineup)
        events.append(Event("lineup_wiped", {"cards": list(state.lineup)}))
        state.lineup = []
        refill_lineup(state, events)
    elif do == "rotate_board":
        index = state.board.section_index(hero.pos)
        if (
            index is not None
            and state.board.sections[index].width == state.board.sections[index].height
        ):
            decide(state, "rotate_section", seat, [{"spin": "cw"}, {"spin": "ccw"}], section=index)
    elif do == "swap_other":
        faces = list(SKILL_FACES)
        options = [
            {"hero": h.seat, "swap": f"{a}/{b}"}
            for h in state.heroes
            if h is not hero
            for i, a in enumerate(faces)
            for b in faces[i + 1 :]
        ]
        if options:
            decide(state, "swap_other", seat, options)
    elif do == "aim":
        reach = int(frame.get("range", 0))
        cells = moves.cells_in_range(state, hero.pos, reach)
        options = [{"at": _pos(c), "token": "wall"} for c in cells if state.board.is_wall(c)]
        options += [
            {"at": _pos(c), "token": t.kind}
            for c in cells
            for t in state.board.at(c)
            if t.kind in DESTROYABLE
        ]
        if options:
            decide(state, "destroy", seat, options)
        else:
            events.append(Event("no_target", {"hero": seat, "effect": do}))
    elif do == "explode":
        explosion(state, _cell(frame["at"]), seat, events)
    elif do == "begin_movement":
        begin_movement(state, events)
    elif do == "q_offer":
        more = q_power_options(state, hero, list(frame["used"]))
        if more:
            decide(state, "q_token", seat, [{"power": "skip"}] + more, used=list(frame["used"]))
    elif do == "choose_upgrade":
        if abilities.can_upgrade(hero):
            decide(state, "choose_upgrade", seat, upgrade_options(hero))
    else:
        raise RuntimeError(f"unknown effect {do}")


def queue_effects(state: State, hero: Hero, spec: catalog.CardSpec, events: Events) -> None:
    """Queue a card's effects so the first one resolves first."""
    bonus = abilities.rune_range_bonus(hero) if spec.type == "rune" else 0
    for eff in reversed(spec.effects):
        params: dict[str, Any] = {"n": eff.n}
        if eff.skill:
            params["skill"] = eff.skill
        if eff.kind:
            params["kind"] = eff.kind
        if eff.range:
            params["range"] = eff.range + bonus
        effect(state, hero.seat, eff.do, **params)


IMPULSE_BLOCKED = ("dash", "boost")  # effects that only make sense for the moving hero


def impulse_cards(hero: Hero) -> list[str]:
    cards = catalog.cards()
    return sorted(
        {
            c
            for c in hero.hand
            if cards[c].impulse and not any(e.do in IMPULSE_BLOCKED for e in cards[c].effects)
        }
    )


def impulse_holders(state: State) -> list[int]:
    n = len(state.heroes)
    seats = [(state.active + i) % n for i in range(1, n)]
    return [s for s in seats if impulse_cards(state.heroes[s])]


def upgrade_options(hero: Hero) -> list[dict[str, Any]]:
    return [{"tile": t, "side": s} for t in abilities.free_tiles(hero) for s in ("a", "b")]


def place_upgrade(state: State, hero: Hero, tile: str, side: str, events: Events) -> None:
    if tile not in abilities.free_tiles(hero) or side not in ("a", "b"):
        raise IllegalAction(f"upgrade tile {tile} side {side} is not available")
    hero.track.append((tile, side))
    spec = catalog.upgrade_tile(hero.hero, tile).side(side)
    events.append(
        Event("upgraded", {"hero": hero.seat, "tile": tile, "side": side, "label": spec.label})
    )
    if spec.count("upgrade_skill"):
        effect(state, hero.seat, "upgrade_skill")


def swap_faces(hero: Hero, pair: str) -> None:
    a, b = pair.split("/")
    hero.skills[a], hero.skills[b] = hero.skills[b], hero.skills[a]


def after_rearrange(state: State, hero: Hero, events: Events, old_skill: str | None) -> None:
    """FAQ: rearranging mid-move puts a new skill on top: finish the move with it.

    Boosts aimed at the old skill do not carry over to the new one.
    """
    turn = state.turn
    if not (state.phase == "movement" and hero.seat == state.active and turn.stage == "skill"):
        return
    new_skill = hero.top_skill
    if new_skill is None or new_skill == old_skill or old_skill is None:
        return
    remaining = max(0, turn.remaining - turn.boosts.get(old_skill, 0))
    if old_skill in hero.upgraded:
        remaining = max(0, remaining - 1)
    if new_skill in turn.used:
        turn.remaining = 0
        return
    turn.used.append(new_skill)
    turn.skill = new_skill
    turn.remaining = remaining + turn.boosts.get(new_skill, 0)
    turn.direction = None
    turn.steps = 0
    events.append(
        Event(
            "skill_switched",
            {"hero": hero.seat, "from": old_skill, "to": new_skill, "remaining": turn.remaining},
        )
    )


# ---------------------------------------------------------------------------------------
# answering decisions
# ---------------------------------------------------------------------------------------


def answer(state: State, decision: Decision, option: dict[str, Any], events: Events) -> None:
    kind = decision.kind
    data = decision.data
    seat = decision.seat
    if kind in ("whirlpool",):
        hero = state.heroes[data["hero"]]
        hero.cube = hero.cube.spin(SPIN[option["spin"]])
        events.append(
            Event("spun", {"hero": hero.seat, "spin": option["spin"], "top": hero.cube.top})
        )
    elif kind == "rotate_section":
        rotate_section(state, int(data["section"]), option["spin"], events)
    elif kind == "spring":
        hero = state.heroes[data["hero"]]
        direction = option["dir"]
        land = step(hero.pos, direction, int(data["over"]) + 1)
        land_jump(
            state,
            hero,
            land,
            chooser=seat,
            own=bool(data["own"]),
            events=events,
            origin=hero.pos,
            kind="sprung",
        )
    elif kind == "teleport":
        hero = state.heroes[data["hero"]]
        origin = hero.pos
        dest = _cell(option["to"])
        place_hero(state, hero, dest)
        events.append(
            Event("teleported", {"hero": hero.seat, "from": _pos(origin), "to": _pos(dest)})
        )
        arrival(state, hero, chooser=seat, own=False)
    elif kind == "tunnel":
        hero = state.heroes[data["hero"]]
        frame = dict(data["frame"])
        state.resolving.append(frame)
        if option["to"] == "stay":
            return
        origin = hero.pos
        dest = _cell(option["to"])
        place_hero(state, hero, dest)
        events.append(
            Event("tunnelled", {"hero": hero.seat, "from": _pos(origin), "to": _pos(dest)})
        )
        relocate(frame, hero, skip=("tunnel",))
        if not abilities.has(hero, "tunnel_mastery"):
            state.turn.stage = "done"
            state.turn.remaining = 0
    elif kind == "connection":
        hero = state.heroes[data["hero"]]
        frame = dict(data["frame"])
        state.resolving.append(frame)
        move_through_connection(state, frame, hero, _cell(option["to"]), events)
    elif kind == "q_token":
        hero = state.heroes[seat]
        if option["power"] == "skip":
            return
        used = list(data.get("used", [])) + [option["power"]]
        effect(state, seat, "q_offer", used=used)
        use_q_power(state, hero, option["power"], events)
    elif kind == "impulse":
        frame = state.resolving[-1]
        if option["card"] == "pass":
            frame["seats"].pop(0)
            return
        hero = state.heroes[seat]
        card = option["card"]
        hero.hand.remove(card)
        state.discard.append(card)
        events.append(Event("card_played", {"seat": seat, "card": card, "impulse": 1}))
        queue_effects(state, hero, catalog.cards()[card], events)
    elif kind == "steal_first":
        if option["item"] != "none":
            steal(
                state,
                state.heroes[seat],
                int(option["from"]),
                option["item"],
                events,
                option.get("pay"),
            )
    elif kind == "start_square":
        hero = state.heroes[seat]
        at = _cell(option["at"])
        other = state.hero_at(at)
        if other is not None and other is not hero:
            other.pos = hero.pos  # a hero not placed yet makes room
        hero.pos = at
        events.append(Event("placed", {"hero": seat, "at": _pos(at)}))
    elif kind == "terrain_kind":
        effect(state, seat, "place", kind=option["token"], range=abilities.Q_RANGE)
    elif kind == "copy_q":
        use_q_power(state, state.heroes[seat], option["power"], events)
    elif kind == "flip_upgrade":
        hero = state.heroes[seat]
        slot = int(option["slot"])
        tile, side = hero.track[slot]
        hero.track[slot] = (tile, "b" if side == "a" else "a")
        events.append(
            Event("upgrade_flipped", {"hero": seat, "tile": tile, "side": hero.track[slot][1]})
        )
    elif kind == "drop":
        hero = state.heroes[seat]
        item = hero.carrying.pop()
        at = _cell(option["at"])
        colour = item.split(":", 1)[1] if ":" in item else "white"
        state.board.add(at, Token.make("crystal", colour=colour))
        events.append(Event("dropped", {"hero": seat, "item": item, "at": _pos(at)}))
    elif kind == "respawn":
        hero = state.heroes[data["hero"]]
        respawn_at(state, hero, _cell(option["at"]), events)
    elif kind == "respawn_beside":
        hero = state.heroes[data["hero"]]
        finish_respawn(state, hero, _cell(option["at"]), events)
    elif kind == "rooted_landing":
        frame = state.resolving.pop()
        hero = state.heroes[frame["hero"]]
        land = _cell(option["at"])
        land_jump(
            state,
            hero,
            land,
            chooser=frame["chooser"],
            own=frame["own"],
            events=events,
            origin=_cell(frame["origin"]),
            kind=frame["kind"],
        )
    elif kind == "bump":
        frame = state.resolving.pop()
        hero = state.heroes[frame["hero"]]
        victim = state.heroes[data["victim"]]
        land = victim.pos
        place_hero(state, hero, land)
        events.append(
            Event(frame["kind"], {"hero": hero.seat, "from": frame["origin"], "to": _pos(land)})
        )
        arrival(state, hero, chooser=frame["chooser"], own=frame["own"])
        bump(state, hero, victim, option["dir"], seat, events)
    elif kind == "place":
        at = _cell(option["at"])
        token = Token.make(data["kind"], direction=option.get("dir"))
        state.board.add(at, token)
        events.append(Event("token_placed", {"kind": data["kind"], "at": _pos(at), "by": seat}))
        if state.heroes[seat].pos == at:  # Underdog: a token under your hero acts at once
            arrival(state, state.heroes[seat], chooser=seat, own=seat == state.active)
    elif kind == "break_wall":
        at = _cell(option["at"])
        wall = state.board.first(at, "wall")
        assert wall is not None
        state.board.replace(at, wall, Token.make("broken_wall"))
        events.append(Event("wall_broken", {"at": _pos(at), "by": seat}))
    elif kind == "destroy":
        at = _cell(option["at"])
        token = state.board.first(at, option["token"])
        assert token is not None
        if token.kind == "wall":
            state.board.replace(at, token, Token.make("broken_wall"))
            events.append(Event("wall_broken", {"at": _pos(at), "by": seat}))
        else:
            state.board.remove(at, token)
            events.append(Event("token_destroyed", {"at": _pos(at), "kind": option["token"]}))
    elif kind in ("explore", "explore_type"):
        src = option["src"]
        take_card(state, state.heroes[seat], src, int(option.get("i", 0)), events)
    elif kind == "rearrange":
        hero = state.heroes[seat]
        if option["swap"] == "done":
            return
        old = hero.top_skill
        swap_faces(hero, option["swap"])
        events.append(Event("skills_swapped", {"hero": seat, "faces": option["swap"]}))
        after_rearrange(state, hero, events, old)
        decide(state, "rearrange", seat, rearrange_options(hero))
    elif kind == "twister":
        for hero in state.heroes:
            if hero.seat != seat:
                hero.cube = hero.cube.spin(SPIN[option["spin"]])
        events.append(Event("twister", {"by": seat, "spin": option["spin"]}))
    elif kind == "strong_wind":
        effect(state, seat, "slide_all", dir=option["dir"], n=2 * int(data.get("n", 1)))
    elif kind == "slide_other":
        hero = state.heroes[int(option["hero"])]
        dest = moves.slide_destination(state, hero, option["dir"])
        if dest is not None:
            origin = hero.pos
            place_hero(state, hero, dest)
            events.append(
                Event(
                    "slid",
                    {
                        "hero": hero.seat,
                        "from": _pos(origin),
                        "to": _pos(dest),
                        "direction": option["dir"],
                    },
                )
            )
            arrival(state, hero, chooser=seat, own=False)
            if int(data.get("n", 1)) > 1:
                effect(state, seat, "slide_other", n=int(data["n"]) - 1)
    elif kind == "upgrade_skill":
        hero = state.heroes[seat]
        hero.upgraded.append(option["skill"])
        events.append(Event("skill_upgraded", {"hero": seat, "skill": option["skill"]}))
    elif kind == "swap_other":
        hero = state.heroes[int(option["hero"])]
        swap_faces(hero, option["swap"])
        events.append(
            Event("skills_swapped", {"hero": hero.seat, "faces": option["swap"], "by": seat})
        )
    elif kind == "choose_upgrade":
        place_upgrade(state, state.heroes[seat], option["tile"], option["side"], events)
    else:
        raise RuntimeError(f"unknown decision {kind}")


def all_directions_for(skill: str) -> tuple[str, ...]:
    if skill == "diagonal":
        return DIAGONAL
    if skill == "dash":
        return ALL
    return ORTHOGONAL
