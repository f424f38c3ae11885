"""Positions for RIOT Politics & Media tests."""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.games.riot import RULESET_PM
from riotsim.games.riot.pm_state import PMState

PM = RULESET_PM


def pm_setup(seed: int = 1, **options: Any) -> GameSetup:
    return GameSetup((PlayerSpec("Police"), PlayerSpec("Protesters")), seed=seed, options=options)


def pm_position(
    units: list[tuple[int, str, str]] = (), active: int = 1, phase: str = "combat", **fields: Any
) -> PMState:
    pos = PM.to_position(PM.new_state(pm_setup()))
    pos["units"] = []
    for i, (seat, kind, space) in enumerate(units, 1):
        moves = PM.content.units[kind].moves
        pos["units"].append([i, seat, kind, space, moves, 0, 0, 0])
    pos["next_id"] = len(units) + 1
    pos["active"] = active
    pos["phase"] = phase
    pos["setup_left"] = 0
    pos["round"] = 3
    pos.update(fields)
    return PM.from_position(pos)


def pm_act(state: PMState, text: str):
    return PM.apply(state, Action.parse(text))


def pm_legal(state: PMState) -> set[str]:
    return {str(a) for a in PM.legal_actions(state)}
