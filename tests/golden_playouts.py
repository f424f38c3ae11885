"""The golden playouts' cases and how one is played (shared by the test and the recorder)."""

from __future__ import annotations

from typing import Any

from riotsim.ai import get_bot
from riotsim.core import registry
from riotsim.core.contract import GameSetup, PlayerSpec, canonical_json, digest

# (game, seats, bots, seed, scenario, options): every rule set, several seeds, both simple bots
CASES: list[dict[str, Any]] = [
    {"game": game, "seats": seats, "bots": bots, "seed": seed, "scenario": scenario}
    for game, seats, scenario in [
        ("riotquest", 2, None),
        ("riotquest", 3, None),
        ("riot", 2, None),
        ("riot", 4, None),
        ("riot-pm", 2, None),
        ("quodd", 1, "solo_crystals"),
        ("quodd", 1, "solo_springs"),
        ("quodd", 2, "ffa_scramble"),
        ("quodd", 3, "ffa_race"),
    ]
    for bots, seed in [("random", 7), ("greedy", 8), ("random", 9)]
]

MAX_ACTIONS = 3000


NO_CLOCK = 1e9  # seconds a decision may take: greedy and random finish long before


def play(case: dict[str, Any]) -> dict[str, Any]:
    """Play ``case`` and digest it: every action's text, every event's JSON, the final hash."""
    rules = registry.get(case["game"])
    players = tuple(PlayerSpec(f"P{i + 1}", bot=case["bots"]) for i in range(case["seats"]))
    setup = GameSetup(players, seed=case["seed"], scenario=case["scenario"])
    state = rules.new_state(setup)
    bots = [get_bot(case["bots"], case["seed"] * 10 + i) for i in range(case["seats"])]
    actions: list[str] = []
    events: list[str] = []
    while len(actions) < MAX_ACTIONS:
        seat = rules.to_move(state)
        if seat is None:
            break
        legal = rules.legal_actions(state)
        actions.append(";".join(str(a) for a in legal))  # the order bots draw from matters too
        seen = rules.view(state, seat) if rules.hidden_information else state
        # no clock: greedy stops sampling at its deadline, and a golden game must not depend
        # on how fast the machine is (a loaded CI machine cut a 4-player RIOT decision short)
        action = bots[seat].choose(rules, seen, legal, NO_CLOCK)
        actions.append(str(action))
        events.extend(canonical_json(e.to_json()) for e in rules.apply(state, action))
    return {
        "actions": len(actions) // 2,
        "action_digest": digest(actions),
        "event_digest": digest(events),
        "final_hash": rules.state_hash(state),
    }
