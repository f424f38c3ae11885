"""Readable game-log lines for Riot Quest events (rolls, hits, knock-outs, VP, chests)."""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Event
from riotsim.games.riotquest.content import content
from riotsim.ui.views import riotquest_cards as C


def event_line(e: Event, host: Any) -> str:
    """A short log line for the events worth reading (rolls, hits, knock-outs, VP...)."""
    d = e.data
    k = e.kind
    name = C.short_name(d["hero"]) if isinstance(d.get("hero"), str) else ""
    if k == "dice_rolled":
        faces = [str(f) for f in d.get("faces", [])]
        purpose = str(d.get("purpose", ""))
        who = host.player_name(e.seat) if e.seat is not None else ""
        if d.get("die") in ("action", "boost", "power"):
            hits = sum({"strike": 1, "super": 2}.get(f, 0) for f in faces)
            strikes = f"{hits} strike{'' if hits == 1 else 's'}"
            if purpose in ("setup", "priority", "cooler"):
                return f"{who}: {purpose} roll, {strikes}"
            dice = "die" if len(faces) == 1 else "dice"
            return f"{len(faces)} {d['die']} {dice}: {strikes}"
        labels = {
            "spawn": "Spawn Gate roll",
            "chest": "Treasure Beacon roll",
            "spawn_beacon": "redirected spawn, beacon roll",
        }
        label = labels.get(purpose, "Bounty token roll" if purpose else "d6 roll")
        return f"{label}: {', '.join(faces)}"
    if k == "roll_off":
        return f"{host.player_name(d['winner'])} wins the {d.get('purpose', '')} roll"
    if k == "attack":
        result = "Super Damage" if d["super"] else "hit" if d["hit"] else "miss"
        return f"{d['strikes']} strikes vs DEF {d['def'][0]}/{d['def'][1]}: {result}"
    if k == "damaged":
        return f"{name} takes {d['n']} damage"
    if k == "knocked_out":
        return f"{name} is knocked out"
    if k == "scrap_claimed":
        return f"{host.player_name(d['player'])} claims Scrap (+1 VP)"
    if k == "bounty_claimed":
        b = content().bounties[d["bounty"]]
        return f"{host.player_name(d['player'])} claims {b.name} (+{d['value']} VP)"
    if k == "chest_spawned":
        return f"{content().chests[d['chest']].name} appears at beacon {d['beacon']}"
    if k == "chest_raided":
        return f"{name} opens the {content().chests[d['chest']].name} (row {d['row']})"
    if k in ("loot_gathered", "loot_gained"):
        return f"{host.player_name(d['player'])} gains {d['n']} Loot"
    if k == "spawned":
        return f"{name} spawns"
    if k == "bounty_flipped":
        return f"New Bounty: {content().bounties[d['bounty']].name}"
    if k == "rigged":
        return "rig succeeds" if d["success"] else "rig fails"
    if k == "round":
        return f"Round {d['round']} begins"
    if k == "game_over":
        return f"Game over: {d.get('reason', '')}"
    return ""
