"""What Quodd Heroes bots know: how far each hero still is from its scenario objective.

The distances are walked on the board as the rules let a hero go (one square onto open
ground, or a jump over one to three squares, never onto a pit, through an impassable square
or a beam; a jump over a pit dearer, as only the Jump skill makes it), from every square to
a set of target squares: a field built once per layout of blocking squares and target set,
and shared by every state with the same movement flags (the board's ``codes`` dict is
copy-on-write, so an unchanged board keeps the very same dict).

``remaining`` estimates the squares a side still has to walk to meet the objective (the
next rally markers in order; a crystal or sheep, then a drop zone, as often as still needed;
a round of the treasure tokens left), so reaching a marker or picking up a crystal never
looks worse than standing next to it. ``evaluate`` turns that and the objective's progress
into a value; ``turn_key`` names one hero's whole turn; ``plan_cost`` charges the planner
for falls and for walls left behind; ``rollout_action`` is the cheap step of a playout: the
move that gets closest to the target, else a sensible choice.
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Action, Event
from riotsim.core.rng import Rng
from riotsim.games.quodd import abilities, scenario
from riotsim.games.quodd.board import IMPASSABLE, PIT, WALL
from riotsim.games.quodd.directions import DELTA, ORTHOGONAL, Cell
from riotsim.games.quodd.state import Hero, State

FAR = 60  # a square no walk reaches (cut off by pits or beams): worse than any real walk
COST_CAP = 400  # remaining squares beyond this all look alike (keeps values bounded)
_FIELDS: dict[tuple[int, tuple[Cell, ...]], tuple[dict[Cell, int], dict[Cell, int]]] = {}
_FIELDS_MAX = 512


# ---------------------------------------------------------------------------------------
# distances on the board
# ---------------------------------------------------------------------------------------


def _walk(codes: dict[Cell, int], targets: tuple[Cell, ...]) -> dict[Cell, int]:
    """Squares walked from every square to the nearest of ``targets`` (absent: unreachable).

    A step enters a square that is on the board, not impassable, not a pit and not a wall;
    a jump clears one or two squares that are not impassable and lands on any square a step
    could enter or on a wall (Jump may land on walls). A jump costs the squares it covers,
    and ``PIT_JUMP`` more when it clears a pit: only the Jump skill on top makes it, so a way
    round on foot is as good when it is that much longer."""
    dist = {t: 0 for t in targets if t in codes}
    frontier: list[list[Cell]] = [list(dist)]
    cost = 0
    while cost < len(frontier):
        for cell in frontier[cost]:
            if dist[cell] != cost:
                continue  # reached cheaper since it was queued
            for near, extra in _moves_from(codes, cell):
                total = cost + extra
                if total < dist.get(near, FAR * 4):
                    dist[near] = total
                    while len(frontier) <= total:
                        frontier.append([])
                    frontier[total].append(near)
        cost += 1
    return dist


PIT_JUMP = 3


def _moves_from(codes: dict[Cell, int], cell: Cell) -> list[tuple[Cell, int]]:
    """The squares one step or one jump from ``cell`` (walks are symmetric) and their cost."""
    out: list[tuple[Cell, int]] = []
    x, y = cell
    for dx, dy in _ORTHO_DELTAS:
        over_pit = False
        for k in (1, 2, 3):
            near = (x + k * dx, y + k * dy)
            code = codes.get(near)
            if code is None or code & IMPASSABLE:
                break
            if k == 1 and not code & (PIT | WALL):
                out.append((near, 1))
            elif k > 1 and not code & PIT:
                out.append((near, k + (PIT_JUMP if over_pit else 0)))
            over_pit = over_pit or bool(code & PIT)
    return out


_ORTHO_DELTAS = tuple(DELTA[d] for d in ORTHOGONAL)


def field_to(state: State, targets: list[Cell] | tuple[Cell, ...]) -> dict[Cell, int]:
    """The walk from every square to the nearest of ``targets`` on this board (cached by the
    very flags dict, else by the squares that block a walk: most moves change neither)."""
    codes = state.board.codes()
    goal = tuple(sorted(targets))
    key = (id(codes), goal)
    hit = _FIELDS.get(key)
    if hit is not None and hit[0] is codes:
        return hit[1]
    if len(_FIELDS) >= _FIELDS_MAX:
        _FIELDS.clear()
        _BY_LAYOUT.clear()
    walls = frozenset((c, v & _WALK_FLAGS) for c, v in codes.items() if v & _WALK_FLAGS)
    layout = (frozenset(codes), walls, goal)  # the board's squares, what blocks, the goal
    dist = _BY_LAYOUT.get(layout)
    if dist is None:
        dist = _BY_LAYOUT[layout] = _walk(codes, goal)
    _FIELDS[key] = (codes, dist)
    return dist


_WALK_FLAGS = WALL | IMPASSABLE | PIT
_BY_LAYOUT: dict[tuple[frozenset[Any], frozenset[Any], tuple[Cell, ...]], dict[Cell, int]] = {}


def distance(state: State, start: Cell, targets: list[Cell] | tuple[Cell, ...]) -> int:
    if not targets:
        return FAR
    return field_to(state, targets).get(start, FAR)


# ---------------------------------------------------------------------------------------
# the work left
# ---------------------------------------------------------------------------------------


def side_of(state: State, seat: int) -> list[Hero]:
    """The heroes whose progress counts for ``seat``: its team's (solo, co-op: everyone)."""
    teams = {h.team for h in state.heroes_of(seat)}
    return [h for h in state.heroes if h.team in teams]


def remaining(state: State, heroes: list[Hero]) -> int:
    """Squares ``heroes`` still have to walk to meet the objective (an estimate)."""
    kind = state.objective.get("type")
    if not heroes:
        return 0
    if kind in ("rally", "escape"):
        return min(_rally_left(state, h) for h in heroes)
    if kind == "crystals":
        return _haul_left(state, heroes, "crystal", "delivered")
    if kind == "sheep":
        return _haul_left(state, heroes, "sheep", "herded")
    if kind in ("treasure", "loot"):
        return _treasure_left(state, heroes)
    return 0


def _rally_cells(state: State) -> dict[int, Cell]:
    out: dict[int, Cell] = {}
    for cell in state.board.find("rally"):
        token = state.board.first(cell, "rally")
        if token is not None and token.get("number") is not None:
            out[int(token.get("number"))] = cell
    return out


def _rally_left(state: State, hero: Hero) -> int:
    target = scenario.target_of(state, hero)
    cells = _rally_cells(state)
    total, here = 0, hero.pos
    for number in range(hero.rally + 1, target + 1):
        cell = cells.get(number)
        if cell is None:
            continue
        total += distance(state, here, (cell,))
        here = cell
    return total


def _carried(hero: Hero, piece: str) -> int:
    return sum(1 for c in hero.carrying if c.split(":")[0] == piece)


def _haul_left(state: State, heroes: list[Hero], piece: str, attr: str) -> int:
    """Carry what is carried to a drop zone, then fetch what is still needed, nearest
    first (each one there and back)."""
    needed = scenario.target_of(state, heroes[0]) - sum(getattr(h, attr) for h in heroes)
    if needed <= 0:
        return 0
    drops = state.board.find("drop_zone")
    if not drops:
        return FAR
    carriers = [h for h in heroes if _carried(h, piece)]
    to_drops = [distance(state, h.pos, drops) for h in carriers]
    needed -= sum(_carried(h, piece) for h in carriers)
    if needed <= 0:
        return sum(to_drops)
    pieces = state.board.find(piece)
    if not pieces:
        return sum(to_drops) + FAR * needed
    to_drop = field_to(state, drops)
    by_trip = sorted(to_drop.get(c, FAR) for c in pieces)
    # the next one: fetched by empty hands, or by a carrier that delivers first and comes
    # back, or that picks it up on its way and brings both
    base = sum(to_drops)
    fetch = [distance(state, h.pos, pieces) + by_trip[0] for h in heroes if h not in carriers]
    options = [base + f for f in fetch]
    if carriers:
        grab = min(distance(state, h.pos, pieces) for h in carriers) + by_trip[0]
        options += [base + 2 * by_trip[0], base - min(to_drops) + grab]
    total = min(options)
    total += sum(2 * d for d in by_trip[1:needed])
    total += FAR * max(0, needed - len(pieces))
    return total


def _treasure_left(state: State, heroes: list[Hero]) -> int:
    """A walk round the nearest treasure tokens still needed (nearest next each time)."""
    if state.objective.get("type") == "loot":
        gems = sum(h.gems for h in heroes)
        needed = -(-(scenario.target_of(state, heroes[0]) - gems) // 3)  # ~3 gems a card
    else:
        needed = scenario.target_of(state, heroes[0]) - sum(h.treasure for h in heroes)
    if needed <= 0:
        return 0
    left = state.board.find("treasure") or state.board.find("secret")
    here = min(heroes, key=lambda h: distance(state, h.pos, left)).pos if left else None
    total = 0
    for _ in range(needed):
        if not left or here is None:
            total += FAR
            continue
        dists = [(distance(state, here, (c,)), c) for c in left]
        step, here = min(dists)
        total += step
        left = [c for c in left if c != here]
    return total


# ---------------------------------------------------------------------------------------
# the Ruleset hooks
# ---------------------------------------------------------------------------------------


def _side_value(state: State, heroes: list[Hero], own: bool = True) -> float:
    """A side's progress and the work it has left, in about -0.6..0.45 (a rival side's
    without what its hidden hand would tell)."""
    if not heroes:
        return 0.0
    target = max(1, scenario.target_of(state, heroes[0]))  # the Overlord's own, if any
    progress = scenario.team_progress_of(state, heroes)
    value = 0.3 * min(1.0, progress / target)
    value -= 0.0015 * min(COST_CAP, remaining(state, heroes))
    for hero in heroes:
        value += 0.002 * (len(hero.track) + len(hero.slots))  # any upgrade tile
        if own:
            value += 0.006 * abilities.base_movement(hero)  # +1: every skill goes further
            value += 0.0005 * min(5, len(hero.hand))
    value += 0.01 * sum(1 for h in heroes if h.buddy)  # a buddy found is another walker
    return value


def evaluate(state: State, seat: int) -> float:
    """For ``seat``: 1 won, -1 lost; else its side's progress and the squares it still has
    to walk (minus half the best rival side's, where sides race each other), and where sides
    race, what the hero to move next is likely to do in its turn (:func:`_next_turn`)."""
    if state.phase == "over":
        return 1.0 if seat in scenario.winning_seats(state) else -1.0
    if state.objective.get("mode") in scenario.SHARED_MODES:
        return _side_value(state, side_of(state, seat))
    value = _race_value(state, seat)
    mover = next_mover(state) if state.objective.get("mode") in _RACES else None
    if mover is not None:
        value = _next_turn(state, seat, mover, value)
    return value


_RACES = ("ffa", "teams")  # sides racing each other to one objective (not the Overlord's)


def _race_value(state: State, seat: int) -> float:
    """``seat``'s side value minus half the best rival side's."""
    mine = side_of(state, seat)
    value = _side_value(state, mine)
    teams = {h.team for h in mine}
    rivals: dict[int, list[Hero]] = {}
    for hero in state.heroes:
        if hero.team not in teams:
            rivals.setdefault(hero.team, []).append(hero)
    if rivals:
        value -= 0.5 * max(_side_value(state, side, own=False) for side in rivals.values())
    return value


def next_mover(state: State) -> Hero | None:
    """The hero whose whole turn comes next, when ``state`` stands between two turns: a turn
    not yet begun (Power-Up, nothing done), or the End of Round upgrades (the next round's
    first player; Playing the Game: the first player passes on each round, so the last hero of
    a round plays twice in a row). None in the middle of a turn, and with buddies."""
    heroes = state.heroes
    if not heroes or any(h.buddy for h in heroes):
        return None
    if state.phase == "upgrade":
        return heroes[(state.first + 1) % len(heroes)]
    if state.phase == "powerup" and not state.turn.acts and not state.turn.natural_done:
        return state.current
    return None


def reach_chance(squares: int, hero: Hero) -> float:
    """How likely ``hero`` covers a walk of ``squares`` in one turn: sure within a natural
    tumble and two skills, none past about five skills' worth (a turn's usual reach)."""
    step = abilities.base_movement(hero)
    sure, none = 1 + 2 * step, 4 + 5 * step
    if squares <= sure:
        return 1.0
    return max(0.0, (none - squares) / (none - sure))


STEAL_ODDS = 0.8  # a hero in reach may still find no way to stand beside the carrier
FINISH_ODDS = 0.7  # ... or to end on the drop zone or marker (pits, walls, the cube's faces)


def _next_turn(state: State, seat: int, mover: Hero, value: float) -> float:
    """``value`` with what ``mover``'s coming turn likely does (Stealing: a hero beside a
    carrier takes one collectible; a side that needs only a turn's walk wins): the swing of
    each steal in reach weighed by its chance, then a win for the mover's side weighed by
    the chance it walks what it has left."""
    near = field_to(state, (mover.pos,))
    swing = 0.0
    for victim in state.heroes:
        if victim.team == mover.team or not victim.carrying:
            continue
        x, y = victim.pos
        d = min(near.get((x + dx, y + dy), FAR) for dx, dy in _AROUND)
        chance = STEAL_ODDS * reach_chance(d, mover)
        if chance > 0:
            swing += chance * (_value_after_steal(state, seat, victim, mover) - value)
    value += swing
    left = remaining(state, side_of(state, mover.controller))
    finish = FINISH_ODDS * reach_chance(left, mover)
    won = 1.0 if mover.team in {h.team for h in side_of(state, seat)} else -1.0
    return value + finish * (won - value)


_AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def _value_after_steal(state: State, seat: int, victim: Hero, thief: Hero) -> float:
    """``_race_value`` with one of ``victim``'s collectibles moved to ``thief`` (put back
    before returning)."""
    item = victim.carrying.pop(0)
    thief.carrying.append(item)
    try:
        return _race_value(state, seat)
    finally:
        thief.carrying.pop()
        victim.carrying.insert(0, item)


def turn_key(state: State) -> Any:
    """One hero's whole turn (Playing the Game: Power-Up, Movement, Recovery, Exploration,
    then the discard down to five) is one key; each hero's upgrade at the End of Round is
    its own; setup (start squares, skill tiles) is one."""
    if state.phase == "over":
        return None
    if any(frame.get("type") == "setup" for frame in state.resolving):
        return ("setup",)
    if state.phase == "upgrade":
        return ("upgrade", state.round, state.upgrading[0] if state.upgrading else -1)
    return ("turn", state.round, state.active)


FALL_COST = 0.03  # a fall loses the rest of the turn and what the hero carried
BLOCK_COST = 0.003  # a wall or pit left behind may shut the way back


def plan_cost(events: list[Event], seat: int) -> float:
    """A fall costs the planner as much as about twenty squares of walking: the respawn
    point a hero lands on can look as near the goal as the square it fell from. A wall or a
    pit put on the board costs two squares: it is worth it only where the walk gains more
    (a wall bridging a pit), never left behind for nothing (it may close the way back)."""
    cost = 0.0
    for event in events:
        if event.kind == "fell":
            cost += FALL_COST
        elif event.kind == "token_placed" and event.data.get("kind") in ("wall", "pit"):
            cost += BLOCK_COST
    return cost


# rollouts ------------------------------------------------------------------------------

_MOVES = ("tumble", "step", "roll", "jump")
_PREFER = ("move", "explore")


def _goal_cells(state: State, hero: Hero) -> list[Cell]:
    """Where ``hero`` heads next for the objective."""
    kind = state.objective.get("type")
    board = state.board
    if kind in ("rally", "escape"):
        cell = scenario.next_target(state, hero)
        return [cell] if cell is not None else []
    if kind in ("crystals", "sheep"):
        piece = "crystal" if kind == "crystals" else "sheep"
        return board.find("drop_zone") if _carried(hero, piece) else board.find(piece)
    if kind in ("treasure", "loot"):
        return board.find("treasure") or board.find("secret")
    return []


def _landing(hero: Hero, action: Action) -> Cell | None:
    if action.kind not in _MOVES or action.get("leave") is not None:
        return None
    dx, dy = DELTA[action.word("dir")]
    k = action.number("over") + 1 if action.kind == "jump" else 1
    return (hero.pos[0] + k * dx, hero.pos[1] + k * dy)


def rollout_action(state: State, legal: list[Action], rng: Rng) -> Action:
    """A playout's step: one time in five any legal action; else the move landing nearest
    the hero's next target (stopping when none gets closer), the sensible phase step, or
    the first choice offered."""
    if len(legal) == 1 or rng.below(5) == 0:
        return legal[rng.below(len(legal))]
    hero = state.current
    goals = _goal_cells(state, hero)
    if goals and not state.pending:
        walk = field_to(state, goals)
        here = walk.get(hero.pos, FAR)
        best: tuple[int, int] | None = None
        for i, action in enumerate(legal):
            cell = _landing(hero, action)
            if cell is None or state.board.is_pit(cell):
                continue
            d = walk.get(cell, FAR)
            if best is None or (d, rng.below(4)) < best:
                best = (d, i)
        if best is not None and (best[0] < here or state.turn.stage == "natural"):
            return legal[best[1]]
    for action in legal:
        if action.kind in _PREFER or (action.kind == "draw" and action.get("src") == "deck"):
            return action
    for action in legal:
        if action.kind in ("stop", "done"):
            return action
    return legal[rng.below(len(legal))]


def _frame_key(frame: Any) -> str:
    return repr(frame)


def transposition_key(state: State) -> Any:
    """Everything a turn plan can change, hashable: two ways to one position share it (the
    dice stream aside: a plan ends where chance is revealed). None when a token holds a value
    that does not hash (then the position is never merged)."""
    turn = state.turn
    heroes = tuple(
        (
            h.pos,
            h.cube.as_tuple(),
            tuple(h.skills.items()),
            tuple(h.hand),
            tuple(h.items),
            tuple(h.pets),
            tuple(h.carrying),
            (h.delivered, h.treasure, h.rally, h.herded, h.characters, h.controller),
            tuple(h.loot),
            tuple(h.track),
            tuple(h.upgraded),
            tuple(h.frozen),
            tuple(h.lit),
        )
        for h in state.heroes
    )
    turn_part = (
        turn.natural_done,
        turn.skill,
        turn.remaining,
        turn.direction,
        turn.steps,
        tuple(turn.used),
        tuple(sorted(turn.boosts.items())),
        tuple(turn.q_used),
        tuple(turn.activated),
        turn.moved_over,
        turn.explores_left,
        turn.free_move,
        turn.stage,
        turn.last_dir,
        tuple(turn.stolen_from),
    )
    pending = tuple((d.kind, d.seat, repr(d.data)) for d in state.pending)
    frames = tuple(_frame_key(f) for f in state.resolving)
    try:
        board = frozenset(state.board.tokens.items())
        key = (
            state.phase,
            state.active,
            state.round,
            heroes,
            turn_part,
            pending,
            frames,
            board,
            tuple(state.lineup),
            len(state.deck),
            tuple(state.upgrading),
            state.board.lit,
            tuple(state.board.platforms),
        )
        hash(key)
    except TypeError:
        return None
    return key
