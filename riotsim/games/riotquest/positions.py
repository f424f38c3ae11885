"""Readable, YAML-able positions for Riot Quest (the "FEN" of a game).

Only ``players`` (each with a ``crew`` list) and ``arena`` are required; everything else has a
sensible default, so a test can write just the heroes that matter::

    arena: {rows: [...], gates: {...}, beacons: {...}, centre: [3, 3]}   # or "thunderhead"
    priority: 0
    players:
      - crew: [{id: dez, pos: [2, 3]}, {id: gubbin}]       # no pos: on the Bench
        loot: 3
      - crew: [{id: dreyfus, pos: [4, 3], damage: 1}]
    chest: {id: iron_chest, pos: [3, 1]}

Defaults: phase ``go``, round 1, no active hero, the turn already prepared (no deck upkeep or
spawning until the next turn), empty decks, six dice per player minus those on hero cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riotsim.core.contract import Decision, copy_json
from riotsim.core.rng import Rng
from riotsim.games.riotquest.arena import Arena, get_arena, register
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.state import (
    ACTION_BITS,
    DICE_PER_PLAYER,
    Hero,
    Player,
    RQState,
    Token,
)

_SHIPPED: set[str] = set()


class PositionError(ValueError):
    """A position that does not describe a legal Riot Quest state."""


def _cell(raw: Any) -> tuple[int, int] | None:
    if raw is None:
        return None
    col, row = raw
    return int(col), int(row)


def _list(cell: tuple[int, int] | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def to_position(s: RQState) -> dict[str, Any]:
    arena: Any = None
    if s.arena is not None:
        arena = s.arena.id if _is_shipped(s.arena) else s.arena.to_dict()
    return {
        "game": "riotquest",
        "options": dict(s.options),
        "arena": arena,
        "phase": s.phase,
        "round": s.round,
        "priority": s.priority,
        "last_priority": s.last_priority,
        "active": s.active,
        "done": [k for k, bit in ACTION_BITS.items() if s.done & bit],
        "act_damage": s.act_damage,
        "prepped": s.prepped,
        "forced_pass": s.forced_pass,
        "players": [
            {
                "name": p.name,
                "well": p.well,
                "loot": p.loot,
                "hand": list(p.hand),
                "discard": list(p.discard),
                "bounties": list(p.bounties),
                "scrap": p.scrap,
                "passed": p.passed,
                "classes": list(p.classes),
                "knockouts": p.knockouts,
                "loot_gathered": p.loot_gathered,
                "crew": [
                    {
                        "id": h.id,
                        "place": h.place,
                        "pos": _list(h.pos),
                        "damage": h.damage,
                        "dice": h.dice,
                        "gear": h.gear,
                        "token": h.token,
                    }
                    for h in (s.heroes[p.seat][x] for x in p.crew)
                ],
            }
            for p in s.players
        ],
        "loot_tokens": [[c[0], c[1], n] for c, n in sorted(s.loot_tokens.items())],
        "tokens": [
            {
                "bounty": t.card,
                "kind": t.kind,
                "pos": _list(t.pos),
                "holder": None if t.holder is None else [t.holder[0], t.holder[1]],
            }
            for t in s.tokens.values()
        ],
        "bounty": {
            "deck": s.bounty_deck,
            "draw": list(s.bounty_draw),
            "active": list(s.bounty_active),
        },
        "treasure": {
            "deck": s.treasure_deck,
            "draw": list(s.treasure_draw),
            "discard": list(s.treasure_discard),
        },
        "chest": None if s.chest is None else {"id": s.chest, "pos": _list(s.chest_pos)},
        "pending": [d.to_json() for d in s.pending],
        "queue": copy_json(s.queue),
        "attack": copy_json(s.attack),
        "setup": copy_json(s.setup),
        "winners": list(s.winners),
        "reason": s.reason,
        "hidden": s.hidden,
        "rng": s.rng.to_json(),
    }


def _is_shipped(arena: Arena) -> bool:
    if arena.id in _SHIPPED:
        return True
    from riotsim.games.riotquest.arena import arena_ids

    if arena.id in arena_ids():
        try:
            if get_arena(arena.id) is arena:
                _SHIPPED.add(arena.id)
                return True
        except Exception:
            return False
    return False


def from_position(pos: Mapping[str, Any]) -> RQState:
    try:
        return _from_position(pos)
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise PositionError(f"bad Riot Quest position: {type(exc).__name__}: {exc}") from None


def _from_position(pos: Mapping[str, Any]) -> RQState:
    from riotsim.games.riotquest.ruleset import DEFAULTS

    c = content()
    options = dict(DEFAULTS)
    options.update(pos.get("options") or {})
    raw_players = pos["players"]
    n = len(raw_players)
    if not 2 <= n <= 4:
        raise PositionError(f"a position needs 2-4 players, not {n}")
    raw_arena = pos.get("arena")
    arena: Arena | None
    if raw_arena is None:
        arena = None
    elif isinstance(raw_arena, str):
        arena = get_arena(raw_arena)
    else:
        arena = register(Arena.from_dict(raw_arena))
    rng_raw = pos.get("rng")
    rng = Rng.from_json(rng_raw) if rng_raw else Rng(int(pos.get("seed", 0)))
    s = RQState(seats=n, options=options, rng=rng, arena=arena)
    s.phase = str(pos.get("phase", "go"))
    s.round = int(pos.get("round", 1))
    s.priority = int(pos.get("priority", 0))
    s.last_priority = int(pos.get("last_priority", s.priority))
    s.active = pos.get("active")
    s.done = 0
    for k in pos.get("done", []):
        s.done |= ACTION_BITS[k]
    s.act_damage = int(pos.get("act_damage", 0))
    s.prepped = bool(pos.get("prepped", True))
    s.forced_pass = bool(pos.get("forced_pass", False))
    for seat, rp in enumerate(raw_players):
        pl = Player(seat, str(rp.get("name", f"Player {seat + 1}")))
        crew: dict[str, Hero] = {}
        for rh in rp.get("crew", []):
            hid = rh["id"]
            if hid not in c.heroes:
                raise PositionError(f"player {seat}: unknown hero {hid!r}")
            if hid in crew:
                raise PositionError(f"player {seat}: hero {hid!r} twice in one crew")
            cell = _cell(rh.get("pos"))
            place = rh.get("place", "arena" if cell is not None else "bench")
            h = Hero(
                hid,
                seat,
                place,
                cell,
                int(rh.get("damage", 0)),
                int(rh.get("dice", 0)),
                rh.get("gear"),
                rh.get("token"),
            )
            crew[hid] = h
            pl.crew.append(hid)
            if place == "arena":
                if cell is None:
                    raise PositionError(f"player {seat}: {hid} is in the arena without a pos")
                if arena is not None and (cell not in arena.terrain or cell in arena.blocked):
                    raise PositionError(f"player {seat}: {hid} stands on {cell}, not a free hex")
                if cell in s.occ:
                    raise PositionError(f"two models on {cell}")
                s.occ[cell] = (seat, hid)
        on_cards = sum(h.dice for h in crew.values())
        pl.well = int(rp.get("well", DICE_PER_PLAYER - on_cards))
        pl.loot = int(rp.get("loot", 0))
        pl.hand = list(rp.get("hand", []))
        pl.discard = list(rp.get("discard", []))
        pl.bounties = list(rp.get("bounties", []))
        pl.bounty_vp = sum(c.bounties[b].value for b in pl.bounties)
        pl.scrap = int(rp.get("scrap", 0))
        pl.passed = bool(rp.get("passed", False))
        pl.classes = list(rp.get("classes", []))
        pl.knockouts = int(rp.get("knockouts", 0))
        pl.loot_gathered = int(rp.get("loot_gathered", 0))
        s.players.append(pl)
        s.heroes.append(crew)
    for col, row, k in pos.get("loot_tokens", []):
        s.loot_tokens[(int(col), int(row))] = int(k)
    for rt in pos.get("tokens", []):
        holder = rt.get("holder")
        tok = Token(
            rt["bounty"],
            rt.get("kind") or c.bounties[rt["bounty"]].token,
            _cell(rt.get("pos")),
            None if holder is None else (int(holder[0]), str(holder[1])),
        )
        s.tokens[tok.card] = tok
        if tok.holder is not None:
            s.heroes[tok.holder[0]][tok.holder[1]].token = tok.card
    bounty = pos.get("bounty") or {}
    s.bounty_deck = bounty.get("deck", options.get("bounty_deck"))
    s.bounty_draw = list(bounty.get("draw", []))
    s.bounty_active = list(bounty.get("active", []))
    treasure = pos.get("treasure") or {}
    s.treasure_deck = treasure.get("deck", options.get("treasure_deck"))
    s.treasure_draw = list(treasure.get("draw", []))
    s.treasure_discard = list(treasure.get("discard", []))
    chest = pos.get("chest")
    if chest:
        s.chest = chest["id"]
        if s.chest not in c.chests:
            raise PositionError(f"unknown chest {s.chest!r}")
        s.chest_pos = _cell(chest.get("pos"))
        if s.chest_pos is None and arena is not None:
            s.chest_pos = arena.beacons[int(chest["beacon"])]
    s.pending = [Decision.from_json(d) for d in pos.get("pending", [])]
    s.queue = copy_json(list(pos.get("queue", [])))
    att = pos.get("attack")
    s.attack = None if att is None else copy_json(dict(att))
    s.setup = copy_json(dict(pos.get("setup", {})))
    s.winners = tuple(int(x) for x in pos.get("winners", []))
    s.reason = str(pos.get("reason", ""))
    s.hidden = bool(pos.get("hidden", False))
    return s
