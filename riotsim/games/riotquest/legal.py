"""Riot Quest legal actions: what the seat to move may do (rulebook sections named in
comments), and the small queries they share with the rules."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from riotsim.core.contract import Action, Decision
from riotsim.games.riotquest.actions import (
    DONE,
    END,
    PASS,
    act,
)
from riotsim.games.riotquest.combat import attack_defence as attack_defence
from riotsim.games.riotquest.combat import attack_dice as attack_dice
from riotsim.games.riotquest.combat import attack_pool as attack_pool
from riotsim.games.riotquest.content import CLASSES, content
from riotsim.games.riotquest.decisions import FRAMES
from riotsim.games.riotquest.movement import (
    _occ_masks,
    _reach,
    move_dests,
)
from riotsim.games.riotquest.movement import move_dests_generic as move_dests_generic
from riotsim.games.riotquest.movement import move_path_generic as move_path_generic
from riotsim.games.riotquest.profile import Profile, prof
from riotsim.games.riotquest.reach import ByteTable
from riotsim.games.riotquest.rigging import rig_dice as rig_dice
from riotsim.games.riotquest.rigging import rig_tokens
from riotsim.games.riotquest.rolls import _faces_of as _faces_of
from riotsim.games.riotquest.rolls import roll_faces as roll_faces
from riotsim.games.riotquest.state import (
    ATTACK,
    DICE_PER_PLAYER,
    RAID,
    RIG,
    RUN,
    SPECIAL,
    Hero,
    RQState,
)

CASH_LIMIT = 25


# =============================================================================================
# Queries


def to_move(state: RQState) -> int | None:
    s = state
    if s.phase == "over":
        return None
    if s.pending:
        return s.pending[-1].seat
    if s.phase == "go":
        return s.priority
    return None


def gear_cost(s: RQState, h: Hero, gear_id: str) -> int:
    cost = content().gear[gear_id].cost
    if "tinker" in prof(h).abilities:  # Tinker: gear on a Specialist costs 1 Loot less
        cost -= 1
    return max(0, cost)


def can_free_raid(s: RQState, h: Hero) -> bool:
    if s.chest is None or s.chest_pos is None or h.place != "arena":
        return False
    return (
        s.board().adjacent(h.at(), s.chest_pos)
        and content().chests[s.chest].class_.value == prof(h).cls
    )


def vp(s: RQState, seat: int) -> int:
    return s.players[seat].vp


# =============================================================================================
# Legal actions


def legal_actions(state: RQState) -> list[Action]:
    """Every legal action of the seat to move (a fresh list; cached until the next apply)."""
    s = state
    cached = s.legal_cache
    if cached is None:
        cached = s.legal_cache = _legal(s)
    return list(cached)


def _legal(s: RQState) -> list[Action]:
    if s.phase == "over":
        return []
    if s.pending:
        return _frame_actions(s, s.pending[-1])
    if s.phase != "go":
        return []
    seat = s.priority
    if s.forced_pass:
        # Rulebook "Riot Gear": equipping needs only Priority, so it comes before a forced pass
        forced = [PASS]
        if s.players[seat].hand:
            _equip_actions(s, seat, forced)
        return forced
    out: list[Action] = []
    if s.active is None:
        # Rulebook "Activating": choose a hero with no Action dice on its card; it must be able
        # to perform at least one action. (Passing is offered when the turn begins; here only
        # if nobody can activate after all.)
        bits = s.board().bits
        # can_activate's first test inlined: a free hex next to the hero that a run can enter
        free = ~_occ_masks(s, seat)[0] if s.players[seat].well >= 1 else 0
        for h in s.heroes[seat].values():
            if h.place != "arena" or h.dice:
                continue
            if (
                free
                and bits.within(h.at(), 1)
                & free
                & (bits.walkable if prof(h).spd >= 2 else bits.walk_open)
            ) or can_activate(s, h):
                a = _ACTIVATE.get(h.id)
                if a is None:
                    a = _ACTIVATE[h.id] = act("activate", ("hero", h.id))
                out.append(a)
        if not out:
            out.append(PASS)
    else:
        h = s.heroes[seat][s.active]
        if s.done or h.place != "arena":
            out.append(END)  # at least one action first
        if h.place == "arena":
            _hero_actions(s, h, s.done, out)
    if s.players[seat].hand:
        _equip_actions(s, seat, out)
    return out


_EQUIPS: dict[tuple[str, str], Action] = {}
_ACTIVATE: dict[str, Action] = {}
_COSTS: dict[str, int] = {}


def _gear_costs() -> dict[str, int]:
    if not _COSTS:
        _COSTS.update({g.id: g.cost for g in content().gear.values()})
    return _COSTS


_CHEAPEST: list[int] = []


def _cheapest() -> int:
    """The least Loot any gear can cost (Tinker takes 1 off)."""
    if not _CHEAPEST:
        _CHEAPEST.append(max(0, min(_gear_costs().values()) - 1))
    return _CHEAPEST[0]


def can_activate(s: RQState, h: Hero) -> bool:
    """Can ``h`` perform at least one action now? (cheap checks first)"""
    well = s.players[h.seat].well
    if well >= 1:
        # a free hex next to it that one run can enter
        bits = s.board().bits
        enterable = bits.walkable if prof(h).spd >= 2 else bits.walk_open
        if bits.within(h.at(), 1) & enterable & ~_occ_masks(s, h.seat)[0]:
            return True
    elif not can_free_raid(s, h):
        return False
    found: list[Action] = []
    _hero_actions(s, h, 0, found)
    return bool(found)


def _equip_actions(s: RQState, seat: int, out: list[Action]) -> None:
    pl = s.players[seat]
    if not pl.hand or pl.loot < _cheapest():
        return
    costs = _gear_costs()
    loot = pl.loot
    for h in s.heroes[seat].values():
        if h.place != "arena":
            continue
        tinker = 1 if "tinker" in prof(h).abilities else 0
        hid = h.id
        for g in pl.hand:
            if costs[g] - tinker <= loot:
                a = _EQUIPS.get((hid, g))
                if a is None:
                    a = _EQUIPS[(hid, g)] = act("equip", ("hero", hid), ("gear", g))
                out.append(a)


def _hero_actions(s: RQState, h: Hero, done: int, out: list[Action]) -> None:
    well = s.players[h.seat].well
    p = prof(h)
    hid = h.id
    arena = s.board()
    if well >= 1 and not done & RUN:
        _run_actions(s, h, p, out)
    if well >= 1 and not done & ATTACK:
        bits = arena.bits
        near = _occ_masks(s, h.seat)[1] & bits.within(h.at(), p.max_rng)
        if near:
            dist = arena.distances(h.at())
            occ = s.occ
            for cell in bits.cells_of(near):
                seat, tid = occ[cell]
                d = dist[cell]
                for w in p.weapons:
                    if d <= w.rng:
                        out.extend(_attack_actions(hid, w.id, tid, seat)[:well])
    if (
        not done & RAID
        and s.chest is not None
        and s.chest_pos is not None
        and arena.adjacent(h.at(), s.chest_pos)
        and (well >= 1 or content().chests[s.chest].class_.value == p.cls)
    ):
        out.append(act("raid", ("hero", hid)))
    if well >= 1 and not done & RIG and s.tokens:
        for card in rig_tokens(s, h):
            out.append(act("rig", ("hero", hid), ("bounty", card)))
    if well >= 1 and not done & SPECIAL:
        for sp in p.specials:
            _special_actions(s, h, sp.kind, sp.range, out)


def _run_actions(s: RQState, h: Hero, p: Profile, out: list[Action]) -> None:
    """The hero's legal ``run`` actions: the search's end cells as interned actions."""
    ends = _reach(s, h, p.spd)[1]
    bits = s.board().bits
    table = bits.tables.get(("run", h.id))
    if table is None:
        hid = h.id
        table = bits.tables[("run", hid)] = ByteTable(
            bits, lambda c: act("run", ("hero", hid), ("to", c))
        )
    table.extend(out, ends)


_ATTACKS: dict[tuple[str, str, str, int], list[Action]] = {}


def _attack_actions(hero: str, weapon: str, target: str, seat: int) -> list[Action]:
    """The six attack actions (1..6 Action dice) against one target, interned."""
    key = (hero, weapon, target, seat)
    found = _ATTACKS.get(key)
    if found is None:
        found = _ATTACKS[key] = [
            act(
                "attack",
                ("hero", hero),
                ("weapon", weapon),
                ("target", target),
                ("of", seat),
                ("dice", n),
            )
            for n in range(1, DICE_PER_PLAYER + 1)
        ]
    return found


def _special_actions(s: RQState, h: Hero, kind: str, rng: int, out: list[Action]) -> None:
    hid = h.id
    arena = s.board()
    if kind in ("leap", "blink", "dash"):
        bits = arena.bits
        if kind == "dash":  # a normal move
            cells = _reach(s, h, rng)[1]
        else:  # placed on any empty, non-barrier hex in range
            cells = bits.within(h.at(), rng) & bits.walkable & ~_occ_masks(s, h.seat)[0]
        table = bits.tables.get((kind, hid))
        if table is None:
            table = bits.tables[(kind, hid)] = ByteTable(
                bits, lambda c: act("special", ("hero", hid), ("ability", kind), ("to", c))
            )
        table.extend(out, cells)
    elif kind == "patch":
        for f in s.heroes[h.seat].values():
            if f.place == "arena" and f.damage > 0 and arena.adjacent(h.at(), f.at()):
                out.append(act("special", ("hero", hid), ("ability", kind), ("target", f.id)))
    elif kind == "medkit":
        if h.damage > 0:
            out.append(act("special", ("hero", hid), ("ability", kind)))
    elif kind == "shove":
        for c in arena.nbrs[h.at()]:
            who = s.occ.get(c)
            if who is None or who[0] == h.seat:
                continue
            t = s.heroes[who[0]][who[1]]
            if "unstoppable" in prof(t).abilities:
                continue
            for d in move_dests(s, t, rng):
                if arena.distance(d, h.at()) > 1:
                    out.append(
                        act(
                            "special",
                            ("hero", hid),
                            ("ability", kind),
                            ("target", t.id),
                            ("of", t.seat),
                            ("to", d),
                        )
                    )


def _cells_opts(kind: str, opts: list[Any], *extra: tuple[str, Any]) -> list[Action]:
    return [act(kind, *extra, ("to", (c[0], c[1]))) for c in opts]


def _frame_actions(s: RQState, f: Decision) -> list[Action]:
    """The actions the top decision offers (see ``frames``)."""
    handler = FRAMES.handlers.get(f.kind)
    if handler is None:
        raise AssertionError(f"unknown decision {f.kind}")
    return handler.actions(s, f)


def _class_pairs() -> list[tuple[str, str]]:
    heroes = content().heroes.values()
    out = []
    for a, b in combinations(CLASSES, 2):
        if sum(1 for h in heroes if h.class_.value in (a, b)) >= 5:
            out.append((a, b))
    return out


def crew_limits(mode: str) -> tuple[int, int]:
    return {
        "vanilla": (5, 10),
        "party": (6, 6),
        "cash": (6, 6),
        "evicted": (7, 10),
        "specops": (5, 10),
    }[mode]


def _crew_actions(s: RQState, f: Decision) -> list[Action]:
    seat = f.seat
    pl = s.players[seat]
    mode = s.options["crew_mode"]
    lo, hi = crew_limits(mode)
    picked = set(pl.crew)
    have_classes = {content().heroes[h].class_.value for h in pl.crew}
    out = []
    if len(pl.crew) < hi:
        for hid, h in content().heroes.items():
            if hid in picked:
                continue
            cls = h.class_.value
            if mode == "party" and cls in have_classes:
                continue
            if mode == "specops" and cls not in pl.classes:
                continue
            out.append(act("pick", ("hero", hid)))
    if lo <= len(pl.crew) <= hi:
        out.append(DONE)
    return out


def gear_hand_size(s: RQState, seat: int) -> int:
    if s.options["crew_mode"] == "evicted":
        return min(10, len(content().gear))
    return len(s.players[seat].crew)


def _gear_actions(s: RQState, f: Decision) -> list[Action]:
    pl = s.players[f.seat]
    gear = content().gear
    left = gear_hand_size(s, f.seat) - len(pl.hand)
    pool = [g for g in gear if g not in pl.hand]
    if s.options["crew_mode"] != "cash":
        return [act("gear", ("gear", g)) for g in pool]
    spent = sum(gear[g].cost for g in pl.hand)
    out = []
    for g in pool:
        # keep the budget reachable: this card plus the cheapest cards still to take
        rest = sorted(gear[x].cost for x in pool if x != g)
        if spent + gear[g].cost + sum(rest[: left - 1]) <= CASH_LIMIT:
            out.append(act("gear", ("gear", g)))
    return out
