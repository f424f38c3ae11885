"""Positions for RIOT rules tests: start from a real new game, then set the pieces."""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.games.riot import RULESET
from riotsim.games.riot.state import RiotState

R = RULESET


def setup(players: int = 2, seed: int = 1, **options: Any) -> GameSetup:
    return GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(players)), seed=seed, options=options)


def position(
    players: int = 2,
    units: list[tuple[int, str, str]] = (),
    active: int = 0,
    phase: str = "clash",
    hands: dict[int, list[str]] | None = None,
    **fields: Any,
) -> RiotState:
    """A mid-game position: ``units`` are (seat, kind, space); every unit ready to act."""
    pos = R.to_position(R.new_state(setup(players, **fields.pop("options", {}))))
    c = R.content
    pos["units"] = []
    for i, (seat, kind, space) in enumerate(units, 1):
        ut = c.unit(pos["teams"][seat], kind)
        pos["units"].append([i, seat, kind, space, ut.moves, 0, 0, 0])
    pos["next_id"] = len(units) + 1
    pos["active"] = active
    pos["phase"] = phase
    pos["placement"] = []
    pos["round"] = 2
    pos["order"] = list(range(1, players))
    for seat, cards in (hands or {}).items():
        pos["hands"][seat] = list(cards)
    pos.update(fields)
    return R.from_position(pos)


def act(state: RiotState, text: str):
    """Apply an action given in its text form; it must be legal."""
    return R.apply(state, Action.parse(text))


def legal(state: RiotState) -> set[str]:
    return {str(a) for a in R.legal_actions(state)}


def attack(state: RiotState, target: str, seat: int, units: list[int]) -> list:
    events = act(state, f"attack target={target} seat={seat}")
    for u in units:
        events += act(state, f"commit unit={u}")
    return events + act(state, "confirm")
