"""Bombs, explosions and cannons (issue 12 part A, docs/quodd-moving-board.md sections 2-4).

A bomb is a ``bomb`` token (its type in ``bomb``, its way in ``direction``, its piece number in
``number``). It rolls as soon as it is made and again in every Board Upkeep, one square at a
time by its speed (the bomb die's value of its face), and explodes when it runs into a hero,
a sheep, a crystal or a wall (B5, B9, B10). :func:`explode` is every explosion of the game:
bombs, Jump Shockwave, Push Bomb, teleporters rolling Q, revealed bomb tokens and, with a range
of 4, Crystal Bomb. Frames: ``bombs`` (the upkeep queue) and ``bomb`` (one bomb rolling).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import Event, PositionError
from riotsim.core.dice import die
from riotsim.core.frames import Field
from riotsim.games.quodd import abilities, elements, engine, moves, resolving
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import IMPASSABLE, PIECE, WALL, Token
from riotsim.games.quodd.directions import (
    ALL,
    DELTA,
    OPPOSITE,
    ORTHOGONAL,
    Cell,
    cell_json,
    direction_between,
    split_diagonal,
    step,
)
from riotsim.games.quodd.events import (
    Blasted,
    BombCreated,
    BombLeft,
    BombLost,
    BombMoved,
    BombSupplyEmpty,
    CannonFired,
    CardBurned,
    CrystalThrown,
    Exploded,
    SheepThrown,
    SkillsFrozen,
    UpkeepStep,
)
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import _

Events = list[Event]

SUPPLY = 10  # L74: ten bomb dice in the box (our ruling B3: at most ten on the board)
CRYSTAL_BOMB_RANGE = 4  # L482


def speed(bomb: str) -> int:
    """How many squares a bomb of this type rolls (the bomb die's value of the face)."""
    return die("bomb").value(bomb)


def bombs_on_board(state: State) -> list[tuple[Cell, Token]]:
    """Every bomb on the board, north to south then west to east."""
    board = state.board
    return [(c, t) for c in board.find("bomb") for t in board.at(c) if t.kind == "bomb"]


def find_bomb(state: State, number: int) -> tuple[Cell, Token] | None:
    for cell, token in bombs_on_board(state):
        if token.get("number") == number:
            return cell, token
    return None


# ---------------------------------------------------------------------------------------
# making bombs
# ---------------------------------------------------------------------------------------


def create(state: State, at: Cell, bomb: str, direction: str, by: int, events: Events) -> bool:
    """Put a new bomb on ``at`` and let it roll at once (B4); False when the supply is out."""
    if len(bombs_on_board(state)) >= SUPPLY:
        events.append(BombSupplyEmpty.of(at=cell_json(at)))
        return False
    number = state.new_id()
    token = Token.make("bomb", bomb=bomb, direction=direction, number=number)
    state.board.add(at, token)
    events.append(
        BombCreated.of(id=number, bomb=bomb, at=cell_json(at), direction=direction, by=by)
    )
    engine.push_frame(state, {"type": "bomb", "id": number, "left": speed(bomb), "chooser": by})
    return True


def fire_cannon(state: State, at: Cell, direction: str, by: int, events: Events) -> bool:
    """A cannon fires (C2, C3): roll the bomb die; the bomb starts on the cannon."""
    if len(bombs_on_board(state)) >= SUPPLY:
        events.append(BombSupplyEmpty.of(at=cell_json(at)))
        return False
    from riotsim.games.quodd import icons

    faces = icons.rolled(
        state, by, "bomb", 1, "cannon", {"at": cell_json(at), "dir": direction}, events
    )
    if faces is None:
        return True  # Re-roll a Die: its owner decides first (icons.SITES carries on)
    return cannon_result(state, at, direction, by, faces, events)


def cannon_result(
    state: State, at: Cell, direction: str, by: int, faces: list[str], events: Events
) -> bool:
    """The cannon's bomb die stands: that bomb leaves the cannon."""
    events.append(CannonFired.of(at=cell_json(at), direction=direction, by=by))
    return create(state, at, faces[0], direction, by, events)


def h_cannon(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    """Cannon Token (L400 "when played or landed on"): a hero arriving fires it. A cannon
    revealed from a secret token has no direction yet: its revealer points it first (C6)."""
    # a cannon square holds nothing else to resolve (one placeable token a square)
    state.resolving.remove(frame)
    direction = token.get("direction")
    if direction is None:
        options = [{"dir": d} for d in ORTHOGONAL]
        engine.decide(state, "cannon_direction", frame["chooser"], options, at=cell_json(hero.pos))
        return True
    fire_cannon(state, hero.pos, direction, frame["chooser"], events)
    return True


def ask_direction(state: State, seat: int, bomb: str) -> None:
    """Q: Bomb and the flasks: the bomb leaves the hero's square the way its player picks."""
    hero = state.heroes[seat]
    engine.decide(
        state,
        "bomb_direction",
        seat,
        [{"dir": d} for d in ORTHOGONAL],
        bomb=bomb,
        at=cell_json(hero.pos),
    )


# ---------------------------------------------------------------------------------------
# upkeep and rolling
# ---------------------------------------------------------------------------------------


def upkeep(state: State, events: list[Event]) -> None:
    """Board Upkeep: bombs (B-1): queue every bomb by its square now; nothing when none."""
    queue = [t.get("number") for _, t in bombs_on_board(state)]
    if not queue:
        return
    events.append(UpkeepStep.of(fields={"kind": "bombs"}))
    engine.push_frame(state, {"type": "bombs", "queue": queue, "chooser": state.first})


def _next_in_queue(state: State, frame: dict[str, Any], events: Events) -> None:
    while frame["queue"]:
        number = frame["queue"].pop(0)
        found = find_bomb(state, number)
        if found is not None:  # destroyed meanwhile: it does not act (U2)
            left = speed(found[1].get("bomb", "standard"))
            engine.push_frame(
                state, {"type": "bomb", "id": number, "left": left, "chooser": frame["chooser"]}
            )
            return
    state.resolving.remove(frame)


@dataclass(slots=True)
class Hit:
    """The piece a bomb ran into (B9): hero ``seat`` or a sheep/crystal token now at
    ``cell``; ``skills`` an ice bomb takes from a hit hero (measured before its jump)."""

    kind: str
    cell: Cell
    seat: int = -1
    number: int | None = None
    skills: list[str] = field(default_factory=list)
    moved: bool = False


def _piece_at(state: State, cell: Cell) -> str | None:
    if state.hero_at(cell) is not None:
        return "hero"
    board = state.board
    if board.has(cell, "sheep"):
        return "sheep"
    if board.codes().get(cell, 0) & (WALL | IMPASSABLE):
        return None
    return "crystal" if board.has(cell, "crystal") else None


def roll_bomb(state: State, frame: dict[str, Any], events: Events) -> None:
    """The ``bomb`` frame (B-3): roll it square by square until its speed is spent or it
    leaves the board, falls in a pit, meets a resting bomb or collides."""
    state.resolving.remove(frame)
    found = find_bomb(state, frame["id"])
    if found is None:
        return
    board = state.board
    start, token = found
    cell, direction, left = start, token.get("direction", "E"), int(frame["left"])
    path: list[list[int]] = []
    ending, target = "", cell
    while left > 0:
        nxt = step(cell, direction)
        if not board.on_board(nxt):
            ending = "left"
            break
        piece = _piece_at(state, nxt)
        if piece is not None:
            ending, target = piece, nxt
            break
        code = board.codes().get(nxt, 0)
        if code & (WALL | IMPASSABLE):
            ending, target = "wall", nxt
            break
        if code & PIECE:  # a resting bomb: this one stops before it (B5)
            break
        board.remove(cell, token)
        board.add(nxt, token)
        cell = nxt
        path.append(cell_json(cell))
        left -= 1
        if board.is_pit(cell):
            ending = "pit"
            break
    if path:
        events.append(
            BombMoved.of(
                fields={
                    "id": frame["id"],
                    "bomb": token.get("bomb", "standard"),
                    "from": cell_json(start),
                    "path": path,
                    "direction": direction,
                }
            )
        )
    _end_roll(state, frame, cell, token, ending, target, events)


def _end_roll(
    state: State,
    frame: dict[str, Any],
    cell: Cell,
    token: Token,
    ending: str,
    target: Cell,
    events: Events,
) -> None:
    board = state.board
    number = frame["id"]
    chooser = int(frame["chooser"])
    bomb = token.get("bomb", "standard")
    if ending == "left":
        board.remove(cell, token)
        events.append(BombLeft.of(id=number, at=cell_json(cell)))
    elif ending == "pit" or (not ending and state.hero_at(cell) is not None):
        # a pit swallows it (B5); a bomb that could not leave the hero's square it was
        # made on goes back to the box (our ruling: a hero and a bomb never share a square)
        board.remove(cell, token)
        events.append(BombLost.of(id=number, at=cell_json(cell)))
    elif ending == "wall":
        board.remove(cell, token)
        explode(state, target, chooser, events, bomb=bomb)
    elif ending:
        board.remove(cell, token)
        direction = token.get("direction", "E")
        hit = _throw_hit(state, ending, target, direction, bomb, chooser, events)
        explode(state, target, chooser, events, bomb=bomb, hit=hit)


def landing(state: State, origin: Cell, direction: str, hero: bool, over: int = 1) -> Cell | None:
    """Where a piece thrown from ``origin`` over ``over`` square(s) lands (B8's rule), or
    None when it stays: on the board, not impassable (beams, parts, active blocks), no piece,
    hero or crystal there; a hero may land on a wall top, a sheep or a crystal may not."""
    land = step(origin, direction, over + 1)
    code = state.board.codes().get(land)
    if code is None or code & (IMPASSABLE | PIECE):
        return None
    if state.hero_at(land) is not None or state.board.has(land, "crystal"):
        return None
    if not hero and code & WALL:
        return None
    return land


def _throw_hit(
    state: State,
    kind: str,
    at: Cell,
    direction: str,
    bomb: str,
    chooser: int,
    events: Events,
) -> Hit:
    """The piece hit jumps directly away, over one square (B9); faces measured first."""
    hit = Hit(kind, at)
    if kind == "hero":
        hero = state.hero_at(at)
        assert hero is not None
        hit.seat = hero.seat
        if bomb == "ice":
            hit.skills = _skills_facing(hero, [OPPOSITE[direction]])
    land = landing(state, at, direction, hero=kind == "hero")
    if land is not None:
        hit.moved = _move_piece(state, hit, land, events)
    return hit


def _move_piece(state: State, hit: Hit, land: Cell, events: Events) -> bool:
    origin = hit.cell
    if hit.kind == "hero":
        hero = state.heroes[hit.seat]
        engine.place_hero(state, hero, land)
        events.append(
            Blasted.of(fields={"hero": hero.seat, "from": cell_json(origin), "to": cell_json(land)})
        )
    else:
        token = state.board.first(origin, hit.kind)
        if token is None:
            return False
        state.board.remove(origin, token)
        state.board.add(land, token)
        hit.number = token.get("number")
        if hit.kind == "sheep":
            events.append(
                SheepThrown.of(
                    fields={"id": hit.number or 0, "from": cell_json(origin), "to": cell_json(land)}
                )
            )
        else:
            events.append(
                CrystalThrown.of(fields={"from": cell_json(origin), "to": cell_json(land)})
            )
    hit.cell = land
    return True


# ---------------------------------------------------------------------------------------
# explosions
# ---------------------------------------------------------------------------------------


def _skills_facing(hero: Hero, directions: list[str]) -> list[str]:
    """The skill tiles on the faces of ``hero``'s cube pointing ``directions`` (B12)."""
    out = []
    for d in directions:
        skill = hero.skills.get(hero.cube.facing(d))
        if skill is not None and skill not in out:
            out.append(skill)
    return out


def away(centre: Cell, cell: Cell) -> str:
    """The compass direction (of eight) nearest the line from ``centre`` to ``cell``
    (our ruling K5; on a square grid never a tie)."""
    near = direction_between(centre, cell)
    if near is not None:
        return near
    angle = math.atan2(cell[1] - centre[1], cell[0] - centre[0])
    return min(
        ALL,
        key=lambda d: abs(
            math.remainder(angle - math.atan2(DELTA[d][1], DELTA[d][0]), 2 * math.pi)
        ),
    )


def _area(centre: Cell, reach: int, state: State) -> list[Cell]:
    if reach == 1:
        board = state.board
        return [
            (centre[0] + dx, centre[1] + dy)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if board.on_board((centre[0] + dx, centre[1] + dy))
        ]
    return moves.cells_in_range(state, centre, reach)


def _clear(state: State, cells: list[Cell]) -> None:
    """Walls break, non-scenario tokens (cannons and resting bombs too) go (B8, B15)."""
    board = state.board
    for cell in cells:
        for token in list(board.at(cell)):
            if token.kind == "wall":
                board.replace(cell, token, Token.make("broken_wall"))
            elif token.kind in engine.DESTROYABLE:
                board.remove(cell, token)


def _thrown(state: State, centre: Cell, cells: list[Cell], bomb: str | None) -> list[Hit]:
    """The heroes and sheep in the area (not on the centre), in board order, with their
    faces towards the centre recorded for an ice bomb."""
    out = []
    for cell in sorted(cells, key=lambda c: (c[1], c[0])):
        if cell == centre:
            continue
        hero = state.hero_at(cell)
        if hero is not None:
            hit = Hit("hero", cell, seat=hero.seat)
            if bomb == "ice":
                towards = OPPOSITE[away(centre, cell)]
                hit.skills = _skills_facing(hero, list(split_diagonal(towards)))
            out.append(hit)
        elif state.board.has(cell, "sheep"):
            out.append(Hit("sheep", cell))
    return out


def explode(
    state: State,
    centre: Cell,
    chooser: int,
    events: Events,
    *,
    bomb: str | None = None,
    hit: Hit | None = None,
    reach: int = 1,
) -> None:
    """An explosion at ``centre`` (B8; Crystal Bomb with ``reach`` 4): walls break, tokens
    go, heroes and sheep around are thrown one square over, directly away. The squares they
    land on resolve afterwards, the hit piece's first (the explosion is one instant)."""
    cells = _area(centre, reach, state)
    _clear(state, cells)
    fields: dict[str, Any] = {"at": cell_json(centre)}
    if bomb is not None:
        fields["bomb"] = bomb
    if reach != 1:
        fields["range"] = reach
    events.append(Exploded.of(fields=fields))
    thrown = _thrown(state, centre, cells, bomb)
    for piece in thrown:
        land = landing(state, piece.cell, away(centre, piece.cell), hero=piece.kind == "hero")
        if land is not None:
            piece.moved = _move_piece(state, piece, land, events)
    struck = ([hit] if hit is not None else []) + thrown
    if bomb in ("fire", "ice"):
        for piece in struck:
            if piece.kind == "hero":
                _burn_or_freeze(state, state.heroes[piece.seat], bomb, piece.skills, events)
    for piece in reversed([p for p in struck if p.moved]):
        _arrive(state, piece, chooser)


def _arrive(state: State, piece: Hit, chooser: int) -> None:
    if piece.kind == "hero":
        engine.arrival(state, state.heroes[piece.seat], chooser=chooser, own=False)
    else:
        engine.piece_arrive(state, piece.kind, piece.cell, chooser, number=piece.number)


def _burn_or_freeze(state: State, hero: Hero, bomb: str, skills: list[str], events: Events) -> None:
    if bomb == "fire":
        if abilities.has(hero, "protected_food"):
            _burn_unprotected(state, hero, events)
        elif hero.hand:
            card = hero.hand.pop(state.rng.below(len(hero.hand)))
            engine.to_discard(state, card)
            events.append(CardBurned.of(hero=hero.seat, card=card))
        return
    if skills:
        freeze(state, hero, skills, events)


def _burn_unprotected(state: State, hero: Hero, events: Events) -> None:
    """Protected Food (spec I3): the burnt card is drawn from the cards that are not Food."""
    from riotsim.games.quodd import icons

    exposed = icons.exposed_cards(state, hero)
    if not exposed:
        for card in hero.hand:
            icons.food_protected(state, hero, card, events)  # says what it kept
        return
    card = exposed[state.rng.below(len(exposed))]
    hero.hand.remove(card)
    engine.to_discard(state, card)
    events.append(CardBurned.of(hero=hero.seat, card=card))


def _in_upkeep(state: State) -> bool:
    return any(f["type"] == "upkeep" for f in state.resolving)


def freeze(state: State, hero: Hero, skills: list[str], events: Events) -> None:
    """Ice Bomb (L596): the tiles are out for the whole of the hero's next turn (our ruling
    B12); frozen during its own turn, for the rest of this one too."""
    own_turn = (
        hero.seat == state.active
        and state.phase in ("powerup", "movement", "recovery", "explore", "discard")
        and not _in_upkeep(state)
    )
    for skill in skills:
        if skill not in hero.frozen:
            hero.frozen.append(skill)
        if own_turn and skill not in state.turn.used:
            state.turn.used.append(skill)
    hero.frozen_turns = max(hero.frozen_turns, 2 if own_turn else 1)
    events.append(SkillsFrozen.of(hero=hero.seat, skills=list(skills)))


def hero_explosion(state: State, hero: Hero, chooser: int, events: Events) -> None:
    """An explosion triggered by a hero (B13): centred on it; it stays where it is."""
    explode(state, hero.pos, chooser, events)


def crystal_bomb(state: State, hero: Hero, item: str, events: Events) -> None:
    """Crystal Bomb (L482): the carried crystal leaves the game; everything within range 4
    is cleared and every other hero and sheep there is thrown directly away."""
    from riotsim.games.quodd.events import CrystalBombed

    hero.carrying.remove(item)
    events.append(CrystalBombed.of(hero=hero.seat, item=item))
    explode(state, hero.pos, hero.seat, events, reach=CRYSTAL_BOMB_RANGE)


# ---------------------------------------------------------------------------------------
# frames and the cannon's handler
# ---------------------------------------------------------------------------------------


def _numbers(value: Any, where: str, state: State) -> list[int]:
    if not isinstance(value, list) or len(value) > SUPPLY:
        raise PositionError(
            _("{where}: {value!r:.60} is not a list of bomb numbers").format(
                where=where, value=value
            )
        )
    return [check.count(10**6)(v, f"{where}[{i}]", state) for i, v in enumerate(value)]


@resolving.FRAMES.register
class BombsFrame(resolving.ResolvingKind):
    """Board Upkeep's bombs step: ``queue`` the bomb numbers still to roll (fixed when the
    step began, U2); ``chooser`` the first player (U4)."""

    kind = "bombs"
    fields = {
        "type": Field(check.one_of("bombs")),
        "queue": Field(_numbers),
        "chooser": Field(check.seat),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        _next_in_queue(state, frame, events)


@resolving.FRAMES.register
class BombFrame(resolving.ResolvingKind):
    """One bomb rolling ``left`` squares; ``chooser`` decides for the heroes it throws (B14)."""

    kind = "bomb"
    fields = {
        "type": Field(check.one_of("bomb")),
        "id": Field(check.count(10**6)),
        "left": Field(check.count(10)),
        "chooser": Field(check.seat),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        roll_bomb(state, frame, events)


def thaw(state: State, hero: Hero, events: Events) -> None:
    """The end of one of the hero's turns: frozen tiles count it down and come back."""
    from riotsim.games.quodd.events import SkillsThawed

    if not hero.frozen:
        return
    hero.frozen_turns -= 1
    if hero.frozen_turns <= 0:
        events.append(SkillsThawed.of(hero=hero.seat, skills=list(hero.frozen)))
        hero.frozen = []
        hero.frozen_turns = 0


elements.HANDLERS["cannon"] = h_cannon
engine.UPKEEP["bombs"] = upkeep
