"""A suggested turn for the seat to move (the Hint button): the planner's best plan, from the
seat's own view only, so a hint never tells a player anything they could not see."""

from __future__ import annotations

from typing import Any

from riotsim.ai.planner import Plan, plan_turn
from riotsim.core.contract import Ruleset
from riotsim.core.rng import Rng

HINT_BUDGET_S = 1.5


def suggest_turn(
    ruleset: Ruleset[Any],
    state: Any,
    seat: int,
    *,
    budget_s: float = HINT_BUDGET_S,
    seed: int = 0,
) -> Plan:
    """The suggested decisions for ``seat`` to the end of its turn (or to the next roll or
    draw, which nobody can plan past). ``state`` may be the live state: only ``seat``'s view
    of it is searched, and it is never changed. An empty plan when ``seat`` is not to move."""
    if ruleset.to_move(state) != seat:
        return Plan()
    view = ruleset.view(state, seat)
    legal = ruleset.legal_actions(state)
    if not legal:
        return Plan()
    return plan_turn(ruleset, view, seat, Rng(seed), budget_s, legal=legal, width=12, samples=4)
