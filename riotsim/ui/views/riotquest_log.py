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
from riotsim.games.riotquest.describe import hex_label, place_name
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


# ---------------------------------------------------------------------------------------------
# Grouped lines and move headlines

_SEAT_ROLLS = ("setup", "priority", "cooler")  # one roll per player: a line each
_MOVES = {"run": "runs", "dash": "dashes", "leap": "leaps", "blink": "blinks"}


def _dice_words(rolls: list[DiceRolled]) -> str:
    """``2 Action, 3 Boost and 1 Power dice``: what one action rolled, by die type."""
    parts = [f"{len(r.faces)} {str(r.die).title()}" for r in rolls if r.faces]
    if not parts:
        return "no dice"
    words = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    total = sum(len(r.faces) for r in rolls)
    return f"{words} {'die' if total == 1 else 'dice'}"


def event_lines(events: list[Event], host: Any) -> list[str]:
    """The log lines for one action's events, chained effects grouped: the dice of an attack,
    a rig or a raid and what they came to are one line; damage that knocks a hero out is
    one line."""
    out: list[str] = []
    i = 0
    while i < len(events):
        e = events[i]
        purpose = e.data.get("purpose") if isinstance(e, DiceRolled) else None
        if isinstance(e, DiceRolled) and purpose not in _SEAT_ROLLS:
            j = i
            while j < len(events) and isinstance(events[j], DiceRolled):
                if events[j].data.get("purpose") != purpose:
                    break
                j += 1
            rolls = [r for r in events[i:j] if isinstance(r, DiceRolled)]
            verdict = roll_verdict(events[j]) if j < len(events) else None
            if verdict is not None and len(rolls) > 0 and purpose in ("attack", "rig", "raid"):
                out.append(f"rolls {_dice_words(rolls)}: {verdict[0]}")
                i = j + 1
                continue
        if isinstance(e, E.Damaged) and i + 1 < len(events):
            nxt = events[i + 1]
            if isinstance(nxt, E.KnockedOut) and (nxt.player, nxt.hero) == (e.player, e.hero):
                out.append(f"{_name(e)} takes {e.n} damage and is knocked out")
                i += 2
                continue
        line = event_line(e, host)
        if line:
            out.append(line)
        i += 1
    return out


def _to_words(arena: Any, cell: Any) -> str:
    """``J7``, ``the centre``, ``J7 (next to Beacon 5)``, ``Spawn Gate 2``."""
    name = place_name(arena, cell)
    label = hex_label((int(cell[0]), int(cell[1])))
    if name.startswith("hex "):
        return label
    if name.startswith("next to"):
        return f"{label} ({name})"
    return name


def move_headline(arena: Any, hero: str, events: list[Event]) -> str | None:
    """``Tamsin runs from G5 to J7``: the move ``hero`` made by its own action (a run, a
    dash, a leap), read from the event; None when the events hold no such move."""
    for e in events:
        if isinstance(e, E.Moved) and e.hero == hero and e.how in _MOVES and len(e.path) > 1:
            start, end = e.path[0], e.path[-1]
        elif isinstance(e, E.Placed) and e.hero == hero and e.how in _MOVES and e.start:
            start, end = e.start, e.to
        else:
            continue
        verb = _MOVES[e.how]
        origin = hex_label((int(start[0]), int(start[1])))
        return f"{C.short_name(hero)} {verb} from {origin} to {_to_words(arena, end)}"
    return None
