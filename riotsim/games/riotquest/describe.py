"""Player-facing labels for Riot Quest actions (buttons and the game log)."""

from __future__ import annotations

from riotsim.core.contract import Action
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.state import RQState


def _hero(hero_id: str) -> str:
    h = content().heroes.get(hero_id)
    return h.name.split(",")[0] if h else hero_id


def describe(s: RQState, a: Action) -> str:
    c = content()
    k = a.kind
    hero = a.get("hero")
    if k == "activate":
        return f"Activate {_hero(hero)}"
    if k == "run":
        return f"{_hero(hero)} runs to {a['to']}"
    if k == "attack":
        return (
            f"{_hero(hero)} attacks {_hero(a['target'])} (player {a['of'] + 1}) with "
            f"{a['weapon'].replace('_', ' ')}, {a['dice']} Action dice"
        )
    if k == "raid":
        return f"{_hero(hero)} raids the Chest"
    if k == "rig":
        return f"{_hero(hero)} rigs {c.bounties[a['bounty']].name}"
    if k == "special":
        extra = f" to {a['to']}" if a.get("to") else ""
        if a.get("target"):
            extra = f" on {_hero(a['target'])}" + extra
        return f"{_hero(hero)}: {a['ability']}{extra}"
    if k == "equip":
        g = c.gear[a["gear"]]
        return f"Equip {g.name} on {_hero(hero)}"
    if k == "pass":
        return "Pass for the rest of the round"
    if k == "take_turn":
        return "Take your turn"
    if k == "end_activation":
        return "End activation"
    if k == "spawn":
        return f"Spawn {_hero(hero)}"
    if k == "place":
        return f"Place {_hero(hero)} at {a['to']}"
    if k in ("beatback", "press"):
        return f"{k.title()} to {a['to']}"
    if k == "skip":
        return "Skip"
    if k == "done":
        return "Done"
    if k == "order":
        return f"Resolve {a['ability']} next"
    if k in ("heal", "refund", "evacuate", "release", "pick", "ban"):
        return f"{k.title()} {_hero(hero)}"
    if k == "recover":
        return f"Recover {c.gear[a['gear']].name}"
    if k == "gear":
        g = c.gear[a["gear"]]
        return f"Take {g.name} ({g.cost} Loot)"
    if k == "bounty_deck":
        return f"Bounty deck: {c.bounty_deck_names[a['deck']]}"
    if k == "treasure_deck":
        return f"Treasure deck: {c.treasure_deck_names[a['deck']]}"
    if k == "arena":
        return f"Arena: {a['arena']}"
    if k == "classes":
        return f"Spec-Ops classes: {a['first']} and {a['second']}"
    return str(a)
