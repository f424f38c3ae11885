"""Riot Quest movement: where a hero can go and how (rulebook "Run", "Obstacles & Barriers")."""

from __future__ import annotations

from riotsim.core.pathing import path_to, reachable
from riotsim.games.riotquest.profile import prof
from riotsim.games.riotquest.state import Hero, RQState

Cell = tuple[int, int]


def move_dests(s: RQState, h: Hero, budget: int) -> dict[Cell, int]:
    """Rulebook "Movement & Terrain": where ``h`` may end a move of ``budget`` spaces, with the
    cost of getting there.

    Same semantics as ``riotsim.core.pathing.reachable`` with Riot Quest's callbacks (obstacles
    cost 2, barriers block, friends passable but not endable, enemies block unless Sneak), and
    ``test_fast_movement_search_matches_shared_pathing`` checks the two agree on random
    positions. Why a second search: movement is the largest part of legal-action generation,
    and the bit-mask search of ``reach.py`` takes a few microseconds where the shared module's
    per-hex callbacks take about 30; the shared module stays as the general API and reference.
    """
    layers, ends = _reach(s, h, budget)
    cells_of = s.board().bits.cells_of
    out: dict[Cell, int] = {}
    for cost in range(1, len(layers)):
        for cell in cells_of(layers[cost] & ~layers[cost - 1] & ends):
            out[cell] = cost
    return out


def _reach(s: RQState, h: Hero, budget: int) -> tuple[list[int], int]:
    """(the search's layers - see ``reach.ArenaBits.layers`` - and the mask of the cells the
    mover may end on), cached until a model moves."""
    key = (h.seat, h.id, h.pos, budget, h.gear)
    cache = s.reach_cache
    if cache is None:
        cache = s.reach_cache = {}
    else:
        found = cache.get(key)
        if found is not None:
            return found
    p = prof(h)
    occupied, enemies = _occ_masks(s, h.seat)
    layers = s.board().bits.layers(h.at(), budget, p.nimble, 0 if p.sneak else enemies)
    found = cache[key] = (layers, layers[-1] & ~occupied)
    return found


def _occ_masks(s: RQState, seat: int) -> tuple[int, int]:
    """Masks of the occupied cells and of the cells of ``seat``'s enemies, shared by every
    search until a model moves."""
    cache = s.reach_cache
    if cache is None:
        cache = s.reach_cache = {}
    masks = cache.get(seat)  # (searches use tuple keys)
    if masks is None:
        bit = s.board().bits.bit
        occupied = enemies = 0
        for c, o in s.occ.items():
            m = 1 << bit[c]
            occupied |= m
            if o[0] != seat:
                enemies |= m
        masks = cache[seat] = (occupied, enemies)
    return masks


def _generic_move_rules(s: RQState, h: Hero):
    """Entry cost and pass/end tests for ``h`` in the shared ``pathing`` module's terms."""
    arena = s.board()
    occ = s.occ
    blocked = arena.blocked
    seat = h.seat
    p = prof(h)
    through = "sneak" in p.abilities

    def can_pass(c: Cell) -> bool:
        if c in blocked:
            return False
        o = occ.get(c)
        return o is None or through or o[0] == seat

    def can_end(c: Cell) -> bool:
        return c not in blocked and c not in occ

    cost = None if "nimble" in p.abilities else arena.entry_cost
    return cost, can_pass, can_end


def move_dests_generic(s: RQState, h: Hero, budget: int) -> dict[Cell, int]:
    """``move_dests`` through the shared ``pathing.reachable`` (reference for tests)."""
    return reachable(s.board().nbrs, h.at(), budget, *_generic_move_rules(s, h))


def move_path(s: RQState, h: Hero, dest: Cell, budget: int) -> list[Cell] | None:
    """One cheapest path to ``dest`` (walked back through the search's layers; ties go to the
    first neighbour in the arena's neighbour order)."""
    layers, ends = _reach(s, h, budget)
    bit = s.board().bits.bit
    b = bit.get(dest)
    if b is None or not ends >> b & 1:
        return None
    arena = s.board()
    nimble = prof(h).nimble
    cost = arena.step_cost
    nbrs = arena.nbrs
    spent = 0
    while not layers[spent] >> b & 1:
        spent += 1
    path = [dest]
    cell = dest
    while cell != h.pos:
        # a neighbour reachable for ``spent - entry cost`` is reached for exactly that much
        # (any less and ``cell`` itself would be cheaper)
        spent -= 1 if nimble else cost[cell]
        layer = layers[spent]
        for n in nbrs[cell]:
            if layer >> bit[n] & 1:
                cell = n
                break
        path.append(cell)
    path.reverse()
    return path


def move_path_generic(s: RQState, h: Hero, dest: Cell, budget: int) -> list[Cell] | None:
    """``move_path`` through the shared ``pathing.path_to`` (reference for tests)."""
    return path_to(s.board().nbrs, h.at(), dest, budget, *_generic_move_rules(s, h))


def free_cells_near(s: RQState, cell: Cell) -> list[Cell]:
    """Unoccupied, non-barrier hexes next to ``cell`` (spawning)."""
    blocked = s.board().blocked
    return sorted(c for c in s.board().nbrs[cell] if c not in blocked and c not in s.occ)
