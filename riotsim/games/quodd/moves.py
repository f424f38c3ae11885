"""Where a hero may go: blocking, pushing, jump landings and token placement."""

from __future__ import annotations

from riotsim.games.quodd import abilities
from riotsim.games.quodd.board import (
    IMPASSABLE,
    PIECE,
    PIT,
    PLACEABLE_KINDS,
    SCENARIO_KINDS,
    WALL,
)
from riotsim.games.quodd.directions import DELTA, ORTHOGONAL, Cell, step
from riotsim.games.quodd.state import Hero, State


def can_enter(state: State, hero: Hero, cell: Cell, origin: Cell, own: bool = False) -> bool:
    """May ``hero`` step (not jump) from ``origin`` onto ``cell``, ignoring other heroes?
    (``own``: the hero's own step, which may end on a sheep to pick it up, spec S9.)"""
    codes = state.board.codes()
    code = codes.get(cell)
    if code is None or code & IMPASSABLE or resting_bomb(state, cell, code):
        return False
    if code & PIECE and not (own and sheep_square(state, cell)):
        return False  # a sheep blocks every move that is not the hero's own (S9, X6)
    if code & WALL:
        # Walls block unless you already stand on one (walking along the top) or pass walls
        # (Crush only breaks through on the hero's own steps: see step_ok / open_steps).
        return bool(codes.get(origin, 0) & WALL) or abilities.has(hero, "ghost")
    return True


def resting_bomb(state: State, cell: Cell, code: int) -> bool:
    """A resting bomb blocks steps, pushes and slides like a wall (our ruling B7)."""
    return bool(code & PIECE) and state.board.has(cell, "bomb")


def push_destination(state: State, victim: Hero, direction: str) -> Cell | None:
    """Where a pushed hero goes, or None when it cannot be pushed that way."""
    if abilities.rooted(victim):
        return None
    dest = step(victim.pos, direction)
    if not can_enter(state, victim, dest, victim.pos):
        return None
    if state.hero_at(dest) is not None:
        return None
    return dest


def step_ok(state: State, hero: Hero, direction: str) -> bool:
    """A one-square move (step or tumble) in ``direction``, pushing a hero in the way."""
    dx, dy = DELTA[direction]
    dest = (hero.pos[0] + dx, hero.pos[1] + dy)
    board = state.board
    crushing = (
        board.is_wall(dest) and not board.is_impassable(dest) and abilities.has(hero, "crush")
    )
    if not crushing and not can_enter(state, hero, dest, hero.pos, own=True):
        return False
    for other in state.heroes:
        if other.pos == dest and other is not hero:
            return push_destination(state, other, direction) is not None
    return True


def open_steps(
    state: State, hero: Hero, directions: tuple[str, ...], first: bool = False
) -> list[str]:
    """The directions of ``directions`` a one-square move may take (``step_ok`` for each, with
    the board and the heroes looked up once); with ``first``, only the first of them."""
    board = state.board
    codes = board.codes()
    pos = hero.pos
    x, y = pos
    here = codes.get(pos, 0)
    passes_walls = None
    heroes = state.heroes
    out = []
    for d in directions:
        dx, dy = DELTA[d]
        dest = (x + dx, y + dy)
        code = codes.get(dest)
        if code is None or code & IMPASSABLE:
            continue
        # a piece: a resting bomb blocks (resting_bomb), a sheep only if not this move's own
        if code & PIECE and (board.has(dest, "bomb") or not board.has(dest, "sheep")):
            continue
        if code & WALL and not here & WALL:
            if passes_walls is None:
                passes_walls = abilities.has(hero, "ghost") or abilities.has(hero, "crush")
            if not passes_walls:
                continue
        blocker = None
        for other in heroes:
            if other.pos == dest and other is not hero:
                blocker = other
                break
        if blocker is not None and push_destination(state, blocker, d) is None:
            continue
        out.append(d)
        if first:
            break
    return out


def tumble_options(state: State, hero: Hero) -> list[str]:
    return open_steps(state, hero, ORTHOGONAL)


def walled_in(state: State, hero: Hero) -> bool:
    return not open_steps(state, hero, ORTHOGONAL, first=True)


def landing_ok(state: State, hero: Hero, cell: Cell, own: bool = False) -> bool:
    """Can a jump land on ``cell``? Walls are fine (you stand on top), heroes get pushed;
    a sheep only on the hero's own jump (``own``), which picks it up (spec S9)."""
    board = state.board
    if not board.on_board(cell) or board.is_impassable(cell):
        return False
    # nothing lands on a resting bomb (our ruling B7), nor on a sheep unless by its own move
    if board.codes().get(cell, 0) & PIECE and not (own and sheep_square(state, cell)):
        return False
    other = state.hero_at(cell)
    if other is not None and other is not hero:
        if abilities.rooted(other):
            return bool(rooted_landings(state, hero, cell))
        return bool(bump_directions(state, other))
    return True


def bump_directions(state: State, victim: Hero) -> list[str]:
    """Directions a hero landed on may be pushed (one square, any available direction)."""
    return [d for d in ORTHOGONAL if push_destination(state, victim, d) is not None]


def rooted_landings(state: State, jumper: Hero, cell: Cell) -> list[Cell]:
    """Squares next to a rooted hero where a jumper landing on it may be put instead."""
    out = []
    for d in ORTHOGONAL:
        c = step(cell, d)
        board = state.board
        if board.on_board(c) and not board.codes().get(c, 0) & (IMPASSABLE | PIECE):
            other = state.hero_at(c)
            if other is None or other is jumper:
                out.append(c)
    return out


def jump_ok(state: State, hero: Hero, direction: str, over: int, own: bool = False) -> bool:
    """Jump over ``over`` squares in a straight line and land on the next one (``own``: the
    hero's own jump skill, which may land on a sheep)."""
    board = state.board
    for i in range(1, over + 1):
        c = step(hero.pos, direction, i)
        if not board.on_board(c) or board.is_impassable(c):
            return False
    return landing_ok(state, hero, step(hero.pos, direction, over + 1), own)


def jump_options(state: State, hero: Hero, distance: int) -> list[tuple[str, int]]:
    """(direction, squares jumped over). A jump clears at least one square when it can."""
    # jump_ok for each length, with each line walked once: a square that cannot be jumped
    # over (off the board, impassable) ends the longer jumps that way too
    board = state.board
    out = []
    for d in ORTHOGONAL:
        for k in range(1, distance + 1):
            over = step(hero.pos, d, k)
            if not board.on_board(over) or board.is_impassable(over):
                break
            if landing_ok(state, hero, step(hero.pos, d, k + 1), own=True):
                out.append((d, k))
    if not out:
        out = [(d, 0) for d in ORTHOGONAL if jump_ok(state, hero, d, 0, own=True)]
    return out


def token_placeable(state: State, cell: Cell, kind: str, allow_hero: bool = False) -> bool:
    """The token placement rules of the reference section."""
    board = state.board
    if cell not in board.ground:
        return False
    code = board.codes().get(cell, 0)
    for t in board.tokens.get(cell, ()):
        if t.kind in _ONE_PER_SQUARE:
            return False  # respawn points, scenario tokens, and one token per square
    if code & PIT and kind != "wall":
        return False
    if code & (IMPASSABLE | PIECE):
        return False  # lit squares, beam parts, active power blocks, sheep, resting bombs
    return allow_hero or state.hero_at(cell) is None


_ONE_PER_SQUARE = SCENARIO_KINDS | PLACEABLE_KINDS


def blocks_piece(state: State, cell: Cell, pits: bool = True) -> bool:
    """A square closed to a sheep or bomb (spec S3, B5): off the board, a whole wall, an
    impassable square (walls up, beams, beam parts, active power blocks), a sheep or resting
    bomb, a hero, a crystal; and a pit unless ``pits`` is False (a bomb falls in instead)."""
    code = state.board.codes().get(cell)
    if code is None:
        return True
    if code & (WALL | IMPASSABLE | PIECE) or (pits and code & PIT):
        return True
    return state.hero_at(cell) is not None or state.board.has(cell, "crystal")


def cells_in_range(state: State, origin: Cell, reach: int) -> list[Cell]:
    """Squares within ``reach`` counted orthogonally (range on cards and Q-Powers), in
    reading order; around beams when there are some (W13), lit squares never in range."""
    if state.board.lit:
        found = distances_around_beams(state, origin, reach)
        return sorted(found, key=lambda c: (c[1], c[0]))
    ground = state.board.ground
    ox, oy = origin
    out = []
    for y in range(oy - reach, oy + reach + 1):
        span = reach - abs(y - oy)
        for x in range(ox - span, ox + span + 1):
            if (x, y) in ground:
                out.append((x, y))
    return out


def distances_around_beams(state: State, origin: Cell, reach: int) -> dict[Cell, int]:
    """W13 (L576, L580): the length of the shortest orthogonal path of board squares from
    ``origin`` that never enters a lit square, for the squares within ``reach``."""
    board = state.board
    lit = board.lit
    found = {origin: 0}
    frontier = [origin]
    for distance in range(1, reach + 1):
        nxt = []
        for x, y in frontier:
            for cell in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if cell in found or cell in lit or cell not in board.ground:
                    continue
                found[cell] = distance
                nxt.append(cell)
        frontier = nxt
    return found


def placement_targets(state: State, hero: Hero, kind: str, reach: int) -> list[Cell]:
    under = abilities.has(hero, "underdog")  # Underdog: your own square is allowed
    return [
        c
        for c in cells_in_range(state, hero.pos, reach)
        if token_placeable(state, c, kind, allow_hero=under and c == hero.pos)
    ]


def slide_destination(state: State, hero: Hero, direction: str) -> Cell | None:
    """Forced one-square slides (wind, mind-push): blocked by walls, edges and heroes."""
    dest = step(hero.pos, direction)
    if not can_enter(state, hero, dest, hero.pos) or state.hero_at(dest) is not None:
        return None
    return dest


def sheep_square(state: State, cell: Cell) -> bool:
    """Is the piece on ``cell`` a sheep (which a hero's own move may end on), not a bomb?"""
    return state.board.has(cell, "sheep")
