"""Sheep: Managing the Flock (issue 12 part B, spec section 5).

Registers this kind's End-of-Round Board Upkeep hook in ``engine.UPKEEP`` (spec 12). Until
part B lands nothing of this kind can be on the board, so the hook has nothing to move.
"""

from __future__ import annotations

from riotsim.core.contract import Event
from riotsim.games.quodd import engine
from riotsim.games.quodd.state import State


def upkeep(state: State, events: list[Event]) -> None:
    """Board Upkeep: sheep
    (S-1..S-4: push the ``sheep_step`` frame for the sheep on the board;
    nothing when there are none: no event, no die)."""


engine.UPKEEP["sheep"] = upkeep
