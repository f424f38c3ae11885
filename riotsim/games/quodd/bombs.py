"""Bombs, explosions and cannons (issue 12 part A, spec sections 2-4).

Registers this kind's End-of-Round Board Upkeep hook in ``engine.UPKEEP`` (spec 12). Until
part A lands nothing of this kind can be on the board, so the hook has nothing to move.
"""

from __future__ import annotations

from riotsim.core.contract import Event
from riotsim.games.quodd import engine
from riotsim.games.quodd.state import State


def upkeep(state: State, events: list[Event]) -> None:
    """Board Upkeep: bombs
    (B-1..B-5: push the ``bombs`` frame for the bombs on the board;
    nothing when there are none: no event, no die)."""


engine.UPKEEP["bombs"] = upkeep
