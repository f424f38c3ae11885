"""The bit-mask movement search (reach.py) on every hex layout and every shipped arena."""

from __future__ import annotations

import random

import pytest

from riotsim.core.hexgrid import HexGrid
from riotsim.games.riotquest import rules
from riotsim.games.riotquest.arena import Arena, arena_ids, get_arena
from riotsim.games.riotquest.state import Hero, RQState

LAYOUTS = [(axis, index) for axis in ("x", "y") for index in ("odd", "even")]


def _arena(axis: str, index: str, seed: int) -> Arena:
    """A 9x8 arena with random obstacles, barriers and holes in the given stagger layout."""
    rnd = random.Random(seed)
    w, h = 9, 8
    terrain = {}
    for row in range(h):
        for col in range(w):
            roll = rnd.random()
            kind = "obstacle" if roll < 0.2 else "barrier" if roll < 0.3 else "open"
            if 0 < row < h - 1 and roll > 0.9:
                kind = "void"  # holes: straight-line distance still crosses them
            terrain[(col, row)] = kind
    grid = HexGrid(w, h, axis, index, 64, 64, 32)
    gates = {n: (n - 1, 0) for n in range(1, 7)}
    beacons = {n: (n - 1, h - 1) for n in range(1, 7)}
    return Arena("layout", grid, terrain, gates, beacons, (4, 4))


def _every_arena() -> list[Arena]:
    out = [_arena(axis, index, 7) for axis, index in LAYOUTS]
    return out + [get_arena(a) for a in arena_ids()]


@pytest.mark.parametrize(
    "arena", _every_arena(), ids=lambda a: f"{a.id}-{a.grid.stagger_axis}{a.grid.stagger_index}"
)
def test_one_shift_step_is_the_hex_neighbourhood(arena):
    """Hex geometry ("Movement & Terrain": a move goes hex to adjacent hex): the six shifts
    of every cell's bit give exactly its neighbours, never a cell across a row's edge."""
    bits = arena.bits
    every = bits.mask(arena.cells)
    for cell in arena.cells:
        near = bits.expand(1 << bits.bit[cell]) & every
        assert near == bits.mask((cell, *arena.nbrs[cell])), cell
        assert sorted(bits.cells_of(near)) == sorted((cell, *arena.nbrs[cell]))
        for radius in (1, 2, 3, 5):
            found = bits.cells_of(bits.within(cell, radius) & every)
            assert sorted(found) == sorted(arena.within(cell, radius)), (cell, radius)


@pytest.mark.parametrize(("axis", "index"), LAYOUTS)
def test_search_matches_shared_pathing_on_every_layout(axis, index):
    """Rulebook "Movement & Terrain" (obstacles cost 2, barriers block, friends may be passed,
    enemies may not unless Sneak; Nimble ignores obstacles): the bit search equals
    ``pathing.reachable`` and its paths cost what it says, on all four stagger layouts."""
    from riotsim.core.pathing import path_cost

    for seed in range(6):
        arena = _arena(axis, index, seed)
        rnd = random.Random(seed)
        free = [c for c in arena.cells if c not in arena.blocked]
        rnd.shuffle(free)
        s = RQState(seats=2, options={}, rng=None, arena=arena)  # type: ignore[arg-type]
        s.heroes = [{}, {}]
        # gubbin and nix have Sneak, tamsin is Nimble (data/riotquest/heroes.yaml)
        names = ["dreyfus", "bamfist", "gubbin", "tamsin", "nix", "eiryss"]
        for i, hid in enumerate(names):
            seat = i % 2
            h = Hero(hid, seat, "arena", free[i])
            s.heroes[seat][hid] = h
            s.occ[h.pos] = (seat, hid)
        for crew in s.heroes:
            for h in crew.values():
                for budget in (1, 3, 5):
                    dests = rules.move_dests(s, h, budget)
                    assert dests == rules.move_dests_generic(s, h, budget)
                    cost = {} if rules.prof(h).nimble else {c: 2 for c in arena.obstacles}
                    for dest in dests:
                        path = rules.move_path(s, h, dest, budget)
                        ref = rules.move_path_generic(s, h, dest, budget)
                        assert path[0] == h.pos and path[-1] == dest
                        assert path_cost(path, cost) == path_cost(ref, cost) == dests[dest]
