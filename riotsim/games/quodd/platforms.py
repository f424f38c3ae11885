"""Moving platforms (issue 12 part C, spec section 6).

Registers this kind's End-of-Round Board Upkeep hook in ``engine.UPKEEP`` (spec 12). Until
part C lands nothing of this kind can be on the board, so the hook has nothing to move.
"""

from __future__ import annotations

from riotsim.core.contract import Event
from riotsim.games.quodd import engine
from riotsim.games.quodd.state import State


def upkeep(state: State, events: list[Event]) -> None:
    """Board Upkeep: platforms
    (P-1..P-3: push the ``platforms`` frame for the moving platforms;
    nothing when there are none: no event, no die)."""


engine.UPKEEP["platforms"] = upkeep
