"""Helpers for Riot Quest tests: a small open test arena and position builders."""

from __future__ import annotations

import copy
from typing import Any

from riotsim.core.contract import Action
from riotsim.games.riotquest import RULESET
from riotsim.games.riotquest.state import RQState

R = RULESET

# A 9x9 pointy-top (odd rows shifted right) arena, all open unless a test edits ``rows``.
# Gates sit on the rim, beacons in a ring, the centre at (4, 4).
BASE_ARENA: dict[str, Any] = {
    "id": "test-arena",
    "width": 9,
    "height": 9,
    "stagger_axis": "y",
    "stagger_index": "odd",
    "rows": ["." * 9] * 9,
    "gates": {1: [0, 0], 2: [8, 0], 3: [8, 4], 4: [8, 8], 5: [0, 8], 6: [0, 4]},
    "beacons": {1: [4, 1], 2: [6, 2], 3: [6, 6], 4: [4, 7], 5: [2, 6], 6: [2, 2]},
    "centre": [4, 4],
}


def arena(obstacles=(), barriers=(), arena_id="test-arena") -> dict[str, Any]:
    a = copy.deepcopy(BASE_ARENA)
    rows = [list(r) for r in a["rows"]]
    for c, r in obstacles:
        rows[r][c] = "o"
    for c, r in barriers:
        rows[r][c] = "#"
    a["rows"] = ["".join(r) for r in rows]
    a["id"] = arena_id
    return a


TURN_START = "turn_start"


def position(p0: list[dict], p1: list[dict], **extra: Any) -> RQState:
    """A two-player position; ``turn_start=True`` puts the priority player at the start of a
    turn (choosing to take it or pass) instead of in the middle of it."""
    turn_start = extra.pop(TURN_START, False)
    if turn_start:
        extra["pending"] = [{"kind": "turn", "seat": extra.get("priority", 0), "data": {}}]
    pos: dict[str, Any] = {
        "arena": extra.pop("arena", None) or arena(),
        "players": [
            {"name": "Ann", "crew": p0, **extra.pop("player0", {})},
            {"name": "Bo", "crew": p1, **extra.pop("player1", {})},
        ],
    }
    pos.update(extra)
    return R.from_position(pos)


def a(text: str) -> Action:
    return Action.parse(text)


HERO_ACTIONS = ("run", "attack", "raid", "rig", "special")


def play(s: RQState, *texts: str) -> list:
    """Apply actions by text; a hero action with no hero active activates that hero first."""
    events = []
    for t in texts:
        action = a(t)
        if action.kind in HERO_ACTIONS and s.active is None and not s.pending:
            events += R.apply(s, a(f"activate hero={action['hero']}"))
        events += R.apply(s, action)
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def rolled(events, purpose: str | None = None) -> dict[str, int]:
    """How many dice of each kind were rolled (optionally for one purpose)."""
    out: dict[str, int] = {}
    for e in events:
        if e.kind == "dice_rolled" and (purpose is None or e.data["purpose"] == purpose):
            out[e.data["die"]] = out.get(e.data["die"], 0) + len(e.data["faces"])
    return out
