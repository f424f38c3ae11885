"""Readable game-log lines for Riot Quest events (rolls, hits, knock-outs, VP, chests), looked
up by the event's class. A Riot Quest kind with no line here is not worth one (a pass, a turn
taken); an event of a kind this module does not know shows its own text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event
from riotsim.core.events import DiceRolled, GameOver
from riotsim.games.riotquest import events as E
from riotsim.games.riotquest.content import content
from riotsim.ui.views import riotquest_cards as C

Line = Callable[[Any, Any], str]  # (event, host) -> line

_ROLL_LABELS = {
    "spawn": "Spawn Gate roll",
    "chest": "Treasure Beacon roll",
    "spawn_beacon": "redirected spawn, beacon roll",
}


def _name(e: Event) -> str:
    hero = e.data.get("hero")
    return C.short_name(hero) if isinstance(hero, str) else ""


def _rolled(e: DiceRolled, host: Any) -> str:
    faces = [str(f) for f in e.faces]
    purpose = str(e.data.get("purpose", ""))
    if e.die in ("action", "boost", "power"):
        hits = sum({"strike": 1, "super": 2}.get(f, 0) for f in faces)
        strikes = f"{hits} strike{'' if hits == 1 else 's'}"
        if purpose in ("setup", "priority", "cooler"):
            who = host.player_name(e.seat) if e.seat is not None else ""
            return f"{who}: {purpose} roll, {strikes}"
        dice = "die" if len(faces) == 1 else "dice"
        return f"{len(faces)} {e.die} {dice}: {strikes}"
    label = _ROLL_LABELS.get(purpose, "Bounty token roll" if purpose else "d6 roll")
    return f"{label}: {', '.join(faces)}"


def _attacked(e: E.Attacked, host: Any) -> str:
    result = "hit, Super Damage" if e.super_ else "hit" if e.hit else "miss"
    strikes = f"{e.strikes} strike{'' if e.strikes == 1 else 's'}"
    return f"{strikes} vs DEF {e.defence[0]}/{e.defence[1]}: {result}"


def roll_verdict(e: Event) -> tuple[str, bool] | None:
    """What a roll came to, from the event the rules emitted after it (the dice tray's last
    line), and whether it went the roller's way; None for an event that is no verdict."""
    if isinstance(e, E.Attacked):
        return _attacked(e, None), e.hit
    if isinstance(e, E.Rigged):
        strikes = f"{e.strikes} strike{'' if e.strikes == 1 else 's'}"
        return f"{strikes}: the rig {'succeeds' if e.success else 'fails'}", e.success
    if isinstance(e, E.ChestRaided):
        return f"{content().chests[e.chest].name}: row {e.row}", True
    return None


def _bounty_claimed(e: E.BountyClaimed, host: Any) -> str:
    b = content().bounties[e.bounty]
    return f"{host.player_name(e.player)} claims {b.name} (+{e.value} VP)"


def _chest_raided(e: E.ChestRaided, host: Any) -> str:
    return f"{_name(e)} opens the {content().chests[e.chest].name} (row {e.row})"


LINES: dict[type[Event], Line] = {
    E.Rolled: _rolled,
    E.RollOff: lambda e, host: f"{host.player_name(e.winner)} wins the {e.purpose} roll",
    E.Attacked: _attacked,
    E.Damaged: lambda e, host: f"{_name(e)} takes {e.n} damage",
    E.KnockedOut: lambda e, host: f"{_name(e)} is knocked out",
    E.ScrapClaimed: lambda e, host: f"{host.player_name(e.player)} claims Scrap (+1 VP)",
    E.BountyClaimed: _bounty_claimed,
    E.ChestSpawned: lambda e, host: (
        f"{content().chests[e.chest].name} appears at beacon {e.beacon}"
    ),
    E.ChestRaided: _chest_raided,
    E.LootGathered: lambda e, host: f"{host.player_name(e.player)} gains {e.n} Loot",
    E.LootGained: lambda e, host: f"{host.player_name(e.player)} gains {e.n} Loot",
    E.Spawned: lambda e, host: f"{_name(e)} spawns",
    E.BountyFlipped: lambda e, host: f"New Bounty: {content().bounties[e.bounty].name}",
    E.Rigged: lambda e, host: "rig succeeds" if e.success else "rig fails",
    E.RoundStarted: lambda e, host: f"Round {e.round} begins",
    E.Won: lambda e, host: f"Game over: {e.reason}",
}


def event_line(e: Event, host: Any) -> str:
    """A short log line for the events worth reading (rolls, hits, knock-outs, VP...); ""
    for a Riot Quest kind that is not; the event's own text for a kind not known here."""
    line = LINES.get(type(e))
    if line is not None:
        return line(e, host)
    if isinstance(e, DiceRolled):  # the shared kinds, from any rules
        return _rolled(e, host)
    if isinstance(e, GameOver):
        return f"Game over: {e.reason}"
    if isinstance(e, E.RQEvent):
        return ""
    return str(e)
