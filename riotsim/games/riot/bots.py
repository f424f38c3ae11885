"""What the bots know about RIOT: Cast the First Stone (reached only through the Ruleset hooks).

* :func:`position_value` - each side's standing towards its own win (Public Opinion turned for
  the Police; Area Points, areas held and half held for the Autonomen and Anarchists; the secret
  Goal for the Nationalists), less what the Police can hit next turn: a protester group whose
  defending Force the Police can match within reach is a clash, and every clash the Police fight
  hand to hand turns a Public Opinion card (5) Clashes, "Public Opinion"). A held building
  counts as far as it is kept until its owner's next turn (:func:`guards`), a unit on an entry
  point is judged in its street (it never stops there), and protesters weigh each other at
  ``RIVALRY``. The Police have a second road to a win, every protester team eliminated (the
  FAQ: protesters can be eliminated, the Police cannot): :func:`elimination` counts how much
  of the protesters' Force and building credits is gone, weighted more where their groups
  are Mediactivists' (a clash with them turns no card, Unit Specials), so taking a held
  building or grinding down the last units is progress too (docs/riot-balance.md has the
  traced games behind each term).
* :func:`rollout_action` - a cheap purposeful playout step: spend the credits, walk into free
  buildings, Police towards protesters, attack rather than idle; chosen by weighted kind, then
  uniformly within the kind, from the rollout's own ``rng`` only.
* :func:`turn_key` - a seat's whole turn (buy, move, clash) is one turn for the planner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riotsim.core.contract import Action
from riotsim.core.rng import Rng
from riotsim.games.riot import city as bd
from riotsim.games.riot.state import HIDDEN, PLACEMENT

if TYPE_CHECKING:
    from riotsim.games.riot.rules import RiotRules
    from riotsim.games.riot.state import RiotState

POLICE = 0
AREA_POINTS_TO_WIN = 7
FORCE_WEIGHT = 0.3  # the share of Force on the board (units win buildings and clashes)
EXPOSED_WEIGHT = 0.01  # per Force of a protester group in a street the Police can hit
CLASH_NEXT = 0.9  # of a Public Opinion card, for a group the Police can fight next turn
RIVALRY = 0.5  # how much a protester team weighs another one's standing (the Police: 1)
GUARD_FLOOR = 0.3  # the least share of a held building counted when the Police can take it
ELIM_SCALE = 24  # a team's Force + held building credits from which its elimination counts 0
ELIM_OPEN = 0.3  # the elimination road's weight while every clash would turn a card (to 1)
_MEMO: dict[str, tuple[bd.CityBoard, _Areas]] = {}  # map name -> (board, its areas)


class _Areas:
    """Per area: its buildings, its street, and its street with the streets next to it."""

    def __init__(self, board: bd.CityBoard):
        self.buildings = {a: tuple(board.buildings_of(a)) for a in board.area_ids}
        self.street = {a: board.street_of(a) for a in board.area_ids}
        self.near = {
            a: (st, *(n for n in board.adjacent[st] if board.kind_of[n] == bd.STREET))
            for a, st in self.street.items()
        }


def _areas(board: bd.CityBoard) -> _Areas:
    found = _MEMO.get(board.name)
    if found is None or found[0] is not board:  # a map edited under the same name
        found = _MEMO[board.name] = (board, _Areas(board))
    return found[1]


class _Census:
    """One pass over the units: Force per seat, groups per space, Police Force per space."""

    def __init__(self, rules: RiotRules, state: RiotState):
        board = rules.board(state)
        kinds = board.kind_of
        self.force = [0] * state.seats
        self.groups: dict[tuple[str, int], list[int]] = {}  # (space, seat) -> [street, other]
        self.police_at: dict[str, int] = {}
        self.vans = 0
        self.held: list[set[str]] = [set() for _ in range(state.seats)]
        self.income = [0] * state.seats  # credits of the buildings each seat holds
        self.no_po: set[tuple[str, int]] = set()  # groups a clash with draws no PO card
        self.in_street: set[tuple[str, int]] = set()  # (street, seat) with units in it
        self.threat: dict[str, int] | None = None  # police_threat's answer, once asked
        streets = _areas(board).street
        for u in state.units.values():
            ut = rules.unit_type(state, u)
            self.force[u.seat] += ut.force
            kind = kinds[u.space]
            if u.seat == POLICE:
                if kind != bd.HOSPITAL:
                    self.police_at[u.space] = self.police_at.get(u.space, 0) + ut.force
                    if ut.moves > 1:
                        self.vans += ut.force
                continue
            if kind == bd.BUILDING and u.space not in self.held[u.seat]:
                self.held[u.seat].add(u.space)
                self.income[u.seat] += board.spaces[u.space].credits
            if kind in (bd.STREET, bd.BUILDING, bd.ENTRY):
                # a unit never stops on an entry point (4) Movement): it is judged in the
                # street it must step into, not as out of the Police's reach
                space = streets[board.spaces[u.space].area] if kind == bd.ENTRY else u.space
                if kind == bd.STREET:
                    self.in_street.add((space, u.seat))
                g = self.groups.setdefault((space, u.seat), [0, 0])
                g[0] += ut.street_force or ut.force
                g[1] += ut.force
                if ut.no_public_opinion:
                    self.no_po.add((space, u.seat))


def police_threat(rules: RiotRules, state: RiotState, census: _Census) -> dict[str, int]:
    """Area -> the Police Force that can reach it next turn (HQ, its street and the streets
    beside it, every Riot Van)."""
    if census.threat is not None:
        return census.threat
    board = rules.board(state)
    at = census.police_at
    hq = at.get(board.hq, 0)
    out = {}
    for area, streets in _areas(board).near.items():
        near = sum(at.get(s, 0) for s in streets)
        out[area] = hq + near + census.vans
    census.threat = out
    return out


def exposed_groups(
    rules: RiotRules, state: RiotState, census: _Census
) -> list[tuple[str, int, int]]:
    """Protester groups (space, seat, defending Force) the Police could attack next turn."""
    board = rules.board(state)
    threat = police_threat(rules, state, census)
    out = []
    for (space, seat), (street_f, force) in census.groups.items():
        building = board.kind_of[space] == bd.BUILDING
        defend = force + 1 if building else street_f
        if threat.get(board.spaces[space].area, 0) >= defend:
            out.append((space, seat, defend))
    return out


def guards(rules: RiotRules, state: RiotState, census: _Census, seat: int) -> dict[str, float]:
    """Held building -> the share of it the seat can count on keeping until its next turn:
    1 when the Police in reach cannot beat its defenders (a tie changes nothing, 5)
    Clashes), else the defenders' Force over the Police's, so a stack that makes the Police
    pay more is worth more (a building scores and pays at the start of its owner's turn,
    after the Police have moved)."""
    board = rules.board(state)
    threat = police_threat(rules, state, census)
    out = {}
    for b in census.held[seat]:
        defend = census.groups[(b, seat)][1] + 1
        police = threat.get(board.spaces[b].area, 0)
        out[b] = 1.0 if police <= defend else max(GUARD_FLOOR, defend / police)
    return out


def _protester_standing(rules: RiotRules, state: RiotState, seat: int, census: _Census) -> float:
    board = rules.board(state)
    held = census.held[seat]
    team = state.teams[seat]
    if team == "nationalists":
        goal_id = state.goals[seat]
        if not goal_id or goal_id == HIDDEN:
            return len(held) / 12
        goal = rules.content.goal(goal_id)
        if goal.kind.value == "credits":
            have = sum(board.spaces[b].credits for b in held)
        else:
            have = len({board.spaces[b].area for b in held})
        return min(0.95, have / goal.value)
    ready = {sp for (sp, s) in census.in_street if s == seat}
    keep = guards(rules, state, census, seat)
    # held buildings are the credits of the next turn (protesters earn nothing else)
    points: float = state.area_points[seat]
    # in a fixed order: a float sum over a set would depend on the string hash seed
    points += sum(keep[b] * (0.1 + 0.1 * board.spaces[b].credits) for b in sorted(held))
    areas = _areas(board)
    for area, inside in areas.buildings.items():
        mine = [keep[b] for b in inside if b in held]
        if len(mine) == len(inside):
            points += 0.9 * min(mine)  # scores at the start of the next turn, if kept
        elif mine:
            points += sum(mine) / len(inside) * (0.5 if areas.street[area] in ready else 0.3)
    return min(0.95, points / AREA_POINTS_TO_WIN)


def elimination(state: RiotState, census: _Census) -> float:
    """The Police's progress towards their other win, every protester team eliminated, 0..1:
    per team still playing, the share of ``ELIM_SCALE`` its Force and held building credits
    (its units and its income, protesters earn from buildings only) fall short of, multiplied
    over the teams (every one must go); weighted from ``ELIM_OPEN`` up to 1 by the share of
    the protesters' Force standing in groups a clash turns no card from (a Mediactivist among
    them, Unit Specials), where the Public Opinion road is closed."""
    progress = 1.0
    for s in range(1, state.seats):
        if not state.eliminated[s]:
            progress *= max(0.0, 1.0 - (census.force[s] + census.income[s]) / ELIM_SCALE)
    if not progress:
        return 0.0
    closed = every = 0
    for key, (_street, force) in census.groups.items():
        every += force
        if key in census.no_po:
            closed += force
    if not every:  # nothing left in reach to turn a card from (a clash just fought out)
        return progress
    return progress * (ELIM_OPEN + (1 - ELIM_OPEN) * closed / every)


def standings(rules: RiotRules, state: RiotState) -> dict[int, float]:
    """Each side still playing: how far it is towards its own win, 0..1, the Police's next
    turn of clashes counted in (a Public Opinion card more, the exposed groups' Force less),
    and for the Police their other road, the protesters' elimination (:func:`elimination`)."""
    census = _Census(rules, state)
    po_total = len(state.po_deck) + len(state.po_revealed) + bool(state.po_drawn)
    exposed = exposed_groups(rules, state, census)
    out: dict[int, float] = {}
    for s in range(state.seats):
        if s != POLICE and state.eliminated[s]:
            continue
        if s == POLICE:
            turned = len(state.po_revealed) + 0.8 * bool(state.po_drawn)
            if any((sp, d) not in census.no_po for sp, d, _ in exposed):
                turned += CLASH_NEXT  # a clash to fight next turn (at most one card a turn)
            cards = turned / max(1, po_total)
            # either road wins: the elimination counts for what the cards leave to go
            out[s] = cards + (1 - cards) * elimination(state, census)
        else:
            # units in the street the Police can hit (held buildings: ``guards``)
            risk = sum(f for sp, d, f in exposed if d == s and sp not in census.held[s])
            out[s] = _protester_standing(rules, state, s, census) - EXPOSED_WEIGHT * risk
    total = sum(census.force[s] + len(state.hands[s]) for s in out) or 1
    share = 1 / len(out)
    for s in out:
        out[s] += FORCE_WEIGHT * ((census.force[s] + len(state.hands[s])) / total - share)
    return out


def position_value(rules: RiotRules, state: RiotState, seat: int) -> float:
    """Own standing against the best rival's, in (-1, 1) (the game is not over). For a
    protester team the other protesters count for less than the Police (``RIVALRY``): each
    clash between protesters costs units that the Police's clock never gives back, so
    protesters weakening each other for its own sake hand the Police the game."""
    stand = standings(rules, state)
    mine = stand.get(seat, -0.5)
    weight = 1.0 if seat == POLICE else RIVALRY
    rival = max(
        (v * (1.0 if s == POLICE else weight) for s, v in stand.items() if s != seat),
        default=0.0,
    )
    return max(-0.99, min(0.99, mine - rival))


# -- rollouts ------------------------------------------------------------------------------
_TURN_WEIGHTS = {
    "buy": 6,
    "buy_card": 3,
    "end_purchase": 1,
    "end_move": 2,
    "attack": 6,
    "end_turn": 2,
    "play": 1,
    "commit": 6,
    "confirm": 2,
    "press_on": 3,
    "withdraw": 1,
    "street_fight": 2,
    "give_up": 1,
    "obstruct": 2,
    "let_pass": 1,
    "pass": 2,
}


def _move_class(state: RiotState, kinds: dict[str, str], action: Action, enemy: set[str]) -> str:
    unit = state.units.get(action.get("unit"))
    to = action.get("to")
    if unit is not None and kinds.get(unit.space) == bd.BUILDING and unit.seat != POLICE:
        return "leave"  # a held building given up
    if kinds.get(to) == bd.BUILDING:
        return "enter"
    if to in enemy:
        return "close"
    return "walk"


_MOVE_WEIGHTS = {"enter": 12, "close": 6, "walk": 3, "leave": 1}


def rollout_action(rules: RiotRules, state: RiotState, legal: list[Action], rng: Rng) -> Action:
    """One weighted step of a purposeful playout (draws only from ``rng``)."""
    if len(legal) == 1:
        return legal[0]
    classes: dict[str, list[Action]] = {}
    kinds = rules.board(state).kind_of
    enemy: set[str] | None = None
    for a in legal:
        k = a.kind
        if k == "move":
            if enemy is None:
                enemy = {u.space for u in state.units.values() if u.seat != state.active}
            k = _move_class(state, kinds, a, enemy)
        classes.setdefault(k, []).append(a)
    names = list(classes)
    weights = [_MOVE_WEIGHTS.get(n) or _TURN_WEIGHTS.get(n, 2) for n in names]
    return weighted_pick(classes, weights, rng)


def weighted_pick(classes: dict[str, list[Action]], weights: list[int], rng: Rng) -> Action:
    """One action: a class drawn by its weight (``weights`` in the order of ``classes``),
    then one of its actions at random (both rule sets' rollout steps)."""
    pick = rng.below(sum(weights))
    for group, w in zip(classes.values(), weights, strict=True):
        if pick < w:
            return group[rng.below(len(group))] if len(group) > 1 else group[0]
        pick -= w
    raise AssertionError("unreachable: the weights sum to more than pick")


def turn_key(rules: RiotRules, state: RiotState) -> Any:
    """The round and the seat whose turn runs (a frame answered by another seat is not it,
    the planner sees the seat change); in the First Round a seat's placements in a row."""
    if state.phase == PLACEMENT:
        return ("place", state.placement[0] if state.placement else None)
    return ("turn", state.round, state.active)
